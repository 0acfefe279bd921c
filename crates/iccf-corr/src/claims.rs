//! Draw offers, acceptances, resignations and claims written in words.

use serde::Serialize;

use crate::claim_words::{
    ACCEPTANCES, ARTICLES, ASKERS, BY_YOU, CONDITIONS, DRAW_WORDS, GAME_LABEL_WORDS, GAME_STEMS,
    GAME_WORDS, HEDGES, NEGATIONS, NUMBER_SIGNS, OBJECT_STARTS, OTHER, OURS, PHRASES,
    REFLEXIVE_AFTER, REFUSALS, WOULD, YOU,
};

/// What a message says besides its moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claim {
    /// The sender offers a draw.
    DrawOffer,
    /// The sender accepts our draw offer.
    DrawAccepted,
    /// The sender declines our draw offer.
    DrawDeclined,
    /// The sender resigns.
    Resignation,
    /// The sender claims something (a win on time, a draw by repetition, ...).
    Claim,
}

impl Claim {
    /// What the claim means, in English.
    pub fn describe(self) -> &'static str {
        match self {
            Claim::DrawOffer => "offers a draw",
            Claim::DrawAccepted => "accepts the draw",
            Claim::DrawDeclined => "declines the draw",
            Claim::Resignation => "resigns",
            Claim::Claim => "makes a claim",
        }
    }
}

/// How a claim is written: plainly, or in a way that claims nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mood {
    /// Plainly stated: "I resign."
    Plain,
    /// Negated: "I will never resign."
    Negated,
    /// A condition: "If you offer a draw I would accept."
    Conditional,
    /// A question: "Should I resign?"
    Question,
    /// A draw offer named but neither made nor answered plainly: "Thanks
    /// for your draw offer", "I am thinking about accepting your draw
    /// offer"; or a resignation of something else than the game
    /// ("J'abandonne l'idée du roque").
    Mention,
    /// Said of another game: "In our other game I resign", or of a game
    /// named by a label that is not this game's ("I resign game 2",
    /// "Board 2: I resign", see [`FoundClaim::game`]).
    Elsewhere,
}

/// A claim phrase found in a message, with how it is written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoundClaim {
    /// What the phrase says.
    pub claim: Claim,
    /// Whether the sentence states it, negates it, makes it a condition
    /// or asks it.
    pub mood: Mood,
    /// 0-based line of the message.
    pub line: usize,
    /// The sentence, as written.
    pub sentence: String,
    /// The game its sentence names by a label, lowercase: `2` of "I
    /// resign game 2", `em/m/77/2` of "Board EM/M/77/2: I resign". A
    /// message about several games may mean any of them: the claim is
    /// this game's only when the label is one of its own.
    pub game: Option<String>,
}

impl FoundClaim {
    /// Whether the sender means it: a plain statement. A draw offer in a
    /// question ("Would you accept a draw?") is an offer too, as people
    /// write them; nothing else that is asked, negated or a condition is.
    /// A claim in a sentence naming a game by a label (see
    /// [`FoundClaim::game`]) does not stand: [`FoundClaim::stands_in`]
    /// tells, knowing the game's own labels.
    pub fn stands(&self) -> bool {
        self.stands_in(&[])
    }

    /// Whether it stands in a game named by `labels` (lowercase: its
    /// round, its ID and the ID's last piece, ...): as [`FoundClaim::stands`],
    /// or when its sentence names one of them.
    pub fn stands_in(&self, labels: &[String]) -> bool {
        !self.names_another(labels) && self.meant()
    }

    /// Whether its sentence names a game by a label not among `labels`
    /// ("I resign game 2" read for board 1): said of another game.
    pub fn names_another(&self, labels: &[String]) -> bool {
        self.game.as_ref().is_some_and(|g| !labels.contains(g))
    }

    fn meant(&self) -> bool {
        self.mood == Mood::Plain || (self.claim == Claim::DrawOffer && self.mood == Mood::Question)
    }
}

/// The claims the unquoted `lines` of a message make and mean (see
/// [`FoundClaim::stands`]), each once, in the order they first appear.
///
/// ```
/// use iccf_corr::{find_claims, Claim};
///
/// let text = "12... 5756\nIch biete Remis.";
/// assert_eq!(find_claims(text.lines().enumerate()), [Claim::DrawOffer]);
/// assert_eq!(find_claims([(0, "Přijímám remízu.")].into_iter()), [Claim::DrawAccepted]);
/// assert_eq!(find_claims([(0, "Ich gebe auf keinen Fall auf.")].into_iter()), []);
/// ```
pub fn find_claims<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Vec<Claim> {
    let mut found = Vec::new();
    for claim in read_claims(lines) {
        if claim.stands() && !found.contains(&claim.claim) {
            found.push(claim.claim);
        }
    }
    found
}

/// Every claim phrase in the unquoted `lines`, with its mood. An
/// acceptance negated ("I cannot accept the draw") is read as a decline.
///
/// Sentences end at `.`, `!`, `?` or `;` (not the dots of move numbers and
/// dates) and at the end of a line, unless the line ends with a comma.
/// A condition or a question holds for the whole sentence, a negation for
/// its clause (up to a comma).
///
/// ```
/// use iccf_corr::{read_claims, Claim, Mood};
///
/// let found = read_claims([(0, "If you offer a draw I would accept a draw")].into_iter());
/// assert!(found.iter().all(|c| c.mood == Mood::Conditional));
/// let found = read_claims([(0, "I cannot accept the draw, sorry.")].into_iter());
/// assert_eq!((found[0].claim, found[0].mood), (Claim::DrawDeclined, Mood::Plain));
/// ```
pub fn read_claims<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Vec<FoundClaim> {
    let mut found = Vec::new();
    let all = sentences(lines);
    for (k, (line, sentence)) in all.iter().enumerate() {
        let next = all.get(k + 1).map(|(_, s)| s.as_str());
        read_sentence(*line, sentence, next, &mut found);
    }
    found
}

/// The claims of one sentence; `next`, the sentence after it, may answer
/// a draw asked alone: "Draw? No, thanks." repeats our offer and declines.
fn read_sentence(line: usize, sentence: &str, next: Option<&str>, found: &mut Vec<FoundClaim>) {
    let lower = sentence.to_lowercase().replace(['’', '`'], "'");
    let words = words_of(&lower);
    let whole = Sentence {
        question: lower.trim_end().ends_with('?') || lower.contains('¿'),
        condition: has_condition(&words),
        would: words.iter().any(|w| WOULD.contains(w)),
    };
    // A game named by a label in a clause, or one before the claim's.
    let mut game: Option<String> = None;
    let mut push = |claim, mood, game: &Option<String>| {
        found.push(FoundClaim {
            claim,
            mood,
            line,
            sentence: sentence.trim().to_owned(),
            game: game.clone(),
        });
    };
    if whole.question && is_bare_draw(&words) {
        let answer = next.map(str::to_lowercase);
        let first = answer.as_deref().and_then(|a| words_of(a).first().copied());
        match first {
            Some(word) if is_negation(word) => {
                push(Claim::DrawDeclined, Mood::Plain, &None);
            }
            _ => push(Claim::DrawOffer, Mood::Question, &None),
        }
        return;
    }
    let clauses: Vec<&str> = lower.split(',').collect();
    // Another game named in this clause or one before it.
    let mut elsewhere = false;
    for (k, clause) in clauses.iter().enumerate() {
        // A phrase that must end its sentence ("I give up.") claims
        // nothing with words after it: "I give up, please resend."
        let last = !clauses[k + 1..]
            .iter()
            .any(|c| c.chars().any(char::is_alphanumeric));
        // "In the other game I resign", "Dans l'autre partie, j'abandonne":
        // not this game. Named after the claim, it is not the claim's:
        // "I resign, good luck in your other games" resigns.
        elsewhere |= names_another_game(&words_of(clause));
        game = game.or_else(|| named_game(clause));
        if let Some((claim, at, end)) = clause_claim(clause, last) {
            if elsewhere {
                push(claim, Mood::Elsewhere, &game);
                continue;
            }
            let (claim, mood) = match whole.read(claim, clause, at) {
                // "J'abandonne l'idée du roque" gives up something else.
                (Claim::Resignation, Mood::Plain) if !resigns_the_game(&clause[end..]) => {
                    (Claim::Resignation, Mood::Mention)
                }
                read => read,
            };
            push(claim, mood, &game);
        } else if let Some(at) = draw_answered(clause) {
            // No phrase: it may decline ("I am not accepting the draw"),
            // never plainly accept.
            match whole.read(Claim::DrawAccepted, clause, at) {
                (Claim::DrawAccepted, Mood::Plain) => {
                    push(Claim::DrawAccepted, Mood::Mention, &game);
                }
                (claim, mood) => push(claim, mood, &game),
            }
        }
    }
}

/// What holds for a whole sentence.
struct Sentence {
    question: bool,
    condition: bool,
    would: bool,
}

impl Sentence {
    /// What a clause with `claim`'s phrase at byte `at` says, and how.
    /// Refusing or negating an acceptance declines; an offer named after
    /// "your" or beside an acceptance that is no phrase only mentions it.
    fn read(&self, claim: Claim, clause: &str, at: usize) -> (Claim, Mood) {
        let words = words_of(clause);
        let about_draw = matches!(
            claim,
            Claim::DrawOffer | Claim::DrawAccepted | Claim::DrawDeclined
        );
        let negated = words.iter().any(|w| is_negation(w));
        let refused = words.iter().any(|w| starts_with_any(w, REFUSALS));
        let accepts = words.iter().any(|w| starts_with_any(w, ACCEPTANCES));

        if self.question {
            // "Did you offer a draw?" asks about ours: it offers nothing.
            if claim == Claim::DrawOffer
                && words_of(&clause[..at])
                    .last()
                    .is_some_and(|w| YOU.contains(w))
            {
                return (claim, Mood::Mention);
            }
            // "Would you accept a draw?" offers one; "Should I accept?" not.
            let asked = claim == Claim::DrawAccepted && words.iter().any(|w| ASKERS.contains(w));
            return (if asked { Claim::DrawOffer } else { claim }, Mood::Question);
        }
        // "Maybe I will offer a draw later": put off, in this clause
        // ("I resign, see you later" resigns).
        let hedged = words.iter().any(|w| HEDGES.contains(w));
        if self.condition || hedged || (self.would && claim != Claim::DrawOffer) {
            return (claim, Mood::Conditional);
        }
        if about_draw && refused {
            // "I do not decline" is no plain answer either way.
            return (
                Claim::DrawDeclined,
                if negated { Mood::Negated } else { Mood::Plain },
            );
        }
        if about_draw && negated && (claim == Claim::DrawAccepted || accepts) {
            return (Claim::DrawDeclined, Mood::Plain);
        }
        if negated {
            return (claim, Mood::Negated);
        }
        if claim == Claim::DrawOffer && (accepts || is_ours(clause, at)) {
            return (claim, Mood::Mention);
        }
        (claim, Mood::Plain)
    }
}

/// Where a draw is named in a clause that also accepts or refuses
/// something, without a phrase: an answer to our offer, in other words.
fn draw_answered(clause: &str) -> Option<usize> {
    let words = words_of(clause);
    let answers = words
        .iter()
        .any(|w| starts_with_any(w, ACCEPTANCES) || starts_with_any(w, REFUSALS));
    let draw = words.iter().find(|w| DRAW_WORDS.contains(w))?;
    answers.then(|| phrase_at(clause, draw)).flatten()
}

/// The sentence is a draw word alone ("Remis?", "A draw?"): asked, it
/// offers one. The move it follows on its line is no word of it
/// ("4... 7866 Remis?", "12. Nf3 a draw?", "O-O draw?"): words with a
/// digit, and the `o`s of castling, are left out.
fn is_bare_draw(words: &[&str]) -> bool {
    let words: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.bytes().any(|b| b.is_ascii_digit()) && *w != "o")
        .collect();
    match words[..] {
        [draw] => DRAW_WORDS.contains(&draw),
        [article, draw] => ARTICLES.contains(&article) && DRAW_WORDS.contains(&draw),
        _ => false,
    }
}

/// The word before the phrase at `at` makes the offer ours: "your draw
/// offer", "thanks for the draw offer"; or words after it: "the draw
/// offered by you".
fn is_ours(clause: &str, at: usize) -> bool {
    words_of(&clause[..at])
        .last()
        .is_some_and(|w| OURS.contains(w))
        || BY_YOU.iter().any(|p| phrase_at(&clause[at..], p).is_some())
}

/// Whether `word` begins with one of `stems`, or with Czech `ne-` before
/// one ("nepřijímám"; [`is_negation`] reads that prefix).
fn starts_with_any(word: &str, stems: &[&str]) -> bool {
    let czech = word.strip_prefix("ne").unwrap_or(word);
    stems
        .iter()
        .any(|s| word.starts_with(s) || czech.starts_with(s))
}

/// The first claim whose phrase is in `clause`, with where the phrase
/// starts and ends: acceptance and refusal come before the offer, "I
/// accept your draw offer" names an offer too.
fn clause_claim(clause: &str, ends_sentence: bool) -> Option<(Claim, usize, usize)> {
    PHRASES.iter().find_map(|(claim, phrases)| {
        phrases
            .iter()
            .filter(|p| ends_sentence || !p.ends_with('$'))
            .find_map(|p| {
                let at = phrase_at(clause, p)?;
                Some((*claim, at, at + p.trim_end_matches('$').len()))
            })
    })
}

/// Whether the words after a resignation phrase (`rest` of its clause)
/// leave it one of the game: an object after it ("J'abandonne l'idée du
/// roque", "I resign myself to ...": [`OBJECT_STARTS`]) gives up something
/// else unless it names the game ([`GAME_WORDS`]: "J'abandonne la
/// partie"); anything else ("I resign and congratulate you", "Сдаюсь и
/// поздравляю") resigns.
fn resigns_the_game(rest: &str) -> bool {
    let words = words_of(rest);
    let Some(first) = words.first() else {
        return true;
    };
    let object =
        OBJECT_STARTS.contains(first) || first.starts_with("l'") || first.starts_with("d'");
    // "I resign this one": the game; "one" elsewhere ("myself to one more
    // year") is not.
    let this_one = matches!(words.as_slice(), ["this" | "that", "one", ..]);
    !object || this_one || words.iter().any(|w| GAME_WORDS.contains(w))
}

/// Whether `words` (a sentence) name another game than this one: "other"
/// right before a word for a game ("our other game", "der anderen
/// Partie").
fn names_another_game(words: &[&str]) -> bool {
    words.windows(2).any(|w| {
        let other = w[0].strip_prefix("l'").unwrap_or(w[0]);
        OTHER.contains(&other) && GAME_STEMS.iter().any(|s| w[1].starts_with(s))
    })
}

/// The label of the game `clause` names, lowercase: a word for a game or
/// a board, then its number or ID ("game 2", "game #2", "game no 2",
/// "board 2:", "Partie EM/M/77/2"). Not a move number ("my move in our
/// game: 2... 2836"), a numeric move or a result ("the game 1-0").
fn named_game(clause: &str) -> Option<String> {
    let words: Vec<&str> = clause
        .split_whitespace()
        .map(|w| {
            w.trim_start_matches(['(', '[', '#', '"'])
                .trim_end_matches([':', ',', ';', ')', ']', '!', '?', '"'])
        })
        .collect();
    let at = words.iter().position(|w| GAME_LABEL_WORDS.contains(w))?;
    let mut rest = words[at + 1..]
        .iter()
        .skip_while(|w| w.is_empty() || NUMBER_SIGNS.contains(&w.trim_end_matches('.')));
    let written: &str = rest.next()?;
    let label = written.trim_end_matches('.');
    let digits = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    // `2...` or `2.` before a move; `2.` ending the sentence is game 2.
    let is_move_number = digits(label) && label != written && rest.next().is_some();
    let is_numeric_move = matches!(label.len(), 4 | 5) && digits(label);
    let is_result = iccf_pgn::spelling::canonical_result(label.as_bytes()).is_some();
    let labelled = label.chars().any(|c| c.is_ascii_digit());
    (labelled && !is_move_number && !is_numeric_move && !is_result).then(|| label.to_owned())
}

/// Whether `words` (a sentence) hold a condition word, but for a Czech
/// reflexive `se` ("Vzdávám se." resigns).
fn has_condition(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(i, w)| {
        CONDITIONS.contains(w) && !(*w == "se" && i > 0 && REFLEXIVE_AFTER.contains(&words[i - 1]))
    })
}

fn is_negation(word: &str) -> bool {
    NEGATIONS.contains(&word)
        || word.ends_with("n't")
        || word.starts_with("n'")
        // Czech negates a verb with the prefix ne-: "nepřijímám".
        || word
            .strip_prefix("ne")
            .is_some_and(|w| ACCEPTANCES.iter().any(|s| w.starts_with(s)))
}

/// Words: letters and apostrophes (`n'accepte`, `can't`).
fn words_of(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The sentences of `lines`, each with the line it starts on.
fn sentences<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (line, text) in lines {
        for (piece, ended) in split_sentences(text) {
            let (_, buf) = open.get_or_insert_with(|| (line, String::new()));
            buf.push(' ');
            buf.push_str(piece);
            if ended {
                out.extend(open.take());
            }
        }
        // A line break ends a sentence unless the line ends with a comma.
        if !text.trim_end().ends_with(',') {
            out.extend(open.take());
        }
    }
    out.extend(open);
    out
}

/// `text` cut after each sentence end; `true` where a sentence ended.
fn split_sentences(text: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut from = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let next = chars.get(k + 1).map(|&(_, c)| c);
        let prev = k.checked_sub(1).map(|p| chars[p].1);
        let ends = match c {
            '!' | '?' | ';' => true,
            // Not `12.` or `12...` or `2026.12.05`: a dot after a letter.
            '.' => prev.is_some_and(char::is_alphabetic) || prev == Some(')'),
            _ => false,
        };
        if ends && next.is_none_or(char::is_whitespace) {
            let end = i + c.len_utf8();
            out.push((&text[from..end], true));
            from = end;
        }
    }
    if from < text.len() {
        out.push((&text[from..], false));
    }
    out
}

/// Where `phrase` is in `text`, starting and ending at word boundaries;
/// a phrase ending in `$` only at the end of its clause (and, as
/// [`clause_claim`] asks, of its sentence).
fn phrase_at(text: &str, phrase: &str) -> Option<usize> {
    let (phrase, at_end) = match phrase.strip_suffix('$') {
        Some(p) => (p, true),
        None => (phrase, false),
    };
    text.match_indices(phrase)
        .find(|&(i, _)| {
            let before = text[..i].chars().next_back();
            let rest = &text[i + phrase.len()..];
            let after = rest.chars().next();
            !before.is_some_and(char::is_alphanumeric)
                && !after.is_some_and(char::is_alphanumeric)
                && (!at_end || !rest.chars().any(char::is_alphanumeric))
        })
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(text: &str) -> Vec<Claim> {
        find_claims(text.lines().enumerate())
    }

    fn moods(text: &str) -> Vec<(Claim, Mood)> {
        read_claims(text.lines().enumerate())
            .into_iter()
            .map(|c| (c.claim, c.mood))
            .collect()
    }

    /// Per language and claim: the phrase, its negation, a condition, a
    /// question. Only the phrase claims something (and a draw offer asked).
    const CASES: [(&str, Claim, [&str; 4]); 21] = [
        (
            "en",
            Claim::DrawOffer,
            [
                "I offer a draw.",
                "I do not offer a draw.",
                "If you play 30. 1122 I offer a draw.",
                "Shall I offer you a draw?",
            ],
        ),
        (
            "en",
            Claim::DrawAccepted,
            [
                "I accept your draw offer.",
                "I do not accept the draw.",
                "If you offer a draw I would accept a draw.",
                "Should I accept the draw?",
            ],
        ),
        (
            "en",
            Claim::Resignation,
            [
                "I resign.",
                "I will never resign the game.",
                "If I lose the rook, I resign.",
                "Do you think I resign?",
            ],
        ),
        (
            "de",
            Claim::DrawOffer,
            [
                "Ich biete Remis.",
                "Ich biete Ihnen Remis nicht an.",
                "Wenn Sie 30... 1122 spielen, biete ich Remis.",
                "Soll ich Ihnen Remis anbieten?",
            ],
        ),
        (
            "de",
            Claim::DrawAccepted,
            [
                "Ich nehme das Remis an.",
                "Ich nehme das Remis nicht an.",
                "Falls Sie es wünschen, nehme ich das Remis an.",
                "Soll ich das Remis annehmen?",
            ],
        ),
        (
            "de",
            Claim::Resignation,
            [
                "Ich gebe auf.",
                "Ich gebe auf keinen Fall auf.",
                "Wenn ich den Turm verliere, gebe ich auf.",
                "Glauben Sie, ich gebe auf?",
            ],
        ),
        (
            "fr",
            Claim::DrawOffer,
            [
                "Je propose la nulle.",
                "Je ne propose pas la nulle.",
                "Si vous jouez 30. 1122, je propose la nulle.",
                "Dois-je proposer la nulle ?",
            ],
        ),
        (
            "fr",
            Claim::DrawAccepted,
            [
                "J'accepte la nulle.",
                "Je n’accepte pas la nulle.",
                "Si vous le souhaitez, j'accepte la nulle.",
                "Faut-il que j'accepte la nulle ?",
            ],
        ),
        (
            "fr",
            Claim::Resignation,
            [
                "J'abandonne.",
                "Je n'abandonne jamais.",
                "Si je perds la tour, j'abandonne.",
                "Vous pensez que j'abandonne ?",
            ],
        ),
        (
            "es",
            Claim::DrawOffer,
            [
                "Ofrezco tablas.",
                "No ofrezco tablas.",
                "Si juega 30. 1122, ofrezco tablas.",
                "¿Le ofrezco tablas?",
            ],
        ),
        (
            "es",
            Claim::DrawAccepted,
            [
                "Acepto las tablas.",
                "No acepto las tablas.",
                "Si usted insiste, acepto las tablas.",
                "¿Debo aceptar las tablas?",
            ],
        ),
        (
            "es",
            Claim::Resignation,
            [
                "Abandono.",
                "No abandono nunca.",
                "Si pierdo la torre, abandono.",
                "¿Cree que abandono?",
            ],
        ),
        (
            "it",
            Claim::DrawOffer,
            [
                "Offro patta.",
                "Non offro patta.",
                "Se gioca 30. 1122, offro patta.",
                "Le offro patta?",
            ],
        ),
        (
            "it",
            Claim::DrawAccepted,
            [
                "Accetto la patta.",
                "Non accetto la patta.",
                "Se insiste, accetto la patta.",
                "Devo accettare la patta?",
            ],
        ),
        (
            "it",
            Claim::Resignation,
            [
                "Abbandono.",
                "Non abbandono mai.",
                "Se perdo la torre, abbandono.",
                "Pensa che abbandono?",
            ],
        ),
        (
            "cs",
            Claim::DrawOffer,
            [
                "Nabízím remízu.",
                "Nenabízím remízu.",
                "Pokud zahrajete 30. 1122, nabízím remízu.",
                "Mám vám nabídnout remízu?",
            ],
        ),
        (
            "cs",
            Claim::DrawAccepted,
            [
                "Přijímám remízu.",
                "Nepřijímám remízu.",
                "Pokud trváte, přijímám remízu.",
                "Mám přijmout remízu?",
            ],
        ),
        (
            "cs",
            Claim::Resignation,
            [
                "Vzdávám.",
                "Nikdy se nevzdávám.",
                "Pokud ztratím věž, vzdávám.",
                "Myslíte, že vzdávám?",
            ],
        ),
        (
            "ru",
            Claim::DrawOffer,
            [
                "Предлагаю ничью.",
                "Не предлагаю ничью.",
                "Если вы сыграете 30. 1122, предлагаю ничью.",
                "Может, предложить ничью?",
            ],
        ),
        (
            "ru",
            Claim::DrawAccepted,
            [
                "Принимаю ничью.",
                "Не принимаю ничью.",
                "Если настаиваете, принимаю ничью.",
                "Принять ничью?",
            ],
        ),
        (
            "ru",
            Claim::Resignation,
            [
                "Сдаюсь.",
                "Никогда не сдаюсь.",
                "Если потеряю ладью, сдаюсь.",
                "Думаете, я сдаюсь?",
            ],
        ),
    ];

    #[test]
    fn each_phrase_class_in_each_language() {
        for (lang, claim, [plain, negated, conditional, question]) in CASES {
            assert_eq!(claims(plain), [claim], "{lang}: {plain}");
            assert_eq!(moods(plain), [(claim, Mood::Plain)], "{lang}: {plain}");
            // A negated acceptance declines (or, in Czech and French
            // word order, is no phrase at all); other negations claim nothing.
            let read = claims(negated);
            assert!(
                read.is_empty() || (claim == Claim::DrawAccepted && read == [Claim::DrawDeclined]),
                "{lang}: {negated}: {read:?}"
            );
            assert!(
                moods(conditional)
                    .iter()
                    .all(|(_, m)| *m == Mood::Conditional),
                "{lang}: {conditional}: {:?}",
                moods(conditional)
            );
            assert_eq!(claims(conditional), [], "{lang}: {conditional}");
            assert_eq!(
                moods(question),
                [(claim, Mood::Question)],
                "{lang}: {question}"
            );
            let asked = if claim == Claim::DrawOffer {
                vec![claim]
            } else {
                vec![]
            };
            assert_eq!(claims(question), asked, "{lang}: {question}");
        }
    }

    /// Found trying `iccf check` as a player: each of these recorded a
    /// resignation or a draw offer nobody made (`--apply` noted the offer,
    /// and `card --accept-draw` then ended the game).
    #[test]
    fn a_resignation_of_something_else_or_an_offer_put_off_is_none() {
        for text in [
            "J'abandonne l'idée du roque.",
            "Abandono la idea de enrocar.",
            "Abbandono l'idea dell'arrocco.",
            "I resign myself to a long endgame.",
            "Did you offer a draw?",
            "Have you offered a draw?",
            "Maybe I will offer a draw later.",
            "Vielleicht biete ich später Remis an.",
            "Perhaps I resign next week.",
            "Peut-être je propose la nulle.",
            // Found trying the tools: a role, another game.
            "P.S. I resign as club secretary next month.",
            "Ich trete als Vorsitzender zurück und gebe auf dem Posten auf.",
            "In the other game I resign.",
            "I offer you a draw in our other game (EM/CH/55/16).",
            "In der anderen Partie biete ich Remis an.",
            "Dans l'autre partie, j'abandonne.",
            // Found trying the tools: a game named by its number or id,
            // which a message about several games may mean for any.
            "I resign game 2, there is no point in continuing.",
            "I resign in game EM/M/77/2.",
            "Board 2: I resign.",
            "In game 2 I offer a draw.",
            "In game #2 I offer a draw.",
            "In Partie 2 biete ich Remis an.",
            // The review's.
            "I resign myself to one more year as secretary.",
            "I resign as one of the club officers.",
        ] {
            assert_eq!(claims(text), [], "{text}");
        }
        // The review's: resignations and offers with more words after
        // them, or a hedge in another clause, still stand.
        for (text, claim) in [
            (
                "I resign and congratulate you on the win.",
                Claim::Resignation,
            ),
            ("I resign - well played.", Claim::Resignation),
            ("I resign with thanks.", Claim::Resignation),
            ("Ich gebe auf und gratuliere zum Sieg.", Claim::Resignation),
            ("J'abandonne et vous félicite.", Claim::Resignation),
            ("Сдаюсь и поздравляю с победой.", Claim::Resignation),
            ("I resign, see you later.", Claim::Resignation),
            (
                "Ich gebe auf, vielleicht spielen wir später wieder.",
                Claim::Resignation,
            ),
            ("I offer a draw, perhaps you agree.", Claim::DrawOffer),
            ("Je vous propose la nulle ?", Claim::DrawOffer),
        ] {
            assert_eq!(claims(text), [claim], "{text}");
        }
        // Still read: the game, or nothing after the phrase.
        for (text, claim) in [
            ("J'abandonne la partie.", Claim::Resignation),
            ("I resign, thanks for the game.", Claim::Resignation),
            ("I resign with thanks for a fine game.", Claim::Resignation),
            ("Abandono.", Claim::Resignation),
            ("I resign this one, well played.", Claim::Resignation),
            ("I resign from this game.", Claim::Resignation),
            ("I resign the game 1-0.", Claim::Resignation),
            ("I resign. Game 2 goes on.", Claim::Resignation),
            (
                "I resign, good luck in your other games.",
                Claim::Resignation,
            ),
            ("Would you like a draw?", Claim::DrawOffer),
            ("Do we agree a draw? I offer a draw.", Claim::DrawOffer),
        ] {
            assert_eq!(claims(text), [claim], "{text}");
        }
    }

    /// The review's: a verb like a game word ("Ich spiele", "Играю") or a
    /// move number after "game" took a draw offer for another game's.
    #[test]
    fn moves_and_verbs_beside_a_game_word_name_no_game() {
        for text in [
            "Ich spiele 2... 2836 und biete Remis an.",
            "Играю 2... 2836 и предлагаю ничью.",
            "My move in our game: 2... 2836. I offer a draw.",
            "In this game 2836 is my move, and I offer a draw.",
        ] {
            assert_eq!(claims(text), [Claim::DrawOffer], "{text}");
        }
        let named = |text: &str| {
            read_claims([(0, text)].into_iter())
                .into_iter()
                .map(|c| c.game)
                .collect::<Vec<_>>()
        };
        assert_eq!(named("I resign game 2."), [Some("2".to_owned())]);
        assert_eq!(
            named("Board EM/M/77/2: I resign."),
            [Some("em/m/77/2".to_owned())]
        );
        assert_eq!(named("Partie Nr 3: Ich gebe auf."), [Some("3".to_owned())]);
    }

    /// Found trying the tools as a player: these accept our offer, and
    /// were "mentions a draw": the agreed draw could not be recorded.
    #[test]
    fn acceptances_of_the_offer_by_its_name() {
        for text in [
            "Ich nehme Ihr Remisangebot an.",
            "Ihr Remisangebot nehme ich gerne an.",
            "Remisangebot angenommen.",
            "Acepto sus tablas.",
            "J'accepte votre offre de nulle.",
            "I accept your offer of a draw.",
        ] {
            assert_eq!(claims(text), [Claim::DrawAccepted], "{text}");
        }
        for text in [
            "Ich nehme Ihr Remisangebot nicht an.",
            "No acepto sus tablas.",
        ] {
            assert_eq!(claims(text), [Claim::DrawDeclined], "{text}");
        }
    }

    /// Found trying the tools as a player: draw claims by repetition went
    /// unnoticed ("no move found" alone).
    #[test]
    fn repetition_claims_went_unnoticed() {
        for text in [
            "Reclamo tablas por triple repetición.",
            "I am claiming a draw by repetition.",
            "Ich reklamiere Remis durch dreifache Stellungswiederholung.",
        ] {
            assert_eq!(claims(text), [Claim::Claim], "{text}");
        }
        // The review's: the words of a repetition alone claim nothing.
        for text in [
            "I want to avoid a draw by repetition.",
            "Ihr Remisangebot nehme ich zur Kenntnis.",
        ] {
            assert_eq!(claims(text), [], "{text}");
        }
    }

    /// "Vzdávám se" is how Czech players resign: its reflexive `se` was
    /// read as the Italian "if", and the resignation as a condition.
    #[test]
    fn czech_reflexive_se_was_read_as_if() {
        for text in [
            "Vzdávám se.",
            "Vzdávám se, gratuluji.",
            "Tak jsem se vzdal.",
        ] {
            let found = moods(text);
            assert!(
                found.iter().all(|(_, mood)| *mood != Mood::Conditional),
                "{text}: {found:?}"
            );
        }
        assert_eq!(claims("Vzdávám se."), [Claim::Resignation]);
        // The Italian "if" is still one.
        assert_eq!(claims("Se perdo la torre, abbandono."), []);
        assert_eq!(claims("Pokud ztratím věž, vzdávám se."), []);
    }

    /// The sentences that once ended games.
    #[test]
    fn phrases_that_claim_nothing_give_no_result() {
        assert_eq!(
            claims("I cannot accept the draw, sorry."),
            [Claim::DrawDeclined]
        );
        assert_eq!(claims("If you offer a draw I would accept a draw"), []);
        assert_eq!(claims("I will never resign"), []);
        assert_eq!(claims("Ich gebe auf keinen Fall auf"), []);
        assert_eq!(
            claims("I won't resign, but I offer a draw."),
            [Claim::DrawOffer]
        );
    }

    /// Regression: "Draw offer declined." and "Declining your draw offer"
    /// were read as their draw offer (which `--apply` recorded, and
    /// `card --accept-draw` then accepted), and negated acceptances that
    /// are no phrase as offers negated.
    #[test]
    fn negated_draw_acceptance_never_accepts() {
        for text in [
            "Not accepting your draw offer.",
            "I do not accept your draw offer.",
            "I decline your draw offer.",
            "Declining your draw offer",
            "Draw offer declined.",
            "Draw offer not accepted.",
            "Your draw offer: not accepted.",
            "I refuse to accept the draw.",
            "I am unable to accept the draw.",
            "I won't accept the draw offer",
            // Regression (review): typed without the apostrophe, these
            // accepted our draw.
            "I cant accept your draw offer.",
            "I dont accept the draw.",
            "I wont accept the draw",
            "Remis abgelehnt.",
            "Ihr Remisangebot lehne ich ab.",
            "I am not accepting the draw.",
            "Das Remisangebot nehme ich nicht an.",
            "Je refuse la nulle.",
            "Rechazo su oferta de tablas.",
            "Nepřijímám nabídku remízy.",
            "Отклоняю ваше предложение ничьей.",
        ] {
            assert_eq!(claims(text), [Claim::DrawDeclined], "{text}");
        }
        // Named, neither made nor answered: a mention, nothing claimed.
        for text in [
            "Thanks for your draw offer.",
            "I am thinking about accepting your draw offer.",
            "Thanks for the draw offer but no.",
            // Regression (review): read as their offer.
            "Thanks. Draw offered by you is fine.",
            "Danke für Ihr Remisangebot.",
            "I am accepting the draw.",
        ] {
            assert_eq!(claims(text), [], "{text}");
            assert!(
                moods(text)
                    .iter()
                    .all(|(_, m)| matches!(m, Mood::Mention | Mood::Negated)),
                "{text}: {:?}",
                moods(text)
            );
        }
        assert_eq!(claims("Draw offer accepted."), [Claim::DrawAccepted]);
        assert_eq!(claims("Draw agreed."), [Claim::DrawAccepted]);
        assert_eq!(claims("I do not decline the draw."), []);
    }

    /// Regression: "Draw offered.", "I give up.", "Remis?" and others
    /// claimed nothing; "Why not take the draw?" offered one.
    #[test]
    fn offers_and_resignations_not_recognised() {
        for text in [
            "Draw offered.",
            "I offer a draw",
            "Offering a draw.",
            "Remis?",
            "A draw?",
            "¿Tablas?",
            "Nulle ?",
            "Patta?",
            "Remíza?",
            "Ничья?",
            "Ich biete Remis an",
            "Would you accept a draw?",
            "Shall we agree to a draw?",
        ] {
            assert_eq!(claims(text), [Claim::DrawOffer], "{text}");
        }
        for text in [
            "I give up.",
            "I give up the game.",
            "I resign",
            "I concede.",
            "Ich gebe auf",
            "Ich kapituliere.",
            "I am resigning.",
            "I am resigning the game.",
            "Sorry, I give up.",
        ] {
            assert_eq!(claims(text), [Claim::Resignation], "{text}");
        }
        for text in [
            "I give up on this line.",
            // Regression (review): a comma ended the clause a `$` phrase
            // must end, so these resigned.
            "I give up, please resend.",
            "I give up, your notation is unreadable.",
            "I concede, the pawn was yours.",
            "Ich kapituliere, ehrlich gesagt, vor Ihrer Notation.",
            "I am resigning myself to a long endgame.",
            "I concede that 12. 5254 was better.",
            "Why did you not take the draw?",
            "Should I accept the draw?",
            "I wonder whether I should resign.",
        ] {
            assert_eq!(claims(text), [], "{text}");
        }
        // Regression: asked after the move on its line, the offer was
        // lost ("4... 7866 Remis?" recorded the move alone).
        for text in [
            "4... 7866 Remis?",
            "12. Nf3 a draw?",
            "23...7866 ¿Tablas?",
            "5254 Ничья?",
            "4... O-O Remis?",
            "12. O-O-O draw?",
        ] {
            assert_eq!(claims(text), [Claim::DrawOffer], "{text}");
        }
        // Our offer asked back and answered.
        for text in ["Draw? No, thanks.", "Remis? Nein danke."] {
            assert_eq!(claims(text), [Claim::DrawDeclined], "{text}");
        }
    }

    #[test]
    fn a_condition_runs_on_over_a_comma_at_the_end_of_a_line() {
        assert_eq!(claims("If you play 30. 1122,\nI resign."), []);
        assert_eq!(claims("I cannot go on\nI resign."), [Claim::Resignation]);
        assert_eq!(claims("12... 5756. I resign."), [Claim::Resignation]);
    }

    #[test]
    fn words_inside_other_words_do_not_count() {
        assert_eq!(claims("Nice game, see you at the resignation ceremony"), []);
        assert_eq!(claims("12... 5756"), []);
    }
}
