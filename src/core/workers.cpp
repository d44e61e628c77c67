#include "core/workers.hpp"
#include "core/rng.hpp"
#include <algorithm>
#include <atomic>
#include <exception>
#include <numeric>
#include <vector>
#ifndef __EMSCRIPTEN__
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

namespace core {

namespace {

// Takes indices from `next` until none is left, calling f(order[k]); the first exception is kept in `error`
// and stops the others after their current index.
template <class Lock>
void take_all(std::atomic<int>& next, int n, const std::vector<int>& order, const std::function<void(int)>& f,
              std::exception_ptr& error, Lock&& lock_error) {
    for (int k; (k = next++) < n;) {
        try {
            f(order.empty() ? k : order[size_t(k)]);
        } catch (...) {
            [[maybe_unused]] auto guard = lock_error();
            if (!error) error = std::current_exception();
            next = n;
        }
    }
}

}   // namespace

#ifdef __EMSCRIPTEN__
struct Workers::Pool {};
#else
struct Workers::Pool {
    std::vector<std::thread> threads;
    std::mutex m;
    std::condition_variable wake, idle;
    uint64_t generation = 0;   // one per run(): a thread joins each generation once
    int busy = 0;              // threads still inside the current generation
    bool stop = false;
    const std::function<void(int)>* f = nullptr;
    const std::vector<int>* order = nullptr;
    int n = 0;
    std::atomic<int> next{0};
    std::exception_ptr error;

    void work() {
        take_all(next, n, *order, *f, error, [this] { return std::lock_guard<std::mutex>(m); });
    }
    void loop() {
        uint64_t seen = 0;
        for (;;) {
            {
                std::unique_lock<std::mutex> lock(m);
                wake.wait(lock, [&] { return stop || generation != seen; });
                if (stop) return;
                seen = generation;
            }
            work();
            std::lock_guard<std::mutex> lock(m);
            if (--busy == 0) idle.notify_one();
        }
    }
};
#endif

Workers::Workers(int threads, uint64_t shuffle) : threads_(std::max(1, threads)), shuffle_(shuffle) {
#ifdef __EMSCRIPTEN__
    threads_ = 1;
#else
    if (threads_ == 1) return;
    pool_ = std::make_unique<Pool>();
    for (int t = 1; t < threads_; ++t) pool_->threads.emplace_back([p = pool_.get()] { p->loop(); });
#endif
}

Workers::~Workers() {
#ifndef __EMSCRIPTEN__
    if (!pool_) return;
    {
        std::lock_guard<std::mutex> lock(pool_->m);
        pool_->stop = true;
    }
    pool_->wake.notify_all();
    for (std::thread& t : pool_->threads) t.join();
#endif
}

void Workers::run(int n, const std::function<void(int)>& f) {
    std::vector<int> order;
    if (shuffle_ != 0 && n > 1) {   // tests: another order on every call, the same for the same seed
        order.resize(size_t(n));
        std::iota(order.begin(), order.end(), 0);
        Rng(shuffle_, ++draws_).shuffle(order);
    }
    std::exception_ptr error;
    if (!pool_ || n <= 1) {
        std::atomic<int> next{0};
        take_all(next, n, order, f, error, [] { return 0; });
        if (error) std::rethrow_exception(error);
        return;
    }
#ifndef __EMSCRIPTEN__
    Pool& p = *pool_;
    {
        std::lock_guard<std::mutex> lock(p.m);
        p.f = &f;
        p.order = &order;
        p.n = n;
        p.next = 0;
        p.error = nullptr;
        p.busy = int(p.threads.size());
        ++p.generation;
    }
    p.wake.notify_all();
    p.work();   // the calling thread is one of the workers
    std::unique_lock<std::mutex> lock(p.m);
    p.idle.wait(lock, [&] { return p.busy == 0; });
    error = p.error;
    if (error) std::rethrow_exception(error);
#endif
}

}   // namespace core
