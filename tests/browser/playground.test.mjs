// Browser test of the app (issue 34): the wasm build in Debian's Chromium, driven as a person drives it.
//
//   node tests/browser/playground.test.mjs --site build/wasm/site --cli build/native/planlang [--out DIR]
//
// It serves the assembled site on a free 127.0.0.1 port and, with the real mouse only (never a hook that sets
// state): switches to English and to the expert reading, opens the Playground, drags U1, U2 and U3 and clicks the
// Texas switch, and after each move compares the engine's JSON (read through a hook) with
// `planlang playground RUNDIR --set … --json` of the native CLI byte for byte, and the status line the page
// shows (aria-live) with the figures of that JSON; opens a changed case from the table and steps its replay;
// follows a deep link; opens a deliberately broken run through the folder picker and reads its reasons; visits
// the seven screens and keeps a screenshot of each (checked not blank). Any console error, page error or request
// outside the site fails the test. Ends with "N passed, N failed"; exit status 1 on any failure.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appDriver, cliJson as cliJsonOf, launch, parseArgs, tally } from './app_driver.mjs';
import { startStaticServer } from './static-server.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = parseArgs(process.argv.slice(2), 'usage: node playground.test.mjs [--site DIR] [--cli PLANLANG] [--out DIR]');
const siteDir = resolve(args.site || process.env.PLANLANG_SITE || join(repo, 'build/wasm/site'));
const cli = resolve(args.cli || process.env.PLANLANG_CLI || join(repo, 'build/native/planlang'));
const outDir = resolve(args.out || join(siteDir, '..', 'browser-test'));
const RUN = 'synthetic/runs/demo-a/demo-a-200';
const t = tally();
const check = t.check;
const cliJson = (run, sets) => cliJsonOf(cli, repo, run, sets);

const started = Date.now();
const server = await startStaticServer(siteDir);
const { context, profile } = await launch();
const work = mkdtempSync(join(tmpdir(), 'planlang-browser-test-'));
mkdirSync(outDir, { recursive: true });
try {
  const page = context.pages()[0] || await context.newPage();
  const d = appDriver(page, server, outDir);
  const { problems, outside, hook, text, rectOf, control, frames, click, status, shot, ready } = d;

  const t0 = Date.now();
  await page.goto(`${server.url}/playground.html`);
  await ready();
  console.log(`  first interactive frame after ${Date.now() - t0} ms`);
  check('the app opened the bundled run', await text('load_error') === '', await text('load_error'));
  check('it starts in Spanish (browser es-ES) on Entrada', await text('language') === 'es' && await text('screen') === 'entrada');
  const first = await shot('01-entrada-es-lider');
  check('Entrada is not blank and shows the label', first.colours >= 100 && first.label >= 150, JSON.stringify(first));

  // ---- language and reading: the buttons, clicked ----
  await click(await rectOf('language_rect', 1));
  check('the EN button switches to English', await text('language') === 'en');
  check('the status line speaks English', /Home · demo-a-200 · At the plan's values no case changes path/.test(await status()), await status());
  await click(await rectOf('reading_rect', 1));
  check('the Expert button switches the reading', await text('reading') === 'experto');

  // ---- the Playground: plan values, then U1, U2, U3 dragged and Texas clicked ----
  await click(await rectOf('tab_rect', 4));
  check('tab 5 opens the Playground', await text('screen') === 'playground');
  check('the address names the screen', (await page.evaluate(() => location.hash)).includes('pantalla=playground'));
  const atPlan = await text('engine_json');
  check('engine JSON at plan values = CLI byte for byte', atPlan === cliJson(RUN, {}), `${atPlan.length} bytes`);
  const plan = JSON.parse(readFileSync(join(repo, 'plans/demo-a/plan-demo-a.json'), 'utf8'));
  const sets = {};
  const dragTo = (i, value) => d.dragTo(plan, i, value);
  const compare = async (label) => {
    const mine = await text('engine_json');
    const theirs = cliJson(RUN, sets);
    check(`${label}: engine JSON = CLI --set ${Object.entries(sets).map(([k, v]) => `${k}=${v}`).join(' ')}`, mine === theirs,
          `${mine.length} vs ${theirs.length} bytes`);
    const o = JSON.parse(mine);
    const said = await status();
    check(`${label}: the status line shows the figures`, said.includes(`${o.cambios.length} of 200 cases change path`)
          && said.includes(`A person would see ${o.personas} cases`), said);
    return o;
  };
  const u1 = await dragTo(0, 0.9);
  check('U1 dragged to 0.9', u1 === 0.9, `${u1}`);
  sets.U1 = u1;
  await compare('U1');
  await shot('05-playground-en-experto-u1');
  const u2 = await dragTo(1, 2000);
  check('U2 dragged to 2000', u2 === 2000, `${u2}`);
  sets.U2 = u2;
  await compare('U1+U2');
  const u3 = await dragTo(2, 3);
  check('U3 dragged to 3', u3 === 3, `${u3}`);
  sets.U3 = u3;
  await compare('U1+U2+U3');
  await click(await rectOf('slider_rect', 3));  // the Texas switch
  sets.U4 = true;
  const withTexas = await compare('U1+U2+U3+U4');
  check('Texas on: every change it forces is tagged exigida_por_texas',
        withTexas.cambios.some((c) => c.exigida_por_texas === true));
  {
    const argv = ['playground', RUN, '--lang', 'en'];
    for (const [id, v] of Object.entries(sets)) argv.push('--set', `${id}=${v}`);
    const theirs = execFileSync(cli, argv, { cwd: repo, encoding: 'utf8', maxBuffer: 64 << 20 });
    const mine = await page.locator('#texto').textContent();
    check('the page\'s text of the Playground = the label, then CLI --lang en byte for byte',
          mine.endsWith(theirs) && mine.startsWith('# Playground\n\n*Simulation · not operational · synthetic data*'), `${mine.length} vs ${theirs.length} chars`);
  }
  await shot('05-playground-en-experto-moved');
  {
    const tab = await control('pestana.calibracion');
    if (check('the Playground has a calibration tab', tab[2] > tab[0])) {
      // A person's pointer rests on the tab before pressing it: imgui's tabs take a press only when they were
      // already hovered in the frame before (ImGuiButtonFlags_AllowItemOverlap).
      await page.mouse.move(d.box.x + (tab[0] + tab[2]) / 2, d.box.y + (tab[1] + tab[3]) / 2);
      await frames(2);
      await click(tab);
      await frames(3);
      const plot = await control('calibracion.grafico');
      const seen = await shot('05b-playground-calibracion');
      check('clicking it draws the reliability diagram', plot[2] > plot[0] && seen.colours >= 60, JSON.stringify(seen));
      const back = await control('pestana.cambios');
      await page.mouse.move(d.box.x + (back[0] + back[2]) / 2, d.box.y + (back[1] + back[3]) / 2);
      await frames(2);
      await click(back);
    }
  }
  check('the address carries the played thresholds', /U1=0\.9.*U4=true/.test(await page.evaluate(() => location.hash)));

  // ---- a changed case from the table, then its replay step by step ----
  const links = await hook('case_link_count');
  check('the changed-case table has links', links > 0, `${links}`);
  if (links > 0) {
    const id = await text('case_link_id', 0);
    await click(await rectOf('case_link_rect', 0));
    check('the link opens the case on Casos', await text('screen') === 'casos' && await text('open_case') === id, id);
    const step0 = await hook('open_step');
    const next = await control('replay.siguiente');
    check('the replay has a next-step button', next[2] > next[0]);
    if (next[2] > next[0]) {
      await click(next);
      check('next step advances the replay', await hook('open_step') === step0 + 1, `${step0} → ${await hook('open_step')}`);
    }
    await shot('06-caso-replay');
  }

  // ---- Agente: every node and arrow of `planlang diagram --json` is a control; a node lists its cases ----
  {
    const drawn = JSON.parse(execFileSync(cli, ['diagram', RUN, '--json'], { cwd: repo, encoding: 'utf8', maxBuffer: 64 << 20 }));
    await click(await rectOf('tab_rect', 2));
    const nodes = await Promise.all(drawn.diagrama.nodos.map((n) => control('nodo:' + n.id)));
    const arrows = await Promise.all(drawn.diagrama.flechas.map((_, i) => control('flecha:' + i)));
    check('the diagram draws every node and arrow the CLI lays out', nodes.every((r) => r[2] > r[0]) && arrows.every((r) => r[2] > r[0])
          && (await control('flecha:' + drawn.diagrama.flechas.length))[2] < 0, `${nodes.length} nodes, ${arrows.length} arrows`);
    const atPause = drawn.recorridos.por_nodo.find((n) => n.id === 'pausa_humana');
    const node = await control('nodo:pausa_humana');
    if (check('the pause node is drawn and had cases', node[2] > node[0] && atPause && atPause.n > 0)) {
      await click(node);
      const shown = atPause.casos.slice(0, 24);
      const rects = await Promise.all(shown.map((id) => control('seleccion.caso:' + id)));
      check('selecting it lists the cases that passed there, as the CLI', rects.every((r) => r[2] > r[0]), `${atPause.n} cases`);
      await shot('07-agente-nodo');
      await click(rects[0]);
      check('a listed case opens on Casos at its pause step', await text('screen') === 'casos' && await text('open_case') === shown[0]
            && await hook('open_step') >= 0, `${shown[0]} step ${await hook('open_step')}`);
    }
  }

  // ---- the seven screens, each kept as a screenshot ----
  await d.visitScreens(check, readFileSync(join(repo, RUN, 'informe.en.md'), 'utf8'), 'screen-');

  // ---- a deep link reproduces what its sender saw ----
  await page.goto(`${server.url}/playground.html#pantalla=playground&corrida=demo-a-20&U1=0.6`);
  await ready();
  check('the deep link opens demo-a-20 on the Playground', await text('run') === 'demo-a-20' && await text('screen') === 'playground');
  check('deep link: engine JSON = CLI on demo-a-20 --set U1=0.6',
        await text('engine_json') === cliJson('synthetic/runs/demo-a/demo-a-20', { U1: 0.6 }));
  check('the preferences were remembered (English, expert)', await text('language') === 'en' && await text('reading') === 'experto');

  // ---- a deliberately broken run, opened through the folder picker ----
  const mine = join(work, 'mi-proyecto');
  cpSync(join(repo, 'plans'), join(mine, 'plans'), { recursive: true });
  cpSync(join(repo, 'synthetic/casos/demo-a'), join(mine, 'synthetic/casos/demo-a'), { recursive: true });
  cpSync(join(repo, 'synthetic/plan-beneficios'), join(mine, 'synthetic/plan-beneficios'), { recursive: true });
  cpSync(join(repo, 'synthetic/runs/demo-a/demo-a-humo-3'), join(mine, 'synthetic/runs/demo-a/demo-a-humo-3'), { recursive: true });
  const trace = join(mine, 'synthetic/runs/demo-a/demo-a-humo-3/trazas/AH-001.json');
  writeFileSync(trace, readFileSync(trace, 'utf8').replace('"pasos"', '"pasos_rotos"'));
  await page.locator('#carpeta').setInputFiles(mine);
  await page.waitForFunction(() => Module.UTF8ToString(Module._planlang_web_load_error()) !== '', null, { timeout: 20000 });
  const reasons = await text('load_error');
  check('the broken run is refused with its reasons', /AH-001\.json/.test(reasons), reasons.split('\n')[0]);
  await click(await rectOf('tab_rect', 4));
  await shot('broken-run-reasons');
  check('the tab survives: frames keep coming', (await hook('frame_count')) > 0);

  check('no console or page errors', problems.length === 0, problems.slice(0, 3).join(' | '));
  check('no request left the site', outside.length === 0, outside.slice(0, 3).join(' '));
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
console.log(`${t.passed} passed, ${t.failed} failed`);
process.exit(t.failed === 0 && t.passed > 0 ? 0 : 1);
