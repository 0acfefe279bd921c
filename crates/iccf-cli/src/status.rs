//! `iccf status DIR`: every game of a folder, most urgent first; and the
//! folder reading that `check DIR`, `card DIR` and `mail` share.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use iccf_corr::{Date, FolderGame, GameStatus, LastMove, game_status};
use iccf_pgn::problem::escape_controls;

use crate::args::StatusArgs;
use crate::corr_file;

/// A folder's game files: the games read, and the files that could not be
/// (name, reason).
pub struct Folder {
    pub dir: PathBuf,
    pub games: Vec<FolderGame>,
    pub unreadable: Vec<(String, String)>,
}

impl Folder {
    /// The path of game `i`.
    pub fn path(&self, i: usize) -> PathBuf {
        self.dir.join(&self.games[i].name)
    }
}

/// Reads every `*.pgn` file of `dir` (not below it), sorted by name. Our
/// side is the file's ICCFSide tag, else the side whose player is `me`.
pub fn read_folder(dir: &Path, me: Option<&str>) -> anyhow::Result<Folder> {
    let mut folder = Folder {
        dir: dir.to_owned(),
        games: Vec::new(),
        unreadable: Vec::new(),
    };
    for_each_game(dir, me, |read| match read {
        Ok(game) => folder.games.push(game),
        Err(unreadable) => folder.unreadable.push(unreadable),
    })?;
    Ok(folder)
}

/// Reads the `*.pgn` files of `dir` as [`read_folder`] does, handing each
/// game (or the file's name and why it could not be read) to `each` and
/// keeping none: one game file in memory at a time.
fn for_each_game(
    dir: &Path,
    me: Option<&str>,
    mut each: impl FnMut(Result<FolderGame, (String, String)>),
) -> anyhow::Result<()> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_pgn = name.to_ascii_lowercase().ends_with(".pgn") && !name.starts_with('.');
        if is_pgn && entry.path().is_file() {
            names.push(name);
        }
    }
    names.sort();
    for name in names {
        each(match read_one(&dir.join(&name), me) {
            Ok((game, side)) => Ok(FolderGame { name, game, side }),
            Err(why) => Err((name, why)),
        });
    }
    Ok(())
}

fn read_one(path: &Path, me: Option<&str>) -> Result<(iccf_corr::Game, shakmaty::Color), String> {
    let limit = crate::limited::Limit {
        bytes: crate::limited::DEFAULT_MAX_GAME_FILE,
        what: "a game file",
        flag: "--max-file-size",
    };
    let bytes = crate::limited::read_file(path, limit)
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    let game = iccf_corr::read_game(&bytes).map_err(|e| e.to_string())?;
    let side = game
        .side()
        .or_else(|| me.and_then(|me| corr_file::side_by_name(&game, me)))
        .ok_or("which side do we play? Give it an ICCFSide tag (iccf card FILE --as SIDE) or --me NAME")?;
    Ok((game, side))
}

/// Prints the folder's lines; `Ok(false)` when some files could not be read.
/// Only each game's status is kept, not the game: a folder of large files
/// took memory by the file (3 GB for 24 files of 8 MB).
pub fn run(args: &StatusArgs) -> anyhow::Result<bool> {
    let today = args.date.unwrap_or_else(Date::today);
    let rules = args.deadlines.rules();
    let mut lines: Vec<(String, GameStatus)> = Vec::new();
    let mut unreadable = Vec::new();
    for_each_game(&args.dir, args.me.as_deref(), |read| match read {
        Ok(g) => lines.push((g.name, game_status(&g.game, g.side, today, &rules))),
        Err(file) => unreadable.push(file),
    })?;
    if lines.is_empty() && unreadable.is_empty() {
        // The wrong folder looked like a folder of games with nothing to do.
        eprintln!("iccf: no game files (*.pgn) in {}", args.dir.display());
    }
    lines.sort_by(|(a, x), (b, y)| (x.urgency(), a).cmp(&(y.urgency(), b)));
    let mut out = iccf_stream::stdout::stdout();
    for (name, status) in &lines {
        if args.json {
            let json = serde_json::json!({ "file": name, "status": status });
            writeln!(out, "{json}")?;
        } else {
            // Tags and file names are the files' text: escaped for the
            // terminal, as every finding is.
            writeln!(out, "{}", escape_controls(&line(name, status)))?;
        }
    }
    for (name, why) in &unreadable {
        if args.json {
            writeln!(out, "{}", serde_json::json!({ "file": name, "error": why }))?;
        } else {
            let line = format!("{name}: cannot be read: {why}");
            writeln!(out, "{}", escape_controls(&line))?;
        }
    }
    Ok(unreadable.is_empty())
}

/// `sicilian-a.pgn  EM/M/GT/102  vs Jones,G (we white)  their move, 4 days
/// ...`: one game on one line.
pub fn line(file: &str, s: &GameStatus) -> String {
    let turn = match s.to_move {
        None => "over".to_owned(),
        Some(side) if side == s.side => format!("our move, {} days", s.waiting.unwrap_or(0)),
        Some(_) => format!("their move, {} days", s.waiting.unwrap_or(0)),
    };
    let mut fields = vec![
        file.to_owned(),
        s.name(),
        format!("vs {} (we {})", s.opponent, s.side),
        turn,
        format!("ours {}", last(s.ours.as_ref())),
        format!("theirs {}", last(s.theirs.as_ref())),
        format!("days us {}", clock(s.our_clock)),
        format!("them {}", clock(s.their_clock)),
    ];
    if let Some(date) = s.deadline {
        fields.push(format!("deadline {date}"));
    }
    let alerts: Vec<String> = s.alerts.iter().map(|a| format!("! {a}")).collect();
    fields.extend(alerts);
    fields.join("  ")
}

fn last(mv: Option<&LastMove>) -> String {
    match mv {
        None => "-".to_owned(),
        Some(m) => match m.sent {
            Some(date) => format!("{} {} {date}", m.no, m.numeric),
            None => format!("{} {}", m.no, m.numeric),
        },
    }
}

fn clock(c: iccf_corr::Clock) -> String {
    match (c.left, c.control_move) {
        (Some(left), Some(control)) => format!("{} used, {left} left to move {control}", c.used),
        _ => format!("{} used", c.used),
    }
}
