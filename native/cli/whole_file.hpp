#pragma once
// A regular file's whole content, read for the verifier's FileSource (one call per trace, so the cost per
// file matters). One .cpp per platform, chosen by CMake: POSIX open/fstat/read natively; in wasm one
// Node fs call per step instead of Emscripten's emulated stdio (stat, fopen, fread, fclose each crossing
// into JavaScript: a fifth of `verify`'s time under Node before).
#include <optional>
#include <string>

namespace planlang::cli {

// The bytes of the regular file at `path`, or nullopt when it is missing, not a regular file or unreadable.
// A file that changes size while read is read to its end, unless the reads reach exactly the size it had
// when opened: then they stop there, without a last read to see the end (see whole_file_posix.cpp).
std::optional<std::string> read_whole_file(const std::string& path);

}  // namespace planlang::cli
