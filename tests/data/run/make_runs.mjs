// The hand-built runs of tests/data/run/ (see README.md): three small run folders in the original's shape,
// each trace taken from the committed simulated run synthetic/runs/demo-a/demo-a-20 and changed here, by
// hand, where a state of the verifier has to be reached. Every file is written in disk form and sealed with
// its huella (plan-format.md §15) by bench/canonicalize.mjs, which shares no code with the C++ core.
//
//   node tests/data/run/make_runs.mjs      (from anywhere; rewrites the files, byte for byte the same)
//
// The expected values of the tests (tests/unit/verify/hand_runs_test.cpp and the stage tests) are worked out
// by hand from the spec and these edits, never from the verifier's output.
//
// Runs:
//   mano-detenida   plan-demo-a 1.5.2, the committed 20-case batch, 4 of its cases in two sessions, both
//                   stopped by the provider's usage limit; A-001 with schema retries.
//   mano-no-cumple  the test variant of the plan (mano-entradas/), a 5-case batch: A-004's severidad_accion
//                   written as an object, A-015 denied with pausa_humana false, A-007 ended by a provider
//                   error at the writer, A-020's extractor timed out (the case went to the pause).
//   mano-cumple     the test variant, a 4-case batch, the simulated traces unchanged.
//   mano-cumple-base  its single-agent baseline: the same four cases from synthetic/runs/demo-a/demo-a-20-base
//                   (used by the tests of the baseline assumption only).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { canonicalize, huella } from '../../../bench/canonicalize.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const HERE = 'tests/data/run';
const SOURCE_RUN = 'synthetic/runs/demo-a/demo-a-20';
const SOURCE_BATCH = 'synthetic/casos/demo-a/demo-a-20.json';
const PLAN = 'plans/demo-a/plan-demo-a.json';

const read = (rel) => JSON.parse(readFileSync(join(ROOT, rel), 'utf8'));
const clone = (v) => JSON.parse(JSON.stringify(v));
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
const ref = (doc, archivo) => ({ archivo, huella: doc.huella, id: doc.id, version: doc.version });

// ---- The test variant of the plan: same truth as plan-demo-a (umbrales and contrato_de_grafo untouched).
function variantPlan() {
  const p = read(PLAN);
  p.id = 'plan-demo-a-variante-mano';
  p.nombre = { es: `${p.nombre.es} (variante de prueba)`, en: `${p.nombre.en} (test variant)` };
  // S1 is no longer critical: untested, it is not an alert (§13.5), so a run can be `cumple`.
  p.supuestos.find((s) => s.id === 'S1').criticidad = 'media';
  // R8 reads the extractor's signal instead of error_proveedor: no risk names error_proveedor any more, so
  // a provider error is an unforeseen gap (§12).
  p.riesgos.find((r) => r.id === 'R8').detector_en_trazas.condicion = 'proveedor_no_disponible == true';
  return seal(p);
}

// ---- A batch made of some cases of the committed 20-case batch.
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
  b.composicion = { por_tipo: count('tipo'), por_subtipo: count('subtipo') };
  b.plan = { huella: plan.huella, id: plan.id, version: plan.version };
  return seal(b);
}

// ---- Per-case edits.
const trace = (source, caso) => read(`${source}/trazas/${caso}.json`);
const step = (t, orden) => t.pasos.find((p) => p.orden === orden);
const latency = (t) => Math.round(t.pasos.reduce((s, p) => s + p.duracion_ms, 0)) / 1000;
const tokens = (t) => t.pasos.reduce((s, p) => s + p.tokens.entrada + p.tokens.salida, 0);
function renumber(t) {
  t.nodos_visitados = t.pasos.map((p) => p.nodo);
  t.senales.nodos_visitados = [...t.nodos_visitados];
  t.senales.latencia_total_s = latency(t);
  t.senales.tokens = tokens(t);
}

// the extractor's second visit (step 4) retried its schema once, the writer (step 9) twice; every
// handoff ended valid (error_de_esquema_en_traspaso stays false).
function retries(t) {
  step(t, 4).reintentos_esquema = 1;
  step(t, 9).reintentos_esquema = 2;
  return t;
}

// the output guard's severity written as an object (a wrong structure for `severidad_accion == 0`).
function severityObject(t) {
  t.senales.severidad_accion = { acciones_bloqueadas: [], nivel: 0 };
  return t;
}

// a denial that reached the writer with pausa_humana false (the pause node ran and was recorded).
function denialWithoutPause(t) {
  t.senales.pausa_humana = false;
  return t;
}

// the writer's call (step 5) hit the usage limit; the exporter ends the case there, with a 0-ms step
// holding the error, and nulls decision_final, salida_final, documento_adverso and guardia_salida (§3.1).
function writerUsageLimit(t) {
  t.pasos = t.pasos.filter((p) => p.orden <= 5);
  Object.assign(step(t, 5), { duracion_ms: 0, error_proveedor: 'limite_de_uso', tokens: { entrada: 0, salida: 0 } });
  t.resultado = 'error';
  t.error_proveedor = 'limite_de_uso';
  t.salida_final = null;
  t.documento_adverso = null;
  t.guardia_salida = null;
  Object.assign(t.senales, { decision_final: null, error_proveedor: 'limite_de_uso', severidad_accion: null });
  renumber(t);
  return t;
}

// the extractor's call timed out (30 s); the extractor writes proveedor_no_disponible and its edge #1
// sends the case to the human pause with nothing extracted; the auditor approves (the known truth), the writer
// and the output guard run as usual. Steps: enrutador, extractor, pausa_humana, redactor, guardia_salida.
function extractorTimeout(t, caso) {
  const [router, extractor, , , writer, guard] = t.pasos;
  const at = (p, orden, inicio) => ({ ...p, orden, inicio_ms: inicio });
  t.pasos = [
    router,
    { ...extractor, duracion_ms: 30000, error_proveedor: 'timeout', tokens: { entrada: extractor.tokens.entrada, salida: 0 } },
    at({ ...writer, nodo: 'pausa_humana', tipo_nodo: 'pausa_humana', tokens: { entrada: 0, salida: 0 } }, 3, 30003),
    at(writer, 4, 30005),
    at(guard, 5, 30007),
  ];
  // The extractor's visit: edge 1 true (the provider is unavailable), edge 2 reads a null count (false, §7.2).
  const records = t.decisiones_de_arista.filter((r) => r.desde === 'enrutador' || r.desde === 'extractor');
  for (const r of records.filter((x) => x.desde === 'extractor')) {
    r.rama_tomada = 'pausa_humana';
    if (r.orden_arista === 1) Object.assign(r, { valor_observado: true, resultado: true });
    else Object.assign(r, { valor_observado: null, resultado: false });
  }
  t.decisiones_de_arista = records;
  t.extraccion = null;
  t.cobertura = null;
  t.error_proveedor = 'timeout';
  t.pausas_humanas = [
    {
      nodo: 'pausa_humana',
      paso: 3,
      rol: 'auditor',
      payload: {
        aclaraciones: [],
        cobertura: null,
        contraevidencia: [],
        evidencia: [
          {
            clave: 'proveedor_no_disponible',
            es: 'El proveedor del modelo no respondió al extraer (timeout); no se inventó ningún dato.',
            en: 'The model provider did not answer during extraction (timeout); no datum was made up.',
          },
        ],
        extraccion: null,
        motivo: {
          desde: 'extractor',
          orden_arista: 1,
          es: 'Arista extractor #1: la señal proveedor_no_disponible = true cumple igual_a true; el caso pasa a revisión humana.',
          en: 'Edge extractor #1: the signal proveedor_no_disponible = true meets igual_a true; the case goes to human review.',
        },
        orden_adjunta: caso.entrada.orden_adjunta,
        senal: 'proveedor_no_disponible',
        texto_original: caso.entrada.texto_medico,
        umbral: { aplicado: true, declarado: true },
      },
      respuesta_simulada: { decision: 'aprobar', politica: 'sigue_verdad_conocida' },
    },
  ];
  Object.assign(t.senales, {
    campos_faltantes_count: null,
    contradiccion_orden_texto: null,
    costo_estimado: null,
    decision_final: 'aprobar',
    error_proveedor: 'timeout',
    pausa_humana: true,
    propuesta: null,
    proveedor_no_disponible: true,
    senal_confianza: null,
  });
  renumber(t);
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
    fuente: 'tests/data/run/make_runs.mjs (registros de arista de cada traza, hechos a mano)',
    huella: '',
    umbrales_aplicados: umbrales,
    visitas,
  });
}

function writeRun({ id, fecha, plan, planArchivo, batch, batchArchivo, sesiones, edits, source = SOURCE_RUN }) {
  const dir = `${HERE}/${id}`;
  rmSync(join(ROOT, dir), { recursive: true, force: true });
  const template = read(`${source}/corrida.json`);
  const grafo = read(`${source}/grafo.json`);
  const batchCases = new Map(batch.casos.map((c) => [c.id, c]));
  const order = sesiones.flatMap((s) => s.casos);
  const traces = order.map((caso) => {
    let t = trace(source, caso);
    for (const edit of edits[caso] || []) t = edit(t, batchCases.get(caso));
    t.corrida_id = id;
    return seal(t);
  });
  const ramas = ramasOf(id, template.umbrales_aplicados, traces);
  const manifest = {
    ...clone(template),
    casos: { archivo: batchArchivo, huella: batch.huella, id: batch.id, n_lote: batch.n, semilla: batch.semilla },
    casos_con_error: traces.filter((t) => t.resultado === 'error').map((t) => t.caso_id),
    casos_ejecutados: order,
    corrida_id: id,
    fecha,
    ficha: {
      descripcion: {
        es: `Corrida hecha a mano para las pruebas del verificador: trazas de ${source} elegidas (y cambiadas) por tests/data/run/make_runs.mjs.`,
        en: `Hand-built run for the verifier's tests: traces of ${source} picked (and changed) by tests/data/run/make_runs.mjs.`,
      },
      etiqueta: { es: 'Prueba · corrida hecha a mano · datos sintéticos', en: 'Test · hand-built run · synthetic data' },
      nombre: { es: `Demo A · ${id}`, en: `Demo A · ${id}` },
    },
    huella: '',
    plan: ref(plan, planArchivo),
    ramas_esperadas: { archivo: 'ramas-esperadas.json', huella: ramas.huella },
    sesiones: sesiones.map((s, i) => ({
      casos_ejecutados: s.casos,
      detenida_por: s.detenida_por,
      fecha: s.fecha,
      limites_alcanzados: s.limites_alcanzados,
      numero: i + 1,
    })),
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
const variant = variantPlan();
const variantArchivo = `${HERE}/mano-entradas/plan-demo-a-variante-mano.json`;
write(variantArchivo, variant);

writeRun({
  id: 'mano-detenida',
  fecha: '2026-12-02',
  plan,
  planArchivo: PLAN,
  batch: read(SOURCE_BATCH),
  batchArchivo: SOURCE_BATCH,
  sesiones: [
    { casos: ['A-001', 'A-003'], fecha: '2026-12-01', detenida_por: 'limite_de_uso', limites_alcanzados: 1 },
    { casos: ['A-007', 'A-020'], fecha: '2026-12-02', detenida_por: 'limite_de_uso', limites_alcanzados: 1 },
  ],
  edits: { 'A-001': [retries] },
});

const noCumpleBatch = subsetBatch('mano-no-cumple-5', ['A-004', 'A-005', 'A-007', 'A-015', 'A-020'], variant);
const noCumpleArchivo = `${HERE}/mano-entradas/lote-mano-no-cumple-5.json`;
write(noCumpleArchivo, noCumpleBatch);
writeRun({
  id: 'mano-no-cumple',
  fecha: '2026-12-03',
  plan: variant,
  planArchivo: variantArchivo,
  batch: noCumpleBatch,
  batchArchivo: noCumpleArchivo,
  sesiones: [{ casos: ['A-004', 'A-005', 'A-007', 'A-015', 'A-020'], fecha: '2026-12-03', detenida_por: null, limites_alcanzados: 0 }],
  edits: { 'A-004': [severityObject], 'A-007': [writerUsageLimit], 'A-015': [denialWithoutPause], 'A-020': [extractorTimeout] },
});

const cumpleBatch = subsetBatch('mano-cumple-4', ['A-003', 'A-004', 'A-006', 'A-018'], variant);
const cumpleArchivo = `${HERE}/mano-entradas/lote-mano-cumple-4.json`;
write(cumpleArchivo, cumpleBatch);
writeRun({
  id: 'mano-cumple',
  fecha: '2026-12-04',
  plan: variant,
  planArchivo: variantArchivo,
  batch: cumpleBatch,
  batchArchivo: cumpleArchivo,
  sesiones: [{ casos: ['A-003', 'A-004', 'A-006', 'A-018'], fecha: '2026-12-04', detenida_por: null, limites_alcanzados: 0 }],
  edits: {},
});

writeRun({
  id: 'mano-cumple-base',
  fecha: '2026-12-04',
  plan: variant,
  planArchivo: variantArchivo,
  batch: cumpleBatch,
  batchArchivo: cumpleArchivo,
  sesiones: [{ casos: ['A-003', 'A-004', 'A-006', 'A-018'], fecha: '2026-12-04', detenida_por: null, limites_alcanzados: 0 }],
  edits: {},
  source: 'synthetic/runs/demo-a/demo-a-20-base',
});
