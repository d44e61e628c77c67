// A sweep's results as messages between processes (core/sweep_remote.hpp: the page and its Web Workers).
#pragma once
#include "core/sweep_remote.hpp"
#include <string>
#include <vector>

namespace session {

// Results as text for messages between processes: a line per result, "task rep failure n v1 … vn" (the failure
// URL-encoded, "-" for none; each number as the 16 hex digits of its bits, so it comes back as the same bits).
std::string encode_results(const std::vector<core::SweepResult>& results);
// Empty and false when the text is not such a list.
bool decode_results(const std::string& text, std::vector<core::SweepResult>& out);

}   // namespace session
