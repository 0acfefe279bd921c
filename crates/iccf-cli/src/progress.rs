//! Progress reporting on stderr: a live bar for people at a terminal, and a
//! one-line summary at the end.
//!
//! The bar never appears in pipes, redirections, CI logs, dumb terminals or
//! with `--quiet`; the summary line is printed when stderr is a terminal or
//! with `--stats`, as ripgrep does, so scripted runs see only errors and
//! warnings.

use std::env;
use std::fmt;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use iccf_stream::summary::Count;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Columns assumed when the terminal does not say.
const DEFAULT_WIDTH: u16 = 80;

/// How often the bar is redrawn even if nothing moves, so that the elapsed
/// time and the spinner show that a stalled input (a slow pipe) is alive.
const TICK: Duration = Duration::from_millis(200);

/// Whether to show the live progress bar: only if stderr is a terminal, the
/// user did not ask for `--quiet`, `CI` is not set (CI runners often fake a
/// terminal) and the terminal is not `dumb` (no cursor movement).
pub fn progress_enabled(quiet: bool) -> bool {
    !quiet
        && std::io::stderr().is_terminal()
        && env::var_os("CI").is_none()
        && env::var_os("TERM").is_none_or(|t| t != "dumb")
}

/// Whether to print the summary line: always with `--stats`, otherwise only
/// to a person (stderr a terminal) who did not ask for `--quiet`.
pub fn summary_enabled(stats: bool, quiet: bool) -> bool {
    stats || (!quiet && std::io::stderr().is_terminal())
}

/// Whether colours are allowed: `NO_COLOR` set to any non-empty value
/// disables them (<https://no-color.org>).
pub fn colors_enabled() -> bool {
    env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// A live progress bar on stderr, or nothing at all when disabled.
///
/// Positions are bytes of the underlying (compressed) input, so the ETA is
/// right whatever the compression; games are counted alongside. All methods
/// take `&self` and are cheap, so the pipeline's sink can call them per batch.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    games: Arc<AtomicU64>,
}

impl Progress {
    /// Creates the bar. `total` is the input size in bytes when known (for
    /// the bar and ETA); `enabled` usually comes from [`progress_enabled`].
    /// A disabled `Progress` draws nothing and starts no thread.
    pub fn new(total: Option<u64>, enabled: bool) -> Progress {
        // The width when the run starts: the bar's fields are chosen to fit it.
        let width = console::Term::stderr()
            .size_checked()
            .map_or(DEFAULT_WIDTH, |(_, cols)| cols);
        let progress = Progress::build(
            total,
            enabled,
            ProgressDrawTarget::stderr,
            colors_enabled(),
            width,
        );
        if enabled {
            progress.bar.enable_steady_tick(TICK);
        }
        progress
    }

    /// Builds a bar drawing on `target` if enabled and nowhere otherwise;
    /// tests pass a target that records into memory.
    fn build(
        total: Option<u64>,
        enabled: bool,
        target: impl FnOnce() -> ProgressDrawTarget,
        color: bool,
        width: u16,
    ) -> Progress {
        let target = if enabled {
            target()
        } else {
            ProgressDrawTarget::hidden()
        };
        let games = Arc::new(AtomicU64::new(0));
        let bar = ProgressBar::with_draw_target(total, target);
        bar.set_style(style(total.is_some(), color, width, &games));
        Progress { bar, games }
    }

    /// True when the bar is actually drawn.
    pub fn is_enabled(&self) -> bool {
        !self.bar.is_hidden()
    }

    /// Sets the number of input bytes consumed so far.
    pub fn set_position(&self, bytes: u64) {
        self.bar.set_position(bytes);
    }

    /// Adds `n` converted games.
    pub fn add_games(&self, n: u64) {
        self.games.fetch_add(n, Ordering::Relaxed);
    }

    /// Games counted so far.
    #[cfg(test)]
    pub fn games(&self) -> u64 {
        self.games.load(Ordering::Relaxed)
    }

    /// Prints `lines` (errors and warnings, each ending in a newline) on
    /// stderr: above the bar when it is drawn, so that no stale copy of the
    /// bar is left between them, and straight to stderr otherwise.
    pub fn print_lines(&self, lines: &str) {
        if lines.is_empty() {
            return;
        }
        let print = || {
            let _ = std::io::stderr().lock().write_all(lines.as_bytes());
        };
        // The bar is taken off the screen for them: its own `println`
        // pads each line to the terminal's width without a line end, and
        // a log of the terminal (`script`, tmux) ran them together.
        if self.is_enabled() {
            self.bar.suspend(print);
        } else {
            print();
        }
    }

    /// Removes the bar from the screen (the summary line replaces it).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    /// Clears the bar on early exits too, so an error message starts on a
    /// clean line.
    fn drop(&mut self) {
        if !self.bar.is_finished() {
            self.bar.finish_and_clear();
        }
    }
}

/// The bar's look: the fields that fit in `width` columns, most useful
/// first. Without a total there is no bar or ETA, only counters.
fn style(known_total: bool, color: bool, width: u16, games: &Arc<AtomicU64>) -> ProgressStyle {
    let template = template(known_total, color, width);
    let count = Arc::clone(games);
    let rate = Arc::clone(games);
    ProgressStyle::with_template(&template)
        // The templates are built from constants; fall back to the default
        // rather than panic should indicatif ever reject one.
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
        .with_key("games", move |_: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = write!(w, "{}", Count(count.load(Ordering::Relaxed), "game"));
        })
        .with_key(
            "games_per_sec",
            move |state: &ProgressState, w: &mut dyn fmt::Write| {
                let secs = state.elapsed().as_secs_f64();
                let games = rate.load(Ordering::Relaxed) as f64;
                let per_sec = if secs > 0.0 { games / secs } else { 0.0 };
                let _ = write!(w, "{per_sec:.0}");
            },
        )
}

/// The template for a terminal `width` columns wide. The widths noted are
/// the longest each can draw (9,999 GB and 99,999,999 games; `bar_fits_the_
/// terminal_width` checks them), so a line never wraps and leaves a stale
/// copy behind when redrawn.
fn template(known_total: bool, color: bool, width: u16) -> String {
    let (spinner, bar) = if color {
        ("{spinner:.green}", "{bar:30.cyan/blue}")
    } else {
        ("{spinner}", "{bar:30}")
    };
    match (known_total, width) {
        // 131 columns.
        (true, 132..) => format!(
            "{spinner} {{elapsed_precise}} [{bar}] {{decimal_bytes}}/{{decimal_total_bytes}}, \
             {{decimal_bytes_per_sec}}, {{games}}, {{games_per_sec}} games/s, ETA {{eta}}"
        ),
        // 64 columns.
        (true, 65..) => format!(
            "{spinner} {{elapsed_precise}} {{percent}}% of {{decimal_total_bytes}}, {{games}}, ETA {{eta}}"
        ),
        // 22 columns.
        (true, 23..) => format!("{spinner} {{percent}}%, {{games}}"),
        // 94 columns.
        (false, 95..) => format!(
            "{spinner} {{elapsed_precise}} {{decimal_bytes}}, {{decimal_bytes_per_sec}}, \
             {{games}}, {{games_per_sec}} games/s"
        ),
        // 43 columns.
        (false, 44..) => format!("{spinner} {{elapsed_precise}} {{decimal_bytes}}, {{games}}"),
        // 16 columns.
        (_, _) => format!("{spinner} {{games}}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::TermLike;
    use std::io;
    use std::sync::Mutex;

    /// A fake terminal that records everything drawn on it.
    #[derive(Debug, Clone)]
    struct Recorder(Arc<Mutex<String>>, u16);

    impl Default for Recorder {
        fn default() -> Self {
            Recorder(Arc::default(), 200)
        }
    }

    impl Recorder {
        fn text(&self) -> String {
            self.0.lock().unwrap().clone()
        }
        fn push(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
    }

    impl TermLike for Recorder {
        fn width(&self) -> u16 {
            self.1
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.push(s)?;
            self.push("\n")
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.push(s)
        }
        fn clear_line(&self) -> io::Result<()> {
            self.push("<clear>")
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    fn drive(p: &Progress) {
        p.set_position(1_000_000);
        p.add_games(42);
        p.bar.tick();
        p.set_position(2_000_000);
        p.add_games(8);
        p.bar.tick();
    }

    /// A Progress drawing on a fresh recorder, and the recorder.
    fn recorded(total: Option<u64>, enabled: bool, color: bool) -> (Progress, Recorder) {
        recorded_at(total, enabled, color, 200)
    }

    fn recorded_at(
        total: Option<u64>,
        enabled: bool,
        color: bool,
        width: u16,
    ) -> (Progress, Recorder) {
        let term = Recorder(Arc::default(), width);
        let t = term.clone();
        let p = Progress::build(
            total,
            enabled,
            move || ProgressDrawTarget::term_like(Box::new(t)),
            color,
            width,
        );
        (p, term)
    }

    /// Regression: the bar was wider than an 80-column terminal, so each
    /// redraw wrapped and left stale lines behind.
    #[test]
    fn bar_fits_the_terminal_width() {
        for width in [16, 22, 23, 43, 44, 64, 65, 80, 94, 95, 131, 132, 200] {
            for total in [None, Some(9_999_000_000_000)] {
                let (p, term) = recorded_at(total, true, false, width);
                p.set_position(9_998_000_000_000);
                p.add_games(99_999_999);
                p.bar.tick();
                let text = term.text();
                assert!(text.contains("99999999 games"), "{width}: {text}");
                // Each draw clears the line it writes.
                for line in text.split(['\n']).flat_map(|l| l.split("<clear>")) {
                    let line = line.trim_end();
                    assert!(
                        line.chars().count() <= usize::from(width),
                        "{} columns > {width}: {line}",
                        line.chars().count()
                    );
                }
            }
        }
    }

    /// Regression: errors printed while the bar was drawn left stale copies
    /// of the bar between them; then they were drawn by the bar, padded to
    /// the terminal's width without line ends. The bar is cleared for them
    /// and they go to stderr as written, the bar drawn again after.
    #[test]
    fn messages_go_above_the_bar() {
        let (p, term) = recorded(Some(4_000_000), true, false);
        drive(&p);
        let drawn = term.text();
        p.print_lines("a.pgn:1:4: error: one\na.pgn:2:4: warning: two\n");
        let text = term.text();
        assert!(text[drawn.len()..].starts_with("<clear>"), "{text}");
        assert!(!text.contains("a.pgn"), "not the bar's to draw: {text}");
        drive(&p);
        assert!(term.text().len() > text.len(), "the bar is drawn again");
    }

    #[test]
    fn enabled_bar_draws_bytes_and_games() {
        let (p, term) = recorded(Some(4_000_000), true, false);
        assert!(p.is_enabled());
        drive(&p);
        let text = term.text();
        assert!(text.contains("2.00 MB/4.00 MB"), "{text}");
        assert!(text.contains("50 games"), "{text}");
        assert!(text.contains("ETA"), "{text}");
        assert!(
            !text.contains('\x1b'),
            "colour codes without colour: {text}"
        );
        assert_eq!(p.games(), 50);
        p.finish();
        assert!(term.text().ends_with("<clear>"), "{}", term.text());
    }

    #[test]
    fn unknown_total_has_no_eta() {
        let (p, term) = recorded(None, true, true);
        drive(&p);
        let text = term.text();
        assert!(text.contains("2.00 MB"), "{text}");
        assert!(!text.contains("ETA"), "{text}");
    }

    #[test]
    fn disabled_progress_draws_nothing() {
        let (p, term) = recorded(Some(4_000_000), false, true);
        assert!(!p.is_enabled());
        drive(&p);
        p.finish();
        drop(p);
        assert_eq!(term.text(), "");

        // The public constructor, disabled: hidden, and counting still works.
        let p = Progress::new(None, false);
        assert!(!p.is_enabled());
        drive(&p);
        assert_eq!(p.games(), 50);
    }

    #[test]
    fn enabled_only_on_a_terminal_and_not_quiet() {
        // Under `cargo test` stderr is captured or piped in CI; whatever it
        // is, --quiet always wins.
        assert!(!progress_enabled(true));
        if !std::io::stderr().is_terminal() {
            assert!(!progress_enabled(false));
        }
    }
}
