#pragma once
// Test helpers for core/site: committed runs read once through the all-or-nothing reader, with the walks of
// their main run's cases (run::WalkSink).
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/run/reader.hpp"
#include "core/views/paths.hpp"
#include "support/run_files.hpp"

namespace planlang::testing::site_fixture {

struct ReadRun {
    run::ReadResult read;
    std::vector<run::CaseWalk> walks;
    std::size_t which = 0;  // the run's header in read.runs
    const plan::Plan& plan() const { return read.inputs->plan.plan; }
    const run::Graph& graph() const { return read.runs[which].grafo; }
};

inline bool is_baseline(const std::string& dir) { return dir.size() > 5 && dir.compare(dir.size() - 5, 5, "-base") == 0; }

// The run folder (repository-relative) read as `planlang diagram` reads it — a baseline "<run>-base" as the
// baseline of <run> — cached per test program.
inline const ReadRun& read_run(const std::string& dir) {
    static std::map<std::string, std::unique_ptr<ReadRun>> cache;
    auto& slot = cache[dir];
    if (!slot) {
        slot = std::make_unique<ReadRun>();
        static const RunFiles files;
        run::Request request;
        request.main_run = dir;
        if (is_baseline(dir)) {
            request.main_run = dir.substr(0, dir.size() - 5);
            request.baseline = dir;
        }
        run::WalkSink sink(is_baseline(dir) ? run::Role::base : run::Role::principal);
        slot->read = run::read(request, files.source(), &sink);
        slot->walks = std::move(sink.walks());
        for (std::size_t i = 0; i < slot->read.runs.size(); ++i)
            if (slot->read.runs[i].dir == dir) slot->which = i;
    }
    CAPTURE(dir);
    REQUIRE(slot->read.ok);
    REQUIRE(slot->read.inputs);
    REQUIRE(!slot->read.runs.empty());
    return *slot;
}

}  // namespace planlang::testing::site_fixture
