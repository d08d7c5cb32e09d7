//! The shape of a RON text with every byte's place: values, their fields and list entries as
//! byte spans of the text, so a quest can be written back changing only what changed (the
//! comments, blank lines and line breaks a modder wrote stay where they stand).
//!
//! The reader is forgiving and never panics: it is only ever run on text that has already
//! parsed as a quest (or that the editor itself wrote), and on anything unexpected it stops
//! where it is, which the writer treats as "write this value afresh".

/// One value: `12`, `"text"`, `Pit`, `(x: 1)`, `Some((1, 2))`, `[a, b]`, `{"k": v}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Where the value begins and ends (`start..end` in the text).
    pub start: usize,
    pub end: usize,
    /// A name before the value's brackets (`Quest`, `Some`, `EntersRoom`) or the whole of an
    /// atom's text.
    pub ident: Option<(usize, usize)>,
    /// The bracket the value opens, if any: `(`, `[` or `{`.
    pub open: Option<u8>,
    pub items: Vec<Item>,
}

/// One entry inside brackets: `key: value` in a struct or map, a bare value in a list or tuple.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// A struct field's name or a map's key, as text (a map key keeps its quotes).
    pub key: Option<String>,
    /// Where the entry begins (its key, else its value).
    pub start: usize,
    pub value: Node,
    /// Where the entry's comma ends (just after the value when there is none).
    pub end: usize,
}

impl Node {
    /// The field or map entry named `key`.
    pub fn field(&self, key: &str) -> Option<&Item> {
        self.items.iter().find(|i| i.key.as_deref() == Some(key))
    }

    /// The text of the whole value.
    pub fn text<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.start..self.end).unwrap_or("")
    }
}

/// Parses the one value a RON document holds (after an optional `#![enable(..)]` line).
pub fn parse(text: &str) -> Option<Node> {
    let mut r = Reader {
        t: text,
        s: text.as_bytes(),
        i: 0,
    };
    r.trivia();
    if r.rest().starts_with(b"#![") {
        while r.peek().is_some_and(|c| c != b'\n') {
            r.i += 1;
        }
        r.trivia();
    }
    r.value(0)
}

const MAX_DEPTH: usize = 128;

struct Reader<'a> {
    t: &'a str,
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &[u8] {
        self.s.get(self.i..).unwrap_or(&[])
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    /// Skips whitespace and comments (nested block comments too).
    fn trivia(&mut self) {
        loop {
            while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
                self.i += 1;
            }
            if self.rest().starts_with(b"//") {
                while self.peek().is_some_and(|c| c != b'\n') {
                    self.i += 1;
                }
            } else if self.rest().starts_with(b"/*") {
                let mut level = 0usize;
                while self.peek().is_some() {
                    if self.rest().starts_with(b"/*") {
                        level += 1;
                        self.i += 2;
                    } else if self.rest().starts_with(b"*/") {
                        self.i += 2;
                        level -= 1;
                        if level == 0 {
                            break;
                        }
                    } else {
                        self.i += 1;
                    }
                }
            } else {
                return;
            }
        }
    }

    /// A string literal (`"…"` with escapes, or a raw `r#"…"#`), from its first byte.
    fn string(&mut self) {
        if self.peek() == Some(b'r') {
            self.i += 1;
            let mut hashes = 0;
            while self.peek() == Some(b'#') {
                hashes += 1;
                self.i += 1;
            }
            self.i += 1; // the opening quote
            while self.peek().is_some() {
                if self.peek() == Some(b'"')
                    && self.s[self.i + 1..].iter().take(hashes).filter(|&&c| c == b'#').count() == hashes
                {
                    self.i += 1 + hashes;
                    return;
                }
                self.i += 1;
            }
            return;
        }
        self.i += 1;
        while let Some(c) = self.peek() {
            self.i += 1;
            match c {
                b'\\' => self.i += 1,
                b'"' => return,
                _ => {}
            }
        }
        self.i = self.i.min(self.s.len());
    }

    fn is_raw_string(&self) -> bool {
        let r = self.rest();
        r.first() == Some(&b'r') && matches!(r.get(1), Some(b'"') | Some(b'#'))
    }

    fn value(&mut self, depth: usize) -> Option<Node> {
        if depth > MAX_DEPTH {
            return None;
        }
        let start = self.i;
        let c = self.peek()?;
        let mut ident = None;
        if c == b'"' || self.is_raw_string() {
            self.string();
            return Some(Node {
                start,
                end: self.i,
                ident: Some((start, self.i)),
                open: None,
                items: Vec::new(),
            });
        }
        if c == b'\'' {
            self.i += 1;
            while let Some(c) = self.peek() {
                self.i += 1;
                match c {
                    b'\\' => self.i += 1,
                    b'\'' => break,
                    _ => {}
                }
            }
            self.i = self.i.min(self.s.len());
            return Some(Node {
                start,
                end: self.i,
                ident: Some((start, self.i)),
                open: None,
                items: Vec::new(),
            });
        }
        if !matches!(c, b'(' | b'[' | b'{') {
            // A number, `true`, an enum variant or a struct's name.
            while self
                .peek()
                .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'+' | b'.'))
            {
                self.i += 1;
            }
            if self.i == start {
                return None;
            }
            ident = Some((start, self.i));
            let after = self.i;
            self.trivia();
            if self.peek() != Some(b'(') {
                self.i = after;
                return Some(Node {
                    start,
                    end: after,
                    ident,
                    open: None,
                    items: Vec::new(),
                });
            }
        }
        let open = self.peek()?;
        let close = match open {
            b'(' => b')',
            b'[' => b']',
            _ => b'}',
        };
        self.i += 1;
        let mut items = Vec::new();
        loop {
            self.trivia();
            match self.peek() {
                None => return None,
                Some(c) if c == close => {
                    self.i += 1;
                    break;
                }
                _ => {}
            }
            let item_start = self.i;
            let first = self.value(depth + 1)?;
            self.trivia();
            let (key, value) = if self.peek() == Some(b':') {
                self.i += 1;
                self.trivia();
                let key = first.text(self.t).to_string();
                (Some(key), self.value(depth + 1)?)
            } else {
                (None, first)
            };
            let value_end = self.i;
            self.trivia();
            let end = if self.peek() == Some(b',') {
                self.i += 1;
                self.i
            } else {
                self.i = value_end;
                value_end
            };
            items.push(Item {
                key,
                start: item_start,
                value,
                end,
            });
            if end == value_end {
                // No comma: the bracket must close next.
                self.trivia();
                if self.peek() != Some(close) {
                    return None;
                }
            }
        }
        Some(Node {
            start,
            end: self.i,
            ident,
            open: Some(open),
            items,
        })
    }
}

/// A value written on one line in the shipped quests' spacing: `(kind: "orc", at: (8, 4))`,
/// with `Some(…)` left out (quests are read with implicit `Some`).
pub fn inline(text: &str, node: &Node) -> String {
    let mut out = String::new();
    write_inline(text, node, &mut out);
    out
}

fn write_inline(text: &str, node: &Node, out: &mut String) {
    let ident = node.ident.map(|(a, b)| text.get(a..b).unwrap_or(""));
    let Some(open) = node.open else {
        let atom = ident.unwrap_or("");
        if atom.starts_with('"') {
            plain_quotes(atom, out);
        } else {
            out.push_str(atom);
        }
        return;
    };
    if ident == Some("Some") && node.items.len() == 1 {
        write_inline(text, &node.items[0].value, out);
        return;
    }
    if let Some(id) = ident {
        out.push_str(id);
    }
    out.push(open as char);
    for (n, item) in node.items.iter().enumerate() {
        if n > 0 {
            out.push_str(", ");
        }
        if let Some(k) = &item.key {
            out.push_str(k);
            out.push_str(": ");
        }
        write_inline(text, &item.value, out);
    }
    out.push(match open {
        b'(' => ')',
        b'[' => ']',
        _ => '}',
    });
}

/// A string literal with `\'` written as a plain `'` (ron escapes it; a quest needs not).
fn plain_quotes(literal: &str, out: &mut String) {
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\'') => out.push('\''),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_fields_entries_and_comments() {
        let t = "// top\nQuest(\n    a: 1, // one\n    b: [(x: 1), /* c */ (x: 2),],\n    c: Some(\"s\\\"q\"),\n)\n";
        let n = parse(t).unwrap();
        assert_eq!(n.items.len(), 3);
        let b = n.field("b").unwrap();
        assert_eq!(b.value.items.len(), 2);
        assert_eq!(b.value.items[1].value.text(t), "(x: 2)");
        assert_eq!(&t[b.start..b.end], "b: [(x: 1), /* c */ (x: 2),],");
        assert_eq!(inline(t, &n.field("c").unwrap().value), "\"s\\\"q\"");
        assert_eq!(
            inline(r#""it\'s \\' \"q\"""#, &parse(r#""it\'s \\' \"q\"""#).unwrap()),
            r#""it's \\' \"q\"""#
        );
        let compact = "(kind:\"orc\",at:(8,4),name:Some(\"Vel\"),trap:Pit)";
        assert_eq!(
            inline(compact, &parse(compact).unwrap()),
            "(kind: \"orc\", at: (8, 4), name: \"Vel\", trap: Pit)"
        );
    }

    #[test]
    fn never_panics_on_broken_text() {
        for t in [
            "(",
            "(a: [1, 2",
            "\"open",
            "r#\"x",
            "(a: 1 b: 2)",
            "/* open",
            "[1,,]",
            ")",
        ] {
            let _ = parse(t);
        }
    }
}
