// Browser test of the second demo in the app (issue 36): the wasm build in Debian's Chromium, driven with the
// real mouse only, on the adherence coach's run adherencia-315.
//
//   node tests/browser/adherencia.test.mjs --site build/wasm/site --cli build/native/planlang [--out DIR]
//
// It opens the app (demo A on screen), switches the run with the run selector to adherencia-315, reads it in
// English and expert, opens the Playground and at plan values and after each move — U2 dragged down (more
// drafts to the reviewer), U1 dragged down (near misses let through), the review switch clicked off — compares
// the engine's JSON with `planlang playground RUNDIR --set … --json` of the native CLI byte for byte, and the
// status line with that JSON's figures; checks the hand-worked figures of the near-miss move (21 questions
// without a card answered, 21 errors introduced by the simulated decisions); visits the seven screens and keeps
// a screenshot of each (not blank, label visible; Brecha's text is the run's informe.en.md). Any console error,
// page error or request outside the site fails the test. Ends with "N passed, N failed".
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { appDriver, cliJson as cliJsonOf, launch, parseArgs, tally } from './app_driver.mjs';
import { startStaticServer } from './static-server.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = parseArgs(process.argv.slice(2), 'usage: node adherencia.test.mjs [--site DIR] [--cli PLANLANG] [--out DIR]');
const siteDir = resolve(args.site || process.env.PLANLANG_SITE || join(repo, 'build/wasm/site'));
const cli = resolve(args.cli || process.env.PLANLANG_CLI || join(repo, 'build/native/planlang'));
const outDir = resolve(args.out || join(siteDir, '..', 'browser-test-adherencia'));
const RUN_ID = 'adherencia-315';
const RUN = 'synthetic/runs/adherencia/' + RUN_ID;
const t = tally();
const check = t.check;

const started = Date.now();
const server = await startStaticServer(siteDir);
const { context, profile } = await launch();
mkdirSync(outDir, { recursive: true });
try {
  const page = context.pages()[0] || await context.newPage();
  const d = appDriver(page, server, outDir);
  const { text, rectOf, control, click, hoverClick, status, shot, ready } = d;

  await page.goto(`${server.url}/playground.html`);
  await ready();
  check('the app opened on demo A', await text('run') === 'demo-a-200', await text('run'));

  // ---- the run selector: opened, then the adherence run picked from its list ----
  await hoverClick(await control('app.corrida'));
  const item = await control('corrida:' + RUN_ID);
  if (check('the run selector lists ' + RUN_ID, item[2] > item[0])) await hoverClick(item);
  check('picking it opens ' + RUN_ID + ' and the reader accepts it', await text('run') === RUN_ID && await text('load_error') === '',
        (await text('load_error')).split('\n')[0]);
  await click(await rectOf('language_rect', 1));
  await click(await rectOf('reading_rect', 1));
  check('English and expert', await text('language') === 'en' && await text('reading') === 'experto');
  check('the status line names the run and its 18 reviewed drafts', /adherencia-315 · At the plan's values no case changes path: a person sees 18 cases \(72 reviewer minutes\)/
    .test(await status()), await status());

  // ---- the Playground at plan values, then three moves ----
  await click(await rectOf('tab_rect', 4));
  check('tab 5 opens the Playground', await text('screen') === 'playground');
  const plan = JSON.parse(readFileSync(join(repo, 'plans/adherencia/plan-adherencia.json'), 'utf8'));
  const sets = {};
  const compare = async (label) => {
    const mine = await text('engine_json');
    const theirs = cliJsonOf(cli, repo, RUN, sets);
    check(`${label}: engine JSON = CLI --set ${Object.entries(sets).map(([k, v]) => `${k}=${v}`).join(' ') || '(plan)'}`, mine === theirs,
          `${mine.length} vs ${theirs.length} bytes`);
    const o = JSON.parse(mine);
    const said = await status();
    check(`${label}: the status line shows the figures`, Object.keys(sets).length === 0 ||
          (said.includes(`${o.cambios.length} of 315 cases change path`) && said.includes(`A person would see ${o.personas} cases`)), said);
    return o;
  };
  const atPlan = await compare('plan values');
  const report = JSON.parse(readFileSync(join(repo, RUN, 'informe.json'), 'utf8'));
  const met = (list) => list.filter((k) => k.estado === 'cumple').map((k) => k.id).join(',');
  check('plan values: the self-check passes and the criteria met are the report\'s', atPlan.autocomprobacion.ok === true
        && met(atPlan.criterios) === met(report.criterios), met(atPlan.criterios));
  await shot('a1-playground-plan');

  sets.U2 = await d.dragTo(plan, 1, 0.4);
  const lower = await compare('U2 0.6 → 0.4');
  check('U2 = 0.4: more drafts reach the reviewer, 4 minutes each', sets.U2 === 0.4 && lower.personas > 18 && lower.minutos === lower.personas * 4,
        `${lower.personas} persons, ${lower.minutos} min`);
  await shot('a2-playground-u2');

  sets.U1 = await d.dragTo(plan, 0, 0.5);
  const both = await compare('U1 0.65 → 0.5');
  const decisions = both.complementos.decisiones_simuladas;
  // Hand-worked from the batch (as in tests/unit/playground/continuation_adherencia_test.cpp): exactly 21 turns,
  // all near misses, have similarity in [0.50, 0.65). Let through retrieval, they reach generate_response, a
  // writer node: the replay leaves them not observed, and the simulated agent drafts an answer for each (the
  // reviewer, at U2 0.4, still stops the riskier drafts).
  check('U1 = 0.5: 21 near misses are no longer refused at retrieval (not observed by the replay)', sets.U1 === 0.5 && both.no_observados.length === 21,
        `${both.no_observados.length}`);
  check('the simulated decisions say which errors the move introduces', decisions && decisions.casos === both.cambios.length
        && decisions.errores_introducidos > 0, JSON.stringify(decisions && { casos: decisions.casos, introducidos: decisions.errores_introducidos }));

  await click(await rectOf('slider_rect', 3));  // the review switch
  sets.U4 = false;
  const off = await compare('U4 off');
  check('review off: nobody sees a draft, 0 minutes', off.personas === 0 && off.minutos === 0);
  await shot('a3-playground-review-off');
  {
    const tab = await control('pestana.complementos');
    if (check('the Playground has an additions tab', tab[2] > tab[0])) {
      await hoverClick(tab);
      const seen = await shot('a4-playground-complementos');
      check('the additions tab is drawn', seen.colours >= 60, JSON.stringify(seen));
      await hoverClick(await control('pestana.cambios'));
    }
  }

  // ---- the seven screens of this run ----
  await d.visitScreens(check, readFileSync(join(repo, RUN, 'informe.en.md'), 'utf8'), 'b');

  check('no console or page errors', d.problems.length === 0, d.problems.slice(0, 3).join(' | '));
  check('no request left the site', d.outside.length === 0, d.outside.slice(0, 3).join(' '));
  console.log(`screenshots: ${outDir}`);
} catch (e) {
  check('the test ran to the end', false, e.message.split('\n')[0]);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${t.passed} passed, ${t.failed} failed`);
process.exit(t.failed === 0 && t.passed > 0 ? 0 : 1);
