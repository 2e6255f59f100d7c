#!/usr/bin/env bash
# Byte identity of the native CLI and the same CLI compiled to wasm under Node: for every JSON file under
# the given folders, `canon`, `canon --rfc8785` and `fingerprint --json --check` (the huella, the declared one
# and the comparison, with the mismatch's reason on stderr) must print the same stdout and stderr bytes and
# exit with the same code. Plain `fingerprint` and `fingerprint --check` print a subset of the third's. The Node
# side runs every command in one process (tests/cli/node_batch.cjs: the module compiled once).
#   compare_builds.sh NATIVE_PLANLANG WASM_PLANLANG_JS DIR...
set -uo pipefail
native=$1; wasm=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
[ -f "$wasm" ] || { echo "no wasm CLI at $wasm (build the wasm preset first)"; echo "0 passed, 1 failed"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/n"
i=0
while IFS= read -r -d '' file; do
  for command in "canon" "canon --rfc8785" "fingerprint --json --check"; do
    # shellcheck disable=SC2086
    printf '%s\t' $command >>"$work/list"; printf '%s\n' "$file" >>"$work/list"
    # shellcheck disable=SC2086
    "$native" $command "$file" >"$work/n/$i.out" 2>"$work/n/$i.err"; echo $? >"$work/n/$i.rc"
    i=$((i + 1))
  done
done < <(find "$@" -name '*.json' -type f -print0 | sort -z)
node "$here/node_batch.cjs" "$wasm" "$work/list" "$work/w" || { echo "node_batch.cjs failed"; echo "0 passed, 1 failed"; exit 1; }
passed=0; failed=0
for ((k = 0; k < i; k++)); do
  if cmp -s "$work/n/$k.rc" "$work/w/$k.rc" && cmp -s "$work/n/$k.out" "$work/w/$k.out" && cmp -s "$work/n/$k.err" "$work/w/$k.err"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "DIFFERS: planlang $(sed -n "$((k + 1))p" "$work/list" | tr '\t' ' ') (exit $(cat "$work/n/$k.rc") native, $(cat "$work/w/$k.rc") node)"
    diff <(head -c 400 "$work/n/$k.out"; head -c 400 "$work/n/$k.err") <(head -c 400 "$work/w/$k.out"; head -c 400 "$work/w/$k.err") | head -8
  fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
