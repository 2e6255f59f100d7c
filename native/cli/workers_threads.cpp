#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
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

// The caller plus `helpers` threads that sleep between calls. A call is one Job: every participant takes
// indices from its counter, and the caller returns as soon as every index is done — it never waits for a
// helper that has not woken up yet (on a loaded machine that can take a scheduler slice). A helper that
// wakes late finds its job's counter exhausted; the shared_ptr keeps that counter alive for it.
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

    unsigned helpers() const { return static_cast<unsigned>(m_threads.size()); }

    void run(std::size_t n, const std::function<void(std::size_t)>& task) {
        if (n == 0) return;
        if (n == 1) {  // nothing to share: no wake-up
            task(0);
            return;
        }
        auto job = std::make_shared<Job>(task, n);
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_job = job;
        }
        m_start.notify_all();
        work(*job);
        std::unique_lock<std::mutex> lock(m_mutex);
        m_done.wait(lock, [&] { return job->done == n; });
        if (m_job == job) m_job.reset();
        if (job->error) std::rethrow_exception(job->error);
    }

private:
    struct Job {
        Job(const std::function<void(std::size_t)>& t, std::size_t count) : task(t), n(count) {}
        const std::function<void(std::size_t)>& task;  // valid until done == n
        const std::size_t n;
        std::atomic<std::size_t> next{0};
        std::size_t done = 0;      // under the pool's mutex
        std::exception_ptr error;  // under the pool's mutex
    };

    void helper_loop() {
        std::shared_ptr<Job> last;
        for (;;) {
            std::shared_ptr<Job> job;
            {
                std::unique_lock<std::mutex> lock(m_mutex);
                m_start.wait(lock, [&] { return m_stop || (m_job && m_job != last); });
                if (m_stop) return;
                job = last = m_job;
            }
            work(*job);
        }
    }

    // Tasks of `job` until its counter runs out; the one that finishes the last task wakes the caller.
    void work(Job& job) {
        for (;;) {
            const std::size_t i = job.next.fetch_add(1, std::memory_order_relaxed);
            if (i >= job.n) return;
            std::exception_ptr error;
            try {
                job.task(i);
            } catch (...) {
                error = std::current_exception();
            }
            std::lock_guard<std::mutex> lock(m_mutex);
            if (error && !job.error) job.error = error;
            if (++job.done == job.n) m_done.notify_all();
        }
    }

    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_start, m_done;
    bool m_stop = false;
    std::shared_ptr<Job> m_job;  // the call in progress
};

Workers::Workers() : Workers(worker_count()) {}

Workers::Workers(unsigned count) {
    if (count > 1) m_pool = std::make_unique<Pool>(count - 1);
}

Workers::~Workers() = default;

unsigned Workers::size() const { return m_pool ? m_pool->helpers() + 1 : 1; }

run::ParallelFor Workers::parallel_for() {
    if (!m_pool) return {};
    Pool* pool = m_pool.get();
    return [pool](std::size_t n, const std::function<void(std::size_t)>& task) { pool->run(n, task); };
}

}  // namespace planlang::cli
