//! The ICCF time control `10/50`: 10 moves in 50 days, carried over.

use core::fmt;
use core::str::FromStr;

use serde::Serialize;

/// `moves` moves in `days` days; unused days carry over to the next period.
///
/// ```
/// use iccf_corr::TimeControl;
///
/// let tc: TimeControl = "10/50".parse()?;
/// assert_eq!(tc.allowance(1), 50);
/// assert_eq!(tc.allowance(11), 100);
/// # Ok::<_, iccf_corr::ParseTimeControlError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TimeControl {
    /// Moves per period.
    pub moves: u32,
    /// Days per period.
    pub days: u32,
}

impl TimeControl {
    /// Days allowed in total for a side's first `moves_made` moves.
    pub fn allowance(self, moves_made: u32) -> u64 {
        let periods = moves_made.max(1).div_ceil(self.moves.max(1));
        u64::from(periods) * u64::from(self.days)
    }
}

/// Why a text is not a time control such as `10/50`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTimeControlError;

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a time control MOVES/DAYS such as 10/50")
    }
}

impl std::error::Error for ParseTimeControlError {}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let (moves, days) = s.trim().split_once('/').ok_or(ParseTimeControlError)?;
        let number = |t: &str| t.trim().parse::<u32>().ok().filter(|&n| n > 0);
        match (number(moves), number(days)) {
            (Some(moves), Some(days)) => Ok(TimeControl { moves, days }),
            _ => Err(ParseTimeControlError),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.moves, self.days)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_counts_periods() {
        let tc: TimeControl = "10/50".parse().unwrap();
        assert_eq!(tc.to_string(), "10/50");
        assert_eq!([0, 10, 20, 21].map(|n| tc.allowance(n)), [50, 50, 100, 150]);
        for bad in ["10", "0/50", "10/", "a/b", "40/120/2"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }
}
