//! ICCF numeric chess notation.

pub mod lang;
