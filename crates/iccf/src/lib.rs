//! ICCF numeric chess notation.

pub mod lang;
pub mod localized;
