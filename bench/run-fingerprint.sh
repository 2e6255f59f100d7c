#!/usr/bin/env bash
# Fingerprint benchmark, all three contenders on the same document in one run:
#   native  build-native/bench/fingerprint_bench       (planlang::json::read + huella, g++ -O3, OpenSSL SHA-256)
#   wasm    node build-wasm/bench/fingerprint_bench.js (the same C++ as WebAssembly, portable SHA-256)
#   node    bench/baseline_fingerprint.mjs             (JSON.parse + canonicalize.mjs + node:crypto)
# Fails unless the three huellas are equal; prints MB/s (10^6 bytes/s, best of --runs) and the ratios.
#
#   bench/run-fingerprint.sh [--native DIR] [--wasm DIR] [--mb 50] [--runs 5]
# DIRs are configured CMake build folders (Release); the bench targets are built here if needed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib/common.sh"

native="$here/build-native"
wasm="$here/build-wasm"
mb=50
runs=5
while [ $# -gt 0 ]; do
  case "$1" in
    --native) native=$(cd "$2" && pwd); shift 2 ;;
    --wasm) wasm=$(cd "$2" && pwd); shift 2 ;;
    --mb) mb=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) die "usage: bench/run-fingerprint.sh [--native DIR] [--wasm DIR] [--mb 50] [--runs 5]" ;;
  esac
done
[ -f "$native/CMakeCache.txt" ] || die "$native is not a configured native build folder (see --native)"
[ -f "$wasm/CMakeCache.txt" ] || die "$wasm is not a configured Emscripten build folder (see --wasm)"

say "building fingerprint_bench (native and wasm)"
cmake --build "$native" --target fingerprint_bench -j2 >/dev/null
cmake --build "$wasm" --target fingerprint_bench -j2 >/dev/null

doc="$native/bench/trace-${mb}mb.json"
if [ ! -f "$doc" ] || [ "$here/bench/make_trace_doc.mjs" -nt "$doc" ]; then
  say "generating $doc"
  node "$here/bench/make_trace_doc.mjs" "$doc" --mb "$mb" >/dev/null
fi

say "native ($runs runs)"
out_native=$("$native/bench/fingerprint_bench" "$doc" --runs "$runs")
say "wasm under node ($runs runs)"
out_wasm=$(node "$wasm/bench/fingerprint_bench.js" "$doc" --runs "$runs")
say "node baseline ($runs runs)"
out_node=$(node "$here/bench/baseline_fingerprint.mjs" "$doc" --runs "$runs")

huella_of() { sed -n 's/^huella \([0-9a-f]\{64\}\)$/\1/p' <<<"$1"; }
rate_of() { sed -n 's/^[a-z-]* \([0-9.]*\) MB\/s.*/\1/p' <<<"$1" | head -n 1; }
h_native=$(huella_of "$out_native"); h_wasm=$(huella_of "$out_wasm"); h_node=$(huella_of "$out_node")
r_native=$(rate_of "$out_native"); r_wasm=$(rate_of "$out_wasm"); r_node=$(rate_of "$out_node")

printf '%s\n%s\n%s\n' "$out_native" "$out_wasm" "$out_node" | grep -v '^huella'
echo "document  $doc ($(stat -c %s "$doc") bytes)"
echo "huella    native $h_native"
echo "          wasm   $h_wasm"
echo "          node   $h_node"
[ -n "$h_native" ] && [ "$h_native" = "$h_wasm" ] && [ "$h_native" = "$h_node" ] \
  || die "the three huellas differ"
[ -n "$r_native" ] && [ -n "$r_wasm" ] && [ -n "$r_node" ] || die "could not read a MB/s figure"
awk -v n="$r_native" -v w="$r_wasm" -v b="$r_node" 'BEGIN {
  printf "MB/s      native %.1f | wasm %.1f | node baseline %.1f\n", n, w, b
  printf "ratios    native/node-baseline %.2f | wasm/node-baseline %.2f | native/wasm %.2f\n", n / b, w / b, n / w
}'
