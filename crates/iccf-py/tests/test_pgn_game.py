"""iccf.read_game and iccf.write_game against python-chess on the real games
of testdata/pgn: a game read by iccf, from SAN, from numeric, from German
algebraic, is the game python-chess reads from SAN, variations, comments
and NAGs included; a game written by iccf reads back the same."""

import gzip
import io

import chess
import chess.pgn
import pytest

import iccf
from conftest import TESTDATA, pgn_files

# twic944 alone has 240,964 plies; its first games are as real as the rest.
MAX_GAMES = 60

PGN_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def exported(game):
    """The whole game as python-chess writes it: headers, moves, comments,
    NAGs, variations."""
    return game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=True))


def oracle_games(path):
    """The games python-chess reads cleanly from a file, standard chess or
    Chess960."""
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        for _ in range(MAX_GAMES):
            game = chess.pgn.read_game(f)
            if game is None:
                return
            variant = game.headers.get("Variant", "standard").lower()
            if game.errors or variant not in ("standard", "chess960", "fischerandom", "chess 960"):
                continue
            # A result as an author typed it (`½-½`): python-chess keeps it,
            # iccf writes it as PGN spells it (`1/2-1/2`), by design.
            if game.headers.get("Result", "*") not in PGN_RESULTS:
                continue
            yield game


def files_with_games():
    return [p for p in pgn_files() if "expected-output" not in str(p)]


@pytest.mark.parametrize("path", files_with_games(), ids=lambda p: p.name)
def test_read_game_builds_python_chess_s_game_in_every_notation(path):
    for game in oracle_games(path):
        san = exported(game)
        assert exported(iccf.read_game(san)) == san
        numeric = iccf.write_game(game)
        assert exported(iccf.read_game(numeric)) == san, numeric
        german = iccf.write_game(game, notation="san", lang="de")
        assert exported(iccf.read_game(german, input_lang="de")) == san, german


def test_the_testdata_has_variations_comments_and_nags():
    """The round trips above cover what they claim to."""
    seen = {"games": 0, "variations": 0, "comments": 0, "nags": 0}
    for path in files_with_games():
        for game in oracle_games(path):
            seen["games"] += 1
            for node in game.mainline():
                seen["variations"] += len(node.variations) > 1
                seen["comments"] += bool(node.comment)
                seen["nags"] += bool(node.nags)
    assert all(count > 20 for count in seen.values()), seen


@pytest.mark.parametrize(
    "name", ["scalachess/wcc2023.pgn", "pgn4web/tactics.pgn", "pgn-extract/test-nagcomments.pgn", "python-chess/molinari-bordais-1979.pgn"]
)
def test_a_file_handle_is_read_game_by_game_as_python_chess_reads_it(name):
    path = TESTDATA / "pgn" / name
    with open(path, encoding="utf-8") as theirs, open(path, encoding="utf-8") as ours:
        count = 0
        while True:
            expected = chess.pgn.read_game(theirs)
            got = iccf.read_game(ours)
            if expected is None:
                assert got is None
                break
            assert exported(got) == exported(expected)
            count += 1
    assert count >= 1
    with open(path, "rb") as binary:
        assert exported(iccf.read_game(binary)) == exported(chess.pgn.read_game(io.StringIO(path.read_text())))


def test_a_utf16_binary_handle_lost_every_game_after_the_first():
    # Its lines split inside characters and no game boundary was found:
    # the first game was read, the rest lost. A clear error now; as text,
    # every game is read.
    text = '[Event "a"]\n\n1. e4 e5 *\n\n[Event "b"]\n\n1. d4 d5 *\n'
    for codec in ("utf-16", "utf-16-le", "utf-16-be"):
        with pytest.raises(ValueError, match="UTF-16"):
            iccf.read_game(io.BytesIO(text.encode(codec)))
    handle = io.StringIO(text.encode("utf-16").decode("utf-16"))
    assert [iccf.read_game(handle).headers["Event"] for _ in range(2)] == ["a", "b"]
    # A stray NUL in UTF-8 text is kept, as before, from either handle.
    nul = '[Event "a"]\n\n1. e4 {a\x00b} e5 *\n'
    for handle in (io.StringIO(nul), io.BytesIO(nul.encode())):
        assert [m.uci() for m in iccf.read_game(handle).mainline_moves()] == ["e2e4", "e7e5"]


class _Unseekable(io.RawIOBase):
    """A pipe's handle: it reads lines and cannot seek."""

    def __init__(self, data):
        self._data = io.BytesIO(data)

    def readline(self, size=-1):
        return self._data.readline(size)

    def seekable(self):
        return False


def _events(handle):
    events = []
    while (game := iccf.read_game(handle)) is not None:
        events.append(game.headers["Event"])
    return events


def test_read_game_on_a_handle_lost_the_games_after_one_starting_mid_line():
    # A game that starts on the line where the last one ends was never
    # found: the rest of the file was read as one game, its first kept.
    text = '[Event "a"] 1. e4 e5 * [Event "b"] 1. d4 d5 *\n[Event "c"]\n\n1. h4 *\n'
    for handle in (io.StringIO(text), io.BytesIO(text.encode()), _Unseekable(text.encode())):
        assert _events(handle) == ["a", "b", "c"], handle
    # Old Mac files end lines in CR alone: the whole file is one line to
    # readline.
    mac = '[Event "a"]\r\r1. e4 *\r\r[Event "b"]\r\r1. d4 *\r'
    for handle in (io.BytesIO(mac.encode()), io.StringIO(mac, newline=""), _Unseekable(mac.encode())):
        assert _events(handle) == ["a", "b"], handle
    # Two games share a line in this real file: as many games as iccf.games.
    path = TESTDATA / "pgn" / "pgn4web" / "test.pgn"
    with open(path, "rb") as binary:
        count = len(_events(binary))
    assert count == sum(1 for _ in iccf.games(path)) == 16
    # A seekable handle is left at the next game's start, even inside a
    # line: its position indexes the game, and seeking back reads again
    # (the review's: the rest of the line was kept aside, and read instead).
    for handle in (io.StringIO(text), io.BytesIO(text.encode())):
        assert iccf.read_game(handle).headers["Event"] == "a"
        at = handle.tell()
        handle.seek(0)
        assert iccf.read_game(handle).headers["Event"] == "a"
        handle.seek(at)
        assert _events(handle) == ["b", "c"], handle
    # Games without tags, a line each, seekable or not.
    tagless = "1. e4 e5 *\n1. d4 d5 *\n1. c4 *\n1. Nf3 *\n"
    for handle in (io.StringIO(tagless), _Unseekable(tagless.encode())):
        games = iter(lambda: iccf.read_game(handle), None)
        assert [len(list(g.mainline_moves())) for g in games] == [2, 2, 1, 1]


def test_a_numeric_game_python_chess_reads_as_empty():
    text = '[Event "ICCF"]\n\n1. 5254 5755 2. 7163 {the knight} 2836 (2... 4746) 3. 6125 *\n'
    assert list(chess.pgn.read_game(io.StringIO(text)).mainline_moves()) == []
    game = iccf.read_game(text)
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]
    assert game.next().next().next().comment == "the knight"
    assert game.next().next().next().variations[1].move.uci() == "d7d6"
    assert game.errors == []


def test_an_illegal_move_stops_its_line_and_is_in_game_errors():
    game = iccf.read_game("1. e4 e5 2. Ke3 Nc6 *")
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "e7e5"]
    (error,) = game.errors
    assert isinstance(error, iccf.IllegalMoveError)
    assert (error.line, error.column, error.text, error.move_number) == (1, 13, "Ke3", "2.")
    assert error.kind and error.reason


class _OnlyWhiteW(chess.pgn.GameBuilder):
    def end_headers(self):
        if self.game.headers["White"] != "W":
            return chess.pgn.SKIP
        return None


class _NoVariations(chess.pgn.GameBuilder):
    def begin_variation(self):
        super().begin_variation()
        return chess.pgn.SKIP


class _SkipGame(chess.pgn.GameBuilder):
    def begin_game(self):
        super().begin_game()
        return chess.pgn.SKIP


@pytest.mark.parametrize("visitor", [_OnlyWhiteW, _NoVariations, _SkipGame])
def test_a_visitor_s_skip_is_kept_as_python_chess_keeps_it(visitor):
    """A visitor returning SKIP from begin_game, end_headers (a filter on
    the tags) or begin_variation got the whole game all the same."""
    pgn = '[White "X"]\n\n1. e4 {a} e5 (1... c5 {b} 2. Nf3) 2. Nf3 $1 *\n'
    ours = iccf.read_game(pgn, Visitor=visitor)
    theirs = chess.pgn.read_game(io.StringIO(pgn), Visitor=visitor)
    assert str(ours) == str(theirs)
    assert ours.next() is None or not ours.next().variations[1:]


def test_a_glyph_starting_a_variation_is_kept_as_python_chess_keeps_it():
    """`e5 $2 ($142 1... c5)`: the glyph before the variation's first move
    was dropped; python-chess gives it to the move before."""
    pgn = "1. e4 e5 $2 ($142 1... c5 $1) 2. Nf3 *"
    ours = iccf.read_game(pgn)
    theirs = chess.pgn.read_game(io.StringIO(pgn))
    assert str(ours) == str(theirs)
    assert ours.next().nags == {142}


def test_chess960_castling_and_null_moves():
    text = (
        '[Variant "Chess960"]\n[FEN "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"]\n\n'
        "1. O-O g6 2. g3 O-O *\n"
    )
    game = iccf.read_game(text)
    assert game.board().chess960
    assert game.end().board().king(chess.WHITE) == chess.G1
    assert exported(game) == exported(chess.pgn.read_game(io.StringIO(text)))
    null = iccf.read_game("1. e4 -- 2. d4 *")
    assert [m.uci() for m in null.mainline_moves()] == ["e2e4", "0000", "d2d4"]


def test_an_escaped_tag_value_is_kept_as_python_chess_keeps_it():
    # read_game unescaped `\"`: python-chess then wrote `[Event "Say "hi""]`
    # and write_game refused the game.
    text = '[Event "Say \\"hi\\" \\\\ bye"]\n\n1. e4 *\n'
    theirs = chess.pgn.read_game(io.StringIO(text))
    ours = iccf.read_game(text)
    assert ours.headers["Event"] == theirs.headers["Event"] == 'Say \\"hi\\" \\\\ bye'
    assert exported(ours) == exported(theirs)
    assert exported(iccf.read_game(iccf.write_game(ours, notation="san"))) == exported(theirs)


def test_a_path_or_a_number_is_a_type_error_naming_what_read_game_takes(tmp_path):
    path = tmp_path / "one.pgn"
    path.write_text("1. e4 *\n")
    with pytest.raises(TypeError, match=r"file object or the PGN as str or bytes, not \w+Path: open the path first$"):
        iccf.read_game(path)
    with pytest.raises(TypeError, match="str or bytes, not int$"):
        iccf.read_game(123)
    with open(path) as f:
        assert [m.uci() for m in iccf.read_game(f).mainline_moves()] == ["e2e4"]


def test_a_file_name_or_a_compressed_handle_is_a_value_error_saying_so(tmp_path):
    """read_game("x.pgn") read the name as PGN (an empty game with an
    error), and a gzip handle's bytes as a garbage game."""
    path = tmp_path / "one.pgn"
    path.write_text("1. e4 *\n")
    with pytest.raises(ValueError, match="is a file's name: open it first"):
        iccf.read_game(str(path))
    packed = tmp_path / "one.pgn.gz"
    with gzip.open(packed, "wt") as f:
        f.write("1. e4 *\n")
    with open(packed, "rb") as f, pytest.raises(ValueError, match="is compressed"):
        iccf.read_game(f)
    with gzip.open(packed, "rt") as f:
        assert [m.uci() for m in iccf.read_game(f).mainline_moves()] == ["e2e4"]


class _NoSeekBackGzip(gzip.GzipFile):
    """A gzip file that fails the test when sought back."""

    def seek(self, offset, whence=io.SEEK_SET):
        assert whence != io.SEEK_SET or offset >= self.tell(), "sought back in a gzip file"
        return super().seek(offset, whence)


def test_games_of_a_gzip_text_handle_were_read_in_quadratic_time(tmp_path):
    """read_game left a text handle over a gzip file at the next game by a
    seek back, which decompresses again from the file's start: 2,953
    games took 16 s (python-chess 4 s). The next game's first line waits
    for the next call instead; every game is read, in order."""
    packed = tmp_path / "three.pgn.gz"
    games = ['[Event "%d"]\n\n1. e4 e5 *\n\n' % n for n in range(3)]
    with gzip.open(packed, "wt") as f:
        f.write("".join(games))
    with _NoSeekBackGzip(packed, "rb") as raw, io.TextIOWrapper(raw, encoding="utf-8") as f:
        events = []
        while (game := iccf.read_game(f)) is not None:
            events.append(game.headers["Event"])
    assert events == ["0", "1", "2"]


def test_end_of_input_is_none():
    assert iccf.read_game("") is None
    assert iccf.read_game(io.StringIO("  \n")) is None


def test_write_game_in_each_notation_reads_back():
    game = chess.pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 (2. Bc4 {Italian} Nf6 $2) Nc6 3. Bb5 a6 *"))
    for notation in ("numeric", "san", "lan", "uci", "figurine"):
        text = iccf.write_game(game, notation=notation)
        assert exported(iccf.read_game(text)) == exported(game), text
    assert "2. Lc4" in iccf.write_game(game, notation="san", lang="de")
    with pytest.raises(ValueError):
        iccf.write_game(game, notation="hieroglyphs")


def test_a_blank_line_after_a_comment_does_not_end_the_game():
    """python-chess ends a game at any blank line in the movetext, so the
    game of barnes-horton.pgn reads as a game of one comment and a game
    without tags; iccf's splitter keeps it one game, as iccf convert does."""
    path = TESTDATA / "pgn" / "pgn-extract" / "barnes-horton.pgn"
    with open(path, encoding="utf-8") as f:
        game = iccf.read_game(f)
        assert iccf.read_game(f) is None
    assert game.comment.startswith("Game played inaccurately")
    assert len(list(game.mainline_moves())) == 72
    assert game.headers["White"] == "Barnes, David J."


def test_a_pipe_is_read_game_by_game_without_losing_a_line():
    """A handle that cannot seek back keeps the next game's lines read ahead
    for the next call."""
    import os
    import threading

    text = "\n\n".join([(TESTDATA / "pgn" / "python-chess" / "molinari-bordais-1979.pgn").read_text()] * 3)
    read_end, write_end = os.pipe()

    def feed():
        with os.fdopen(write_end, "w") as w:
            w.write(text)

    threading.Thread(target=feed).start()
    with os.fdopen(read_end) as pipe:
        assert not pipe.seekable()
        games = []
        while (game := iccf.read_game(pipe)) is not None:
            games.append(exported(game))
    expected = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        expected.append(exported(game))
    assert games == expected and len(games) == 3
