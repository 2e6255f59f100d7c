// Linked before every Node-run program (cmake/Emscripten.cmake, --pre-js). V8 moves a wasm function from
// its baseline compiler to the optimizing one once it has run a budget of about 1.8 MB of code; a CLI call
// of a second or two then spends most of its CPU in optimizing compiles it barely uses. Eleven times that
// budget keeps short runs on baseline code (verify on the 200-case run: 0.8 → 0.55 s CPU) while anything
// hot in a long run still reaches the optimizing tier within milliseconds. Set before the module compiles.
require("v8").setFlagsFromString("--wasm-tiering-budget=20000000");

// The SHA-256 backend of wasm builds (native/crypto/sha256_node.cpp) hashes through Node's crypto when the
// module has it: only Node-run programs do, so the playground in a browser keeps the portable code.
Module["planlangCrypto"] = require("crypto");

// The C environment of a wasm program is Emscripten's own (a fixed LANG and little else): the variables the
// CLI reads to pick its language (native/cli/main.cpp) come from the Node process, as natively.
Module["preRun"] = (Module["preRun"] || []).concat(function () {
  for (const name of ["PLANLANG_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]) {
    if (process.env[name] === undefined) delete ENV[name];
    else ENV[name] = process.env[name];
  }
});
