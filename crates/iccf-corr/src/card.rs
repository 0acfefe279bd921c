//! The next message to the opponent: a postcard's worth of text.

use core::fmt::Write;

use iccf::MoveFormat;
use shakmaty::{Color, Position};

use crate::card_words::Words;
use crate::{Date, Game, MessageLang, SideClock, clock, leave_days_in, leave_of};

/// A draw offer, acceptance or resignation sent with the card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Offer {
    /// We offer a draw.
    OfferDraw,
    /// We accept their draw offer: the game ends drawn.
    AcceptDraw,
    /// We resign: the game ends.
    Resign,
}

/// Why offers cannot go on the card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OfferError {
    /// Offer, acceptance and resignation exclude each other.
    Together,
    /// No draw offer of theirs is open to accept.
    NoOpenOffer,
    /// The game is over.
    GameOver,
    /// A resignation or a draw acceptance given with a move: either ends
    /// the game instead of a move (ICCF), so the move would be sent but
    /// never played.
    WithMove(Offer),
}

impl core::fmt::Display for OfferError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            OfferError::WithMove(Offer::Resign) => {
                "a resignation goes instead of a move: a move sent with it is never played"
            }
            OfferError::WithMove(_) => {
                "accepting their draw goes instead of a move: a move sent with it is never played"
            }
            OfferError::Together => {
                "a draw offer, a draw acceptance and a resignation exclude each other: give one"
            }
            OfferError::NoOpenOffer => {
                "no draw offer of theirs is open: their offer lapses with our next move"
            }
            OfferError::GameOver => "the game is over",
        })
    }
}

impl std::error::Error for OfferError {}

impl Offer {
    /// Whether it ends the game (an acceptance, a resignation): then it
    /// goes instead of a move, never with one.
    pub fn ends_game(self) -> bool {
        matches!(self, Offer::AcceptDraw | Offer::Resign)
    }

    /// Refuses `offers` sent with a move (or if-moves) when one ends the
    /// game.
    ///
    /// # Errors
    ///
    /// [`OfferError::WithMove`] naming it.
    ///
    /// ```
    /// use iccf_corr::{Offer, OfferError};
    ///
    /// assert_eq!(Offer::alone(&[Offer::Resign], true), Err(OfferError::WithMove(Offer::Resign)));
    /// assert_eq!(Offer::alone(&[Offer::OfferDraw], true), Ok(()));
    /// assert_eq!(Offer::alone(&[Offer::Resign], false), Ok(()));
    /// ```
    pub fn alone(offers: &[Offer], with_move: bool) -> Result<(), OfferError> {
        match offers.iter().find(|o| o.ends_game()) {
            Some(&offer) if with_move => Err(OfferError::WithMove(offer)),
            _ => Ok(()),
        }
    }

    /// Records the offer by `side`: a draw offer on the last move, or the
    /// result of an acceptance or resignation. [`record_offers`] checks
    /// first that they make sense.
    pub fn record(self, game: &mut Game, side: Color) {
        let result = match (self, side) {
            (Offer::OfferDraw, _) => {
                if let Some(last) = game.plies.last_mut() {
                    last.draw_offer = Some(side);
                }
                return;
            }
            (Offer::AcceptDraw, _) => "1/2-1/2",
            (Offer::Resign, Color::White) => "0-1",
            (Offer::Resign, Color::Black) => "1-0",
        };
        game.set_tag("Result", result);
        game.pending.clear();
    }
}

/// Records `offers` by `side` in `game`, if they make sense: one at most,
/// an acceptance only of their open draw offer, none in a game that is
/// over.
///
/// # Errors
///
/// [`OfferError`], and the game is unchanged.
///
/// ```
/// use iccf_corr::{Offer, OfferError, read_game, record_offers};
/// use shakmaty::Color;
///
/// let mut game = read_game(b"1. 5254 5755 {[%ccdrawoffer black]} *")?;
/// let both = record_offers(&mut game, Color::White, &[Offer::AcceptDraw, Offer::Resign]);
/// assert_eq!(both, Err(OfferError::Together));
/// record_offers(&mut game, Color::White, &[Offer::AcceptDraw]).unwrap();
/// assert_eq!(game.result(), "1/2-1/2");
/// let mut game = read_game(b"1. 5254 5755 *")?;
/// assert_eq!(record_offers(&mut game, Color::White, &[Offer::AcceptDraw]), Err(OfferError::NoOpenOffer));
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn record_offers(game: &mut Game, side: Color, offers: &[Offer]) -> Result<(), OfferError> {
    let mut distinct = offers.to_vec();
    distinct.dedup();
    match distinct.as_slice() {
        [] => return Ok(()),
        [_] => {}
        _ => return Err(OfferError::Together),
    }
    if game.is_over() {
        return Err(OfferError::GameOver);
    }
    if distinct[0] == Offer::AcceptDraw && game.open_draw_offer() != Some(side.other()) {
        return Err(OfferError::NoOpenOffer);
    }
    distinct[0].record(game, side);
    Ok(())
}

/// What goes on the card besides the game.
#[derive(Clone, Debug, Default)]
pub struct CardOptions {
    /// The language of the fixed words.
    pub lang: MessageLang,
    /// A second notation written beside the numeric record.
    pub also: Option<MoveFormat>,
    /// Offers, acceptance or resignation.
    pub offers: Vec<Offer>,
    /// Today, for the clocks [default: the day our last move was sent].
    pub today: Option<Date>,
}

/// The message to send after our last move in `game`, where we play
/// `side`: event and players, their last move repeated, our move, the
/// whole record, dates, days used against the time control, the next
/// control with the days left and its deadline, a warning before an
/// overstep and the overstep, our leave, offers and pending if-moves.
/// [`crate::check`] reads it back.
///
/// ```
/// use iccf_corr::{card, read_game, CardOptions};
/// use shakmaty::Color;
///
/// let game = read_game(b"[Event \"Test\"]\n\n1. 5254 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.02]} 5755 {[%ccsnt 2026.12.04]} *")?;
/// let text = card(&game, Color::Black, &CardOptions::default());
/// assert!(text.contains("Your move: 1. 5254 (received 2026.12.02)\nMy move: 1... 5755 (sent 2026.12.04)"));
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn card(game: &Game, side: Color, opts: &CardOptions) -> String {
    let w = opts.lang.words();
    let mut out = String::new();
    write_event(&mut out, game, w.event);
    for (label, tag) in [(w.white, "White"), (w.black, "Black")] {
        let _ = writeln!(out, "{label}: {}", game.tag(tag).unwrap_or("?"));
    }
    out.push('\n');
    write_last_moves(&mut out, game, side, w);
    let _ = writeln!(out, "\n{}:", w.game);
    write_record(&mut out, game, opts.also);
    let today = opts
        .today
        .or_else(|| game.last_ply_of(side).and_then(|i| game.plies[i].sent))
        .unwrap_or(Date::from_days(0));
    let clocks = clock(game, side, today);
    write_days(&mut out, game, &clocks, w);
    write_control(&mut out, game, side, &clocks, w);
    write_leave(&mut out, game, today, w);
    for offer in &opts.offers {
        let text = match offer {
            Offer::OfferDraw => w.offer_draw,
            Offer::AcceptDraw => w.accept_draw,
            Offer::Resign => w.resign,
        };
        let _ = writeln!(out, "\n{text}");
    }
    write_if_moves(&mut out, game, side, w);
    out
}

/// The event line, with the ICCF game ID (`GameId` tag) when the event
/// does not name it: two games of one event with one opponent (a team
/// match, both colours) are told apart by it.
fn write_event(out: &mut String, game: &Game, label: &str) {
    let event = game.tag("Event").unwrap_or("?");
    let _ = match game
        .tag("GameId")
        .filter(|id| !id.is_empty() && event.trim() != id.trim())
    {
        Some(id) => writeln!(out, "{label}: {event} ({id})"),
        None => writeln!(out, "{label}: {event}"),
    };
}

/// "Your move: 11... 4645 (received D)" and "My move: 12. 4244 (sent D)".
fn write_last_moves(out: &mut String, game: &Game, side: Color, w: &Words) {
    let n = game.plies.len();
    let ours_last = n > 0 && game.side_of_ply(n - 1) == side;
    let theirs = if ours_last {
        n.checked_sub(2)
    } else {
        n.checked_sub(1)
    };
    if let Some(i) = theirs {
        let ply = &game.plies[i];
        let _ = write!(out, "{}: {} {}", w.your_move, game.number_of_ply(i), ply.mv);
        if let Some(date) = ply.received {
            let _ = write!(out, " ({} {date})", w.received);
        }
        out.push('\n');
    }
    if ours_last {
        let ply = &game.plies[n - 1];
        let _ = write!(
            out,
            "{}: {} {}",
            w.my_move,
            game.number_of_ply(n - 1),
            ply.mv
        );
        if let Some(date) = ply.sent {
            let _ = write!(out, " ({} {date})", w.sent);
        }
        out.push('\n');
    }
}

/// The record in numbered numeric, five moves a line; with a second
/// notation, one move a line with it beside, after a `|`.
fn write_record(out: &mut String, game: &Game, also: Option<MoveFormat>) {
    let (_, moves) = game.replay();
    let mut pos = game.start.clone();
    let per_line = if also.is_some() { 1 } else { 5 };
    // A move number before each White move; a game from a FEN with Black
    // to move starts with Black's move alone.
    let mut bounds: Vec<usize> = (0..game.plies.len())
        .filter(|&i| i == 0 || game.side_of_ply(i) == Color::White)
        .collect();
    bounds.push(game.plies.len());
    for (pair, range) in bounds.windows(2).enumerate() {
        let chunk = &game.plies[range[0]..range[1]];
        if chunk.is_empty() {
            continue;
        }
        let numeric: Vec<String> = chunk.iter().map(|p| p.mv.to_string()).collect();
        let _ = write!(
            out,
            "{} {}",
            game.number_of_ply(range[0]),
            numeric.join(" ")
        );
        if let Some(format) = also {
            let mut other = Vec::new();
            for &m in &moves[range[0]..range[1]] {
                let mut buf = Vec::new();
                format.append(&mut buf, &pos, m, None);
                other.push(String::from_utf8_lossy(&buf).into_owned());
                pos.play_unchecked(m);
            }
            let _ = write!(out, "  | {}", other.join(" "));
        }
        let end_of_line = (pair + 1) % per_line == 0 || range[1] >= game.plies.len();
        out.push(if end_of_line { '\n' } else { ' ' });
    }
    if game.is_over() {
        let _ = writeln!(out, "{}", game.result());
    }
}

/// "Days used: this move White 1, Black 2; total White 10 of 50, ...".
fn write_days(out: &mut String, game: &Game, clocks: &[SideClock; 2], w: &Words) {
    let [white, black] = clocks;
    let tc = game.time_control();
    let total = |d: &SideClock| match tc {
        Some(tc) => format!("{} {} {}", d.total, w.of, tc.allowance(d.moves)),
        None => d.total.to_string(),
    };
    let _ = write!(
        out,
        "\n{}: {} {} {}, {} {}; {} {} {}, {} {}",
        w.days_used,
        w.this_move,
        w.white,
        white.last,
        w.black,
        black.last,
        w.total,
        w.white,
        total(white),
        w.black,
        total(black)
    );
    if let Some(tc) = tc {
        let _ = write!(out, " ({} {tc})", w.time_control);
    }
    out.push('\n');
}

/// "Next time control: White move 20, 38 days left; Black move 20, 43
/// days left (by D)", then a warning or the overstep.
fn write_control(out: &mut String, game: &Game, side: Color, clocks: &[SideClock; 2], w: &Words) {
    if game.time_control().is_none() || game.is_over() {
        return;
    }
    let name = |c: Color| if c == Color::White { w.white } else { w.black };
    let parts: Vec<String> = clocks
        .iter()
        .filter_map(|c| {
            let (no, left) = (c.next_control?, c.left?);
            let by = c
                .deadline
                .map(|d| format!(" ({} {d})", w.by))
                .unwrap_or_default();
            Some(format!(
                "{} {} {}, {}{by}",
                name(c.side),
                w.move_word,
                no,
                (w.days_left)(left)
            ))
        })
        .collect();
    let _ = writeln!(out, "{}: {}", w.next_control, parts.join("; "));
    for c in clocks {
        if let Some((no, used, allowed)) = c.exceeded {
            let _ = writeln!(
                out,
                "{}: {}, {} {} {no} ({used} {} {allowed})",
                w.warning,
                w.exceeded,
                name(c.side),
                w.move_word,
                w.of
            );
        } else if c.side == side
            && let (Some(no), Some(left)) = (c.next_control, c.left)
            && left < crate::WARN_DAYS
        {
            let _ = writeln!(
                out,
                "{}: {} {} {} {no}",
                w.warning,
                name(c.side),
                (w.days_left)(left),
                w.move_word
            );
        }
    }
}

/// "Leave: 2027.01.05..2027.01.20 (16 days of 30 this year)" for our
/// leave this year and later.
fn write_leave(out: &mut String, game: &Game, today: Date, w: &Words) {
    let leave = leave_of(game);
    let year = today.year();
    let coming: Vec<String> = leave
        .iter()
        .filter(|l| l.to >= today || l.to.year() == year)
        .map(ToString::to_string)
        .collect();
    if coming.is_empty() {
        return;
    }
    let used = leave_days_in(&leave, year);
    let _ = writeln!(
        out,
        "{}: {} ({used} {} {} {year})",
        w.leave,
        coming.join(", "),
        w.of,
        crate::LEAVE_DAYS_PER_YEAR
    );
}

/// "If-moves: 13... 5756 14. 6125", a line per branch.
fn write_if_moves(out: &mut String, game: &Game, side: Color, w: &Words) {
    // Only ours: pending lines after their move are their proposal.
    let ours = game
        .plies
        .len()
        .checked_sub(1)
        .is_some_and(|i| game.side_of_ply(i) == side);
    for line in game.pending.iter().filter(|_| ours) {
        let _ = write!(out, "\n{}:", w.if_moves);
        for (i, mv) in line.iter().enumerate() {
            let _ = write!(out, " {} {mv}", game.number_of_ply(game.plies.len() + i));
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Claim, check, read_game};

    /// Two games of one event with one opponent (a team match's boards)
    /// had cards that differed in nothing but their moves: the ICCF game
    /// ID was in the file, not on the card.
    #[test]
    fn the_card_named_no_game_id() {
        let pgn =
            b"[Event \"EM/CH/55 sf\"]\n[GameId \"EM/CH/55/16\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} *";
        let game = read_game(pgn).unwrap();
        let text = card(&game, Color::White, &CardOptions::default());
        assert!(
            text.starts_with("Event: EM/CH/55 sf (EM/CH/55/16)\n"),
            "{text}"
        );
        let named = read_game(b"[Event \"EM/CH/55/16\"]\n[GameId \"EM/CH/55/16\"]\n\n*").unwrap();
        let text = card(&named, Color::White, &CardOptions::default());
        assert!(text.starts_with("Event: EM/CH/55/16\n"), "{text}");
    }

    /// Black has answered 2. Nf3 with 2... Nc6 and offers a draw; White
    /// reads the card in every language.
    #[test]
    fn every_language_reads_back() {
        let black = read_game(
            b"[ICCFSide \"black\"]\n[TimeControl \"10/50\"]\n\n1. 5254 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.02]} 5755 \
            {[%ccsnt 2026.12.03] [%ccrcv 2026.12.04]} 2. 7163 {[%ccsnt 2026.12.05] [%ccrcv 2026.12.06]} \
            2836 {[%ccsnt 2026.12.09]} *",
        )
        .unwrap();
        let mut white = black.clone();
        white.plies.pop();
        for lang in MessageLang::ALL {
            for (offer, claim) in [
                (Offer::OfferDraw, Claim::DrawOffer),
                (Offer::Resign, Claim::Resignation),
            ] {
                let also = Some(MoveFormat {
                    lang: iccf::lang::Lang::Ru,
                    ..MoveFormat::new(iccf::Notation::San)
                });
                let options = CardOptions {
                    lang,
                    also,
                    offers: vec![offer],
                    today: None,
                };
                // A resignation goes instead of a move (`card --resign`
                // refuses `--move`): Black resigns after 2. Nf3.
                let (sender, sent) = match offer {
                    Offer::Resign => (&white, None),
                    _ => (&black, Some("2026.12.09".to_owned())),
                };
                let text = card(sender, Color::Black, &options);
                let report = check(&white, Color::White, &text);
                assert!(report.in_order(), "{lang:?}\n{text}\n{:?}", report.findings);
                assert_eq!(report.claims, [claim], "{lang:?}\n{text}");
                assert_eq!(report.their_sent.map(|d| d.to_string()), sent);
                assert_eq!(
                    report.our_received.map(|d| d.to_string()),
                    Some("2026.12.06".into())
                );
            }
        }
    }

    #[test]
    fn days_against_the_time_control() {
        let game = read_game(
            b"[TimeControl \"10/50\"]\n\n1. 5254 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.02]} 5755 \
            {[%ccsnt 2026.12.09]} *",
        )
        .unwrap();
        let text = card(&game, Color::Black, &CardOptions::default());
        assert!(
            text.contains("Days used: this move White 0, Black 7; total White 0 of 50, Black 7 of 50 (time control 10/50)"),
            "{text}"
        );
    }
}
