//! Command-line flags, kept apart from the work they ask for.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use iccf_stream::jobs::Jobs;

/// The examples closing `iccf --help`, a literal for `concat!`.
macro_rules! examples {
    () => {
        "Examples:
  iccf convert games.pgn                  SAN games to numeric PGN (stdout)
  iccf convert numeric.txt --to san       numeric games to SAN
  iccf convert big.pgn.zst -o out.pgn.zst --to numeric --format text
  iccf move 5254                          one move in every notation
  iccf move Nf6 --after \"1. e4 e5 2. Nf3\"
  iccf convert partie.pgn --to san --lang fr   French letters (R D T F C)
  iccf languages                          the language codes
  iccf card game.pgn --move 5254          correspondence: record our move, print the message
  iccf check game.pgn reply.eml --apply   is their message in order? record their move
  iccf status games/                      every game of a folder, most urgent first
  iccf check games/ reply.eml             which game is it for? is it in order?
  iccf card games/ EM/CH/55/3 --move 5254  our move in a game of the folder
  iccf mail games/ --apply                new mail from the IMAP mailbox, checked and recorded"
    };
}

/// Convert chess games and moves between ICCF numeric notation and algebraic notation.
///
/// ICCF numeric notation writes each square as two digits, file then rank
/// (e2 = 52), and a move as from-square + to-square: 1.e4 is 5254. A fifth
/// digit promotes (1=Q 2=R 3=B 4=N: f7-f8=R is 67682), castling is the
/// king's move (5171 5131 5878 5838).
#[derive(Debug, Parser)]
// The version names the git commit when built from a checkout (build.rs).
#[command(name = "iccf", version = env!("ICCF_VERSION"), propagate_version = true)]
// `iccf serve` is listed only in a build that has it.
#[cfg_attr(
    feature = "serve",
    command(after_help = concat!(
        examples!(),
        "\n  iccf serve                              the web page on http://127.0.0.1:8080/"
    ))
)]
#[cfg_attr(not(feature = "serve"), command(after_help = examples!()))]
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
    /// Show a position with the ICCF numeric square grid (11 … 88).
    ///
    /// The position is the end of a game's main line (GAME.pgn, its first
    /// game unless --game says), a FEN (--fen), moves from the start
    /// (--after, in any notation iccf reads), or the start. --ply picks an
    /// earlier half-move. The board is text for the terminal, or SVG with
    /// --svg (every square's number written on it, the last move
    /// highlighted, pieces drawn as shapes that need no font).
    ///
    /// A square's number is its file digit (a = 1 … h = 8) then its rank
    /// digit: the digits on the board's edges. Colours appear only on a
    /// terminal, and never with NO_COLOR set.
    ///
    /// Exit status: 0 shown, 1 a move could not be played (the board shows
    /// the position before it) or languages read the moves differently
    /// (shown as `iccf convert` reads them: choose with --input-lang), 2
    /// usage or I/O error.
    Board(BoardArgs),
    /// Check a correspondence opponent's message against our game file.
    ///
    /// Given a folder instead of a game file, first finds the game the
    /// message is for: its game ID, event and round, the opponent's name,
    /// the sender's address remembered from earlier mail, and the echo of
    /// our last move. Exactly one game must fit, else the candidates are
    /// named and nothing is recorded. A message with parts for several
    /// games ("Game 3: 23. 5254 / Game 7: 18... 4746", or cmail PGN games)
    /// is split and each part checked against its game.
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
    /// Given a folder, GAME names the game: its file name or game ID.
    ///
    /// The card has the event and players, their last move repeated, our
    /// move, the whole record in numbered numeric, the dates, the days each
    /// side used against the time control, offers and pending if-moves.
    /// Without --move it prints the card for our last move again (such as
    /// an if-move that `check --apply` played).
    ///
    /// --resign and --accept-draw end the game and go instead of a move:
    /// with --move or --if they are a usage error.
    ///
    /// Exit status: 0 card printed, 1 move or if-move line refused (the game
    /// file is left as it was) or, with the card printed and the move
    /// recorded, our move exceeded the time limit (said on stderr), 2 usage
    /// or I/O error.
    Card(CardArgs),
    /// One line per game file of a folder, most urgent first.
    ///
    /// Each line: the file, the game (ID, event, round), the opponent and
    /// our side, whose move and for how many days, the last move each way
    /// with its date, the days each side used and has left to the next time
    /// control, the deadline of the side to move, and what needs doing: a
    /// side over the time limit, our move overdue, their answer overdue (a
    /// repeat is due after --repeat-after days, a report to the tournament
    /// director after --report-after days: ICCF's 14 and 40 by default),
    /// their open draw offer, an if-move reply played but its card not
    /// sent, a finished game. A folder without game files is said on
    /// stderr.
    /// Nothing is written.
    ///
    /// Exit status: 0 listed, 1 some files could not be read (said on their
    /// line), 2 usage or I/O error.
    Status(StatusArgs),
    /// Read new mail from the IMAP mailbox and check it against DIR's games.
    ///
    /// Every new message (not yet marked by iccf, delivered in the last
    /// look_back_days) is fetched without being marked read, matched to
    /// its game as `iccf check DIR MESSAGE` does, checked, and its verdict
    /// printed. With --apply a message whose every part is in order is
    /// recorded in its game file (atomically, under the file's lock) and
    /// marked in the mailbox (a keyword, $iccf-done, or \Seen), so the next
    /// run leaves it; our card, when one is due (an if-move reply played,
    /// or --move), is saved as a draft in the Drafts folder for the player
    /// to read and send. Mail is never deleted or moved; a message that is
    /// not in order, or fits no game, is left as it was.
    ///
    /// The account is set in a TOML file, by default iccf/mail.toml in the
    /// platform's config directory (~/.config/iccf/mail.toml on Linux):
    ///
    ///   host = "imap.example.org"
    ///   username = "gordon@example.org"
    ///   password_command = "pass show mail/imap"
    ///
    /// with security = "tls" (port 993, the default), "starttls" (143) or
    /// "plain" (this computer only, with --insecure-plain-loopback); the
    /// password from password_file, password_env or password_command, never
    /// from the command line. The README lists every setting.
    ///
    /// Exit status: 0 every new message was in order (mail that fits no
    /// game is only listed), 1 some message or --move was not, 2 usage,
    /// settings, connection or I/O error (what was done stays done).
    // Verbatim: the settings example keeps its lines.
    #[command(verbatim_doc_comment)]
    Mail(MailArgs),
    /// Serve a local web page: a board with the numeric grid, moves typed as
    /// digits, pasted games translated, the correspondence desk.
    ///
    /// Listens on 127.0.0.1 (this computer only) unless --bind names
    /// another address; prints the address to open, with a random token
    /// that the page's requests must carry (keep it to yourself). Nothing
    /// is stored on the server. Ctrl-C stops it.
    ///
    /// Exit status: 0 stopped, 2 the address cannot be used.
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
    /// Print the completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions(crate::docs_out::CompletionsArgs),
    /// Print the manual page iccf(1), or a subcommand's (iccf-convert(1) …).
    Man(crate::docs_out::ManArgs),
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

    /// The event's start date, YYYY.MM.DD: White's first move counts from
    /// it (kept as the game's Date tag).
    #[arg(long, value_name = "DATE")]
    pub start: Option<iccf_corr::Date>,

    /// Our leave FROM..TO (YYYY.MM.DD..YYYY.MM.DD): its days do not count
    /// on our clock. Kept in the game file; repeat for several. Over 30
    /// days in a calendar year is warned of (an event may allow more).
    #[arg(long, value_name = "FROM..TO")]
    pub leave: Vec<iccf_corr::Leave>,

    /// The largest game file read, in bytes (suffixes K, M, G): a larger
    /// one is refused, so that memory stays bounded. Real game files are a
    /// few kilobytes.
    #[arg(long, value_name = "BYTES", default_value = "8M", value_parser = parse_size)]
    pub max_file_size: u64,
}

impl GameArgs {
    /// The limit on the game file, for [`crate::limited`].
    pub fn file_limit(&self) -> crate::limited::Limit {
        crate::limited::Limit {
            bytes: self.max_file_size,
            what: "a game file",
            flag: "--max-file-size",
        }
    }
}

/// `iccf status DIR`.
#[derive(Debug, Args)]
pub struct StatusArgs {
    /// The folder of game files (*.pgn, one game each).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// The day to count to, YYYY.MM.DD [default: today].
    #[arg(long, value_name = "DATE")]
    pub date: Option<iccf_corr::Date>,

    /// Our name, for files without an ICCFSide tag.
    #[arg(long, value_name = "NAME", env = "ICCF_NAME")]
    pub me: Option<String>,

    #[command(flatten)]
    pub deadlines: DeadlineArgs,

    /// One JSON object per game, one a line, in the same order.
    #[arg(long)]
    pub json: bool,
}

/// When their silence calls for a repeat or a report.
#[derive(Debug, Args)]
pub struct DeadlineArgs {
    /// Days without their answer before a repeat is due (ICCF e-mail: 14).
    #[arg(long, value_name = "DAYS", default_value_t = 14)]
    pub repeat_after: i64,

    /// Days without their answer before it is reported to the tournament
    /// director (ICCF: 40).
    #[arg(long, value_name = "DAYS", default_value_t = 40)]
    pub report_after: i64,
}

impl DeadlineArgs {
    pub fn rules(&self) -> iccf_corr::Deadlines {
        iccf_corr::Deadlines {
            repeat_after: self.repeat_after,
            report_after: self.report_after,
        }
    }
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
    /// A result in words (they resign, or accept our open draw offer) is
    /// recorded only with --accept-result; a mate or stalemate on the
    /// board is recorded with the move.
    #[arg(long)]
    pub apply: bool,

    /// With --apply: record the result the message gives. With a folder,
    /// give the game file instead.
    #[arg(long, requires = "apply")]
    pub accept_result: bool,

    /// Read an unclear move as the N-th suggestion check printed for it.
    /// N out of range, or no unclear move, is a usage error; with a
    /// folder, give the game file instead.
    #[arg(long, value_name = "N")]
    pub accept: Option<usize>,

    /// The day we received the message [default: the e-mail's Date
    /// header, else today]. Given, a sent date written long before the
    /// e-mail's own date is taken as it is (a slow mail).
    #[arg(long, value_name = "DATE")]
    pub received: Option<iccf_corr::Date>,

    /// The largest message read, in bytes (suffixes K, M, G): a larger
    /// one is refused, so that memory stays bounded.
    #[arg(long, value_name = "BYTES", default_value = "32M", value_parser = parse_size)]
    pub max_message_size: u64,

    /// Print the findings as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct CardArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// With a folder for GAME.pgn: the game's file name or ID.
    #[arg(value_name = "GAME")]
    pub in_folder: Option<String>,

    /// Our move: numeric, or algebraic in any language.
    #[arg(long = "move", value_name = "MOVE")]
    pub mv: Option<String>,

    /// Piece letters our move is written in [default: any that reads it].
    #[arg(long, value_name = "CODE", value_parser = parse_lang)]
    pub input_lang: Option<iccf::lang::Lang>,

    /// Propose a line of if-moves after our move: "13. 5254 13... 5756 14.
    /// 6125" (our move, their reply, ours, ...), or as a message writes it,
    /// "if 13... 5756 then 14. 6125". Repeat for branches.
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

    /// Accept the opponent's draw offer (ends the game). Instead of a move:
    /// refused with --move or --if, since a move after it is never played.
    #[arg(long)]
    pub accept_draw: bool,

    /// Resign (ends the game). Instead of a move: refused with --move or
    /// --if, since a move after it is never played.
    #[arg(long)]
    pub resign: bool,

    /// Also write the card as a printable SVG picture to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// `iccf mail DIR`.
#[derive(Debug, Args)]
pub struct MailArgs {
    /// The folder of game files (*.pgn, one game each).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// The account settings file [default: iccf/mail.toml in the
    /// platform's config directory].
    #[arg(long, value_name = "FILE", env = "ICCF_MAIL_CONFIG")]
    pub config: Option<PathBuf>,

    /// Record the messages in order in their game files, mark them in the
    /// mailbox, and save the cards due as drafts. Without it nothing is
    /// changed, in the folder or in the mailbox.
    #[arg(long)]
    pub apply: bool,

    /// With --apply: play our move MOVE in game GAME (its file name or
    /// ID) and save its card as a draft. Repeat for several games.
    #[arg(long = "move", value_name = "GAME=MOVE", requires = "apply")]
    pub moves: Vec<String>,

    /// Allow security = "plain" (no encryption), for a server on this
    /// computer only (127.0.0.1, ::1, localhost): a test server, or a
    /// local proxy that encrypts.
    #[arg(long)]
    pub insecure_plain_loopback: bool,

    /// Our name, for files without an ICCFSide tag.
    #[arg(long, value_name = "NAME", env = "ICCF_NAME")]
    pub me: Option<String>,

    /// Today's date for the record, YYYY.MM.DD [default: today].
    #[arg(long, value_name = "DATE")]
    pub date: Option<iccf_corr::Date>,

    /// Language of the cards' fixed words: en, de, fr, es, it, cs, ru.
    #[arg(long, value_name = "CODE", default_value = "en")]
    pub message_lang: iccf_corr::MessageLang,

    /// One JSON object per message, one a line.
    #[arg(long)]
    pub json: bool,
}

/// The flags of `iccf serve`.
#[cfg(feature = "serve")]
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Port to listen on; 0 picks any free port.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// Address to listen on. Anything but a loopback address (127.0.0.1,
    /// ::1) lets other computers on the network use the page.
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,

    /// A folder of game files for the page's desk: listed as `iccf status`
    /// lists it, each game opened, checked and written back there (and
    /// nowhere else: no subfolders, no symbolic links).
    #[arg(long, value_name = "DIR")]
    pub games: Option<std::path::PathBuf>,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Input files; none or "-" reads standard input. A pipe, FIFO or
    /// terminal is read as a live stream: each game is written once a blank line
    /// follows its result and the input pauses, not when the stream ends.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Notation to write [default: san for numeric games, numeric otherwise].
    #[arg(long, value_enum)]
    pub to: Option<ToNotation>,

    /// Output format: pgn keeps everything; text writes one line a game with
    /// the numbered main-line moves and the result (after the FEN tag of a
    /// game from a set-up position, so that it reads back); jsonl writes one JSON
    /// object a game; parquet writes a table, one row a game, the main line
    /// in numeric and SAN columns (only the --to notation's with --to)
    /// [default: by the extension of -o FILE: .jsonl or .ndjson, .parquet
    /// (also before .gz, .zst, ...); else pgn].
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Write to FILE instead of standard output; the file appears only when
    /// complete (written to a temporary file, then renamed). A symlink is
    /// written through to its target, which must exist; a read-only FILE
    /// is refused unless --force.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Replace a read-only output file.
    #[arg(short, long)]
    pub force: bool,

    /// With a .zst output: independent zstd frames of about BYTES of text
    /// each (suffixes K, M, G), cut between games, and a seek table at the
    /// end (zstd's seekable format), so that workers can read one file
    /// apart (Python's iccf.split_points). A .zst file written without it
    /// is one frame, which one worker reads.
    #[arg(long, value_name = "BYTES", value_parser = parse_size)]
    pub zstd_frames: Option<u64>,

    /// Convert on N threads, 1 to 1024, 0 for all cores [default: all
    /// cores]. More than the cores available runs one thread a core: more
    /// would only hold more batches in memory. With fewer than the cores, a
    /// compressed input is decompressed on one thread more.
    #[arg(short, long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<Jobs>,

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
    /// per game, the language under which the whole game is legal, English
    /// first when it reads the game (unless the games around it are in
    /// another language). When other languages make it legal with
    /// different moves, the game is reported and this option decides.
    #[arg(long, value_name = "CODE", default_value = "auto", value_parser = parse_input_lang)]
    pub input_lang: InputLang,

    /// Text encoding of the input: auto (UTF-8, or UTF-16 by its byte-order
    /// mark or zero bytes, else detects CP1251, KOI8-R, CP866, else
    /// Latin-1), utf-8, cp1251, koi8-r, koi8-u, cp866, latin1, cp1252,
    /// cp1250, latin2 (Czech, Polish, Hungarian files: not detected),
    /// utf-16le, utf-16be. A UTF-16 byte-order mark is followed unless a
    /// legacy encoding is named. Output is always UTF-8.
    #[arg(long, value_name = "NAME", default_value = "auto", value_parser = parse_encoding)]
    pub encoding: iccf_pgn::encoding::InputEncoding,

    /// The largest game read, in bytes (suffixes K, M, G for KiB, MiB,
    /// GiB): a longer game is reported and skipped, so that memory stays
    /// bounded whatever the input. Real games are a few kilobytes.
    #[arg(long, value_name = "BYTES", default_value = "64M", value_parser = parse_size)]
    pub max_game_size: u64,

    /// The memory a decompressor may take: xz's memory limit, and zstd's
    /// largest window (the power of two at or below it). The default reads
    /// every xz preset and zstd without --long; `zstd --long=31` archives
    /// need 2G. A file asking for more is refused, naming this flag.
    #[arg(long, value_name = "BYTES", default_value = "128M", value_parser = parse_size)]
    pub decoder_memory: u64,

    /// No progress bar and no summary line (errors and warnings are still
    /// reported).
    #[arg(short, long)]
    pub quiet: bool,

    /// Print the summary line (games, moves, errors, bytes, time) on
    /// stderr even when it is not a terminal.
    #[arg(long)]
    pub stats: bool,
}

fn parse_jobs(text: &str) -> Result<Jobs, String> {
    let asked = text.parse::<usize>().map_err(|_| {
        format!(
            "must be a number of threads from 1 to {} (0 or no -j: all cores)",
            Jobs::MAX
        )
    })?;
    Jobs::new(asked).map_err(|err| err.to_string())
}

/// `64M`, `512K`, `1G` or plain bytes, at least 1 KiB.
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&text[..i], c.to_ascii_uppercase()),
        _ => (text, 'B'),
    };
    let shift = match unit {
        'B' => 0,
        'K' => 10,
        'M' => 20,
        'G' => 30,
        _ => return Err(format!("unknown unit in `{text}`: use K, M or G")),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a size such as 64M"))?;
    n.checked_mul(1 << shift)
        .filter(|&bytes| bytes >= 1024)
        .ok_or_else(|| format!("`{text}`: use a size from 1K to a few G"))
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
    /// The move: numeric, SAN, long algebraic, UCI, figurines or another
    /// language's letters, with or without its number and `!?`/`+`
    /// ("2... 2836", "8567+").
    pub mv: String,

    /// The position to read the move in.
    #[arg(long)]
    pub fen: Option<String>,

    /// Moves played before MOVE, in any notation, with or without move
    /// numbers ("1. e4 e5 2. Nf3", "5254 5755 7163"), or a whole PGN game
    /// (its tags, FEN included, and its main line), as `iccf convert` reads
    /// it. From --fen if given, else from the start.
    #[arg(long, value_name = "MOVES")]
    pub after: Option<String>,

    /// Read the FEN as Chess960 (castling as king takes rook).
    #[arg(long)]
    pub chess960: bool,

    /// Piece letters MOVE (and --after) are written in, or auto: the
    /// language of --after if it names one, else every language that reads
    /// MOVE as a legal move; when they read different moves (`Sf3`: German
    /// Nf3, Finnish f3), each move is shown with its languages.
    #[arg(long, value_name = "CODE", default_value = "auto", value_parser = parse_input_lang)]
    pub input_lang: InputLang,
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

impl ToNotation {
    /// Whether moves in this notation are written with piece letters,
    /// which `--lang` chooses.
    pub fn has_letters(self) -> bool {
        matches!(self, ToNotation::San | ToNotation::Lan)
    }
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
    /// A Parquet table, one row a game
    Parquet,
}

impl ConvertArgs {
    /// The output format: `--format`, else the one the output file's name
    /// says (`games.jsonl`, `games.parquet`, `games.jsonl.zst`), else PGN.
    pub fn format(&self) -> Format {
        self.format
            .or_else(|| self.output.as_deref().and_then(Format::of_file))
            .unwrap_or(Format::Pgn)
    }
}

impl Format {
    /// The format a file's extension names (see
    /// [`NamedFormat`](iccf_stream::named_format::NamedFormat)).
    fn of_file(path: &std::path::Path) -> Option<Format> {
        use iccf_stream::named_format::NamedFormat;
        Some(match NamedFormat::of_path(path)? {
            NamedFormat::Jsonl => Format::Jsonl,
            NamedFormat::Parquet => Format::Parquet,
        })
    }

    /// The converter's output format; `None` for a table, which is made
    /// of records.
    pub fn text_format(self) -> Option<iccf_pgn::convert::OutputFormat> {
        match self {
            Format::Pgn => Some(iccf_pgn::convert::OutputFormat::Pgn),
            Format::Text => Some(iccf_pgn::convert::OutputFormat::Text),
            Format::Jsonl => Some(iccf_pgn::convert::OutputFormat::Jsonl),
            Format::Parquet => None,
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

#[derive(Debug, Args)]
pub struct BoardArgs {
    /// A PGN file ("-" reads standard input); compressed files are read too.
    #[arg(value_name = "GAME.pgn", conflicts_with_all = ["fen", "after"])]
    pub game_file: Option<PathBuf>,

    /// Which game of GAME.pgn, counting from 1.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "game_file")]
    pub game: usize,

    /// Show the position after N half-moves (0 is the start) instead of the
    /// last one.
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,

    /// The position in FEN (standard chess or Chess960).
    #[arg(long, conflicts_with = "after")]
    pub fen: Option<String>,

    /// Moves played from the start, in any notation, with or without move
    /// numbers: "1. e4 e5 2. Nf3" or "5254 5755 7163".
    #[arg(long, value_name = "MOVES")]
    pub after: Option<String>,

    /// Black at the bottom (the grid digits turn with the board).
    #[arg(long)]
    pub flip: bool,

    /// Letters (KQRBNP, kqrbnp) and dots instead of chess figurines.
    #[arg(long)]
    pub ascii: bool,

    /// Write the board as SVG to FILE ("-" for standard output) instead of
    /// the text board; the file appears only when complete.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Piece letters of algebraic moves, by language code, or auto: the
    /// language whose letters the moves use.
    #[arg(long, value_name = "CODE", default_value = "auto", value_parser = parse_input_lang)]
    pub input_lang: InputLang,
}
