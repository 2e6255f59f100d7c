#pragma once
// Test helpers: files under the source tree (native and wasm under Node, through NODERAWFS).
#include <fstream>
#include <sstream>
#include <string>

namespace planlang::testing {

inline std::string source_path(const std::string& relative) { return std::string(PLANLANG_SOURCE_DIR) + "/" + relative; }

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline bool file_exists(const std::string& path) { return std::ifstream(path).good(); }

}  // namespace planlang::testing
