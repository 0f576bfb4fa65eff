#!/usr/bin/env bash
# bench-hook.sh [BIN_DIR]: whole-process cost of the hook path.
#
# Times `cargo-agents hook claude pre-tool-use` (and sym-hook) on an
# unchanged workspace with auto-sync on and no matching plugin hook, against
# a floor (a Go binary that only reads stdin and exits: scripts/floor), then
# the dispatch overhead with three matching plugin hooks that run `true`
# against three bare `sh -c true`. Median and p99 over RUNS runs (default
# 300), with hyperfine when installed, else a bash loop timed with
# $EPOCHREALTIME (no extra process per sample).
#
# Targets: median ≤ 2× the floor, p99 ≤ 10 ms, overhead ≤ 3 ms above the
# hooks' own run time. Touches nothing outside a temp directory.
set -euo pipefail
RUNS=${RUNS:-300}
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bin=${1:-}
if [ -z "$bin" ]; then
  bin=$tmp/bin
  (cd "$repo" && CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$bin/" ./cmd/cargo-agents ./cmd/sym-hook)
fi
(cd "$repo" && CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$tmp/floor" ./scripts/floor)

export SYMPOSIUM_HOME=$tmp/home HOME=$tmp/home
mkdir -p "$SYMPOSIUM_HOME" "$tmp/ws" "$tmp/plugin"
printf 'auto-sync = true\n' > "$SYMPOSIUM_HOME/config.toml"
printf '[workspace]\n' > "$tmp/ws/Cargo.toml"
payload=$tmp/payload.json
sed "s#/home/dev/project#$tmp/ws#g" "$("$repo/scripts/find-shared.sh")/agent-payloads/claude/PreToolUse.json" > "$payload" 2>/dev/null ||
  printf '{"session_id":"s","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cargo test"}}' "$tmp/ws" > "$payload"

# The sync state a sync would store (pkg/syncstate): file name = first 12
# bytes of sha256(root) in hex; extra = syncstate.Extra(agents, scope, version).
version=$("$bin/cargo-agents" --version | awk '{print $2}')
extra=$(printf '\001global\000%s' "$version" | sha256sum | cut -c1-64)
key=$(printf '%s' "$tmp/ws" | sha256sum | cut -c1-24)
stamp() { stat -c '{"path":"%n","size":%s,"mtime_ns":%.9Y}' "$1" | sed 's/\.\([0-9]\{9\}\)}/\1}/'; }
seed() { # seed HOOKS_JSON
  mkdir -p "$SYMPOSIUM_HOME/cache/sync-state"
  printf '{"version":1,"workspace_root":"%s","inputs":[%s,%s],"extra":"%s","trusted":true,"skills":[],"hooks":%s,"mcp_servers":[]}' \
    "$tmp/ws" "$(stamp "$tmp/ws/Cargo.toml")" "$(stamp "$SYMPOSIUM_HOME/config.toml")" "$extra" "$1" \
    > "$SYMPOSIUM_HOME/cache/sync-state/$key.json"
}
# A tripwire: if auto-sync ever ran, it would fail loudly into a log file.
check_quiet() {
  if [ -d "$SYMPOSIUM_HOME/logs" ]; then echo "unexpected log (sync or failure):" >&2; cat "$SYMPOSIUM_HOME"/logs/* >&2; exit 1; fi
}

# time_runs NAME CMD...: prints "NAME median_ms p99_ms".
time_runs() {
  local name=$1; shift
  if command -v hyperfine >/dev/null 2>&1 && hyperfine --help 2>&1 | grep -q -- --input; then
    hyperfine -N -w 20 -r "$RUNS" --input "$payload" --export-json "$tmp/h.json" "$*" >/dev/null
    python3 - "$tmp/h.json" "$name" <<'PY'
import json,sys
t=sorted(json.load(open(sys.argv[1]))["results"][0]["times"])
print("%-28s median %6.2f ms  p99 %6.2f ms" % (sys.argv[2], t[len(t)//2]*1e3, t[min(len(t)-1,int(len(t)*0.99))]*1e3))
PY
    return
  fi
  local i t0 t1 samples=()
  for ((i = 0; i < 20; i++)); do "$@" < "$payload" > /dev/null 2>&1 || true; done
  for ((i = 0; i < RUNS; i++)); do
    t0=${EPOCHREALTIME/./}
    "$@" < "$payload" > /dev/null 2>&1 || true
    t1=${EPOCHREALTIME/./}
    samples+=($((t1 - t0)))
  done
  printf '%s\n' "${samples[@]}" | sort -n | awk -v name="$name" '
    { s[NR] = $1 }
    END { p = int(NR * 0.99); if (p < 1) p = 1
          printf "%-28s median %6.2f ms  p99 %6.2f ms\n", name, s[int((NR + 1) / 2)] / 1000, s[p] / 1000 }'
}

echo "runs: $RUNS  ($(nproc) CPUs, $(uname -sr))"
seed '[{"kind":"hook","plugin":"p","name":"post","event":"PostToolUse","command":"true","format":"symposium","dir":"'"$tmp/plugin"'"},{"kind":"hook","plugin":"p","name":"edit","event":"PreToolUse","matcher":"Edit|Write","command":"true","format":"symposium","dir":"'"$tmp/plugin"'"}]'
time_runs "floor (read stdin, exit)" "$tmp/floor"
time_runs "cargo-agents hook, no match" "$bin/cargo-agents" hook claude pre-tool-use | tee "$tmp/nomatch.txt"
time_runs "sym-hook, no match" "$bin/sym-hook" claude pre-tool-use
check_quiet

# The hooks' own run time: three `true` processes (a shell script running
# them, minus the same script running nothing).
printf '#!/bin/sh\n' > "$tmp/none.sh"
printf '#!/bin/sh\n/bin/true\n/bin/true\n/bin/true\n' > "$tmp/three.sh"
chmod +x "$tmp/none.sh" "$tmp/three.sh"
time_runs "sh, empty script" "$tmp/none.sh" | tee "$tmp/none.txt"
time_runs "sh, 3× /bin/true" "$tmp/three.sh" | tee "$tmp/three.txt"

h='{"kind":"hook","plugin":"p","name":"t","event":"PreToolUse","matcher":"Bash","command":"true","format":"symposium","dir":"'"$tmp/plugin"'"}'
seed "[$h,$h,$h]"
time_runs "cargo-agents hook, 3 hooks" "$bin/cargo-agents" hook claude pre-tool-use | tee "$tmp/hooks.txt"
check_quiet
med() { awk '{print $(NF-4)}' "$1"; }
awk -v a="$(med "$tmp/nomatch.txt")" -v b="$(med "$tmp/hooks.txt")" -v n="$(med "$tmp/none.txt")" -v t="$(med "$tmp/three.txt")" \
  'BEGIN { printf "dispatch overhead of 3 hooks (median): %.2f ms = %.2f - %.2f - (%.2f - %.2f)\n", b - a - (t - n), b, a, t, n }'
