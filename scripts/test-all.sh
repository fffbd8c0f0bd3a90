#!/usr/bin/env bash
# The README's test command: typecheck, lint, unit, integration and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests need Chromium (Playwright's own download cannot run offline): find it
# first, install it from Debian when this shell may, or stop now with the command to run.
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing Chromium from Debian (the browser tests need it)"
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium at $CHROMIUM. Install it with: sudo apt-get install -y chromium" >&2
    echo "(or point CHROMIUM_PATH at a Chromium binary), then run npm test again." >&2
    exit 1
  fi
fi

# Without TEST_REDIS_URL the integration tests start a throw-away redis-server: install it
# the same way when it is missing.
if [ -z "${TEST_REDIS_URL:-}" ] && ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing redis-server from Debian (the integration tests start one)"
    apt-get update -qq && apt-get install -y -qq redis-server >/dev/null
  else
    echo "The integration tests start a throw-away redis-server. Install it with: sudo apt-get install -y redis-server" >&2
    echo "(or point TEST_REDIS_URL at a running Redis), then run npm test again." >&2
    exit 1
  fi
fi

# The PHP SDK's contract suite needs php with curl: installed from Debian when this shell
# may; otherwise that suite is skipped and says why (the rest of the run is unaffected).
if ! php -r 'exit(function_exists("curl_init") ? 0 : 1);' >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing PHP (php-cli, php-curl) from Debian (the PHP SDK's contract suite needs it)"
    { apt-get update -qq && apt-get install -y -qq php-cli php-curl >/dev/null; } || echo "PHP could not be installed: the PHP SDK's contract suite will be skipped" >&2
  else
    echo "PHP with curl is missing and this shell cannot install it: the PHP SDK's contract suite will be skipped." >&2
    echo "(sudo apt-get install -y php-cli php-curl, then run npm test again to include it)" >&2
  fi
fi

# The alerting rules' unit tests (docs/operations/alerts.test.yml) need Prometheus's promtool:
# from Debian's prometheus package in the same way; without it those two checks alone are skipped.
if ! command -v promtool >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing promtool (Debian's prometheus package) for the alerting rules' unit tests"
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends prometheus >/dev/null; } || echo "promtool could not be installed: the alerting rules' promtool checks will be skipped" >&2
  else
    echo "promtool is missing and this shell cannot install it: the alerting rules' promtool checks will be skipped." >&2
    echo "(sudo apt-get install -y prometheus, then run npm test again to include them)" >&2
  fi
fi

echo "== typecheck"; npx tsc --noEmit
echo "== lint"; npx eslint --max-warnings=0 .
echo "== unit + integration"; npx vitest run
echo "== e2e"; npx playwright test
