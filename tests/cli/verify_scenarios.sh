# shellcheck shell=bash
# The committed runs the verifier's CLI checks read, each as "<main run>|<its options>": sourced by
# check_verify.sh (every scenario, natively and under Node, against the golden reports) and check_threads.sh
# (those with repetitions or a baseline, under ThreadSanitizer).
R=synthetic/runs/demo-a
M=synthetic/runs/adherencia
verify_scenarios=(
  "$R/demo-a-humo-3|"
  "$R/demo-a-20|--rep $R/demo-a-20-r2 --rep $R/demo-a-20-r3 --base $R/demo-a-20-base"
  "$R/demo-a-200|--base $R/demo-a-200-base"
  "$M/adherencia-humo-3|"
  "$M/adherencia-21|--rep $M/adherencia-21-r2 --rep $M/adherencia-21-r3"
  "$M/adherencia-315|--rep $M/adherencia-315-r2 --rep $M/adherencia-315-r3 --base $M/adherencia-315-base"
  # the adherence coach's fixture (tests/data/adherencia-mini/make_fixture.mjs writes runs and golden report)
  "tests/data/adherencia-mini/runs/adherencia-mini-9|--base tests/data/adherencia-mini/runs/adherencia-mini-9-base"
)
