//! The title screen's way into the quest editor (issue 38): a new quest or mission, a dungeon
//! the game writes itself (a HeroQuest quest, or a Heroica mission when a mission is chosen),
//! or the chosen quest or mission opened for editing (a copy of one of the book, or the user's
//! own file itself).

use bevy::prelude::*;
use bevy_egui::egui;

use super::TitleState;
use crate::editor::generate::{self, Generated, GeneratedQuest, generate};
use crate::editor::{Document, EditorDoc, MissionDoc};
use crate::quest;

/// How hard the title's generator makes a dungeon: a fair fight, the heroes winning a little
/// more often than not against the normal sorcerer.
const DIFFICULTY: u8 = 55;

/// A dungeon being made on a thread of its own: the bots rate it, which takes some seconds.
pub(super) struct Generating {
    seed: u64,
    rules: &'static str,
    job: std::thread::JoinHandle<Result<Generated, String>>,
}

/// The generated dungeon opened in the editor, its file's words (how it was made and rated)
/// at its head.
fn open_generated(commands: &mut Commands, seed: u64, rules: &str, made: Generated) {
    let id = format!("generated-{seed}");
    let built = || match &made.quest {
        GeneratedQuest::HeroQuest(q) => Document::Quest(EditorDoc::from_quest(&id, q.clone(), None)),
        GeneratedQuest::Heroica(m) => Document::Mission(MissionDoc::from_mission(&id, m.clone(), None)),
    };
    let doc = generate::file_text(&made, seed, rules, DIFFICULTY)
        .and_then(|text| Document::open(&id, &text))
        .unwrap_or_else(|_| built());
    crate::ui::editor::open(commands, doc);
}

/// The rule system the generator writes for: Heroica for a chosen mission, else the chosen
/// quest's HeroQuest edition (as the title plays it), else HeroQuest 2021.
fn generator_rules(state: &TitleState) -> &'static str {
    let Some((_, Ok(q))) = state.quests.get(state.selected) else {
        return generate::RULES[0];
    };
    if q.mission.is_some() {
        return "heroica";
    }
    let chosen = state.rule_system.as_deref().unwrap_or(q.system.id());
    generate::RULES
        .iter()
        .copied()
        .find(|r| *r == chosen && *r != "heroica")
        .unwrap_or(generate::RULES[0])
}

/// "Quest editor: New quest · Generate a dungeon · Edit a copy of this quest".
pub(super) fn editor_row(ui: &mut egui::Ui, state: &mut TitleState, commands: &mut Commands) {
    if state.generating.as_ref().is_some_and(|g| g.job.is_finished())
        && let Some(g) = state.generating.take()
    {
        match g.job.join() {
            Ok(Ok(made)) => open_generated(commands, g.seed, g.rules, made),
            Ok(Err(e)) => state.message = Some(format!("No dungeon: {e}")),
            Err(_) => state.message = Some("The generator stopped on an error.".into()),
        }
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Quest editor:");
        if ui
            .button("New quest")
            .on_hover_text("An empty dungeon on the classic board")
            .clicked()
        {
            crate::ui::editor::open(commands, Document::Quest(EditorDoc::new_quest("my-quest")));
        }
        if ui
            .button("New mission")
            .on_hover_text("A LEGO Heroica mission: a path from the start to the target, to build on")
            .clicked()
        {
            crate::ui::editor::open(commands, Document::Mission(MissionDoc::new_mission("my-mission")));
        }
        if let Some(g) = &state.generating {
            ui.spinner();
            ui.label(format!("Generating dungeon {}: the bots are rating it…", g.seed));
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(250));
        } else {
            let rules = generator_rules(state);
            let what = if rules == "heroica" {
                "A new LEGO Heroica mission (as the chosen one is)"
            } else {
                "A new quest under the chosen quest's rules"
            };
            if ui
                .button("Generate a dungeon")
                .on_hover_text(format!(
                    "{what}, from the seed below, rated by the bots for a fair fight, opened in the editor"
                ))
                .clicked()
            {
                let seed = state.seed.trim().parse::<u64>().unwrap_or(1);
                let job = std::thread::spawn(move || generate(seed, rules, DIFFICULTY));
                state.generating = Some(Generating { seed, rules, job });
            }
        }
        let Some((id, q)) = state.quests.get(state.selected) else {
            return;
        };
        let what = if matches!(q, Ok(q) if q.mission.is_some()) {
            "mission"
        } else {
            "quest"
        };
        let label = if quest::is_builtin(id) {
            format!("Edit a copy of this {what}")
        } else {
            format!("Edit this {what}")
        };
        if ui.button(label).clicked() {
            match crate::editor::open_for_editing(id) {
                Ok(doc) => crate::ui::editor::open(commands, doc),
                Err(e) => state.message = Some(format!("Cannot open it in the editor: {e}")),
            }
        }
    });
}
