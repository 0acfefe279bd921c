//! `POST /api/export`: the line on the board as PGN or as a one-line
//! record, in any notation and language, written by the converter.

use axum::Json;
use axum::extract::State;
use iccf::{MoveFormat, MoveNumber, Notation};
use iccf_pgn::convert::{Converter, Options, OutputFormat};
use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode, Position};

use crate::body::Body;
use crate::display::{DisplayRequest, lang_or_english, parse_notation};
use crate::limits::short_text;
use crate::line::{Line, LineRequest, replay};
use crate::tree::Tree;
use crate::{ApiError, AppState, blocking};

/// The Seven Tag Roster, written first and always.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
/// Most tags a request may carry.
const MAX_TAGS: usize = 64;

/// The request: a line, its tags, and how to write it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    /// Start and moves.
    #[serde(flatten)]
    pub line: LineRequest,
    /// The whole tree, with comments, NAGs and variations; written in
    /// place of the line's moves when given.
    #[serde(default)]
    pub tree: Option<Tree>,
    /// Tags, in order (the Seven Tag Roster is filled in with `?`).
    #[serde(default)]
    pub tags: Vec<(String, String)>,
    /// `pgn` (default) or `text`: one line of numbered moves.
    #[serde(default)]
    pub format: Option<String>,
    /// Notation and piece letters (numeric and English when absent).
    #[serde(flatten)]
    pub display: DisplayRequest,
}

/// The answer: the text to save or copy.
#[derive(Debug, Serialize)]
pub struct ExportJson {
    /// The game written out.
    pub text: String,
}

/// Writes the line out.
pub async fn handle(
    State(state): State<AppState>,
    Body(request): Body<ExportRequest>,
) -> Result<Json<ExportJson>, ApiError> {
    blocking::run(&state.workers, move || {
        let format = match request.format.as_deref() {
            None | Some("pgn") => OutputFormat::Pgn,
            Some("text") => OutputFormat::Text,
            Some(other) => {
                return Err(ApiError::unprocessable(format!(
                    "unknown format `{}`: pgn or text",
                    short_text("format", other)?
                )));
            }
        };
        let notation = match &request.display.notation {
            Some(name) => parse_notation(name)?,
            None => Notation::Numeric,
        };
        let lang = lang_or_english(request.display.lang.as_deref())?;
        let line = replay(&request.line)?;
        let pgn = numeric_pgn(&request, &line)?;
        let converter = Converter::new(Options {
            to: Some(notation),
            format,
            lang,
            ..Options::default()
        });
        let mut out = Vec::new();
        converter.convert_all(pgn.as_bytes(), &mut out);
        let text = String::from_utf8_lossy(&out).trim_end().to_owned() + "\n";
        Ok(Json(ExportJson { text }))
    })
    .await
}

/// The line as numeric PGN with its tags: what the converter reads.
fn numeric_pgn(request: &ExportRequest, line: &Line) -> Result<String, ApiError> {
    if request.tags.len() > MAX_TAGS {
        return Err(ApiError::too_large(format!(
            "{} tags sent; at most {MAX_TAGS}",
            request.tags.len()
        )));
    }
    let tag = |name: &str| {
        request
            .tags
            .iter()
            .find(|(n, _)| n == name)
            .map_or("?", |(_, v)| v.as_str())
    };
    let result = match tag("Result") {
        r @ ("1-0" | "0-1" | "1/2-1/2") => r,
        _ => "*",
    };
    let mut pgn = String::new();
    for name in ROSTER {
        let value = if name == "Result" { result } else { tag(name) };
        push_tag(&mut pgn, name, value)?;
    }
    for (name, value) in &request.tags {
        if !ROSTER.contains(&name.as_str()) && !matches!(name.as_str(), "FEN" | "SetUp" | "Variant")
        {
            push_tag(&mut pgn, name, value)?;
        }
    }
    let start = &line.positions[0];
    let chess960 = start.castles().mode() == CastlingMode::Chess960;
    if chess960 {
        push_tag(&mut pgn, "Variant", "Chess960")?;
    } else if tag("Variant") != "?" {
        push_tag(&mut pgn, "Variant", tag("Variant"))?;
    }
    if request
        .line
        .fen
        .as_deref()
        .is_some_and(|f| !f.trim().is_empty())
        || chess960
    {
        // The position as read, so that what the page played on reads back.
        let fen = Fen::from_position(start, EnPassantMode::Legal).to_string();
        push_tag(&mut pgn, "SetUp", "1")?;
        push_tag(&mut pgn, "FEN", &fen)?;
    }
    pgn.push('\n');
    match &request.tree {
        Some(tree) => tree.write_pgn(start, &mut pgn)?,
        None => push_movetext(&mut pgn, line),
    }
    pgn.push_str(result);
    pgn.push('\n');
    Ok(pgn)
}

/// `[Name "value"]`, the value escaped; names are PGN symbols only.
fn push_tag(pgn: &mut String, name: &str, value: &str) -> Result<(), ApiError> {
    let name_ok = !name.is_empty()
        && name.len() <= 40
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !name_ok {
        return Err(ApiError::unprocessable(format!(
            "bad tag name `{}`: letters, digits and _ only",
            short_text("a tag name", name)?
        )));
    }
    let value = short_text("a tag value", value)?.replace(['\n', '\r'], " ");
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    pgn.push_str(&format!("[{name} \"{value}\"]\n"));
    Ok(())
}

/// Numbered numeric moves, `1. 5254 5755 2. 7163 `.
fn push_movetext(pgn: &mut String, line: &Line) {
    let numeric = MoveFormat::new(Notation::Numeric);
    for (i, (&step, pos)) in line.moves.iter().zip(&line.positions).enumerate() {
        if i == 0 || pos.turn().is_white() {
            pgn.push_str(&MoveNumber::from_position(pos).to_string());
            pgn.push(' ');
        }
        match step {
            Some(m) => {
                let mut buf = Vec::new();
                numeric.append(&mut buf, pos, m, None);
                pgn.push_str(&String::from_utf8_lossy(&buf));
            }
            None => pgn.push_str("--"),
        }
        pgn.push(' ');
    }
}
