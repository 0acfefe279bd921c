#!/usr/bin/env bash
# Throughput benchmark for `iccf convert` (issues 4 and 23): MB/s, the ratios
# the targets name, and peak RSS (see bench/README.md). On a busy machine
# prefer bench/callgrind.sh, whose instruction counts do not depend on load.
#
# Usage: [ICCF=BINARY] bench/run.sh [-m TARGET_MB] [-r RUNS] [-d PGN_DATA_DIR]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
data=${ICCF_DATA:-$root/testdata/pgn}
target_mb=${TARGET_MB:-50}
runs=${RUNS:-7}
while getopts "m:r:d:" opt; do
  case $opt in
    m) target_mb=$OPTARG ;;
    r) runs=$OPTARG ;;
    d) data=$OPTARG ;;
    *) sed -n 2,6p "$0"; exit 2 ;;
  esac
done
work=$here/work
mkdir -p "$work"
jobs=$(nproc)

# --- tools -------------------------------------------------------------------
pgn_extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; } || true)
gnu_time=$( [ -x /usr/bin/time ] && echo /usr/bin/time || true)
missing=()
[ -n "$pgn_extract" ] || missing+=(pgn-extract)
[ -n "$gnu_time" ] || missing+=(time)
command -v zstd >/dev/null || missing+=(zstd)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing ${missing[*]} with apt-get" >&2
    apt-get install -y "${missing[@]}" >/dev/null || apt-get install -y pgn-extract time zstd >/dev/null || true
  else
    echo "missing ${missing[*]}: install them (Debian: sudo apt-get install ${missing[*]}); continuing without" >&2
  fi
  pgn_extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; } || true)
  gnu_time=$( [ -x /usr/bin/time ] && echo /usr/bin/time || true)
  fi

# --- build -------------------------------------------------------------------
echo "building release binaries" >&2
# ICCF=/path/to/iccf times that binary (say, a build of another commit)
# instead of this checkout's.
if [ -z "${ICCF:-}" ]; then
  cargo build --release --locked --manifest-path "$root/Cargo.toml" -p iccf-cli >&2
fi
cargo build --release --manifest-path "$here/floor/Cargo.toml" --target-dir "$work/floor-target" >&2
iccf=${ICCF:-$root/target/release/iccf}
floor=$work/floor-target/release/iccf-bench-floor

# build OUT FILE...: OUT made of the FILEs under $data that exist, repeated
# until it holds target_mb MB; nothing if none exists. Kept once made.
build() {
  local out=$1 f sources=()
  shift
  [ -s "$out" ] && return 0
  for f in "$@"; do
    [ -f "$data/$f" ] && sources+=("$data/$f")
  done
  [ ${#sources[@]} -gt 0 ] || return 0
  : >"$out.tmp"
  while [ "$(stat -c %s "$out.tmp")" -lt $((target_mb * 1000000)) ]; do
    # A blank line between files keeps a file without a final newline apart.
    for f in "${sources[@]}"; do cat "$f"; echo; done >>"$out.tmp"
  done
  mv "$out.tmp" "$out"
}

# --- data: dense master games, plain SAN, no comments ------------------------
input=$work/dense-${target_mb}mb.pgn
build "$input" pgn4web/twic944.pgn pgn4web/euroteams2011.pgn pgn4web/tilb98r2.pgn \
  pgn4web/lon09r5.pgn pgn-extract/fischer.pgn pgn-extract/petrosian.pgn
[ -s "$input" ] || { echo "no PGN files under $data (set -d or ICCF_DATA)" >&2; exit 2; }
# --- data: games with a clock comment after every move, as lichess and live
# broadcasts write them (`1. d4 { [%clk 1:30:58] } 1... Nf6 { ... }`) -------
clocked=$work/clocked-${target_mb}mb.pgn
build "$clocked" pgn4web/oly14r11.pgn pgn4web/tilb98r2.pgn
numeric=$work/dense-${target_mb}mb.numeric.pgn
[ -s "$numeric" ] && [ "$numeric" -nt "$iccf" ] || "$iccf" convert -q --to numeric "$input" -o "$numeric"
# The same games compressed, as archives come (a lichess month is one
# .pgn.zst): read through the decompressing thread.
compressed=$input.zst
if command -v zstd >/dev/null && ! { [ -s "$compressed" ] && [ "$compressed" -nt "$input" ]; }; then
  zstd -q -f -3 "$input" -o "$compressed"
fi
bytes=$(stat -c %s "$input")
nbytes=$(stat -c %s "$numeric")
echo "input: $input ($bytes bytes, $(grep -c '^\[Event ' "$input") games); numeric: $nbytes bytes; $jobs cores; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
cbytes=$( [ -s "$clocked" ] && stat -c %s "$clocked" || echo 0)
[ "$cbytes" = 0 ] || echo "clock comments: $clocked ($cbytes bytes, $(grep -c '^\[Event ' "$clocked") games)" >&2

# --- timing ------------------------------------------------------------------
# Every case runs once per round, rounds repeat $runs times after one warm-up
# round, and each case keeps its best wall time: on a shared or throttling
# machine, interleaving gives every case the same quiet and busy moments,
# which timing one case's runs back to back does not.
names=() sizes=() cmds=()
case_() { # name bytes cmd...
  local quoted
  printf -v quoted '%q ' "${@:3}"
  names+=("$1"); sizes+=("$2"); cmds+=("$quoted")
}
case_ "iccf SAN->numeric text -j1" "$bytes" "$iccf" convert -q --to numeric --format text -j1 "$input"
case_ "iccf SAN->numeric text -j$jobs" "$bytes" "$iccf" convert -q --to numeric --format text -j"$jobs" "$input"
if [ -s "$compressed" ]; then
  case_ "iccf SAN->numeric text -j$jobs .zst" "$bytes" "$iccf" convert -q --to numeric --format text -j"$jobs" "$compressed"
fi
case_ "iccf SAN->numeric pgn -j1" "$bytes" "$iccf" convert -q --to numeric -j1 "$input"
case_ "iccf numeric->SAN pgn -j1" "$nbytes" "$iccf" convert -q --to san -j1 "$numeric"
case_ "iccf numeric->SAN pgn -j$jobs" "$nbytes" "$iccf" convert -q --to san -j"$jobs" "$numeric"
case_ "floor pgn-reader+shakmaty" "$bytes" "$floor" "$input"
if [ "$cbytes" != 0 ]; then
  case_ "iccf SAN->numeric text -j1 clocks" "$cbytes" "$iccf" convert -q --to numeric --format text -j1 "$clocked"
  case_ "floor clocks" "$cbytes" "$floor" "$clocked"
fi
if [ -n "$pgn_extract" ]; then
  case_ "pgn-extract -s -Wuci" "$bytes" "$pgn_extract" -s -Wuci "$input"
  case_ "pgn-extract -s -Wsan" "$bytes" "$pgn_extract" -s -Wsan "$input"
fi
declare -A T R
for round in $(seq 0 "$runs"); do
  for i in "${!names[@]}"; do
    s=$EPOCHREALTIME
    eval "${cmds[$i]}" >/dev/null 2>&1
    e=$EPOCHREALTIME
    [ "$round" = 0 ] && continue # warm-up: caches, CPU frequency
    t=$(echo "$s $e" | awk '{printf "%.4f", $2 - $1}')
    name=${names[$i]}
    if [ -z "${T[$name]:-}" ] || awk -v a="$t" -v b="${T[$name]}" 'BEGIN { exit !(a < b) }'; then
      T[$name]=$t
    fi
  done
done
# peak resident set in MB
rss() {
  [ -n "$gnu_time" ] || { echo "?"; return; }
  "$gnu_time" -v "$@" 2>&1 >/dev/null | awk '/Maximum resident/ {printf "%.0f", $NF/1024}'
}
printf "%-34s %10s %13s %12s\n" "case" "best" "throughput" "peak"
for i in "${!names[@]}"; do
  name=${names[$i]}
  R[$name]=$(eval "rss ${cmds[$i]}")
  printf "%-34s %8.3f s %8.1f MB/s %6s MB RSS\n" "$name" "${T[$name]}" "$(echo "${sizes[$i]} ${T[$name]}" | awk '{print $1/1e6/$2}')" "${R[$name]}"
done

ratio() { echo "${T[$1]} ${T[$2]}" | awk '{printf "%.2f", $2/$1}'; }
echo
echo "targets (same games, time ratios):"
j1="iccf SAN->numeric text -j1"; jn="iccf SAN->numeric text -j$jobs"
if [ -n "$pgn_extract" ]; then
  echo "  SAN->numeric -j1 vs pgn-extract -Wuci:   $(ratio "$j1" "pgn-extract -s -Wuci")x  (target >= 18)"
  echo "  numeric->SAN -j1 vs pgn-extract -Wsan:   $(ratio "iccf numeric->SAN pgn -j1" "pgn-extract -s -Wsan")x  (target >= 12)"
fi
echo "  SAN->numeric -j1 vs floor:               $(ratio "$j1" "floor pgn-reader+shakmaty")x  (target >= 1.6 dense)"
if [ "$cbytes" != 0 ]; then
  echo "  the same, clock comments:                $(ratio "$j1 clocks" "floor clocks")x  (target >= 1.3 lichess-style)"
fi
echo "  SAN->numeric -j$jobs / -j1:                 $(ratio "$jn" "$j1")x  (target >= 1.85 with 2 jobs)"
if [ -n "${T["$jn .zst"]:-}" ]; then
  echo "  .pgn.zst / plain, -j$jobs:                  $(ratio "$jn" "$jn .zst")x  (target <= 1.10)"
fi
echo "  peak RSS:                                $(printf '%s\n' "${R[@]}" | sort -n | tail -1) MB  (target < 32)"
