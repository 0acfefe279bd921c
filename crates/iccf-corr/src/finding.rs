//! What checking a message finds, one line each.

use core::fmt;

use serde::Serialize;

use iccf::MoveNumber;

use shakmaty::Color;

use crate::{Claim, Mood, Suggestion};

/// One thing found in a received message. [`Finding::is_problem`] tells
/// the findings that put the message out of order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Finding {
    /// Their new move, legal and written in numeric.
    NewMove {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The move in numeric.
        numeric: String,
        /// The move in SAN.
        san: String,
    },
    /// They repeat our last move correctly.
    EchoAgrees {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The move.
        numeric: String,
    },
    /// They repeat our last move as another move.
    WrongEcho {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// What they wrote.
        written: String,
        /// What we sent.
        sent: String,
    },
    /// They repeat our last move under another number.
    EchoNumberWrong {
        /// The number they wrote.
        #[serde(serialize_with = "crate::serial::display")]
        written: MoveNumber,
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The move.
        numeric: String,
    },
    /// Our last move is not repeated.
    NoEcho {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The move.
        sent: String,
    },
    /// Their record of the game agrees with ours.
    RecordAgrees {
        /// How many moves (plies) it has.
        plies: usize,
    },
    /// Their record differs from ours at a move.
    RecordDiffers {
        /// The first move that differs.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// What they wrote.
        written: String,
        /// What our game has there, if anything.
        ours: Option<String>,
    },
    /// Their record stops before our last move.
    RecordShort {
        /// The last move in their record.
        #[serde(serialize_with = "crate::serial::display")]
        last: MoveNumber,
        /// Our last move.
        #[serde(serialize_with = "crate::serial::display")]
        ours: MoveNumber,
    },
    /// No new move where one is due.
    NoNewMove {
        /// The move due.
        #[serde(serialize_with = "crate::serial::display")]
        expected: MoveNumber,
    },
    /// Their new move is written with a wrong number, or the move in
    /// brackets beside it is (`2836 (5... Nc6)` for move 2...).
    MoveNumberOff {
        /// The number written.
        #[serde(serialize_with = "crate::serial::display")]
        written: MoveNumber,
        /// The number due.
        #[serde(serialize_with = "crate::serial::display")]
        expected: MoveNumber,
        /// The move as written under that number (`Nc6` of a gloss).
        numeric: String,
    },
    /// Different moves are written for their new move.
    SeveralNewMoves {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The moves written.
        written: Vec<String>,
    },
    /// Their new move is legal, but the move written beside it in
    /// brackets is another: which do they mean?
    GlossDiffers {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The move as written.
        written: String,
        /// What it is in SAN.
        san: String,
        /// The move in brackets beside it.
        gloss: String,
        /// The legal move the bracketed one reads as, in numeric, if any.
        gloss_numeric: Option<String>,
    },
    /// Their new move is not a legal numeric move as written.
    UnclearMove {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// What they wrote.
        written: String,
        /// The legal moves it most likely means, best first.
        suggestions: Vec<Suggestion>,
        /// Nearest legal moves by digits when no slip explains it.
        nearest: Vec<String>,
        /// It is a legal move for the other side, not the one to move.
        other_side: bool,
    },
    /// Their move is in our game already (the message was applied before).
    AlreadyRecorded {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The move.
        numeric: String,
    },
    /// Their last move written again as another move: a correction or a
    /// stale message, never taken for the one recorded.
    DiffersFromRecorded {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// What they wrote.
        written: String,
        /// The move recorded.
        recorded: String,
    },
    /// A draw offer, acceptance, resignation or claim in words.
    Claim {
        /// Which.
        claim: Claim,
    },
    /// A message for a game that is over.
    GameOver {
        /// The game's result.
        result: String,
    },
    /// A claim phrase that claims nothing: negated, a condition, a
    /// question, or a draw offer only mentioned.
    ClaimNotTaken {
        /// What the phrase would claim.
        claim: Claim,
        /// How it is written.
        mood: Mood,
        /// The sentence.
        sentence: String,
    },
    /// They accept a draw, but no offer of ours is open.
    NoOpenOffer {
        /// The sentence.
        sentence: String,
    },
    /// They accept our draw offer and play a move too.
    AcceptAndMove {
        /// The move's number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
    },
    /// They resign and play a move too ("I resign (just kidding). 1...
    /// 4745"): neither is taken.
    ResignAndMove {
        /// The move's number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
    },
    /// They accept our draw offer, or resign: the result the game would
    /// get (recorded only when asked, see [`crate::apply_result`]).
    Result {
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
        /// Why, in words.
        why: String,
    },
    /// The message names another game than ours.
    OtherGame {
        /// Where: `subject`, `body`.
        place: String,
        /// What it names.
        theirs: String,
        /// Ours.
        ours: String,
    },
    /// The message names our game.
    SameGame {
        /// What it names.
        id: String,
    },
    /// They have not had our last move and ask for it again.
    RepeatRequest {
        /// Our move's number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// Our move.
        numeric: String,
    },
    /// An unclear move read as the suggestion asked for (`--accept N`).
    SuggestionTaken {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// What they wrote.
        written: String,
        /// The move taken.
        numeric: String,
        /// In SAN.
        san: String,
    },
    /// Their move after our if-move reply, in the same message.
    FollowUpMove {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The move.
        numeric: String,
        /// In SAN.
        san: String,
    },
    /// Their conditional line: if we play its first move, they answer
    /// with the next.
    TheirIfMoves {
        /// The line, numbered.
        line: String,
    },
    /// Their if-move line does not read as legal moves.
    BadIfMoves {
        /// The line as written.
        written: String,
        /// Why.
        reason: String,
    },
    /// A date that cannot be right.
    BadDate {
        /// The move it belongs to.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// What is wrong.
        reason: String,
    },
    /// Their record came as a PGN attachment.
    Attachment {
        /// Its file name.
        name: String,
    },
    /// Their count of a side's days differs from ours.
    DaysDiffer {
        /// The side.
        #[serde(serialize_with = "crate::serial::display")]
        side: Color,
        /// Their total.
        theirs: i64,
        /// Ours.
        ours: i64,
    },
    /// A side has used more days than the time control allows.
    TimeExceeded {
        /// The side.
        #[serde(serialize_with = "crate::serial::display")]
        side: Color,
        /// At its move.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// Days used.
        used: i64,
        /// Days allowed.
        allowed: i64,
    },
}

impl Finding {
    /// Whether this puts the message out of order.
    pub fn is_problem(&self) -> bool {
        !self.is_warning()
            && !matches!(
                self,
                Finding::NewMove { .. }
                    | Finding::EchoAgrees { .. }
                    | Finding::RecordAgrees { .. }
                    | Finding::AlreadyRecorded { .. }
                    | Finding::Claim { .. }
                    | Finding::Result { .. }
                    | Finding::SameGame { .. }
                    | Finding::RepeatRequest { .. }
                    | Finding::SuggestionTaken { .. }
                    | Finding::FollowUpMove { .. }
                    | Finding::TheirIfMoves { .. }
                    | Finding::Attachment { .. }
            )
    }

    /// Whether this is worth a word but leaves the message in order: a
    /// claim that claims nothing, days counted differently, a time limit
    /// exceeded (a matter for the tournament director).
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            Finding::ClaimNotTaken { .. }
                | Finding::NoOpenOffer { .. }
                | Finding::DaysDiffer { .. }
                | Finding::TimeExceeded { .. }
                | Finding::BadIfMoves { .. }
        )
    }

    /// `problem`, `warning` or `ok`, as the command line marks it.
    pub fn mark(&self) -> &'static str {
        if self.is_problem() {
            "problem"
        } else if self.is_warning() {
            "warning"
        } else {
            "ok"
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::NewMove { no, numeric, san } => {
                write!(f, "your move {no} {numeric} ({san}) is legal")
            }
            Finding::EchoAgrees { no, numeric } => {
                write!(f, "you repeat our move {no} {numeric} correctly")
            }
            Finding::WrongEcho { no, written, sent } => {
                write!(
                    f,
                    "you repeat our move {no} as {written}; we sent {no} {sent}"
                )
            }
            Finding::EchoNumberWrong {
                written,
                no,
                numeric,
            } => {
                write!(f, "you repeat our move {no} {numeric} as move {written}")
            }
            Finding::NoEcho { no, sent } => write!(f, "our move {no} {sent} is not repeated"),
            Finding::RecordAgrees { plies } => {
                write!(f, "your record of {plies} moves agrees with ours")
            }
            Finding::RecordDiffers {
                no,
                written,
                ours: Some(ours),
            } => {
                write!(
                    f,
                    "your record has {no} {written} where ours has {no} {ours}"
                )
            }
            Finding::RecordDiffers {
                no,
                written,
                ours: None,
            } => {
                write!(
                    f,
                    "your record has {no} {written}, a move our game does not have"
                )
            }
            Finding::RecordShort { last, ours } => {
                write!(f, "your record stops at {last}; ours goes on to {ours}")
            }
            Finding::NoNewMove { expected } => write!(f, "no move {expected} found"),
            Finding::MoveNumberOff {
                written,
                expected,
                numeric,
            } => {
                write!(
                    f,
                    "your move {numeric} is numbered {written}; it is move {expected}"
                )
            }
            Finding::SeveralNewMoves { no, written } => {
                write!(
                    f,
                    "several moves given as {no}: {}: which do you mean?",
                    written.join(", ")
                )
            }
            Finding::UnclearMove {
                no,
                written,
                suggestions,
                nearest,
                other_side,
            } => {
                write!(f, "your move {no} {written} is not a legal numeric move")?;
                if *other_side {
                    let (mover, other) = match no.turn {
                        Color::White => ("White", "Black"),
                        Color::Black => ("Black", "White"),
                    };
                    write!(f, "; {written} is {other}'s move, {mover} is to move")?;
                }
                write_suggestions(f, suggestions, nearest)
            }
            Finding::GlossDiffers {
                no,
                written,
                san,
                gloss,
                gloss_numeric,
            } => {
                write!(
                    f,
                    "your move {no} {written} is {san}, but you write ({gloss}) beside it"
                )?;
                match gloss_numeric {
                    Some(other) => write!(f, ", which is {other}")?,
                    None => write!(f, ", not a legal move")?,
                }
                write!(f, ": which do you mean?")
            }
            Finding::AlreadyRecorded { no, numeric } => {
                write!(f, "your move {no} {numeric} is recorded already")
            }
            Finding::DiffersFromRecorded {
                no,
                written,
                recorded,
            } => write!(
                f,
                "your move {no} {written} differs from the {no} {recorded} recorded"
            ),
            Finding::Claim { claim } => write!(f, "the message {}", claim.describe()),
            Finding::GameOver { result } => write!(f, "the game is over ({result})"),
            Finding::ClaimNotTaken {
                claim,
                mood: Mood::Elsewhere,
                sentence,
            } => write!(
                f,
                "\"{sentence}\" {} in another game: nothing recorded in this one",
                claim.describe()
            ),
            Finding::ClaimNotTaken {
                claim: Claim::Resignation,
                mood: Mood::Mention,
                sentence,
            } => write!(
                f,
                "\"{sentence}\" gives something up in words, but not the game: nothing recorded"
            ),
            Finding::ClaimNotTaken {
                mood: Mood::Mention,
                sentence,
                ..
            } => write!(
                f,
                "\"{sentence}\" mentions a draw, but neither offers one nor plainly \
                 accepts ours: nothing recorded"
            ),
            Finding::ClaimNotTaken {
                claim,
                mood,
                sentence,
            } => {
                let how = match mood {
                    Mood::Negated => "negated",
                    Mood::Conditional => "a condition",
                    Mood::Question => "a question",
                    Mood::Plain | Mood::Mention | Mood::Elsewhere => "plain",
                };
                write!(
                    f,
                    "\"{sentence}\" ({} in words, but {how}): nothing recorded",
                    claim.describe()
                )
            }
            Finding::NoOpenOffer { sentence } => write!(
                f,
                "\"{sentence}\": you write about a draw; no offer of ours is open: nothing recorded"
            ),
            Finding::AcceptAndMove { no } => write!(
                f,
                "you accept our draw offer and play move {no} too: which is it?"
            ),
            Finding::ResignAndMove { no } => {
                write!(f, "you resign and play move {no} too: which is it?")
            }
            Finding::Result { result, why } => write!(f, "{why}: result {result}"),
            Finding::OtherGame {
                place,
                theirs,
                ours,
            } => write!(
                f,
                "the message is for another game: its {place} names {theirs}; this game is {ours}"
            ),
            Finding::SameGame { id } => write!(f, "the message names this game ({id})"),
            Finding::RepeatRequest { no, numeric } => write!(
                f,
                "you ask for our move {no} {numeric} again: resend our last card (iccf card GAME.pgn)"
            ),
            Finding::SuggestionTaken {
                no,
                written,
                numeric,
                san,
            } => write!(
                f,
                "your move {no} {written} is read as {numeric} ({san}), as asked"
            ),
            Finding::FollowUpMove { no, numeric, san } => write!(
                f,
                "your move {no} {numeric} ({san}) after our if-move is legal"
            ),
            Finding::TheirIfMoves { line } => write!(f, "you propose if-moves: {line}"),
            Finding::BadIfMoves { written, reason } => {
                write!(f, "your if-moves \"{written}\" are not read: {reason}")
            }
            Finding::BadDate { no, reason } => write!(f, "move {no}: {reason}"),
            Finding::Attachment { name } => {
                write!(f, "your record is read from the attachment {name}")
            }
            Finding::DaysDiffer { side, theirs, ours } => write!(
                f,
                "you count {theirs} days for {side} in total; we count {ours}"
            ),
            Finding::TimeExceeded {
                side,
                no,
                used,
                allowed,
            } => write!(
                f,
                "{side} exceeded the time limit at move {no}: {used} days used of {allowed}"
            ),
        }
    }
}

fn write_suggestions(
    f: &mut fmt::Formatter<'_>,
    suggestions: &[Suggestion],
    nearest: &[String],
) -> fmt::Result {
    if !suggestions.is_empty() {
        f.write_str("; perhaps")?;
        for (i, s) in suggestions.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", or " };
            write!(f, "{sep}{} ({}, {})", s.numeric, s.san, s.slip.describe())?;
        }
    } else if !nearest.is_empty() {
        write!(f, "; nearest legal moves: {}", nearest.join(", "))?;
    }
    Ok(())
}
