#pragma once
// Test helpers: files under the source tree (native and wasm under Node, through NODERAWFS).
// read_text uses POSIX open/read rather than std::ifstream: reading through libc++'s filebuf makes
// Emscripten 3.1.6's runtime call fd_seek, whose JavaScript mixes BigInt and Number under Node 20
// ("TypeError: Cannot mix BigInt and other types") and ends the whole test program.
#include <fcntl.h>
#include <unistd.h>

#include <string>

namespace planlang::testing {

inline std::string source_path(const std::string& relative) { return std::string(PLANLANG_SOURCE_DIR) + "/" + relative; }

// The whole file, or "" when it cannot be opened.
inline std::string read_text(const std::string& path) {
    std::string out;
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return out;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
}

inline bool file_exists(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return false;
    ::close(fd);
    return true;
}

}  // namespace planlang::testing
