//! Numeric moves: strict and lenient parsing, formatting back, and
//! resolution against positions. Nothing may panic; whatever parses must
//! format to its canonical text; whatever resolves must be legal.
#![no_main]

use iccf::{CastlingNotation, NumericMove, NumericSquare};
use libfuzzer_sys::fuzz_target;
use shakmaty::Position;

mod common;

fuzz_target!(|data: &[u8]| {
    thread_local! {
        static POSITIONS: Vec<shakmaty::Chess> = common::positions();
    }
    if let Ok(sq) = NumericSquare::from_ascii(data) {
        assert_eq!(sq.to_string().as_bytes(), data);
    }
    let strict = NumericMove::from_ascii(data);
    if let Ok(m) = strict {
        assert_eq!(m.to_string().as_bytes(), data);
    }
    let Ok(m) = NumericMove::from_ascii_lenient(data) else {
        assert!(strict.is_err());
        return;
    };
    if let Ok(s) = strict {
        assert_eq!(s, m);
    }
    assert_eq!(NumericMove::from_ascii(m.to_string().as_bytes()), Ok(m));
    POSITIONS.with(|positions| {
        for pos in positions {
            let legal = pos.legal_moves();
            match m.to_move(pos) {
                Ok(mv) => {
                    assert!(legal.contains(&mv));
                    let castling = CastlingNotation::for_mode(
                        pos.castles().mode(),
                        CastlingNotation::KingTakesRook,
                    );
                    let back = NumericMove::from_move(mv, castling).unwrap();
                    assert_eq!(back.to_move(pos), Ok(mv));
                }
                Err(err) => {
                    let _ = err.to_string();
                    let _ = m.nearest_legal(pos, CastlingNotation::KingTakesRook, 3);
                }
            }
            match m.to_move_lenient(pos) {
                Ok((mv, warning)) => {
                    assert!(legal.contains(&mv));
                    if let Some(w) = warning {
                        let _ = w.to_string();
                    }
                }
                Err(err) => {
                    let _ = err.to_string();
                }
            }
        }
    });
});
