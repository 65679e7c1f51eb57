#!/bin/sh
# The production start (the image's CMD, `npm run start:prod`): node with a young generation sized to the memory
# limit (src/semi-space-flag.ts prints the flag: 64 MiB semi-spaces when WORKERS processes fit with them, else 32 or
# 16; nothing when NODE_OPTIONS already sets the size), put in front of the caller's NODE_OPTIONS. `exec`, so node
# is the process that signals reach. Arguments are node's: `sh scripts/start-production.sh dist/src/server.js`.
set -eu
flag=$(node "$(dirname "$0")/../dist/src/semi-space-flag.js")
if [ -n "$flag" ]; then
  NODE_OPTIONS="$flag ${NODE_OPTIONS:-}"
  export NODE_OPTIONS
fi
exec node "$@"
