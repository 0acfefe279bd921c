//! Tests of opening inputs and writing outputs, on real files.

use std::fs::{self, File};
use std::io::{self, Cursor, Read, Write};
use std::path::Path;

use crate::compression::Compression;
use crate::error::is_broken_pipe;
use crate::input::{Input, open_input, open_reader};
use crate::output::create_output;

const TEXT: &[u8] = b"[Event \"Test\"]\n[Site \"?\"]\n\n1. 5254 5755 2. 7163 8876 1-0\n";

fn sample(n: usize) -> Vec<u8> {
    TEXT.repeat(n)
}

fn read_all(input: Input) -> Vec<u8> {
    let mut out = Vec::new();
    let mut r = input.reader;
    r.read_to_end(&mut out).unwrap();
    out
}

fn compress(data: &[u8], c: Compression) -> Vec<u8> {
    match c {
        Compression::None => data.to_vec(),
        Compression::Gzip => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(data).unwrap();
            e.finish().unwrap()
        }
        Compression::Bzip2 => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            e.write_all(data).unwrap();
            e.finish().unwrap()
        }
        Compression::Xz => {
            let mut e = liblzma::write::XzEncoder::new(Vec::new(), 1);
            e.write_all(data).unwrap();
            e.finish().unwrap()
        }
        Compression::Zstd => zstd::encode_all(data, 1).unwrap(),
    }
}

const ALL: [Compression; 5] = [
    Compression::None,
    Compression::Gzip,
    Compression::Bzip2,
    Compression::Xz,
    Compression::Zstd,
];

/// A reader that hands out one byte per call, like a slow pipe.
pub(crate) struct Trickle<R>(pub(crate) R);
impl<R: Read> Read for Trickle<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(1);
        self.0.read(&mut buf[..n])
    }
}

#[test]
fn magic_detection() {
    assert_eq!(Compression::from_magic(b""), Compression::None);
    assert_eq!(Compression::from_magic(b"\x1f"), Compression::None);
    assert_eq!(Compression::from_magic(b"\x1f\x8b"), Compression::Gzip);
    assert_eq!(Compression::from_magic(b"BZh9"), Compression::Bzip2);
    assert_eq!(Compression::from_magic(b"BZh "), Compression::None);
    assert_eq!(Compression::from_magic(b"\xfd7zXZ\x00"), Compression::Xz);
    assert_eq!(
        Compression::from_magic(b"\x28\xb5\x2f\xfd"),
        Compression::Zstd
    );
    assert_eq!(Compression::from_magic(b"[Event"), Compression::None);
}

#[test]
fn extension_detection() {
    let c = |p: &str| Compression::from_extension(Path::new(p));
    assert_eq!(c("a.pgn.zst"), Compression::Zstd);
    assert_eq!(c("a.pgn.GZ"), Compression::Gzip);
    assert_eq!(c("a.bz2"), Compression::Bzip2);
    assert_eq!(c("dir.xz/a.pgn"), Compression::None);
    assert_eq!(c("a.xz"), Compression::Xz);
    assert_eq!(c("a"), Compression::None);
}

#[test]
fn stdin_like_readers_are_sniffed() {
    let data = sample(500);
    for c in ALL {
        let compressed = compress(&data, c);
        // One byte per read: the magic must still be recognised.
        let input = open_reader(
            Box::new(Trickle(Cursor::new(compressed.clone()))),
            "<stdin>",
            None,
        )
        .unwrap();
        assert_eq!(input.compression, c);
        let counter = input.bytes_read.clone();
        assert_eq!(read_all(input), data, "{c}");
        assert_eq!(counter.get(), compressed.len() as u64, "{c}");
    }
}

#[test]
fn tiny_and_empty_inputs_are_plain() {
    for data in [&b""[..], b"1", b"\x1f", b"BZh"] {
        let input = open_reader(Box::new(Cursor::new(data.to_vec())), "x", None).unwrap();
        assert_eq!(input.compression, Compression::None);
        assert_eq!(read_all(input), data);
    }
}

#[test]
fn concatenated_members_are_read_fully() {
    let a = sample(100);
    let b = b"[Event \"Second\"]\n\n1. 5254 1/2-1/2\n".to_vec();
    for c in [
        Compression::Gzip,
        Compression::Bzip2,
        Compression::Xz,
        Compression::Zstd,
    ] {
        let mut both = compress(&a, c);
        both.extend(compress(&b, c));
        both.extend(compress(&a, c));
        let input = open_reader(Box::new(Cursor::new(both)), "cat", None).unwrap();
        let mut want = a.clone();
        want.extend(&b);
        want.extend(&a);
        assert_eq!(read_all(input), want, "{c}");
    }
}

#[test]
fn truncated_compressed_input_is_an_error() {
    let data = sample(2000);
    for c in [
        Compression::Gzip,
        Compression::Bzip2,
        Compression::Xz,
        Compression::Zstd,
    ] {
        let compressed = compress(&data, c);
        let cut = compressed[..compressed.len() / 2].to_vec();
        let input = open_reader(Box::new(Cursor::new(cut)), "cut.pgn", None).unwrap();
        let mut out = Vec::new();
        let mut r = input.reader;
        let err = r.read_to_end(&mut out).unwrap_err();
        assert!(err.to_string().contains("cut.pgn"), "{c}: {err}");
    }
}

#[test]
fn round_trip_through_files() {
    let dir = tempfile::tempdir().unwrap();
    let data = sample(3000);
    for (ext, c) in [
        ("pgn", Compression::None),
        ("pgn.gz", Compression::Gzip),
        ("pgn.bz2", Compression::Bzip2),
        ("pgn.xz", Compression::Xz),
        ("pgn.zst", Compression::Zstd),
    ] {
        let path = dir.path().join(format!("out.{ext}"));
        let mut out = create_output(Some(&path), &[], false).unwrap();
        assert_eq!(out.compression(), c);
        // Many small writes, as a writer emitting game by game would.
        for chunk in data.chunks(37) {
            out.write_all(chunk).unwrap();
        }
        out.commit().unwrap();

        let input = open_input(&path).unwrap();
        assert_eq!(input.compression, c, "{ext}");
        let file_len = fs::metadata(&path).unwrap().len();
        assert_eq!(input.len, Some(file_len));
        let counter = input.bytes_read.clone();
        assert_eq!(read_all(input), data, "{ext}");
        assert_eq!(counter.get(), file_len);
        if c != Compression::None {
            assert!(file_len < data.len() as u64 / 5, "{ext}: {file_len}");
        }
    }
    // Only the outputs are left: no temporary files.
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 5, "{names:?}");
    assert!(names.iter().all(|n| n.starts_with("out.")), "{names:?}");
}

#[test]
fn detection_ignores_misleading_extension() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("really-gzip.pgn");
    fs::write(&path, compress(TEXT, Compression::Gzip)).unwrap();
    let input = open_input(&path).unwrap();
    assert_eq!(input.compression, Compression::Gzip);
    assert_eq!(read_all(input), TEXT);
}

#[test]
fn uncommitted_output_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.pgn.gz");
    let mut out = create_output(Some(&path), &[], false).unwrap();
    out.write_all(&sample(10_000)).unwrap();
    out.flush().unwrap();
    let temp = out.temp_path().unwrap().to_path_buf();
    assert!(temp.exists());
    drop(out);
    assert!(!temp.exists());
    assert!(!path.exists());
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn uncommitted_output_keeps_old_target() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.pgn");
    fs::write(&path, b"old contents").unwrap();
    let mut out = create_output(Some(&path), &[], false).unwrap();
    out.write_all(b"new contents").unwrap();
    drop(out);
    assert_eq!(fs::read(&path).unwrap(), b"old contents");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);

    let mut out = create_output(Some(&path), &[], false).unwrap();
    out.write_all(b"new contents").unwrap();
    out.commit().unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"new contents");
}

#[cfg(unix)]
#[test]
fn new_output_has_ordinary_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.pgn");
    let out = create_output(Some(&path), &[], false).unwrap();
    out.commit().unwrap();
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    // Whatever the umask, group/other get more than NamedTempFile's 0600
    // unless the umask itself forbids it; owner read/write always.
    assert_eq!(mode & 0o600, 0o600);
    let reference = dir.path().join("reference");
    File::create(&reference).unwrap();
    let want = fs::metadata(&reference).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, want);
}

#[test]
fn refuses_output_equal_to_input() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("games.pgn");
    fs::write(&input, TEXT).unwrap();
    let other = dir.path().join("other.pgn");
    fs::write(&other, TEXT).unwrap();

    let err = create_output(Some(&input), &[other.clone(), input.clone()], false).unwrap_err();
    assert!(err.to_string().contains("same file"), "{err}");
    // Via a different spelling of the same path.
    let dotted = dir.path().join(".").join("games.pgn");
    assert!(create_output(Some(&dotted), std::slice::from_ref(&input), false).is_err());
    #[cfg(unix)]
    {
        let link = dir.path().join("hard.pgn");
        fs::hard_link(&input, &link).unwrap();
        assert!(create_output(Some(&link), std::slice::from_ref(&input), false).is_err());
        let sym = dir.path().join("sym.pgn");
        std::os::unix::fs::symlink(&input, &sym).unwrap();
        assert!(create_output(Some(&sym), std::slice::from_ref(&input), false).is_err());
    }
    assert_eq!(fs::read(&input).unwrap(), TEXT);

    // A different existing file, and a file that doesn't exist yet, are fine.
    create_output(Some(&other), std::slice::from_ref(&input), false).unwrap();
    let new = dir.path().join("new.pgn");
    create_output(Some(&new), std::slice::from_ref(&new), false).unwrap();
}

#[test]
fn output_to_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    assert!(create_output(Some(dir.path()), &[], false).is_err());
}

#[test]
fn missing_input_names_the_file() {
    let err = open_input(Path::new("/nonexistent/x.pgn")).unwrap_err();
    assert!(format!("{err:#}").contains("/nonexistent/x.pgn"), "{err:#}");
}

#[test]
fn stdout_output_is_plain() {
    let out = create_output(None, &[], false).unwrap();
    assert!(out.is_stdout());
    assert_eq!(out.compression(), Compression::None);
    let out = create_output(Some(Path::new("-")), &[], false).unwrap();
    assert!(out.is_stdout());
    assert_eq!(out.name(), "<stdout>");
}

#[test]
fn broken_pipe_is_found_in_the_chain() {
    let bp = io::Error::new(io::ErrorKind::BrokenPipe, "pipe");
    let err = crate::error::StreamError::io(crate::error::Operation::Write, "<stdout>", None, bp);
    assert!(err.is_broken_pipe());
    let wrapped = io::Error::other(io::Error::new(io::ErrorKind::BrokenPipe, "x"));
    assert!(is_broken_pipe(&wrapped));
    assert!(!is_broken_pipe(&io::Error::other("disk full")));
}

#[test]
fn a_missing_input_has_its_errno_and_path() {
    let err = open_input(Path::new("/nonexistent/x.pgn")).unwrap_err();
    assert_eq!(err.os_error(), Some(2));
    assert_eq!(err.path(), Some(Path::new("/nonexistent/x.pgn")));
}

#[test]
fn a_missing_output_folder_has_its_errno_and_path() {
    let path = Path::new("/nonexistent/out.pgn");
    let err = create_output(Some(path), &[], false).unwrap_err();
    assert_eq!(err.os_error(), Some(2));
    assert_eq!(err.path(), Some(path));
    // Not the temporary file's name, which the user never gave.
    assert!(!format!("{err:#}").contains(".tmp"), "{err:#}");
}

#[cfg(unix)]
#[test]
fn a_replaced_output_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.pgn");
    fs::write(&path, b"old").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    let out = create_output(Some(&path), &[], false).unwrap();
    out.commit().unwrap();
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o640
    );
}

#[cfg(unix)]
#[test]
fn dev_null_is_written_not_replaced() {
    // Regression: `-o /dev/null` renamed a temporary file over the device.
    let path = Path::new("/dev/null");
    let mut out = create_output(Some(path), &[], false).unwrap();
    out.write_all(b"1. e4 e5 *\n").unwrap();
    out.commit().unwrap();
    let meta = fs::metadata(path).unwrap();
    assert!(!meta.is_file(), "/dev/null became a regular file");
}
