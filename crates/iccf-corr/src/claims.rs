//! Draw offers, acceptances, resignations and claims written in words.

use serde::Serialize;

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

/// Phrases by claim, in English, German, French, Spanish, Italian, Czech and
/// Russian, lowercase. Acceptance and refusal come before the offer: "I
/// accept your draw offer" names an offer too.
const PHRASES: [(Claim, &[&str]); 5] = [
    (
        Claim::DrawAccepted,
        &[
            "accept your draw",
            "accept the draw",
            "draw accepted",
            "accept a draw",
            "agree to a draw",
            "remis angenommen",
            "nehme remis an",
            "nehme das remis",
            "nehme ihr remis",
            "akzeptiere remis",
            "remis annehmen",
            "nehme ich das remis",
            "accept a draw offer",
            "remis akzeptiert",
            "accepte la nulle",
            "nulle acceptée",
            "accepte votre proposition de nulle",
            "accepte la partie nulle",
            "acepto tablas",
            "acepto las tablas",
            "acepto su oferta de tablas",
            "aceptar las tablas",
            "tablas aceptadas",
            "accetto la patta",
            "accetto patta",
            "patta accettata",
            "accetto la sua proposta di patta",
            "accettare la patta",
            "přijímám remízu",
            "přijímám nabídku remízy",
            "remíza přijata",
            "přijmout remízu",
            "принимаю ничью",
            "согласен на ничью",
            "принимаю ваше предложение ничьей",
            "ничья принята",
            "принять ничью",
        ],
    ),
    (
        Claim::DrawDeclined,
        &[
            "decline your draw",
            "decline the draw",
            "draw declined",
            "lehne remis ab",
            "lehne das remis ab",
            "refuse la nulle",
            "rechazo las tablas",
            "rechazo tablas",
            "rifiuto la patta",
            "odmítám remízu",
            "отклоняю ничью",
            "отказываюсь от ничьей",
        ],
    ),
    (
        Claim::DrawOffer,
        &[
            "offer a draw",
            "offer you a draw",
            "draw offer",
            "offer draw",
            "propose a draw",
            "draw?",
            "biete remis",
            "biete ihnen remis",
            "remisangebot",
            "remis angeboten",
            "schlage remis vor",
            "biete ich remis",
            "biete ich ihnen remis",
            "remis anbieten",
            "propose nulle",
            "propose la nulle",
            "propose une nulle",
            "offre nulle",
            "proposition de nulle",
            "proposer la nulle",
            "ofrezco tablas",
            "propongo tablas",
            "oferta de tablas",
            "le ofrezco tablas",
            "offro patta",
            "propongo patta",
            "offerta di patta",
            "proposta di patta",
            "vi propongo la patta",
            "nabízím remízu",
            "nabídka remízy",
            "navrhuji remízu",
            "nabídnout remízu",
            "предлагаю ничью",
            "предложение ничьей",
            "предложить ничью",
        ],
    ),
    (
        Claim::Resignation,
        &[
            "i resign",
            "resign the game",
            "i hereby resign",
            "gebe auf",
            "gebe die partie auf",
            "ich gebe auf",
            "gebe ich auf",
            "abandonne",
            "abandono",
            "me rindo",
            "abbandono",
            "mi arrendo",
            "vzdávám",
            "сдаюсь",
            "я сдаюсь",
        ],
    ),
    (
        Claim::Claim,
        &[
            "i claim",
            "claim a win",
            "claim the game",
            "reklamiere",
            "beanspruche",
            "je réclame",
            "réclame le gain",
            "reclamo la victoria",
            "reclamo el",
            "reclamo la vittoria",
            "rivendico",
            "reklamuji",
            "požaduji výhru",
            "требую",
            "заявляю о",
        ],
    ),
];

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
}

impl FoundClaim {
    /// Whether the sender means it: a plain statement. A draw offer in a
    /// question ("Would you accept a draw?") is an offer too, as people
    /// write them; nothing else that is asked, negated or a condition is.
    pub fn stands(&self) -> bool {
        self.mood == Mood::Plain || (self.claim == Claim::DrawOffer && self.mood == Mood::Question)
    }
}

/// Words that negate a clause, in the seven languages (Czech negates with
/// the prefix `ne-`, which the phrases' word boundaries leave unmatched).
const NEGATIONS: &[&str] = &[
    "not",
    "never",
    "no",
    "cannot",
    "nor",
    "neither",
    "nicht",
    "kein",
    "keine",
    "keinen",
    "keinem",
    "keiner",
    "nie",
    "niemals",
    "keinesfalls",
    "ne",
    "pas",
    "jamais",
    "non",
    "nunca",
    "jamás",
    "ni",
    "mai",
    "né",
    "nikdy",
    "nemohu",
    "nemůžu",
    "nechci",
    "nebudu",
    "не",
    "нет",
    "никогда",
    "ни",
];

/// Words that make a sentence a condition.
const CONDITIONS: &[&str] = &[
    "if",
    "unless",
    "provided",
    "wenn",
    "falls",
    "sofern",
    "ob",
    "si",
    "s'il",
    "se",
    "pokud",
    "jestli",
    "jestliže",
    "kdyby",
    "když",
    "если",
    "ежели",
];

/// Words of the conditional mood: "I would accept" accepts nothing yet.
/// They make acceptances and resignations conditional, not offers: "I
/// would like to offer a draw" is an offer.
const WOULD: &[&str] = &[
    "would",
    "würde",
    "würden",
    "accepterais",
    "accepterait",
    "abandonnerais",
    "aceptaría",
    "abandonaría",
    "accetterei",
    "abbandonerei",
    "bych",
    "бы",
];

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
    for (line, sentence) in sentences(lines) {
        read_sentence(line, &sentence, &mut found);
    }
    found
}

fn read_sentence(line: usize, sentence: &str, found: &mut Vec<FoundClaim>) {
    let lower = sentence.to_lowercase().replace(['’', '`'], "'");
    let words = words_of(&lower);
    let question = lower.trim_end().ends_with('?') || lower.contains('¿');
    let condition = words.iter().any(|w| CONDITIONS.contains(w));
    let would = words.iter().any(|w| WOULD.contains(w));
    for clause in lower.split(',') {
        let Some(claim) = clause_claim(clause) else {
            continue;
        };
        let negated = words_of(clause).iter().any(|w| is_negation(w));
        let (claim, mood) = if question {
            (claim, Mood::Question)
        } else if condition || (would && claim != Claim::DrawOffer) {
            (claim, Mood::Conditional)
        } else if negated && claim == Claim::DrawAccepted {
            (Claim::DrawDeclined, Mood::Plain)
        } else if negated {
            (claim, Mood::Negated)
        } else {
            (claim, Mood::Plain)
        };
        found.push(FoundClaim {
            claim,
            mood,
            line,
            sentence: sentence.trim().to_owned(),
        });
    }
}

/// The first claim whose phrase is in `clause`: acceptance and refusal
/// come before the offer, "I accept your draw offer" names an offer too.
fn clause_claim(clause: &str) -> Option<Claim> {
    PHRASES
        .iter()
        .find(|(_, phrases)| phrases.iter().any(|p| contains_phrase(clause, p)))
        .map(|(claim, _)| *claim)
}

fn is_negation(word: &str) -> bool {
    NEGATIONS.contains(&word) || word.ends_with("n't") || word.starts_with("n'")
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

/// `phrase` in `text` starting and ending at word boundaries.
fn contains_phrase(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
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
