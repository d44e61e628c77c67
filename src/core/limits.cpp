#include "core/limits.hpp"
#include "core/lab.hpp"
#include "core/words.hpp"

namespace core {

static int g_runs = 1;   // runs sharing the limits (SharedLimits)

SharedLimits::SharedLimits(int runs) : previous_(g_runs) {
    g_runs = previous_ * (runs > 1 ? runs : 1);
}   // nested: they multiply
SharedLimits::~SharedLimits() { g_runs = previous_; }

void check_memory(Validation& v, double bytes, const std::string& what) {
    const double budget = kMemoryBudgetBytes / g_runs;
    if (bytes <= budget) return;
    const std::string who = tr(what);   // a lab's text (its table's)
    v.errors.push_back(g_runs > 1 ? trf("%s needs about %.1f GB of memory (limit %.1f GB for each of %d runs at once): "
                                        "make it smaller",
                                        who.c_str(), bytes / 1e9, budget / 1e9, g_runs)
                                  : trf("%s needs about %.1f GB of memory (limit %.1f GB): make it smaller",
                                        who.c_str(), bytes / 1e9, budget / 1e9));
}

std::string duration_text(double s) {
    if (s < 120) return trf("%.0f s", s);
    if (s < 7200) return trf("%.0f min", s / 60);
    return trf("%.1f h", s / 3600);
}

void check_work(Validation& v, double native, const std::string& reduce) {
    const double browser = native * kBrowserSlowdown, limit = kMaxNativeSeconds / g_runs;
    if (native <= kSlowNativeSeconds && native <= limit) return;
    const std::string n = duration_text(native), b = duration_text(browser), l = duration_text(limit);
    if (native > limit)
        v.errors.push_back(g_runs > 1
                               ? trf("This run needs about %s of computation natively (about %s in the browser), "
                                     "over the %s limit for each of %d runs at once: %s",
                                     n.c_str(), b.c_str(), l.c_str(), g_runs, reduce.c_str())
                               : trf("This run needs about %s of computation natively (about %s in the browser), "
                                     "over the %s limit: %s",
                                     n.c_str(), b.c_str(), l.c_str(), reduce.c_str()));
    else if (native > kSlowNativeSeconds)
        v.warnings.push_back(
            trf("Heavy run: about %s natively with the CLI, about %s in the browser (to shorten it: %s)", n.c_str(),
                b.c_str(), reduce.c_str()));
}

}   // namespace core
