"""Pythonic errors (ParseError for what is no move, OSError subclasses
with errno and filename, short messages) and the inputs each function
takes (paths, bytes, file objects; lists of paths only for convert_file;
jobs checked as the CLI checks -j)."""

import errno
import gzip
import io
import os
import re

import pytest

import iccf

FISCHER = "pgn/pgn-extract/fischer.pgn"
ATTRIBUTES = ("kind", "text", "move_number", "reason", "notation", "nearest")


@pytest.mark.parametrize("text", ["hello", "Dear", "xyz", "5294", "525", "Nf9", "Zz9"])
def test_text_that_is_no_move_is_a_parse_error(text):
    with pytest.raises(iccf.ParseError) as info:
        iccf.move(text)
    assert info.value.text == text and info.value.kind in ("not-a-move", "bad-numeric", "bad-san")


# White's pawn on e7 promotes on e8 or d8.
PROMOTES = "3r4/4P2k/8/8/8/8/8/4K3 w - - 0 1"

# White is mated: no move follows.
FOOLS_MATE = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"


@pytest.mark.parametrize(
    "call,cls,kind",
    [
        (lambda: iccf.move("hello"), iccf.ParseError, "not-a-move"),
        (lambda: iccf.move("5245"), iccf.IllegalMoveError, "illegal-numeric"),
        (lambda: iccf.move("Ke2"), iccf.IllegalMoveError, "no-piece-can-move"),
        (lambda: iccf.move("Ng1-e2"), iccf.IllegalMoveError, "illegal-from-square"),
        (lambda: iccf.move("O-O"), iccf.IllegalMoveError, "cannot-castle"),
        # A pawn's move to the last rank without its piece ("no white pawn
        # can move to e8" before, and "illegal move" for e7e8).
        (lambda: iccf.move("e8", fen=PROMOTES), iccf.ParseError, "missing-promotion"),
        (lambda: iccf.move("e7e8", fen=PROMOTES), iccf.ParseError, "missing-promotion"),
        (lambda: iccf.move("a3", fen=FOOLS_MATE), iccf.IllegalMoveError, "game-over"),
        (lambda: iccf.move("e4", fen="not a fen"), iccf.ParseError, "bad-position"),
        (lambda: iccf.check("[ICCFSide \"x", "hi", side="white"), iccf.ParseError, None),
    ],
)
def test_every_exception_has_the_same_attributes(call, cls, kind):
    try:
        call()
    except cls as err:
        for name in ATTRIBUTES:
            assert hasattr(err, name), name
        if kind:
            assert err.kind == kind
        assert isinstance(err.reason, str) and isinstance(err.nearest, list)
    except ValueError:
        pass  # check() may refuse the game otherwise; not this test's point
    else:
        if kind:
            pytest.fail("no exception")


def test_absurd_fen_counter_was_played_on():
    # Numbered 4294967295. as the CLI, the web page and convert refuse it.
    with pytest.raises(iccf.ParseError, match="move counter 99999999999999999999999 is absurd"):
        iccf.move("5254", fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999999")


def test_messages_quote_at_most_about_100_characters():
    long = "x" * 10_000
    for call in (lambda: iccf.move(long), lambda: iccf.move("e4", fen=long), lambda: iccf.move("e4" + "9" * 5000)):
        with pytest.raises(ValueError) as info:
            call()
        message = str(info.value)
        assert len(message) < 300, message[:400]
        assert "…" in message
        for quoted in re.findall(r"`([^`]*)`", message):
            assert len(quoted) <= 101
    with pytest.raises(iccf.ParseError) as info:
        iccf.move(long)
    assert info.value.text == long  # the attribute keeps it all


def test_missing_file_is_file_not_found_with_errno_and_filename(tmp_path):
    missing = tmp_path / "missing.pgn"
    for call in (lambda: iccf.games(missing), lambda: iccf.convert_file(missing, tmp_path / "out.pgn")):
        with pytest.raises(FileNotFoundError) as info:
            call()
        assert info.value.errno == errno.ENOENT
        assert info.value.filename == str(missing)


def test_an_output_in_a_missing_folder_is_file_not_found_naming_the_output(testdata, tmp_path):
    out = tmp_path / "missing" / "out.pgn"
    with pytest.raises(FileNotFoundError) as info:
        iccf.convert_file(testdata / FISCHER, out)
    assert info.value.errno == errno.ENOENT
    assert info.value.filename == str(out)
    # Not the temporary file the output is written to first.
    assert ".tmp" not in str(info.value)


def test_a_folder_is_is_a_directory_error(tmp_path):
    for call in (lambda: iccf.games(tmp_path), lambda: iccf.convert_file(tmp_path, tmp_path / "out.pgn")):
        with pytest.raises(IsADirectoryError) as info:
            call()
        assert info.value.errno == errno.EISDIR and info.value.filename == str(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_a_permission_error(tmp_path):
    locked = tmp_path / "locked.pgn"
    locked.write_text("1. e4 *")
    locked.chmod(0)
    with pytest.raises(PermissionError) as info:
        iccf.games(locked)
    assert info.value.errno == errno.EACCES and info.value.filename == str(locked)


def test_games_reads_bytes_and_file_objects(testdata):
    path = testdata / FISCHER
    data = path.read_bytes()
    expected = list(iccf.games(path))
    assert len(expected) > 10
    assert list(iccf.games(data)) == expected
    assert list(iccf.games(bytearray(data))) == expected
    assert list(iccf.games(memoryview(data))) == expected
    with open(path, "rb") as f:
        assert list(iccf.games(f)) == expected
    with open(path, encoding="utf-8", errors="replace") as f:
        assert list(iccf.games(f, jobs=1)) == expected
    assert list(iccf.games(io.BytesIO(gzip.compress(data)))) == expected
    assert list(iccf.games(io.StringIO(data.decode("utf-8", "replace")))) == expected


def test_a_file_object_that_fails_is_an_os_error():
    class Broken(io.RawIOBase):
        def read(self, n=-1):
            raise ValueError("the disk is on fire")

    with pytest.raises(OSError, match="on fire") as info:
        list(iccf.games(Broken()))
    # The file object's own exception is the cause, as `raise from` gives.
    assert isinstance(info.value.__cause__, ValueError)
    assert str(info.value.__cause__) == "the disk is on fire"


def test_errors_of_cards_games_written_and_move_text_have_the_attributes():
    """iccf.card raised a bare ValueError for an illegal move, write_game a
    ParseError without kind or text, and iccf.move("") the kind
    "bad-position" with its number twice in the reason."""
    with pytest.raises(iccf.IllegalMoveError) as info:
        iccf.card('[ICCFSide "white"]\n\n1. 5254 5755 *', "Nf6", date="2026.12.01")
    assert (info.value.kind, info.value.text) == ("illegal", "Nf6")
    with pytest.raises(iccf.ParseError) as info:
        iccf.move("")
    assert (info.value.kind, info.value.move_number, info.value.reason) == ("no-move", "1.", "no move")
    chess_pgn = pytest.importorskip("chess.pgn")
    crazyhouse = chess_pgn.read_game(io.StringIO('[Variant "Crazyhouse"]\n\n1. e4 *'))
    with pytest.raises(iccf.ParseError) as info:
        iccf.write_game(crazyhouse)
    assert info.value.kind == "bad-game" and isinstance(info.value.line, int)
    for name in ATTRIBUTES + ("line", "column"):
        assert hasattr(info.value, name), name


def test_a_list_is_a_source_only_for_convert_file(testdata, tmp_path):
    with pytest.raises(TypeError):
        iccf.games([str(testdata / FISCHER)])
    with pytest.raises(TypeError):
        iccf.games(42)
    with pytest.raises(TypeError, match="list of paths"):
        iccf.convert_file(io.StringIO("1. e4 *"), tmp_path / "out.pgn")
    summary = iccf.convert_file((testdata / FISCHER, testdata / FISCHER), tmp_path / "out.pgn", jobs=1)
    assert summary.games == 2 * len(list(iccf.games(testdata / FISCHER)))


@pytest.mark.parametrize("jobs", [-1, 1025, 10**6])
def test_jobs_out_of_range_is_a_value_error_everywhere(testdata, tmp_path, jobs):
    with pytest.raises(ValueError, match="jobs|threads"):
        iccf.games(testdata / FISCHER, jobs=jobs)
    with pytest.raises(ValueError, match="jobs|threads"):
        iccf.convert_file(testdata / FISCHER, tmp_path / "out.pgn", jobs=jobs)


@pytest.mark.parametrize("jobs", [0, None, 1, 2, 1024])
def test_jobs_in_range_all_give_the_same_games(testdata, jobs):
    assert list(iccf.games(testdata / FISCHER, jobs=jobs)) == list(iccf.games(testdata / FISCHER, jobs=1))


def test_version_is_the_crates():
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", iccf.__version__)
    from importlib.metadata import version

    assert version("iccf") == iccf.__version__


def test_negative_squares_wrapped_around_to_h8():
    import chess

    class Bad:
        from_square, to_square, promotion = -1, -64, None

    with pytest.raises(ValueError, match="0 \\(a1\\) to 63 \\(h8\\)"):
        iccf.numeric(chess.Board(), Bad())
    with pytest.raises(ValueError, match="0 \\(a1\\) to 63 \\(h8\\)"):
        iccf.numeric(chess.Board(), chess.Move(12, 64))
    assert iccf.numeric(chess.Board(), chess.Move(chess.E2, chess.E4)) == "5254"
