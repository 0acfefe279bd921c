#!/usr/bin/env bash
# The crate graph issue 17 asks for, checked on the build itself:
# - the Python extension links no CLI nor web server crates;
# - `cargo build -p iccf-cli --no-default-features` builds a binary without
#   `iccf serve`: the command is refused and `iccf --help` does not list it.
# The default binary is built again at the end (cargo keeps both builds, so
# that is little more than a copy).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "crate-graph-check: $*" >&2; exit 1; }

# Each tree taken first, so that a failing `cargo tree` stops the check (in
# a pipe, its failure read as "no match" and passed).
py_tree=$(cargo tree --locked -p iccf-py -e normal)
cli_tree=$(cargo tree --locked -p iccf-cli --no-default-features -e normal)
if grep -E 'axum|tokio|hyper|clap|indicatif' <<<"$py_tree"; then
    fail "iccf-py links the crates above"
fi
if grep -E 'axum|tokio|hyper' <<<"$cli_tree"; then
    fail "iccf-cli without the serve feature links the crates above"
fi

cargo build --locked -p iccf-cli --no-default-features
bin=target/debug/iccf
if "$bin" serve --help >/dev/null 2>&1; then
    fail "the build without the serve feature has iccf serve"
fi
if "$bin" --help | grep -q 'iccf serve'; then
    fail "the build without the serve feature lists iccf serve in --help"
fi
"$bin" move 5254 >/dev/null || fail "the build without the serve feature does not run"

cargo build --locked -p iccf-cli
"$bin" --help | grep -q 'iccf serve' || fail "the default build lists no iccf serve"
echo "crate-graph-check: ok"
