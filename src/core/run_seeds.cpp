#include "core/run_seeds.hpp"
#include "core/registry.hpp"
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#ifndef __EMSCRIPTEN__
#include <thread>
#endif

namespace core {

int machine_jobs() {
#ifdef __EMSCRIPTEN__
    return 1;
#else
    return std::max(1, int(std::thread::hardware_concurrency()));
#endif
}

void for_each_index(int n, int jobs, const std::function<void(int)>& f, const std::vector<int>& order) {
    std::atomic<int> next{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto worker = [&] {
        for (int k; (k = next++) < n;) {
            try {
                f(order.empty() ? k : order[size_t(k)]);
            } catch (...) {
                std::lock_guard<std::mutex> lock(error_mutex);
                if (!error) error = std::current_exception();
                next = n;   // the others stop after their current index
            }
        }
    };
#ifdef __EMSCRIPTEN__
    (void)jobs;
    worker();
#else
    std::vector<std::thread> threads;
    for (int j = 1; j < std::min(jobs, n); ++j) threads.emplace_back(worker);
    worker();
    for (std::thread& t : threads) t.join();
#endif
    if (error) std::rethrow_exception(error);
}

std::vector<SeedResult> run_seeds(const RunConfig& c, int seeds, uint64_t first, int jobs,
                                  const std::function<void(int)>& done, const std::vector<int>& order) {
    std::vector<SeedResult> out(size_t(std::max(0, seeds)));
    std::mutex done_mutex;
    int finished = 0;
    for_each_index(
        seeds, jobs,
        [&](int s) {
            std::unique_ptr<Lab> lab = make_lab(c.lab);
            SeedResult& r = out[size_t(s)];   // this seed's own slot
            r.seed = first + uint64_t(s);
            lab->reset(c.params, r.seed);
            r.failure = run_to_end(*lab);
            r.metrics = lab->metrics();
            if (!done) return;
            std::lock_guard<std::mutex> lock(done_mutex);
            done(++finished);
        },
        order);
    return out;
}

}   // namespace core
