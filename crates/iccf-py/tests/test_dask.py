"""examples/dask_convert.py on a LocalCluster of worker processes, on a tmp
copy of a few real files: each output equals iccf.convert of its input."""

import importlib.util
import pathlib
import shutil

import pytest

import iccf

pytest.importorskip("dask.distributed")
from dask.distributed import Client, LocalCluster  # noqa: E402

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "dask_convert.py"
FILES = ["pgn4web/gotd.pgn", "pgn-extract/fischer.pgn", "pgn4web/test.pgn", "scalachess/wcc2023.pgn"]


def load_example():
    spec = importlib.util.spec_from_file_location("dask_convert", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            yield client


@pytest.fixture
def folder(tmp_path, testdata):
    src = tmp_path / "games"
    src.mkdir()
    for name in FILES:
        shutil.copy(testdata / "pgn" / name, src / pathlib.Path(name).name)
    return src


def test_dask_converts_a_folder_on_worker_processes(client, folder, tmp_path):
    example = load_example()
    results = example.convert_folder(folder, tmp_path / "out", to="numeric")
    assert [pathlib.Path(r["file"]).name for r in results] == sorted(pathlib.Path(n).name for n in FILES)
    for r in results:
        expected, problems = iccf.convert(pathlib.Path(r["file"]).read_bytes(), to="numeric")
        assert pathlib.Path(r["output"]).read_text() == expected
        assert len(r["problems"]) == len(problems)
    assert sum(r["games_with_errors"] for r in results) > 0  # test.pgn is broken on purpose
    # The tasks ran in the workers' processes, not in this one.
    assert len(client.scheduler_info()["workers"]) == 2


def test_dask_game_rows_make_a_pandas_table(client, folder):
    pandas = pytest.importorskip("pandas")
    example = load_example()
    table = pandas.DataFrame(example.game_rows(folder).compute())
    total = sum(len(list(iccf.games(p))) for p in folder.iterdir())
    assert len(table) == total
    fischer = table[table.file == "fischer.pgn"]
    assert fischer.plies.sum() > 0
    assert all(tok.isdigit() for tok in fischer.numeric.iloc[0].split())


def test_dask_splits_one_big_file_into_byte_ranges(client, tmp_path, testdata):
    """One file, many tasks on 2 worker processes, the games of one pass."""
    big = tmp_path / "big.pgn"
    big.write_bytes((testdata / "pgn/pgn4web/twic944.pgn").read_bytes() * 2)
    example = load_example()
    rows = example.one_file_rows(big, 5).compute()
    expected = [" ".join(m["numeric"] for m in g["moves"]) for g in iccf.games(big)]
    assert [r["numeric"] for r in rows] == expected
    assert len(rows) == 2 * 2953
