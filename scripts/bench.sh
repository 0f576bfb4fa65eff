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
  if command -v hyperfine >/dev/null 2>&1 && hyperfine --help 2>&1 | grep -q -- --input; then
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
time_cmd "sym-match, 1,000 skills × 400 deps" "$TMP/deps.ndjson" sym-match
sym-match < "$TMP/deps.ndjson" > "$TMP/match.ndjson"
echo "  ($(grep -c '"kind":"skill"' "$TMP/match.ndjson") skills match)"

# 3. A whole sync: first sync into a fresh copy each run, then the no-change re-sync.
cp -R "$TMP/ws" "$TMP/ws-template"
first() { rm -rf "$TMP/ws" && cp -R "$TMP/ws-template" "$TMP/ws" && (cd "$TMP/ws" && cargo-agents -q sync); }
samples=()
for ((i = 0; i < 10; i++)); do
  rm -rf "$TMP/ws" && cp -R "$TMP/ws-template" "$TMP/ws"
  t0=${EPOCHREALTIME/./}
  (cd "$TMP/ws" && cargo-agents -q sync)
  t1=${EPOCHREALTIME/./}
  samples+=($((t1 - t0)))
done
printf '%s\n' "${samples[@]}" | sort -n | awk '{ s[NR] = $1 } END { printf "%-52s median %7.2f ms  max %7.2f ms\n", "cargo agents sync, first (400 crates×1,000 skills×7)", s[int((NR + 1) / 2)] / 1000, s[NR] / 1000 }'
cd "$TMP/ws"
# Files written in the last 2 s are not trusted by the fingerprint (their
# mtime may still change within its granularity), so let them age first.
cargo-agents -q sync
sleep 2.1
time_cmd "cargo agents sync, no change" /dev/null cargo-agents -q sync
cargo-agents sync --check > /dev/null && echo "  (--check: nothing would change)"
