#!/usr/bin/env bash
# Builds the Python package iccf into a venv and runs its tests: pytest on
# crates/iccf-py/tests (python-chess oracle, API, Dask on worker processes)
# and the docstrings' examples as doctests.
#
#   crates/iccf-py/run-tests.sh [PYTEST ARGS...]
#
# Idempotent: the venv (target/py-venv) and its packages are made once,
# cargo builds incrementally into the workspace's target/, so a second run
# costs the tests and little else. PYTHON picks the interpreter (python3).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
venv="$root/target/py-venv"
requirements=("maturin>=1,<2" pytest chess "dask[distributed]" pandas mypy pyarrow)

if [[ ! -x "$venv/bin/python" ]]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
# The stamp names the requirements: a changed list installs again.
stamp="$venv/.iccf-requirements"
if [[ "$(cat "$stamp" 2>/dev/null)" != "${requirements[*]}" ]]; then
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet "${requirements[@]}"
    echo "${requirements[*]}" >"$stamp"
fi

export PATH="$venv/bin:$PATH"

# The documented install command, with the venv's maturin rather than a
# fresh one fetched for an isolated build.
"$venv/bin/python" -m pip install --quiet --no-build-isolation --force-reinstall --no-deps ./crates/iccf-py

# The binary the tests compare the package's answers with.
cargo build --release --locked --quiet -p iccf-cli --bin iccf
export ICCF_BIN="$root/target/release/iccf"

cd "$root/crates/iccf-py"
# The README's Python examples are doctests too.
"$venv/bin/python" -m pytest -q -p no:cacheprovider --doctest-modules --doctest-glob=README.md \
    --pyargs iccf tests "$root/README.md" "$@"
