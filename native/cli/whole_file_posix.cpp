#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string_view>

#include "native/cli/whole_file.hpp"

namespace planlang::cli {
namespace {

constexpr int kOpenFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK;  // O_NONBLOCK: a FIFO is refused, never waited on

// The directory this thread last opened a file in, kept open: the verifier reads a run's traces one
// directory after another, and a name opened relative to its directory is looked up as one path component
// instead of all of them. Reading the 20,000 traces of a run in tmpfs: 215 ms by full paths with a read
// that sees the end, 145-155 ms by directory and name without it (bench history at 1a35ddd, "Reading a trace").
struct OpenDirectory {
    std::string path;
    int fd = -1;
    OpenDirectory() = default;
    OpenDirectory(const OpenDirectory&) = delete;
    OpenDirectory& operator=(const OpenDirectory&) = delete;
    ~OpenDirectory() {
        if (fd >= 0) ::close(fd);
    }
};

int open_file(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos || slash == 0) return ::open(path.c_str(), kOpenFlags);
    thread_local OpenDirectory directory;
    const std::string_view parent(path.data(), slash);
    if (directory.fd < 0 || directory.path != parent) {
        if (directory.fd >= 0) ::close(directory.fd);
        directory.path.assign(parent);
        directory.fd = ::open(directory.path.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (directory.fd < 0) return ::open(path.c_str(), kOpenFlags);
    }
    return ::openat(directory.fd, path.c_str() + slash + 1, kOpenFlags);
}

}  // namespace

std::optional<std::string> read_whole_file(const std::string& path) {
    const int fd = open_file(path);
    if (fd < 0) return std::nullopt;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return std::nullopt;
    }
    // Sized from fstat, plus one byte so that a file grown since is seen without a second buffer.
    const auto size = static_cast<std::size_t>(st.st_size);
    std::string bytes(size + 1, '\0');
    std::size_t got = 0;
    for (;;) {
        if (got == bytes.size()) bytes.resize(bytes.size() * 2);  // the file grew while read
        const ssize_t n = ::read(fd, &bytes[got], bytes.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
        // The size fstat gave, read in full and no more: the end, without a read that returns 0 to say so
        // (a system call is dear on a virtual machine; one in five per trace).
        if (got == size) break;
    }
    ::close(fd);
    bytes.resize(got);
    return bytes;
}

}  // namespace planlang::cli
