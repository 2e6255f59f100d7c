#!/usr/bin/env bash
# Byte identity of the native CLI and the wasm CLI under Node over the broken-plan corpus (tests/data/plan/)
# and every plan under plans/: each case's plan is materialised by tests/plan/corpus.mjs (its own JSON Patch,
# independent of the C++ test helper), then `validate --json`, `validate --json --strict`, `validate`, `check`
# and (on valid plans) `approve` must print the same stdout and stderr bytes and exit with the same code on
# both builds (the English messages are compared through --json, which carries both languages). The native
# `validate --json` output of each case must also carry its expected codes and elements (a cross-check of the
# two patch implementations). The Node side runs in one process (tests/cli/node_batch.cjs). Prints `N passed,
# N failed`.
#   compare_corpus.sh NATIVE_PLANLANG WASM_PLANLANG_JS SRC_DIR
set -uo pipefail
native=$1; wasm=$2; src=$3
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
[ -f "$wasm" ] || { echo "no wasm CLI at $wasm (build the wasm preset first)"; echo "0 passed, 1 failed"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
node "$here/corpus.mjs" materialise "$src" "$work/plans" || { echo "0 passed, 1 failed"; exit 1; }
mkdir -p "$work/shipped"
while IFS= read -r -d '' plan; do  # plans/demo-a/x.json → shipped/demo-a__x.json
  relative=${plan#"$src/plans/"}
  cp "$plan" "$work/shipped/${relative//\//__}"
done < <(find "$src/plans" -name '*.json' -type f -print0)
cd "$work" || exit 1
mkdir -p got n
# The native side runs each command now; the Node side runs them all afterwards in one process
# (tests/cli/node_batch.cjs: the module compiled once).
i=0
for file in plans/*.json shipped/*.json; do
  commands=("validate --json" "validate --json --strict" "validate" "check")
  # approve on an invalid plan prints the same reasons as check: run it where it seals a plan.
  "$native" validate "$file" >/dev/null 2>&1 && commands+=("approve --by Revisora --on 2026-11-30")
  for command in "${commands[@]}"; do
    # shellcheck disable=SC2086
    printf '%s\t' $command >>list; printf '%s\n' "$file" >>list
    # shellcheck disable=SC2086
    "$native" $command "$file" >"n/$i.out" 2>"n/$i.err"; echo $? >"n/$i.rc"
    [ "$command" = "validate --json" ] && [ "${file%%/*}" = plans ] && cp "n/$i.out" "got/$(basename "$file")"
    i=$((i + 1))
  done
done
node "$here/../cli/node_batch.cjs" "$wasm" list w || { echo "node_batch.cjs failed"; echo "0 passed, 1 failed"; exit 1; }
passed=0; failed=0
for ((k = 0; k < i; k++)); do
  if cmp -s "n/$k.rc" "w/$k.rc" && [ "$(cat "n/$k.rc")" -le 1 ] && cmp -s "n/$k.out" "w/$k.out" && cmp -s "n/$k.err" "w/$k.err"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "DIFFERS: planlang $(sed -n "$((k + 1))p" list | tr '\t' ' ') (exit $(cat "n/$k.rc") native, $(cat "w/$k.rc") node)"
    diff <(head -c 600 "n/$k.out"; head -c 600 "n/$k.err") <(head -c 600 "w/$k.out"; head -c 600 "w/$k.err") | head -12
  fi
done
# One pass per case over the saved outputs: its last line is "<passed> <failed>".
node "$here/corpus.mjs" expect "$src" got >expect.log 2>&1
grep -v '^[0-9]* [0-9]*$' expect.log
read -r p f < <(tail -n 1 expect.log | grep '^[0-9]* [0-9]*$' || echo "0 1")
passed=$((passed + p)); failed=$((failed + f))
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
