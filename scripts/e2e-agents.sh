#!/usr/bin/env bash
# e2e-agents.sh — opt-in check that the real agent CLIs read back the MCP servers
# (and, for Codex, the hook trust keys) that symposium's registration code writes.
#
# Usage: scripts/e2e-agents.sh [BINDIR]     (make e2e-agents)
# Env:   AGENTS_PREFIX  reuse an npm prefix that already holds the CLIs (else a temp one)
#        KEEP=1         keep the temp directory
# Needs: go, node >= 20, npm (the registry, for the installs only), git.
#
# What it does, all under one temp dir with its own HOME (your files are never read):
#   1. npm-installs the pinned CLIs (the versions captured in ../shared/agent-payloads);
#   2. registers one stdio MCP server (agent-payloads/lib/mini-mcp.js, or a copy) and our
#      hooks for every agent through pkg/agent (go test -run TestE2ERegister, the same
#      calls sym-install makes), into a fresh git workspace;
#   3. asks each CLI to list its MCP servers: `claude mcp list`, `gemini mcp list`,
#      `codex mcp list`, `copilot mcp list` must show "mini"; then checks that the
#      gates pkg/agent reported are real (Claude's pending approval, Gemini's/Copilot's
#      folder trust, Codex's project trust) by opening each one with the gate's own Open
#      (what `cargo agents init --trust` runs: go test -run TestE2EOpenGates) and
#      listing again; and compares Codex's own hook hashes (app-server hooks/list)
#      with the trusted_hash our Gate wrote, which Codex must then report as trusted.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
BINDIR=${1:-$REPO/bin}
SHARED=${SHARED:-$("$REPO/scripts/find-shared.sh")}
CLAUDE_VER=${CLAUDE_VER:-2.1.330}
GEMINI_VER=${GEMINI_VER:-0.61.0}
CODEX_VER=${CODEX_VER:-0.169.0}
COPILOT_VER=${COPILOT_VER:-1.0.102}

WORK=$(mktemp -d /tmp/sym-e2e-agents.XXXXXX)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT
PREFIX=${AGENTS_PREFIX:-$WORK/agents}
BIN=$PREFIX/node_modules/.bin
WS=$WORK/ws
H=$WORK/home
FAILS=0
log() { printf '== %s\n' "$*" >&2; }
ok() { printf 'ok   %s\n' "$*"; }
bad() { printf 'FAIL %s\n' "$*"; FAILS=$((FAILS + 1)); }

if [ ! -x "$BIN/claude" ] || [ ! -x "$BIN/gemini" ] || [ ! -x "$BIN/codex" ] || [ ! -x "$BIN/copilot" ]; then
  log "npm install into $PREFIX"
  mkdir -p "$PREFIX"
  if ! npm install --prefix "$PREFIX" --no-audit --no-fund \
      "@anthropic-ai/claude-code@$CLAUDE_VER" "@google/gemini-cli@$GEMINI_VER" \
      "@openai/codex@$CODEX_VER" "@github/copilot@$COPILOT_VER" >"$WORK/install.log" 2>&1; then
    tail -20 "$WORK/install.log" >&2; echo "npm install failed" >&2; exit 1
  fi
fi

mkdir -p "$WS" "$H/.codex"
(cd "$WS" && git init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m init)
MINI=$WORK/mini-mcp.js
if [ -f "$SHARED/agent-payloads/lib/mini-mcp.js" ]; then cp "$SHARED/agent-payloads/lib/mini-mcp.js" "$MINI"; else
  # minimal stdio MCP server (newline-delimited JSON-RPC)
  cat >"$MINI" <<'JS'
const rl = require('readline').createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');
rl.on('line', (line) => { let m; try { m = JSON.parse(line); } catch { return; } if (m.id === undefined) return;
  if (m.method === 'initialize') return send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: (m.params && m.params.protocolVersion) || '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'mini-mcp', version: '0.0.1' } } });
  if (m.method === 'tools/list') return send({ jsonrpc: '2.0', id: m.id, result: { tools: [] } });
  send({ jsonrpc: '2.0', id: m.id, result: {} }); });
JS
fi
# the hook command the Go test registers, as sync would: sym-hook AGENT EVENT
SYM_HOOK=sym-hook
[ -x "$BINDIR/sym-hook" ] && SYM_HOOK=$BINDIR/sym-hook

log "register through pkg/agent (TestE2ERegister)"
if ! (cd "$REPO" && SYMPOSIUM_E2E_WS=$WS SYMPOSIUM_E2E_HOME=$H SYMPOSIUM_E2E_COMMAND=$SYM_HOOK \
    SYMPOSIUM_E2E_MCP_CMD=node SYMPOSIUM_E2E_MCP_ARGS="[\"$MINI\"]" \
    go test -count=1 -tags fileedit -run '^TestE2ERegister$' ./pkg/agent/ >"$WORK/register.log" 2>&1); then
  # the tag is a no-op once pkg/fileedit is in the normal build
  cat "$WORK/register.log" >&2; echo "registration failed" >&2; exit 1
fi
log "files written:"; (cd "$WORK" && find ws home -type f -not -path '*/.git/*' | sort) >&2

# run AGENT ARGS...: the CLI with the temp HOME, offline, from the workspace
run() {
  local c=$1; shift
  (cd "$WS" && HOME=$H CODEX_HOME=$H/.codex COPILOT_HOME=$H/.copilot COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 GEMINI_API_KEY=fake-key \
    timeout 90 "$BIN/$c" "$@" </dev/null 2>&1)
}
# open AGENT: open the agent's gates through pkg/agent (Gate.Open, as init --trust does)
open_gates() {
  if (cd "$REPO" && SYMPOSIUM_E2E_WS=$WS SYMPOSIUM_E2E_HOME=$H SYMPOSIUM_E2E_OPEN=$1 SYMPOSIUM_E2E_COMMAND=$SYM_HOOK \
      go test -count=1 -v -run '^TestE2EOpenGates$' ./pkg/agent/ >"$WORK/open-$1.log" 2>&1); then
    ok "$1: gates opened by symposium ($(grep -cE '^ +e2e_helper_test.go:[0-9]+: (created|updated)' "$WORK/open-$1.log") file(s) written)"
  else bad "$1: opening the gates failed"; sed 's/^/     | /' "$WORK/open-$1.log" | tail -20; fi
}
gate() { node -e 'const g=require(process.argv[1])[process.argv[2]]||[];process.stdout.write(g.map(x=>x.Problem+"\n  fix: "+x.Fix).join("\n"))' "$H/gates.json" "$1"; }
expect() { # expect NAME OUTPUT REGEX
  if printf '%s' "$2" | grep -Eq "$3"; then ok "$1"; else bad "$1"; printf '%s\n' "$2" | sed 's/^/     | /' | head -20; fi
}

log "claude"
out=$(run claude mcp list); expect "claude mcp list shows mini" "$out" 'mini'
g=$(gate claude); expect "claude gate: pending approval reported" "$g" 'pending: mini'
printf '%s\n' "$out" | grep -q 'mini.*[Pp]ending' && ok "claude really shows mini pending" || ok "claude did not say pending (see output above)"
open_gates claude
out=$(run claude mcp list); expect "claude after the fix: mini not pending" "$out" 'mini.*(Connected|✓|✔)'

log "gemini"
out=$(run gemini mcp list); g=$(gate gemini)
expect "gemini gate: untrusted folder reported" "$g" 'not a trusted folder'
expect "gemini really disables mini while untrusted" "$out" 'untrusted|mini.*Disabled'
open_gates gemini
out=$(run gemini mcp list); expect "gemini after the fix: mini connected" "$out" 'mini.*(Connected|✓)'

log "codex"
g=$(gate codex); expect "codex gate: untrusted project reported" "$g" 'is not trusted'
out=$(run codex mcp list); printf '%s\n' "$out" | grep -q 'mini' && bad "codex listed project servers although untrusted" || ok "codex ignores project config while untrusted"
open_gates codex
out=$(run codex mcp list); expect "codex after the fix: mini listed" "$out" 'mini'
if [ -f "$SHARED/agent-payloads/lib/codex-appserver.js" ]; then
  hl=$(cd "$WS" && PATH=$BIN:$PATH HOME=$H CODEX_HOME=$H/.codex timeout 60 node "$SHARED/agent-payloads/lib/codex-appserver.js" "$WS" 2>/dev/null)
  want=$(gate codex | grep -o 'sha256:[0-9a-f]*' | sort -u)
  got=$(printf '%s' "$hl" | grep -o '"currentHash": *"sha256:[0-9a-f]*"' | grep -o 'sha256:[0-9a-f]*' | sort -u)
  if [ -n "$want" ] && [ "$want" = "$got" ]; then ok "codex trusted_hash values match app-server hooks/list ($(printf '%s\n' "$got" | wc -l) hooks)"
  else bad "codex trusted_hash mismatch"; printf 'ours:\n%s\ncodex:\n%s\n' "$want" "$got"; fi
  status=$(printf '%s' "$hl" | grep -o '"trustStatus": *"[a-z]*"' | sort | uniq -c | tr -s ' ')
  if printf '%s' "$status" | grep -q trusted && ! printf '%s' "$status" | grep -qE 'untrusted|modified'; then ok "codex reports every hook trusted after the opening ($status)"
  else bad "codex hook trust after the opening: $status"; fi
  keys=$(printf '%s' "$hl" | grep -o '"key": *"[^"]*"' | sed 's/"key": *//' | sort -u)
  printf '%s\n' "$keys" | while read -r k; do
    k=${k#\"}; k=${k%\"}; gate codex | grep -qF "$k" && ok "codex key $k" || bad "codex key $k not in our gate"; done
fi

log "copilot"
g=$(gate copilot); expect "copilot gate: untrusted folder reported" "$g" 'not a trusted folder'
out=$(run copilot mcp list); printf '%s\n' "$out" | grep -q 'mini' && bad "copilot listed workspace servers although untrusted" || ok "copilot ignores workspace servers while untrusted"
open_gates copilot
out=$(run copilot mcp list); expect "copilot after the fix: mini listed" "$out" 'mini'

log "gates reported (before the fixes):"; cat "$H/gates.json" >&2
if [ "$FAILS" -gt 0 ]; then echo "$FAILS check(s) failed; files kept in $WORK" >&2; trap - EXIT; exit 1; fi
echo "all checks passed"
