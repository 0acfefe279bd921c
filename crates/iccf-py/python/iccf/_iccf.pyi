"""Type stubs of the native module iccf._iccf (Rust, PyO3). The public API
is the package iccf, which wraps it; see its docstrings."""

import io
from os import PathLike
from typing import IO, Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union, final

_Path = Union[str, "PathLike[str]"]
# What the game readers take (see iccf._games.Source): a path, the PGN as
# bytes, or a file object, gzip.open's GzipFile too.
_Source = Union[_Path, bytes, bytearray, memoryview, IO[Any], io.IOBase]

__version__: str

__all__ = [
    "__version__",
    "IllegalMoveError",
    "ParseError",
    "GameIter",
    "BatchIter",
    "ArrowBatch",
    "Move",
    "Problem",
    "Summary",
    "card",
    "check",
    "convert",
    "convert_file",
    "game_batches",
    "game_records",
    "game_starts",
    "is_utf16",
    "languages",
    "move",
    "read_game_tree",
    "zstd_frame_starts",
]

class ParseError(ValueError):
    """Text that is no move (or no position)."""

    kind: str
    text: Optional[str]
    move_number: Optional[str]
    reason: str
    notation: Optional[str]
    nearest: List[str]
    # Where in its game, for the errors of a game read (read_game's
    # game.errors, write_game); None for one move.
    line: Optional[int]
    column: Optional[int]

class IllegalMoveError(ValueError):
    """A move that cannot be played in the position."""

    kind: str
    text: Optional[str]
    move_number: Optional[str]
    reason: str
    notation: Optional[str]
    nearest: List[str]
    # Where in its game, for the errors of a game read (read_game's
    # game.errors, write_game); None for one move.
    line: Optional[int]
    column: Optional[int]

@final
class Move:
    """A legal move in its position, in every notation."""

    @property
    def numeric(self) -> str: ...
    @property
    def san(self) -> str: ...
    @property
    def lan(self) -> str: ...
    @property
    def uci(self) -> str: ...
    @property
    def figurine(self) -> str: ...
    def localized(self, lang: str, notation: str = "san") -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def piece(self) -> str: ...
    @property
    def input(self) -> str: ...
    @property
    def input_lang(self) -> str: ...
    @property
    def warning(self) -> Optional[str]: ...
    @property
    def move_number(self) -> str: ...
    @property
    def fen_before(self) -> str: ...
    @property
    def fen_after(self) -> str: ...

@final
class Problem:
    """An error or warning in a game, with its place."""

    file: Optional[str]
    severity: str
    game: int
    line: int
    column: int
    move: Optional[str]
    token: str
    message: str
    text: str
    def __new__(
        cls,
        file: Optional[str],
        severity: str,
        game: int,
        line: int,
        column: int,
        move_number: Optional[str],
        token: str,
        message: str,
        text: str,
    ) -> "Problem": ...

@final
class Summary:
    """What convert_file did."""

    games: int
    moves: int
    games_with_errors: int
    bytes_in: int
    seconds: float
    problems: List[Problem]
    def __new__(
        cls,
        games: int,
        moves: int,
        games_with_errors: int,
        bytes_in: int,
        seconds: float,
        problems: List[Problem],
    ) -> "Summary": ...

@final
class GameIter(Iterator[Dict[str, Any]]):
    def __iter__(self) -> "GameIter": ...
    def __next__(self) -> Dict[str, Any]: ...

def move(
    text: str,
    *,
    fen: Optional[str] = None,
    after: Optional[str] = None,
    input_lang: Optional[str] = "en",
    chess960: bool = False,
) -> Move: ...
@final
class ArrowBatch:
    def __len__(self) -> int: ...
    def __arrow_c_schema__(self) -> Any: ...
    def __arrow_c_array__(self, requested_schema: Optional[Any] = None) -> Tuple[Any, Any]: ...

@final
class BatchIter(Iterator[ArrowBatch]):
    def __iter__(self) -> "BatchIter": ...
    def __next__(self) -> ArrowBatch: ...

def game_batches(
    source: _Source,
    *,
    batch_size: int = 10000,
    notations: Optional[List[str]] = None,
    input_lang: Optional[str] = ...,
    jobs: Optional[int] = None,
) -> BatchIter: ...
def game_starts(data: bytes) -> List[int]: ...
def is_utf16(data: bytes) -> bool: ...
def zstd_frame_starts(path: _Path) -> Optional[List[int]]: ...
def read_game_tree(data: bytes, *, input_lang: Optional[str] = ...) -> Optional[Dict[str, Any]]: ...
def languages() -> List[Tuple[str, str, List[str]]]: ...
def convert(
    text: Union[str, bytes],
    *,
    to: Optional[str] = ...,
    format: str = "pgn",
    lang: Optional[str] = None,
    input_lang: Optional[str] = ...,
) -> Tuple[str, List[Problem]]: ...
def game_records(
    source: _Source,
    *,
    input_lang: Optional[str] = ...,
    jobs: Optional[int] = None,
    notations: Union[str, List[str], None] = None,
) -> GameIter: ...
def convert_file(
    src: Union[_Path, Sequence[_Path]],
    dst: _Path,
    *,
    to: Optional[str] = ...,
    format: Optional[str] = None,
    lang: Optional[str] = None,
    input_lang: Optional[str] = ...,
    jobs: Optional[int] = None,
) -> Summary: ...
def check(
    game_pgn: str,
    message: Union[str, bytes],
    *,
    side: Optional[str] = None,
    today: Optional[str] = None,
    received: Optional[str] = None,
) -> str: ...
def card(
    game_pgn: str,
    mv: Optional[str],
    *,
    date: Optional[str] = None,
    side: Optional[str] = None,
    lang: str = "en",
    also: Optional[str] = None,
    also_lang: str = "en",
    input_lang: Optional[str] = None,
    offers: Sequence[str] = ...,
) -> Tuple[str, str]: ...
