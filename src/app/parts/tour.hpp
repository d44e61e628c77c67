// A lab's guided tour as the page plays it (core/tour.hpp): the step shown, the class's answer to its question and
// the caption drawn. A step configures the run and runs it to its target (tour_player.cpp, through Stage), and shows
// its views large; this part takes the answer to the step's question and reveals the answer the run's own metrics
// support (tour_question.cpp), and draws the tour's panel (tour_panel.cpp).
#pragma once
#include "app/controls/control_map.hpp"
#include "app/controls/part.hpp"
#include <functional>
#include <vector>
#include "core/runner.hpp"
#include "core/tour.hpp"
#include <cstdint>
#include <string>

namespace app {

class Tour : public Part {
public:
    // `show_large`: the views a step names, shown large.
    Tour(Stage& stage, ControlMap& controls, std::function<void(const std::vector<std::string>&)> show_large)
        : stage_(stage), controls_(controls), show_large_(std::move(show_large)) {}
    std::vector<PageKey> keys() override;   // tour=N|next|back|0, answer=a-d, state().tour
    void draw_panel();                      // the step's caption or question, the claim, Back and Next
    bool on() const { return step_ >= 0; }
    int step() const { return step_; }   // 0-based; -1: no tour
    void end() {                         // no tour (the run as it is)
        step_ = -1;
        answer_ = kNoAnswer;
    }
    static constexpr int kNoAnswer = -1, kDontKnow = -2;
    int answer() const { return answer_; }   // the class's answer (0-based), kNoAnswer yet, or kDontKnow
    core::TourQuestion question(const core::Lab& lab) const;               // the step's (an empty prompt: none)
    bool revealed(const core::Runner& run) const;                          // the step has run: the metrics decide it
    std::string choose(const std::string& arg, const core::Runner& run);   // answer=a..d, 1..4 or none: "" or why not
    // Why the run may not be played on now: the step's question waits for its answer ("" : it may).
    std::string held(const core::Runner& run) const;
    std::string reveal(const core::Runner& run, uint64_t seed) const;   // which answer the run supports, and why
    float question_height(const core::Lab& lab, float width, float size) const;   // its answers as buttons
    void show_caption(const std::string& caption) { caption_ = caption; }         // drawn in this frame
    std::string json(const core::Runner& run, uint64_t seed) const;   // state().tour: step, caption, steps, question
    // Buttons of other parts on the panel's second row, right (a worksheet's, a student's answers): drawn, and
    // their width.
    void set_more(std::function<void()> draw, std::function<float()> width) {
        more_ = std::move(draw);
        more_width_ = std::move(width);
    }
    // A text of another part shown in place of the step's claim while it is not empty (a student's answers).
    void set_note(std::function<std::string()> note) { note_ = std::move(note); }
    // Told of each answer the class gives: the step (0-based) and the answer (0-based, or kDontKnow).
    void on_answer(std::function<void(int step, int answer)> told) { answered_ = std::move(told); }
    // Whether the answers are one student's, on their own device (an exercise), not the class's: "my answer".
    void set_personal(std::function<bool()> personal) { personal_ = std::move(personal); }
    // Why a step's configuration may not run here ("" : it may): an exercise's locked preset, seed or parameters.
    void set_refuses(std::function<std::string(const session::RunConfig&)> why) { refuses_ = std::move(why); }

private:
    std::string command(const std::string& arg, bool from_link = false);   // tour=…: "" or why not
    // Step k (0-based): configure, run to it, its views large; or why not (from a link: the locks it brings allow it).
    std::string go(int k, bool from_link);
    void leave();                                      // tour=0
    std::string take_answer(const std::string& arg);   // answer=…: the step then runs
    void draw_question(float width, float size);       // the answers as buttons (keys a–d), text at `size`
    std::string question_json(const core::Runner& run, uint64_t seed) const;
    Stage& stage_;
    ControlMap& controls_;
    std::function<void(const std::vector<std::string>&)> show_large_;
    int step_ = -1;
    int answer_ = kNoAnswer;
    std::string caption_;   // the tour caption drawn in the last frame
    std::function<void()> more_;
    std::function<float()> more_width_;
    std::function<void(int, int)> answered_;
    std::function<std::string()> note_;
    std::function<bool()> personal_;
    std::function<std::string(const session::RunConfig&)> refuses_;
    bool personal() const { return personal_ && personal_(); }
};

}   // namespace app
