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
    Chess960 king takes rook, ``e1h1``.

    >>> import chess
    >>> board = chess.Board()
    >>> numeric(board, chess.Move.from_uci("e2e4"))
    '5254'
    >>> numeric(chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1c1")
    '5131'
    >>> numeric(chess.Board("8/P6k/8/8/8/8/8/K7 w - - 0 1"), chess.Move.from_uci("a7a8n"))
    '17184'
    """
    if isinstance(move, str):
        return numeric_of(*from_uci(move))
    start: int = move.from_square
    end: int = move.to_square
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
