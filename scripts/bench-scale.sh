#!/usr/bin/env bash
# bench-scale.sh [BIN_DIR]: how the hot paths' cost grows with the catalogue
# (issue #12), each as a ratio to a floor (a Go binary that only reads stdin,
# scripts/floor) measured in the same run:
#   - sym-hook claude pre-tool-use (the command agents run), unchanged
#     workspace, auto-sync on, at 10, 1,000 and 5,000 skills, matched and
#     unmatched, from 1 and 50 plugin sources (the payload's tool is Read:
#     no plugin hook runs), and in a directory outside any Rust project
#     (the global hook scope's common call);
#   - the no-change cargo agents sync, 7 agents, at 5,000 matched skills,
#     beside a stat walk (find -printf '%s %T@') of the matched skills'
#     directories, which it must stat (every file of a matched skill is in
#     the sync record: docs/freshness.md);
#   - the first sync of 400 crates × 1,000 and × 5,000 skills (FIRST_SKILLS),
#     FIRST_RUNS times each (default 11)
#     × 7 agents against a bare copy (cp -R) of the three skill directories
#     it made, on tmpfs when /dev/shm is there, and on disk ($TMPDIR or
#     /tmp) unless FIRST_ON_DISK=0;
#   - sym-translate hooks of a 500-hook Claude settings file;
#   - what linking costs a process start: the floor linked with
#     encoding/json, regexp, os/exec or go-toml (scripts/floorlinks), none
#     of which it runs, and with all of them (what the hook links); with
#     net/http or gojq (what sym-match links besides); and cargo-agents
#     --version (the full hook's binary) and sym-hook --version, each
#     running no hook.
# Each ratio pairs every run of the command with a run of the floor just
# before it (time_vs_floor), so a machine whose speed drifts during the
# bench moves both alike.
# Targets (#12, #20, #26): hook median ≤ 1.15× floor and p99 ≤ 1.5× the
# floor's p99 everywhere; no-change sync ≤ 1.5× (floor + the stat walk);
# first sync ≤ 1.2× the copy; translate ≤ 10×.
# ROWS (default "links hook nochange first translate") picks the rows to run,
# e.g. ROWS=first FIRST_SKILLS=5000 FIRST_ON_DISK=0 for one figure.
# Touches nothing outside a temp directory.
set -euo pipefail
RUNS=${RUNS:-100}
ROWS=${ROWS:-links hook nochange first translate}
FIRST_SKILLS=${FIRST_SKILLS:-1000 5000}
FIRST_RUNS=${FIRST_RUNS:-11}
row() { [[ " $ROWS " == *" $1 "* ]]; }
repo=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-lib.sh
. "$repo/scripts/bench-lib.sh"
base=/tmp
[ -w /dev/shm ] && base=/dev/shm
tmp=$(mktemp -d "$base/sym-bench-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

bench_binaries "$repo" "$tmp" "${1:-}"
(cd "$repo" && go build -o "$tmp/genskills" ./scripts/genskills && go build -o "$tmp/genworkspace" ./scripts/genworkspace)
export PATH="$bin:$PATH"

echo "runs: $RUNS  ($(nproc) CPUs, $(uname -sr), files on $(df -T "$tmp" | awk 'NR == 2 { print $2 }'))"
printf '{}' > "$tmp/empty.json"
time_runs "floor (read stdin, exit)" "$tmp/empty.json" "$tmp/floor"
FLOOR=$tmp/floor

agents=$(every_agent_toml)

if row links; then
echo
echo "links: the floor linked with a package it never runs, and the hook's binary running no hook"
for p in json regexp exec toml all http gojq; do
  (cd "$repo" && CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$tmp/links/$p" "./scripts/floorlinks/$p")
done
for p in json:encoding/json regexp:regexp exec:os/exec toml:go-toml "all:all four, and fmt" http:net/http gojq:gojq; do
  time_vs_floor "  floor + ${p#*:}" "$tmp/empty.json" "$tmp/links/${p%%:*}"
done
time_vs_floor "  cargo-agents --version" "$tmp/empty.json" cargo-agents --version
time_vs_floor "  sym-hook --version" "$tmp/empty.json" sym-hook --version
fi

# setup SKILLS MATCH SOURCES: a fresh home and workspace (serde) whose plugin
# sources hold SKILLS generated skills for serde (matched) or for crates the
# workspace does not use, spread over SOURCES sources; then a real sync,
# twice, so the stored fingerprint is trusted (files younger than 2 s are not).
setup() {
  local n=$1 match=$2 sources=$3 crates=serde i
  [ "$match" = unmatched ] && crates=absent-a,absent-b
  rm -rf "$tmp/run" && mkdir -p "$tmp/run/home/.symposium" "$tmp/run/ws"
  export HOME=$tmp/run/home SYMPOSIUM_HOME=$tmp/run/home/.symposium
  cp -R "$repo/scripts/e2e/serde-ws/." "$tmp/run/ws/"
  {
    printf 'auto-sync = true\nhook-scope = "project"\n%s\n\n[defaults]\nsymposium-recommendations = false\nuser-plugins = false\n' "$agents"
    for ((i = 0; i < sources; i++)); do
      printf '\n[[plugin-source]]\nname = "s%02d"\npath = "%s/src/s%02d"\n' "$i" "$tmp/run" "$i"
    done
  } > "$SYMPOSIUM_HOME/config.toml"
  for ((i = 0; i < sources; i++)); do
    "$tmp/genskills" -n $(((n + sources - 1) / sources)) -out "$tmp/run/src/s$(printf %02d "$i")" -crates "$crates"
  done
  (cd "$tmp/run/ws" && cargo-agents -q sync && sleep 2.1 && cargo-agents -q sync)
  sed "s#/home/dev/project#$tmp/run/ws#g; s#\"tool_name\": *\"Bash\"#\"tool_name\":\"Read\"#" \
    "$("$repo/scripts/find-shared.sh")/agent-payloads/claude/PreToolUse.json" > "$tmp/payload.json"
}

if row hook; then
echo
echo "hook: sym-hook claude pre-tool-use, unchanged workspace (target ≤ 1.15× floor, p99 ≤ 1.5× the floor's p99)"
for n in 10 1000 5000; do
  for match in matched unmatched; do
    for sources in 1 50; do
      setup "$n" "$match" "$sources"
      cd "$tmp/run/ws"
      time_vs_floor "  $n skills, $match, $sources source(s)" "$tmp/payload.json" sym-hook claude pre-tool-use
      cd "$tmp"
    done
  done
done
# The last setup's home and config; a directory in no Rust project.
mkdir -p "$tmp/run/elsewhere"
sed "s#$tmp/run/ws#$tmp/run/elsewhere#g" "$tmp/payload.json" > "$tmp/payload-elsewhere.json"
cd "$tmp/run/elsewhere"
time_vs_floor "  outside any Rust project" "$tmp/payload-elsewhere.json" sym-hook claude pre-tool-use
cd "$tmp"
fi

# walk_matched: stat every entry below the matched skills' directories,
# what the no-change sync's record makes it stat.
walk_matched() { find "${matched[@]}" -printf '%s %T@\n'; }

if row nochange; then
echo
echo "no-change cargo agents sync, 7 agents, 5,000 matched skills (target ≤ 1.5× (floor + find of the matched skill directories))"
setup 5000 matched 1
cd "$tmp/run/ws"
mapfile -t matched < <(sym-deps | sym-match 2>/dev/null | jq -r 'select(.kind == "skill") | .dir')
echo "  ${#matched[@]} matched skill directories, $(walk_matched | wc -l) entries below them"
cargo-agents sync | grep -q 'nothing changed' || echo "  warning: this sync ran its stages: the figures below are not the no-change path"
time_vs_floor_walk "  cargo agents sync, no change" "$tmp/empty.json" walk_matched cargo-agents -q sync
cd "$tmp"
fi

# first_sync DIR LABEL SKILLS: the first sync of 400 crates × SKILLS
# skills × 7 agents in DIR, against a bare copy (cp -R) of the skill trees
# it made, FIRST_RUNS times each, medians: of the wall-clock time, and of the
# CPU time (user + system of every process each waited for), which a
# machine loaded by other work disturbs less.
first_sync() {
  local dir=$1 label=$2 n=$3 i syncs=() copies=() sync_cpu=() copy_cpu=()
  "$tmp/genworkspace" -out "$dir/ws-template" -members 40 -crates 400 -skills "$n" -plugins "$dir/plugins" >/dev/null
  export HOME=$dir/home SYMPOSIUM_HOME=$dir/home/.symposium
  mkdir -p "$SYMPOSIUM_HOME"
  printf 'hook-scope = "project"\n%s\n\n[defaults]\nsymposium-recommendations = false\nuser-plugins = false\n\n[[plugin-source]]\nname = "bench"\npath = "%s"\n' "$agents" "$dir/plugins" > "$SYMPOSIUM_HOME/config.toml"
  for ((i = 0; i < FIRST_RUNS; i++)); do
    rm -rf "$dir/ws" "$dir/copy" && cp -R "$dir/ws-template" "$dir/ws"
    sync
    timed sync_ws
    syncs+=("$WALL_US") sync_cpu+=("$CPU_US")
    mkdir -p "$dir/copy"
    timed copy_ws
    copies+=("$WALL_US") copy_cpu+=("$CPU_US")
  done
  local s c sc cc
  s=$(med "${syncs[@]}") c=$(med "${copies[@]}") sc=$(med "${sync_cpu[@]}") cc=$(med "${copy_cpu[@]}")
  echo "  $label, $n skills: first sync median $s ms, bare copy of the three skill directories it made (cp -R) $c ms = $(ratio "$s" "$c")×"
  echo "    CPU time: first sync $sc ms, the copy $cc ms = $(ratio "$sc" "$cc")×"
  rm -rf "$dir"
}
# No subshell: a fork of bash is not the sync's cost (the copy has none).
sync_ws() { cd "$dir/ws" && cargo-agents -q sync; cd "$tmp"; }
copy_ws() { for d in .claude .agents .kiro; do cp -R "$dir/ws/$d/skills" "$dir/copy/${d#.}"; done; }

# timed FUNC: runs FUNC, its output discarded; sets WALL_US and CPU_US
# (user + system time of the shell and every process it waited for, from
# bash's time, in microseconds).
timed() {
  local TIMEFORMAT='%3U %3S' t0 t1 u s
  t0=${EPOCHREALTIME/./}
  { time "$1" >/dev/null 2>&1; } 2>"$tmp/cpu"
  t1=${EPOCHREALTIME/./}
  read -r u s <"$tmp/cpu"
  WALL_US=$((t1 - t0))
  CPU_US=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1000000 }')
}
med() { printf '%s\n' "$@" | sort -n | awk '{ s[NR] = $1 } END { printf "%.2f", s[int((NR + 1) / 2)] / 1000 }'; }

if row first; then
echo
echo "first sync, 400 crates × ${FIRST_SKILLS// /, } skills × 7 agents, against a bare copy of the skill trees (target ≤ 1.2× on tmpfs)"
for n in $FIRST_SKILLS; do
  first_sync "$tmp/first" "$(df -T "$tmp" | awk 'NR == 2 { print $2 }')" "$n"
done
# On disk too, when the temp directory above was tmpfs: the disk's own
# costs show in both figures.
if [ "$base" = /dev/shm ] && [ "${FIRST_ON_DISK:-1}" != 0 ]; then
  disk=$(mktemp -d "${TMPDIR:-/tmp}/sym-bench-disk.XXXXXX")
  trap 'rm -rf "$tmp" "$disk"' EXIT
  for n in $FIRST_SKILLS; do
    first_sync "$disk/first" "$(df -T "$disk" | awk 'NR == 2 { print $2 }')" "$n"
  done
fi
fi

if row translate; then
echo
echo "sym-translate hooks, a 500-hook Claude settings file (target ≤ 10× floor)"
{
  printf '{"hooks": {"PreToolUse": ['
  for ((i = 0; i < 500; i++)); do
    [ "$i" -gt 0 ] && printf ','
    printf '{"matcher": "Bash", "hooks": [{"type": "command", "command": "./check-%d.sh", "timeout": 10}]}' "$i"
  done
  printf ']}}\n'
} > "$tmp/claude-500.json"
time_vs_floor "  sym-translate hooks --from claude --to gemini" "$tmp/claude-500.json" sym-translate hooks --from claude --to gemini
fi
