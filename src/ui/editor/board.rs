//! The editor's board: the rooms, the walls and every piece drawn from the quest as written,
//! the problems' squares marked, and the mouse turned into edits.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, vec2};

use super::{EditorState, Tool};
use crate::editor::{Edit, Sq};
use crate::quest::{RawObjective, RawTrapKind};
use crate::rules::geometry::Pos;

pub(super) const CORRIDOR: Color32 = Color32::from_rgb(58, 56, 60);
pub(super) const WALL: Color32 = Color32::from_rgb(20, 18, 16);
pub(super) const DOOR: Color32 = Color32::from_rgb(150, 96, 44);
const PROBLEM: Color32 = Color32::from_rgb(235, 70, 60);

/// A room's floor: a warm tint of its own.
fn room_color(area: usize) -> Color32 {
    let tints = [
        (120, 98, 72),
        (104, 92, 80),
        (116, 90, 84),
        (98, 98, 86),
        (110, 100, 76),
        (96, 88, 92),
    ];
    let (r, g, b) = tints[area % tints.len()];
    Color32::from_rgb(r, g, b)
}

/// The square under a point, and where in it (0..1 across and down).
pub(super) fn square_at(origin: Pos2, size: f32, p: Pos2) -> (Sq, (f32, f32)) {
    let fx = (p.x - origin.x) / size;
    let fy = (p.y - origin.y) / size;
    (
        (fx.floor() as i32, fy.floor() as i32),
        (fx - fx.floor(), fy - fy.floor()),
    )
}

/// The neighbour across the side of a square nearest a point in it.
pub(super) fn nearest_side(at: Sq, (fx, fy): (f32, f32)) -> Sq {
    let sides = [(fy, (0, -1)), (1.0 - fx, (1, 0)), (1.0 - fy, (0, 1)), (fx, (-1, 0))];
    let (_, d) = sides
        .iter()
        .copied()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or((0.0, (0, -1)));
    (at.0 + d.0, at.1 + d.1)
}

/// Whether a point is near a side of its square (a door there is what a click means).
fn near_side((fx, fy): (f32, f32)) -> bool {
    let middle = 0.22..=0.78;
    !middle.contains(&fx) || !middle.contains(&fy)
}

/// A board of `w` by `h` squares laid out in the space left, centred, its squares as large as
/// fit (at least 8 points, at most `most`): its top-left corner, a square's side and its rect,
/// with the response to the mouse and a painter over it.
pub(super) fn lay_out(
    ui: &mut egui::Ui,
    (w, h): (i32, i32),
    most: f32,
) -> (Pos2, f32, Rect, egui::Response, egui::Painter) {
    let avail = ui.available_rect_before_wrap();
    let size = (avail.width() / w as f32)
        .min(avail.height() / h as f32)
        .floor()
        .min(most)
        .max(8.0);
    let full = vec2(size * w as f32, size * h as f32);
    let origin = avail.center() - full / 2.0;
    let rect = Rect::from_min_size(origin, full);
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    let painter = ui.painter_at(rect.expand(2.0));
    (origin, size, rect, response, painter)
}

/// A square's rect on a board laid out at `origin` with squares of side `size`.
pub(super) fn cell_rect(origin: Pos2, size: f32, s: Sq) -> Rect {
    Rect::from_min_size(origin + vec2(s.0 as f32 * size, s.1 as f32 * size), vec2(size, size))
}

pub(super) fn board(ui: &mut egui::Ui, state: &mut EditorState) {
    let (w, h) = (state.board.width, state.board.height);
    let (origin, size, rect, response, painter) = lay_out(ui, (w, h), f32::INFINITY);
    let cell = |s: Sq| cell_rect(origin, size, s);
    let crate::editor::Document::Quest(doc) = &state.doc else {
        return;
    };
    let board = &state.board;
    let q = &doc.quest;
    // Floors.
    for y in 0..h {
        for x in 0..w {
            let p = Pos::new(x, y);
            let fill = if board.is_room(p) {
                room_color(board.area(p) as usize)
            } else {
                CORRIDOR
            };
            painter.rect_filled(cell((x, y)), 0.0, fill);
        }
    }
    // The grid: one line a row and a column (a stroke a square cost the window's frame time).
    let grid = Stroke::new(0.5, Color32::from_black_alpha(60));
    for x in 1..w {
        let gx = origin.x + x as f32 * size;
        painter.line_segment([Pos2::new(gx, rect.top()), Pos2::new(gx, rect.bottom())], grid);
    }
    for y in 1..h {
        let gy = origin.y + y as f32 * size;
        painter.line_segment([Pos2::new(rect.left(), gy), Pos2::new(rect.right(), gy)], grid);
    }
    // The stairway.
    let (sx, sy, sw, sh) = q.stairway;
    let stair = Rect::from_min_size(cell((sx, sy)).min, vec2(sw as f32 * size, sh as f32 * size));
    painter.rect_filled(stair, 2.0, Color32::from_rgb(86, 80, 60));
    for i in 0..(sh * 3) {
        let y = stair.top() + (i as f32 + 0.5) * stair.height() / (sh * 3) as f32;
        painter.line_segment(
            [Pos2::new(stair.left() + 2.0, y), Pos2::new(stair.right() - 2.0, y)],
            Stroke::new(1.0, Color32::from_rgb(140, 130, 96)),
        );
    }
    // Special terrain: a tint of its danger, its cost in a corner.
    for t in &q.terrain {
        let r = cell(t.at).shrink(1.0);
        let tint = if t.dangerous {
            Color32::from_rgba_unmultiplied(200, 60, 40, 110)
        } else {
            Color32::from_rgba_unmultiplied(40, 120, 160, 110)
        };
        painter.rect_filled(r, 1.0, tint);
        painter.text(
            r.left_top() + vec2(2.0, 1.0),
            Align2::LEFT_TOP,
            format!("{}", t.cost),
            FontId::proportional(size * 0.26),
            Color32::WHITE,
        );
        if !t.name.is_empty() {
            painter.text(
                r.center_bottom() - vec2(0.0, 1.0),
                Align2::CENTER_BOTTOM,
                short(&t.name, 1),
                FontId::proportional(size * 0.2),
                Color32::WHITE,
            );
        }
    }
    // Blocked squares and furniture.
    for b in &q.blocked {
        let r = cell(*b).shrink(1.0);
        painter.rect_filled(r, 1.0, Color32::from_rgb(24, 22, 22));
        painter.line_segment([r.left_top(), r.right_bottom()], Stroke::new(1.0, Color32::GRAY));
        painter.line_segment([r.right_top(), r.left_bottom()], Stroke::new(1.0, Color32::GRAY));
    }
    let rules = doc.rules();
    for f in &q.furniture {
        let (fw, fh) = rules.furniture.get(&f.kind).map_or((1, 1), |d| (d.w, d.h));
        let (fw, fh) = if f.rotated { (fh, fw) } else { (fw, fh) };
        let r = Rect::from_min_size(cell(f.at).min, vec2(fw as f32 * size, fh as f32 * size)).shrink(size * 0.1);
        painter.rect(
            r,
            3.0,
            Color32::from_rgb(92, 62, 36),
            Stroke::new(1.0, Color32::from_rgb(170, 120, 70)),
            StrokeKind::Inside,
        );
        let name = rules
            .furniture
            .get(&f.kind)
            .map_or(f.kind.as_str(), |d| d.name.as_str());
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            short(name, fw),
            FontId::proportional(size * 0.3),
            Color32::from_rgb(240, 220, 190),
        );
        if f.trap.is_some() {
            painter.text(
                r.right_top() + vec2(-4.0, 4.0),
                Align2::RIGHT_TOP,
                "!",
                FontId::proportional(size * 0.35),
                Color32::from_rgb(255, 150, 60),
            );
        }
    }
    // Walls: every side between two areas, and the rim.
    let wall = Stroke::new((size * 0.12).max(2.0), WALL);
    for y in 0..h {
        for x in 0..w {
            let r = cell((x, y));
            let p = Pos::new(x, y);
            if x + 1 < w && board.wall_between(p, Pos::new(x + 1, y)) {
                painter.line_segment([r.right_top(), r.right_bottom()], wall);
            }
            if y + 1 < h && board.wall_between(p, Pos::new(x, y + 1)) {
                painter.line_segment([r.left_bottom(), r.right_bottom()], wall);
            }
        }
    }
    painter.rect_stroke(rect, 0.0, wall, StrokeKind::Outside);
    // Doors.
    let door_line = |a: Sq, b: Sq| edge_line(cell(a), cell(b), a.0 != b.0, size);
    for d in &q.doors {
        let (p1, p2) = door_line(d.at, d.to);
        let color = if d.portcullis {
            Color32::from_rgb(150, 150, 160)
        } else if d.open {
            Color32::from_rgb(200, 160, 100)
        } else {
            DOOR
        };
        painter.line_segment([p1, p2], Stroke::new(size * 0.22, color));
        if d.locked {
            painter.circle_filled(p1.lerp(p2, 0.5), size * 0.08, Color32::from_rgb(240, 210, 80));
        }
    }
    for d in &q.secret_doors {
        let (p1, p2) = door_line(d.at, d.to);
        painter.line_segment([p1, p2], Stroke::new(size * 0.16, Color32::from_rgb(150, 90, 190)));
    }
    // Traps, treasure, the goal, hero starts, monsters.
    for t in &q.traps {
        let r = cell(t.at).shrink(size * 0.22);
        let c = Color32::from_rgb(255, 140, 40);
        let label = match t.kind {
            RawTrapKind::Pit => "pit",
            RawTrapKind::FallingBlock => "block",
            RawTrapKind::Spear => "spear",
        };
        painter.rect_stroke(r, 2.0, Stroke::new(2.0, c), StrokeKind::Inside);
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            label,
            FontId::proportional(size * 0.24),
            c,
        );
    }
    for t in &q.treasure {
        painter.circle(
            cell(t.room).center(),
            size * 0.2,
            Color32::from_rgb(230, 190, 60),
            Stroke::new(1.0, Color32::BLACK),
        );
        painter.text(
            cell(t.room).center(),
            Align2::CENTER_CENTER,
            "$",
            FontId::proportional(size * 0.28),
            Color32::BLACK,
        );
    }
    for l in &q.levers {
        let r = cell(l.at).shrink(size * 0.25);
        painter.rect_filled(r, 2.0, Color32::from_rgb(90, 90, 100));
        painter.line_segment(
            [r.center_bottom(), r.right_top()],
            Stroke::new(size * 0.08, Color32::from_rgb(230, 200, 90)),
        );
    }
    for (i, p) in q.portals.iter().enumerate() {
        for end in [p.a, p.b] {
            painter.circle_stroke(
                cell(end).center(),
                size * 0.36,
                Stroke::new(size * 0.08, Color32::from_rgb(170, 110, 230)),
            );
            painter.text(
                cell(end).center(),
                Align2::CENTER_CENTER,
                format!("{}", i + 1),
                FontId::proportional(size * 0.3),
                Color32::from_rgb(200, 160, 250),
            );
        }
    }
    if let Some(a) = state.portal_from {
        painter.circle_stroke(
            cell(a).center(),
            size * 0.36,
            Stroke::new(size * 0.05, Color32::from_rgba_unmultiplied(170, 110, 230, 160)),
        );
    }
    for g in goal_squares(&q.objective) {
        painter.text(
            cell(g).center(),
            Align2::CENTER_CENTER,
            "★",
            FontId::proportional(size * 0.6),
            Color32::from_rgb(110, 230, 120),
        );
    }
    for (i, s) in q.hero_starts.iter().enumerate() {
        painter.circle(
            cell(*s).center(),
            size * 0.3,
            Color32::from_rgb(60, 110, 200),
            Stroke::new(1.5, Color32::WHITE),
        );
        painter.text(
            cell(*s).center(),
            Align2::CENTER_CENTER,
            format!("{}", i + 1),
            FontId::proportional(size * 0.32),
            Color32::WHITE,
        );
    }
    for m in &q.monsters {
        let c = cell(m.at).center();
        let ring = if m.name.is_some() {
            Stroke::new(2.5, crate::ui::GOLD)
        } else {
            Stroke::new(1.0, Color32::BLACK)
        };
        painter.circle(c, size * 0.34, Color32::from_rgb(170, 40, 36), ring);
        let label: String = rules
            .monsters
            .get(&m.kind)
            .and_then(|d| d.name.clone())
            .unwrap_or_else(|| m.kind.clone())
            .chars()
            .filter(|c| c.is_alphabetic())
            .take(2)
            .collect();
        painter.text(
            c,
            Align2::CENTER_CENTER,
            label,
            FontId::proportional(size * 0.3),
            Color32::WHITE,
        );
    }
    marks(&painter, state, cell);

    // The mouse.
    let Some(pointer) = response.hover_pos() else { return };
    let (at, frac) = square_at(origin, size, pointer);
    if at.0 < 0 || at.1 < 0 || at.0 >= w || at.1 >= h {
        return;
    }
    let door_here = {
        let to = nearest_side(at, frac);
        let same = |a: Sq, b: Sq| (a, b) == (at, to) || (a, b) == (to, at);
        (doc.quest.doors.iter().any(|d| same(d.at, d.to)) || doc.quest.secret_doors.iter().any(|d| same(d.at, d.to)))
            .then_some(to)
    };
    let pieces = doc.pieces_at(at);
    if state.tool == Tool::Door {
        let (p1, p2) = door_line(at, nearest_side(at, frac));
        painter.line_segment(
            [p1, p2],
            Stroke::new(size * 0.18, Color32::from_rgba_unmultiplied(220, 170, 90, 150)),
        );
    }
    let mut hover = format!("({}, {})", at.0, at.1);
    if let Some(name) = state.board.room_name(Pos::new(at.0, at.1)) {
        hover.push_str(&format!(" {name}"));
    }
    for p in pieces {
        hover.push_str(&format!("\n{p}"));
    }
    response.clone().on_hover_text_at_pointer(hover);
    let role = match state.tool {
        Tool::Select => Role::Select,
        Tool::Door => Role::Door,
        Tool::Erase => Role::Erase,
        _ => Role::Place,
    };
    match gesture(state, &response, at, frac, door_here, role) {
        Gesture::Move { from } => state.edit(Edit::Move { from, to: at }),
        Gesture::Door { to } => {
            let kind = state.door_kind;
            state.edit(Edit::Door { at, to, kind });
        }
        Gesture::RemoveDoor { to } => state.edit(Edit::RemoveDoor { at, to }),
        Gesture::Use => state.use_tool(at),
        Gesture::Remove => state.edit(Edit::Remove { at }),
        Gesture::Nothing => {}
    }
}

/// What a tool does with the mouse on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// A drag moves a piece.
    Select,
    /// A click puts a door on the edge nearest it.
    Door,
    /// A click near a door takes the door away.
    Erase,
    /// A click uses the tool on the square.
    Place,
}

/// What the mouse did on the square `at` this frame, in the editor's words.
pub(super) enum Gesture {
    Nothing,
    /// A drag with Select ended here, from `from`.
    Move {
        from: Sq,
    },
    Door {
        to: Sq,
    },
    RemoveDoor {
        to: Sq,
    },
    /// A click: the tool used on the square.
    Use,
    /// A right-click: the piece (or the door near it) taken away.
    Remove,
}

/// Reads the mouse on the board (the same for a quest and a mission): a drag with Select, a
/// click, a right-click; `door_here` is the door on the edge nearest the pointer, if any.
pub(super) fn gesture(
    state: &mut EditorState,
    response: &egui::Response,
    at: Sq,
    frac: (f32, f32),
    door_here: Option<Sq>,
    role: Role,
) -> Gesture {
    if response.drag_started() && role == Role::Select {
        state.drag_from = Some(at);
    }
    if response.drag_stopped() {
        return match state.drag_from.take() {
            Some(from) if from != at => {
                state.selected = Some(at);
                state.cursor = at;
                Gesture::Move { from }
            }
            _ => Gesture::Nothing,
        };
    }
    let near_door = door_here.filter(|_| near_side(frac));
    if response.clicked() {
        state.cursor = at;
        return match (role, near_door) {
            (Role::Door, _) => Gesture::Door {
                to: nearest_side(at, frac),
            },
            (Role::Erase, Some(to)) => Gesture::RemoveDoor { to },
            _ => Gesture::Use,
        };
    }
    if response.secondary_clicked() {
        state.cursor = at;
        return match near_door {
            Some(to) => Gesture::RemoveDoor { to },
            None => Gesture::Remove,
        };
    }
    Gesture::Nothing
}

/// The problems' squares, the chosen one strongest; the selected square and the cursor.
pub(super) fn marks(painter: &egui::Painter, state: &EditorState, cell: impl Fn(Sq) -> Rect) {
    for (i, p) in state.doc.problems().iter().enumerate() {
        if let Some(s) = p.square {
            let chosen = state.selected_problem == Some(i);
            let c = if p.warning {
                Color32::from_rgb(240, 200, 60)
            } else {
                PROBLEM
            };
            painter.rect_stroke(
                cell(s),
                2.0,
                Stroke::new(if chosen { 4.0 } else { 2.0 }, c),
                StrokeKind::Inside,
            );
        }
    }
    if let Some(s) = state.selected {
        painter.rect_stroke(
            cell(s).expand(1.0),
            2.0,
            Stroke::new(2.0, Color32::WHITE),
            StrokeKind::Outside,
        );
    }
    painter.rect_stroke(
        cell(state.cursor).shrink(2.0),
        2.0,
        Stroke::new(1.5, Color32::from_rgb(250, 230, 120)),
        StrokeKind::Inside,
    );
}

/// The line a door is drawn as, across the edge between two squares' rectangles (`across`:
/// the squares are side by side in a row).
pub(super) fn edge_line(ra: Rect, rb: Rect, across: bool, size: f32) -> (Pos2, Pos2) {
    let mid = Pos2::new(
        (ra.center().x + rb.center().x) / 2.0,
        (ra.center().y + rb.center().y) / 2.0,
    );
    let along = if across {
        vec2(0.0, size * 0.32)
    } else {
        vec2(size * 0.32, 0.0)
    };
    (mid - along, mid + along)
}

/// A name cut to what fits across `w` squares.
pub(super) fn short(name: &str, w: i32) -> String {
    let most = (w.max(1) * 5) as usize;
    if name.chars().count() <= most {
        name.to_string()
    } else {
        name.chars().take(most.saturating_sub(1)).collect::<String>() + "…"
    }
}

/// The squares the objective names.
pub(super) fn goal_squares(o: &RawObjective) -> Vec<Sq> {
    match o {
        RawObjective::Reach { at, .. } | RawObjective::Rescue { at, .. } => vec![*at],
        RawObjective::Escape { exits } => exits.clone(),
        _ => Vec::new(),
    }
}
