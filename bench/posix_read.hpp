#pragma once
// A file's bytes through POSIX read, for the benchmarks that also run in wasm under Node: there libc++'s
// filebuf calls fd_seek, which fails in Emscripten 3.1.6 (tests/unit/support/files.hpp), so read_bytes.hpp's
// ifstream cannot be used.
#include <fcntl.h>
#include <unistd.h>

#include <optional>
#include <string>

#include "core/run/reader.hpp"

namespace planlang::bench {

inline std::optional<run::FileBytes> read_file_posix(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return std::nullopt;
    std::string out;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0) {
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0) break;
        out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return run::FileBytes(std::move(out));
}

}  // namespace planlang::bench
