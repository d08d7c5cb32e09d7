//! Finds where an entry of a RON document starts, so semantic errors can name `line:col`.
//!
//! ron reports syntax errors with spans but keeps no positions for parsed values. After a file
//! has parsed, this scanner walks its structure (structs, tuples, lists, maps) and answers
//! "where does `monsters[3].at` begin?". It never panics: on anything unexpected it returns
//! the deepest position it found.

use crate::rules::board::PathPart;

#[derive(Debug)]
enum Node {
    Atom,
    /// Named fields (struct-like parentheses) and positional items (tuples, lists, maps' values).
    Group {
        fields: Vec<(String, usize, Node)>,
        items: Vec<(usize, Node)>,
    },
}

struct Scanner<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

const MAX_DEPTH: usize = 256;

impl Scanner<'_> {
    /// What is left of the text; empty once the scanner has run past its end.
    fn rest(&self) -> &[u8] {
        self.s.get(self.i..).unwrap_or(&[])
    }

    /// Steps `n` bytes on, never past the end of the text.
    fn step(&mut self, n: usize) {
        self.i = self.i.saturating_add(n).min(self.s.len());
    }

    fn skip_ws(&mut self) {
        loop {
            while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
                self.step(1);
            }
            if self.rest().starts_with(b"//") {
                while self.peek().is_some_and(|c| c != b'\n') {
                    self.step(1);
                }
            } else if self.rest().starts_with(b"/*") {
                let mut level = 0usize;
                while self.peek().is_some() {
                    if self.rest().starts_with(b"/*") {
                        level += 1;
                        self.step(2);
                    } else if self.rest().starts_with(b"*/") {
                        level = level.saturating_sub(1);
                        self.step(2);
                        if level == 0 {
                            break;
                        }
                    } else {
                        self.step(1);
                    }
                }
            } else {
                return;
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn ident(&mut self) -> Option<String> {
        let start = self.i;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == b'_' || c == b'#' {
                self.step(1);
            } else {
                break;
            }
        }
        (self.i > start).then(|| String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
    }

    fn string(&mut self) {
        // Raw strings r#"..."# and plain strings with escapes.
        if self.peek() == Some(b'r') {
            self.step(1);
            let mut hashes = 0;
            while self.peek() == Some(b'#') {
                hashes += 1;
                self.step(1);
            }
            self.step(1); // opening quote
            while let Some(c) = self.peek() {
                let closes = self
                    .rest()
                    .get(1..)
                    .unwrap_or(&[])
                    .iter()
                    .take_while(|c| **c == b'#')
                    .count()
                    >= hashes;
                if c == b'"' && closes {
                    self.step(1 + hashes);
                    return;
                }
                self.step(1);
            }
            return;
        }
        let Some(quote) = self.peek() else { return };
        self.step(1);
        while let Some(c) = self.peek() {
            match c {
                b'\\' => self.step(2),
                c if c == quote => {
                    self.step(1);
                    return;
                }
                _ => self.step(1),
            }
        }
    }

    fn value(&mut self) -> Node {
        self.skip_ws();
        self.depth += 1;
        let node = if self.depth > MAX_DEPTH {
            self.step(self.s.len());
            Node::Atom
        } else {
            match self.peek() {
                Some(b'(') | Some(b'[') | Some(b'{') => self.group(),
                Some(b'"') | Some(b'\'') => {
                    self.string();
                    Node::Atom
                }
                Some(b'r') if matches!(self.rest().get(1), Some(b'"') | Some(b'#')) => {
                    self.string();
                    Node::Atom
                }
                Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                    self.ident();
                    self.skip_ws();
                    if self.peek() == Some(b'(') {
                        self.group()
                    } else {
                        Node::Atom
                    }
                }
                Some(_) => {
                    // A number or other bare word; it ends where a comment begins too (`1//x`).
                    while let Some(c) = self.peek() {
                        let comment = self.rest().starts_with(b"//") || self.rest().starts_with(b"/*");
                        if b",)]}:".contains(&c) || c.is_ascii_whitespace() || comment {
                            break;
                        }
                        self.step(1);
                    }
                    Node::Atom
                }
                None => Node::Atom,
            }
        };
        self.depth -= 1;
        node
    }

    fn group(&mut self) -> Node {
        let Some(open) = self.peek() else {
            return Node::Atom;
        };
        let close = match open {
            b'(' => b')',
            b'[' => b']',
            _ => b'}',
        };
        self.step(1);
        let mut fields = Vec::new();
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                None => break,
                Some(c) if c == close => {
                    self.step(1);
                    break;
                }
                Some(b',') => {
                    self.step(1);
                    continue;
                }
                _ => {}
            }
            let start = self.i;
            // A struct field is `ident :` (but not `ident ::`); try it, else it is a value.
            if open == b'(' {
                let save = self.i;
                if let Some(name) = self.ident() {
                    self.skip_ws();
                    if self.peek() == Some(b':') {
                        self.step(1);
                        let v = self.value();
                        fields.push((name, start, v));
                        continue;
                    }
                }
                self.i = save;
            }
            let before = self.i;
            let v = self.value();
            if open == b'{' {
                self.skip_ws();
                if self.peek() == Some(b':') {
                    self.step(1);
                    let vstart = {
                        self.skip_ws();
                        self.i
                    };
                    let val = self.value();
                    items.push((vstart, val));
                    continue;
                }
            }
            items.push((start, v));
            if self.i == before {
                self.step(1); // never loop without progress
            }
        }
        Node::Group { fields, items }
    }
}

/// Byte offset where the entry named by `path` starts, or the deepest ancestor found.
pub fn locate(text: &str, path: &[PathPart]) -> usize {
    let mut sc = Scanner {
        s: text.as_bytes(),
        i: 0,
        depth: 0,
    };
    sc.skip_ws();
    let root_start = sc.i;
    let root = sc.value();
    let mut node = &root;
    let mut pos = root_start;
    for part in path {
        let Node::Group { fields, items } = node else {
            break;
        };
        let next = match part {
            PathPart::Field(name) => fields.iter().find(|(n, _, _)| n == name).map(|(_, p, v)| (*p, v)),
            PathPart::Index(k) => items.get(*k).map(|(p, v)| (*p, v)),
        };
        match next {
            Some((p, v)) => {
                pos = p;
                node = v;
            }
            None => break,
        }
    }
    pos
}

/// Byte offset, in `text`, of the `n`th character (0-based) of the string literal that starts at
/// `literal` (its opening `"`, or the `r` of a raw string): an escape such as `\"` or `\u{41}`
/// is one character of the string but several of the file. Past the literal's end: its end.
pub fn char_in_literal(text: &str, literal: usize, n: usize) -> usize {
    let s = text.as_bytes();
    let mut i = literal.min(s.len());
    let raw = s.get(i) == Some(&b'r');
    let mut hashes = 0;
    if raw {
        i += 1;
        while s.get(i) == Some(&b'#') {
            hashes += 1;
            i += 1;
        }
    }
    i = (i + 1).min(s.len()); // the opening quote
    let closes = |i: usize| s[i] == b'"' && s[i + 1..].iter().take_while(|c| **c == b'#').count() >= hashes;
    let mut seen = 0;
    while i < s.len() && !closes(i) {
        if seen == n {
            return i;
        }
        let width = if !raw && s[i] == b'\\' {
            match s.get(i + 1) {
                Some(b'u') => s[i..].iter().position(|c| *c == b'}').map_or(2, |e| e + 1),
                Some(b'x') => 4,
                _ => 2,
            }
        } else {
            text.get(i..).and_then(|t| t.chars().next()).map_or(1, char::len_utf8)
        };
        i = (i + width).min(s.len());
        seen += 1;
    }
    i
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text.as_bytes()[..offset];
    let line = before.iter().filter(|c| **c == b'\n').count() + 1;
    let line_start = before.iter().rposition(|c| *c == b'\n').map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(&before[line_start..]).chars().count() + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use PathPart::{Field, Index};

    #[test]
    fn finds_nested_entries() {
        let text = "Quest(\n  name: \"x\", // c\n  monsters: [\n    (kind: \"orc\", at: (1, 2)),\n    (kind: \"goblin\",\n     at: (3, 4)),\n  ],\n)";
        let p = locate(text, &[Field("monsters"), Index(1), Field("at")]);
        assert_eq!(line_col(text, p), (6, 6));
        let p = locate(text, &[Field("monsters"), Index(0)]);
        assert_eq!(line_col(text, p), (4, 5));
        // A missing entry points at the deepest ancestor found.
        let p = locate(text, &[Field("monsters"), Index(7)]);
        assert_eq!(line_col(text, p), (3, 3));
    }

    #[test]
    fn survives_garbage() {
        // Issue 34: a number running into a comment with a quote, a last byte that is a backslash.
        let tails = [
            "(format: 1//x \"\n, b: 2)",
            "(a: \"x\\",
            "(a: r",
            "(a: r#",
            "(a: 1/*",
            "(a: '\\",
        ];
        for t in ["", "(((((", "\"unterminated", "r#\"x", "[1,,2}", "/* open"]
            .into_iter()
            .chain(tails)
        {
            let _ = locate(t, &[Field("a"), Index(3)]);
        }
        let deep = "[".repeat(10_000);
        let _ = locate(&deep, &[Index(0)]);
        // Every prefix of a real quest, cut anywhere, is located without a panic.
        let quest = "Quest(\n  name: \"a \\\" b\", // \"c\n  format: 1/* x */, map: [r#\"..\"#, \"S.\"],\n  b: 'x',\n)";
        for cut in 0..=quest.len() {
            if let Some(t) = quest.get(..cut) {
                let _ = locate(t, &[Field("map"), Index(1)]);
                let _ = char_in_literal(t, cut / 2, 3);
            }
        }
    }

    #[test]
    fn a_number_before_a_comment_keeps_the_place() {
        let text = "(format: 1//x \"\n  b: 2)";
        assert_eq!(line_col(text, locate(text, &[Field("b")])), (2, 3));
    }

    #[test]
    fn characters_in_literals_count_escapes_as_one() {
        let text = r##"["a\"b.", r#"x"y"#]"##;
        let first = locate(text, &[Index(0)]);
        // The third character of "a\"b." is 'b' (the escaped quote is one), of x"y 'y'.
        assert_eq!(&text[char_in_literal(text, first, 2)..][..1], "b");
        let second = locate(text, &[Index(1)]);
        assert_eq!(&text[char_in_literal(text, second, 2)..][..1], "y");
    }
}
