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
    fn skip_ws(&mut self) {
        loop {
            while self.i < self.s.len() && (self.s[self.i] as char).is_ascii_whitespace() {
                self.i += 1;
            }
            if self.s[self.i..].starts_with(b"//") {
                while self.i < self.s.len() && self.s[self.i] != b'\n' {
                    self.i += 1;
                }
            } else if self.s[self.i..].starts_with(b"/*") {
                let mut level = 0;
                while self.i < self.s.len() {
                    if self.s[self.i..].starts_with(b"/*") {
                        level += 1;
                        self.i += 2;
                    } else if self.s[self.i..].starts_with(b"*/") {
                        level -= 1;
                        self.i += 2;
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

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn ident(&mut self) -> Option<String> {
        let start = self.i;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == b'_' || c == b'#' {
                self.i += 1;
            } else {
                break;
            }
        }
        (self.i > start).then(|| String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
    }

    fn string(&mut self) {
        // Raw strings r#"..."# and plain strings with escapes.
        if self.peek() == Some(b'r') {
            self.i += 1;
            let mut hashes = 0;
            while self.peek() == Some(b'#') {
                hashes += 1;
                self.i += 1;
            }
            self.i += 1; // opening quote
            while self.i < self.s.len() {
                if self.s[self.i] == b'"'
                    && self.s[self.i + 1..].iter().take(hashes).filter(|c| **c == b'#').count() == hashes
                {
                    self.i += 1 + hashes;
                    return;
                }
                self.i += 1;
            }
            return;
        }
        let quote = self.s[self.i];
        self.i += 1;
        while self.i < self.s.len() {
            match self.s[self.i] {
                b'\\' => self.i += 2,
                c if c == quote => {
                    self.i += 1;
                    return;
                }
                _ => self.i += 1,
            }
        }
    }

    fn value(&mut self) -> Node {
        self.skip_ws();
        self.depth += 1;
        let node = if self.depth > MAX_DEPTH {
            self.i = self.s.len();
            Node::Atom
        } else {
            match self.peek() {
                Some(b'(') | Some(b'[') | Some(b'{') => self.group(),
                Some(b'"') | Some(b'\'') => {
                    self.string();
                    Node::Atom
                }
                Some(b'r') if matches!(self.s.get(self.i + 1), Some(b'"') | Some(b'#')) => {
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
                    while let Some(c) = self.peek() {
                        if b",)]}:".contains(&c) || c.is_ascii_whitespace() {
                            break;
                        }
                        self.i += 1;
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
        let open = self.s[self.i];
        let close = match open {
            b'(' => b')',
            b'[' => b']',
            _ => b'}',
        };
        self.i += 1;
        let mut fields = Vec::new();
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                None => break,
                Some(c) if c == close => {
                    self.i += 1;
                    break;
                }
                Some(b',') => {
                    self.i += 1;
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
                        self.i += 1;
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
                    self.i += 1;
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
                self.i += 1; // never loop without progress
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
        for t in ["", "(((((", "\"unterminated", "r#\"x", "[1,,2}", "/* open"] {
            let _ = locate(t, &[Field("a"), Index(3)]);
        }
        let deep = "[".repeat(10_000);
        let _ = locate(&deep, &[Index(0)]);
    }
}
