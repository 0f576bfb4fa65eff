#!/bin/sh
# find-shared.sh: print the project's shared/ directory (the read-only
# reference material the tests and benchmarks read), or nothing.
#   1. $SYMPOSIUM_SHARED, if set;
#   2. shared/ beside this checkout (where CI puts it);
#   3. shared/ beside the checkout this one was cloned from, when that is a
#      local directory (a scratch clone of a working copy).
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${SYMPOSIUM_SHARED:-}" ]; then echo "$SYMPOSIUM_SHARED"; exit 0; fi
if [ -d "$root/../shared" ]; then (cd "$root/../shared" && pwd); exit 0; fi
origin=$(git -C "$root" remote get-url origin 2>/dev/null | sed 's#^file://##')
if [ -n "$origin" ] && [ -d "$origin/../shared" ]; then (cd "$origin/../shared" && pwd); fi
