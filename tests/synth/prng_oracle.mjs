// An independent JavaScript implementation of spec/synthetic-and-simulation.md §1, written for the test:
// it prints the outputs of fixed seeds, and prng_oracle_check compares core/synth/prng with them, natively
// and as wasm under Node. JavaScript is the reference environment of the original planlang: Math.imul,
// >>> and JavaScript's doubles are the definitions the spec names.
//
//   node prng_oracle.mjs OUT.tsv
//
// One vector per line, tab-separated, the seed as a JSON string (so any code unit survives):
//   cyrb128  SEED  h1 h2 h3 h4                  (uint32, decimal)
//   u32      SEED  x1 … x24                     (sfc32 outputs after the 15 discarded)
//   real     SEED  r1 … r12                     (String(r))
//   entero   SEED  a  b  v1 … v16
//   prob     SEED  p  0/1 ×16
//   elegir   SEED  n  i1 … i16                  (indices into a list of n)
//   ponderado SEED W  i1 … i24                  (W = JSON list of weights; indices)
//   barajar  SEED  n  p0 … p(n−1)               (the permutation of 0..n−1)
//   round    X     R                            (String(x), String(Math.round(x)) by the spec's formula)
import { writeFileSync } from 'node:fs';

function cyrb128(str) {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);  // UTF-16 code unit
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= (h2 ^ h3 ^ h4);
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

function sfc32(a, b, c, d) {
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
}

class Generator {
  constructor(seed) {
    this.next = sfc32(...cyrb128(seed));
    for (let i = 0; i < 15; i++) this.next();
  }
  real() { return this.next() / 4294967296; }
  entero(a, b) {
    if (!Number.isInteger(a) || !Number.isInteger(b) || b < a) throw new Error('entero');
    return a + Math.floor(this.real() * (b - a + 1));
  }
  probabilidad(p) { return this.real() < p; }
  elegirIndice(n) { if (n <= 0) throw new Error('elegir'); return this.entero(0, n - 1); }
  elegirPonderado(weights) {
    let total = 0;
    for (const w of weights) total += w;
    if (weights.length === 0 || !(total > 0)) throw new Error('elegirPonderado');
    let r = this.real() * total;
    for (let i = 0; i < weights.length; i++) {
      if (r < weights[i]) return i;
      r -= weights[i];
    }
    return weights.length - 1;
  }
  barajar(list) {
    const out = list.slice();
    for (let i = out.length - 1; i >= 1; i--) {
      const j = this.entero(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

const mathRound = (x) => { const f = Math.floor(x); return f + (x - f >= 0.5 ? 1 : 0); };

const seeds = [
  '', 'a', 'A', 'planlang', 'demo-a', 'demo-a/bloque/0', 'demo-a/bloque/1', 'demo-a/caso/A-001',
  'demo-a/caso/A-1000', 'demo-a/caso/A-001/repeticion/2', 'demo-a-humo/caso/AH-003',
  'señal-ñandú', 'Árbol café déjà vu', 'cafe\u0301',  // precomposed vs combining: different code units
  'ü€', '😀', 'semilla 🦜🌵 fin', '\u{10FFFF}', '\ud800x', 'x\udfff',
  'x'.repeat(1000), '0123456789'.repeat(13),
];

const lines = [];
const row = (...cells) => lines.push(cells.join('\t'));
for (const seed of seeds) {
  const s = JSON.stringify(seed);
  row('cyrb128', s, ...cyrb128(seed));
  { const g = new Generator(seed); row('u32', s, ...Array.from({ length: 24 }, () => g.next())); }
  { const g = new Generator(seed); row('real', s, ...Array.from({ length: 12 }, () => String(g.real()))); }
  for (const [a, b] of [[0, 0], [0, 1], [1, 6], [18, 89], [100000, 999999], [800000000, 999999999], [-5, 5], [0, 2 ** 40]]) {
    const g = new Generator(seed);
    row('entero', s, a, b, ...Array.from({ length: 16 }, () => g.entero(a, b)));
  }
  for (const p of [0, 0.5, 0.92, 1]) {
    const g = new Generator(seed);
    row('prob', s, p, ...Array.from({ length: 16 }, () => (g.probabilidad(p) ? 1 : 0)));
  }
  for (const n of [1, 3, 39]) {
    const g = new Generator(seed);
    row('elegir', s, n, ...Array.from({ length: 16 }, () => g.elegirIndice(n)));
  }
  // The catalog's weights (§3) and some awkward ones (zero weights, a fractional total).
  for (const w of [[5, 2, 2, 1.5, 1.5, 1.5], [1, 1, 1, 1], [3, 1.5, 0.5, 1], [2, 2, 1.5, 1], [0, 1], [0.1, 0.2, 0.3], [1e-9, 1]]) {
    const g = new Generator(seed);
    row('ponderado', s, JSON.stringify(w), ...Array.from({ length: 24 }, () => g.elegirPonderado(w)));
  }
  for (const n of [0, 1, 2, 20, 57]) {
    const g = new Generator(seed);
    row('barajar', s, n, ...g.barajar(Array.from({ length: n }, (_, i) => i)));
  }
}
for (const x of [0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994, 2.4999999999999996, 57.2, 46.8, 1e15 + 0.5,
                 4503599627370495.5, -4503599627370495.5, 123.456, 0.1 + 0.2, 850 * 11 / 100, 850 * 9 / 100]) {
  // The spec's formula is ECMAScript's Math.round; check it here, up to the sign of a zero result.
  if (mathRound(x) !== Math.round(x)) throw new Error(`Math.round(${x})`);
  row('round', String(x), String(mathRound(x)));
}
writeFileSync(process.argv[2], lines.join('\n') + '\n');
