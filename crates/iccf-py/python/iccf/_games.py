"""Whole games: text converted in memory, files converted by the parallel
pipeline, and files read game by game."""

import io
import os
from typing import IO, Any, Iterator, List, Optional, Sequence, Tuple, Union, cast, overload

from . import _iccf
from ._records import GameRecord, GameTextRecord
from ._split import range_games

PathLike = Union[str, "os.PathLike[str]"]
# What iccf.games reads: a path, the PGN as bytes, or a file object (an
# io.IOBase too: gzip.open's GzipFile is no typing.IO to mypy).
Source = Union[PathLike, bytes, bytearray, memoryview, IO[Any], io.IOBase]


def convert(
    text: Union[str, bytes],
    *,
    to: Optional[str] = "numeric",
    format: str = "pgn",
    lang: Optional[str] = None,
    input_lang: Optional[str] = "auto",
) -> Tuple[str, List[_iccf.Problem]]:
    """Convert every game of ``text``; return the output and the problems.

    ``to`` is ``numeric``, ``san``, ``lan``, ``uci``, ``figurine`` or
    ``None`` (numeric games to SAN, others to numeric); ``format`` is
    ``pgn``, ``text`` or ``jsonl``; ``lang`` gives the piece letters written
    and ``input_lang`` those read (``auto``: found per game). A bad game is
    converted as far as it goes and reported, never raised.

    >>> out, problems = convert("1. 5254 5755 2. 7163 *", to="san", lang="de", format="text")
    >>> out
    '1. e4 e5 2. Sf3 *\\n'
    >>> out, problems = convert("1. e4 e5 2. Nf9 *")
    >>> print(problems[0])
    <text>:1:13: error: game 1, 2. `Nf9`: `f9` is not a square
    >>> problems[0].line, problems[0].column, problems[0].move, problems[0].message
    (1, 13, '2.', '`f9` is not a square')
    """
    return _iccf.convert(
        text, to=to, format=format, lang=lang, input_lang=input_lang
    )


@overload
def games(  # type: ignore[overload-overlap]  # a str is a Sequence[str]: it comes first
    source: Source,
    *,
    input_lang: Optional[str] = ...,
    jobs: Optional[int] = ...,
    start: Optional[int] = ...,
    end: Optional[int] = ...,
    notations: str,
) -> Iterator[GameTextRecord]: ...


@overload
def games(
    source: Source,
    *,
    input_lang: Optional[str] = ...,
    jobs: Optional[int] = ...,
    start: Optional[int] = ...,
    end: Optional[int] = ...,
    notations: Optional[Sequence[str]] = ...,
) -> Iterator[GameRecord]: ...


def games(
    source: Source,
    *,
    input_lang: Optional[str] = "auto",
    jobs: Optional[int] = None,
    start: Optional[int] = None,
    end: Optional[int] = None,
    notations: Union[str, Sequence[str], None] = None,
) -> Union[Iterator[GameRecord], Iterator[GameTextRecord]]:
    """The games of a PGN file (plain, gzip, bzip2, xz or zstd), one record
    at a time: ``game`` (its number), ``tags``, ``moves``, ``result``,
    ``errors``, ``warnings``, ``input`` (the notation read), ``langs``.

    Each move is a dict of its notations: ``numeric``, ``san``, ``uci``,
    ``lan`` and ``figurine``, or those of ``notations`` alone
    (``notations=("numeric", "san")``), which is faster. One name as a
    ``str`` (``notations="numeric"``) makes each move its text in that
    notation, a list of ``str`` (``['5254', '5755', ...]``): the fastest
    shape, with no dict to make for each move. Any other sequence, even
    of one name (``notations=("numeric",)``), gives dicts as before.

    ``source`` is a path, the PGN itself as ``bytes`` (a path in bytes:
    ``os.fsdecode`` it), or a file object opened in binary or text mode.
    A missing file raises ``FileNotFoundError``, a folder
    ``IsADirectoryError``, an unreadable file ``PermissionError``, each
    with ``errno`` and ``filename``; ``jobs`` is 0 (one thread per core) to
    1024, capped at the cores, as ``iccf convert -j`` takes it, or ``None``:
    one per core but one when moves are dicts, whose making keeps the
    Python thread busy, and one per core when they are texts.

    With ``start`` and ``end`` (byte offsets of the file, as
    ``iccf.split_points`` gives them, or any offsets) only the games that
    start in that range are read: ranges that meet read every game once.
    Their ``game`` numbers and problem lines count from the range's first
    game. A zstd file written with ``iccf convert --zstd-frames`` splits
    at its frames; any other compressed file is read whole by the range
    that holds offset 0.

    The records hold what ``iccf convert --format jsonl`` writes, built in
    Rust. A thread reads the file on ``jobs`` threads a few hundred
    kilobytes ahead of the reader, without Python's
    GIL; dropping the iterator stops it. A stream that stays open (a
    pipe, a server's response) gives each game once a blank line follows
    its result and the stream pauses, not when it ends.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "one.pgn"
    >>> _ = path.write_text('[White "A"]\\n\\n1. 5254 5755 2. 7163 *\\n')
    >>> game = next(games(path))
    >>> game["tags"], [m["san"] for m in game["moves"]], game["result"]
    ({'White': 'A'}, ['e4', 'e5', 'Nf3'], '*')
    >>> next(games(path, notations=("numeric", "san")))["moves"][2]
    {'numeric': '7163', 'san': 'Nf3'}
    >>> next(games(path, notations="numeric"))["moves"]
    ['5254', '5755', '7163']
    """
    if start is not None or end is not None:
        if not isinstance(source, (str, os.PathLike)):
            raise TypeError("start= and end= take the path of a plain PGN file")
        ranged = range_games(source, start, end, input_lang=input_lang, jobs=jobs, notations=notations)
        return cast(Iterator[GameRecord], ranged)
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    fields = _notations_arg(notations)
    records = _iccf.game_records(source, input_lang=input_lang, jobs=jobs, notations=fields)
    return cast(Iterator[GameRecord], records)


def _notations_arg(notations: Union[str, Sequence[str], None]) -> Union[str, List[str], None]:
    """``notations`` as the extension takes it: a ``str`` as it is (one
    notation, moves as text), any other sequence as a list."""
    if notations is None or isinstance(notations, str):
        return notations
    return list(notations)


def convert_file(
    src: Union[PathLike, Sequence[PathLike]],
    dst: PathLike,
    *,
    to: Optional[str] = "numeric",
    format: Optional[str] = None,
    lang: Optional[str] = None,
    input_lang: Optional[str] = "auto",
    jobs: Optional[int] = None,
) -> _iccf.Summary:
    """Convert the games of ``src`` (one path, or a list or tuple of paths;
    compressed or not) into ``dst`` (compressed by its extension: .gz, .bz2, .xz, .zst) on
    ``jobs`` threads (``None``: one per core), as ``iccf convert`` does.

    ``format`` is ``pgn``, ``text`` or ``jsonl``, or ``None``: the one
    ``dst``'s name says, as ``iccf convert -o`` reads it (``.jsonl`` or
    ``.ndjson``, past a compression suffix; else ``pgn``). A ``.parquet``
    name is refused with a ``ValueError``: ``iccf convert -o games.parquet``
    writes one, or ``pyarrow.parquet`` over ``iccf.games_arrow``.

    Python's GIL is released meanwhile; Ctrl-C stops the run and raises
    ``KeyboardInterrupt``. ``dst`` is replaced only when every game was
    read, so an interrupted or failed run leaves it as it was.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "in.pgn").write_text("1. e4 e5 2. Nf3 *\\n\\n1. d4 d5 *\\n")
    >>> summary = convert_file(folder / "in.pgn", folder / "out.pgn", jobs=2)
    >>> summary.games, summary.moves, summary.games_with_errors
    (2, 5, 0)
    >>> print((folder / "out.pgn").read_text(), end="")
    1. 5254 5755 2. 7163 *
    <BLANKLINE>
    1. 4244 4745 *
    <BLANKLINE>
    """
    if isinstance(src, (str, os.PathLike)):
        sources: Any = os.fspath(src)
    elif isinstance(src, (list, tuple)):
        sources = [os.fspath(s) for s in src]
    else:
        raise TypeError(
            f"convert_file reads a path or a list of paths, not {type(src).__name__}: "
            "for text, bytes or a file object use iccf.convert or iccf.games"
        )
    return _iccf.convert_file(
        sources,
        os.fspath(dst),
        to=to,
        format=format,
        lang=lang,
        input_lang=input_lang,
        jobs=jobs,
    )
