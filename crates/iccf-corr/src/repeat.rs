//! "I have had no answer to 22... 8858": they did not get our last move.

use shakmaty::Color;

use crate::Game;
use crate::scan::WrittenPly;

/// Words that say a move did not arrive or should be sent again, in the
/// seven languages, lowercase.
const ASKS: &[&str] = &[
    "no answer",
    "no reply",
    "not received",
    "haven't received",
    "have not received",
    "did not receive",
    "didn't receive",
    "still waiting",
    "please repeat",
    "repeat your",
    "resend",
    "did not arrive",
    "didn't arrive",
    "keine antwort",
    "nicht erhalten",
    "nicht bekommen",
    "nicht angekommen",
    "bitte wiederholen",
    "pas reçu",
    "pas de réponse",
    "répéter",
    "renvoyer",
    "no he recibido",
    "sin respuesta",
    "no recibí",
    "repetir",
    "non ho ricevuto",
    "nessuna risposta",
    "ripetere",
    "nedostal",
    "neobdržel",
    "bez odpovědi",
    "zopakovat",
    "не получил",
    "нет ответа",
    "повторите",
];

/// Whether the message asks for our last move again: we await their
/// move, and they either say so beside their own last move ("no answer
/// to 22... 8858") or send their last card again (its moves end with
/// their last move, without ours).
pub(crate) fn is_repeat_request(
    game: &Game,
    side: Color,
    lines: &[(usize, &str)],
    plies: &[WrittenPly],
) -> bool {
    let Some(ours) = game.plies.len().checked_sub(1) else {
        return false;
    };
    if game.side_of_ply(ours) != side || game.is_over() {
        return false;
    }
    let Some(theirs) = ours.checked_sub(1) else {
        return false;
    };
    let names = |p: &WrittenPly, ply: usize| {
        game.ply_of(p.no) == Some(ply) && p.text.replace('-', "") == game.plies[ply].mv.to_string()
    };
    let mentions_theirs = plies.iter().any(|p| names(p, theirs));
    let mentions_ours_or_later = plies
        .iter()
        .any(|p| game.ply_of(p.no).is_some_and(|i| i >= ours));
    if !mentions_theirs || mentions_ours_or_later {
        return false;
    }
    let asks = lines.iter().any(|(_, line)| {
        let lower = line.to_lowercase();
        ASKS.iter().any(|a| lower.contains(a))
    });
    // Their earlier card again: it ends with their move and repeats ours
    // before it.
    let resent = theirs
        .checked_sub(1)
        .is_some_and(|before| plies.iter().any(|p| names(p, before)));
    asks || resent
}

#[cfg(test)]
mod tests {
    use crate::{Finding, check, read_game};
    use shakmaty::Color;

    /// White sent 2. Nf3 after 1... e5; Black did not get it.
    fn game() -> crate::Game {
        read_game(b"1. 5254 5755 2. 7163 *").unwrap()
    }

    #[test]
    fn no_answer_to_their_move_is_a_repeat_request() {
        for text in [
            "I have had no answer to 1... 5755 yet.",
            "Ich habe auf 1... 5755 keine Antwort erhalten.",
            "Your move: 1. 5254\nMy move: 1... 5755",
        ] {
            let report = check(&game(), Color::White, text);
            assert!(report.resend, "{text}: {:?}", report.findings);
            assert!(report.in_order(), "{text}");
            assert_eq!(
                report.findings.last().unwrap().to_string(),
                "you ask for our move 2. 7163 again: resend our last card (iccf card GAME.pgn)"
            );
            assert!(matches!(report.findings[0], Finding::RepeatRequest { .. }));
        }
        // Their reply to our move is no repeat request.
        let report = check(&game(), Color::White, "2. 7163 2836");
        assert!(!report.resend);
    }
}
