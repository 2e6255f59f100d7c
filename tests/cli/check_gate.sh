#!/usr/bin/env bash
# planlang gate (core/verify/gate.hpp): the CI gate on every committed run, as verify_scenarios.sh verifies each
# (same repetitions and baseline). Every run passes, natively and under Node with the same bytes; every gated
# criterion of each plan is measured and met in some committed run (a criterion with no population in the smoke
# run must be met elsewhere); a hand-built run that breaks an absolute criterion and a severity-9 risk fails,
# exit 1, naming both; bad input is refused. That the gate fails when the agent gets worse is proven by the
# degraded agents of tests/unit/verify/gate_test.cpp (the agent changed, never a report).
#   check_gate.sh SOURCE_DIR NATIVE_PLANLANG WASM_PLANLANG_JS|-
set -uo pipefail
src=$(realpath "$1"); native=$(realpath "$2"); wasm=$3
cd "$src" || exit 1
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL $*"; }
# shellcheck source=tests/cli/verify_scenarios.sh
. "$(dirname "$0")/verify_scenarios.sh"

n=0
for scenario in "${verify_scenarios[@]}"; do
  run=${scenario%%|*}; opts=${scenario#*|}; n=$((n + 1))
  # shellcheck disable=SC2086
  "$native" gate "$run" $opts --root . --json >"$work/gate-$n.json" 2>"$work/err"; rc=$?
  if [ $rc = 0 ] && grep -q '"pasa": true' "$work/gate-$n.json"; then ok
  else ko "$run: the gate exited $rc: $(head -c 600 "$work/gate-$n.json") $(head -c 300 "$work/err")"; fi
  if [ "$wasm" != - ]; then
    # shellcheck disable=SC2086
    node "$wasm" gate "$run" $opts --root . --json >"$work/gate-$n.node.json" 2>/dev/null
    cmp -s "$work/gate-$n.json" "$work/gate-$n.node.json" && ok || ko "$run: native and Node gates differ"
  fi
  echo "$run $work/gate-$n.json" >>"$work/list"
done

# Every gated criterion of each plan is met in some committed run (not only "not measured" everywhere).
node -e '
  const fs = require("fs");
  const met = new Map(), gated = new Map();
  for (const line of fs.readFileSync(process.argv[1], "utf8").trim().split("\n")) {
    const [run, file] = line.split(" ");
    const g = JSON.parse(fs.readFileSync(file, "utf8"));
    const plan = JSON.parse(fs.readFileSync(run + "/corrida.json", "utf8")).plan.archivo;
    for (const e of g.elementos) {
      const key = plan + " " + e.id;
      gated.set(key, true);
      if (e.resultado === "pasa") met.set(key, true);
    }
  }
  const never = [...gated.keys()].filter((k) => !met.has(k));
  if (never.length) { console.log("gated but met in no committed run: " + never.join(", ")); process.exit(1); }
  console.log(gated.size + " gated items, each met in some committed run");
' "$work/list" && ok || ko "some gated item is met in no committed run"

# A run that breaks the plan: an absolute criterion (C1) and a severity-9 risk (R1) — exit 1, both named.
"$native" gate tests/data/run/mano-no-cumple --root . --lang en >"$work/out" 2>"$work/err"; rc=$?
[ $rc = 1 ] && grep -q '^| C1 | safety, absolute | `incumple` | ✗ fails' "$work/out" && grep -q '^| R1 | safety | `ocurrio` | ✗ fails: the risk occurred' "$work/out" &&
  grep -q '^The gate fails: C1, .*R1' "$work/out" && ok || ko "mano-no-cumple: exit $rc, $(tail -3 "$work/out") $(head -c 300 "$work/err")"
# Bad input: no such folder (1), no folder given (2), a declared file that is not one (1).
"$native" gate no/such/run >/dev/null 2>"$work/err"; rc=$?
[ $rc = 1 ] && grep -q 'ARCHIVO_ILEGIBLE' "$work/err" && ok || ko "missing folder: exit $rc"
"$native" gate >/dev/null 2>&1; [ $? = 2 ] && ok || ko "no folder: not a usage error"
echo '{"formato": "otro"}' >"$work/declarado.json"
"$native" gate synthetic/runs/demo-a/demo-a-humo-3 --declared "$work/declarado.json" >/dev/null 2>"$work/err"; rc=$?
[ $rc = 1 ] && grep -q 'DECLARADO_INVALIDO' "$work/err" && ok || ko "bad declared file: exit $rc, $(head -c 300 "$work/err")"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
