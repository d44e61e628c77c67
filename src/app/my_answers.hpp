// A student's answers (my-answers, copy-answers): on a page opened as an exercise (a worksheet's code: app/exercise.hpp),
// the answer chosen at each tour step's question is kept on this device (Host::save_kept: the browser's local
// storage, never sent anywhere), step by step and lab by lab, and the summary can be shown (in the tour's panel) or
// copied as one line (session/answer_line.hpp) that a lecturer pastes into a spreadsheet or counts with
// `moe-lab tally`.
#pragma once
#include "app/control_map.hpp"
#include "app/host.hpp"
#include "app/part.hpp"
#include <string>
#include <utility>
#include <vector>

namespace app {

class MyAnswers : public Part {
public:
    MyAnswers(Stage& stage, const Host& host, ControlMap& controls);
    std::vector<PageKey> keys() override;   // my-answers=0|1, copy-answers, state().my_answers
    void keep(int step, int answer);        // the tour's step (0-based) answered (0-based): kept
    std::string summary() const;            // this lab's answers, a line a step
    std::string line() const;               // the same as one line for a spreadsheet (session/answer_line.hpp)
    std::string shown_text() const;         // the summary in one line while shown, else ""
    void draw_buttons();                    // "My answers" and "Copy", once this lab has an answer kept
    float buttons_width() const;

private:
    int count() const;   // this lab's answers kept
    std::string one_line() const;
    void save() const;
    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    bool shown_ = false;
    std::vector<std::pair<std::string, std::string>> kept_;   // "lab/step" (step from 1) → the answer's letter
};

}   // namespace app
