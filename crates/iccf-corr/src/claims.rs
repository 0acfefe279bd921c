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
            "remis akzeptiert",
            "accepte la nulle",
            "nulle acceptée",
            "accepte votre proposition de nulle",
            "accepte la partie nulle",
            "acepto tablas",
            "acepto las tablas",
            "acepto su oferta de tablas",
            "tablas aceptadas",
            "accetto la patta",
            "accetto patta",
            "patta accettata",
            "accetto la sua proposta di patta",
            "přijímám remízu",
            "přijímám nabídku remízy",
            "remíza přijata",
            "принимаю ничью",
            "согласен на ничью",
            "принимаю ваше предложение ничьей",
            "ничья принята",
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
            "propose nulle",
            "propose la nulle",
            "propose une nulle",
            "offre nulle",
            "proposition de nulle",
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
            "предлагаю ничью",
            "предложение ничьей",
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
            "j'abandonne",
            "j’abandonne",
            "abandonne la partie",
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

/// The claims in the unquoted `lines`, each once, in the order of
/// [`Claim`]'s variants as they appear first.
///
/// ```
/// use iccf_corr::{find_claims, Claim};
///
/// let text = "12... 5756\nIch biete Remis.";
/// assert_eq!(find_claims(text.lines().enumerate()), [Claim::DrawOffer]);
/// assert_eq!(find_claims([(0, "Přijímám remízu.")].into_iter()), [Claim::DrawAccepted]);
/// ```
pub fn find_claims<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Vec<Claim> {
    let mut found = Vec::new();
    for (_, line) in lines {
        let lower = line.to_lowercase();
        for (claim, phrases) in PHRASES {
            if phrases.iter().any(|p| contains_phrase(&lower, p)) {
                if !found.contains(&claim) {
                    found.push(claim);
                }
                // One claim a line: "accept your draw offer" is no offer.
                break;
            }
        }
    }
    found
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

    #[test]
    fn seven_languages_each_claim() {
        let offers = [
            "I offer a draw.",
            "Ich biete Remis.",
            "Je propose la nulle.",
            "Ofrezco tablas.",
            "Offro patta.",
            "Nabízím remízu.",
            "Предлагаю ничью.",
        ];
        let accepts = [
            "I accept your draw offer.",
            "Remis angenommen.",
            "J'accepte la nulle.",
            "Acepto las tablas.",
            "Accetto la patta.",
            "Přijímám remízu.",
            "Принимаю ничью.",
        ];
        let resigns = [
            "I resign.",
            "Ich gebe auf.",
            "J'abandonne.",
            "Abandono.",
            "Abbandono.",
            "Vzdávám.",
            "Сдаюсь.",
        ];
        for (list, claim) in [
            (offers, Claim::DrawOffer),
            (accepts, Claim::DrawAccepted),
            (resigns, Claim::Resignation),
        ] {
            for text in list {
                assert_eq!(claims(text), [claim], "{text}");
            }
        }
    }

    #[test]
    fn words_inside_other_words_do_not_count() {
        assert_eq!(claims("Nice game, see you at the resignation ceremony"), []);
        assert_eq!(claims("12... 5756"), []);
    }
}
