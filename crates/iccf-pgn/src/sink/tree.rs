//! The whole game as a tree of [`Node`]s: what [`crate::game`] returns.
//!
//! Comments go after the move they follow, or before the first move of a
//! line when none precedes them there. Once a line cannot be read, the
//! rest of it (variations, comments and annotations included) is kept as
//! written in [`Line::unread`], so nothing is lost.

use shakmaty::{Chess, Position};

use crate::convert::{GameLocation, Report};
use crate::encoding::lossy;
use crate::game::{Game, Line, Node};
use crate::lexer::{TagValue, line_col};
use crate::problem::{Problem, ProblemKind};
use crate::sink::{Ending, Played, Sink};
use crate::walk::{Step, pass_turn};

/// Builds the tree of one game.
#[derive(Debug)]
pub(crate) struct TreeSink<'g> {
    /// The game's bytes, to copy moves as written.
    game: &'g [u8],
    /// Where the game starts in its input.
    at: GameLocation,
    tags: Vec<(String, String)>,
    /// The line being read, innermost last; the main line first.
    lines: Vec<Open>,
    result: Option<String>,
}

/// A line being read.
#[derive(Debug, Default)]
struct Open {
    line: Line,
    /// Comments waiting for the line's first move.
    pending: Vec<String>,
    /// The line stopped being read: what follows goes to `unread`.
    broken: bool,
    /// How deep inside variations of the unread part the walk is.
    unread_depth: usize,
}

impl Open {
    /// Where the next text as written goes, if the line is unread there.
    fn unread(&mut self) -> Option<&mut Vec<String>> {
        self.broken.then_some(&mut self.line.unread)
    }
}

impl<'g> TreeSink<'g> {
    pub(crate) fn new(game: &'g [u8], at: GameLocation) -> TreeSink<'g> {
        TreeSink {
            game,
            at,
            tags: Vec::new(),
            lines: vec![Open::default()],
            result: None,
        }
    }

    fn open(&mut self) -> &mut Open {
        // The main line is never popped: `lines` is never empty.
        let last = self.lines.len() - 1;
        &mut self.lines[last]
    }

    /// The game read, once it has ended, from `start` at `location`.
    pub(crate) fn finish(mut self, start: Chess, report: &Report) -> Game {
        while self.lines.len() > 1 {
            self.variation_end();
        }
        let mut open = self.lines.pop().unwrap_or_default();
        open.line.comments.append(&mut open.pending);
        find_stops(&mut open.line, &report.errors);
        Game {
            location: self.at,
            tags: self.tags,
            start,
            moves: open.line,
            result: self.result,
            report: report.clone(),
        }
    }
}

/// A line and column of a game as ones of its input.
fn in_input(at: GameLocation, line: usize, column: usize) -> (u64, u64) {
    let (line, column) = (line as u64, column as u64);
    match line {
        1 => (at.line, column.saturating_add(at.column.saturating_sub(1))),
        _ => (at.line.saturating_add(line - 1), column),
    }
}

/// Fills [`Line::stopped`] of `line` and its variations with the error
/// that stopped each, found among `errors` by its place.
fn find_stops(line: &mut Line, errors: &[Problem]) {
    if let Some((l, c)) = line.stop_at.take() {
        line.stopped = errors
            .iter()
            .find(|p| {
                (p.line, p.column) == (l, c)
                    && matches!(p.kind, ProblemKind::Move(_) | ProblemKind::NullMoveInCheck)
            })
            .cloned();
    }
    for node in &mut line.nodes {
        for variation in &mut node.variations {
            find_stops(variation, errors);
        }
    }
}

/// The NAG a `!?` suffix or a `$n` stands for, if any.
fn nag(raw: &[u8]) -> Option<u8> {
    if let Some(digits) = raw.strip_prefix(b"$") {
        return core::str::from_utf8(digits).ok()?.parse().ok();
    }
    // A numeric move's check sign comes split off with its suffix.
    let suffix = raw.strip_prefix(b"+").or(raw.strip_prefix(b"#"));
    match suffix.unwrap_or(raw) {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    }
}

impl Sink for TreeSink<'_> {
    const VARIATIONS: bool = true;

    fn wants_check(&self) -> bool {
        false
    }

    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        self.tags.push((lossy(name), lossy(&value.unescaped())));
    }

    fn misplaced_tag(&mut self, name: &[u8], value: TagValue<'_>, _raw: &[u8], _repaired: bool) {
        self.tag(name, value);
    }

    fn played(&mut self, m: &Played<'_>) {
        let (after, mv) = match m.step {
            Step::Move(mv) => {
                let mut after = m.before.clone();
                after.play_unchecked(mv);
                (after, Some(mv))
            }
            Step::Null => (pass_turn(m.before).unwrap_or_default(), None),
        };
        let text = lossy(&self.game[m.span.clone()]);
        let open = self.open();
        let mut node = Node {
            m: mv,
            text,
            after,
            comments_before: core::mem::take(&mut open.pending),
            comments_after: Vec::new(),
            nags: Vec::new(),
            variations: Vec::new(),
        };
        node.nags.extend(nag(m.suffix));
        open.line.nodes.push(node);
    }

    fn failed(&mut self, _pos: &Chess, token: &[u8], with_suffix: &[u8]) {
        // The token is a slice of the game: where it starts.
        let offset = (token.as_ptr() as usize).saturating_sub(self.game.as_ptr() as usize);
        let (line, column) = line_col(self.game, offset);
        let at = self.at;
        let open = self.open();
        open.line.stop_at = Some(in_input(at, line, column));
        open.broken = true;
        open.line.unread.push(lossy(with_suffix));
    }

    fn unconverted(&mut self, _token: &[u8], with_suffix: &[u8]) {
        let open = self.open();
        // A line broken before its first move: its setup or its place.
        open.broken = true;
        open.line.unread.push(lossy(with_suffix));
    }

    fn annotation(&mut self, raw: &[u8]) {
        let open = self.open();
        if let Some(unread) = open.unread() {
            unread.push(lossy(raw));
        } else if let Some(nag) = nag(raw) {
            match open.line.nodes.last_mut() {
                Some(node) => node.nags.push(nag),
                None => open.line.nags.push(nag),
            }
        }
    }

    fn comment(&mut self, text: &[u8]) {
        let text = lossy(text);
        let open = self.open();
        if let Some(unread) = open.unread() {
            unread.push(format!("{{{text}}}"));
        } else if let Some(node) = open.line.nodes.last_mut() {
            node.comments_after.push(text);
        } else {
            open.pending.push(text);
        }
    }

    fn variation_start(&mut self) {
        let open = self.open();
        if let Some(unread) = open.unread() {
            unread.push("(".to_owned());
            open.unread_depth += 1;
        } else {
            self.lines.push(Open::default());
        }
    }

    fn variation_end(&mut self) {
        let open = self.open();
        if open.unread_depth > 0 {
            open.unread_depth -= 1;
            open.line.unread.push(")".to_owned());
            return;
        }
        if self.lines.len() < 2 {
            return;
        }
        let Some(mut done) = self.lines.pop() else {
            return;
        };
        done.line.comments.append(&mut done.pending);
        let parent = self.open();
        match parent.line.nodes.last_mut() {
            Some(node) => node.variations.push(done.line),
            // A variation before any move is an error the walk reports;
            // what it held is kept with the line's unread text.
            None => {
                parent.line.unread.push("(".to_owned());
                parent.line.unread.extend(done.line.unread);
                parent.line.unread.push(")".to_owned());
            }
        }
    }

    fn result(&mut self, result: &[u8]) {
        self.result = Some(lossy(result));
    }

    fn end_game(&mut self, _ending: &Ending<'_>) {}
}

#[cfg(test)]
mod tests {
    use super::nag;

    #[test]
    fn suffixes_and_dollar_signs_are_nags() {
        assert_eq!(nag(b"$14"), Some(14));
        assert_eq!(nag(b"!?"), Some(5));
        assert_eq!(nag(b"+??"), Some(4));
        assert_eq!(nag(b""), None);
        assert_eq!(nag(b"$999"), None);
    }
}
