"""One move read in any notation and written in every notation."""

from typing import Any, List, Optional, Tuple

from . import _iccf
from ._iccf import IllegalMoveError, ParseError
from ._squares import from_uci


class Move:
    """A legal move in its position: ``numeric``, ``san``, ``lan``, ``uci``,
    ``figurine``, ``localized(lang)``, the piece described, and the
    python-chess view of it (``from_square``, ``to_square``, ``promotion``,
    ``to_chess()``).

    A move is a value: two moves are equal (and hash alike) when they are
    the same move in the same position, however they were written; moves
    pickle and copy, so processes can hand them to each other.

    >>> move("5254") == move("e4") == move("e2-e4")
    True
    >>> import pickle
    >>> pickle.loads(pickle.dumps(move("Nf3"))).numeric
    '7163'
    """

    __slots__ = ("_native", "_state")

    def __init__(
        self, text: str, fen: Optional[str] = None, input_lang: Optional[str] = "en", chess960: bool = False
    ):
        """The move ``text`` from ``fen`` (the start position by default);
        ``iccf.move`` also plays moves before it."""
        self._native = _iccf.move(text, fen=fen, input_lang=input_lang, chess960=chess960)
        self._state = (text, self._native.fen_before, self._native.input_lang, chess960)

    @classmethod
    def _of(cls, native: _iccf.Move, text: str, chess960: bool) -> "Move":
        made = cls.__new__(cls)
        made._native = native
        # The language the move was read in, not `auto`: without the moves
        # before it, `auto` may find the text ambiguous.
        made._state = (text, native.fen_before, native.input_lang, chess960)
        return made

    def __reduce__(self) -> Tuple[Any, Tuple[str, str, str, bool]]:
        text, fen, input_lang, chess960 = self._state
        return (Move, (text, fen, input_lang, chess960))

    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: Any) -> "Move":
        return self

    def _key(self) -> Tuple[str, str, bool]:
        return (self._native.fen_before, self._native.uci, self._state[3])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return self._native.numeric

    def __repr__(self) -> str:
        return repr(self._native)

    @property
    def numeric(self) -> str:
        """ICCF numeric: ``5254``."""
        return self._native.numeric

    @property
    def san(self) -> str:
        """SAN with English letters: ``e4``, ``Nf3``."""
        return self._native.san

    @property
    def lan(self) -> str:
        """Long algebraic: ``e2-e4``, ``Ng1-f3``."""
        return self._native.lan

    @property
    def uci(self) -> str:
        """UCI: ``e2e4``; Chess960 castling as king takes rook."""
        return self._native.uci

    @property
    def figurine(self) -> str:
        """SAN with figurines: ``♘f3``."""
        return self._native.figurine

    def localized(self, lang: str, notation: str = "san") -> str:
        """The move in another language's letters: ``Sf3`` for ``de``."""
        return self._native.localized(lang, notation)

    @property
    def description(self) -> str:
        """The move in words: ``pawn e2-e4``."""
        return self._native.description

    @property
    def piece(self) -> str:
        """The piece that moves: ``pawn``, ``knight``, ..., ``king``."""
        return self._native.piece

    @property
    def input(self) -> str:
        """The notation the move was read in: ``numeric``, ``san``, ``lan``, ``uci``."""
        return self._native.input

    @property
    def warning(self) -> Optional[str]:
        """What was read but is not written as it should be, if anything."""
        return self._native.warning

    @property
    def move_number(self) -> str:
        """``1.`` or ``1...``: the move's number."""
        return self._native.move_number

    @property
    def fen_before(self) -> str:
        """The position before the move, as FEN."""
        return self._native.fen_before

    @property
    def fen_after(self) -> str:
        """The position after the move, as FEN."""
        return self._native.fen_after

    @property
    def chess960(self) -> bool:
        """Whether the move was read under Chess960 castling rules."""
        return self._state[3]

    @property
    def from_square(self) -> int:
        """The square the piece leaves, as python-chess numbers them
        (``chess.E2`` is 12).

        >>> move("5254").from_square, move("5254").to_square
        (12, 28)
        """
        return from_uci(self._native.uci)[0]

    @property
    def to_square(self) -> int:
        """The square the piece goes to, as python-chess numbers them; for
        Chess960 castling the rook's square, as python-chess has it."""
        return from_uci(self._native.uci)[1]

    @property
    def promotion(self) -> Optional[int]:
        """The piece promoted to as python-chess's piece type
        (``chess.QUEEN`` is 5, ``chess.KNIGHT`` 2), else ``None``.

        >>> move("17184", fen="4k3/P7/8/8/8/8/8/4K3 w - - 0 1").promotion
        2
        """
        return from_uci(self._native.uci)[2]

    def to_chess(self) -> Any:
        """The ``chess.Move`` (python-chess must be installed).

        >>> import chess
        >>> move("7163").to_chess() == chess.Move.from_uci("g1f3")
        True
        """
        import chess

        return chess.Move(self.from_square, self.to_square, self.promotion)


def _start(fen: Any, chess960: bool) -> Tuple[Optional[str], bool]:
    """A FEN given as text, or as a board with ``.fen()`` (a
    ``chess.Board``, whose ``chess960`` flag counts too)."""
    if fen is None or isinstance(fen, str):
        return fen, chess960
    if not callable(getattr(fen, "fen", None)):
        raise TypeError(f"fen is FEN text or a board (a chess.Board), not {type(fen).__name__}")
    return fen.fen(), chess960 or bool(getattr(fen, "chess960", False))


def move(
    text: str,
    *,
    fen: Any = None,
    after: Optional[str] = None,
    input_lang: Optional[str] = "en",
    chess960: bool = False,
) -> Move:
    """Read one move in numeric, SAN, long algebraic or UCI notation.

    The move is played from ``fen`` (FEN text or a ``chess.Board``; the
    start position by default) after the moves of ``after`` (movetext such
    as ``"1. e4 e5 2. Nf3"``), with algebraic moves in the piece letters of
    ``input_lang``. With ``auto`` (or ``None``), as ``iccf move``: the
    language of ``after``, else every language that reads the move, which
    must agree on it (``Sf3`` is Nf3 in German, f3 in Finnish).

    >>> m = move("5254")
    >>> m.san, m.lan, m.uci, m.figurine, m.description
    ('e4', 'e2-e4', 'e2e4', 'e4', 'pawn e2-e4')
    >>> move("Nf3").localized("de")
    'Sf3'
    >>> move("Sf6", after="1. e4 e5 2. Sf3", input_lang="de").numeric
    '7866'
    >>> import chess
    >>> board = chess.Board()
    >>> board.push_san("d4")
    Move.from_uci('d2d4')
    >>> move("d5", fen=board).numeric
    '4745'

    Text that is no move raises ``ParseError``; a move that cannot be played
    raises ``IllegalMoveError`` with the nearest legal numeric moves; both
    are ``ValueError``\\ s with the same attributes (``kind``, ``text``,
    ``move_number``, ``reason``, ``notation``, ``nearest``).

    >>> move("5245")
    Traceback (most recent call last):
    ...
    iccf.IllegalMoveError: 1. `5245`: the white pawn on e2 cannot move to d5; nearest legal: 5254, 4243, 4244
    >>> try:
    ...     move("5245")
    ... except ValueError as err:
    ...     err.kind, err.nearest
    ('illegal-numeric', ['5254', '4243', '4244'])
    >>> try:
    ...     move("hello")
    ... except ParseError as err:
    ...     err.kind
    'not-a-move'
    >>> move("Cf3", input_lang="auto").numeric
    '7163'
    >>> try:
    ...     move("Sf3", input_lang="auto")
    ... except IllegalMoveError as err:
    ...     err.kind, err.nearest
    ('ambiguous-language', ['7163', '6263'])
    """
    fen_text, chess960 = _start(fen, chess960)
    native = _iccf.move(text, fen=fen_text, after=after, input_lang=input_lang, chess960=chess960)
    return Move._of(native, text.strip(), chess960)


def languages() -> List[Tuple[str, str, List[str]]]:
    """Every language: its code, its name and its letters for K Q R B N.

    >>> [lang for lang in languages() if lang[0] == "de"]
    [('de', 'German', ['K', 'D', 'T', 'L', 'S'])]
    """
    return [(code, name, list(letters)) for code, name, letters in _iccf.languages()]
