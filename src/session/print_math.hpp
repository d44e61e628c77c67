// The papers' plain-text mathematics set for print: the sheets (session/worksheet.hpp) write `d^{k*−1}`, `σ₀^1.5`,
// `η_r` or `D_α` as the page shows them, and a handout wants exponents and subscripts set as such. Applied to text
// already escaped for HTML, in every language alike (the symbols are the papers').
#pragma once
#include <string>

namespace session {

// `x^{…}`, `x^(…)` and `x^1.5` as <sup>; a one-letter name's `_r`, `_{…}` or `_reg` as <sub> (`top_k`, a parameter's
// name, stays as it is); the space before `%` non-breaking, so that "87.5 %" never breaks, and the spaces around a
// relation or an operator (=, <, >, ≤, ≥, ≈, ≠, −, ×), so that a formula breaks between formulas only; a hyphen
// before a number, after a space, a parenthesis or a relation, as a minus sign (−0.04); a range of numbers' en dash
// joined to them ("1–10"); no space after full-width punctuation ("（%）= 75.95"); a reference's number kept with its
// word ("Theorem 4.1", "Lemma E.3") and a number with the Chinese text around it ("第 6 步").
std::string print_math(const std::string& escaped_html);

}   // namespace session
