//! Renders the SVG diagrams to pixels with resvg and checks what is on the
//! squares: the pieces' colours at the middle of their bodies, the squares'
//! colours in their bottom right corners, the last move's highlight.
//!
//! resvg is built without text support, so the square numbers (which need
//! a font) are not drawn: the pixels depend on no font on the machine, and
//! the pieces, being paths, still are.

use iccf::read::read_move;
use iccf_board::Options;
use iccf_board::game::{Until, play_game};
use iccf_board::svg::{self, SIZE, Theme, square_origin};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;
use shakmaty::{Chess, Color, Move, Position, Square};

/// The position after `moves` and the last of them.
fn after(moves: &[&str]) -> (Chess, Option<Move>) {
    let mut pos = Chess::default();
    let mut last = None;
    for text in moves {
        let m = read_move(text.as_bytes(), &pos).expect("legal move").m;
        pos.play_unchecked(m);
        last = Some(m);
    }
    (pos, last)
}

fn render(svg: &str) -> Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("valid SVG");
    let mut pixmap = Pixmap::new(SIZE, SIZE).expect("pixmap");
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

/// `#rrggbb` as bytes.
fn rgb(hex: &str) -> [u8; 3] {
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex colour");
    [byte(1), byte(3), byte(5)]
}

fn pixel(pixmap: &Pixmap, x: u32, y: u32) -> [u8; 3] {
    let p = pixmap.pixel(x, y).expect("inside the picture");
    assert_eq!(p.alpha(), 255, "transparent at ({x}, {y})");
    [p.red(), p.green(), p.blue()]
}

/// The colour in the middle of a piece's body on `square` (see
/// `svg::piece`), or of the empty square there.
fn body(pixmap: &Pixmap, square: Square, bottom: Color) -> [u8; 3] {
    let (x, y) = square_origin(square, bottom);
    pixel(pixmap, x + 25, y + 33)
}

/// The colour of `square` itself, in its bottom right corner where no
/// piece reaches.
fn ground(pixmap: &Pixmap, square: Square, bottom: Color) -> [u8; 3] {
    let (x, y) = square_origin(square, bottom);
    pixel(pixmap, x + 46, y + 46)
}

/// Checks every square of the picture: its own colour (or the
/// highlight's) in the corner, and in the middle of the body the colour of
/// the piece standing there, or the square's colour when it is empty.
#[track_caller]
fn assert_drawn(pixmap: &Pixmap, pos: &Chess, options: &Options) {
    let theme = Theme::default();
    for square in Square::ALL {
        let square_colour = rgb(if options.is_marked(square) {
            theme.last_move
        } else if square.is_light() {
            theme.light
        } else {
            theme.dark
        });
        assert_eq!(
            ground(pixmap, square, options.bottom),
            square_colour,
            "{square}"
        );
        let expected = match pos.board().color_at(square) {
            Some(Color::White) => rgb(theme.white_piece),
            Some(Color::Black) => rgb(theme.black_piece),
            None => square_colour,
        };
        assert_eq!(body(pixmap, square, options.bottom), expected, "{square}");
    }
}

#[test]
fn start_position_has_every_piece_in_its_colour_on_its_square() {
    let theme = Theme::default();
    let pos = Chess::default();
    let pixmap = render(&svg::diagram(&pos, &Options::default()));
    assert_drawn(&pixmap, &pos, &Options::default());
    // e2 (52) holds a white piece, e7 a black one; e4 is empty.
    assert_eq!(
        body(&pixmap, Square::E2, Color::White),
        rgb(theme.white_piece)
    );
    assert_eq!(
        body(&pixmap, Square::E7, Color::White),
        rgb(theme.black_piece)
    );
    assert_eq!(body(&pixmap, Square::E4, Color::White), rgb(theme.light));
}

#[test]
fn a_real_games_last_position_is_drawn_square_by_square_both_ways_up() {
    let pgn = iccf_testdata::read("pgn/iccf/ostinato-everitt-wang-iccf-1997.pgn");
    let line = play_game(&pgn, 1, Until::End, None).expect("one game");
    assert!(line.stopped.is_none());
    assert_eq!(line.plies, 108);
    let options = Options::default().with_last_move(line.last_move);
    for options in [options, options.flipped()] {
        let pixmap = render(&svg::diagram(&line.position, &options));
        assert_drawn(&pixmap, &line.position, &options);
        // 54... Rxd2: the black rook stands on the highlighted d2.
        assert!(options.is_marked(Square::C2) && options.is_marked(Square::D2));
        let black = rgb(Theme::default().black_piece);
        assert_eq!(body(&pixmap, Square::D2, options.bottom), black);
    }
}

#[test]
fn after_e4_the_pawn_stands_on_e4_and_both_squares_are_highlighted() {
    let theme = Theme::default();
    let (pos, last) = after(&["5254"]);
    let options = Options::default().with_last_move(last);
    let pixmap = render(&svg::diagram(&pos, &options));
    let highlight = rgb(theme.last_move);
    assert_eq!(
        body(&pixmap, Square::E4, Color::White),
        rgb(theme.white_piece)
    );
    assert_eq!(ground(&pixmap, Square::E4, Color::White), highlight);
    // e2 is empty now: highlight everywhere on it.
    assert_eq!(body(&pixmap, Square::E2, Color::White), highlight);
    assert_eq!(ground(&pixmap, Square::E2, Color::White), highlight);
    let highlighted: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&sq| ground(&pixmap, sq, Color::White) == highlight)
        .collect();
    assert_eq!(highlighted, [Square::E2, Square::E4]);
}

#[test]
fn flipping_moves_pieces_and_highlight_to_the_other_side() {
    let theme = Theme::default();
    let (pos, last) = after(&["5254", "3735"]);
    let options = Options::default().flipped().with_last_move(last);
    let pixmap = render(&svg::diagram(&pos, &options));
    let highlight = rgb(theme.last_move);
    // Black at the bottom: c5 and c7 are highlighted where they now stand.
    assert_eq!(
        body(&pixmap, Square::C5, Color::Black),
        rgb(theme.black_piece)
    );
    assert_eq!(ground(&pixmap, Square::C5, Color::Black), highlight);
    assert_eq!(ground(&pixmap, Square::C7, Color::Black), highlight);
    assert_eq!(
        body(&pixmap, Square::E4, Color::Black),
        rgb(theme.white_piece)
    );
    // The places c5, c7 and e4 take with White at the bottom now hold f4,
    // f2 and d5: f2's white pawn, and no highlight there.
    assert_eq!(
        body(&pixmap, Square::C7, Color::White),
        rgb(theme.white_piece)
    );
    assert_ne!(ground(&pixmap, Square::C7, Color::White), highlight);
    assert_eq!(body(&pixmap, Square::E4, Color::White), rgb(theme.light));
    // White's king (e1) is in the top row, fourth from the left.
    let (x, y) = square_origin(Square::E1, Color::Black);
    assert_eq!((x, y), (svg::MARGIN + 3 * svg::SQUARE, svg::MARGIN));
    assert_eq!(
        body(&pixmap, Square::E1, Color::Black),
        rgb(theme.white_piece)
    );
}

#[test]
fn every_square_number_is_one_text_element_inside_its_square() {
    let svg = svg::diagram(&Chess::default(), &Options::default().flipped());
    let doc = usvg::roxmltree::Document::parse(&svg).expect("well-formed XML");
    let texts: Vec<(String, f64, f64)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            let coordinate = |name| {
                n.attribute(name)
                    .and_then(|v| v.parse().ok())
                    .expect("x and y")
            };
            (
                n.text().unwrap_or("").to_owned(),
                coordinate("x"),
                coordinate("y"),
            )
        })
        .collect();
    for square in Square::ALL {
        let number = iccf::NumericSquare::from(square).to_string();
        let found: Vec<_> = texts.iter().filter(|(text, ..)| *text == number).collect();
        assert_eq!(found.len(), 1, "{number}");
        let (_, x, y) = found[0];
        let (left, top) = square_origin(square, Color::Black);
        let inside =
            |v: f64, start: u32| f64::from(start) < v && v < f64::from(start + svg::SQUARE);
        assert!(
            inside(*x, left) && inside(*y, top),
            "{number} at ({x}, {y})"
        );
    }
    // The rest are the edge digits 1-8, four of each.
    let edges: Vec<&str> = texts
        .iter()
        .map(|(t, ..)| t.as_str())
        .filter(|t| t.len() == 1)
        .collect();
    assert_eq!(edges.len(), 32);
    assert_eq!(texts.len(), 64 + 32);
}
