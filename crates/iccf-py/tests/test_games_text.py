"""iccf.games(path, notations="numeric"): one notation named as a str
makes each move its text, the value the dicts hold under that name, for
every game of every test file, one pass or split into ranges."""

import itertools
import sys

import pytest

import iccf
from conftest import TESTDATA, pgn_files

NOTATIONS = ("numeric", "san", "uci", "lan", "figurine")
TWIC = TESTDATA / "pgn" / "pgn4web" / "twic944.pgn"


def name(path):
    return str(path.relative_to(TESTDATA))


@pytest.mark.parametrize("path", pgn_files(), ids=name)
def test_text_moves_are_the_dicts_field(path):
    full = list(iccf.games(path))
    assert full
    for notation in NOTATIONS:
        texts = list(iccf.games(path, notations=notation))
        assert len(texts) == len(full)
        for a, b in zip(full, texts):
            assert b["moves"] == [m[notation] for m in a["moves"]], (notation, a["game"])
            assert all(type(m) is str for m in b["moves"])
            assert {k: v for k, v in a.items() if k != "moves"} == {k: v for k, v in b.items() if k != "moves"}


def test_text_moves_of_a_known_game(tmp_path):
    path = tmp_path / "one.pgn"
    path.write_text("1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n")
    assert next(iccf.games(path, notations="numeric"))["moves"] == ["5254", "5755", "7163", "2836", "6125"]
    assert next(iccf.games(path, notations="lan"))["moves"][4] == "Bf1-b5"


def test_ranges_give_the_text_moves_of_one_pass():
    one_pass = [g["moves"] for g in iccf.games(TWIC, notations="san")]
    ranged = [
        g["moves"]
        for start, end in iccf.split_points(TWIC, 3)
        for g in iccf.games(TWIC, start=start, end=end, notations="san", jobs=1)
    ]
    assert len(one_pass) > 2000
    assert ranged == one_pass


@pytest.mark.parametrize("bad", ["morse", "", "Numeric", "numeric,san"])
def test_an_unknown_notation_as_str_is_a_value_error(bad):
    with pytest.raises(ValueError, match="unknown notation"):
        iccf.games(TWIC, notations=bad)
    with pytest.raises(ValueError, match="unknown notation"):
        iccf.games(TWIC, start=0, end=100_000, notations=bad)


def test_a_sequence_of_one_name_still_gives_dicts():
    first = next(iccf.games(TWIC))["moves"][0]
    assert next(iccf.games(TWIC, notations=["numeric"]))["moves"][0] == {"numeric": first["numeric"]}
    assert next(iccf.games(TWIC, notations=("san",)))["moves"][0] == {"san": first["san"]}


def test_a_move_written_again_is_mostly_the_same_string():
    """The strings of moves are made once and given again, in every
    notation, whether the moves are texts or dicts: a file's moves are a
    few thousand texts said over and over. A text whose place in the
    table another took is made again, so not every repeat is shared."""
    games = list(iccf.games(TWIC, notations=NOTATIONS))
    for notation in NOTATIONS:
        first, shared, repeats = {}, 0, 0
        for game in games[:50]:
            for m in game["moves"]:
                text = m[notation]
                if text in first:
                    repeats += 1
                    shared += first[text] is text
                first[text] = text
        assert repeats > 1000 and shared / repeats > 0.9, (notation, shared, repeats)
    texts = [game["moves"] for game in itertools.islice(iccf.games(TWIC, notations="san"), 2)]
    assert texts[0][0] == texts[1][0] == "e4" and texts[0][0] is texts[1][0]


def test_a_finished_iterator_lets_go_of_its_strings():
    """An iterator kept after its last record keeps no table of strings:
    the strings it lent are held by the records alone."""
    games = iccf.games(b"1. e4 e5 *", notations="san")
    moves = next(games)["moves"]
    held = sys.getrefcount(moves[0])
    assert next(games, None) is None
    # Counted outside the assert, which pytest's rewriting holds on to.
    after = sys.getrefcount(moves[0])
    assert after == held - 1
    assert moves == ["e4", "e5"]
