// Checks a folder written by `planlang site` (issue 35's tests), independently of the code that wrote it:
//   node tests/site/check_site.mjs SITE_DIR ROOT [--provided FILE]… [--self-test]
// - every local link (href, src) of every HTML page resolves to a file of the site (FILE given with --provided
//   is supplied by another build, e.g. playground.html by the wasm build); no URL leaves the site;
// - every "#fragment" of a link (page.html#x, or #x within the page) names an element id="x" (or <a name="x">)
//   of the target HTML page, or an id="x" of the target SVG; a fragment into a --provided file is its own
//   (e.g. the playground's hash route) and is not checked;
// - every SVG file of the site: its href / xlink:href and its url(…) references (marker-end, fill, style, <style>…)
//   resolve relative to the SVG, fragments included, and none leaves the site;
// - every CSS url(…) / @import — in the site's *.css files (relative to the file; a url(#x) names an element of
//   each page that uses the stylesheet) and in the pages' style="…" attributes and <style> blocks (relative to
//   the page) — resolves to a file of the site; data: URLs are fine; http:, https:, // leave the site: a failure;
// - every page declares its language, a Content-Security-Policy without any remote source, exactly one <h1>;
// - no "[[key]]" (a catalogue key without text), no empty element where text belongs, no "undefined"/"NaN";
// - the Spanish and English sites have the same pages, and each pair the same number of table rows;
// - every case the shown run executed has its page in both languages (read from the run's corrida.json), and
//   the cards' XML files exist and start as XML, the root <AppliedModelCard> in its schema version's namespace.
// --self-test then copies the site to a temporary folder, breaks one of each kind of reference (a missing
// fragment, SVG and CSS links to missing files or out of the site, a page's inline style) and fails unless each
// break, and nothing else, is reported (a check that cannot fail proves nothing).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// --- Reading the files: a small tag scanner, enough for the site's own HTML, SVG and CSS. ---

function walk(dir, base = '') {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...walk(path.join(dir, e.name), rel));
    else out.push(rel);
  }
  return out;
}

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (s) => s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, e) =>
  e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
    : entities[e.toLowerCase()] ?? all);

// The start tags of an HTML or SVG text, comments and the insides of <script>/<style> left out; attribute names
// lower-cased, values with their entities decoded. `styles` gets the text of every <style> block.
function scan(text) {
  const styles = [];
  const body = text.replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi, (all, open, css, close) => { styles.push(css); return open + close; })
    .replace(/(<script\b[^>]*>)[\s\S]*?(<\/script\s*>)/gi, '$1$2');
  const tags = [];
  for (const t of body.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g)) {
    const attrs = new Map();
    for (const a of t[2].matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g))
      attrs.set(a[1].toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? ''));
    tags.push({ name: t[1].toLowerCase(), attrs });
  }
  return { tags, styles };
}

// The URLs a piece of CSS refers to: url(…) (quoted or not) and @import "…".
function cssUrls(css) {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out = [];
  for (const m of text.matchAll(/\burl\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi)) out.push(m[1] ?? m[2] ?? m[3]);
  for (const m of text.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)) out.push(m[1] ?? m[2]);
  return out;
}

// Attributes whose value may hold a CSS url(…): SVG presentation attributes and style.
const urlAttributes = new Set(['style', 'fill', 'stroke', 'marker-start', 'marker-mid', 'marker-end', 'clip-path', 'mask', 'filter', 'cursor']);

// --- The check itself. ---

function check(siteDir, root, provided) {
  const problems = [];
  const fail = (file, what) => problems.push(`${file}: ${what}`);
  const files = walk(siteDir).sort();
  const fileSet = new Set(files);
  const pages = files.filter((f) => f.endsWith('.html'));
  const count = (text, re) => (text.match(re) || []).length;
  const scanned = new Map(); // file → scan(file's text)
  const scanOf = (file) => {
    if (!scanned.has(file)) scanned.set(file, scan(fs.readFileSync(path.join(siteDir, file), 'utf8')));
    return scanned.get(file);
  };
  const fragments = []; // { from, target, docs: [file…], frag }
  const sheetUsers = new Map(); // stylesheet → pages that link it
  let links = 0;

  // One reference `target` written in `from`, relative to `from`'s folder; `docs` are the documents a
  // fragment-only reference names (the file itself, or the pages using a stylesheet).
  function reference(from, target, docs = [from]) {
    links++;
    if (target.startsWith('data:')) return;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) { fail(from, `link out of the site: ${target}`); return; }
    const hash = target.indexOf('#');
    const filePart = hash < 0 ? target : target.slice(0, hash);
    let targets = docs;
    if (filePart !== '' || hash < 0) {
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(from), filePart));
      if (file.startsWith('..')) { fail(from, `link above the site: ${target}`); return; }
      if (!fileSet.has(file) && !provided.has(file)) { fail(from, `link to a missing file: ${target}`); return; }
      targets = [file];
    }
    if (hash >= 0) fragments.push({ from, target, docs: targets, frag: target.slice(hash + 1) });
  }

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
    const { tags, styles } = scanOf(page);
    for (const { name, attrs } of tags) {
      for (const a of ['href', 'src', 'xlink:href']) {
        if (!attrs.has(a)) continue;
        const target = attrs.get(a).trim();
        if (target === '') { fail(page, `an empty ${a}`); continue; }
        reference(page, target);
        if (name === 'link' && a === 'href' && /(^|\s)stylesheet(\s|$)/i.test(attrs.get('rel') ?? '')) {
          const sheet = path.posix.normalize(path.posix.join(path.posix.dirname(page), target));
          if (!sheetUsers.has(sheet)) sheetUsers.set(sheet, []);
          sheetUsers.get(sheet).push(page);
        }
      }
      for (const [a, v] of attrs) if (urlAttributes.has(a)) for (const u of cssUrls(v)) reference(page, u.trim());
    }
    for (const css of styles) for (const u of cssUrls(css)) reference(page, u.trim());
  }

  // SVG files: href / xlink:href and url(…) in attributes and <style>, relative to the SVG.
  const svgs = files.filter((f) => f.endsWith('.svg') && !provided.has(f));
  for (const svg of svgs) {
    const { tags, styles } = scanOf(svg);
    for (const { attrs } of tags) {
      for (const a of ['href', 'xlink:href']) {
        if (!attrs.has(a)) continue;
        const target = attrs.get(a).trim();
        if (target === '') fail(svg, `an empty ${a}`);
        else reference(svg, target);
      }
      for (const [a, v] of attrs) if (urlAttributes.has(a)) for (const u of cssUrls(v)) reference(svg, u.trim());
    }
    for (const css of styles) for (const u of cssUrls(css)) reference(svg, u.trim());
  }

  // Stylesheets: url(…) relative to the file; url(#x) names an element of each page that links the stylesheet.
  const sheets = files.filter((f) => f.endsWith('.css') && !provided.has(f));
  for (const sheet of sheets) {
    for (const u of cssUrls(fs.readFileSync(path.join(siteDir, sheet), 'utf8'))) reference(sheet, u.trim(), sheetUsers.get(sheet) ?? []);
  }

  // Fragments: the element each one names exists in every document it points into.
  const anchors = new Map(); // file → Set of ids (and <a name>s in HTML)
  const anchorsOf = (file) => {
    if (!anchors.has(file)) {
      const set = new Set();
      for (const { name, attrs } of scanOf(file).tags) {
        if (attrs.has('id')) set.add(attrs.get('id'));
        if (file.endsWith('.html') && name === 'a' && attrs.has('name')) set.add(attrs.get('name'));
      }
      anchors.set(file, set);
    }
    return anchors.get(file);
  };
  let unchecked = 0;
  for (const { from, target, docs, frag } of fragments) {
    let id = frag;
    try { id = decodeURIComponent(frag); } catch { /* not percent-encoded: use as written */ }
    const missing = [];
    for (const doc of docs) {
      if (provided.has(doc)) { unchecked++; continue; } // another build's page: its hash is its own route (playground.html#pantalla=…)
      if (doc.endsWith('.html')) {
        // HTML: "#" and "#top" name the top of the page (the HTML standard's "indicated part of the document").
        if (id === '' || id.toLowerCase() === 'top' || anchorsOf(doc).has(id) || anchorsOf(doc).has(frag)) continue;
      } else if (doc.endsWith('.svg')) {
        if (anchorsOf(doc).has(id) || anchorsOf(doc).has(frag)) continue;
      } else { fail(from, `a fragment into a file without anchors: ${target}`); break; }
      missing.push(doc);
    }
    if (docs.length === 0) fail(from, `url(#${frag}) in a stylesheet no page links`);
    else if (missing.length === 1 && missing[0] !== from) fail(from, `link to a missing fragment: ${target} (no id="${id}" in ${missing[0]})`);
    else if (missing.length === 1) fail(from, `link to a missing fragment: ${target} (no id="${id}" in the same file)`);
    else if (missing.length > 1) fail(from, `link to a missing fragment: ${target} (no id="${id}" in ${missing.length} of ${docs.length} pages using it, e.g. ${missing[0]})`);
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
        else if (!fs.readFileSync(path.join(siteDir, f), 'utf8').startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n<AppliedModelCard xmlns="https://mc.chai.org/v${v}/schema.xsd">\n`)) {
          fail(f, `not a CHAI card in the v${v} schema's namespace`);
        }
      }
    }
  }
  return { problems, files, pages, svgs, sheets, casePages, links, fragments: fragments.length - unchecked, unchecked };
}

// --- The self-test: one break of each kind in a copy of the site; each must be reported, and nothing else. ---

function selfTest(siteDir, root, provided) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'check-site-'));
  try {
    const copy = path.join(tmp, 'site');
    fs.cpSync(siteDir, copy, { recursive: true });
    const files = walk(copy).sort();
    const page = files.find((f) => /^es\/[^/]+\/plan\.html$/.test(f));
    const sheet = files.find((f) => f.endsWith('.css'));
    if (!page || !sheet) throw new Error('self-test: the site has no es/DEMO/plan.html or no stylesheet to break');
    const dir = path.posix.dirname(page);
    const svg = `${dir}/diagrama.svg`;
    const edit = (file, anchor, insert) => {
      const full = path.join(copy, file);
      const text = fs.readFileSync(full, 'utf8');
      if (!text.includes(anchor)) throw new Error(`self-test: no "${anchor}" in ${file} to break`);
      fs.writeFileSync(full, text.replace(anchor, insert + anchor));
    };
    // What is inserted, then what each break must report; the rest of what is inserted is valid and must pass.
    edit(page, '</main>', [
      '<p><a href="#no-such-anchor">a</a> <a href="agente.html#no-such-id">b</a> <a href="agente.html#contenido">c</a>',
      ' <a name="ancla-antigua">d</a> <a href="#ancla-antigua">e</a> <a href="#top">f</a> <a href="diagrama.svg#no-such-svg-id">g</a>',
      ` <a href="diagrama.svg#planlang-punta">h</a> <a href="no-such-page.html">i</a></p>`,
      '<p style="background: url(\'no-such-image.png\')">j</p> <p style="background: url(data:image/png;base64,AAAA)">k</p>',
      '<style>p { background: url(//cdn.example.org/x.png) }</style>\n',
    ].join(''));
    edit(svg, '</svg>', [
      '<a href="no-such-page.html"><text x="1" y="1">x</text></a>',
      '<a href="https://example.org/"><text x="1" y="1">x</text></a>',
      '<a href="plan.html#contenido"><text x="1" y="1">x</text></a>',
      '<use xlink:href="#no-such-symbol"/>',
      '<path d="M0,0L1,1" marker-end="url(#no-such-marker)"/>',
      '<path d="M0,0L1,1" marker-end="url(#planlang-punta)"/>',
      '<style>text { fill: url(../no-such-gradient.svg#g) }</style>\n',
    ].join(''));
    fs.appendFileSync(path.join(copy, sheet), [
      '.roto-1 { background: url("img/no-such.png"); }',
      '.roto-2 { background: url(https://example.org/f.png); }',
      '@import "no-such.css";',
      '.bien { background: url(data:image/svg+xml;utf8,<svg/>); }',
      `.bien-2 { background: url(${path.posix.relative(path.posix.dirname(sheet), svg)}#planlang-punta); }`,
      `.roto-3 { background: url(${path.posix.relative(path.posix.dirname(sheet), svg)}#no-such-paint); }`,
      '.roto-4 { filter: url(#no-such-filter); }\n',
    ].join('\n'));
    const expected = [
      `${page}: link to a missing fragment: #no-such-anchor (no id="no-such-anchor" in the same file)`,
      `${page}: link to a missing fragment: agente.html#no-such-id (no id="no-such-id" in ${dir}/agente.html)`,
      `${page}: link to a missing fragment: diagrama.svg#no-such-svg-id (no id="no-such-svg-id" in ${svg})`,
      `${page}: link to a missing file: no-such-page.html`,
      `${page}: link to a missing file: no-such-image.png`,
      `${page}: link out of the site: //cdn.example.org/x.png`,
      `${svg}: link to a missing file: no-such-page.html`,
      `${svg}: link out of the site: https://example.org/`,
      `${svg}: link to a missing fragment: #no-such-symbol (no id="no-such-symbol" in the same file)`,
      `${svg}: link to a missing fragment: #no-such-marker (no id="no-such-marker" in the same file)`,
      `${svg}: link to a missing file: ../no-such-gradient.svg#g`,
      `${sheet}: link to a missing file: img/no-such.png`,
      `${sheet}: link out of the site: https://example.org/f.png`,
      `${sheet}: link to a missing file: no-such.css`,
      `${sheet}: link to a missing fragment: ${path.posix.relative(path.posix.dirname(sheet), svg)}#no-such-paint (no id="no-such-paint" in ${svg})`,
      `${sheet}: link to a missing fragment: #no-such-filter (no id="no-such-filter" in `,
    ];
    const { problems } = check(copy, root, provided);
    const unmatched = [...problems];
    const missed = [];
    for (const e of expected) {
      const i = unmatched.findIndex((p) => p.startsWith(e));
      if (i < 0) missed.push(e); else unmatched.splice(i, 1);
    }
    for (const m of missed) console.log(`self-test: NOT reported: ${m}`);
    for (const u of unmatched) console.log(`self-test: reported, not expected: ${u}`);
    if (missed.length || unmatched.length) return false;
    console.log(`self-test ok: ${expected.length} breaks in a copy of the site (fragments, SVG links, CSS url), each reported; the valid references beside them pass`);
    return true;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const positional = [];
const provided = new Set();
let wantSelfTest = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--provided') provided.add(args[++i]);
  else if (args[i] === '--self-test') wantSelfTest = true;
  else positional.push(args[i]);
}
const [siteDir, root] = positional;
const r = check(siteDir, root, provided);
if (r.problems.length) {
  console.log(r.problems.slice(0, 40).join('\n'));
  console.log(`${r.problems.length} problem(s) in ${r.pages.length} pages`);
  process.exit(1);
}
console.log(`site ok: ${r.pages.length} pages (${r.casePages} case pages), ${r.svgs.length} SVG, ${r.sheets.length} CSS, ${r.files.length} files; ` +
  `${r.links} links resolve, ${r.fragments} #fragments found (${r.unchecked} into --provided files, not checked); no request leaves the site`);
if (wantSelfTest && !selfTest(siteDir, root, provided)) process.exit(1);
