#!/usr/bin/env bash
# `planlang card --kind chai` (site-and-cards.md §7) on the committed 200-case run: es and en, v0.1 and v0.2 exit 0
# and write XML; es and en differ in text but have the same element sequence; -o writes the same bytes as stdout;
# --json gives the provenance table; a bad declared file (missing key, unknown key, empty text) exits 1 with
# DECLARADO_INVALIDO and its path and writes nothing; a missing declared file exits 1; usage errors exit 2.
#   check_card_chai.sh SOURCE_DIR planlang...
set -uo pipefail
src=$1; shift
P=("$@")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
run=synthetic/runs/demo-a/demo-a-200
# The element names of an XML file in document order, one per line (start tags only).
elements() { grep -o '<[A-Za-z:]*[ />]' "$1" | tr -d '</ >'; }

for schema in v0.1 v0.2; do
  for lang in es en; do
    (cd "$src" && "${P[@]}" card "$run" --kind chai --schema "$schema" --lang "$lang") >"$work/$lang.$schema.xml" 2>"$work/err"; rc=$?
    [ $rc -eq 0 ] && head -1 "$work/$lang.$schema.xml" | grep -q '^<?xml version="1.0" encoding="UTF-8"?>$' \
      && grep -qx "<AppliedModelCard xmlns=\"https://mc.chai.org/$schema/schema.xsd\">" "$work/$lang.$schema.xml" && ! grep -q 'xml:lang' "$work/$lang.$schema.xml" \
      && ok || ko "$lang $schema exited $rc: $(head -c 300 "$work/err")"
  done
  cmp -s "$work/es.$schema.xml" "$work/en.$schema.xml" && ko "$schema: es and en are the same bytes" || ok
  [ "$(elements "$work/es.$schema.xml")" = "$(elements "$work/en.$schema.xml")" ] && ok || ko "$schema: es and en element sequences differ"
done
grep -q '<Results>' "$work/es.v0.2.xml" && ! grep -q '<Result>' "$work/es.v0.2.xml" && ok || ko "v0.2 without Results"
grep -q '<Result>' "$work/es.v0.1.xml" && ! grep -q '<Results>' "$work/es.v0.1.xml" && ok || ko "v0.1 without Result"

# -o writes the same bytes atomically; --json is the provenance table.
(cd "$src" && "${P[@]}" card "$run" --kind chai -o "$work/o.xml") >"$work/out" 2>"$work/err"; rc=$?
[ $rc -eq 0 ] && cmp -s "$work/o.xml" "$work/es.v0.2.xml" && ok || ko "-o exited $rc or wrote other bytes"
(cd "$src" && "${P[@]}" card "$run" --kind chai --json) >"$work/p.json" 2>"$work/err"; rc=$?
[ $rc -eq 0 ] && grep -q '"formato": "planlang-chai-procedencia/v1"' "$work/p.json" && ok || ko "--json exited $rc"

# Bad declared files: exit 1, the code and the path on stderr, nothing written.
declared="$src/plans/demo-a/chai-declarado.json"
bad() {  # bad NAME SED-EXPRESSION EXPECTED-ELEMENT
  sed "$2" "$declared" >"$work/$1.json"
  rm -f "$work/bad.xml"
  (cd "$src" && "${P[@]}" card "$run" --kind chai --declared "$work/$1.json" -o "$work/bad.xml") >"$work/out" 2>"$work/err"; rc=$?
  [ $rc -eq 1 ] && [ ! -e "$work/bad.xml" ] && grep -q "DECLARADO_INVALIDO: $work/$1.json: $3" "$work/err" \
    && ok || ko "declared $1 exited $rc: $(head -c 300 "$work/err")"
}
bad missing '/"financiacion": {/,/^  },/d' '\$.financiacion:'
bad unknown 's/"formato": "planlang-chai-declarado\/v1",/"formato": "planlang-chai-declarado\/v1", "url": "x",/' '\$:'
bad empty '0,/"es": "Equipo planlang[^"]*"/s//"es": ""/' '\$.desarrollador.es:'
(cd "$src" && "${P[@]}" card "$run" --kind chai --declared "$work/none.json") >"$work/out" 2>"$work/err"; rc=$?
[ $rc -eq 1 ] && [ ! -s "$work/out" ] && ok || ko "missing declared file exited $rc"

# The reproducibility card of a run whose own entorno.json does not read: refused with the reader's code at the
# file (the app shows the same issue where the card would be: cards::read_environment).
mkdir -p "$work/root/synthetic/runs/demo-a"
cp -r "$src/synthetic/runs/demo-a/demo-a-humo-3" "$work/root/synthetic/runs/demo-a/"
printf '{"node": ' >"$work/root/synthetic/runs/demo-a/demo-a-humo-3/entorno.json"
(cd "$src" && "${P[@]}" card "$work/root/synthetic/runs/demo-a/demo-a-humo-3" --kind repro --root "$src") >"$work/out" 2>"$work/err"; rc=$?
[ $rc -eq 1 ] && [ ! -s "$work/out" ] && grep -qF "JSON_SINTAXIS: $work/root/synthetic/runs/demo-a/demo-a-humo-3/entorno.json: \$.node @ 1:10" "$work/err" \
  && ok || ko "repro card with a broken entorno.json exited $rc: $(head -c 300 "$work/err")"

# Usage errors.
(cd "$src" && "${P[@]}" card "$run" --kind chai --schema v0.3) >/dev/null 2>&1; [ $? -eq 2 ] && ok || ko "--schema v0.3 accepted"
(cd "$src" && "${P[@]}" card "$run" --kind repro --declared x.json) >/dev/null 2>&1; [ $? -eq 2 ] && ok || ko "--declared with repro accepted"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
