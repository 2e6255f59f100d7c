// A plain-JavaScript canonical JSON and huella, written from the spec alone (plan-format.md §15.1,
// §15.3; RFC 8785 §3.2), with none of the C++ core's code: the benchmark's baseline and an independent
// oracle for tests. ECMAScript already has the two hard parts: JSON.stringify prints numbers as
// Number#toString (RFC 8785 §3.2.2.3) and escapes strings as RFC 8785 §3.2.2.2 requires (lone
// surrogates as \udxxx), and String.prototype.normalize('NFC') is Unicode NFC.
//
//   import { canonicalize, huella } from './canonicalize.mjs';
//   canonicalize(JSON.parse(text))                 // planlang form (NFC on keys and strings)
//   canonicalize(JSON.parse(text), { nfc: false }) // plain RFC 8785
//   huella(JSON.parse(text))                       // 64 hex digits, top-level "huella" removed
import { createHash } from 'node:crypto';

// Plain RFC 8785 sorts the keys as they are. Default sort compares UTF-16 code units (§3.2.3).
function canonicalRfc(v) {
  if (v === null || typeof v !== 'object') return scalar(v);
  if (Array.isArray(v)) return `[${v.map(canonicalRfc).join(',')}]`;
  const keys = Object.keys(v).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalRfc(v[k])}`).join(',')}}`;
}

// planlang: keys NFC-normalised before sorting; keys NFC makes equal keep the later one in the object's
// enumeration order (§15.1 rule 2; a Map assignment overwrites and the later write wins).
function canonicalNfc(v) {
  if (v === null || typeof v !== 'object') return typeof v === 'string' ? JSON.stringify(v.normalize('NFC')) : scalar(v);
  if (Array.isArray(v)) return `[${v.map(canonicalNfc).join(',')}]`;
  const members = new Map();
  for (const k of Object.keys(v)) members.set(k.normalize('NFC'), v[k]);
  const keys = [...members.keys()].sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalNfc(members.get(k))}`).join(',')}}`;
}

function scalar(v) {
  if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`canonical JSON has no ${v} (RFC 8785 §3.2.2.3)`);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v === null) return JSON.stringify(v);
  throw new Error(`not a JSON value: ${typeof v}`);
}

export function canonicalize(value, { nfc = true } = {}) {
  return nfc ? canonicalNfc(value) : canonicalRfc(value);
}

// §15.3: SHA-256 of the UTF-8 of the canonical form of the value without its top-level `huella` key.
export function huella(value) {
  let hashed = value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, 'huella')) {
    hashed = { ...value };
    delete hashed.huella;
  }
  return createHash('sha256').update(canonicalize(hashed), 'utf8').digest('hex');
}
