// One grammar for every number a user types: the CLI's flags and --set values, the share link's
// values and the page's commands all parse through here, so they accept and refuse the same texts.
//   number: -?(digits[.digits]|.digits)([eE][+-]?digits)?   decimal only: no spaces, no '+', no hex,
//           no inf/nan; too large or so small it would round to 0 is refused; -0 is read as 0.
//   whole:  -?digits within the caller's range.          seed: digits, 0 … 2^64 − 1.
// Each parser returns "" on success or a message that says what is wrong with the text.
#pragma once
#include <cstdint>
#include <string>

namespace core {

constexpr size_t kMaxNumberChars = 64;   // longer texts are refused (and keep messages short)

std::string parse_number(const std::string& text, double& out);
std::string parse_whole(const std::string& text, long long lo, long long hi, long long& out);
std::string parse_seed(const std::string& text, uint64_t& out);

// 'text' for a message: at most 40 characters, control and other unprintable bytes shown as '?'.
std::string quote(const std::string& text);

}   // namespace core
