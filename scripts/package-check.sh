#!/usr/bin/env bash
# CI for what users install without Rust (issue 24): builds the .deb and the
# wheel with scripts/package.sh, installs the .deb on this machine with
# dpkg -i (CI runs as root on Debian) and checks the installed iccf: its
# version and commit, its manual pages, bash completion of `iccf con<TAB>`,
# the bundled sample converted as by the freshly built binary. Then installs
# the wheel with pip --no-index into fresh venvs of two Pythons (Debian's
# /usr/bin/python3 and the python3 on PATH), with no cargo on PATH, and runs
# the README's Python examples with the standard library's doctest.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dist=$root/target/dist
fail() { echo "package-check: FAILED: $*" >&2; exit 1; }
ok() { echo "package-check: ok: $*"; passed=$((passed + 1)); }
passed=0

# --- tools ---------------------------------------------------------------------
need=()
command -v man >/dev/null || need+=(man-db)
[ -f /usr/share/bash-completion/bash_completion ] || need+=(bash-completion)
/usr/bin/python3 -c 'import ensurepip' 2>/dev/null || need+=(python3-venv)
command -v dpkg-deb >/dev/null || need+=(dpkg)
if [ ${#need[@]} -gt 0 ]; then
    echo "package-check: installing ${need[*]} with apt-get" >&2
    apt-get install -y -qq "${need[@]}" >/dev/null ||
        { apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null; }
fi

# --- build -----------------------------------------------------------------------
start=$SECONDS
scripts/package.sh deb wheel
echo "package-check: .deb and wheel built in $((SECONDS - start)) s" >&2
deb=$(ls "$dist"/iccf_*_amd64.deb)
wheel=$(ls "$dist"/iccf-*-abi3-*.whl)

# --- the .deb ----------------------------------------------------------------------
dpkg -i "$deb" >/dev/null
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
expected="iccf $version (git $(git rev-parse --short=12 HEAD))"
[ "$(/usr/bin/iccf --version)" = "$expected" ] || fail "iccf --version: $(/usr/bin/iccf --version), not $expected"
ok "/usr/bin/iccf --version: $expected"

for page in iccf iccf-convert iccf-check iccf-card; do
    [ "$(man -w "$page")" = "/usr/share/man/man1/$page.1.gz" ] || fail "man -w $page: $(man -w "$page" 2>&1)"
done
man iccf-convert 2>/dev/null | grep -q -- '--to' || fail "man iccf-convert does not show --to"
ok "man -w iccf (and iccf-convert, iccf-check, iccf-card)"

for file in README.md COPYING CHANGELOG.md copyright; do
    [ -s "/usr/share/doc/iccf/$file" ] || fail "/usr/share/doc/iccf/$file missing"
done
[ -s /usr/share/zsh/vendor-completions/_iccf ] && [ -s /usr/share/fish/vendor_completions.d/iccf.fish ] ||
    fail "zsh or fish completions missing"
ok "README, licence, changelog, zsh and fish completions installed"

# Bash completion as an interactive bash does it: bash-completion loads the
# script from its Debian path on first use, then `complete -p` names the function.
completion=$(bash --norc --noprofile -c '
    source /usr/share/bash-completion/bash_completion
    __load_completion iccf || exit 3
    spec=$(complete -p iccf) || exit 4
    fn=$(sed -n "s/.*-F \([^ ]*\) .*/\1/p" <<<"$spec")
    COMP_WORDS=(iccf con) COMP_CWORD=1 COMP_LINE="iccf con" COMP_POINT=8
    "$fn" iccf con iccf
    printf "%s\n" "${COMPREPLY[@]}"')
[ "$completion" = convert ] || fail "bash completion of 'iccf con<TAB>' gave: $completion"
ok "bash completion of 'iccf con<TAB>' gives convert"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/iccf convert samples/games.pgn >"$tmp/installed.pgn" || fail "the sample did not convert"
target/release/iccf convert samples/games.pgn >"$tmp/built.pgn"
cmp -s "$tmp/installed.pgn" "$tmp/built.pgn" || fail "installed and built iccf convert the sample differently"
grep -q '^1\. [1-8][1-8][1-8][1-8] ' "$tmp/installed.pgn" || fail "the sample's output is not numeric"
ok "samples/games.pgn converts ($(grep -c '^\[Event ' "$tmp/installed.pgn") games)"

# --- the wheel --------------------------------------------------------------------------
# python-chess, for the README's python-chess example, as a wheel beside ours.
wheelhouse=$root/target/dist-wheelhouse
ls "$wheelhouse"/chess-*.whl >/dev/null 2>&1 ||
    "$root/target/dist-venv/bin/python" -m pip wheel --quiet chess -w "$wheelhouse"
for python in /usr/bin/python3 "$(command -v python3)"; do
    venv=$tmp/venv-$(basename "$(dirname "$python")")
    "$python" -m venv "$venv"
    # No cargo, rustc or maturin reachable: the wheel must install as it is.
    PATH=$venv/bin:/usr/bin:/bin "$venv/bin/python" -m pip install --quiet --no-index \
        --only-binary :all: --find-links "$dist" --find-links "$wheelhouse" iccf chess
    (cd "$tmp" && PATH=$venv/bin:/usr/bin:/bin "$venv/bin/python" -m doctest "$root/README.md") ||
        fail "the README's Python examples under $python"
    where=$("$venv/bin/python" -c 'import iccf, sys; print(sys.version.split()[0], iccf.__file__)')
    [[ $where == *"$venv"/* ]] || fail "iccf imported from elsewhere: $where"
    ok "wheel $(basename "$wheel") on Python $where: README examples pass"
done

echo "package-check: $passed passed, 0 failed"
