#!/usr/bin/env node
// The number oracle (issue 2, item 3): Node itself says how ECMAScript prints and reads doubles, and
// number_oracle_check compares planlang::json::format_number / parse_number with it byte for byte.
//
//   node make_oracle.mjs OUT_DIR [--min-format N]
//
// Writes, deterministically (fixed-seed PRNG, no clock, no host dependency):
//   OUT_DIR/format.tsv  "<16 hex digits of the IEEE bits>\t<String(x)>", one distinct finite double a line
//   OUT_DIR/parse.tsv   "<JSON number literal>\t<16 hex digits of JSON.parse(literal)>" or "...\treject"
//                       when JSON.parse throws, gives a non-number or an infinity (we must refuse those).
// Lines starting with '#' name the category of the lines after them (shown with mismatches).
import fs from 'node:fs';
import path from 'node:path';

import { Rng } from './rng.mjs';

const args = process.argv.slice(2);
if (args.length < 1) {
  console.error('usage: node make_oracle.mjs OUT_DIR [--min-format N]');
  process.exit(2);
}
const outDir = args[0];
const minIndex = args.indexOf('--min-format');
const minFormat = minIndex >= 0 ? Number(args[minIndex + 1]) : 1_000_000;

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
function toBig(x) {
  view.setFloat64(0, x);
  return view.getBigUint64(0);
}
function fromBig(b) {
  view.setBigUint64(0, BigInt.asUintN(64, b));
  return view.getFloat64(0);
}
const SIGN = 1n << 63n;
const MAG = SIGN - 1n;
// Doubles in real-line order as integers (±0 both map to 0), so neighbours are ordinal ± k.
const ordinal = (x) => { const b = toBig(x); return b & SIGN ? -(b & MAG) : b; };
const fromOrdinal = (o) => (o < 0n ? fromBig(-o | SIGN) : fromBig(o));
const ulpsFrom = (x, k) => fromOrdinal(ordinal(x) + BigInt(k));


// ------------------------------------------------------------------------------------------- [format]
const formatLines = [];
const seen = new Set();
function category(name) { formatLines.push(`# ${name}`); }
function add(x) {
  if (!Number.isFinite(x)) return;
  const h = bitsHex(x);
  if (seen.has(h)) return;
  seen.add(h);
  formatLines.push(`${h}\t${String(x)}`);
}
const addBoth = (x) => { add(x); add(-x); };
function addAround(x, k) { for (let i = -k; i <= k; ++i) add(ulpsFrom(x, i)); }

// RFC 8785 Appendix B, "Number Serialization Samples": IEEE bits → expected JSON text. The script stops
// if Node disagrees, which would mean this transcription (or Node) is wrong.
const rfc8785 = [
  ['0000000000000000', '0'], ['8000000000000000', '0'], ['0000000000000001', '5e-324'],
  ['8000000000000001', '-5e-324'], ['7fefffffffffffff', '1.7976931348623157e+308'],
  ['ffefffffffffffff', '-1.7976931348623157e+308'], ['4340000000000000', '9007199254740992'],
  ['c340000000000000', '-9007199254740992'], ['4430000000000000', '295147905179352830000'],
  ['44b52d02c7e14af5', '9.999999999999997e+22'], ['44b52d02c7e14af6', '1e+23'],
  ['44b52d02c7e14af7', '1.0000000000000001e+23'], ['444b1ae4d6e2ef4e', '999999999999999700000'],
  ['444b1ae4d6e2ef4f', '999999999999999900000'], ['444b1ae4d6e2ef50', '1e+21'],
  ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'], ['3eb0c6f7a0b5ed8d', '0.000001'],
  ['41b3de4355555553', '333333333.3333332'], ['41b3de4355555554', '333333333.33333325'],
  ['41b3de4355555555', '333333333.3333333'], ['41b3de4355555556', '333333333.3333334'],
  ['41b3de4355555557', '333333333.33333343'], ['becbf647612f3696', '-0.0000033333333333333333'],
  ['43143ff3c1cb0959', '1424953923781206.2'],
];
const fromHex = (h) => fromWords(parseInt(h.slice(0, 8), 16), parseInt(h.slice(8), 16));
category('RFC 8785 Appendix B');
for (const [h, text] of rfc8785) {
  const x = fromHex(h);
  if (String(x) !== text) throw new Error(`RFC 8785 vector ${h}: Node prints ${String(x)}, RFC says ${text}`);
  formatLines.push(`${h}\t${text}`);  // -0 stays listed: its own bits, printed "0"
  seen.add(h);
}

category('edge values');
for (const x of [0, Number.MIN_VALUE, fromHex('000fffffffffffff'), fromHex('0010000000000000'),
  Number.MAX_VALUE, Number.EPSILON, 1, 2, 10, 0.1, 0.2, 0.3, 0.1 + 0.2, 1 / 3, 2 / 3, Math.PI, Math.E,
  Math.SQRT2, Math.LN2, Math.LN10, 0.5, 0.25, 0.125, 1.5, 100, 1e3, 123456789, 0.029603400000000002,
  4.35, 0.000001, 1e-7, 1e20, 1e21, 1e22, 2 ** 31, 2 ** 32, 2 ** 52, 2 ** 53, 2 ** 63, 2 ** 64,
  Number.MAX_SAFE_INTEGER, 2 ** 1023, 2 ** -1022, 2 ** -1074]) addBoth(x);

category('powers of ten 1e-323..1e308 and 4 ulps each side');
for (let k = -323; k <= 308; ++k) { const x = Number(`1e${k}`); for (let i = -4; i <= 4; ++i) addBoth(ulpsFrom(x, i)); }

category('powers of two 2^-1074..2^1023 and 2 ulps each side');
for (let k = -1074; k <= 1023; ++k) { const x = 2 ** k; for (let i = -2; i <= 2; ++i) addBoth(ulpsFrom(x, i)); }

const rng = new Rng(0x504c414e);  // "PLAN"

category('subnormals: the 20000 smallest, the 20000 largest, 20000 random');
for (let i = 1; i <= 20000; ++i) add(fromWords(0, i));
for (let i = 0; i < 20000; ++i) add(ulpsFrom(fromHex('0010000000000000'), -1 - i));
for (let i = 0; i < 20000; ++i) add(fromWords(rng.below(0x100000) | (rng.below(2) << 31), rng.u32()));

category('exponent-form boundaries: 3000 ulps around 1e-7, 1e-6, 1e-5, 1e20, 1e21, 1e22 (both signs)');
for (const b of [1e-7, 1e-6, 1e-5, 1e20, 1e21, 1e22]) { addAround(b, 3000); addAround(-b, 3000); }

// §15.2 layout: n (the decimal exponent of the shortest digits) decides the form; draw every digit
// count k = 1..17 with n on both sides of each switch (n = -5 | -6 and 21 | 22), plus 1-ulp neighbours.
category('exponent-form boundaries: k = 1..17 digits, n = -7..-4, 0, 1, 20..23, and neighbours');
for (let k = 1; k <= 17; ++k) {
  for (const n of [-7, -6, -5, -4, 0, 1, 20, 21, 22, 23]) {
    for (let i = 0; i < 150; ++i) {
      const x = Number(`0.${rng.digits(k)}e${n}`);
      add(x); add(ulpsFrom(x, 1)); add(ulpsFrom(x, -1)); add(-x);
    }
  }
}

category('integers near 2^53, 2^54, 2^63, 2^64 (5000 ulps each side) and 0..10000');
for (const p of [2 ** 53, 2 ** 54, 2 ** 63, 2 ** 64]) { addAround(p, 5000); addAround(-p, 500); }
for (let i = 0; i <= 10000; ++i) addBoth(i);

category('everyday decimals: i/100, i/1000, 1/i, i*0.1, i/3');
for (let i = 1; i <= 20000; ++i) { add(i / 100); add(i / 1000); add(1 / i); add(i * 0.1); add(i / 3); add(-i / 100); }

category('random short decimals: 1..17 digits, exponents mostly -30..30, some over the whole range');
for (let i = 0; i < 250000; ++i) {
  const k = rng.between(1, 17);
  const e = rng.below(10) === 0 ? rng.between(-340, 310) : rng.between(-30, 30);
  const x = Number(`${rng.below(4) === 0 ? '-' : ''}${rng.digits(k)}e${e}`);
  add(x);
}

category('random bit patterns (exponent 0x7ff skipped)');
while (seen.size < minFormat + 20000) {
  const hi = rng.u32();
  if (((hi >>> 20) & 0x7ff) === 0x7ff) continue;
  add(fromWords(hi, rng.u32()));
}

// -------------------------------------------------------------------------------------------- [parse]
const parseLines = [];
function parseCategory(name) { parseLines.push(`# ${name}`); }
// The expected answer is always JSON.parse's, never this script's reasoning: the construction below
// only decides which literals are interesting.
function addLiteral(lit) {
  if (/[\t\n\r ]/.test(lit) || lit.startsWith('#')) throw new Error(`unusable literal ${JSON.stringify(lit)}`);
  let v;
  try { v = JSON.parse(lit); } catch { v = undefined; }
  parseLines.push(`${lit}\t${typeof v === 'number' && Number.isFinite(v) ? bitsHex(v) : 'reject'}`);
}

// A decimal D × 10^E (D a digit string without leading zeros) written in one of JSON's spellings.
function spell(D, E, r, negative = false) {
  const sign = negative ? '-' : '';
  const L = D.length;
  const eChar = r.below(2) ? 'e' : 'E';
  const eSign = (n) => (n < 0 ? String(n) : (r.below(3) === 0 ? '+' : '') + String(n));
  const form = r.below(3);
  if (form === 0 && E >= 0 && E <= 400) return sign + D + '0'.repeat(E);
  if (form === 0 && E < 0) {
    const point = L + E;
    return sign + (point > 0 ? `${D.slice(0, point)}.${D.slice(point)}` : `0.${'0'.repeat(-point)}${D}`);
  }
  if (form === 1 && L > 1) return `${sign}${D[0]}.${D.slice(1)}${eChar}${eSign(E + L - 1)}`;
  return `${sign}${D}${eChar}${eSign(E)}`;
}
// The exact value of a positive finite double as D × 10^E, and of the midpoint to the next double up.
function decompose(x) {
  const b = toBig(x);
  const exp = Number((b >> 52n) & 0x7ffn);
  const frac = b & ((1n << 52n) - 1n);
  return exp === 0 ? { m: frac, e: -1074 } : { m: frac | (1n << 52n), e: exp - 1075 };
}
function exactDecimal(m, e) {  // m × 2^e = m × 5^-e × 10^e
  let D = e >= 0 ? m << BigInt(e) : m * 5n ** BigInt(-e);
  let E = e >= 0 ? 0 : e;
  while (D !== 0n && D % 10n === 0n) { D /= 10n; ++E; }
  return { D, E };
}
// D × 10^E ± one unit 20 digits further down: just above / just below the exact value.
const nudge = ({ D, E }, dir) => ({ D: D * 10n ** 20n + BigInt(dir), E: E - 20 });

const prng = new Rng(0x50415253);  // "PARS"
function hardCases(x, r) {
  const { m, e } = decompose(x);
  const exact = exactDecimal(m, e);
  const mid = exactDecimal(2n * m + 1n, e - 1);  // halfway to the next double up: ties-to-even decides
  for (const d of [exact, mid, nudge(mid, -1), nudge(mid, 1)]) {
    addLiteral(spell(d.D.toString(), d.E, r, r.below(4) === 0));
  }
}

parseCategory("RFC 8785 §3.2.2.3's 333333333.33333329 and decisions.md D1");
addLiteral('333333333.33333329');
if (JSON.parse('333333333.33333329') !== 333333333.3333333) throw new Error('Node reads 333333333.33333329 differently');

parseCategory('syntax accepted by JSON: signs, exponent spellings, zeros');
for (const lit of ['0', '-0', '0.0', '-0.0', '0e0', '0E-0', '-0e+0', '1', '-1', '1e5', '1E5', '1e+5', '1e-5',
  '1.5e0005', '1e-0000000000000000000000000000001', '123.456e-7', '0.1', '0.30000000000000004',
  '9007199254740993', '9007199254740992.5', '1.7976931348623157e308', '1.7976931348623158e308',
  '1.7976931348623159e308', '4.9e-324', '2.4703282292062327e-324', '2.4703282292062328e-324',
  '2.2250738585072011e-308', '2.2250738585072012e-308', '2.2250738585072014e-308',
  '1e308', '1e309', '-1e309', '1e400', '-1e400', '1e-400', '-1e-400', '1e99999999999999999999',
  '1e-99999999999999999999', '0e99999999999999999999', '-0e-99999999999999999999']) addLiteral(lit);

parseCategory('syntax refused by JSON (never a number)');
for (const lit of ['', '-', '+', '+1', '01', '-01', '00', '1.', '.1', '-.1', '1e', '1e+', '1E-', '0x10', '0b1',
  'NaN', 'Infinity', '-Infinity', '1_000', '1.0.0', '--1', '1e1.5', '1e+-1', '1..0', 'e1', '1f', '1d',
  '٣', '１', 'true', 'null', '"1"', '[1]', '{}', '0.e1', '1.e1', '-e1', '1ee1', '1e1e1']) addLiteral(lit);

parseCategory('long literals: zeros, 1000+ digits, around the overflow threshold');
for (let k = 300; k <= 420; k += 3) { addLiteral(`0.${'0'.repeat(k)}1`); addLiteral(`1${'0'.repeat(k)}`); }
addLiteral(`1${'0'.repeat(1200)}e-1200`);
addLiteral(`0.${'0'.repeat(1200)}1e1210`);
addLiteral(`0.${'3'.repeat(2000)}`);
addLiteral(`${'9'.repeat(1100)}e-1100`);
{
  const max = decompose(Number.MAX_VALUE);
  const over = exactDecimal(2n * max.m + 1n, max.e - 1);  // 2^1024 − 2^970: ties to even = Infinity
  for (const d of [over, nudge(over, -1), nudge(over, 1)]) {
    const D = d.D.toString();
    addLiteral(spell(D, d.E, prng));
    addLiteral(`${D}e${d.E}`);
  }
  // Half of the smallest subnormal ties to even (0); a hair above it rounds to 5e-324.
  const half = exactDecimal(1n, -1075);
  for (const d of [half, nudge(half, -1), nudge(half, 1)]) addLiteral(`${d.D}e${d.E}`);
  // Far past double-conversion's 780 kept digits: the dropped tail must still break the tie.
  const mid = exactDecimal(2n * decompose(1).m + 1n, decompose(1).e - 1);  // 1 + 2^-53
  addLiteral(`${mid.D}${'0'.repeat(900)}1e${mid.E - 901}`);
  addLiteral(`${mid.D}${'0'.repeat(900)}e${mid.E - 900}`);
}

parseCategory('exact values, midpoints and midpoints ± 1e-20 ulp of edge values and powers of ten');
for (const x of [Number.MIN_VALUE, fromHex('000fffffffffffff'), fromHex('0010000000000000'), 1, 0.1, 0.3,
  2 ** 53, 2 ** 53 - 1, 1e21, 1e-7, 1e-6, 1e22, 1e23, 5e-324 * 3, Number.MAX_VALUE / 2]) hardCases(x, prng);
for (let k = -320; k <= 307; ++k) hardCases(Number(`1e${k}`), prng);

parseCategory('exact values and midpoints of random 1..17-digit doubles in 1e-45..1e32');
for (let i = 0; i < 40000; ++i) {
  const x = Number(`${prng.digits(prng.between(1, 17))}e${prng.between(-45, 15)}`);
  hardCases(x, prng);
}

parseCategory('exact values and midpoints of random bit patterns (long literals)');
for (let i = 0; i < 2500; ++i) {
  const hi = prng.u32() & 0x7fffffff;
  if (((hi >>> 20) & 0x7ff) === 0x7ff) continue;
  hardCases(fromWords(hi, prng.u32()), prng);
}

parseCategory('random short decimals in every spelling');
for (let i = 0; i < 100000; ++i) {
  const D = prng.digits(prng.between(1, 25));
  const E = prng.below(8) === 0 ? prng.between(-360, 330) : prng.between(-25, 25);
  addLiteral(spell(D, E, prng, prng.below(2) === 0));
}

// -------------------------------------------------------------------------------------------- [write]
const formatCount = formatLines.filter((l) => !l.startsWith('#')).length;
if (formatCount < minFormat) throw new Error(`only ${formatCount} doubles, fewer than ${minFormat}`);
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'format.tsv'), formatLines.join('\n') + '\n');
fs.writeFileSync(path.join(outDir, 'parse.tsv'), parseLines.join('\n') + '\n');
const parseCount = parseLines.filter((l) => !l.startsWith('#')).length;
console.log(`make_oracle: ${formatCount} doubles in format.tsv, ${parseCount} literals in parse.tsv (${outDir})`);
