// A minimal JSON writer for the CLI's --json output.
#pragma once
#include <string>
#include <vector>

namespace cli {

std::string json_string(const std::string& s);   // quoted and escaped
std::string json_number(double v);               // null for NaN/inf

// One headline of `reproduce --json`: {"key", "mean", "sd", "n", "missing", "paper", "values"}. Values that
// are NaN (a run that did not reach it, e.g. an N* beyond the sweep) are counted as missing, not averaged;
// with none present, mean and sd are null: never a number made up from nothing.
std::string json_headline(const std::string& key, const std::vector<double>& values, const std::string& paper);

}   // namespace cli
