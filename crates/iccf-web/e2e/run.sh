#!/usr/bin/env bash
# End-to-end tests of the iccf web page in headless Chromium: installs
# what is missing (Debian's chromium, playwright-core from package-lock),
# builds iccf, starts `iccf serve --port 0`, runs `node --test`, stops it
# (tests that need a server of their own, with --games, start it from ICCF_BIN).
# --update-screenshot also copies the screenshots the README shows to docs/
# (the move tree, the desk of a games folder, the phone layout).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)

if ! command -v chromium >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
cd "$here"
if [ ! -f node_modules/playwright-core/package.json ]; then
    npm ci --no-audit --no-fund
fi

(cd "$root" && cargo build --locked -p iccf-cli --bin iccf)
bin="$root/target/debug/iccf"
mkdir -p screenshots
log=$(mktemp)
"$bin" serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT

url=""
for _ in $(seq 1 100); do
    url=$(sed -n 's|^iccf: the page is at \(http://[^ ]*\)$|\1|p' "$log")
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$log"; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { echo "iccf serve printed no address:"; cat "$log"; exit 1; }
echo "iccf serve at $url"

ICCF_URL="$url" ICCF_BIN="$bin" node --test --test-concurrency=1 tests/*.test.mjs

if [ "${1:-}" = "--update-screenshot" ]; then
    cp screenshots/tree-annotated-1280-light.png "$root/docs/screenshot.png"
    cp screenshots/folder-1280-light.png "$root/docs/screenshot-desk.png"
    cp screenshots/phone-390-dark.png "$root/docs/screenshot-phone.png"
fi
