//! Where a game stands: whose move, the last move each way, both clocks,
//! and what needs doing (`iccf status`).

use core::fmt;

use serde::Serialize;

use iccf::MoveNumber as MoveNo;
use shakmaty::Color as Side;

use crate::{Date, Game};

/// The tag set when our if-move reply was played but its card not yet
/// written (by [`crate::apply`]: `check --apply`, `mail --apply`, the web
/// desk); cleared by their next move and by [`Game::card_written`].
pub const CARD_DUE_TAG: &str = "ICCFCardDue";

/// How long to wait before asking for a move again, and before telling
/// the tournament director.
///
/// The defaults are ICCF's: "It is necessary to wait 14 days before sending
/// a repeat" and "Games MAY be scored as lost if 40 days pass without a
/// move being played unless the Tournament Director has been informed of
/// the delay" (ICCF Playing Rules Guidelines, e-mail play, 3a and 3b,
/// <http://www.iccf.com/rules/rules_guidelines.shtml>; the same 14 and 40
/// days are the webserver's reminders and silence period,
/// <https://www.iccf.com/message?message=1036>). Postal events and other
/// federations set their own: every field can be changed.
///
/// ```
/// let rules = iccf_corr::Deadlines::default();
/// assert_eq!((rules.repeat_after, rules.report_after), (14, 40));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deadlines {
    /// Days without their answer after which we send a repeat (and after
    /// which they may repeat to us).
    pub repeat_after: i64,
    /// Days without their answer after which we report to the director.
    pub report_after: i64,
}

impl Default for Deadlines {
    fn default() -> Deadlines {
        Deadlines {
            repeat_after: 14,
            report_after: 40,
        }
    }
}

/// One side's last move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastMove {
    /// Its number.
    #[serde(serialize_with = "crate::serial::display")]
    pub no: MoveNo,
    /// The move in numeric notation.
    pub numeric: String,
    /// When it was sent.
    pub sent: Option<Date>,
}

/// One side's clock against the time control.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Clock {
    /// Days used, the running move included.
    pub used: i64,
    /// Days left until the next time control (negative: over the limit),
    /// when the game has a time control.
    pub left: Option<i64>,
    /// The move that ends the current period (move 10 of `10/50`).
    pub control_move: Option<u32>,
}

/// Something that needs doing, or a game that needs nothing any more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Alert {
    /// A side has used more days than the time control allows.
    OverTime {
        /// Who.
        #[serde(serialize_with = "crate::serial::display")]
        side: Side,
        /// Days over.
        days: i64,
    },
    /// Our move has waited as long as the repeat deadline.
    OurMoveOverdue {
        /// Days since we received their move.
        days: i64,
    },
    /// Their answer is overdue: send a repeat, or report.
    TheirAnswerOverdue {
        /// Days since we sent our move.
        days: i64,
        /// The report deadline has passed too.
        report: bool,
    },
    /// Our if-move reply was played, its card not yet written.
    IfMoveNotSent {
        /// The move.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNo,
        /// In numeric.
        numeric: String,
    },
    /// Their draw offer is open: our next move or card answers it.
    TheirDrawOffer,
    /// The game is over.
    Finished {
        /// Its result.
        result: String,
    },
}

impl fmt::Display for Alert {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Alert::OverTime { side, days } => {
                write!(f, "{side} is {days} days over the time limit")
            }
            Alert::OurMoveOverdue { days } => write!(f, "our move overdue ({days} days)"),
            Alert::TheirAnswerOverdue {
                days,
                report: false,
            } => {
                write!(f, "their answer overdue ({days} days): send a repeat")
            }
            Alert::TheirAnswerOverdue { days, report: true } => write!(
                f,
                "their answer overdue ({days} days): report to the tournament director"
            ),
            Alert::IfMoveNotSent { no, numeric } => {
                write!(f, "if-move {no} {numeric} played, card not sent")
            }
            Alert::TheirDrawOffer => f.write_str("their draw offer open"),
            Alert::Finished { result } => write!(f, "finished {result}"),
        }
    }
}

/// Where a game stands on a day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameStatus {
    /// The `Event` tag.
    pub event: String,
    /// The `Round` tag.
    pub round: String,
    /// The game's ID (`GameId` tag), if any.
    pub game_id: Option<String>,
    /// The opponent's name.
    pub opponent: String,
    /// Our side.
    #[serde(serialize_with = "crate::serial::display")]
    pub side: Side,
    /// Whose move it is (`None` once the game is over).
    #[serde(serialize_with = "crate::serial::display_option")]
    pub to_move: Option<Side>,
    /// Our last move.
    pub ours: Option<LastMove>,
    /// Their last move.
    pub theirs: Option<LastMove>,
    /// Days on the clock of the side to move since it received the last
    /// move (our leave not counted).
    pub waiting: Option<i64>,
    /// Our clock.
    pub our_clock: Clock,
    /// Their clock.
    pub their_clock: Clock,
    /// The day the side to move reaches its next control's limit.
    pub deadline: Option<Date>,
    /// What needs doing.
    pub alerts: Vec<Alert>,
}

/// The game's ID: `GameId` as ICCF's server and most tools write it, or the
/// spellings others use.
pub fn game_id(game: &Game) -> Option<&str> {
    ["GameId", "GameID", "ICCFGameId", "CmailGameName"]
        .iter()
        .find_map(|tag| game.tag(tag))
        .filter(|id| !id.trim().is_empty() && *id != "?")
}

/// Where `game`, in which we play `side`, stands on `today`.
///
/// ```
/// use iccf_corr::{Alert, Deadlines, game_status, read_game};
/// use shakmaty::Color as Side;
///
/// let game = read_game(b"[Date \"2026.11.01\"]\n[TimeControl \"10/50\"]\n\n\
///     1. 5254 {[%ccsnt 2026.11.03] [%ccrcv 2026.11.04]} 5755 {[%ccsnt 2026.11.09]} *")?;
/// let status = game_status(&game, Side::White, "2026.11.30".parse()?, &Deadlines::default());
/// assert_eq!(status.to_move, Some(Side::White));
/// // 2 days for move 1, then 21 since we received 1... 5755.
/// assert_eq!((status.our_clock.used, status.our_clock.left), (23, Some(27)));
/// assert_eq!(status.deadline.unwrap().to_string(), "2026.12.27");
/// assert_eq!(status.alerts, [Alert::OurMoveOverdue { days: 21 }]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn game_status(game: &Game, side: Side, today: Date, rules: &Deadlines) -> GameStatus {
    let to_move = (!game.is_over()).then(|| game.next_no().turn);
    // One clock for the card and the status: our leave counted there.
    let clocks = crate::clock(game, side, today);
    let of = |s: Side| &clocks[usize::from(s == Side::Black)];
    let waiting = to_move
        .filter(|_| last_arrival(game).is_some())
        .map(|s| of(s).running);
    let (our_clock, their_clock) = (period(game, of(side)), period(game, of(side.other())));
    let deadline = to_move.and_then(|s| of(s).deadline);
    let mut status = GameStatus {
        event: game.tag("Event").unwrap_or("?").to_owned(),
        round: game.tag("Round").unwrap_or("-").to_owned(),
        game_id: game_id(game).map(str::to_owned),
        opponent: game.tag(player_tag(side.other())).unwrap_or("?").to_owned(),
        side,
        to_move,
        ours: last_move(game, side),
        theirs: last_move(game, side.other()),
        waiting,
        our_clock,
        their_clock,
        deadline,
        alerts: Vec::new(),
    };
    status.alerts = alerts(game, &status, rules);
    status
}

/// The tag naming `side`'s player.
pub fn player_tag(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// When the side to move got the last move: its received date, else its
/// sent date; before move 1, the game's start (`Date` tag).
fn last_arrival(game: &Game) -> Option<Date> {
    match game.plies.last() {
        Some(ply) => ply.received.or(ply.sent),
        None => game.tag("Date").and_then(|d| d.parse().ok()),
    }
}

fn last_move(game: &Game, side: Side) -> Option<LastMove> {
    let i = (0..game.plies.len())
        .rev()
        .find(|&i| game.side_of_ply(i) == side)?;
    Some(LastMove {
        no: game.number_of_ply(i),
        numeric: game.plies[i].mv.to_string(),
        sent: game.plies[i].sent,
    })
}

/// A side's clock as the status shows it: the days used, the running
/// move's included, against the period its next move falls in.
fn period(game: &Game, clock: &crate::SideClock) -> Clock {
    let used = clock.total + clock.running;
    let Some(tc) = game.time_control() else {
        return Clock {
            used,
            left: None,
            control_move: None,
        };
    };
    let next = clock.moves + 1;
    Clock {
        used,
        left: clock.left,
        control_move: Some(next.div_ceil(tc.moves) * tc.moves),
    }
}

fn alerts(game: &Game, status: &GameStatus, rules: &Deadlines) -> Vec<Alert> {
    let mut alerts = Vec::new();
    if game.is_over() {
        alerts.push(Alert::Finished {
            result: game.result().to_owned(),
        });
        return alerts;
    }
    for (side, clock) in [
        (status.side, status.our_clock),
        (status.side.other(), status.their_clock),
    ] {
        if let Some(left) = clock.left.filter(|&l| l < 0) {
            alerts.push(Alert::OverTime { side, days: -left });
        }
    }
    let days = status.waiting.unwrap_or(0);
    if status.to_move == Some(status.side) {
        if days >= rules.repeat_after {
            alerts.push(Alert::OurMoveOverdue { days });
        }
    } else if days >= rules.repeat_after && status.ours.is_some() {
        alerts.push(Alert::TheirAnswerOverdue {
            days,
            report: days >= rules.report_after,
        });
    }
    if game.open_draw_offer() == Some(status.side.other()) {
        alerts.push(Alert::TheirDrawOffer);
    }
    if game.tag(CARD_DUE_TAG).is_some()
        && let Some(ours) = &status.ours
    {
        alerts.push(Alert::IfMoveNotSent {
            no: ours.no,
            numeric: ours.numeric.clone(),
        });
    }
    alerts
}

impl GameStatus {
    /// A sort key, most urgent first: a side over time, our move overdue,
    /// a card to send, our other moves by days left, their overdue answers
    /// (longest first), games waiting for them, finished games.
    pub fn urgency(&self) -> (u8, i64) {
        let has = |f: fn(&Alert) -> bool| self.alerts.iter().any(f);
        let left = self.our_clock.left.unwrap_or(i64::MAX / 2);
        let waiting = self.waiting.unwrap_or(0);
        if has(|a| matches!(a, Alert::Finished { .. })) {
            (7, 0)
        } else if has(|a| matches!(a, Alert::OverTime { .. })) {
            (0, left)
        } else if has(|a| matches!(a, Alert::OurMoveOverdue { .. })) {
            (1, left)
        } else if has(|a| matches!(a, Alert::IfMoveNotSent { .. })) {
            (2, left)
        } else if self.to_move == Some(self.side) {
            (3, left)
        } else if has(|a| matches!(a, Alert::TheirAnswerOverdue { report: true, .. })) {
            (4, -waiting)
        } else if has(|a| matches!(a, Alert::TheirAnswerOverdue { .. })) {
            (5, -waiting)
        } else {
            (6, -waiting)
        }
    }

    /// "EM/M/GT/102" or "Event, round R": how the game is named on a line.
    pub fn name(&self) -> String {
        let mut name = self.event.clone();
        if !matches!(self.round.as_str(), "" | "-" | "?") {
            name.push_str(&format!(" r{}", self.round));
        }
        if let Some(id) = &self.game_id {
            name = format!("{id} {name}");
        }
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_game;

    fn at(game: &[u8], side: Side, today: &str) -> GameStatus {
        let game = read_game(game).unwrap();
        game_status(&game, side, today.parse().unwrap(), &Deadlines::default())
    }

    #[test]
    fn their_silence_asks_for_a_repeat_then_a_report() {
        let game = b"[TimeControl \"10/50\"]\n\n1. 5254 {[%ccsnt 2026.11.01]} *";
        let alert = |today| at(game, Side::White, today).alerts;
        assert_eq!(alert("2026.11.14"), []);
        assert_eq!(
            alert("2026.11.15"),
            [Alert::TheirAnswerOverdue {
                days: 14,
                report: false
            }]
        );
        assert_eq!(
            alert("2026.12.11"),
            [Alert::TheirAnswerOverdue {
                days: 40,
                report: true
            }]
        );
    }

    #[test]
    fn over_the_limit_is_said_and_sorted_first() {
        let game = b"[TimeControl \"10/50\"]\n\n1. 5254 {[%ccsnt 2026.11.01]} 5755 {[%ccsnt 2026.11.02] [%ccrcv 2026.11.02]} *";
        let late = at(game, Side::White, "2027.01.01");
        assert_eq!(late.our_clock.left, Some(50 - 60));
        assert_eq!(
            late.alerts[0],
            Alert::OverTime {
                side: Side::White,
                days: 10
            }
        );
        let waiting = at(game, Side::Black, "2026.11.03");
        assert!(late.urgency() < waiting.urgency());
    }

    /// A draw offer of theirs, recorded by `check --apply`, showed on no
    /// status line: a player could answer it without knowing of it.
    #[test]
    fn their_open_draw_offer_was_not_shown() {
        let game = b"1. 5254 {[%ccsnt 2026.11.01]} 5755 {[%ccsnt 2026.11.02] [%ccrcv 2026.11.03] [%ccdrawoffer black]} *";
        let status = at(game, Side::White, "2026.11.04");
        assert_eq!(status.alerts, [Alert::TheirDrawOffer]);
        assert_eq!(status.alerts[0].to_string(), "their draw offer open");
        // Our own offer is no news to us; answered by a move, it is gone.
        assert_eq!(at(game, Side::Black, "2026.11.04").alerts, []);
        let answered = b"1. 5254 5755 {[%ccdrawoffer black]} 2. 7163 *";
        assert_eq!(at(answered, Side::White, "2026.11.04").alerts, []);
    }

    #[test]
    fn a_finished_game_needs_nothing() {
        let status = at(b"[Result \"1-0\"]\n\n1. 5254 *", Side::Black, "2030.01.01");
        assert_eq!(status.to_move, None);
        assert_eq!(
            status.alerts,
            [Alert::Finished {
                result: "1-0".into()
            }]
        );
        assert_eq!(status.urgency().0, 7);
    }

    #[test]
    fn the_period_of_the_next_move_counts() {
        // 2 moves in 5 days: Black's second move still falls in the first
        // period, White's third in the second (10 days in all).
        let game = b"[TimeControl \"2/5\"]\n\n1. 5254 {[%ccsnt 2026.11.01] [%ccrcv 2026.11.01]} 5755 {[%ccsnt 2026.11.03] [%ccrcv 2026.11.03]} 2. 7163 {[%ccsnt 2026.11.04] [%ccrcv 2026.11.04]} *";
        let status = at(game, Side::White, "2026.11.05");
        assert_eq!(status.their_clock.control_move, Some(2));
        assert_eq!(status.their_clock.left, Some(5 - 2 - 1));
        assert_eq!(status.our_clock.control_move, Some(4));
        assert_eq!(status.our_clock.left, Some(10 - 1));
        assert_eq!(status.deadline.unwrap().to_string(), "2026.11.07");
    }

    #[test]
    fn our_leave_stops_our_clock_and_moves_the_deadline() {
        // We received 1... 5755 on 11.02; 11.05 to 11.14 is our leave.
        let game = b"[TimeControl \"10/50\"]\n[ICCFLeave \"2026.11.05..2026.11.14\"]\n\n\
            1. 5254 {[%ccsnt 2026.11.01] [%ccrcv 2026.11.01]} 5755 {[%ccsnt 2026.11.02] [%ccrcv 2026.11.02]} *";
        let status = at(game, Side::White, "2026.11.20");
        // 18 days since, 10 of them leave.
        assert_eq!(status.waiting, Some(8));
        assert_eq!(status.our_clock.used, 8);
        assert_eq!(status.alerts, []);
        assert_eq!(status.our_clock.left, Some(42));
        assert_eq!(status.deadline.unwrap().to_string(), "2027.01.01");
        // As Black, the leave is ours, not White's: White's clock runs.
        let theirs = at(game, Side::Black, "2026.11.20");
        assert_eq!(theirs.waiting, Some(18));
        assert_eq!(theirs.their_clock.used, 18);
        assert_eq!(theirs.their_clock.left, Some(32));
        assert_eq!(theirs.deadline.unwrap().to_string(), "2026.12.22");
    }
}
