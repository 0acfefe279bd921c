//! `iccf mail DIR`: the new messages of the player's mailbox, each matched
//! to its game and checked as `iccf check DIR MESSAGE` does; with --apply
//! recorded, marked in the mailbox, and the cards due saved as drafts.

use std::collections::HashMap;
use std::io::Write;

use iccf_corr::{Date, Received};
use iccf_mail::{Account, Fetched, Mailbox, Mark};
use iccf_pgn::problem::escape_controls;
use serde::Serialize;

use crate::args::MailArgs;
use crate::folder::{self, Outcome};
use crate::mail_draft::parse_moves;
use crate::mail_draft::{self, DraftContext, Reply};
use crate::status::{Folder, read_folder};

/// What came of one message of the mailbox.
#[derive(Debug, Serialize)]
struct MessageVerdict {
    uid: u32,
    from: Option<String>,
    subject: String,
    /// Why it cannot be read as an e-mail at all.
    #[serde(skip_serializing_if = "Option::is_none")]
    malformed: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<Outcome>,
    /// It was marked as handled in the mailbox.
    marked: bool,
}

impl MessageVerdict {
    /// No part found a game or a candidate: not chess mail, as far as
    /// iccf can tell.
    fn fits_no_game(&self) -> bool {
        self.outcome.as_ref().is_some_and(|o| {
            o.parts
                .iter()
                .all(|p| p.game.is_none() && p.candidates.is_empty())
        })
    }

    /// A message that needs the player: malformed, ambiguous, not in
    /// order, or asking for our last card again.
    fn needs_player(&self) -> bool {
        self.malformed.is_some()
            || (!self.fits_no_game()
                && !self
                    .outcome
                    .as_ref()
                    .is_some_and(|o| o.in_order && !o.resend))
    }
}

/// Reads, checks and (with --apply) records the new mail; `Ok(false)` when
/// some message or --move needs the player.
pub fn run(args: &MailArgs) -> anyhow::Result<bool> {
    let account = load_account(args)?;
    let password = account.password.read()?;
    let today = args.date.unwrap_or_else(Date::today);
    let mut folder = read_folder(&args.dir, args.me.as_deref())?;
    let moves = parse_moves(&folder, &args.moves)?;
    let mut mailbox = Mailbox::open(&account, &password, args.insecure_plain_loopback)?;
    let since = (account.look_back_days > 0)
        .then(|| Date::from_days(today.to_days() - i64::from(account.look_back_days)));
    let mut out = iccf_stream::stdout::stdout();
    let mut all_well = true;
    let mut replies = HashMap::new();
    for uid in mailbox.new_messages(since)? {
        let Some(fetched) = mailbox.fetch(uid)? else {
            continue;
        };
        let verdict = handle(
            &mut mailbox,
            &mut folder,
            &fetched,
            args,
            today,
            &mut replies,
        )?;
        all_well &= !verdict.needs_player();
        show(&mut out, &verdict, &account, args)?;
    }
    if args.apply {
        let ctx = DraftContext {
            account: &account,
            today,
            lang: args.message_lang,
            json: args.json,
        };
        all_well &= mail_draft::play_moves(&mut mailbox, &mut folder, &moves, &ctx, &mut out)?;
        mail_draft::save_due(&mut mailbox, &mut folder, &replies, &ctx, &mut out)?;
    }
    mailbox.close();
    Ok(all_well)
}

/// The settings file: --config, else the platform's usual place.
fn load_account(args: &MailArgs) -> anyhow::Result<Account> {
    let path = match &args.config {
        Some(path) => path.clone(),
        None => Account::default_path().ok_or_else(|| {
            anyhow::anyhow!("no config directory on this system: give --config FILE")
        })?,
    };
    Ok(Account::load(&path)?)
}

/// Checks one message against the folder, records it with --apply when
/// all is in order, then marks it: recorded first, so that a connection
/// lost in between leaves the message for the next run (which finds it
/// recorded already) and never a mark on a message not recorded.
fn handle(
    mailbox: &mut Mailbox,
    folder: &mut Folder,
    fetched: &Fetched,
    args: &MailArgs,
    today: Date,
    replies: &mut HashMap<usize, Reply>,
) -> anyhow::Result<MessageVerdict> {
    let received = Received::read(&fetched.bytes);
    let mut verdict = MessageVerdict {
        uid: fetched.uid,
        from: received.from.clone(),
        subject: received.subject.clone(),
        malformed: None,
        outcome: None,
        marked: false,
    };
    if received.from.is_none() {
        verdict.malformed = Some("not an e-mail iccf can read: it has no sender (From:)");
        return Ok(verdict);
    }
    let outcome = folder::handle(folder, &received, args.apply, today, None)?;
    for &i in &outcome.cards_due {
        replies.insert(i, Reply::to(&received));
    }
    if outcome.recorded {
        mailbox.mark_done(fetched.uid)?;
        verdict.marked = true;
    }
    verdict.outcome = Some(outcome);
    Ok(verdict)
}

/// The verdict: a JSON line, or a heading and `iccf check DIR`'s text.
fn show(
    out: &mut impl Write,
    verdict: &MessageVerdict,
    account: &Account,
    args: &MailArgs,
) -> anyhow::Result<()> {
    if args.json {
        writeln!(out, "{}", serde_json::to_string(verdict)?)?;
        return Ok(());
    }
    let heading = format!(
        "message {} from {} \"{}\"",
        verdict.uid,
        verdict.from.as_deref().unwrap_or("?"),
        verdict.subject
    );
    // The sender writes the subject: escaped for the terminal.
    let heading = escape_controls(&heading);
    match (&verdict.malformed, &verdict.outcome) {
        (Some(why), _) => writeln!(out, "{heading}: {why}; left as it was")?,
        (None, Some(_)) if verdict.fits_no_game() => {
            writeln!(out, "{heading}: fits no game of the folder; left as it was")?
        }
        (None, Some(outcome)) => {
            writeln!(out, "{heading}:")?;
            let mut text = Vec::new();
            folder::print(&mut text, outcome, args.apply)?;
            for line in String::from_utf8_lossy(&text).lines() {
                writeln!(out, "  {line}")?;
            }
            if verdict.marked {
                let mark = match account.mark {
                    Mark::Keyword => account.keyword.as_str(),
                    Mark::Seen => "\\Seen",
                };
                writeln!(out, "  marked {mark}")?;
            } else if args.apply {
                writeln!(out, "  left unmarked in the mailbox")?;
            }
        }
        (None, None) => {}
    }
    Ok(())
}
