//! The next message to the opponent: a postcard's worth of text.

use core::fmt::Write;

use iccf::MoveFormat;
use shakmaty::{Chess, Position};

use crate::card_words::Words;
use crate::{Game, MessageLang, MoveNo, Side, days_used};

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

impl Offer {
    /// Records the result an acceptance or resignation by `side` gives.
    pub fn record(self, game: &mut Game, side: Side) {
        let result = match (self, side) {
            (Offer::OfferDraw, _) => return,
            (Offer::AcceptDraw, _) => "1/2-1/2",
            (Offer::Resign, Side::White) => "0-1",
            (Offer::Resign, Side::Black) => "1-0",
        };
        game.set_tag("Result", result);
        game.pending.clear();
    }
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
}

/// The message to send after our last move in `game`, where we play
/// `side`: event and players, their last move repeated, our move, the
/// whole record, dates, days used against the time control, offers and
/// pending if-moves. [`crate::check`] reads it back.
///
/// ```
/// use iccf_corr::{card, read_game, CardOptions, Side};
///
/// let game = read_game(b"[Event \"Test\"]\n\n1. 5254 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.02]} 5755 {[%ccsnt 2026.12.04]} *")?;
/// let text = card(&game, Side::Black, &CardOptions::default());
/// assert!(text.contains("Your move: 1. 5254 (received 2026.12.02)\nMy move: 1... 5755 (sent 2026.12.04)"));
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn card(game: &Game, side: Side, opts: &CardOptions) -> String {
    let w = opts.lang.words();
    let mut out = String::new();
    for (label, tag) in [(w.event, "Event"), (w.white, "White"), (w.black, "Black")] {
        let _ = writeln!(out, "{label}: {}", game.tag(tag).unwrap_or("?"));
    }
    out.push('\n');
    write_last_moves(&mut out, game, side, w);
    let _ = writeln!(out, "\n{}:", w.game);
    write_record(&mut out, game, opts.also);
    write_days(&mut out, game, w);
    for offer in &opts.offers {
        let text = match offer {
            Offer::OfferDraw => w.offer_draw,
            Offer::AcceptDraw => w.accept_draw,
            Offer::Resign => w.resign,
        };
        let _ = writeln!(out, "\n{text}");
    }
    write_if_moves(&mut out, game, w);
    out
}

/// "Your move: 11... 4645 (received D)" and "My move: 12. 4244 (sent D)".
fn write_last_moves(out: &mut String, game: &Game, side: Side, w: &Words) {
    let n = game.plies.len();
    let ours_last = n > 0 && Game::side_of_ply(n - 1) == side;
    let theirs = if ours_last {
        n.checked_sub(2)
    } else {
        n.checked_sub(1)
    };
    if let Some(i) = theirs {
        let ply = &game.plies[i];
        let _ = write!(out, "{}: {} {}", w.your_move, MoveNo::of_ply(i), ply.mv);
        if let Some(date) = ply.received {
            let _ = write!(out, " ({} {date})", w.received);
        }
        out.push('\n');
    }
    if ours_last {
        let ply = &game.plies[n - 1];
        let _ = write!(out, "{}: {} {}", w.my_move, MoveNo::of_ply(n - 1), ply.mv);
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
    let mut pos = Chess::default();
    let per_line = if also.is_some() { 1 } else { 5 };
    for (pair, chunk) in game.plies.chunks(2).enumerate() {
        let number = pair + 1;
        let numeric: Vec<String> = chunk.iter().map(|p| p.mv.to_string()).collect();
        let _ = write!(out, "{number}. {}", numeric.join(" "));
        if let Some(format) = also {
            let mut other = Vec::new();
            for &m in &moves[pair * 2..pair * 2 + chunk.len()] {
                let mut buf = Vec::new();
                format.append(&mut buf, &pos, m, None);
                other.push(String::from_utf8_lossy(&buf).into_owned());
                pos.play_unchecked(m);
            }
            let _ = write!(out, "  | {}", other.join(" "));
        }
        let end_of_line = (pair + 1) % per_line == 0 || 2 * (pair + 1) >= game.plies.len();
        out.push(if end_of_line { '\n' } else { ' ' });
    }
    if game.is_over() {
        let _ = writeln!(out, "{}", game.result());
    }
}

/// "Days used: this move White 1, Black 2; total White 10 of 50, ...".
fn write_days(out: &mut String, game: &Game, w: &Words) {
    let [white, black] = days_used(game);
    let tc = game.time_control();
    let total = |d: crate::DaysUsed| match tc {
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

/// "If-moves: 13... 5756 14. 6125", a line per branch.
fn write_if_moves(out: &mut String, game: &Game, w: &Words) {
    for line in &game.pending {
        let _ = write!(out, "\n{}:", w.if_moves);
        for (i, mv) in line.iter().enumerate() {
            let _ = write!(out, " {} {mv}", MoveNo::of_ply(game.plies.len() + i));
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Claim, check, read_game};

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
                };
                let text = card(&black, Side::Black, &options);
                let report = check(&white, Side::White, &text);
                assert!(report.in_order(), "{lang:?}\n{text}\n{:?}", report.findings);
                assert_eq!(report.claims, [claim], "{lang:?}\n{text}");
                assert_eq!(
                    report.their_sent.map(|d| d.to_string()),
                    Some("2026.12.09".into())
                );
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
        let text = card(&game, Side::Black, &CardOptions::default());
        assert!(
            text.contains("Days used: this move White 0, Black 7; total White 0 of 50, Black 7 of 50 (time control 10/50)"),
            "{text}"
        );
    }
}
