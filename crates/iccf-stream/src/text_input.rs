//! What the decompressed input holds, before it is split into games: UTF-16
//! is transcoded to UTF-8 as a stream (the splitter needs ASCII-compatible
//! bytes), and `iccf`'s own JSON lines output is refused rather than read as
//! PGN into garbage games.

use std::fmt;
use std::io::{self, Cursor, Read};

use encoding_rs::{Decoder, Encoding, UTF_16BE, UTF_16LE};
use iccf_pgn::encoding::{InputEncoding, utf16_of};

/// Bytes looked at before deciding what the input is.
const HEAD_LEN: usize = 4096;

/// Bytes of UTF-16 transcoded per read.
const CHUNK: usize = 64 * 1024;

/// Input that is not PGN text: refused as a whole, in one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotPgn {
    /// Starts like `iccf convert --format jsonl` output.
    JsonLines,
    /// An archive or a compression iccf does not read (TWIC ships its
    /// games zipped), and how to get the PGN out of it.
    Archive {
        /// What it is: `a ZIP archive`.
        what: &'static str,
        /// The command that gives its text, piped into `iccf convert -`.
        extract: &'static str,
    },
}

impl fmt::Display for NotPgn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotPgn::JsonLines => f.write_str(
                "looks like iccf's JSON lines output, not PGN (convert the original games instead)",
            ),
            NotPgn::Archive { what, extract } => write!(
                f,
                "{what}, not PGN: iccf reads PGN plain or compressed with zstd, gzip, bzip2 \
                 or xz; extract it first (`{extract} | iccf convert -`)"
            ),
        }
    }
}

impl std::error::Error for NotPgn {}

/// Looks at the start of `reader` and returns the UTF-8 text stream to split:
/// transcoded when it is UTF-16 (a byte-order mark or, without one, zero
/// bytes on one side ([`utf16_of`]) under `auto`, or `--encoding
/// utf-16le/be`), as it is otherwise. A read error or input that
/// is not PGN is an `io::Error` (a [`NotPgn`] inside for the latter).
///
/// The head looked at is the first 4 KiB, or what came before a live
/// input paused (see [`ReadAhead::live`](crate::read_ahead::ReadAhead::live)),
/// so that a stream's first games are not held for the rest of it.
///
/// ```
/// use iccf_stream::text_input::text_reader;
/// use iccf_pgn::encoding::InputEncoding;
/// use std::io::{Cursor, Read};
///
/// // UTF-16LE with its byte-order mark becomes UTF-8 without it.
/// let utf16: Vec<u8> = "\u{feff}1. Kf3 *".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// let mut text = String::new();
/// text_reader(Box::new(Cursor::new(utf16)), InputEncoding::Auto)?.read_to_string(&mut text)?;
/// assert_eq!(text, "1. Kf3 *");
///
/// // Our own JSON lines output is refused.
/// let jsonl = Cursor::new(b"{\"game\":1,\"tags\":{}}\n".to_vec());
/// assert!(text_reader(Box::new(jsonl), InputEncoding::Auto).is_err());
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn text_reader(
    mut reader: Box<dyn Read + Send>,
    encoding: InputEncoding,
) -> io::Result<Box<dyn Read + Send>> {
    let head = read_head(&mut reader)?;
    let utf16 = match encoding {
        InputEncoding::Auto => utf16_of(&head),
        // A named legacy encoding wins over a mark that may be chance.
        InputEncoding::Fixed(_) if encoding.utf16().is_none() => None,
        // A mark of the other byte order wins over the one named.
        InputEncoding::Fixed(_) => utf16_bom(&head).or(encoding.utf16()),
    };
    let stream = Cursor::new(head).chain(reader);
    if let Some(utf16) = utf16 {
        return Ok(Box::new(Utf16Reader::new(stream, utf16)));
    }
    if looks_like_json_lines(stream.get_ref().0.get_ref()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            NotPgn::JsonLines,
        ));
    }
    if let Some(archive) = archive_of(stream.get_ref().0.get_ref()) {
        return Err(io::Error::new(io::ErrorKind::InvalidData, archive));
    }
    Ok(Box::new(stream))
}

/// The archive or unread compression that `head` starts with, by its
/// magic bytes (a tar archive's are at offset 257).
fn archive_of(head: &[u8]) -> Option<NotPgn> {
    let (what, extract) = match head {
        [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] => ("a ZIP archive", "unzip -p FILE"),
        [b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C, ..] => ("a 7z archive", "7z x -so FILE"),
        [b'R', b'a', b'r', b'!', 0x1A, 0x07, ..] => ("a RAR archive", "unrar p -inul FILE"),
        [0x04, 0x22, 0x4D, 0x18, ..] => ("lz4-compressed", "lz4 -dc FILE"),
        [0x1F, 0x9D, ..] => ("compressed with compress (.Z)", "gzip -dc FILE"),
        _ if head.get(257..262) == Some(b"ustar") => ("a tar archive", "tar -xOf FILE"),
        _ => return None,
    };
    Some(NotPgn::Archive { what, extract })
}

/// The first [`HEAD_LEN`] bytes of `reader`, fewer at its end or when it
/// pauses (a `WouldBlock` error) with two bytes or more read: enough for a
/// byte-order mark. A pause before is waited out.
fn read_head(reader: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut head = vec![0; HEAD_LEN];
    let mut filled = 0;
    while filled < HEAD_LEN {
        match reader.read(&mut head[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(err) if err.kind() == io::ErrorKind::WouldBlock && filled >= 2 => break,
            Err(err)
                if matches!(
                    err.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted
                ) => {}
            Err(err) => return Err(err),
        }
    }
    head.truncate(filled);
    Ok(head)
}

/// The UTF-16 encoding whose byte-order mark starts `head`.
fn utf16_bom(head: &[u8]) -> Option<&'static Encoding> {
    match head {
        [0xFF, 0xFE, ..] => Some(UTF_16LE),
        [0xFE, 0xFF, ..] => Some(UTF_16BE),
        _ => None,
    }
}

/// Whether `head` starts like our JSON lines output: after an optional
/// UTF-8 mark and blanks, `{` and, within the first line, `"game":`. PGN
/// cannot start so: `{` opens a comment, and no comment holds `"game":` by
/// chance.
fn looks_like_json_lines(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let Some(start) = head.iter().position(|b| !b.is_ascii_whitespace()) else {
        return false;
    };
    let line = &head[start..];
    let line = line.split(|&b| b == b'\n').next().unwrap_or(line);
    line.first() == Some(&b'{') && line.windows(7).any(|w| w == b"\"game\":")
}

/// Reads UTF-16 from `inner` and hands out UTF-8, chunk by chunk, with the
/// byte-order mark removed and unpaired surrogates or a lone last byte as
/// U+FFFD (as every other undecodable byte is).
pub struct Utf16Reader<R> {
    inner: R,
    decoder: Decoder,
    input: Vec<u8>,
    output: Vec<u8>,
    /// Bytes of `output` already handed out.
    pos: usize,
    done: bool,
}

impl<R: Read> Utf16Reader<R> {
    /// Transcodes `inner`, which is in `encoding` (UTF-16LE or BE; a
    /// byte-order mark of either overrides it).
    pub fn new(inner: R, encoding: &'static Encoding) -> Self {
        Utf16Reader {
            inner,
            decoder: encoding.new_decoder_with_bom_removal(),
            input: vec![0; CHUNK],
            output: Vec::new(),
            pos: 0,
            done: false,
        }
    }
}

// By hand: a derive would print the 64 KiB read buffer.
impl<R: fmt::Debug> fmt::Debug for Utf16Reader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Utf16Reader")
            .field("inner", &self.inner)
            .field("encoding", &self.decoder.encoding())
            .field("pending", &(self.output.len() - self.pos))
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<R: Read> Read for Utf16Reader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.output.len() {
            if self.done {
                return Ok(0);
            }
            let n = loop {
                match self.inner.read(&mut self.input) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => break other?,
                }
            };
            let last = n == 0;
            let room = self
                .decoder
                .max_utf8_buffer_length(n)
                .ok_or_else(|| io::Error::other("UTF-16 chunk too large"))?;
            self.output.resize(room, 0);
            // With room for the worst case, the decoder takes all the input.
            let (_, _, written, _) =
                self.decoder
                    .decode_to_utf8(&self.input[..n], &mut self.output, last);
            self.output.truncate(written);
            self.pos = 0;
            self.done = last;
        }
        let n = buf.len().min(self.output.len() - self.pos);
        buf[..n].copy_from_slice(&self.output[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io_tests::Trickle;

    const GAME: &str = "[White \"Петросян\"]\n\n1. e4 {é} e5 *\n";

    /// TWIC ships its games zipped: a ZIP file was "not a PGN or text
    /// file: NUL bytes at offset 6", naming neither the format nor what to
    /// do. Archives are named now, with the command that extracts them.
    #[test]
    fn zip_archive_was_called_a_file_with_nul_bytes() {
        let refused =
            |bytes: Vec<u8>| match text_reader(Box::new(Cursor::new(bytes)), InputEncoding::Auto) {
                Ok(_) => None,
                Err(err) => Some(err.to_string()),
            };
        let zip = b"PK\x03\x04\x14\x00\x00\x00\x08\x00twic1600.pgn".to_vec();
        let message = refused(zip).unwrap();
        assert!(message.starts_with("a ZIP archive, not PGN: "), "{message}");
        assert!(
            message.ends_with("(`unzip -p FILE | iccf convert -`)"),
            "{message}"
        );
        let mut tar = vec![0u8; 512];
        tar[..7].copy_from_slice(b"one.pgn");
        tar[257..263].copy_from_slice(b"ustar\0");
        assert!(refused(tar).unwrap().starts_with("a tar archive"));
        // A game that starts "PK" is a game.
        assert_eq!(refused(b"[Event \"PK\"]\n1. e4 *\n".to_vec()), None);
    }

    fn utf16(text: &str, be: bool, bom: bool) -> Vec<u8> {
        let mut bytes = Vec::new();
        if bom {
            bytes.extend(if be { [0xFE, 0xFF] } else { [0xFF, 0xFE] });
        }
        for unit in text.encode_utf16() {
            bytes.extend(if be {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            });
        }
        bytes
    }

    fn read(bytes: Vec<u8>, encoding: InputEncoding) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        text_reader(Box::new(Cursor::new(bytes)), encoding)?.read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn utf16_was_read_as_cp1251() {
        for be in [false, true] {
            let text = read(utf16(GAME, be, true), InputEncoding::Auto).unwrap();
            assert_eq!(String::from_utf8(text).unwrap(), GAME);
            // Without a mark, when named.
            let named: InputEncoding = if be { "utf-16be" } else { "utf-16le" }.parse().unwrap();
            let text = read(utf16(GAME, be, false), named).unwrap();
            assert_eq!(String::from_utf8(text).unwrap(), GAME);
        }
        // Odd byte splits across reads: surrogate pairs and units survive.
        let long = format!("{GAME}♞ 𝄞 ").repeat(20_000);
        let mut out = String::new();
        Utf16Reader::new(Trickle(Cursor::new(utf16(&long, false, true))), UTF_16LE)
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, long);
    }

    /// UTF-16 without a byte-order mark, as some tools write it, was
    /// refused: "not a PGN or text file: NUL bytes at offset 1". It is
    /// told by its zero bytes, as `decode_text` tells it in a message.
    #[test]
    fn utf16_without_bom_was_refused_as_nul_bytes() {
        for be in [false, true] {
            let text = read(utf16(GAME, be, false), InputEncoding::Auto).unwrap();
            assert_eq!(String::from_utf8(text).unwrap(), GAME);
            let short = read(utf16("1. e4 *", be, false), InputEncoding::Auto).unwrap();
            assert_eq!(short, b"1. e4 *");
        }
        // Too short to tell, or zeros on both sides: refused later as
        // before, for its NUL bytes.
        for bytes in [&b"1\0"[..], b"1\0.\0\0\0 \0e\x004\0", b"a\0\0b c d "] {
            assert_eq!(read(bytes.to_vec(), InputEncoding::Auto).unwrap(), bytes);
        }
    }

    #[test]
    fn plain_text_passes_untouched() {
        let text = b"\xEF\xBB\xBF[Event \"x\"]\n\n1. e4 \xff *\n".to_vec();
        assert_eq!(read(text.clone(), InputEncoding::Auto).unwrap(), text);
        // A legacy encoding named wins over bytes that look like a mark.
        let latin: InputEncoding = "latin1".parse().unwrap();
        let odd = b"\xFF\xFE1. e4 *\n".to_vec();
        assert_eq!(read(odd.clone(), latin).unwrap(), odd);
    }

    #[test]
    fn jsonl_output_read_back_as_pgn() {
        for head in [
            &b"{\"game\":1,\"tags\":{}}\n"[..],
            b"\n  {\"tags\":{\"Event\":\"x\"},\"game\":1}\n",
            b"\xEF\xBB\xBF{\"game\":2}",
        ] {
            let err = read(head.to_vec(), InputEncoding::Auto).unwrap_err();
            assert!(err.to_string().contains("JSON lines"), "{err}");
        }
        // A PGN comment first, and `"game":` further down, are PGN.
        for pgn in [
            &b"{ a comment } 1. e4 *\n"[..],
            b"{ annotated }\n[Event \"\\\"game\\\": x\"]\n",
        ] {
            assert_eq!(read(pgn.to_vec(), InputEncoding::Auto).unwrap(), pgn);
        }
    }
}
