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
