"""Throughput of the Python package against pure python-chess, in MB/s of
PGN read, on testdata/pgn/pgn4web/twic944.pgn (2.5 MB, 2,953 games).

    target/py-venv/bin/python bench/python_bench.py [--runs 3] [--copies 8] [--games-only]

* iccf.convert_file to numeric PGN, on 1 thread and on every core, over
  `--copies` copies of the file (so a run lasts long enough to time);
* iccf.games: every record read, every move's numeric form touched, by
  notation set (all five, numeric and SAN, numeric alone), then with one
  notation as a str (`notations="numeric"`, `"san"`: each move its text,
  every text touched); then those loops alone over numeric records
  already read, the Python side's share;
* iccf.games_arrow: pyarrow record batches of 10,000 games (numeric and
  SAN columns);
* the split run: split_points(2) on 2 processes against one pass;
* iccf.numeric(board, move): calls a second over the (board, move) pairs
  of the file's first 300 games, against iccf.move(uci, fen=board.fen()),
  the way that reads the position;
* python-chess: the same loop in pure Python (chess.pgn.read_game, each
  main-line move written as numeric and SAN), once over one copy: it is
  slow enough to time on its own.

Each iccf figure is the best of `--runs`. Run it on a quiet machine, once.
`--games-only` times convert_file and games() alone, with games()'s share
of convert_file's all-cores MB/s: quick to run while working on games().
"""

import argparse
import os
import pathlib
import tempfile
import time

import chess
import chess.pgn

import iccf

ROOT = pathlib.Path(__file__).resolve().parents[1]
TWIC = ROOT / "testdata" / "pgn" / "pgn4web" / "twic944.pgn"
PROMOTION_DIGIT = {chess.QUEEN: "1", chess.ROOK: "2", chess.BISHOP: "3", chess.KNIGHT: "4"}


def best(runs, fn):
    """The shortest of `runs` timings of fn(), in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def numeric_of(board, move):
    """ICCF numeric for a python-chess move, in pure Python."""
    if board.is_castling(move) and board.chess960:
        return None  # not in this file; kept out of the loop's cost
    digits = "".join(
        f"{chess.square_file(s) + 1}{chess.square_rank(s) + 1}" for s in (move.from_square, move.to_square)
    )
    return digits + PROMOTION_DIGIT.get(move.promotion, "")


def python_chess_loop(path, out_path):
    """Read every game with python-chess; write the numeric movetext and
    keep a record of numeric/SAN/UCI per move, as iccf.games gives."""
    records = 0
    with open(path, encoding="utf-8", errors="replace") as f, open(out_path, "w") as out:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return records
            board = game.board()
            moves = []
            for move in game.mainline_moves():
                moves.append({"numeric": numeric_of(board, move), "san": board.san(move), "uci": move.uci()})
                board.push(move)
            out.write(" ".join(m["numeric"] or "" for m in moves) + "\n")
            records += 1


def games_loop(path, notations=None):
    return touch_loop(iccf.games(path, notations=notations))


def touch_loop(records):
    """Every move of every record touched: its numeric form, or its text
    when the moves are texts (notations given as a str)."""
    plies = 0
    for record in records:
        moves = record["moves"]
        if moves and isinstance(moves[0], str):
            plies += sum(len(m) > 0 for m in moves)
        else:
            plies += sum(len(m["numeric"]) > 0 for m in moves)
    return plies


def arrow_loop(path):
    return sum(batch.num_rows for batch in iccf.games_arrow(path, batch_size=10_000))


def count_range(args):
    path, start, end = args
    return sum(1 for _ in iccf.games(path, start=start, end=end, jobs=1))


def split_run(path, workers):
    """The games of `path` counted by `workers` processes on byte ranges."""
    import concurrent.futures

    ranges = iccf.split_points(path, workers)
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        return sum(pool.map(count_range, [(str(path), a, b) for a, b in ranges]))


def numeric_calls_per_second(runs):
    """iccf.numeric's calls a second on real positions, and those of
    reading the move in its position through the FEN."""
    pairs = []
    with open(TWIC, encoding="utf-8", errors="replace") as f:
        for _ in range(300):
            game = chess.pgn.read_game(f)
            board = game.board()
            for move in game.mainline_moves():
                pairs.append((board.copy(stack=False), move))
                board.push(move)
    numeric = iccf.numeric

    def squares():
        for board, move in pairs:
            numeric(board, move)

    def through_fen():
        for board, move in pairs[:5000]:
            iccf.move(move.uci(), fen=board.fen()).numeric

    return len(pairs) / best(runs, squares), 5000 / best(1, through_fen)


def print_rows(rows, base=None):
    """Each row's MB/s, as a share of convert_file on every core (the
    second row) and, given `base`, as a multiple of python-chess."""
    all_cores = rows[1][1]
    for name, mbs in rows:
        line = f"  {name:<44} {mbs:8.2f} MB/s  {mbs / all_cores:5.2f}x convert_file all cores"
        if base:
            line += f"  {mbs / base:6.1f}x python-chess"
        print(line)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--copies", type=int, default=8)
    parser.add_argument("--games-only", action="store_true",
                        help="time convert_file and games() alone")
    args = parser.parse_args()
    size = TWIC.stat().st_size
    with tempfile.TemporaryDirectory() as tmp:
        big = pathlib.Path(tmp) / "twic-copies.pgn"
        data = TWIC.read_bytes()
        big.write_bytes(data * args.copies)
        big_mb = size * args.copies / 1e6
        dst = pathlib.Path(tmp) / "out.pgn"
        cores = os.cpu_count()
        rows = []
        for jobs, label in [(1, "1 thread"), (None, f"all cores ({cores})")]:
            secs = best(args.runs, lambda: iccf.convert_file(big, dst, to="numeric", jobs=jobs))
            rows.append((f"iccf.convert_file, {label}", big_mb / secs))
        shapes = [(None, "all"), (("numeric", "san"), "numeric+san"), (("numeric",), "numeric"),
                  ("numeric", '"numeric" (str)'), ("san", '"san" (str)')]
        for notations, label in shapes:
            secs = best(args.runs, lambda: games_loop(big, notations))
            rows.append((f"iccf.games, notations={label}", big_mb / secs))
        for notations, label in [(("numeric",), "dicts"), ("numeric", "texts")]:
            held = list(iccf.games(big, notations=notations))
            secs = best(args.runs, lambda: touch_loop(held))
            rows.append((f"  its Python loop alone, {label} held", big_mb / secs))
            del held
        if args.games_only:
            print(f"{TWIC.name}: iccf over {args.copies} copies, best of {args.runs}")
            print_rows(rows)
            return
        secs = best(args.runs, lambda: arrow_loop(big))
        rows.append(("iccf.games_arrow, batches of 10,000", big_mb / secs))
        secs = best(args.runs, lambda: sum(1 for _ in iccf.games(big, jobs=1)))
        rows.append(("iccf.games, one pass, 1 thread", big_mb / secs))
        secs = best(args.runs, lambda: split_run(big, 2))
        rows.append(("iccf.games, split_points(2), 2 processes", big_mb / secs))
        secs = best(1, lambda: python_chess_loop(TWIC, dst))
        rows.append(("python-chess read_game + numeric/SAN/UCI", size / 1e6 / secs))
    base = rows[-1][1]
    fast, slow = numeric_calls_per_second(args.runs)
    print(f"iccf.numeric(board, move): {fast / 1e6:.2f} M calls/s "
          f"(iccf.move(uci, fen=board.fen()): {slow / 1e3:.1f} k calls/s)")
    print(f"{TWIC.name}: {size / 1e6:.2f} MB, iccf over {args.copies} copies, best of {args.runs}")
    print_rows(rows, base)


if __name__ == "__main__":
    main()
