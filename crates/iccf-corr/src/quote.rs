//! Dropping the quoted lines of a reply (`> ...`): they are our own
//! earlier message, not the opponent's.

/// The lines of `text` that are not quoted, with their 0-based line numbers.
///
/// A line is quoted when it starts (after blanks) with `>`; a "wrote:"
/// line introducing a quote stays, as it holds no moves.
///
/// ```
/// let lines: Vec<_> = iccf_corr::unquoted_lines("12... 5756\n> 12. 5254\n").collect();
/// assert_eq!(lines, [(0, "12... 5756")]);
/// ```
pub fn unquoted_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with('>'))
}
