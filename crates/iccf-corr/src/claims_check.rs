//! Which of their words count: a result only when plainly given, an
//! acceptance only of an open offer of ours.

use shakmaty::{Color, Position};

use crate::matching::game_labels;
use crate::{Claim, Finding, Game, MessageReport, Mood, read_claims};

/// Whether the message plainly resigns, or accepts our open draw offer in
/// `game`, where we play `side`: then no new move is missing. Words
/// accepting a draw nobody offered end nothing: their move is still due.
pub(crate) fn ends_the_game(lines: &[(usize, &str)], game: &Game, side: Color) -> bool {
    let offer_open = our_offer_is_open(game, side);
    let labels = game_labels(game);
    read_claims(lines.iter().copied()).iter().any(|c| {
        c.stands_in(&labels)
            && (c.claim == Claim::Resignation || (c.claim == Claim::DrawAccepted && offer_open))
    })
}

/// Whether a move of theirs ends the moves the message plays in `game`:
/// their new move, our if-move reply to it, their move after that, ...
/// (see [`crate::follow_up`]). A resignation after our reply ("2...
/// 5756 3. 2133 I resign", our if-move 3. 2133 played) is beside no move
/// of theirs.
fn theirs_last(game: &Game, side: Color, report: &MessageReport) -> bool {
    let Some(first) = report.new_move else {
        return false;
    };
    let mut sim = game.clone();
    for m in std::iter::once(first).chain(report.follow_ups.iter().copied()) {
        let pos = sim.position();
        if !pos.is_legal(m) {
            break;
        }
        sim.push_move(&pos, m, None, None);
        crate::apply::follow_if_moves(&mut sim, crate::Date::from_days(0), &mut Vec::new());
    }
    let last = sim.plies.len().checked_sub(1);
    last.is_some_and(|i| sim.side_of_ply(i) != side)
}

/// Whether our draw offer stands in `game`, where we play `side`.
fn our_offer_is_open(game: &Game, side: Color) -> bool {
    game.open_draw_offer() == Some(side)
}

/// The result the board shows after their new move, if any (they mate
/// us, or stalemate), into `report.result` with a finding: plainly given,
/// so no words of theirs change it, and [`crate::apply`] records it with
/// the move.
pub(crate) fn check_board(game: &Game, report: &mut MessageReport) {
    if report.result.is_some() || game.is_over() {
        return;
    }
    let mut pos = game.position();
    if let Some(m) = report.new_move {
        if !pos.is_legal(m) {
            return;
        }
        pos.play_unchecked(m);
    }
    let Some(result) = crate::game::board_result(&pos) else {
        return;
    };
    let why = match (result, report.new_move.is_some()) {
        ("1/2-1/2", true) => "your move stalemates",
        ("1/2-1/2", false) => "stalemate on the board",
        (_, true) => "your move mates",
        (_, false) => "mate on the board",
    };
    report.result = Some(result.to_owned());
    report.on_board = true;
    report.findings.push(Finding::Result {
        result: result.to_owned(),
        why: why.to_owned(),
    });
}

/// The claims of the message, each with a finding: the ones that stand
/// into `report.claims`; a result into `report.result` when they resign,
/// or accept the draw we offered and have not seen answered by a move.
pub(crate) fn check_claims(
    game: &Game,
    side: Color,
    lines: &[(usize, &str)],
    report: &mut MessageReport,
) {
    let labels = game_labels(game);
    for found in read_claims(lines.iter().copied()) {
        if !found.stands_in(&labels) {
            report.findings.push(Finding::ClaimNotTaken {
                claim: found.claim,
                mood: if found.names_another(&labels) {
                    Mood::Elsewhere
                } else {
                    found.mood
                },
                sentence: found.sentence,
            });
            continue;
        }
        if report.claims.contains(&found.claim) {
            continue;
        }
        // An acceptance of no offer of ours is not "ok: accepts the draw".
        let open = report.result.is_some() || game.is_over() || our_offer_is_open(game, side);
        if found.claim == Claim::DrawAccepted && !open {
            report.findings.push(Finding::NoOpenOffer {
                sentence: found.sentence,
            });
            continue;
        }
        report.claims.push(found.claim);
        report.findings.push(Finding::Claim { claim: found.claim });
        if report.result.is_some() || game.is_over() {
            continue;
        }
        let (result, why) = match found.claim {
            Claim::Resignation if side == Color::White => ("1-0", "you resign"),
            Claim::Resignation => ("0-1", "you resign"),
            Claim::DrawAccepted => ("1/2-1/2", "you accept our draw offer"),
            _ => continue,
        };
        // Words that end the game go instead of a move: with one, which is
        // it? After our if-move reply to their move they end it there.
        if let Some(no) = report.new_move.map(|_| game.next_no())
            && theirs_last(game, side, report)
        {
            report.findings.push(match found.claim {
                Claim::Resignation => Finding::ResignAndMove { no },
                _ => Finding::AcceptAndMove { no },
            });
            continue;
        }
        report.result = Some(result.to_owned());
        report.findings.push(Finding::Result {
            result: result.to_owned(),
            why: why.to_owned(),
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::{check, read_game};
    use shakmaty::Color;

    /// We are White; 2. Nf3 went with a draw offer, or without.
    fn game(offer: bool) -> crate::Game {
        let offer = if offer { "{[%ccdrawoffer white]}" } else { "" };
        read_game(format!("1. 5254 5755 2. 7163 {offer} *").as_bytes()).unwrap()
    }

    #[test]
    fn an_acceptance_ends_the_game_only_answering_our_open_offer() {
        let report = check(
            &game(true),
            Color::White,
            "2. 7163\nI accept your draw offer.",
        );
        assert_eq!(report.result.as_deref(), Some("1/2-1/2"));
        assert!(report.in_order(), "{:?}", report.findings);
        let report = check(
            &game(false),
            Color::White,
            "2. 7163\nI accept your draw offer.",
        );
        assert_eq!(report.result, None);
        assert!(
            report
                .findings
                .iter()
                .any(|f| f.to_string().contains("no offer of ours is open"))
        );
        // It was "ok: the message accepts the draw" first, then the warning.
        assert!(
            !report
                .findings
                .iter()
                .any(|f| matches!(f, crate::Finding::Claim { .. }))
        );
        assert!(report.claims.is_empty());
        // Regression: the words ended the game for the missing-move check,
        // so a message without their move was in order (exit 0).
        assert!(
            report
                .findings
                .iter()
                .any(|f| matches!(f, crate::Finding::NoNewMove { .. })),
            "{:?}",
            report.findings
        );
        assert!(!report.in_order());
        // Their move answered our offer: it is no longer open.
        let answered = read_game(b"1. 5254 {[%ccdrawoffer white]} 5755 2. 7163 *").unwrap();
        assert_eq!(
            check(&answered, Color::White, "2. 7163\nDraw accepted.").result,
            None
        );
    }

    /// The review's: a message naming this very game by its GameId, its
    /// ID's last piece or its round resigns it; another label does not.
    #[test]
    fn a_resignation_naming_this_game_by_its_label_stands() {
        let game = read_game(b"[Round \"2\"]\n[GameId \"EM/M/GT/102\"]\n\n1. 5254 5755 2. 7163 *")
            .unwrap();
        for text in [
            "Game EM/M/GT/102: I resign.",
            "Board 2: I resign.",
            "I resign game 102.",
            "In game GT/102 I resign.",
        ] {
            let report = check(&game, Color::White, text);
            assert_eq!(report.result.as_deref(), Some("1-0"), "{text}");
        }
        let report = check(&game, Color::White, "I resign game 3.");
        assert_eq!(report.result, None);
        assert!(
            report
                .findings
                .iter()
                .any(|f| f.to_string().contains("resigns in another game")),
            "{:?}",
            report.findings
        );
    }

    /// The regression hunt's: a resignation after our if-move reply to
    /// their move ("2... 2836 3. 6125, I resign") was "which is it?".
    #[test]
    fn a_resignation_after_our_if_move_reply_was_beside_a_move() {
        let mut game = game(false);
        game.pending =
            vec![crate::parse_if_line("2... 2836 3. 6125", &game, Color::White).unwrap()];
        let report = check(&game, Color::White, "2. 7163 2836 3. 6125\nI resign.");
        assert_eq!(
            report.result.as_deref(),
            Some("1-0"),
            "{:?}",
            report.findings
        );
        assert!(report.in_order(), "{:?}", report.findings);
    }

    #[test]
    fn resignation_only_when_plainly_stated() {
        assert_eq!(
            check(&game(false), Color::White, "2. 7163\nI resign.")
                .result
                .as_deref(),
            Some("1-0")
        );
        for text in [
            "2. 7163\nI will never resign.",
            "2. 7163 2836\nIf you take on e5, I resign.",
            "2. 7163 2836\nShould I resign the game?",
        ] {
            let report = check(&game(false), Color::White, text);
            assert_eq!(report.result, None, "{text}");
            assert!(report.claims.is_empty(), "{text}");
        }
    }

    /// Found trying the tools as a player: "I resign (just kidding).
    /// 2... 2836" was "ok: the message resigns", and `--accept-result`
    /// recorded the move and 1-0. A resignation goes instead of a move.
    #[test]
    fn a_resignation_beside_a_move_was_taken() {
        let report = check(
            &game(false),
            Color::White,
            "2. 7163\nI resign (just kidding). 2... 2836",
        );
        assert_eq!(report.result, None);
        assert!(!report.in_order());
        assert!(
            report
                .findings
                .iter()
                .any(|f| f.to_string() == "you resign and play move 2... too: which is it?"),
            "{:?}",
            report.findings
        );
    }

    /// Regression: "Draw offer declined. 2... 2836" was read as their
    /// draw offer, which `--apply` recorded for us to accept.
    #[test]
    fn not_accepting_your_draw_offer_is_no_acceptance_nor_offer() {
        for text in [
            "2. 7163\nNot accepting your draw offer. 2... 2836",
            "2. 7163\nDraw offer declined. 2... 2836",
            "2. 7163\nI do not accept your draw offer. 2... 2836",
            "2. 7163\nRemis abgelehnt. 2... 2836",
            "2. 7163\nThanks for your draw offer. 2... 2836",
        ] {
            let mut played = game(true);
            let report = check(&played, Color::White, text);
            assert_eq!(report.result, None, "{text}");
            assert!(
                !report.claims.contains(&crate::Claim::DrawOffer)
                    && !report.claims.contains(&crate::Claim::DrawAccepted),
                "{text}: {:?}",
                report.claims
            );
            assert!(report.in_order(), "{text}: {:?}", report.findings);
            let day = "2026.12.09".parse().unwrap();
            crate::apply(&mut played, &report, Color::White, day);
            assert_eq!(played.open_draw_offer(), None, "{text}");
        }
    }

    #[test]
    fn accepting_and_moving_is_unclear() {
        let report = check(
            &game(true),
            Color::White,
            "2. 7163 2836\nI accept the draw.",
        );
        assert_eq!(report.result, None);
        assert!(!report.in_order());
    }

    #[test]
    fn our_quoted_offer_is_not_theirs() {
        let report = check(
            &game(false),
            Color::White,
            "2. 7163 2836\n\n> I offer a draw.",
        );
        assert!(report.claims.is_empty());
    }
}
