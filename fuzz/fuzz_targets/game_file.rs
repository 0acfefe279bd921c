//! A game file as `iccf card`, `iccf check` and the web desk read it:
//! read, written, read back to an equal game, written again to the same
//! bytes; its card composed for either side, its dates, clocks and status
//! worked out. Nothing may panic.
#![no_main]

use iccf_corr::{
    CardOptions, Date, Deadlines, card, check_file_dates, clock, game_status, read_game, write_game,
};
use libfuzzer_sys::fuzz_target;
use shakmaty::Color;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = read_game(data) else {
        return;
    };
    let bytes = write_game(&game);
    let shown = || String::from_utf8_lossy(&bytes).into_owned();
    let again = read_game(&bytes).unwrap_or_else(|err| panic!("{err}\n{}", shown()));
    assert_eq!(again, game, "read back differs:\n{}", shown());
    assert_eq!(write_game(&again), bytes, "written twice differs");

    let today: Date = "2026.12.20".parse().unwrap();
    let _ = check_file_dates(&game, today);
    for side in [Color::White, Color::Black] {
        let _ = card(&game, side, &CardOptions::default());
        let _ = clock(&game, side, today);
        let _ = game_status(&game, side, today, &Deadlines::default());
    }
});
