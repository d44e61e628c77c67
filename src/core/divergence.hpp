// Catching a diverging run early (a step size too large, weights overflowing), with one kind of message.
// A diverging run (NaN, overflow) stops with an explanation, never with a crash or silent garbage.
//
// For lab authors: check cheaply at a fixed cadence of training steps (a count of steps, not of step()
// calls, so the page and the CLI stop at the same step), and say what broke, when, why and what to change:
//   if (t_ % core::kDivergenceCheckEvery == 0 && !core::all_finite(W.data(), W.size()))
//       failure_ = core::diverged("The MoE", core::trf("step %ld", t_), "the weights became NaN or infinite",
//                                 core::trf("Lower η (now %g).", eta));
//   → "The MoE diverged at step 640: the weights became NaN or infinite. Lower η (now 2)."
// The fix is a whole sentence of the table, its full stop included: each language ends its own sentences.
// A check reads the weights only: it never changes the numbers of a run that does not diverge. A check
// every 64 SGD steps over all weights costs about 1/64 of a step's multiply-adds per step.
#pragma once
#include <cmath>
#include <cstddef>
#include <string>
#include "core/words.hpp"

namespace core {

constexpr long kDivergenceCheckEvery = 64;   // training steps between two checks

template <class T>
bool all_finite(const T* v, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (!std::isfinite(v[i])) return false;
    return true;
}

// "<what> diverged at <when>: <cause>. <Fix.>", one template of the table with the fix, one without.
inline std::string diverged(const std::string& what, const std::string& when, const std::string& cause,
                            const std::string& fix) {
    if (fix.empty()) return trf("%s diverged at %s: %s.", tr(what).c_str(), when.c_str(), tr(cause).c_str());
    return trf("%s diverged at %s: %s. %s", tr(what).c_str(), when.c_str(), tr(cause).c_str(), fix.c_str());
}

}   // namespace core
