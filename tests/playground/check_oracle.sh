#!/usr/bin/env bash
# playground_oracle: `planlang playground --json` against replay_oracle.mjs, an independent reading of
# playground.md §3–§5 written in JavaScript from the spec, on committed runs over a grid of settings: the
# change records' normative fields, the effect sets, the persons and the auditor minutes must agree.
#   check_oracle.sh SRC PLANLANG
set -u
src=$1
bin=$2
cd "$src" || exit 1
demo=plans/demo-a/playground.json
pass=0
fail=0
compare() {  # run, setting words…
  local run=$1
  shift
  local sets=()
  for s in "$@"; do sets+=(--set "$s"); done
  local mine oracle
  mine=$("$bin" playground "$run" "${sets[@]}" --json --strict) || { echo "FAIL $run $*: planlang exited $?"; fail=$((fail + 1)); return; }
  oracle=$(node tests/playground/replay_oracle.mjs . "$run" "$demo" "$@") || { echo "FAIL $run $*: oracle"; fail=$((fail + 1)); return; }
  if node -e '
    const [a, b] = [JSON.parse(process.argv[1]), JSON.parse(process.argv[2])];
    const keys = ["id", "antes", "ahora", "nodo", "paso", "rama_nueva", "efecto", "exigida_por_texas", "visitas_ahorradas"];
    const pick = (c) => Object.fromEntries(keys.map((k) => [k, c[k]]));
    const mine = {cambios: a.cambios.map(pick), introducidos: a.introducidos, evitados: a.evitados, no_observados: a.no_observados,
                  no_jugables: a.no_jugables.map((n) => n.caso_id), personas: a.personas, personas_plan: a.personas_plan,
                  minutos: a.minutos, minutos_plan: a.minutos_plan};
    const theirs = {...b, cambios: b.cambios.map(pick)};
    const x = JSON.stringify(mine), y = JSON.stringify(theirs);
    if (x !== y) { console.error("planlang:", x.slice(0, 400)); console.error("oracle:  ", y.slice(0, 400)); process.exit(1); }
  ' "$mine" "$oracle"; then
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
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
