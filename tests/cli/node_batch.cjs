// Runs the wasm CLI many times in one Node process, for the native-vs-Node corpus tests: the module is compiled
// once and instantiated afresh for each command (new memory, new runtime), so a command costs milliseconds
// instead of the third of a second a `node planlang.js …` start-up costs. What a command writes to its standard
// output and error (fd 1 and 2 under NODERAWFS) is captured; its exit code is the one main returned.
//
//   node tests/cli/node_batch.cjs PLANLANG_JS LIST OUTDIR
//
// LIST: one command a line, its words separated by tabs (no tab or newline inside a word). For line i (from 0)
// it writes OUTDIR/i.out, OUTDIR/i.err and OUTDIR/i.rc (the exit code and a newline). Paths are relative to the
// working directory, as for `node planlang.js`.
'use strict';
const fs = require('fs');
const path = require('path');

const [jsArg, listPath, outDir] = process.argv.slice(2);
const jsPath = path.resolve(jsArg);
const program = new Function('Module', 'require', '__dirname', '__filename', fs.readFileSync(jsPath, 'utf8'));
const compiled = new WebAssembly.Module(fs.readFileSync(jsPath.replace(/\.js$/, '.wasm')));

function run(args) {
  const out = [], err = [];
  const write = fs.writeSync, close = fs.closeSync;
  fs.writeSync = function (fd, data, offset, length, ...rest) {
    if (fd !== 1 && fd !== 2) return write.call(fs, fd, data, offset, length, ...rest);
    const bytes = typeof data === 'string' ? Buffer.from(data)
      : Buffer.from(data.buffer, data.byteOffset + (offset || 0), length === undefined ? data.length - (offset || 0) : length);
    (fd === 1 ? out : err).push(Buffer.from(bytes));
    return bytes.length;
  };
  fs.closeSync = (fd) => { if (fd > 2) close.call(fs, fd); };  // the runtime's exit closes the standard streams
  const handlers = ['uncaughtException', 'unhandledRejection'].map((e) => [e, process.listeners(e).length]);
  let status = null;
  try {
    program({
      arguments: args,
      thisProgram: jsPath,
      quit: (code, toThrow) => { status = code; throw toThrow; },
      instantiateWasm: (imports, receive) => {
        const instance = new WebAssembly.Instance(compiled, imports);
        receive(instance, compiled);
        return instance.exports;
      },
    }, require, path.dirname(jsPath), jsPath);
  } finally {
    fs.writeSync = write;
    fs.closeSync = close;
    for (const [event, n] of handlers)
      while (process.listeners(event).length > n) process.removeListener(event, process.listeners(event).at(-1));
  }
  return { status, out: Buffer.concat(out), err: Buffer.concat(err) };
}

fs.mkdirSync(outDir, { recursive: true });
const lines = fs.readFileSync(listPath, 'utf8').split('\n');
if (lines.at(-1) === '') lines.pop();
lines.forEach((line, i) => {
  const r = run(line.split('\t').filter((w) => w !== ''));
  fs.writeFileSync(path.join(outDir, `${i}.out`), r.out);
  fs.writeFileSync(path.join(outDir, `${i}.err`), r.err);
  fs.writeFileSync(path.join(outDir, `${i}.rc`), `${r.status}\n`);
});
