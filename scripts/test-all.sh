#!/usr/bin/env bash
# The README's test command: typecheck, lint, unit, integration and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck"; npx tsc --noEmit
echo "== lint"; npx eslint --max-warnings=0 .
echo "== unit + integration"; npx vitest run
echo "== e2e"; npx playwright test
