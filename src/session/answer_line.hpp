// A student's answers to a lab's tour questions as one line: what a phone copies (app/parts/my_answers.hpp) for the
// lecturer to paste into a spreadsheet, and what `moe-lab tally` counts. Its fields are the same in every
// language, separated by tabs (a spreadsheet puts each in a column of its own):
//   moe-lab-answers <TAB> LAB <TAB> SEED [<TAB> name=NAME] <TAB> STEP=LETTER <TAB> …      ("?" : I don't know)
//   moe-lab-answers	cluster-experts	1	6=b
//   moe-lab-answers	cluster-experts	1	name=Zoë O'Neil	6=b
// The name is the student's own (optional: a line without one is read as before). It is written as typed, any
// script, spaces and apostrophes kept, except for the characters that would split or end the line in a
// spreadsheet or a CSV file, which are written as %XX (their byte in hex): '%', a tab, a line break or another
// control character, ',' ';' and '"'. "Lima, Ana" is written "name=Lima%2C Ana" and read back as it was typed.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace session {

struct AnswerLine {
    std::string lab;
    uint64_t seed = 1;
    std::vector<std::pair<int, char>> answers;   // the tour's step (from 1) and its letter ('a'…, '?')
    std::string name;                            // the student's (UTF-8; "": none given)
};

std::string answer_line(const AnswerLine& a);

// The answers in a line of text (a spreadsheet's row pasted or saved: tabs, commas, semicolons or spaces between
// the fields, quotes around them): true and `out`; false when the line holds no answers (why: "" when it is not
// an answers line at all, else what is wrong with it).
bool read_answer_line(const std::string& text, AnswerLine& out, std::string& why);

}   // namespace session
