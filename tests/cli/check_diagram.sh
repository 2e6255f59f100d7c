#!/usr/bin/env bash
# `planlang diagram` (site-and-cards.md §3; core/site): on the committed 20-case run, the text for people in
# both languages lists the nodes, arrows and paths with their counts (English: no Spanish word, english_scan);
# --json holds the diagram and the paths, checked here against the trace files; --svg on demo-a-200 is the
# unit tests' golden file byte for byte; a baseline folder is drawn against the plan's contract; usage errors
# exit 2 and a missing run 1. Native build (the unit tests compare the SVG bytes under Node, unit.site).
#   check_diagram.sh SOURCE_DIR NATIVE_PLANLANG
set -uo pipefail
src=$1; native=$2
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
R=synthetic/runs/demo-a
run=$R/demo-a-20

# Text, Spanish and English.
(cd "$src" && "$native" diagram "$run") >"$work/es.txt" 2>"$work/err" && ok || ko "text (es) exited $?: $(head -c 300 "$work/err")"
for want in "Nodos (10):" "Flechas (21):" "Recorridos (6):" "9 casos " "A-003, A-007, A-008, A-014, A-020" "si 3 · \`costo_estimado mayor_que umbral.U2\`"; do
  grep -qF -- "$want" "$work/es.txt" && ok || ko "text (es) lacks: $want"
done
(cd "$src" && "$native" diagram "$run" --lang en) >"$work/en.txt" 2>"$work/err" && ok || ko "text (en) exited $?"
for want in "Nodes (10):" "Arrows (21):" "Paths (6):" "9 cases " "otherwise"; do
  grep -qF -- "$want" "$work/en.txt" && ok || ko "text (en) lacks: $want"
done
(cd "$src" && "$native" help diagram --lang en) >"$work/help.txt" 2>&1 && ok || ko "help diagram exited $?"
(cd "$src" && "$native" diagram "$R/demo-a-20-base" --lang en) >"$work/base.txt" 2>&1 && ok || ko "baseline text exited $?"
grep -qF "required, missing" "$work/base.txt" && ok || ko "the baseline's missing nodes: $(head -c 300 "$work/base.txt")"
node "$src/tests/cli/english_scan.mjs" "$work/en.txt" "$work/help.txt" "$work/base.txt" >"$work/findings" && ok || ko "Spanish in English output: $(head -5 "$work/findings")"

# JSON: the diagram and the paths, against the trace files read here.
(cd "$src" && "$native" diagram "$run" --json) >"$work/d.json" 2>"$work/err" && ok || ko "--json exited $?"
node -e '
  const fs = require("fs"), path = require("path");
  const [file, dir] = process.argv.slice(1);
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  const g = JSON.parse(fs.readFileSync(path.join(dir, "grafo.json"), "utf8"));
  const m = JSON.parse(fs.readFileSync(path.join(dir, "corrida.json"), "utf8"));
  const bad = [];
  const d = r.diagrama, p = r.recorridos;
  if (r.corrida_id !== m.corrida_id) bad.push("corrida_id " + r.corrida_id);
  if (d.formato !== "planlang-diagrama/v1") bad.push("formato " + d.formato);
  const fixed = g.langgraph.edges.filter(e => e.conditional !== true).length;
  const want = g.aristas_condicionales.length + Object.keys(g.ramas_por_defecto).length + fixed;
  if (d.flechas.length !== want) bad.push("arrows " + d.flechas.length + " want " + want);
  if (d.nodos.length !== g.nodos.length + 2) bad.push("nodes " + d.nodos.length);
  const groups = new Map();
  for (const id of m.casos_ejecutados) {
    const t = JSON.parse(fs.readFileSync(path.join(dir, "trazas", id + ".json"), "utf8"));
    const key = t.nodos_visitados.join(">");
    groups.set(key, (groups.get(key) || 0) + 1);
  }
  if (p.recorridos.length !== groups.size) bad.push("paths " + p.recorridos.length + " want " + groups.size);
  for (const rec of p.recorridos) if (groups.get(rec.nodos.join(">")) !== rec.n || rec.casos.length !== rec.n) bad.push("path " + rec.nodos.join(">"));
  const ns = p.recorridos.map(x => x.n);
  if (ns.join() !== "9,5,3,1,1,1") bad.push("counts " + ns);
  if (p.sin_flecha.length) bad.push("sin_flecha " + p.sin_flecha);
  for (const a of d.flechas) for (let k = 0; k + 1 < a.puntos.length; k++) {
    const [x0, y0] = a.puntos[k], [x1, y1] = a.puntos[k + 1];
    if ((x0 === x1) === (y0 === y1)) bad.push("segment " + a.desde + ">" + a.hacia);
  }
  if (bad.length) { console.log(bad.join("; ")); process.exit(1); }' "$work/d.json" "$src/$run" && ok || ko "the --json object"

# SVG: demo-a-200's is the unit tests' golden file, in each language.
for lang in es en; do
  (cd "$src" && "$native" diagram $R/demo-a-200 --svg --lang $lang) >"$work/$lang.svg" 2>"$work/err" && ok || ko "--svg ($lang) exited $?"
  cmp -s "$work/$lang.svg" "$src/tests/data/site/demo-a-200.$lang.svg" && ok || ko "--svg ($lang) differs from tests/data/site/demo-a-200.$lang.svg"
done

# Usage errors exit 2, a run that is not there 1.
expect() {  # expect CODE TEXT ARGS...
  local code=$1 text=$2; shift 2
  (cd "$src" && "$native" diagram "$@") >"$work/o" 2>"$work/e"; local rc=$?
  [ $rc -eq "$code" ] && grep -q -- "$text" "$work/e" && ok || ko "diagram $* exited $rc (want $code, $text): $(head -c 300 "$work/e")"
}
expect 2 "se espera una CORRIDA"
expect 2 "se excluyen" "$run" --svg --json
expect 2 "frob" "$run" --frob
expect 1 ARCHIVO_ILEGIBLE no/such/run
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
