//! The words claims are read from: phrases, negations, conditions,
//! refusals, in English, German, French, Spanish, Italian, Czech and
//! Russian, lowercase.

use crate::Claim;

/// Phrases by claim, in English, German, French, Spanish, Italian, Czech and
/// Russian, lowercase. Acceptance and refusal come before the offer: "I
/// accept your draw offer" names an offer too. A phrase ending in `$` counts
/// only at the end of its clause: "I give up." resigns, "I give up on this
/// line" does not.
pub(crate) const PHRASES: [(Claim, &[&str]); 5] = [
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
            "nehme ihr remisangebot an",
            "nehme das remisangebot an",
            "nehme dein remisangebot an",
            "remisangebot nehme ich an",
            "remisangebot nehme ich gerne an",
            "remisangebot angenommen",
            "accept your offer of a draw",
            "accept a draw offer",
            "draw offer accepted",
            "draw agreed",
            "draw offer is accepted",
            "remis akzeptiert",
            "accepte la nulle",
            "nulle acceptée",
            "accepte votre proposition de nulle",
            "accepte la partie nulle",
            "acepto tablas",
            "acepto las tablas",
            "acepto su oferta de tablas",
            "acepto sus tablas",
            "acepto la oferta de tablas",
            "acepto su propuesta de tablas",
            "accepte votre offre de nulle",
            "accetto la sua offerta di patta",
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
            "draw offer declined",
            "remis abgelehnt",
            "lehne ihr remis",
            "lehne das remisangebot ab",
            "lehne ihr remisangebot ab",
            "nulle refusée",
            "tablas rechazadas",
            "patta rifiutata",
            "remíza odmítnuta",
            "ничья отклонена",
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
            "draw offered",
            "draw proposed",
            "offering a draw",
            "offering you a draw",
            "suggest a draw",
            "how about a draw",
            "would you like a draw",
            "biete remis",
            "biete ihnen remis",
            "remisangebot",
            "remis angeboten",
            "schlage remis vor",
            "biete ich remis",
            "biete ich ihnen remis",
            "remis anbieten",
            "remis vorschlagen",
            "remis vorgeschlagen",
            "nulle proposée",
            "tablas ofrecidas",
            "patta offerta",
            "nabízím vám remízu",
            "navrhuji vám remízu",
            "предлагаю вам ничью",
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
            "nabídku remízy",
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
            "i am resigning$",
            "i'm resigning$",
            "resigning the game",
            "i give up$",
            "i give up the game",
            "i concede$",
            "i concede the game",
            "ich kapituliere$",
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
            "reclamo tablas",
            "reclamo las tablas",
            "claiming a draw",
            "reclamo la vittoria",
            "rivendico",
            "reklamuji",
            "požaduji výhru",
            "требую",
            "заявляю о",
        ],
    ),
];

/// Words that negate a clause, in the seven languages (Czech negates with
/// the prefix `ne-`, which the phrases' word boundaries leave unmatched).
pub(crate) const NEGATIONS: &[&str] = &[
    "not",
    "never",
    "no",
    "cannot",
    // English contractions typed without their apostrophe.
    "cant",
    "dont",
    "doesnt",
    "didnt",
    "wont",
    "wouldnt",
    "couldnt",
    "shouldnt",
    "isnt",
    "arent",
    "wasnt",
    "werent",
    "havent",
    "hasnt",
    "aint",
    "nor",
    "neither",
    "nicht",
    "nein",
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
pub(crate) const CONDITIONS: &[&str] = &[
    "if",
    "unless",
    "whether",
    "provided",
    "wenn",
    "falls",
    "sofern",
    "ob",
    "si",
    "s'il",
    // Italian "if"; in Czech the reflexive pronoun, see REFLEXIVE_AFTER.
    "se",
    "pokud",
    "jestli",
    "jestliže",
    "kdyby",
    "když",
    "если",
    "ежели",
];

/// Czech words after which `se` is the reflexive pronoun, not the Italian
/// "if" of [`CONDITIONS`]: "Vzdávám se" (I resign), "vzdal jsem se" (I
/// have resigned).
pub(crate) const REFLEXIVE_AFTER: &[&str] =
    &["vzdávám", "vzdáváme", "vzdal", "vzdala", "jsem", "jsme"];

/// Words of the conditional mood: "I would accept" accepts nothing yet.
/// They make acceptances and resignations conditional, not offers: "I
/// would like to offer a draw" is an offer.
pub(crate) const WOULD: &[&str] = &[
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

/// Words that put a claim off to another day: "Maybe I will offer a draw
/// later" offers nothing yet, "Vielleicht gebe ich später auf" resigns
/// nothing.
pub(crate) const HEDGES: &[&str] = &[
    "maybe",
    "perhaps",
    "possibly",
    "later",
    "might",
    "someday",
    "vielleicht",
    "eventuell",
    "später",
    "irgendwann",
    // "peut-être": its words are split at the dash.
    "peut",
    "tard",
    "quizás",
    "quizá",
    "forse",
    "magari",
    "možná",
    "později",
    "возможно",
    "позже",
];

/// Words that start an object after a resignation phrase: it gives up
/// that ("J'abandonne l'idée du roque", "I resign myself to ...",
/// "Abandono la idea"), unless the object is the game ([`GAME_WORDS`]).
/// French and Italian `l'`, `d'` are told by their apostrophe.
pub(crate) const OBJECT_STARTS: &[&str] = &[
    "the", "a", "an", "my", "myself", "this", "that", "to", "on", "la", "le", "les", "un", "une",
    "el", "los", "las", "lo", "il", "gli", "una", "uno", "die", "der", "das", "den", "dem", "ein",
    "eine", "mich", "me", "mi", "as", "from", "als", "von", "comme", "de", "como", "come", "da",
    "jako",
];

/// Words that make a resignation phrase with an object after it one of
/// the game: "J'abandonne la partie", "I resign this game".
pub(crate) const GAME_WORDS: &[&str] = &[
    "game",
    "match",
    "partie",
    "spiel",
    "partida",
    "partita",
    "partii",
    "partie",
    "партию",
    "партия",
    "игру",
    "now",
    "here",
    "hereby",
    "herewith",
    "jetzt",
    "hiermit",
    "maintenant",
    "ahora",
    "ora",
    "nyní",
    "сейчас",
];

/// Words for "other" that, before a word for the game, put a claim in
/// another game: "I offer a draw in our other game", "In der anderen
/// Partie gebe ich auf".
pub(crate) const OTHER: &[&str] = &[
    "other",
    "another",
    "andere",
    "anderen",
    "anderer",
    "autre",
    "autres",
    "otra",
    "otro",
    "otras",
    "otros",
    "altre",
    "altri",
    "altra",
    "altro",
    "другой",
    "другую",
    "другая",
    "jiné",
    "druhé",
];

/// The beginnings of the words for a game after [`OTHER`]: any case of
/// them ("partie", "Partien", "партии").
pub(crate) const GAME_STEMS: &[&str] = &["game", "match", "parti", "spiel", "парти", "игр"];

/// Words that name a game by the label after them: "Game 3:", "Board
/// 2: I resign", "Partie EM/M/77/2" (the parts of a message for several
/// games, and a claim's game).
pub(crate) const GAME_LABEL_WORDS: &[&str] = &[
    "game",
    "board",
    "partie",
    "spiel",
    "brett",
    "partida",
    "partita",
    "tablero",
    "scacchiera",
    "échiquier",
    "echiquier",
    "партия",
    "партии",
    "партию",
    "доска",
    "доске",
];

/// The words between a game and its number: "game no. 2", "Partie Nr. 2",
/// "game # 2" (trimmed of their dots).
pub(crate) const NUMBER_SIGNS: &[&str] = &["no", "nr", "n°", "№", "núm", "num", "number"];

/// The subject of a question about our offer ("Did you offer a draw?",
/// "Haben Sie Remis angeboten?"): right before the offer's words, it asks,
/// it does not offer. Not the words that are objects there too ("Je vous
/// propose la nulle ?" offers one).
pub(crate) const YOU: &[&str] = &["you", "sie", "usted", "вы", "ты"];

/// Word beginnings that refuse, in the seven languages: a clause about a
/// draw with one of them declines it, whatever else it says ("Draw offer
/// declined", "Ihr Remisangebot lehne ich ab", "I refuse to accept the
/// draw").
pub(crate) const REFUSALS: &[&str] = &[
    "declin",
    "refus",
    "reject",
    "unable",
    "unwilling",
    "ablehn",
    "lehne",
    "abgelehnt",
    "zurückgewiesen",
    "décline",
    "rejet",
    "rechaz",
    "rifiut",
    "respin",
    "odmít",
    "odmitn",
    "отклон",
    "отказ",
];

/// Word beginnings that accept, in the seven languages. A clause about a
/// draw offer that has one but no acceptance phrase mentions the offer and
/// accepts nothing ("I am thinking about accepting your draw offer");
/// negated, it declines ("Not accepting your draw offer").
pub(crate) const ACCEPTANCES: &[&str] = &[
    "accept",
    "agree",
    "annehm",
    "angenommen",
    "nehme",
    "akzept",
    "acept",
    "accett",
    "přijím",
    "přijat",
    "přijm",
    "приним",
    "принят",
    "соглас",
];

/// Words after a draw offer that make it ours: "a draw offered by you".
pub(crate) const BY_YOU: &[&str] = &[
    "by you",
    "from you",
    "von ihnen",
    "von dir",
    "par vous",
    "de votre part",
    "por usted",
    "por ti",
    "da lei",
    "da te",
];

/// Words before a draw offer's name that make it ours, not theirs: "your
/// draw offer", "thanks for the draw offer", "Ihr Remisangebot".
pub(crate) const OURS: &[&str] = &[
    "your",
    "the",
    "ihr",
    "ihre",
    "ihren",
    "ihrem",
    "das",
    "dein",
    "deine",
    "deinen",
    "votre",
    "ta",
    "la",
    "su",
    "sua",
    "tua",
    "vaši",
    "vaše",
    "vaší",
    "tvou",
    "ваше",
    "ваш",
    "вашего",
    "ваши",
];

/// Words that make an acceptance asked an offer: "Would you accept a
/// draw?", "Shall we agree to a draw?".
pub(crate) const ASKERS: &[&str] = &[
    "you", "we", "sie", "wir", "vous", "nous", "usted", "ustedes", "lei", "vy", "вы", "мы",
];

/// The words for a draw (and its offer): a sentence of one alone, asked,
/// offers one ("Remis?", "¿Tablas?", "A draw?"); beside an acceptance or
/// refusal without a phrase, it answers our offer ("I am not accepting the
/// draw").
pub(crate) const DRAW_WORDS: &[&str] = &[
    "draw",
    "remis",
    "remisangebot",
    "nulle",
    "tablas",
    "patta",
    "remíza",
    "remízu",
    "remízy",
    "ничья",
    "ничью",
    "ничьей",
];

/// Articles that may stand before a draw word asked alone.
pub(crate) const ARTICLES: &[&str] = &["a", "ein", "une", "la", "una"];
