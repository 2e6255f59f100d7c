#!/usr/bin/env bash
# The committed simulated runs regenerate byte for byte, natively and under Node (issue 4): for every run
# folder under the given folders, `planlang simulate` is called with what its corrida.json records (plan,
# batch and world paths, variant, date, run id; a repetition is the id's "-r<R>" suffix, decisions.md C2)
# and its output must equal the committed folder, file for file, with nothing missing or extra.
#   regenerate_runs.sh SOURCE_DIR NATIVE_PLANLANG WASM_PLANLANG_JS RUNS_DIR...
# WASM_PLANLANG_JS "-": the native build alone (the sanitizer builds).
set -uo pipefail
src=$1; native=$2; wasm=$3; shift 3
[ -x "$native" ] || { echo "no native CLI at $native"; echo "0 passed, 1 failed"; exit 1; }
builds=(native node)
if [ "$wasm" = - ]; then builds=(native); echo "native build only (no Node comparison asked for)"
else [ -f "$wasm" ] || { echo "no wasm CLI at $wasm (build the wasm preset first)"; echo "0 passed, 1 failed"; exit 1; }; fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
while IFS= read -r -d '' manifest; do
  committed=$(dirname "$manifest")
  # one line: id, variant, date, plan, batch, world (paths are repository-relative, decisions.md C5; the world
  # is demo A's benefit plan or the adherence coach's knowledge base)
  read -r id variant date plan batch world < <(node -e '
    const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log([m.corrida_id, m.variante, m.fecha, m.plan.archivo, m.casos.archivo, (m.plan_beneficios || m.base_conocimiento).archivo].join(" "));' "$manifest")
  if [ "$(basename "$committed")" != "$id" ]; then
    failed=$((failed + 1)); echo "FAIL $committed: the folder is not named after its run id $id"; continue
  fi
  repeat=()
  [[ "$id" =~ -r([0-9]+)$ ]] && repeat=(--repeat "${BASH_REMATCH[1]}")
  args=(simulate --root "$src" --plan "$plan" --batch "$batch" --world "$world" --variant "$variant" "${repeat[@]}" --date "$date")
  for build in "${builds[@]}"; do
    out="$work/$build/$id"
    if [ $build = native ]; then "$native" "${args[@]}" -o "$out" >"$work/log" 2>&1; else node "$wasm" "${args[@]}" -o "$out" >"$work/log" 2>&1; fi
    rc=$?
    # the verifier's reports (informe.*) are golden files of issue 5, not simulator output
    if [ $rc -eq 0 ] && diff -r -x 'informe.*' "$committed" "$out" >"$work/diff" 2>&1; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1))
      echo "FAIL $committed ($build, exit $rc): regenerated run differs"
      head -c 600 "$work/log"; head -8 "$work/diff"
    fi
  done
done < <(find "$@" -mindepth 2 -maxdepth 2 -name corrida.json -print0 | sort -z)
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
