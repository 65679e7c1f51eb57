#!/bin/sh
# The production start (the image's CMD, `npm run start:prod`): node with a young generation sized to the memory
# limit (src/semi-space-flag.ts prints the flag: 64 MiB semi-spaces when WORKERS processes fit with them, else 32 or
# 16; nothing when NODE_OPTIONS already sets the size), put in front of the caller's NODE_OPTIONS. `exec`, so node
# is the process that signals reach. Arguments are node's: `sh scripts/start-production.sh dist/src/server.js`.
set -eu
# The flag is asked for without the caller's NODE_OPTIONS, which it reads from GIVEN_NODE_OPTIONS instead: a preload
# there (an APM's --require) would print into the flag, or hold the start (--inspect-brk).
flag=$(NODE_OPTIONS='' GIVEN_NODE_OPTIONS="${NODE_OPTIONS:-}" node "$(dirname "$0")/../dist/src/semi-space-flag.js")
if [ -n "$flag" ]; then
  NODE_OPTIONS="$flag ${NODE_OPTIONS:-}"
  export NODE_OPTIONS
fi
exec node "$@"
