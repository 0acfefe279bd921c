//! The cards `iccf mail --apply` saves as drafts: our move given with
//! --move, and the if-move replies that a message set off.

use std::collections::HashMap;
use std::io::Write;

use anyhow::bail;
use iccf_corr::{ADDRESS_TAG, CARD_DUE_TAG, CardOptions, Date, Game, MessageLang, Received};
use iccf_mail::{Account, Draft, Mailbox};
use shakmaty::Color;

use crate::corr_file;
use crate::status::Folder;

/// The message a card answers: its subject and Message-ID.
#[derive(Clone, Debug)]
pub struct Reply {
    subject: String,
    message_id: Option<String>,
}

impl Reply {
    pub fn to(received: &Received) -> Reply {
        Reply {
            subject: received.subject.clone(),
            message_id: received.message_id.clone(),
        }
    }
}

/// What every draft needs.
pub struct DraftContext<'a> {
    pub account: &'a Account,
    pub today: Date,
    pub lang: MessageLang,
    pub json: bool,
}

/// `GAME=MOVE` of --move, the game found in the folder (before anything
/// is read from the mailbox: a typo stops the run at once).
pub fn parse_moves(folder: &Folder, given: &[String]) -> anyhow::Result<Vec<(usize, String)>> {
    let mut moves = Vec::new();
    for text in given {
        let Some((key, mv)) = text.split_once('=') else {
            bail!("--move {text}: give GAME=MOVE, the game's file name or ID and our move");
        };
        let i = iccf_corr::find_game(&folder.games, key.trim())?;
        if moves.iter().any(|(j, _)| *j == i) {
            bail!("--move {text}: one move per game");
        }
        moves.push((i, mv.trim().to_owned()));
    }
    Ok(moves)
}

/// Plays each --move, saves its card as a draft, then records the move:
/// a draft that could not be saved leaves the game file as it was.
/// `Ok(false)` when a move was refused (said, nothing changed).
pub fn play_moves(
    mailbox: &mut Mailbox,
    folder: &mut Folder,
    moves: &[(usize, String)],
    ctx: &DraftContext,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let mut all_played = true;
    for (i, mv) in moves {
        let (path, name, side) = (
            folder.path(*i),
            folder.games[*i].name.clone(),
            folder.games[*i].side,
        );
        let _lock = corr_file::lock_unchanged(&path, &folder.games[*i].game)?;
        let mut game = folder.games[*i].game.clone();
        if let Err(err) = iccf_corr::play_our_move(&mut game, mv, None, ctx.today) {
            report(out, ctx, &name, &format!("our move {mv} refused: {err}"))?;
            all_played = false;
            continue;
        }
        // Written and synced before the draft is saved: a full disk
        // refuses the move before a card of it can be sent.
        let saved = corr_file::prepare(&path, &game)?.finish()?;
        mailbox.save_draft(&draft(&game, side, None, ctx).to_bytes())?;
        saved.commit()?;
        folder.games[*i].game = game;
        let what = format!(
            "our move {mv} recorded; its card is in {}",
            ctx.account.drafts
        );
        report(out, ctx, &name, &what)?;
    }
    Ok(all_played)
}

/// Saves the card of every game whose card is due (an if-move reply
/// played, by this run or an earlier one), then clears the mark: a run
/// cut short between the two saves the draft again, never loses it.
pub fn save_due(
    mailbox: &mut Mailbox,
    folder: &mut Folder,
    replies: &HashMap<usize, Reply>,
    ctx: &DraftContext,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    for i in 0..folder.games.len() {
        let g = &folder.games[i];
        let last_is_ours = g
            .game
            .plies
            .len()
            .checked_sub(1)
            .is_some_and(|last| g.game.side_of_ply(last) == g.side);
        if g.game.tag(CARD_DUE_TAG).is_none() || !last_is_ours {
            continue;
        }
        let path = folder.path(i);
        let _lock = corr_file::lock_unchanged(&path, &folder.games[i].game)?;
        let g = &mut folder.games[i];
        mailbox.save_draft(&draft(&g.game, g.side, replies.get(&i), ctx).to_bytes())?;
        g.game.card_written();
        corr_file::save(&path, &g.game)?;
        let what = format!("our if-move reply's card is in {}", ctx.account.drafts);
        report(out, ctx, &g.name, &what)?;
    }
    Ok(())
}

fn report(out: &mut impl Write, ctx: &DraftContext, game: &str, what: &str) -> anyhow::Result<()> {
    if ctx.json {
        writeln!(
            out,
            "{}",
            serde_json::json!({ "game": game, "draft": what })
        )?;
    } else {
        writeln!(out, "{game}: {what}")?;
    }
    Ok(())
}

/// The card of our last move, to the opponent's remembered address, in
/// answer to `reply` when a message set it off.
fn draft(game: &Game, side: Color, reply: Option<&Reply>, ctx: &DraftContext) -> Draft {
    let options = CardOptions {
        lang: ctx.lang,
        also: None,
        offers: Vec::new(),
        today: Some(ctx.today),
    };
    Draft {
        from: ctx.account.from_address().to_owned(),
        to: game.tag(ADDRESS_TAG).map(str::to_owned),
        subject: reply
            .map(|r| r.subject.clone())
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| title(game)),
        in_reply_to: reply.and_then(|r| r.message_id.clone()),
        text: iccf_corr::card(game, side, &options),
    }
}

/// "EM/M/GT/102", or "Event, round 3": the subject of a card that answers
/// no message.
fn title(game: &Game) -> String {
    if let Some(id) = iccf_corr::game_id(game) {
        return id.to_owned();
    }
    let event = game.tag("Event").unwrap_or("?");
    match game.tag("Round") {
        Some(round) if !matches!(round, "" | "-" | "?") => format!("{event}, round {round}"),
        _ => event.to_owned(),
    }
}
