//! Calendar dates as correspondence records write them: `2026.12.01`.

use core::fmt;
use core::str::FromStr;

use serde::Serialize;

/// A day of the proleptic Gregorian calendar.
///
/// Parsed from `YYYY.MM.DD` (also with `-` or `/`, and with the ICCF
/// server's `,hh:mm` time after it, which is dropped); written `YYYY.MM.DD`.
///
/// ```
/// use iccf_corr::Date;
///
/// let sent: Date = "2026.12.01".parse()?;
/// let received: Date = "2027.01.03,10:15".parse()?;
/// assert_eq!(received.days_since(sent), 33);
/// assert_eq!(received.to_string(), "2027.01.03");
/// # Ok::<_, iccf_corr::ParseDateError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

impl Date {
    /// The date `year-month-day`, if that day exists.
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        let valid = (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        valid.then_some(Date { year, month, day })
    }

    /// The date `days` days after 1970-01-01 (negative: before).
    pub fn from_days(days: i64) -> Date {
        // Civil-from-days: eras of 400 years (146097 days) starting on March 1st.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Today in the local time zone: the date a player writes on a card,
    /// whichever front asks (the CLI, the web desk on the player's own
    /// machine, Python). A clock before 1970 reads as 1970-01-01. Off Unix
    /// the zone is not read: today in UTC.
    ///
    /// ```
    /// use iccf_corr::Date;
    ///
    /// assert!(Date::today() > Date::new(2025, 1, 1).unwrap());
    /// ```
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        Date::local_at(secs)
    }

    /// The local date (in the zone [`Date::today`] reads) at `secs`
    /// seconds after 1970-01-01 00:00 UTC: the day an e-mail sent then
    /// reached us, whatever the sender's zone.
    ///
    /// ```
    /// use iccf_corr::Date;
    ///
    /// let day = Date::new(2026, 12, 4).unwrap();
    /// let noon_utc = day.to_days() * 86_400 + 12 * 3600;
    /// // The same day in UTC; from New Zealand, already the next.
    /// assert!(Date::local_at(noon_utc).days_since(day) <= 1);
    /// ```
    pub fn local_at(secs: i64) -> Date {
        Date::from_days((secs + utc_offset(secs)).div_euclid(86_400))
    }

    /// Days since 1970-01-01.
    pub fn to_days(self) -> i64 {
        let year = i64::from(self.year) - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let yoe = year.rem_euclid(400);
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The year.
    pub fn year(self) -> i32 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u8 {
        self.day
    }

    /// Whole days from `earlier` to `self` (negative if `earlier` is later).
    pub fn days_since(self, earlier: Date) -> i64 {
        self.to_days() - earlier.to_days()
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Why a text is not a date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDateError;

/// The local time zone's offset from UTC at `secs`, in seconds (as
/// `localtime_r` gives it, so `TZ` counts).
#[cfg(unix)]
fn utc_offset(secs: i64) -> i64 {
    let time = secs as libc::time_t;
    // SAFETY: localtime_r writes into the zeroed struct we own and reads
    // only `time`; both live across the call.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let ok = unsafe { !libc::localtime_r(&time, &mut tm).is_null() };
    if ok { tm.tm_gmtoff } else { 0 }
}

#[cfg(not(unix))]
fn utc_offset(_secs: i64) -> i64 {
    0
}

impl fmt::Display for ParseDateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a date YYYY.MM.DD")
    }
}

impl std::error::Error for ParseDateError {}

impl FromStr for Date {
    type Err = ParseDateError;

    fn from_str(s: &str) -> Result<Date, ParseDateError> {
        // The ICCF server adds the time of day: `2019.04.02,21:27`.
        let day_part = s.split(',').next().unwrap_or(s).trim();
        let mut parts = day_part.split(['.', '-', '/']);
        let mut next = || {
            parts
                .next()
                .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        };
        let year = next().filter(|y| y.len() == 4).ok_or(ParseDateError)?;
        let month = next().filter(|m| m.len() <= 2).ok_or(ParseDateError)?;
        let day = next().filter(|d| d.len() <= 2).ok_or(ParseDateError)?;
        if parts.next().is_some() {
            return Err(ParseDateError);
        }
        let parse = |t: &str| t.parse::<u16>().map_err(|_| ParseDateError);
        Date::new(
            i32::from(parse(year)?),
            parse(month)? as u8,
            parse(day)? as u8,
        )
        .ok_or(ParseDateError)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_round_trip_over_four_centuries() {
        for days in (-200_000..200_000).step_by(7) {
            let date = Date::from_days(days);
            assert_eq!(date.to_days(), days, "{date}");
            assert_eq!(Date::new(date.year, date.month, date.day), Some(date));
        }
    }

    #[test]
    fn known_days() {
        assert_eq!(Date::new(1970, 1, 1).unwrap().to_days(), 0);
        assert_eq!(Date::new(2000, 3, 1).unwrap().to_days(), 11_017);
        let leap: Date = "2028.02.28".parse().unwrap();
        assert_eq!("2028.03.01".parse::<Date>().unwrap().days_since(leap), 2);
        let plain: Date = "2027.02.28".parse().unwrap();
        assert_eq!("2027.03.01".parse::<Date>().unwrap().days_since(plain), 1);
    }

    #[test]
    fn parses_the_forms_met() {
        for text in ["2019.04.02", "2019-04-02", "2019/4/2", "2019.04.02,21:27"] {
            assert_eq!(
                text.parse::<Date>().unwrap().to_string(),
                "2019.04.02",
                "{text}"
            );
        }
        for bad in [
            "2019.02.30",
            "19.04.02",
            "2019.04",
            "2019.04.02.01",
            "2019.??.??",
            "",
        ] {
            assert_eq!(bad.parse::<Date>(), Err(ParseDateError), "{bad}");
        }
    }
}
