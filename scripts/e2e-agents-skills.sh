#!/usr/bin/env bash
# e2e-agents-skills.sh — opt-in check, with the real CLIs, that each configured agent sees each
# skill once (docs/skills.md).
#
# Usage: scripts/e2e-agents-skills.sh [BINDIR]     (make e2e-agents)
# Env:   AGENTS_PREFIX  reuse an npm prefix that already holds the CLIs (else a temp one)
#        KEEP=1         keep the temp directory
# Needs: node >= 20, npm (the registry, for the installs only), git, and cargo-agents with its
#        stage binaries in BINDIR (make build).
#
# For each set of agents below, in a fresh git workspace with its own HOME (your files are never
# read): `cargo-agents init --add-agent …` and `cargo-agents sync` with a local plugin holding one
# skill, e2e-once, and the workspace's own skill .agents/skills/ws-own (a copy in place there); then
# each CLI that can list skills offline lists both:
#   copilot  `copilot skill list`              the skill once (it dedupes names)
#   gemini   `gemini skills list` (trusted)    once, and no "Skill conflict detected"
#   codex    `codex debug prompt-input hi`     once (it lists a skill once per directory)
#   opencode `opencode debug skill`            once, and in exactly one of the directories it
#                                              reads (it picks one at random and warns otherwise)
# Claude Code has no offline listing; it reads .claude/skills alone. Where sync warned that no
# placement serves an agent once (docs/skills.md), seeing it twice is the expected outcome.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
BINDIR=${1:-$REPO/bin}
GEMINI_VER=${GEMINI_VER:-0.61.0}
CODEX_VER=${CODEX_VER:-0.169.0}
COPILOT_VER=${COPILOT_VER:-1.0.102}
OPENCODE_VER=${OPENCODE_VER:-1.18.33}

WORK=$(mktemp -d /tmp/sym-e2e-skills.XXXXXX)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT
PREFIX=${AGENTS_PREFIX:-$WORK/agents}
BIN=$PREFIX/node_modules/.bin
FAILS=0
log() { printf '== %s\n' "$*" >&2; }
ok() { printf 'ok   %s\n' "$*"; }
bad() { printf 'FAIL %s\n' "$*"; FAILS=$((FAILS + 1)); }

[ -x "$BINDIR/cargo-agents" ] || { echo "no $BINDIR/cargo-agents: make build" >&2; exit 2; }
if [ ! -x "$BIN/gemini" ] || [ ! -x "$BIN/codex" ] || [ ! -x "$BIN/copilot" ] || [ ! -x "$BIN/opencode" ]; then
  log "npm install into $PREFIX"
  mkdir -p "$PREFIX"
  if ! npm install --prefix "$PREFIX" --no-audit --no-fund "@google/gemini-cli@$GEMINI_VER" \
      "@openai/codex@$CODEX_VER" "@github/copilot@$COPILOT_VER" "opencode-ai@$OPENCODE_VER" >"$WORK/install.log" 2>&1; then
    tail -20 "$WORK/install.log" >&2; echo "npm install failed" >&2; exit 1
  fi
fi

# the plugin: one skill for the one dependency
mkdir -p "$WORK/plugins/once/skills/e2e-once"
printf 'name = "once"\ncrates = ["serde"]\n\n[[skills]]\nsource.path = "skills"\n' >"$WORK/plugins/once/SYMPOSIUM.toml"
printf -- '---\nname: e2e-once\ndescription: e2e check that each agent sees a skill once\n---\nbody\n' >"$WORK/plugins/once/skills/e2e-once/SKILL.md"

# setup NAME: a fresh workspace and home for one combination
setup() {
  WS=$WORK/$1/ws H=$WORK/$1/home
  mkdir -p "$WS/src" "$H/.symposium" "$H/.gemini" "$H/.codex"
  printf 'auto-sync = false\n\n[defaults]\nsymposium-recommendations = false\nuser-plugins = false\n\n[[plugin-source]]\nname = "local"\npath = "%s"\n' \
    "$WORK/plugins" >"$H/.symposium/config.toml"
  printf '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n' >"$WS/Cargo.toml"
  printf 'version = 4\n\n[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = ["serde"]\n\n[[package]]\nname = "serde"\nversion = "1.0.219"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n' >"$WS/Cargo.lock"
  echo 'fn main() {}' >"$WS/src/main.rs"
  mkdir -p "$WS/.agents/skills/ws-own"
  printf -- '---\nname: ws-own\ndescription: the workspace own skill\n---\nbody\n' >"$WS/.agents/skills/ws-own/SKILL.md"
  (cd "$WS" && git init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m init)
  printf '{"%s":"TRUST_FOLDER"}\n' "$WS" >"$H/.gemini/trustedFolders.json"
}
sym() { (cd "$WS" && HOME=$H SYMPOSIUM_HOME=$H/.symposium PATH=$BINDIR:$PATH "$BINDIR/cargo-agents" "$@" </dev/null 2>&1); }
run() {
  local c=$1; shift
  (cd "$WS" && HOME=$H CODEX_HOME=$H/.codex COPILOT_HOME=$H/.copilot COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false \
    GEMINI_API_KEY=fake-key OPENCODE_DISABLE_AUTOUPDATE=1 timeout 90 "$BIN/$c" "$@" </dev/null 2>&1)
}
# seen AGENT SKILL: how many times the CLI lists SKILL, plus its own complaint if any
seen() {
  local s=$2
  case $1 in
  copilot) run copilot skill list | grep -c "^ *$s - " ;;
  gemini) out=$(run gemini skills list)
    n=$(printf '%s\n' "$out" | grep -c "^$s ")
    printf '%s\n' "$out" | grep -q "Skill conflict detected: \"$s\"" && n="$n+conflict"; echo "$n" ;;
  codex) run codex debug prompt-input hi | grep -o "$s: [a-z]" | wc -l ;;
  opencode) n=$(run opencode debug skill | grep -c "\"name\": \"$s\"")
    d=0; for r in .opencode/skills .claude/skills .agents/skills; do [ -f "$WS/$r/$s/SKILL.md" ] && d=$((d + 1)); done
    [ "$d" -gt 1 ] && n="$n+random-of-$d"; echo "$n" ;;
  esac
}
# combo NAME AGENT...: configure the agents, sync, and count for each lister
combo() {
  local name=$1; shift
  log "$name: $*"
  setup "$name"
  local args=() a
  for a in "$@"; do args+=(--add-agent "$a"); done
  sym init "${args[@]}" >/dev/null || { bad "$name: init failed"; return; }
  local out; out=$(sym sync) || { bad "$name: sync failed"; printf '%s\n' "$out" | sed 's/^/     | /' | tail -10; return; }
  ok "$name: e2e-once in $(cd "$WS" && find . -path '*/skills/e2e-once/SKILL.md' | sed 's|^\./||; s|/e2e-once/SKILL.md||' | sort | tr '\n' ' ')", \
    "ws-own in $(cd "$WS" && find . -path '*/skills/ws-own/SKILL.md' | sed 's|^\./||; s|/ws-own/SKILL.md||' | sort | tr '\n' ' ')"
  local s
  for a in "$@"; do
    case $a in copilot | gemini | codex | opencode) ;; *) continue ;; esac
    for s in e2e-once ws-own; do
      local n; n=$(seen "$a" "$s")
      if [ "$n" = 1 ]; then ok "$name: $a sees $s once"
      elif printf '%s\n' "$out" | grep -q "$a reads "; then ok "$name: $a sees $s $n, as sync warned"
      else bad "$name: $a sees $s $n times"; fi
    done
  done
}

combo claude-copilot claude copilot
combo codex codex
combo codex-claude codex claude
combo opencode-claude opencode claude
combo claude-codex-copilot claude codex copilot
combo claude-gemini-opencode claude gemini opencode
combo all antigravity claude codex copilot gemini goose kiro opencode

if [ "$FAILS" -gt 0 ]; then echo "$FAILS check(s) failed; files kept in $WORK" >&2; trap - EXIT; exit 1; fi
echo "all checks passed"
