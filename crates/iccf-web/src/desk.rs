//! What the correspondence desk's endpoints share: the game file's text
//! sent with each request (nothing is kept on the server), our side, and
//! today's date.

use iccf_corr::{Date, Game, TimeControl, read_game};
use serde::Deserialize;
use shakmaty::Color as Side;

use crate::ApiError;
use crate::limits::{printable, short_text};

/// The game file part of a desk request.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeskGame {
    /// The game file's content (one PGN game kept by `iccf`); empty starts
    /// a new game.
    #[serde(default)]
    pub game: String,
    /// `white` or `black`: our side, when the file does not say.
    #[serde(default)]
    pub side: Option<String>,
    /// Today, `YYYY.MM.DD`; the server's date, in its time zone, when absent.
    #[serde(default)]
    pub date: Option<String>,
}

/// A game file read, with our side settled.
#[derive(Debug)]
pub struct OpenGame {
    /// The game.
    pub game: Game,
    /// Our side.
    pub side: Side,
}

impl DeskGame {
    /// Reads the game; a 422 for a bad file or an unknown side.
    pub fn open(&self) -> Result<OpenGame, ApiError> {
        let asked = self.side.as_deref().map(parse_side).transpose()?;
        let mut game = if self.game.trim().is_empty() {
            let tc = TimeControl {
                moves: 10,
                days: 50,
            };
            Game::new("?", "?", "?", asked.unwrap_or(Side::White), tc)
        } else {
            read_game(self.game.as_bytes())
                .map_err(|err| ApiError::unprocessable(format!("game file: {err}")))?
        };
        // As `iccf card --as` refuses it: the card would say we play the
        // other side, and the file come back with its tag changed.
        if let (Some(asked), Some(file)) = (asked, game.side())
            && asked != file
        {
            return Err(ApiError::unprocessable(format!(
                "we play {}, says the desk, but the file says {} ([ICCFSide \"{}\"]): choose \
                 \"as the file says\", or edit the tag to change sides",
                asked, file, file
            )));
        }
        let side = match asked.or_else(|| game.side()) {
            Some(side) => side,
            None => {
                return Err(ApiError::unprocessable(
                    "which side do we play? The file does not say: choose white or black",
                ));
            }
        };
        game.set_side(side);
        Ok(OpenGame { game, side })
    }

    /// The date asked for, or today in the local time zone (the server
    /// runs on the player's machine).
    pub fn today(&self) -> Result<Date, ApiError> {
        Ok(date_field("date", self.date.as_deref())?.unwrap_or_else(Date::today))
    }
}

/// The date in the request's field `name`: `YYYY.MM.DD`, or with `-` (as
/// the page's date inputs give it); `None` when absent or blank. A 422
/// names the field and its text.
pub fn date_field(name: &str, text: Option<&str>) -> Result<Option<Date>, ApiError> {
    let Some(text) = text.filter(|d| !d.trim().is_empty()) else {
        return Ok(None);
    };
    short_text(name, text)?
        .trim()
        .parse()
        .map(Some)
        .map_err(|err| ApiError::unprocessable(format!("{name} `{}`: {err}", printable(text))))
}

/// `white` or `black`, any case.
fn parse_side(text: &str) -> Result<Side, ApiError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        _ => Err(ApiError::unprocessable(format!(
            "unknown side `{}`: white or black",
            short_text("side", text)?
        ))),
    }
}

/// The game file's text after a change, as `iccf` writes it.
pub fn file_text(game: &Game) -> String {
    String::from_utf8_lossy(&iccf_corr::write_game(game)).into_owned()
}
