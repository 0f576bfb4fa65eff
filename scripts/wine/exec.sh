#!/usr/bin/env bash
# go test -exec wrapper: runs a Windows test binary under Wine, in the prefix
# scripts/wine/setup.sh prepared.
#
# Wine 8 now and then fails a CreateProcess with "Internal error." (seen as
# `fork/exec …\sym-install.exe: Internal error.` in about one run of
# pkg/cli's scripts in four, never twice in a row, and never on Windows):
# a run that failed with it runs once more, and says so. Any other failure,
# or that one twice, is the test's.
: "${WINEPREFIX:=${XDG_CACHE_HOME:-$HOME/.cache}/symposium-wine/prefix}"
export WINEPREFIX WINEDEBUG=-all
wine=$(command -v wine64 || command -v wine)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for attempt in 1 2; do
  "$wine" "$@" >"$out" 2>&1
  rc=$?
  if [ "$rc" -ne 0 ] && [ "$attempt" = 1 ] && grep -q 'Internal error\.' "$out"; then
    echo "scripts/wine/exec.sh: Wine failed to start a process (\"Internal error.\"); running $(basename "$1") once more" >&2
    continue
  fi
  cat "$out"
  exit "$rc"
done
