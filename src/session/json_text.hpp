// JSON text for what the CLI prints and the page exposes (state(), the HTML document's declarations): strings
// quoted and escaped, numbers in their shortest round-tripping form (null for NaN and infinities), lists.
#pragma once
#include <string>
#include <vector>

namespace session {

std::string json_string(const std::string& s);                 // quoted and escaped
std::string json_number(double v);                             // null for NaN/inf
std::string json_strings(const std::vector<std::string>& v);   // ["a","b"]
inline std::string json_bool(bool b) { return b ? "true" : "false"; }

}   // namespace session
