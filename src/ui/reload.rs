//! Hot reload in the window: quest files that change on disk are read again. On the title
//! screen the quest book and the briefing follow the file (a broken edit shows its first error
//! in place); during a quest opened from a file, the player is offered a restart with the new
//! version, or told why the new version does not load. The watching is `quest::watch`; the
//! watcher wakes the window when a file changes, so an idle window still sees the edit.

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::title::TitleState;
use crate::game::model::{ActiveQuest, Seed};
use crate::quest::{self, Quest, watch};
use crate::save::autosave::SaveSlot;
use crate::screen::Screen;
use crate::start::PendingQuest;

/// The quest-file watcher of the window (None: the platform gave no watcher; the game plays on
/// without hot reload, and says so in the log).
#[derive(Resource, Default)]
pub struct QuestFiles {
    pub watcher: Option<watch::Watcher>,
    /// The quest file in play whose folder is watched (its path as the save names it).
    watched_source: Option<String>,
}

impl QuestFiles {
    /// Waiting for a file's writes to settle: the window should look again soon.
    pub fn settling(&self) -> bool {
        self.watcher.as_ref().is_some_and(|w| w.settling())
    }
}

/// The quest in play changed on disk: what the player is asked.
#[derive(Resource)]
pub enum ReloadOffer {
    /// The new version loads: restart with it, or keep playing.
    Restart { file: String, quest: Arc<Quest> },
    /// The new version does not load: its first problem.
    Broken { file: String, problem: String },
}

pub fn plugin(app: &mut App) {
    app.init_resource::<QuestFiles>()
        .add_systems(Startup, start_watching)
        .add_systems(Update, reload_changed_quests)
        .add_systems(OnEnter(Screen::Title), |mut c: Commands| {
            c.remove_resource::<ReloadOffer>()
        });
}

/// Watches the user's quest folder (made if missing) and wakes the window on every change.
fn start_watching(mut files: ResMut<QuestFiles>, proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    let wake: Option<watch::Wake> = proxy.map(|p| {
        let proxy = (**p).clone();
        Box::new(move || {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }) as watch::Wake
    });
    let mut watcher = match watch::Watcher::new(wake) {
        Ok(w) => w,
        Err(e) => {
            warn!("{e}: quest files are not read again when they change");
            return;
        }
    };
    if let Some(dir) = crate::save::user_quest_dir() {
        match std::fs::create_dir_all(&dir)
            .map_err(|e| e.to_string())
            .and_then(|_| watcher.watch(&dir))
        {
            Ok(()) => info!("watching {} for quest changes", dir.display()),
            Err(e) => warn!("cannot watch the quest folder {}: {e}", dir.display()),
        }
    }
    files.watcher = Some(watcher);
}

/// Reads again what changed: the title's quest book, or the quest in play.
fn reload_changed_quests(
    mut commands: Commands,
    mut files: ResMut<QuestFiles>,
    screen: Res<State<Screen>>,
    mut title: ResMut<TitleState>,
    slot: Option<Res<SaveSlot>>,
    active: Option<Res<ActiveQuest>>,
) {
    let QuestFiles {
        watcher,
        watched_source,
    } = &mut *files;
    let Some(watcher) = watcher.as_mut() else { return };
    // A quest in play from a file: its folder (and its board's) is watched too.
    let source = slot
        .as_deref()
        .map(|s| s.source.as_str())
        .filter(|s| !quest::is_builtin(s) && *screen.get() == Screen::Playing);
    if let Some(s) = source
        && watched_source.as_deref() != Some(s)
    {
        let mut folders = vec![PathBuf::from(s)];
        folders.extend(active.as_ref().and_then(|a| a.0.board_file.clone()));
        for f in folders {
            if let Err(e) = watcher.watch_file(&f) {
                warn!("{e}: changes to it are not seen");
            }
        }
        *watched_source = Some(s.to_string());
    }
    let changed = watcher.changed();
    if changed.is_empty() {
        return;
    }
    match screen.get() {
        Screen::Title => title.reread_quests(&changed),
        // The editor writes the user's folder itself; the book is read again on the title.
        Screen::Editor => title.reread_quests(&changed),
        Screen::Playing => {
            let (Some(source), Some(active)) = (source, active) else {
                return;
            };
            let ours = |p: &PathBuf| {
                watch::same_file(p, std::path::Path::new(source))
                    || active.0.board_file.as_deref().is_some_and(|b| watch::same_file(p, b))
            };
            if !changed.iter().any(ours) {
                return;
            }
            let file = std::path::Path::new(source)
                .file_name()
                .map_or(source.to_string(), |n| n.to_string_lossy().into_owned());
            commands.insert_resource(match quest::load(source) {
                Ok(q) => ReloadOffer::Restart {
                    file,
                    quest: Arc::new(q),
                },
                Err(p) => {
                    // "file:line:col: message", without the folder the player knows.
                    let first = p.to_string().lines().next().unwrap_or_default().to_string();
                    let problem = first
                        .strip_prefix(source)
                        .map_or(first.clone(), |rest| format!("{file}{rest}"));
                    ReloadOffer::Broken { file, problem }
                }
            });
        }
    }
}

/// The quest as this table played the old one: the same heroes left out, the same modules added.
fn as_played(new: &Quest, old: &Quest) -> Result<Quest, String> {
    let mut q = new.clone();
    q.heroes.retain(|h| old.heroes.contains(h));
    if q.heroes.is_empty() {
        q.heroes = new.heroes.clone();
    }
    let own = new.modules.ids();
    let added: Vec<String> = old.modules.ids().into_iter().filter(|m| !own.contains(m)).collect();
    q.with_modules(&added)
}

/// The question of `ReloadOffer`, over the board.
#[allow(clippy::too_many_arguments)]
pub(super) fn reload_window(
    mut contexts: EguiContexts,
    mut commands: Commands,
    offer: Option<Res<ReloadOffer>>,
    slot: Option<Res<SaveSlot>>,
    active: Option<Res<ActiveQuest>>,
    seed: Option<Res<Seed>>,
    opponents: Option<Res<crate::ai::Opponents>>,
    sorcerer_seat: Option<Res<crate::seating::SorcererSeat>>,
) -> Result {
    let Some(offer) = offer else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    let mut restart = None;
    egui::Window::new("The quest file changed")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -24.0))
        .show(ctx, |ui| match &*offer {
            ReloadOffer::Restart { file, quest } => {
                ui.label(format!("{file} was changed on disk, and the new version loads."));
                ui.label("Restart the quest with it? This game's progress is dropped; the seed and the table stay.");
                ui.horizontal(|ui| {
                    if ui.button("Restart with the new version").clicked() {
                        restart = Some(quest.clone());
                    }
                    if ui.button("Keep playing this one").clicked() {
                        close = true;
                    }
                });
            }
            ReloadOffer::Broken { file, problem } => {
                ui.label(format!(
                    "{file} was changed on disk, but the new version does not load:"
                ));
                ui.label(
                    egui::RichText::new(problem.as_str())
                        .monospace()
                        .color(egui::Color32::LIGHT_RED),
                );
                ui.label("You go on with the version you started. Fix the file and save it to be asked again.");
                if ui.button("Keep playing").clicked() {
                    close = true;
                }
            }
        });
    if let Some(new) = restart
        && let (Some(slot), Some(active)) = (slot, active)
    {
        match as_played(&new, &active.0) {
            Ok(q) => {
                // The player's word: this game's file goes, and the new game starts afresh.
                if let Some(path) = &slot.path {
                    crate::save::games::remove(path);
                }
                commands.insert_resource(PendingQuest {
                    quest: Arc::new(q),
                    source: slot.source.clone(),
                    seed: seed.map_or(1, |s| s.0),
                    autoplay: slot.autoplay,
                    opponents: opponents.map(|o| *o).unwrap_or_default(),
                    companions: slot.companions.clone(),
                    restore: None,
                    own_file: None,
                    sorcerer_player: sorcerer_seat.map(|s| s.clone()),
                    campaign: false,
                });
                close = true;
            }
            Err(e) => {
                commands.insert_resource(ReloadOffer::Broken {
                    file: slot.source.clone(),
                    problem: e,
                });
            }
        }
    }
    if close {
        commands.remove_resource::<ReloadOffer>();
    }
    Ok(())
}
