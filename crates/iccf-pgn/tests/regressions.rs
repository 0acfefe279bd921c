//! Regression tests for bugs found by the property tests, the hostile-input
//! suite and fuzzing. Each converts a game and checks that the output splits
//! into as many games as the input: games in = games out.

use iccf_pgn::convert::{Converter, GameLocation, Options};
use iccf_pgn::split::split_games;

fn games_out(input: &[u8]) -> (usize, usize, String) {
    let converter = Converter::new(Options::default());
    let games = split_games(input);
    let mut out = Vec::new();
    for range in &games {
        converter.convert(&input[range.clone()], GameLocation::default(), &mut out);
    }
    let text = String::from_utf8_lossy(&out).into_owned();
    (games.len(), split_games(&out).len(), text)
}

/// A tag broken at its line end (`[` alone) was written on the same line as
/// the movetext after it, where it became a tag with an open string that
/// swallowed the next game.
#[test]
fn broken_tag_swallows_next_game() {
    let (games_in, games_out, out) = games_out(b"[\n\"\n[A \"b\"]\n*\n");
    assert_eq!(games_out, games_in, "{out}");
}
