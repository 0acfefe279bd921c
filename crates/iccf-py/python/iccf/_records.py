"""The shape of the records iccf.games yields, for type checkers."""

from typing import Dict, List, Optional

try:
    from typing import TypedDict
except ImportError:  # Python < 3.8 has none; iccf needs 3.9, but be kind.
    TypedDict = dict  # type: ignore


class MoveRecord(TypedDict, total=False):
    """One main-line move in numeric, SAN, UCI, long algebraic, figurines
    (those asked for with ``notations=``)."""

    numeric: str
    san: str
    uci: str
    lan: str
    figurine: str


class ProblemRecord(TypedDict):
    """An error or warning of a game, as the JSON-lines output has it."""

    line: int
    column: int
    move: Optional[str]
    token: str
    message: str


class _GameFields(TypedDict):
    """A game's record but its moves."""

    game: int
    tags: Dict[str, str]
    input: Optional[str]
    langs: List[str]
    encoding: Optional[str]
    result: Optional[str]
    unconverted: str
    errors: List[ProblemRecord]
    warnings: List[ProblemRecord]


class GameRecord(_GameFields):
    """A game's main line: its tags in file order, moves, result, problems."""

    moves: List[MoveRecord]


class GameTextRecord(_GameFields):
    """A game's record with each move the text of the one notation asked
    for (``iccf.games(path, notations="numeric")``)."""

    moves: List[str]
