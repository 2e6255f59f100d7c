#include <unistd.h>

#include <cstdio>

#include "native/cli/terminal.hpp"

namespace planlang::cli {

bool stderr_is_terminal() { return ::isatty(::fileno(stderr)) == 1; }

}  // namespace planlang::cli
