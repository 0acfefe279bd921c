//! The ICCF clock of a postal or e-mail game: days used per move and in
//! total, the time control with carry-over, leave, the next control's
//! deadline.
//!
//! How ICCF counts, as this module does:
//!
//! - A move's time runs from the day its player received the opponent's
//!   move to the day they sent their reply ("the time starts counting when
//!   your opponent's move is made available to you and ends when you send
//!   your reply"; an e-mail counts as received when the mail server makes
//!   it available): ICCF Playing Rules Guidelines, rule 2g,
//!   <http://www.iccf.com/rules/rules_guidelines.shtml>. The first move's
//!   time runs from the event's start date (the game's `Date` tag, `iccf
//!   card --start`). Whole days: a reply sent the day the move came counts
//!   0 days.
//! - Each message gives the time used and the total for both players
//!   (rule 2k, same page); the opponent's totals are compared with ours.
//! - The time control `10/50` is ten moves in fifty days, the days not
//!   used carrying over: after 10 moves at most 50 days in total, after 20
//!   moves at most 100, and so on; exceeding the total at a control loses
//!   the game. The same cumulative counting is spelled out in the rules of
//!   mychess.de's correspondence server ("more than 30 days were needed to
//!   make 10 or less moves, 60 days for 20 moves"),
//!   <http://www.mychess.de/ChessTimeLimit.htm>.
//! - Leave stops a player's clock for its days; ICCF limits it per
//!   calendar year. We did not find the current ICCF figure for postal and
//!   e-mail play in the sources we could reach, so the yearly allowance is
//!   [`LEAVE_DAYS_PER_YEAR`] (30, as for the loss of e-mail access in
//!   ICCF's 2005 e-mail rules, rule 1c,
//!   <https://kszgk.com/iccf/?page_id=237>) and can be changed.

use core::fmt;
use core::str::FromStr;

use iccf::MoveNumber;
use serde::Serialize;
use shakmaty::Color;

use crate::{Date, Game, TimeControl};

/// The leave days a player may take per calendar year, by default.
pub const LEAVE_DAYS_PER_YEAR: i64 = 30;

/// The game file's tag that keeps our leave: `2027.01.05..2027.01.20`,
/// several separated by spaces.
pub const LEAVE_TAG: &str = "ICCFLeave";

/// Warn when fewer days than this are left to the next time control.
pub const WARN_DAYS: i64 = 10;

/// A leave, from its first day to its last, both included.
///
/// ```
/// use iccf_corr::Leave;
///
/// let leave: Leave = "2027.01.05..2027.01.20".parse()?;
/// assert_eq!(leave.days(), 16);
/// assert_eq!(leave.to_string(), "2027.01.05..2027.01.20");
/// assert!("2027.01.20..2027.01.05".parse::<Leave>().is_err());
/// # Ok::<_, iccf_corr::ParseLeaveError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Leave {
    /// The first day of leave.
    pub from: Date,
    /// The last day of leave.
    pub to: Date,
}

impl Leave {
    /// Its length in days.
    pub fn days(self) -> i64 {
        self.to.days_since(self.from) + 1
    }

    /// Whether `day` is a day of leave.
    pub fn contains(self, day: Date) -> bool {
        self.from <= day && day <= self.to
    }
}

/// Why a text is not a leave `FROM..TO`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLeaveError;

impl fmt::Display for ParseLeaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a leave FROM..TO such as 2027.01.05..2027.01.20, FROM not after TO")
    }
}

impl std::error::Error for ParseLeaveError {}

impl FromStr for Leave {
    type Err = ParseLeaveError;

    fn from_str(s: &str) -> Result<Leave, ParseLeaveError> {
        let (from, to) = s.trim().split_once("..").ok_or(ParseLeaveError)?;
        let from: Date = from.parse().map_err(|_| ParseLeaveError)?;
        let to: Date = to.parse().map_err(|_| ParseLeaveError)?;
        if to < from {
            return Err(ParseLeaveError);
        }
        Ok(Leave { from, to })
    }
}

impl fmt::Display for Leave {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.from, self.to)
    }
}

/// One side's clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideClock {
    /// The side.
    #[serde(serialize_with = "crate::serial::display")]
    pub side: Color,
    /// Moves it made.
    pub moves: u32,
    /// Days its last move took.
    pub last: i64,
    /// Days of all its moves.
    pub total: i64,
    /// Days on its clock now, since it received the move it must answer
    /// (0 for the side not to move).
    pub running: i64,
    /// The move of the next time control.
    #[serde(serialize_with = "crate::serial::display_option")]
    pub next_control: Option<MoveNumber>,
    /// Days left until it, counting the running days.
    pub left: Option<i64>,
    /// The last day to send that move, for the side to move (leave
    /// pushes it back).
    pub deadline: Option<Date>,
    /// Where it first exceeded the time limit: the move, days used,
    /// days allowed.
    #[serde(skip)]
    pub exceeded: Option<(MoveNumber, i64, i64)>,
}

/// The clocks of White and Black in `game` on `today`, with our `side`'s
/// leave (from the [`LEAVE_TAG`] tag) not counted.
///
/// ```
/// use iccf_corr::{clock, read_game};
/// use shakmaty::Color;
///
/// let game = read_game(b"[Date \"2026.12.01\"]\n[TimeControl \"10/50\"]\n[ICCFLeave \"2026.12.10..2026.12.14\"]\n\n\
///     1. 5254 {[%ccsnt 2026.12.03] [%ccrcv 2026.12.04]} 5755 {[%ccsnt 2026.12.09] [%ccrcv 2026.12.09]} *")?;
/// let [white, black] = clock(&game, Color::White, "2026.12.20".parse()?);
/// assert_eq!((white.total, white.running), (2, 6)); // 11 days since 12.09, 5 of them leave
/// assert_eq!(white.left, Some(42));
/// assert_eq!(white.deadline.unwrap().to_string(), "2027.01.31");
/// assert_eq!(black.total, 5);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn clock(game: &Game, side: Color, today: Date) -> [SideClock; 2] {
    let leave = leave_of(game);
    let start: Option<Date> = game.tag("Date").and_then(|d| d.parse().ok());
    let tc = game.time_control();
    let mut clocks = [Color::White, Color::Black].map(|c| SideClock {
        side: c,
        moves: 0,
        last: 0,
        total: 0,
        running: 0,
        next_control: None,
        left: None,
        deadline: None,
        exceeded: None,
    });
    let ours = |c: Color| if c == side { leave.as_slice() } else { &[] };
    let mut from = start;
    for (i, ply) in game.plies.iter().enumerate() {
        let c = game.side_of_ply(i);
        let days = match (from, ply.sent) {
            (Some(from), Some(sent)) => counted(from, sent, ours(c)),
            _ => 0,
        };
        let clock = &mut clocks[usize::from(c == Color::Black)];
        clock.last = days;
        clock.total += days;
        clock.moves += 1;
        if let Some(tc) = tc
            && clock.exceeded.is_none()
        {
            let allowed = tc.allowance(clock.moves) as i64;
            if clock.total > allowed {
                clock.exceeded = Some((game.number_of_ply(i), clock.total, allowed));
            }
        }
        // Black's first move runs from White's first move's arrival.
        from = ply.received.or(ply.sent).or(from);
    }
    let to_move = game.side_of_ply(game.plies.len());
    if let Some(from) = from.filter(|_| !game.is_over()) {
        clocks[usize::from(to_move == Color::Black)].running =
            counted(from, today, ours(to_move)).max(0);
    }
    if let Some(tc) = tc {
        for clock in &mut clocks {
            next_control(
                game,
                tc,
                clock,
                clock.side == to_move,
                today,
                ours(clock.side),
            );
        }
    }
    clocks
}

/// Days counted from `from` to `to`: the days after `from` up to `to`,
/// without the days of `leave`.
fn counted(from: Date, to: Date, leave: &[Leave]) -> i64 {
    let days = to.days_since(from);
    let off: i64 = leave
        .iter()
        .map(|l| {
            let first = l.from.to_days().max(from.to_days() + 1);
            let last = l.to.to_days().min(to.to_days());
            (last - first + 1).max(0)
        })
        .sum();
    days - off
}

/// The next control's move, the days left until it and, for the side to
/// move, the day they run out.
fn next_control(
    game: &Game,
    tc: TimeControl,
    clock: &mut SideClock,
    on_move: bool,
    today: Date,
    leave: &[Leave],
) {
    let next = clock.moves + 1;
    let control = next.div_ceil(tc.moves) * tc.moves;
    let left = tc.allowance(next) as i64 - clock.total - clock.running;
    let first = usize::from(game.side_of_ply(0) != clock.side);
    clock.next_control = Some(game.number_of_ply(first + 2 * (control as usize - 1)));
    clock.left = Some(left);
    if on_move {
        clock.deadline = Some(deadline(today, left, leave));
    }
}

/// The day `left` counted days after `today` (before it, when over the
/// limit), the days of `leave` stepped over. Jumps a stretch at a time,
/// so that a time control of millions of days costs no more than one of
/// fifty.
fn deadline(today: Date, left: i64, leave: &[Leave]) -> Date {
    let mut day = today.to_days();
    let mut rest = left;
    while rest != 0 {
        let next = day.saturating_add(rest);
        // The stretch just crossed, `today` excluded: its leave days are
        // still to be counted.
        let (first, last) = if rest > 0 {
            (day + 1, next)
        } else {
            (next, day - 1)
        };
        rest = rest.signum() * leave_days_between(first, last, leave);
        day = next;
    }
    Date::from_days(day)
}

/// Days from `first` to `last` (day numbers, both counted) on leave,
/// a day in two overlapping leaves counted once.
fn leave_days_between(first: i64, last: i64, leave: &[Leave]) -> i64 {
    let mut spans: Vec<(i64, i64)> = leave
        .iter()
        .map(|l| (l.from.to_days().max(first), l.to.to_days().min(last)))
        .filter(|(from, to)| from <= to)
        .collect();
    spans.sort_unstable();
    let mut days = 0;
    let mut counted_to = first - 1;
    for (from, to) in spans {
        let from = from.max(counted_to + 1);
        if from <= to {
            days += to - from + 1;
            counted_to = to;
        }
    }
    days
}

/// Our leave, from the game file's [`LEAVE_TAG`] tag.
pub fn leave_of(game: &Game) -> Vec<Leave> {
    game.tag(LEAVE_TAG)
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|l| l.parse().ok())
        .collect()
}

/// Days of `leave` in calendar year `year`.
pub fn leave_days_in(leave: &[Leave], year: i32) -> i64 {
    let first = Date::new(year, 1, 1).map_or(0, Date::to_days);
    let last = Date::new(year, 12, 31).map_or(0, Date::to_days);
    leave
        .iter()
        .map(|l| (l.to.to_days().min(last) - l.from.to_days().max(first) + 1).max(0))
        .sum()
}

/// The first calendar year from `from_year` on in which `leave` takes
/// more than [`LEAVE_DAYS_PER_YEAR`] days, with its days.
///
/// ```
/// use iccf_corr::{Leave, leave_over_allowance};
///
/// let fine: Leave = "2026.12.20..2027.01.20".parse()?;
/// assert_eq!(leave_over_allowance(&[fine], 2026), None);
/// let long: Leave = "2026.01.01..2026.02.28".parse()?;
/// assert_eq!(leave_over_allowance(&[fine, long], 2026), Some((2026, 71)));
/// assert_eq!(leave_over_allowance(&[fine, long], 2027), None);
/// # Ok::<_, iccf_corr::ParseLeaveError>(())
/// ```
pub fn leave_over_allowance(leave: &[Leave], from_year: i32) -> Option<(i32, i64)> {
    let mut years: Vec<i32> = leave
        .iter()
        .flat_map(|l| l.from.year().max(from_year)..=l.to.year())
        .collect();
    years.sort_unstable();
    years.dedup();
    years
        .into_iter()
        .map(|year| (year, leave_days_in(leave, year)))
        .find(|&(_, days)| days > LEAVE_DAYS_PER_YEAR)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_game;

    fn game(moves: &str) -> Game {
        read_game(format!("[Date \"2027.01.01\"]\n[TimeControl \"2/10\"]\n\n{moves} *").as_bytes())
            .unwrap()
    }

    #[test]
    fn days_carry_over_to_the_next_control() {
        // White: 3 + 5 days for two moves (of 10), then 4 more (of 20).
        let g = game(
            "1. 5254 {[%ccsnt 2027.01.04] [%ccrcv 2027.01.04]} 5755 {[%ccsnt 2027.01.05] [%ccrcv 2027.01.05]} \
             2. 7163 {[%ccsnt 2027.01.10] [%ccrcv 2027.01.10]} 2836 {[%ccsnt 2027.01.11] [%ccrcv 2027.01.11]} \
             3. 6125 {[%ccsnt 2027.01.15] [%ccrcv 2027.01.15]}",
        );
        let [white, black] = clock(&g, Color::White, "2027.01.16".parse().unwrap());
        assert_eq!((white.total, white.moves, white.exceeded), (12, 3, None));
        assert_eq!(white.next_control.unwrap().to_string(), "4.");
        assert_eq!(white.left, Some(8));
        assert_eq!((black.total, black.running), (2, 1));
        assert_eq!(black.left, Some(17));
        assert_eq!(black.deadline.unwrap().to_string(), "2027.02.02");
    }

    #[test]
    fn an_overstep_names_its_move() {
        let g = game(
            "1. 5254 {[%ccsnt 2027.01.04] [%ccrcv 2027.01.04]} 5755 {[%ccsnt 2027.01.05] [%ccrcv 2027.01.05]} \
             2. 7163 {[%ccsnt 2027.01.14] [%ccrcv 2027.01.14]}",
        );
        let [white, _] = clock(&g, Color::White, "2027.01.16".parse().unwrap());
        let (no, used, allowed) = white.exceeded.unwrap();
        assert_eq!((no.to_string(), used, allowed), ("2.".into(), 12, 10));
    }

    #[test]
    fn leave_years() {
        let leave: Vec<Leave> = ["2026.12.20..2027.01.10", "2027.07.01..2027.07.14"]
            .iter()
            .map(|l| l.parse().unwrap())
            .collect();
        assert_eq!(leave_days_in(&leave, 2026), 12);
        assert_eq!(leave_days_in(&leave, 2027), 24);
    }

    #[test]
    fn a_huge_time_control_does_not_hang_the_deadline() {
        // 4 billion days a move: the deadline is computed, not walked to.
        let g = read_game(
            b"[Date \"2027.01.01\"]\n[TimeControl \"1/4000000000\"]\n\
              [ICCFLeave \"2027.01.05..2027.01.09\"]\n\n\
              1. 5254 {[%ccsnt 2027.01.02] [%ccrcv 2027.01.02]} *",
        )
        .unwrap();
        let started = std::time::Instant::now();
        let [_, black] = clock(&g, Color::Black, "2027.01.03".parse().unwrap());
        assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
        let left = black.left.unwrap();
        assert_eq!(left, 4_000_000_000 - 1);
        // Our 5 days of leave push it 5 days on.
        let expected = Date::from_days("2027.01.03".parse::<Date>().unwrap().to_days() + left + 5);
        assert_eq!(black.deadline, Some(expected));
    }

    #[test]
    fn the_deadline_jump_lands_where_a_day_by_day_walk_does() {
        let leave: Vec<Leave> = [
            "2027.01.05..2027.01.09",
            "2027.01.08..2027.01.12",
            "2026.12.25..2026.12.26",
        ]
        .iter()
        .map(|l| l.parse().unwrap())
        .collect();
        let today: Date = "2027.01.01".parse().unwrap();
        for left in -20_i64..=20 {
            let mut day = today;
            let mut rest = left;
            while rest != 0 {
                day = Date::from_days(day.to_days() + rest.signum());
                if !leave.iter().any(|l| l.contains(day)) {
                    rest -= rest.signum();
                }
            }
            assert_eq!(deadline(today, left, &leave), day, "{left} days left");
        }
    }
}
