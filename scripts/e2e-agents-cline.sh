#!/usr/bin/env bash
# e2e-agents-cline.sh — opt-in check of Cline CLI run for real, offline,
# against ../shared/agent-payloads/lib/stub.js (cline/output-contract.md).
#
# Usage: scripts/e2e-agents-cline.sh [BINDIR]     (make e2e-agents)
# Env:   CLINE_BIN  a cline binary (else npm-installs cline@$CLINE_VER and uses
#                   its @cline/cli-linux-x64 binary)
#        KEEP=1     keep the temp directory
#
# In a temp HOME and git workspace (serde, a local plugin with a guard hook
# blocking shell commands that mention hook-test, a skill): init --add-agent
# cline + sync writes .clinerules/hooks/*; a run in which the stub asks for
# `echo hook-test`: the call is rewritten, the model gets the guard's reason
# and the command does not run; the skill listed once; the same run with
# cargo-agents off PATH runs the command. Cline leaves a hub daemon running
# that keeps the first run's environment (PATH) and serves later runs: it is
# stopped, by PID, after each run.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
BINDIR=${1:-$REPO/bin}
SHARED=${SHARED:-$("$REPO/scripts/find-shared.sh")}
CLINE_VER=${CLINE_VER:-3.0.65}
WORK=$(mktemp -d /tmp/sym-e2e-cline.XXXXXX)
[ -n "${KEEP:-}" ] || trap 'kill "$STUB_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
FAILS=0
STUB_PID=
log() { printf '== %s\n' "$*" >&2; }
ok() { printf 'ok   %s\n' "$*"; }
bad() { printf 'FAIL %s\n' "$*"; FAILS=$((FAILS + 1)); }
CARGO_AGENTS=$BINDIR/cargo-agents
[ -x "$CARGO_AGENTS" ] || { echo "no $CARGO_AGENTS (make build)" >&2; exit 2; }

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

# toolmsgs FROM: the tool results (run_commands' JSON) the model got.
toolmsgs() { since "$1" | jq -rs '[.[] | .body.messages? // empty] | last | .[]? | select(.role == "tool") | .content | if type == "string" then . else tostring end'; }

# stopdaemon DIR: stop the hub daemon a run in DIR left (by its PID; it
# detaches, so wait a little for it to show up).
stopdaemon() {
  local pid i
  for i in $(seq 1 30); do
    pid=$(pgrep -f -- "--cline-hub-daemon --cwd $1/ws " 2>/dev/null)
    [ -n "$pid" ] && break
    sleep 0.1
  done
  for pid in $pid; do kill "$pid" 2>/dev/null; done
}

cline_e2e() {
  local C=${CLINE_BIN:-} d=$WORK/cline-run m tools
  if [ -z "$C" ]; then
    log "npm install cline@$CLINE_VER"
    npm install --prefix "$WORK/cline" --no-audit --no-fund "cline@$CLINE_VER" >"$WORK/cline-install.log" 2>&1 ||
      { bad "cline: npm install (see $WORK/cline-install.log)"; return; }
    C=$WORK/cline/node_modules/@cline/cli-linux-x64/bin/cline
  fi
  fixture "$d"
  ca() { (cd "$d/ws" && HOME=$d/home "$CARGO_AGENTS" "$@"); }
  c() { (cd "$d/ws" && HOME=$d/home PATH=$1 timeout 120 "$C" "say hi" </dev/null 2>&1); stopdaemon "$d"; }
  ca init --add-agent cline --hook-scope project >"$d/init.log" 2>&1 && ca sync >>"$d/init.log" 2>&1 || { bad "cline: init/sync"; cat "$d/init.log"; return; }
  if [ -x "$d/ws/.clinerules/hooks/PreToolUse" ]; then ok "cline: sync wrote .clinerules/hooks/PreToolUse"; else bad "cline: no hook program"; fi
  (cd "$d/ws" && HOME=$d/home timeout 60 "$C" auth -p openai -k sk-fake -m stub-model -b "http://127.0.0.1:$PORT/v1" </dev/null >"$d/auth.log" 2>&1) || { bad "cline: auth"; return; }
  m=$(mark); c "$BINDIR:$PATH" >"$d/run.log"
  tools=$(toolmsgs "$m")
  if grep -q 'guard: no hook-test in a shell command' <<<"$tools"; then ok "cline: blocked call, the model got the guard's reason"; else bad "cline: no guard reason in the tool result: $tools"; fi
  if grep -q '"result":"hook-test' <<<"$tools"; then bad "cline: the blocked command ran"; else ok "cline: the blocked command did not run"; fi
  # Cline names its skills in the skills tool's description ("Available
  # skills: a, b."), names only.
  local n; n=$(since "$m" | jq -rs '.[0].body.tools | tostring' | grep -o 'Available skills: [^"]*' | grep -o 'guard-notes' | wc -l)
  if [ "$n" = 1 ]; then ok "cline: skill guard-notes listed once"; else bad "cline: skill guard-notes listed $n times"; fi
  m=$(mark); c "$(dirname "$(command -v node)"):/usr/bin:/bin" >"$d/offpath.log"
  tools=$(toolmsgs "$m")
  if grep -q '"result":"hook-test' <<<"$tools"; then ok "cline: without cargo-agents on PATH the command runs"; else bad "cline: off PATH, tool result: $tools"; fi
}

cline_e2e
[ "$FAILS" = 0 ] && echo "e2e-agents-cline: all passed" || echo "e2e-agents-cline: $FAILS failed"
[ "$FAILS" = 0 ]
