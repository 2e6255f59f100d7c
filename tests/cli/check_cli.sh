#!/usr/bin/env bash
# Exit codes and outputs of `planlang canon` and `planlang fingerprint` (spec/cli.md), for one build:
#   check_cli.sh SOURCE_DIR planlang...        e.g. build/native/planlang, or: node build/wasm/planlang.js
set -uo pipefail
src=$1; shift
data="$src/tests/data/json"
passed=0; failed=0
expect() {  # expect NAME EXPECTED_RC EXPECTED_STDOUT STDERR_REGEX -- ARGS...
  local name=$1 want_rc=$2 want_out=$3 want_err=$4; shift 5
  local out err rc tmp
  tmp=$(mktemp)
  "$@" >"$tmp.out" 2>"$tmp.err"; rc=$?
  out=$(cat "$tmp.out"; printf x); out=${out%x}
  err=$(cat "$tmp.err"); rm -f "$tmp" "$tmp.out" "$tmp.err"
  if [ "$rc" = "$want_rc" ] && { [ "$want_out" = "*" ] || [ "$out" = "$want_out" ]; } && [[ "$err" =~ $want_err ]]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL $name: exit $rc (want $want_rc), stdout [${out:0:200}], stderr [${err:0:300}]"
  fi
}
P=("$@")
expect "canon rfc values" 0 "$(cat "$data/rfc8785/values.rfc8785.expected")" '^$' -- "${P[@]}" canon "$data/rfc8785/values.json" --rfc8785
expect "canon nfc weird" 0 "$(cat "$data/rfc8785/weird.planlang.expected")" '^$' -- "${P[@]}" canon "$data/rfc8785/weird.json"
expect "fingerprint" 0 $'44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a\n' '^$' -- "${P[@]}" fingerprint "$data/good/huella-match.json"
expect "fingerprint --check ok" 0 $'44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a\n' '^$' -- "${P[@]}" fingerprint --check "$data/good/huella-match.json"
expect "fingerprint --check mismatch" 1 "*" 'HUELLA_NO_COINCIDE: .*huella-mismatch.json: huella: declarada 44136' -- "${P[@]}" fingerprint "$data/good/huella-mismatch.json" --check
expect "fingerprint --check absent" 1 "*" 'HUELLA_AUSENTE: .*long-digits.json: huella' -- "${P[@]}" fingerprint --check "$data/good/long-digits.json"
expect "english messages" 1 "" 'JSON_CLAVE_DUPLICADA: .*duplicate-key.json: \$\.id @ 1:11: the key appears twice' -- "${P[@]}" canon "$data/bad/duplicate-key.json" --lang en
expect "deep nesting" 1 "" 'JSON_PROFUNDIDAD: .*nested-100000.json: .*@ 1:513' -- "${P[@]}" fingerprint "$data/bad/nested-100000.json"
expect "lone surrogate key" 1 "" 'JSON_SURROGADO_EN_CLAVE: .*\$\["a\\udc00"\] @ 1:2' -- "${P[@]}" canon "$data/bad/lone-surrogate-key.json"
expect "NaN" 1 "" 'JSON_NUMERO_NO_FINITO: .*\$\.x @ 1:6' -- "${P[@]}" canon "$data/bad/nan.json"
expect "overflow" 1 "" 'JSON_NUMERO_NO_FINITO: .*\$\[0\] @ 1:2' -- "${P[@]}" canon "$data/bad/overflow-digits.json"
expect "invalid utf-8" 1 "" 'JSON_UTF8_INVALIDO: .*latin1-byte.json: \$\[0\] @ 1:6' -- "${P[@]}" canon "$data/bad/latin1-byte.json"
expect "missing file" 1 "" 'ARCHIVO_ILEGIBLE: .*no-such-file.json' -- "${P[@]}" canon "$data/no-such-file.json"
# File names as the reader opens them (relative to the directory it last read from, natively): a bare
# name in the current directory, a directory, a trailing slash, a FIFO (refused, never waited on).
expect "bare file name" 0 $'44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a\n' '^$' -- bash -c 'cd "$1" && shift && "$@"' _ "$data/good" "${P[@]}" fingerprint huella-match.json
expect "a directory" 1 "" 'ARCHIVO_ILEGIBLE: .*good' -- "${P[@]}" canon "$data/good"
expect "trailing slash" 1 "" 'ARCHIVO_ILEGIBLE: .*huella-match.json/' -- "${P[@]}" canon "$data/good/huella-match.json/"
fifo_dir=$(mktemp -d); mkfifo "$fifo_dir/fifo.json"
expect "a FIFO" 1 "" 'ARCHIVO_ILEGIBLE: .*fifo.json' -- timeout 20 "${P[@]}" canon "$fifo_dir/fifo.json"
rm -rf "$fifo_dir"
expect "unknown command" 2 "" 'unknown command' -- "${P[@]}" frobnicate --lang en
expect "missing argument" 2 "" 'usage: planlang canon' -- "${P[@]}" --lang en canon
expect "unknown option" 2 "" 'unknown option: --frob' -- "${P[@]}" fingerprint "$data/good/mixed.json" --frob --lang=en
expect "help" 0 "*" '^$' -- "${P[@]}" --help
plans="$src/plans"
expect "validate demo A" 0 "*" '^$' -- "${P[@]}" validate "$plans/demo-a/plan-demo-a.json" --json
expect "check demo A" 0 "OK $plans/demo-a/plan-demo-a.json · plan plan-demo-a v1.5.2 · huella $("${P[@]}" fingerprint "$plans/demo-a/plan-demo-a.json")"$'\n' '^$' -- "${P[@]}" check "$plans/demo-a/plan-demo-a.json"
expect "check a draft" 1 "" 'HUELLA_AUSENTE: .*plan-demo-a.borrador.json: huella @ [0-9]+:[0-9]+: .*planlang approve' -- "${P[@]}" check "$plans/demo-a/plan-demo-a.borrador.json"
expect "compat draft/approved" 0 $'{\n  "misma_verdad": true\n}\n' '^$' -- "${P[@]}" compat "$plans/demo-a/plan-demo-a.borrador.json" "$plans/demo-a/plan-demo-a.json" --json
expect "compat other plan" 1 "*" '^$' -- "${P[@]}" compat "$plans/sample/plan-muestra.json" "$plans/demo-a/plan-demo-a.json"
expect "review demo A draft" 0 "*" '^$' -- "${P[@]}" review "$plans/demo-a/plan-demo-a.borrador.json"
expect "review sample" 1 "*" '^$' -- "${P[@]}" review "$plans/sample/plan-muestra.json" --json
expect "approve: bad date" 2 "" 'YYYY-MM-DD' -- "${P[@]}" approve "$plans/demo-a/plan-demo-a.borrador.json" --by X --on 29/11/2026 --lang en
expect "approve reproduces demo A" 0 "$(cat "$plans/demo-a/plan-demo-a.json")"$'\n' '^$' -- "${P[@]}" approve "$plans/demo-a/plan-demo-a.borrador.json" --by "Equipo planlang" --on 2026-11-29
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
