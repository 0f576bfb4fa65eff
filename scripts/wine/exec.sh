#!/usr/bin/env bash
# go test -exec wrapper: runs a Windows test binary under Wine, in the prefix
# scripts/wine/setup.sh prepared.
: "${WINEPREFIX:=${XDG_CACHE_HOME:-$HOME/.cache}/symposium-wine/prefix}"
export WINEPREFIX WINEDEBUG=-all
exec "$(command -v wine64 || command -v wine)" "$@"
