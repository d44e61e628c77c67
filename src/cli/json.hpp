// A minimal JSON writer for the CLI's --json output.
#pragma once
#include <string>

namespace cli {

std::string json_string(const std::string& s);   // quoted and escaped
std::string json_number(double v);               // null for NaN/inf

} // namespace cli
