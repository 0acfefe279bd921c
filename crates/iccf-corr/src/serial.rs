//! Serializing the core's types that have no serde support of their own.

use core::fmt::Display;

/// Any value as its `Display` text: a move number as `12...`, a colour
/// as `white`.
pub(crate) fn display<T: Display, S: serde::Serializer>(
    value: &T,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// An optional value as its `Display` text, or null.
pub(crate) fn display_option<T: Display, S: serde::Serializer>(
    value: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => s.collect_str(v),
        None => s.serialize_none(),
    }
}
