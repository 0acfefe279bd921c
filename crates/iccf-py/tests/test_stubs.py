"""The type stubs say what the native module has, and the package passes
mypy --strict against them."""

import pathlib
import subprocess
import sys

import pytest

import iccf

pytest.importorskip("mypy")


def run(*args):
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True)


def test_stubs_match_the_native_module():
    result = run("mypy.stubtest", "iccf")
    assert result.returncode == 0, result.stdout + result.stderr


def test_package_is_typed_and_passes_mypy_strict():
    package = pathlib.Path(iccf.__file__).parent
    assert (package / "py.typed").exists()
    result = run("mypy", "--strict", "-p", "iccf")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_user_program_over_a_gzip_file_passes_mypy_strict(tmp_path):
    """Found trying the package as users would: iccf.games(gzip.open(p))
    runs, and mypy --strict said no overload matched a GzipFile."""
    program = tmp_path / "program.py"
    program.write_text(
        "import gzip\n"
        "import iccf\n"
        "with gzip.open('games.pgn.gz') as f:\n"
        "    numbers = [game['game'] for game in iccf.games(f)]\n"
        "    rows = sum(batch.num_rows for batch in iccf.games_arrow(f))\n"
    )
    result = run("mypy", "--strict", "--ignore-missing-imports", str(program))
    assert result.returncode == 0, result.stdout + result.stderr
