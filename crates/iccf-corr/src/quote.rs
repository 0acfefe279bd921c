//! Dropping what a reply quotes: our own earlier message, not the
//! opponent's words.

/// Lines after which the rest of a message is quoted or forwarded text,
/// written without `>` marks: Outlook's and Thunderbird's separators and
/// the forwarding headers of the common mail programs (lowercase, without
/// the dashes around them).
const SEPARATORS: &[&str] = &[
    "original message",
    "ursprüngliche nachricht",
    "message d'origine",
    "mensaje original",
    "messaggio originale",
    "původní zpráva",
    "исходное сообщение",
    "forwarded message",
    "weitergeleitete nachricht",
    "message transféré",
    "mensaje reenviado",
    "messaggio inoltrato",
    "přeposlaná zpráva",
    "пересылаемое сообщение",
    "begin forwarded message:",
];

/// The first words of the header block Outlook writes above the message
/// it quotes ("From: ...", then "Sent: ..." or "Date: ..." below).
const HEADER_FROM: &[&str] = &["from:", "von:", "de :", "de:", "da:", "od:", "от:"];
const HEADER_SENT: &[&str] = &[
    "sent:",
    "date:",
    "gesendet:",
    "datum:",
    "envoyé :",
    "envoyé:",
    "enviado:",
    "inviato:",
    "odesláno:",
    "отправлено:",
];

/// The lines of `text` that are the sender's own, with their 0-based line
/// numbers.
///
/// Quoted are: lines starting (after blanks) with `>`; the attribution
/// line before them ("On DATE, NAME wrote:", "Am ... schrieb ...:", "Le
/// ... a écrit :", ...); and everything from a separator that quotes
/// without marks ("-----Original Message-----", a forwarded message,
/// Outlook's "From: / Sent:" header block), or from the signature
/// separator `-- `, to the end.
///
/// ```
/// let text = "12... 5756\nOn Tue, 1 Dec 2026, Gordon wrote:\n> 12. 5254\nThanks";
/// let lines: Vec<_> = iccf_corr::unquoted_lines(text).collect();
/// assert_eq!(lines, [(0, "12... 5756"), (3, "Thanks")]);
/// let outlook = "12... 5756\n-----Original Message-----\nMy move: 12. 5254";
/// assert_eq!(iccf_corr::unquoted_lines(outlook).count(), 1);
/// let signed = "12... 5756\n-- \nAnna, who resigns only when mated";
/// assert_eq!(iccf_corr::unquoted_lines(signed).count(), 1);
/// ```
pub fn unquoted_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&i| starts_quote(&lines, i))
        .unwrap_or(lines.len());
    lines.into_iter().enumerate().take(end).filter(|(_, line)| {
        let line = line.trim_start();
        !line.starts_with('>') && !is_attribution(line)
    })
}

/// Whether line `i` starts the quoted rest of the message, or its
/// signature: the e-mail signature separator `-- ` (RFC 3676) is the end
/// of what the sender wrote now ("I resign only when mated." below it is
/// no resignation).
fn starts_quote(lines: &[&str], i: usize) -> bool {
    if matches!(lines[i], "-- " | "--") {
        return true;
    }
    let lower = lines[i].trim().to_lowercase();
    let bare = lower.trim_matches(|c: char| c == '-' || c == '_' || c == '=' || c.is_whitespace());
    if SEPARATORS.contains(&bare) {
        return true;
    }
    // A line of underscores (Outlook's rule) before a "From:" header.
    let rule = lower.len() >= 10 && lower.chars().all(|c| c == '_');
    let header_at = |j: usize| {
        lines.get(j).is_some_and(|l| {
            let l = l.trim_start().to_lowercase();
            HEADER_FROM.iter().any(|h| l.starts_with(h))
        })
    };
    let sent_below = |j: usize| {
        lines[j + 1..lines.len().min(j + 5)].iter().any(|l| {
            let l = l.trim_start().to_lowercase();
            HEADER_SENT.iter().any(|h| l.starts_with(h))
        })
    };
    (header_at(i) && sent_below(i)) || (rule && header_at(i + 1) && sent_below(i + 1))
}

/// "On Tue, 1 Dec 2026 at 10:00, Gordon <g@example.org> wrote:" and the
/// same in the other languages: it introduces `>` lines.
fn is_attribution(line: &str) -> bool {
    let lower = line.trim_end().to_lowercase();
    let ends = [
        "wrote:",
        "schrieb:",
        "a écrit :",
        "a écrit:",
        "escribió:",
        "ha scritto:",
        "napsal:",
        "napsal(a):",
        "napsala:",
        "пишет:",
        "написал:",
        "написал(а):",
    ];
    if ends.iter().any(|e| lower.ends_with(e)) {
        return true;
    }
    // German mail programs: "Am 03.12.2026 um 10:00 schrieb Gordon Everitt:".
    lower.starts_with("am ") && lower.contains(" schrieb ") && lower.ends_with(':')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(text: &str) -> Vec<&str> {
        unquoted_lines(text).map(|(_, l)| l).collect()
    }

    #[test]
    fn attribution_lines_in_seven_languages() {
        for line in [
            "On Tue, Dec 1, 2026 at 10:00 AM Gordon Everitt <g@example.org> wrote:",
            "Am 03.12.2026 um 10:00 schrieb Gordon Everitt:",
            "Am Di., 1. Dez. 2026 schrieb Gordon Everitt <g@example.org>:",
            "Le mar. 1 déc. 2026 à 10:00, Gordon Everitt a écrit :",
            "El mar, 1 dic 2026 a las 10:00, Gordon Everitt escribió:",
            "Il giorno mar 1 dic 2026 alle ore 10:00 Gordon Everitt ha scritto:",
            "Dne út 1. 12. 2026 10:00 uživatel Gordon Everitt napsal:",
            "Вт, 1 дек. 2026 г. в 10:00, Gordon Everitt пишет:",
        ] {
            assert_eq!(
                own(&format!("12... 5756\n{line}\n> 12. 5254")),
                ["12... 5756"],
                "{line}"
            );
        }
    }

    #[test]
    fn outlook_header_block_quotes_the_rest() {
        let text = "My move: 12... 5756\n\n________________________________\nFrom: Gordon Everitt\n\
            Sent: Tuesday, December 1, 2026 10:00\nTo: Wang\nSubject: move 12\n\nMy move: 12. 5254";
        assert_eq!(own(text), ["My move: 12... 5756", ""]);
        let german = "Zug 12... 5756\nVon: Gordon\nGesendet: Dienstag\nAn: Wang\n12. 5254";
        assert_eq!(own(german), ["Zug 12... 5756"]);
    }

    #[test]
    fn separators_and_forwarded_blocks() {
        for sep in [
            "-----Original Message-----",
            "---------- Forwarded message ---------",
            "-------- Weitergeleitete Nachricht --------",
            "Begin forwarded message:",
        ] {
            assert_eq!(
                own(&format!("12... 5756\n{sep}\n12. 5254")),
                ["12... 5756"],
                "{sep}"
            );
        }
        // A "From:" alone is prose, not a header block.
        assert_eq!(own("From: me\n12... 5756").len(), 2);
    }
}
