// A lab's guided tour as the page plays it (core/tour.hpp): the step shown, the class's answer to its question and
// the caption drawn. The App configures and runs the run for a step (tour_player.cpp); this part knows where the
// tour is, takes the answer to the step's question, and reveals the answer the run's own metrics support
// (tour_question.cpp).
#pragma once
#include "core/lab.hpp"
#include "core/tour.hpp"
#include <cstdint>
#include <string>

namespace app {

class Tour {
public:
    bool on() const { return step_ >= 0; }
    int step() const { return step_; }   // 0-based; -1: no tour
    void go(int k) {                     // step k is shown; its question not answered yet
        step_ = k;
        answer_ = -1;
    }
    void end() { go(-1); }
    int answer() const { return answer_; }                              // the class's answer (0-based; -1: none yet)
    core::TourQuestion question(const core::Lab& lab) const;            // the step's (an empty prompt: none)
    bool revealed(const core::Lab& lab) const;                          // the step has run: the metrics decide it
    std::string choose(const std::string& arg, const core::Lab& lab);   // answer=a..d (or 1..4): "" or why not
    std::string reveal(const core::Lab& lab, uint64_t seed) const;      // which answer the run supports, and why
    float question_height(const core::Lab& lab, float width, float size) const;   // its answers as buttons
    void show_caption(const std::string& caption) { caption_ = caption; }         // drawn in this frame
    std::string json(const core::Lab& lab, uint64_t seed) const;   // state().tour: step, caption, steps, question

private:
    std::string question_json(const core::Lab& lab, uint64_t seed) const;
    int step_ = -1;
    int answer_ = -1;
    std::string caption_;   // the tour caption drawn in the last frame
};

}   // namespace app
