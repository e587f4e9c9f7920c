#!/usr/bin/env bash
# npm start: install what is missing, build what is stale, run the service (console on http://HOST:PORT).
# Exit code 75 from the service means "restart me" (the sandbox host adapter's reboot).
set -euo pipefail
cd "$(dirname "$0")/.."
# Node.js of scripts/node-version first on PATH (installed from the npm registry when the machine's is older).
source scripts/node-runtime.sh
bash scripts/setup.sh start
child=""
trap '[ -n "$child" ] && kill -TERM "$child" 2>/dev/null; wait "$child" 2>/dev/null; exit 0' TERM INT
# V8 flags of the service, one place for the start script, the browser tests and the benchmarks: a small young
# generation keeps the resident memory near what the service really holds (see bench/README.md).
read -r -a node_flags < apps/server/node-flags
while true; do
  node "${node_flags[@]}" apps/server/dist/main.js &
  child=$!
  rc=0
  wait "$child" || rc=$?
  [ "$rc" -eq 75 ] || exit "$rc"
  echo "Roomcast: restarting the service"
done
