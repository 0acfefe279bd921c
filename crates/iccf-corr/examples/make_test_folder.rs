//! Writes `testdata/corr/folder/`: 30 game files made from real games and
//! 60 messages about them, with the game each message is for.
//!
//! `cargo run -p iccf-corr --example make_test_folder`
//!
//! The moves are the real games' (TWIC 944, two ICCF server games, the
//! Everitt–Wang ICCF game of 1997): each game is cut where the folder's
//! story needs it, and a message's new move is the real game's next move.
//! We are "Everitt, Gordon" in every game; the opponent keeps his real name.
//! Dates are made up, counted back from 2026.12.01 (the tests' today).

use std::fmt::Write as _;

use iccf_corr::{Date, Game, cmail_games, cmail_pgn, write_game};
use shakmaty::Color as Side;

const TODAY: &str = "2026.12.01";
const ME: &str = "Everitt, Gordon";
const MY_ADDRESS: &str = "gordon.everitt@example.org";

/// What the folder needs of one game.
struct Plan {
    /// Output file stem.
    stem: &'static str,
    /// Which source game.
    source: Source,
    /// Our side.
    side: Side,
    /// Plies kept (0: the whole game, finished).
    plies: usize,
    /// Days since the side to move got the last move.
    wait: i64,
    event: &'static str,
    round: &'static str,
    id: Option<&'static str>,
    /// The opponent's address is remembered already.
    known_address: bool,
    /// A cmail game name.
    cmail: Option<&'static str>,
    /// Our if-move reply was played and its card not sent.
    card_due: bool,
    /// Our leave (`ICCFLeave`).
    leave: Option<&'static str>,
}

#[derive(Clone, Copy)]
enum Source {
    /// The n-th game of TWIC 944.
    Twic(usize),
    /// The n-th ICCF server game.
    Server(usize),
    /// Everitt–Wang.
    Ostinato,
}

fn main() {
    let root = iccf_testdata::path("corr/folder");
    let games_dir = root.join("games");
    let mail_dir = root.join("messages");
    for dir in [&games_dir, &mail_dir] {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).unwrap();
    }
    let twic = source_games("pgn/pgn4web/twic944.pgn");
    let server = source_games("pgn/iccf/go-chess-xfcc-iccf-server-games.pgn");
    let ostinato = source_games("pgn/iccf/ostinato-everitt-wang-iccf-1997.pgn");
    let plans = plans(&twic);
    let mut made = Vec::new();
    for (k, plan) in plans.iter().enumerate() {
        let full = match plan.source {
            Source::Twic(n) => &twic[n],
            Source::Server(n) => &server[n],
            Source::Ostinato => &ostinato[0],
        };
        let game = make_game(k, plan, full);
        std::fs::write(
            games_dir.join(format!("{}.pgn", plan.stem)),
            write_game(&game),
        )
        .unwrap();
        made.push((game, full.clone()));
    }
    let messages = messages(&plans, &made);
    let mut expected = String::from("# message\tgame file(s) it is for, or `refused`\n");
    for (n, (text, target)) in messages.iter().enumerate() {
        let name = format!("{:02}.eml", n + 1);
        std::fs::write(mail_dir.join(&name), text).unwrap();
        let _ = writeln!(expected, "{name}\t{target}");
    }
    std::fs::write(mail_dir.join("expected.tsv"), expected).unwrap();
    println!(
        "{} games, {} messages in {}",
        made.len(),
        messages.len(),
        root.display()
    );
}

fn source_games(rel: &str) -> Vec<Game> {
    let text = iccf_testdata::read_to_string(rel);
    cmail_games(&text)
        .into_iter()
        .filter_map(|g| g.game)
        .collect()
}

/// The `n`-th game of `games` (from `from` on) with at least `plies` plies
/// and opening moves `prefix` (numeric), a player we have not used yet.
fn pick(
    games: &[Game],
    from: usize,
    plies: usize,
    prefix: &[&str],
    used: &mut Vec<usize>,
) -> usize {
    let n = (from..games.len())
        .find(|&i| {
            let g = &games[i];
            g.plies.len() >= plies
                && !used.contains(&i)
                && prefix
                    .iter()
                    .enumerate()
                    .all(|(p, mv)| g.plies.get(p).is_some_and(|ply| ply.mv.to_string() == *mv))
                && g.is_over()
        })
        .expect("a source game");
    used.push(n);
    n
}

#[allow(clippy::too_many_lines)]
fn plans(twic: &[Game]) -> Vec<Plan> {
    let mut used = Vec::new();
    let plan = |stem, source, side, plies, wait| Plan {
        stem,
        source,
        side,
        plies,
        wait,
        event: "EM/M/GT/102",
        round: "-",
        id: None,
        known_address: false,
        cmail: None,
        card_due: false,
        leave: None,
    };
    let sicilian = ["5254", "3735", "7163", "4746", "4244"];
    let mut t =
        |from, plies, prefix: &[&str]| Source::Twic(pick(twic, from, plies, prefix, &mut used));
    let s1 = t(0, 40, &sicilian);
    let s2 = t(0, 40, &sicilian);
    let s3 = t(0, 40, &sicilian);
    let d4 = t(0, 50, &["4244", "7866", "3234", "5756"]);
    let english = t(0, 50, &["3234"]);
    let french = t(0, 50, &["5254", "5756", "4244", "4745"]);
    let caro = t(0, 50, &["5254", "3736"]);
    let nf3 = t(0, 50, &["7163"]);
    let ruy = t(0, 50, &["5254", "5755", "7163", "2836", "6125"]);
    let scandi = t(0, 30, &["5254", "4745"]);
    let others: Vec<Source> = (0..11).map(|i| t(200 + i * 211, 60, &[])).collect();
    let finished: Vec<Source> = (0..3).map(|i| t(1500 + i * 97, 20, &[])).collect();
    let leave = t(2400, 50, &[]);
    let (white_game, black_game) = pair(twic, &mut used);
    let mut p = vec![
        // Three Sicilians sent the same 3. 4244: moves alone fit all three.
        plan("sicilian-a", s1, Side::White, 5, 3),
        plan("sicilian-b", s2, Side::White, 5, 6),
        plan("sicilian-c", s3, Side::White, 5, 9),
        plan("queens-indian", d4, Side::Black, 8, 2),
        plan("english", english, Side::White, 21, 16),
        plan("french", french, Side::Black, 14, 4),
        plan("caro-kann", caro, Side::Black, 22, 45),
        plan("reti", nf3, Side::White, 17, 1),
        plan("ruy-lopez", ruy, Side::Black, 20, 20),
        plan("scandinavian", scandi, Side::White, 11, 0),
        plan("server-makela", Source::Server(0), Side::White, 31, 5),
        plan("server-rajala", Source::Server(1), Side::Black, 30, 2),
        plan("everitt-wang", Source::Ostinato, Side::White, 41, 12),
    ];
    let stems = [
        "board-01", "board-02", "board-03", "board-04", "board-05", "board-06", "board-07",
        "board-08", "board-09", "board-10", "board-11",
    ];
    for (i, (stem, source)) in stems.into_iter().zip(others).enumerate() {
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        // Odd cuts leave Black to move: ours when we are Black.
        let plies = 24 + 2 * i + usize::from(i % 3 == 0);
        p.push(plan(
            stem,
            source,
            side,
            plies,
            [1, 3, 8, 15, 2, 30, 5, 60, 7, 0, 11, 4][i],
        ));
    }
    for (i, source) in finished.into_iter().enumerate() {
        let stem = ["finished-1", "finished-2", "finished-3"][i];
        let side = if i == 1 { Side::Black } else { Side::White };
        p.push(plan(stem, source, side, 0, 10));
    }
    p.push(plan("leave-board-13", leave, Side::Black, 33, 25));
    // A match of two games with one opponent, one with each colour.
    p.push(plan(
        "match-1",
        Source::Twic(white_game),
        Side::Black,
        28,
        6,
    ));
    p.push(plan(
        "match-2",
        Source::Twic(black_game),
        Side::White,
        27,
        6,
    ));
    for (n, plan) in p.iter_mut().enumerate() {
        if (13..30).contains(&n) {
            plan.round = [
                "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15",
                "16", "17",
            ][n - 13];
            plan.event = "EM/CH/55 sf";
            plan.id = Some(
                [
                    "EM/CH/55/1",
                    "EM/CH/55/2",
                    "EM/CH/55/3",
                    "EM/CH/55/4",
                    "EM/CH/55/5",
                    "EM/CH/55/6",
                    "EM/CH/55/7",
                    "EM/CH/55/8",
                    "EM/CH/55/9",
                    "EM/CH/55/10",
                    "EM/CH/55/11",
                    "EM/CH/55/12",
                    "EM/CH/55/13",
                    "EM/CH/55/14",
                    "EM/CH/55/15",
                    "EM/CH/55/16",
                    "EM/CH/55/17",
                ][n - 13],
            );
        }
        plan.known_address = n % 3 != 0;
    }
    p[10].event = "FIN/AC/4";
    p[11].event = "FIN/AC/4";
    p[12].event = "NAPZ M-01";
    p[3].cmail = Some("everitt-vs-qi-1");
    p[5].cmail = Some("everitt-vs-fr-2");
    p[9].card_due = true;
    // Ten days of the 25 since their move, and a day long ago that fell in
    // their move's time (our leave does not stop their clock).
    p[27].leave = Some("2026.08.15..2026.08.15 2026.11.12..2026.11.21");
    assert_eq!(p[27].stem, "leave-board-13");
    p
}

/// Two finished games of one player, as White and as Black.
fn pair(games: &[Game], used: &mut Vec<usize>) -> (usize, usize) {
    let long = |i: usize| games[i].plies.len() >= 40 && games[i].is_over() && !used.contains(&i);
    for i in (0..games.len()).filter(|&i| long(i)) {
        let white = games[i].tag("White");
        if let Some(j) = (i + 1..games.len()).find(|&j| long(j) && games[j].tag("Black") == white) {
            used.extend([i, j]);
            return (i, j);
        }
    }
    panic!("no player with both colours")
}

/// The plan's game: the source cut to its plies, our name on our side,
/// dates counted back from today so that the side to move has waited
/// `wait` days.
fn make_game(k: usize, plan: &Plan, full: &Game) -> Game {
    let mut game = full.clone();
    game.tags.retain(|(name, _)| {
        matches!(
            name.as_str(),
            "Event" | "Site" | "White" | "Black" | "Result"
        )
    });
    if plan.plies > 0 {
        game.plies.truncate(plan.plies);
        game.set_tag("Result", "*");
    }
    let theirs = game.tag(tag(plan.side.other())).unwrap_or("?").to_owned();
    let (white, black) = match plan.side {
        Side::White => (ME.to_owned(), theirs.clone()),
        Side::Black => (theirs.clone(), ME.to_owned()),
    };
    let mut tags = vec![
        ("Event", plan.event.to_owned()),
        ("Site", "ICCF email".to_owned()),
        ("Date", String::new()),
        ("Round", plan.round.to_owned()),
        ("White", white),
        ("Black", black),
        ("Result", game.result().to_owned()),
    ];
    if let Some(id) = plan.id {
        tags.push(("GameId", id.to_owned()));
    }
    tags.push(("ICCFSide", plan.side.to_string()));
    tags.push(("TimeControl", "10/50".to_owned()));
    if plan.known_address {
        tags.push(("ICCFOpponentEmail", address(&theirs)));
    }
    if let Some(name) = plan.cmail {
        tags.push(("CmailGameName", name.to_owned()));
    }
    if plan.card_due {
        tags.push(("ICCFCardDue", "yes".to_owned()));
    }
    if let Some(leave) = plan.leave {
        tags.push(("ICCFLeave", leave.to_owned()));
    }
    game.tags = tags.into_iter().map(|(n, v)| (n.to_owned(), v)).collect();
    let start = date_back(&mut game, k, plan);
    game.set_tag("Date", &start.to_string());
    game
}

/// Sets every ply's dates, from the last back; returns the start date.
fn date_back(game: &mut Game, k: usize, plan: &Plan) -> Date {
    let today: Date = TODAY.parse().unwrap();
    let mut arrival = today.to_days() - plan.wait;
    let n = game.plies.len();
    for i in (0..n).rev() {
        let ours = game.side_of_ply(i) == plan.side;
        // Their last move: we know when we received it; ours: not yet.
        let received = if i + 1 == n && ours {
            None
        } else {
            Some(arrival)
        };
        // E-mail takes a day now and then.
        let transit = i64::from((k + i).is_multiple_of(4));
        let sent = arrival - transit;
        let think = 1 + ((k * 7 + i * 3) % 5) as i64;
        game.plies[i].received = received.map(Date::from_days);
        game.plies[i].sent = Some(Date::from_days(sent));
        arrival = sent - think;
    }
    Date::from_days(arrival)
}

fn tag(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// "Wang, Mong Lin" -> "mong.lin.wang@example.net" (letters only).
fn address(name: &str) -> String {
    let (last, first) = name.split_once(',').unwrap_or((name, ""));
    let clean = |s: &str| -> String {
        s.chars()
            .filter_map(|c| match c {
                'a'..='z' | 'A'..='Z' => Some(c.to_ascii_lowercase()),
                ' ' | '-' | '.' => Some('.'),
                'ä' | 'Ä' | 'á' | 'à' | 'â' | 'ã' | 'å' => Some('a'),
                'ö' | 'Ö' | 'ó' | 'ò' | 'ô' | 'ø' => Some('o'),
                'ü' | 'Ü' | 'ú' | 'ù' | 'û' => Some('u'),
                'é' | 'è' | 'ê' | 'ë' | 'É' => Some('e'),
                'í' | 'ì' | 'î' | 'ï' => Some('i'),
                'ç' | 'č' | 'ć' => Some('c'),
                'š' | 'ś' => Some('s'),
                'ž' | 'ź' | 'ż' => Some('z'),
                'ñ' | 'ń' => Some('n'),
                _ => None,
            })
            .collect::<String>()
            .trim_matches('.')
            .to_owned()
    };
    let mut local = clean(first.trim());
    if !local.is_empty() {
        local.push('.');
    }
    local.push_str(&clean(last.trim()));
    format!("{}@example.net", local.replace("..", "."))
}

/// The next real move after the cut, numbered.
fn next_move(full: &Game, plies: usize) -> Option<String> {
    let ply = full.plies.get(plies)?;
    Some(format!("{} {}", full.number_of_ply(plies), ply.mv))
}

fn our_last(game: &Game, side: Side) -> Option<String> {
    let i = (0..game.plies.len())
        .rev()
        .find(|&i| game.side_of_ply(i) == side)?;
    Some(format!("{} {}", game.number_of_ply(i), game.plies[i].mv))
}

fn their_last(game: &Game, side: Side) -> Option<String> {
    our_last(game, side.other())
}

/// An e-mail from the opponent of game `g`.
fn mail(from_name: &str, from: &str, subject: &str, body: &str, date: &str) -> String {
    let from_name = from_name.replace('"', "");
    format!(
        "Return-Path: <{from}>\r\nFrom: \"{from_name}\" <{from}>\r\nTo: {ME_Q} <{MY_ADDRESS}>\r\n\
         Subject: {subject}\r\nDate: {date}\r\nMessage-ID: <{id}@example.net>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}",
        ME_Q = "\"Everitt, Gordon\"",
        id = subject.len() * 7919 + body.len(),
        body = body.replace('\n', "\r\n"),
    )
}

#[allow(clippy::too_many_lines)]
fn messages(plans: &[Plan], made: &[(Game, Game)]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let date = "Tue, 1 Dec 2026 08:00:00 +0000";
    for (k, plan) in plans.iter().enumerate() {
        let (game, full) = &made[k];
        let file = format!("{}.pgn", plan.stem);
        let opp = game.tag(tag(plan.side.other())).unwrap_or("?").to_owned();
        let opp_address = address(&opp);
        let surname = opp.split(',').next().unwrap_or(&opp).trim().to_owned();
        let ours_due = !game.is_over() && game.next_no().turn == plan.side;
        let echo = our_last(game, plan.side);
        let next = next_move(full, game.plies.len());
        // 1. The message most people send: identified one way or another.
        let style = k % 5;
        let subject = match (style, plan.id) {
            (0, Some(id)) => format!("Re: {id}"),
            (1, _) => format!(
                "Re: {}, {} - {}",
                plan.event,
                tag_of(game, Side::White),
                tag_of(game, Side::Black)
            ),
            (2, _) if plan.round != "-" => format!("{} round {}", plan.event, plan.round),
            _ => "Re: our game".to_owned(),
        };
        let identified = (style == 0 && plan.id.is_some())
            || style == 1
            || (style == 2 && plan.round != "-")
            || plan.known_address;
        let sign = if style == 3 {
            format!("\n\nBest wishes,\n{surname}")
        } else {
            "\n\nAmici sumus".to_owned()
        };
        let from_address = if plan.known_address {
            opp_address.clone()
        } else {
            format!("user{k}@mail.example.com")
        };
        // Only a player who signs gives his name in the From: line too.
        let display = if style == 3 {
            opp.clone()
        } else {
            format!("chessfriend{k}")
        };
        if game.is_over() {
            let body = format!(
                "Thank you for the game, {}.{}",
                ME.split(',').next().unwrap(),
                sign
            );
            let target = if identified || style == 3 {
                file.clone()
            } else {
                "refused".to_owned()
            };
            out.push((mail(&display, &from_address, &subject, &body, date), target));
            continue;
        }
        if !ours_due {
            let (Some(echo), Some(next)) = (echo.clone(), next) else {
                continue;
            };
            let body =
                format!("Dear Gordon,\n\nthanks for {echo} (received).\nMy reply: {next}{sign}");
            // The three Sicilians sent the same move: moves alone fit all three.
            let by_moves_only = !identified && style != 3;
            let target = if by_moves_only && plan.stem.starts_with("sicilian") {
                "refused".to_owned()
            } else {
                file.clone()
            };
            out.push((mail(&display, &from_address, &subject, &body, date), target));
        } else if let Some(theirs) = their_last(game, plan.side) {
            // They did not hear from us: they send their move again.
            let body =
                format!("Hello,\n\nI have had no answer to {theirs} yet. Did it reach you?{sign}");
            let target = if identified || style == 3 {
                file.clone()
            } else {
                "refused".to_owned()
            };
            out.push((mail(&display, &from_address, &subject, &body, date), target));
        }
        // 2. The same news in a second style: the game ID in the body,
        // from an address we have not seen.
        if let Some(id) = plan.id
            && let Some(echo) = echo.as_ref().filter(|_| !ours_due && !game.is_over())
        {
            let body = format!(
                "Game {id}\n\nYour move {echo} arrived. I need some time to think.\n\n-- \nsent from my phone"
            );
            out.push((
                mail(
                    "phone",
                    &format!("phone{k}@mobile.example.com"),
                    "(no subject)",
                    &body,
                    date,
                ),
                file.clone(),
            ));
        }
    }
    extra_messages(plans, made, &mut out, date);
    quoted_cards(plans, made, &mut out, date);
    out.truncate(60);
    out
}

/// Their move above our card quoted back, from a new address: our card
/// names the players, and for the match the echo tells the two apart.
fn quoted_cards(
    plans: &[Plan],
    made: &[(Game, Game)],
    out: &mut Vec<(String, String)>,
    date: &str,
) {
    for (k, plan) in plans.iter().enumerate().rev() {
        let (game, full) = &made[k];
        if game.is_over() || game.next_no().turn == plan.side || out.len() >= 60 {
            continue;
        }
        let Some(next) = next_move(full, game.plies.len()) else {
            continue;
        };
        let card = iccf_corr::card(game, plan.side, &iccf_corr::CardOptions::default());
        let quoted: String = card.lines().map(|l| format!("> {l}\n")).collect();
        let body =
            format!("My move: {next}\n\nOn Mon, 30 Nov 2026, Gordon Everitt wrote:\n{quoted}");
        let target = format!("{}.pgn", plan.stem);
        out.push((
            mail(
                "me",
                &format!("laptop{k}@home.example.com"),
                "Re: move",
                &body,
                date,
            ),
            target,
        ));
    }
}

fn tag_of(game: &Game, side: Side) -> String {
    game.tag(tag(side)).unwrap_or("?").to_owned()
}

/// Messages of the kinds a folder must also survive: several games in one
/// message, cmail PGN, a game that is not ours, contradicting clues.
fn extra_messages(
    plans: &[Plan],
    made: &[(Game, Game)],
    out: &mut Vec<(String, String)>,
    date: &str,
) {
    // Two rounds of the semi-final in one message, as team captains write.
    let awaiting: Vec<usize> = (13..plans.len())
        .filter(|&k| !made[k].0.is_over() && made[k].0.next_no().turn != plans[k].side)
        .collect();
    for pair in awaiting.chunks(2).take(2) {
        let [a, b] = pair else { continue };
        let part = |k: usize| {
            let (game, full) = &made[k];
            let echo = our_last(game, plans[k].side).unwrap();
            let next = next_move(full, game.plies.len()).unwrap();
            format!("Game {}: {echo} {next}", plans[k].round)
        };
        let body = format!("Hi Gordon, my moves:\n{} / {}\nRegards", part(*a), part(*b));
        let target = format!("{}.pgn,{}.pgn", plans[*a].stem, plans[*b].stem);
        out.push((
            mail(
                "Captain",
                "captain@team.example.com",
                "EM/CH/55 moves",
                &body,
                date,
            ),
            target,
        ));
    }
    // cmail: their PGN with the new move, named by CmailGameName.
    for k in [3, 5] {
        let (game, full) = &made[k];
        let mut theirs = game.clone();
        theirs.plies.push(full.plies[game.plies.len()].clone());
        let pgn = cmail_pgn(&theirs, plans[k].cmail.unwrap());
        let body = format!("This is a cmail message.\n\n{pgn}");
        out.push((
            mail(
                "xboard user",
                "cmail@unix.example.com",
                "cmail game",
                &body,
                date,
            ),
            format!("{}.pgn", plans[k].stem),
        ));
    }
    // Games that are not in the folder.
    out.push((
        mail(
            "Stranger",
            "who@nowhere.example",
            "Re: EM/Q/999",
            "1. 5254 5755 2. 7163\nMy move: 2... 2836",
            date,
        ),
        "refused".to_owned(),
    ));
    out.push((
        mail(
            "Spam",
            "offer@shop.example",
            "Your order",
            "Dear customer, your order 5254 has shipped.",
            date,
        ),
        "refused".to_owned(),
    ));
    // The subject names one game, the sender is remembered for another.
    let a = (13..plans.len()).find(|&k| plans[k].known_address).unwrap();
    let b = (13..plans.len())
        .find(|&k| plans[k].known_address && k != a)
        .unwrap();
    let from = address(&tag_of(&made[b].0, plans[b].side.other()));
    let subject = format!("Re: {}", plans[a].id.unwrap());
    out.push((
        mail("Confused", &from, &subject, "My move follows soon.", date),
        "refused".to_owned(),
    ));
}
