#include "core/limits.hpp"
#include "core/lab.hpp"
#include "core/text.hpp"

namespace core {

static int g_runs = 1;   // runs sharing the limits (SharedLimits)

SharedLimits::SharedLimits(int runs) : previous_(g_runs) {
    g_runs = previous_ * (runs > 1 ? runs : 1);
}   // nested: they multiply
SharedLimits::~SharedLimits() { g_runs = previous_; }

static std::string each_of() { return g_runs > 1 ? strf(" for each of %d runs at once", g_runs) : ""; }

void check_memory(Validation& v, double bytes, const std::string& what) {
    const double budget = kMemoryBudgetBytes / g_runs;
    if (bytes <= budget) return;
    v.errors.push_back(strf("%s needs about %.1f GB of memory (limit %.1f GB%s): make it smaller", what.c_str(),
                            bytes / 1e9, budget / 1e9, each_of().c_str()));
}

std::string duration_text(double s) {
    if (s < 120) return strf("%.0f s", s);
    if (s < 7200) return strf("%.0f min", s / 60);
    return strf("%.1f h", s / 3600);
}

void check_work(Validation& v, double native, const std::string& reduce) {
    const double browser = native * kBrowserSlowdown, limit = kMaxNativeSeconds / g_runs;
    if (native > limit)
        v.errors.push_back("This run needs about " + duration_text(native) + " of computation natively (about " +
                           duration_text(browser) + " in the browser), over the " + duration_text(limit) + " limit" +
                           each_of() + ": " + reduce);
    else if (native > kSlowNativeSeconds)
        v.warnings.push_back("Heavy run: about " + duration_text(native) + " natively with the CLI, about " +
                             duration_text(browser) + " in the browser (to shorten it: " + reduce + ")");
}

}   // namespace core
