//! The text of an HTML mail body, line by line, with quoted parts marked.

/// Tags that start and end a block: the text before and after them are
/// different lines.
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "tr",
    "li",
    "ul",
    "ol",
    "table",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "pre",
    "blockquote",
    "center",
    "section",
    "article",
    "header",
    "footer",
    "dl",
    "dt",
    "dd",
];

/// Tags whose content is no text.
const HIDDEN: &[&str] = &["style", "script", "head", "title"];

/// The text of `html`: a line per block (`<div>`, `<p>`, table row, ...)
/// and per `<br>`, table cells apart by a space, entities decoded. What
/// mail programs quote is marked `> ` like a quoted plain-text line: a
/// `<blockquote>`, Gmail's `<div class="gmail_quote">`, and everything
/// after Outlook's reply header `<div id="divRplyFwdMsg">`.
///
/// ```
/// let html = "<div>My move: 12... 5756</div><div class=\"gmail_quote\">On Tue, Gordon wrote:\
///     <blockquote>My move: 12. 5254</blockquote></div>";
/// assert_eq!(iccf_corr::html_text(html), "My move: 12... 5756\n> On Tue, Gordon wrote:\n> My move: 12. 5254");
/// ```
pub fn html_text(html: &str) -> String {
    let mut out = Lines::default();
    // Per open element that quotes: its name, to close it at its end tag.
    let mut quotes: Vec<(String, usize)> = Vec::new();
    let mut depth: Vec<String> = Vec::new();
    let mut hidden = 0usize;
    let mut after_reply_header = false;
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            out.text(rest, hidden == 0, &quotes, after_reply_header);
            break;
        };
        out.text(&rest[..lt], hidden == 0, &quotes, after_reply_header);
        rest = &rest[lt..];
        if rest.starts_with("<!--") {
            rest = rest.find("-->").map_or("", |end| &rest[end + 3..]);
            continue;
        }
        // A tag never closed runs to the end (whose last byte may be
        // inside a character: no `end - 1` there).
        let (inside, end) = match rest.find('>') {
            Some(gt) => (&rest[1..gt], gt + 1),
            None => (&rest[1..], rest.len()),
        };
        let tag = Tag::read(inside);
        rest = &rest[end..];
        if HIDDEN.contains(&tag.name.as_str()) {
            match tag.closing {
                false if !tag.self_closing => hidden += 1,
                true => hidden = hidden.saturating_sub(1),
                _ => {}
            }
            continue;
        }
        if tag.name == "br" {
            out.line_break(true);
            continue;
        }
        if BLOCKS.contains(&tag.name.as_str()) {
            out.line_break(false);
        }
        if matches!(tag.name.as_str(), "td" | "th") && !tag.closing {
            out.space();
        }
        if tag.closing {
            if let Some(at) = depth.iter().rposition(|name| *name == tag.name) {
                depth.truncate(at);
                quotes.retain(|(_, level)| *level < at);
            }
        } else if !tag.self_closing && !is_void(&tag.name) {
            if tag.quotes() {
                quotes.push((tag.name.clone(), depth.len()));
            }
            if tag.is_reply_header() {
                after_reply_header = true;
            }
            depth.push(tag.name);
        }
    }
    out.finish()
}

/// Elements without an end tag.
fn is_void(name: &str) -> bool {
    matches!(
        name,
        "br" | "hr" | "img" | "meta" | "link" | "input" | "col" | "area" | "base" | "wbr"
    )
}

/// A start or end tag: its lowercase name and the attributes that matter.
struct Tag {
    name: String,
    closing: bool,
    self_closing: bool,
    attributes: String,
}

impl Tag {
    fn read(inside: &str) -> Tag {
        let closing = inside.starts_with('/');
        let inside = inside.trim_start_matches('/');
        let self_closing = inside.ends_with('/');
        let name_len = inside
            .find(|c: char| c.is_whitespace() || c == '/')
            .unwrap_or(inside.len());
        Tag {
            name: inside[..name_len].to_ascii_lowercase(),
            closing,
            self_closing,
            attributes: inside[name_len..].to_ascii_lowercase(),
        }
    }

    /// `<blockquote>`, or Gmail's and Yahoo's quote containers.
    fn quotes(&self) -> bool {
        self.name == "blockquote"
            || (self.name == "div"
                && (self.attributes.contains("gmail_quote")
                    || self.attributes.contains("yahoo_quoted")
                    || self.attributes.contains("moz-cite-prefix")))
    }

    /// Outlook's "From: ... Sent: ..." header before the quoted message.
    fn is_reply_header(&self) -> bool {
        self.attributes.contains("divrplyfwdmsg") || self.attributes.contains("stopspelling")
    }
}

/// The lines being written.
#[derive(Default)]
struct Lines {
    lines: Vec<String>,
    line: String,
    quoted: bool,
    /// White space since the last character written.
    space: bool,
}

impl Lines {
    fn text(&mut self, raw: &str, shown: bool, quotes: &[(String, usize)], after: bool) {
        if !shown {
            return;
        }
        for c in decode_entities(raw).chars() {
            if c.is_whitespace() && c != '\u{a0}' {
                self.space = true;
                continue;
            }
            if self.line.is_empty() {
                self.quoted = !quotes.is_empty() || after;
            } else if self.space {
                self.line.push(' ');
            }
            self.space = false;
            self.line.push(if c == '\u{a0}' { ' ' } else { c });
        }
    }

    fn space(&mut self) {
        self.space = true;
    }

    /// Ends the line; `always`: even an empty one (`<br><br>`).
    fn line_break(&mut self, always: bool) {
        let line = self.line.trim().to_owned();
        self.line.clear();
        self.space = false;
        if line.is_empty() && !always {
            return;
        }
        let mark = if self.quoted && !line.is_empty() {
            "> "
        } else {
            ""
        };
        self.lines.push(format!("{mark}{line}"));
    }

    fn finish(mut self) -> String {
        self.line_break(false);
        let mut out: Vec<String> = Vec::new();
        for line in self.lines {
            // At most one blank line in a row.
            if line.is_empty() && out.last().is_none_or(String::is_empty) {
                continue;
            }
            out.push(line);
        }
        while out.last().is_some_and(String::is_empty) {
            out.pop();
        }
        out.join("\n")
    }
}

/// `&amp;`, `&nbsp;`, `&#228;`, `&#xE4;` and the named letters mail
/// programs write for accented text.
fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let end = rest[1..].find(';').map(|e| e + 1).filter(|&e| e <= 10);
        let decoded = end.and_then(|e| entity(&rest[1..e]));
        match (end, decoded) {
            (Some(e), Some(c)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "hellip" => '…',
        "ndash" => '–',
        "mdash" => '—',
        "rsquo" => '’',
        "lsquo" => '‘',
        "ldquo" => '“',
        "rdquo" => '”',
        "auml" => 'ä',
        "ouml" => 'ö',
        "uuml" => 'ü',
        "Auml" => 'Ä',
        "Ouml" => 'Ö',
        "Uuml" => 'Ü',
        "szlig" => 'ß',
        "eacute" => 'é',
        "egrave" => 'è',
        "ecirc" => 'ê',
        "agrave" => 'à',
        "acirc" => 'â',
        "ccedil" => 'ç',
        "ocirc" => 'ô',
        "ugrave" => 'ù',
        "icirc" => 'î',
        "aacute" => 'á',
        "iacute" => 'í',
        "oacute" => 'ó',
        "uacute" => 'ú',
        "ntilde" => 'ñ',
        "iquest" => '¿',
        "iexcl" => '¡',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `message` fuzz target: a tag left open at the end of
    /// an HTML part that ends in a character of several bytes was cut
    /// inside that character, and slicing panicked.
    #[test]
    fn regression_unclosed_tag_ending_in_a_wide_character_panicked() {
        assert_eq!(html_text("<p>12... 5756</p><blockquote é"), "12... 5756");
        assert_eq!(html_text("<p>12... 5756<"), "12... 5756");
    }

    #[test]
    fn blocks_breaks_and_cells_make_lines() {
        let html = "<html><head><style>p {}</style></head><body><p class=MsoNormal>Dear Gordon,</p>\
            <p>Your move: 12. 5254<br>My move: 12...&nbsp;5756</p><table><tr><td>13.</td><td>4244</td></tr></table>\
            Gr&uuml;&szlig;e</body></html>";
        assert_eq!(
            html_text(html),
            "Dear Gordon,\nYour move: 12. 5254\nMy move: 12... 5756\n13. 4244\nGrüße"
        );
    }

    #[test]
    fn outlook_reply_header_quotes_the_rest() {
        let html = "<div>My move 12... 5756</div><div id=\"divRplyFwdMsg\" dir=\"ltr\"><b>From:</b> Gordon\
            <br><b>Sent:</b> Tuesday</div><div>My move: 12. 5254</div>";
        assert_eq!(
            html_text(html),
            "My move 12... 5756\n> From: Gordon\n> Sent: Tuesday\n> My move: 12. 5254"
        );
    }

    #[test]
    fn inline_tags_keep_words_apart_only_where_written() {
        assert_eq!(html_text("Zug <b>2. 7163</b>, danke"), "Zug 2. 7163, danke");
        assert_eq!(html_text("2... 28<span>36</span>"), "2... 2836");
    }
}
