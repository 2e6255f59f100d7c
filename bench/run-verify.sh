#!/usr/bin/env bash
# Verifier throughput (issue 5, "Performance"): a benchmark, not a test. Times `planlang verify` natively and
# under Node (the same core compiled to wasm) on the same run folders, in one run, and prints cases/s, peak
# memory (max RSS of the process, /usr/bin/time) and the wasm/native ratio. Every fingerprint is checked:
# this is the CLI's full path (read, check, measure, write the three report files).
#
#   bench/run-verify.sh [--native build/native] [--wasm build/wasm] [--cases N] [--runs R] [--keep DIR]
#
# Data: the committed 200-case run with its baseline, and an N-case run (default 2000) generated and simulated
# here with seed "bench" into a scratch root (or DIR with --keep, reused when it already holds the run).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
native=build/native; wasm=build/wasm; cases=2000; runs=3; keep=""
while [ $# -gt 0 ]; do
  case $1 in
    --native) native=$2; shift 2 ;;
    --wasm) wasm=$2; shift 2 ;;
    --cases) cases=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
P="$here/$native/planlang"; J="$here/$wasm/planlang.js"
[ -x "$P" ] || { echo "no native CLI at $P" >&2; exit 1; }
root=${keep:-$(mktemp -d)}; [ -n "$keep" ] || trap 'rm -rf "$root"' EXIT
mkdir -p "$root/synthetic/casos" "$root/synthetic/runs"
ln -sfn "$here/plans" "$root/plans"
ln -sfn "$here/synthetic/plan-beneficios" "$root/synthetic/plan-beneficios"
run="synthetic/runs/bench-$cases"
if [ ! -f "$root/$run/corrida.json" ]; then
  (cd "$root" && "$P" generate --plan plans/demo-a/plan-demo-a.json --world synthetic/plan-beneficios/plan-beneficios-demo-a.json \
     --seed bench --n "$cases" -o "synthetic/casos/bench-$cases.json" &&
   "$P" simulate --plan plans/demo-a/plan-demo-a.json --batch "synthetic/casos/bench-$cases.json" \
     --world synthetic/plan-beneficios/plan-beneficios-demo-a.json --variant multiagente --date 2026-11-30 -o "$run")
fi
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

# best of R by wall time: "<wall s> <CPU s (user + sys)> <max RSS KB>". CPU time is given too because on a
# shared machine wall time stretches with the load while CPU time stays what the run costs.
measure() {
  local best="" cpu="" rss="" e u s m
  for _ in $(seq "$runs"); do
    /usr/bin/time -o "$root/time.txt" -f "%e %U %S %M" "$@" >/dev/null 2>&1
    read -r e u s m < <(tail -1 "$root/time.txt")
    if [ -z "$best" ] || awk "BEGIN{exit !($e < $best)}"; then best=$e; cpu=$(awk "BEGIN{print $u + $s}"); rss=$m; fi
  done
  echo "$best $cpu $rss"
}

report() {  # report LABEL CASES ARGS...   (run from the data root)
  local label=$1 n=$2; shift 2
  local out="$root/out-$label"; mkdir -p "$out"
  read -r tn cn mn < <(cd "$1" && shift && measure "$P" verify "$@" -o "$out")
  local line="$label native: $n cases in ${tn} s (CPU ${cn} s) = $(awk "BEGIN{printf \"%.0f\", $n/$tn}") cases/s, peak ${mn} KB"
  if [ -f "$J" ]; then
    read -r tw cw mw < <(cd "$1" && shift && measure node "$J" verify "$@" -o "$out")
    line="$line; Node (wasm): ${tw} s (CPU ${cw} s) = $(awk "BEGIN{printf \"%.0f\", $n/$tw}") cases/s, peak ${mw} KB; wasm/native wall $(awk "BEGIN{printf \"%.2f\", $tw/$tn}")×, CPU $(awk "BEGIN{printf \"%.2f\", $cw/$cn}")×"
  fi
  echo "$line"
}
R=synthetic/runs/demo-a
report "demo-a-200+base" 400 "$here" "$R/demo-a-200" --base "$R/demo-a-200-base"
report "bench-$cases" "$cases" "$root" "$run"
