"""python-chess as an independent oracle on the real games of testdata/pgn:
every main-line move that python-chess reads, taken to numeric by iccf and
back, is the same move with the same SAN."""

import io

import chess
import chess.pgn
import pytest

import iccf
from conftest import TESTDATA, pgn_files

# twic944 alone has 240,964 plies; its first games are as real as the rest.
MAX_GAMES = 300


def python_chess_games(path, limit=None):
    """The games python-chess reads cleanly, standard chess or Chess960."""
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        count = 0
        while limit is None or count < limit:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            count += 1
            variant = game.headers.get("Variant", "standard").lower()
            if game.errors or variant not in ("standard", "chess960", "fischerandom", "chess 960"):
                continue
            yield game


@pytest.mark.parametrize("path", pgn_files(), ids=lambda p: str(p.relative_to(TESTDATA)))
def test_san_to_numeric_to_san_agrees_with_python_chess(path):
    plies = 0
    for game in python_chess_games(path, MAX_GAMES):
        board = game.board()
        for move in game.mainline_moves():
            if not move:
                break  # a null move, which numeric notation lacks
            number = iccf.numeric(board, move)
            assert number.isdigit() and len(number) in (4, 5), number
            back = iccf.move(number, fen=board.fen(), chess960=board.chess960)
            assert back.san == board.san(move), (path.name, board.fen(), number)
            assert iccf.parse_numeric(board, number) == move
            assert iccf.san(board, move) == board.san(move)
            board.push(move)
            plies += 1
    if path.name == "twic944.pgn":
        assert plies > 20_000


def test_oracle_reaches_castling_promotion_and_en_passant():
    """The oracle run above covers the moves where notations differ most."""
    kinds = set()
    for game in python_chess_games(TESTDATA / "pgn/pgn4web/twic944.pgn", MAX_GAMES):
        board = game.board()
        for move in game.mainline_moves():
            piece = iccf.move(move.uci(), fen=board.fen()).description
            if "castling" in piece:
                kinds.add("castling")
            if "promoting" in piece:
                kinds.add("promotion")
            if "en passant" in piece:
                kinds.add("en passant")
            board.push(move)
    assert kinds == {"castling", "promotion", "en passant"}


@pytest.mark.parametrize(
    "name", ["pgn4web/twic944.pgn", "pgn4web/chess960wch06.pgn", "pgn-extract/petrosian.pgn"]
)
def test_games_records_agree_with_python_chess(name):
    """iccf.games reads a file game by game with the same moves as
    python-chess, and its numeric moves read back as the same moves."""
    path = TESTDATA / "pgn" / name
    records = iccf.games(path)
    compared = 0
    for game, record in zip(python_chess_games(path, MAX_GAMES), records):
        assert record["tags"].get("White") == game.headers.get("White")
        if record["errors"]:
            continue
        board = game.board()
        sans = []
        for move in game.mainline_moves():
            sans.append(board.san(move))
            board.push(move)
        assert [m["san"] for m in record["moves"]] == sans
        assert [m["uci"] for m in record["moves"]] == [m.uci() for m in game.mainline_moves()]
        compared += 1
    assert compared > 0


def test_convert_numeric_round_trip_on_twic_matches_python_chess(testdata):
    """A whole file to numeric PGN and back: python-chess reads the same
    moves from the original and from the round trip."""
    text = (testdata / "pgn/pgn4web/twic944.pgn").read_text(encoding="utf-8", errors="replace")
    numeric, problems = iccf.convert(text, to="numeric")
    assert not [p for p in problems if p.severity == "error"]
    back, _ = iccf.convert(numeric, to="san")
    original, again = io.StringIO(text), io.StringIO(back)
    for _ in range(100):
        a, b = chess.pgn.read_game(original), chess.pgn.read_game(again)
        assert [m.uci() for m in a.mainline_moves()] == [m.uci() for m in b.mainline_moves()]
