//! Game files the message targets check against: a long game under way
//! (each side to move), a finished one, one with leave and if-moves, and
//! a new game, all from the test folder.

use iccf_corr::{FolderGame, Game, read_game};
use shakmaty::Color;

const FILES: [(&str, &[u8]); 6] = [
    (
        "everitt-wang.pgn",
        include_bytes!("../../testdata/corr/folder/games/everitt-wang.pgn"),
    ),
    (
        "board-01.pgn",
        include_bytes!("../../testdata/corr/folder/games/board-01.pgn"),
    ),
    (
        "board-02.pgn",
        include_bytes!("../../testdata/corr/folder/games/board-02.pgn"),
    ),
    (
        "finished-1.pgn",
        include_bytes!("../../testdata/corr/folder/games/finished-1.pgn"),
    ),
    (
        "leave-board-13.pgn",
        include_bytes!("../../testdata/corr/folder/games/leave-board-13.pgn"),
    ),
    (
        "match-1.pgn",
        include_bytes!("../../testdata/corr/folder/games/match-1.pgn"),
    ),
];

/// The folder's games, each with the side we play (its `ICCFSide`, else
/// White), and a new game where we play Black.
pub fn games() -> Vec<FolderGame> {
    let mut games: Vec<FolderGame> = FILES
        .iter()
        .map(|(name, bytes)| {
            let game = read_game(bytes).expect("a test folder game");
            FolderGame {
                name: (*name).to_owned(),
                side: game.side().unwrap_or(Color::White),
                game,
            }
        })
        .collect();
    games.push(FolderGame {
        name: "new.pgn".to_owned(),
        game: Game::new("?", "A", "B", Color::Black, "10/50".parse().unwrap()),
        side: Color::Black,
    });
    games
}
