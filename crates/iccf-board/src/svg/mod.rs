//! The board as SVG: squares with their ICCF numbers, pieces drawn as
//! paths (no font needed for them), the file and rank digits on the edges
//! and the last move's squares highlighted.
//!
//! The output is deterministic and scales by its `viewBox`. Each square's
//! number is a `<text class="square-number">` in its top left corner; the
//! squares and pieces carry classes (`square light last-move`, `piece white
//! pawn`) for style sheets and tests.
//!
//! ```
//! use iccf_board::{Options, svg};
//! use shakmaty::Chess;
//!
//! let picture = svg::diagram(&Chess::default(), &Options::default());
//! assert!(picture.starts_with("<svg "));
//! assert!(picture.contains(r#"class="square-number">52</text>"#));
//! assert_eq!(picture.matches(r#"<g class="piece "#).count(), 32);
//! ```

pub mod piece;
mod theme;

use std::fmt::Write as _;

use shakmaty::{Chess, Color, Position, Square};

use crate::layout::{digit, files_left_to_right, ranks_top_down};
use crate::{Options, status};

pub use theme::Theme;

/// The side of a square, in SVG user units.
///
/// ```
/// assert_eq!(iccf_board::svg::SQUARE, 50);
/// ```
pub const SQUARE: u32 = 50;

/// The frame around the squares that holds the edge digits.
///
/// ```
/// use iccf_board::svg::{MARGIN, SIZE, SQUARE};
///
/// assert_eq!(SIZE - 2 * MARGIN, 8 * SQUARE);
/// ```
pub const MARGIN: u32 = 20;

/// The width and height of the whole diagram, its `viewBox` being
/// `0 0 SIZE SIZE`.
///
/// ```
/// use iccf_board::{Options, svg};
/// use shakmaty::Chess;
///
/// let picture = svg::diagram(&Chess::default(), &Options::default());
/// assert!(picture.contains(&format!(r#"viewBox="0 0 {0} {0}""#, svg::SIZE)));
/// ```
pub const SIZE: u32 = 8 * SQUARE + 2 * MARGIN;

/// A whole SVG document of the position in the default [`Theme`], with a
/// `<title>` saying who is to move and the last move.
///
/// # Examples
///
/// ```
/// use iccf_board::{Options, svg};
/// use shakmaty::Chess;
///
/// let picture = svg::diagram(&Chess::default(), &Options::default().flipped());
/// assert!(picture.contains("<title>White to move, move 1</title>"));
/// assert!(picture.ends_with("</svg>\n"));
/// ```
pub fn diagram(pos: &Chess, options: &Options) -> String {
    diagram_with(pos, options, &Theme::default())
}

/// [`diagram()`] in the colours of `theme`.
///
/// # Examples
///
/// ```
/// use iccf_board::{Options, svg::{self, Theme}};
/// use shakmaty::Chess;
///
/// let theme = Theme { dark: "#888888", ..Theme::default() };
/// let picture = svg::diagram_with(&Chess::default(), &Options::default(), &theme);
/// assert_eq!(picture.matches(r##"fill="#888888" class="square dark""##).count(), 32);
/// ```
pub fn diagram_with(pos: &Chess, options: &Options, theme: &Theme) -> String {
    let mut out = String::with_capacity(48 * 1024);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}">"#
    );
    let _ = writeln!(
        out,
        "<title>{}</title>",
        status::line(pos, options.last_move)
    );
    out.push_str(&board_group(pos, options, theme));
    out.push_str("</svg>\n");
    out
}

/// The diagram without the `<svg>` element around it: one `<g>` covering
/// `0 0 SIZE SIZE`, to place in a larger picture (a postcard) with a
/// `transform`.
///
/// # Examples
///
/// ```
/// use iccf_board::{Options, svg::{self, Theme}};
/// use shakmaty::Chess;
///
/// let group = svg::board_group(&Chess::default(), &Options::default(), &Theme::default());
/// let card = format!(r#"<g transform="translate(10 60) scale(0.5)">{group}</g>"#);
/// assert!(card.contains(r#"<g class="iccf-board">"#));
/// ```
pub fn board_group(pos: &Chess, options: &Options, theme: &Theme) -> String {
    let mut out = String::with_capacity(48 * 1024);
    out.push_str("<g class=\"iccf-board\">\n");
    let _ = writeln!(
        out,
        r#"<rect width="{SIZE}" height="{SIZE}" fill="{}"/>"#,
        theme.background
    );
    for square in Square::ALL {
        push_square(&mut out, square, options, theme);
    }
    for (square, piece) in pos.board() {
        let (x, y) = square_origin(square, options.bottom);
        piece::append(&mut out, piece, x, y, theme);
    }
    push_edge_digits(&mut out, options.bottom, theme);
    out.push_str("</g>\n");
    out
}

/// The top left corner of a square in the diagram, with `bottom`'s pieces
/// at the bottom.
///
/// # Examples
///
/// ```
/// use iccf_board::svg::{MARGIN, SQUARE, square_origin};
/// use shakmaty::{Color, Square};
///
/// assert_eq!(square_origin(Square::A8, Color::White), (MARGIN, MARGIN));
/// assert_eq!(square_origin(Square::E2, Color::White), (MARGIN + 4 * SQUARE, MARGIN + 6 * SQUARE));
/// assert_eq!(square_origin(Square::E2, Color::Black), (MARGIN + 3 * SQUARE, MARGIN + SQUARE));
/// ```
pub fn square_origin(square: Square, bottom: Color) -> (u32, u32) {
    let column = position_of(&files_left_to_right(bottom), square.file());
    let row = position_of(&ranks_top_down(bottom), square.rank());
    (MARGIN + column * SQUARE, MARGIN + row * SQUARE)
}

fn position_of<T: PartialEq>(order: &[T; 8], item: T) -> u32 {
    let index = order.iter().position(|x| *x == item).unwrap_or(0);
    u32::try_from(index).unwrap_or(0)
}

/// A square: its colour (or the last move's) and its number.
fn push_square(out: &mut String, square: Square, options: &Options, theme: &Theme) {
    let (x, y) = square_origin(square, options.bottom);
    let shade = if square.is_light() { "light" } else { "dark" };
    let base = if square.is_light() {
        theme.light
    } else {
        theme.dark
    };
    let (fill, class) = if options.is_marked(square) {
        (theme.last_move, format!("square {shade} last-move"))
    } else {
        (base, format!("square {shade}"))
    };
    let _ = writeln!(
        out,
        r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}" class="{class}"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-family="sans-serif" font-size="9" fill="{}" class="square-number">{}</text>"#,
        x + 3,
        y + 10,
        theme.number_colour(fill),
        iccf::NumericSquare::from(square)
    );
}

/// The file digits above and below the squares, the rank digits left and
/// right of them.
fn push_edge_digits(out: &mut String, bottom: Color, theme: &Theme) {
    let middle = |i: usize| MARGIN + SQUARE / 2 + u32::try_from(i).unwrap_or(0) * SQUARE;
    let far = SIZE - MARGIN / 2;
    let near = MARGIN / 2;
    for (i, file) in files_left_to_right(bottom).into_iter().enumerate() {
        for y in [near + 5, far + 5] {
            push_edge_digit(out, middle(i), y, digit(file), theme);
        }
    }
    for (i, rank) in ranks_top_down(bottom).into_iter().enumerate() {
        for x in [near, far] {
            push_edge_digit(out, x, middle(i) + 5, digit(rank), theme);
        }
    }
}

fn push_edge_digit(out: &mut String, x: u32, y: u32, digit: char, theme: &Theme) {
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{y}" font-family="sans-serif" font-size="13" text-anchor="middle" fill="{}" class="edge">{digit}</text>"#,
        theme.label
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts of the elements with `class`, in document order.
    fn texts<'a>(svg: &'a str, class: &str) -> Vec<&'a str> {
        let marker = format!(r#"class="{class}">"#);
        svg.split(marker.as_str())
            .skip(1)
            .map(|rest| rest.split('<').next().unwrap_or(""))
            .collect()
    }

    #[test]
    fn square_numbers_run_along_the_rows_from_the_top() {
        let svg = diagram(&Chess::default(), &Options::default());
        let numbers = texts(&svg, "square-number");
        assert_eq!(numbers.len(), 64);
        // Square::ALL runs a1, b1, …: 11, 21, …, 81, 12, …
        assert_eq!(&numbers[..3], ["11", "21", "31"]);
        assert_eq!(numbers[63], "88");
    }

    #[test]
    fn edge_digits_follow_the_flip() {
        let white = texts(&diagram(&Chess::default(), &Options::default()), "edge").concat();
        let black = texts(
            &diagram(&Chess::default(), &Options::default().flipped()),
            "edge",
        )
        .concat();
        // Top row of file digits twice (above and below), then rank digits
        // from the top row down, left and right.
        assert!(white.starts_with("1122334455667788"), "{white}");
        assert!(white.ends_with("8877665544332211"), "{white}");
        assert!(black.starts_with("8877665544332211"), "{black}");
        assert!(black.ends_with("1122334455667788"), "{black}");
    }

    #[test]
    fn the_same_position_gives_the_same_bytes() {
        let options = Options::default().flipped();
        assert_eq!(
            diagram(&Chess::default(), &options),
            diagram(&Chess::default(), &options)
        );
    }
}
