# bench-lib.sh: sourced by the bench scripts. time_runs NAME INPUT CMD...
# prints "NAME median X ms p99 Y ms" over RUNS runs of CMD with stdin from
# INPUT, in a bash loop timed with
# $EPOCHREALTIME (no extra process per sample); it also sets MEDIAN_MS.
time_runs() {
  local name=$1 input=$2; shift 2
  local i t0 t1 samples=()
  for ((i = 0; i < 10; i++)); do "$@" < "$input" > /dev/null 2>&1 || true; done
  for ((i = 0; i < RUNS; i++)); do
    t0=${EPOCHREALTIME/./}
    "$@" < "$input" > /dev/null 2>&1 || true
    t1=${EPOCHREALTIME/./}
    samples+=($((t1 - t0)))
  done
  local line
  line=$(printf '%s\n' "${samples[@]}" | sort -n | awk -v name="$name" '
    { s[NR] = $1 }
    END { p = int(NR * 0.99); if (p < 1) p = 1
          printf "%-48s median %7.2f ms  p99 %7.2f ms\n", name, s[int((NR + 1) / 2)] / 1000, s[p] / 1000 }')
  echo "$line"
  MEDIAN_MS=$(awk '{ print $(NF-4) }' <<<"$line")
}

# ratio A B: A/B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# bench_binaries REPO TMP [BIN_DIR]: sets bin to BIN_DIR, or builds the six
# binaries into TMP/bin when none is given, and builds the floor (a Go
# binary that only reads stdin) into TMP/floor.
bench_binaries() {
  local repo=$1 tmp=$2
  bin=${3:-}
  [ -z "$bin" ] || bin=$(cd "$bin" && pwd)
  if [ -z "$bin" ]; then
    bin=$tmp/bin
    (cd "$repo" && CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$bin/" ./cmd/...)
  fi
  (cd "$repo" && CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$tmp/floor" ./scripts/floor)
}

# every_agent_toml: the [[agent]] tables of a config that has every agent.
every_agent_toml() {
  local a
  for a in claude codex copilot gemini goose kiro opencode; do printf '[[agent]]\nname = "%s"\n' "$a"; done
}

# bench_config FILE SOURCE_DIR AGENT...: a symposium config.toml with
# project-scope hooks, auto-sync on, the given agents and one local plugin
# source ("bench") at SOURCE_DIR, and nothing else (no central source, no
# user plugins).
bench_config() {
  local file=$1 src=$2 a
  shift 2
  {
    printf 'auto-sync = true\nhook-scope = "project"\n\n'
    for a in "$@"; do printf '[[agent]]\nname = "%s"\n' "$a"; done
    printf '\n[defaults]\nsymposium-recommendations = false\nuser-plugins = false\n\n[[plugin-source]]\nname = "bench"\npath = "%s"\n' "$src"
  } > "$file"
}
