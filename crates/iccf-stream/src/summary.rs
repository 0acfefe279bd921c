//! What a conversion run did, as one line for the end of it.

use std::fmt;
use std::time::Duration;

/// The end-of-run statistics, printed to stderr as one line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read.
    pub games: u64,
    /// Moves converted.
    pub moves: u64,
    /// Games that had at least one error.
    pub games_with_errors: u64,
    /// Input bytes (as stored, i.e. compressed size for compressed inputs).
    pub bytes_in: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

impl Summary {
    /// Adds the counts of `other` (not its time) to these.
    pub fn add(&mut self, other: &Summary) {
        self.games += other.games;
        self.moves += other.moves;
        self.games_with_errors += other.games_with_errors;
        self.bytes_in += other.bytes_in;
    }
}

impl fmt::Display for Summary {
    /// `iccf: 2953 games, 240964 moves, 0 with errors, 2.5 MB in 0.21 s (11.9 MB/s)`,
    /// and `1 game`, `1 move` for one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        write!(
            f,
            "iccf: {}, {}, {} with errors, {} in {:.2} s",
            Count(self.games, "game"),
            Count(self.moves, "move"),
            self.games_with_errors,
            DecimalBytes(self.bytes_in as f64),
            secs
        )?;
        // No rate for an instant run: it would be infinite or meaningless.
        if secs > 0.0 {
            write!(f, " ({}/s)", DecimalBytes(self.bytes_in as f64 / secs))?;
        }
        Ok(())
    }
}

/// A count and its noun, singular for one: `1 game`, `2 games`.
#[derive(Clone, Copy, Debug)]
pub struct Count(pub u64, pub &'static str);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.0 == 1 { "" } else { "s" };
        write!(f, "{} {}{plural}", self.0, self.1)
    }
}

/// Formats a byte count with SI prefixes (1 MB = 1,000,000 bytes, like
/// `ls --si` and indicatif's `decimal_bytes`) and one decimal.
struct DecimalBytes(f64);

impl fmt::Display for DecimalBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["kB", "MB", "GB", "TB", "PB"];
        let mut value = self.0;
        if value < 1000.0 {
            return write!(f, "{value:.0} B");
        }
        let mut unit = UNITS[0];
        for u in UNITS {
            value /= 1000.0;
            unit = u;
            // Round first so that 999.96 kB prints as "1.0 MB", not "1000.0 kB".
            if (value * 10.0).round() / 10.0 < 1000.0 {
                break;
            }
        }
        write!(f, "{value:.1} {unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_line() {
        let s = Summary {
            games: 2953,
            moves: 240_964,
            games_with_errors: 0,
            bytes_in: 2_500_000,
            elapsed: Duration::from_millis(210),
        };
        assert_eq!(
            s.to_string(),
            "iccf: 2953 games, 240964 moves, 0 with errors, 2.5 MB in 0.21 s (11.9 MB/s)"
        );
    }

    #[test]
    fn summary_said_1_games() {
        let s = Summary {
            games: 1,
            moves: 1,
            games_with_errors: 1,
            bytes_in: 12,
            elapsed: Duration::ZERO,
        };
        assert_eq!(
            s.to_string(),
            "iccf: 1 game, 1 move, 1 with errors, 12 B in 0.00 s"
        );
        assert_eq!(Count(0, "game").to_string(), "0 games");
        assert_eq!(Count(2, "move").to_string(), "2 moves");
    }

    #[test]
    fn summary_without_elapsed_time_has_no_rate() {
        let s = Summary {
            games: 1,
            moves: 0,
            games_with_errors: 1,
            bytes_in: 12,
            elapsed: Duration::ZERO,
        };
        assert_eq!(
            s.to_string(),
            "iccf: 1 game, 0 moves, 1 with errors, 12 B in 0.00 s"
        );
    }

    #[test]
    fn byte_units() {
        let b = |n: f64| DecimalBytes(n).to_string();
        assert_eq!(b(0.0), "0 B");
        assert_eq!(b(999.0), "999 B");
        assert_eq!(b(1000.0), "1.0 kB");
        assert_eq!(b(999_960.0), "1.0 MB");
        assert_eq!(b(2_500_000.0), "2.5 MB");
        assert_eq!(b(11_904_761.9), "11.9 MB");
        assert_eq!(b(3.2e9), "3.2 GB");
        assert_eq!(b(1e21), "1000000.0 PB");
    }
}
