#!/usr/bin/env bash
# The browser tests drive an installed Chrome or Chromium through playwright-core; no test tool downloads a
# browser of its own. scripts/find-chromium.mjs says which one: LATCHKEY_CHROMIUM or CHROME_PATH when set,
# else Debian's /usr/bin/chromium, else a chromium/google-chrome on PATH or in the usual install locations.
#
#   bash scripts/ensure-chromium.sh           succeeds when a browser is found; otherwise installs Debian's
#                                             `chromium` package with apt-get (as root, or via sudo -n)
#   bash scripts/ensure-chromium.sh --debian  (CI) insists on Debian's /usr/bin/chromium, installing it if missing
#
# Without a browser and without apt-get it fails with one line saying how to provide one.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
DEBIAN_ONLY=false
if [ "${1:-}" = "--debian" ]; then
  DEBIAN_ONLY=true
fi

fail() {
  echo "ensure-chromium: $1; install Chromium (Debian/Ubuntu: sudo apt-get install chromium) or Google Chrome," \
    "or name an installed one with LATCHKEY_CHROMIUM=/path/to/chrome" >&2
  exit 1
}

if [ "$DEBIAN_ONLY" = true ]; then
  if [ -x "$CHROMIUM" ]; then
    exit 0
  fi
else
  if node scripts/find-chromium.mjs >/dev/null 2>&1; then
    exit 0
  fi
  # A browser named by the environment that is not there: say so, rather than install another one.
  for name in LATCHKEY_CHROMIUM CHROME_PATH; do
    if [ -n "${!name:-}" ]; then
      fail "$name=${!name} is not an executable file"
    fi
  done
fi

if ! command -v apt-get >/dev/null 2>&1; then
  fail "no Chrome or Chromium found, and apt-get is not available to install one"
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  fail "no Chrome or Chromium found, and installing Debian's chromium needs root (or sudo without a password)"
fi

echo "ensure-chromium: installing Debian's chromium (apt-get)…" >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq >&2 || fail "apt-get update failed"
"${SUDO[@]}" apt-get install -y -qq chromium >&2 || fail "apt-get install chromium failed"

[ -x "$CHROMIUM" ] || fail "apt-get finished but $CHROMIUM is still missing"
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed." >&2
