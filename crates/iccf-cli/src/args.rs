//! Command-line flags, kept apart from the work they ask for.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Convert chess games and moves between ICCF numeric notation and algebraic notation.
///
/// ICCF numeric notation writes each square as two digits, file then rank
/// (e2 = 52), and a move as from-square + to-square: 1.e4 is 5254. A fifth
/// digit promotes (1=Q 2=R 3=B 4=N: f7-f8=R is 67682), castling is the
/// king's move (5171 5131 5878 5838).
#[derive(Debug, Parser)]
#[command(name = "iccf", version, propagate_version = true)]
#[command(after_help = "Examples:
  iccf convert games.pgn                  SAN games to numeric PGN (stdout)
  iccf convert numeric.txt --to san       numeric games to SAN
  iccf convert big.pgn.zst -o out.pgn.zst --to numeric --format text
  iccf move 5254                          one move in every notation
  iccf move Nf6 --after \"1. e4 e5 2. Nf3\"
  iccf convert partie.pgn --to san --lang fr   French letters (R D T F C)
  iccf languages                          the language codes
  iccf card game.pgn --move 5254          correspondence: record our move, print the message
  iccf check game.pgn reply.eml --apply   is their message in order? record their move")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Convert whole games (PGN or numeric text) into another notation.
    ///
    /// Reads PGN, or bare movetext such as "1. 5254 5755 2. 7163 2836", in
    /// numeric, SAN, long algebraic (Ng1-f3), UCI (g1f3), figurines or the
    /// algebraic notation of 36 languages (German Sf3, French Cf3, Russian
    /// Кf3), detected per game. Numeric games become SAN, every other game becomes numeric,
    /// unless --to says otherwise. Tags, comments, NAGs and variations are
    /// kept. A game with an illegal or unreadable move is still written:
    /// converted up to that move and the rest of that line as it was, and
    /// the problem is reported on stderr as FILE:LINE:COL.
    ///
    /// Input may be compressed (.zst .gz .bz2 .xz, detected from the bytes);
    /// output is compressed by the extension given to -o.
    ///
    /// Exit status: 0 all games converted, 1 some games had errors, 2 usage
    /// or I/O error.
    Convert(ConvertArgs),
    /// List the languages whose piece letters iccf reads and writes.
    Languages,
    /// Show one move in every notation, with the piece that moves.
    ///
    /// MOVE may be numeric (5254), SAN (e4), long algebraic (e2-e4) or UCI
    /// (e2e4). It is read in the starting position unless --fen or --after
    /// give another.
    Move(MoveArgs),
    /// Check a correspondence opponent's message against our game file.
    ///
    /// MESSAGE is a text file, "-" for standard input, or an e-mail (.eml:
    /// MIME, quoted-printable, base64, any charset). Quoted lines ("> ...")
    /// are skipped. Checks that our last move is repeated as we sent it,
    /// that a full record agrees with the game file, that their new move is
    /// legal (an unclear one gets the moves it most likely means), and
    /// reports draw offers, acceptances, resignations and claims in words.
    ///
    /// Exit status: 0 the message is in order, 1 something is wrong (one line
    /// each), 2 usage or I/O error.
    Check(CheckArgs),
    /// Record our move in the game file and print the message to send.
    ///
    /// The card has the event and players, their last move repeated, our
    /// move, the whole record in numbered numeric, the dates, the days each
    /// side used against the time control, offers and pending if-moves.
    /// Without --move it prints the card for our last move again (such as
    /// an if-move that `check --apply` played).
    ///
    /// Exit status: 0 card printed, 1 move or if-move line refused (the game
    /// file is left as it was), 2 usage or I/O error.
    Card(CardArgs),
}

/// Which side the game file's owner plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlayAs {
    /// White
    White,
    /// Black
    Black,
}

/// How a game file is found or started.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game file (one PGN game, kept up to date by iccf).
    #[arg(value_name = "GAME.pgn")]
    pub game: PathBuf,

    /// The side we play; remembered in the game file ([ICCFSide]). Without
    /// it, the file's tag, else our name (--me or $ICCF_NAME) matched
    /// against the White and Black tags.
    #[arg(long = "as", value_enum, value_name = "SIDE")]
    pub side: Option<PlayAs>,

    /// Our name, to tell our side from the White and Black tags.
    #[arg(long, value_name = "NAME", env = "ICCF_NAME")]
    pub me: Option<String>,

    /// Today's date for the record, YYYY.MM.DD [default: today].
    #[arg(long, value_name = "DATE")]
    pub date: Option<iccf_corr::Date>,

    /// Time control of a new game, or a change: MOVES/DAYS in the ICCF form.
    #[arg(long, value_name = "MOVES/DAYS")]
    pub time_control: Option<iccf_corr::TimeControl>,

    /// Event of a new game file.
    #[arg(long, value_name = "NAME")]
    pub event: Option<String>,

    /// White player of a new game file.
    #[arg(long, value_name = "NAME")]
    pub white: Option<String>,

    /// Black player of a new game file.
    #[arg(long, value_name = "NAME")]
    pub black: Option<String>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The message: a text file, "-" for standard input, or an .eml file.
    #[arg(value_name = "MESSAGE")]
    pub message: PathBuf,

    /// Record their move and the dates in the game file when the message is
    /// in order; play our pending if-move reply when their move matches.
    #[arg(long)]
    pub apply: bool,

    /// Print the findings as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct CardArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Our move: numeric, or algebraic in any language.
    #[arg(long = "move", value_name = "MOVE")]
    pub mv: Option<String>,

    /// Piece letters our move is written in [default: any that reads it].
    #[arg(long, value_name = "CODE", value_parser = parse_lang)]
    pub input_lang: Option<iccf::lang::Lang>,

    /// Propose a line of if-moves after our move: "13. 5254 13... 5756 14.
    /// 6125" (our move, their reply, ours, ...). Repeat for branches.
    #[arg(long = "if", value_name = "LINE")]
    pub if_lines: Vec<String>,

    /// A second notation written beside the numeric record.
    #[arg(long, value_enum, value_name = "NOTATION")]
    pub also: Option<ToNotation>,

    /// Piece letters of the second notation.
    #[arg(long, value_name = "CODE", default_value = "en", value_parser = parse_lang)]
    pub lang: iccf::lang::Lang,

    /// Language of the card's fixed words: en, de, fr, es, it, cs, ru.
    #[arg(long, value_name = "CODE", default_value = "en")]
    pub message_lang: iccf_corr::MessageLang,

    /// Offer a draw.
    #[arg(long)]
    pub offer_draw: bool,

    /// Accept the opponent's draw offer (ends the game).
    #[arg(long)]
    pub accept_draw: bool,

    /// Resign (ends the game).
    #[arg(long)]
    pub resign: bool,

    /// Also write the card as a printable SVG picture to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Input files; none or "-" reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Notation to write [default: san for numeric games, numeric otherwise].
    #[arg(long, value_enum)]
    pub to: Option<ToNotation>,

    /// Output format: pgn keeps everything; text writes one line a game with
    /// the numbered main-line moves; jsonl writes one JSON object a game.
    #[arg(long, value_enum, default_value_t = Format::Pgn)]
    pub format: Format,

    /// Write to FILE instead of standard output; the file appears only when
    /// complete (written to a temporary file, then renamed).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Convert on N threads [default: all cores].
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// How Chess960 castling is written in numeric notation: king takes own
    /// rook (unambiguous, as UCI does) or king to its destination square.
    /// ICCF defines no Chess960 castling; standard chess always uses the
    /// king's move (5171).
    #[arg(long, value_enum, default_value_t = Castling960::KingTakesRook)]
    pub chess960_castling: Castling960,

    /// Piece letters of the SAN and long algebraic written, by language code
    /// (de, fr, ru, cs, …; see `iccf languages`). PGN files should keep the
    /// default English letters, as the PGN standard requires; other letters
    /// are for people.
    #[arg(long, value_name = "CODE", default_value = "en", value_parser = parse_lang)]
    pub lang: iccf::lang::Lang,

    /// Piece letters of the algebraic moves read, by language code, or auto:
    /// per game, the language under which the whole game is legal. When
    /// several languages make it legal with different moves, the game is
    /// reported and this option decides.
    #[arg(long, value_name = "CODE", default_value = "auto", value_parser = parse_input_lang)]
    pub input_lang: InputLang,

    /// Text encoding of input that is not UTF-8: auto (detects CP1251,
    /// KOI8-R, CP866, else Latin-1), cp1251, cp866, koi8-r, latin1, utf-8.
    /// Output is always UTF-8.
    #[arg(long, value_name = "NAME", default_value = "auto", value_parser = parse_encoding)]
    pub encoding: iccf_pgn::encoding::InputEncoding,

    /// No progress bar and no summary line (errors are still reported).
    #[arg(short, long)]
    pub quiet: bool,
}

/// `--input-lang`: a language, or detection.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct InputLang(pub Option<iccf::lang::Lang>);

fn parse_lang(code: &str) -> Result<iccf::lang::Lang, String> {
    iccf::lang::Lang::from_code(code)
        .ok_or_else(|| format!("unknown language `{code}`: `iccf languages` lists them"))
}

fn parse_input_lang(code: &str) -> Result<InputLang, String> {
    if code.eq_ignore_ascii_case("auto") {
        Ok(InputLang(None))
    } else {
        parse_lang(code).map(|lang| InputLang(Some(lang)))
    }
}

fn parse_encoding(name: &str) -> Result<iccf_pgn::encoding::InputEncoding, String> {
    name.parse()
        .map_err(|err: iccf_pgn::encoding::ParseEncodingError| err.to_string())
}

#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The move: numeric, SAN, long algebraic or UCI.
    pub mv: String,

    /// The position to read the move in.
    #[arg(long, conflicts_with = "after")]
    pub fen: Option<String>,

    /// Moves played from the start before MOVE, in any notation, with or
    /// without move numbers: "1. e4 e5 2. Nf3" or "5254 5755 7163".
    #[arg(long, value_name = "MOVES")]
    pub after: Option<String>,

    /// Read the FEN as Chess960 (castling as king takes rook).
    #[arg(long)]
    pub chess960: bool,

    /// Piece letters MOVE (and --after) are written in.
    #[arg(long, value_name = "CODE", default_value = "en", value_parser = parse_lang)]
    pub input_lang: iccf::lang::Lang,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ToNotation {
    /// ICCF numeric: 5254
    Numeric,
    /// Standard algebraic: e4, Nf3
    San,
    /// Long algebraic: e2-e4, Ng1-f3
    Lan,
    /// UCI: e2e4, g1f3
    Uci,
    /// SAN with figurines: ♘f3
    Figurine,
}

impl From<ToNotation> for iccf::Notation {
    fn from(n: ToNotation) -> iccf::Notation {
        match n {
            ToNotation::Numeric => iccf::Notation::Numeric,
            ToNotation::San => iccf::Notation::San,
            ToNotation::Lan => iccf::Notation::Lan,
            ToNotation::Uci => iccf::Notation::Uci,
            ToNotation::Figurine => iccf::Notation::Figurine,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// PGN with tags, comments, NAGs and variations
    Pgn,
    /// One line a game: 1. 5254 5755 2. 7163 2836
    Text,
    /// One JSON object a game
    Jsonl,
}

impl From<Format> for iccf_pgn::convert::OutputFormat {
    fn from(f: Format) -> iccf_pgn::convert::OutputFormat {
        match f {
            Format::Pgn => iccf_pgn::convert::OutputFormat::Pgn,
            Format::Text => iccf_pgn::convert::OutputFormat::Text,
            Format::Jsonl => iccf_pgn::convert::OutputFormat::Jsonl,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Castling960 {
    /// King to own rook's square: b1-a1 is 2111
    KingTakesRook,
    /// King to the g or c file: 2131
    KingToDestination,
}

impl From<Castling960> for iccf::CastlingNotation {
    fn from(c: Castling960) -> iccf::CastlingNotation {
        match c {
            Castling960::KingTakesRook => iccf::CastlingNotation::KingTakesRook,
            Castling960::KingToDestination => iccf::CastlingNotation::KingToDestination,
        }
    }
}
