//! The game file of `iccf check` and `iccf card`: opening or starting it,
//! knowing our side, checking its dates, saving it atomically.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, bail};
use iccf_corr::{Date, Game, LEAVE_TAG, TimeControl, check_file_dates, leave_of};
use iccf_stream::error::{Operation, StreamError};
use iccf_stream::lock::{DEFAULT_LOCK_WAIT, FileLock};
use iccf_stream::output::{Output, create_output};
use shakmaty::Color;

use crate::args::{GameArgs, PlayAs};

/// The default ICCF time control of a new game.
const DEFAULT_TIME_CONTROL: TimeControl = TimeControl {
    moves: 10,
    days: 50,
};

/// An open game file with what the flags settle.
pub struct GameFile {
    pub game: Game,
    pub side: Color,
    pub today: Date,
}

/// Reads the game file, or starts one when it does not exist and
/// --white and --black are given; settles our side and today's date,
/// records --start and --leave, and refuses dates that cannot be right.
pub fn open(args: &GameArgs) -> anyhow::Result<GameFile> {
    let name = args.game.display();
    let mut game = match crate::limited::read_file(&args.game, args.file_limit()) {
        Ok(bytes) => iccf_corr::read_game(&bytes?).with_context(|| format!("{name}"))?,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => new_game(args)?,
        Err(err) => return Err(err).with_context(|| format!("cannot read {name}")),
    };
    if let Some(tc) = args.time_control {
        game.set_tag("TimeControl", &tc.to_string());
    }
    if let Some(start) = args.start {
        game.set_tag("Date", &start.to_string());
    }
    add_leave(&mut game, &args.leave);
    let side = settle_side(&mut game, args)?;
    let today = args.date.unwrap_or_else(Date::today);
    if let Some(error) = check_file_dates(&game, today).first() {
        bail!("{name}: {error}");
    }
    warn_leave_over_allowance(&name.to_string(), &game, today);
    Ok(GameFile { game, side, today })
}

/// Our leave from the flags joined to the file's, each once, in order.
fn add_leave(game: &mut Game, new: &[iccf_corr::Leave]) {
    if new.is_empty() {
        return;
    }
    let mut leave = leave_of(game);
    for l in new {
        if !leave.contains(l) {
            leave.push(*l);
        }
    }
    leave.sort_by_key(|l| l.from);
    let text: Vec<String> = leave.iter().map(ToString::to_string).collect();
    game.set_tag(LEAVE_TAG, &text.join(" "));
}

/// Warns when our leave takes more days in a year, from this one on, than
/// the allowance the card counts against: the card's clock leaves all of
/// it out, which the opponent and the director may not. The allowance of
/// an event may differ (ICCF's e-mail rules of 2005 say 30 days, server
/// play has had 45), so it is said, not refused.
fn warn_leave_over_allowance(name: &str, game: &Game, today: Date) {
    let leave = leave_of(game);
    if let Some((year, days)) = iccf_corr::leave_over_allowance(&leave, today.year()) {
        eprintln!(
            "iccf: {}: warning: {days} days of leave in {year}, over the {} a year the card \
             counts against; all of them are left off our clock",
            iccf_pgn::problem::escape_controls(name),
            iccf_corr::LEAVE_DAYS_PER_YEAR
        );
    }
}

fn new_game(args: &GameArgs) -> anyhow::Result<Game> {
    let (Some(white), Some(black)) = (&args.white, &args.black) else {
        bail!(
            "{} does not exist: to start a game give --white NAME --black NAME (and --as)",
            args.game.display()
        );
    };
    let side = args.side.map(side_of).unwrap_or(Color::White);
    let event = args.event.as_deref().unwrap_or("?");
    let tc = args.time_control.unwrap_or(DEFAULT_TIME_CONTROL);
    let mut game = Game::new(event, white, black, side, tc);
    if args.side.is_none() {
        // Settled below from the flags or our name.
        game.tags.retain(|(name, _)| name != iccf_corr::SIDE_TAG);
    }
    Ok(game)
}

/// The file's tag, which --as may repeat but not contradict; else --as,
/// remembered; else our name; else, in a game under way, the side that
/// moved last (we await their reply), said on stderr.
fn settle_side(game: &mut Game, args: &GameArgs) -> anyhow::Result<Color> {
    let name = args.game.display();
    let asked = args.side.map(side_of);
    match (game.side(), asked) {
        (Some(ours), Some(asked)) if ours != asked => bail!(
            "{name}: --as {} contradicts the file, where we play {} ([ICCFSide \"{}\"]); \
             to change sides, edit the tag",
            color_name(asked),
            color_name(ours),
            color_name(ours)
        ),
        (Some(ours), _) => return Ok(ours),
        (None, Some(asked)) => {
            game.set_side(asked);
            return Ok(asked);
        }
        (None, None) => {}
    }
    let by_name = args.me.as_deref().and_then(|me| side_by_name(game, me));
    let (side, why) = match (by_name, game.plies.len().checked_sub(1)) {
        (Some(side), _) => (side, format!("our name is in the {} tag", tag(side))),
        (None, Some(last)) => (
            game.side_of_ply(last),
            "the side that moved last, awaiting the reply; else give --as".to_owned(),
        ),
        (None, None) => bail!(
            "{name}: which side do we play? Give --as white or --as black once (it is remembered)"
        ),
    };
    let _ = writeln!(
        std::io::stderr(),
        "iccf: playing {} ({why})",
        color_name(side)
    );
    game.set_side(side);
    Ok(side)
}

fn color_name(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn tag(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The side whose player tag contains `me` (case-insensitive), if only one.
pub(crate) fn side_by_name(game: &Game, me: &str) -> Option<Color> {
    let me = me.trim().to_lowercase();
    if me.is_empty() {
        return None;
    }
    let has = |side: Color| {
        game.tag(tag(side))
            .is_some_and(|name| name.to_lowercase().contains(&me))
    };
    match (has(Color::White), has(Color::Black)) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

fn side_of(side: PlayAs) -> Color {
    match side {
        PlayAs::White => Color::White,
        PlayAs::Black => Color::Black,
    }
}

/// Locks the game file at `path` for a change (read, change, save): a
/// second `iccf card` or `check --apply` on it waits for this one, or fails
/// saying so after [`DEFAULT_LOCK_WAIT`]; the temporary files of a killed
/// one are removed.
pub fn lock(path: &Path) -> anyhow::Result<FileLock> {
    Ok(FileLock::acquire(path, DEFAULT_LOCK_WAIT)?)
}

/// [`lock`], for a game read before the lock was taken (a folder read
/// whole): the file must still hold `game`, else another `iccf` changed it
/// meanwhile and nothing is recorded over its change.
pub fn lock_unchanged(path: &Path, game: &Game) -> anyhow::Result<FileLock> {
    let lock = lock(path)?;
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let now = iccf_corr::read_game(&bytes).with_context(|| format!("{}", path.display()))?;
    if now != *game {
        bail!(
            "{} changed while iccf was at work (another iccf?): nothing recorded in it; run again",
            path.display()
        );
    }
    Ok(lock)
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
    let mut output = create_output(Some(path), &[], false).map_err(|err| match err {
        // A game file kept read-only on purpose (a finished game): the
        // player decides, there is no option to force it.
        StreamError::ReadOnly { path } => anyhow::anyhow!(
            "game file {} is read-only; make it writable to record moves in it",
            path.display()
        ),
        err => err.into(),
    })?;
    output
        .write_all(&iccf_corr::write_game(game))
        .map_err(|err| output.error(Operation::Write, err))?;
    Ok(output)
}
