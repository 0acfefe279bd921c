//! The one way tests and benchmarks reach the real game files in the
//! repository's `testdata/` folder (see its README for sources and licences).
//!
//! A dev-dependency of every crate whose tests read real data, so that a
//! fresh clone finds its files with no folder beside the checkout.

use std::path::{Path, PathBuf};

/// The `testdata/` folder at the root of the workspace.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// The path of `rel` inside `testdata/`, e.g. `path("pgn/pgn4web/twic944.pgn")`.
pub fn path(rel: &str) -> PathBuf {
    root().join(rel)
}

/// The bytes of `testdata/rel`; panics with the path when it cannot be read,
/// which in a test is the clearest failure.
pub fn read(rel: &str) -> Vec<u8> {
    let path = path(rel);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The text of `testdata/rel` (see [`read`]).
pub fn read_to_string(rel: &str) -> String {
    let path = path(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// Every `.pgn` file under `testdata/pgn`, sorted.
pub fn pgn_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![path("pgn")];
    while let Some(dir) = dirs.pop() {
        let entries =
            std::fs::read_dir(&dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
        for entry in entries {
            let path = entry.expect("a readable directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression (issue 10): tests read the data of a `shared` folder beside the
    /// checkout, by seven spellings of its path, so a fresh clone failed.
    #[test]
    fn fresh_clone_needed_a_folder_beside_the_checkout() {
        let workspace = root().join("..");
        let mut dirs = vec![workspace.join("crates"), workspace.join("bench")];
        dirs.push(workspace.join("fuzz"));
        dirs.push(workspace.join(".ci"));
        let mut checked = 0;
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("a workspace folder") {
                let path = entry.expect("a directory entry").path();
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                if path.is_dir() && !matches!(name, "target" | "corpus" | "artifacts") {
                    dirs.push(path);
                } else if name.ends_with(".rs") || name.ends_with(".sh") || name == "run" {
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    let needle = ["shared", "data"].join("/");
                    assert!(!text.contains(&needle), "{} reads {needle}", path.display());
                    checked += 1;
                }
            }
        }
        assert!(checked > 30, "{checked} files checked");
    }

    #[test]
    fn every_file_the_readme_names_is_there() {
        let readme = read_to_string("pgn/README.md");
        let named: Vec<&str> = readme
            .lines()
            .filter_map(|l| l.strip_prefix("| `"))
            .filter_map(|l| l.split('`').next())
            .filter(|name| name.ends_with(".pgn"))
            .collect();
        assert_eq!(named.len(), 73, "{named:?}");
        for name in named {
            assert!(path("pgn").join(name).is_file(), "{name}");
        }
        assert_eq!(pgn_files().len(), 73);
    }
}
