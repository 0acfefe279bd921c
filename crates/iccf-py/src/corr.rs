//! `iccf.check` and `iccf.card`: correspondence games, as `iccf check
//! --json` and `iccf card` see them, on text instead of files.

use iccf::MoveFormat;
use iccf_corr::{CardOptions, CheckOptions, Date, Game, MessageLang, Offer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use shakmaty::Color as Side;

use crate::args;
use crate::errors::{our_move_error, parse_error_of};

/// Reads a game file's text.
fn read_game(py: Python<'_>, pgn: &str) -> PyResult<Game> {
    iccf_corr::read_game(pgn.as_bytes())
        .map_err(|err| parse_error_of(py, "bad-game", format!("game: {err}")))
}

/// A date argument, `YYYY.MM.DD` as the CLI takes it; a `ValueError`
/// naming the argument else.
fn date_arg(name: &str, text: &str) -> PyResult<Date> {
    text.parse()
        .map_err(|err| PyValueError::new_err(format!("{name} `{text}`: {err}")))
}

/// A day the caller may leave out: [`date_arg`], else today in the local
/// time zone, as the CLI takes it.
fn day_arg(name: &str, text: Option<&str>) -> PyResult<Date> {
    text.map_or_else(|| Ok(Date::today()), |text| date_arg(name, text))
}

/// Our side: `side` when given, else the game's `ICCFSide` tag.
fn our_side(game: &Game, side: Option<&str>) -> PyResult<Side> {
    match side {
        Some(name) => name
            .trim()
            .to_ascii_lowercase()
            .parse::<Side>()
            .ok()
            .ok_or_else(|| PyValueError::new_err(format!("side `{name}`: use white or black"))),
        None => game.side().ok_or_else(|| {
            PyValueError::new_err("which side do we play? give side=\"white\" or \"black\"")
        }),
    }
}

/// Checks `message` (text or an e-mail: its subject, date and PGN
/// attachment too) from our opponent against `game_pgn`, as `iccf check`
/// does, dates after `today` (default: today, local time) in the future, received on
/// `received` (else the e-mail's date); the findings as `iccf check
/// --json` prints them, as JSON.
#[pyfunction]
#[pyo3(signature = (game_pgn, message, *, side = None, today = None, received = None))]
pub fn check(
    py: Python<'_>,
    game_pgn: &str,
    message: &Bound<'_, PyAny>,
    side: Option<&str>,
    today: Option<&str>,
    received: Option<&str>,
) -> PyResult<String> {
    let game = read_game(py, game_pgn)?;
    let side = our_side(&game, side)?;
    let message = iccf_corr::read_message(&args::text_bytes(message)?);
    let opts = CheckOptions {
        today: Some(day_arg("today", today)?),
        received: received.map(|d| date_arg("received", d)).transpose()?,
        accept: None,
    };
    let report = iccf_corr::check_message(&game, side, &message, &opts);
    let json = serde_json::json!({
        "in_order": report.in_order(),
        "findings": report.findings,
        "claims": report.claims,
        "result": report.result,
        "resend": report.resend,
    });
    Ok(json.to_string())
}

/// Records our move `mv` (if any) and the offers in `game_pgn` on `date`
/// (default: today, local time); returns the card to send and the game
/// file's new text, as `iccf card` does.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (game_pgn, mv, *, date = None, side = None, lang = "en", also = None, also_lang = "en", input_lang = None, offers = Vec::new()))]
pub fn card(
    py: Python<'_>,
    game_pgn: &str,
    mv: Option<&str>,
    date: Option<&str>,
    side: Option<&str>,
    lang: &str,
    also: Option<&str>,
    also_lang: &str,
    input_lang: Option<&str>,
    offers: Vec<String>,
) -> PyResult<(String, String)> {
    let mut game = read_game(py, game_pgn)?;
    let side = our_side(&game, side)?;
    let today = day_arg("date", date)?;
    // Refused as `iccf card` refuses them: a `date` before the game's last
    // would count the days used backwards.
    if let Some(error) = iccf_corr::check_file_dates(&game, today).first() {
        return Err(PyValueError::new_err(format!("game: {error}")));
    }
    let lang: MessageLang = lang
        .parse()
        .map_err(|err| PyValueError::new_err(format!("lang `{lang}`: {err}")))?;
    let offers = offers
        .iter()
        .map(|name| offer(name))
        .collect::<PyResult<Vec<Offer>>>()?;
    // A resignation or an accepted draw goes instead of a move, as `iccf
    // card` and the web desk refuse them.
    Offer::alone(&offers, mv.is_some()).map_err(|err| PyValueError::new_err(err.to_string()))?;
    if let Some(mv) = mv {
        iccf_corr::play_our_move(&mut game, mv, args::input_lang(input_lang)?, today)
            .map_err(|err| our_move_error(py, &err, mv))?;
    }
    iccf_corr::record_offers(&mut game, side, &offers)
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
    game.card_written();
    let also = match args::notation(also)? {
        Some(notation) => Some(MoveFormat {
            lang: args::lang(also_lang)?,
            ..MoveFormat::new(notation)
        }),
        None => None,
    };
    let text = iccf_corr::card(
        &game,
        side,
        &CardOptions {
            lang,
            also,
            offers,
            today: Some(today),
        },
    );
    let saved = String::from_utf8_lossy(&iccf_corr::write_game(&game)).into_owned();
    Ok((text, saved))
}

fn offer(name: &str) -> PyResult<Offer> {
    match name {
        "offer_draw" => Ok(Offer::OfferDraw),
        "accept_draw" => Ok(Offer::AcceptDraw),
        "resign" => Ok(Offer::Resign),
        _ => Err(PyValueError::new_err(format!(
            "offer `{name}`: use offer_draw, accept_draw or resign"
        ))),
    }
}
