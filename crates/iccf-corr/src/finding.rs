//! What checking a message finds, one line each.

use core::fmt;

use serde::Serialize;

use crate::{Claim, MoveNo, Suggestion};

/// One thing found in a received message. [`Finding::is_problem`] tells
/// the findings that put the message out of order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Finding {
    /// Their new move, legal and written in numeric.
    NewMove {
        /// Its number.
        no: MoveNo,
        /// The move in numeric.
        numeric: String,
        /// The move in SAN.
        san: String,
    },
    /// They repeat our last move correctly.
    EchoAgrees {
        /// Its number.
        no: MoveNo,
        /// The move.
        numeric: String,
    },
    /// They repeat our last move as another move.
    WrongEcho {
        /// Its number.
        no: MoveNo,
        /// What they wrote.
        written: String,
        /// What we sent.
        sent: String,
    },
    /// They repeat our last move under another number.
    EchoNumberWrong {
        /// The number they wrote.
        written: MoveNo,
        /// Its number.
        no: MoveNo,
        /// The move.
        numeric: String,
    },
    /// Our last move is not repeated.
    NoEcho {
        /// Its number.
        no: MoveNo,
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
        no: MoveNo,
        /// What they wrote.
        written: String,
        /// What our game has there, if anything.
        ours: Option<String>,
    },
    /// Their record stops before our last move.
    RecordShort {
        /// The last move in their record.
        last: MoveNo,
        /// Our last move.
        ours: MoveNo,
    },
    /// No new move where one is due.
    NoNewMove {
        /// The move due.
        expected: MoveNo,
    },
    /// Their new move is written with a wrong number.
    MoveNumberOff {
        /// The number written.
        written: MoveNo,
        /// The number due.
        expected: MoveNo,
        /// The move.
        numeric: String,
    },
    /// Different moves are written for their new move.
    SeveralNewMoves {
        /// Its number.
        no: MoveNo,
        /// The moves written.
        written: Vec<String>,
    },
    /// Their new move is not a legal numeric move as written.
    UnclearMove {
        /// Its number.
        no: MoveNo,
        /// What they wrote.
        written: String,
        /// The legal moves it most likely means, best first.
        suggestions: Vec<Suggestion>,
        /// Nearest legal moves by digits when no slip explains it.
        nearest: Vec<String>,
    },
    /// Their move is in our game already (the message was applied before).
    AlreadyRecorded {
        /// Its number.
        no: MoveNo,
        /// The move.
        numeric: String,
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
}

impl Finding {
    /// Whether this puts the message out of order.
    pub fn is_problem(&self) -> bool {
        !matches!(
            self,
            Finding::NewMove { .. }
                | Finding::EchoAgrees { .. }
                | Finding::RecordAgrees { .. }
                | Finding::AlreadyRecorded { .. }
                | Finding::Claim { .. }
        )
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
                write!(f, "several moves given as {no}: {}", written.join(", "))
            }
            Finding::UnclearMove {
                no,
                written,
                suggestions,
                nearest,
            } => {
                write!(f, "your move {no} {written} is not a legal numeric move")?;
                write_suggestions(f, suggestions, nearest)
            }
            Finding::AlreadyRecorded { no, numeric } => {
                write!(f, "your move {no} {numeric} is recorded already")
            }
            Finding::Claim { claim } => write!(f, "the message {}", claim.describe()),
            Finding::GameOver { result } => write!(f, "the game is over ({result})"),
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
