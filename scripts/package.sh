#!/usr/bin/env bash
# Builds what users install without Rust, into target/dist/:
#   deb      iccf_VERSION-1_amd64.deb (cargo-deb): /usr/bin/iccf, iccf(1) and a
#            page per subcommand, bash/zsh/fish completions, README and licence
#   wheel    iccf-VERSION-cp39-abi3-*.whl (maturin, stripped): every CPython >= 3.9
#   tarball  iccf-VERSION-x86_64-linux-{musl,gnu}.tar.gz and its .sha256: the
#            stripped binary (static with musl when its target and musl-gcc are
#            there, else glibc), pages, completions, README, licence
#
#   scripts/package.sh [deb] [wheel] [tarball]     (none named: all three)
#
# Installs what it lacks: cargo-deb (crates.io, pinned), maturin (PyPI, into
# target/dist-venv), musl-tools (apt, as root) for the static tarball.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dist=$root/target/dist
assets=$dist/assets
cargo_deb_version=3.8.0
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(deb wheel tarball)
want() { [[ " ${wanted[*]} " == *" $1 "* ]]; }
step() { echo "package: $*" >&2; }

# Pages and completions from the binary's own clap definitions.
write_assets() { # BINARY
    rm -rf "$assets" && mkdir -p "$assets/man" "$assets/completions"
    "$1" man --dir "$assets/man"
    gzip -9n "$assets"/man/*.1
    "$1" completions bash >"$assets/completions/iccf"
    "$1" completions zsh >"$assets/completions/_iccf"
    "$1" completions fish >"$assets/completions/iccf.fish"
}

build_deb() {
    if [ "$(cargo deb --version 2>/dev/null)" != "cargo-deb $cargo_deb_version" ]; then
        step "installing cargo-deb $cargo_deb_version"
        cargo install cargo-deb --locked --version "$cargo_deb_version"
    fi
    step "release build of iccf"
    cargo build --release --locked -p iccf-cli
    write_assets target/release/iccf
    step "the .deb"
    cargo deb -p iccf-cli --no-build --locked --output "$dist/"
}

build_wheel() {
    local venv=$root/target/dist-venv
    [ -x "$venv/bin/python" ] || "${PYTHON:-python3}" -m venv "$venv"
    "$venv/bin/python" -m maturin --version >/dev/null 2>&1 ||
        "$venv/bin/python" -m pip install --quiet "maturin>=1,<2"
    step "the wheel"
    rm -f "$dist"/iccf-*.whl
    "$venv/bin/python" -m maturin build --release --strip --locked \
        --manifest-path crates/iccf-py/Cargo.toml --out "$dist"
}

# The musl target, when rustup has it or can add it, and a musl C compiler
# for zstd and liblzma; else the glibc build (glibc 2.36, Debian 12).
musl_ready() {
    rustup target list --installed 2>/dev/null | grep -qx x86_64-unknown-linux-musl ||
        rustup target add x86_64-unknown-linux-musl >&2 || return 1
    command -v musl-gcc >/dev/null && return 0
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null &&
        apt-get install -y -qq musl-tools >/dev/null && command -v musl-gcc >/dev/null
}

build_tarball() {
    local triple libc dir bin
    if musl_ready; then
        triple=x86_64-unknown-linux-musl libc=musl
        step "static musl build of iccf"
        CC_x86_64_unknown_linux_musl=musl-gcc \
            cargo build --release --locked -p iccf-cli --target "$triple"
        bin=target/$triple/release/iccf
    else
        libc=gnu
        step "no musl target or musl-gcc: the glibc build"
        cargo build --release --locked -p iccf-cli
        bin=target/release/iccf
    fi
    write_assets "$bin"
    dir=iccf-$version-x86_64-linux-$libc
    rm -rf "${dist:?}/$dir" && mkdir -p "$dist/$dir/completions"
    cp "$bin" README.md CHANGELOG.md COPYING "$dist/$dir/"
    cp -r "$assets/man" "$dist/$dir/"
    cp "$assets"/completions/* "$dist/$dir/completions/"
    step "the tarball $dir.tar.gz"
    tar -C "$dist" --owner=0 --group=0 --sort=name -czf "$dist/$dir.tar.gz" "$dir"
    rm -rf "${dist:?}/$dir"
    (cd "$dist" && sha256sum "$dir.tar.gz" >"$dir.tar.gz.sha256")
}

mkdir -p "$dist"
want deb && build_deb
want wheel && build_wheel
want tarball && build_tarball
ls -l "$dist" | grep -v -e assets -e '^total' >&2
