//! Reading a whole file that must be small (a game file, a received
//! message) without reading more than a limit: a file over it is refused
//! with an error naming the limit and the flag that raises it, so that a
//! 200 MB mail cannot take 700 MB of memory.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, bail};

/// The largest game file of a folder (`status`, `check` and `card` on a
/// folder), as `--max-file-size`'s default for one game file.
pub const DEFAULT_MAX_GAME_FILE: u64 = 8 << 20;

/// A limit on a file read whole: what the file is and the flag that
/// raises it.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub bytes: u64,
    pub what: &'static str,
    pub flag: &'static str,
}

/// The bytes of `reader` (named `name`), at most `limit.bytes`.
pub fn read_all(mut reader: impl Read, name: &str, limit: Limit) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .by_ref()
        .take(limit.bytes + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > limit.bytes {
        bail!(
            "{name} is larger than {}, the limit for {}; raise it with {}",
            size(limit.bytes),
            limit.what,
            limit.flag
        );
    }
    Ok(bytes)
}

/// The file at `path`, at most `limit.bytes`; the open error as it is
/// (the caller may start a file that does not exist).
pub fn read_file(path: &Path, limit: Limit) -> Result<anyhow::Result<Vec<u8>>, std::io::Error> {
    let file = std::fs::File::open(path)?;
    Ok(read_all(file, &path.display().to_string(), limit))
}

/// `8 MiB`, `512 KiB` or bytes.
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: Limit = Limit {
        bytes: 2048,
        what: "a message",
        flag: "--max-message-size",
    };

    #[test]
    fn a_file_at_the_limit_is_read_one_byte_more_is_refused() {
        let at = vec![b'x'; 2048];
        assert_eq!(read_all(&at[..], "m.eml", LIMIT).unwrap(), at);
        let over = vec![b'x'; 2049];
        let err = read_all(&over[..], "m.eml", LIMIT).unwrap_err();
        assert_eq!(
            err.to_string(),
            "m.eml is larger than 2 KiB, the limit for a message; raise it with --max-message-size"
        );
    }
}
