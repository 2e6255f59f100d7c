#include <emscripten.h>

#include "native/cli/whole_file.hpp"

namespace planlang::cli {
namespace {

// Opens the regular file at `path` with Node's fs and returns its size, keeping the descriptor on the Module;
// −1 when it is missing, not a regular file (a FIFO is refused, never waited on) or unreadable. Relative paths resolve against process.cwd(), as NODERAWFS does.
EM_JS(double, node_open_regular_file, (const char* path), {
    const fs = Module.planlangFs || (Module.planlangFs = require('fs'));
    let fd = -1;
    try {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer; it is refused below.
        fd = fs.openSync(UTF8ToString(path), fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
        const st = fs.fstatSync(fd);
        if (!st.isFile()) throw new Error('not a regular file');
        Module.planlangFd = fd;
        return st.size;
    } catch (e) {
        if (fd >= 0) try { fs.closeSync(fd); } catch (e2) {}
        return -1;
    }
});

// Reads the file opened above straight into linear memory at `into` (no Buffer in between, no second copy)
// and closes it. Returns the bytes read; −1 on a read error; −2 when the file grew past `size` meanwhile
// (the caller then reads it whole to its end).
EM_JS(double, node_read_open_file, (char* into, double size), {
    const fs = Module.planlangFs;
    const fd = Module.planlangFd;
    Module.planlangFd = -1;
    const at = into >>> 0;
    let done = 0;
    try {
        while (done < size) {
            const n = fs.readSync(fd, HEAPU8, at + done, size - done, done);
            if (n <= 0) break;
            done += n;
        }
        if (done === size && fs.readSync(fd, Buffer.alloc(1), 0, 1, size) > 0) done = -2;
    } catch (e) {
        done = -1;
    } finally {
        try { fs.closeSync(fd); } catch (e) {}
    }
    return done;
});

// A file that changed size while read: read whole, to its end, through a Buffer.
EM_JS(double, node_read_regular_file, (const char* path), {
    const fs = Module.planlangFs || (Module.planlangFs = require('fs'));
    let fd = -1;
    try {
        fd = fs.openSync(UTF8ToString(path), fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
        if (!fs.fstatSync(fd).isFile()) return -1;
        Module.planlangFile = fs.readFileSync(fd);
        return Module.planlangFile.length;
    } catch (e) {
        return -1;
    } finally {
        if (fd >= 0) try { fs.closeSync(fd); } catch (e) {}
    }
});

EM_JS(void, node_take_file, (char* into), {
    HEAPU8.set(Module.planlangFile, into >>> 0);
    Module.planlangFile = undefined;
});

}  // namespace

std::optional<std::string> read_whole_file(const std::string& path) {
    const double size = node_open_regular_file(path.c_str());
    if (size < 0) return std::nullopt;
    std::string bytes(static_cast<std::size_t>(size), '\0');
    const double got = node_read_open_file(bytes.empty() ? nullptr : &bytes[0], size);
    if (got == -1) return std::nullopt;
    if (got >= 0) {
        bytes.resize(static_cast<std::size_t>(got));
        return bytes;
    }
    const double whole = node_read_regular_file(path.c_str());
    if (whole < 0) return std::nullopt;
    bytes.assign(static_cast<std::size_t>(whole), '\0');
    if (!bytes.empty()) node_take_file(&bytes[0]);
    return bytes;
}

}  // namespace planlang::cli
