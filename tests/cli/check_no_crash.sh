#!/usr/bin/env bash
# No input crashes or hangs the command line (issue 31): every subcommand is run on every file of the fuzz
# seed corpora and of the bad-input data, as each kind of file it reads (plan, batch, world, run manifest,
# graph, expected visits, trace), and verify and m9 on run folders broken in those ways. A command must end
# by itself within the time limit with 0, 1 or 2; a signal (a crash: 128 + n) or a hang fails the test.
#   check_no_crash.sh SOURCE_DIR planlang...
set -uo pipefail
src=$1; shift
P=("$@")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0; runs=0
limit=${NO_CRASH_SECONDS:-60}
stride=${NO_CRASH_STRIDE:-1}  # every input (sanitizer builds, ~5× slower per process, take every 6th: tests/CMakeLists.txt)
# A sanitizer's report must fail the test, never pass as an ordinary "rejected input" exit 1.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}halt_on_error=1:exitcode=87"
# run WHAT ARGS...: one command, from the work root
run() {
  local what=$1; shift
  runs=$((runs + 1))
  (cd "$work/root" && timeout "$limit" "${P[@]}" "$@") >/dev/null 2>"$work/err"; local rc=$?
  if [ $rc -le 2 ]; then passed=$((passed + 1))
  else failed=$((failed + 1)); echo "FAIL ($rc$([ $rc = 124 ] && echo ': hung')) $what: ${P[*]##*/} $*"; head -c 300 "$work/err"; echo; fi
}

# A root holding what the smoke run names: its plan, batch and world, and the run itself.
R=synthetic/runs/demo-a/demo-a-humo-3
mkdir -p "$work/root/synthetic/casos/demo-a" "$work/root/synthetic/plan-beneficios" "$work/root/plans/demo-a" "$work/root/runs"
cp "$src/plans/demo-a/plan-demo-a.json" "$work/root/plans/demo-a/"
cp "$src/synthetic/casos/demo-a/demo-a-humo-3.json" "$work/root/synthetic/casos/demo-a/"
cp "$src/synthetic/plan-beneficios/plan-beneficios-demo-a.json" "$work/root/synthetic/plan-beneficios/"
cp -r "$src/$R" "$work/root/runs/clean"; rm -f "$work/root/runs/clean"/informe.*
PLAN=plans/demo-a/plan-demo-a.json; LOTE=synthetic/casos/demo-a/demo-a-humo-3.json; MUNDO=synthetic/plan-beneficios/plan-beneficios-demo-a.json

inputs=()
while IFS= read -r -d '' f; do inputs+=("$f"); done < <(find "$src/tests/fuzz/corpus" "$src/tests/data/json" -type f -print0 | sort -z)
# and a few made here: empty, a lone byte, deep arrays, a huge number, invalid UTF-8, a lone surrogate
printf '' >"$work/empty.json"; printf '\xff' >"$work/byte.json"; printf '%*s' 5000 '' | tr ' ' '[' >"$work/deep.json"
printf '{"n": 1e999999}' >"$work/huge.json"; printf '{"a": "\xc3\x28"}' >"$work/utf8.json"; printf '{"\\ud800": 1}' >"$work/surrogate.json"
inputs+=("$work/empty.json" "$work/byte.json" "$work/deep.json" "$work/huge.json" "$work/utf8.json" "$work/surrogate.json")

for i in "${!inputs[@]}"; do
  [ $((i % stride)) = 0 ] || continue
  f=${inputs[$i]}
  cp "$f" "$work/root/in.json"
  run "$f" canon in.json; run "$f" canon in.json --rfc8785; run "$f" fingerprint in.json --check --json
  run "$f" validate in.json; run "$f" validate in.json --json; run "$f" check in.json; run "$f" review in.json --revision in.json
  run "$f" approve in.json --by X --on 2026-12-04; run "$f" compat in.json $PLAN --json
  run "$f" generate --plan in.json --world $MUNDO --seed s --n 3 -o "$work/b.json"
  run "$f" generate --plan $PLAN --world in.json --seed s --n 3 -o "$work/b.json"
  run "$f" simulate --plan $PLAN --batch in.json --world $MUNDO --variant multiagente --date 2026-11-30 -o "$work/s/x"
  run "$f" simulate --plan $PLAN --batch $LOTE --world in.json --variant multiagente --date 2026-11-30 -o "$work/s/x"
  # the file as each file of a run folder (and as the run's plan and batch), then verify and m9
  for target in runs/clean/corrida.json runs/clean/grafo.json runs/clean/ramas-esperadas.json runs/clean/trazas/AH-002.json $PLAN $LOTE; do
    cp "$work/root/$target" "$work/saved"; cp "$f" "$work/root/$target"
    run "$f as $target" verify runs/clean -o "$work/v"
    [ "$target" = runs/clean/corrida.json ] && run "$f as $target" verify runs/clean --rep runs/clean --base runs/clean -o "$work/v" --json
    run "$f as $target" m9 runs/clean
    cp "$work/saved" "$work/root/$target"
  done
done
# run folders with missing pieces
for gone in corrida.json grafo.json ramas-esperadas.json trazas trazas/AH-001.json; do
  rm -rf "$work/root/runs/broken"; cp -r "$work/root/runs/clean" "$work/root/runs/broken"; rm -rf "$work/root/runs/broken/$gone"
  run "without $gone" verify runs/broken -o "$work/v"; run "without $gone" m9 runs/broken
done
run "a file as the run folder" verify $PLAN; run "a file as the run folder" m9 $PLAN
run "no such folder" verify runs/none; run "no such folder" m9 runs/none
echo "$passed passed, $failed failed ($runs commands)"
[ $failed -eq 0 ] && [ $runs -gt $((1000 / stride)) ]
