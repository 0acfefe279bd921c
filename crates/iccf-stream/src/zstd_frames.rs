//! A zstd file made of independent frames, each starting at a game, with
//! the seek table of zstd's seekable format at its end: workers can read
//! the frames apart (the Python package's `split_points` and
//! `games(path, start=, end=)`), and any zstd decoder reads the whole
//! file, skipping the table (a skippable frame).
//!
//! The output is cut at game boundaries only ([`FramedZstd::end_frame`]
//! is called between games), once a frame holds `frame_bytes` of text.
//!
//! ```
//! use std::io::{Read, Write};
//! use iccf_stream::zstd_frames::{FramedZstd, seek_table};
//!
//! let mut framed = FramedZstd::new(Vec::new(), 10);
//! framed.write_all(b"1. e4 e5 *\n\n")?;
//! framed.end_frame()?;
//! framed.write_all(b"1. d4 *\n\n")?;
//! let file = framed.finish()?;
//! let frames = seek_table(&file).expect("a seek table");
//! assert_eq!(frames.iter().map(|f| f.decompressed).collect::<Vec<_>>(), [12, 9]);
//! let mut text = String::new();
//! zstd::stream::read::Decoder::new(&file[..])?.read_to_string(&mut text)?;
//! assert_eq!(text, "1. e4 e5 *\n\n1. d4 *\n\n");
//! # Ok::<_, std::io::Error>(())
//! ```

use std::io::{self, Read, Seek, SeekFrom, Write};

/// The magic number of the skippable frame holding the seek table.
const SKIPPABLE_MAGIC: u32 = 0x184D_2A5E;
/// The magic number ending a seekable zstd file.
const SEEKABLE_MAGIC: u32 = 0x8F92_EAB1;
/// The seek table's footer: frame count, descriptor, magic.
const FOOTER_BYTES: usize = 9;
/// zstd's default level, as for a `.zst` output without frames.
const LEVEL: i32 = 3;

/// One frame of a seekable file, as its seek table gives it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Bytes of the frame in the file.
    pub compressed: u32,
    /// Bytes of text it holds.
    pub decompressed: u32,
}

/// A writer of independent zstd frames into `W`.
#[derive(Debug)]
pub struct FramedZstd<W: Write> {
    out: W,
    /// The text of the frame being gathered.
    pending: Vec<u8>,
    frame_bytes: usize,
    frames: Vec<Frame>,
}

impl<W: Write> FramedZstd<W> {
    /// The text a frame gathers at least.
    pub fn frame_bytes(&self) -> usize {
        self.frame_bytes
    }

    /// Frames of at least `frame_bytes` of text (the last one fewer).
    pub fn new(out: W, frame_bytes: usize) -> FramedZstd<W> {
        FramedZstd {
            out,
            pending: Vec::new(),
            frame_bytes: frame_bytes.max(1),
            frames: Vec::new(),
        }
    }

    /// A game boundary: the frame ends here if it is full.
    pub fn end_frame(&mut self) -> io::Result<()> {
        if self.pending.len() >= self.frame_bytes {
            self.write_frame()?;
        }
        Ok(())
    }

    fn write_frame(&mut self) -> io::Result<()> {
        let too_large = |_| io::Error::other("a zstd frame over 4 GiB: use smaller frames");
        let decompressed = u32::try_from(self.pending.len()).map_err(too_large)?;
        let frame = zstd::bulk::compress(&self.pending, LEVEL)?;
        let compressed = u32::try_from(frame.len()).map_err(too_large)?;
        self.out.write_all(&frame)?;
        self.frames.push(Frame {
            compressed,
            decompressed,
        });
        self.pending.clear();
        Ok(())
    }

    /// Writes the last frame and the seek table; the writer comes back.
    pub fn finish(mut self) -> io::Result<W> {
        if !self.pending.is_empty() || self.frames.is_empty() {
            self.write_frame()?;
        }
        let entries = self.frames.len() * 8;
        let mut table = Vec::with_capacity(8 + entries + FOOTER_BYTES);
        table.extend_from_slice(&SKIPPABLE_MAGIC.to_le_bytes());
        let size = u32::try_from(entries + FOOTER_BYTES)
            .map_err(|_| io::Error::other("too many zstd frames for a seek table"))?;
        table.extend_from_slice(&size.to_le_bytes());
        for frame in &self.frames {
            table.extend_from_slice(&frame.compressed.to_le_bytes());
            table.extend_from_slice(&frame.decompressed.to_le_bytes());
        }
        let count = self.frames.len() as u32;
        table.extend_from_slice(&count.to_le_bytes());
        // Descriptor 0: no checksums.
        table.push(0);
        table.extend_from_slice(&SEEKABLE_MAGIC.to_le_bytes());
        self.out.write_all(&table)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> Write for FramedZstd<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // A frame ends only at a game: nothing is written before.
        Ok(())
    }
}

/// The frames of a seekable zstd file from its seek table, `None` when it
/// has none.
pub fn seek_table(file: &[u8]) -> Option<Vec<Frame>> {
    let footer = file.len().checked_sub(FOOTER_BYTES)?;
    let u32_at = |at: usize| Some(u32::from_le_bytes(file.get(at..at + 4)?.try_into().ok()?));
    if u32_at(footer + 5)? != SEEKABLE_MAGIC || file[footer + 4] & 0x80 != 0 {
        return None;
    }
    let count = u32_at(footer)? as usize;
    let start = footer.checked_sub(count * 8)?;
    let frames = (0..count)
        .map(|i| {
            Some(Frame {
                compressed: u32_at(start + i * 8)?,
                decompressed: u32_at(start + i * 8 + 4)?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let header = start.checked_sub(8)?;
    (u32_at(header)? == SKIPPABLE_MAGIC).then_some(frames)
}

/// Where the frames of a seekable zstd file start, and where the last
/// ends (the seek table's start), read from its seek table; `None` for a
/// file without one (a zstd file of one frame, or of frames not indexed).
pub fn frame_starts(file: &mut (impl Read + Seek)) -> io::Result<Option<Vec<u64>>> {
    let len = file.seek(SeekFrom::End(0))?;
    let Some(footer) = len.checked_sub(FOOTER_BYTES as u64) else {
        return Ok(None);
    };
    let mut last = [0; FOOTER_BYTES];
    file.seek(SeekFrom::Start(footer))?;
    file.read_exact(&mut last)?;
    let count = u64::from(u32::from_le_bytes([last[0], last[1], last[2], last[3]]));
    let table = 8 + count * 8 + FOOTER_BYTES as u64;
    let Some(at) = len.checked_sub(table) else {
        return Ok(None);
    };
    let mut bytes = Vec::new();
    file.seek(SeekFrom::Start(at))?;
    file.take(table).read_to_end(&mut bytes)?;
    let Some(frames) = seek_table(&bytes) else {
        return Ok(None);
    };
    let mut starts = vec![0];
    for frame in &frames {
        let last = *starts.last().unwrap_or(&0);
        starts.push(last + u64::from(frame.compressed));
    }
    // The frames must fill the file up to the table.
    Ok((starts.last() == Some(&at)).then_some(starts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_end_only_where_told_and_when_full() {
        let mut framed = FramedZstd::new(Vec::new(), 20);
        for game in ["1. e4 e5 *\n\n", "1. d4 d5 *\n\n", "1. c4 *\n\n"] {
            framed.write_all(game.as_bytes()).unwrap();
            framed.end_frame().unwrap();
        }
        let file = framed.finish().unwrap();
        let frames = seek_table(&file).unwrap();
        let sizes: Vec<_> = frames.iter().map(|f| f.decompressed).collect();
        assert_eq!(sizes, [24, 9]);
        let first = frames[0].compressed as usize;
        let text = zstd::stream::decode_all(&file[first..]).unwrap();
        assert_eq!(text, b"1. c4 *\n\n");
    }

    #[test]
    fn frame_starts_come_from_the_seek_table() {
        let mut framed = FramedZstd::new(Vec::new(), 1);
        for game in ["1. e4 *\n\n", "1. d4 *\n\n"] {
            framed.write_all(game.as_bytes()).unwrap();
            framed.end_frame().unwrap();
        }
        let file = framed.finish().unwrap();
        let starts = frame_starts(&mut io::Cursor::new(&file)).unwrap().unwrap();
        assert_eq!(starts.len(), 3);
        let second = &file[starts[1] as usize..starts[2] as usize];
        assert_eq!(zstd::stream::decode_all(second).unwrap(), b"1. d4 *\n\n");
        let plain = zstd::stream::encode_all(&b"1. e4 *\n"[..], 3).unwrap();
        assert_eq!(frame_starts(&mut io::Cursor::new(&plain)).unwrap(), None);
    }

    #[test]
    fn a_plain_zstd_file_has_no_seek_table() {
        let file = zstd::stream::encode_all(&b"1. e4 *\n"[..], 3).unwrap();
        assert_eq!(seek_table(&file), None);
        assert_eq!(seek_table(b"short"), None);
    }
}
