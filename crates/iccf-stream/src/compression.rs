//! The compression formats of inputs and outputs, sniffed from magic bytes
//! on input and chosen by extension on output.

use std::fmt;
use std::path::Path;

/// Compression formats understood on input and output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed.
    None,
    /// gzip (RFC 1952), possibly several concatenated members.
    Gzip,
    /// bzip2, possibly several concatenated streams.
    Bzip2,
    /// xz, possibly several concatenated streams.
    Xz,
    /// Zstandard, possibly several frames.
    Zstd,
}

impl Compression {
    /// Detects the format from the first bytes of a stream (fewer than six
    /// bytes are fine: a short stream is simply plain).
    ///
    /// ```
    /// use iccf_stream::compression::Compression;
    ///
    /// assert_eq!(Compression::from_magic(b"\x1f\x8b\x08\x00"), Compression::Gzip);
    /// assert_eq!(Compression::from_magic(b"BZh9"), Compression::Bzip2);
    /// assert_eq!(Compression::from_magic(b"BZh is a tag"), Compression::None);
    /// ```
    pub fn from_magic(head: &[u8]) -> Compression {
        match head {
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Compression::Zstd,
            // A zstd skippable frame (pzstd starts its output with one); the
            // zstd decoder skips it like any other.
            [0x50..=0x5F, 0x2A, 0x4D, 0x18, ..] => Compression::Zstd,
            [0x1F, 0x8B, ..] => Compression::Gzip,
            // "BZh" followed by the block size digit, so that a text file that
            // happens to start with "BZh" is not taken for bzip2.
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            [0xFD, b'7', b'z', b'X', b'Z', 0x00, ..] => Compression::Xz,
            _ => Compression::None,
        }
    }

    /// Chooses the output format from a file name's extension
    /// (case-insensitive): `.zst`/`.zstd`, `.gz`/`.gzip`, `.bz2`/`.bzip2`,
    /// `.xz`; plain otherwise (see [`Compression::unwritten`]).
    ///
    /// ```
    /// use iccf_stream::compression::Compression;
    /// use std::path::Path;
    ///
    /// assert_eq!(Compression::from_extension(Path::new("out.PGN.ZST")), Compression::Zstd);
    /// assert_eq!(Compression::from_extension(Path::new("out.pgn")), Compression::None);
    /// ```
    pub fn from_extension(path: &Path) -> Compression {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("zst" | "zstd") => Compression::Zstd,
            Some("gz" | "gzip") => Compression::Gzip,
            Some("bz2" | "bzip2") => Compression::Bzip2,
            Some("xz") => Compression::Xz,
            _ => Compression::None,
        }
    }
}

impl Compression {
    /// The extension of `path` if it names an archive or a compression
    /// iccf does not write (`.zip`, `.7z`, `.lz4`, `.lzma`, `.Z`, `.tgz`…):
    /// an output so named is refused rather than written plain.
    ///
    /// ```
    /// use iccf_stream::compression::Compression;
    /// use std::path::Path;
    ///
    /// assert_eq!(Compression::unwritten(Path::new("twic.zip")), Some("zip".into()));
    /// assert_eq!(Compression::unwritten(Path::new("games.tar.gz")), Some("tar.gz".into()));
    /// assert_eq!(Compression::unwritten(Path::new("out.pgn")), None);
    /// ```
    pub fn unwritten(path: &Path) -> Option<String> {
        let ext = path.extension()?.to_str()?;
        if Compression::from_extension(path) != Compression::None {
            // `games.tar.gz`: a compressed tar archive, which a compressed
            // PGN file written under its name is not.
            let inner = Path::new(path.file_stem()?).extension()?.to_str()?;
            return inner
                .eq_ignore_ascii_case("tar")
                .then(|| format!("{inner}.{ext}"));
        }
        let known = [
            "zip", "7z", "rar", "tar", "tgz", "tbz", "tbz2", "txz", "lz4", "lzma", "lz", "z", "br",
            "sz",
        ];
        known
            .contains(&ext.to_ascii_lowercase().as_str())
            .then(|| ext.to_owned())
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::None => "plain",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
            Compression::Zstd => "zstd",
        })
    }
}
