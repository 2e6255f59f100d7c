#!/usr/bin/env bash
# Regenerates every committed file of synthetic/ that core/synth makes (the world and the batches, see
# synthetic/README.md) with each given build and fails unless the bytes equal the committed ones.
#   check_regenerates.sh SOURCE_DIR NATIVE_PLANLANG [WASM_PLANLANG_JS]   compare (native, and Node if given)
#   check_regenerates.sh --write SOURCE_DIR PLANLANG                      rewrite the committed files
set -uo pipefail
write=0
if [ "${1:-}" = "--write" ]; then write=1; shift; fi
src=$1; shift
builds=()
for b in "$@"; do
  case "$b" in
    *.js) builds+=("node $b") ;;
    *) builds+=("$b") ;;
  esac
done
[ ${#builds[@]} -gt 0 ] || { echo "usage: check_regenerates.sh [--write] SOURCE_DIR PLANLANG [PLANLANG_JS]"; exit 2; }
plan="plans/demo-a/plan-demo-a.json"
world="synthetic/plan-beneficios/plan-beneficios-demo-a.json"
# The adherence coach (plans/adherencia/dominio.md): its knowledge base and its batches.
plan_adh="plans/adherencia/plan-adherencia.json"
kb="synthetic/base-conocimiento/base-adherencia.json"
# file | arguments after `planlang` (paths relative to SOURCE_DIR; the output goes after -o)
targets=(
  "$world|world"
  "synthetic/casos/demo-a/demo-a-humo-3.json|generate --plan $plan --world $world --seed humo --n 3 --receta humo --id demo-a-humo-3"
  "synthetic/casos/demo-a/demo-a-20.json|generate --plan $plan --world $world --seed demo-a --n 20"
  "synthetic/casos/demo-a/demo-a-200.json|generate --plan $plan --world $world --seed demo-a --n 200"
  "$kb|world --demo adherencia"
  "synthetic/casos/adherencia/adherencia-humo-3.json|generate --plan $plan_adh --world $kb --seed humo --n 3 --receta humo --id adherencia-humo-3"
  "synthetic/casos/adherencia/adherencia-315.json|generate --plan $plan_adh --world $kb --seed adherencia --n 315"
  "synthetic/casos/adherencia/adherencia-21.json|generate --plan $plan_adh --world $kb --seed adherencia --n 21"
)
cd "$src" || exit 2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
for t in "${targets[@]}"; do
  file=${t%%|*}; args=${t#*|}
  for build in "${builds[@]}"; do
    out="$work/out.json"; rm -f "$out"
    t0=$(date +%s%N)
    # shellcheck disable=SC2086
    $build $args -o "$out" 2>"$work/err"; rc=$?
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    if [ $rc -ne 0 ]; then
      failed=$((failed + 1)); echo "FAIL ($build) $file: exit $rc: $(head -c 400 "$work/err")"; continue
    fi
    if [ $write -eq 1 ]; then
      mkdir -p "$(dirname "$file")"; cp "$out" "$file"; echo "wrote $file (${ms} ms)"; passed=$((passed + 1)); continue
    fi
    if cmp -s "$out" "$file"; then
      passed=$((passed + 1)); echo "ok   ($build) $file (${ms} ms)"
    else
      failed=$((failed + 1)); echo "DIFFERS ($build) $file"; cmp "$out" "$file" | head -2
    fi
  done
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
