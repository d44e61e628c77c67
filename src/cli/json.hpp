// A minimal JSON writer for the CLI's --json output.
#pragma once
#include "session/json_text.hpp"
#include <string>
#include <vector>

namespace cli {

using session::json_number;   // session/json_text.hpp
using session::json_string;

// One headline of `reproduce --json`: {"key", "mean", "sd", "n", "missing", "paper", "values"}. Values that
// are NaN (a run that did not reach it, e.g. an N* beyond the sweep) are counted as missing, not averaged;
// with none present, mean and sd are null: never a number made up from nothing.
std::string json_headline(const std::string& key, const std::vector<double>& values, const std::string& paper);

// One headline of `compare --json`: {"key", "a": {mean, sd, n}, "b": {...}, "diff": {...} (B − A over the
// seeds where both are finite), "b_higher", "b_lower", "ties", "missing", "paper", "a_values", "b_values"}.
std::string json_paired(const std::string& key, const std::vector<double>& a, const std::vector<double>& b,
                        const std::string& paper);

}   // namespace cli
