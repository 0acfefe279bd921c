"""python-chess interoperation, without depending on python-chess.

A board is anything with ``.fen()`` (a ``chess.Board``) and a move anything
with ``from_square``, ``to_square`` and ``promotion`` (a ``chess.Move`` or
an ``iccf.Move``) or a UCI string.
"""

from typing import Any, Union

from . import _iccf
from ._squares import _DIGITS, from_uci, no_square, numeric_of, promotion_digit


def numeric(board: Any, move: Any) -> str:
    """The ICCF numeric form of ``move`` on ``board``, written from the
    move's squares alone (about a microsecond: no position is read, and
    the move is not checked for legality; ``iccf.move`` checks it).
    Castling is the king's move, as python-chess gives it: ``e1g1``, in
    Chess960 king takes rook, ``e1h1``. On a standard board, king takes
    rook (``e1h1``, as a Chess960 engine sends castling, which python-chess
    plays) is written as the king's move too, ``5171``: ICCF has no other.

    >>> import chess
    >>> board = chess.Board()
    >>> numeric(board, chess.Move.from_uci("e2e4"))
    '5254'
    >>> numeric(chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1c1")
    '5131'
    >>> numeric(chess.Board("8/P6k/8/8/8/8/8/K7 w - - 0 1"), chess.Move.from_uci("a7a8n"))
    '17184'
    >>> numeric(chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1h1")
    '5171'
    """
    if isinstance(move, str):
        start, end, promotion = from_uci(move)
        if end in _CORNERS and start in _KING_HOMES:
            end = _castling_end(board, start, end)
        return numeric_of(start, end, promotion)
    start = move.from_square
    end = move.to_square
    if end in _CORNERS and start in _KING_HOMES:
        end = _castling_end(board, start, end)
    if getattr(move, "drop", None):
        raise ValueError(f"a drop ({move.uci()}) has no numeric form")
    if start == end:
        raise ValueError("a null move has no numeric form")
    promotion = move.promotion
    # numeric_of's lookups, inlined: this is the hot path of a python-chess
    # loop (a call more costs a tenth of its time).
    try:
        if promotion:
            return _DIGITS[start] + _DIGITS[end] + promotion_digit(promotion)
        return _DIGITS[start] + _DIGITS[end]
    except (KeyError, TypeError):
        raise no_square(start, end) from None


_CORNERS = frozenset((0, 7, 56, 63))
_KING_HOMES = frozenset((4, 60))
_KING, _ROOK = 6, 4  # python-chess's piece types


def _castling_end(board: Any, start: int, end: int) -> int:
    """Where the king goes when ``start``-``end`` is king takes own rook on
    a standard board (python-chess plays ``e1h1`` as castling there), else
    ``end``: a Chess960 board's numeric castling is king takes rook."""
    piece_at = getattr(board, "piece_at", None)
    if piece_at is None or getattr(board, "chess960", False) or abs(end - start) > 7:
        return end
    king, rook = piece_at(start), piece_at(end)
    if king is None or rook is None or (king.piece_type, rook.piece_type) != (_KING, _ROOK):
        return end
    if king.color != rook.color:
        return end
    return start + 2 if end > start else start - 2


def _read(board: Any, move: Any) -> Any:
    # A chess.Move's uci is a method, an iccf.Move's a property.
    uci = move if isinstance(move, str) else move.uci
    if callable(uci):
        uci = uci()
    chess960 = bool(getattr(board, "chess960", False))
    return _iccf.move(uci, fen=board.fen(), chess960=chess960)


def parse_numeric(board: Any, text: str) -> Union[Any, str]:
    """The move that numeric ``text`` stands for on ``board``: a
    ``chess.Move`` when python-chess is importable, else its UCI string.

    Raises ``ParseError`` or ``IllegalMoveError`` as ``iccf.move`` does.

    >>> import chess
    >>> board = chess.Board()
    >>> board.san(parse_numeric(board, "7163"))
    'Nf3'
    """
    uci = _iccf.move(
        text, fen=board.fen(), chess960=bool(getattr(board, "chess960", False))
    ).uci
    try:
        import chess
    except ImportError:
        return uci
    return chess.Move.from_uci(uci)


def san(board: Any, move: Any, lang: str = "en") -> str:
    """``move`` on ``board`` in SAN with the piece letters of ``lang``.

    >>> import chess
    >>> san(chess.Board(), chess.Move.from_uci("g1f3"), lang="de")
    'Sf3'
    >>> san(chess.Board(), "g1f3", lang="fr")
    'Cf3'
    """
    result: str = _read(board, move).localized(lang)
    return result
