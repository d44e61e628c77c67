// A student's answers (my-answers, copy-answers): on a page opened as an exercise (a worksheet's code: app/parts/exercise.hpp),
// the answer chosen at each tour step's question is kept on this device (Host::save_kept: the browser's local
// storage, never sent anywhere), step by step and lab by lab, and the summary can be shown (in the tour's panel) or
// copied as one line (session/answer_line.hpp) that a lecturer pastes into a spreadsheet or counts with
// `moe-lab tally`. The student's name (name=TEXT), given once, is kept with them, shown in the summary and carried in
// the line, so that a lecturer's spreadsheet and the tally tell the students apart. On the page it is typed into
// the HTML document's field (the phone's own keyboard, its input methods, a screen reader: Host::edit_text), which
// a tap on the canvas's name button focuses; the desktop types it on the canvas.
#pragma once
#include "app/controls/control_map.hpp"
#include "app/parts/exercise.hpp"
#include "app/frame/host.hpp"
#include "app/controls/part.hpp"
#include <string>
#include <utility>
#include <vector>

namespace app {

class MyAnswers : public Part {
public:
    MyAnswers(Stage& stage, const Host& host, ControlMap& controls, const Exercise& exercise);
    std::vector<PageKey> keys() override;   // my-answers=0|1, copy-answers, name=TEXT, state().my_answers
    void keep(int step, int answer);        // the tour's step (0-based) answered (0-based): kept
    std::string summary() const;            // this lab's answers, a line a step
    std::string line() const;               // the same as one line for a spreadsheet (session/answer_line.hpp)
    std::string shown_text() const;         // the summary in one line while shown, else ""
    void draw_buttons();                    // the name, and "My answers" and "Copy" once this lab has an answer kept
    float buttons_width() const;

private:
    int count() const;   // this lab's answers kept
    std::string one_line() const;
    std::string name() const;   // "": none given
    std::string set_name(const std::string& text);
    std::string name_label() const;   // the canvas's name button
    void draw_name();
    void save() const;
    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    const Exercise& exercise_;
    bool shown_ = false;
    bool editing_ = false;   // the desktop's field on the canvas
    char typed_[256] = {};
    mutable float name_room_ = 200;   // the name's text's width at most (buttons_width: the panel's room)
    // "lab/step" (step from 1) → the answer's letter, and "name" → the student's name
    std::vector<std::pair<std::string, std::string>> kept_;
};

}   // namespace app
