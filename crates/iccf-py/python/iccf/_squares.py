"""Squares both ways: ICCF's two digits (file then rank, ``52`` for e2)
and python-chess's square numbers (``chess.E2``, 12: a1 is 0, h8 63).
Pure Python, so ``iccf.numeric`` needs no position to write a move."""

from typing import Optional, Tuple

# python-chess's piece types for the promotion digits 1-4 (Q R B N) and
# back.
_PIECE_OF_DIGIT = {"1": 5, "2": 4, "3": 3, "4": 2}
_DIGIT_OF_PIECE = {5: "1", 4: "2", 3: "3", 2: "4"}
_PIECE_OF_LETTER = {"q": 5, "r": 4, "b": 3, "n": 2}

# The two digits of every square, by python-chess number.
# A dict, not a list: a negative square (-1) is a KeyError, where a list
# would wrap around to h8.
_DIGITS = {sq: f"{sq % 8 + 1}{sq // 8 + 1}" for sq in range(64)}
_SQUARE_OF_NAME = {f"{'abcdefgh'[sq % 8]}{sq // 8 + 1}": sq for sq in range(64)}


def no_square(start: object, end: object) -> ValueError:
    """The error for a move whose squares are not 0 (a1) to 63 (h8)."""
    return ValueError(f"`{start}`, `{end}`: a move's squares are 0 (a1) to 63 (h8)")


def chess_square(numeric: int) -> int:
    """python-chess's number of the square ICCF writes ``numeric``.

    >>> import chess
    >>> chess_square(52) == chess.E2
    True
    >>> chess_square(11), chess_square(88)
    (0, 63)
    """
    _whole_number(numeric, "numeric square")
    file, rank = divmod(int(numeric), 10)
    if not (1 <= file <= 8 and 1 <= rank <= 8):
        raise ValueError(f"`{numeric}` is no numeric square: two digits 1-8, file then rank")
    return (rank - 1) * 8 + file - 1


def numeric_square(square: int) -> int:
    """ICCF's two digits of python-chess's ``square``.

    >>> import chess
    >>> numeric_square(chess.E2), numeric_square(chess.H8)
    (52, 88)
    """
    _whole_number(square, "square")
    if not 0 <= square < 64:
        raise ValueError(f"`{square}` is no square: 0 (a1) to 63 (h8)")
    return int(_DIGITS[int(square)])


def _whole_number(value: object, what: str) -> None:
    """A TypeError unless ``value`` is an int (or an integer type such as
    numpy's), not a bool: ``52.9`` was cut to 52, ``True`` read as 1."""
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"a {what} is an int, not {type(value).__name__}")


def from_uci(uci: str) -> Tuple[int, int, Optional[int]]:
    """(from_square, to_square, promotion) of a UCI move, as python-chess
    numbers squares and pieces."""
    try:
        promotion = _PIECE_OF_LETTER[uci[4]] if len(uci) == 5 else None
        if len(uci) not in (4, 5):
            raise KeyError(uci)
        return _SQUARE_OF_NAME[uci[:2]], _SQUARE_OF_NAME[uci[2:4]], promotion
    except KeyError:
        raise ValueError(f"`{uci[:100]}` is no UCI move") from None


def numeric_of(from_square: int, to_square: int, promotion: Optional[int]) -> str:
    """The numeric form of a move given by its squares."""
    if from_square == to_square:
        raise ValueError("a null move has no numeric form")
    try:
        text = _DIGITS[from_square] + _DIGITS[to_square]
    except (KeyError, TypeError):
        raise no_square(from_square, to_square) from None
    if promotion:
        return text + promotion_digit(promotion)
    return text


def promotion_digit(piece: int) -> str:
    """ICCF's digit (1-4) of python-chess's promotion piece type ``piece``.

    >>> import chess
    >>> promotion_digit(chess.QUEEN), promotion_digit(chess.KNIGHT)
    ('1', '4')
    """
    digit = _DIGIT_OF_PIECE.get(piece)
    if digit is None:
        # chess.Move takes any piece type; only Q R B N have a digit.
        name = {1: "pawn", 6: "king"}.get(piece, f"piece type {piece!r}")
        raise ValueError(f"a promotion to a {name} has no numeric form: 1-4 are Q, R, B, N")
    return digit
