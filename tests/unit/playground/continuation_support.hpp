#pragma once
// What the two continuation tests share: the committed files as a run::FileSource, a run's Continuation made
// from a ReadResult that is gone by the time it runs, a committed JSON file, a JSON string list.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/json/reader.hpp"
#include "core/playground/continuation.hpp"
#include "core/run/reader.hpp"
#include "support/files.hpp"

namespace planlang::testing::cont {

inline run::FileSource source_tree() {
    return [](const std::string& path) -> std::optional<run::FileBytes> {
        if (!file_exists(path)) return std::nullopt;
        return run::FileBytes(read_text(path));
    };
}

inline run::ReadResult read_run(const std::string& run) {
    run::Request rq;
    rq.root = PLANLANG_SOURCE_DIR;
    rq.main_run = source_path(run);
    run::ReadResult r = run::read(rq, source_tree(), nullptr);
    REQUIRE(r.ok);
    REQUIRE(r.inputs);
    REQUIRE_FALSE(r.runs.empty());
    return r;
}

// The main run's continuation; it owns or shares what it needs, so the ReadResult may go.
inline std::optional<playground::Continuation> continuation_of(const std::string& run) {
    const run::ReadResult r = read_run(run);
    Issues why;
    auto made = playground::Continuation::make(*r.inputs, r.runs.front(), &why);
    CHECK(why.empty());
    return made;
}

inline json::Value load(const std::string& relative) { return json::read(read_text(source_path(relative))).value; }

inline std::vector<std::string> strings(const json::Value& array) {
    std::vector<std::string> out;
    for (const json::Value& s : array.as_array()) out.push_back(s.as_string());
    return out;
}

}  // namespace planlang::testing::cont
