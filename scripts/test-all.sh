#!/usr/bin/env bash
# Every test of the project, as the README's test command: the Rust
# workspace, `iccf mail` against a real Dovecot, the web page in headless
# Chromium, and the Python package. The last three install what they need
# (Debian's dovecot-imapd and chromium, npm's playwright-core, PyPI's
# maturin, pytest, python-chess, dask) when it is missing, so a fresh
# machine needs nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step says how long it took (timed.sh), for CI's log.
scripts/timed.sh cargo test --workspace --locked
scripts/timed.sh bash crates/iccf-cli/tests/dovecot/run.sh
# The crate graph (issue 17): Python without the CLI's crates, a CLI without `serve`.
scripts/timed.sh bash scripts/crate-graph-check.sh
scripts/timed.sh bash crates/iccf-web/e2e/run.sh
scripts/timed.sh bash crates/iccf-py/run-tests.sh
