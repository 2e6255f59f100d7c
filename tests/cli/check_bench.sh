#!/usr/bin/env bash
# `planlang bench` (spec/cli.md): its measured work is the real pipeline, and what it reports besides the
# timings does not depend on the build or the threads. Natively (one thread and two) and under Node, three
# rounds of 20 cases give the same cases, verdicts, report bytes and digest of the reports' huellas; that
# digest, for one round, equals the SHA-256 of the huella of the report `planlang verify` writes for the same
# round generated and simulated to disk by `planlang generate` and `planlang simulate`; bad options exit 2 and
# a root without the plan exits 1.
#   check_bench.sh SOURCE_DIR NATIVE_PLANLANG WASM_PLANLANG_JS   ("-": the native build alone, as in the
#   sanitizer builds; a missing wasm CLI otherwise fails, never skips)
set -uo pipefail
src=$1; native=$2; wasm=$3
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
if [ "$wasm" = - ]; then echo "native build only (no Node comparison asked for)"; wasm=
else [ -f "$wasm" ] || { echo "no wasm CLI at $wasm (build the wasm preset first)"; echo "0 passed, 1 failed"; exit 1; }; fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
# the keys that do not depend on the machine, one per line
stable() { node -e '
  const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
  for (const k of ["casos", "lote", "rondas", "veredictos", "bytes_de_informes", "huella_de_informes"]) console.log(k, JSON.stringify(r[k]));
  for (const f of r.fases) if (!(f.segundos >= 0 && f.casos_por_segundo >= 0)) console.log("bad phase", f.fase);'; }

(cd "$src" && PLANLANG_THREADS=2 "$native" bench --cases 60 --lote 20 --json) >"$work/n2.json" 2>"$work/err" && ok || ko "native bench exited $?: $(head -c 400 "$work/err")"
(cd "$src" && PLANLANG_THREADS=1 "$native" bench --cases 60 --lote 20 --json) >"$work/n1.json" 2>"$work/err" && ok || ko "native bench (1 thread) exited $?"
stable <"$work/n2.json" >"$work/n2.txt"; stable <"$work/n1.json" >"$work/n1.txt"
grep -q '^casos 60$' "$work/n2.txt" && grep -q '^rondas 3$' "$work/n2.txt" && ok || ko "60 cases in 3 rounds expected: $(cat "$work/n2.txt")"
grep -q '^bad phase' "$work/n2.txt" && ko "a phase without its timing" || ok
cmp -s "$work/n1.txt" "$work/n2.txt" && ok || ko "one thread and two differ: $(diff "$work/n1.txt" "$work/n2.txt")"
grep -q '"hilos": 2' "$work/n2.json" && grep -q '"hilos": 1' "$work/n1.json" && ok || ko "hilos does not follow PLANLANG_THREADS"
if [ -n "$wasm" ]; then
  (cd "$src" && node "$wasm" bench --cases 60 --lote 20 --json) >"$work/w.json" 2>"$work/err" && ok || ko "Node bench exited $?: $(head -c 400 "$work/err")"
  stable <"$work/w.json" >"$work/w.txt"
  cmp -s "$work/n1.txt" "$work/w.txt" && ok || ko "native and Node differ: $(diff "$work/n1.txt" "$work/w.txt")"
  grep -q '"plataforma": "wasm"' "$work/w.json" && ok || ko "Node's bench does not say wasm"
fi

# One round to disk with the ordinary commands: the same report.
root="$work/root"; mkdir -p "$root/synthetic" "$root/bench"
ln -s "$src/plans" "$root/plans"; ln -s "$src/synthetic/plan-beneficios" "$root/synthetic/plan-beneficios"
(cd "$root" && "$native" generate --plan plans/demo-a/plan-demo-a.json --world synthetic/plan-beneficios/plan-beneficios-demo-a.json \
   --seed bench-1 --n 20 -o bench/lote.json >/dev/null &&
 "$native" simulate --plan plans/demo-a/plan-demo-a.json --batch bench/lote.json --world synthetic/plan-beneficios/plan-beneficios-demo-a.json \
   --variant multiagente --date 2026-11-30 -o bench/corrida >/dev/null &&
 "$native" verify bench/corrida --json >"$work/informe.json") 2>"$work/err" && ok || ko "the round on disk failed: $(head -c 400 "$work/err")"
huella=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).huella)' "$work/informe.json")
expected=$(printf %s "$huella" | sha256sum | cut -d' ' -f1)
(cd "$src" && "$native" bench --cases 20 --json) >"$work/one.json" 2>"$work/err"
got=$(stable <"$work/one.json" | sed -n 's/^huella_de_informes "\(.*\)"$/\1/p')
[ -n "$huella" ] && [ "$got" = "$expected" ] && ok || ko "bench's digest $got ≠ SHA-256 of verify's report huella $huella ($expected)"
bytes=$(cat "$root/bench/corrida/informe.json" "$root/bench/corrida/informe.es.md" "$root/bench/corrida/informe.en.md" | wc -c)
grep -q "^bytes_de_informes $bytes\$" <(stable <"$work/one.json") && ok || ko "report bytes differ from verify's files ($bytes)"

# The adherence coach (--demo adherencia): the same stable keys on one thread, two and Node, and one round
# on disk with the ordinary commands gives the report bench digested.
(cd "$src" && PLANLANG_THREADS=2 "$native" bench --demo adherencia --cases 42 --lote 21 --json) >"$work/a2.json" 2>"$work/err" && ok || ko "adherencia bench exited $?: $(head -c 400 "$work/err")"
(cd "$src" && PLANLANG_THREADS=1 "$native" bench --demo adherencia --cases 42 --lote 21 --json) >"$work/a1.json" 2>"$work/err" && ok || ko "adherencia bench (1 thread) exited $?"
stable <"$work/a2.json" >"$work/a2.txt"; stable <"$work/a1.json" >"$work/a1.txt"
grep -q '^casos 42$' "$work/a2.txt" && grep -q '^rondas 2$' "$work/a2.txt" && grep -q '"demo": "adherencia"' "$work/a2.json" && ok || ko "adherencia: 42 cases in 2 rounds expected: $(cat "$work/a2.txt")"
cmp -s "$work/a1.txt" "$work/a2.txt" && ok || ko "adherencia: one thread and two differ: $(diff "$work/a1.txt" "$work/a2.txt")"
if [ -n "$wasm" ]; then
  (cd "$src" && node "$wasm" bench --demo adherencia --cases 42 --lote 21 --json) >"$work/aw.json" 2>"$work/err" && ok || ko "adherencia Node bench exited $?: $(head -c 400 "$work/err")"
  stable <"$work/aw.json" >"$work/aw.txt"
  cmp -s "$work/a1.txt" "$work/aw.txt" && ok || ko "adherencia: native and Node differ: $(diff "$work/a1.txt" "$work/aw.txt")"
fi
ln -s "$src/synthetic/base-conocimiento" "$root/synthetic/base-conocimiento"; rm -rf "$root/bench"; mkdir -p "$root/bench"
(cd "$root" && "$native" generate --plan plans/adherencia/plan-adherencia.json --world synthetic/base-conocimiento/base-adherencia.json \
   --seed bench-1 --n 21 -o bench/lote.json >/dev/null &&
 "$native" simulate --plan plans/adherencia/plan-adherencia.json --batch bench/lote.json --world synthetic/base-conocimiento/base-adherencia.json \
   --variant multiagente --date 2026-12-06 -o bench/corrida >/dev/null &&
 "$native" verify bench/corrida --json >"$work/informe-a.json") 2>"$work/err" && ok || ko "adherencia: the round on disk failed: $(head -c 400 "$work/err")"
huella=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).huella)' "$work/informe-a.json")
expected=$(printf %s "$huella" | sha256sum | cut -d' ' -f1)
(cd "$src" && "$native" bench --demo adherencia --cases 21 --json) >"$work/one-a.json" 2>"$work/err"
got=$(stable <"$work/one-a.json" | sed -n 's/^huella_de_informes "\(.*\)"$/\1/p')
[ -n "$huella" ] && [ "$got" = "$expected" ] && ok || ko "adherencia: bench's digest $got ≠ SHA-256 of verify's report huella $huella ($expected)"

# Usage and input errors.
for bad in "--cases 0" "--cases x" "--lote 100001" "--bogus" "extra" "--demo otra" "--demo adherencia --cases 20" "--demo adherencia --cases 30000 --lote 30000"; do
  # shellcheck disable=SC2086
  (cd "$src" && "$native" bench $bad >/dev/null 2>&1); [ $? = 2 ] && ok || ko "bench $bad is not exit 2"
done
(cd "$work" && "$native" bench --cases 1 >/dev/null 2>"$work/err"); rc=$?
[ $rc = 1 ] && grep -q 'planlang: ARCHIVO_ILEGIBLE: plans/demo-a/plan-demo-a.json' "$work/err" && ok || ko "bench without the plan: exit $rc, $(head -c 300 "$work/err")"
# stderr is a file here, never a terminal: no progress bar (spec/cli.md)
grep -q 'bench \[' "$work/err" && ko "progress bar on a stderr that is not a terminal" || ok

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
