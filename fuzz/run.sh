#!/usr/bin/env bash
# Runs the fuzz targets, each for a given time, with corpora seeded from the
# real data in the repository's testdata/ (override with ICCF_DATA).
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     # default: 300 s, all targets
#
# cargo-fuzz needs nightly flags (-Zsanitizer); on a stable toolchain
# RUSTC_BOOTSTRAP=1 enables them. Crashes are saved under
# fuzz/artifacts/TARGET/; replay one with
#   RUSTC_BOOTSTRAP=1 cargo fuzz run TARGET fuzz/artifacts/TARGET/crash-...
# and turn it into a regression test in the normal test suite.
set -euo pipefail
cd "$(dirname "$0")"

secs=${1:-300}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(numeric_move localized_san read_move pgn)
fi
data=${ICCF_DATA:-../testdata}
export RUSTC_BOOTSTRAP=1

if ! command -v cargo-fuzz >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

seed() {
    local dir=corpus/$1
    [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ] && return 0
    mkdir -p "$dir"
    case $1 in
    pgn)
        # Each game of each file on its own (cut before every [Event), and
        # the small files whole.
        find "$data/pgn" -name '*.pgn' | while read -r f; do
            base=$(basename "$f" .pgn)
            awk -v out="$dir/$base" '/^\[Event /{n++} {print > (out "-" n+0)}' "$f"
            [ "$(wc -c <"$f")" -lt 65536 ] && cp "$f" "$dir/$base-whole"
        done
        cp "$data"/numeric/*.txt "$dir"/
        ;;
    numeric_move)
        cat "$data"/numeric/*.txt "$data"/numeric/*.tsv |
            grep -oE '[0-9][0-9 ./-]{3,6}' | sort -u |
            awk -v d="$dir" 'NR <= 2000 {printf "%s", $0 > (d "/n" NR)}'
        ;;
    localized_san | read_move)
        # SAN, numeric and coordinate tokens from the games, and German SAN.
        cat "$data"/pgn/*/*.pgn "$data"/pgn/pgn-extract/expected-output/*.pgn "$data"/numeric/*.txt |
            grep -v '^\[' | tr -s ' \t\r' '\n' | grep -E '^[A-Za-z0-9][A-Za-z0-9=+#x@:-]*$' |
            # awk reads to the end: `head` would stop the pipe early, and
            # pipefail would end the script.
            sort -u | awk -v d="$dir" 'NR <= 3000 {printf "%s", $0 > (d "/t" NR)}'
        ;;
    esac
}

for t in "${targets[@]}"; do
    seed "$t"
    mkdir -p "artifacts/$t"
    echo "== $t: $secs s, corpus $(ls "corpus/$t" | wc -l) files"
    max_len=64
    [ "$t" = pgn ] && max_len=8192
    cargo fuzz run "$t" "corpus/$t" -- \
        -max_total_time="$secs" -max_len="$max_len" -rss_limit_mb=2048 \
        -timeout=20 -print_final_stats=1
done
