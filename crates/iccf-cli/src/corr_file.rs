//! The game file of `iccf check` and `iccf card`: opening or starting it,
//! knowing our side, saving it atomically.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, bail};
use iccf_corr::{Date, Game, Side, TimeControl};
use iccf_stream::error::Operation;
use iccf_stream::lock::{DEFAULT_LOCK_WAIT, FileLock};
use iccf_stream::output::{Output, create_output};

use crate::args::{GameArgs, PlayAs};

/// The default ICCF time control of a new game.
const DEFAULT_TIME_CONTROL: TimeControl = TimeControl {
    moves: 10,
    days: 50,
};

/// An open game file with what the flags settle.
pub struct GameFile {
    pub game: Game,
    pub side: Side,
    pub today: Date,
}

/// Reads the game file, or starts one when it does not exist and
/// --white and --black are given; settles our side and today's date.
pub fn open(args: &GameArgs) -> anyhow::Result<GameFile> {
    let mut game = match std::fs::read(&args.game) {
        Ok(bytes) => {
            iccf_corr::read_game(&bytes).with_context(|| format!("{}", args.game.display()))?
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => new_game(args)?,
        Err(err) => {
            return Err(err).with_context(|| format!("cannot read {}", args.game.display()));
        }
    };
    if let Some(tc) = args.time_control {
        game.set_tag("TimeControl", &tc.to_string());
    }
    let side = settle_side(&mut game, args)?;
    let today = args.date.unwrap_or_else(today);
    Ok(GameFile { game, side, today })
}

fn new_game(args: &GameArgs) -> anyhow::Result<Game> {
    let (Some(white), Some(black)) = (&args.white, &args.black) else {
        bail!(
            "{} does not exist: to start a game give --white NAME --black NAME (and --as)",
            args.game.display()
        );
    };
    let side = args.side.map(side_of).unwrap_or(Side::White);
    let event = args.event.as_deref().unwrap_or("?");
    let tc = args.time_control.unwrap_or(DEFAULT_TIME_CONTROL);
    let mut game = Game::new(event, white, black, side, tc);
    if args.side.is_none() {
        // Settled below from the flags or our name.
        game.tags.retain(|(name, _)| name != iccf_corr::SIDE_TAG);
    }
    Ok(game)
}

/// --as wins and is remembered; else the file's tag; else our name.
fn settle_side(game: &mut Game, args: &GameArgs) -> anyhow::Result<Side> {
    if let Some(side) = args.side.map(side_of) {
        game.set_side(side);
        return Ok(side);
    }
    if let Some(side) = game.side() {
        return Ok(side);
    }
    let inferred = args.me.as_deref().and_then(|me| side_by_name(game, me));
    let Some(side) = inferred else {
        bail!(
            "{}: which side do we play? Give --as white or --as black once (it is remembered)",
            args.game.display()
        );
    };
    let _ = writeln!(
        std::io::stderr(),
        "iccf: playing {} (our name is in the {} tag)",
        side.name(),
        tag(side)
    );
    game.set_side(side);
    Ok(side)
}

fn tag(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The side whose player tag contains `me` (case-insensitive), if only one.
pub(crate) fn side_by_name(game: &Game, me: &str) -> Option<Side> {
    let me = me.trim().to_lowercase();
    if me.is_empty() {
        return None;
    }
    let has = |side: Side| {
        game.tag(tag(side))
            .is_some_and(|name| name.to_lowercase().contains(&me))
    };
    match (has(Side::White), has(Side::Black)) {
        (true, false) => Some(Side::White),
        (false, true) => Some(Side::Black),
        _ => None,
    }
}

fn side_of(side: PlayAs) -> Side {
    match side {
        PlayAs::White => Side::White,
        PlayAs::Black => Side::Black,
    }
}

/// Today in UTC.
pub fn today() -> Date {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Date::from_days((secs / 86_400) as i64)
}

/// Locks the game file at `path` for a change (read, change, save): a
/// second `iccf card` or `check --apply` on it waits for this one, or fails
/// saying so after [`DEFAULT_LOCK_WAIT`]; the temporary files of a killed
/// one are removed.
pub fn lock(path: &Path) -> anyhow::Result<FileLock> {
    Ok(FileLock::acquire(path, DEFAULT_LOCK_WAIT)?)
}

/// Writes `game` to `path` through the stream library's one atomic writer:
/// the file keeps its permissions, a symlink stays a link to the file it
/// names, and a read-only file is refused.
pub fn save(path: &Path, game: &Game) -> anyhow::Result<()> {
    prepare(path, game)?.commit()?;
    Ok(())
}

/// [`save`] up to the last step: the game is written to the temporary
/// file, and replaces the game file only when the output is committed
/// (`iccf card` commits it once the card is shown).
pub fn prepare(path: &Path, game: &Game) -> anyhow::Result<Output> {
    let mut output = create_output(Some(path), &[], false)?;
    output
        .write_all(&iccf_corr::write_game(game))
        .map_err(|err| output.error(Operation::Write, err))?;
    Ok(output)
}
