//! Localized SAN in every language: parsing never panics, and a parsed
//! move that resolves in a position is legal there and reads back from
//! its own localized spelling.
#![no_main]

use iccf::lang::Lang;
use iccf::localized::{candidate_langs, parse_san, parse_san_plus, to_move_lenient, write_san};
use libfuzzer_sys::fuzz_target;
use shakmaty::Position;
use shakmaty::san::SanPlus;

mod common;

fuzz_target!(|data: &[u8]| {
    thread_local! {
        static POSITIONS: Vec<shakmaty::Chess> = common::positions();
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = candidate_langs(text);
    POSITIONS.with(|positions| {
        for lang in Lang::all() {
            let _ = parse_san_plus(text, lang);
            let Ok(san) = parse_san(text, lang) else {
                continue;
            };
            for pos in positions {
                if let Ok(m) = to_move_lenient(san, pos) {
                    assert!(pos.legal_moves().contains(&m));
                    let mut written = String::new();
                    write_san(&mut written, &SanPlus::from_move(pos.clone(), m), lang);
                    let again = parse_san(&written, lang)
                        .unwrap_or_else(|e| panic!("{lang}: {written:?}: {e}"));
                    assert_eq!(
                        to_move_lenient(again, pos).ok(),
                        Some(m),
                        "{lang}: {written}"
                    );
                }
            }
        }
    });
});
