#!/usr/bin/env bash
# playground_oracle: `planlang playground --json` against replay_oracle.mjs, an independent reading of
# playground.md §3–§5 written in JavaScript from the spec, on committed runs over a grid of settings: the
# change records' normative fields, the effect sets, the persons and the reviewer minutes must agree.
# Then it counts, over the whole grid, in how many compared settings each effect occurs (from planlang's
# output, once it agrees with the oracle), and fails if one occurs in fewer than $min_settings: the grid
# cannot silently lose coverage of a row of §4's effects table, of §11's "not playable" or of Texas.
#   check_oracle.sh SRC PLANLANG [JOBS]     (JOBS processes at a time; by default, the number of cores)
set -u
src=$1
bin=$2
jobs=${3:-$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
min_settings=5
cd "$src" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export bin tmp

# The grid: `grid RUN setting…` adds one compared setting. planlang plays each setting on its own; the oracle
# reads each run once and plays all its settings (--settings). Both run below, $jobs processes at a time.
n=0
runs=()
grid() {
  local run=$1 r=0
  shift
  n=$((n + 1))
  while [ "$r" -lt "${#runs[@]}" ] && [ "${runs[$r]}" != "$run" ]; do r=$((r + 1)); done
  [ "$r" -lt "${#runs[@]}" ] || runs+=("$run")
  echo "$*" >> "$tmp/sets.$r"
  echo "$n $r $run${*:+ $*}" >> "$tmp/grid"  # no trailing blank: xargs -L would join the next line
}
for run in synthetic/runs/demo-a/demo-a-200 synthetic/runs/demo-a/demo-a-20 synthetic/runs/demo-a/demo-a-humo-3; do
  grid "$run"
  for u4 in false true; do
    for u3 in 0 1 3 4; do grid "$run" "U3=$u3" "U4=$u4"; done
    for u1 in 0.5 0.6 0.7 0.8 0.85 0.9 0.95; do grid "$run" "U1=$u1" "U4=$u4"; done
    for u2 in 200 500 900 1100 1500 3000 5000; do grid "$run" "U2=$u2" "U4=$u4"; done
    grid "$run" U1=0.9 U2=300 U3=1 "U4=$u4"
  done
done
# The adherence coach (issue 36): multi-turn conversations, so a case has one visit per turn of each node.
for run in synthetic/runs/adherencia/adherencia-315 synthetic/runs/adherencia/adherencia-21 synthetic/runs/adherencia/adherencia-humo-3; do
  grid "$run"
  for u4 in false true; do
    for u3 in 1 2 4 5; do grid "$run" "U3=$u3" "U4=$u4"; done
    for u1 in 0.4 0.55 0.6 0.7 0.75 0.9 0.95; do grid "$run" "U1=$u1" "U4=$u4"; done
    for u2 in 0.3 0.45 0.55 0.65 0.7 0.85 1; do grid "$run" "U2=$u2" "U4=$u4"; done
    grid "$run" U1=0.5 U2=0.4 U3=2 "U4=$u4"
  done
done
# The hand-made runs of tests/data/playground (its README.md and make_runs.mjs have the case table), on demo A.
# pg-efectos: every row of §4's effects table occurs at some of these settings (the case table is in
# tests/unit/playground/replay_test.cpp) — errors introduced (U1 ≤ 0.69: A-105's null proposal; U2 ≥ 1300:
# A-011's truth), avoided (U1 > 0.83 or U2 < 900: A-024), reviews saved (U1 ≤ 0.74: A-067), extra reviews
# (U1 > 0.83: A-020; U4 on: A-014, required by Texas; U3 ≤ 1: A-001), the same destination (U3 ≤ 1: A-017
# pauses earlier) and not observed (U3 ≥ 3: A-017 asks again). The observed values themselves (0.69, 0.74,
# 0.83, 900, 1300) are played too, to pin each comparison's strictness.
run=tests/data/playground/pg-efectos
grid "$run"
for u4 in false true; do
  for u1 in 0.5 0.65 0.69 0.7 0.74 0.8 0.83 0.85 0.9 0.95; do grid "$run" "U1=$u1" "U4=$u4"; done
  for u2 in 200 500 899 900 1200 1299 1300 1500 5000; do grid "$run" "U2=$u2" "U4=$u4"; done
  for u3 in 0 1 3 4; do grid "$run" "U3=$u3" "U4=$u4"; done
  grid "$run" U1=0.65 U2=1500 "U4=$u4"
  grid "$run" U1=0.85 U2=800 "U4=$u4"
  grid "$run" U1=0.95 U2=200 U3=0 "U4=$u4"
  grid "$run" U1=0.5 U2=5000 U3=4 "U4=$u4"
done
# pg-no-jugable: A-011's confidence is the text "alta", so its decision visit cannot be evaluated at any setting
# (§11, not playable); A-020 and A-067 still move with U1 and U2.
run=tests/data/playground/pg-no-jugable
grid "$run"
for u4 in false true; do
  for s in U1=0.5 U1=0.7 U1=0.9 U2=200 U2=5000 U3=0 U3=4; do grid "$run" "$s" "U4=$u4"; done
done

demo_of() {
  case $1 in
    */adherencia/*) echo plans/adherencia/playground.json ;;
    *) echo plans/demo-a/playground.json ;;
  esac
}
# One job: "oracle R RUN" (all of run R's settings, one JSON line each, in grid order) or "planlang N R RUN U=V…"
# (setting N). Output through files: a change list of hundreds of cases is longer than an argument may be.
job() {
  local kind=$1
  shift
  if [ "$kind" = oracle ]; then
    node tests/playground/replay_oracle.mjs . "$2" "$(demo_of "$2")" --settings "$tmp/sets.$1" > "$tmp/oracle.$1.jsonl" 2> "$tmp/oracle.$1.err" ||
      echo $? > "$tmp/oracle.$1.rc"
  else
    local n=$1 run=$3 sets=()
    shift 3
    for s in "$@"; do sets+=(--set "$s"); done
    "$bin" playground "$run" "${sets[@]}" --json --strict > "$tmp/mine.$n.json" 2> "$tmp/mine.$n.err" ||
      echo $? > "$tmp/mine.$n.rc"
  fi
}
export -f job demo_of
# The oracle jobs first: each plays a whole run, the longest jobs.
{
  for r in "${!runs[@]}"; do echo "oracle $r ${runs[$r]}"; done
  sed 's/^/planlang /' "$tmp/grid"
} | xargs -P "$jobs" -L 1 bash -c 'job "$@"' job

# Compare each setting, then count in how many agreeing settings each effect occurs (from planlang's output):
# each `cambios[].efecto` value, "not playable" when `no_jugables` is not empty, "required by Texas" when a
# change record has `exigida_por_texas`.
node -e '
  const fs = require("fs");
  const [tmp, min] = [process.argv[1], Number(process.argv[2])];
  const readText = (f) => (fs.existsSync(f) ? fs.readFileSync(f, "utf8") : "");
  const keys = ["id", "antes", "ahora", "nodo", "paso", "rama_nueva", "efecto", "exigida_por_texas", "visitas_ahorradas"];
  const pick = (c) => Object.fromEntries(keys.map((k) => [k, c[k]]));
  const effects = [["error_introducido", "introduced"], ["error_evitado", "avoided"], ["revision_ahorrada", "review saved"],
                   ["revision_de_mas", "extra review"], ["mismo_destino", "same destination"], ["no_observado", "not observed"],
                   ["no_jugable", "not playable"], ["exigida_por_texas", "required by Texas"]];
  const count = Object.fromEntries(effects.map(([k]) => [k, 0]));
  const oracle = new Map(), position = new Map(), told = new Set();
  let pass = 0, fail = 0;
  for (const line of readText(tmp + "/grid").split("\n").filter((l) => l !== "")) {
    const [n, r, run, ...sets] = line.split(" ").filter((w) => w !== "");
    const what = [run, ...sets].join(" ");
    if (!oracle.has(r)) oracle.set(r, readText(tmp + "/oracle." + r + ".jsonl").split("\n"));
    const k = position.get(r) ?? 0;
    position.set(r, k + 1);
    // Each side: its JSON, or why there is none (exit status; its stderr, once for a run the oracle failed on).
    const side = (name, file, text) => {
      const rc = readText(file + ".rc").trim();
      try {
        if (rc === "") return JSON.parse(text);
      } catch {}
      const err = told.has(file) ? "(above)" : readText(file + ".err").trim();
      told.add(file);
      console.log("FAIL " + what + ": " + name + (rc === "" ? " gave no JSON " : " exited " + rc + " ") + err);
      return null;
    };
    const a = side("planlang", tmp + "/mine." + n, readText(tmp + "/mine." + n + ".json"));
    const b = a === null ? null : side("oracle", tmp + "/oracle." + r, oracle.get(r)[k] ?? "");
    if (a === null || b === null) {
      fail++;
      continue;
    }
    const mine = {cambios: a.cambios.map(pick), introducidos: a.introducidos, evitados: a.evitados, no_observados: a.no_observados,
                  no_jugables: a.no_jugables.map((c) => c.caso_id), personas: a.personas, personas_plan: a.personas_plan,
                  minutos: a.minutos, minutos_plan: a.minutos_plan};
    const theirs = {...b, cambios: b.cambios.map(pick)};
    const x = JSON.stringify(mine), y = JSON.stringify(theirs);
    if (x !== y) {
      fail++;
      console.log("FAIL " + what);
      console.log("planlang:", x.slice(0, 400));
      console.log("oracle:  ", y.slice(0, 400));
      continue;
    }
    const present = new Set(a.cambios.map((c) => c.efecto));
    if (a.no_jugables.length > 0) present.add("no_jugable");
    if (a.cambios.some((c) => c.exigida_por_texas === true)) present.add("exigida_por_texas");
    const unknown = [...present].filter((e) => !(e in count));
    if (unknown.length > 0) {  // an effect this count does not know: add it to the list above
      fail++;
      console.log("FAIL " + what + ": effect not counted: " + unknown.join(", "));
      continue;
    }
    pass++;
    for (const e of present) count[e]++;
  }
  console.log(pass + " passed, " + fail + " failed");
  let short = false;
  for (const [k] of effects) if (count[k] < min) {
    short = true;
    console.log("FAIL coverage: " + k + " occurs in " + count[k] + " compared settings, fewer than " + min);
  }
  console.log("effects over " + pass + " settings: " + effects.map(([k, label]) => label + " " + count[k]).join(", "));
  process.exit(fail === 0 && !short && pass > 0 ? 0 : 1);
' "$tmp" "$min_settings"
