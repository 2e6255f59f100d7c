#!/usr/bin/env bash
# No Spanish word in English output (issue 31): every subcommand's output for people — help, successes,
# usage errors, rejections with their reasons, hints, tables — and the English reports, run with --lang en
# (and PLANLANG_LANG=en), scanned by english_scan.mjs. JSON output (--json) is the format's and is not scanned.
#   check_english.sh SOURCE_DIR planlang...
set -uo pipefail
src=$1; shift
P=("$@")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
out="$work/out"; mkdir -p "$out"
n=0
say() {  # say ARGS...: one command's stdout and stderr, in English, from the source folder
  n=$((n + 1))
  (cd "$src" && PLANLANG_LANG=en "${P[@]}" "$@") >"$out/$n.txt" 2>&1
  printf '$ planlang %s\n' "$*" >>"$work/commands.log"
}
R=synthetic/runs/demo-a; PLAN=plans/demo-a/plan-demo-a.json; DRAFT=plans/demo-a/plan-demo-a.borrador.json
W=synthetic/plan-beneficios/plan-beneficios-demo-a.json; B=synthetic/casos/demo-a/demo-a-humo-3.json
commands=(canon fingerprint validate check approve compat review world generate simulate verify m9 bench)
say help
for c in "${commands[@]}"; do say help "$c"; say "$c" --frob; done
say canon tests/data/json/bad/duplicate-key.json; say fingerprint --check tests/data/json/good/huella-mismatch.json
say fingerprint --check tests/data/json/good/long-digits.json; say canon no/such.json
say validate $PLAN; say validate plans/sample/plan-muestra.json; say validate $DRAFT
for f in "$src"/tests/data/plan/*.json; do say validate "$f"; done
say check $PLAN; say check $DRAFT; say approve $DRAFT --by X --on 2026-13-45; say approve $DRAFT --by X --on 2026-12-04 -o "$work/aprobado.json"
say compat $PLAN plans/sample/plan-muestra.json; say compat $DRAFT $PLAN
say review $DRAFT; say review plans/sample/plan-muestra.json
say world -o "$work/mundo.json"; say world --no-caps -o "$work/mundo1.json"
say generate --plan $PLAN --world $W --seed humo --n 3 --recipe smoke -o "$work/lote.json"; say generate --plan $DRAFT --world $W --seed s --n 3 -o "$work/x.json"
say generate --plan $PLAN --world $W --seed s --n 0 -o "$work/x.json"
say simulate --plan $PLAN --batch $B --world $W --variant multi-agent --date 2026-11-30 -o "$work/runs/humo"
say simulate --plan $PLAN --batch $B --world $W --variant single-agent --date 2026-11-30 -o "$work/runs/humo-base"
say simulate --plan $PLAN --batch $B --world $W --variant multi-agent --date 2026-11-31 -o "$work/runs/x"
say verify $R/demo-a-humo-3 -o "$work/v1"; say verify $R/demo-a-200 --base $R/demo-a-200-base -o "$work/v2"
say verify $R/demo-a-20 --rep $R/demo-a-20-r2 --rep $R/demo-a-20-r3 --base $R/demo-a-20-base -o "$work/v3"
say verify $R/demo-a-200; say verify no/such/run; say verify $R/demo-a-20-base -o "$work/v4"; say verify $R/demo-a-humo-3 --root "$work" -o "$work/v5"
# a tampered run: every reason in English
t="$work/tampered"; cp -r "$src/$R/demo-a-humo-3" "$t"; rm -f "$t"/informe.*
sed -i 's/"latencia_total_s": [0-9.]*/"latencia_total_s": 99/' "$t/trazas/AH-001.json"; rm "$t/trazas/AH-002.json"
say verify "$t"
say m9 $R/demo-a-humo-3; say m9 $R/demo-a-20; say m9 no/such/run
say bench --cases 40 --round 20
files=("$out"/*.txt)
for d in v1 v2 v3; do files+=("$work/$d/informe.en.md"); done
[ ${#files[@]} -gt 100 ] || { echo "FAIL only ${#files[@]} outputs collected"; echo "0 passed, 1 failed"; exit 1; }
if node "$(dirname "$0")/english_scan.mjs" "${files[@]}" >"$work/findings"; then
  echo "${#files[@]} outputs scanned, no Spanish word"; echo "1 passed, 0 failed"
else
  head -60 "$work/findings"; echo "$(wc -l <"$work/findings") findings"; echo "0 passed, 1 failed"; exit 1
fi
