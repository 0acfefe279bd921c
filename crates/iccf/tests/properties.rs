//! Property tests of the core: numeric squares and moves, and SAN ↔ numeric
//! on random legal games from the standard and Chess960 start positions.
//!
//! Games are seeded random playouts: proptest picks a seed and a length, a
//! small xorshift generator picks the moves, so a failure shrinks to a short
//! game and replays exactly.

use iccf::lang::Lang;
use iccf::localized::write_san;
use iccf::read::read_move_in;
use iccf::{CastlingNotation, MoveFormat, Notation, NumericMove, NumericSquare};
use proptest::prelude::*;
use shakmaty::san::{San, SanPlus};
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, FromSetup, Move, Position, Rank, Role, Setup,
    Square,
};

/// xorshift64*: enough to pick moves, reproducible from the seed.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// The standard start, or Chess960 start position `n` (0..960) with full
/// castling rights.
fn start(chess960: Option<u32>) -> Chess {
    match chess960 {
        None => Chess::default(),
        Some(n) => {
            let board = Board::chess960(n);
            let rooks = board.rooks()
                & (Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth));
            let mut setup = Setup::empty();
            setup.board = board;
            setup.castling_rights = rooks;
            setup.turn = Color::White;
            Chess::from_setup(setup, CastlingMode::Chess960).expect("chess960 start")
        }
    }
}

/// Plays `plies` random legal moves (fewer if the game ends), calling
/// `visit` with each position and the move chosen there.
fn playout(mut pos: Chess, seed: u64, plies: usize, mut visit: impl FnMut(&Chess, Move)) -> Chess {
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Prefer captures, castling and promotions now and then, so short
        // games still reach the interesting moves.
        let special: Vec<&Move> = moves
            .iter()
            .filter(|m| m.is_castle() || m.is_promotion() || m.is_en_passant())
            .collect();
        let m = if !special.is_empty() && rng.below(2) == 0 {
            *special[rng.below(special.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        visit(&pos, m);
        pos.play_unchecked(m);
    }
    pos
}

fn castling_for(pos: &Chess, chess960: CastlingNotation) -> CastlingNotation {
    CastlingNotation::for_mode(pos.castles().mode(), chess960)
}

/// Every conversion of legal move `m` in `pos` that must come back to `m`.
fn check_move(pos: &Chess, m: Move) -> Result<(), TestCaseError> {
    // numeric → text → numeric → move, with king-takes-rook castling in
    // Chess960 (the default), which is always unambiguous.
    let castling = castling_for(pos, CastlingNotation::KingTakesRook);
    let n = NumericMove::from_move(m, castling).expect("no drops in chess");
    let text = n.to_string();
    prop_assert_eq!(NumericMove::from_ascii(text.as_bytes()), Ok(n));
    prop_assert_eq!(NumericMove::from_ascii_lenient(text.as_bytes()), Ok(n));
    prop_assert_eq!(
        n.to_move(pos).map_err(|e| e.to_string()),
        Ok(m),
        "numeric {}",
        text
    );
    let (lenient, warning) = n
        .to_move_lenient(pos)
        .map_err(|e| e.to_string())
        .expect("lenient");
    prop_assert_eq!(lenient, m);
    prop_assert!(warning.is_none());

    // King to destination in Chess960 is read as castling only where it
    // cannot be a plain king move: otherwise it is that king move.
    if pos.castles().mode() == CastlingMode::Chess960 {
        let n = NumericMove::from_move(m, CastlingNotation::KingToDestination).unwrap();
        match n.to_move(pos) {
            Ok(read) if read == m => {}
            Ok(read) => {
                prop_assert!(m.is_castle(), "{:?} read as {:?}", m, read);
                prop_assert_eq!(read.role(), Role::King);
                prop_assert_eq!(read.from(), m.from());
                prop_assert_eq!(Some(read.to()), Some(n.to));
            }
            Err(err) => prop_assert!(false, "{:?} as {}: {}", m, n, err),
        }
    }

    // SAN → move → numeric → move → SAN.
    let san = San::from_move(pos, m);
    let san_text = san.to_string();
    let parsed: San = san_text.parse().expect("own SAN parses");
    let back = parsed.to_move(pos).expect("own SAN is legal");
    prop_assert_eq!(back, m);
    let numeric = NumericMove::from_move(back, castling).unwrap();
    prop_assert_eq!(numeric, n);
    prop_assert_eq!(
        San::from_move(pos, numeric.to_move(pos).unwrap()).to_string(),
        san_text
    );

    // The generic reader and writer, in every notation we write.
    for notation in [
        Notation::Numeric,
        Notation::San,
        Notation::Lan,
        Notation::Uci,
        Notation::Figurine,
    ] {
        let mut buf = Vec::new();
        MoveFormat::new(notation).append(&mut buf, pos, m, None);
        let read = read_move_in(&buf, pos, Lang::En).map_err(|e| {
            TestCaseError::fail(format!(
                "{notation:?} {:?}: {e}",
                String::from_utf8_lossy(&buf)
            ))
        })?;
        prop_assert_eq!(
            read.m,
            m,
            "{:?} {}",
            notation,
            String::from_utf8_lossy(&buf)
        );
        prop_assert!(read.warning.is_none());
    }
    Ok(())
}

/// The played move in every language: localized SAN reads back.
fn check_languages(pos: &Chess, m: Move) -> Result<(), TestCaseError> {
    let san = SanPlus::from_move(pos.clone(), m);
    for lang in Lang::all() {
        let mut text = String::new();
        write_san(&mut text, &san, lang);
        let read = read_move_in(text.as_bytes(), pos, lang)
            .map_err(|e| TestCaseError::fail(format!("{lang} {text}: {e}")))?;
        prop_assert_eq!(read.m, m, "{} {}", lang, text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn square_format_parse(index in 0u32..64) {
        let sq = Square::new(index);
        let n = NumericSquare::from(sq);
        let text = n.to_string();
        prop_assert_eq!(text.len(), 2);
        prop_assert_eq!(NumericSquare::from_ascii(text.as_bytes()), Ok(n));
        prop_assert_eq!(text.parse::<NumericSquare>(), Ok(n));
        prop_assert_eq!(Square::from(n), sq);
        let mut buf = Vec::new();
        n.append_to(&mut buf);
        prop_assert_eq!(buf, n.digits().to_vec());
    }

    #[test]
    fn move_format_parse(from in 0u32..64, to in 0u32..64, promo in 0usize..5, sep in 0usize..6) {
        let promotion = [None, Some(Role::Queen), Some(Role::Rook), Some(Role::Bishop), Some(Role::Knight)][promo];
        let m = NumericMove { from: Square::new(from), to: Square::new(to), promotion };
        let text = m.to_string();
        prop_assert_eq!(text.len(), if promotion.is_some() { 5 } else { 4 });
        prop_assert_eq!(NumericMove::from_ascii(text.as_bytes()), Ok(m));
        prop_assert_eq!(text.parse::<NumericMove>(), Ok(m));
        prop_assert_eq!(NumericMove::from_ascii_lenient(text.as_bytes()), Ok(m));
        let mut buf = Vec::new();
        m.append_to(&mut buf);
        prop_assert_eq!(&buf, text.as_bytes());
        // The forms met in practice read leniently to the same move.
        let (a, b) = text.split_at(2);
        let spelled = [
            format!("{a}-{b}"), format!(" {text} "), format!("{a} {b}"),
            format!("{a}/{b}"), format!("{text}-"), format!("\t{a}.{b}\n"),
        ];
        prop_assert_eq!(NumericMove::from_ascii_lenient(spelled[sep].as_bytes()), Ok(m), "{:?}", spelled[sep]);
        prop_assert!(NumericMove::from_ascii(spelled[sep].as_bytes()).is_err());
    }

    /// Nothing panics on arbitrary bytes, and whatever parses formats back
    /// to its canonical text.
    #[test]
    fn move_parse_arbitrary(bytes in prop::collection::vec(prop_oneof![b'0'..=b'9', any::<u8>()], 0..9)) {
        if let Ok(m) = NumericMove::from_ascii(&bytes) {
            prop_assert_eq!(m.to_string().into_bytes(), bytes.clone());
        }
        if let Ok(m) = NumericMove::from_ascii_lenient(&bytes) {
            let digits: Vec<u8> = bytes.iter().copied().filter(u8::is_ascii_digit).collect();
            prop_assert_eq!(m.to_string().into_bytes(), digits);
        }
        if let Ok(sq) = NumericSquare::from_ascii(&bytes) {
            prop_assert_eq!(sq.to_string().into_bytes(), bytes.clone());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every legal move of every position of a random game converts both
    /// ways; the move played also in every language.
    #[test]
    fn random_games_round_trip(
        seed in any::<u64>(),
        chess960 in prop::option::of(0u32..960),
        plies in 0usize..160,
    ) {
        let mut result = Ok(());
        playout(start(chess960), seed, plies, |pos, played| {
            if result.is_err() {
                return;
            }
            result = pos.legal_moves().iter().try_for_each(|&m| check_move(pos, m))
                .and_then(|()| check_languages(pos, played));
        });
        result?;
    }

    /// From a random reachable position, a second random game: SAN text →
    /// numeric text → SAN text is the identity move by move, and so is
    /// numeric → SAN → numeric.
    #[test]
    fn text_round_trip_from_reachable_positions(
        seed in any::<u64>(),
        chess960 in prop::option::of(0u32..960),
        prefix in 0usize..120,
        plies in 1usize..80,
    ) {
        let reached = playout(start(chess960), seed, prefix, |_, _| {});
        let mut sans = Vec::new();
        let mut numerics = Vec::new();
        playout(reached.clone(), seed.rotate_left(17), plies, |pos, m| {
            sans.push(San::from_move(pos, m).to_string());
            numerics.push(NumericMove::from_move(m, castling_for(pos, CastlingNotation::KingTakesRook)).unwrap().to_string());
        });
        // SAN → numeric.
        let mut pos = reached.clone();
        let mut got_numeric = Vec::new();
        for san in &sans {
            let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            got_numeric.push(NumericMove::from_move(m, castling_for(&pos, CastlingNotation::KingTakesRook)).unwrap().to_string());
            pos.play_unchecked(m);
        }
        prop_assert_eq!(&got_numeric, &numerics);
        // numeric → SAN.
        let mut pos = reached;
        let mut got_san = Vec::new();
        for numeric in &numerics {
            let m = numeric.parse::<NumericMove>().unwrap().to_move(&pos).unwrap();
            got_san.push(San::from_move(&pos, m).to_string());
            pos.play_unchecked(m);
        }
        prop_assert_eq!(&got_san, &sans);
    }
}
