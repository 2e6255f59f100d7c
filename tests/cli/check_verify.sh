#!/usr/bin/env bash
# `planlang verify` and `planlang m9` (issue 5), natively and under Node: the golden reports committed in
# synthetic/runs/demo-a/<run>/ (informe.json, informe.es.md, informe.en.md) are produced byte for byte by both
# builds; --json prints the report object; --strict omits `complementos`; a tampered run is rejected with
# every reason and nothing written; usage errors exit 2; the seeded-gap suite detects every seed on the
# clean smoke run.
#   check_verify.sh SOURCE_DIR NATIVE_PLANLANG WASM_PLANLANG_JS
# WASM_PLANLANG_JS "-": the native build alone (the sanitizer builds; the native build proves native = Node).
set -uo pipefail
src=$(realpath "$1"); native=$(realpath "$2"); wasm=$3
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
builds=(native node)
if [ "$wasm" = - ]; then builds=(native); echo "native build only (no Node comparison asked for)"
else [ -f "$wasm" ] || { echo "no wasm CLI at $wasm (build the wasm preset first)"; echo "0 passed, 1 failed"; exit 1; }; fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
run() {  # run BUILD ARGS... (from the source folder)
  local build=$1; shift
  if [ "$build" = native ]; then (cd "$src" && "$native" "$@"); else (cd "$src" && node "$wasm" "$@"); fi
}
# shellcheck source=tests/cli/verify_scenarios.sh
. "$(dirname "$0")/verify_scenarios.sh"
for build in "${builds[@]}"; do
  for s in "${verify_scenarios[@]}"; do
    main=${s%%|*}; opts=${s#*|}
    out="$work/$build/$(basename "$main")"; mkdir -p "$out"
    # shellcheck disable=SC2086
    if run $build verify "$main" $opts -o "$out" --json >"$out/stdout" 2>"$work/err"; then
      for f in informe.json informe.es.md informe.en.md; do
        if cmp -s "$src/$main/$f" "$out/$f"; then ok; else ko "$build $main: $f differs from the golden file"; diff "$src/$main/$f" "$out/$f" | head -6; fi
      done
      cmp -s "$out/stdout" "$out/informe.json" && ok || ko "$build $main: --json is not informe.json"
      # stderr is a file here, never a terminal: no progress bar (spec/cli.md)
      grep -q 'verify .*\[' "$work/err" && ko "$build $main: progress bar on a stderr that is not a terminal" || ok
    else
      ko "$build verify $main exited $?: $(head -c 600 "$work/err")"
    fi
  done
  # --strict: no additions
  if run $build verify "$R/demo-a-humo-3" --strict -o "$work/$build/strict" --json >"$work/strict.json" 2>"$work/err"; then
    grep -q '"complementos"' "$work/strict.json" && ko "$build --strict still prints complementos" || ok
  else ko "$build verify --strict failed: $(head -c 300 "$work/err")"; fi
  # the report names files as the run declares them: --root absolute from another folder, relative from a
  # subfolder, and --plan given absolute all write the golden bytes (issue 30)
  for how in absolute relative plan; do
    o="$work/$build/root-$how"; mkdir -p "$o"
    case $how in
      absolute) (cd "$work" && if [ "$build" = native ]; then "$native" verify "$src/$R/demo-a-humo-3" --root "$src" -o "$o"
                               else node "$wasm" verify "$src/$R/demo-a-humo-3" --root "$src" -o "$o"; fi) >/dev/null 2>"$work/err" ;;
      relative) (cd "$src/synthetic" && if [ "$build" = native ]; then "$native" verify "runs/demo-a/demo-a-humo-3" --root .. -o "$o"
                               else node "$wasm" verify "runs/demo-a/demo-a-humo-3" --root .. -o "$o"; fi) >/dev/null 2>"$work/err" ;;
      plan) run $build verify "$R/demo-a-humo-3" --plan "$src/plans/demo-a/plan-demo-a.json" -o "$o" >/dev/null 2>"$work/err" ;;
    esac
    for f in informe.json informe.es.md informe.en.md; do
      cmp -s "$src/$R/demo-a-humo-3/$f" "$o/$f" && ok || ko "$build --root $how: $f differs from the golden file ($(head -c 300 "$work/err"))"
    done
  done
  # usage errors
  run $build verify >/dev/null 2>"$work/err"; [ $? = 2 ] && ok || ko "$build verify without RUNDIR is not exit 2"
  run $build verify "$R/demo-a-humo-3" --bogus >/dev/null 2>"$work/err"; [ $? = 2 ] && ok || ko "$build unknown option is not exit 2"
  # a tampered copy: one trace edited without re-sealing, one declared trace missing → rejected, all reasons, nothing written
  t="$work/$build/tampered"; mkdir -p "$t"; cp -r "$src/$R/demo-a-humo-3/." "$t/"; rm -f "$t"/informe.*
  sed -i 's/"latencia_total_s": [0-9.]*/"latencia_total_s": 99/' "$t/trazas/AH-001.json"; rm "$t/trazas/AH-002.json"
  run $build verify "$t" --root "$src" >"$work/out" 2>"$work/err"; rc=$?
  if [ $rc = 1 ] && grep -q 'HUELLA_NO_COINCIDE' "$work/err" && grep -q 'REFERENCIA_ROTA' "$work/err" && [ ! -e "$t/informe.json" ]; then ok
  else ko "$build tampered run: exit $rc, stderr $(head -c 400 "$work/err")"; fi
  # a trace that is a FIFO is refused as unreadable, never waited on (opening it would wait for a writer)
  f="$work/$build/fifo"; mkdir -p "$f"; cp -r "$src/$R/demo-a-humo-3/." "$f/"; rm -f "$f"/informe.* "$f/trazas/AH-003.json"
  mkfifo "$f/trazas/AH-003.json"
  (cd "$src" && if [ "$build" = native ]; then timeout 60 "$native" verify "$f"; else timeout 60 node "$wasm" verify "$f"; fi) >"$work/out" 2>"$work/err"; rc=$?
  if [ $rc = 1 ] && grep -q "REFERENCIA_ROTA: $f/trazas/AH-003.json" "$work/err"; then ok
  else ko "$build run with a FIFO trace: exit $rc (124: it waited), stderr $(head -c 300 "$work/err")"; fi
  # the seeded-gap suite: every seed detected, counted exactly (§16's ten and our seven, 17 rows)
  run $build m9 "$R/demo-a-humo-3" >"$work/$build-m9" 2>"$work/err"; rc=$?
  if [ $rc = 0 ] && grep -qx 'Detectadas 10 de 10 (§16)' "$work/$build-m9" && grep -qx 'Nuestras (\*): detectadas 7 de 7' "$work/$build-m9" &&
     [ "$(grep -cE '^\| [0-9]+\*? \|' "$work/$build-m9")" = 17 ]; then ok; else ko "$build m9 exit $rc: $(tail -5 "$work/$build-m9")"; fi
  # ... and on the adherence coach's smoke run: its own two seeds (a red flag read as negated, a pt-BR template
  # without its citation), both caught
  run $build m9 synthetic/runs/adherencia/adherencia-humo-3 >"$work/$build-m9-adh" 2>"$work/err"; rc=$?
  if [ $rc = 0 ] && grep -qx 'Nuestras (\*): detectadas 2 de 2' "$work/$build-m9-adh" &&
     [ "$(grep -cE '^\| [0-9]+\*? \|' "$work/$build-m9-adh")" = 2 ]; then ok; else ko "$build m9 adherencia exit $rc: $(tail -5 "$work/$build-m9-adh")"; fi
  # a plan the batch names and no flag gives is found under --root (issue 30): a root holding the plans and a
  # batch generated with an earlier version of the plan (same truth), run with the current one
  a="$work/$build/root"; mkdir -p "$a/synthetic/casos/demo-a" "$a/synthetic/plan-beneficios"
  cp -r "$src/plans" "$a/"; cp "$src/synthetic/plan-beneficios/plan-beneficios-demo-a.json" "$a/synthetic/plan-beneficios/"
  node -e 'const fs = require("fs"); const p = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    p.version = "1.5.0"; p.nombre.es += " (versión anterior)"; p.nombre.en += " (earlier version)"; delete p.huella;
    fs.writeFileSync(process.argv[2], JSON.stringify(p, null, 2) + "\n");' "$a/plans/demo-a/plan-demo-a.json" "$work/earlier.json"
  h=$(run $build fingerprint "$work/earlier.json")
  node -e 'const fs = require("fs"); const p = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); p.huella = process.argv[2];
    fs.writeFileSync(process.argv[3], JSON.stringify(p, null, 2) + "\n");' "$work/earlier.json" "$h" "$a/plans/demo-a/plan-demo-a-1.5.0.json"
  W=synthetic/plan-beneficios/plan-beneficios-demo-a.json; LOTE=synthetic/casos/demo-a/demo-a-humo-3.json
  in_root() { if [ "$build" = native ]; then (cd "$a" && "$native" "$@"); else (cd "$a" && node "$wasm" "$@"); fi; }
  in_root generate --plan plans/demo-a/plan-demo-a-1.5.0.json --world $W --seed humo --n 3 --receta humo --id demo-a-humo-3 -o $LOTE >/dev/null 2>&1 &&
    in_root simulate --plan plans/demo-a/plan-demo-a.json --batch $LOTE --world $W --variant multiagente --date 2026-11-30 -o runs/humo >/dev/null 2>&1 ||
    ko "$build: the earlier plan's batch and its run could not be made"
  run $build verify "$a/runs/humo" --root "$a" -o "$work/$build/found" >"$work/out" 2>"$work/err"; rc=$?
  [ $rc = 0 ] && grep -q 'plan del lote encontrado bajo la raíz: .*plans/demo-a/plan-demo-a-1.5.0.json' "$work/out" &&
    grep -q '"plan_de_generacion": {' "$work/$build/found/informe.json" && grep -A2 '"plan_de_generacion"' "$work/$build/found/informe.json" | grep -q "$h" &&
    ok || ko "$build: the batch's earlier plan was not found under --root (exit $rc): $(head -c 400 "$work/out" "$work/err")"
  # --plan the current plan, the run made with the earlier one: the run's plan is found as well
  in_root simulate --plan plans/demo-a/plan-demo-a-1.5.0.json --batch $LOTE --world $W --variant multiagente --date 2026-11-30 -o runs/humo-anterior >/dev/null 2>&1
  run $build verify "$a/runs/humo-anterior" --root "$a" --plan "$a/plans/demo-a/plan-demo-a.json" -o "$work/$build/found2" --lang en >"$work/out" 2>"$work/err"; rc=$?
  [ $rc = 0 ] && grep -q 'run plan found under the root: .*plans/demo-a/plan-demo-a-1.5.0.json' "$work/out" &&
    grep -q '"archivo": "plans/demo-a/plan-demo-a.json"' "$work/$build/found2/informe.json" &&
    ok || ko "$build: the run's earlier plan was not found under --root (exit $rc): $(head -c 400 "$work/out" "$work/err")"
  # m9 resolves the plan as verify does (issue 47): the original's layout, a run folder under runs/demo-a/ of a
  # --root that holds plans/demo-a/, its batch made with the earlier plan; every seed caught, control clean
  in_root simulate --plan plans/demo-a/plan-demo-a.json --batch $LOTE --world $W --variant multiagente --date 2026-11-30 -o runs/demo-a/simulado-3casos >/dev/null 2>&1
  run $build m9 "$a/runs/demo-a/simulado-3casos" --root "$a" --lang en >"$work/$build-m9-root" 2>"$work/err"; rc=$?
  [ $rc = 0 ] && grep -qx 'Detected 10 of 10 (§16)' "$work/$build-m9-root" && grep -qx 'Clean control: yes' "$work/$build-m9-root" &&
    ok || ko "$build: m9 under --root with the batch's earlier plan: exit $rc, $(tail -3 "$work/$build-m9-root") $(head -c 300 "$work/err")"
  # ... and on any clean demo A run, whatever its case ids: seed s8, 20 cases (A-001…), seeds on the cases that play
  # the smoke run's roles; a run with no case for a role (seed s1, 6 cases: no injection case at the pause) is
  # refused (exit 2) naming the role
  in_root generate --plan plans/demo-a/plan-demo-a.json --world $W --seed s8 --n 20 -o synthetic/casos/demo-a/s8-20.json >/dev/null 2>&1 &&
    in_root simulate --plan plans/demo-a/plan-demo-a.json --batch synthetic/casos/demo-a/s8-20.json --world $W --variant multiagente --date 2026-11-30 -o runs/s8-20 >/dev/null 2>&1
  run $build m9 "$a/runs/s8-20" --root "$a" --lang en >"$work/$build-m9-s8" 2>"$work/err"; rc=$?
  [ $rc = 0 ] && grep -qx 'Detected 10 of 10 (§16)' "$work/$build-m9-s8" && grep -qx 'Ours (\*): detected 7 of 7' "$work/$build-m9-s8" &&
    grep -q '| 2 | A-0[0-9][0-9] with `pausa_humana` = `false`' "$work/$build-m9-s8" &&
    ok || ko "$build: m9 on a clean 20-case run: exit $rc, $(tail -4 "$work/$build-m9-s8") $(head -c 300 "$work/err")"
  in_root generate --plan plans/demo-a/plan-demo-a.json --world $W --seed s1 --n 6 -o synthetic/casos/demo-a/s1-6.json >/dev/null 2>&1 &&
    in_root simulate --plan plans/demo-a/plan-demo-a.json --batch synthetic/casos/demo-a/s1-6.json --world $W --variant multiagente --date 2026-11-30 -o runs/s1-6 >/dev/null 2>&1
  run $build m9 "$a/runs/s1-6" --root "$a" --lang en >"$work/out" 2>"$work/err"; rc=$?
  [ $rc = 2 ] && grep -q 'this run lacks an injection case denied at the human pause' "$work/err" &&
    ok || ko "$build: m9 on a run without an injection case at the pause: exit $rc, $(head -c 300 "$work/err")"
  # with the earlier plan absent, still rejected, with the reason
  rm "$a/plans/demo-a/plan-demo-a-1.5.0.json"
  run $build verify "$a/runs/humo" --root "$a" -o "$work/$build/notfound" >"$work/out" 2>"$work/err"; rc=$?
  [ $rc = 1 ] && grep -q 'CORRIDA_INCOMPATIBLE: casos: .*--plan-del-lote' "$work/err" && [ ! -e "$work/$build/notfound/informe.json" ] &&
    ok || ko "$build: without the earlier plan: exit $rc, $(head -c 400 "$work/err")"
done
[ ${#builds[@]} = 1 ] || { cmp -s "$work/native-m9" "$work/node-m9" && ok || ko "m9 table differs between native and Node"; }
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
