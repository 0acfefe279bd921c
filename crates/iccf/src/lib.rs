//! ICCF numeric chess notation.
