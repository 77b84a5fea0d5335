#!/usr/bin/env bash
# Makes sure a Chromium for the end-to-end tests exists. Playwright must not
# download browsers, so this installs Debian's `chromium` package when the
# binary is missing. Set CHROMIUM_PATH to use a browser you already have.
set -euo pipefail

browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then
  exit 0
fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2
  exit 1
fi

echo "Chromium not found at $browser: installing Debian's chromium package" >&2
if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null 2>&1; then
  sudo="sudo"
else
  echo "Cannot install chromium without root. Install it (apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 ||
  { $sudo apt-get update >/dev/null && $sudo apt-get install -y --no-install-recommends chromium >/dev/null; }
"$browser" --version >&2
