"""Shared helpers: the repository's real test data."""

import pathlib

import pytest

TESTDATA = pathlib.Path(__file__).resolve().parents[3] / "testdata"


def pgn_files():
    """Every real PGN file of testdata/pgn (expected outputs of other tools
    included: they are real PGN too)."""
    return sorted(TESTDATA.glob("pgn/**/*.pgn"))


@pytest.fixture
def testdata():
    return TESTDATA


@pytest.fixture
def cli():
    """The `iccf` binary to compare with: $ICCF_BIN (run-tests.sh builds it),
    else the newest one under target/."""
    import os

    if os.environ.get("ICCF_BIN"):
        return os.environ["ICCF_BIN"]
    built = [p for p in (TESTDATA.parent / "target" / d / "iccf" for d in ("release", "debug")) if p.exists()]
    if not built:
        pytest.skip("no iccf binary built: run run-tests.sh")
    return str(max(built, key=lambda p: p.stat().st_mtime))
