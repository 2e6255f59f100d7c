// What the app's browser tests share (playground.test.mjs on demo A, adherencia.test.mjs on the adherence
// coach): the checks' tally, the CLI's bytes for a setting, the slider geometry of imgui, a Chromium page on
// the served site with the app's test hooks, and the screenshot inspection.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const LABEL_RGB = [250, 194, 66]; // web/app/ui_common.hpp colour::kSimulationLabel (0.98, 0.76, 0.26)
export const SCREENS = ['entrada', 'plan', 'agente', 'brecha', 'playground', 'casos', 'fichas'];

export function tally() {
  const t = { passed: 0, failed: 0 };
  t.check = (name, ok, detail = '') => {
    if (ok) t.passed += 1; else t.failed += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ' · ' + detail : ''}`);
    return ok;
  };
  return t;
}

export function parseArgs(argv, usage) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!['site', 'cli', 'out'].includes(key) || i + 1 >= argv.length) {
      console.error(usage);
      process.exit(2);
    }
    out[key] = argv[i + 1];
  }
  return out;
}

// The CLI's bytes for a run at a setting (cwd = the repository, as the bundled paths are repository-relative).
export function cliJson(cli, repo, run, sets) {
  const argv = ['playground', run, '--json'];
  for (const [id, v] of Object.entries(sets)) argv.push('--set', `${id}=${v}`);
  return execFileSync(cli, argv, { cwd: repo, encoding: 'utf8', maxBuffer: 64 << 20 });
}

// redondear(min + i·paso, 6) for i = 0 … Math.round((max − min)/paso) (core/plan/slider_positions.hpp).
export function sliderPositions(range) {
  const count = Math.round((range.max - range.min) / range.paso) + 1;
  return Array.from({ length: count }, (_, i) => Math.round((range.min + i * range.paso) * 1e6) / 1e6);
}

// Centre x of position `index` on an imgui integer slider whose frame spans [x0, x1]
// (imgui_widgets.cpp SliderBehaviorT: 2 px padding, the grab is one unit wide, at least GrabMinSize).
export function positionX(x0, x1, index, count, grabMinSize = 14) {
  const track = x1 - x0 - 4;
  const grab = Math.min(Math.max(track / count, grabMinSize), track);
  return x0 + 2 + grab / 2 + (count > 1 ? index / (count - 1) : 0) * (track - grab);
}

export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'planlang-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
           '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    viewport: { width: 1300, height: 1000 },
    deviceScaleFactor: Number(process.env.DPR || 1),  // DPR=2: the same checks on a HiDPI screen
    locale: 'es-ES',
  });
  return { context, profile };
}

// The app on `page`: its test hooks (web/platform/test_hooks_browser.cpp), real mouse clicks on the rects
// they report, screenshots kept in `outDir` and inspected, and the console watched.
export function appDriver(page, server, outDir) {
  const d = { problems: [], outside: [], box: null };
  page.on('pageerror', (e) => d.problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') d.problems.push(`console error: ${m.text()}`); });
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(server.url) && !u.startsWith('data:') && !u.startsWith('blob:')) d.outside.push(u);
  });
  d.hook = (name, ...a) => page.evaluate(([n, a]) => Module['_planlang_web_' + n](...a), [name, a]);
  d.text = (name, ...a) => page.evaluate(([n, a]) => Module.UTF8ToString(Module['_planlang_web_' + n](...a)), [name, a]);
  d.rectOf = async (name, ...a) => Promise.all([0, 1, 2, 3].map((c) => d.hook(name, ...a, c)));
  d.control = async (name) => Promise.all([0, 1, 2, 3].map((c) =>
    page.evaluate(([n, c]) => Module.ccall('planlang_web_control_rect', 'number', ['string', 'number'], [n, c]), [name, c])));
  d.frames = async (n = 2) => {
    const f0 = await d.hook('frame_count');
    await page.waitForFunction((t) => Module._planlang_web_frame_count() >= t, f0 + n, { timeout: 10000 });
  };
  d.click = async (r) => {
    await page.mouse.click(d.box.x + (r[0] + r[2]) / 2, d.box.y + (r[1] + r[3]) / 2);
    await d.frames(3);
  };
  // A person's pointer rests on an item before pressing it: imgui's tabs and popups take a press only when
  // the item was already hovered in the frame before.
  d.hoverClick = async (r) => {
    await page.mouse.move(d.box.x + (r[0] + r[2]) / 2, d.box.y + (r[1] + r[3]) / 2);
    await d.frames(2);
    await d.click(r);
  };
  d.status = () => page.locator('#status').textContent();
  d.shot = async (name) => {
    const png = await page.screenshot({ path: join(outDir, name + '.png'), clip: d.box });
    return inspect(page, png);
  };
  d.ready = async () => {
    await page.waitForFunction(() => window.planlangRuntimeReady && Module._planlang_web_ready() === 1
                                     && Module._planlang_web_frame_count() > 3, null, { timeout: 60000 });
    d.box = await page.locator('#canvas').boundingBox();
  };
  // Drags slider `i` of the plan's thresholds from its played value to `value` with the real mouse.
  d.dragTo = async (plan, i, value) => {
    const positions = sliderPositions(plan.umbrales[i].rango_jugable);
    const played = JSON.parse(await d.text('engine_json')).umbrales[i].valor_jugado;
    const r = await d.rectOf('slider_rect', i);
    const y = d.box.y + (r[1] + r[3]) / 2;
    await page.mouse.move(d.box.x + positionX(r[0], r[2], positions.indexOf(played), positions.length), y); await d.frames();
    await page.mouse.down(); await d.frames();
    await page.mouse.move(d.box.x + positionX(r[0], r[2], positions.indexOf(value), positions.length), y, { steps: 8 }); await d.frames();
    await page.mouse.up(); await d.frames(3);
    return JSON.parse(await d.text('engine_json')).umbrales[i].valor_jugado;
  };
  // The seven screens clicked in turn, each kept as a screenshot (`prefix` + number + name) and checked: drawn,
  // not blank, the label visible, its text rendering there; Brecha's text is the run's `informeEn` itself.
  d.visitScreens = async (check, informeEn, prefix) => {
    for (let i = 0; i < 7; ++i) {
      await d.click(await d.rectOf('tab_rect', i));
      const seen = await d.shot(`${prefix}${i + 1}-${SCREENS[i]}-en-experto`);
      const said = await page.locator('#texto').textContent();
      if (SCREENS[i] === 'brecha') {
        check('the text of Brecha is the run\'s informe.en.md, byte for byte', said === informeEn);
      } else {
        check(`screen ${SCREENS[i]}: its text rendering is there, with the label`, said.includes('Simulation · not operational · synthetic data'),
              `${said.length} chars`);
      }
      check(`screen ${SCREENS[i]}: drawn, not blank, label visible`, await d.text('screen') === SCREENS[i] && seen.colours >= 60 && seen.label >= 150,
            JSON.stringify(seen));
    }
  };
  return d;
}

// Distinct colours in the canvas and pixels of the label colour in its top-left band (the label is first).
export async function inspect(page, png) {
  return page.evaluate(async ([b64, label]) => {
    const bitmap = await createImageBitmap(await (await fetch('data:image/png;base64,' + b64)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const all = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const colours = new Set();
    for (let i = 0; i < all.length; i += 4) colours.add((all[i] << 16) | (all[i + 1] << 8) | all[i + 2]);
    const s = window.devicePixelRatio;
    const band = ctx.getImageData(0, 0, 480 * s, 36 * s).data;
    let n = 0;
    for (let i = 0; i < band.length; i += 4) {
      if (Math.abs(band[i] - label[0]) + Math.abs(band[i + 1] - label[1]) + Math.abs(band[i + 2] - label[2]) < 40) n += 1;
    }
    return { colours: colours.size, label: Math.round(n / (s * s)) };
  }, [png.toString('base64'), LABEL_RGB]);
}
