"""Byte ranges of one plain PGN file, read apart, give every game once:
for random split points on every test file, the ranges' games put
together are the games of one pass, in order."""

import gzip
import random
import subprocess

import pytest

import iccf
import iccf._split as split
from conftest import TESTDATA, pgn_files


def key(record):
    """A game as read, without what counts from its range's start (its
    number, its problems' lines, and the errors of the language rule, which
    sees the games of the range only: test-promotion-out.pgn's lone
    `d8=R`, legal in five languages, is an error alone and a warning
    after games in English)."""
    return (
        record["tags"],
        [m["uci"] for m in record["moves"]],
        record["result"],
        record["unconverted"],
    )


def one_pass(path):
    return [key(r) for r in iccf.games(path, jobs=1)]


def in_ranges(path, cuts):
    games = []
    for start, end in zip(cuts, cuts[1:]):
        games.extend(key(r) for r in iccf.games(path, start=start, end=end, jobs=1))
    return games


@pytest.fixture(params=["64 KiB", "small"])
def window(request, monkeypatch):
    """The real look-back, and one so small that every offset of the test
    files is found from a tag line near it rather than from the start."""
    if request.param == "small":
        monkeypatch.setattr(split, "LOOKBACK", 512)
        monkeypatch.setattr(split, "AHEAD", 256)
        monkeypatch.setattr(split, "MARGIN", 128)
    return request.param


@pytest.mark.parametrize("path", pgn_files(), ids=lambda p: str(p.relative_to(TESTDATA)))
def test_random_ranges_read_every_game_once_in_order(path, window):
    size = path.stat().st_size
    expected = one_pass(path)
    rng = random.Random(f"{path.name}-{window}")
    for _ in range(3):
        cuts = sorted({0, size, *(rng.randrange(size + 1) for _ in range(rng.randint(1, 6)))})
        assert in_ranges(path, cuts) == expected, cuts


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_split_points_cover_the_file_at_game_starts(n):
    path = TESTDATA / "pgn/pgn4web/twic944.pgn"
    ranges = iccf.split_points(path, n)
    assert len(ranges) == n
    assert ranges[0][0] == 0 and ranges[-1][1] == path.stat().st_size
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))
    data = path.read_bytes()
    for start, _ in ranges[1:]:
        assert data[start:start + 7] == b"[Event "
    cuts = [ranges[0][0]] + [end for _, end in ranges]
    assert in_ranges(path, cuts) == one_pass(path)


def test_offsets_inside_comments_and_variations_find_the_next_game(tmp_path):
    """A comment and a variation spanning many lines, with tag lines and
    results inside the comment: any offset in them starts at the game after.
    (The comment's `}` comes before any `{`: it quotes games, it was not
    left open.)"""
    tricky = (
        '[Event "tricky"]\n\n1. e4 {a comment\n\n'
        + '[Event "not a game"]\n\n1. d4 1-0\n\n' * 20
        + "} e5 (2... c5 3. Nf3\n\n" + "d6 4. d4\n\n" * 20
        + ") 2. Nf3 *\n\n"
    )
    plain = '[Event "plain"]\n\n1. c4 c5 1/2-1/2\n\n'
    path = tmp_path / "tricky.pgn"
    path.write_text(plain + tricky + plain + tricky + plain)
    expected = one_pass(path)
    assert [g[0]["Event"] for g in expected] == ["plain", "tricky", "plain", "tricky", "plain"]
    size = path.stat().st_size
    for offset in range(0, size, 7):
        assert in_ranges(path, [0, offset, size]) == expected, offset


def test_a_compressed_file_is_one_range_read_by_one_worker(tmp_path):
    path = tmp_path / "x.pgn.gz"
    data = (TESTDATA / "pgn/pgn-extract/fischer.pgn").read_bytes()
    path.write_bytes(gzip.compress(data))
    ranges = iccf.split_points(path, 4)
    assert ranges == [(0, path.stat().st_size)]
    (start, end), = ranges
    assert [key(r) for r in iccf.games(path, start=start, end=end)] == one_pass(path)
    assert list(iccf.games(path, start=1, end=end)) == []
    with pytest.raises(ValueError):
        iccf.split_points(TESTDATA / "pgn/pgn4web/twic944.pgn", 0)


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le"])
def test_a_utf16_file_was_cut_inside_games(tmp_path, codec):
    # The splitter's byte offsets fell inside two-byte characters: a range
    # ended with a game of two tags, the next began without them. One
    # range now, read by one worker, as a compressed file is.
    path = tmp_path / "u16.pgn"
    path.write_text((TESTDATA / "pgn/pgn-extract/fischer.pgn").read_text(), encoding=codec)
    ranges = iccf.split_points(path, 4)
    assert ranges == [(0, path.stat().st_size)]
    # Offsets inside the file find no start but the file's.
    quarters = [0] + [path.stat().st_size * i // 4 + 1 for i in (1, 2, 3)] + [path.stat().st_size]
    assert in_ranges(path, quarters) == one_pass(path)
    assert len(one_pass(path)) > 30


def test_a_zstd_file_of_frames_splits_at_its_frames(cli, tmp_path):
    """iccf convert --zstd-frames writes frames at game boundaries with a
    seek table: ranges of it, read apart, give the games of one pass.
    Frames of 64K are about that: batches of 1 MiB made them 1 MiB each."""
    twic = (TESTDATA / "pgn/pgn4web/twic944.pgn").read_bytes()
    src = tmp_path / "twic3.pgn"
    src.write_bytes(twic + b"\n" + twic + b"\n" + twic)
    framed = tmp_path / "twic.pgn.zst"
    run = subprocess.run([cli, "convert", "-q", "--to", "san", "--zstd-frames", "64K", "-o", str(framed), str(src)])
    assert run.returncode in (0, 1)
    starts = iccf._iccf.zstd_frame_starts(str(framed))
    assert starts is not None and len(starts) > 4
    # 7.5 MB of text in frames of 64 KiB or a little more.
    assert len(starts) - 1 > len(src.read_bytes()) // (2 * 65536), len(starts)
    expected = one_pass(framed)
    assert len(expected) > 1000
    for n in (1, 3, 20):
        ranges = iccf.split_points(framed, n)
        assert len(ranges) == min(n, len(starts) - 1)
        assert all(a in starts and b in starts for a, b in ranges)
        assert in_ranges(framed, [ranges[0][0]] + [b for _, b in ranges]) == expected
    cuts = sorted(random.Random(7).sample(range(framed.stat().st_size), 5))
    assert in_ranges(framed, [0] + cuts + [framed.stat().st_size]) == expected


def test_a_zstd_file_of_one_frame_is_one_range(cli, tmp_path):
    src = TESTDATA / "pgn/pgn-extract/fischer.pgn"
    single = tmp_path / "one.pgn.zst"
    subprocess.run([cli, "convert", "-q", "-o", str(single), str(src)], check=True)
    assert iccf._iccf.zstd_frame_starts(str(single)) is None
    assert iccf.split_points(single, 3) == [(0, single.stat().st_size)]


def test_zstd_frames_need_a_zst_output(cli, tmp_path):
    src = TESTDATA / "pgn/pgn-extract/fischer.pgn"
    run = subprocess.run(
        [cli, "convert", "--zstd-frames", "1M", "-o", str(tmp_path / "x.pgn"), str(src)], capture_output=True, text=True
    )
    assert run.returncode == 2
    assert "zstd frames need a .zst output" in run.stderr


def test_one_big_game_was_scanned_once_per_offset(tmp_path, monkeypatch):
    """A game bigger than size / n was read from its start once per offset
    inside it: n = 1000 on one 9 MB game took 8.7 s, n = 10**6 never
    ended. Offsets up to a boundary already found are not looked for."""
    from iccf import _split

    path = tmp_path / "big.pgn"
    path.write_text("1. e4 {" + "a" * 100_000 + "} *\n\n1. d4 *\n")
    calls = []
    real = _split.boundary

    def counted(f, offset, size):
        calls.append(offset)
        return real(f, offset, size)

    monkeypatch.setattr(_split, "boundary", counted)
    ranges = iccf.split_points(path, 10**6)
    assert [r[0] for r in ranges] == [0, 100_012]
    assert len(calls) <= 3, len(calls)


def test_a_negative_offset_was_taken_as_the_start(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_text('[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *\n')
    for start, end in ((-5, None), (0, -1)):
        with pytest.raises(ValueError, match="0 or more"):
            iccf.games(path, start=start, end=end)
