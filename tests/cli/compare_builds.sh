#!/usr/bin/env bash
# Byte identity of the native CLI and the same CLI compiled to wasm under Node: for every JSON file under
# the given folders, `canon`, `canon --rfc8785` and `fingerprint --json --check` (the huella, the declared one
# and the comparison, with the mismatch's reason on stderr) must print the same stdout and stderr bytes and
# exit with the same code. Each call under Node costs a third of a second of start-up: three per file, not
# five (plain `fingerprint` and `fingerprint --check` print a subset of the third's).
#   compare_builds.sh NATIVE_PLANLANG WASM_PLANLANG_JS DIR...
set -uo pipefail
native=$1; wasm=$2; shift 2
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
[ -f "$wasm" ] || { echo "no wasm CLI at $wasm (build the wasm preset first)"; echo "0 passed, 1 failed"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
while IFS= read -r -d '' file; do
  for command in "canon" "canon --rfc8785" "fingerprint --json --check"; do
    # shellcheck disable=SC2086
    "$native" $command "$file" >"$work/n.out" 2>"$work/n.err"; n_rc=$?
    # shellcheck disable=SC2086
    node "$wasm" $command "$file" >"$work/w.out" 2>"$work/w.err"; w_rc=$?
    if [ $n_rc -eq $w_rc ] && cmp -s "$work/n.out" "$work/w.out" && cmp -s "$work/n.err" "$work/w.err"; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1))
      echo "DIFFERS: planlang $command $file (exit $n_rc native, $w_rc node)"
      diff <(head -c 400 "$work/n.out"; head -c 400 "$work/n.err") <(head -c 400 "$work/w.out"; head -c 400 "$work/w.err") | head -8
    fi
  done
done < <(find "$@" -name '*.json' -type f -print0 | sort -z)
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
