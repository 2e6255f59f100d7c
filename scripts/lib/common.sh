# Shared by scripts/*: messages, and the environment emscripten needs on Debian (toolchain.md P1, P2).
say() { printf 'planlang: %s\n' "$*" >&2; }
die() { printf 'planlang: error: %s\n' "$*" >&2; exit 1; }
export NODE_PATH=/usr/share/nodejs      # acorn for emscripten's optimizer (P1)
export EMSDK_PYTHON=/usr/bin/python3    # the pyenv shim makes every emcc call 3x slower (P2)
