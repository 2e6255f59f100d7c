// Benchmark of the app in headless Chromium (issue 34; not a test: it asserts nothing, it prints figures for
// bench/README.md). Run after building both presets:
//
//   node tests/browser/bench.mjs [--site build/wasm/site] [--loads 5] [--sweeps 3]
//
// 1. Navigation → first interactive frame (the app ready and drawing), over --loads cold loads (a fresh profile
//    each, so nothing is cached), median and range.
// 2. Frame time while U1 is dragged with the mouse across all its positions, --sweeps times there and back:
//    each mouse step waits for two frames and takes the longest frame since the previous step (hooks
//    planlang_web_take_max_frame_ms / _app_ms: the app's own clock around event handling, the replay, imgui —
//    "app" — and then the GL hand-off, which under headless Chromium's software renderer (SwiftShader) is most
//    of a frame). Median and 95th percentile, beside the idle frames of the same screen in the same run (the
//    ratio is what to compare across machines).
// 3. Page weight: every response the page fetched, raw and gzip -9 (what a static host serves compressed).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const opt = { site: join(repo, 'build/wasm/site'), loads: 5, sweeps: 3 };
for (let i = 2; i < process.argv.length; i += 2) opt[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const siteDir = resolve(opt.site);
const quantile = (xs, q) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]; };
const ms = (x) => x.toFixed(2);

const server = await startStaticServer(siteDir);
const launch = () => chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'planlang-bench-')), {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
         '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  viewport: { width: 1300, height: 1000 }, locale: 'es-ES',
});
const ready = (page) => page.waitForFunction(() => window.planlangRuntimeReady && Module._planlang_web_ready() === 1, null, { timeout: 60000 });

try {
  // ---- 1 and 3: cold loads ----
  const loads = [];
  const fetched = new Map();
  for (let i = 0; i < Number(opt.loads); ++i) {
    const context = await launch();
    const page = context.pages()[0] || await context.newPage();
    page.on('response', (r) => { const u = new URL(r.url()); if (u.origin === server.url) fetched.set(u.pathname, true); });
    const t0 = Date.now();
    await page.goto(`${server.url}/playground.html`);
    await ready(page);
    loads.push(Date.now() - t0);
    await context.close();
  }
  let raw = 0, gz = 0;
  const files = [];
  for (const path of [...fetched.keys()].sort()) {
    const file = join(siteDir, path === '/' ? 'index.html' : decodeURIComponent(path));
    let bytes;
    try { bytes = readFileSync(file); } catch { continue; }
    const z = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length; gz += z;
    files.push(`${path} ${bytes.length} → ${z}`);
  }

  // ---- 2: drag frames ----
  const context = await launch();
  const page = context.pages()[0] || await context.newPage();
  await page.goto(`${server.url}/playground.html#pantalla=playground`);
  await ready(page);
  const box = await page.locator('#canvas').boundingBox();
  const hook = (name, ...a) => page.evaluate(([n, a]) => Module['_planlang_web_' + n](...a), [name, a]);
  const nextFrame = async () => {
    const f0 = await hook('frame_count');
    await page.waitForFunction((t) => Module._planlang_web_frame_count() >= t, f0 + 1, { timeout: 10000 });
  };
  for (let i = 0; i < 10; ++i) await nextFrame();
  const idle = [];
  const idleApp = [];
  const take = async () => [await hook('take_max_frame_ms'), await hook('take_max_app_ms')];
  for (let i = 0; i < 60; ++i) {
    await take(); await nextFrame();
    const [f, a] = await take();
    idle.push(f); idleApp.push(a);
  }
  const r = await Promise.all([0, 1, 2, 3].map((c) => hook('slider_rect', 0, c)));
  const y = box.y + (r[1] + r[3]) / 2;
  const steps = 60;
  const drag = [];
  const dragApp = [];
  await page.mouse.move(box.x + r[0] + 4, y); await nextFrame();
  await page.mouse.down(); await nextFrame();
  for (let s = 0; s < Number(opt.sweeps); ++s) {
    for (let k = 0; k <= 2 * steps; ++k) {
      const t = k <= steps ? k / steps : 2 - k / steps;
      await take();
      await page.mouse.move(box.x + r[0] + 4 + t * (r[2] - r[0] - 8), y);
      await nextFrame(); await nextFrame();
      const [f, a] = await take();
      drag.push(f); dragApp.push(a);
    }
  }
  await page.mouse.up();
  const changes = JSON.parse(await page.evaluate(() => Module.UTF8ToString(Module._planlang_web_engine_json()))).cambios.length;
  await context.close();

  console.log(`first interactive frame: median ${quantile(loads, 0.5)} ms (${Math.min(...loads)}–${Math.max(...loads)}, ${loads.length} cold loads)`);
  const line = (label, xs) => `${label}: median ${ms(quantile(xs, 0.5))} ms, p95 ${ms(quantile(xs, 0.95))} ms, max ${ms(Math.max(...xs))} ms`;
  console.log(line(`drag frames, app (events, replay, imgui; U1, ${drag.length} moves)`, dragApp));
  console.log(line('drag frames, whole (+ GL hand-off to the renderer)', drag));
  console.log(line('idle frames, app', idleApp));
  console.log(line('idle frames, whole', idle));
  console.log(`drag/idle, app median ×${(quantile(dragApp, 0.5) / quantile(idleApp, 0.5)).toFixed(2)}; GL hand-off share of an idle frame ${(100 * (1 - quantile(idleApp, 0.5) / quantile(idle, 0.5))).toFixed(0)} %`);
  console.log(`(the drag ended with ${changes} changed cases)`);
  console.log(`page weight: ${(raw / 1e6).toFixed(2)} MB raw, ${(gz / 1e6).toFixed(2)} MB gzip -9`);
  for (const f of files) console.log(`  ${f}`);
} finally {
  await server.close();
}
