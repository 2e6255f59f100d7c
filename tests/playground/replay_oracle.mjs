// An independent reading of spec/playground.md §3–§5 (and rule-language.md §7), written from the spec in
// JavaScript, with no code shared with core/playground: for a run folder and a setting it gives the change
// records' normative fields, the effect sets, the persons and the reviewer minutes. check_oracle.sh compares
// it with `planlang playground --json` over a grid of settings: the same numbers reached by another road.
//
//   node replay_oracle.mjs ROOT RUNDIR DEMO_MANIFEST 'U1=0.8' 'U4=true' …   → JSON on stdout
//   node replay_oracle.mjs ROOT RUNDIR DEMO_MANIFEST --settings FILE        → one JSON line per line of FILE
// FILE holds one setting a line, its U=V words separated by spaces (an empty line: plan values); the run is
// read once for all of them, which is what keeps check_oracle.sh's grid of hundreds of settings quick.
import fs from "node:fs";
import path from "node:path";

const [root, runDir, demoFile, ...args] = process.argv.slice(2);
const read = (p) => JSON.parse(fs.readFileSync(p, "utf8"));
const manifest = read(path.join(runDir, "corrida.json"));
const plan = read(path.join(root, manifest.plan.archivo));
const batch = read(path.join(root, manifest.casos.archivo));
const graph = read(path.join(runDir, "grafo.json"));
const demo = read(demoFile);

// The setting: plan values, then each U=V.
function settingOf(sets) {
  const played = {};
  for (const u of plan.umbrales) played[u.id] = u.valor_en_plan;
  for (const s of sets) {
    const [id, v] = s.split("=");
    const u = plan.umbrales.find((x) => x.id === id);
    played[id] = u.rango_jugable.tipo === "booleano" ? v === "true" : Number(v);
  }
  return played;
}

// §3.2 bindings: a switch (boolean range) binds its signal.
const bindings = {};
for (const u of plan.umbrales) if (u.rango_jugable.tipo === "booleano") bindings[u.senal] = u.id;

const edges = graph.aristas_condicionales;
const defaults = graph.ramas_por_defecto;
const writers = new Set([...edges.map((e) => e.desde), ...Object.keys(defaults)]);
const edgeInputs = (e) => e.funcion?.entradas ?? e.entradas ?? [];
const isFunction = (e) => e.funcion !== undefined && e.funcion !== null;
const playable = new Set(
  [...writers].filter((n) =>
    edges.some((e) => e.desde === n && ((!isFunction(e) && typeof e.valor === "string" && e.valor.startsWith("umbral.")) ||
      (isFunction(e) ? edgeInputs(e).some((s) => s in bindings) : e.senal in bindings)))),
);

// §3.4 outcome of a branch target.
const pauses = new Set(graph.pausas_humanas.map((p) => p.nodo));
const flow = graph.langgraph.edges;
function outcomeOf(target) {
  let node = target;
  const seen = new Set();
  for (;;) {
    if (pauses.has(node)) return "persona";
    if (node === "__end__") return "solo";
    if (writers.has(node) || seen.has(node)) return "no_observado";
    seen.add(node);
    const out = flow.filter((e) => e.source === node);
    if (out.length !== 1) return "no_observado";
    node = out[0].target;
  }
}

// rule-language.md §7.2 on demo A's kinds of values.
function canon(v) {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
  return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}";
}
function equal(o, v) {
  if (o === null || v === null || typeof o === "object" || typeof v === "object") {
    if (o === null || v === null) return o === null && v === null;
    return canon(o) === canon(v);
  }
  return o === v;
}
class EdgeError extends Error {}
function judge(e, state, applied) {
  if (isFunction(e)) {
    const name = e.funcion.nombre ?? e.funcion;
    if (name !== "texas_y_no_aprobar") throw new EdgeError("unknown function");
    for (const i of edgeInputs(e)) if (!(i in state)) throw new EdgeError("absent " + i);
    return state.modo_texas === true && state.propuesta !== "aprobar";
  }
  let v = e.valor;
  if (typeof v === "string" && v.startsWith("umbral.")) {
    const id = v.slice(7);
    if (!(id in applied)) throw new EdgeError("unknown threshold");
    v = applied[id];
  }
  if (!(e.senal in state)) throw new EdgeError("absent " + e.senal);
  const o = state[e.senal];
  switch (e.operador) {
    case "igual_a": return equal(o, v);
    case "distinto_de": return o !== null && !equal(o, v);
    default: {
      if (o === null && typeof v === "number") return false;
      if (typeof o !== "number" || typeof v !== "number") throw new EdgeError("types");
      if (e.operador === "menor_que") return e.inclusivo ? o <= v : o < v;
      if (e.operador === "mayor_que") return e.inclusivo ? o >= v : o > v;
      if (e.operador === "menor_o_igual_que") return o <= v;
      if (e.operador === "mayor_o_igual_que") return o >= v;
      throw new EdgeError("operator");
    }
  }
}
function decide(node, state, applied) {
  const mine = edges.filter((e) => e.desde === node).sort((a, b) => a.orden - b.orden);
  let branch = null;
  for (const e of mine) if (judge(e, state, applied) && branch === null) branch = e.si_verdadero;  // every edge judged
  if (branch !== null) return branch;
  if (node in defaults) return defaults[node];
  if (mine.length === 1 && mine[0].si_falso) return mine[0].si_falso;
  throw new EdgeError("no default");
}

// §1 minutes: the common cost declared by the thresholds that can send a case to a person, i.e. that an edge
// reads at a playable node one of whose branches leads to a pause (the project's reading, docs in
// native/README.md; the adherence coach's U3 hands over to a coach outside the graph and does not count).
const readsThreshold = (e, u) => isFunction(e)
  ? bindings[u.senal] === u.id && edgeInputs(e).includes(u.senal)
  : e.valor === "umbral." + u.id || bindings[e.senal] === u.id;
const branchesOf = (node) => [...edges.filter((e) => e.desde === node).flatMap((e) => [e.si_verdadero, e.si_falso ?? null]),
  defaults[node] ?? null].filter((t) => t !== null);
const sendsToPerson = (u) => edges.some((e) => playable.has(e.desde) && readsThreshold(e, u) &&
  branchesOf(e.desde).some((t) => outcomeOf(t) === "persona"));
const cost = new Set(plan.umbrales.filter(sendsToPerson).map((u) => u.costo_humano_por_caso_min).filter((x) => x !== undefined && x !== null));
const perPerson = cost.size === 1 ? [...cost][0] : null;
const cases = new Map(batch.casos.map((c) => [c.id, c]));
const utf16Less = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

const traces = new Map();
const traceOf = (id) => {
  if (!traces.has(id)) {
    const entry = manifest.trazas ? manifest.trazas.find((t) => t.caso_id === id) : null;
    traces.set(id, read(path.join(runDir, entry?.archivo ?? path.join("trazas", id + ".json"))));
  }
  return traces.get(id);
};

function replay(played) {
  const out = { cambios: [], introducidos: [], evitados: [], no_observados: [], no_jugables: [], personas: 0, personas_plan: 0 };
  for (const id of manifest.casos_ejecutados) {
    const trace = traceOf(id);
    const truth = cases.get(id).verdad_conocida;
    const recorded = trace.pausas_humanas.length > 0 ? "persona" : "solo";
    // §3.1 visits: by (paso, desde), paso then desde.
    const groups = new Map();
    for (const r of trace.decisiones_de_arista) {
      const key = r.paso + "\u0000" + r.desde;
      if (!groups.has(key)) groups.set(key, { paso: r.paso, desde: r.desde, records: [] });
      groups.get(key).records.push(r);
    }
    const visits = [...groups.values()].sort((a, b) => a.paso - b.paso || utf16Less(a.desde, b.desde));
    let change = null, broken = false;
    for (let i = 0; i < visits.length && !change; i++) {
      const v = visits[i];
      if (!playable.has(v.desde)) continue;
      const state = {};
      for (const r of v.records) {
        if (r.tipo === "funcion") Object.assign(state, r.entradas);
        else state[r.senal] = r.valor_observado;
      }
      const bound = { ...state };
      for (const [sig, uid] of Object.entries(bindings)) if (sig in bound) bound[sig] = played[uid];
      let branch;
      try {
        branch = decide(v.desde, bound, played);
      } catch (e) {
        if (!(e instanceof EdgeError)) throw e;
        broken = true;
        out.no_jugables.push(id);
        break;
      }
      if (branch === v.records.find((r) => r.rama_tomada !== null)?.rama_tomada) continue;
      const now = outcomeOf(branch);
      // §4 adverse proposal at the diverging visit.
      let adverse = false, partialOn = false;
      if (demo.senal_propuesta in state) {
        const p = state[demo.senal_propuesta];
        if (demo.parcial && p === demo.parcial.valor) {
          const sw = demo.parcial.senal_que_exige_persona;
          partialOn = (sw in bindings ? played[bindings[sw]] : state[sw]) === true;
          adverse = partialOn;
        } else adverse = p !== demo.valor_favorable;
      }
      const must = truth.debe_escalar === true;
      const efecto = now === "no_observado" ? "no_observado" : now === recorded ? "mismo_destino"
        : recorded === "persona" ? (must || adverse ? "error_introducido" : "revision_ahorrada")
        : must ? "error_evitado" : "revision_de_mas";
      change = {
        id, antes: recorded, ahora: now, nodo: v.desde, paso: v.paso, rama_nueva: branch, efecto,
        exigida_por_texas: recorded === "solo" && now === "persona" && partialOn,
        visitas_ahorradas: visits.slice(i + 1).filter((w) => w.desde === v.desde).length,
      };
    }
    if (broken) continue;
    const final = change ? change.ahora : recorded;
    if (final === "persona") out.personas++;
    if (recorded === "persona" && final !== "no_observado") out.personas_plan++;
    if (change) {
      out.cambios.push(change);
      if (change.efecto === "error_introducido") out.introducidos.push(id);
      if (change.efecto === "error_evitado") out.evitados.push(id);
      if (change.efecto === "no_observado") out.no_observados.push(id);
    }
  }
  out.minutos = perPerson === null ? null : out.personas * perPerson;
  out.minutos_plan = perPerson === null ? null : out.personas_plan * perPerson;
  return out;
}

const settings = args[0] === "--settings"
  ? fs.readFileSync(args[1], "utf8").replace(/\n$/, "").split("\n").map((l) => l.split(" ").filter((w) => w !== ""))
  : [args];
process.stdout.write(settings.map((sets) => JSON.stringify(replay(settingOf(sets))) + "\n").join(""));
