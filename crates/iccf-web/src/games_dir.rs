//! The folder of game files `iccf serve --games DIR` opens: its `*.pgn`
//! files read as `iccf status` reads them, one read or written at a time
//! through the stream library's lock and atomic writer, as `iccf card`
//! writes them. Nothing outside the folder is touched: a name must be a
//! plain file name in it (no `/`, no `..`, no hidden file) and a symbolic
//! link is refused.

use std::fs;
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

use axum::http::StatusCode;
use iccf_corr::{FolderGame, Game};
use iccf_stream::error::Operation;
use iccf_stream::input::open_own_file;
use iccf_stream::lock::{DEFAULT_LOCK_WAIT, FileLock};
use iccf_stream::output::create_output;

use crate::ApiError;
use crate::limits::{MAX_BODY_BYTES, printable};

/// A folder of game files.
#[derive(Clone, Debug)]
pub struct GamesDir {
    dir: PathBuf,
}

/// The folder's game files: those read, and those that could not be
/// (name, reason).
#[derive(Debug, Default)]
pub struct Listing {
    /// The games read, by file name.
    pub games: Vec<FolderGame>,
    /// The files that could not be read, and why.
    pub unreadable: Vec<(String, String)>,
}

impl GamesDir {
    /// The folder `dir`, as its real path; an error when it is no folder.
    ///
    /// # Errors
    ///
    /// When `dir` cannot be resolved or is not a directory.
    pub fn new(dir: &Path) -> std::io::Result<GamesDir> {
        let dir = fs::canonicalize(dir)?;
        if !dir.is_dir() {
            return Err(std::io::Error::new(
                ErrorKind::NotADirectory,
                format!("{} is not a folder", dir.display()),
            ));
        }
        Ok(GamesDir { dir })
    }

    /// The folder's real path.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Every `*.pgn` file directly in the folder that is a file (not a
    /// link), by name; a game whose side we cannot tell is unreadable.
    pub fn list(&self) -> Result<Listing, ApiError> {
        let entries = fs::read_dir(&self.dir).map_err(|err| io_error(&self.dir, &err))?;
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter(|name| plain_name(name))
            .collect();
        names.sort();
        let mut listing = Listing::default();
        for name in names {
            match self
                .read(&name)
                .and_then(|text| folder_game(name.clone(), &text))
            {
                Ok(game) => listing.games.push(game),
                Err(err) => listing.unreadable.push((name, err.message)),
            }
        }
        Ok(listing)
    }

    /// The text of game file `name`.
    pub fn read(&self, name: &str) -> Result<String, ApiError> {
        let path = self.existing(name)?;
        let bytes = read_bounded(&path).map_err(|err| io_error(&path, &err))?;
        if bytes.len() > MAX_BODY_BYTES {
            return Err(ApiError::too_large(format!("{name} is larger than 1 MiB")));
        }
        // As `iccf card` reads it: a Latin-1 file's accents were replaced
        // for good once the desk saved it.
        Ok(iccf_corr::decode_text(&bytes).into_owned())
    }

    /// Writes `game` as file `name`, atomically, under the file's lock;
    /// when `was` is given, only if the file still holds it (else 409:
    /// someone else changed it meanwhile).
    pub fn write(&self, name: &str, game: &Game, was: Option<&str>) -> Result<(), ApiError> {
        let path = self.target(name)?;
        let lock = FileLock::acquire(&path, DEFAULT_LOCK_WAIT).map_err(conflict)?;
        if let Some(was) = was {
            let now = match read_bounded(&path) {
                Ok(bytes) => iccf_corr::decode_text(&bytes).into_owned(),
                Err(err) if err.kind() == ErrorKind::NotFound => String::new(),
                Err(err) => return Err(io_error(&path, &err)),
            };
            if now != was {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    format!("{name} was changed since it was opened: open it again"),
                ));
            }
        }
        let mut output = create_output(Some(&path), &[], false).map_err(conflict)?;
        output
            .write_all(&iccf_corr::write_game(game))
            .map_err(|err| conflict(output.error(Operation::Write, err)))?;
        output.commit().map_err(conflict)?;
        drop(lock);
        Ok(())
    }

    /// The path of `name`, which must be a game file there already.
    fn existing(&self, name: &str) -> Result<PathBuf, ApiError> {
        let path = self.target(name)?;
        if !path.exists() {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                format!("no game file {name} in the games folder"),
            ));
        }
        Ok(path)
    }

    /// The path of `name` in the folder; a 403 for a name that leads out
    /// of it or to anything but a plain file.
    fn target(&self, name: &str) -> Result<PathBuf, ApiError> {
        if !plain_name(name) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "`{}` is not a game file of the games folder: a name like game.pgn, in the folder itself",
                    printable(name)
                ),
            ));
        }
        let path = self.dir.join(name);
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "{name} is a symbolic link: the desk reads and writes only the folder's own files"
                ),
            )),
            Ok(meta) if !meta.is_file() => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("{name} is not a file"),
            )),
            Ok(_) => Ok(path),
            Err(err) if err.kind() == ErrorKind::NotFound => Ok(path),
            Err(err) => Err(io_error(&path, &err)),
        }
    }
}

/// The file's first [`MAX_BODY_BYTES`] bytes and one more, to tell it is
/// too big: a big database kept in the folder is not loaded whole.
fn read_bounded(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    // Checked as a plain file by `target`, and again here at the open: a
    // link swapped in meanwhile is not followed out of the folder.
    open_own_file(path)?
        .take(MAX_BODY_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A game file's name: `*.pgn`, not hidden, no folder in it, no `:`
/// (on Windows `C:x.pgn` is a path of drive C's current folder, and
/// `a.pgn:b.pgn` a stream hidden in `a.pgn`).
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && !name.starts_with('.')
        && !name.contains(['/', '\\', '\0', ':'])
        && Path::new(name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// The file read as a correspondence game with our side from its tag.
fn folder_game(name: String, text: &str) -> Result<FolderGame, ApiError> {
    let game = iccf_corr::read_game(text.as_bytes())
        .map_err(|err| ApiError::unprocessable(err.to_string()))?;
    let side = game.side().ok_or_else(|| {
        ApiError::unprocessable(
            "which side do we play? Give it an ICCFSide tag (iccf card FILE --as SIDE)",
        )
    })?;
    Ok(FolderGame { name, game, side })
}

fn io_error(path: &Path, err: &std::io::Error) -> ApiError {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!("cannot read {name}: {err}"),
    )
}

/// A file that cannot be written now (locked, read-only): 409.
fn conflict(err: impl std::fmt::Display) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drive_or_a_stream_name_leads_out_of_the_folder() {
        for name in ["C:evil.pgn", "game.pgn:hidden.pgn", "../x.pgn", "a\\b.pgn"] {
            assert!(!plain_name(name), "{name}");
        }
        assert!(plain_name("sicilian-a.pgn"));
    }

    #[test]
    fn a_huge_file_in_the_folder_is_not_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        // 8 GiB, sparse: reading it whole took minutes and the memory.
        let file = fs::File::create(dir.path().join("database.pgn")).unwrap();
        file.set_len(8 << 30).unwrap();
        let games = GamesDir::new(dir.path()).unwrap();
        let started = std::time::Instant::now();
        let err = games.read("database.pgn").unwrap_err();
        assert_eq!(err.status, StatusCode::PAYLOAD_TOO_LARGE);
        let listing = games.list().unwrap();
        assert_eq!(listing.unreadable.len(), 1);
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }

    /// Review of issue 25: a game file checked as a plain file, then
    /// swapped for a link before it was read, was followed out of the
    /// folder. The open itself now refuses the link (and a FIFO, which
    /// would hold the worker).
    #[cfg(unix)]
    #[test]
    fn a_link_swapped_in_after_the_check_was_followed() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("secret.txt");
        fs::write(&secret, "not for the page").unwrap();
        let games = dir.path().join("games");
        fs::create_dir(&games).unwrap();
        let link = games.join("g.pgn");
        std::os::unix::fs::symlink(&secret, &link).unwrap();
        assert!(read_bounded(&link).is_err());
        let fifo = games.join("f.pgn");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(read_bounded(&fifo).is_err());
        fs::write(games.join("ok.pgn"), "1. 5254 *").unwrap();
        assert_eq!(read_bounded(&games.join("ok.pgn")).unwrap(), b"1. 5254 *");
    }
}
