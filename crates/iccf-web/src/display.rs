//! How the page wants moves written beside the numeric ones: a notation
//! and a language's piece letters.

use iccf::lang::Lang;
use iccf::{MoveFormat, Notation};
use serde::Deserialize;

use crate::ApiError;
use crate::limits::short_text;

/// `"notation"` and `"lang"` of a request; both optional (SAN, English).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct DisplayRequest {
    /// `numeric`, `san`, `lan`, `uci` or `figurine`.
    #[serde(default)]
    pub notation: Option<String>,
    /// A language code of `iccf languages` (`en`, `de`, `fr`, ...).
    #[serde(default)]
    pub lang: Option<String>,
}

impl DisplayRequest {
    /// The format asked for, or a 422 naming the unknown notation or language.
    pub fn format(&self) -> Result<MoveFormat, ApiError> {
        let notation = match &self.notation {
            Some(name) => parse_notation(name)?,
            None => Notation::San,
        };
        Ok(MoveFormat {
            lang: lang_or_english(self.lang.as_deref())?,
            ..MoveFormat::new(notation)
        })
    }
}

/// A notation by its name, or a 422 listing the names.
pub fn parse_notation(name: &str) -> Result<Notation, ApiError> {
    short_text("notation", name)?.parse().map_err(|_| {
        ApiError::unprocessable(format!(
            "unknown notation `{name}`: numeric, san, lan, uci or figurine"
        ))
    })
}

/// A language by its code (English when none), or a 422.
pub fn lang_or_english(code: Option<&str>) -> Result<Lang, ApiError> {
    match code {
        None => Ok(Lang::En),
        Some(code) => Lang::from_code(short_text("lang", code)?).ok_or_else(|| {
            ApiError::unprocessable(format!(
                "unknown language `{code}`: GET /api/info lists the codes"
            ))
        }),
    }
}
