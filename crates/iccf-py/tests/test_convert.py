"""iccf.convert, iccf.games and iccf.convert_file on real files."""

import bz2
import json
import gzip
import lzma
import itertools
import subprocess
import sys
import textwrap

import pytest

import iccf

TWIC = "pgn/pgn4web/twic944.pgn"
BROKEN = "pgn/pgn4web/test.pgn"


def test_convert_reports_problems_and_never_raises(testdata):
    text = (testdata / BROKEN).read_bytes()
    out, problems = iccf.convert(text, to="numeric")
    assert out
    errors = [p for p in problems if p.severity == "error"]
    assert errors
    first = errors[0]
    assert first.file is None and first.game >= 1 and first.line >= 1 and first.column >= 1
    assert str(first) == f"<text>:{first.line}:{first.column}: error: {first.text}"


def test_convert_matches_the_cli_byte_for_byte(testdata, cli):
    path = testdata / "pgn/pgn-extract/fischer.pgn"
    for to, fmt, lang in [("numeric", "pgn", None), ("san", "text", "de"), ("figurine", "pgn", None)]:
        args = [cli, "convert", "--quiet", "--to", to, "--format", fmt, str(path)]
        if lang:
            args += ["--lang", lang]
        expected = subprocess.run(args, capture_output=True, check=True).stdout.decode()
        out, _ = iccf.convert(path.read_bytes(), to=to, format=fmt, lang=lang)
        assert out == expected, (to, fmt, lang)


def test_convert_reads_utf16_bytes_as_the_cli_does(testdata, cli):
    # UTF-16 with a byte-order mark was decoded game by game as CP1251:
    # every move an error.
    path = testdata / "pgn/pgn-extract/fischer.pgn"
    text = path.read_text(encoding="utf-8")
    expected, _ = iccf.convert(text)
    for codec in ("utf-16", "utf-16-le", "utf-16-be"):
        data = text.encode(codec)
        if codec != "utf-16":
            data = "\ufeff".encode(codec) + data
        out, problems = iccf.convert(data)
        assert out == expected, codec
        assert not [p for p in problems if p.severity == "error"], codec
        cli_out = subprocess.run([cli, "convert", "-q", "-"], input=data, capture_output=True, check=True).stdout
        assert cli_out.decode() == expected, codec
    # Without a mark, as some tools write it, it was refused for its NUL
    # bytes (the CLI) or read as CP1251 (convert).
    for codec in ("utf-16-le", "utf-16-be"):
        data = text.encode(codec)
        out, problems = iccf.convert(data)
        assert out == expected, codec
        cli_out = subprocess.run([cli, "convert", "-q", "-"], input=data, capture_output=True, check=True).stdout
        assert cli_out.decode() == expected, codec


def test_bad_arguments_are_value_errors():
    for kwargs in [{"to": "morse"}, {"format": "xml"}, {"lang": "xx"}, {"input_lang": "yy"}]:
        with pytest.raises(ValueError):
            iccf.convert("1. e4 *", **kwargs)


@pytest.mark.parametrize("opener,suffix", [(open, ""), (gzip.open, ".gz"), (bz2.open, ".bz2"), (lzma.open, ".xz")])
def test_games_reads_plain_and_compressed_files(testdata, tmp_path, opener, suffix):
    data = (testdata / "pgn/pgn-extract/fischer.pgn").read_bytes()
    path = tmp_path / f"fischer.pgn{suffix}"
    with opener(path, "wb") as f:
        f.write(data)
    records = list(iccf.games(path))
    expected, _ = iccf.convert(data, format="jsonl")
    assert records == [json.loads(line) for line in expected.splitlines()]
    assert len(records) > 10


@pytest.mark.parametrize("name", [TWIC, BROKEN, "pgn/pgn-extract/expected-output/test-Wdeutsch-out.pgn"])
def test_games_are_the_cli_json_lines(testdata, cli, name):
    """Records are what `iccf convert --format jsonl` writes, batch
    boundaries, game numbers and the language rule included."""
    path = testdata / name
    run = subprocess.run([cli, "convert", "-q", "--format", "jsonl", str(path)], capture_output=True)
    expected = [json.loads(line) for line in run.stdout.splitlines()]
    assert list(iccf.games(path, jobs=2)) == expected
    assert list(iccf.games(path, jobs=1)) == expected


def test_games_tag_names_in_any_order_repeated_or_many(tmp_path):
    """Tag names are made once and given again (iccf.games keeps the
    strings it made): names in another order, a name twice (`Name#2`),
    more names than it keeps, each game still reads as the JSON lines."""
    games = [
        '[Event "a"]\n[White "b"]\n[Black "c"]\n\n1. e4 *\n',
        '[Black "d"]\n[Event "e"]\n[Annotator "f"]\n[Annotator "g"]\n\n1. d4 *\n',
        "".join(f'[Tag{i} "{i}"]\n' for i in range(100)) + '[Event "h"]\n\n1. c4 *\n',
        '[White "i"]\n[Event "j"]\n[Tag99 "k"]\n[Tag5 "l"]\n\n1. Nf3 *\n',
    ]
    path = tmp_path / "tags.pgn"
    path.write_text("\n".join(games))
    expected, _ = iccf.convert(path.read_bytes(), format="jsonl")
    records = list(iccf.games(path, notations="numeric"))
    assert [r["tags"] for r in records] == [json.loads(line)["tags"] for line in expected.splitlines()]
    assert list(records[1]["tags"]) == ["Black", "Event", "Annotator", "Annotator#2"]
    assert list(records[3]["tags"].values()) == ["i", "j", "k", "l"]
    first, again = list(records[0]["tags"]), list(records[1]["tags"])
    assert again[1] is first[0] and again[0] is first[2]


def test_games_is_lazy(testdata):
    it = iccf.games(testdata / TWIC)
    first = next(it)
    assert first["game"] == 1 and len(first["moves"]) > 0
    assert next(it)["game"] == 2


def test_games_of_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError, match="cannot open"):
        iccf.games(tmp_path / "missing.pgn")


def test_convert_file_on_two_threads_equals_convert(testdata, tmp_path):
    src = testdata / TWIC
    dst = tmp_path / "twic.pgn"
    summary = iccf.convert_file(src, dst, to="numeric", jobs=2)
    out, problems = iccf.convert(src.read_bytes(), to="numeric")
    assert dst.read_text() == out
    assert summary.games == 2953 and summary.moves > 240_000
    assert summary.bytes_in == src.stat().st_size
    assert len(summary.problems) == len(problems)


def test_convert_file_takes_several_inputs_and_compresses(testdata, tmp_path):
    srcs = [testdata / "pgn/pgn-extract/fischer.pgn", testdata / "pgn/pgn-extract/petrosian.pgn"]
    dst = tmp_path / "both.pgn.gz"
    summary = iccf.convert_file(srcs, dst, to="san", jobs=1)
    text = gzip.decompress(dst.read_bytes()).decode()
    assert text.count("[Event ") == summary.games > 20


def test_convert_file_problems_name_the_file(testdata, tmp_path):
    summary = iccf.convert_file(testdata / BROKEN, tmp_path / "out.pgn")
    assert summary.games_with_errors > 0
    assert all(p.file.endswith("test.pgn") for p in summary.problems)


def test_convert_file_wrote_pgn_into_a_parquet_or_jsonl_file(tmp_path):
    """convert_file("games.parquet") and ("games.jsonl") wrote PGN, where
    iccf convert -o chooses the format by the name."""
    src = tmp_path / "in.pgn"
    src.write_text("1. e4 e5 *\n")
    iccf.convert_file(src, tmp_path / "out.jsonl.gz")
    with gzip.open(tmp_path / "out.jsonl.gz", "rt") as f:
        assert json.loads(f.readline())["moves"][0]["numeric"] == "5254"
    with pytest.raises(ValueError, match="iccf convert -o FILE.parquet"):
        iccf.convert_file(src, tmp_path / "out.parquet")
    assert not (tmp_path / "out.parquet").exists()
    iccf.convert_file(src, tmp_path / "out.txt", format="text")
    assert (tmp_path / "out.txt").read_text() == "1. 5254 5755 *\n"


def test_convert_file_refuses_a_missing_input_and_keeps_the_output(tmp_path):
    dst = tmp_path / "out.pgn"
    dst.write_text("kept")
    with pytest.raises(OSError, match="cannot open"):
        iccf.convert_file(tmp_path / "missing.pgn", dst)
    assert dst.read_text() == "kept"


def test_ctrl_c_stops_convert_file_and_leaves_no_output(testdata, tmp_path):
    """SIGINT while the pipeline runs: KeyboardInterrupt out of
    convert_file, the output not written, no temporary file left."""
    big = tmp_path / "big.pgn"
    data = (testdata / TWIC).read_bytes()
    with open(big, "wb") as f:
        for _ in range(60):
            f.write(data)
    dst = tmp_path / "out.pgn"
    # The timer starts as convert_file is called: the signal comes while it
    # runs (150 MB on one thread take well over the 0.2 s). Python leaves
    # SIGINT ignored when it starts so (a shell's background job): the
    # handler is set here, so the test does not depend on how it was run.
    script = textwrap.dedent(
        f"""
        import os, signal, sys, threading, iccf
        signal.signal(signal.SIGINT, signal.default_int_handler)
        threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()
        try:
            iccf.convert_file({str(big)!r}, {str(dst)!r}, jobs=1)
        except KeyboardInterrupt:
            print("interrupted in convert_file", flush=True)
            sys.exit(3)
        print("finished", flush=True)
        """
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout.strip()) == (3, "interrupted in convert_file"), run.stderr
    assert not dst.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["big.pgn"]


@pytest.mark.parametrize("notations", [("numeric", "san"), ("uci",), ("figurine", "lan", "numeric"), ()])
def test_games_gives_the_notations_asked_for(testdata, notations):
    """Each move holds the notations asked for, in their order, with the
    values of the full record; the rest of the record is unchanged."""
    path = testdata / TWIC
    full = list(itertools.islice(iccf.games(path), 200))
    some = list(itertools.islice(iccf.games(path, notations=notations), 200))
    assert len(some) == len(full) == 200
    for a, b in zip(full, some):
        assert [list(m) for m in b["moves"]] == [list(notations)] * len(a["moves"])
        assert [{n: m[n] for n in notations} for m in a["moves"]] == b["moves"]
        assert {k: v for k, v in a.items() if k != "moves"} == {k: v for k, v in b.items() if k != "moves"}


def test_games_refuses_an_unknown_notation(testdata):
    with pytest.raises(ValueError, match="morse"):
        iccf.games(testdata / TWIC, notations=("numeric", "morse"))
