#!/usr/bin/env bash
# Runs the browser tests of the playground and of the static pages against an assembled site and the native CLI:
#   tests/browser/run.sh [SITE_DIR] [PLANLANG_CLI]      (defaults: build/wasm/site, build/native/planlang)
# Installs the pinned playwright-core from package-lock.json on first use (never a browser: /usr/bin/chromium).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
site=${1:-$repo/build/wasm/site}
cli=${2:-$repo/build/native/planlang}
[ -f "$site/planlang_web.wasm" ] || { echo "tests/browser: no $site/planlang_web.wasm: build the wasm preset first" >&2; exit 2; }
[ -x "$cli" ] || { echo "tests/browser: no $cli: build the native preset first" >&2; exit 2; }
if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --ignore-scripts)
fi
# The static pages beside the app (issue 35): written by the same CLI, then both tests.
"$cli" site --out "$site" --root "$repo" >/dev/null
status=0
node "$here/playground.test.mjs" --site "$site" --cli "$cli" || status=1
node "$here/adherencia.test.mjs" --site "$site" --cli "$cli" || status=1
node "$here/site.test.mjs" --site "$site" || status=1
exit $status
