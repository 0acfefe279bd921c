//! A folder of game files, one game each, as the CLI read them: finding
//! one by its ID or file name.

use core::fmt;

use crate::status::game_id;
use shakmaty::Color as Side;

use crate::Game;

/// The tag that remembers the opponent's e-mail address, learnt from the
/// first message matched to the game.
pub const ADDRESS_TAG: &str = "ICCFOpponentEmail";

/// Keeps `from`, the address of a message recorded in `game`, in its
/// [`ADDRESS_TAG`] if it has none yet: the draft of our next card goes
/// there. One rule for a message checked against a folder or one file.
///
/// ```
/// use iccf_corr::{ADDRESS_TAG, learn_address, read_game};
///
/// let mut game = read_game(b"1. 5254 *")?;
/// learn_address(&mut game, Some("jones@example.org"));
/// learn_address(&mut game, Some("other@example.org"));
/// assert_eq!(game.tag(ADDRESS_TAG), Some("jones@example.org"));
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn learn_address(game: &mut Game, from: Option<&str>) {
    if let Some(from) = from
        && game.tag(ADDRESS_TAG).is_none()
    {
        game.set_tag(ADDRESS_TAG, from);
    }
}

/// One game file of a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderGame {
    /// The file's name in the folder (`wang.pgn`).
    pub name: String,
    /// The game.
    pub game: Game,
    /// The side we play (from `ICCFSide`, or our name).
    pub side: Side,
}

impl FolderGame {
    /// The file name without `.pgn`.
    pub fn stem(&self) -> &str {
        self.name
            .strip_suffix(".pgn")
            .or_else(|| self.name.strip_suffix(".PGN"))
            .unwrap_or(&self.name)
    }

    /// The opponent's name from the White or Black tag.
    pub fn opponent(&self) -> &str {
        self.game
            .tag(crate::status::player_tag(self.side.other()))
            .unwrap_or("")
    }
}

/// Why [`find_game`] found no single game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindGameError {
    /// No game has that ID or file name.
    NotFound {
        /// What was asked for.
        key: String,
    },
    /// Several games have it (their file names).
    Several {
        /// What was asked for.
        key: String,
        /// The file names.
        names: Vec<String>,
    },
}

impl fmt::Display for FindGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FindGameError::NotFound { key } => {
                write!(f, "no game file has the ID or name `{key}`")
            }
            FindGameError::Several { key, names } => {
                write!(f, "`{key}` names several games: {}", names.join(", "))
            }
        }
    }
}

impl std::error::Error for FindGameError {}

/// The game of `games` that `key` names: its file name (with or without
/// `.pgn`), else its game ID (`GameId` or `CmailGameName` tag), compared
/// without regard to case.
///
/// # Errors
///
/// [`FindGameError`] when no game or several games fit.
///
/// ```
/// use iccf_corr::{FolderGame, Game, find_game};
/// use shakmaty::Color as Side;
///
/// let mut game = Game::new("EM/M/GT/102", "Everitt", "Wang", Side::White, "10/50".parse()?);
/// game.set_tag("GameId", "EM/M/GT/102.3");
/// let games = [FolderGame { name: "wang.pgn".into(), game, side: Side::White }];
/// assert_eq!(find_game(&games, "wang")?, 0);
/// assert_eq!(find_game(&games, "em/m/gt/102.3")?, 0);
/// assert!(find_game(&games, "lee").is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn find_game(games: &[FolderGame], key: &str) -> Result<usize, FindGameError> {
    let key = key.trim();
    let by = |fits: &dyn Fn(&FolderGame) -> bool| -> Vec<usize> {
        (0..games.len()).filter(|&i| fits(&games[i])).collect()
    };
    let by_name = by(&|g| g.name.eq_ignore_ascii_case(key) || g.stem().eq_ignore_ascii_case(key));
    let found = if by_name.is_empty() {
        by(&|g| game_id(&g.game).is_some_and(|id| id.trim().eq_ignore_ascii_case(key)))
    } else {
        by_name
    };
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(FindGameError::NotFound {
            key: key.to_owned(),
        }),
        several => Err(FindGameError::Several {
            key: key.to_owned(),
            names: several.iter().map(|&i| games[i].name.clone()).collect(),
        }),
    }
}
