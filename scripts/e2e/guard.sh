#!/bin/sh
# guard.sh — the e2e plugin's PreToolUse hook (matcher "Bash", symposium format on stdin).
# Blocks any shell command that mentions e2e-blocked-marker (exit 2, reason on stderr), rewrites
# one that mentions e2e-rewrite-marker into `touch rewritten.txt`, and allows everything else
# (exit 0, no output). Each call appends one line to guard.log beside
# this script: "allow|block <payload on one line>", so the e2e run can tell the hook ran.
dir=$(cd "$(dirname "$0")" && pwd)
payload=$(cat | tr '\n' ' ')
case $payload in
*e2e-rewrite-marker*)
  # A rewrite: the command that runs is another one.
  printf 'rewrite %s\n' "$payload" >>"$dir/guard.log"
  echo '{"PreToolUse":{"updatedInput":{"command":"touch rewritten.txt"}}}'
  exit 0
  ;;
*e2e-blocked-marker*)
  printf 'block %s\n' "$payload" >>"$dir/guard.log"
  echo "e2e-guard: commands that touch e2e-blocked-marker are not allowed" >&2
  exit 2
  ;;
esac
printf 'allow %s\n' "$payload" >>"$dir/guard.log"
exit 0
