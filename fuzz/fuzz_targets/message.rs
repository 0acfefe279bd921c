//! A received message, as `iccf check` reads it: the bytes of a plain
//! text or an `.eml` (MIME parts, transfer encodings, charsets, HTML,
//! attachments) read into a message, checked against each game of a
//! folder, recorded when in order, and the game file written and read back
//! equal; and the folder path: the envelope, the parts of a message for
//! several games, each matched and checked. Nothing may panic.
#![no_main]

mod corr_games;

use std::sync::OnceLock;

use iccf_corr::{
    CheckOptions, Date, FolderGame, Received, apply, apply_result, check, check_message,
    match_message, read_game, read_message, write_game,
};
use libfuzzer_sys::fuzz_target;

fn folder() -> &'static [FolderGame] {
    static GAMES: OnceLock<Vec<FolderGame>> = OnceLock::new();
    GAMES.get_or_init(corr_games::games)
}

fuzz_target!(|data: &[u8]| {
    let today: Date = "2026.12.20".parse().unwrap();
    let message = read_message(data);
    let opts = CheckOptions {
        today: Some(today),
        ..CheckOptions::default()
    };
    for g in folder() {
        let report = check_message(&g.game, g.side, &message, &opts);
        for finding in &report.findings {
            let _ = finding.to_string();
        }
        // What `iccf check --apply` does with a message in order: the
        // recorded game is saved, and must read back as it was saved.
        if report.in_order() && !report.resend {
            let mut game = g.game.clone();
            apply(&mut game, &report, g.side, today);
            apply_result(&mut game, &report);
            let bytes = write_game(&game);
            let again = read_game(&bytes)
                .unwrap_or_else(|err| panic!("{err}\n{}", String::from_utf8_lossy(&bytes)));
            assert_eq!(again, game, "{}", String::from_utf8_lossy(&bytes));
        }
    }

    let received = Received::read(data);
    for part in match_message(folder(), &received.envelope()) {
        if let Some(i) = part.game() {
            let g = &folder()[i];
            let _ = check(&g.game, g.side, &part.text);
        }
    }
});
