// Desktop twin of the browser test: the native planlang_web (SDL2 + OpenGL 3) renders the same seven screens
// under Xvfb. It runs the program with --link/--frames/--screenshot on every screen in both languages and
// readings and checks each PNG is a full window, not blank, and shows the simulation label's colour where the
// label is drawn. The same run writes the screen's text (--text), and the test checks it is in the language asked
// for — by the words a reader sees, scored against the two catalogues (see "The language of a screen's text"
// below) — that the Spanish and English texts differ, that the English one carries no Spanish UI word, and that
// it opens with the catalogue's title for that screen. Then it plays U1=0.9 and Texas on through a link and checks
// the status line the app prints (--status) carries the same figures as `planlang playground --json` at that setting.
//
//   node tests/browser/desktop.test.mjs [--app build/native/web/planlang_web] [--out DIR]
//
// Ends with "N passed, N failed"; exit status 1 on any failure. Needs xvfb-run (Debian xvfb).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const opt = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
};
const app = resolve(opt('app', process.env.PLANLANG_WEB_APP || join(repo, 'build/native/web/planlang_web')));
const outDir = resolve(opt('out', join(dirname(app), 'desktop-test')));
const WIDTH = 1280, HEIGHT = 860;  // web/app/app_main.cpp kWindowWidth × kWindowHeight
const LABEL_RGB = [250, 194, 66];  // web/app/ui_common.hpp colour::kSimulationLabel

let passed = 0, failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed += 1; else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ' · ' + detail : ''}`);
}

// 8-bit RGB PNG with filter 0 on every row: what web/platform/image_file.cpp writes.
function decodePng(bytes) {
  let pos = 8, width = 0, height = 0;
  const idat = [];
  while (pos < bytes.length) {
    const len = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const body = bytes.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') { width = body.readUInt32BE(0); height = body.readUInt32BE(4); }
    if (type === 'IDAT') idat.push(body);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    if (raw[y * (width * 3 + 1)] !== 0) throw new Error(`row ${y}: unexpected PNG filter`);
    raw.copy(rgb, y * width * 3, y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1));
  }
  return { width, height, rgb };
}

function analyse({ width, height, rgb }) {
  const colours = new Set();
  for (let i = 0; i < rgb.length; i += 3) colours.add((rgb[i] << 16) | (rgb[i + 1] << 8) | rgb[i + 2]);
  let labelPixels = 0;
  for (let y = 0; y < Math.min(36, height); y += 1) {
    for (let x = 0; x < Math.min(480, width); x += 1) {
      const i = (y * width + x) * 3;
      const d = Math.abs(rgb[i] - LABEL_RGB[0]) + Math.abs(rgb[i + 1] - LABEL_RGB[1]) + Math.abs(rgb[i + 2] - LABEL_RGB[2]);
      if (d < 40) labelPixels += 1;
    }
  }
  return { colours: colours.size, labelPixels };
}

mkdirSync(outDir, { recursive: true });
const started = Date.now();
const cli = resolve(opt('cli', process.env.PLANLANG_CLI || join(repo, 'build/native/planlang')));
const SCREENS = ['entrada', 'plan', 'agente', 'brecha', 'playground', 'casos', 'fichas'];
const runApp = (extra) => execFileSync('xvfb-run', ['-a', '-s', '-screen 0 1400x1000x24', app, '--frames', '8', ...extra],
                                        { stdio: ['ignore', 'pipe', 'inherit'], timeout: 60000, encoding: 'utf8' });
// The language of a screen's text, told from the words a reader sees and independently of the app's code.
// Words: the text without code (``` blocks and `spans`), split into tokens; a token with a digit, '_', '.' or '/'
// is an id, a path or a figure (`pausa_humana`, informe.json, umbral.U1, demo-a-200) and is dropped; the rest,
// lower-cased and split at '-', are the words. ES_ONLY / EN_ONLY: the words of lang/es.json's values that never
// occur in lang/en.json's values, and the other way round (words both share, like "plan" or "no", count for neither).
// RULE: a text asked for in language L is "clearly L" when it has at least 20 words of L's list and those are at
// least three quarters (75 %) of all its words in either list. Data shown verbatim (node ids, rule values, a cited
// law's title) brings in a few words of the other language; a screen in the wrong language scores near 0 %.
const wordsOf = (s) => s.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ').replace(/\{\d+\}/g, ' ')
  .split(/[^\p{L}\p{N}_.\/-]+/u).map((t) => t.replace(/^[.\/-]+|[.\/-]+$/g, '').toLowerCase())
  .filter((t) => t && !/[_.\/\p{N}]/u.test(t)).flatMap((t) => t.split('-')).filter((w) => w.length >= 2);
const catalogue = Object.fromEntries(['es', 'en'].map((l) => [l, JSON.parse(readFileSync(join(repo, 'lang', `${l}.json`), 'utf8'))]));
const vocabulary = Object.fromEntries(['es', 'en'].map((l) => [l, new Set(Object.values(catalogue[l]).flatMap(wordsOf))]));
const ONLY = { es: new Set([...vocabulary.es].filter((w) => !vocabulary.en.has(w))),
               en: new Set([...vocabulary.en].filter((w) => !vocabulary.es.has(w))) };
const MIN_WORDS = 20, MIN_SHARE = 0.75;
// Spanish UI wording that must never show in the English reading, matched as whole words outside code (ids such as
// `pausa_humana` or plan.riesgos are dropped as above). Not listed, because the expert reading shows them as ids or
// data: node ids (enrutador, redactor), rule values (negar, urgencia), the names of the source documents of the
// CHAI card's fields (plan, informe, corrida, declarado) and the Spanish law the bibliography cites (de, la, por…).
// The last group is wording of the graph and the detectors that the Gap report does translate (start/end, count,
// rate, median, case, session).
const SPANISH_UI = ['casos', 'caso', 'criterio', 'criterios', 'riesgo', 'riesgos', 'supuesto', 'supuestos', 'veredicto',
                    'brecha', 'brechas', 'pantalla', 'simulación', 'sintéticos', 'datos', 'operativo', 'cumple', 'cumplido',
                    'ocurrió', 'persona', 'personas', 'revisor', 'umbral', 'umbrales', 'paso', 'pasos', 'ficha', 'fichas',
                    'agente', 'también', 'después', 'aquí', 'según', 'más', 'cómo', 'qué', 'está',
                    'inicio', 'fin', 'conteo', 'tasa', 'mediana', 'sesion', 'sesión'];
function checkLanguage(name, text, lang) {
  const words = wordsOf(text);
  const own = words.filter((w) => ONLY[lang].has(w)).length;
  const other = words.filter((w) => ONLY[lang === 'es' ? 'en' : 'es'].has(w)).length;
  const share = own + other > 0 ? own / (own + other) : 0;
  check(`${name}: the text reads as ${lang === 'es' ? 'Spanish' : 'English'}`, own >= MIN_WORDS && share >= MIN_SHARE,
        `${own} ${lang}-only words, ${other} of the other language (${(100 * share).toFixed(1)} %)`);
  if (lang !== 'en') return;
  const found = SPANISH_UI.filter((w) => words.includes(w)).map((w) => {
    const at = text.split('\n').find((l) => wordsOf(l).includes(w)) || '';
    return `«${w}» ×${words.filter((x) => x === w).length} (${JSON.stringify(at.trim().slice(0, 90))})`;
  });
  check(`${name}: no Spanish UI word in the English text`, found.length === 0, found.join('; '));
}
// The first line of the screen's text is its title: the catalogue's screen name (pantalla.*), or for Brecha, which
// is the run's report, the report's title (brecha.titulo, "{0}" standing for the plan's name).
function checkTitle(name, text, screen, lang) {
  const key = screen === 'brecha' ? 'brecha.titulo' : `pantalla.${screen}`;
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^# ${catalogue[lang][key].split(/\{\d+\}/).map(escape).join('.+')}$`);
  const first = text.split('\n')[0];
  check(`${name}: the title is the ${lang} catalogue's ${key}`, pattern.test(first), JSON.stringify(first));
}

const screenTexts = {};  // screen → { es, en }: the text of each reading
for (const screen of SCREENS) {
  screenTexts[screen] = {};
  for (const [reading, lang, extra] of [['es-lider', 'es', ['--lang', 'es']], ['en-experto', 'en', ['--lang', 'en', '--expert']]]) {
    const name = `desktop-${screen}-${reading}`;
    const shot = join(outDir, `${name}.png`);
    const textFile = join(outDir, `${name}.md`);
    try {
      runApp(['--link', `pantalla=${screen}`, '--screenshot', shot, '--text', textFile, ...extra]);
      const image = decodePng(readFileSync(shot));
      check(`${name}: the window size`, image.width === WIDTH && image.height === HEIGHT, `${image.width}×${image.height}`);
      const { colours, labelPixels } = analyse(image);
      check(`${name}: not blank (distinct colours)`, colours >= 60, `${colours} colours`);
      check(`${name}: the label region shows the label colour`, labelPixels >= 150, `${labelPixels} px`);
      const text = readFileSync(textFile, 'utf8');
      screenTexts[screen][lang] = text;
      checkTitle(name, text, screen, lang);
      checkLanguage(name, text, lang);
    } catch (e) {
      check(`${name}: the desktop app ran and wrote ${shot} and ${textFile}`, false, e.message.split('\n')[0]);
    }
  }
  const { es, en } = screenTexts[screen];
  check(`desktop-${screen}: the Spanish and English texts differ`, es !== undefined && en !== undefined && es !== en);
}
// The same engine figures as the CLI: the status line printed at U1 = 0.9 with Texas on.
try {
  const said = runApp(['--link', 'pantalla=playground&U1=0.9&U4=true', '--lang', 'en', '--status']).trim().split('\n').pop();
  const o = JSON.parse(execFileSync(cli, ['playground', 'synthetic/runs/demo-a/demo-a-200', '--set', 'U1=0.9', '--set', 'U4=true', '--json'],
                                    { cwd: repo, encoding: 'utf8' }));
  check('desktop status line = CLI figures at U1=0.9, U4=true',
        said.includes(`${o.cambios.length} of 200 cases change path`) && said.includes(`A person would see ${o.personas} cases`)
        && said.includes(`${o.introducidos.length} errors introduced and ${o.evitados.length} avoided`), said);
} catch (e) {
  check('the desktop app printed its status line', false, e.message.split('\n')[0]);
}
// The text rendering (--text): Brecha is the run's informe.es.md byte for byte; a case page is `planlang case`'s.
try {
  // (Brecha's text is the one its Spanish screenshot run above wrote: the same link and language.)
  check('desktop text of Brecha = informe.es.md', screenTexts.brecha?.es === readFileSync(join(repo, 'synthetic/runs/demo-a/demo-a-200/informe.es.md'), 'utf8'));
  const caso = join(outDir, 'desktop-caso-A-004-en.md');
  runApp(['--link', 'pantalla=casos&caso=A-004&paso=5', '--lang', 'en', '--text', caso]);
  const theirs = execFileSync(cli, ['case', 'synthetic/runs/demo-a/demo-a-200', 'A-004', '--lang', 'en'], { cwd: repo, encoding: 'utf8' });
  check('desktop text of case A-004 = planlang case --lang en', readFileSync(caso, 'utf8') === theirs);
  checkLanguage('desktop text of case A-004 (en)', readFileSync(caso, 'utf8'), 'en');
  // Fichas: the reproducibility card as `planlang card --kind repro` prints it, then the CHAI card with one
  // labelled field per element of `planlang card --kind chai --json`'s provenance table.
  const fichas = join(outDir, 'desktop-fichas-en.md');
  runApp(['--link', 'pantalla=fichas&corrida=demo-a-200', '--lang', 'en', '--expert', '--text', fichas]);
  const text = readFileSync(fichas, 'utf8');
  const repro = execFileSync(cli, ['card', 'synthetic/runs/demo-a/demo-a-200', '--kind', 'repro', '--lang', 'en'], { cwd: repo, encoding: 'utf8' });
  const chai = JSON.parse(execFileSync(cli, ['card', 'synthetic/runs/demo-a/demo-a-200', '--kind', 'chai', '--lang', 'en', '--json'], { cwd: repo, encoding: 'utf8' }));
  const fields = text.split('\n').filter((l) => /^\*\*[^*]+\*\* · \*/.test(l)).length;
  check('desktop text of Fichas = the repro card, then the CHAI card field by field',
        text.includes(repro) && text.includes('## Model card (CHAI)') && fields === chai.elementos.length, `${fields} fields, ${chai.elementos.length} in the card`);
} catch (e) {
  check('the desktop app wrote its screen text', false, e.message.split('\n')[0]);
}
console.log(`screenshots: ${outDir}`);
console.log(`time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
