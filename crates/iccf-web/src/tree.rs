//! A game's moves as a tree, as the page keeps them: every move with the
//! move it follows, its comments and NAGs. A flat list, parents first and
//! each move's continuations in order (the first is the main one), so that
//! a tree of any depth is plain JSON, read and written without recursion
//! in the JSON itself.
//!
//! The server reads it from the one game reader ([`iccf_pgn::game`]) for
//! `/api/load` and takes it back for `/api/export`, where each move is
//! replayed before anything is written.

use iccf::{MoveFormat, MoveNumber, Notation};
use iccf_pgn::convert::MAX_DEPTH;
use iccf_pgn::game;
use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Move, Position};

use crate::ApiError;
use crate::line::step_in;

/// Most moves a tree may have, variations included.
pub const MAX_TREE_MOVES: usize = 10_000;

/// The moves of a game and the comments before its first.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub struct Tree {
    /// The moves, each after the one it follows.
    #[serde(default)]
    pub nodes: Vec<TreeNode>,
    /// Comments of the game with no move to go with.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
}

/// One move.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub struct TreeNode {
    /// The move in numeric (`5254`), `--` for a null move.
    #[serde(rename = "move")]
    pub numeric: String,
    /// The index of the move it follows; `None` for a first move.
    #[serde(default)]
    pub parent: Option<usize>,
    /// Annotation glyphs, `$1` = `!` and so on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Comments before the move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<String>,
    /// Comments after the move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub after: Vec<String>,
}

impl Tree {
    /// The tree of a game the reader read.
    pub fn read(game: &game::Game) -> Tree {
        let mut tree = Tree {
            nodes: Vec::new(),
            comments: game.moves.comments.clone(),
        };
        tree.add_line(&game.moves, &game.start, None);
        tree
    }

    /// Adds `line`, played from `start` after node `parent`, with the
    /// lines played instead of each of its moves.
    fn add_line(&mut self, line: &game::Line, start: &Chess, mut parent: Option<usize>) {
        for ply in line.plies(start) {
            self.nodes.push(TreeNode {
                numeric: numeric(ply.before, ply.m),
                parent,
                nags: ply.node.nags.clone(),
                before: ply.node.comments_before.clone(),
                after: ply.node.comments_after.clone(),
            });
            let here = self.nodes.len() - 1;
            for variation in &ply.node.variations {
                self.add_line(variation, ply.before, parent);
            }
            parent = Some(here);
        }
    }

    /// The main line's moves.
    pub fn main_line(&self) -> Vec<String> {
        // A move's first continuation is the first node naming it: one
        // pass (a search per move was quadratic, seconds on a long paste).
        let mut first_child = vec![None; self.nodes.len()];
        let mut first_move = None;
        for (i, node) in self.nodes.iter().enumerate().rev() {
            match node.parent {
                None => first_move = Some(i),
                Some(p) => {
                    if let Some(slot) = first_child.get_mut(p) {
                        *slot = Some(i);
                    }
                }
            }
        }
        let mut line = Vec::new();
        let mut at = first_move;
        while let Some(i) = at {
            line.push(self.nodes[i].numeric.clone());
            at = first_child[i];
        }
        line
    }

    /// Writes the tree from `start` as numeric PGN movetext, each move
    /// replayed: a 422 names the first move that is not legal or a parent
    /// that is not before its move, a 413 comes for more than
    /// [`MAX_TREE_MOVES`] moves or variations nested deeper than the
    /// reader reads ([`MAX_DEPTH`]).
    pub fn write_pgn(&self, start: &Chess, out: &mut String) -> Result<(), ApiError> {
        if self.nodes.len() > MAX_TREE_MOVES {
            return Err(ApiError::too_large(format!(
                "{} moves in the tree; at most {MAX_TREE_MOVES}",
                self.nodes.len()
            )));
        }
        let (children, firsts) = self.children()?;
        for comment in &self.comments {
            push_comment(out, comment);
        }
        let mut writer = Writer {
            tree: self,
            children: &children,
            out,
        };
        writer.line(&firsts, start, 0)
    }

    /// Each node's continuations, and the first moves, in order.
    fn children(&self) -> Result<(Vec<Vec<usize>>, Vec<usize>), ApiError> {
        let mut children = vec![Vec::new(); self.nodes.len()];
        let mut firsts = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            match node.parent {
                None => firsts.push(i),
                Some(p) if p < i => children[p].push(i),
                Some(p) => {
                    return Err(ApiError::unprocessable(format!(
                        "move {i} of the tree follows move {p}, which is not before it"
                    )));
                }
            }
        }
        Ok((children, firsts))
    }
}

/// Writes lines of a tree as PGN movetext.
struct Writer<'t> {
    tree: &'t Tree,
    children: &'t [Vec<usize>],
    out: &'t mut String,
}

impl Writer<'_> {
    /// The line starting with `alternatives[0]` in `start`, the others as
    /// variations after its first move.
    fn line(
        &mut self,
        alternatives: &[usize],
        start: &Chess,
        depth: usize,
    ) -> Result<(), ApiError> {
        if depth > MAX_DEPTH {
            return Err(ApiError::too_large(format!(
                "variations nested deeper than {MAX_DEPTH}"
            )));
        }
        let mut pos = start.clone();
        let mut here = alternatives.to_vec();
        // A black move needs its number after anything but a white move.
        let mut numbered = false;
        while let Some((&i, others)) = here.split_first() {
            let node = &self.tree.nodes[i];
            for comment in &node.before {
                push_comment(self.out, comment);
                numbered = false;
            }
            if pos.turn().is_white() || !numbered {
                self.out
                    .push_str(&MoveNumber::from_position(&pos).to_string());
                self.out.push(' ');
            }
            let (step, after) = step_in(&node.numeric, &pos, iccf::lang::Lang::En)?;
            self.out.push_str(&numeric(&pos, step));
            self.out.push(' ');
            numbered = true;
            for nag in &node.nags {
                self.out.push_str(&format!("${nag} "));
            }
            for comment in &node.after {
                push_comment(self.out, comment);
                numbered = false;
            }
            for &other in others {
                self.out.push_str("( ");
                self.line(&[other], &pos, depth + 1)?;
                self.out.push_str(") ");
                numbered = false;
            }
            pos = after;
            here = self.children[i].clone();
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
        let tree = Tree::read(&game);
        assert_eq!(tree.main_line(), ["5254", "5755", "7163"]);
        assert_eq!(tree.nodes[0].after, ["best"]);
        // 1... c5 follows 1. e4, as 1... e5 does, after it.
        assert_eq!(tree.nodes[2].numeric, "3735");
        assert_eq!(tree.nodes[2].parent, Some(0));
        assert_eq!(tree.nodes[2].nags, [1]);
        let mut pgn = String::new();
        tree.write_pgn(&game.start, &mut pgn).unwrap();
        assert_eq!(
            pgn,
            "1. 5254 {best} 1... 5755 ( 1... 3735 $1 2. 7163 ) 2. 7163 "
        );
    }

    #[test]
    fn an_illegal_move_or_a_parent_after_its_move_is_refused() {
        let tree: Tree =
            serde_json::from_str(r#"{"nodes":[{"move":"5254"},{"move":"5255","parent":null}]}"#)
                .unwrap();
        let err = tree
            .write_pgn(&Chess::default(), &mut String::new())
            .unwrap_err();
        assert!(err.message.contains("5255"), "{}", err.message);
        let tree: Tree = serde_json::from_str(r#"{"nodes":[{"move":"5254","parent":0}]}"#).unwrap();
        let err = tree
            .write_pgn(&Chess::default(), &mut String::new())
            .unwrap_err();
        assert!(err.message.contains("not before it"), "{}", err.message);
    }

    #[test]
    fn a_long_main_line_is_found_in_linear_time() {
        // A 1 MiB paste holds some 200,000 knight moves back and forth.
        let mut pgn = String::new();
        for i in 0..25_000 {
            pgn.push_str(&format!(
                "{}. 7163 7866 {}. 6371 6678 ",
                2 * i + 1,
                2 * i + 2
            ));
        }
        pgn.push('*');
        let game = game::read_game(pgn.as_bytes()).unwrap();
        let tree = Tree::read(&game);
        assert_eq!(tree.nodes.len(), 100_000);
        let started = std::time::Instant::now();
        let line = tree.main_line();
        assert!(
            started.elapsed().as_millis() < 500,
            "{:?}",
            started.elapsed()
        );
        assert_eq!(line.len(), 100_000);
        assert_eq!(line[..4], ["7163", "7866", "6371", "6678"]);
    }
}
