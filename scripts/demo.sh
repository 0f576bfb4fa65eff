#!/usr/bin/env bash
# make demo: run the whole pipeline on testdata/demo, in a temp copy, with a
# temp SYMPOSIUM_HOME and HOME, so nothing of yours is read or changed. With
# no network the embedded snapshot of the central plugin source is used.
set -euo pipefail
BIN=${1:?usage: demo.sh BIN_DIR}
BIN=$(cd "$BIN" && pwd)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/symposium-demo.XXXXXX")
export PATH="$BIN:$PATH" HOME="$TMP/home" SYMPOSIUM_HOME="$TMP/home/.symposium"
# The agents' own directory variables (agent.HostVars) would move their
# files out of the temporary home into yours.
export APPDATA="$TMP/home/AppData/Roaming"
unset CODEX_HOME CLAUDE_CONFIG_DIR COPILOT_HOME GEMINI_CLI_HOME QWEN_HOME PI_CODING_AGENT_DIR \
  CLINE_DIR CLINE_DATA_DIR CLINE_MCP_SETTINGS_PATH XDG_CONFIG_HOME
mkdir -p "$HOME"
cp -R "$ROOT/testdata/demo" "$TMP/workspace"
cd "$TMP/workspace"

pretty() { if command -v jq >/dev/null; then jq -c "$@"; else cat; fi; }
say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "sym-deps: the workspace's direct dependencies"
sym-deps > "$TMP/deps.ndjson"
pretty 'if .kind=="workspace" then {workspace: .root, members: [.members[].name]} else [.member, .dep_kind, .name, .version] end' < "$TMP/deps.ndjson"

say "sym-match --explain: what the plugin sources offer for them"
sym-match --explain < "$TMP/deps.ndjson" > "$TMP/matches.ndjson"
pretty 'select(.kind!="workspace" and .kind!="source") | if .kind=="rejected" then {rejected: .name, why: .reason} else {(.kind): .name, plugin: .plugin} end' < "$TMP/matches.ndjson"

say "sym-install --dry-run: what a sync would write"
cargo-agents -q init --add-agent claude --add-agent codex --hook-scope project
sym-install --dry-run < "$TMP/matches.ndjson" | pretty 'select(.kind=="action") | [.status, .op, .path]' | sed "s|$TMP/||g"

say "cargo agents sync"
cargo-agents sync 2>/dev/null | sed "s|$TMP/||g"

say "a second sync changes nothing"
cargo-agents sync --check 2>/dev/null | sed "s|$TMP/||g"

say "the workspace now"
find .claude .agents .codex -type f 2>/dev/null | sort
echo
echo "(all of it is in $TMP; remove it with: rm -rf $TMP)"
