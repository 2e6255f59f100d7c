#pragma once
// Whether stderr is a terminal (spec/cli.md: progress bars only then). One .cpp per platform, chosen by
// CMake: POSIX isatty natively; Node's process.stderr.isTTY in wasm, because Emscripten's own isatty
// reports its emulated TTY even when Node's stderr goes to a file or a pipe.
namespace planlang::cli {

bool stderr_is_terminal();

}  // namespace planlang::cli
