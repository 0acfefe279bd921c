//! The moves games are nearly all made of, read straight from their bytes:
//! a piece or pawn moving to a square, written plainly in numeric notation
//! (`7163`, `57681`) or in English SAN (`Nf3`, `Rxe1+`, `Nbd7`, `e4`,
//! `exd5`, `e8=Q`).
//!
//! The general path ([`crate::read::read_move_in`]) parses the text and asks
//! shakmaty for the legal candidates of the piece and square, which builds
//! and copies a whole move list on every move: half the time of a database
//! conversion. Here the one piece the text names is found with shakmaty's
//! attack tables, and the move is taken only when it is plainly legal: the
//! mover's king is not attacked once the move is made, as shakmaty's king
//! attack test ([`Position::king_attackers`]) says. Anything else
//! (castling, en passant, a legacy promotion, two pieces that could go, an
//! illegal or unusual text) gives `None`, and the general path decides, so
//! its answers and error messages stay the only ones. The property tests
//! check that every `Some` here is the general path's answer.

use shakmaty::{Bitboard, CastlingMode, Chess, File, Move, Position, Rank, Role, Square, attacks};

use crate::Notation;
use crate::lang::Lang;
use crate::role_from_digit;
use crate::square::{digit_file, digit_rank};

/// The legal move `text` names in `pos` and how it is written, if it is a
/// plain numeric move or (in English) a plain SAN move; `None` leaves the
/// decision to the general path.
#[inline]
pub(crate) fn read_plain(text: &[u8], pos: &Chess, lang: Lang) -> Option<(Move, Notation)> {
    match text.first()? {
        b'1'..=b'8' => read_plain_numeric(text, pos).map(|m| (m, Notation::Numeric)),
        _ if lang == Lang::En => read_plain_san(text, pos).map(|m| (m, Notation::San)),
        _ => None,
    }
}

/// `5254`, or `57581` with its promotion digit.
#[inline]
fn read_plain_numeric(text: &[u8], pos: &Chess) -> Option<Move> {
    let (squares, promotion) = match text {
        [squares @ .., p @ b'1'..=b'4'] if squares.len() == 4 => {
            (squares, Some(role_from_digit(*p).ok()?))
        }
        _ => (text, None),
    };
    let &[ff, fr, tf, tr] = squares else {
        return None;
    };
    let from = Square::from_coords(digit_file(ff)?, digit_rank(fr)?);
    let to = Square::from_coords(digit_file(tf)?, digit_rank(tr)?);
    let turn = pos.turn();
    let board = pos.board();
    let role = board.role_at(from).filter(|_| pos.us().contains(from))?;
    if pos.us().contains(to) {
        return None;
    }
    let reaches = match role {
        Role::Pawn => {
            let relative = |sq: Square| turn.relative_rank(sq.rank());
            // A four-digit move from the seventh rank may be a legacy
            // promotion, which only the general path reads.
            if (relative(to) == Rank::Eighth) != promotion.is_some()
                || (promotion.is_none() && relative(from) == Rank::Seventh)
            {
                return None;
            }
            let step = if turn.is_white() { 8 } else { -8 };
            let occupied = board.occupied();
            let push = from.offset(step).filter(|&sq| !occupied.contains(sq));
            // En passant lands on an empty square: left to the general path.
            (push == Some(to))
                || (relative(from) == Rank::Second
                    && push.and_then(|sq| sq.offset(step)) == Some(to)
                    && !occupied.contains(to))
                || (attacks::pawn_attacks(turn, from).contains(to) && pos.them().contains(to))
        }
        // Castling is a king move too: left to the general path, but for
        // a step to a neighbouring square in standard chess.
        Role::King => {
            promotion.is_none()
                && pos.castles().mode() == CastlingMode::Standard
                && attacks::king_attacks(from).contains(to)
        }
        _ => {
            promotion.is_none()
                && attacks::attacks(from, role.of(turn), board.occupied()).contains(to)
        }
    };
    let m = Move::Normal {
        role,
        from,
        capture: board.role_at(to),
        to,
        promotion,
    };
    (reaches && is_plainly_legal(pos, from, to, role == Role::King)).then_some(m)
}

/// English SAN of a piece or pawn move.
#[inline]
fn read_plain_san(text: &[u8], pos: &Chess) -> Option<Move> {
    let text = match text {
        [rest @ .., b'+' | b'#'] => rest,
        _ => text,
    };
    let (text, promotion) = match text {
        [rest @ .., b'=', p] => (rest, Some(promotion_role(*p)?)),
        _ => (text, None),
    };
    let (head, &[file, rank]) = text.split_last_chunk::<2>()?;
    let to = Square::from_coords(file_of(file)?, digit_rank(rank)?);
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
                [r @ b'1'..=b'8'] => from &= Bitboard::from_rank(digit_rank(*r)?),
                // `Nf6xg4` is long algebraic, read as such by the general path.
                [f, r] if !capture => from &= Square::from_coords(file_of(*f)?, digit_rank(*r)?),
                _ => return None,
            }
            piece_move(pos, role, from, to, capture)
        }
        _ => None,
    }
}

#[inline(always)]
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

#[inline(always)]
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

#[inline(always)]
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
///
/// A king move asks shakmaty's king attack test on the square it goes to.
/// Any other move leaves the king where it is, so only what already aims
/// at it matters: the knights and pawns attacking it now (unless captured),
/// and the sliders on its lines (the snipers, from the empty-board attacks
/// of the king's square, as shakmaty finds pins) with nothing left between.
/// That is the same test without the slider lookups on the real occupancy,
/// whose table entries change with every move: an unpinned piece out of
/// check needs one look at the king's lines.
#[inline(always)]
fn is_plainly_legal(pos: &Chess, from: Square, to: Square, king_moves: bool) -> bool {
    let board = pos.board();
    if king_moves {
        let occupied = (board.occupied() ^ from) | to;
        // A piece captured on `to` attacks nothing any more.
        return (pos.king_attackers(to, !pos.turn(), occupied) & !Bitboard::from_square(to))
            .is_empty();
    }
    let Some(king) = pos.our(Role::King).single_square() else {
        return false;
    };
    let them = pos.them().without(to);
    let leapers = (attacks::knight_attacks(king) & board.knights())
        | (attacks::pawn_attacks(pos.turn(), king) & board.pawns())
        | (attacks::king_attacks(king) & board.kings());
    if (leapers & them).any() {
        return false;
    }
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let occupied = (board.occupied() ^ from) | to;
    (snipers & them)
        .into_iter()
        .all(|sniper| (attacks::between(king, sniper) & occupied).any())
}

#[inline]
pub(crate) fn piece_role(byte: u8) -> Option<Role> {
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
        read_plain(text.as_bytes(), &pos, Lang::En)
            .map(|(m, _)| m)
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
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
        assert_eq!(read(start, "5254").as_deref(), Some("e2e4"));
        assert_eq!(read(start, "7163").as_deref(), Some("g1f3"));
        assert_eq!(read(start, "5255"), None, "not a pawn move");
        assert_eq!(read(start, "52541"), None, "not a promotion");
        let castle = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        assert_eq!(read(castle, "5171"), None, "castling");
        assert_eq!(read(castle, "5161").as_deref(), Some("e1f1"));
        let promote = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
        assert_eq!(read(promote, "57584").as_deref(), Some("e7e8n"));
        assert_eq!(read(promote, "5758"), None, "promotion digit missing");
        assert_eq!(read(promote, "5754"), None, "legacy promotion to a bishop");
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
            // Numeric: as written, and a promotion without its digit.
            let numeric = crate::NumericMove::from_move(m, crate::CastlingNotation::KingTakesRook)
                .expect("no drops")
                .to_string();
            texts.push(numeric[..4].to_owned());
            texts.push(numeric);
        }
        for _ in 0..24 {
            let digit = |n: usize| char::from(b'1' + (n % 8) as u8);
            let mut text: String = (0..4).map(|_| digit(next(rng))).collect();
            if next(rng).is_multiple_of(4) {
                text.push(digit(next(rng) % 5));
            }
            texts.push(text);
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

    /// The fast path in one position: every legal move's numeric and SAN
    /// text reads as that move or is left to the general path, and no move
    /// a piece could make but for its king (a pinned piece leaving its line,
    /// a move that ignores a check) is ever taken. The number of texts read.
    fn check_against_shakmaty(pos: &Chess) -> usize {
        use shakmaty::san::San;
        let legal = pos.legal_moves();
        let mut read = 0;
        for &m in &legal {
            let numeric = crate::NumericMove::from_move(m, crate::CastlingNotation::KingTakesRook)
                .expect("no drops")
                .to_string();
            let san = San::from_move(pos, m).to_string();
            for text in [numeric, san] {
                if let Some((got, _)) = read_plain(text.as_bytes(), pos, Lang::En) {
                    assert_eq!(got, m, "{text} in {pos:?}");
                }
                read += 1;
            }
        }
        let occupied = pos.board().occupied();
        for from in pos.us() {
            let piece = pos.board().piece_at(from).expect("our piece");
            let mut targets = attacks::attacks(from, piece, occupied);
            if piece.role == Role::Pawn {
                let ahead =
                    |n: i32| from.offset(if pos.turn().is_white() { 8 * n } else { -8 * n });
                targets.extend(ahead(1));
                targets.extend(ahead(2));
            }
            for to in targets & !pos.us() {
                let mut text = crate::NumericMove {
                    from,
                    to,
                    promotion: None,
                }
                .to_string();
                if piece.role == Role::Pawn && pos.turn().relative_rank(to.rank()) == Rank::Eighth {
                    text.push('1');
                }
                if let Some((got, _)) = read_plain(text.as_bytes(), pos, Lang::En) {
                    assert!(
                        legal.contains(&got),
                        "{text} read as illegal {got:?} in {pos:?}"
                    );
                }
                read += 1;
            }
        }
        read
    }

    /// Every position of the main lines of every PGN file in testdata (as
    /// far as a plain reading of their SAN goes).
    #[test]
    fn agrees_with_shakmaty_on_every_test_file() {
        let mut positions = 0;
        let mut read = 0;
        for path in iccf_testdata::pgn_files() {
            let bytes = std::fs::read(&path).expect("readable");
            for game in crate::localized::tests::games(&String::from_utf8_lossy(&bytes)) {
                let mut pos = Chess::default();
                for token in &game {
                    read += check_against_shakmaty(&pos);
                    positions += 1;
                    let Some(m) = token
                        .parse::<shakmaty::san::SanPlus>()
                        .ok()
                        .and_then(|san| san.san.to_move(&pos).ok())
                    else {
                        break;
                    };
                    pos.play_unchecked(m);
                }
            }
        }
        assert!(positions > 200_000, "{positions} positions");
        assert!(read > 10_000_000, "{read} texts");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// Whatever this module reads, the general path reads the same.
        #[test]
        fn agrees_with_the_general_path(seed in proptest::prelude::any::<u64>(), plies in 0usize..200) {
            let mut rng = seed | 1;
            // A third of the games from a Chess960 start, castling rights and all.
            let mut pos = if next(&mut rng).is_multiple_of(3) {
                let board = shakmaty::Board::chess960((next(&mut rng) % 960) as u32);
                let mut setup = shakmaty::Setup::empty();
                setup.castling_rights = board.rooks() & (Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth));
                setup.board = board;
                shakmaty::FromSetup::from_setup(setup, CastlingMode::Chess960).expect("chess960 start")
            } else {
                Chess::default()
            };
            for _ in 0..plies {
                for text in texts(&pos, &mut rng) {
                    for lang in [Lang::En, Lang::De] {
                        if let Some(read) = read_plain(text.as_bytes(), &pos, lang) {
                            let general = crate::read::read_general(text.as_bytes(), &pos, lang);
                            proptest::prop_assert_eq!(general.map(|r| (r.m, r.notation, r.warning)), Ok((read.0, read.1, None)), "{} in {}", text, Fen::from_position(&pos, shakmaty::EnPassantMode::Legal));
                        }
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
