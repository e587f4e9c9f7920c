#!/usr/bin/env bash
# Runs a command on the Node.js of scripts/node-version (scripts/node-runtime.sh): `bash scripts/with-node.sh vitest run`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/node-runtime.sh"
exec "$@"
