// How a paper's symbol is read aloud ("η_r" → "eta r", "‖w*‖" → "norm of w star", "T′" → "T prime"): the
// accessible names of the page's HTML document, so that a screen reader never spells out "η underscore r".
#pragma once
#include "core/params.hpp"
#include <string>

namespace session {

std::string spoken_symbol(const std::string& symbol);   // words and signs, in the page's language

// The help's first sentence, without its full stop ("(Sec. 6.1)" inside parentheses does not end it).
std::string first_sentence(const std::string& help);
// A parameter's accessible name: "eta r, router step size" from its symbol and the first sentence of its help;
// without a symbol the sentence alone (its link name is no word to hear); without either, its name spoken.
std::string spoken_label(const std::string& symbol, const std::string& name, const std::string& help);
// A parameter named in plain text, where a symbol cannot be marked as notation (an option, a button's name): its
// title, else its help's first sentence, else its symbol read aloud; in the page's language.
std::string param_words(const core::ParamSpec& p);

}   // namespace session
