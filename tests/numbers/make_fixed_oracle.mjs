#!/usr/bin/env node
// The report-number oracle (traces-and-verifier.md §15): Node says what Number#toFixed and
// redondear (Math.round(x·10^d) / 10^d, −0 → 0) give, and fixed_oracle_check compares
// planlang::json::to_fixed / redondear with it, natively and as wasm under Node.
//
//   node make_fixed_oracle.mjs OUT_DIR
//
// Writes, deterministically (fixed-seed PRNG, no clock, no host dependency):
//   OUT_DIR/fixed.tsv      "<16 hex digits of the IEEE bits>\t<d>\t<x.toFixed(d)>"
//   OUT_DIR/redondear.tsv  "<16 hex digits of x>\t<d>\t<16 hex digits of redondear(x, d)>"
// Lines starting with '#' name the category of the lines after them (shown with mismatches).
import fs from 'node:fs';
import path from 'node:path';

import { Rng } from './rng.mjs';

if (process.argv.length < 3) {
  console.error('usage: node make_fixed_oracle.mjs OUT_DIR');
  process.exit(2);
}
const outDir = process.argv[2];

// ---------------------------------------------------------------------------------------------- [bits]
const view = new DataView(new ArrayBuffer(8));
const hex8 = (u) => u.toString(16).padStart(8, '0');
function bitsHex(x) {
  view.setFloat64(0, x);
  return hex8(view.getUint32(0)) + hex8(view.getUint32(4));
}
function fromWords(hi, lo) {
  view.setUint32(0, hi >>> 0);
  view.setUint32(4, lo >>> 0);
  return view.getFloat64(0);
}
const fromHex = (h) => fromWords(parseInt(h.slice(0, 8), 16), parseInt(h.slice(8), 16));
function toBig(x) { view.setFloat64(0, x); return view.getBigUint64(0); }
function fromBig(b) { view.setBigUint64(0, BigInt.asUintN(64, b)); return view.getFloat64(0); }
const SIGN = 1n << 63n;
const MAG = SIGN - 1n;
const ordinal = (x) => { const b = toBig(x); return b & SIGN ? -(b & MAG) : b; };
const fromOrdinal = (o) => (o < 0n ? fromBig(-o | SIGN) : fromBig(o));
const ulpsFrom = (x, k) => fromOrdinal(ordinal(x) + BigInt(k));

// ------------------------------------------------------------------------------------------ [toFixed]
const fixedLines = [];
const seenFixed = new Set();
const fixedCategory = (name) => fixedLines.push(`# ${name}`);
function fixed(x, d) {
  const key = `${bitsHex(x)}\t${d}`;
  if (seenFixed.has(key)) return;
  seenFixed.add(key);
  fixedLines.push(`${key}\t${x.toFixed(d)}`);
}
const fixedBoth = (x, d) => { fixed(x, d); fixed(-x, d); };

const rng = new Rng(0x46495845);  // "FIXE"
const ALL_D = Array.from({ length: 101 }, (_, d) => d);

fixedCategory('edge values at every d = 0..100');
const edges = [0, -0, NaN, Infinity, -Infinity, Number.MIN_VALUE, fromHex('000fffffffffffff'),
  fromHex('0010000000000000'), Number.MAX_VALUE, Number.EPSILON, 1, 0.1, 0.2, 0.3, 0.1 + 0.2, 1 / 3, 2 / 3,
  Math.PI, 0.5, 1.5, 2.5, 1.005, 1.045, 2.675, 8.345, 0.0005, 0.000001, 1e-7, 123.456, 999.9995, 1e20,
  1e21, 1e22, ulpsFrom(1e21, -1), 2 ** 53, 2 ** 53 + 2, 2 ** 60, 2 ** 69, 2 ** 70, 2 ** -1022, 2 ** -1074,
  0.7745, 0.0316, 0.8333, 0.98, 96.2, 8.117, 4.964];
for (const x of edges) for (const d of ALL_D) fixedBoth(x, d);

fixedCategory('decimal ties on paper: k digits ending in 5 at d = k − 1 (1.005 → "1.00"), both signs');
for (let i = 0; i < 20000; ++i) {
  const intDigits = rng.below(4) === 0 ? '0' : rng.digits(rng.between(1, 6));
  const fracLen = rng.between(1, 12);
  const frac = (fracLen > 1 ? String(rng.below(10 ** Math.min(fracLen - 1, 9))).padStart(fracLen - 1, '0') : '') + '5';
  const x = Number(`${intDigits}.${frac}`);
  fixedBoth(x, frac.length - 1);
  fixed(x, frac.length);
}

fixedCategory('exact binary ties: m / 2^j (m odd) at d = j − 1, both signs');
for (let i = 0; i < 20000; ++i) {
  const j = rng.between(1, 40);
  const m = 2 * rng.below(2 ** 20) + 1;
  fixedBoth(m / 2 ** j, j - 1);
}

fixedCategory('negatives that round to zero ("-0.00") and positives that do');
for (let k = 1; k <= 30; ++k) {
  for (const x of [5 * 10 ** -k, 4.9 * 10 ** -k, 10 ** -k, 9.99 * 10 ** -k]) {
    for (let d = Math.max(0, k - 3); d <= Math.min(100, k + 2); ++d) fixedBoth(x, d);
  }
}

fixedCategory('around 1e20 and 1e21: 300 ulps each side, several d');
for (const b of [1e20, 1e21]) {
  for (let i = -300; i <= 300; ++i) for (const d of [0, 1, 2, 5, 20]) fixedBoth(ulpsFrom(b, i), d);
}

fixedCategory('subnormals and tiny normals at d = 20, 50, 99, 100');
for (let i = 0; i < 2000; ++i) {
  const x = i < 1000 ? fromWords(rng.below(0x100000), rng.u32()) : fromWords((1 + rng.below(60)) << 20 | rng.below(0x100000), rng.u32());
  for (const d of [20, 50, 99, 100]) fixedBoth(x, d);
}

fixedCategory('random short decimals: 1..17 digits, exponents -25..22, d = 0..25');
for (let i = 0; i < 120000; ++i) {
  const x = Number(`${rng.below(3) === 0 ? '-' : ''}${rng.digits(rng.between(1, 17))}e${rng.between(-25, 22)}`);
  fixed(x, rng.between(0, 25));
}

fixedCategory('random bit patterns with |x| in 2^-400..2^80, d = 0..100');
for (let i = 0; i < 60000; ++i) {
  const exponent = 1023 + rng.between(-400, 80);
  fixed(fromWords((rng.below(2) << 31) | (exponent << 20) | rng.below(0x100000), rng.u32()), rng.between(0, 100));
}

fixedCategory('random bit patterns over the whole range (NaN and infinities included), d = 0..100');
for (let i = 0; i < 20000; ++i) fixed(fromWords(rng.u32(), rng.u32()), rng.between(0, 100));

// ---------------------------------------------------------------------------------------- [redondear]
const roundLines = [];
const roundCategory = (name) => roundLines.push(`# ${name}`);
function redondear(x, d) {
  const r = Math.round(x * 10 ** d) / 10 ** d;
  return r === 0 ? 0 : r;  // −0 → 0
}
function round(x, d) { roundLines.push(`${bitsHex(x)}\t${d}\t${bitsHex(redondear(x, d))}`); }
const roundBoth = (x, d) => { round(x, d); round(-x, d); };

roundCategory('edge values at d = 0..22');
for (const x of edges) for (let d = 0; d <= 22; ++d) roundBoth(x, d);

roundCategory('decimal ties on paper (1.005 at d = 2 → 1) and their neighbours, both signs');
for (let i = 0; i < 30000; ++i) {
  const d = rng.between(0, 8);
  const x = Number(`${rng.below(4) === 0 ? '0' : rng.digits(rng.between(1, 5))}.${String(rng.below(10 ** d)).padStart(d, '0')}5`);
  roundBoth(x, d);
  roundBoth(ulpsFrom(x, 1), d);
  roundBoth(ulpsFrom(x, -1), d);
}

roundCategory('exact binary ties m / 2^j at d = j − 1 (ties toward +∞), both signs');
for (let i = 0; i < 10000; ++i) {
  const j = rng.between(1, 12);
  roundBoth((2 * rng.below(2 ** 16) + 1) / 2 ** j, j - 1);
}

roundCategory('ratios k/n (rates) at d = 4, latencies ms/1000 at d = 3, slider positions at d = 6');
for (let n = 1; n <= 300; ++n) for (let k = 0; k <= n; ++k) round(k / n, 4);
for (let ms = 0; ms <= 20000; ms += 7) round(ms / 1000, 3);
for (const [min, paso] of [[0, 0.05], [0.5, 0.05], [0.3, 0.01], [0, 0.1], [0.1, 0.001], [100, 250]]) {
  for (let i = 0; i <= 400; ++i) round(min + i * paso, 6);
}

roundCategory('random bit patterns with |x| in 2^-60..2^70 and over the whole range, d = 0..22');
for (let i = 0; i < 30000; ++i) {
  const exponent = 1023 + rng.between(-60, 70);
  round(fromWords((rng.below(2) << 31) | (exponent << 20) | rng.below(0x100000), rng.u32()), rng.between(0, 22));
  round(fromWords(rng.u32(), rng.u32()), rng.between(0, 22));
}

// -------------------------------------------------------------------------------------------- [write]
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'fixed.tsv'), fixedLines.join('\n') + '\n');
fs.writeFileSync(path.join(outDir, 'redondear.tsv'), roundLines.join('\n') + '\n');
const count = (lines) => lines.filter((l) => !l.startsWith('#')).length;
console.log(`make_fixed_oracle: ${count(fixedLines)} toFixed cases, ${count(roundLines)} redondear cases (${outDir})`);
