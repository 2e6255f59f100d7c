#!/usr/bin/env bash
# The command line as a first-time user meets it (issue 31), for one build: help for every subcommand
# (`planlang help CMD`, `CMD --help`, `-h`), a usage line on every bad flag, --lang anywhere and from the
# environment, unknown languages refused, calendar dates, hints (draft plan, --root), validator positions,
# compat naming what differs, m9 on the wrong run, and verify never overwriting a report it did not write.
#   check_cli_usage.sh SOURCE_DIR planlang...        e.g. build/native/planlang, or: node build/wasm/planlang.js
set -uo pipefail
src=$1; shift
P=("$@")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
# check NAME WANT_RC STDOUT_REGEX STDERR_REGEX -- ARGS... (run from the source folder; "" matches anything)
check() {
  local name=$1 want_rc=$2 want_out=$3 want_err=$4; shift 5
  (cd "$src" && "${P[@]}" "$@") >"$work/out" 2>"$work/err"; local rc=$?
  local out err; out=$(cat "$work/out"); err=$(cat "$work/err")
  if [ "$rc" = "$want_rc" ] && [[ "$out" =~ $want_out ]] && [[ "$err" =~ $want_err ]]; then ok
  else ko "$name: exit $rc (want $want_rc), stdout [${out:0:300}], stderr [${err:0:300}]"; fi
}
commands=(canon fingerprint validate check approve compat review world generate simulate verify m9 gate bench)

# Help: a page per command in both languages, by three spellings; a usage line on a bad flag.
for c in "${commands[@]}"; do
  check "help $c" 0 "^uso: planlang $c" '^$' -- help "$c"
  check "$c --help (en)" 0 "^usage: planlang $c.*Options:" '^$' -- "$c" --help --lang en
  check "$c -h" 0 "^uso: planlang $c" '^$' -- "$c" -h
  check "$c bad flag" 2 '^$' "unknown option: --frob.*usage: planlang $c.*\(planlang help $c\)" -- --lang en "$c" --frob
done
check "help overview" 0 'Typical order: validate → approve → generate → simulate → verify' '^$' -- --lang en help
check "help of an unknown command" 2 '^$' 'unknown command: nada' -- help nada --lang en
check "no command" 2 'Órdenes:' '^$' --

# --lang anywhere, = form, environment; unknown languages refused.
check "--lang before the command" 2 '^$' '^planlang: one PLAN is expected' -- --lang en validate
check "--lang after" 2 '^$' '^planlang: one PLAN is expected' -- validate --lang en
check "--lang=en" 2 '^$' '^planlang: one PLAN is expected' -- validate --lang=en
check "default Spanish" 2 '^$' '^planlang: se espera un PLAN' -- validate
check "--lang fr" 2 '^$' 'es o en: fr' -- --lang fr validate x.json
check "--lang with no value" 2 '^$' 'es o en' -- validate x.json --lang
(cd "$src" && PLANLANG_LANG=en "${P[@]}" validate) 2>"$work/err" >/dev/null; grep -q '^planlang: one PLAN is expected' "$work/err" && ok || ko "PLANLANG_LANG=en: $(head -c 200 "$work/err")"
(cd "$src" && LANG=en_US.UTF-8 "${P[@]}" validate) 2>"$work/err" >/dev/null; grep -q '^planlang: one PLAN is expected' "$work/err" && ok || ko "LANG=en_US.UTF-8: $(head -c 200 "$work/err")"
(cd "$src" && LANG=en_US.UTF-8 PLANLANG_LANG=es "${P[@]}" validate) 2>"$work/err" >/dev/null; grep -q '^planlang: se espera un PLAN' "$work/err" && ok || ko "PLANLANG_LANG over LANG: $(head -c 200 "$work/err")"
(cd "$src" && LANG=en_US.UTF-8 "${P[@]}" validate --lang es) 2>"$work/err" >/dev/null; grep -q '^planlang: se espera un PLAN' "$work/err" && ok || ko "--lang over LANG: $(head -c 200 "$work/err")"
(cd "$src" && PLANLANG_LANG=fr "${P[@]}" validate) 2>"$work/err" >/dev/null; [ $? = 2 ] && ok || ko "PLANLANG_LANG=fr accepted"
(cd "$src" && LANG=fr_FR.UTF-8 "${P[@]}" validate) 2>"$work/err" >/dev/null; grep -q '^planlang: se espera un PLAN' "$work/err" && ok || ko "LANG=fr_FR: $(head -c 200 "$work/err")"

# English spellings of Spanish option names and values.
check "--recipe smoke" 0 'batch written → .*demo-a-humo-3.json \(id `demo-a-humo-3`, 3 cases' '^$' -- --lang en generate --plan plans/demo-a/plan-demo-a.json \
  --world synthetic/plan-beneficios/plan-beneficios-demo-a.json --seed humo --n 3 --recipe smoke --id demo-a-humo-3 -o "$work/demo-a-humo-3.json"
cmp -s "$work/demo-a-humo-3.json" "$src/synthetic/casos/demo-a/demo-a-humo-3.json" && ok || ko "--recipe smoke is not --receta humo"
check "--variant single-agent" 0 'run written → .*x \(id `x`, single agent, 3 cases' '^$' -- --lang en simulate --plan plans/demo-a/plan-demo-a.json \
  --batch synthetic/casos/demo-a/demo-a-humo-3.json --world synthetic/plan-beneficios/plan-beneficios-demo-a.json --variant single-agent --date 2026-11-30 -o "$work/x"

# Dates people type are calendar dates.
for d in 2026-13-45 2026-02-29 2026-04-31 2026-00-10 26-01-01; do
  check "approve --on $d" 2 '^$' 'calendar date' -- --lang en approve plans/demo-a/plan-demo-a.borrador.json --by X --on "$d"
done
check "approve --on 2028-02-29" 0 '"aprobado_el": "2028-02-29"' '^$' -- approve plans/demo-a/plan-demo-a.borrador.json --by X --on 2028-02-29
check "approve -o says what it wrote" 0 '^approved plan written → .*aprobado.json \(approved by X on 2026-12-04, fingerprint [0-9a-f]{12}…\)$' '^$' -- \
  --lang en approve plans/demo-a/plan-demo-a.borrador.json --by X --on 2026-12-04 -o "$work/aprobado.json"
check "simulate --date 2026-02-30" 2 '^$' 'calendar date' -- --lang en simulate --plan plans/demo-a/plan-demo-a.json --batch synthetic/casos/demo-a/demo-a-humo-3.json \
  --world synthetic/plan-beneficios/plan-beneficios-demo-a.json --variant multiagente --date 2026-02-30 -o "$work/y"
check "generate --n 0" 2 '^$' 'integer from 1 to 100000' -- --lang en generate --plan plans/demo-a/plan-demo-a.json \
  --world synthetic/plan-beneficios/plan-beneficios-demo-a.json --seed s --n 0 -o "$work/z.json"

# Actionable errors: positions, hints, what differs.
node -e 'const fs = require("fs"); const p = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); p.riesgos[1].modo = 5;
  fs.writeFileSync(process.argv[2], JSON.stringify(p, null, 2));' "$src/plans/demo-a/plan-demo-a.borrador.json" "$work/roto.json"
line=$(grep -n '"modo": 5' "$work/roto.json" | cut -d: -f1)
check "validate gives line:column" 1 "ESQUEMA  riesgos\.1\.modo @ $line:15  expected an object, found a number" '^$' -- --lang en validate "$work/roto.json"
check "check a draft: approve hint" 1 '^$' 'HUELLA_AUSENTE.*hint: this is a draft; approve it with `planlang approve' -- --lang en check plans/demo-a/plan-demo-a.borrador.json
node -e 'const fs = require("fs"); const p = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); p.umbrales[1].valor_en_plan = 1500;
  fs.writeFileSync(process.argv[2], JSON.stringify(p, null, 2));' "$src/plans/demo-a/plan-demo-a.json" "$work/otro.json"
check "compat lists what differs" 1 'not the same truth.*1 difference.*`umbrales\[U2\]\.valor_en_plan`: `1000` ≠ `1500`' '^$' -- --lang en compat plans/demo-a/plan-demo-a.json "$work/otro.json"
check "compat --json lists them too" 1 '"ruta": "umbrales\[U2\]\.valor_en_plan"' '^$' -- compat plans/demo-a/plan-demo-a.json "$work/otro.json" --json
check "verify from elsewhere: --root hint" 1 '^$' 'PLAN_INVALIDO.*hint: the run names plans/demo-a/plan-demo-a.json relative to the repository root' -- \
  --lang en verify synthetic/runs/demo-a/demo-a-humo-3 --root "$work" -o "$work/nada"

# m9: any run with a case for each role; a control that is not clean fails (demo-a-20 has an unforeseen gap, though
# every seed is caught); a missing folder is an error.
check "m9 on a run whose control is not clean" 1 'Clean control: no.*- 1 unforeseen gap.*Detected 10 of 10' '^$' -- --lang en m9 synthetic/runs/demo-a/demo-a-20
check "m9 on a missing folder" 1 '^$' 'ARCHIVO_ILEGIBLE: no/such/run: there is no such run folder' -- --lang en m9 no/such/run
check "m9 on a baseline run" 1 '^$' 'CORRIDA_INCOMPATIBLE' -- m9 synthetic/runs/demo-a/demo-a-20-base

# verify never overwrites a report made from other inputs; says where it wrote.
cp -r "$src/synthetic/runs/demo-a/demo-a-200" "$work/demo-a-200"
before=$(cat "$work/demo-a-200/informe.json")
check "verify without --base over the golden report" 2 '^$' 'already holds a different report.*-o DIR' -- --lang en verify "$work/demo-a-200"
[ "$(cat "$work/demo-a-200/informe.json")" = "$before" ] && ok || ko "the golden report was overwritten"
check "same inputs: unchanged" 0 'report unchanged in .*demo-a-200/' '^$' -- --lang en verify "$work/demo-a-200" --base synthetic/runs/demo-a/demo-a-200-base
check "-o elsewhere" 0 'verdict: met with alerts \(`cumple_con_alertas`\) · report written to .*otra/' '^$' -- --lang en verify "$work/demo-a-200" -o "$work/otra"
[ -f "$work/otra/informe.en.md" ] && ok || ko "-o elsewhere wrote nothing"
check "-o naming the run folder replaces it" 0 'report written to' '^$' -- verify "$work/demo-a-200" -o "$work/demo-a-200" --lang en
cmp -s "$work/demo-a-200/informe.json" "$work/otra/informe.json" && ok || ko "-o RUNDIR did not replace the report"

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
