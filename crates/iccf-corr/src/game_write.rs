//! Writing a game file with [`PgnWriter`].

use iccf_pgn::writer::PgnWriter;

use crate::game::{Game, Ply};
use crate::game_read::{DRAW_OFFER, IF_MARK};

/// Writes `game` as one PGN game: tags, the comments before the first
/// move, numeric moves each followed by its NAGs, its dates and draw offer
/// `{[%ccsnt D] [%ccrcv D] [%ccdrawoffer white]}` and its other comments,
/// pending if-moves as variations marked
/// `{[%ccif]}` after the last move, and the result.
///
/// [`crate::read_game`] reads it back to an equal game, and writing that
/// gives the same bytes.
///
/// ```
/// use iccf_corr::{read_game, write_game};
///
/// let text = "[White \"A\"]\n\n1. 5254 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.02]} *\n\n";
/// let game = read_game(text.as_bytes())?;
/// assert_eq!(String::from_utf8(write_game(&game)).unwrap(), text);
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn write_game(game: &Game) -> Vec<u8> {
    let mut out = Vec::new();
    let mut writer = PgnWriter::new(&mut out);
    for (name, value) in &game.tags {
        writer.tag(name.as_bytes(), value.as_bytes());
    }
    writer.end_tags();
    for comment in &game.preamble {
        writer.comment(comment.as_bytes());
    }
    let mut after_comment = true;
    for (i, ply) in game.plies.iter().enumerate() {
        write_number(&mut writer, game, i, after_comment);
        writer.token(ply.mv.to_string().as_bytes());
        for &nag in &ply.nags {
            writer.nag(nag);
        }
        after_comment = write_commands(&mut writer, ply);
        for comment in &ply.comments {
            writer.comment(comment.as_bytes());
            after_comment = true;
        }
    }
    for line in &game.pending {
        write_if_line(&mut writer, game, line);
    }
    writer.result(game.result().as_bytes());
    writer.end_game();
    out
}

/// `12.` before White's move; `12...` before Black's only where the reader
/// lost track (at the start, after a comment or a variation).
fn write_number(writer: &mut PgnWriter<'_>, game: &Game, ply: usize, after_break: bool) {
    let no = game.number_of_ply(ply);
    if no.turn.is_white() || after_break {
        writer.token(no.to_string().as_bytes());
    }
}

/// Writes the comment of dates and draw offer; says whether there was one.
fn write_commands(writer: &mut PgnWriter<'_>, ply: &Ply) -> bool {
    let mut commands = Vec::new();
    if let Some(sent) = ply.sent {
        commands.push(format!("[%ccsnt {sent}]"));
    }
    if let Some(received) = ply.received {
        commands.push(format!("[%ccrcv {received}]"));
    }
    if let Some(side) = ply.draw_offer {
        commands.push(format!("[%{DRAW_OFFER} {}]", crate::game::color_name(side)));
    }
    if commands.is_empty() {
        return false;
    }
    writer.comment(commands.join(" ").as_bytes());
    true
}

/// `({[%ccif]} 13. 5254 13... 5756 14. 6125)`: our last move repeated,
/// so that the variation is legal PGN, then the line.
fn write_if_line(writer: &mut PgnWriter<'_>, game: &Game, line: &[iccf::NumericMove]) {
    let Some(last) = game.plies.last() else {
        return;
    };
    let first = game.plies.len() - 1;
    writer.variation_start();
    writer.comment(IF_MARK.as_bytes());
    for (i, mv) in std::iter::once(&last.mv).chain(line).enumerate() {
        write_number(writer, game, first + i, i == 0);
        writer.token(mv.to_string().as_bytes());
    }
    writer.variation_end();
}

#[cfg(test)]
mod tests {
    use crate::{read_game, write_game};

    /// Files as `iccf` writes them read back to the same game and bytes.
    #[test]
    fn round_trip_is_exact() {
        let text = "[Event \"Test\"]\n[ICCFSide \"black\"]\n[TimeControl \"10/50\"]\n\n\
            1. 5254 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.01]} 1... 5755\n{[%ccsnt 2026.12.03]} 2. 7163 \
            2836 ({[%ccif]} 2... 2836 3. 6125 1716 4. 2536) (\n{[%ccif]} 2... 2836 3. 4244) *\n\n";
        let game = read_game(text.as_bytes()).unwrap();
        assert_eq!(game.pending.len(), 2);
        assert_eq!(game.pending[0].len(), 3);
        let written = String::from_utf8(write_game(&game)).unwrap();
        assert_eq!(written, text);
        assert_eq!(read_game(written.as_bytes()).unwrap(), game);
    }

    /// Found by the `game_file` fuzz target: a `Result` tag that is no
    /// result (`*c?rcvCCFSide "black`) was written as the result token, and
    /// the file written did not read back. It is kept as a tag; the game
    /// goes on and ends with `*`.
    #[test]
    fn regression_result_tag_that_is_no_result_was_written_as_the_result() {
        let text = "[White \"A\"]\n[Result \"*c?rcvCCFSide \\\"black\"]\n\n1. 5254 *\n";
        let game = read_game(text.as_bytes()).unwrap();
        assert_eq!((game.result(), game.is_over()), ("*", false));
        let written = write_game(&game);
        let again = read_game(&written).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again, game);
        assert_eq!(write_game(&again), written);
        let over = read_game(b"[Result \" 1-0\"]\n\n1. 5254 1-0\n").unwrap();
        assert_eq!((over.result(), over.is_over()), ("1-0", true));
    }
}
