//! The title screen's games in progress (the newest as the big Continue, the others below it,
//! a file that cannot be read offered its backup) and the questions asked before a new game
//! begins beside them or one is deleted.

use super::*;

/// What the title screen waits for the player's word on.
pub(super) enum Confirm {
    /// A new game while others are in progress (they stay saved; the player is told so); with
    /// the new Epic campaign it begins, written only on the player's yes.
    Begin(Box<PendingQuest>, Option<Box<(std::path::PathBuf, crate::epic::Epic)>>),
    /// Deleting a saved game for good.
    Delete(std::path::PathBuf, String),
}

/// Who plays against the heroes in a saved game, in a player's words (issue 39): the sorcerer
/// at its level, a person, the monster player, or a race's rivals.
fn opponent_words(s: &crate::save::SavedQuest) -> String {
    let battle = s.modules.iter().any(|m| m == "heroica-battle");
    match (s.rules.as_str(), &s.sorcerer_player) {
        ("heroica", _) if !battle => "a race against rivals".to_string(),
        ("heroica", Some(p)) => format!("{} plays the monsters", p.player),
        ("heroica", None) => format!("the monster player ({})", s.sorcerer.as_str()),
        (_, Some(p)) => format!("{} plays the sorcerer", p.player),
        _ => format!("the sorcerer ({})", s.sorcerer.as_str()),
    }
}

/// Starts a new game, or first asks while another is in progress (it stays saved either way).
pub(super) fn start_or_ask(state: &mut TitleState, commands: &mut Commands, p: PendingQuest) {
    if state.games.is_empty() {
        commands.insert_resource(p);
    } else {
        state.confirm = Some(Confirm::Begin(Box::new(p), None));
    }
}

/// Loads a saved game (checked to replay as saved), or says why it cannot be.
pub(super) fn resume(state: &mut TitleState, commands: &mut Commands, path: &std::path::Path) {
    match PendingQuest::resume(path) {
        Ok(p) => commands.insert_resource(p),
        Err(e) => state.message = Some(format!("{e}\nThe file was left as it is.")),
    }
}

/// The games in progress: the newest as the big Continue, the others below it, each with
/// quest, round and when it was saved; a file that cannot be read says why and offers its backup.
pub(super) fn games_rows(ui: &mut egui::Ui, state: &mut TitleState, commands: &mut Commands) {
    if state.games.is_empty() {
        return;
    }
    let mut resume_from = None;
    let mut delete = None;
    let row = |ui: &mut egui::Ui,
               g: &crate::save::games::GameFile,
               first: bool,
               resume_from: &mut Option<std::path::PathBuf>,
               delete: &mut Option<(std::path::PathBuf, String)>| {
        match &g.save {
            Ok(s) => {
                ui.horizontal_wrapped(|ui| {
                    let text = format!("Continue: {}, round {}", s.name, s.round);
                    let label = if first {
                        egui::RichText::new(text).size(18.0)
                    } else {
                        egui::RichText::new(text)
                    };
                    if ui.button(label).clicked() {
                        *resume_from = Some(g.path.clone());
                    }
                    ui.label(
                        egui::RichText::new(format!(
                            "{}, seed {}, {}{}",
                            g.when(),
                            s.seed,
                            opponent_words(s),
                            if s.modules.is_empty() {
                                String::new()
                            } else {
                                let names: Vec<&str> = s
                                    .modules
                                    .iter()
                                    .map(|m| {
                                        crate::rules::systems::modules()
                                            .find(|(id, _)| id == m)
                                            .map_or(m.as_str(), |(_, d)| d.name)
                                    })
                                    .collect();
                                format!(", with {}", names.join(", "))
                            }
                        ))
                        .weak(),
                    )
                    .on_hover_text(format!("{}\n{}", g.date(), g.path.display()));
                    if ui
                        .small_button("Delete")
                        .on_hover_text("Delete this saved game (you will be asked)")
                        .clicked()
                    {
                        *delete = Some((g.path.clone(), g.title()));
                    }
                });
            }
            Err(error) => {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    format!("The saved game {} cannot be read: {error}", g.file_name()),
                );
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new("The file was left as it is.").weak());
                    if let Some((path, s)) = g.backup()
                        && ui
                            .button(format!("Continue from the backup: {}, round {}", s.name, s.round))
                            .clicked()
                    {
                        *resume_from = Some(path);
                    }
                    if ui.small_button("Delete").clicked() {
                        *delete = Some((g.path.clone(), g.file_name()));
                    }
                });
            }
        }
    };
    row(ui, &state.games[0], true, &mut resume_from, &mut delete);
    if state.games.len() > 1 {
        egui::CollapsingHeader::new(format!("Other games in progress ({})", state.games.len() - 1))
            .id_salt("other-games")
            .open(super::fit::unfolded(ui.ctx()))
            .show(ui, |ui| {
                super::fit::scrolled(ui, egui::ScrollArea::vertical().max_height(160.0), |ui| {
                    for g in &state.games[1..] {
                        row(ui, g, false, &mut resume_from, &mut delete);
                    }
                });
            });
    }
    if let Some(path) = resume_from {
        resume(state, commands, &path);
    }
    if let Some((path, title)) = delete {
        state.confirm = Some(Confirm::Delete(path, title));
    }
    ui.separator();
}

/// The question waiting for the player's word, as a modal window over the title screen.
pub(super) fn confirm_window(ctx: &egui::Context, state: &mut TitleState, commands: &mut Commands) {
    #[derive(PartialEq)]
    enum Answer {
        Waiting,
        Yes,
        GoOn(std::path::PathBuf),
        No,
    }
    let Some(confirm) = state.confirm.take() else {
        return;
    };
    let mut answer = Answer::Waiting;
    let games = &state.games;
    let modal = egui::Modal::new(egui::Id::new("title-confirm")).show(ctx, |ui| {
        ui.set_max_width(540.0);
        match &confirm {
            Confirm::Begin(p, _) => {
                let big = |t: String| egui::RichText::new(t).size(16.0);
                ui.label(egui::RichText::new("A game is in progress").size(22.0).color(GOLD));
                ui.add_space(4.0);
                if let Some(newest) = games.first() {
                    ui.label(big(format!("{} ({}) is in progress.", newest.title(), newest.when())));
                }
                if games.len() > 1 {
                    let more = games.len() - 1;
                    let s = if more == 1 { "" } else { "s" };
                    ui.label(big(format!("You have {more} other game{s} in progress.")));
                }
                ui.label(big(
                    "It stays saved: you can go on with it from this screen at any time.".into(),
                ));
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui
                        .button(big(format!("Begin a new game of {}", p.quest.name)).strong())
                        .clicked()
                    {
                        answer = Answer::Yes;
                    }
                    if let Some(newest) = games.first().filter(|g| g.save.is_ok())
                        && ui.button(big(format!("Go on with {}", newest.title()))).clicked()
                    {
                        answer = Answer::GoOn(newest.path.clone());
                    }
                    if ui.button(big("Cancel".into())).clicked() {
                        answer = Answer::No;
                    }
                });
            }
            Confirm::Delete(path, title) => {
                let big = |t: &str| egui::RichText::new(t).size(16.0);
                ui.label(egui::RichText::new("Delete this saved game?").size(22.0).color(GOLD));
                ui.add_space(4.0);
                ui.label(big(title));
                ui.label(egui::RichText::new(path.display().to_string()).small().weak());
                ui.label(big("It is gone for good, with its backup."));
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui.button(big("Delete it").color(egui::Color32::LIGHT_RED)).clicked() {
                        answer = Answer::Yes;
                    }
                    if ui.button(big("Keep it")).clicked() {
                        answer = Answer::No;
                    }
                });
            }
        }
    });
    // Esc or a click beside the window is "no".
    if answer == Answer::Waiting && modal.should_close() {
        answer = Answer::No;
    }
    match (answer, confirm) {
        (Answer::Waiting, c) => state.confirm = Some(c),
        (Answer::Yes, Confirm::Begin(p, None)) => commands.insert_resource(*p),
        (Answer::Yes, Confirm::Begin(p, Some(epic))) => match epic.1.write(&epic.0) {
            Ok(()) => commands.insert_resource(*p),
            Err(e) => state.message = Some(e),
        },
        (Answer::Yes, Confirm::Delete(path, _)) => {
            crate::save::games::remove(&path);
            state.games = crate::save::games::in_progress_here();
        }
        (Answer::GoOn(path), _) => resume(state, commands, &path),
        (Answer::No, _) => {}
    }
}
