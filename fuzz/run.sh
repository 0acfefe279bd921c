#!/usr/bin/env bash
# Runs the fuzz targets, each for a given time, with corpora seeded from the
# real data in the repository's testdata/ (override with ICCF_DATA).
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     # default: 300 s, all targets
#
# Targets: the move readers (numeric_move, localized_san, read_move), the PGN
# reader and converter (pgn), a received message or .eml (message), a game
# file read, written and read back (game_file), the web API's JSON bodies
# (web_api).
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
    targets=(numeric_move localized_san read_move pgn message game_file web_api)
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
    message)
        # Received messages: the e-mails of the test folder and of the
        # mail tests, the plain-text game record.
        cp "$data"/corr/folder/messages/* "$data"/corr/mail/*.eml "$dir"/
        cp "$data"/corr/*.txt "$dir"/
        ;;
    game_file)
        cp "$data"/corr/folder/games/*.pgn "$dir"/
        ;;
    web_api)
        # A byte naming the endpoint (see web_api.rs), then a JSON body.
        python3 - "$data" "$dir" <<'PY'
import json, pathlib, sys
data, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
games = [p.read_text() for p in sorted((data / "corr/folder/games").glob("*.pgn"))][:8]
mails = [p.read_text(errors="replace") for p in sorted((data / "corr/folder/messages").glob("*"))][:8]
line = {"moves": ["5254", "5755", "7163"], "notation": "san", "lang": "de"}
bodies = [
    (0, {**line, "ply": 1}), (0, {"moves": ["5254", "5754"]}),
    (0, {"fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "moves": ["1718"]}),
    (1, {**line, "text": "Sc6", "input_lang": "de"}), (1, {"moves": [], "text": "e2e4"}),
    (2, {"text": "1. e4 e5 2. Sf3 *"}), (2, {"text": "Our game: 1. 5254 5755\nMy move: 2. 7163"}),
    (3, {**line, "tags": [["White", "Anna"]], "format": "text", "notation": "figurine"}),
    (4, {"game": ""}), (6, {"game": "", "side": "white", "move": "e4", "date": "2026.12.01"}),
]
bodies += [(2, {"text": g}) for g in games]
bodies += [(4, {"game": g}) for g in games]
bodies += [(5, {"game": g, "message": m, "apply": True, "date": "2026.12.20"}) for g in games for m in mails[:2]]
bodies += [(6, {"game": g, "move": "5254", "message_lang": "fr", "also": "san", "offer_draw": True}) for g in games]
for i, (endpoint, body) in enumerate(bodies):
    (out / f"b{i}").write_bytes(bytes([endpoint]) + json.dumps(body).encode())
PY
        ;;
    esac
}

# A crash ends its target's run, not the others'; the summary names
# each target's executions and crashes (the full output is in
# logs/TARGET.log), and the status is 1 if any target crashed.
status=0
summary=()
for t in "${targets[@]}"; do
    seed "$t"
    mkdir -p "artifacts/$t" logs
    echo "== $t: $secs s, corpus $(ls "corpus/$t" | wc -l) files"
    case $t in
    pgn) max_len=8192 ;;
    message | game_file | web_api) max_len=16384 ;;
    *) max_len=64 ;;
    esac
    crashed=0
    cargo fuzz run "$t" "corpus/$t" -- \
        -max_total_time="$secs" -max_len="$max_len" -rss_limit_mb=2048 \
        -timeout=20 -print_final_stats=1 2>&1 | tee "logs/$t.log" || crashed=1
    if [ $crashed = 1 ]; then status=1; fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "logs/$t.log" | grep -o '[0-9]*$' || echo '?')
    summary+=("$t: $secs s, $runs executions, $crashed crash")
done
printf '== %s\n' "${summary[@]}"
exit $status
