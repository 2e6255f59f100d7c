#!/usr/bin/env bash
# Every CHAI model card we write is an instance of the CHAI schema: for each demo the site publishes
# (plans/sitio.json: its run and its declared facts), `planlang card --kind chai` in both schema versions and
# both languages, validated by xmllint (libxml2) against the Coalition for Health AI's own XSDs
# (tests/data/chai/, offline: the xmldsig import is mapped to a local stub). Then two broken cards prove the
# validation can fail: one without the namespace declaration, one with a required element removed.
#   check_chai_xsd.sh ROOT planlang...
set -uo pipefail
root=$1; shift
P=("$@")
command -v xmllint >/dev/null || { echo "xmllint not found (Debian package libxml2-utils; scripts/deps installs it)"; exit 1; }
cd "$root" || exit 1
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export XML_CATALOG_FILES="$PWD/tests/data/chai/offline/catalog.xml"
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
valid() {  # valid SCHEMA FILE: xmllint's verdict, its messages in $work/lint
  xmllint --nonet --noout --schema "tests/data/chai/$1/schema.xsd" "$2" >"$work/lint" 2>&1
}

demos=$(node -e 'for (const d of JSON.parse(require("fs").readFileSync("plans/sitio.json", "utf8")).demos)
                   console.log(`${d.id} ${d.corrida} ${d.ficha_chai_declarada}`)')
[ -n "$demos" ] || { echo "plans/sitio.json names no demo"; exit 1; }
while read -r id run declared; do
  for schema in v0.1 v0.2; do
    for lang in es en; do
      card="$work/$id.$schema.$lang.xml"
      if ! "${P[@]}" card "$run" --kind chai --schema "$schema" --lang "$lang" --declared "$declared" -o "$card" >/dev/null 2>"$work/err"; then
        ko "$id $schema $lang: planlang card failed: $(head -c 300 "$work/err")"; continue
      fi
      sed -n 2p "$card" | grep -qx "<AppliedModelCard xmlns=\"https://mc.chai.org/$schema/schema.xsd\">" \
        || ko "$id $schema $lang: the root does not declare the schema's namespace: $(sed -n 2p "$card")"
      if valid "$schema" "$card"; then ok; else ko "$id $schema $lang: not valid against the CHAI $schema schema: $(head -c 600 "$work/lint")"; fi
    done
  done
done <<<"$demos"

# A card that cannot pass: the same bytes without the namespace, and without its ModelName.
first=$(head -1 <<<"$demos" | cut -d' ' -f1)
sed 's| xmlns="[^"]*"||' "$work/$first.v0.2.en.xml" >"$work/no-namespace.xml"
if valid v0.2 "$work/no-namespace.xml"; then ko "a card without the namespace was accepted"; else ok; fi
grep -v '<ModelName>' "$work/$first.v0.2.en.xml" >"$work/no-name.xml"
if valid v0.2 "$work/no-name.xml"; then ko "a card without ModelName was accepted"; elif grep -q "ModelName" "$work/lint"; then ok; else ko "the rejection does not name ModelName: $(head -c 300 "$work/lint")"; fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
