#!/usr/bin/env bash
# Prepares Wine to run Go's Windows test binaries (make test-windows) and
# prints the -overlay file go test needs. Idempotent; the first run creates
# the Wine prefix (slow, about a minute).
#
# Two gaps of Wine 8 (Debian bookworm's) are bridged, for the tests only:
#  - Go's runtime needs bcryptprimitives.dll's ProcessPrng, which Wine 8
#    lacks: a stand-in built from bcryptprimitives.c goes into the prefix.
#  - Go's os.RemoveAll deletes with FileDispositionInformationEx, which
#    Wine 8 answers "not implemented" rather than "not supported", so Go
#    does not take its own fallback: an -overlay of that one std file adds
#    the status to the fallback's list (real Windows takes the first path).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
GO=${GO:-go}
: "${WINEPREFIX:=${XDG_CACHE_HOME:-$HOME/.cache}/symposium-wine/prefix}"
export WINEPREFIX WINEDEBUG=-all
state=$(dirname "$WINEPREFIX")
mkdir -p "$state"

wine=$(command -v wine64 || command -v wine || true)
[ -n "$wine" ] || { echo "wine is not installed (Debian: apt-get install wine64)" >&2; exit 1; }
cc=$(command -v x86_64-w64-mingw32-gcc || true)
[ -n "$cc" ] || { echo "x86_64-w64-mingw32-gcc is not installed (Debian: apt-get install gcc-mingw-w64-x86-64-win32)" >&2; exit 1; }

if [ ! -d "$WINEPREFIX/drive_c/windows/system32" ]; then
  "$wine" wineboot -i >/dev/null 2>&1 || true
  wineserver -w 2>/dev/null || true
fi
# The wine server and the session's service processes (winedevice.exe),
# started here with their output nowhere and kept 30 s past the last
# client: started by the first test binary instead, they inherit its
# stdout and hold it open while other packages' tests run, and go test
# fails that package with "Test I/O incomplete".
wineserver -p30 </dev/null >/dev/null 2>&1 || true
"$wine" wineboot </dev/null >/dev/null 2>&1 || true
dll=$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll
if [ ! -f "$dll" ] || [ "$here/bcryptprimitives.c" -nt "$dll" ]; then
  "$cc" -shared -O2 -o "$dll" "$here/bcryptprimitives.c" -ladvapi32
fi

src=$("$GO" env GOROOT)/src/internal/syscall/windows/at_windows.go
patched=$state/at_windows.go
sed 's|^\t\tSTATUS_NOT_SUPPORTED: .*|\t\tSTATUS_NOT_SUPPORTED, NTStatus(0xC0000002), NTStatus(0xC0000010): // Wine 8: not implemented|' "$src" >"$patched"
if cmp -s "$src" "$patched"; then
  echo "scripts/wine/setup.sh: $src no longer has the line it patches; update the script for this Go version" >&2
  exit 1
fi
printf '{"Replace":{"%s":"%s"}}\n' "$src" "$patched" >"$state/overlay.json"
echo "$state/overlay.json"
