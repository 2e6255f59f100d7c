#pragma once
// The demos `planlang bench --demo` can measure: each gives the files the verifier reads (plan and world as on
// disk), a batch generator and a multi-agent simulation into in-memory files. The bench times the calls;
// nothing here reads a clock. Demo A (`demo-a`, the default) and the adherence coach (`adherencia`, whose
// batches hold a multiple of three cases: each scenario in en, es-419 and pt-BR).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/sim/run_folder.hpp"
#include "native/cli/cli.hpp"

namespace planlang::cli {

struct BenchDomain {
    std::string id;
    std::vector<std::pair<std::string, std::string>> files;  // repository-relative path → bytes
    std::int64_t max_batch = 0;                             // the largest batch the generator writes
    std::int64_t multiple = 1;                              // a batch's size is a multiple of this

    // A batch of `n` cases seeded `semilla`, as a JSON value (the bench serialises it to its disk form).
    std::function<std::optional<Issue>(const std::string& semilla, std::int64_t n, json::Value& batch)> generate;
    // The multi-agent run of `batch` (stored at `batch_path`) into `sink`; `cases` gets the cases run.
    std::function<std::optional<Issue>(json::Value batch, const std::string& batch_path, const sim::FileSink& sink, std::int64_t& cases)>
        simulate;
};

// The demo named `demo`, its plan and world read under `root`; nullopt after printing why.
std::optional<BenchDomain> load_bench_domain(std::string_view demo, const std::string& root, Lang lang);

}  // namespace planlang::cli
