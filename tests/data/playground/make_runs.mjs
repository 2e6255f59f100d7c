// The playground's hand-made runs (see README.md): two small run folders in the original's shape, each trace
// taken from the committed simulated run synthetic/runs/demo-a/demo-a-200 (plan-demo-a 1.5.2, its playground
// manifest plans/demo-a/playground.json) and, where a row of playground.md §4 cannot be reached otherwise,
// changed here by hand. Every file is written in disk form and sealed with its huella (plan-format.md §15) by
// bench/canonicalize.mjs, which shares no code with the C++ core.
//
//   node tests/data/playground/make_runs.mjs          (from anywhere; byte for byte the same each time)
//   build/native/planlang verify tests/data/playground/<run> -o <tmp>; cp <tmp>/informe.json tests/data/playground/<run>/
//
// The second line (in README.md as a loop) gives each run its report: the playground's self-check compares
// the replay at plan values with it (playground.md §8). The expected values of tests/unit/playground/ are
// worked out by hand from the spec and the case table below, never from the playground's output.
//
// pg-efectos (8 cases, run order as listed; "P" recorded with a pause, "S" without):
//   A-001 S  faltante_dos_ciclos: aclaracion@3 (ciclos 0) and @5 (ciclos 1) → extractor, decision@8 → redactor
//   A-011 P  normal_alto_costo, debe_escalar: decision@4 edge 3 (costo 1300 > U2 1000) → pausa_humana
//   A-014 S  normal_sobre_tope: proposal aprobar_parcial, decision@4 → redactor (Texas off)
//   A-017 P  faltante_sin_respuesta, debe_escalar: aclaracion@3/@5/@7 (ciclos 0/1/2), @7 → pausa (2 ≥ U3 2)
//   A-020 S  normal_aprobable: confidence 0.83, cost 240 → redactor
//   A-024 S  normal_alto_costo, debe_escalar, EDITED (costReadLow): the extractor read the cost as 900, so no
//            edge fires and the case leaves without a person — the miss a lower U2 avoids
//   A-067 P  normal_aprobable: decision@4 edge 2 (confidence 0.74 < U1 0.75) → pausa_humana
//   A-105 P  borde_texto_ambiguo: decision@4 edge 2 (0.69 < 0.75) → pausa_humana; EDITED (nullProposal): the
//            coverage check made no proposal (propuesta null), the adverse proposal of §4
// pg-no-jugable (3 cases): A-011 EDITED (textConfidence: senal_confianza "alta", a string where U1 compares:
//   rule-language.md §7.2 makes every evaluation of that visit an error, §11 "not playable"), A-020, A-067.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { canonicalize, huella } from '../../../bench/canonicalize.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const HERE = 'tests/data/playground';
const SOURCE_RUN = 'synthetic/runs/demo-a/demo-a-200';
const SOURCE_BATCH = 'synthetic/casos/demo-a/demo-a-200.json';
const PLAN = 'plans/demo-a/plan-demo-a.json';

const read = (rel) => JSON.parse(readFileSync(join(ROOT, rel), 'utf8'));
// Disk form (§15.4): the canonical text re-printed with two-space indentation, one final newline.
const diskForm = (v) => `${JSON.stringify(JSON.parse(canonicalize(v)), null, 2)}\n`;
const seal = (v) => {
  v.huella = '';
  v.huella = huella(v);
  return v;
};
const write = (rel, v) => {
  mkdirSync(dirname(join(ROOT, rel)), { recursive: true });
  writeFileSync(join(ROOT, rel), diskForm(v));
};

// ---- A batch made of some cases of the committed 200-case batch, pointing at plan-demo-a.
function subsetBatch(id, ids, plan) {
  const b = read(SOURCE_BATCH);
  b.id = id;
  b.casos = b.casos.filter((c) => ids.includes(c.id));
  b.n = b.casos.length;
  const count = (key) => {
    const o = {};
    for (const c of b.casos) o[c[key]] = (o[c[key]] || 0) + 1;
    return o;
  };
  b.composicion = { por_subtipo: count('subtipo'), por_tipo: count('tipo') };
  b.plan = { huella: plan.huella, id: plan.id, version: plan.version };
  return seal(b);
}

// ---- Per-case edits.
const decisionRecords = (t) => t.decisiones_de_arista.filter((r) => r.desde === 'decision');
const edge = (t, orden) => decisionRecords(t).find((r) => r.orden_arista === orden);
function renumber(t) {
  t.pasos.forEach((p, i) => {
    p.orden = i + 1;
  });
  t.nodos_visitados = t.pasos.map((p) => p.nodo);
  t.senales.nodos_visitados = [...t.nodos_visitados];
  t.senales.latencia_total_s = Math.round(t.pasos.reduce((s, p) => s + p.duracion_ms, 0)) / 1000;
  t.senales.tokens = t.pasos.reduce((s, p) => s + p.tokens.entrada + p.tokens.salida, 0);
}

// the extractor read the estimated cost as 900 (the truth, and the fields it extracted, say 1300).
// Decision@4: edge 3 sees 900 > 1000 false, every edge is false, the default `redactor` is taken; there is
// no pause (the pause step is removed, later steps move up), the writer approves as proposed. The coverage
// check no longer flags high cost. Latency 6 steps × 1 ms = 0.006 s.
function costReadLow(t) {
  t.extraccion.costo_estimado = 900;
  t.senales.costo_estimado = 900;
  t.cobertura.alto_costo = false;
  t.cobertura.reglas_disparadas = t.cobertura.reglas_disparadas.filter((r) => r !== 'RB-04');
  Object.assign(edge(t, 3), { valor_observado: 900, resultado: false });
  for (const r of decisionRecords(t)) r.rama_tomada = 'redactor';
  const i = t.pasos.findIndex((p) => p.nodo === 'pausa_humana');
  const gap = t.pasos[i + 1].inicio_ms - t.pasos[i].inicio_ms;
  t.pasos.splice(i, 1);
  for (const p of t.pasos.slice(i)) p.inicio_ms -= gap;
  t.pausas_humanas = [];
  t.senales.pausa_humana = false;
  renumber(t);
  return t;
}

// A-105: the coverage check made no proposal (propuesta null: signal, edge 5's observed value, the Texas
// function's input, the coverage result and the pause payload's copy of it). Edges 5 and 6 stay false
// (null is not "negar"; Texas is off), the case still pauses on edge 2; the auditor approves (the truth).
function nullProposal(t) {
  t.senales.propuesta = null;
  t.cobertura.propuesta = null;
  for (const p of t.pausas_humanas) if (p.payload.cobertura) p.payload.cobertura.propuesta = null;
  edge(t, 5).valor_observado = null;
  edge(t, 6).entradas.propuesta = null;
  return t;
}

// A-011 (pg-no-jugable): the extractor reported its confidence as the text "alta". Edge 2
// (`senal_confianza menor_que umbral.U1`) cannot compare a string (rule-language.md §7.2: error), so the
// visit has no branch at any setting; the recorded records still say edge 2 false and the pause of edge 3.
function textConfidence(t) {
  t.senales.senal_confianza = 'alta';
  edge(t, 2).valor_observado = 'alta';
  return t;
}

// ---- A run folder.
function ramasOf(corridaId, umbrales, traces) {
  const visitas = [];
  for (const t of traces) {
    const byVisit = new Map();
    for (const r of t.decisiones_de_arista) {
      const key = `${String(r.paso).padStart(6, '0')}|${r.desde}`;
      if (!byVisit.has(key)) byVisit.set(key, []);
      byVisit.get(key).push(r);
    }
    for (const key of [...byVisit.keys()].sort()) {
      const records = byVisit.get(key).sort((a, b) => a.orden_arista - b.orden_arista);
      visitas.push({
        caso_id: t.caso_id,
        desde: records[0].desde,
        paso: records[0].paso,
        rama_tomada: records[0].rama_tomada,
        resultados: records.map((r) => r.resultado),
      });
    }
  }
  return seal({
    corrida_id: corridaId,
    formato: 'planlang-ramas/v1',
    fuente: 'tests/data/playground/make_runs.mjs (registros de arista de cada traza, hechos a mano)',
    huella: '',
    umbrales_aplicados: umbrales,
    visitas,
  });
}

function writeRun({ id, fecha, plan, batch, batchArchivo, casos, edits }) {
  const dir = `${HERE}/${id}`;
  rmSync(join(ROOT, dir), { recursive: true, force: true });
  const template = read(`${SOURCE_RUN}/corrida.json`);
  const grafo = read(`${SOURCE_RUN}/grafo.json`);
  const traces = casos.map((caso) => {
    let t = read(`${SOURCE_RUN}/trazas/${caso}.json`);
    for (const e of edits[caso] || []) t = e(t);
    t.corrida_id = id;
    return seal(t);
  });
  const ramas = ramasOf(id, template.umbrales_aplicados, traces);
  const manifest = {
    ...template,
    casos: { archivo: batchArchivo, huella: batch.huella, id: batch.id, n_lote: batch.n, semilla: batch.semilla },
    casos_con_error: traces.filter((t) => t.resultado === 'error').map((t) => t.caso_id),
    casos_ejecutados: casos,
    corrida_id: id,
    fecha,
    ficha: {
      descripcion: {
        es: `Corrida hecha a mano para las pruebas del playground: trazas de ${SOURCE_RUN} elegidas (y cambiadas) por ${HERE}/make_runs.mjs.`,
        en: `Hand-built run for the playground's tests: traces of ${SOURCE_RUN} picked (and changed) by ${HERE}/make_runs.mjs.`,
      },
      etiqueta: { es: 'Prueba · corrida hecha a mano · datos sintéticos', en: 'Test · hand-built run · synthetic data' },
      nombre: { es: `Demo A · ${id}`, en: `Demo A · ${id}` },
    },
    huella: '',
    plan: { archivo: PLAN, huella: plan.huella, id: plan.id, version: plan.version },
    ramas_esperadas: { archivo: 'ramas-esperadas.json', huella: ramas.huella },
    sesiones: [{ casos_ejecutados: casos, detenida_por: null, fecha, limites_alcanzados: 0, numero: 1 }],
    trazas: traces.map((t) => ({ archivo: `trazas/${t.caso_id}.json`, caso_id: t.caso_id, huella: t.huella, resultado: t.resultado })),
    version_grafo: grafo.huella,
  };
  seal(manifest);
  write(`${dir}/grafo.json`, grafo);
  write(`${dir}/ramas-esperadas.json`, ramas);
  for (const t of traces) write(`${dir}/trazas/${t.caso_id}.json`, t);
  write(`${dir}/corrida.json`, manifest);
}

const plan = read(PLAN);

const efectos = ['A-001', 'A-011', 'A-014', 'A-017', 'A-020', 'A-024', 'A-067', 'A-105'];
const efectosBatch = subsetBatch('pg-efectos-8', efectos, plan);
const efectosArchivo = `${HERE}/entradas/lote-pg-efectos-8.json`;
write(efectosArchivo, efectosBatch);
writeRun({
  id: 'pg-efectos',
  fecha: '2026-12-05',
  plan,
  batch: efectosBatch,
  batchArchivo: efectosArchivo,
  casos: efectos,
  edits: { 'A-024': [costReadLow], 'A-105': [nullProposal] },
});

const noJugable = ['A-011', 'A-020', 'A-067'];
const noJugableBatch = subsetBatch('pg-no-jugable-3', noJugable, plan);
const noJugableArchivo = `${HERE}/entradas/lote-pg-no-jugable-3.json`;
write(noJugableArchivo, noJugableBatch);
writeRun({
  id: 'pg-no-jugable',
  fecha: '2026-12-05',
  plan,
  batch: noJugableBatch,
  batchArchivo: noJugableArchivo,
  casos: noJugable,
  edits: { 'A-011': [textConfidence] },
});
