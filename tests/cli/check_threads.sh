#!/usr/bin/env bash
# The CLI's worker threads under ThreadSanitizer (preset native-tsan): verify prepares traces on several
# threads while it measures the earlier ones in order, and bench spreads its rounds' work the same way. The
# TSan build verifies the committed runs (the 20-case run with its repetitions and baseline, the 200-case run
# with its baseline) and runs a 2,000-case bench, with 2 and with 4 workers (more workers than this machine's
# cores: other interleavings), and stops at the first race it sees (halt_on_error). Every report it writes
# must be the native build's, byte for byte, and bench's digest of the reports the same at 1 and 4 workers.
#   check_threads.sh SOURCE_DIR TSAN_PLANLANG NATIVE_PLANLANG
set -uo pipefail
src=$1; tsan=$2; native=$3
for p in "$tsan" "$native"; do
  [ -x "$p" ] || { echo "no CLI at $p"; echo "0 passed, 1 failed"; exit 1; }
done
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
# shellcheck source=tests/cli/verify_scenarios.sh
. "$(dirname "$0")/verify_scenarios.sh"
for s in "${verify_scenarios[@]}"; do
  main=${s%%|*}; opts=${s#*|}; name=$(basename "$main")
  [ -n "$opts" ] || continue  # the runs with repetitions or a baseline
  mkdir -p "$work/native-$name"
  # shellcheck disable=SC2086
  (cd "$src" && PLANLANG_THREADS=1 "$native" verify "$main" $opts -o "$work/native-$name" >/dev/null 2>"$work/err") ||
    ko "native verify $name exited $?: $(head -c 400 "$work/err")"
  for threads in 2 4; do
    out="$work/tsan-$name-$threads"; mkdir -p "$out"
    # shellcheck disable=SC2086
    (cd "$src" && PLANLANG_THREADS=$threads "$tsan" verify "$main" $opts -o "$out" >/dev/null 2>"$work/err")
    rc=$?
    if [ $rc = 0 ]; then ok; else ko "TSan verify $name, $threads workers, exited $rc: $(grep -m1 -A12 'WARNING: ThreadSanitizer' "$work/err" || head -c 600 "$work/err")"; fi
    for f in informe.json informe.es.md informe.en.md; do
      cmp -s "$work/native-$name/$f" "$out/$f" && ok || ko "$name, $threads workers: $f differs from the native build's"
    done
  done
done

digest() { node -e 'const r = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(r.casos, r.huella_de_informes);'; }
(cd "$src" && PLANLANG_THREADS=1 "$native" bench --cases 2000 --lote 1000 --json) 2>/dev/null | digest >"$work/bench-native.txt"
(cd "$src" && PLANLANG_THREADS=4 "$tsan" bench --cases 2000 --lote 1000 --json) 2>"$work/err" | digest >"$work/bench-tsan.txt"
[ "${PIPESTATUS[0]}" = 0 ] && ok || ko "TSan bench exited: $(grep -m1 -A12 'WARNING: ThreadSanitizer' "$work/err" || head -c 600 "$work/err")"
grep -q '^2000 [0-9a-f]\{64\}$' "$work/bench-native.txt" && cmp -s "$work/bench-native.txt" "$work/bench-tsan.txt" && ok ||
  ko "bench digests differ: native $(cat "$work/bench-native.txt"), TSan $(cat "$work/bench-tsan.txt")"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
