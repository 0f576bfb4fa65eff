#!/usr/bin/env bash
# bench.sh BIN_DIR: whole-process timings of each stage on real and
# generated inputs, with hyperfine when installed (apt-get install
# hyperfine), else a bash loop. Prints median and p99 per command.
#
# Targets (issues #3–#5):
#   sym-deps on the largest corpus workspace (uv)        ≤ 20 ms
#   sym-match against 1,000 generated skills             ≤ 20 ms
#   cargo agents sync, 400 crates × 1,000 skills × 7 agents ≤ 300 ms (first sync)
#   the no-change re-sync                                ≤ 50 ms
#   hook path: see scripts/bench-hook.sh (run after this)
set -euo pipefail
BIN=$(cd "${1:?usage: bench.sh BIN_DIR}" && pwd)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-50}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export PATH="$BIN:$PATH" HOME="$TMP/home" SYMPOSIUM_HOME="$TMP/home/.symposium"
mkdir -p "$SYMPOSIUM_HOME"

# time_cmd NAME INPUT CMD...: median and p99 of CMD with stdin from INPUT.
time_cmd() {
  local name=$1 input=$2; shift 2
  if [ "$(type -t "$1")" = file ] && command -v hyperfine >/dev/null 2>&1 && hyperfine --help 2>&1 | grep -q -- --input; then
    hyperfine -N -w 3 -r "$RUNS" --input "$input" --export-json "$TMP/h.json" "$*" >/dev/null 2>&1
    python3 - "$TMP/h.json" "$name" <<'PY'
import json,sys
t=sorted(json.load(open(sys.argv[1]))["results"][0]["times"])
print("%-52s median %7.2f ms  p99 %7.2f ms" % (sys.argv[2], t[len(t)//2]*1e3, t[min(len(t)-1,int(len(t)*0.99))]*1e3))
PY
    return
  fi
  local i t0 t1 samples=()
  for ((i = 0; i < RUNS; i++)); do
    t0=${EPOCHREALTIME/./}
    "$@" < "$input" > /dev/null 2>&1
    t1=${EPOCHREALTIME/./}
    samples+=($((t1 - t0)))
  done
  printf '%s\n' "${samples[@]}" | sort -n | awk -v name="$name" '{ s[NR] = $1 }
    END { p = int(NR * 0.99); if (p < 1) p = 1; printf "%-52s median %7.2f ms  p99 %7.2f ms\n", name, s[int((NR + 1) / 2)] / 1000, s[p] / 1000 }'
}

echo "runs: $RUNS  ($(nproc) CPUs, $(uname -sr), timed with hyperfine ≥ 1.16 or a bash loop)"

# 1. sym-deps on the largest corpus workspace.
UV="$("$ROOT/scripts/find-shared.sh")/corpus/cargo/uv"
if [ -d "$UV" ]; then
  (cd "$UV" && time_cmd "sym-deps, corpus uv (70 members, 1473 deps)" /dev/null sym-deps)
else
  echo "sym-deps on uv: skipped (shared/corpus not found; set SYMPOSIUM_SHARED)"
fi

# 2. sym-match against 1,000 generated skills.
go run "$ROOT/scripts/genworkspace" -out "$TMP/ws" -members 40 -crates 400 -skills 1000 -plugins "$TMP/plugins"
cat > "$SYMPOSIUM_HOME/config.toml" <<TOML
hook-scope = "project"

[[agent]]
name = "claude"
[[agent]]
name = "codex"
[[agent]]
name = "copilot"
[[agent]]
name = "gemini"
[[agent]]
name = "goose"
[[agent]]
name = "kiro"
[[agent]]
name = "opencode"

[defaults]
symposium-recommendations = false
user-plugins = false

[[plugin-source]]
name = "bench"
path = "$TMP/plugins"
TOML
(cd "$TMP/ws" && sym-deps > "$TMP/deps.ndjson")
# sym-match's parse cache does not trust a SKILL.md written in the last 2 s
# (its mtime may still change), so let the generated source age, then run
# once to fill the cache, as any earlier sync would have.
sleep 2.1
sym-match < "$TMP/deps.ndjson" > "$TMP/match.ndjson"
time_cmd "sym-match, 1,000 skills × 400 deps" "$TMP/deps.ndjson" sym-match
echo "  ($(grep -c '"kind":"skill"' "$TMP/match.ndjson") skills match)"
cold() { rm -rf "$SYMPOSIUM_HOME/cache/sym-match"; sym-match; }
RUNS=10 time_cmd "sym-match, same, parse cache emptied each run" "$TMP/deps.ndjson" cold
sym-match < "$TMP/deps.ndjson" > /dev/null

# 3. A whole sync: first sync into a fresh copy each run, then the no-change re-sync.
# A first sync creates ~4,600 directories and files, so its time is mostly
# the file system's: each run is followed by fsfloor, which creates the
# same entries with bare system calls on the same file system (the least
# any installer can take there). Where /dev/shm is writable, the same pair
# runs on tmpfs too, which shows our own cost.
cp -R "$TMP/ws" "$TMP/ws-template"
go build -o "$TMP/fsfloor-bin" "$ROOT/scripts/fsfloor"
median() { sort -n | awk '{ s[NR] = $1 } END { printf "%7.2f ms", s[int((NR + 1) / 2)] / 1000 }'; }
# first_sync DIR LABEL: 10 first syncs of a copy of the template in DIR, each with its floor.
first_sync() {
  local dir=$1 label=$2 i t0 t1 syncs=() floors=()
  for ((i = 0; i < 10; i++)); do
    rm -rf "$dir/ws" "$dir/fsfloor" && cp -R "$TMP/ws-template" "$dir/ws"
    t0=${EPOCHREALTIME/./}
    (cd "$dir/ws" && cargo-agents -q sync)
    t1=${EPOCHREALTIME/./}
    syncs+=($((t1 - t0)))
    floors+=("$("$TMP/fsfloor-bin" "$dir/ws" "$dir/fsfloor" .claude/skills .agents/skills .kiro/skills | awk '{ printf "%d", $1 * 1000 }')")
  done
  printf '%-52s median %s  (file-system floor %s)\n' "cargo agents sync, first, $label" "$(printf '%s\n' "${syncs[@]}" | median)" "$(printf '%s\n' "${floors[@]}" | median)"
  rm -rf "$dir/fsfloor"
}
if SHM=$(mktemp -d /dev/shm/sym-bench.XXXXXX 2>/dev/null); then
  first_sync "$SHM" "tmpfs"
  rm -rf "$SHM"
fi
first_sync "$TMP" "$(df -T "$TMP" | awk 'NR == 2 { print $2 }')"
echo "  (400 crates × 1,000 skills × 7 agents: $(find "$TMP/ws/.claude/skills" "$TMP/ws/.agents/skills" "$TMP/ws/.kiro/skills" | wc -l) entries in the skill directories)"
cd "$TMP/ws"
# Files written in the last 2 s are not trusted by the fingerprint (their
# mtime may still change within its granularity), so let them age first.
cargo-agents -q sync
sleep 2.1
time_cmd "cargo agents sync, no change" /dev/null cargo-agents -q sync
cargo-agents sync --check > /dev/null && echo "  (--check: nothing would change)"
