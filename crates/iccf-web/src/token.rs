//! The secret printed in the page's address at start (as Jupyter does):
//! only someone who can read the terminal, or was given the address, can
//! make the server do anything.

use std::fmt;

/// A random token of 128 bits, written as 32 hex digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A new token from the operating system's random source.
    ///
    /// # Errors
    ///
    /// When the system has no random source.
    ///
    /// ```
    /// let token = iccf_web::token::Token::random()?;
    /// assert_eq!(token.as_str().len(), 32);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn random() -> std::io::Result<Token> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(std::io::Error::other)?;
        Ok(Token(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// A token chosen by the caller (tests, a fixed setup).
    ///
    /// ```
    /// let token = iccf_web::token::Token::new("abc");
    /// assert!(token.matches("abc") && !token.matches("abd"));
    /// ```
    pub fn new(text: impl Into<String>) -> Token {
        Token(text.into())
    }

    /// The token's text, as it goes in the address.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `sent` is the token, compared in time that does not depend
    /// on where they differ.
    pub fn matches(&self, sent: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), sent.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

/// Never printed by accident in a log: `Token(..)`.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(..)")
    }
}
