// Wall-clock seconds for the CLI's timings (never for anything a run computes).
#pragma once
#include <chrono>
#include <ctime>

namespace cli {

inline double now_seconds() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// CPU time of this thread (falls back to wall time where there is no such clock): bench times a step with it,
// so that other processes on a shared machine do not show up as a slow step.
inline double thread_seconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
    timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
#endif
    return now_seconds();
}

}   // namespace cli
