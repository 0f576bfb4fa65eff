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

# time_vs_floor NAME INPUT CMD...: like time_runs, but each run of CMD
# follows a run of the floor ($FLOOR) on the same input, so that a machine
# whose speed drifts during a long bench moves both alike. Prints CMD's
# median and p99, then the ratio of its median to the floor's over the same
# runs; sets MEDIAN_MS (CMD's) and FLOOR_MS.
time_vs_floor() {
  local name=$1 input=$2; shift 2
  local i t0 t1 t2 cmd=() flo=()
  for ((i = 0; i < 10; i++)); do
    "$FLOOR" < "$input" > /dev/null 2>&1 || true
    "$@" < "$input" > /dev/null 2>&1 || true
  done
  for ((i = 0; i < RUNS; i++)); do
    t0=${EPOCHREALTIME/./}
    "$FLOOR" < "$input" > /dev/null 2>&1 || true
    t1=${EPOCHREALTIME/./}
    "$@" < "$input" > /dev/null 2>&1 || true
    t2=${EPOCHREALTIME/./}
    flo+=($((t1 - t0)))
    cmd+=($((t2 - t1)))
  done
  local p99 fp99
  read -r MEDIAN_MS p99 <<<"$(median_p99 "${cmd[@]}")"
  read -r FLOOR_MS fp99 <<<"$(median_p99 "${flo[@]}")"
  printf "%-48s median %7.2f ms  p99 %7.2f ms\n" "$name" "$MEDIAN_MS" "$p99"
  echo "    = $(ratio "$MEDIAN_MS" "$FLOOR_MS")× floor (floor median $FLOOR_MS ms in the same runs); p99 $(ratio "$p99" "$fp99")× the floor's p99 ($fp99 ms)"
}

# time_vs_floor_walk NAME INPUT WALK CMD...: like time_vs_floor, with a
# run of WALK (a shell function: the file system work CMD cannot avoid,
# such as a stat walk of what it checks) between the floor and CMD in
# each round. Prints CMD's median and p99, its ratio to the floor, and
# its ratio to floor + WALK (the median of the per-round sums); sets
# MEDIAN_MS, FLOOR_MS and WALK_MS.
time_vs_floor_walk() {
  local name=$1 input=$2 walk=$3; shift 3
  local i t0 t1 t2 t3 cmd=() flo=() wlk=() sum=()
  for ((i = 0; i < 10; i++)); do
    "$FLOOR" < "$input" > /dev/null 2>&1 || true
    "$walk" > /dev/null 2>&1 || true
    "$@" < "$input" > /dev/null 2>&1 || true
  done
  for ((i = 0; i < RUNS; i++)); do
    t0=${EPOCHREALTIME/./}
    "$FLOOR" < "$input" > /dev/null 2>&1 || true
    t1=${EPOCHREALTIME/./}
    "$walk" > /dev/null 2>&1 || true
    t2=${EPOCHREALTIME/./}
    "$@" < "$input" > /dev/null 2>&1 || true
    t3=${EPOCHREALTIME/./}
    flo+=($((t1 - t0)))
    wlk+=($((t2 - t1)))
    sum+=($((t2 - t0)))
    cmd+=($((t3 - t2)))
  done
  local p99 both
  read -r MEDIAN_MS p99 <<<"$(median_p99 "${cmd[@]}")"
  read -r FLOOR_MS _ <<<"$(median_p99 "${flo[@]}")"
  read -r WALK_MS _ <<<"$(median_p99 "${wlk[@]}")"
  read -r both _ <<<"$(median_p99 "${sum[@]}")"
  printf "%-48s median %7.2f ms  p99 %7.2f ms\n" "$name" "$MEDIAN_MS" "$p99"
  echo "    = $(ratio "$MEDIAN_MS" "$FLOOR_MS")× floor (floor median $FLOOR_MS ms in the same runs)"
  echo "    = $(ratio "$MEDIAN_MS" "$both")× (floor + walk) (walk median $WALK_MS ms, floor + walk median $both ms in the same runs)"
}

# median_p99 MICROSECONDS...: "MEDIAN P99" in milliseconds.
median_p99() {
  printf '%s\n' "$@" | sort -n | awk '{ s[NR] = $1 } END { p = int(NR * 0.99); if (p < 1) p = 1; printf "%.2f %.2f", s[int((NR + 1) / 2)] / 1000, s[p] / 1000 }'
}

# ratio A B: A/B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# bench_binaries REPO TMP [BIN_DIR]: sets bin to TMP/bin, holding copies of
# the six binaries in BIN_DIR, or builds them there when none is given, and
# builds the floor (a Go binary that only reads stdin) into TMP/floor. All
# start from one file system: a page fault on an executable costs what its
# file system makes it cost, and the ratios compare start-ups.
bench_binaries() {
  local repo=$1 tmp=$2 from=${3:-} b
  bin=$tmp/bin
  mkdir -p "$bin"
  if [ -n "$from" ]; then
    for b in sym-deps sym-match sym-install sym-hook sym-translate cargo-agents; do cp "$from/$b" "$bin/$b"; done
  else
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
