//! `read::read_move_in`: any text, a few positions, every language. Never
//! panics; a move read is legal.
#![no_main]

use iccf::lang::Lang;
use iccf::read::{guess_notation, read_move_in};
use libfuzzer_sys::fuzz_target;
use shakmaty::Position;

mod common;

fuzz_target!(|data: &[u8]| {
    thread_local! {
        static POSITIONS: Vec<shakmaty::Chess> = common::positions();
    }
    let _ = guess_notation(data);
    // The first byte picks the language, so every language gets its share
    // without multiplying the cost of each input by 36.
    let (lang, text) = match data.split_first() {
        Some((&b, rest)) => (
            Lang::all().nth(usize::from(b) % Lang::all().len()).unwrap(),
            rest,
        ),
        None => (Lang::En, data),
    };
    POSITIONS.with(|positions| {
        for pos in positions {
            if let Ok(read) = read_move_in(text, pos, lang) {
                assert!(pos.legal_moves().contains(&read.m));
            } else if let Err(err) = read_move_in(text, pos, Lang::En) {
                let _ = err.to_string();
            }
        }
    });
});
