#pragma once
// The threads a command may spread independent work over (core/run/reader.hpp ParallelFor: the verifier
// prepares traces — read, parse, schema, huella — while it measures the ones before, in order). One .cpp
// per platform, chosen by CMake: a pool of std::threads natively, nothing in wasm (no pthreads there; the
// reader then works sequentially, with the same results).
//
// Workers: PLANLANG_THREADS=N when set to a positive integer, else std::thread::hardware_concurrency();
// the calling thread is one of them. With one worker parallel_for() is empty (the reader's sequential path).
#include <memory>

#include "core/run/reader.hpp"

namespace planlang::cli {

class Workers {
public:
    Workers();                         // PLANLANG_THREADS, else the hardware's threads
    explicit Workers(unsigned count);  // exactly `count` (at least 1); wasm: always 1
    ~Workers();
    Workers(const Workers&) = delete;
    Workers& operator=(const Workers&) = delete;

    // Runs task(0..n-1) on the workers, indices handed out one at a time (dynamic scheduling), and returns
    // when all are done; an exception thrown by a task is rethrown here. Valid while this object lives.
    run::ParallelFor parallel_for();
    unsigned size() const;  // the workers, the calling thread included

private:
    struct Pool;
    std::unique_ptr<Pool> m_pool;  // null with one worker
};

}  // namespace planlang::cli
