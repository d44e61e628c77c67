// Workers: a small pool of threads that a run keeps for its whole life and hands its independent sweep jobs to,
// slice by slice (core::Sweep::step through WorkBudget::workers()). A slice asks the pool to run n tasks
// and waits for all of them: the calling thread is one of the pool's threads, so Workers(1) is plain
// sequential code and WebAssembly (no threads here) always runs that way.
//
// Nothing a task computes may depend on which thread runs it or when: the pool decides only who runs
// what, never the numbers (core::Sweep gives every job its own slot and its own budget).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>

namespace core {

class Workers {
public:
    // threads ≥ 1 (the caller included). shuffle ≠ 0 (tests): the sweep picks the next repetition and the
    // pool runs a slice's tasks in orders drawn from this seed, so that jobs finish in other orders than usual.
    explicit Workers(int threads, uint64_t shuffle = 0);
    ~Workers();
    Workers(const Workers&) = delete;
    Workers& operator=(const Workers&) = delete;

    int threads() const { return threads_; }
    uint64_t shuffle() const { return shuffle_; }
    // Calls f(i) once for every i in [0, n) and returns when all have returned; the first exception thrown
    // by f is rethrown here.
    void run(int n, const std::function<void(int)>& f);

private:
    struct Pool;   // the threads and their hand-over (workers.cpp); absent when threads_ == 1
    int threads_;
    uint64_t shuffle_;
    uint64_t draws_ = 0;   // shuffled runs so far (each draws a new order)
    std::unique_ptr<Pool> pool_;
};

}   // namespace core
