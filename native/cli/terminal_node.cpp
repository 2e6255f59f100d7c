#include <emscripten.h>

#include "native/cli/terminal.hpp"

namespace planlang::cli {

bool stderr_is_terminal() {
    return EM_ASM_INT({ return (typeof process !== 'undefined' && process.stderr && process.stderr.isTTY) ? 1 : 0; }) == 1;
}

}  // namespace planlang::cli
