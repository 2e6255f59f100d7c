#!/usr/bin/env bash
# The reproducibility card's promise, kept (site-and-cards.md §5): take `planlang card RUN --kind repro --json`,
# copy only the inputs its commands read (the plans and the world the run's manifest names) into an empty
# root, run every command there with the same planlang (cwd = that root), and compare what comes out with the
# committed files byte for byte: the batch, the main run folder with informe.json / informe.es.md /
# informe.en.md, the repetitions' and the baseline's folders; the last command must print the report's
# huella (read here from the committed informe.json). A wrong command fails it: a missing option is a usage
# error, a wrong value other bytes (checked below by replaying the main run with another date).
#   replay_repro.sh SOURCE_DIR planlang...     e.g. build/native/planlang, or: node build/wasm/planlang.js
set -uo pipefail
src=$(cd "$1" && pwd); shift
P=("$@")
# a relative program path (build/native/planlang) must still name it from inside the temporary root
for i in "${!P[@]}"; do [ -e "${P[$i]}" ] && P[$i]=$(cd "$(dirname "${P[$i]}")" && pwd)/$(basename "${P[$i]}"); done
run=${REPLAY_RUN:-synthetic/runs/demo-a/demo-a-20}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
root="$work/root"; mkdir -p "$root"
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }

(cd "$src" && "${P[@]}" card "$run" --kind repro --json) >"$work/card.json" 2>"$work/err"; rc=$?
[ $rc -eq 0 ] && ok || { ko "card --json exited $rc: $(head -c 400 "$work/err")"; echo "$passed passed, $failed failed"; exit 1; }

# The inputs: every plan (the commands name plans by path; verify may look for one under plans/) and the world
# file the manifest names. Nothing else: batch and runs must come out of the commands (only the empty folders
# they write into are made, as a checkout has them).
world=$(node -e 'const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log((m.plan_beneficios || m.listas).archivo)' "$src/$run/corrida.json")
cp -R "$src/plans" "$root/plans"
mkdir -p "$root/$(dirname "$world")" && cp "$src/$world" "$root/$world"

# Each command as NUL-separated words, one file per command, in order.
node -e '
  const fs = require("fs"), path = require("path");
  const card = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  card.comandos.forEach((c, i) => fs.writeFileSync(path.join(process.argv[2], String(i).padStart(2, "0") + "-" + c.paso),
                                                  c.argumentos.map((w) => w + "\0").join("")));' "$work/card.json" "$work" || ko "card JSON unreadable"
steps=0; last_out=""
for cmd in "$work"/[0-9][0-9]-*; do
  mapfile -d '' words <"$cmd"
  # the repository's folders are there, empty (generate writes into an existing folder, as in a checkout)
  for i in "${!words[@]}"; do [ "${words[$i]}" = -o ] && mkdir -p "$root/$(dirname "${words[$((i + 1))]}")"; done
  name=$(basename "$cmd")
  (cd "$root" && "${P[@]}" "${words[@]}") >"$work/$name.out" 2>"$work/$name.err"; rc=$?
  [ $rc -eq 0 ] && ok || ko "$name: planlang ${words[*]} exited $rc: $(head -c 400 "$work/$name.err")"
  steps=$((steps + 1)); last_out="$work/$name.out"
done
[ $steps -ge 6 ] && ok || ko "only $steps commands in the card"

# What came out against what is committed: the batch, and every run folder the verify command names.
batch=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).casos.archivo)' "$src/$run/corrida.json")
[ -n "$batch" ] && cmp -s "$src/$batch" "$root/$batch" && ok || ko "regenerated batch $batch differs from the committed one"
folders=$(node -e '
  const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).comandos.find((x) => x.paso === "verificar").argumentos;
  const out = [c[1]];
  c.forEach((w, i) => { if (w === "--rep" || w === "--base") out.push(c[i + 1]); });
  console.log(out.join("\n"));' "$work/card.json")
for f in $folders; do
  [ -d "$root/$f" ] && diff -r "$src/$f" "$root/$f" >"$work/diff" 2>&1 && ok || { ko "regenerated run $f differs from the committed one"; head -8 "$work/diff"; }
done
for r in informe.json informe.es.md informe.en.md; do
  cmp -s "$src/$run/$r" "$root/$run/$r" && ok || ko "regenerated $run/$r differs from the committed one"
done
huella=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).huella)' "$src/$run/informe.json")
[ "$(cat "$last_out")" = "$huella" ] && ok || ko "the last command printed '$(head -c 80 "$last_out")', not the report's huella $huella"
[ "$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).huella_informe)' "$work/card.json")" = "$huella" ] \
  && ok || ko "the card's huella_informe is not the report's"

# The comparison notices a wrong command: the main run's simulate with another date gives other bytes.
mapfile -d '' words <"$(ls "$work"/[0-9][0-9]-simular | head -1)"
for i in "${!words[@]}"; do
  [ "${words[$i]}" = --date ] && words[$((i + 1))]=1999-01-01
  [ "${words[$i]}" = -o ] && words[$((i + 1))]=elsewhere/"$(basename "$run")"
done
(cd "$root" && "${P[@]}" "${words[@]}") >/dev/null 2>"$work/err"
[ -d "$root/elsewhere" ] && ! diff -r -q -x 'informe.*' "$src/$run" "$root/elsewhere/$(basename "$run")" >/dev/null 2>&1 \
  && ok || ko "a simulate with another date was not told apart from the committed run"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
