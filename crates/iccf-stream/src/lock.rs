//! A lock file beside a file that is read, changed and written back (a
//! correspondence game file), so that two `iccf card` or `iccf check
//! --apply` on one game at once take turns instead of one writing over
//! the other's move.
//!
//! The lock is an advisory `flock` on `.NAME.lock` in the file's folder,
//! released when the [`FileLock`] drops or the process dies (even by
//! `kill -9`, so a lock is never stale). The lock file itself stays:
//! removing it would let a third process lock a new file while the second
//! still holds the old one.

use std::fs::{self, File, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::error::{Operation, StreamError};
use crate::output::{TEMP_SUFFIX, temp_prefix};

/// How long [`FileLock::acquire`] waits for another process by default.
pub const DEFAULT_LOCK_WAIT: Duration = Duration::from_secs(30);

/// A held lock on a file; dropping it lets the next process in.
#[derive(Debug)]
pub struct FileLock {
    _file: File,
    path: PathBuf,
}

impl FileLock {
    /// Locks `target` (which need not exist yet), waiting up to `wait` for
    /// a process holding it; then removes the temporary files a killed
    /// writer of `target` left (`.iccf-NAME-*.tmp`): under the lock, no
    /// other writer of `target` through this lock is running.
    ///
    /// ```
    /// use iccf_stream::lock::FileLock;
    /// use std::time::Duration;
    ///
    /// let dir = tempfile::tempdir()?;
    /// let game = dir.path().join("game.pgn");
    /// let held = FileLock::acquire(&game, Duration::ZERO)?;
    /// let err = FileLock::acquire(&game, Duration::from_millis(50)).unwrap_err();
    /// assert!(err.to_string().contains("is being changed by another iccf"), "{err}");
    /// drop(held);
    /// FileLock::acquire(&game, Duration::ZERO)?;
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn acquire(target: &Path, wait: Duration) -> Result<FileLock, StreamError> {
        // Through a symlink, the lock is the one of the file it names.
        let target = fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
        let path = lock_path(&target);
        let name = path.display().to_string();
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|err| StreamError::io(Operation::Open, &name, Some(&path), err))?;
        let started = Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(TryLockError::WouldBlock) if started.elapsed() < wait => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(TryLockError::WouldBlock) => {
                    return Err(StreamError::Locked {
                        path: target,
                        lock: path,
                    });
                }
                Err(TryLockError::Error(err)) => {
                    return Err(StreamError::io(Operation::Open, &name, Some(&path), err));
                }
            }
        }
        remove_stale_temps(&target);
        Ok(FileLock { _file: file, path })
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// `.NAME.lock` beside `target`.
fn lock_path(target: &Path) -> PathBuf {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{}.lock", name.unwrap_or_default()))
}

/// Removes what killed writers of `target` left; best effort, as a
/// leftover costs only disk space.
fn remove_stale_temps(target: &Path) {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = temp_prefix(target);
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(&prefix) && name.ends_with(TEMP_SUFFIX) {
            let _ = fs::remove_file(entry.path()).or_else(ignore_missing);
        }
    }
}

fn ignore_missing(err: io::Error) -> io::Result<()> {
    match err.kind() {
        io::ErrorKind::NotFound => Ok(()),
        _ => Err(err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::create_output;
    use std::io::Write;

    #[test]
    fn a_killed_writers_temporary_file_is_removed_by_the_next_lock() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("game.pgn");
        let mut output = create_output(Some(&game), &[], false).unwrap();
        output.write_all(b"half").unwrap();
        let temp = output.temp_path().unwrap().to_path_buf();
        // As after kill -9: the file stays, no destructor runs.
        std::mem::forget(output);
        let other = dir.path().join(".iccf-other.pgn-x.tmp");
        fs::write(&other, "not ours").unwrap();
        assert!(temp.exists());
        let _lock = FileLock::acquire(&game, Duration::ZERO).unwrap();
        assert!(!temp.exists(), "{temp:?} left");
        assert!(other.exists(), "another file's temporary file was removed");
    }
}
