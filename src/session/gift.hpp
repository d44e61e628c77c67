// A lab's tour questions for the learning platform a university already runs: Moodle's GIFT format, each question
// with its answers, the paper's marked right, the explanation as the right answer's feedback and each wrong
// answer's misreading as its own (`moe-lab worksheet --format gift`), in the language in use.
#pragma once
#include "core/lab.hpp"
#include <string>

namespace session {

// "" when the lab's tour asks nothing.
std::string tour_gift(const core::Lab& lab);

// A text with GIFT's special characters (~ = # { } : \) escaped.
std::string gift_escaped(const std::string& text);

}   // namespace session
