"""One move read in any notation and written in every notation."""

from typing import List, Optional, Tuple

from . import _iccf


def move(
    text: str,
    *,
    fen: Optional[str] = None,
    after: Optional[str] = None,
    input_lang: str = "en",
    chess960: bool = False,
) -> _iccf.Move:
    """Read one move in numeric, SAN, long algebraic or UCI notation.

    The move is played from ``fen`` (the start position by default) after
    the moves of ``after`` (movetext such as ``"1. e4 e5 2. Nf3"``), with
    algebraic moves in the piece letters of ``input_lang``.

    >>> m = move("5254")
    >>> m.san, m.lan, m.uci, m.figurine, m.description
    ('e4', 'e2-e4', 'e2e4', 'e4', 'pawn e2-e4')
    >>> move("Nf3").localized("de")
    'Sf3'
    >>> move("Sf6", after="1. e4 e5 2. Sf3", input_lang="de").numeric
    '7866'

    Text that is no move raises ``ParseError``; a move that cannot be played
    raises ``IllegalMoveError`` with the nearest legal numeric moves; both
    are ``ValueError``\\ s.

    >>> move("5245")
    Traceback (most recent call last):
    ...
    iccf.IllegalMoveError: 1. `5245`: the white pawn on e2 cannot move to d5; nearest legal: 5254, 4243, 4244
    >>> try:
    ...     move("5245")
    ... except ValueError as err:
    ...     err.nearest
    ['5254', '4243', '4244']
    """
    return _iccf.move(
        text, fen=fen, after=after, input_lang=input_lang, chess960=chess960
    )


def languages() -> List[Tuple[str, str, List[str]]]:
    """Every language: its code, its name and its letters for K Q R B N.

    >>> [lang for lang in languages() if lang[0] == "de"]
    [('de', 'German', ['K', 'D', 'T', 'L', 'S'])]
    """
    return [(code, name, list(letters)) for code, name, letters in _iccf.languages()]
