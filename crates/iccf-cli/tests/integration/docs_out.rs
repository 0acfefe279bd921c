//! `iccf completions`, `iccf man` and `iccf --version`: what the packages
//! ship is what these print.

use std::process::Command;

use crate::cli::run;

#[test]
fn bash_completions_name_every_subcommand() {
    let out = run(&["completions", "bash"], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("complete -F _iccf"), "{}", out.stdout);
    for sub in [
        "convert",
        "move",
        "board",
        "check",
        "card",
        "languages",
        "man",
    ] {
        assert!(out.stdout.contains(sub), "{sub} missing");
    }
}

#[test]
fn zsh_and_fish_completions_are_for_iccf() {
    let zsh = run(&["completions", "zsh"], b"");
    assert!(zsh.stdout.starts_with("#compdef iccf"), "{}", zsh.stdout);
    let fish = run(&["completions", "fish"], b"");
    assert!(fish.stdout.contains("complete -c iccf"), "{}", fish.stdout);
}

#[test]
fn unknown_shell_is_a_usage_error() {
    let out = run(&["completions", "tcsh"], b"");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("bash"), "{}", out.stderr);
}

#[test]
fn man_prints_iccf_1_and_a_page_per_subcommand() {
    let page = run(&["man"], b"");
    assert_eq!(page.code, 0, "{}", page.stderr);
    assert!(page.stdout.contains(".TH iccf 1"), "{}", page.stdout);
    // The subcommands are listed, and the long help is the description.
    assert!(page.stdout.contains("iccf\\-convert(1)"), "{}", page.stdout);
    let convert = run(&["man", "convert"], b"");
    assert!(
        convert.stdout.contains(".TH iccf-convert 1"),
        "{}",
        convert.stdout
    );
    assert!(convert.stdout.contains("\\-\\-to"), "{}", convert.stdout);
}

#[test]
fn man_of_an_unknown_subcommand_names_the_pages() {
    let out = run(&["man", "convrt"], b"");
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("no subcommand `convrt`"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("convert"), "{}", out.stderr);
}

#[test]
fn man_dir_writes_every_page() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("man1");
    let out = run(&["man", "--dir", out_dir.to_str().unwrap()], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut names: Vec<_> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for page in [
        "iccf.1",
        "iccf-convert.1",
        "iccf-check.1",
        "iccf-card.1",
        "iccf-man.1",
    ] {
        assert!(
            names.iter().any(|name| name == page),
            "{page} not in {names:?}"
        );
    }
    let convert = std::fs::read_to_string(out_dir.join("iccf-convert.1")).unwrap();
    assert_eq!(convert, run(&["man", "convert"], b"").stdout);
}

#[test]
fn version_names_the_commit_of_the_checkout() {
    let out = run(&["--version"], b"");
    assert_eq!(out.code, 0);
    let version = env!("CARGO_PKG_VERSION");
    let head = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8(out.stdout).unwrap().trim().to_owned());
    match head {
        // Built after the last commit: build.rs reran when HEAD moved.
        Some(commit) => assert_eq!(out.stdout, format!("iccf {version} (git {commit})\n")),
        None => assert_eq!(out.stdout, format!("iccf {version}\n")),
    }
}
