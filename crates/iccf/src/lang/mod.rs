//! Piece letters of algebraic notation in 36 languages, figurines, and
//! sets of languages: everything the language of a game is found with.
//!
//! * [`Lang`] and the table (this file): one row of letters per language.
//! * [`LangSet`] (`set.rs`): a bitset of languages; `Display` gives `de sv no`.
//! * `letters.rs`: the one index of the table ([`letter_langs`]), the groups
//!   of languages with the same letters ([`same_letters`],
//!   [`letter_groups`]) and [`GameLetters`], which gathers the letters of a
//!   game's move tokens into the languages that can read them all.
//! * `figurine.rs`: [`figurine`] and [`role_from_figurine`].
//!
//! Reading one token in a language is [`crate::localized`]'s job, and
//! sorting tokens (move, number, null move) [`crate::token`]'s.
//!
//! FIDE lets "each player use the first letter of the name which is commonly
//! used in his country"; PGN (section 17) keeps such letters for display and
//! exchanges `K Q R B N` only. [`Lang`] names one row of the table below, and
//! [`LangSet`] is a cheap bitset of languages, made for guessing the language
//! of a game move by move.
//!
//! # Sources
//!
//! The table is the project's `piece-letters.tsv`, compiled from: the PGN
//! Standard (Edwards 1994) section 17; the FIDE Laws of Chess appendix on
//! notation; Scid (`tcl/language.tcl`, `src/game.cpp`); Scidb
//! (`tcl/widgets/figurines.tcl`); DroidFish (`values-*/strings.xml`,
//! `piece_names`); pgn4web ticket 32; PyChess translations; pgn-extract
//! (`decode.c`, `lex.c`); the Wikipedia article "Algebraic notation (chess)"
//! (piece-name table, older revision); bg.wikipedia; a64.puslapiai.lt. Each
//! row says which of them agree ([`Lang::sources`]) and how sure the row is
//! ([`Lang::confidence`]).
//!
//! # Collisions
//!
//! Piece letters are uppercase (in Cyrillic and Greek too) and files are
//! always Latin `a`-`h`, so no letter of the table can be read as a file.
//! Within each language the five letters differ; the only prefix pair is the
//! Russian, Ukrainian and Belarusian king `Кр` against the knight `К`, which
//! the reader tells apart by reading the whole run of letters before the
//! squares. Across languages one letter means different pieces (`R` is a king
//! in Romance languages, a rook in English, a knight in Finnish, Icelandic,
//! Estonian and Afrikaans, a bishop in Lithuanian), and some languages share
//! all five piece letters, so not even a whole game can tell them apart:
//! `en zh ko`, `de sv no da hr sl`, `es it ca`, `cs sk`, `fi af` (they may
//! differ in the pawn letter, which SAN does not write). A test pins these
//! groups.

use core::{fmt, str::FromStr};

use shakmaty::Role;

mod figurine;
mod letters;
mod set;

pub use figurine::{figurine, role_from_figurine};
pub use letters::{GameLetters, letter_groups, letter_langs, same_letters};
pub use set::{LangSet, LangSetIter};

/// A language of algebraic notation: one row of the piece-letter table.
///
/// Variants are named after the ISO 639-1 code of the row (`Lang::De` is
/// `de`). The order is the table's and is stable: it is also the bit order of
/// [`LangSet`].
///
/// ```
/// use iccf::lang::Lang;
/// use shakmaty::Role;
///
/// let de = Lang::from_code("de").expect("German is in the table");
/// assert_eq!(de, Lang::De);
/// assert_eq!(de.name(), "German");
/// assert_eq!(de.piece_letter(Role::Queen), "D");
/// assert_eq!(Lang::Ru.piece_letter(Role::King), "Кр");
/// assert_eq!(Lang::all().count(), 36);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)] // each variant is the language of its code
pub enum Lang {
    En,
    De,
    Fr,
    Es,
    It,
    Pt,
    Ca,
    Nl,
    Cs,
    Sk,
    Pl,
    Hu,
    Sv,
    No,
    Da,
    Is,
    Fi,
    Et,
    Lt,
    Ro,
    Hr,
    Sl,
    Tr,
    Af,
    Hi,
    Id,
    Ru,
    Uk,
    Be,
    Bg,
    Sr,
    El,
    Lv,
    Az,
    Zh,
    Ko,
}

/// How sure the table is about a language's letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// Two or more independent sources agree.
    High,
    /// One source only, or the sources conflict (see [`Lang::notes`]).
    Low,
}

/// One row of the piece-letter table.
#[derive(Debug)]
struct LangRow {
    lang: Lang,
    code: &'static str,
    name: &'static str,
    /// King, queen, rook, bishop, knight.
    letters: [&'static str; 5],
    pawn: &'static str,
    confidence: Confidence,
    sources: &'static str,
    notes: &'static str,
}

/// The piece-letter table, one row per [`Lang`], in variant order.
static LANGS: [LangRow; Lang::COUNT] = [
    // English
    LangRow {
        lang: Lang::En,
        code: "en",
        name: "English",
        letters: ["K", "Q", "R", "B", "N"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "FIDE PGN",
        notes: "canonical PGN letters; PGN export always uses these",
    },
    // German
    LangRow {
        lang: Lang::De,
        code: "de",
        name: "German",
        letters: ["K", "D", "T", "L", "S"],
        pawn: "B",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb DF P4W PGNX",
        notes: "",
    },
    // French
    LangRow {
        lang: Lang::Fr,
        code: "fr",
        name: "French",
        letters: ["R", "D", "T", "F", "C"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb DF P4W PyC",
        notes: "",
    },
    // Spanish
    LangRow {
        lang: Lang::Es,
        code: "es",
        name: "Spanish",
        letters: ["R", "D", "T", "A", "C"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb DF P4W PyC",
        notes: "",
    },
    // Italian
    LangRow {
        lang: Lang::It,
        code: "it",
        name: "Italian",
        letters: ["R", "D", "T", "A", "C"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb DF P4W PyC",
        notes: "",
    },
    // Portuguese
    LangRow {
        lang: Lang::Pt,
        code: "pt",
        name: "Portuguese",
        letters: ["R", "D", "T", "B", "C"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "PGN Scidb DF P4W PyC",
        notes: "",
    },
    // Catalan
    LangRow {
        lang: Lang::Ca,
        code: "ca",
        name: "Catalan",
        letters: ["R", "D", "T", "A", "C"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "Scid Scidb P4W WP PyC",
        notes: "",
    },
    // Dutch
    LangRow {
        lang: Lang::Nl,
        code: "nl",
        name: "Dutch",
        letters: ["K", "D", "T", "L", "P"],
        pawn: "O",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb DF P4W PGNX",
        notes: "P is the KNIGHT (paard); pawn letter disputed (O / pi / p)",
    },
    // Czech
    LangRow {
        lang: Lang::Cs,
        code: "cs",
        name: "Czech",
        letters: ["K", "D", "V", "S", "J"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb P4W WP",
        notes: "S is the BISHOP (strelec); mate sometimes written X",
    },
    // Slovak
    LangRow {
        lang: Lang::Sk,
        code: "sk",
        name: "Slovak",
        letters: ["K", "D", "V", "S", "J"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "Scidb P4W",
        notes: "",
    },
    // Polish
    LangRow {
        lang: Lang::Pl,
        code: "pl",
        name: "Polish",
        letters: ["K", "H", "W", "G", "S"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "PGN Scidb DF P4W PyC",
        notes: "",
    },
    // Hungarian
    LangRow {
        lang: Lang::Hu,
        code: "hu",
        name: "Hungarian",
        letters: ["K", "V", "B", "F", "H"],
        pawn: "G",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb PyC P4W",
        notes: "B is the ROOK (bastya)",
    },
    // Swedish
    LangRow {
        lang: Lang::Sv,
        code: "sv",
        name: "Swedish",
        letters: ["K", "D", "T", "L", "S"],
        pawn: "B",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb P4W PyC",
        notes: "",
    },
    // Norwegian
    LangRow {
        lang: Lang::No,
        code: "no",
        name: "Norwegian",
        letters: ["K", "D", "T", "L", "S"],
        pawn: "B",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb P4W PyC",
        notes: "one older list gives bishop B",
    },
    // Danish
    LangRow {
        lang: Lang::Da,
        code: "da",
        name: "Danish",
        letters: ["K", "D", "T", "L", "S"],
        pawn: "B",
        confidence: Confidence::High,
        sources: "PGN Scidb P4W PyC WP",
        notes: "",
    },
    // Icelandic
    LangRow {
        lang: Lang::Is,
        code: "is",
        name: "Icelandic",
        letters: ["K", "D", "H", "B", "R"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "PGN Scidb P4W",
        notes: "R is the KNIGHT (riddari)",
    },
    // Finnish
    LangRow {
        lang: Lang::Fi,
        code: "fi",
        name: "Finnish",
        letters: ["K", "D", "T", "L", "R"],
        pawn: "S",
        confidence: Confidence::High,
        sources: "PGN Scid Scidb P4W",
        notes: "R is the KNIGHT (ratsu)",
    },
    // Estonian
    LangRow {
        lang: Lang::Et,
        code: "et",
        name: "Estonian",
        letters: ["K", "L", "V", "O", "R"],
        pawn: "E",
        confidence: Confidence::High,
        sources: "PGN Scidb PyC",
        notes: "L is the QUEEN (lipp)",
    },
    // Lithuanian
    LangRow {
        lang: Lang::Lt,
        code: "lt",
        name: "Lithuanian",
        letters: ["K", "V", "B", "R", "Ž"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "Scidb, a64.puslapiai.lt",
        notes: "B is the ROOK, R is the BISHOP",
    },
    // Romanian
    LangRow {
        lang: Lang::Ro,
        code: "ro",
        name: "Romanian",
        letters: ["R", "D", "T", "N", "C"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "PGN Scidb P4W",
        notes: "N is the BISHOP (nebun)",
    },
    // Croatian/Bosnian/Serbian (Latin)
    LangRow {
        lang: Lang::Hr,
        code: "hr",
        name: "Croatian/Bosnian/Serbian (Latin)",
        letters: ["K", "D", "T", "L", "S"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "Scidb WP",
        notes: "same letters for bs, sr-Latn",
    },
    // Slovenian
    LangRow {
        lang: Lang::Sl,
        code: "sl",
        name: "Slovenian",
        letters: ["K", "D", "T", "L", "S"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "Scidb PyC",
        notes: "",
    },
    // Turkish
    LangRow {
        lang: Lang::Tr,
        code: "tr",
        name: "Turkish",
        letters: ["Ş", "V", "K", "F", "A"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "DF Scidb PyC",
        notes: "K is the ROOK (kale); Ş is U+015E, users without the key may type S",
    },
    // Afrikaans
    LangRow {
        lang: Lang::Af,
        code: "af",
        name: "Afrikaans",
        letters: ["K", "D", "T", "L", "R"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "WP Scidb",
        notes: "",
    },
    // Hindi (Latin letters)
    LangRow {
        lang: Lang::Hi,
        code: "hi",
        name: "Hindi (Latin letters)",
        letters: ["R", "V", "H", "O", "G"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "P4W Scidb",
        notes: "",
    },
    // Indonesian
    LangRow {
        lang: Lang::Id,
        code: "id",
        name: "Indonesian",
        letters: ["R", "M", "B", "G", "K"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "P4W Scidb",
        notes: "K is the KNIGHT (kuda), B is the ROOK",
    },
    // Russian
    LangRow {
        lang: Lang::Ru,
        code: "ru",
        name: "Russian",
        letters: ["Кр", "Ф", "Л", "С", "К"],
        pawn: "п",
        confidence: Confidence::High,
        sources: "DF PGNX",
        notes: "king is TWO letters (Кр) and К alone is the knight; files stay Latin a-h",
    },
    // Ukrainian
    LangRow {
        lang: Lang::Uk,
        code: "uk",
        name: "Ukrainian",
        letters: ["Кр", "Ф", "Т", "С", "К"],
        pawn: "П",
        confidence: Confidence::Low,
        sources: "DF",
        notes: "rook Т (тура)",
    },
    // Belarusian
    LangRow {
        lang: Lang::Be,
        code: "be",
        name: "Belarusian",
        letters: ["Кр", "Ф", "Л", "А", "К"],
        pawn: "П",
        confidence: Confidence::Low,
        sources: "DF",
        notes: "another source gives a different set",
    },
    // Bulgarian
    LangRow {
        lang: Lang::Bg,
        code: "bg",
        name: "Bulgarian",
        letters: ["Ц", "Д", "Т", "О", "К"],
        pawn: "П",
        confidence: Confidence::High,
        sources: "Scidb WP bg.wikipedia",
        notes: "",
    },
    // Serbian (Cyrillic)
    LangRow {
        lang: Lang::Sr,
        code: "sr",
        name: "Serbian (Cyrillic)",
        letters: ["К", "Д", "Т", "Л", "С"],
        pawn: "П",
        confidence: Confidence::Low,
        sources: "Scidb",
        notes: "",
    },
    // Greek
    LangRow {
        lang: Lang::El,
        code: "el",
        name: "Greek",
        letters: ["Ρ", "Β", "Π", "Α", "Ι"],
        pawn: "Σ",
        confidence: Confidence::Low,
        sources: "Scidb",
        notes: "",
    },
    // Latvian
    LangRow {
        lang: Lang::Lv,
        code: "lv",
        name: "Latvian",
        letters: ["K", "D", "T", "L", "Z"],
        pawn: "B",
        confidence: Confidence::Low,
        sources: "Scidb",
        notes: "",
    },
    // Azerbaijani
    LangRow {
        lang: Lang::Az,
        code: "az",
        name: "Azerbaijani",
        letters: ["Ş", "V", "T", "F", "A"],
        pawn: "P",
        confidence: Confidence::Low,
        sources: "PyC Scidb",
        notes: "",
    },
    // Chinese
    LangRow {
        lang: Lang::Zh,
        code: "zh",
        name: "Chinese",
        letters: ["K", "Q", "R", "B", "N"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "WP DF",
        notes: "uses the English letters",
    },
    // Korean
    LangRow {
        lang: Lang::Ko,
        code: "ko",
        name: "Korean",
        letters: ["K", "Q", "R", "B", "N"],
        pawn: "P",
        confidence: Confidence::High,
        sources: "P4W DF",
        notes: "uses the English letters",
    },
];

/// Language codes that name a row under another code.
static ALIASES: [(&str, Lang); 8] = [
    ("bs", Lang::Hr),
    ("sr-latn", Lang::Hr),
    ("sh", Lang::Hr),
    ("sr-cyrl", Lang::Sr),
    ("nb", Lang::No),
    ("nn", Lang::No),
    ("cz", Lang::Cs),
    ("gr", Lang::El),
];

impl Lang {
    /// Number of languages in the table.
    pub const COUNT: usize = 36;

    /// The pieces that have letters, in the order of [`Lang::letters()`]:
    /// king, queen, rook, bishop, knight.
    pub const LETTERED: [Role; 5] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ];

    /// Every language, in table order.
    pub const ALL: [Lang; Lang::COUNT] = [
        Lang::En,
        Lang::De,
        Lang::Fr,
        Lang::Es,
        Lang::It,
        Lang::Pt,
        Lang::Ca,
        Lang::Nl,
        Lang::Cs,
        Lang::Sk,
        Lang::Pl,
        Lang::Hu,
        Lang::Sv,
        Lang::No,
        Lang::Da,
        Lang::Is,
        Lang::Fi,
        Lang::Et,
        Lang::Lt,
        Lang::Ro,
        Lang::Hr,
        Lang::Sl,
        Lang::Tr,
        Lang::Af,
        Lang::Hi,
        Lang::Id,
        Lang::Ru,
        Lang::Uk,
        Lang::Be,
        Lang::Bg,
        Lang::Sr,
        Lang::El,
        Lang::Lv,
        Lang::Az,
        Lang::Zh,
        Lang::Ko,
    ];

    /// Iterates over every language, in table order (English first).
    pub fn all() -> impl ExactSizeIterator<Item = Lang> + DoubleEndedIterator + Clone {
        Lang::ALL.into_iter()
    }

    /// Finds a language by its code, ignoring ASCII case.
    ///
    /// Accepts the table's codes (`de`, `ru`, ...), a few aliases (`bs`,
    /// `sr-Latn` and `sh` read as `hr`; `sr-Cyrl` as `sr`; `nb`, `nn` as
    /// `no`), and a code with a region or script suffix such as `de-AT` or
    /// `pt_BR` when the bare code is known.
    ///
    /// ```
    /// use iccf::lang::Lang;
    ///
    /// assert_eq!(Lang::from_code("DE"), Some(Lang::De));
    /// assert_eq!(Lang::from_code("pt-BR"), Some(Lang::Pt));
    /// assert_eq!(Lang::from_code("bs"), Some(Lang::Hr));
    /// assert_eq!(Lang::from_code("xx"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim();
        let exact = |code: &str| {
            LANGS
                .iter()
                .find(|row| row.code.eq_ignore_ascii_case(code))
                .map(|row| row.lang)
                .or_else(|| {
                    ALIASES
                        .iter()
                        .find(|(alias, _)| alias.eq_ignore_ascii_case(code))
                        .map(|&(_, lang)| lang)
                })
        };
        exact(code).or_else(|| {
            let (base, _region) = code.split_once(['-', '_'])?;
            exact(base)
        })
    }

    fn row(self) -> &'static LangRow {
        &LANGS[self as usize]
    }

    /// The language's code, lowercase (`"de"`).
    pub fn code(self) -> &'static str {
        self.row().code
    }

    /// The language's English name (`"German"`).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The letter written for a piece in SAN: `K Q R B N` in English, `Кр`
    /// for the Russian king, and the empty string for a pawn, which SAN never
    /// names.
    pub fn piece_letter(self, role: Role) -> &'static str {
        let letters = self.letters();
        match role {
            Role::King => letters[0],
            Role::Queen => letters[1],
            Role::Rook => letters[2],
            Role::Bishop => letters[3],
            Role::Knight => letters[4],
            Role::Pawn => "",
        }
    }

    /// The letters of [`Lang::LETTERED`], in that order: `["K", "D", "T",
    /// "L", "S"]` in German. Two languages read alike when these are equal.
    pub fn letters(self) -> [&'static str; 5] {
        self.row().letters
    }

    /// The pawn letter of the table (used in piece lists and diagrams, never
    /// written in SAN): `B` in German, `п` in Russian.
    pub fn pawn_letter(self) -> &'static str {
        self.row().pawn
    }

    /// How sure the table is about this row.
    pub fn confidence(self) -> Confidence {
        self.row().confidence
    }

    /// The sources that agree on this row, abbreviated as in the module
    /// documentation (`"PGN Scid Scidb DF P4W PGNX"`).
    pub fn sources(self) -> &'static str {
        self.row().sources
    }

    /// The table's remark on this row, often a warning about a letter that
    /// means another piece elsewhere (empty if none).
    pub fn notes(self) -> &'static str {
        self.row().notes
    }

    /// Reads a piece letter of this language (exactly, not a prefix).
    ///
    /// Besides the table's letters this accepts `S` for the Turkish and
    /// Azerbaijani king `Ş`, which users without the key type instead. Pawn
    /// letters are not piece letters: see [`Lang::is_pawn_letter`].
    ///
    /// ```
    /// use iccf::lang::Lang;
    /// use shakmaty::Role;
    ///
    /// assert_eq!(Lang::Ru.role_from_letter("Кр"), Some(Role::King));
    /// assert_eq!(Lang::Ru.role_from_letter("К"), Some(Role::Knight));
    /// assert_eq!(Lang::Fi.role_from_letter("R"), Some(Role::Knight));
    /// assert_eq!(Lang::En.role_from_letter("D"), None);
    /// ```
    pub fn role_from_letter(self, letter: &str) -> Option<Role> {
        if let Some(i) = self.letters().iter().position(|&l| l == letter) {
            return Some(Lang::LETTERED[i]);
        }
        match (self, letter) {
            (Lang::Tr | Lang::Az, "S") => Some(Role::King),
            _ => None,
        }
    }

    /// Whether `letter` may stand before a pawn move in this language
    /// (`Pe4`): the table's pawn letter or the PGN `P`, unless it is a piece
    /// letter of the language (`P` is the Dutch knight).
    ///
    /// ```
    /// use iccf::lang::Lang;
    ///
    /// assert!(Lang::En.is_pawn_letter("P"));
    /// assert!(Lang::De.is_pawn_letter("B"));
    /// assert!(Lang::Nl.is_pawn_letter("O"));
    /// assert!(!Lang::Nl.is_pawn_letter("P"));
    /// ```
    pub fn is_pawn_letter(self, letter: &str) -> bool {
        !letter.is_empty()
            && (letter == self.row().pawn || letter == "P")
            && self.role_from_letter(letter).is_none()
    }
}

impl fmt::Display for Lang {
    /// Writes the code (`de`), which [`Lang::from_code`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Error when parsing an unknown language code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLangError;

impl fmt::Display for ParseLangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown language code")
    }
}

impl std::error::Error for ParseLangError {}

impl FromStr for Lang {
    type Err = ParseLangError;

    fn from_str(s: &str) -> Result<Lang, ParseLangError> {
        Lang::from_code(s).ok_or(ParseLangError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_in_variant_order() {
        for (i, row) in LANGS.iter().enumerate() {
            assert_eq!(row.lang as usize, i, "{}", row.code);
            assert_eq!(Lang::ALL[i], row.lang);
            assert_eq!(Lang::from_code(row.code), Some(row.lang));
            assert_eq!(row.lang.to_string(), row.code);
        }
    }

    /// Every row of the shared reference table is in the static table with
    /// the same letters.
    #[test]
    fn table_matches_reference_tsv() {
        let tsv = iccf_testdata::read_to_string("reference/piece-letters.tsv");
        let mut seen = LangSet::EMPTY;
        for line in tsv.lines().filter(|l| !l.starts_with('#')).skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            assert!(cols.len() >= 10, "short row {line:?}");
            let lang = Lang::from_code(cols[0]).expect(cols[0]);
            assert_eq!(lang.code(), cols[0]);
            assert_eq!(lang.name(), cols[1]);
            for (role, letter) in Lang::LETTERED.into_iter().zip(&cols[2..7]) {
                assert_eq!(lang.piece_letter(role), *letter, "{lang} {role:?}");
                assert_eq!(lang.role_from_letter(letter), Some(role));
            }
            assert_eq!(lang.pawn_letter(), cols[7]);
            let confidence = match cols[8] {
                "high" => Confidence::High,
                _ => Confidence::Low,
            };
            assert_eq!(lang.confidence(), confidence);
            assert_eq!(lang.sources(), cols[9]);
            assert_eq!(lang.notes(), cols.get(10).copied().unwrap_or(""));
            assert!(!seen.contains(lang), "duplicate row {lang}");
            seen.insert(lang);
        }
        assert_eq!(seen, LangSet::ALL);
    }

    /// Why the reader can rely on case: no piece letter can be taken for a
    /// file, a rank, a capture sign or the castling `O`... except where the
    /// castling check comes first.
    #[test]
    fn letters_are_uppercase_and_distinct() {
        for lang in Lang::all() {
            let letters = lang.letters();
            for (i, a) in letters.iter().enumerate() {
                assert!(
                    a.chars()
                        .all(|c| !c.is_ascii_lowercase() && !c.is_ascii_digit())
                );
                assert!(
                    a.chars().next().is_some_and(char::is_uppercase),
                    "{lang} {a}"
                );
                for b in &letters[i + 1..] {
                    assert_ne!(a, b, "{lang}");
                }
            }
            assert!(!lang.is_pawn_letter(lang.piece_letter(Role::Knight)));
        }
    }

    /// The groups of languages with the same five letters, as documented
    /// in the module documentation.
    #[test]
    fn identical_letter_groups() {
        let mut groups: Vec<Vec<&str>> = Vec::new();
        for lang in Lang::all() {
            let same: Vec<&str> = Lang::all()
                .filter(|other| other.row().letters == lang.row().letters)
                .map(Lang::code)
                .collect();
            if same.len() > 1 && same[0] == lang.code() {
                groups.push(same);
            }
        }
        assert_eq!(
            groups,
            [
                vec!["en", "zh", "ko"],
                vec!["de", "sv", "no", "da", "hr", "sl"],
                vec!["es", "it", "ca"],
                vec!["cs", "sk"],
                vec!["fi", "af"],
            ]
        );
    }

    #[test]
    fn pawn_letters() {
        assert!(Lang::Ru.is_pawn_letter("п"));
        assert!(Lang::Ru.is_pawn_letter("P"));
        assert!(Lang::Nl.is_pawn_letter("O"));
        assert!(!Lang::Nl.is_pawn_letter("P"));
        assert!(!Lang::En.is_pawn_letter(""));
        assert!(Lang::Hu.is_pawn_letter("G"));
    }

    #[test]
    fn codes() {
        assert_eq!("sr-Latn".parse::<Lang>(), Ok(Lang::Hr));
        assert_eq!("sr".parse::<Lang>(), Ok(Lang::Sr));
        assert_eq!(" nb ".parse::<Lang>(), Ok(Lang::No));
        assert_eq!("".parse::<Lang>(), Err(ParseLangError));
        assert_eq!("-".parse::<Lang>(), Err(ParseLangError));
    }
}
