#!/usr/bin/env bash
# Checks that two iccf binaries write the same bytes (stdout, stderr, exit
# status) for every PGN file under testdata/pgn (or DATA_DIR), in every output format
# and target notation: the guard for performance changes.
#
# Usage: [JOBS="1 2"] bench/compare.sh OLD_ICCF NEW_ICCF [DATA_DIR]
set -u
old=$1 new=$2
data=${3:-${ICCF_DATA:-$(cd "$(dirname "$0")/.." && pwd)/testdata/pgn}}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=0 runs=0 diffs=0
# Numeric inputs too: the numeric output of the old binary, per file.
while IFS= read -r -d '' f; do
  files=$((files + 1))
  "$old" convert --to numeric -q -j1 "$f" >"$tmp/numeric.pgn" 2>/dev/null
  for input in "$f" "$tmp/numeric.pgn"; do
    for format in pgn text jsonl; do
      for to in default numeric san lan uci figurine; do
        args=(convert -q --format "$format")
        [ "$to" = default ] || args+=(--to "$to")
        for jobs in ${JOBS:-1}; do
          runs=$((runs + 1))
          "$old" "${args[@]}" -j$jobs "$input" >"$tmp/o1" 2>"$tmp/e1"; s1=$?
          "$new" "${args[@]}" -j$jobs "$input" >"$tmp/o2" 2>"$tmp/e2"; s2=$?
          if ! cmp -s "$tmp/o1" "$tmp/o2" || ! cmp -s "$tmp/e1" "$tmp/e2" || [ $s1 != $s2 ]; then
            diffs=$((diffs + 1))
            echo "DIFFERS: ${args[*]} -j$jobs $input (from $f)"
          fi
        done
      done
    done
  done
done < <(find "$data" -name '*.pgn' -print0 | sort -z)
echo "$files files, $runs runs, $diffs differ"
[ $diffs = 0 ]
