#!/usr/bin/env bash
# `planlang case` (site-and-cards.md §4): on the committed 20-case run, every executed case gives a page (exit 0,
# non-empty) in Markdown (both languages, with and without --expert) and as JSON whose case id, step count and
# label are right; an unknown case exits 1 with CASO_DESCONOCIDO in the chosen language; usage errors exit 2.
#   check_case.sh SOURCE_DIR planlang...        e.g. build/native/planlang, or: node build/wasm/planlang.js
set -uo pipefail
src=$1; shift
P=("$@")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
run=synthetic/runs/demo-a/demo-a-20
ids=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).casos_ejecutados.join(" "))' "$src/$run/corrida.json")
[ -n "$ids" ] && ok || ko "no case ids in $run/corrida.json"

for id in $ids; do
  (cd "$src" && "${P[@]}" case "$run" "$id") >"$work/es.md" 2>"$work/err"; rc=$?
  [ $rc -eq 0 ] && [ -s "$work/es.md" ] && grep -q "^# Caso $id" "$work/es.md" && grep -q 'Simulación · no operativo · datos sintéticos' "$work/es.md" \
    && ok || ko "case $id (es) exited $rc: $(head -c 300 "$work/err")"
  (cd "$src" && "${P[@]}" case "$run" "$id" --lang en --expert) >"$work/en.md" 2>"$work/err"; rc=$?
  [ $rc -eq 0 ] && grep -q "^# Case $id" "$work/en.md" && grep -q 'Simulation · not operational · synthetic data' "$work/en.md" \
    && ok || ko "case $id (en, expert) exited $rc: $(head -c 300 "$work/err")"
  (cd "$src" && "${P[@]}" case "$run" "$id" --json) >"$work/p.json" 2>"$work/err"; rc=$?
  [ $rc -eq 0 ] && node -e '
    const [file, trace, id] = process.argv.slice(1);
    const p = JSON.parse(require("fs").readFileSync(file, "utf8"));
    const t = JSON.parse(require("fs").readFileSync(trace, "utf8"));
    const bad = [];
    if (p.caso_id !== id || !p.ok) bad.push("caso_id/ok " + p.caso_id + " " + p.ok);
    if (p.pasos.length !== t.pasos.length) bad.push("steps " + p.pasos.length + " vs " + t.pasos.length);
    if (p.pasos.map(s => s.nodo).join() !== t.nodos_visitados.join()) bad.push("nodes");
    if (p.pausas.length !== t.pausas_humanas.length) bad.push("pauses");
    if (p.entrega.aviso_inexacto !== false) bad.push("notice flagged");
    if (p.etiqueta.en !== "Simulation · not operational · synthetic data") bad.push("label");
    if (bad.length) { console.log(bad.join("; ")); process.exit(1); }' "$work/p.json" "$src/$run/trazas/$id.json" "$id" \
    && ok || ko "case $id --json (exit $rc)"
done

# An unknown case: exit 1, the code and the case on stderr, in the chosen language; nothing on stdout.
(cd "$src" && "${P[@]}" case "$run" A-999) >"$work/out" 2>"$work/err"; rc=$?
[ $rc -eq 1 ] && [ ! -s "$work/out" ] && grep -q 'CASO_DESCONOCIDO: A-999: la corrida demo-a-20 no ejecutó el caso «A-999»' "$work/err" \
  && ok || ko "unknown case (es) exited $rc: $(head -c 300 "$work/err")"
(cd "$src" && "${P[@]}" case "$run" A-999 --lang en) >"$work/out" 2>"$work/err"; rc=$?
[ $rc -eq 1 ] && grep -q 'CASO_DESCONOCIDO: A-999: run demo-a-20 did not execute case "A-999"' "$work/err" \
  && ok || ko "unknown case (en) exited $rc: $(head -c 300 "$work/err")"

# Usage errors and a missing run.
(cd "$src" && "${P[@]}" case "$run") >/dev/null 2>"$work/err"; [ $? -eq 2 ] && ok || ko "one positional accepted"
(cd "$src" && "${P[@]}" case "$run" A-001 --frob) >/dev/null 2>"$work/err"; [ $? -eq 2 ] && ok || ko "--frob accepted"
(cd "$src" && "${P[@]}" case synthetic/runs/demo-a/no-such-run A-001) >/dev/null 2>"$work/err"; rc=$?
[ $rc -eq 1 ] && grep -q ARCHIVO_ILEGIBLE "$work/err" && ok || ko "missing run exited $rc"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
