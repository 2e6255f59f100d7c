// The broken-plan corpus on the Node side, independent of the C++ test helper:
//   node corpus.mjs materialise SRC_DIR OUT_DIR   writes OUT_DIR/<case>.json = base + changes, for every
//                                                 tests/data/plan/<case>.json (JSON Patch add/remove/replace,
//                                                 RFC 6902 / RFC 6901, written here from the RFCs)
//   node corpus.mjs expect SRC_DIR OUTPUT_DIR     compares OUTPUT_DIR/<case>.json, the `planlang validate
//                                                 --json` output of each case, with its `esperado` (codes
//                                                 and elements, in order); last line "<passed> <failed>"
import fs from 'node:fs';
import path from 'node:path';

function fail(message) {
  throw new Error(message);
}

// RFC 6901 §3–§4.
function pointerTokens(pointer) {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) fail(`not a JSON Pointer: ${pointer}`);
  return pointer.slice(1).split('/').map((t) => {
    if (/~[^01]|~$/.test(t)) fail(`bad escape in ${pointer}`);
    return t.replace(/~1/g, '/').replace(/~0/g, '~');
  });
}

function arrayIndex(token, length, allowEnd) {
  if (allowEnd && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) fail(`not an array index: ${token}`);
  const i = Number(token);
  if (i > length || (!allowEnd && i === length)) fail(`index out of range: ${token}`);
  return i;
}

const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const clone = (v) => JSON.parse(JSON.stringify(v));
const isContainer = (v) => v !== null && typeof v === 'object';

// RFC 6902 §4.1–§4.3 (the three operations the corpus uses).
function applyOperation(doc, operation) {
  const { op, path: pointer } = operation;
  if (!['add', 'remove', 'replace'].includes(op)) fail(`unsupported op ${op}`);
  if (op !== 'remove' && !own(operation, 'value')) fail(`${op} needs a value`);
  const value = operation.value;
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) {
    if (op === 'remove') fail('cannot remove the whole document');
    return clone(value);
  }
  let parent = doc;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(parent)) parent = parent[arrayIndex(t, parent.length, false)];
    else if (isContainer(parent) && own(parent, t)) parent = parent[t];
    else fail(`no ${t} on the way to ${pointer}`);
  }
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    const i = arrayIndex(last, parent.length, op === 'add');
    if (op === 'add') parent.splice(i, 0, clone(value));
    else if (op === 'replace') parent[i] = clone(value);
    else parent.splice(i, 1);
  } else if (isContainer(parent)) {
    if (op !== 'add' && !own(parent, last)) fail(`nothing to ${op} at ${pointer}`);
    if (op === 'remove') delete parent[last];
    else parent[last] = clone(value);  // an existing member keeps its place
  } else {
    fail(`the parent of ${pointer} is a scalar`);
  }
  return doc;
}

function materialise(src, out) {
  const dir = path.join(src, 'tests/data/plan');
  const names = fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  fs.mkdirSync(out, { recursive: true });
  for (const name of names) {
    const spec = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    let doc = JSON.parse(fs.readFileSync(path.join(src, spec.base), 'utf8'));
    spec.cambios.forEach((operation, i) => {
      try {
        doc = applyOperation(doc, operation);
      } catch (e) {
        fail(`${name}: operation ${i}: ${e.message}`);
      }
    });
    fs.writeFileSync(path.join(out, name), JSON.stringify(doc, null, 2) + '\n');
  }
  console.log(`${names.length} cases materialised`);
}

function expectCase(caseFile, outputFile) {
  const name = path.basename(caseFile);
  if (!fs.existsSync(outputFile)) {
    console.log(`UNEXPECTED ${name}: no output`);
    return false;
  }
  const spec = JSON.parse(fs.readFileSync(caseFile, 'utf8'));
  const got = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
  const show = (list) => (list || []).map((i) => `${i.codigo} @ ${i.elemento}`).join('\n');
  let ok = true;
  for (const key of ['motivos', 'advertencias', 'observaciones']) {
    const want = show(spec.esperado[key]);
    const have = show(got[key]);
    if (want !== have) {
      ok = false;
      console.log(`UNEXPECTED ${name}: ${key}\n  expected:\n    ${want.replace(/\n/g, '\n    ')}\n  got:\n    ${have.replace(/\n/g, '\n    ')}`);
    }
  }
  if (got.ok !== (spec.esperado.motivos.length === 0)) {
    ok = false;
    console.log(`UNEXPECTED ${name}: ok is ${got.ok}`);
  }
  return ok;
}

function expect(src, outputs) {
  const dir = path.join(src, 'tests/data/plan');
  let passed = 0;
  let failed = 0;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    if (expectCase(path.join(dir, name), path.join(outputs, name))) passed += 1;
    else failed += 1;
  }
  console.log(`${passed} ${failed}`);
  process.exitCode = failed === 0 ? 0 : 1;
}

const [command, a, b] = process.argv.slice(2);
if (command === 'materialise' && a && b) materialise(a, b);
else if (command === 'expect' && a && b) expect(a, b);
else {
  console.error('usage: node corpus.mjs materialise SRC_DIR OUT_DIR | expect SRC_DIR OUTPUT_DIR');
  process.exitCode = 2;
}
