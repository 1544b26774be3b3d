#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (/usr/bin/chromium) through playwright-core; no test tool downloads
# a browser of its own. Installs the `chromium` package when it is missing: as root directly, otherwise via sudo.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

fail() {
  echo "ensure-chromium: $1" >&2
  echo "ensure-chromium: the browser tests (apps/playground/e2e) need Debian's Chromium at $CHROMIUM;" \
    "install it with: sudo apt-get install -y chromium" >&2
  exit 1
}

if ! command -v apt-get >/dev/null 2>&1; then
  fail "$CHROMIUM is missing and apt-get is not available to install it."
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  fail "$CHROMIUM is missing, and installing it needs root (or sudo without a password)."
fi

echo "ensure-chromium: installing Debian's chromium (apt-get)…" >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq >&2 || fail "apt-get update failed."
"${SUDO[@]}" apt-get install -y -qq chromium >&2 || fail "apt-get install chromium failed."

[ -x "$CHROMIUM" ] || fail "apt-get finished but $CHROMIUM is still missing."
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed." >&2
