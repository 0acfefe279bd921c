//! `iccf card`: record our move and print the message to send.

use std::io::Write;

use anyhow::{Context, bail};
use iccf::MoveFormat;
use iccf_corr::{CardOptions, Game, Offer, OfferError};
use shakmaty::Color;

use iccf_pgn::problem::escape_controls;
use iccf_stream::output::check_stdout;

use crate::args::CardArgs;
use crate::corr_file;

/// Records the move, saves the game and prints the card.
pub fn run(args: &CardArgs) -> anyhow::Result<bool> {
    check_stdout(std::slice::from_ref(&args.game.game))?;
    let _lock = corr_file::lock(&args.game.game)?;
    let mut file = corr_file::open(&args.game)?;
    let (game, side) = (&mut file.game, file.side);
    // A file name is shown escaped, as the card's tags are.
    let name = escape_controls(&args.game.game.display().to_string()).into_owned();
    // Their if-moves, pending after their move: our move may start one.
    let their_lines = game.pending.clone();
    if let Some(mv) = &args.mv
        && let Err(err) = iccf_corr::play_our_move(game, mv, args.input_lang, file.today)
    {
        return refuse(&format!("{name}: our move {mv}: {err}"));
    }
    if !args.if_lines.is_empty() {
        let lines: Result<Vec<_>, _> = args
            .if_lines
            .iter()
            .map(|line| iccf_corr::parse_if_line(line, game, side))
            .collect();
        match lines {
            Ok(lines) => game.pending = lines,
            Err(err) => return refuse(&format!("{name}: --if: {err}")),
        }
    }
    let offers = offers(args);
    if args.mv.is_none() && offers.is_empty() && !last_is_ours(game, side) {
        bail!(
            "no move to send: give --move MOVE (their move {} is due from us)",
            game.next_no()
        );
    }
    if let Err(err) = iccf_corr::record_offers(game, side, &offers) {
        return refuse(&format!("{name}: {err}"));
    }
    game.card_written();
    // Recorded only once the card is shown: a card that could not be
    // written (a closed stdout) is not taken for sent. The game file is
    // written and synced before, so that a full disk refuses the move
    // before a card is shown that would be sent unrecorded.
    let saved = corr_file::prepare(&args.game.game, game)?.finish()?;
    let options = CardOptions {
        lang: args.message_lang,
        also: args.also.map(|n| MoveFormat {
            lang: args.lang,
            ..MoveFormat::new(n.into())
        }),
        offers,
        today: Some(file.today),
    };
    let text = iccf_corr::card(game, side, &options);
    let ours = &iccf_corr::clock(game, side, file.today)[usize::from(side == Color::Black)];
    if let Some(path) = &args.svg {
        std::fs::write(path, card_svg(&text))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let mut out = iccf_stream::stdout::stdout();
    // The game file's tags are on the card: control bytes in them are
    // not for the terminal. Its lines stay lines.
    let shown: Vec<_> = text.split('\n').map(escape_controls).collect();
    out.write_all(shown.join("\n").as_bytes())
        .and_then(|()| out.flush())
        .context("cannot write the card to standard output; the move is not recorded")?;
    saved.commit()?;
    if let Some(reply) = their_if_reply(&their_lines, game).filter(|_| args.mv.is_some()) {
        writeln!(
            std::io::stderr(),
            "iccf: {name}: their if-moves answer our move with {reply}: theirs to play, \
             their next card brings it"
        )?;
    }
    if let Some((no, used, allowed)) = ours.exceeded {
        writeln!(
            std::io::stderr(),
            "iccf: {name}: we exceeded the time limit at move {no}: {used} days used of {allowed}"
        )?;
        return Ok(false);
    }
    Ok(true)
}

/// Refuses a resignation or a draw acceptance given with a move or
/// if-moves, as a usage error: either ends the game, so the move would be
/// recorded and sent but never played (ICCF: one resigns, or accepts the
/// draw, instead of moving). `check` likewise finds their acceptance with
/// a move unclear.
pub fn refuse_ending_with_move(args: &CardArgs) -> anyhow::Result<()> {
    let with_move = args.mv.is_some() || !args.if_lines.is_empty();
    let Err(OfferError::WithMove(offer)) = Offer::alone(&offers(args), with_move) else {
        return Ok(());
    };
    let ending = match offer {
        Offer::Resign => "--resign",
        _ => "--accept-draw",
    };
    let with = match &args.mv {
        Some(mv) => format!("--move {mv}"),
        None => "--if".to_owned(),
    };
    bail!(
        "{ending} ends the game, so {with} would never be played: give {ending} without a move, \
         or the move without {ending}"
    )
}

/// A refused move or line: said on stderr, nothing written, exit 1.
fn refuse(message: &str) -> anyhow::Result<bool> {
    writeln!(std::io::stderr(), "iccf: {message}")?;
    Ok(false)
}

fn offers(args: &CardArgs) -> Vec<Offer> {
    [
        (args.offer_draw, Offer::OfferDraw),
        (args.accept_draw, Offer::AcceptDraw),
        (args.resign, Offer::Resign),
    ]
    .into_iter()
    .filter_map(|(given, offer)| given.then_some(offer))
    .collect()
}

/// The reply their if-move `lines` give to our move just played, as
/// `5... 5756`: the ICCF way, they play it and send it, so it is not
/// recorded here; the player is told it is coming.
fn their_if_reply(lines: &[Vec<iccf::NumericMove>], game: &Game) -> Option<String> {
    let ours = game.plies.last()?.mv;
    let line = lines.iter().find(|l| l.len() >= 2 && l[0] == ours)?;
    Some(format!("{} {}", game.next_no(), line[1]))
}

fn last_is_ours(game: &Game, side: Color) -> bool {
    game.plies
        .len()
        .checked_sub(1)
        .is_some_and(|last| game.side_of_ply(last) == side)
}

/// The card's text lines on a printable white card, in a monospace font.
fn card_svg(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let width = 20 + 9 * lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let height = 30 + 18 * lines.len();
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\" \
         stroke=\"black\"/>\n<g font-family=\"monospace\" font-size=\"15\">\n"
    );
    for (i, line) in lines.iter().enumerate() {
        let escaped = line
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        svg.push_str(&format!(
            "<text x=\"10\" y=\"{}\" xml:space=\"preserve\">{escaped}</text>\n",
            24 + 18 * i
        ));
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}
