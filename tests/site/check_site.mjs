// Checks a folder written by `planlang site` (issue 35's tests), independently of the code that wrote it:
//   node tests/site/check_site.mjs SITE_DIR ROOT [--provided FILE]…
// - every local link (href, src) of every HTML page resolves to a file of the site (FILE given with --provided
//   is supplied by another build, e.g. playground.html by the wasm build); no URL leaves the site;
// - every page declares its language, a Content-Security-Policy without any remote source, exactly one <h1>;
// - no "[[key]]" (a catalogue key without text), no empty element where text belongs, no "undefined"/"NaN";
// - the Spanish and English sites have the same pages, and each pair the same number of table rows;
// - every case the shown run executed has its page in both languages (read from the run's corrida.json), and
//   the cards' XML files exist and start as XML.
import fs from 'node:fs';
import path from 'node:path';

const [siteDir, root, ...rest] = process.argv.slice(2);
const provided = new Set();
for (let i = 0; i < rest.length; i++) if (rest[i] === '--provided') provided.add(rest[++i]);
const problems = [];
const fail = (file, what) => problems.push(`${file}: ${what}`);

function walk(dir, base = '') {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...walk(path.join(dir, e.name), rel));
    else out.push(rel);
  }
  return out;
}

const files = walk(siteDir).sort();
const fileSet = new Set(files);
const pages = files.filter((f) => f.endsWith('.html'));
const count = (text, re) => (text.match(re) || []).length;

for (const page of pages.filter((p) => !provided.has(p))) {
  const html = fs.readFileSync(path.join(siteDir, page), 'utf8');
  if (!/^<!doctype html>\n<html lang="(es|en)">/.test(html)) fail(page, 'no doctype or no lang');
  const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/);
  if (!csp) fail(page, 'no Content-Security-Policy');
  else if (/https?:|\*|'unsafe-inline'|'unsafe-eval'/.test(csp[1])) fail(page, `CSP allows more than the site: ${csp[1]}`);
  if (count(html, /<h1[ >]/g) !== 1) fail(page, `${count(html, /<h1[ >]/g)} <h1> elements`);
  if (html.includes('[[')) fail(page, `a catalogue key without text: ${html.substr(html.indexOf('[['), 60)}`);
  for (const bad of ['undefined', 'NaN', '[object Object]']) if (html.includes(bad)) fail(page, `contains "${bad}"`);
  const empty = html.match(/<(p|li|h[1-6]|th|code|strong|em|a|summary|blockquote)( [^>]*)?><\/\1>/);
  if (empty) fail(page, `empty element ${empty[0]}`);
  for (const m of html.matchAll(/\s(href|src)="([^"]*)"/g)) {
    const target = m[2].replace(/&amp;/g, '&');
    if (target.startsWith('data:')) continue;
    if (/^[a-z]+:|^\/\//i.test(target)) { fail(page, `link out of the site: ${target}`); continue; }
    if (target.startsWith('#')) continue;
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(page), target.split('#')[0]));
    if (file.startsWith('..')) { fail(page, `link above the site: ${target}`); continue; }
    if (!fileSet.has(file) && !provided.has(file)) fail(page, `link to a missing file: ${target}`);
  }
}

// Parity: the same pages in both languages, the same number of table rows in each pair.
const es = pages.filter((p) => p.startsWith('es/')).map((p) => p.slice(3));
const en = pages.filter((p) => p.startsWith('en/')).map((p) => p.slice(3));
if (es.join('\n') !== en.join('\n')) fail('es/ en/', 'the two languages have different pages');
for (const p of es) {
  if (!fileSet.has(`en/${p}`)) continue;
  const rows = (lang) => count(fs.readFileSync(path.join(siteDir, lang, p), 'utf8'), /<tr>/g);
  if (rows('es') !== rows('en')) fail(p, `table rows differ: es ${rows('es')}, en ${rows('en')}`);
}

// Every executed case has its page; the cards exist.
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'plans/sitio.json'), 'utf8'));
let casePages = 0;
for (const demo of manifest.demos) {
  const run = JSON.parse(fs.readFileSync(path.join(root, demo.corrida, 'corrida.json'), 'utf8'));
  for (const lang of ['es', 'en']) {
    for (const id of run.casos_ejecutados) {
      if (fileSet.has(`${lang}/${demo.id}/casos/${id}.html`)) casePages++;
      else fail(`${lang}/${demo.id}/casos/${id}.html`, 'missing case page');
    }
    for (const f of ['plan.html', 'agente.html', 'brecha.html', 'casos.html', 'fichas.html', 'diagrama.svg', 'reproducibilidad.md']) {
      if (!fileSet.has(`${lang}/${demo.id}/${f}`)) fail(`${lang}/${demo.id}/${f}`, 'missing');
    }
    for (const v of ['0.1', '0.2']) {
      const f = `${lang}/${demo.id}/ficha-chai-v${v}.xml`;
      if (!fileSet.has(f)) fail(f, 'missing');
      else if (!fs.readFileSync(path.join(siteDir, f), 'utf8').startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<AppliedModelCard>')) fail(f, 'not a CHAI card');
    }
  }
}

if (problems.length) {
  console.log(problems.slice(0, 40).join('\n'));
  console.log(`${problems.length} problem(s) in ${pages.length} pages`);
  process.exit(1);
}
console.log(`site ok: ${pages.length} pages (${casePages} case pages), ${files.length} files, every link resolves, no request leaves the site`);
