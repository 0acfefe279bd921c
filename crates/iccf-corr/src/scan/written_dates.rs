//! Dates as people write them beside their moves: `2026.12.04`,
//! `04.12.2026`, `4. 12. 2026`, `4 Dec 2026`, `4. Dezember 2026`,
//! `December 4th, 2026`, `4 de diciembre de 2026`, `2026. december 4.`.
//!
//! A date is read only where its meaning is plain: day first with dots
//! (as Europe writes them), and with slashes or dashes only when one of
//! the first two numbers cannot be a month (`04/12/2026` is 4 December in
//! London and April 12 in New York, so it is not read). A year from 1900
//! to 2099 is needed: a day and month alone could be either side of New
//! Year.

use core::ops::Range;

use crate::Date;

/// The dates written on `line`, each with the bytes it takes, in order.
pub(crate) fn dates_in(line: &str) -> Vec<(Range<usize>, Date)> {
    let words = words(line);
    let mut found = Vec::new();
    let mut i = 0;
    while i < words.len() {
        match date_at(&words[i..]) {
            Some((taken, date)) => {
                found.push((words[i].start..words[i + taken - 1].end, date));
                i += taken;
            }
            None => i += 1,
        }
    }
    found
}

/// A word of the line, without the brackets, quotes and commas around it;
/// `text` keeps a final `.` (`4.` is a day, `Dec.` a month).
struct Word<'a> {
    text: &'a str,
    start: usize,
    end: usize,
}

fn words(line: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut offset = 0;
    for raw in line.split_whitespace() {
        let at = offset + line[offset..].find(raw).unwrap_or(0);
        offset = at + raw.len();
        let lead = raw.len() - raw.trim_start_matches(OPENING).len();
        let inner = &raw[lead..];
        let bare = inner.trim_end_matches(|c| c == '.' || CLOSING.contains(&c));
        // The word's own full stop (`4.`, `Dez.`), not a sentence's after
        // a bracket (`(received 2026.12.10).`).
        let dot = usize::from(inner[bare.len()..].starts_with('.'));
        let text = &inner[..bare.len() + dot];
        if !text.is_empty() {
            words.push(Word {
                text,
                start: at + lead,
                end: at + lead + text.len(),
            });
        }
    }
    words
}

const OPENING: &[char] = &['(', '[', '{', '"', '\'', '«', '„', '“'];
const CLOSING: &[char] = &[
    ')', ']', '}', '"', '\'', '»', '“', '”', ',', ';', ':', '!', '?',
];

/// The date the first words make, and how many words it takes.
fn date_at(words: &[Word<'_>]) -> Option<(usize, Date)> {
    let text = |i: usize| words.get(i).map(|w| w.text);
    if let Some(date) = numeric_date(text(0)?) {
        return Some((1, date));
    }
    // `4. 12. 2026`, as Czech and German letters write it.
    if let (Some(day), Some(month), Some(year)) = (
        text(0).and_then(|t| number(t.strip_suffix('.')?, 2)),
        text(1).and_then(|t| number(t.strip_suffix('.')?, 2)),
        text(2).and_then(year),
    ) {
        return Some((3, Date::new(year, month as u8, day as u8)?));
    }
    day_month_year(words)
        .or_else(|| month_day_year(words))
        .or_else(|| year_month_day(words))
}

/// One word: `2026.12.04` (also with `-` or `/`, and the ICCF server's
/// `,21:27`), `04.12.2026`, `4-12-2026`, `13/12/2026`, `12/13/2026`.
fn numeric_date(word: &str) -> Option<Date> {
    let word = word.trim_end_matches(['.', ',']);
    if word.len() >= 8
        && let Ok(date) = word.parse::<Date>()
    {
        return Some(date);
    }
    let sep = word.chars().find(|c| !c.is_ascii_digit())?;
    let mut parts = word.split(sep);
    let (first, second, year) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || !matches!(sep, '.' | '-' | '/') {
        return None;
    }
    let (first, second, year) = (number(first, 2)?, number(second, 2)?, self::year(year)?);
    // Dots are day first wherever they are written; slashes and dashes
    // are day first in Europe and month first in the US.
    let (day, month) = match sep {
        '.' => (first, second),
        _ if first > 12 => (first, second),
        _ if second > 12 || first == second => (second, first),
        _ => return None,
    };
    Date::new(year, month as u8, day as u8)
}

/// `4 Dec 2026`, `4th of December 2026`, `4. Dezember 2026`, `1er
/// décembre 2026`, `4 de diciembre de 2026`.
fn day_month_year(words: &[Word<'_>]) -> Option<(usize, Date)> {
    let day = day(words.first()?.text)?;
    let mut i = 1;
    i += usize::from(words.get(i).is_some_and(|w| is_joiner(w.text)));
    let month = month(words.get(i)?.text)?;
    i += 1;
    i += usize::from(words.get(i).is_some_and(|w| is_joiner(w.text)));
    let year = year(words.get(i)?.text)?;
    Some((i + 1, Date::new(year, month, day)?))
}

/// `December 4, 2026`, `Dec. 4th 2026`.
fn month_day_year(words: &[Word<'_>]) -> Option<(usize, Date)> {
    let month = month(words.first()?.text)?;
    let day = day(words.get(1)?.text)?;
    let year = year(words.get(2)?.text)?;
    Some((3, Date::new(year, month, day)?))
}

/// `2026. december 4.`, as Hungarian writes it.
fn year_month_day(words: &[Word<'_>]) -> Option<(usize, Date)> {
    let year = year(words.first()?.text)?;
    let month = month(words.get(1)?.text)?;
    let day = day(words.get(2)?.text)?;
    Some((3, Date::new(year, month, day)?))
}

/// Words between a day and its month or year: `4th of December`, `4 de
/// diciembre de 2026`.
fn is_joiner(word: &str) -> bool {
    matches!(word, "of" | "de" | "del")
}

/// A number of 1 to `max_digits` digits.
fn number(text: &str, max_digits: usize) -> Option<u32> {
    if text.is_empty() || text.len() > max_digits || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A year from 1900 to 2099, a final `.` or `,` allowed: never a numeric
/// move's four digits (1 to 8 each), so `may 2. 7163` is no date.
fn year(word: &str) -> Option<i32> {
    let digits = word.trim_end_matches(['.', ',']);
    (digits.len() == 4 && (digits.starts_with("19") || digits.starts_with("20")))
        .then(|| number(digits, 4))
        .flatten()
        .map(|y| y as i32)
}

/// A day of the month: `4`, `04`, `4.`, `4th`, `1st`, `1er`, `1º`, `4,`.
fn day(word: &str) -> Option<u8> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let suffix = word[digits..].trim_end_matches(',');
    let ordinal = matches!(
        suffix,
        "" | "." | "st" | "nd" | "rd" | "th" | "er" | "re" | "º" | "°" | "ª"
    );
    let day = number(&word[..digits], 2)?;
    (ordinal && (1..=31).contains(&day)).then_some(day as u8)
}

/// The month a word names, in full or cut short (`Dec`, `Dez.`, `déc.`,
/// `sept`): a short form must be three letters or more and the start of
/// one month's names only (`jui` is both juin and juillet).
fn month(word: &str) -> Option<u8> {
    let word = word.trim_end_matches([',', '.']).to_lowercase();
    if word.chars().count() < 3 {
        return None;
    }
    // A whole name wins over a start of another (`červen`, June, begins
    // `červenec`, July).
    if let Some(month) = (1..)
        .zip(MONTHS)
        .find_map(|(month, names)| names.contains(&word.as_str()).then_some(month))
    {
        return Some(month);
    }
    let mut found = None;
    for (month, names) in (1..).zip(MONTHS) {
        if names.iter().any(|name| name.starts_with(word.as_str())) {
            if found.is_some() {
                return None;
            }
            found = Some(month);
        }
    }
    found
}

/// The names of each month, lowercase, in the languages of the messages
/// read (English, German, French, Spanish, Italian, Portuguese, Dutch,
/// the Scandinavian languages, Polish, Czech, Hungarian, Russian; the
/// forms after a day where they differ: `grudnia`, `prosince`, `декабря`).
const MONTHS: [&[&str]; 12] = [
    &[
        "january",
        "januar",
        "jänner",
        "janvier",
        "enero",
        "gennaio",
        "janeiro",
        "januari",
        "styczeń",
        "stycznia",
        "ledna",
        "leden",
        "január",
        "января",
        "январь",
    ],
    &[
        "february",
        "februar",
        "février",
        "febrero",
        "febbraio",
        "fevereiro",
        "februari",
        "luty",
        "lutego",
        "února",
        "únor",
        "február",
        "февраля",
        "февраль",
    ],
    &[
        "march",
        "märz",
        "mars",
        "marzo",
        "março",
        "maart",
        "marts",
        "marzec",
        "marca",
        "března",
        "březen",
        "március",
        "марта",
        "март",
    ],
    &[
        "april",
        "avril",
        "abril",
        "aprile",
        "kwiecień",
        "kwietnia",
        "dubna",
        "duben",
        "április",
        "апреля",
        "апрель",
    ],
    &[
        "may", "mai", "mayo", "maggio", "maio", "mei", "maj", "maja", "května", "květen", "május",
        "мая", "май",
    ],
    &[
        "june", "juni", "juin", "junio", "giugno", "junho", "czerwiec", "czerwca", "června",
        "červen", "június", "июня", "июнь",
    ],
    &[
        "july",
        "juli",
        "juillet",
        "julio",
        "luglio",
        "julho",
        "lipiec",
        "lipca",
        "července",
        "červenec",
        "július",
        "июля",
        "июль",
    ],
    &[
        "august",
        "août",
        "agosto",
        "augustus",
        "augusti",
        "sierpień",
        "sierpnia",
        "srpna",
        "srpen",
        "augusztus",
        "августа",
        "август",
    ],
    &[
        "september",
        "septembre",
        "septiembre",
        "setiembre",
        "settembre",
        "setembro",
        "wrzesień",
        "września",
        "září",
        "szeptember",
        "сентября",
        "сентябрь",
    ],
    &[
        "october",
        "oktober",
        "octobre",
        "octubre",
        "ottobre",
        "outubro",
        "październik",
        "października",
        "října",
        "říjen",
        "október",
        "октября",
        "октябрь",
    ],
    &[
        "november",
        "novembre",
        "noviembre",
        "novembro",
        "listopad",
        "listopada",
        "listopadu",
        "ноября",
        "ноябрь",
    ],
    &[
        "december",
        "dezember",
        "décembre",
        "diciembre",
        "dicembre",
        "dezembro",
        "desember",
        "grudzień",
        "grudnia",
        "prosince",
        "prosinec",
        "декабря",
        "декабрь",
    ],
];

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Vec<String> {
        dates_in(line)
            .into_iter()
            .map(|(range, date)| format!("{}={date}", &line[range]))
            .collect()
    }

    #[test]
    fn forms_players_write() {
        for line in [
            "2026.12.04",
            "2026-12-04,21:27",
            "04.12.2026",
            "4.12.2026.",
            "4. 12. 2026",
            "4 Dec 2026",
            "4 Dec. 2026",
            "(received 2026.12.04).",
            "(4 Dez.), 2026",
            "4th of December, 2026",
            "4. Dezember 2026",
            "4 décembre 2026",
            "4 déc. 2026",
            "4 de diciembre de 2026",
            "4 dicembre 2026",
            "4 grudnia 2026",
            "4. prosince 2026",
            "4 декабря 2026",
            "December 4, 2026",
            "Dec 4th 2026",
            "2026. december 4.",
        ] {
            let found = dates_in(line);
            assert_eq!(found.len(), 1, "{line}");
            assert_eq!(found[0].1.to_string(), "2026.12.04", "{line}");
        }
        assert_eq!(read("1er mai 2026"), ["1er mai 2026=2026.05.01"]);
        assert_eq!(
            read("13/04/2026 04/13/2026"),
            ["13/04/2026=2026.04.13", "04/13/2026=2026.04.13"]
        );
        assert_eq!(
            read("13-04-2026 04-13-2026"),
            ["13-04-2026=2026.04.13", "04-13-2026=2026.04.13"]
        );
        // A whole name wins over the start of another: červen is June.
        assert_eq!(read("4 červen 2026"), ["4 červen 2026=2026.06.04"]);
    }

    #[test]
    fn each_date_of_a_line_with_its_place() {
        assert_eq!(
            read("1. 5254 erhalten am 5.12.2026, 1... 5755 gesendet am 6. Dezember 2026 (Freitag)"),
            ["5.12.2026=2026.12.05", "6. Dezember 2026=2026.12.06"]
        );
    }

    #[test]
    fn what_is_no_plain_date_is_not_read() {
        for line in [
            // A London or New York date, with slashes or dashes.
            "04/12/2026",
            "04-12-2026",
            // No year: a numeric move's four digits (1 to 8 each).
            "as you may 2. 7163",
            // No year: either side of New Year.
            "4 Dec",
            "received 4.12.",
            // No day that exists.
            "31.11.2026",
            "30 February 2026",
            // `jui` is juin or juillet; `ma` too short.
            "4 jui 2026",
            "4 ma 2026",
            // Moves and numbers.
            "12. 5254 5755 13. 2026",
            "1. d4 Nf6 2. c4",
            "days used 12. Sent",
            "04.12.26",
        ] {
            assert!(dates_in(line).is_empty(), "{line}: {:?}", read(line));
        }
    }
}
