# lib.sh: shared functions of the live agent e2e scripts (sourced; bash). The caller sets WORK
# (its temp dir) and BINDIR (absolute, holding cargo-agents and the stage binaries) first.
#
#   e2e_install NAME PKG REL      npm-install PKG once into E2E_CACHE/NAME; prints PREFIX/REL
#   e2e_stub_start                the model stub on a free port: STUBLOG, PORT, STUB_PID
#   e2e_fixture D                 D/ws (serde workspace, git), D/home (config + plugin source)
#   e2e_ask CMD                   the shell command the stub asks for from now on
#   e2e_mark / e2e_since M        the stub's requests logged after mark M, as one JSON array
#   e2e_fake_ca D MODE            D/sym-hook (what agents run) that fails: MODE exit1 (exit 1) or crash (SIGSEGV)
#   ok / bad / na / cell          report lines and the per-agent result table
# shellcheck source=scripts/e2e/guard-source.sh
. "$(dirname "${BASH_SOURCE[0]}")/guard-source.sh"
E2E_CACHE=${E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/symposium-e2e}
FAILS=0
STUB_PID=
declare -A CELL
log() { printf '== %s\n' "$*" >&2; }
ok() { printf 'ok   %s\n' "$*"; }
bad() { printf 'FAIL %s\n' "$*"; FAILS=$((FAILS + 1)); }
# na WHAT WHY: a check the agent cannot show offline, said out loud (never a silent pass)
na() { printf 'n/a  %s: %s\n' "$1" "$2"; }
# cell AGENT COLUMN VALUE: one cell of the summary table (pass, FAIL, n/a)
cell() { CELL[$1,$2]=$3; }
# check AGENT COLUMN WHAT CMD...: ok/bad on CMD's exit status, which check returns
check() {
  local a=$1 col=$2 what=$3; shift 3
  if "$@"; then
    ok "$a: $what"; [ "${CELL[$a,$col]:-pass}" = pass ] && cell "$a" "$col" pass
    return 0
  fi
  bad "$a: $what"; cell "$a" "$col" FAIL
  return 1
}

e2e_install() {
  local name=$1 pkg=$2 rel=$3 prefix=$E2E_CACHE/$1
  if [ ! -e "$prefix/$rel" ]; then
    log "npm install $pkg into $prefix"
    mkdir -p "$prefix"
    if ! npm install --prefix "$prefix" --no-audit --no-fund "$pkg" >"$prefix.install.log" 2>&1 || [ ! -e "$prefix/$rel" ]; then
      tail -5 "$prefix.install.log" >&2
      return 1
    fi
  fi
  echo "$prefix/$rel"
}

e2e_stub_start() {
  STUBLOG=$WORK/stublog
  mkdir -p "$STUBLOG"
  STUB_LIFETIME_MS=3600000 node "$E2E_DIR/stub.js" 0 "$STUBLOG" >"$WORK/stub.out" 2>&1 </dev/null &
  STUB_PID=$!
  for _ in $(seq 1 50); do [ -s "$STUBLOG/PORT" ] && break; sleep 0.1; done
  PORT=$(cat "$STUBLOG/PORT" 2>/dev/null) || { echo "stub did not start: $(cat "$WORK/stub.out")" >&2; return 1; }
}
e2e_stub_stop() { [ -z "$STUB_PID" ] || kill "$STUB_PID" 2>/dev/null; STUB_PID=; }
e2e_ask() { printf '%s\n' "$1" >"$STUBLOG/CMD"; }

# The stub names each request log <ms>-<seq>, which sorts by time.
e2e_mark() { ls "$STUBLOG" | sed -n 's/-req\.json$//p' | sort | tail -1 | grep . || echo 0; }
e2e_since() {
  local f n
  for f in "$STUBLOG"/*-req.json; do n=${f##*/}; n=${n%-req.json}; [[ "$n" > "$1" ]] && cat "$f"; done | jq -s '[.[] | select(.body.messages? or .body.input? or .body.contents?)]'
}
# e2e_count TEXT REGEX: how many times REGEX occurs in TEXT
e2e_count() { printf '%s' "$1" | grep -oE -- "$2" | wc -l | tr -d ' '; }

# e2e_fixture D: the e2e-guard plugin (guard-source.sh: PreToolUse on Bash blocks commands that
# mention e2e-blocked-marker) plus a SessionStart and a UserPromptSubmit hook that add context
# markers, a skill e2e-live-skill and the stdio MCP server probe-mcp.js (records its start in
# D/mcp-started).
e2e_fixture() {
  local d=$1 P
  mkdir -p "$d/ws"
  cp -R "$E2E_DIR/serde-ws/." "$d/ws/"
  (cd "$d/ws" && git init -q . && git -c user.email=e2e@example.invalid -c user.name=e2e commit -q --allow-empty -m init)
  e2e_guard_source "$d/home" "$(
    cat <<TOML
[[hooks]]
name = "session-context"
event = "SessionStart"
command = "./context.sh e2e-session-marker"

[[hooks]]
name = "prompt-context"
event = "UserPromptSubmit"
command = "./context.sh e2e-prompt-marker"

[[skills]]
source.path = "skills"

[[mcp_servers]]
name = "e2eprobe"
type = "stdio"
command = "node"
args = ["$E2E_DIR/probe-mcp.js", "$d/mcp-started"]
TOML
  )"
  P=$d/home/.symposium/plugins-e2e/e2e-guard
  mkdir -p "$P/skills/e2e-live-skill"
  # context.sh MARKER: answers with MARKER as context and logs "MARKER <payload>" to context.log
  printf '#!/bin/sh\nprintf "%%s %%s\\n" "$1" "$(tr "\\n" " ")" >>"$(dirname "$0")/context.log"\nprintf %s "$1"\n' "'{\"additionalContext\":\"%s: this workspace pins serde 1\"}'" >"$P/context.sh"
  chmod +x "$P/context.sh"
  printf -- '---\nname: e2e-live-skill\ndescription: e2e-live-skill-description marker.\n---\nNothing to do.\n' >"$P/skills/e2e-live-skill/SKILL.md"
}

# e2e_fake_ca D MODE: a sym-hook in D (the command agents run) that fails the way MODE says,
# for the fail-open runs.
e2e_fake_ca() {
  mkdir -p "$1"
  case $2 in
  exit1) printf '#!/bin/sh\necho "sym-hook: simulated failure" >&2\nexit 1\n' >"$1/sym-hook" ;;
  crash) printf '#!/bin/sh\nkill -SEGV $$\n' >"$1/sym-hook" ;;
  esac
  chmod +x "$1/sym-hook"
}

# e2e_table AGENTS COLUMNS...: the summary, one row per agent
e2e_table() {
  local agents=$1 a c; shift
  printf '\n%-8s' agent; for c in "$@"; do printf ' %-6s' "$c"; done; printf '\n'
  for a in $agents; do
    printf '%-8s' "$a"; for c in "$@"; do printf ' %-6s' "${CELL[$a,$c]:--}"; done; printf '\n'
  done
}
