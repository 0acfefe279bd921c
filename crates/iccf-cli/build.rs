//! Sets `ICCF_VERSION` for `iccf --version`: the crate's version, and the
//! git commit when built from a checkout ("0.1.0 (git 1a2b3c4d5e6f)").
//! Built from a tarball or with no git installed, the version alone.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let full = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(commit) => {
            watch_head();
            format!("{version} (git {commit})")
        }
        None => version.to_owned(),
    };
    println!("cargo:rustc-env=ICCF_VERSION={full}");
    println!("cargo:rerun-if-changed=build.rs");
}

/// Reruns this script when HEAD moves: a commit, a checkout, a reset.
fn watch_head() {
    for file in ["HEAD", "packed-refs"] {
        if let Some(path) = git(&["rev-parse", "--git-path", file]) {
            println!("cargo:rerun-if-changed={}", absolute(path).display());
        }
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"])
        && let Some(path) = git(&["rev-parse", "--git-path", &branch])
    {
        println!("cargo:rerun-if-changed={}", absolute(path).display());
    }
}

/// Git paths are relative to the crate's folder, where git runs.
fn absolute(path: String) -> PathBuf {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    dir.join(path)
}

/// The trimmed output of a successful git command, run in the crate's folder.
fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (out.status.success() && !text.is_empty()).then(|| text.to_owned())
}
