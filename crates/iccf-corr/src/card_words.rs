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
    /// `n` days left, the number in its place and the word in its number.
    pub days_left: fn(i64) -> String,
    pub by: &'static str,
    pub warning: &'static str,
    pub exceeded: &'static str,
    pub leave: &'static str,
}

const fn words(w: [&'static str; 23], days_left: fn(i64) -> String) -> Words {
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
        days_left,
        by: w[19],
        warning: w[20],
        exceeded: w[21],
        leave: w[22],
    }
}

// The offers must stay phrases that `find_claims` knows, and the if-move
// labels lines that `scan_moves` skips: a test reads back each language.
const EN: Words = words(
    [
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
        "by",
        "Warning",
        "time limit exceeded",
        "Leave",
    ],
    days_left_en,
);
const DE: Words = words(
    [
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
        "bis",
        "Warnung",
        "Bedenkzeit überschritten",
        "Urlaub",
    ],
    days_left_de,
);
const FR: Words = words(
    [
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
        "avant le",
        "Attention",
        "temps dépassé",
        "Congé",
    ],
    days_left_fr,
);
const ES: Words = words(
    [
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
        "antes del",
        "Aviso",
        "tiempo excedido",
        "Vacaciones",
    ],
    days_left_es,
);
const IT: Words = words(
    [
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
        "entro il",
        "Attenzione",
        "tempo superato",
        "Ferie",
    ],
    days_left_it,
);
const CS: Words = words(
    [
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
        "do",
        "Upozornění",
        "překročen časový limit",
        "Dovolená",
    ],
    days_left_cs,
);
const RU: Words = words(
    [
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
        "до",
        "Внимание",
        "превышен контроль времени",
        "Отпуск",
    ],
    days_left_ru,
);

/// The days left in each language's words, as a card writes them: the
/// singular or the plural, and Czech's and Russian's forms for 2 to 4 and
/// for 5 and more (`осталось 43 дня`, not `43 дней осталось`).
fn days_left_en(n: i64) -> String {
    format!(
        "{n} {} left",
        singular_or_plural(n.abs() == 1, "day", "days")
    )
}

fn days_left_de(n: i64) -> String {
    format!(
        "{n} {} übrig",
        singular_or_plural(n.abs() == 1, "Tag", "Tage")
    )
}

fn days_left_fr(n: i64) -> String {
    // French takes the singular below two.
    let words = singular_or_plural(n.abs() < 2, "jour restant", "jours restants");
    format!("{n} {words}")
}

fn days_left_es(n: i64) -> String {
    let words = singular_or_plural(n.abs() == 1, "día restante", "días restantes");
    format!("{n} {words}")
}

fn days_left_it(n: i64) -> String {
    let words = singular_or_plural(n.abs() == 1, "giorno rimasto", "giorni rimasti");
    format!("{n} {words}")
}

/// `one` when the number takes the singular, else `many`.
fn singular_or_plural(singular: bool, one: &'static str, many: &'static str) -> &'static str {
    if singular { one } else { many }
}

fn days_left_cs(n: i64) -> String {
    // 1 den, 2-4 dny, the rest dní (`zbývá 21 dní`).
    match n.unsigned_abs() {
        1 => format!("zbývá {n} den"),
        2..=4 => format!("zbývají {n} dny"),
        _ => format!("zbývá {n} dní"),
    }
}

fn days_left_ru(n: i64) -> String {
    // By the last digit, 11 to 14 aside: 1, 21 день; 2-4, 22 дня; the
    // rest дней.
    let n_abs = n.unsigned_abs();
    match (n_abs % 10, n_abs % 100) {
        (_, 11..=14) => format!("осталось {n} дней"),
        (1, _) => format!("остался {n} день"),
        (2..=4, _) => format!("осталось {n} дня"),
        _ => format!("осталось {n} дней"),
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// "43 дней осталось" (for 43 дня), "43 zbývá dní" (the verb after
    /// the number) and "1 days left": each language's form for the number.
    #[test]
    fn regression_days_left_in_the_number_s_form() {
        let left = |lang: MessageLang, n: i64| (lang.words().days_left)(n);
        assert_eq!(left(MessageLang::En, 1), "1 day left");
        assert_eq!(left(MessageLang::En, 38), "38 days left");
        assert_eq!(left(MessageLang::De, 1), "1 Tag übrig");
        assert_eq!(left(MessageLang::Fr, 1), "1 jour restant");
        assert_eq!(left(MessageLang::Es, 2), "2 días restantes");
        assert_eq!(left(MessageLang::It, 1), "1 giorno rimasto");
        for (n, expected) in [
            (1, "zbývá 1 den"),
            (3, "zbývají 3 dny"),
            (21, "zbývá 21 dní"),
        ] {
            assert_eq!(left(MessageLang::Cs, n), expected);
        }
        for (n, expected) in [
            (1, "остался 1 день"),
            (21, "остался 21 день"),
            (43, "осталось 43 дня"),
            (12, "осталось 12 дней"),
            (45, "осталось 45 дней"),
            (111, "осталось 111 дней"),
        ] {
            assert_eq!(left(MessageLang::Ru, n), expected);
        }
    }
}
