// Browser test of the static site (issue 35): the pages `planlang site` wrote, in Debian's Chromium.
//
//   node tests/browser/site.test.mjs --site build/wasm/site [--out DIR]
//
// Loads each page type in both languages (the language choice, the entry page, plan, agent, gap report, case
// list, a case, the cards), each without a console error, a page error, a request outside the site or a
// resource the page names and the site lacks; checks the page is readable without JavaScript (the plan's expert
// parts are hidden until the switch is ticked, with scripts disabled too); ticks the leader/expert switch with
// the keyboard and checks that the screenshot of the plan page changes where it should (the expert parts appear,
// the leader parts stay) and that the choice is remembered on the next page; follows the language link; both
// themes (light and dark) render with different background colours. Ends "N passed, N failed".
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const arg = (name, fallback) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : fallback; };
const siteDir = resolve(arg('--site', join(repo, 'build/wasm/site')));
const outDir = resolve(arg('--out', join(siteDir, '..', 'site-test')));
let passed = 0, failed = 0;
function check(name, ok, detail = '') {
  if (ok) { passed++; console.log(`ok   ${name}`); } else { failed++; console.log(`FAIL ${name}${detail ? ': ' + detail : ''}`); }
}

const started = Date.now();
const server = await startStaticServer(siteDir);
const profile = mkdtempSync(join(tmpdir(), 'planlang-site-'));
mkdirSync(outDir, { recursive: true });
const browserArgs = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: browserArgs,
  viewport: { width: 1200, height: 900 }, locale: 'es-ES', colorScheme: 'light',
});
try {
  const page = context.pages()[0] || await context.newPage();
  const problems = [], outside = [], missing = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('request', (r) => { const u = r.url(); if (!u.startsWith(server.url) && !u.startsWith('data:')) outside.push(u); });
  page.on('response', (r) => { if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`); });

  const types = ['index.html', 'es/index.html', 'en/index.html'];
  for (const lang of ['es', 'en'])
    for (const p of ['plan.html', 'agente.html', 'brecha.html', 'casos.html', 'casos/A-004.html', 'fichas.html']) types.push(`${lang}/demo-a/${p}`);
  for (const t of types) {
    const before = problems.length + outside.length + missing.length;
    await page.goto(`${server.url}/${t}`, { waitUntil: 'load' });
    const h1 = (await page.locator('h1').first().textContent()) || '';
    const imagesOk = await page.evaluate(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
    check(`${t}: loads with a heading, its images and no error or outside request`,
          problems.length + outside.length + missing.length === before && h1.trim().length > 0 && imagesOk,
          [...problems, ...outside, ...missing].slice(before).slice(0, 3).join(' ') || (imagesOk ? '' : 'an image did not load'));
  }

  // The plan page: leader reading first (the expert parts hidden), then the switch ticked from the keyboard.
  await page.goto(`${server.url}/es/demo-a/plan.html`);
  const visibleExpert = () => page.evaluate(() => [...document.querySelectorAll('main .experto')].filter((e) => e.offsetParent !== null).length);
  const expertCount = await page.locator('main .experto').count();
  check('plan (leader): the expert parts exist and are hidden', expertCount > 5 && await visibleExpert() === 0, `${expertCount} parts`);
  const leaderShot = await page.screenshot({ path: join(outDir, 'plan-lider.png'), fullPage: true });
  await page.focus('#lectura-experto');
  await page.keyboard.press('Space');
  check('plan (expert): the switch shows every expert part', await visibleExpert() === expertCount, `${await visibleExpert()} of ${expertCount}`);
  const expertShot = await page.screenshot({ path: join(outDir, 'plan-experto.png'), fullPage: true });
  check('plan: the two readings look different', Buffer.compare(leaderShot, expertShot) !== 0);
  const leaderText = await page.locator('main h2').allTextContents();
  check('plan (expert): the leader sections are still there (an addition, never a replacement)', leaderText.length >= 8, leaderText.join(' | '));
  await page.goto(`${server.url}/es/demo-a/casos/A-004.html`);
  check('the expert reading is remembered on the next page', await page.locator('#lectura-experto').isChecked());
  check('case (expert): the step edge tables are shown', await page.locator('main .experto table').first().isVisible());
  await page.click('nav .idioma a');
  check('the language link opens the same case in English', page.url().endsWith('/en/demo-a/casos/A-004.html') &&
        (await page.locator('html').getAttribute('lang')) === 'en');

  // The English pages open the app in English, on their run (the link's `idioma=en`).
  await page.goto(`${server.url}/en/demo-a/plan.html`);
  await page.click('nav a[href*="playground.html"]');
  const english = /^Playground · demo-a-200 · .*\bcases\b/;
  await page.waitForFunction((re) => window.planlangRuntimeReady && new RegExp(re).test(document.getElementById('status').textContent || ''),
                             english.source, { timeout: 60000 }).catch(() => {});
  const said = await page.locator('#status').textContent();
  check('the Playground link of an English page opens the app in English on demo-a-200', english.test(said || '') &&
        page.url().includes('corrida=demo-a-200'), said || '');

  // Without JavaScript: the pages still read, and the switch still works (it is a checkbox the stylesheet reads).
  const noJs = await context.browser()?.newContext?.({ javaScriptEnabled: false }) || null;
  const page2 = noJs ? await noJs.newPage() : await context.newPage();
  if (!noJs) await page2.route('**/*.js', (r) => r.abort());
  await page2.goto(`${server.url}/en/demo-a/plan.html`);
  const hiddenNoJs = await page2.evaluate(() => [...document.querySelectorAll('main .experto')].every((e) => e.offsetParent === null));
  await page2.click('label[for=lectura-experto]');
  const shownNoJs = await page2.evaluate(() => [...document.querySelectorAll('main .experto')].every((e) => e.offsetParent !== null));
  check('without JavaScript the plan reads and the switch works', hiddenNoJs && shownNoJs);
  await page2.close();

  // Both themes.
  const bg = async (scheme) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}/en/demo-a/brecha.html`);
    await page.screenshot({ path: join(outDir, `brecha-${scheme}.png`) });
    return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  };
  const light = await bg('light'), dark = await bg('dark');
  check('light and dark themes differ', light !== dark, `${light} / ${dark}`);
  check('no request left the site', outside.length === 0, outside.slice(0, 3).join(' '));
  writeFileSync(join(outDir, 'problems.txt'), [...problems, ...missing].join('\n'));
  console.log(`screenshots: ${outDir}`);
} catch (e) {
  check('the test ran to the end', false, e.message.split('\n')[0]);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
