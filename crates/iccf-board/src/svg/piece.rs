//! The pieces as SVG paths: plain silhouettes in a 50 × 50 box (one
//! square), drawn for this crate. Each piece is an outline, filled in its
//! side's colour, and a few lines on it (a band, the knight's eye).
//!
//! Every body covers the middle of its lower half, around (25, 33), with no
//! line there, so that a renderer's pixel at that point shows the side's
//! colour.

use std::fmt::Write as _;

use iccf::role_name;
use shakmaty::{Color, Piece, Role};

use super::Theme;

/// The outline of a piece as SVG path data, in a 50 × 50 box with the
/// base at the bottom.
///
/// # Examples
///
/// ```
/// use iccf_board::svg::piece::outline;
/// use shakmaty::Role;
///
/// assert!(outline(Role::Pawn).starts_with('M'));
/// assert_ne!(outline(Role::Queen), outline(Role::King));
/// ```
pub fn outline(role: Role) -> &'static str {
    match role {
        Role::Pawn => {
            "M21.54 20.5A6.5 6.5 0 1 1 28.46 20.5L32 23L29.5 25C29.5 31 34 34 36 37L36 43H14\
             L14 37C16 34 20.5 31 20.5 25L18 23Z"
        }
        Role::Knight => {
            "M15 43H37C37 33 36 22 31 16C29 13 27 11 24 10L23 6.5L20.5 10.5C17 12.5 14.5 16.5 12 22\
             L11 26.5C12 28.5 14.5 28.5 16 27.5L21 24.5C22 29 19 33 15 37Z"
        }
        Role::Bishop => {
            "M27.5 8A2.5 2.5 0 1 0 22.5 8A2.5 2.5 0 1 0 27.5 8Z\
             M25 10.5C32 15 34 22 29.5 28C29.5 31 31 34 35 37L36 43H14L15 37C19 34 20.5 31 20.5 28\
             C16 22 18 15 25 10.5Z"
        }
        Role::Rook => {
            "M13 43V39H16V37H18V22L15 19V11H19V14H23V11H27V14H31V11H35V19L32 22V37H34V39H37V43Z"
        }
        Role::Queen => {
            "M14 43L15 38L11 16L15.5 26L17.5 12L21.5 24L25 10L28.5 24L32.5 12L34.5 26L39 16L35 38\
             L36 43Z\
             M13 16A2 2 0 1 0 9 16A2 2 0 1 0 13 16Z\
             M19.5 12A2 2 0 1 0 15.5 12A2 2 0 1 0 19.5 12Z\
             M27 10A2 2 0 1 0 23 10A2 2 0 1 0 27 10Z\
             M34.5 12A2 2 0 1 0 30.5 12A2 2 0 1 0 34.5 12Z\
             M41 16A2 2 0 1 0 37 16A2 2 0 1 0 41 16Z"
        }
        Role::King => {
            "M23.5 5H26.5V8H29.5V11H26.5V14.5H23.5V11H20.5V8H23.5Z\
             M25 14.5C29 14.5 29.5 20 25 24.5C20.5 20 21 14.5 25 14.5Z\
             M14 43L15 38C10 33 9 25 14 21C18 18 23 20 25 24.5C27 20 32 18 36 21C41 25 40 33 35 38\
             L36 43Z"
        }
    }
}

/// The lines drawn on a piece over its fill (bands, the bishop's slit, the
/// knight's eye) as SVG path data; empty for the pawn.
///
/// # Examples
///
/// ```
/// use iccf_board::svg::piece::details;
/// use shakmaty::Role;
///
/// assert!(details(Role::Pawn).is_empty());
/// assert!(details(Role::Rook).starts_with('M'));
/// ```
pub fn details(role: Role) -> &'static str {
    match role {
        Role::Pawn => "",
        Role::Knight => "M21 15.5A1.2 1.2 0 1 0 18.6 15.5A1.2 1.2 0 1 0 21 15.5Z",
        Role::Bishop => "M22.5 15.5L27.5 20.5M20.5 28H29.5M15 37H35",
        Role::Rook => "M18 22H32M18 37H32M16 39H34",
        Role::Queen | Role::King => "M15 38H35",
    }
}

/// Appends a piece as an SVG group with its top left corner at (`x`, `y`).
///
/// # Examples
///
/// ```
/// use iccf_board::svg::{Theme, piece::append};
/// use shakmaty::{Color, Piece, Role};
///
/// let mut svg = String::new();
/// append(&mut svg, Piece { color: Color::White, role: Role::Pawn }, 220, 320, &Theme::default());
/// assert!(svg.starts_with(r#"<g class="piece white pawn" transform="translate(220 320)">"#));
/// assert!(svg.contains(r##"fill="#ffffff""##));
/// ```
pub fn append(out: &mut String, piece: Piece, x: u32, y: u32, theme: &Theme) {
    let (side, fill, lines) = match piece.color {
        Color::White => ("white", theme.white_piece, theme.outline),
        Color::Black => ("black", theme.black_piece, theme.white_piece),
    };
    let _ = writeln!(
        out,
        r#"<g class="piece {side} {}" transform="translate({x} {y})">"#,
        role_name(piece.role)
    );
    let _ = writeln!(
        out,
        r#"<path d="{}" fill="{fill}" stroke="{}" stroke-width="1.5" stroke-linejoin="round"/>"#,
        outline(piece.role),
        theme.outline
    );
    let details = details(piece.role);
    if !details.is_empty() {
        let _ = writeln!(
            out,
            r#"<path d="{details}" fill="none" stroke="{lines}" stroke-width="1.5" stroke-linecap="round"/>"#
        );
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_is_closed_and_inside_its_square() {
        for role in Role::ALL {
            let d = outline(role);
            assert!(d.ends_with('Z'), "{role:?}");
            // Every number in the path data lies in the 50 × 50 box, with
            // room for the stroke (relative arc radii included).
            for number in d.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
                if let Ok(value) = number.parse::<f64>() {
                    assert!((0.0..=49.0).contains(&value), "{role:?}: {value}");
                }
            }
        }
    }

    #[test]
    fn black_pieces_get_light_lines() {
        let theme = Theme::default();
        let mut svg = String::new();
        let rook = Piece {
            color: Color::Black,
            role: Role::Rook,
        };
        append(&mut svg, rook, 0, 0, &theme);
        let line = format!(r#"fill="none" stroke="{}""#, theme.white_piece);
        assert!(svg.contains(&line), "{svg}");
        assert!(svg.contains(&format!(r#"fill="{}""#, theme.black_piece)));
    }
}
