//! The floor for `iccf convert` SAN → numeric: read PGN with pgn-reader,
//! resolve every main-line SAN with shakmaty and play it, write nothing but
//! a count. Games from a FEN start there; variations are skipped.
//!
//! Usage: iccf-bench-floor FILE...

use std::{env, fs::File, io, ops::ControlFlow, process};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

#[derive(Default)]
struct Floor {
    games: u64,
    moves: u64,
    errors: u64,
}

impl Visitor for Floor {
    type Tags = Option<Chess>;
    type Movetext = Option<Chess>;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name == b"FEN" {
            *tags = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Standard).ok());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Option<Chess>> {
        ControlFlow::Continue(Some(tags.unwrap_or_default()))
    }

    fn san(&mut self, pos: &mut Option<Chess>, san_plus: SanPlus) -> ControlFlow<()> {
        if let Some(p) = pos {
            match san_plus.san.to_move(p) {
                Ok(m) => {
                    p.play_unchecked(m);
                    self.moves += 1;
                }
                Err(_) => {
                    self.errors += 1;
                    *pos = None;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _pos: Option<Chess>) {}
}

fn main() -> io::Result<()> {
    let mut floor = Floor::default();
    let files: Vec<String> = env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: iccf-bench-floor FILE...");
        process::exit(2);
    }
    for path in files {
        let mut reader = Reader::new(File::open(&path)?);
        while reader.read_game(&mut floor)?.is_some() {}
    }
    println!(
        "{} games, {} moves, {} games stopped at an unreadable move",
        floor.games, floor.moves, floor.errors
    );
    Ok(())
}
