#!/usr/bin/env bash
# playground_oracle: `planlang playground --json` against replay_oracle.mjs, an independent reading of
# playground.md §3–§5 written in JavaScript from the spec, on committed runs over a grid of settings: the
# change records' normative fields, the effect sets, the persons and the reviewer minutes must agree.
#   check_oracle.sh SRC PLANLANG
set -u
src=$1
bin=$2
cd "$src" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
compare() {  # run, setting words…
  local run=$1 demo
  shift
  case $run in
    */adherencia/*) demo=plans/adherencia/playground.json ;;
    *) demo=plans/demo-a/playground.json ;;
  esac
  local sets=()
  for s in "$@"; do sets+=(--set "$s"); done
  # Through files: a change list of hundreds of cases is longer than an argument may be.
  "$bin" playground "$run" "${sets[@]}" --json --strict > "$tmp/mine.json" || { echo "FAIL $run $*: planlang exited $?"; fail=$((fail + 1)); return; }
  node tests/playground/replay_oracle.mjs . "$run" "$demo" "$@" > "$tmp/oracle.json" || { echo "FAIL $run $*: oracle"; fail=$((fail + 1)); return; }
  if node -e '
    const fs = require("fs");
    const [a, b] = [JSON.parse(fs.readFileSync(process.argv[1], "utf8")), JSON.parse(fs.readFileSync(process.argv[2], "utf8"))];
    const keys = ["id", "antes", "ahora", "nodo", "paso", "rama_nueva", "efecto", "exigida_por_texas", "visitas_ahorradas"];
    const pick = (c) => Object.fromEntries(keys.map((k) => [k, c[k]]));
    const mine = {cambios: a.cambios.map(pick), introducidos: a.introducidos, evitados: a.evitados, no_observados: a.no_observados,
                  no_jugables: a.no_jugables.map((n) => n.caso_id), personas: a.personas, personas_plan: a.personas_plan,
                  minutos: a.minutos, minutos_plan: a.minutos_plan};
    const theirs = {...b, cambios: b.cambios.map(pick)};
    const x = JSON.stringify(mine), y = JSON.stringify(theirs);
    if (x !== y) { console.error("planlang:", x.slice(0, 400)); console.error("oracle:  ", y.slice(0, 400)); process.exit(1); }
  ' "$tmp/mine.json" "$tmp/oracle.json"; then
    pass=$((pass + 1))
  else
    echo "FAIL $run $*"
    fail=$((fail + 1))
  fi
}
for run in synthetic/runs/demo-a/demo-a-200 synthetic/runs/demo-a/demo-a-20 synthetic/runs/demo-a/demo-a-humo-3; do
  compare "$run"
  for u4 in false true; do
    for u3 in 0 1 3 4; do compare "$run" "U3=$u3" "U4=$u4"; done
    for u1 in 0.5 0.6 0.7 0.8 0.85 0.9 0.95; do compare "$run" "U1=$u1" "U4=$u4"; done
    for u2 in 200 500 900 1100 1500 3000 5000; do compare "$run" "U2=$u2" "U4=$u4"; done
    compare "$run" U1=0.9 U2=300 U3=1 "U4=$u4"
  done
done
# The adherence coach (issue 36): multi-turn conversations, so a case has one visit per turn of each node.
for run in synthetic/runs/adherencia/adherencia-315 synthetic/runs/adherencia/adherencia-21 synthetic/runs/adherencia/adherencia-humo-3; do
  compare "$run"
  for u4 in false true; do
    for u3 in 1 2 4 5; do compare "$run" "U3=$u3" "U4=$u4"; done
    for u1 in 0.4 0.55 0.6 0.7 0.75 0.9 0.95; do compare "$run" "U1=$u1" "U4=$u4"; done
    for u2 in 0.3 0.45 0.55 0.65 0.7 0.85 1; do compare "$run" "U2=$u2" "U4=$u4"; done
    compare "$run" U1=0.5 U2=0.4 U3=2 "U4=$u4"
  done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
