#!/usr/bin/env node
// Node baseline of the fingerprint benchmark: the same work as planlang's read + huella, done the
// obvious JavaScript way (UTF-8 decode + JSON.parse, canonicalize.mjs, crypto's SHA-256).
//
//   node baseline_fingerprint.mjs FILE [--runs 5]
//
// Prints "huella <hex>" and "node-baseline <MB/s> MB/s ...", MB = 10^6 bytes of FILE, best of the
// runs, timed with performance.now() (monotonic). Reading the file from disk is not timed (as in
// fingerprint_bench.cpp); decoding its bytes is, because the C++ reader validates UTF-8 too.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

import { huella } from './canonicalize.mjs';

const args = process.argv.slice(2);
const file = args[0];
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 5;
if (!file || file.startsWith('--') || !(runs >= 1)) {
  console.error('usage: node baseline_fingerprint.mjs FILE [--runs N>=1]');
  process.exit(2);
}

const bytes = fs.readFileSync(file);
const decoder = new TextDecoder('utf-8', { fatal: true });
let best = Infinity;
let result = null;
for (let r = 0; r < runs; ++r) {
  const t0 = performance.now();
  const h = huella(JSON.parse(decoder.decode(bytes)));
  const t1 = performance.now();
  if (result !== null && h !== result) throw new Error(`run ${r} gave another huella: ${h} vs ${result}`);
  result = h;
  best = Math.min(best, t1 - t0);
}
const mb = bytes.length / 1e6;
console.log(`huella ${result}`);
console.log(`node-baseline ${(mb / (best / 1000)).toFixed(1)} MB/s (${mb.toFixed(1)} MB, best of ${runs}: ${(best / 1000).toFixed(3)} s)`);
