#!/usr/bin/env bash
# `planlang simulate` (spec/cli.md) for one build, on the hand-made data of tests/data/sim/: usage errors
# (exit 2), unreadable or mismatching inputs (exit 1), a complete run folder whose every file carries a
# matching huella, byte-identical on a second run into an existing folder (replaced whole, no temporary
# left), repetitions and the baseline.
#   check_simulate.sh SOURCE_DIR planlang...     e.g. build/native/planlang, or: node build/wasm/planlang.js
set -uo pipefail
src=$1; shift
P=("$@")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
expect() {  # expect NAME EXPECTED_RC STDERR_REGEX -- ARGS...
  local name=$1 want_rc=$2 want_err=$3; shift 4
  local rc err
  (cd "$src" && "${P[@]}" "$@") >"$work/out" 2>"$work/err"; rc=$?
  # stderr is a file here, never a terminal: no progress bar on either build
  if grep -q 'simulate \[' "$work/err"; then ko "$name: progress bar on a stderr that is not a terminal"; fi
  err=$(cat "$work/err")
  if [ "$rc" = "$want_rc" ] && [[ "$err" =~ $want_err ]]; then ok; else ko "$name: exit $rc (want $want_rc), stderr [${err:0:300}]"; fi
}
# Relative -o paths resolve from the source folder (the commands run there); the runs go to $work.
base=(simulate --plan plans/demo-a/plan-demo-a.json --batch tests/data/sim/lote.json --world tests/data/sim/mundo.json --date 2026-11-30)
export PLANLANG_LANG=en  # the expectations below read the English messages
expect "missing -o" 2 'usage: planlang simulate' -- "${base[@]}" --variant multiagente
expect "bad variant" 2 'multi-agent or single-agent' -- "${base[@]}" --variant dos -o "$work/x"
expect "bad date" 2 'YYYY-MM-DD' -- "${base[@]}" --variant multiagente --date 30-11-2026 -o "$work/x"
expect "repeat 1" 2 'an integer ≥ 2' -- "${base[@]}" --variant multiagente --repeat 1 -o "$work/x-r1"
expect "repeat id" 2 'the run id ends in -r2' -- "${base[@]}" --variant multiagente --repeat 2 -o "$work/x"
outside=$(mktemp -d); cp "$src/plans/demo-a/plan-demo-a.json" "$outside/"
expect "plan path outside --root" 2 'is not under --root' -- simulate --plan "$outside/plan-demo-a.json" --batch tests/data/sim/lote.json \
  --world tests/data/sim/mundo.json --variant multiagente --date 2026-11-30 -o "$work/x"
rm -rf "$outside"
expect "missing batch" 1 'ARCHIVO_ILEGIBLE: tests/data/sim/no-such.json' -- simulate --plan plans/demo-a/plan-demo-a.json \
  --batch tests/data/sim/no-such.json --world tests/data/sim/mundo.json --variant multiagente --date 2026-11-30 -o "$work/x"
expect "draft plan" 1 'HUELLA_AUSENTE' -- simulate --plan plans/demo-a/plan-demo-a.borrador.json --batch tests/data/sim/lote.json \
  --world tests/data/sim/mundo.json --variant multiagente --date 2026-11-30 -o "$work/x"
expect "batch as world" 1 'ESQUEMA' -- simulate --plan plans/demo-a/plan-demo-a.json --batch tests/data/sim/lote.json \
  --world tests/data/sim/lote.json --variant multiagente --date 2026-11-30 -o "$work/x"
expect "batch of another world" 1 'REFERENCIA_ROTA: plan_beneficios.huella' -- simulate --plan plans/demo-a/plan-demo-a.json \
  --batch tests/data/sim/lote.json --world synthetic/plan-beneficios/plan-beneficios-demo-a.json --variant multiagente --date 2026-11-30 -o "$work/x"
# a plan of a domain with no simulated agent (the registry's sim::Simulation): refused by name, nothing written
expect "domain without an agent" 1 'PLAN_NO_SIMULABLE: plans/permisos-obra-menor/plan-permisos-obra-menor.json: dominio_id: the simulated agent does not know the domain “dom-urbanismo” \(it knows: dom-salud, dom-adherencia\)' -- \
  simulate --plan plans/permisos-obra-menor/plan-permisos-obra-menor.json --batch tests/data/sim/lote.json \
  --world tests/data/sim/mundo.json --variant multiagente --date 2026-11-30 -o "$work/x"
[ -e "$work/x" ] && ko "a refused run left $work/x behind" || ok

expect "run" 0 '^$' -- "${base[@]}" --variant multiagente -o "$work/runs/prueba-15"
grep -qx "run written → $work/runs/prueba-15 (id \`prueba-15\`, multi-agent, 15 cases, 15 traces)" "$work/out" && ok || ko "run: stdout [$(head -c 300 "$work/out")]"
# an absolute plan path under the root (here the current folder) is recorded relative to it
expect "absolute plan path" 0 '^$' -- simulate --plan "$src/plans/demo-a/plan-demo-a.json" --batch tests/data/sim/lote.json \
  --world "$src/tests/data/sim/mundo.json" --variant multiagente --date 2026-11-30 -o "$work/runs/absoluta"
grep -q '"archivo": "plans/demo-a/plan-demo-a.json"' "$work/runs/absoluta/corrida.json" &&
  grep -q '"archivo": "tests/data/sim/mundo.json"' "$work/runs/absoluta/corrida.json" && ok || ko "absolute paths not recorded relative to the root"
run="$work/runs/prueba-15"
count=$(find "$run" -type f | wc -l)
[ "$count" = 18 ] && ok || ko "run folder holds $count files, want 18"
for f in "$run"/*.json "$run"/trazas/*.json; do
  (cd "$src" && "${P[@]}" fingerprint --check "$f") >/dev/null 2>&1 && ok || ko "huella of $f"
done
grep -q '"archivo": "tests/data/sim/lote.json"' "$run/corrida.json" && ok || ko "manifest batch path"
grep -q '"fecha": "2026-11-30"' "$run/corrida.json" && ok || ko "manifest date"
cp -r "$run" "$work/first"
echo stale > "$run/trazas/A-999.json"
expect "rerun over the folder" 0 '^$' -- "${base[@]}" --variant multiagente -o "$work/runs/prueba-15/"
diff -r "$work/first" "$run" >/dev/null && ok || ko "second run differs or kept a stale file"
leftovers=$(find "$work/runs" -maxdepth 1 -name '*-planlang' | wc -l)
[ "$leftovers" = 0 ] && ok || ko "temporary folders left behind"
expect "--root" 0 '^$' -- simulate --root "$src" --plan ./plans/demo-a/plan-demo-a.json --batch tests/data/sim/lote.json \
  --world tests/data/sim/mundo.json --variant multiagente --date 2026-11-30 -o "$work/root/prueba-15"
diff -r "$work/first" "$work/root/prueba-15" >/dev/null && ok || ko "--root run differs"
expect "repetition" 0 '^$' -- "${base[@]}" --variant multiagente --repeat 2 -o "$work/runs/prueba-15-r2"
grep -q '"corrida_id": "prueba-15-r2"' "$work/runs/prueba-15-r2/corrida.json" && ok || ko "repetition id"
cmp -s "$run/grafo.json" "$work/runs/prueba-15-r2/grafo.json" && ok || ko "repetition graph differs"
expect "baseline" 0 '^$' -- "${base[@]}" --variant agente_unico -o "$work/runs/prueba-15-base"
grep -q '"variante": "agente_unico"' "$work/runs/prueba-15-base/grafo.json" && ok || ko "baseline graph variant"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
