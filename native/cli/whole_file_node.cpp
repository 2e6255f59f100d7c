#include <emscripten.h>

#include "native/cli/whole_file.hpp"

namespace planlang::cli {
namespace {

// Reads the whole regular file at `path` with Node's fs into a Buffer kept on the Module, and returns its
// size, or −1 when the file is missing, not a regular file or unreadable (a FIFO is refused before it is
// read, so nothing blocks). Relative paths resolve against process.cwd(), as NODERAWFS does. Two crossings
// into JavaScript per file (this and the copy below) instead of Emscripten's stat, fopen, fread, fclose.
EM_JS(double, node_read_regular_file, (const char* path), {
    const fs = Module.planlangFs || (Module.planlangFs = require('fs'));
    let fd = -1;
    try {
        fd = fs.openSync(UTF8ToString(path), 'r');
        if (!fs.fstatSync(fd).isFile()) return -1;
        Module.planlangFile = fs.readFileSync(fd);
        return Module.planlangFile.length;
    } catch (e) {
        return -1;
    } finally {
        if (fd >= 0) try { fs.closeSync(fd); } catch (e) {}
    }
});

// Copies the Buffer read above into linear memory at `into` and lets it go.
EM_JS(void, node_take_file, (char* into), {
    HEAPU8.set(Module.planlangFile, into);
    Module.planlangFile = undefined;
});

}  // namespace

std::optional<std::string> read_whole_file(const std::string& path) {
    const double size = node_read_regular_file(path.c_str());
    if (size < 0) return std::nullopt;
    std::string bytes(static_cast<std::size_t>(size), '\0');
    if (!bytes.empty()) node_take_file(&bytes[0]);
    return bytes;
}

}  // namespace planlang::cli
