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
