"""python-chess games both ways: ``read_game`` reads a game in numeric or
any language's algebraic notation into a ``chess.pgn.Game``, and
``write_game`` writes a ``chess.pgn.Game`` in numeric or a language's
algebraic notation.

Reading is done by iccf's game reader (the one ``iccf convert`` uses);
the tree it finds is played into python-chess's own ``GameBuilder``
visitor, so the game is built exactly as ``chess.pgn.read_game`` builds
one: headers, starting comment, comments joined by spaces, NAGs and
variations in the same places.
"""

import bz2
import gzip
import io
import lzma
import os
import weakref
import zipfile
from typing import IO, Any, Callable, List, Optional, Union

from . import _iccf

# What read_game reads: the PGN as text or bytes, or a file object.
Handle = Union[str, bytes, IO[str], IO[bytes]]


def read_game(
    handle: Handle,
    *,
    input_lang: Optional[str] = "auto",
    Visitor: Optional[Callable[[], Any]] = None,
) -> Any:
    """The next game of ``handle`` as a ``chess.pgn.Game``, ``None`` at the
    end, as ``chess.pgn.read_game`` reads one, from any notation iccf reads:
    numeric, SAN or LAN in any language's piece letters (``input_lang``:
    ``auto`` finds them from the moves), UCI.

    ``handle`` is a file object (text or binary; a seekable one is left at
    the start of the next game, so calling again reads it; of another, or
    of a text handle over a gzip, bzip2 or xz file, what was read of the
    next game waits for the next call, which only ``read_game`` then
    reads whole) or the PGN as
    ``str`` or ``bytes`` (its first game is read). ``Visitor`` is
    ``chess.pgn.GameBuilder`` or a subclass, as for python-chess. A move
    that cannot be read stops its line, as in python-chess: the exception
    (``iccf.IllegalMoveError`` or ``iccf.ParseError``, with ``line`` and
    ``column``) goes to the visitor's ``handle_error``, which puts it in
    ``game.errors``.

    >>> game = read_game('[White "Anna"]\\n\\n1. 5254 {best} 5755 (1... 3735) 2. 7163 $1 1-0')
    >>> game.headers["White"], game.headers["Result"]
    ('Anna', '1-0')
    >>> [move.uci() for move in game.mainline_moves()]
    ['e2e4', 'e7e5', 'g1f3']
    >>> game.next().comment, game.next().variations[1].move.uci()
    ('best', 'c7c5')
    >>> read_game("1. e4 e5 2. Sf3 Sc6 *").end().board().fen()
    'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
    """
    import chess.pgn

    data = _next_game_bytes(handle)
    if data is None:
        return None
    tree = _iccf.read_game_tree(data, input_lang=input_lang)
    if tree is None:
        return None
    visitor = (Visitor or chess.pgn.GameBuilder)()
    _visit(visitor, tree)
    return visitor.result()


def write_game(game: Any, *, notation: str = "numeric", lang: Optional[str] = None) -> str:
    """The PGN of the python-chess game ``game`` (a ``chess.pgn.Game``,
    with its headers, comments, NAGs and variations) with its moves in
    ``notation`` (``numeric``, ``san``, ``lan``, ``uci``, ``figurine``)
    and, for algebraic notations, the piece letters of ``lang`` (``de``,
    ``fr``, ...; English by default). The moves are written by iccf's
    converter, as ``iccf convert --to NOTATION --lang LANG`` writes them.

    >>> import chess.pgn, io
    >>> game = chess.pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 (2. Bc4 {Italian}) Nc6 *"))
    >>> print(write_game(game), end="")
    [Event "?"]
    [Site "?"]
    [Date "????.??.??"]
    [Round "?"]
    [White "?"]
    [Black "?"]
    [Result "*"]
    <BLANKLINE>
    1. 5254 5755 2. 7163 (2. 6134 { Italian }) 2... 2836 *
    <BLANKLINE>
    >>> write_game(game, notation="san", lang="de").splitlines()[-2]
    '1. e4 e5 2. Sf3 (2. Lc4 { Italian }) 2... Sc6 *'
    """
    import chess.pgn

    exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
    text = game.accept(exporter)
    out, problems = _iccf.convert(text, to=notation, format="pgn", lang=lang, input_lang="en")
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        # python-chess wrote a game that iccf cannot read: say where, with
        # the attributes every ParseError has.
        first = errors[0]
        error = _iccf.ParseError(f"the game could not be written: {first}")
        error.kind = "bad-game"
        error.text = first.token
        error.move_number = first.move
        error.reason = first.message
        error.notation = None
        error.nearest = []
        error.line = first.line
        error.column = first.column
        raise error
    return out


def _next_game_bytes(handle: Handle) -> Optional[bytes]:
    """The bytes of the next game of ``handle``: all of a ``str`` or
    ``bytes`` (the reader takes its first game), else the lines of a file
    object up to the start of its next game, found by iccf's splitter."""
    if isinstance(handle, str):
        if "\n" not in handle and len(handle) < 4096 and handle.strip() and os.path.isfile(handle):
            # A file's name, read as PGN, was an empty game with an error.
            raise ValueError(
                f"read_game reads a file object or the PGN text: `{handle[:100]}` is a file's "
                "name: open it first (open(path)), or read it with iccf.games(path)"
            )
        return handle.encode("utf-8")
    if isinstance(handle, (bytes, bytearray, memoryview)):
        return bytes(handle)
    if not hasattr(handle, "readline"):
        # As python-chess's read_game, a path is not opened here: the
        # caller chooses its encoding and closes the file.
        hint = ": open the path first" if isinstance(handle, os.PathLike) else ""
        raise TypeError(
            "read_game reads a file object or the PGN as str or bytes, "
            f"not {type(handle).__name__}{hint}"
        )
    return _read_one_game(handle)


# What was read past the end of a game on a handle that cannot seek back:
# the next game's lines (or the rest of a line on which it starts, `... 1-0
# [Event "b"]`). Kept for the next call: nothing read is lost.
_PENDING: "weakref.WeakKeyDictionary[Any, List[bytes]]" = weakref.WeakKeyDictionary()

# The most read at a time: a file whose games share one line (old Mac files
# end lines in CR alone, one line to readline) is read in pieces, so that a
# game costs its own length, not the rest of the line's.
_PIECE = 8192


def _read_one_game(handle: Any) -> Optional[bytes]:
    lines: List[bytes] = []
    starts: List[int] = []  # the handle's position before each line
    offsets: List[int] = []  # each line's offset in the bytes read
    size = 0
    # Scanning all that was read after every line took time quadratic in
    # a game's lines (a 32,000-line comment: 5 s): scan at a line that
    # opens a tag, and when what was read has doubled since the last scan.
    scan_at = 0
    seekable = _seekable(handle)
    pending = [] if seekable else _PENDING.pop(handle, [])
    binary = True
    at_end = False
    while not at_end:
        if pending:
            line: Any = pending.pop(0)
        else:
            if seekable:
                starts.append(handle.tell())
            line = _readline(handle)
            binary = isinstance(line, bytes)
        at_end = not line
        data = line.encode("utf-8") if isinstance(line, str) else line
        if not lines and isinstance(line, bytes) and data.startswith(_COMPRESSED_MAGIC):
            # Read as PGN, its bytes were a garbage game with errors.
            raise ValueError(
                "read_game: the binary file object is compressed: open it with gzip.open, "
                "bz2.open, lzma.open (or zstandard) in text mode, or read the path with iccf.games"
            )
        if not lines and isinstance(line, bytes) and _iccf.is_utf16(data):
            # UTF-16 read as bytes: its lines split inside characters and
            # no game boundary is found, so every game after the first
            # would be lost.
            raise ValueError(
                "read_game: the binary file object gives UTF-16: open the file as text, "
                "open(path, encoding=\"utf-16\") (or \"utf-16-le\", \"utf-16-be\" without "
                "a byte-order mark), or read the path with iccf.games"
            )
        if data:
            offsets.append(size)
            lines.append(data)
            size += len(data)
        if not at_end and (not data.strip() or (size < scan_at and not data.lstrip().startswith(b"["))):
            continue
        scan_at = 2 * size
        game_starts = _iccf.game_starts(b"".join(lines))
        if len(game_starts) >= 2:
            return _give_back(handle, seekable, binary, _Read(lines, starts, offsets), game_starts[1], pending)
    joined = b"".join(lines)
    return joined if joined.strip() else None


# gzip, zstd, bzip2, xz: what iccf.games decompresses by these bytes.
_COMPRESSED_MAGIC = (b"\x1f\x8b", b"\x28\xb5\x2f\xfd", b"BZh", b"\xfd7zXZ\x00")


def _readline(handle: Any) -> Any:
    """A line of ``handle``, or its next ``_PIECE`` characters."""
    try:
        return handle.readline(_PIECE)
    except TypeError:  # a handle whose readline takes no size
        return handle.readline()


class _Read(object):
    """The lines read for a game, where each began in the handle (for a
    seekable one) and in the bytes."""

    def __init__(self, lines: List[bytes], starts: List[int], offsets: List[int]) -> None:
        self.lines, self.starts, self.offsets = lines, starts, offsets


def _give_back(
    handle: Any, seekable: bool, binary: bool, read: _Read, next_game: int, pending: List[bytes]
) -> bytes:
    """The bytes before ``next_game`` (an offset in the bytes read); the
    rest is given back: a seekable handle is left at the next game's start,
    an unseekable one's rest waits in ``_PENDING``."""
    lines = read.lines
    k = max(i for i, offset in enumerate(read.offsets) if offset <= next_game)
    cut = next_game - read.offsets[k]
    head = lines[k][:cut]
    if not seekable:
        _PENDING[handle] = [lines[k][cut:]] + lines[k + 1 :] + pending
    elif binary:
        # A binary handle's positions are byte offsets.
        handle.seek(read.starts[k] + cut)
    else:
        # A text handle's positions are opaque: back to the line's start,
        # then on by the characters before the next game.
        handle.seek(read.starts[k])
        if head:
            handle.read(len(head.decode("utf-8")))
    return b"".join(lines[:k]) + head


# Compressed files whose seek back decompresses again from the start: a
# text handle over one (``gzip.open(path, "rt")``), left at the next game
# by a seek back, read game after game in time quadratic in the file
# (2,953 games of a gzip file: 16 s against python-chess's 4 s).
_REWINDING = (gzip.GzipFile, bz2.BZ2File, lzma.LZMAFile, zipfile.ZipExtFile)


def _seekable(handle: Any) -> bool:
    """Whether ``handle`` can be left at the next game by a seek back: not
    a text handle over a compressed file, whose rest waits in ``_PENDING``
    as an unseekable handle's does."""
    if isinstance(handle, io.TextIOBase) and isinstance(getattr(handle, "buffer", None), _REWINDING):
        return False
    try:
        return bool(handle.seekable())
    except (AttributeError, ValueError, io.UnsupportedOperation):
        return False


def _strip_comment(comment: str) -> str:
    """A comment as python-chess keeps it: ``{ text }`` is ``text``."""
    if comment.startswith(" "):
        comment = comment[1:]
    if comment.endswith(" "):
        comment = comment[:-1]
    return comment


def _as_written(value: str) -> str:
    """A tag value escaped again, as python-chess keeps one (``Say \\"hi\\"``)
    and writes it back: unescaped, its quote would end the tag."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _visit(visitor: Any, tree: Any) -> None:
    """Plays ``tree`` (from ``_iccf.read_game_tree``) into ``visitor`` in
    the order ``chess.pgn.read_game`` calls it."""
    import chess
    import chess.pgn

    # A visitor returns SKIP to pass over the game (from begin_game or
    # end_headers: a filter on the tags) or a variation, as python-chess
    # lets it.
    if visitor.begin_game() is chess.pgn.SKIP:
        visitor.end_game()
        return
    visitor.begin_headers()
    for name, value in tree["tags"]:
        visitor.visit_header(name, _as_written(value))
    if visitor.end_headers() is chess.pgn.SKIP:
        visitor.end_game()
        return
    board = chess.Board(tree["fen"], chess960=tree["chess960"])
    visitor.visit_board(board)
    for error in tree["errors"]:
        visitor.handle_error(error)
    _visit_line(visitor, board, tree["moves"], chess)
    if tree["result"] is not None:
        visitor.visit_result(tree["result"])
    visitor.end_game()


def _visit_line(visitor: Any, board: Any, line: Any, chess: Any) -> None:
    for comment in line["comments"]:
        visitor.visit_comment(_strip_comment(comment))
    # `($142 1... c5)`: python-chess gives them to the node before.
    for nag in line["nags"]:
        visitor.visit_nag(nag)
    for node in line["nodes"]:
        for comment in node["comments_before"]:
            visitor.visit_comment(_strip_comment(comment))
        uci = node["uci"]
        move = chess.Move.null() if uci is None else chess.Move.from_uci(uci)
        visitor.visit_move(board, move)
        # Variations start from the position before the move.
        before: Any = board.copy(stack=False) if node["variations"] else None
        board.push(move)
        visitor.visit_board(board)
        for comment in node["comments_after"]:
            visitor.visit_comment(_strip_comment(comment))
        for nag in node["nags"]:
            visitor.visit_nag(nag)
        for variation in node["variations"]:
            if visitor.begin_variation() is not chess.pgn.SKIP:
                _visit_line(visitor, before.copy(stack=False), variation, chess)
            visitor.end_variation()
