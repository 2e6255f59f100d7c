#!/usr/bin/env bash
# `planlang verify` and `planlang m9` (issue 5), natively and under Node: the golden reports committed in
# synthetic/runs/demo-a/<run>/ (informe.json, informe.es.md, informe.en.md) are produced byte for byte by both
# builds; --json prints the report object; --strict omits `complementos`; a tampered run is rejected with
# every reason and nothing written; usage errors exit 2; the seeded-gap suite detects every seed on the
# clean smoke run.
#   check_verify.sh SOURCE_DIR NATIVE_PLANLANG WASM_PLANLANG_JS
set -uo pipefail
src=$1; native=$2; wasm=$3
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
[ -f "$wasm" ] || { echo "no wasm CLI at $wasm (build the wasm preset first)"; echo "0 passed, 1 failed"; exit 1; }
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
for build in native node; do
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
  # the seeded-gap suite
  run $build m9 "$R/demo-a-humo-3" >"$work/$build-m9" 2>"$work/err"; rc=$?
  if [ $rc = 0 ] && grep -q 'detected 10 of 10' "$work/$build-m9"; then ok; else ko "$build m9 exit $rc: $(tail -5 "$work/$build-m9")"; fi
done
cmp -s "$work/native-m9" "$work/node-m9" && ok || ko "m9 table differs between native and Node"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
