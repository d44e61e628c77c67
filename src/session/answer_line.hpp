// A student's answers to a lab's tour questions as one line: what a phone copies (app/my_answers.hpp) for the
// lecturer to paste into a spreadsheet, and what `moe-lab tally` counts. Its fields are the same in every
// language, separated by tabs (a spreadsheet puts each in a column of its own):
//   moe-lab-answers <TAB> LAB <TAB> SEED <TAB> STEP=LETTER <TAB> …      ("?" : I don't know)
//   moe-lab-answers	cluster-experts	1	6=b
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace core {

struct AnswerLine {
    std::string lab;
    uint64_t seed = 1;
    std::vector<std::pair<int, char>> answers;   // the tour's step (from 1) and its letter ('a'…, '?')
};

std::string answer_line(const AnswerLine& a);

// The answers in a line of text (a spreadsheet's row pasted or saved: tabs, commas, semicolons or spaces between
// the fields, quotes around them): true and `out`; false when the line holds no answers (why: "" when it is not
// an answers line at all, else what is wrong with it).
bool read_answer_line(const std::string& text, AnswerLine& out, std::string& why);

}   // namespace core
