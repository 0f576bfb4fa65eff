#!/usr/bin/env bash
# bench-opencode.sh [BIN_DIR]: what the OpenCode shim costs inside OpenCode.
#
# Runs, in OpenCode's own runtime (the opencode binary is Bun; BUN_BE_BUN=1
# runs a script with it), the shim's tool.execute.before hook the way
# OpenCode calls it, RUNS times (default 200), with the shim sync installed
# pointing at:
#   - the floor: a Go binary that only reads stdin (scripts/floor), so the
#     figure is the shim plus one process start;
#   - cargo-agents, on an unchanged workspace with auto-sync on and no
#     matching plugin hook.
# Prints median and p99 of each and their ratio. Needs the opencode binary:
# $OPENCODE, else the copy make e2e-agents caches (E2E_CACHE), else opencode
# on PATH; it is skipped without one. Touches nothing outside a temp
# directory.
set -euo pipefail
RUNS=${RUNS:-200}
repo=$(cd "$(dirname "$0")/.." && pwd)
E2E_CACHE=${E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/symposium-e2e}
OPENCODE=${OPENCODE:-}
[ -z "$OPENCODE" ] && OPENCODE=$(ls "$E2E_CACHE"/opencode-*/node_modules/.bin/opencode 2>/dev/null | tail -1 || true)
[ -z "$OPENCODE" ] && OPENCODE=$(command -v opencode || true)
if [ -z "$OPENCODE" ]; then
  echo "opencode shim: skipped (no opencode binary; make e2e-agents installs one into $E2E_CACHE)"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=scripts/bench-lib.sh
. "$repo/scripts/bench-lib.sh"
bench_binaries "$repo" "$tmp" "${1:-}"

export HOME=$tmp/home SYMPOSIUM_HOME=$tmp/home/.symposium
mkdir -p "$SYMPOSIUM_HOME" "$tmp/ws" "$tmp/plugins/p"
cp -R "$repo/scripts/e2e/serde-ws/." "$tmp/ws/"
bench_config "$SYMPOSIUM_HOME/config.toml" "$tmp/plugins" opencode
cat >"$tmp/plugins/p/SYMPOSIUM.toml" <<'TOML'
name = "p"
crates = ["serde"]

[[hooks]]
name = "reads-only"
event = "PreToolUse"
matcher = "Read"
command = "true"
TOML
(cd "$tmp/ws" && PATH="$bin:$PATH" cargo-agents -q sync && sleep 2.1 && PATH="$bin:$PATH" cargo-agents -q sync)
shim=$tmp/ws/.opencode/plugins/symposium.js
sed "s#^const BIN = .*#const BIN = \"$tmp/floor\";#" "$shim" >"$tmp/ws/.opencode/plugins/floor-shim.mjs"
cp "$shim" "$tmp/ws/.opencode/plugins/ours-shim.mjs"
cat >"$tmp/ws/.opencode/plugins/bench.mjs" <<'JS'
import { Symposium as Floor } from "./floor-shim.mjs";
import { Symposium as Ours } from "./ours-shim.mjs";
const ctx = { directory: process.cwd(), worktree: process.cwd() };
const runs = Number(process.env.RUNS);
async function time(name, factory) {
  const h = await factory(ctx);
  const call = () => h["tool.execute.before"]({ tool: "bash", sessionID: "ses_bench", callID: "c" }, { args: { command: "cargo test" } });
  for (let i = 0; i < 10; i++) await call();
  const ms = [];
  for (let i = 0; i < runs; i++) { const t0 = performance.now(); await call(); ms.push(performance.now() - t0); }
  ms.sort((a, b) => a - b);
  const med = ms[Math.floor((ms.length - 1) / 2)], p99 = ms[Math.max(0, Math.floor(ms.length * 0.99) - 1)];
  console.log(`${name.padEnd(48)} median ${med.toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms`);
  return med;
}
const f = await time("  shim -> floor (read stdin, exit)", Floor);
const o = await time("  shim -> sym-hook opencode pre-tool-use", Ours);
console.log(`    = ${(o / f).toFixed(2)}× the shim with the floor`);
JS
echo "opencode shim, tool.execute.before inside OpenCode $("$OPENCODE" --version 2>/dev/null) (Bun), unchanged workspace, no matching hook; runs: $RUNS"
(cd "$tmp/ws" && PATH="$bin:$PATH" RUNS=$RUNS BUN_BE_BUN=1 "$OPENCODE" run .opencode/plugins/bench.mjs)
