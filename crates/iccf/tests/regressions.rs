//! Regression tests for bugs found by the property tests and fuzzing.

use iccf::NumericMove;
use shakmaty::{CastlingMode, Chess, Square, fen::Fen};

/// Regression (found by `random_games_round_trip`): in Chess960, a plain king
/// move onto the square castling would reach (Kf1-g1 with a rook on h1 and
/// castling rights) was written as `6171` but refused on reading as
/// "both a king move and castling", so iccf could not read its own output.
#[test]
fn chess960_king_move_to_castling_square_reads_back() {
    // King f1, rook h1 with rights, g1 empty: Kf1-g1 and O-O both legal.
    let pos: Chess = "4k3/8/8/8/8/8/8/5K1R w H - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    let plain = "6171"
        .parse::<NumericMove>()
        .unwrap()
        .to_move(&pos)
        .unwrap();
    assert!(!plain.is_castle());
    let castle = "6181"
        .parse::<NumericMove>()
        .unwrap()
        .to_move(&pos)
        .unwrap();
    assert!(castle.is_castle());
}

/// Regression (found by `random_games_round_trip`): in Chess960, a plain king
/// move onto the castling square while castling itself is not possible
/// (Kd1-c1 with the rook on a1 and b1 not empty) was refused as "cannot
/// castle long now".
#[test]
fn chess960_king_move_to_castling_square_when_castling_is_illegal() {
    // King d1, rook a1 with rights, a knight on b1: castling long is
    // impossible, Kd1-c1 is legal.
    let pos: Chess = "4k3/8/8/8/8/8/8/RN1K4 w A - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    let plain = "4131"
        .parse::<NumericMove>()
        .unwrap()
        .to_move(&pos)
        .unwrap();
    assert!(!plain.is_castle());
    assert_eq!(plain.to(), Square::C1);
    assert!(
        "4111"
            .parse::<NumericMove>()
            .unwrap()
            .to_move(&pos)
            .is_err()
    );
}

/// Regression (found by the PGN property test `games_in_equal_games_out`): in
/// Chess960 with the king on b8 and rooks on a8 and c8, O-O is written king
/// takes rook, `2838`, but c8 is also where O-O-O puts the king, and the
/// reader took it for long castling: "black cannot castle long now".
#[test]
fn chess960_king_takes_rook_on_the_other_castling_destination() {
    let pos: Chess = "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 b ACac - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    let m = "2838"
        .parse::<NumericMove>()
        .unwrap()
        .to_move(&pos)
        .unwrap();
    assert_eq!(
        m,
        shakmaty::Move::Castle {
            king: Square::B8,
            rook: Square::C8
        }
    );
}
