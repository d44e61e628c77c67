// Wall-clock seconds for the CLI's timings (never for anything a run computes).
#pragma once
#include <chrono>

namespace cli {

inline double now_seconds() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

}   // namespace cli
