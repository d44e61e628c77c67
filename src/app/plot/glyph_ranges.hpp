// The Unicode ranges the page's font atlas holds (look.cpp passes them to ImGui). A character outside
// them, or missing from the font, is drawn as '?': tests/app/test_glyphs.cpp checks every string every
// registered lab declares or shows against these ranges and against the font file itself.
// No ImGui here (the unit tests include it); pairs of first and last code point, ending with 0.
#pragma once

namespace app {

inline constexpr unsigned short kGlyphRanges[] = {
    0x0020, 0x00FF,   // Basic Latin, Latin-1 (±, ·, ×, ², ³, §)
    0x0100, 0x017F,   // Latin Extended-A (ŵ)
    0x0300, 0x036F,   // combining accents (ŵ̄, x̂)
    0x0370, 0x03FF,   // Greek
    0x1D00, 0x1DBF,   // phonetic extensions: modifier letters (ᵀ)
    0x2010, 0x2044,   // dashes, quotes, ‖, †, …, ′
    0x2070, 0x209F,   // superscripts and subscripts
    0x2100, 0x214F,   // letterlike symbols (ℓ, ℝ)
    0x2190, 0x21FF,   // arrows
    0x2200, 0x22FF,   // mathematical operators (∈, ∑, −, √, ≈, ≤, ≥)
    0x25A0, 0x25FF,   // geometric shapes (●, ▲)
    0x2713, 0x2717,   // check and cross marks (✓, ✗)
    0x27E8, 0x27E9,   // angle brackets ⟨θ_m, c_k⟩
    0,
};

}   // namespace app
