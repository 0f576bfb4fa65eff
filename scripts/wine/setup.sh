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
# The prefix is shared by every checkout on the machine (each git worktree
# gives the source a fresh mtime), and a test binary that starts while the
# dll is half written dies with "bcryptprimitives.dll not found": rebuild
# only when the source's content changed, and put the new dll in place
# with a rename.
dll=$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll
stamp=$state/bcryptprimitives.sha256
sum=$(sha256sum <"$here/bcryptprimitives.c")
if [ ! -f "$dll" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
  "$cc" -shared -O2 -o "$dll.$$.tmp" "$here/bcryptprimitives.c" -ladvapi32
  mv -f "$dll.$$.tmp" "$dll"
  printf '%s\n' "$sum" >"$stamp"
fi

src=$("$GO" env GOROOT)/src/internal/syscall/windows/at_windows.go
patched=$state/at_windows.go
# Written beside and renamed into place, like the dll: another checkout's
# go test may be compiling with them.
sed 's|^\t\tSTATUS_NOT_SUPPORTED: .*|\t\tSTATUS_NOT_SUPPORTED, NTStatus(0xC0000002), NTStatus(0xC0000010): // Wine 8: not implemented|' "$src" >"$patched.$$.tmp"
if cmp -s "$src" "$patched.$$.tmp"; then
  rm -f "$patched.$$.tmp"
  echo "scripts/wine/setup.sh: $src no longer has the line it patches; update the script for this Go version" >&2
  exit 1
fi
mv -f "$patched.$$.tmp" "$patched"
printf '{"Replace":{"%s":"%s"}}\n' "$src" "$patched" >"$state/overlay.json.$$.tmp"
mv -f "$state/overlay.json.$$.tmp" "$state/overlay.json"
echo "$state/overlay.json"
