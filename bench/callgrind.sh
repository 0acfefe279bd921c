#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind) of the bench/run.sh cases
# for one or more iccf binaries: stable where wall time on a shared machine
# is not, so each step of a performance change can be measured.
#
# Usage: bench/callgrind.sh [-f PGN] ICCF...   (default PGN: testdata twic944)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
input=$root/testdata/pgn/pgn4web/twic944.pgn
while getopts "f:" opt; do
  case $opt in
    f) input=$OPTARG ;;
    *) sed -n 2,6p "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n 2,6p "$0"; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian: apt-get install valgrind)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The numeric input is the first binary's conversion, the same for all.
"$1" convert -q --to numeric -j1 "$input" -o "$tmp/numeric.pgn"

# Instructions executed by one run, all threads together.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$@" >/dev/null 2>"$tmp/log"
  awk '/Collected/ {print $NF}' "$tmp/log"
}
printf "%-34s" "case"
for b in "$@"; do printf " %16s" "$(basename "$b")"; done
echo
cases=(
  "SAN->numeric text -j1|--to numeric --format text|$input"
  "SAN->numeric pgn -j1|--to numeric|$input"
  "numeric->SAN pgn -j1|--to san|$tmp/numeric.pgn"
  "numeric->SAN text -j1|--to san --format text|$tmp/numeric.pgn"
  # Game records, as iccf.games and --format parquet make them too.
  "SAN->jsonl -j1|--format jsonl|$input"
)
for c in "${cases[@]}"; do
  IFS='|' read -r name args file <<<"$c"
  printf "%-34s" "$name"
  for b in "$@"; do
    # shellcheck disable=SC2086 # args are words
    printf " %16s" "$(count "$b" convert -q $args -j1 "$file")"
  done
  echo
done
