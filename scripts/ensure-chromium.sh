#!/usr/bin/env bash
# The Swagger UI e2e test drives a real headless Chromium (Debian's package, through
# playwright-core, which downloads no browser). `npm test` runs this first so the test command
# works on a fresh machine; it installs the package only when it is missing and we may.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the Swagger UI browser test..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
else
  echo "Chromium is missing: install it (apt-get install chromium) or set CHROMIUM_PATH; the Swagger UI test needs it." >&2
  exit 1
fi
