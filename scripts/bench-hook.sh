#!/usr/bin/env bash
# bench-hook.sh [BIN_DIR]: whole-process cost of the hook path.
#
# Times `sym-hook claude pre-tool-use` (the command agents run; it answers
# this call itself) and `cargo-agents hook claude pre-tool-use` (the full
# hook) on an unchanged workspace with auto-sync on and no matching plugin
# hook, against a floor (a Go binary that only reads stdin and exits:
# scripts/floor), then the dispatch overhead with three matching plugin
# hooks that run `true` against three bare `sh -c true` (sym-hook hands
# that call to the full hook). Median and p99 over RUNS runs (default
# 300), in a bash loop timed with
# $EPOCHREALTIME (no extra process per sample).
#
# Targets: median ≤ 2× the floor, p99 ≤ 10 ms, overhead ≤ 3 ms above the
# hooks' own run time. Touches nothing outside a temp directory.
set -euo pipefail
RUNS=${RUNS:-300}
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck source=scripts/bench-lib.sh
. "$repo/scripts/bench-lib.sh"
bench_binaries "$repo" "$tmp" "${1:-}"

export SYMPOSIUM_HOME=$tmp/home HOME=$tmp/home
mkdir -p "$SYMPOSIUM_HOME" "$tmp/ws" "$tmp/plugins/p"
bench_config "$SYMPOSIUM_HOME/config.toml" "$tmp/plugins" claude
# A workspace depending on serde (the one scripts/e2e-agents-hooks.sh uses).
cp -R "$repo/scripts/e2e/serde-ws/." "$tmp/ws/"
payload=$tmp/payload.json
sed "s#/home/dev/project#$tmp/ws#g" "$("$repo/scripts/find-shared.sh")/agent-payloads/claude/PreToolUse.json" > "$payload" 2>/dev/null ||
  printf '{"session_id":"s","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cargo test"}}' "$tmp/ws" > "$payload"

# plugin HOOKS_TOML: the plugin's manifest, then a real `cargo agents sync`
# stores the state the hook reads. A fingerprint taken of files written in
# the last 2 s is not trusted (the next hook call would sync again), so
# sync once more after they have aged, as any later sync would.
plugin() {
  printf 'name = "p"\ncrates = ["serde"]\n%s' "$1" > "$tmp/plugins/p/SYMPOSIUM.toml"
  (cd "$tmp/ws" && PATH="$bin:$PATH" "$bin/cargo-agents" -q sync && sleep 2.1 && PATH="$bin:$PATH" "$bin/cargo-agents" -q sync)
  rm -rf "$SYMPOSIUM_HOME/logs"
}
# A tripwire: if auto-sync ever ran, it would log into a log file.
check_quiet() {
  if [ -d "$SYMPOSIUM_HOME/logs" ]; then echo "unexpected log (sync or failure):" >&2; cat "$SYMPOSIUM_HOME"/logs/* >&2; exit 1; fi
}


echo "runs: $RUNS  ($(nproc) CPUs, $(uname -sr))"
plugin '
[[hooks]]
name = "post"
event = "PostToolUse"
command = "true"

[[hooks]]
name = "edit"
event = "PreToolUse"
matcher = "Edit|Write"
command = "true"
'
time_runs "floor (read stdin, exit)" "$payload" "$tmp/floor"
time_runs "sym-hook, no match" "$payload" "$bin/sym-hook" claude pre-tool-use | tee "$tmp/nomatch.txt"
time_runs "cargo-agents hook (the full hook), no match" "$payload" "$bin/cargo-agents" hook claude pre-tool-use
check_quiet

# The hooks' own run time: three `true` processes (a shell script running
# them, minus the same script running nothing).
printf '#!/bin/sh\n' > "$tmp/none.sh"
printf '#!/bin/sh\n/bin/true\n/bin/true\n/bin/true\n' > "$tmp/three.sh"
chmod +x "$tmp/none.sh" "$tmp/three.sh"
time_runs "sh, empty script" "$payload" "$tmp/none.sh" | tee "$tmp/none.txt"
time_runs "sh, 3× /bin/true" "$payload" "$tmp/three.sh" | tee "$tmp/three.txt"

h='
[[hooks]]
name = "t"
event = "PreToolUse"
matcher = "Bash"
command = "true"
'
plugin "$h$h$h"
time_runs "sym-hook, 3 hooks" "$payload" "$bin/sym-hook" claude pre-tool-use | tee "$tmp/hooks.txt"
time_runs "cargo-agents hook (the full hook), 3 hooks" "$payload" "$bin/cargo-agents" hook claude pre-tool-use
check_quiet
med() { awk '{print $(NF-4)}' "$1"; }
awk -v a="$(med "$tmp/nomatch.txt")" -v b="$(med "$tmp/hooks.txt")" -v n="$(med "$tmp/none.txt")" -v t="$(med "$tmp/three.txt")" \
  'BEGIN { printf "dispatch overhead of 3 hooks (median): %.2f ms = %.2f - %.2f - (%.2f - %.2f)\n", b - a - (t - n), b, a, t, n }'
