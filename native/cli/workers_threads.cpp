#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "native/cli/workers.hpp"

namespace planlang::cli {

namespace {

constexpr unsigned kMaxWorkers = 64;

unsigned worker_count() {
    if (const char* env = std::getenv("PLANLANG_THREADS")) {
        char* end = nullptr;
        const unsigned long n = std::strtoul(env, &end, 10);
        if (end != env && *end == '\0' && n >= 1) return n < kMaxWorkers ? static_cast<unsigned>(n) : kMaxWorkers;
    }
    const unsigned n = std::thread::hardware_concurrency();  // 0 when unknown
    return n == 0 ? 1 : (n < kMaxWorkers ? n : kMaxWorkers);
}

}  // namespace

// The caller plus `helpers` threads that sleep between calls. A call publishes the task under the mutex,
// every participant takes indices from one atomic counter, and the caller returns once every helper has
// finished with this call (so a helper never sees two calls at once, and all writes of the tasks are
// visible to the caller through the mutex).
struct Workers::Pool {
    explicit Pool(unsigned helpers) {
        m_threads.reserve(helpers);
        for (unsigned i = 0; i < helpers; ++i) m_threads.emplace_back([this] { helper_loop(); });
    }
    ~Pool() {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
        }
        m_start.notify_all();
        for (std::thread& t : m_threads) t.join();
    }

    void run(std::size_t n, const std::function<void(std::size_t)>& task) {
        if (n == 0) return;
        if (n == 1) {  // nothing to share: no wake-up
            task(0);
            return;
        }
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_task = &task;
            m_n = n;
            m_next.store(0, std::memory_order_relaxed);
            m_busy = m_threads.size();
            ++m_generation;
        }
        m_start.notify_all();
        work();
        std::unique_lock<std::mutex> lock(m_mutex);
        m_done.wait(lock, [this] { return m_busy == 0; });
        m_task = nullptr;
        if (m_error) std::rethrow_exception(std::exchange(m_error, nullptr));
    }

private:
    void helper_loop() {
        std::uint64_t seen = 0;
        for (;;) {
            {
                std::unique_lock<std::mutex> lock(m_mutex);
                m_start.wait(lock, [&] { return m_stop || m_generation != seen; });
                if (m_stop) return;
                seen = m_generation;
            }
            work();
            std::lock_guard<std::mutex> lock(m_mutex);
            if (--m_busy == 0) m_done.notify_one();
        }
    }

    void work() {
        for (;;) {
            const std::size_t i = m_next.fetch_add(1, std::memory_order_relaxed);
            if (i >= m_n) return;
            try {
                (*m_task)(i);
            } catch (...) {
                std::lock_guard<std::mutex> lock(m_mutex);
                if (!m_error) m_error = std::current_exception();
                m_next.store(m_n, std::memory_order_relaxed);  // hand out no more
            }
        }
    }

    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_start, m_done;
    bool m_stop = false;
    std::uint64_t m_generation = 0;
    std::size_t m_busy = 0;
    const std::function<void(std::size_t)>* m_task = nullptr;
    std::size_t m_n = 0;
    std::atomic<std::size_t> m_next{0};
    std::exception_ptr m_error;
};

Workers::Workers() {
    const unsigned n = worker_count();
    if (n > 1) m_pool = std::make_unique<Pool>(n - 1);
}

Workers::~Workers() = default;

run::ParallelFor Workers::parallel_for() {
    if (!m_pool) return {};
    Pool* pool = m_pool.get();
    return [pool](std::size_t n, const std::function<void(std::size_t)>& task) { pool->run(n, task); };
}

}  // namespace planlang::cli
