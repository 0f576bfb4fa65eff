#!/usr/bin/env bash
# e2e-agents-claudefmt.sh — opt-in check of Qwen Code and Factory Droid, the
# agents with Claude-format shell hooks in their own settings files, run for
# real, offline, against ../shared/agent-payloads/lib/stub.js.
#
# Usage: scripts/e2e-agents-claudefmt.sh [BINDIR]     (make e2e-agents)
# Env:   QWEN_BIN   a qwen to use (else npm-installs @qwen-code/qwen-code@$QWEN_VER)
#        DROID_BIN  a droid binary (the @factory/cli-linux-x64 package's bin/droid);
#                   Droid is skipped without one: its npm wrapper does not install
#                   the binary here (droid/output-contract.md)
#        KEEP=1     keep the temp directory
#
# For each agent, in a temp HOME and git workspace whose Cargo.toml depends on
# serde and a local plugin source with a guard hook (blocks shell commands
# that mention hook-test), a skill and a stdio MCP server:
#   cargo-agents init --add-agent A + sync; the MCP server listed (Qwen: pending,
#   then connected after init --trust); a run in which the stub asks for
#   `echo hook-test`: the guard blocks it and the model gets the reason; the
#   skill listed to the model exactly once; the same run with cargo-agents off
#   PATH: the command runs (never blocked because we are missing).
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
BINDIR=${1:-$REPO/bin}
SHARED=${SHARED:-$("$REPO/scripts/find-shared.sh")}
QWEN_VER=${QWEN_VER:-0.24.4}
WORK=$(mktemp -d /tmp/sym-e2e-claudefmt.XXXXXX)
[ -n "${KEEP:-}" ] || trap 'kill "$STUB_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
FAILS=0
STUB_PID=
log() { printf '== %s\n' "$*" >&2; }
ok() { printf 'ok   %s\n' "$*"; }
bad() { printf 'FAIL %s\n' "$*"; FAILS=$((FAILS + 1)); }
CARGO_AGENTS=$BINDIR/cargo-agents
[ -x "$CARGO_AGENTS" ] || { echo "no $CARGO_AGENTS (make build)" >&2; exit 2; }

# --- the stub model ---------------------------------------------------------
STUBLOG=$WORK/stublog
node "$SHARED/agent-payloads/lib/stub.js" 0 "$STUBLOG" >"$WORK/stub.out" 2>&1 &
STUB_PID=$!
for _ in $(seq 1 50); do [ -s "$STUBLOG/PORT" ] && break; sleep 0.1; done
PORT=$(cat "$STUBLOG/PORT")

# fixture DIR: a workspace, a home with symposium's config, a plugin source
fixture() {
  local d=$1
  mkdir -p "$d/ws/src" "$d/home/.symposium" "$d/plugins/guard/scripts" "$d/plugins/guard/skills/guard-notes"
  cat >"$d/home/.symposium/config.toml" <<TOML
[defaults]
symposium-recommendations = false
user-plugins = false

[[plugin-source]]
name = "local"
path = "$d/plugins"
TOML
  printf '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n' >"$d/ws/Cargo.toml"
  printf 'version = 3\n\n[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = ["serde"]\n\n[[package]]\nname = "serde"\nversion = "1.0.219"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n' >"$d/ws/Cargo.lock"
  echo 'fn main() {}' >"$d/ws/src/main.rs"
  cat >"$d/plugins/guard/SYMPOSIUM.toml" <<TOML
name = "guard"
crates = ["serde"]

[[hooks]]
name = "no-hook-test"
event = "PreToolUse"
matcher = "Bash"
command = "./scripts/guard.sh"

[[hooks]]
name = "context"
event = "SessionStart"
command = "./scripts/context.sh"

[[skills]]
source.path = "skills"

[[mcp_servers]]
name = "mini"
type = "stdio"
command = "node"
args = ["$SHARED/agent-payloads/lib/mini-mcp.js"]
TOML
  printf '#!/bin/sh\nif grep -q hook-test; then echo "guard: no hook-test in a shell command" >&2; exit 2; fi\n' >"$d/plugins/guard/scripts/guard.sh"
  printf '#!/bin/sh\ncat >/dev/null\necho %s\n' "'{\"additionalContext\":\"e2e-context-marker: this workspace pins serde 1\"}'" >"$d/plugins/guard/scripts/context.sh"
  chmod 0755 "$d/plugins/guard/scripts/guard.sh" "$d/plugins/guard/scripts/context.sh"
  printf -- '---\nname: guard-notes\ndescription: Notes on the guard (e2e marker).\n---\nUse the guard.\n' >"$d/plugins/guard/skills/guard-notes/SKILL.md"
  (cd "$d/ws" && git init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m init)
}

# mark: the name of the stub's last request log (<ms>-<seq>, sorting by
# time); since M: the requests logged after mark M (what one run sent).
mark() { ls "$STUBLOG" | sed -n 's/-req\.json$//p' | sort | tail -1 | grep . || echo 0; }
since() { local f n; for f in "$STUBLOG"/*-req.json; do n=${f##*/}; n=${n%-req.json}; [[ "$n" > "$1" ]] && cat "$f"; done; }

# toolmsgs FILE: the tool results the model got in the last request (Chat
# Completions "role":"tool" messages), one per line.
toolmsgs() { since "$1" | jq -rs '[.[] | .body.messages? // empty] | last | .[]? | select(.role == "tool") | .content | if type == "string" then . else tostring end'; }
# skillcount FROM NAME: how many times the last request lists skill NAME
skillcount() { since "$1" | jq -rs '[.[] | .body.messages? // empty] | last | tostring' | grep -o "$2" | wc -l; }
# outcome AGENT FROM: the three checks of one run (blocked, reason, skill once)
outcome() {
  local a=$1 from=$2 tools
  tools=$(toolmsgs "$from")
  if grep -q 'guard: no hook-test in a shell command' <<<"$tools"; then ok "$a: blocked call, the model got the guard's reason"; else bad "$a: no guard reason in the tool result: $tools"; fi
  if ran <<<"$tools"; then bad "$a: the blocked command ran"; else ok "$a: the blocked command did not run"; fi
  local n; n=$(skillcount "$from" 'Notes on the guard (e2e marker)')
  if [ "$n" = 1 ]; then ok "$a: skill guard-notes listed once"; else bad "$a: skill guard-notes listed $n times"; fi
  # grep without -q: under pipefail, -q's early exit fails the pipe
  if since "$from" | grep 'e2e-context-marker' >/dev/null; then ok "$a: session-start context reached the model"; else bad "$a: no session-start context in the requests"; fi
}
# ran: the tool result on stdin is echo hook-test's output (Droid: the
# bare output; Qwen: "Output: hook-test" in its report).
ran() { grep -Eq '^hook-test$|Output: hook-test'; }
# offpath AGENT FROM: the run without cargo-agents on PATH ran the command
offpath() {
  local tools; tools=$(toolmsgs "$2")
  if ran <<<"$tools"; then ok "$1: without cargo-agents on PATH the command runs"; else bad "$1: off PATH, tool result: $tools"; fi
}
NODEDIR=$(dirname "$(command -v node)")
# The agents find cargo-agents on PATH, as a user's do (init registers the
# bare name); the off-PATH runs leave BINDIR out.
export PATH=$BINDIR:$PATH

# --- Qwen Code --------------------------------------------------------------
qwen_e2e() {
  local Q=${QWEN_BIN:-} d=$WORK/qwen-run m
  if [ -z "$Q" ]; then
    log "npm install @qwen-code/qwen-code@$QWEN_VER"
    npm install --prefix "$WORK/qwen" --no-audit --no-fund "@qwen-code/qwen-code@$QWEN_VER" >"$WORK/qwen-install.log" 2>&1 ||
      { bad "qwen: npm install (see $WORK/qwen-install.log)"; return; }
    Q=$WORK/qwen/node_modules/.bin/qwen
  fi
  fixture "$d"
  # Folder trust on, so that the gate init --trust opens is a real one.
  mkdir -p "$d/home/.qwen"; echo '{"security":{"folderTrust":{"enabled":true}}}' >"$d/home/.qwen/settings.json"
  q() { (cd "$d/ws" && HOME=$d/home OPENAI_API_KEY=sk-fake OPENAI_BASE_URL=http://127.0.0.1:$PORT/v1 OPENAI_MODEL=stub-model timeout 120 "$Q" "$@" </dev/null 2>&1); }
  ca() { (cd "$d/ws" && HOME=$d/home "$CARGO_AGENTS" "$@"); }
  ca init --add-agent qwen --hook-scope project >"$d/init.log" 2>&1 && ca sync >>"$d/init.log" 2>&1 || { bad "qwen: init/sync"; cat "$d/init.log"; return; }
  if q mcp list | grep -q mini; then bad "qwen: mini listed in an untrusted folder"; else ok "qwen: untrusted folder, project server not started"; fi
  ca init --trust >"$d/trust.log" 2>&1 || bad "qwen: init --trust"
  if q mcp list | grep mini | grep -q Connected; then ok "qwen: mcp list shows mini connected after init --trust"; else bad "qwen: mini not connected: $(q mcp list)"; fi
  m=$(mark); q -p hi --yolo >"$d/run.out"; outcome qwen "$m"
  m=$(mark); PATH=$NODEDIR:/usr/bin:/bin q -p hi --yolo >"$d/off.out"; offpath qwen "$m"
}

# --- Factory Droid ----------------------------------------------------------
droid_e2e() {
  local D=${DROID_BIN:-} d=$WORK/droid-run m
  [ -n "$D" ] || { log "droid skipped: set DROID_BIN (see the header)"; return; }
  fixture "$d"
  mkdir -p "$d/home/.factory"
  echo '{"customModels":[{"model":"stub-model","displayName":"Stub","baseUrl":"http://127.0.0.1:'"$PORT"'/v1","apiKey":"sk-fake","provider":"generic-chat-completion-api"}]}' >"$d/home/.factory/settings.json"
  dr() { (cd "$d/ws" && HOME=$d/home timeout 120 "$D" "$@" </dev/null 2>&1); }
  ca() { (cd "$d/ws" && HOME=$d/home "$CARGO_AGENTS" "$@"); }
  ca init --add-agent droid --hook-scope project >"$d/init.log" 2>&1 && ca sync >>"$d/init.log" 2>&1 || { bad "droid: init/sync"; cat "$d/init.log"; return; }
  if dr mcp list | grep mini | grep -q connected; then ok "droid: mcp list shows mini connected"; else bad "droid: mini not connected: $(dr mcp list)"; fi
  m=$(mark); dr exec -m custom:Stub-0 --auto high "say hi" >"$d/run.out"; outcome droid "$m"
  m=$(mark); PATH=$NODEDIR:/usr/bin:/bin dr exec -m custom:Stub-0 --auto high "say hi" >"$d/off.out"; offpath droid "$m"
}

qwen_e2e
droid_e2e
[ "$FAILS" = 0 ] && echo "all passed" || echo "$FAILS failed"
[ "$FAILS" = 0 ]
