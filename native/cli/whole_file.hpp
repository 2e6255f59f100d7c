#pragma once
// A regular file's whole content, read for the verifier's FileSource (one call per trace, so the cost per
// file matters). One .cpp per platform, chosen by CMake: POSIX open/fstat/read natively; in wasm one
// Node fs call per step instead of Emscripten's emulated stdio (stat, fopen, fread, fclose each crossing
// into JavaScript: a fifth of `verify`'s time under Node before).
#include <optional>
#include <string>

namespace planlang::cli {

// The bytes of the regular file at `path`, or nullopt when it is missing, not a regular file or unreadable.
// The bytes up to the size the file had when opened; a file that shrinks while read is read to its end.
std::optional<std::string> read_whole_file(const std::string& path);

}  // namespace planlang::cli
