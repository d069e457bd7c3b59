#!/usr/bin/env bash
# Runs `node "$@"` under a Node that has node:sqlite (>= 22.13).
# On an older Node (Debian's 20, say) it fetches Node 24 from the npm registry once, into
# .tools/node24 of this checkout, says so in one line, and puts it first on PATH so that every
# child process (tsc, vitest, playwright, npm itself) runs under it too.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
local_node="$root/.tools/node24/node_modules/.bin"

new_enough() {
  "$1" -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=13)?0:1)' 2>/dev/null
}

if ! command -v node >/dev/null 2>&1 || ! new_enough node; then
  if [ ! -x "$local_node/node" ] || ! new_enough "$local_node/node"; then
    echo "ledgerscope: Node $(node --version 2>/dev/null || echo '(none)') is older than 22.13; fetching Node 24 from the npm registry into .tools/node24" >&2
    npm install --silent --no-save --prefix "$root/.tools/node24" node@24 >/dev/null
  fi
  export PATH="$local_node:$PATH"
fi
exec node "$@"
