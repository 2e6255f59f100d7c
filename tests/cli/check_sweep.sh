#!/usr/bin/env bash
# `planlang sweep` (spec/cli.md; playground.md §10.3): on the committed 200-case run, one grid's --json is
# byte-identical natively and under Node (the wasm CLI); the default grid is demo A's 10 × 49 = 490 points with
# the plan's point on it; the text for people in both languages; usage errors exit 2 with their codes.
#   check_sweep.sh SOURCE_DIR NATIVE_PLANLANG WASM_PLANLANG_JS   ("-": the native build alone)
set -uo pipefail
src=$1; native=$2; wasm=$3
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
if [ "$wasm" = - ]; then echo "native build only (no Node comparison asked for)"; wasm=
else [ -f "$wasm" ] || { echo "no wasm CLI at $wasm (build the wasm preset first)"; echo "0 passed, 1 failed"; exit 1; }; fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
run=synthetic/runs/demo-a/demo-a-200
grid=(--grid U1=0.6:0.9:0.05 --grid U2=600:1600:100 --set U3=3)

(cd "$src" && "$native" sweep "$run" "${grid[@]}" --json) >"$work/n.json" 2>"$work/n.err" && ok || ko "native sweep exited $?: $(head -c 400 "$work/n.err")"
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const bad = [];
  if (r.puntos.length !== 7 * 11) bad.push("points " + r.puntos.length);
  if (r.plan !== null) bad.push("plan should be null with U3=3, is " + r.plan);
  if (r.verdad !== "en_este_ajuste") bad.push("verdad " + r.verdad);
  if (!r.frente_pareto.length) bad.push("empty front");
  for (const p of r.puntos) if (p.umbrales.U3 !== 3) bad.push("U3 not fixed");
  if (r.ejes.map(e => e.id).join() !== "U1,U2") bad.push("axes " + r.ejes.map(e => e.id));
  if (bad.length) { console.log(bad.join("; ")); process.exit(1); }' "$work/n.json" && ok || ko "the grid's object"
if [ -n "$wasm" ]; then
  (cd "$src" && node "$wasm" sweep "$run" "${grid[@]}" --json) >"$work/w.json" 2>"$work/w.err" && ok || ko "Node sweep exited $?: $(head -c 400 "$work/w.err")"
  cmp -s "$work/n.json" "$work/w.json" && ok || ko "native and Node --json differ: $(diff "$work/n.json" "$work/w.json" | head -5)"
  cmp -s "$work/n.err" "$work/w.err" && ok || ko "native and Node stderr differ"
fi

# The default grid: U1 and U2 over their playable ranges, the plan's point 5·49 + 8 with 0 introduced/avoided.
(cd "$src" && "$native" sweep "$run" --json) >"$work/d.json" 2>"$work/err" && ok || ko "default sweep exited $?"
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const p = r.puntos[r.plan] || {};
  const bad = [];
  if (r.puntos.length !== 490) bad.push("points " + r.puntos.length);
  if (r.plan !== 253 || r.actual !== 253) bad.push("plan " + r.plan + " actual " + r.actual);
  if (p.errores_introducidos !== 0 || p.errores_evitados !== 0 || p.minutos !== 12 * p.personas) bad.push("plan point " + JSON.stringify(p));
  if (bad.length) { console.log(bad.join("; ")); process.exit(1); }' "$work/d.json" && ok || ko "the default grid"
for lang in es en; do
  (cd "$src" && "$native" sweep "$run" "${grid[@]}" --lang $lang) >"$work/t.txt" 2>&1 && ok || ko "text ($lang) exited $?"
  grep -q "$([ $lang = en ] && echo 'Pareto front' || echo 'Frente de Pareto')" "$work/t.txt" && ok || ko "text ($lang): $(head -3 "$work/t.txt")"
done

# Usage errors: exit 2, the code on stderr.
expect() {  # expect CODE TEXT ARGS...
  local code=$1 text=$2; shift 2
  (cd "$src" && "$native" sweep "$@") >"$work/o" 2>"$work/e"; local rc=$?
  [ $rc -eq "$code" ] && grep -q -- "$text" "$work/e" && ok || ko "sweep $* exited $rc (want $code, $text): $(head -c 300 "$work/e")"
}
expect 2 "dos --grid" "$run" --grid U1=0.5:0.9:0.1
expect 2 PLAYGROUND_REJILLA_INVALIDA "$run" --grid U1=0.5:0.9 --grid U2=200:5000:100
expect 2 PLAYGROUND_REJILLA_UMBRAL "$run" --grid U1=0.5:0.9:0.1 --grid U4=0:1:1
expect 2 PLAYGROUND_REJILLA_FUERA_DE_RANGO "$run" --grid U1=0.1:0.9:0.1 --grid U2=200:5000:100
expect 2 PLAYGROUND_REJILLA_DEMASIADO_GRANDE "$run" --grid U1=0.5:0.95:0.05 --grid U2=200:5000:0.1
expect 2 PLAYGROUND_REJILLA_INVALIDA "$run" --grid U1=0.5:0.9:0.1 --grid U1=0.5:0.9:0.1
expect 2 PLAYGROUND_AJUSTE_INVALIDO "$run" --set U3=x
expect 1 ARCHIVO_ILEGIBLE synthetic/runs/demo-a/no-such-run
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
