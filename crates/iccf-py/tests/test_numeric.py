"""iccf.numeric from a move's squares, against iccf.move's numeric on the
real games of testdata; fen= taking a chess.Board; the square helpers."""

import chess
import chess.pgn
import pytest

import iccf
from conftest import TESTDATA
from test_chess_oracle import python_chess_games


@pytest.mark.parametrize("name", ["pgn4web/twic944.pgn", "pgn4web/chess960wch06.pgn"])
def test_numeric_from_squares_is_what_iccf_move_writes(name):
    plies = 0
    for game in python_chess_games(TESTDATA / "pgn" / name, 200):
        board = game.board()
        for move in game.mainline_moves():
            if not move:
                break
            expected = iccf.move(move.uci(), fen=board).numeric
            assert iccf.numeric(board, move) == expected, (board.fen(), move)
            assert iccf.numeric(board, move.uci()) == expected
            board.push(move)
            plies += 1
    assert plies > 300


@pytest.mark.parametrize(
    "fen, uci, expected",
    [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "5171"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1", "5131"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8h8", "5878"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", "5838"),
        # No castling: a rook's move to the corner.
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "1118"),
    ],
)
def test_castling_as_king_takes_rook_on_a_standard_board(fen, uci, expected):
    """A Chess960 engine sends castling as king takes rook (e1h1), which
    python-chess plays on a standard board too: numeric() wrote 5181,
    which no ICCF reader takes. It is the king's move, 5171."""
    board = chess.Board(fen)
    move = chess.Move.from_uci(uci)
    assert iccf.numeric(board, move) == expected == iccf.numeric(board, uci)
    assert iccf.move(expected, fen=board).uci in (uci, board.uci(move))
    # The squares alone are read, not the move's legality: an opponent's
    # rook in the corner is no castling.
    assert iccf.numeric(chess.Board("4k3/8/8/8/8/8/8/4K2r w - - 0 1"), "e1h1") == "5181"


def test_numeric_of_an_iccf_move_and_a_null_move():
    assert iccf.numeric(None, iccf.move("Nf3")) == "7163"
    with pytest.raises(ValueError, match="null"):
        iccf.numeric(chess.Board(), chess.Move.null())
    with pytest.raises(ValueError):
        iccf.numeric(chess.Board(), "e9e4")


@pytest.mark.parametrize("piece, name", [(chess.KING, "king"), (chess.PAWN, "pawn")])
def test_a_promotion_to_a_king_or_a_pawn_is_a_value_error(piece, name):
    # python-chess makes such a move; numeric has no digit for it.
    move = chess.Move(chess.E7, chess.E8, piece)
    with pytest.raises(ValueError, match=f"promotion to a {name} has no numeric form"):
        iccf.numeric(chess.Board(), move)


def test_fen_takes_a_board():
    board = chess.Board()
    for san in ["e4", "e5", "Nf3"]:
        board.push_san(san)
    assert iccf.move("Nc6", fen=board) == iccf.move("Nc6", after="1. e4 e5 2. Nf3")
    board960 = chess.Board.from_chess960_pos(0)
    m = iccf.move(list(board960.legal_moves)[0].uci(), fen=board960)
    assert m.chess960


def test_square_helpers_both_ways():
    for square in chess.SQUARES:
        digits = iccf.numeric_square(square)
        assert digits == int(f"{chess.square_file(square) + 1}{chess.square_rank(square) + 1}")
        assert iccf.chess_square(digits) == square
    assert iccf.chess_square(52) == chess.E2 and iccf.numeric_square(chess.E2) == 52
    for bad in (10, 19, 90, 0, 99):
        with pytest.raises(ValueError):
            iccf.chess_square(bad)
    with pytest.raises(ValueError):
        iccf.numeric_square(64)
    # fen=5 was an AttributeError ("'int' object has no attribute 'fen'").
    with pytest.raises(TypeError, match="fen is FEN text or a board"):
        iccf.move("e4", fen=5)
    # 52.9 was cut to 52 (e2), True read as square 1 (b1).
    for bad in (52.9, "52", True, None):
        with pytest.raises(TypeError):
            iccf.chess_square(bad)
        with pytest.raises(TypeError):
            iccf.numeric_square(bad)
