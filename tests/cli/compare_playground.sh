#!/usr/bin/env bash
# Byte identity of the native CLI and the wasm CLI under Node for `planlang playground … --json` (spec/cli.md:
# both builds print the same bytes): the committed 200-case run synthetic/runs/demo-a/demo-a-200 over a grid of
# 56 settings — U1 × U2 (5 × 4 points, slider positions from either end and the plan's), each with Texas off and
# on; U3 0…4 with Texas off and on; 6 settings moving all four — plus --strict, and the hand-made run
# tests/data/playground/pg-efectos at the settings its unit tests use. Stdout, stderr and exit code must be equal.
# Prints `N passed, N failed`. Runs from the source root (the manifests name repository-relative paths).
#   compare_playground.sh NATIVE_PLANLANG WASM_PLANLANG_JS SRC_DIR
set -uo pipefail
native=$1; wasm=$2; src=$3
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
[ -f "$wasm" ] || { echo "no wasm CLI at $wasm (build the wasm preset first)"; echo "0 passed, 1 failed"; exit 1; }
cd "$src" || exit 1
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

run200=synthetic/runs/demo-a/demo-a-200
settings=()
for u4 in false true; do
  for u1 in 0.5 0.65 0.75 0.85 0.95; do
    for u2 in 200 1000 2500 5000; do settings+=("$run200 --set U1=$u1 --set U2=$u2 --set U4=$u4"); done
  done
  for u3 in 0 1 2 3 4; do settings+=("$run200 --set U3=$u3 --set U4=$u4"); done
done
for combo in "0.55 300 0 true" "0.6 4900 4 false" "0.8 1100 1 true" "0.9 700 3 false" "0.7 1500 0 false" "0.95 200 4 true"; do
  read -r u1 u2 u3 u4 <<<"$combo"
  settings+=("$run200 --set U1=$u1 --set U2=$u2 --set U3=$u3 --set U4=$u4")
done
settings+=("$run200 --strict" "$run200 --set U4=true --strict" "$run200 --set U3=3 --strict")
efectos=tests/data/playground/pg-efectos
for s in "" "--set U1=0.65 --set U2=1500" "--set U1=0.85 --set U2=800 --set U4=true" "--set U3=3" "--set U3=1" "--set U3=0"; do
  settings+=("$efectos $s")
done

# One setting: both builds, then compare. Two at a time (one native and one Node process each).
one() {
  local i=$1 args=$2
  # shellcheck disable=SC2086
  "$native" playground $args --json >"$work/$i.n.out" 2>"$work/$i.n.err"; echo $? >"$work/$i.n.rc"
  # shellcheck disable=SC2086
  node "$wasm" playground $args --json >"$work/$i.w.out" 2>"$work/$i.w.err"; echo $? >"$work/$i.w.rc"
}
i=0
for args in "${settings[@]}"; do
  one $i "$args" &
  i=$((i + 1))
  [ $((i % 2)) -eq 0 ] && wait
done
wait

passed=0; failed=0
i=0
for args in "${settings[@]}"; do
  n_rc=$(cat "$work/$i.n.rc"); w_rc=$(cat "$work/$i.w.rc")
  if [ "$n_rc" = 0 ] && [ "$w_rc" = 0 ] && [ -s "$work/$i.n.out" ] && cmp -s "$work/$i.n.out" "$work/$i.w.out" && cmp -s "$work/$i.n.err" "$work/$i.w.err"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "DIFFERS: planlang playground $args --json (exit $n_rc native, $w_rc node)"
    diff <(head -c 800 "$work/$i.n.out"; head -c 400 "$work/$i.n.err") <(head -c 800 "$work/$i.w.out"; head -c 400 "$work/$i.w.err") | head -12
  fi
  i=$((i + 1))
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -ge 50 ]
