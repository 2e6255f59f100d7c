#!/usr/bin/env bash
# planlang site (issue 35): the whole site written natively passes tests/site/check_site.mjs (links and their
# #fragments, SVG links, CSS url(), no request out of the site, no missing catalogue text, no empty element,
# ES/EN parity, every case page, the cards), and its --self-test shows each of those link checks can fail;
# written again by planlang.js under Node it is byte-identical; refusals write nothing; usage errors exit 2.
#   tests/site/check_site.sh ROOT PLANLANG WASM_CLI|-
set -euo pipefail
root=$1; planlang=$2; wasm=${3:--}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$root"

"$planlang" site --out "$tmp/native" --root . >"$tmp/out.txt"
grep -q "páginas" "$tmp/out.txt" || { echo "no summary line"; cat "$tmp/out.txt"; exit 1; }
node tests/site/check_site.mjs "$tmp/native" . --provided playground.html --self-test
"$planlang" site --out "$tmp/json" --root . --json >"$tmp/out.json"
node -e 'const o = JSON.parse(require("fs").readFileSync(process.argv[1])); if (!(o.paginas > 400 && o.archivos > o.paginas && o.bytes > 0)) { console.log(o); process.exit(1); }' "$tmp/out.json"
diff -r "$tmp/native" "$tmp/json" >/dev/null || { echo "two native writes differ"; exit 1; }

if [ "$wasm" != "-" ]; then
  node "$wasm" site --out "$tmp/node" --root . >/dev/null
  diff -r "$tmp/native" "$tmp/node" || { echo "native and Node sites differ"; exit 1; }
  echo "native = Node: $(find "$tmp/node" -type f | wc -l) files byte-identical"
fi

# A manifest naming a run that does not exist: exit 1, nothing written.
printf '{"formato": "planlang-sitio/v1", "demos": [{"id": "x", "corrida": "synthetic/runs/no-such-run", "ficha_chai_declarada": "plans/demo-a/chai-declarado.json"}]}' >"$tmp/bad.json"
set +e
"$planlang" site --out "$tmp/bad" --root . --manifest "$tmp/bad.json" 2>"$tmp/err.txt"; rc=$?
set -e
[ $rc -eq 1 ] || { echo "a missing run: exit $rc, expected 1"; exit 1; }
[ ! -e "$tmp/bad" ] || { echo "a refused site wrote files"; exit 1; }
grep -q "no-such-run" "$tmp/err.txt" || { echo "the error does not name the run"; cat "$tmp/err.txt"; exit 1; }
printf '{"formato": "otro"}' >"$tmp/bad2.json"
set +e
"$planlang" site --out "$tmp/bad2" --root . --manifest "$tmp/bad2.json" 2>/dev/null; rc=$?
"$planlang" site --root . 2>/dev/null; rc2=$?
set -e
[ $rc -eq 1 ] && [ $rc2 -eq 2 ] || { echo "bad manifest exit $rc (want 1), no --out exit $rc2 (want 2)"; exit 1; }
echo "cli_site ok"
