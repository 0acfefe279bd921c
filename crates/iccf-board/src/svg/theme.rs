//! The colours of an SVG diagram.

/// Colours of a diagram, as SVG colour values.
///
/// # Examples
///
/// ```
/// use iccf_board::svg::Theme;
///
/// // A card printed on a black-and-white printer.
/// let grey = Theme { light: "#ffffff", dark: "#c8c8c8", last_move: "#969696", ..Theme::default() };
/// assert_eq!(grey.white_piece, Theme::default().white_piece);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The frame around the squares, behind the edge digits.
    pub background: &'static str,
    /// The edge digits.
    pub label: &'static str,
    /// Light squares.
    pub light: &'static str,
    /// Dark squares.
    pub dark: &'static str,
    /// The last move's two squares.
    pub last_move: &'static str,
    /// The body of White's pieces, and the lines drawn on Black's.
    pub white_piece: &'static str,
    /// The body of Black's pieces.
    pub black_piece: &'static str,
    /// The outline of every piece, and the lines drawn on White's.
    pub outline: &'static str,
}

impl Default for Theme {
    /// Wood-coloured squares, a yellow-green last move, white and near-black
    /// pieces with black outlines.
    fn default() -> Theme {
        Theme {
            background: "#ffffff",
            label: "#404040",
            light: "#eedcb8",
            dark: "#b08a64",
            last_move: "#cbd066",
            white_piece: "#ffffff",
            black_piece: "#2a2a2a",
            outline: "#000000",
        }
    }
}

impl Theme {
    /// The colour of a square's number on a square of `square_colour`:
    /// that of the other squares, so it shows without shouting, and the
    /// edge digits' colour on the last move's squares.
    ///
    /// ```
    /// use iccf_board::svg::Theme;
    ///
    /// let theme = Theme::default();
    /// assert_eq!(theme.number_colour(theme.light), theme.dark);
    /// assert_eq!(theme.number_colour(theme.dark), theme.light);
    /// assert_eq!(theme.number_colour(theme.last_move), theme.label);
    /// ```
    pub fn number_colour(&self, square_colour: &str) -> &'static str {
        if square_colour == self.dark {
            self.light
        } else if square_colour == self.last_move {
            self.label
        } else {
            self.dark
        }
    }
}
