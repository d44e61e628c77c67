#include "core/limits.hpp"
#include "core/lab.hpp"
#include "core/text.hpp"

namespace core {

void check_memory(Validation& v, double bytes, const std::string& what) {
    if (bytes <= kMemoryBudgetBytes) return;
    v.errors.push_back(strf("%s needs about %.1f GB of memory (limit %.1f GB): make it smaller", what.c_str(),
                            bytes / 1e9, kMemoryBudgetBytes / 1e9));
}

std::string duration_text(double s) {
    if (s < 120) return strf("%.0f s", s);
    if (s < 7200) return strf("%.0f min", s / 60);
    return strf("%.1f h", s / 3600);
}

void check_work(Validation& v, double native, const std::string& reduce) {
    const double browser = native * kBrowserSlowdown;
    if (native > kMaxNativeSeconds)
        v.errors.push_back("This run needs about " + duration_text(native) + " of computation natively (about " +
                           duration_text(browser) + " in the browser), over the " + duration_text(kMaxNativeSeconds) +
                           " limit: " + reduce);
    else if (native > kSlowNativeSeconds)
        v.warnings.push_back("Heavy run: about " + duration_text(native) + " natively with the CLI, about " +
                             duration_text(browser) + " in the browser (to shorten it: " + reduce + ")");
}

}   // namespace core
