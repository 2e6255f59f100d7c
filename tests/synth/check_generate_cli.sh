#!/usr/bin/env bash
# `planlang world` and `planlang generate` (spec/cli.md, decisions.md F4) for one build: exit codes, error
# codes, atomic writes, determinism, and the progress bar (drawn on a terminal only).
#   check_generate_cli.sh SOURCE_DIR planlang...      e.g. build/native/planlang, or: node build/wasm/planlang.js
set -uo pipefail
export PLANLANG_LANG=en  # the expectations read the English messages
src=$1; shift
P=("$@")
plan="$src/plans/demo-a/plan-demo-a.json"
draft="$src/plans/demo-a/plan-demo-a.borrador.json"
world="$src/synthetic/plan-beneficios/plan-beneficios-demo-a.json"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
expect() {  # expect NAME EXPECTED_RC STDERR_REGEX -- ARGS...  (stdout: one "… written → PATH (…)" line on success, else nothing)
  local name=$1 want_rc=$2 want_err=$3; shift 4
  "$@" >"$work/out" 2>"$work/err"; local rc=$?
  local err; err=$(cat "$work/err")
  local out_ok=true
  if [ "$rc" = 0 ]; then grep -qE '^(batch|benefit plan|knowledge base) written → .+ \(.+\)$' "$work/out" && [ "$(wc -l <"$work/out")" = 1 ] || out_ok=false
  else [ ! -s "$work/out" ] || out_ok=false; fi
  if [ "$rc" = "$want_rc" ] && $out_ok && [[ "$err" =~ $want_err ]]; then passed=$((passed + 1))
  else failed=$((failed + 1)); echo "FAIL $name: exit $rc (want $want_rc), stdout [$(head -c 200 "$work/out")], stderr [${err:0:300}]"; fi
}
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
G=("${P[@]}" generate --plan "$plan" --world "$world")

expect "generate 20" 0 '^$' -- "${G[@]}" --seed demo-a --n 20 -o "$work/a.json"
check "batch written" test -s "$work/a.json"
check "no temporary file left" test -z "$(ls "$work" | grep tmp-planlang)"
expect "generate 20 again" 0 '^$' -- "${G[@]}" --seed demo-a --n 20 -o "$work/b.json"
check "same seed, same bytes" cmp -s "$work/a.json" "$work/b.json"
expect "another seed" 0 '^$' -- "${G[@]}" --seed otra --n 20 -o "$work/c.json"
differ() { ! cmp -s "$1" "$2"; }
check "another seed, other bytes" differ "$work/a.json" "$work/c.json"
check "default id <seed>-<n>" grep -q '^  "id": "demo-a-20",$' "$work/a.json"
expect "--id" 0 '^$' -- "${G[@]}" --seed demo-a --n 3 --id lote-propio -o "$work/d.json"
check "custom id" grep -q '^  "id": "lote-propio",$' "$work/d.json"
expect "smoke recipe" 0 '^$' -- "${G[@]}" --seed humo --n 3 --receta humo -o "$work/h.json"
check "smoke ids" grep -q '"id": "AH-003"' "$work/h.json"
check "smoke proportions null" grep -q '^  "proporciones": null,$' "$work/h.json"

expect "missing --seed" 2 'usage: planlang generate' -- "${G[@]}" --n 20 -o "$work/x.json"
expect "missing -o" 2 'usage: planlang generate' -- "${G[@]}" --seed s --n 20
expect "n not an integer" 2 'an integer from 1 to 100000: 2x' -- "${G[@]}" --seed s --n 2x -o "$work/x.json"
expect "negative n" 2 'an integer from 1 to 100000: -1' -- "${G[@]}" --seed s --n=-1 -o "$work/x.json"
expect "unknown recipe" 2 'standard or smoke: rapida' -- "${G[@]}" --seed s --n 3 --receta rapida -o "$work/x.json"
expect "unknown option" 2 'unknown option: --frob' -- "${G[@]}" --seed s --n 3 --frob -o "$work/x.json"
expect "n = 0" 2 'an integer from 1 to 100000: 0' -- "${G[@]}" --seed s --n 0 -o "$work/x.json"
expect "n too large" 2 'an integer from 1 to 100000: 100001' -- "${G[@]}" --seed s --n 100001 -o "$work/x.json"
expect "smoke with 4 cases" 1 'LOTE_INVALIDO: n: .*exactly 3' -- "${G[@]}" --seed s --n 4 --receta humo -o "$work/x.json" --lang en
expect "empty seed" 1 'LOTE_INVALIDO: semilla' -- "${G[@]}" --seed "" --n 3 -o "$work/x.json"
expect "draft plan" 1 'HUELLA_AUSENTE: .*plan-demo-a.borrador.json' -- "${P[@]}" generate --plan "$draft" --world "$world" --seed s --n 3 -o "$work/x.json"
expect "missing plan" 1 'ARCHIVO_ILEGIBLE: .*no-such-plan.json' -- "${P[@]}" generate --plan "$work/no-such-plan.json" --world "$world" --seed s --n 3 -o "$work/x.json"
sed 's/"costo": 850,/"costo": 860,/' "$world" >"$work/world-tampered.json"
expect "tampered world" 1 'HUELLA_NO_COINCIDE: .*world-tampered.json: huella' -- "${P[@]}" generate --plan "$plan" --world "$work/world-tampered.json" --seed s --n 3 -o "$work/x.json"
expect "a plan is no world" 1 'ESQUEMA: .*plan-demo-a.json' -- "${P[@]}" generate --plan "$plan" --world "$plan" --seed s --n 3 -o "$work/x.json"
expect "unwritable output" 1 'ARCHIVO_NO_ESCRITO: .*no-such-dir/x.json' -- "${G[@]}" --seed s --n 3 -o "$work/no-such-dir/x.json"
check "nothing written on errors" test ! -e "$work/x.json"

expect "world" 0 '^$' -- "${P[@]}" world -o "$work/w.json"
check "world = committed world" cmp -s "$work/w.json" "$world"
expect "world without caps" 0 '^$' -- "${P[@]}" world --sin-topes -o "$work/w1.json"
check "world v1.0.0" grep -q '^  "version": "1.0.0"$' "$work/w1.json"
check "world v1.0.0 has no caps" bash -c "! grep -q tope_cobertura '$work/w1.json'"
expect "world extra argument" 2 'usage: planlang world' -- "${P[@]}" world extra

# The adherence coach (plans/adherencia/dominio.md §2–§3): its world, and generate dispatching on its formato.
kb="$src/synthetic/base-conocimiento/base-adherencia.json"
plan_adh="$src/plans/adherencia/plan-adherencia.json"
A=("${P[@]}" generate --plan "$plan_adh" --world "$kb")
expect "world --demo adherencia" 0 '^$' -- "${P[@]}" world --demo adherencia -o "$work/kb.json"
check "knowledge base = committed one" cmp -s "$work/kb.json" "$kb"
expect "world --demo unknown" 2 'demo-a or adherencia: demo-b' -- "${P[@]}" world --demo demo-b -o "$work/x.json"
expect "world --demo adherencia --no-caps" 2 'only applies to demo A' -- "${P[@]}" world --demo adherencia --sin-topes -o "$work/x.json"
expect "adherence 315" 0 '^$' -- "${A[@]}" --seed adherencia --n 315 -o "$work/adh1.json"
expect "adherence 315 again" 0 '^$' -- "${A[@]}" --seed adherencia --n 315 -o "$work/adh2.json"
check "adherence: same seed, same bytes" cmp -s "$work/adh1.json" "$work/adh2.json"
check "adherence: the committed batch" cmp -s "$work/adh1.json" "$src/synthetic/casos/adherencia/adherencia-315.json"
check "adherence: case ids locale-major" grep -q '"id": "M-315"' "$work/adh1.json"
expect "adherence smoke" 0 '^$' -- "${A[@]}" --seed humo --n 3 --receta humo -o "$work/adh-h.json"
check "adherence smoke ids" grep -q '"id": "MH-003"' "$work/adh-h.json"
expect "adherence n not a multiple of 3" 1 'LOTE_INVALIDO: n: .*multiple of 3' -- "${A[@]}" --seed s --n 4 -o "$work/x.json"
expect "demo A plan with a knowledge base" 1 'PLAN_INCOMPATIBLE: dominio_id' -- "${P[@]}" generate --plan "$plan" --world "$kb" --seed s --n 3 -o "$work/x.json"
sed 's/"KB-24"/"KB-25"/' "$kb" >"$work/kb-tampered.json"
expect "tampered knowledge base" 1 'HUELLA_NO_COINCIDE: .*kb-tampered.json: huella' -- "${A[@]/$kb/$work/kb-tampered.json}" --seed s --n 3 -o "$work/x.json"
check "nothing written on adherence errors" test ! -e "$work/x.json"

# The progress bar: never on a file (above: empty stderr), and on a terminal when the build can tell.
if command -v script >/dev/null 2>&1; then
  printf -v cmd '%q ' "${G[@]}" --seed demo-a --n 200 -o "$work/tty.json"
  script -qec "$cmd" /dev/null >"$work/tty.out" 2>&1
  check "progress bar on a terminal" grep -q 'generate \[########################################\] 100% 200/200' "$work/tty.out"
  "${G[@]}" --seed demo-a --n 200 -o "$work/file.json" >/dev/null 2>&1
  check "a terminal run writes the same batch" cmp -s "$work/tty.json" "$work/file.json"
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
