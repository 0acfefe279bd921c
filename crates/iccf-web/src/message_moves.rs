//! A received message pasted where a game was expected: its numbered moves
//! ("Our game: 1. 5254 5755 2. 7163", "My move: 2... 2836") found as the
//! correspondence desk finds them, and played from the start.

use iccf::lang::Lang;
use iccf::read::read_move_in;
use iccf_corr::{message_text, scan_moves, unquoted_lines};
use shakmaty::{Chess, Position};

use crate::pasted::{PastedGame, ProblemJson};

/// The game a message's numbered moves make, up to the first gap or
/// illegal move; `None` when it has no numbered move from 1.
pub fn message_record(text: &str) -> Option<PastedGame> {
    let text = message_text(text.as_bytes());
    let mut by_ply: Vec<Option<(String, usize)>> = Vec::new();
    for ply in scan_moves(unquoted_lines(&text)) {
        let Some(index) = iccf_corr::Game::default()
            .ply_of(ply.no)
            .filter(|&i| i < crate::limits::MAX_PLIES)
        else {
            continue;
        };
        if by_ply.len() <= index {
            by_ply.resize(index + 1, None);
        }
        // The first writing of a move wins; a later one is a repetition.
        by_ply[index].get_or_insert((ply.text, ply.line));
    }
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    let mut errors = Vec::new();
    for (text, line) in by_ply.into_iter().map_while(|p| p) {
        match read_move_in(text.as_bytes(), &pos, Lang::En) {
            Ok(read) => {
                moves.push(iccf_corr::numeric(read.m).to_string());
                pos.play_unchecked(read.m);
            }
            Err(err) => {
                errors.push(ProblemJson {
                    line: line as u64 + 1,
                    column: 1,
                    token: text.clone(),
                    text: format!("{}: `{text}`: {err}", line + 1),
                });
                break;
            }
        }
    }
    if moves.is_empty() {
        return None;
    }
    Some(PastedGame {
        index: 1,
        tags: Vec::new(),
        tree: crate::tree::Tree {
            nodes: moves
                .iter()
                .enumerate()
                .map(|(i, m)| crate::tree::TreeNode {
                    numeric: m.clone(),
                    parent: i.checked_sub(1),
                    ..Default::default()
                })
                .collect(),
            comments: Vec::new(),
        },
        moves,
        result: None,
        errors,
        warnings: Vec::new(),
        fen: None,
        chess960: false,
        refused: None,
    })
}
