#!/usr/bin/env bash
# Starts the app for the browser tests exactly as a newcomer would (`npm start`,
# embedded database), in a fresh data directory.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-.data-e2e}"
# A server left from an interrupted run must not keep serving deleted files.
if [ -f "$DATA_DIR/pg/postmaster.pid" ]; then
  kill "$(head -n1 "$DATA_DIR/pg/postmaster.pid")" 2>/dev/null || true
  sleep 1
fi
rm -rf "$DATA_DIR"
unset DATABASE_URL
export PORT="${E2E_PORT:-3100}"
export WEBHOOK_ALLOW_PRIVATE_URLS=1
# Merchants the specs sign up start with detection off; the fraud spec sets its own level.
export FRAUD_GUARD_DEFAULT="${FRAUD_GUARD_DEFAULT:-off}"
# The operator contact the dashboard shows wherever it sends a merchant to support.
export SUPPORT_EMAIL="${SUPPORT_EMAIL:-dukungan@sandi.test}" SUPPORT_WHATSAPP="${SUPPORT_WHATSAPP:-6281100000001}"
exec npm start
