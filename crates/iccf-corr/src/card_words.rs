//! The fixed words of a card in the languages players write to each other.

use core::fmt;
use core::str::FromStr;

/// A language for the fixed words of a card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum MessageLang {
    /// English.
    #[default]
    En,
    /// German.
    De,
    /// French.
    Fr,
    /// Spanish.
    Es,
    /// Italian.
    It,
    /// Czech.
    Cs,
    /// Russian.
    Ru,
}

/// The fixed words, in the order of [`Words`]'s fields.
pub(crate) struct Words {
    pub event: &'static str,
    pub white: &'static str,
    pub black: &'static str,
    pub your_move: &'static str,
    pub my_move: &'static str,
    pub received: &'static str,
    pub sent: &'static str,
    pub game: &'static str,
    pub days_used: &'static str,
    pub this_move: &'static str,
    pub total: &'static str,
    pub of: &'static str,
    pub time_control: &'static str,
    pub offer_draw: &'static str,
    pub accept_draw: &'static str,
    pub resign: &'static str,
    pub if_moves: &'static str,
    pub next_control: &'static str,
    pub move_word: &'static str,
    pub days_left: &'static str,
    pub by: &'static str,
    pub warning: &'static str,
    pub exceeded: &'static str,
    pub leave: &'static str,
}

const fn words(w: [&'static str; 24]) -> Words {
    Words {
        event: w[0],
        white: w[1],
        black: w[2],
        your_move: w[3],
        my_move: w[4],
        received: w[5],
        sent: w[6],
        game: w[7],
        days_used: w[8],
        this_move: w[9],
        total: w[10],
        of: w[11],
        time_control: w[12],
        offer_draw: w[13],
        accept_draw: w[14],
        resign: w[15],
        if_moves: w[16],
        next_control: w[17],
        move_word: w[18],
        days_left: w[19],
        by: w[20],
        warning: w[21],
        exceeded: w[22],
        leave: w[23],
    }
}

// The offers must stay phrases that `find_claims` knows, and the if-move
// labels lines that `scan_moves` skips: a test reads back each language.
const EN: Words = words([
    "Event",
    "White",
    "Black",
    "Your move",
    "My move",
    "received",
    "sent",
    "Game",
    "Days used",
    "this move",
    "total",
    "of",
    "time control",
    "I offer a draw.",
    "I accept your draw offer.",
    "I resign.",
    "If-moves",
    "Next time control",
    "move",
    "days left",
    "by",
    "Warning",
    "time limit exceeded",
    "Leave",
]);
const DE: Words = words([
    "Turnier",
    "Weiß",
    "Schwarz",
    "Ihr Zug",
    "Mein Zug",
    "erhalten",
    "gesendet",
    "Partie",
    "Verbrauchte Tage",
    "dieser Zug",
    "gesamt",
    "von",
    "Bedenkzeit",
    "Ich biete Remis.",
    "Remis angenommen.",
    "Ich gebe auf.",
    "Bedingte Züge",
    "Nächste Zeitkontrolle",
    "Zug",
    "Tage übrig",
    "bis",
    "Warnung",
    "Bedenkzeit überschritten",
    "Urlaub",
]);
const FR: Words = words([
    "Tournoi",
    "Blancs",
    "Noirs",
    "Votre coup",
    "Mon coup",
    "reçu",
    "envoyé",
    "Partie",
    "Jours utilisés",
    "ce coup",
    "total",
    "sur",
    "cadence",
    "Je propose la nulle.",
    "J'accepte la nulle.",
    "J'abandonne.",
    "Coups conditionnels",
    "Prochain contrôle",
    "coup",
    "jours restants",
    "avant le",
    "Attention",
    "temps dépassé",
    "Congé",
]);
const ES: Words = words([
    "Torneo",
    "Blancas",
    "Negras",
    "Su jugada",
    "Mi jugada",
    "recibida",
    "enviada",
    "Partida",
    "Días usados",
    "esta jugada",
    "total",
    "de",
    "ritmo",
    "Ofrezco tablas.",
    "Acepto las tablas.",
    "Abandono.",
    "Jugadas condicionales",
    "Próximo control",
    "jugada",
    "días restantes",
    "antes del",
    "Aviso",
    "tiempo excedido",
    "Vacaciones",
]);
const IT: Words = words([
    "Torneo",
    "Bianco",
    "Nero",
    "La sua mossa",
    "La mia mossa",
    "ricevuta",
    "inviata",
    "Partita",
    "Giorni usati",
    "questa mossa",
    "totale",
    "su",
    "cadenza",
    "Offro patta.",
    "Accetto la patta.",
    "Abbandono.",
    "Mosse condizionali",
    "Prossimo controllo",
    "mossa",
    "giorni rimasti",
    "entro il",
    "Attenzione",
    "tempo superato",
    "Ferie",
]);
const CS: Words = words([
    "Turnaj",
    "Bílý",
    "Černý",
    "Váš tah",
    "Můj tah",
    "přijato",
    "odesláno",
    "Partie",
    "Spotřebované dny",
    "tento tah",
    "celkem",
    "z",
    "tempo",
    "Nabízím remízu.",
    "Přijímám remízu.",
    "Vzdávám.",
    "Podmíněné tahy",
    "Příští kontrola času",
    "tah",
    "zbývá dní",
    "do",
    "Upozornění",
    "překročen časový limit",
    "Dovolená",
]);
const RU: Words = words([
    "Турнир",
    "Белые",
    "Чёрные",
    "Ваш ход",
    "Мой ход",
    "получен",
    "отправлен",
    "Партия",
    "Использовано дней",
    "этот ход",
    "всего",
    "из",
    "контроль времени",
    "Предлагаю ничью.",
    "Принимаю ничью.",
    "Сдаюсь.",
    "Условные ходы",
    "Следующий контроль",
    "ход",
    "дней осталось",
    "до",
    "Внимание",
    "превышен контроль времени",
    "Отпуск",
]);

impl MessageLang {
    /// Every language, English first.
    pub const ALL: [MessageLang; 7] = [
        MessageLang::En,
        MessageLang::De,
        MessageLang::Fr,
        MessageLang::Es,
        MessageLang::It,
        MessageLang::Cs,
        MessageLang::Ru,
    ];

    /// The ISO 639-1 code.
    pub fn code(self) -> &'static str {
        match self {
            MessageLang::En => "en",
            MessageLang::De => "de",
            MessageLang::Fr => "fr",
            MessageLang::Es => "es",
            MessageLang::It => "it",
            MessageLang::Cs => "cs",
            MessageLang::Ru => "ru",
        }
    }

    pub(crate) fn words(self) -> &'static Words {
        match self {
            MessageLang::En => &EN,
            MessageLang::De => &DE,
            MessageLang::Fr => &FR,
            MessageLang::Es => &ES,
            MessageLang::It => &IT,
            MessageLang::Cs => &CS,
            MessageLang::Ru => &RU,
        }
    }
}

/// A language code that is not one of the card languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMessageLangError;

impl fmt::Display for ParseMessageLangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("card languages are en, de, fr, es, it, cs, ru")
    }
}

impl std::error::Error for ParseMessageLangError {}

impl FromStr for MessageLang {
    type Err = ParseMessageLangError;

    fn from_str(s: &str) -> Result<MessageLang, ParseMessageLangError> {
        MessageLang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s.trim()))
            .ok_or(ParseMessageLangError)
    }
}
