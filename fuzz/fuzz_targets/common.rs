//! Positions the move targets are tried against: the start, a game in
//! progress with castling and en passant available, promotions both ways,
//! and a Chess960 start.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

pub fn positions() -> Vec<Chess> {
    let fens = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            false,
        ),
        (
            "r3k2r/ppp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 10",
            false,
        ),
        ("1n2k3/P6P/8/8/8/8/p6p/1N2K3 w - - 0 1", false),
        ("1n2k3/P6P/8/8/8/8/p6p/1N2K3 b - - 0 1", false),
        ("rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 b ACac - 0 1", true),
        (
            "bqrnnbkr/pppppppp/8/8/8/8/PPPPPPPP/BQRNNBKR w KQkq - 0 1",
            true,
        ),
        // Pins, check and an en passant that would expose the king: what
        // the plain-move shortcut must leave to the general path.
        ("4k3/8/8/8/4n3/8/3B4/3QRK2 b - - 0 1", false),
        ("4k3/8/8/8/8/2n5/4r3/R3K2R w KQ - 0 1", false),
        ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", false),
    ];
    fens.iter()
        .map(|(fen, chess960)| {
            fen.parse::<Fen>()
                .expect("fen")
                .into_position(CastlingMode::from_chess960(*chess960))
                .expect("position")
        })
        .collect()
}
