#!/usr/bin/env bash
# Two or more planlang binaries compared on `planlang bench`, alternated: a benchmark, not a test.
#
#   bench/compare-bench.sh [--cases N] [--pairs K] [--threads T] [--root DIR] BINARY BINARY...
#
# Runs `planlang bench --cases N --json` (default 20000) with PLANLANG_THREADS=T (default 2) for each binary
# in turn, K times over (default 5), the order reversed every other time, and prints per binary the median
# and the minimum of each phase's seconds, then the verify medians' ratio to the first binary's.
#
# Why alternated: the shared VMs we measure on drift (the same binary's verify phase varied by up to 35 %
# between minutes, and 2x over an hour), so a figure is only worth comparing with one taken in the same
# minutes. The reports' digest must be the same for every binary and every run (the binaries then made the
# same reports); the script stops when it is not. DIR is the repository root the bench reads plan and world
# from (default: this repository).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cases=20000; pairs=5; threads=2; root=$here
while [ $# -gt 0 ]; do
  case $1 in
    --cases) cases=$2; shift 2 ;;
    --pairs) pairs=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --root) root=$2; shift 2 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || { echo "usage: bench/compare-bench.sh [--cases N] [--pairs K] [--threads T] [--root DIR] BINARY BINARY..." >&2; exit 2; }
for b in "$@"; do [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 1; }; done
results=$(mktemp); trap 'rm -f "$results"' EXIT

for ((k = 0; k < pairs; k++)); do
  order=("$@")
  if ((k % 2 == 1)); then  # reversed every other time: neither binary always runs first
    order=(); for ((i = $#; i >= 1; i--)); do order+=("${!i}"); done
  fi
  for b in "${order[@]}"; do
    out=$(cd "$root" && PLANLANG_THREADS=$threads "$b" bench --cases "$cases" --json)
    node -e '
      const d = JSON.parse(process.argv[1]);
      const f = Object.fromEntries(d.fases.map((p) => [p.fase, p.segundos]));
      console.log([process.argv[2], f.generar, f.simular, f.verificar, d.huella_de_informes].join(" "));
    ' "$out" "$b" >> "$results"
  done
done

node -e '
  const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => l.split(" "));
  const binaries = process.argv.slice(2);
  const digests = new Set(lines.map((l) => l[4]));
  if (digests.size !== 1) { console.error("the reports differ: digests " + [...digests].join(", ")); process.exit(1); }
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b), m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
  let first = null;
  for (const b of binaries) {
    const rows = lines.filter((l) => l[0] === b).map((l) => l.slice(1, 4).map(Number));
    const col = (i) => rows.map((r) => r[i]);
    const v = median(col(2));
    if (first === null) first = v;
    console.log(`${b}: generate ${median(col(0)).toFixed(3)} s, simulate ${median(col(1)).toFixed(3)} s, ` +
                `verify ${v.toFixed(3)} s (min ${Math.min(...col(2)).toFixed(3)}), medians of ${rows.length}; ` +
                `verify / first ${(v / first).toFixed(3)}`);
  }
  console.log("reports digest " + [...digests][0]);
' "$results" "$@"
