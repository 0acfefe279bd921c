"""One plain PGN file cut into byte ranges that workers read on their own,
every game exactly once: a game belongs to the range where it starts.

Where a range starts, the first game boundary at or after the offset is
found by the splitter of one sequential pass, run from a tag line at
least ``LOOKBACK`` (32 to 64 KiB) bytes before the offset: from there the
splitter knows comments, variations and strings, so an offset inside a
comment or a variation finds the boundary one pass finds. The boundary of
an offset depends on the offset alone, so ranges that meet at one offset
meet at one game, whatever the file holds: no game is read twice or
lost. The one limit: a comment over 32 KiB whose lines start with tags
could put that tag line inside it, and the range would then start at a
"game" inside the comment.

A zstd file written with ``iccf convert -o x.pgn.zst --zstd-frames SIZE``
is made of independent frames, each starting at a game, with a seek table
at its end: its ranges start at frames, and a worker decompresses its own.
Any other compressed file (gzip, bzip2, xz, a zstd file of one frame) has
no offsets to start from: ``split_points`` gives it one range, read by one
worker. So does a UTF-16 file, whose characters are two bytes apart.
"""

import numbers
import os
from typing import IO, Any, Iterator, List, Optional, Tuple, Union, cast

from . import _iccf

# Bytes before an offset from which the splitter runs, doubled (up to
# MAX_LOOKBACK) while no tag line starts there.
LOOKBACK = 64 * 1024
MAX_LOOKBACK = 64 * 1024 * 1024
# Bytes after the offset read to find the boundary, doubled while none.
AHEAD = 64 * 1024
# A boundary this close to the end of what was read could move with more
# bytes after it: read more first.
MARGIN = 4096

_ZSTD = b"\x28\xb5\x2f\xfd"
_COMPRESSED = (b"\x1f\x8b", b"BZh", b"\xfd7zXZ", _ZSTD)


class _Layout(object):
    """Where games may start in a file: anywhere in plain text (found by
    the splitter), at the frames of a seekable zstd file, at 0 alone in any
    other compressed file. ``end`` is past the last game."""

    def __init__(self, f: IO[bytes], name: str):
        head = f.read(4096)
        self.size = f.seek(0, os.SEEK_END)
        self.frames: Optional[List[int]] = None
        # Read whole by one worker: a compressed file has no offsets to
        # start from; in UTF-16 the splitter's byte offsets fall inside
        # characters, and ranges cut games in two.
        self.whole = any(head.startswith(magic) for magic in _COMPRESSED) or _iccf.is_utf16(head)
        if head.startswith(_ZSTD):
            self.frames = _iccf.zstd_frame_starts(name)
        self.end = self.frames[-1] if self.frames else self.size

    def boundary(self, f: IO[bytes], offset: int) -> int:
        """The first place a game starts at or after ``offset``."""
        if self.frames is not None:
            return next((start for start in self.frames if start >= offset), self.end)
        if self.whole:
            return 0 if offset <= 0 else self.end
        return boundary(f, offset, self.size)


def _read(f: IO[bytes], start: int, end: int) -> bytes:
    f.seek(start)
    return f.read(end - start)


def _origin(f: IO[bytes], offset: int) -> int:
    """A tag line's start at least LOOKBACK bytes before ``offset`` (the
    first in the window), else 0."""
    lookback = LOOKBACK
    while True:
        low = max(0, offset - lookback)
        if low == 0:
            return 0
        window = _read(f, low - 1, offset - LOOKBACK // 2)
        at = window.find(b"\n[")
        if at >= 0:
            return low + at
        if lookback >= MAX_LOOKBACK:
            return low
        lookback *= 2


def boundary(f: IO[bytes], offset: int, size: int) -> int:
    """The first game boundary at or after ``offset`` in the file ``f`` of
    ``size`` bytes (``size`` past the last game)."""
    if offset <= 0:
        return 0
    if offset >= size:
        return size
    origin = _origin(f, offset)
    ahead = AHEAD
    while True:
        end = min(size, offset + ahead)
        starts = _iccf.game_starts(_read(f, origin, end))
        for start in starts:
            at = origin + start
            if at >= offset and (end == size or at <= end - MARGIN):
                return at
        if end == size:
            return size
        ahead *= 2


def split_points(path: Union[str, "os.PathLike[str]"], n: int) -> List[Tuple[int, int]]:
    """``n`` byte ranges (fewer for a small file) of the PGN file ``path``,
    about equal in size, each starting at a game: give each to
    ``iccf.games(path, start=, end=)`` on its own worker and every game is
    read once, in order over the ranges.

    A plain file is cut anywhere between games; a zstd file written with
    ``iccf convert --zstd-frames`` between its frames; any other compressed
    file, and a UTF-16 file, is one range, which one worker reads.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "two.pgn"
    >>> _ = path.write_text('[Event "a"]\\n\\n1. e4 *\\n\\n[Event "b"]\\n\\n1. d4 *\\n')
    >>> split_points(path, 2)
    [(0, 22), (22, 43)]
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        # 1.5 was taken: ranges cut at fractions of the file.
        raise TypeError(f"n is a whole number of ranges, not {type(n).__name__}")
    if n < 1:
        raise ValueError(f"n={n}: split into 1 range or more")
    name = os.fspath(path)
    with open(name, "rb") as f:
        layout = _Layout(f, name)
        end = layout.end
        cuts = _cuts(layout, f, n)
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]


def _cuts(layout: "_Layout", f: IO[bytes], n: int) -> List[int]:
    """The boundaries of the offsets ``end * i // n``, in order. An offset
    at or before the boundary found for the one before has that boundary
    too (no game starts between them), so it is not looked for again: a
    game bigger than ``end / n`` was scanned once per offset in it, and
    ``n`` in the thousands took seconds for one big game."""
    end = layout.end
    cuts = [0]
    i = 1
    while i <= n and cuts[-1] < end:
        found = layout.boundary(f, end * i // n)
        cuts.append(found)
        # The first offset past this boundary: end * i // n > found.
        i = max(i + 1, ((found + 1) * n + end - 1) // end)
    if cuts[-1] != end:
        cuts.append(end)
    return cuts


class _Range(object):
    """The bytes ``start``..``end`` of a binary file, as a file object."""

    def __init__(self, f: IO[bytes], start: int, end: int, name: str):
        self.f, self.left, self.name = f, end - start, name
        f.seek(start)

    def read(self, n: int = -1) -> bytes:
        n = self.left if n < 0 else min(n, self.left)
        data = self.f.read(n)
        self.left -= len(data)
        return data


def range_games(
    path: Any, start: Optional[int], end: Optional[int], **options: Any
) -> Iterator[Any]:
    """The records of the games of ``path`` that start in ``start``..``end``."""
    for label, offset in (("start", start), ("end", end)):
        if offset is not None and offset < 0:
            raise ValueError(f"{label}={offset}: a byte offset of the file, 0 or more")
    name = os.fspath(path)
    f = open(name, "rb")
    try:
        layout = _Layout(f, name)
        low = layout.boundary(f, start or 0)
        high = layout.boundary(f, layout.end if end is None else end)
    except BaseException:
        f.close()
        raise
    if high <= low:
        f.close()
        return iter(())
    source = _Range(f, low, high, name)
    notations = options.get("notations")
    if notations is not None and not isinstance(notations, str):
        options["notations"] = list(notations)
    records = _iccf.game_records(cast(IO[bytes], source), **options)

    def each() -> Iterator[Any]:
        try:
            yield from records
        finally:
            f.close()

    return each()
