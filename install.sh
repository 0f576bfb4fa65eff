#!/bin/sh
# Installs symposium (`cargo agents` and the five sym-* binaries) from a
# release: downloads the archive for this machine, checks it against the
# release's checksums.txt, and puts the six binaries into $CARGO_HOME/bin
# (default ~/.cargo/bin, on every Rust user's PATH) or --dir DIR.
#
#   curl -fsSL https://github.com/symposium-dev/symposium-go/releases/latest/download/install.sh | sh
#   sh install.sh [--dir DIR] [--version VERSION] [--releases URL]
#
# --releases (or $SYMPOSIUM_RELEASES) is the release base URL: the newest
# version is <base>/latest/download/VERSION, a release's files are
# <base>/download/v<version>/<file> (docs/release.md). Nothing is installed
# unless every binary arrived whole and matched its checksum.
set -eu

base=${SYMPOSIUM_RELEASES:-https://github.com/symposium-dev/symposium-go/releases}
dir=${CARGO_HOME:-${HOME:?HOME is not set}/.cargo}/bin
version=
binaries="cargo-agents sym-deps sym-match sym-install sym-hook sym-translate"

say() { printf 'install.sh: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

while [ $# -gt 0 ]; do
	case $1 in
	--dir) [ $# -ge 2 ] || die "--dir needs a directory"; dir=$2; shift 2 ;;
	--dir=*) dir=${1#--dir=}; shift ;;
	--version) [ $# -ge 2 ] || die "--version needs a version"; version=${2#v}; shift 2 ;;
	--version=*) version=${1#--version=}; version=${version#v}; shift ;;
	--releases) [ $# -ge 2 ] || die "--releases needs a URL"; base=$2; shift 2 ;;
	--releases=*) base=${1#--releases=}; shift ;;
	-h | --help) sed -n '2,13p' "$0" 2>/dev/null | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown argument $1 (see --help)" ;;
	esac
done
base=${base%/}

case $(uname -s) in
Linux) os=linux ;;
Darwin) os=darwin ;;
MINGW* | MSYS* | CYGWIN*) die "on Windows, use install.ps1 (PowerShell)" ;;
*) die "no symposium release for $(uname -s); build it from source (make install)" ;;
esac
case $(uname -m) in
x86_64 | amd64) arch=amd64 ;;
aarch64 | arm64) arch=arm64 ;;
*) die "no symposium release for $(uname -m); build it from source (make install)" ;;
esac

# fetch URL FILE: fails on an HTTP error or a download cut short.
if command -v curl >/dev/null 2>&1; then
	fetch() { curl -fsSL --proto '=http,https' -o "$2" "$1" || die "downloading $1 failed (is $base reachable?)"; }
elif command -v wget >/dev/null 2>&1; then
	fetch() { wget -q -O "$2" "$1" || die "downloading $1 failed (is $base reachable?)"; }
else
	die "needs curl or wget"
fi
if command -v sha256sum >/dev/null 2>&1; then
	sha256() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null 2>&1; then
	sha256() { shasum -a 256 "$1" | cut -d' ' -f1; }
else
	die "needs sha256sum or shasum to check the download"
fi

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t symposium)
stage=
cleanup() { rm -rf "$tmp"; [ -z "$stage" ] || rm -rf "$stage"; }
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

if [ -z "$version" ]; then
	fetch "$base/latest/download/VERSION" "$tmp/VERSION"
	version=$(tr -d ' \r\n' <"$tmp/VERSION")
	version=${version#v}
	case $version in
	[0-9]*.[0-9]*.[0-9]*) ;;
	*) die "$base/latest/download/VERSION says '$version', not a version" ;;
	esac
fi

archive=symposium_${version}_${os}_${arch}.tar.gz
release=$base/download/v$version
say "installing symposium $version ($os/$arch) from $release"
fetch "$release/checksums.txt" "$tmp/checksums.txt"
fetch "$release/$archive" "$tmp/$archive"
want=$(awk -v n="$archive" '$2 == n || $2 == "*" n { print $1; exit }' "$tmp/checksums.txt")
[ -n "$want" ] || die "$release/checksums.txt has no checksum for $archive"
got=$(sha256 "$tmp/$archive")
[ "$got" = "$want" ] || die "checksum mismatch for $archive: got $got, checksums.txt says $want; nothing installed (a corrupted or tampered download: try again, or report it)"

mkdir -p "$tmp/x"
tar -xzf "$tmp/$archive" -C "$tmp/x" || die "unpacking $archive failed"
for b in $binaries; do
	[ -f "$tmp/x/$b" ] || die "$archive has no $b; nothing installed"
done
"$tmp/x/cargo-agents" --version >/dev/null 2>&1 || die "the downloaded cargo-agents does not run on this machine; nothing installed"

# Stage beside the target (same file system), then rename each binary into
# place: an installed binary is always a whole one. The previous ones are
# linked aside first; if a rename fails, those already replaced go back.
mkdir -p "$dir" || die "cannot create $dir (choose another with --dir)"
stage=$(mktemp -d "$dir/.symposium-update-XXXXXX") || die "cannot write to $dir (choose another with --dir)"
for b in $binaries; do
	cp "$tmp/x/$b" "$stage/$b" && chmod 755 "$stage/$b" || die "cannot write to $dir"
done
replaced=
restore() {
	for r in $replaced; do
		if [ -e "$stage/$r.old" ]; then mv -f "$stage/$r.old" "$dir/$r"; else rm -f "$dir/$r"; fi
	done
}
for b in $binaries; do
	if [ -e "$dir/$b" ]; then
		ln "$dir/$b" "$stage/$b.old" 2>/dev/null || cp -p "$dir/$b" "$stage/$b.old" || { restore; die "cannot write to $dir"; }
	fi
	mv -f "$stage/$b" "$dir/$b" || { restore; die "cannot replace $dir/$b; the previous binaries are back"; }
	replaced="$replaced $b"
done

say "installed $("$dir/cargo-agents" --version) into $dir"
case ":${PATH:-}:" in
*":$dir:"*) say "run: cargo agents init" ;;
*) say "$dir is not on your PATH: add it (export PATH=\"$dir:\$PATH\"), then run: cargo agents init" ;;
esac
