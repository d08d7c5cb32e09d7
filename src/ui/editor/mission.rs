//! The editor's window for a LEGO Heroica mission: its map painted in the middle (spaces, the
//! start, the target, and what stands on them), its tools and words on the left, the square
//! being looked at on the right. Each click or key sends a `MissionEdit`.

use bevy::prelude::{ButtonInput, KeyCode};
use bevy_egui::egui::{self, Align2, Color32, FontId, Rect, Stroke, StrokeKind, vec2};

use super::EditorState;
use super::board::{
    DOOR, Gesture, Role, cell_rect, edge_line, gesture, lay_out, marks, nearest_side, short, square_at,
};
use super::side::{fit, left_panel, words_field};
use crate::editor::mission::MAX_SIDE;
use crate::editor::{Document, MissionDoc, MissionEdit, MissionPiece, Sq, Square};
use crate::quest::mission::{MissionDoorKind, Thing};
use crate::rules::heroica::HeroicaTables;
use crate::ui::GOLD;

/// What a click on a mission's map does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissionTool {
    /// Look at a square; drag a piece (or the start, or the target) to move it.
    Select,
    /// Make squares spaces (a drag paints a path).
    Space,
    Start,
    Target,
    Monster,
    Item,
    Chest,
    Coffin,
    /// A locked or magic door, on the edge nearest the click.
    Door,
    /// Take away a piece, then the space itself.
    Erase,
    Rock,
    Button,
    Torch,
}

impl MissionTool {
    /// The tools in the palette's order, with their key.
    pub const ALL: [(MissionTool, &'static str, &'static str); 13] = [
        (MissionTool::Select, "1", "Select and move"),
        (MissionTool::Space, "2", "Space (drag a path)"),
        (MissionTool::Start, "3", "Start space"),
        (MissionTool::Target, "4", "Target space"),
        (MissionTool::Monster, "5", "Monster"),
        (MissionTool::Item, "6", "Item on a space"),
        (MissionTool::Chest, "7", "Chest"),
        (MissionTool::Coffin, "8", "Coffin"),
        (MissionTool::Door, "9", "Door"),
        (MissionTool::Erase, "0", "Erase"),
        (MissionTool::Rock, "K", "Rock"),
        (MissionTool::Button, "B", "Button"),
        (MissionTool::Torch, "T", "Torch"),
    ];
}

/// The mission tools' state: the tool chosen and what it puts down.
#[derive(Clone, Debug)]
pub struct MissionTools {
    pub tool: MissionTool,
    pub monster: String,
    /// What an item, chest or coffin holds.
    pub thing: Thing,
    pub door: MissionDoorKind,
    /// The magic door a new button opens (None: the last one written).
    pub opens: Option<(Sq, Sq)>,
}

impl Default for MissionTools {
    fn default() -> MissionTools {
        MissionTools {
            tool: MissionTool::Select,
            monster: "goblin_warrior".into(),
            thing: Thing::Gold(1),
            door: MissionDoorKind::Locked,
            opens: None,
        }
    }
}

/// The squares shown: the map, with room around it to grow (within the largest map).
pub(super) fn canvas(doc: &MissionDoc) -> (i32, i32) {
    let (w, h) = doc.size();
    ((w + 3).clamp(16, MAX_SIDE), (h + 3).clamp(10, MAX_SIDE))
}

/// The magic doors of the mission, as their edges.
fn magic_doors(doc: &MissionDoc) -> Vec<(Sq, Sq)> {
    doc.mission
        .doors
        .iter()
        .filter(|d| d.kind == MissionDoorKind::Magic)
        .map(|d| (d.at, d.to))
        .collect()
}

/// Uses the mission tool on a square.
pub(super) fn use_tool(state: &mut EditorState, at: Sq) {
    let Document::Mission(doc) = &state.doc else { return };
    let opens = state.mission.opens.or_else(|| magic_doors(doc).last().copied());
    let t = &state.mission;
    let square = |is| MissionEdit::Square { at, is };
    let place = |piece| MissionEdit::Place { piece, at };
    let edit = match t.tool {
        MissionTool::Select => {
            state.selected = Some(at);
            return;
        }
        MissionTool::Door => {
            state.message = Some((
                "Click near the edge the door goes on (or Shift+arrow on the keyboard).".into(),
                false,
            ));
            return;
        }
        MissionTool::Space => square(Square::Space),
        MissionTool::Start => square(Square::Start),
        MissionTool::Target => square(Square::Target),
        MissionTool::Erase => MissionEdit::Remove { at },
        MissionTool::Monster => place(MissionPiece::Monster(t.monster.clone())),
        MissionTool::Item => place(MissionPiece::Item(t.thing.clone())),
        MissionTool::Chest => place(MissionPiece::Chest(t.thing.clone())),
        MissionTool::Coffin => place(MissionPiece::Coffin(t.thing.clone())),
        MissionTool::Rock => place(MissionPiece::Rock),
        MissionTool::Torch => place(MissionPiece::Torch),
        MissionTool::Button => match opens {
            Some(opens) => place(MissionPiece::Button { opens }),
            None => {
                state.message = Some(("A button opens a magic door: put the magic door first.".into(), true));
                return;
            }
        },
    };
    state.selected = Some(at);
    state.edit_mission(edit);
}

/// The mission tools' keys (1–9, 0, K, B, T).
pub(super) fn keys(state: &mut EditorState, keys: &ButtonInput<KeyCode>) {
    if !matches!(state.doc, Document::Mission(_)) {
        return;
    }
    let codes = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
        KeyCode::Digit0,
        KeyCode::KeyK,
        KeyCode::KeyB,
        KeyCode::KeyT,
    ];
    for (code, (tool, _, _)) in codes.iter().zip(MissionTool::ALL) {
        if keys.just_pressed(*code) {
            state.mission.tool = tool;
        }
    }
}

/// The tools, and the mission's story, mode and heroes.
pub(super) fn tools_panel(root: &mut egui::Ui, state: &mut EditorState) {
    left_panel(root, |ui| {
        for (tool, key, name) in MissionTool::ALL {
            ui.selectable_value(&mut state.mission.tool, tool, format!("{key}   {name}"));
        }
        ui.separator();
        tool_options(ui, state);
        ui.separator();
        mission_words(ui, state);
    });
}

/// Every Heroica monster: its id and its name and strength.
fn monsters() -> Vec<(String, String)> {
    HeroicaTables::get()
        .monsters
        .iter()
        .map(|(id, m)| (id.clone(), format!("{} ({})", m.name, m.strength)))
        .collect()
}

/// What the chosen tool puts down.
fn tool_options(ui: &mut egui::Ui, state: &mut EditorState) {
    let Document::Mission(doc) = &state.doc else { return };
    let tables = HeroicaTables::get();
    let magic = magic_doors(doc);
    let t = &mut state.mission;
    match t.tool {
        MissionTool::Monster => {
            let name = tables
                .monsters
                .get(&t.monster)
                .map_or(t.monster.clone(), |m| m.name.clone());
            egui::ComboBox::from_id_salt("mission-monster")
                .width(fit(ui, 180.0))
                .selected_text(name)
                .show_ui(ui, |ui| {
                    for (id, name) in monsters() {
                        ui.selectable_value(&mut t.monster, id, name);
                    }
                });
        }
        MissionTool::Item | MissionTool::Chest | MissionTool::Coffin => {
            thing_choice(ui, &mut t.thing, t.tool == MissionTool::Coffin);
        }
        MissionTool::Door => {
            ui.radio_value(&mut t.door, MissionDoorKind::Locked, "Locked (a key opens it)");
            ui.radio_value(&mut t.door, MissionDoorKind::Magic, "Magic (a button opens it)");
        }
        MissionTool::Button => {
            if magic.is_empty() {
                ui.label("Put a magic door first: a button opens one.");
            }
            let label = |e: (Sq, Sq)| format!("the door ({}, {})–({}, {})", e.0.0, e.0.1, e.1.0, e.1.1);
            let chosen = t.opens.filter(|e| magic.contains(e)).or(magic.last().copied());
            egui::ComboBox::from_id_salt("mission-button")
                .width(fit(ui, 200.0))
                .selected_text(chosen.map_or("–".into(), label))
                .show_ui(ui, |ui| {
                    for e in &magic {
                        if ui.selectable_label(chosen == Some(*e), label(*e)).clicked() {
                            t.opens = Some(*e);
                        }
                    }
                });
        }
        MissionTool::Torch => {
            ui.label("A torch hangs on a blank square beside the path.");
        }
        _ => {}
    }
}

/// The kinds of thing an item, chest or coffin holds.
const THINGS: [&str; 6] = ["Gold", "Potion", "Key", "Weapon", "Relic", "Monster"];

/// Chooses what an item, chest or coffin holds.
fn thing_choice(ui: &mut egui::Ui, thing: &mut Thing, coffin: bool) {
    let tables = HeroicaTables::get();
    let kind = match thing {
        Thing::Gold(_) => 0,
        Thing::Potion(_) => 1,
        Thing::Key => 2,
        Thing::Weapon(_) => 3,
        Thing::Relic(_) => 4,
        Thing::Monster(_) => 5,
    };
    let first = |ids: Vec<&String>| ids.first().map_or(String::new(), |s| s.to_string());
    ui.horizontal_wrapped(|ui| {
        for (i, name) in THINGS.iter().enumerate() {
            if i == 5 && !coffin {
                continue;
            }
            if ui.selectable_label(kind == i, *name).clicked() && kind != i {
                *thing = match i {
                    0 => Thing::Gold(1),
                    1 => Thing::Potion(first(tables.potions.keys().collect())),
                    2 => Thing::Key,
                    3 => Thing::Weapon(first(tables.weapons.keys().collect())),
                    4 => Thing::Relic(first(tables.relics.keys().collect())),
                    _ => Thing::Monster(first(tables.monsters.keys().collect())),
                };
            }
        }
    });
    let pick = |ui: &mut egui::Ui, id: &mut String, names: Vec<(String, String)>| {
        let shown = names
            .iter()
            .find(|(i, _)| i == id)
            .map_or(id.clone(), |(_, n)| n.clone());
        egui::ComboBox::from_id_salt("mission-thing")
            .width(fit(ui, 180.0))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (i, n) in names {
                    ui.selectable_value(id, i, n);
                }
            });
    };
    let named = |m: Vec<(&String, &String)>| m.into_iter().map(|(i, n)| (i.clone(), n.clone())).collect();
    match thing {
        Thing::Gold(n) => {
            ui.add(
                egui::DragValue::new(n)
                    .range(1..=crate::rules::bounds::MAX_GOLD_GIVEN)
                    .suffix(" gold"),
            );
        }
        Thing::Potion(id) => pick(
            ui,
            id,
            named(tables.potions.iter().map(|(i, p)| (i, &p.name)).collect()),
        ),
        Thing::Weapon(id) => pick(
            ui,
            id,
            named(tables.weapons.iter().map(|(i, w)| (i, &w.name)).collect()),
        ),
        Thing::Relic(id) => pick(ui, id, named(tables.relics.iter().map(|(i, r)| (i, &r.name)).collect())),
        Thing::Monster(id) => pick(
            ui,
            id,
            named(tables.monsters.iter().map(|(i, m)| (i, &m.name)).collect()),
        ),
        Thing::Key => {}
    }
    if !coffin && matches!(thing, Thing::Monster(_)) {
        *thing = Thing::Gold(1);
    }
}

/// The story, whether it is played as Battle, and who plays it.
fn mission_words(ui: &mut egui::Ui, state: &mut EditorState) {
    let Document::Mission(doc) = &state.doc else { return };
    let m = &doc.mission;
    let (mut story, mut battle, heroes) = (m.story.clone(), m.battle, m.heroes.clone());
    ui.heading(egui::RichText::new("The mission").color(GOLD));
    if let Some(story) = words_field(ui, "Story:", &mut story) {
        state.edit_mission(MissionEdit::Story(story));
    }
    if ui
        .checkbox(&mut battle, "Battle: a player takes the monsters")
        .on_hover_text("Unticked, the heroes race to the target")
        .changed()
    {
        state.edit_mission(MissionEdit::Battle(battle));
    }
    let mut chosen = heroes.is_some();
    if ui.checkbox(&mut chosen, "Choose who plays it").changed() {
        let all: Vec<String> = HeroicaTables::get().heroes.keys().take(4).cloned().collect();
        state.edit_mission(MissionEdit::Heroes(chosen.then_some(all)));
    }
    if let Some(list) = heroes {
        ui.label(egui::RichText::new("In seat order (a tick adds a hero at the end):").small());
        for (id, h) in &HeroicaTables::get().heroes {
            let mut on = list.contains(id);
            let seat = list
                .iter()
                .position(|x| x == id)
                .map_or(String::new(), |i| format!(" (seat {})", i + 1));
            if ui.checkbox(&mut on, format!("{}{seat}", h.name)).changed() {
                let mut next = list.clone();
                if on {
                    next.push(id.clone());
                } else {
                    next.retain(|x| x != id);
                }
                state.edit_mission(MissionEdit::Heroes(Some(next)));
            }
        }
    }
}

/// What stands on the selected square, with a monster's own strength.
pub(super) fn inspector(ui: &mut egui::Ui, state: &mut EditorState) {
    let Document::Mission(doc) = &state.doc else { return };
    let Some(at) = state.selected else {
        ui.label("Click a square (or move the cursor) to look at it.");
        return;
    };
    ui.label(egui::RichText::new(format!("The square ({}, {})", at.0, at.1)).strong());
    ui.label(match doc.square(at) {
        Square::Blank => "No space.",
        Square::Space => "A space.",
        Square::Start => "The start: every hero begins here.",
        Square::Target => "The target: the first hero here wins (a race).",
    });
    let pieces = doc.pieces_at(at);
    for p in &pieces {
        ui.label(format!("• {p}"));
    }
    let tables = HeroicaTables::get();
    let monster = doc.mission.monsters.iter().position(|m| m.at == at).and_then(|i| {
        let m = &doc.mission.monsters[i];
        Some((i, m.strength, tables.monsters.get(&m.kind)?.strength))
    });
    if let Some((index, own, base)) = monster {
        let mut v = own.unwrap_or(base);
        if ui
            .add(egui::DragValue::new(&mut v).range(1..=5).prefix("Strength "))
            .on_hover_text(format!("Its kind's strength is {base}"))
            .changed()
        {
            let strength = (v != base).then_some(v);
            state.edit_mission(MissionEdit::Strength { index, strength });
        }
    }
}

const BLANK: Color32 = Color32::from_rgb(30, 34, 30);
const SPACE: Color32 = Color32::from_rgb(150, 138, 110);

/// The mission's map, and the mouse on it.
pub(super) fn board(ui: &mut egui::Ui, state: &mut EditorState) {
    let Document::Mission(doc) = &state.doc else { return };
    let (w, h) = canvas(doc);
    let (origin, size, rect, response, painter) = lay_out(ui, (w, h), 64.0);
    let cell = |s: Sq| cell_rect(origin, size, s);
    let m = &doc.mission;
    let tables = HeroicaTables::get();
    let font = |k: f32| FontId::proportional(size * k);
    painter.rect_filled(rect, 0.0, BLANK);
    let (mw, mh) = doc.size();
    for y in 0..mh {
        for x in 0..mw {
            let (fill, label) = match doc.square((x, y)) {
                Square::Blank => continue,
                Square::Space => (SPACE, ""),
                Square::Start => (Color32::from_rgb(70, 110, 190), "S"),
                Square::Target => (Color32::from_rgb(70, 160, 90), "T"),
            };
            let r = cell((x, y)).shrink(1.0);
            painter.rect_filled(r, size * 0.2, fill);
            if !label.is_empty() {
                painter.text(r.center(), Align2::CENTER_CENTER, label, font(0.5), Color32::WHITE);
            }
        }
    }
    // The map's edge, the room to grow beyond it left dark.
    painter.rect_stroke(
        Rect::from_min_size(origin, vec2(mw as f32 * size, mh as f32 * size)),
        0.0,
        Stroke::new(1.0, Color32::from_white_alpha(40)),
        StrokeKind::Outside,
    );
    for t in &m.torches {
        let c = cell(*t).center();
        painter.circle_filled(c + vec2(0.0, size * 0.1), size * 0.12, Color32::from_rgb(90, 60, 30));
        painter.circle_filled(c - vec2(0.0, size * 0.08), size * 0.14, Color32::from_rgb(255, 160, 40));
    }
    for r in &m.rocks {
        painter.circle(
            cell(*r).center(),
            size * 0.32,
            Color32::from_rgb(110, 110, 115),
            Stroke::new(1.0, Color32::BLACK),
        );
    }
    let mark = |at: Sq, fill: Color32, text: &str| {
        let r = cell(at).shrink(size * 0.2);
        painter.rect(r, 2.0, fill, Stroke::new(1.0, Color32::BLACK), StrokeKind::Inside);
        painter.text(r.center(), Align2::CENTER_CENTER, text, font(0.26), Color32::WHITE);
    };
    let thing_mark = |t: &Thing| match t {
        Thing::Gold(n) => format!("{n}g"),
        Thing::Potion(_) => "pot".into(),
        Thing::Key => "key".into(),
        Thing::Weapon(_) => "wpn".into(),
        Thing::Relic(_) => "rel".into(),
        Thing::Monster(_) => "mon".into(),
    };
    for p in &m.items {
        let c = cell(p.at).center();
        painter.circle(
            c,
            size * 0.26,
            Color32::from_rgb(230, 190, 60),
            Stroke::new(1.0, Color32::BLACK),
        );
        painter.text(
            c,
            Align2::CENTER_CENTER,
            thing_mark(&p.thing),
            font(0.24),
            Color32::BLACK,
        );
    }
    for p in &m.chests {
        mark(p.at, Color32::from_rgb(120, 80, 40), &thing_mark(&p.thing));
    }
    for p in &m.coffins {
        mark(p.at, Color32::from_rgb(80, 80, 90), &thing_mark(&p.thing));
    }
    for b in &m.buttons {
        painter.circle(
            cell(b.at).center(),
            size * 0.2,
            Color32::from_rgb(150, 90, 190),
            Stroke::new(1.5, Color32::WHITE),
        );
    }
    for x in &m.monsters {
        let c = cell(x.at).center();
        painter.circle(
            c,
            size * 0.36,
            Color32::from_rgb(170, 40, 36),
            Stroke::new(1.0, Color32::BLACK),
        );
        let def = tables.monsters.get(&x.kind);
        let name = def.map_or(x.kind.as_str(), |d| d.name.as_str());
        let strength = x.strength.or(def.map(|d| d.strength)).unwrap_or(1);
        painter.text(c, Align2::CENTER_CENTER, short(name, 1), font(0.24), Color32::WHITE);
        painter.text(
            cell(x.at).right_top() + vec2(-2.0, 1.0),
            Align2::RIGHT_TOP,
            format!("{strength}"),
            font(0.26),
            GOLD,
        );
    }
    for d in &m.doors {
        let (p1, p2) = edge_line(cell(d.at), cell(d.to), d.at.0 != d.to.0, size);
        let color = match d.kind {
            MissionDoorKind::Locked => DOOR,
            MissionDoorKind::Magic => Color32::from_rgb(150, 90, 190),
        };
        painter.line_segment([p1, p2], Stroke::new(size * 0.22, color));
        if d.kind == MissionDoorKind::Locked {
            painter.circle_filled(p1.lerp(p2, 0.5), size * 0.08, Color32::from_rgb(240, 210, 80));
        }
    }
    marks(&painter, state, cell);

    // The mouse.
    let Some(pointer) = response.hover_pos() else { return };
    let (at, frac) = square_at(origin, size, pointer);
    if at.0 < 0 || at.1 < 0 || at.0 >= w || at.1 >= h {
        return;
    }
    let tool = state.mission.tool;
    let door_here = {
        let to = nearest_side(at, frac);
        let same = |a: Sq, b: Sq| (a, b) == (at, to) || (a, b) == (to, at);
        m.doors.iter().any(|d| same(d.at, d.to)).then_some(to)
    };
    let blank = doc.square(at) == Square::Blank;
    let mut hover = format!("({}, {})", at.0, at.1);
    for p in doc.pieces_at(at) {
        hover.push_str(&format!("\n{p}"));
    }
    if tool == MissionTool::Door {
        let to = nearest_side(at, frac);
        let (p1, p2) = edge_line(cell(at), cell(to), at.0 != to.0, size);
        painter.line_segment(
            [p1, p2],
            Stroke::new(size * 0.18, Color32::from_rgba_unmultiplied(220, 170, 90, 150)),
        );
    }
    response.clone().on_hover_text_at_pointer(hover);
    // The Space tool paints a path under a drag.
    if tool == MissionTool::Space && response.dragged() && blank {
        state.edit_mission(MissionEdit::Square { at, is: Square::Space });
    }
    let role = match tool {
        MissionTool::Select => Role::Select,
        MissionTool::Door => Role::Door,
        MissionTool::Erase => Role::Erase,
        _ => Role::Place,
    };
    match gesture(state, &response, at, frac, door_here, role) {
        Gesture::Move { from } => state.edit_mission(MissionEdit::Move { from, to: at }),
        Gesture::Door { to } => {
            let kind = state.mission.door;
            state.edit_mission(MissionEdit::Door { at, to, kind });
        }
        Gesture::RemoveDoor { to } => state.edit_mission(MissionEdit::RemoveDoor { at, to }),
        Gesture::Use => state.use_tool(at),
        Gesture::Remove => state.edit_mission(MissionEdit::Remove { at }),
        Gesture::Nothing => {}
    }
}
