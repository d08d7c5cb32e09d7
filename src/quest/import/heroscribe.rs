//! Reading a HeroScribe quest file (quest DTD 1.4) into plain located data: the board's dark
//! squares, its objects with 0-based squares and rotated footprints, the speech and the notes.
//! Anything HeroScribe itself would not draw (an unknown id, an object off the board, a
//! coordinate that is not a number) is an error at its `line:col`.

use roxmltree::{Document, Node, ParsingOptions};

use super::objects::{ObjectDef, Role, object};
use super::{Error, XmlPos};

/// Squares on HeroScribe's classic board.
pub const WIDTH: i32 = 26;
pub const HEIGHT: i32 = 19;
/// More XML nodes than any quest needs (a full board of one-square darks is ~500).
const NODES_LIMIT: u32 = 200_000;

/// A quarter turn: HeroScribe's `rotation`, 0 (downward, as drawn) to 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rotation {
    Downward,
    Rightward,
    Upward,
    Leftward,
}

impl Rotation {
    fn parse(s: &str) -> Option<Rotation> {
        Some(match s {
            "downward" => Rotation::Downward,
            "rightward" => Rotation::Rightward,
            "upward" => Rotation::Upward,
            "leftward" => Rotation::Leftward,
            _ => return None,
        })
    }
    /// A quarter turn either way swaps an object's width and height.
    pub fn swaps(self) -> bool {
        matches!(self, Rotation::Rightward | Rotation::Leftward)
    }
}

/// One object on the map.
#[derive(Clone, Debug)]
pub struct MapObject {
    pub def: &'static ObjectDef,
    /// Top-left square of the rotated footprint, 0-based.
    pub x: i32,
    pub y: i32,
    /// The footprint after rotation.
    pub w: i32,
    pub h: i32,
    pub rotation: Rotation,
    pub at: XmlPos,
    /// The file gave a position between squares; it was rounded to the nearest.
    pub rounded: bool,
}

impl MapObject {
    pub fn squares(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..self.h).flat_map(move |j| (0..self.w).map(move |i| (self.x + i, self.y + j)))
    }
}

/// A text of the quest (speech or note) and where it is.
#[derive(Clone, Debug)]
pub struct Text {
    pub text: String,
    pub at: XmlPos,
}

/// A HeroScribe quest as read.
#[derive(Clone, Debug, Default)]
pub struct Map {
    pub name: Option<String>,
    pub region: Option<String>,
    pub at: XmlPos,
    /// The quest's size in boards (`width` x `height` attributes), when not 1 x 1.
    pub boards: Option<(String, String)>,
    /// Boards after the first and bridges between boards: left out.
    pub extra: Vec<(XmlPos, &'static str)>,
    /// Dark squares, 0-based, each with the `dark` element it came from.
    pub dark: Vec<((i32, i32), XmlPos)>,
    pub objects: Vec<MapObject>,
    pub speech: Option<Text>,
    pub notes: Vec<Text>,
}

/// Reads the file's text. Never panics.
pub fn read(text: &str) -> Result<Map, Error> {
    let opts = ParsingOptions {
        allow_dtd: true,
        nodes_limit: NODES_LIMIT,
    };
    let doc = Document::parse_with_options(text, opts).map_err(|e| {
        let p = e.pos();
        // An unexpected end (or a root never closed) is reported at the start; the end of the
        // text is where it is.
        let at = if matches!(
            e,
            roxmltree::Error::UnexpectedEndOfStream | roxmltree::Error::UnclosedRootNode
        ) {
            let (line, col) = crate::quest::locate::line_col(text, text.len());
            XmlPos::new(
                u32::try_from(line).unwrap_or(u32::MAX),
                u32::try_from(col).unwrap_or(u32::MAX),
            )
        } else {
            XmlPos::new(p.row, p.col)
        };
        Error::new(at, format!("not well-formed XML: {e}"))
    })?;
    let root = doc.root_element();
    let here = |n: Node| place(&doc, n);
    if root.tag_name().name() != "quest" {
        return Err(Error::new(
            here(root),
            format!(
                "the root element is <{}>, not <quest>: this is not a HeroScribe quest file",
                root.tag_name().name()
            ),
        ));
    }
    let mut map = Map {
        name: root.attribute("name").map(str::to_string),
        region: root.attribute("region").map(str::to_string),
        at: here(root),
        ..Map::default()
    };
    let (w, h) = (
        root.attribute("width").unwrap_or("1"),
        root.attribute("height").unwrap_or("1"),
    );
    if (w.trim(), h.trim()) != ("1", "1") {
        map.boards = Some((w.to_string(), h.to_string()));
    }
    let mut boards = 0;
    for n in root.children().filter(Node::is_element) {
        match n.tag_name().name() {
            "board" => {
                boards += 1;
                if boards > 1 {
                    map.extra.push((here(n), "a second board"));
                } else {
                    read_board(&doc, n, &mut map)?;
                }
            }
            "bridge" => map.extra.push((here(n), "a bridge between boards")),
            "speech" => {
                map.speech = Some(Text {
                    text: n.text().unwrap_or("").to_string(),
                    at: here(n),
                })
            }
            "note" => map.notes.push(Text {
                text: all_text(n),
                at: here(n),
            }),
            other => {
                return Err(Error::new(here(n), format!("unexpected element <{other}> in <quest>")));
            }
        }
    }
    if boards == 0 {
        return Err(Error::new(map.at, "the quest has no <board>".into()));
    }
    Ok(map)
}

/// A note's text, markup inside it (HeroScribe notes may hold `<b>`) flattened.
fn all_text(n: Node) -> String {
    n.descendants().filter(Node::is_text).filter_map(|t| t.text()).collect()
}

/// Where a node starts in the file.
fn place(doc: &Document, n: Node) -> XmlPos {
    let p = doc.text_pos_at(n.range().start);
    XmlPos::new(p.row, p.col)
}

fn read_board(doc: &Document, board: Node, map: &mut Map) -> Result<(), Error> {
    for n in board.children().filter(Node::is_element) {
        let at = place(doc, n);
        match n.tag_name().name() {
            "dark" => read_dark(n, at, map)?,
            "object" => map.objects.push(read_object(n, at)?),
            other => return Err(Error::new(at, format!("unexpected element <{other}> in <board>"))),
        }
    }
    Ok(())
}

/// A number attribute, rounded to a whole square: (value, whether it was rounded).
fn number(n: Node, at: XmlPos, name: &str) -> Result<(i32, bool), Error> {
    let Some(raw) = n.attribute(name) else {
        return Err(Error::new(at, format!("<{}> has no `{name}`", n.tag_name().name())));
    };
    let v: f64 = raw
        .trim()
        .parse()
        .map_err(|_| Error::new(at, format!("`{name}=\"{raw}\"` is not a number")))?;
    if !v.is_finite() || v.abs() > 1000.0 {
        return Err(Error::new(
            at,
            format!("`{name}=\"{raw}\"` is far off the 26 x 19 board"),
        ));
    }
    let r = v.round();
    Ok((r as i32, (v - r).abs() > 1e-6))
}

fn read_dark(n: Node, at: XmlPos, map: &mut Map) -> Result<(), Error> {
    let (left, _) = number(n, at, "left")?;
    let (top, _) = number(n, at, "top")?;
    let (w, _) = number(n, at, "width")?;
    let (h, _) = number(n, at, "height")?;
    if w < 1 || h < 1 || left < 1 || top < 1 || left + w - 1 > WIDTH || top + h - 1 > HEIGHT {
        return Err(Error::new(
            at,
            format!("dark area at left {left}, top {top}, {w} x {h} is not on the 26 x 19 board"),
        ));
    }
    for j in 0..h {
        for i in 0..w {
            map.dark.push(((left - 1 + i, top - 1 + j), at));
        }
    }
    Ok(())
}

fn read_object(n: Node, at: XmlPos) -> Result<MapObject, Error> {
    let id = n.attribute("id").unwrap_or("");
    let Some(def) = object(id) else {
        return Err(Error::new(
            at,
            format!("unknown object id \"{id}\": not one of HeroScribe's objects that the importer knows"),
        ));
    };
    let rot = n.attribute("rotation").unwrap_or("downward");
    let Some(rotation) = Rotation::parse(rot) else {
        return Err(Error::new(
            at,
            format!("rotation \"{rot}\" is not downward, rightward, upward or leftward"),
        ));
    };
    let (left, r1) = number(n, at, "left")?;
    let (top, r2) = number(n, at, "top")?;
    let (w, h) = if rotation.swaps() {
        (def.h, def.w)
    } else {
        (def.w, def.h)
    };
    if !well_placed(def, rotation, left, top, w, h) {
        return Err(Error::new(
            at,
            format!("{id} at left {left}, top {top} ({w} x {h}) is off the 26 x 19 board"),
        ));
    }
    Ok(MapObject {
        def,
        x: left - 1,
        y: top - 1,
        w,
        h,
        rotation,
        at,
        rounded: r1 || r2,
    })
}

/// HeroScribe's own rule: a piece lies on the board; a door may also sit on the board's rim,
/// half on a neighbouring board.
fn well_placed(def: &ObjectDef, rotation: Rotation, left: i32, top: i32, w: i32, h: i32) -> bool {
    if matches!(def.role, Role::Door { .. }) {
        let inside = left >= 0 && top >= 0 && left + w - 1 <= WIDTH + 1 && top + h - 1 <= HEIGHT + 1;
        let along_rim = if rotation.swaps() {
            top == 0 || top == HEIGHT + 1
        } else {
            left == 0 || left == WIDTH + 1
        };
        inside && !along_rim
    } else {
        left >= 1 && top >= 1 && left + w - 1 <= WIDTH && top + h - 1 <= HEIGHT
    }
}
