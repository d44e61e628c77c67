#include "session/run_seeds.hpp"
#include "core/registry.hpp"
#include "core/runner.hpp"
#include "core/workers.hpp"
#include <algorithm>
#include <mutex>
#ifndef __EMSCRIPTEN__
#include <thread>
#endif

namespace session {

int machine_jobs() {
#ifdef __EMSCRIPTEN__
    return 1;
#else
    return std::max(1, int(std::thread::hardware_concurrency()));
#endif
}

void for_each_index(int n, int jobs, const std::function<void(int)>& f, const std::vector<int>& order) {
    core::Workers workers(std::min(jobs, n));
    workers.run(n, [&](int k) { f(order.empty() ? k : order[size_t(k)]); });
}

int sweep_threads(int jobs, int runs) { return std::max(1, jobs / std::max(1, std::min(jobs, runs))); }

std::vector<SeedResult> run_seeds(const RunConfig& c, int seeds, uint64_t first, int jobs,
                                  const std::function<void(int)>& done, const std::vector<int>& order) {
    std::vector<SeedResult> out(size_t(std::max(0, seeds)));
    std::mutex done_mutex;
    int finished = 0;
    for_each_index(
        seeds, jobs,
        [&](int s) {
            core::Runner run(*core::find_lab(c.lab));
            run.set_threads(sweep_threads(jobs, seeds));
            SeedResult& r = out[size_t(s)];   // this seed's own slot
            r.seed = first + uint64_t(s);
            run.reset(c.params, r.seed);
            r.failure = core::run_to_end(run);
            r.metrics = run.metrics();
            if (!done) return;
            std::lock_guard<std::mutex> lock(done_mutex);
            done(++finished);
        },
        order);
    return out;
}

}   // namespace session
