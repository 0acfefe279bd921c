//! A game's moves as a tree, as the page keeps them: the main line with
//! comments, NAGs and, on each move, the lines played instead of it.
//!
//! The server reads them from the one game reader ([`iccf_pgn::game`])
//! for `/api/load` and takes them back for `/api/export`, where each move
//! is replayed before anything is written.

use iccf::{MoveFormat, MoveNumber, Notation};
use iccf_pgn::game;
use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Move, Position};

use crate::ApiError;
use crate::line::step_in;

/// Most moves a tree may have, variations included.
pub const MAX_TREE_MOVES: usize = 10_000;

/// A line: its moves in order; comments of a line without moves.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub struct TreeLine {
    /// The moves.
    #[serde(default)]
    pub nodes: Vec<TreeNode>,
    /// Comments with no move to go with.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
}

/// One move of a line and the lines played instead of it.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub struct TreeNode {
    /// The move in numeric (`5254`), `--` for a null move.
    #[serde(rename = "move")]
    pub numeric: String,
    /// Annotation glyphs, `$1` = `!` and so on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Comments before the move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<String>,
    /// Comments after the move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub after: Vec<String>,
    /// Lines played instead of this move, from the position before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<TreeLine>,
}

impl TreeLine {
    /// The tree of a line the game reader read, starting in `start`.
    pub fn read(line: &game::Line, start: &Chess) -> TreeLine {
        TreeLine {
            nodes: line
                .plies(start)
                .map(|ply| TreeNode {
                    numeric: numeric(ply.before, ply.m),
                    nags: ply.node.nags.clone(),
                    before: ply.node.comments_before.clone(),
                    after: ply.node.comments_after.clone(),
                    variations: ply
                        .node
                        .variations
                        .iter()
                        .map(|v| TreeLine::read(v, ply.before))
                        .collect(),
                })
                .collect(),
            comments: line.comments.clone(),
        }
    }

    /// The main line's moves.
    pub fn main_line(&self) -> Vec<String> {
        self.nodes.iter().map(|n| n.numeric.clone()).collect()
    }

    /// Writes the line from `start` as numeric PGN movetext, each move
    /// replayed; a 422 names the first move that is not legal, a 413
    /// comes when the tree has more than [`MAX_TREE_MOVES`] moves.
    pub fn write_pgn(&self, start: &Chess, out: &mut String) -> Result<(), ApiError> {
        let mut budget = MAX_TREE_MOVES;
        self.write_from(start, out, &mut budget)
    }

    fn write_from(
        &self,
        start: &Chess,
        out: &mut String,
        budget: &mut usize,
    ) -> Result<(), ApiError> {
        for comment in &self.comments {
            push_comment(out, comment);
        }
        let mut pos = start.clone();
        // A black move needs its number after anything but a white move.
        let mut numbered = false;
        for node in &self.nodes {
            *budget = budget.checked_sub(1).ok_or_else(|| {
                ApiError::too_large(format!("more than {MAX_TREE_MOVES} moves in the tree"))
            })?;
            for comment in &node.before {
                push_comment(out, comment);
                numbered = false;
            }
            if pos.turn().is_white() || !numbered {
                out.push_str(&MoveNumber::from_position(&pos).to_string());
                out.push(' ');
            }
            let (step, after) = step_in(&node.numeric, &pos, iccf::lang::Lang::En)?;
            out.push_str(&numeric(&pos, step));
            out.push(' ');
            numbered = true;
            for nag in &node.nags {
                out.push_str(&format!("${nag} "));
            }
            for comment in &node.after {
                push_comment(out, comment);
            }
            for variation in &node.variations {
                out.push_str("( ");
                variation.write_from(&pos, out, budget)?;
                out.push_str(") ");
                numbered = false;
            }
            if !node.after.is_empty() {
                numbered = false;
            }
            pos = after;
        }
        Ok(())
    }
}

/// `{text} `, with the `}` that would end it early made a `)`.
fn push_comment(out: &mut String, text: &str) {
    out.push('{');
    out.push_str(&text.replace('}', ")"));
    out.push_str("} ");
}

/// A move (or `--`) in numeric, legal in `pos`.
fn numeric(pos: &Chess, m: Option<Move>) -> String {
    match m {
        Some(m) => {
            let mut buf = Vec::new();
            MoveFormat::new(Notation::Numeric).append(&mut buf, pos, m, None);
            String::from_utf8_lossy(&buf).into_owned()
        }
        None => "--".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_comments_nags_and_variations() {
        let game = game::read_game(b"1. e4 {best} e5 (1... c5 $1 2. Nf3) 2. Nf3 *").unwrap();
        let tree = TreeLine::read(&game.moves, &game.start);
        assert_eq!(tree.main_line(), ["5254", "5755", "7163"]);
        assert_eq!(tree.nodes[0].after, ["best"]);
        assert_eq!(tree.nodes[1].variations[0].nodes[0].nags, [1]);
        let mut pgn = String::new();
        tree.write_pgn(&game.start, &mut pgn).unwrap();
        assert_eq!(
            pgn,
            "1. 5254 {best} 1... 5755 ( 1... 3735 $1 2. 7163 ) 2. 7163 "
        );
    }

    #[test]
    fn an_illegal_move_in_a_variation_is_refused() {
        let tree: TreeLine = serde_json::from_str(
            r#"{"nodes":[{"move":"5254","variations":[{"nodes":[{"move":"5255"}]}]}]}"#,
        )
        .unwrap();
        let err = tree
            .write_pgn(&Chess::default(), &mut String::new())
            .unwrap_err();
        assert!(err.message.contains("5255"), "{}", err.message);
    }
}
