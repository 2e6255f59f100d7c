// xoshiro128** (Blackman & Vigna 2018, https://prng.di.unimi.it/) seeded by splitmix32: 32-bit integer
// arithmetic only, so a seed gives the same sequence on every machine and Node version. Shared by the
// number oracle and the benchmark's document generator; changing it changes both outputs.
const rotl = (x, k) => (x << k) | (x >>> (32 - k));

export class Rng {
  constructor(seed) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s = [next(), next(), next(), next()];
  }
  u32() {
    const s = this.s;
    const r = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
    const t = s[1] << 9;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 11);
    return r;
  }
  below(n) { return this.u32() % n; }           // the tiny modulo bias does not matter for coverage
  between(lo, hi) { return lo + this.below(hi - lo + 1); }
  pick(list) { return list[this.below(list.length)]; }
  digits(k) {                                    // k decimal digits, the first one nonzero
    let s = String(1 + this.below(9));
    while (s.length < k) s += String(this.below(10));
    return s;
  }
}
