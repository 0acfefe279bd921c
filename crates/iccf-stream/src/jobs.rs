//! How many worker threads a run uses: one rule for the CLI's `--jobs` and
//! Python's `jobs=`.
//!
//! `0` means one per core; 1 to [`Jobs::MAX`] are taken as asked, then capped
//! at the cores this process may use, because more threads than cores only
//! hold more batches in memory.
//!
//! ```
//! use iccf_stream::jobs::{Jobs, JobsError};
//!
//! assert_eq!(Jobs::new(1)?.get(), 1);
//! assert!(Jobs::new(0)?.get() >= 1);
//! assert!(Jobs::new(1024)?.get() <= Jobs::cores());
//! assert_eq!(Jobs::new(1_000_000), Err(JobsError { asked: 1_000_000 }));
//! # Ok::<_, JobsError>(())
//! ```

use std::fmt;
use std::num::NonZeroUsize;
use std::thread;

/// A number of worker threads, at least 1 and at most the cores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jobs(usize);

impl Jobs {
    /// The most threads one may ask for.
    pub const MAX: usize = 1024;

    /// The threads for `asked`: 0 for one per core, else `asked` capped at
    /// the cores.
    ///
    /// # Errors
    ///
    /// [`JobsError`] when `asked` is over [`Jobs::MAX`].
    pub fn new(asked: usize) -> Result<Jobs, JobsError> {
        match asked {
            0 => Ok(Jobs(Jobs::cores())),
            n if n <= Jobs::MAX => Ok(Jobs(n.min(Jobs::cores()))),
            _ => Err(JobsError { asked }),
        }
    }

    /// One thread per core.
    pub fn all() -> Jobs {
        Jobs(Jobs::cores())
    }

    /// One thread per core but one, at least one: for work whose results
    /// another busy thread consumes (Python's, which builds each record's
    /// objects holding the GIL): a worker on every core would take turns
    /// with it and slow it.
    ///
    /// ```
    /// use iccf_stream::jobs::Jobs;
    ///
    /// let jobs = Jobs::all_but_one().get();
    /// assert!(jobs >= 1);
    /// assert!(jobs < Jobs::cores() || Jobs::cores() == 1);
    /// ```
    pub fn all_but_one() -> Jobs {
        Jobs(Jobs::cores().saturating_sub(1).max(1))
    }

    /// The number of threads.
    pub fn get(self) -> usize {
        self.0
    }

    /// Whether fewer workers than cores leave one for other work, such as
    /// decompressing the input ahead of them
    /// ([`Input::decoded_ahead`](crate::input::Input::decoded_ahead)).
    ///
    /// ```
    /// use iccf_stream::jobs::Jobs;
    ///
    /// assert!(!Jobs::all().spares_a_core());
    /// assert_eq!(Jobs::new(1).unwrap().spares_a_core(), Jobs::cores() > 1);
    /// ```
    pub fn spares_a_core(self) -> bool {
        self.0 < Jobs::cores()
    }

    /// The parallelism available to this process (which honours CPU
    /// affinity and cgroup quotas), or 1 if it cannot be determined.
    pub fn cores() -> usize {
        thread::available_parallelism().map_or(1, NonZeroUsize::get)
    }
}

impl Default for Jobs {
    fn default() -> Jobs {
        Jobs::all()
    }
}

/// A number of threads over [`Jobs::MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobsError {
    /// What was asked for.
    pub asked: usize,
}

impl fmt::Display for JobsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} threads: must be a number of threads from 1 to {} (0 for one per core)",
            self.asked,
            Jobs::MAX
        )
    }
}

impl std::error::Error for JobsError {}
