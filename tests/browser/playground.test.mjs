// Browser test of the playground (issue 2, item 5): the wasm app in Debian's Chromium, driven like a reader.
//
//   node tests/browser/playground.test.mjs --site build/wasm/site --cli build/native/planlang [--out DIR]
//
// It serves the assembled site on a free 127.0.0.1 port, opens playground.html, proves the canvas is not blank
// and shows the simulation label, drags the first threshold's slider with the real mouse, and checks the
// huellas the page computed (plan and applied plan) against the native CLI (`planlang fingerprint`).
// Ends with "N passed, N failed"; exit status 1 on any failure.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = parseArgs(process.argv.slice(2));
const siteDir = resolve(args.site || process.env.PLANLANG_SITE || join(repo, 'build/wasm/site'));
const cli = resolve(args.cli || process.env.PLANLANG_CLI || join(repo, 'build/native/planlang'));
const outDir = resolve(args.out || join(siteDir, '..', 'browser-test'));
const samplePlan = 'plans/demo-a/plan-demo-a.json';
const LABEL = {
  es: 'Simulación · no operativo · datos sintéticos',
  en: 'Simulation · not operational · synthetic data',
};
const LABEL_RGB = [250, 194, 66]; // web/app/ui_common.hpp colour::kSimulationLabel (0.98, 0.76, 0.26)

let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed += 1; else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ' · ' + detail : ''}`);
  return ok;
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!['site', 'cli', 'out'].includes(key) || i + 1 >= argv.length) {
      console.error('usage: node playground.test.mjs [--site DIR] [--cli PLANLANG] [--out DIR]');
      process.exit(2);
    }
    out[key] = argv[i + 1];
  }
  return out;
}

// redondear(min + i·paso, 6) for i = 0 … Math.round((max − min)/paso), as playground.md §1 defines the slider
// positions (core/plan/slider_positions.hpp; the last one may pass max by less than half a step).
function sliderPositions(range) {
  const count = Math.round((range.max - range.min) / range.paso) + 1;
  return Array.from({ length: count }, (_, i) => Math.round((range.min + i * range.paso) * 1e6) / 1e6);
}

// Centre x of position `index` on an imgui integer slider whose frame spans [x0, x1]
// (imgui_widgets.cpp SliderBehaviorT: 2 px padding, the grab is one unit wide, at least GrabMinSize).
function positionX(x0, x1, index, count, grabMinSize = 14) {
  const track = x1 - x0 - 4;
  const grab = Math.min(Math.max(track / count, grabMinSize), track);
  return x0 + 2 + grab / 2 + (count > 1 ? index / (count - 1) : 0) * (track - grab);
}

// Catalogue keys named in web/app/*.cpp ("plan.huella_calculada"…), asked of the running app in es and en:
// a key missing from lang/*.json comes back as "[[key]]" (web/app/text_catalogue.hpp).
async function catalogueGaps(page, key) {
  const sources = readdirSync(join(repo, 'web/app')).filter((f) => f.endsWith('.cpp'))
    .map((f) => readFileSync(join(repo, 'web/app', f), 'utf8')).join('\n');
  const keys = [...new Set([...sources.matchAll(/"((?:app|plan|umbrales|experto|aplicado|error)\.[a-z_]+)"/g)].map((m) => m[1]))];
  const gaps = [];
  for (const english of [0, 1]) {
    await page.evaluate((e) => Module._planlang_web_set_language(e), english);
    for (const k of keys) {
      const t = await key(k);
      if (!t || t.startsWith('[[')) gaps.push(`${english ? 'en' : 'es'}:${k}`);
    }
  }
  await page.evaluate(() => Module._planlang_web_set_language(0));
  return keys.length < 20 ? `only ${keys.length} keys found` : gaps.join(' ');
}

function fingerprint(file) {
  return execFileSync(cli, ['fingerprint', file], { encoding: 'utf8' }).trim();
}

const started = Date.now();
const server = await startStaticServer(siteDir);
const profile = mkdtempSync(join(tmpdir(), 'planlang-chromium-'));
const work = mkdtempSync(join(tmpdir(), 'planlang-browser-test-'));
mkdirSync(outDir, { recursive: true });
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
         '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  viewport: { width: 1280, height: 900 },
  deviceScaleFactor: Number(process.env.DPR || 1),  // DPR=2: the same checks on a HiDPI screen
  locale: 'es-ES',
});
try {
  const page = context.pages()[0] || await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') console.log(`  [browser error] ${m.text()}`); });

  const hook = (name, ...a) => page.evaluate(([n, a]) => Module['_planlang_web_' + n](...a), [name, a]);
  const text = (name, ...a) => page.evaluate(([n, a]) => Module.UTF8ToString(Module['_planlang_web_' + n](...a)), [name, a]);
  const key = (k) => page.evaluate((k) => Module.ccall('planlang_web_text', 'string', ['string'], [k]), k);
  // Immediate-mode UI: let at least `n` frames render so each input step is seen by its own frame (P12).
  const frames = async (n = 2) => {
    const f0 = await hook('frame_count');
    await page.waitForFunction((t) => Module._planlang_web_frame_count() >= t, f0 + n, { timeout: 10000 });
  };

  await page.goto(`${server.url}/playground.html`);
  await page.waitForFunction(() => window.planlangRuntimeReady && Module._planlang_web_ready() === 1
                                   && Module._planlang_web_frame_count() > 3, null, { timeout: 30000 });
  const loadError = await text('load_error');
  check('the app loaded the catalogues and the sample plan', loadError === '', loadError);
  check('the reader language follows the browser (es-ES)', await text('language') === 'es');
  check('the simulation label text (es)', await key('app.etiqueta_simulacion') === LABEL.es);
  const gaps = await catalogueGaps(page, key);
  check('every catalogue key the app names has a text in both languages', gaps === '', gaps);

  // ---- screenshot: not blank, label drawn ----
  const canvasBox = await page.locator('#canvas').boundingBox();
  const shotEs = join(outDir, 'playground-es-leader.png');
  const png = await page.screenshot({ path: shotEs });
  const pixels = await page.evaluate(async ([b64, box, label]) => {
    const blob = await (await fetch('data:image/png;base64,' + b64)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const s = window.devicePixelRatio;  // the screenshot is in device pixels, the box in CSS pixels
    const area = ctx.getImageData(box.x * s, box.y * s, box.width * s, box.height * s).data;
    const colours = new Set();
    for (let i = 0; i < area.length; i += 4) colours.add((area[i] << 16) | (area[i + 1] << 8) | area[i + 2]);
    // The label is the first thing on the first line: the top-left 480×36 px must hold its colour.
    const band = ctx.getImageData(box.x * s, box.y * s, 480 * s, 36 * s).data;
    let labelPixels = 0;
    for (let i = 0; i < band.length; i += 4) {
      const d = Math.abs(band[i] - label[0]) + Math.abs(band[i + 1] - label[1]) + Math.abs(band[i + 2] - label[2]);
      if (d < 40) labelPixels += 1;
    }
    labelPixels = Math.round(labelPixels / (s * s));
    return { colours: colours.size, labelPixels, width: bitmap.width, height: bitmap.height };
  }, [png.toString('base64'), canvasBox, LABEL_RGB]);
  check('the canvas is not blank (distinct colours)', pixels.colours >= 200, `${pixels.colours} colours`);
  check('the label region shows the label colour', pixels.labelPixels >= 150, `${pixels.labelPixels} px`);

  // ---- huellas before any move ----
  const planHuella = await text('plan_huella');
  const declared = await text('declared_huella');
  const appliedBefore = await text('applied_huella');
  check('the in-browser huella is 64 hex digits', /^[0-9a-f]{64}$/.test(planHuella), planHuella);
  check('at plan values the applied plan has the plan\'s huella', appliedBefore === planHuella);
  const cliPlan = fingerprint(join(siteDir, samplePlan));
  check('browser huella of the sample plan = native CLI', planHuella === cliPlan, `${planHuella} vs ${cliPlan}`);
  if (declared !== '') check('the declared huella matches', declared === planHuella);

  // ---- drag the first slider with the mouse ----
  const plan = JSON.parse(readFileSync(join(siteDir, samplePlan), 'utf8'));
  const first = plan.umbrales[0];
  check('the first threshold is a slider', await hook('threshold_is_switch', 0) === 0 && 'min' in first.rango_jugable);
  const positions = sliderPositions(first.rango_jugable);
  const planIndex = positions.indexOf(first.valor_en_plan);
  const target = planIndex === positions.length - 2 ? 1 : positions.length - 2; // far from the plan value
  const r = await Promise.all([0, 1, 2, 3].map((c) => hook('slider_rect', 0, c)));
  const y = canvasBox.y + (r[1] + r[3]) / 2;
  const fromX = canvasBox.x + positionX(r[0], r[2], Math.max(planIndex, 0), positions.length);
  const toX = canvasBox.x + positionX(r[0], r[2], target, positions.length);
  check('the value starts at the plan value', await hook('applied_value', 0) === first.valor_en_plan);
  await page.mouse.move(fromX, y); await frames();
  await page.mouse.down(); await frames();
  await page.mouse.move(toX, y, { steps: 8 }); await frames();
  await page.mouse.up(); await frames();
  const moved = await hook('applied_value', 0);
  check('the dragged value is a slider position', positions.includes(moved), `${moved}`);
  check('the dragged value differs from the plan value', moved !== first.valor_en_plan, `${first.valor_en_plan} → ${moved}`);
  check('the drag landed on the aimed position', moved === positions[target], `aimed ${positions[target]}`);

  // ---- the applied plan: its huella in the page = the CLI's on its disk form ----
  const appliedHuella = await text('applied_huella');
  const diskForm = await text('applied_plan');
  check('moving a threshold changes the applied huella', appliedHuella !== planHuella);
  const appliedFile = join(work, 'plan-aplicado.json');
  writeFileSync(appliedFile, diskForm);
  const written = JSON.parse(diskForm);
  check('the applied plan carries the moved value', written.umbrales[0].valor_en_plan === moved);
  const cliApplied = fingerprint(appliedFile);
  check('browser huella of the applied plan = native CLI', appliedHuella === cliApplied, `${appliedHuella} vs ${cliApplied}`);
  await page.screenshot({ path: join(outDir, 'playground-es-moved.png') });

  // ---- language and reading toggles reach real text ----
  await hook('set_language', 1); await hook('set_expert', 1); await frames();
  check('the simulation label text (en)', await key('app.etiqueta_simulacion') === LABEL.en);
  check('expert reading shows the signal row', (await key('experto.senal')) === 'Signal');
  await page.screenshot({ path: join(outDir, 'playground-en-expert.png') });

  check('no page errors', pageErrors.length === 0, pageErrors.join(' | '));
  console.log(`screenshots: ${outDir}`);
} catch (e) {
  check('the test ran to the end', false, e.message.split('\n')[0]);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
console.log(`time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
