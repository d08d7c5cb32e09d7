//! The editor's side panels: the tools and the quest's words and goal on the left; the rules
//! engine's problems, the square being looked at and the bots' rating on the right.

use bevy_egui::egui;

use super::{EditorState, Tool};
use crate::editor::rate::LEVELS;
use crate::editor::{DoorKind, Edit, Sq};
use crate::quest::{RawMonster, RawObjective, RawQuest, RawTrapKind};
use crate::rules::ruleset::RuleSet;
use crate::ui::GOLD;

/// The tools, and the quest's briefing, goal, wandering monster and events.
pub(super) fn tools_panel(root: &mut egui::Ui, state: &mut EditorState) {
    left_panel(root, |ui| {
        for (tool, key, name) in Tool::ALL {
            ui.selectable_value(&mut state.tool, tool, format!("{key}   {name}"));
        }
        ui.separator();
        tool_options(ui, state);
        ui.separator();
        quest_words(ui, state);
    });
}

/// The left panel of either kind of document: "Tools", then what `add` puts below.
pub(super) fn left_panel(root: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    egui::Panel::left("editor-tools")
        .resizable(false)
        .exact_size(crate::ui::fit::side_width(root.ctx(), 260.0, 0.25))
        .show(root, |ui| {
            crate::ui::fit::scrolled(ui, egui::ScrollArea::vertical().id_salt("editor-tools-scroll"), |ui| {
                // Nothing in the panel is wider than the panel (at a large interface scale the
                // fields take its width rather than run past its edge).
                ui.set_max_width(ui.available_width());
                ui.heading(egui::RichText::new("Tools").color(GOLD));
                add(ui);
            });
        });
}

/// What the chosen tool puts down.
fn tool_options(ui: &mut egui::Ui, state: &mut EditorState) {
    let crate::editor::Document::Quest(doc) = &state.doc else {
        return;
    };
    let rules = doc.rules();
    let ap = doc.quest.modules.iter().any(|m| m == "action-points");
    match state.tool {
        Tool::Door => {
            let kinds: &[(DoorKind, &str)] = if ap {
                &[
                    (DoorKind::Closed, "Closed"),
                    (DoorKind::Open, "Open"),
                    (DoorKind::Secret, "Secret"),
                    (DoorKind::Locked, "Locked"),
                    (DoorKind::Portcullis, "Portcullis"),
                ]
            } else {
                &[
                    (DoorKind::Closed, "Closed"),
                    (DoorKind::Open, "Open"),
                    (DoorKind::Secret, "Secret"),
                ]
            };
            for (k, name) in kinds {
                ui.radio_value(&mut state.door_kind, *k, *name);
            }
        }
        Tool::Monster => {
            let list = monsters(rules);
            egui::ComboBox::from_id_salt("editor-monster")
                .width(fit(ui, 180.0))
                .selected_text(monster_name(rules, &state.monster_kind))
                .show_ui(ui, |ui| {
                    for (id, name) in list {
                        ui.selectable_value(&mut state.monster_kind, id, name);
                    }
                });
        }
        Tool::Furniture => {
            egui::ComboBox::from_id_salt("editor-furniture")
                .width(fit(ui, 180.0))
                .selected_text(
                    rules
                        .furniture
                        .get(&state.furniture_kind)
                        .map_or("?", |f| f.name.as_str()),
                )
                .show_ui(ui, |ui| {
                    for (id, f) in &rules.furniture {
                        ui.selectable_value(
                            &mut state.furniture_kind,
                            id.clone(),
                            format!("{} ({}×{})", f.name, f.w, f.h),
                        );
                    }
                });
            ui.checkbox(&mut state.rotated, "Turned (R)");
        }
        Tool::Trap => {
            for (k, name) in [
                (RawTrapKind::Pit, "Pit"),
                (RawTrapKind::FallingBlock, "Falling block"),
                (RawTrapKind::Spear, "Spear"),
            ] {
                ui.radio_value(&mut state.trap_kind, k, name);
            }
        }
        Tool::Goal => {
            ui.label("A click sets the objective's square (an exit is added or taken away).");
        }
        Tool::Lever => {
            let doors = lever_doors(&doc.quest);
            if doors.is_empty() {
                ui.label("Put a locked door or a portcullis first: a lever opens one.");
            }
            let label = |e: (Sq, Sq)| format!("the door ({}, {})–({}, {})", e.0.0, e.0.1, e.1.0, e.1.1);
            let chosen = state
                .lever_opens
                .filter(|e| doors.contains(e))
                .or(doors.last().copied());
            egui::ComboBox::from_id_salt("editor-lever")
                .width(fit(ui, 200.0))
                .selected_text(chosen.map_or("–".into(), label))
                .show_ui(ui, |ui| {
                    for e in &doors {
                        if ui.selectable_label(chosen == Some(*e), label(*e)).clicked() {
                            state.lever_opens = Some(*e);
                        }
                    }
                });
        }
        Tool::Terrain => terrain_options(ui, &mut state.terrain),
        Tool::Portal => {
            ui.label(match state.portal_from {
                None => "A click puts one end of a pair of portals; the next click, the other.".to_string(),
                Some(a) => format!("The first end is at ({}, {}): click the other.", a.0, a.1),
            });
        }
        _ => {}
    }
    if !ap && matches!(state.tool, Tool::Lever | Tool::Terrain) {
        ui.label(egui::RichText::new("Played under the action-point module: tick it above.").small());
    }
}

/// The doors a lever may open: the locked doors and portcullises, as their edges.
pub(super) fn lever_doors(q: &RawQuest) -> Vec<(Sq, Sq)> {
    q.doors
        .iter()
        .filter(|d| d.locked || d.portcullis)
        .map(|d| (d.at, d.to))
        .collect()
}

/// What a square of special terrain is: its name, cost, danger and failure.
fn terrain_options(ui: &mut egui::Ui, t: &mut crate::quest::RawTerrain) {
    use crate::quest::Failure;
    ui.label("Its name on the board:");
    ui.add(egui::TextEdit::singleline(&mut t.name).desired_width(fit(ui, 180.0)));
    ui.add(
        egui::DragValue::new(&mut t.cost)
            .range(1..=6)
            .prefix("Costs ")
            .suffix(" points"),
    );
    ui.checkbox(
        &mut t.dangerous,
        "Dangerous (a Response card for each monster beside it)",
    );
    ui.label("On a failure:");
    let mut kind = match t.failure {
        None => 0,
        Some(Failure::Wound(_)) => 1,
        Some(Failure::EndMove) => 2,
        Some(Failure::Pit) => 3,
    };
    for (i, name) in ["Nothing", "Wounds", "The move ends", "A pit opens"].iter().enumerate() {
        ui.radio_value(&mut kind, i, *name);
    }
    t.failure = match kind {
        1 => {
            let mut n = match t.failure {
                Some(Failure::Wound(n)) => n,
                _ => 1,
            };
            ui.add(egui::DragValue::new(&mut n).range(1..=6).suffix(" Body"));
            Some(Failure::Wound(n))
        }
        2 => Some(Failure::EndMove),
        3 => Some(Failure::Pit),
        _ => None,
    };
}

/// A few lines of words read aloud (a briefing, a story), the panel's width: the new words
/// when they were changed this frame.
pub(super) fn words_field(ui: &mut egui::Ui, label: &str, text: &mut String) -> Option<String> {
    ui.label(label);
    ui.add(
        egui::TextEdit::multiline(text)
            .desired_rows(4)
            .desired_width(f32::INFINITY),
    )
    .changed()
    .then(|| text.clone())
}

/// A widget's width: as designed, but never wider than the panel leaves.
pub(super) fn fit(ui: &egui::Ui, designed: f32) -> f32 {
    designed.min(ui.available_width() - 8.0).max(40.0)
}

/// Every monster of the quest's rules: its id and its name.
fn monsters(rules: &RuleSet) -> Vec<(String, String)> {
    rules
        .monsters
        .keys()
        .map(|id| (id.clone(), monster_name(rules, id)))
        .collect()
}

fn monster_name(rules: &RuleSet, id: &str) -> String {
    rules
        .monsters
        .get(id)
        .and_then(|m| m.name.clone())
        .unwrap_or_else(|| id.replace('_', " "))
}

/// The briefing, the objective, the wandering monster and the events.
fn quest_words(ui: &mut egui::Ui, state: &mut EditorState) {
    let crate::editor::Document::Quest(doc) = &state.doc else {
        return;
    };
    let mut briefing = doc.quest.briefing.clone();
    let current = doc.quest.wandering_monster.clone();
    let (current_name, list) = (monster_name(doc.rules(), &current), monsters(doc.rules()));
    ui.heading(egui::RichText::new("The quest").color(GOLD));
    if let Some(briefing) = words_field(ui, "Briefing:", &mut briefing) {
        state.edit(Edit::Briefing(briefing));
    }
    objective(ui, state);
    ui.label("Wandering monster:");
    egui::ComboBox::from_id_salt("editor-wandering")
        .width(fit(ui, 180.0))
        .selected_text(current_name)
        .show_ui(ui, |ui| {
            for (id, name) in list {
                if ui.selectable_label(id == current, name).clicked() && id != current {
                    state.edit(Edit::WanderingMonster(id));
                }
            }
        });
    men_at_arms(ui, state);
    events(ui, state);
}

/// The men-at-arms the heroes hire before the quest, under rules that have them (Revised).
fn men_at_arms(ui: &mut egui::Ui, state: &mut EditorState) {
    let crate::editor::Document::Quest(doc) = &state.doc else {
        return;
    };
    let kinds: Vec<(String, String)> = doc
        .rules()
        .men_at_arms
        .iter()
        .map(|(id, m)| (id.clone(), m.name.clone()))
        .collect();
    if kinds.is_empty() {
        return;
    }
    let list = doc.quest.men_at_arms.clone();
    let name = |id: &str| {
        kinds
            .iter()
            .find(|(k, _)| k == id)
            .map_or(id.to_string(), |(_, n)| n.clone())
    };
    ui.separator();
    ui.label(egui::RichText::new(format!("Men-at-arms ({})", list.len())).strong());
    let mut next = None;
    for (i, id) in list.iter().enumerate() {
        ui.horizontal(|ui| {
            if ui
                .small_button("×")
                .on_hover_text("Take this man-at-arms away")
                .clicked()
            {
                let mut l = list.clone();
                l.remove(i);
                next = Some(l);
            }
            ui.label(name(id));
        });
    }
    egui::ComboBox::from_id_salt("editor-men-at-arms")
        .width(fit(ui, 180.0))
        .selected_text("Add a man-at-arms")
        .show_ui(ui, |ui| {
            for (id, n) in &kinds {
                if ui.selectable_label(false, n).clicked() {
                    let mut l = list.clone();
                    l.push(id.clone());
                    next = Some(l);
                }
            }
        });
    if let Some(l) = next {
        state.edit(Edit::MenAtArms(l));
    }
}

const OBJECTIVES: [&str; 7] = [
    "Defeat every monster",
    "Defeat named monsters",
    "Reach a square",
    "Find an item",
    "Escape by an exit",
    "Rescue a captive",
    "Met by the quest's events",
];

fn objective_kind(o: &RawObjective) -> usize {
    match o {
        RawObjective::DefeatAll { .. } => 0,
        RawObjective::DefeatNamed { .. } => 1,
        RawObjective::Reach { .. } => 2,
        RawObjective::FindItem { .. } => 3,
        RawObjective::Escape { .. } => 4,
        RawObjective::Rescue { .. } => 5,
        RawObjective::Scripted { .. } => 6,
    }
}

/// The objective of a kind, keeping what the old one had that it can use.
fn objective_of(kind: usize, old: &RawObjective, quest: &RawQuest, cursor: Sq) -> RawObjective {
    let at = super::board::goal_squares(old).first().copied().unwrap_or(cursor);
    let back = !matches!(old, RawObjective::Escape { .. } | RawObjective::Reach { .. });
    let named: Vec<String> = quest.monsters.iter().filter_map(|m| m.name.clone()).collect();
    match kind {
        0 => RawObjective::DefeatAll {
            return_to_stairway: back,
        },
        1 => RawObjective::DefeatNamed {
            names: named,
            return_to_stairway: back,
        },
        2 => RawObjective::Reach {
            at,
            return_to_stairway: false,
        },
        3 => RawObjective::FindItem {
            item: quest.quest_items.keys().next().cloned().unwrap_or_default(),
            return_to_stairway: back,
        },
        4 => RawObjective::Escape { exits: vec![at] },
        5 => RawObjective::Rescue {
            name: "the captive".into(),
            at,
            body: 2,
            defend: 2,
            return_to_stairway: true,
        },
        _ => RawObjective::Scripted {
            goal: "Do what the quest's events ask.".into(),
            return_to_stairway: back,
        },
    }
}

/// The objective with the Goal tool used on a square.
pub(super) fn objective_at(o: &RawObjective, at: Sq) -> RawObjective {
    let mut o = o.clone();
    match &mut o {
        RawObjective::Reach { at: a, .. } | RawObjective::Rescue { at: a, .. } => *a = at,
        RawObjective::Escape { exits } => {
            if let Some(i) = exits.iter().position(|e| *e == at) {
                exits.remove(i);
            } else {
                exits.push(at);
            }
        }
        _ => {
            return RawObjective::Reach {
                at,
                return_to_stairway: false,
            };
        }
    }
    o
}

fn objective(ui: &mut egui::Ui, state: &mut EditorState) {
    let crate::editor::Document::Quest(doc) = &state.doc else {
        return;
    };
    let quest = doc.quest.clone();
    let old = quest.objective.clone();
    let kind = objective_kind(&old);
    ui.label("Goal:");
    egui::ComboBox::from_id_salt("editor-objective")
        .width(fit(ui, 180.0))
        .selected_text(OBJECTIVES[kind])
        .show_ui(ui, |ui| {
            for (i, name) in OBJECTIVES.iter().enumerate() {
                if ui.selectable_label(i == kind, *name).clicked() && i != kind {
                    let o = objective_of(i, &old, &quest, state.cursor);
                    state.edit(Edit::Objective(o));
                }
            }
        });
    let mut o = old.clone();
    match &mut o {
        RawObjective::DefeatNamed { names, .. } => {
            let mut text = names.join(", ");
            ui.label("Names (a monster's own name, comma between):");
            if ui
                .add(egui::TextEdit::singleline(&mut text).desired_width(f32::INFINITY))
                .changed()
            {
                *names = text
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect();
            }
        }
        RawObjective::FindItem { item, .. } => {
            ui.label("Item:");
            ui.add(egui::TextEdit::singleline(item).desired_width(f32::INFINITY));
        }
        RawObjective::Rescue { name, .. } => {
            ui.label("Captive:");
            ui.add(egui::TextEdit::singleline(name).desired_width(f32::INFINITY));
        }
        RawObjective::Scripted { goal, .. } => {
            ui.label("What the heroes are told to do:");
            ui.add(egui::TextEdit::singleline(goal).desired_width(f32::INFINITY));
        }
        _ => {}
    }
    if matches!(
        o,
        RawObjective::Reach { .. } | RawObjective::Rescue { .. } | RawObjective::Escape { .. }
    ) {
        ui.label(egui::RichText::new("Its square: the Objective square tool (G), a ★ on the board.").small());
    }
    match &mut o {
        RawObjective::Escape { .. } => {}
        RawObjective::DefeatNamed { return_to_stairway, .. }
        | RawObjective::DefeatAll { return_to_stairway }
        | RawObjective::Reach { return_to_stairway, .. }
        | RawObjective::Scripted { return_to_stairway, .. }
        | RawObjective::FindItem { return_to_stairway, .. }
        | RawObjective::Rescue { return_to_stairway, .. } => {
            ui.checkbox(return_to_stairway, "Then back to the stairway");
        }
    }
    if o != old {
        state.edit(Edit::Objective(o));
    }
}

/// The quest's events, each on a line in the quest file's words (its Edit button takes it back into
/// the text to change it), and the event being written: RON text, started and added to from
/// the templates of `editor::events`, filled in from the square chosen on the board.
fn events(ui: &mut egui::Ui, state: &mut EditorState) {
    use crate::editor::events::{
        effect_words, effects, parse, to_text, trigger_words, triggers, with_effect, with_trigger,
    };
    let crate::editor::Document::Quest(doc) = &state.doc else {
        return;
    };
    ui.separator();
    let count = doc.quest.events.len();
    ui.label(egui::RichText::new(format!("Events ({count})")).strong());
    if state.event_editing.is_some_and(|(i, n)| n != count || i >= count) {
        state.event_editing = None;
    }
    let (mut remove, mut take) = (None, None);
    for (i, e) in doc.quest.events.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            if ui.small_button("×").on_hover_text("Take this event away").clicked() {
                remove = Some(i);
            }
            if ui
                .small_button("Edit")
                .on_hover_text("Change this event in the text below")
                .clicked()
            {
                take = Some((i, to_text(e)));
            }
            let editing = state.event_editing.is_some_and(|(j, _)| j == i);
            let line = egui::RichText::new(to_text(e)).small().monospace();
            ui.label(if editing { line.color(GOLD) } else { line });
        });
    }
    let at = state.selected.unwrap_or(state.cursor);
    if let Some(i) = remove {
        state.event_editing = None;
        state.edit(Edit::RemoveEvent(i));
        return;
    }
    if let Some((i, text)) = take {
        state.event_editing = Some((i, count));
        state.event_text = text;
        state.event_focus = true;
    }
    let heading = match state.event_editing {
        Some((i, _)) => format!("Event {}, as the quest format writes it:", i + 1),
        None => "A new event, as the quest format writes one:".to_string(),
    };
    ui.label(egui::RichText::new(heading).small());
    let parsed = parse(&state.event_text);
    let reads = parsed.is_ok() || state.event_text.trim().is_empty();
    let mut rewritten = None;
    ui.add_enabled_ui(reads, |ui| {
        let when = parsed.as_ref().map_or("When…", |e| trigger_words(&e.when));
        egui::ComboBox::from_id_salt("event-when")
            .selected_text(when)
            .width(ui.available_width())
            .show_ui(ui, |ui| {
                for t in triggers(at, &doc.quest) {
                    if ui.selectable_label(false, trigger_words(&t)).clicked() {
                        rewritten = with_trigger(&state.event_text, t);
                    }
                }
            });
    });
    ui.add_enabled_ui(parsed.is_ok(), |ui| {
        egui::ComboBox::from_id_salt("event-then")
            .selected_text("Then also…")
            .width(ui.available_width())
            .show_ui(ui, |ui| {
                for e in effects(at, &doc.quest) {
                    if ui.selectable_label(false, effect_words(&e)).clicked() {
                        rewritten = with_effect(&state.event_text, e);
                    }
                }
            });
    });
    ui.label(
        egui::RichText::new(format!(
            "Squares and doors in the choices come from the square chosen on the board, ({}, {}).",
            at.0, at.1
        ))
        .small()
        .weak(),
    );
    if let Some(text) = rewritten {
        state.event_text = text;
    }
    let text = ui.add(
        egui::TextEdit::multiline(&mut state.event_text)
            .desired_rows(3)
            .code_editor()
            .desired_width(f32::INFINITY),
    );
    if std::mem::take(&mut state.event_focus) {
        text.request_focus();
        text.scroll_to_me(Some(egui::Align::Center));
    }
    match (parse(&state.event_text), state.event_editing) {
        (Ok(event), Some((index, _))) => {
            ui.horizontal(|ui| {
                if ui.button(format!("Change event {}", index + 1)).clicked() {
                    state.edit(Edit::Event { index, event });
                    state.event_editing = None;
                    state.event_text.clear();
                }
                if ui.button("Leave it as it was").clicked() {
                    state.event_editing = None;
                    state.event_text.clear();
                }
            });
        }
        (Ok(event), None) => {
            if ui.button("Add the event").clicked() {
                state.edit(Edit::AddEvent(event));
                state.event_text.clear();
            }
        }
        (Err(_), _) if state.event_text.trim().is_empty() => {
            ui.label(egui::RichText::new("Choose when it happens above, or write it here.").small());
        }
        (Err(e), _) => {
            ui.colored_label(egui::Color32::LIGHT_RED, e);
        }
    }
}

/// The problems, the square being looked at, and the rating.
pub(super) fn right_panel(root: &mut egui::Ui, state: &mut EditorState) {
    egui::Panel::right("editor-right")
        .resizable(false)
        .exact_size(crate::ui::fit::side_width(root.ctx(), 320.0, 0.25))
        .show(root, |ui| {
            crate::ui::fit::scrolled(ui, egui::ScrollArea::vertical().id_salt("editor-right-scroll"), |ui| {
                problems(ui, state);
                ui.separator();
                match &state.doc {
                    crate::editor::Document::Quest(_) => inspector(ui, state),
                    crate::editor::Document::Mission(_) => super::mission::inspector(ui, state),
                }
                ui.separator();
                rating(ui, state);
            });
        });
}

fn problems(ui: &mut egui::Ui, state: &mut EditorState) {
    let errors = state.doc.problems().iter().filter(|p| !p.warning).count();
    ui.heading(egui::RichText::new(format!("Problems ({errors})")).color(GOLD));
    if state.doc.problems().is_empty() {
        ui.colored_label(
            egui::Color32::from_rgb(120, 220, 120),
            "None: it can be played and won.",
        );
        return;
    }
    let mut chosen = None;
    for (i, p) in state.doc.problems().iter().enumerate() {
        let (mark, color) = if p.warning {
            ("!", egui::Color32::from_rgb(240, 200, 60))
        } else {
            ("×", egui::Color32::LIGHT_RED)
        };
        let text = egui::RichText::new(format!("{mark} {}: {}", p.place, p.message)).color(color);
        let row = ui.add(egui::Button::selectable(state.selected_problem == Some(i), text).wrap());
        if row.clicked() {
            chosen = Some(i);
        }
    }
    if let Some(i) = chosen {
        state.selected_problem = Some(i);
        if let Some(s) = state.doc.problems().get(i).and_then(|p| p.square) {
            state.selected = Some(s);
            state.cursor = s;
        }
    }
}

/// What stands on the selected square, with a monster's own name and numbers.
fn inspector(ui: &mut egui::Ui, state: &mut EditorState) {
    let crate::editor::Document::Quest(doc) = &state.doc else {
        return;
    };
    let Some(at) = state.selected else {
        ui.label("Click a square (or move the cursor) to look at it.");
        return;
    };
    ui.label(egui::RichText::new(format!("The square ({}, {})", at.0, at.1)).strong());
    if let Some(name) = state.board.room_name(crate::rules::geometry::Pos::new(at.0, at.1)) {
        ui.label(name.to_string());
    }
    let pieces = doc.pieces_at(at);
    let monster = doc.quest.monsters.iter().position(|m| m.at == at).and_then(|i| {
        let m = doc.quest.monsters[i].clone();
        let def = doc.rules().monsters.get(&m.kind)?.clone();
        Some((i, m, def))
    });
    let treasure = doc.quest.treasure.iter().position(|t| t.room == at);
    let treasure = treasure.and_then(|i| doc.quest.treasure.get(i).cloned().map(|t| (i, t)));
    if pieces.is_empty() {
        ui.label("Nothing stands here.");
    }
    for p in pieces {
        ui.label(format!("• {p}"));
    }
    if let Some((i, m, def)) = monster {
        monster_details(ui, state, i, m, def);
    }
    if let Some((i, mut t)) = treasure {
        ui.label("Special treasure found here:");
        let a = ui.add(
            egui::TextEdit::multiline(&mut t.text)
                .desired_rows(2)
                .desired_width(f32::INFINITY),
        );
        let b = ui.add(egui::DragValue::new(&mut t.gold).range(0..=1000).prefix("gold: "));
        if a.changed() || b.changed() {
            state.edit(Edit::Treasure { index: i, treasure: t });
        }
    }
}

fn monster_details(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    i: usize,
    m: RawMonster,
    def: crate::rules::ruleset::MonsterDef,
) {
    let mut n: RawMonster = m.clone();
    ui.label("Its own name:");
    let mut name = n.name.clone().unwrap_or_default();
    if ui
        .add(egui::TextEdit::singleline(&mut name).desired_width(fit(ui, 160.0)))
        .changed()
    {
        n.name = (!name.trim().is_empty()).then_some(name);
    }
    let stat = |ui: &mut egui::Ui, label: &str, own: &mut Option<u8>, base: u8| {
        let mut v = own.unwrap_or(base);
        if ui
            .add(egui::DragValue::new(&mut v).range(0..=12).prefix(format!("{label} ")))
            .changed()
        {
            *own = (v != base).then_some(v);
        }
    };
    ui.horizontal_wrapped(|ui| {
        stat(ui, "Move", &mut n.movement, def.movement);
        stat(ui, "Attack", &mut n.attack, def.attack);
        stat(ui, "Defend", &mut n.defend, def.defend);
        stat(ui, "Body", &mut n.body, def.body);
        stat(ui, "Mind", &mut n.mind, def.mind);
    });
    if n != m {
        state.edit(Edit::Monster { index: i, monster: n });
    }
}

/// The bots' rating: progress, and the heroes' record at each level.
fn rating(ui: &mut egui::Ui, state: &mut EditorState) {
    ui.heading(egui::RichText::new("Rating").color(GOLD));
    let Some(r) = &state.rated else {
        ui.label("Rate it: the bots play it at each sorcerer level, on background threads.");
        return;
    };
    let running = state.rating_running();
    let share = if r.total == 0 {
        0.0
    } else {
        r.done as f32 / r.total as f32
    };
    ui.add(egui::ProgressBar::new(share).text(format!("{} of {} games", r.done, r.total)));
    if running {
        ui.label("The bots are playing…");
    } else if r.stopped && !r.complete {
        ui.label("Stopped: these are the games played.");
    }
    egui::Grid::new("editor-rating").striped(true).show(ui, |ui| {
        ui.label("Sorcerer");
        ui.label("Heroes win");
        ui.label("Rounds");
        ui.label("Unfinished");
        ui.end_row();
        for (level, l) in LEVELS.iter().zip(&r.levels) {
            ui.label(format!("{level:?}"));
            ui.label(if l.games == 0 {
                "–".into()
            } else {
                format!("{:.0}% of {}", l.win_percent(), l.games)
            });
            ui.label(if l.games == 0 {
                "–".into()
            } else {
                format!("{:.1}", l.mean_rounds)
            });
            ui.label(format!("{}", l.unfinished));
            ui.end_row();
        }
    });
    if !r.killers.is_empty() {
        ui.label("Heroes killed by:");
        for (name, n) in r.killers.iter().take(8) {
            ui.label(format!("  {name}: {n}"));
        }
    }
    if let Some(slowest) = state.frame_ms.iter().copied().reduce(f64::max) {
        ui.label(
            egui::RichText::new(format!(
                "The window's slowest frame while the bots played: {slowest:.1} ms ({} frames)",
                state.frame_ms.len()
            ))
            .small(),
        );
    }
}
