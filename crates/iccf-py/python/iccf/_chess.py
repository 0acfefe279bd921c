"""python-chess interoperation, without depending on python-chess.

A board is anything with ``.fen()`` (a ``chess.Board``) and a move anything
with ``.uci()`` (a ``chess.Move``) or a UCI string.
"""

from typing import Any, Union

from . import _iccf


def _read(board: Any, move: Any) -> _iccf.Move:
    uci = move if isinstance(move, str) else move.uci()
    chess960 = bool(getattr(board, "chess960", False))
    return _iccf.move(uci, fen=board.fen(), chess960=chess960)


def numeric(board: Any, move: Any) -> str:
    """The ICCF numeric form of ``move`` on ``board``.

    >>> import chess
    >>> board = chess.Board()
    >>> numeric(board, chess.Move.from_uci("e2e4"))
    '5254'
    >>> numeric(chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1c1")
    '5131'
    """
    return _read(board, move).numeric


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
    return _read(board, move).localized(lang)
