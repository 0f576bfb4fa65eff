#!/usr/bin/env bash
# e2e-agy.sh — opt-in check of what symposium registers for Antigravity CLI (agy), against a
# real agy when one is installed (it cannot be installed from a package registry, so `make
# e2e-agents` skips this when `agy` is not on PATH).
#
# Usage: scripts/e2e-agy.sh [BINDIR]      (make e2e-agents; BINDIR defaults to ./bin)
# Env:   AGY      the agy binary (default: agy on PATH)
#        KEEP=1   keep the temp directory
#
# In a temp HOME (agy's sign-in, ~/.gemini/antigravity-cli, is copied there when you have one;
# nothing of yours is written):
#   1. `cargo-agents init --add-agent antigravity --hook-scope global` and `cargo-agents sync`
#      in a Rust workspace whose plugin has a PreToolUse hook and an MCP server;
#   2. `agy -p "/hooks" --output-format json` (lists the effective hooks without a model call)
#      must list our PreToolUse, PostToolUse and PreInvocation hooks, and agy's log must not
#      report a hooks file it could not parse;
#   3. `agy mcp list` must list the MCP server sync registered.
# Hooks do not run when agy signs in with an API key (GEMINI_API_KEY), so this checks what agy
# loads, not a model-driven tool call.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/e2e/guard-source.sh
. "$HERE/e2e/guard-source.sh"
REPO=$(cd "$HERE/.." && pwd)
AGY=${AGY:-$(command -v agy || true)}
if [ -z "$AGY" ]; then
  echo "SKIP antigravity: no agy on PATH (Antigravity CLI installs from its own installer, not a package registry)"
  exit 0
fi
BINDIR=$(cd "${1:-$REPO/bin}" && pwd) || { echo "no binary directory ${1:-$REPO/bin}; run make build" >&2; exit 2; }
WORK=$(mktemp -d /tmp/sym-e2e-agy.XXXXXX)
FAILED=0
trap '[ -z "${KEEP:-}" ] && [ "$FAILED" = 0 ] && rm -rf "$WORK" || echo "files kept in $WORK" >&2' EXIT
fail() { echo "FAIL antigravity: $*" >&2; FAILED=1; }

mkdir -p "$WORK/ws"
cp -R "$HERE/e2e/serde-ws/." "$WORK/ws/"
[ -d "$HOME/.gemini/antigravity-cli" ] && mkdir -p "$WORK/home/.gemini" && cp -R "$HOME/.gemini/antigravity-cli" "$WORK/home/.gemini/"
e2e_guard_source "$WORK/home" '[[mcp_servers]]
name = "e2e-mcp"
command = "node"
args = ["-e", "process.stdin.resume()"]'

run() { (cd "$WORK/ws" && env HOME="$WORK/home" SYMPOSIUM_HOME="$WORK/home/.symposium" PATH="$BINDIR:$PATH" \
  SYMPOSIUM_RECOMMENDATIONS_URL="file://$WORK/none.zip" SYMPOSIUM_CRATES_INDEX_URL=http://127.0.0.1:9/ "$@"); }

run cargo-agents init --add-agent antigravity --hook-scope global >"$WORK/init.log" 2>&1 || fail "init: $(head -1 "$WORK/init.log")"
run cargo-agents sync >"$WORK/sync.log" 2>&1 || fail "sync: $(head -1 "$WORK/sync.log")"
version=$(run "$AGY" --version 2>/dev/null | head -1)
run timeout 60 "$AGY" --log-file "$WORK/agy.log" -p "/hooks" --output-format json >"$WORK/hooks.json" 2>"$WORK/hooks.err" ||
  fail "agy -p /hooks exited non-zero: $(tail -1 "$WORK/hooks.err")"
for ev in PreToolUse PostToolUse PreInvocation; do
  grep -q "$ev" "$WORK/hooks.json" || fail "agy does not list our $ev hook (agy -p /hooks: $WORK/hooks.json)"
done
grep -q 'sym-hook antigravity pre-tool-use' "$WORK/hooks.json" || fail "agy's hook list does not show our command"
grep -qiE 'failed to parse hooks|invalid hook' "$WORK/agy.log" 2>/dev/null && fail "agy could not parse a hooks file: $(grep -iE 'failed to parse hooks|invalid hook' "$WORK/agy.log" | head -1)"
run timeout 60 "$AGY" mcp list >"$WORK/mcp.out" 2>&1 || fail "agy mcp list: $(tail -1 "$WORK/mcp.out")"
grep -q e2e-mcp "$WORK/mcp.out" || fail "agy mcp list does not show the e2e-mcp server sync registered"
[ "$FAILED" = 0 ] && echo "PASS antigravity ($version): hooks listed by agy -p /hooks, MCP server listed by agy mcp list"
[ "$FAILED" = 0 ]
