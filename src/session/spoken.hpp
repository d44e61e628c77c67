// How a paper's symbol is read aloud ("η_r" → "eta r", "‖w*‖" → "norm of w star", "T′" → "T prime"): the
// accessible names of the page's HTML document, so that a screen reader never spells out "η underscore r".
#pragma once
#include <string>

namespace core {

std::string spoken_symbol(const std::string& symbol);   // ASCII words and signs

// A parameter's accessible name: "eta r, router step size" from its symbol (or name) and the first sentence
// of its help.
std::string spoken_label(const std::string& symbol, const std::string& name, const std::string& help);

}   // namespace core
