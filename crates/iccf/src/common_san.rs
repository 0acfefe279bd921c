//! The moves games are nearly all made of, read straight from their English
//! SAN bytes: a piece or pawn moving to a square, written plainly (`Nf3`,
//! `Rxe1+`, `Nbd7`, `e4`, `exd5`, `e8=Q`).
//!
//! The general path ([`crate::read::read_move_in`]) parses a [`San`] and
//! asks shakmaty for the legal candidates of the piece and square, which
//! builds and copies a whole move list on every move: half the time of a
//! database conversion. Here the one piece the text names is found with
//! shakmaty's attack tables, and the move is taken only when it is plainly
//! legal: the mover's king is not attacked once the move is made, as
//! shakmaty's king attack test ([`Position::king_attackers`]) says.
//! Anything else (castling, en passant, two pieces that could go, an
//! illegal or unusual text) gives `None`, and the general path decides, so
//! its answers and error messages stay the only ones. The property tests
//! check that every `Some` here is the general path's answer.
//!
//! [`San`]: shakmaty::san::San

use shakmaty::{Bitboard, Chess, File, Move, Position, Rank, Role, Square, attacks};

/// The legal move `text` names in `pos`, if it is a plain English SAN move
/// that one piece can make; `None` leaves the decision to the general path.
#[inline]
pub(crate) fn read_common_san(text: &[u8], pos: &Chess) -> Option<Move> {
    let text = match text {
        [rest @ .., b'+' | b'#'] => rest,
        _ => text,
    };
    let (text, promotion) = match text {
        [rest @ .., b'=', p] => (rest, Some(promotion_role(*p)?)),
        _ => (text, None),
    };
    let (head, &[file, rank]) = text.split_last_chunk::<2>()?;
    let to = Square::from_coords(file_of(file)?, rank_of(rank)?);
    match head {
        [] => pawn_push(pos, to, promotion),
        [file @ b'a'..=b'h', b'x'] => pawn_capture(pos, file_of(*file)?, to, promotion),
        [piece, rest @ ..] if promotion.is_none() => {
            let role = piece_role(*piece)?;
            let (rest, capture) = match rest {
                [rest @ .., b'x'] => (rest, true),
                _ => (rest, false),
            };
            let mut from = Bitboard::FULL;
            match rest {
                [] => {}
                [f @ b'a'..=b'h'] => from &= Bitboard::from_file(file_of(*f)?),
                [r @ b'1'..=b'8'] => from &= Bitboard::from_rank(rank_of(*r)?),
                // `Nf6xg4` is long algebraic, read as such by the general path.
                [f, r] if !capture => from &= Square::from_coords(file_of(*f)?, rank_of(*r)?),
                _ => return None,
            }
            piece_move(pos, role, from, to, capture)
        }
        _ => None,
    }
}

#[inline]
fn piece_move(pos: &Chess, role: Role, from: Bitboard, to: Square, capture: bool) -> Option<Move> {
    if pos.us().contains(to) {
        return None;
    }
    let occupied = pos.board().occupied();
    // The pieces of `role` that attack `to` are those `to` attacks back.
    let from = (attacks::attacks(to, role.of(pos.turn()), occupied) & pos.our(role) & from)
        .single_square()?;
    let captured = pos.board().role_at(to);
    if capture && captured.is_none() {
        return None;
    }
    let m = Move::Normal {
        role,
        from,
        capture: captured,
        to,
        promotion: None,
    };
    is_plainly_legal(pos, from, to, role == Role::King).then_some(m)
}

#[inline]
fn pawn_push(pos: &Chess, to: Square, promotion: Option<Role>) -> Option<Move> {
    let turn = pos.turn();
    let occupied = pos.board().occupied();
    let relative_rank = turn.relative_rank(to.rank());
    if occupied.contains(to) || (relative_rank == Rank::Eighth) != promotion.is_some() {
        return None;
    }
    let step = if turn.is_white() { -8 } else { 8 };
    let one_back = to.offset(step)?;
    let pawns = pos.our(Role::Pawn);
    let from = if pawns.contains(one_back) {
        one_back
    } else if relative_rank == Rank::Fourth && !occupied.contains(one_back) {
        let two_back = one_back.offset(step)?;
        if !pawns.contains(two_back) {
            return None;
        }
        two_back
    } else {
        return None;
    };
    let m = Move::Normal {
        role: Role::Pawn,
        from,
        capture: None,
        to,
        promotion,
    };
    is_plainly_legal(pos, from, to, false).then_some(m)
}

#[inline]
fn pawn_capture(pos: &Chess, file: File, to: Square, promotion: Option<Role>) -> Option<Move> {
    let turn = pos.turn();
    // An empty square may be en passant: left to the general path.
    if !pos.them().contains(to)
        || (turn.relative_rank(to.rank()) == Rank::Eighth) != promotion.is_some()
    {
        return None;
    }
    let from = (attacks::pawn_attacks(!turn, to) & pos.our(Role::Pawn) & Bitboard::from_file(file))
        .single_square()?;
    let m = Move::Normal {
        role: Role::Pawn,
        from,
        capture: pos.board().role_at(to),
        to,
        promotion,
    };
    is_plainly_legal(pos, from, to, false).then_some(m)
}

/// Whether moving the piece on `from` to `to` (not castling, not en
/// passant) leaves the mover's king unattacked: the definition of a legal
/// move, asked of shakmaty's attack tables with the board after the move.
#[inline]
fn is_plainly_legal(pos: &Chess, from: Square, to: Square, king_moves: bool) -> bool {
    let king = if king_moves {
        to
    } else {
        match pos.our(Role::King).single_square() {
            Some(king) => king,
            None => return false,
        }
    };
    let occupied = (pos.board().occupied() ^ from) | to;
    // A piece captured on `to` attacks nothing any more.
    (pos.king_attackers(king, !pos.turn(), occupied) & !Bitboard::from_square(to)).is_empty()
}

#[inline]
fn piece_role(byte: u8) -> Option<Role> {
    match byte {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

#[inline]
fn promotion_role(byte: u8) -> Option<Role> {
    piece_role(byte).filter(|&role| role != Role::King)
}

#[inline]
fn file_of(byte: u8) -> Option<File> {
    matches!(byte, b'a'..=b'h').then(|| File::new(u32::from(byte - b'a')))
}

#[inline]
fn rank_of(byte: u8) -> Option<Rank> {
    matches!(byte, b'1'..=b'8').then(|| Rank::new(u32::from(byte - b'1')))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen};

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().expect("fen");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    fn read(fen: &str, text: &str) -> Option<String> {
        let pos = pos(fen);
        read_common_san(text.as_bytes(), &pos).map(|m| m.to_uci(CastlingMode::Standard).to_string())
    }

    #[test]
    fn plain_moves() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(read(start, "e4").as_deref(), Some("e2e4"));
        assert_eq!(read(start, "e3").as_deref(), Some("e2e3"));
        assert_eq!(read(start, "Nf3").as_deref(), Some("g1f3"));
        assert_eq!(read(start, "Ngf3+").as_deref(), Some("g1f3"));
        assert_eq!(read(start, "e5"), None);
        assert_eq!(read(start, "Nd2"), None, "own piece on d2");
        assert_eq!(read(start, "Nxf3"), None, "nothing to capture");
        let promote = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
        assert_eq!(read(promote, "e8=N").as_deref(), Some("e7e8n"));
        assert_eq!(read(promote, "e8"), None, "promotion piece missing");
        assert_eq!(read(promote, "Kd1=Q"), None);
    }

    #[test]
    fn leaves_the_unplain_to_the_general_path() {
        // Pinned knight; two rooks that can go, one pinned; en passant.
        assert_eq!(read("4k3/8/8/8/4n3/8/8/4RK2 b - - 0 1", "Nf6"), None);
        assert_eq!(read("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rd1"), None);
        assert_eq!(read("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"), None);
        assert_eq!(read("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O"), None);
        // In check: only moves that answer it.
        let check = "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1";
        assert_eq!(read(check, "Kxe2").as_deref(), Some("e1e2"));
        assert_eq!(read(check, "Kd2"), None);
        assert_eq!(read(check, "Ra8+"), None);
    }

    /// xorshift64*: picks moves reproducibly from a seed.
    fn next(state: &mut u64) -> usize {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize
    }

    /// Texts to try in `pos`: every legal move's SAN, written also without
    /// and with `x`, with more disambiguation, with `+`, and without its
    /// promotion; and random texts of the shapes read here.
    fn texts(pos: &Chess, rng: &mut u64) -> Vec<String> {
        use shakmaty::san::San;
        let mut texts = Vec::new();
        for m in pos.legal_moves() {
            let san = San::from_move(pos, m).to_string();
            texts.push(format!("{san}+"));
            texts.push(san.replace('x', ""));
            texts.push(san.replace('=', "").replace(['Q', 'R', 'B', 'N'], ""));
            if let (Some(from), false) = (m.from(), san.starts_with('O')) {
                let piece = if m.role() == Role::Pawn {
                    String::new()
                } else {
                    m.role().upper_char().to_string()
                };
                let rest = san.trim_start_matches(|c: char| c.is_ascii_uppercase());
                texts.push(format!("{piece}{}{rest}", from.file().char()));
                texts.push(format!("{piece}{}{rest}", from.rank().char()));
                texts.push(format!("{piece}{from}{rest}"));
                texts.push(format!("{piece}x{}", &rest[rest.len().saturating_sub(2)..]));
            }
            texts.push(san);
        }
        let pieces = [
            "", "N", "B", "R", "Q", "K", "P", "Nb", "R1", "Qd4", "a", "h", "e", "O",
        ];
        let middles = ["", "x", "xx", "-"];
        let ends = ["", "+", "#", "=Q", "=N", "=K", "=P", "Q", "!"];
        for _ in 0..48 {
            let to = Square::new((next(rng) % 64) as u32);
            texts.push(format!(
                "{}{}{to}{}",
                pieces[next(rng) % pieces.len()],
                middles[next(rng) % middles.len()],
                ends[next(rng) % ends.len()]
            ));
        }
        texts
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// Whatever this module reads, the general path reads the same.
        #[test]
        fn agrees_with_the_general_path(seed in proptest::prelude::any::<u64>(), plies in 0usize..200) {
            let mut rng = seed | 1;
            let mut pos = Chess::default();
            for _ in 0..plies {
                for text in texts(&pos, &mut rng) {
                    if let Some(m) = read_common_san(text.as_bytes(), &pos) {
                        let general = crate::read::read_general(text.as_bytes(), &pos, crate::lang::Lang::En);
                        proptest::prop_assert_eq!(general.map(|r| (r.m, r.syntax, r.warning)), Ok((m, crate::read::Syntax::San, None)), "{} in {}", text, Fen::from_position(&pos, shakmaty::EnPassantMode::Legal));
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[next(&mut rng) % moves.len()]);
            }
        }
    }
}
