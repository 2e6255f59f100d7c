#pragma once
// A file's bytes for the benchmark programs (the CLI reads through native/cli/whole_file.hpp; a benchmark
// only needs its input whole, or to say that it could not read it).
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace planlang::bench {

inline std::optional<std::string> read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (!in) return std::nullopt;
    return std::move(buffer).str();
}

}  // namespace planlang::bench
