"""iccf.games_arrow: pyarrow batches holding the records iccf.games gives,
and iccf convert --format parquet writing the same table."""

import subprocess

import pytest

import iccf
from conftest import TESTDATA

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

TWIC = TESTDATA / "pgn/pgn4web/twic944.pgn"
BROKEN = TESTDATA / "pgn/pgn-extract/test-nobadresults.pgn"
GERMAN = TESTDATA / "pgn/pgn-extract/expected-output/test-Wdeutsch-out.pgn"


def rows_of_records(records, notations):
    """What a row holds, made from iccf.games' records."""
    for r in records:
        tags = r["tags"]
        yield {
            # Named by the CLI's runs of several inputs only.
            "file": None,
            "game": r["game"],
            **{c: tags.get(c.capitalize()) for c in ("event", "site", "date", "round", "white", "black")},
            "tags": [{"name": k, "value": v} for k, v in tags.items()],
            "input": r["input"],
            "langs": r["langs"],
            **{n: [m[n] for m in r["moves"]] for n in notations},
            "result": r["result"],
            "unconverted": r["unconverted"],
            "errors": r["errors"],
            "warnings": r["warnings"],
        }


@pytest.mark.parametrize("path", [TWIC, BROKEN, GERMAN], ids=lambda p: p.name)
def test_batches_hold_the_records_of_games(path):
    notations = ("numeric", "san", "uci")
    batches = list(iccf.games_arrow(path, batch_size=7, notations=notations, jobs=2))
    assert all(isinstance(b, pa.RecordBatch) for b in batches)
    assert all(b.num_rows == 7 for b in batches[:-1]) and 1 <= batches[-1].num_rows <= 7
    rows = pa.Table.from_batches(batches).to_pylist()
    assert rows == list(rows_of_records(iccf.games(path), notations))


def test_default_columns_and_schema():
    batch = next(iccf.games_arrow(TWIC, batch_size=100))
    assert batch.schema.names == [
        "file", "game", "event", "site", "date", "round", "white", "black", "tags", "input", "langs",
        "numeric", "san", "result", "unconverted", "errors", "warnings",
    ]
    assert batch.schema.field("numeric").type == pa.list_(pa.string())
    assert batch.num_rows == 100


def test_bad_arguments():
    with pytest.raises(ValueError):
        iccf.games_arrow(TWIC, batch_size=0)
    with pytest.raises(ValueError, match="morse"):
        iccf.games_arrow(TWIC, notations=["morse"])
    with pytest.raises(FileNotFoundError):
        iccf.games_arrow(TESTDATA / "missing.pgn")


def test_one_notation_named_alone_and_a_negative_batch_size():
    # Found trying the package as users would: "numeric" was read as the
    # names n, u, m...: "unknown notation `n`", where iccf.games takes it;
    # batch_size=-1 raised OverflowError, where 0 gets a ValueError.
    batch = next(iccf.games_arrow(TWIC, batch_size=10, notations="numeric"))
    assert "numeric" in batch.schema.names and "san" not in batch.schema.names
    with pytest.raises(ValueError, match="batch_size=-1"):
        iccf.games_arrow(TWIC, batch_size=-1)


def test_a_notation_named_twice_gave_two_columns_of_one_name():
    # Found trying the package as users would: pl.from_arrow refused the
    # batch (DuplicateError); iccf.games gave the dict key once.
    batch = next(iccf.games_arrow(TWIC, batch_size=10, notations=["san", "numeric", "san"]))
    assert batch.schema.names.count("san") == 1
    assert batch.schema.names.index("san") < batch.schema.names.index("numeric")


def test_parquet_from_the_cli_is_the_same_table(cli, tmp_path):
    out = tmp_path / "games.parquet"
    run = subprocess.run([cli, "convert", "-q", "--format", "parquet", "-o", str(out), str(TWIC), str(BROKEN)])
    assert run.returncode in (0, 1)
    table = pq.read_table(out)
    expected = pa.Table.from_batches(
        [b for p in (TWIC, BROKEN) for b in iccf.games_arrow(p)]
    )
    assert table.schema.names == expected.schema.names
    # Two inputs: each row names its file, whose game numbers start at 1.
    files = table.column("file").to_pylist()
    assert files == [str(TWIC)] * files.count(str(TWIC)) + [str(BROKEN)] * files.count(str(BROKEN))
    rest = [n for n in table.schema.names if n != "file"]
    assert table.select(rest).to_pylist() == expected.select(rest).to_pylist()
    uci = tmp_path / "uci.parquet"
    subprocess.run([cli, "convert", "-q", "--format", "parquet", "--to", "uci", "-o", str(uci), str(TWIC)], check=True)
    assert "uci" in pq.read_schema(uci).names and "san" not in pq.read_schema(uci).names
