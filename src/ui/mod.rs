//! egui panels: the title screen, hero cards, the action bar, the dice tray, the log and the end screen.

pub mod log;

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

use crate::game::model::Command;
use crate::game::model::*;
use crate::game::{Controller, Controllers, Pace};
use crate::quest::{self, Quest};
use crate::save::settings::Settings;
use crate::screen::Screen;
use crate::start::PendingQuest;
use crate::view::PanelInsets;
use log::{DiceTray, GameLog, Shown};

pub mod credits;
pub mod options;
pub mod party;
pub mod sorcerer;

pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<TitleState>()
        .init_resource::<party::PlayersOpen>()
        .init_resource::<credits::CreditsOpen>()
        .add_plugins((log::plugin, options::plugin))
        .add_systems(OnEnter(Screen::Title), refresh_title)
        .add_systems(
            EguiPrimaryContextPass,
            (
                options::zoom_system.run_if(resource_exists::<Settings>),
                title_screen.run_if(in_state(Screen::Title)),
                play_panels.run_if(in_state(Screen::Playing)),
                sorcerer::sorcerer_panels.run_if(in_state(Screen::Playing)),
            )
                .chain(),
        )
        .add_systems(
            PreUpdate,
            (drop_unchanged_modifiers, gamepad_to_egui, route_keys)
                .chain()
                .after(bevy_egui::EguiInputSet::WriteEguiEvents)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
}

/// Keys that egui would use to move its focus between widgets and press the focused one.
fn navigation_key(key: egui::Key) -> bool {
    use egui::Key as K;
    matches!(
        key,
        K::Tab | K::Enter | K::Space | K::ArrowUp | K::ArrowDown | K::ArrowLeft | K::ArrowRight
    )
}

/// Where egui may use the keyboard to walk its widgets: the title screen and its windows, the
/// pause menu, the options and the end of a quest. On the board the keys are the game's.
fn egui_navigates(screen: Screen, paused: bool, options: bool, over: bool) -> bool {
    screen == Screen::Title || paused || options || over
}

/// One thing owns a key at a time. A text field being typed in owns every key; elsewhere on
/// the board the game's keys (the action menu's Tab, Up, Down and Enter, a keyboard player's
/// cursor) are the game's alone: egui does not also see them, and no button keeps the focus,
/// so Enter runs the highlighted entry of the menu and never a button focused behind it.
/// Also tells the input systems what egui held last frame (`KeyOwner`).
pub fn route_keys(
    mut contexts: Query<(&mut bevy_egui::EguiInput, &mut bevy_egui::EguiContext)>,
    screen: Res<State<Screen>>,
    paused: Option<Res<crate::game::Paused>>,
    options: Res<options::OptionsOpen>,
    turn: Option<Res<Turn>>,
    mut owner: ResMut<crate::input::seats::KeyOwner>,
) {
    let over = turn.is_some_and(|t| matches!(t.phase, Phase::Over(_)));
    let navigates = egui_navigates(*screen.get(), paused.is_some_and(|p| p.0), options.0, over);
    for (mut input, mut ctx) in &mut contexts {
        let ctx = ctx.get_mut();
        let now = crate::input::seats::KeyOwner {
            text_field: ctx.text_edit_focused(),
            popup: egui::Popup::is_any_open(ctx),
        };
        if *owner != now {
            *owner = now;
        }
        if now.text_field || navigates {
            continue;
        }
        keep_board_keys(ctx, &mut input.0);
    }
}

/// On the board: no widget keeps the keyboard focus, and the navigation keys never reach egui.
pub fn keep_board_keys(ctx: &egui::Context, input: &mut egui::RawInput) {
    ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id);
        }
    });
    input
        .events
        .retain(|e| !matches!(e, egui::Event::Key { key, .. } if navigation_key(*key)));
}

/// bevy_egui tells egui the modifier keys' state every frame as a `ModifiersChanged` event, and
/// egui answers any input event by asking for another frame at once: the window then redraws
/// without end even in reactive mode (170% of a core on the software renderer, waiting for a
/// click). Only a real change of the modifiers is passed on.
fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut bevy_egui::EguiInput)>,
    mut last: Local<std::collections::HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        let seen = last.get(&entity).copied();
        let mut now = seen;
        input.0.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => {
                let keep = now != Some(*m);
                now = Some(*m);
                keep
            }
            _ => true,
        });
        if let Some(m) = now {
            last.insert(entity, m);
        }
    }
}

/// A gamepad walks the panels where no board is being played (the title screen and its windows,
/// the pause menu, the options): the d-pad moves egui's keyboard focus from widget to widget
/// (as Tab and Shift+Tab do), A presses the focused one (as Enter does). In a quest the pad plays
/// the board instead (`input::seats`).
fn gamepad_to_egui(
    pads: Query<&bevy::input::gamepad::Gamepad>,
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    screen: Res<State<Screen>>,
    paused: Option<Res<crate::game::Paused>>,
    options: Res<options::OptionsOpen>,
) {
    use bevy::input::gamepad::GamepadButton as B;
    let menus = *screen.get() == Screen::Title || paused.is_some_and(|p| p.0) || options.0;
    if !menus {
        return;
    }
    let mut keys = Vec::new();
    for pad in &pads {
        for (button, key, shift) in [
            (B::DPadDown, egui::Key::Tab, false),
            (B::DPadRight, egui::Key::Tab, false),
            (B::DPadUp, egui::Key::Tab, true),
            (B::DPadLeft, egui::Key::Tab, true),
            (B::South, egui::Key::Enter, false),
        ] {
            if pad.just_pressed(button) {
                keys.push((key, shift));
            }
        }
    }
    if keys.is_empty() {
        return;
    }
    for mut input in &mut inputs {
        for (key, shift) in &keys {
            let modifiers = egui::Modifiers {
                shift: *shift,
                ..Default::default()
            };
            for pressed in [true, false] {
                input.0.events.push(egui::Event::Key {
                    key: *key,
                    physical_key: None,
                    pressed,
                    repeat: false,
                    modifiers,
                });
            }
        }
    }
}

/// What the title screen waits for the player's word on.
enum Confirm {
    /// A new game while others are in progress (they stay saved; the player is told so).
    Begin(Box<PendingQuest>),
    /// Deleting a saved game for good.
    Delete(std::path::PathBuf, String),
}

fn quest_list() -> Vec<(String, Result<Arc<Quest>, String>)> {
    quest::catalogue(crate::save::user_quest_dir().as_deref())
}

/// The title screen's choices.
#[derive(Resource)]
struct TitleState {
    quests: Vec<(String, Result<Arc<Quest>, String>)>,
    /// The games in progress on disk, newest first.
    games: Vec<crate::save::games::GameFile>,
    /// A question waiting for the player's answer.
    confirm: Option<Confirm>,
    /// A problem to show (a save whose quest no longer loads).
    message: Option<String>,
    /// The campaign on disk: None when there is none yet.
    campaign: Option<Result<crate::campaign::Campaign, String>>,
    /// The hero the armory is open for.
    armory_for: Option<String>,
    /// The rule set the campaign and the armory use, parsed once.
    rules: Arc<crate::rules::ruleset::RuleSet>,
    selected: usize,
    seed: String,
    autoplay: bool,
    sorcerer: crate::ai::SorcererLevel,
    /// Heroes (rule-set ids) the computer plays beside the people.
    companions: std::collections::BTreeSet<String>,
    /// Modules ticked to play with besides the quest's own (ids).
    modules: Vec<String>,
}

impl Default for TitleState {
    fn default() -> Self {
        // The quest list, the save and the campaign are read by `refresh_title`, which also runs
        // when the app starts on the title screen.
        TitleState {
            quests: Vec::new(),
            games: Vec::new(),
            confirm: None,
            message: None,
            campaign: None,
            armory_for: None,
            rules: Arc::new(crate::rules::ruleset::RuleSet::heroquest_2021()),
            selected: 0,
            // A fresh seed each time, shown so a game can be replayed; the game itself never reads the clock.
            seed: (std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
                % 100_000)
                .to_string(),
            autoplay: false,
            sorcerer: crate::ai::SorcererLevel::Normal,
            companions: Default::default(),
            modules: Vec::new(),
        }
    }
}

/// Back on the title screen: the save and the user's quests may have changed.
fn refresh_title(mut state: ResMut<TitleState>, settings: Option<Res<Settings>>) {
    if let Some(s) = settings {
        state.sorcerer = s.sorcerer;
        state.companions = s.companions.clone();
        state.modules = s.modules.clone();
    }
    state.games = crate::save::games::in_progress_here();
    state.confirm = None;
    state.campaign = look_for_campaign();
    state.quests = quest_list();
    state.selected = state.selected.min(state.quests.len().saturating_sub(1));
}

fn look_for_campaign() -> Option<Result<crate::campaign::Campaign, String>> {
    let path = crate::campaign::campaign_path()?;
    path.exists().then(|| crate::campaign::Campaign::read(&path))
}

/// The quest as this table plays it and the heroes the computer plays: with players set up,
/// the heroes nobody claims are the computer's, or left out of the game (`leave_out`); without,
/// the companions ticked on the title screen.
fn table_quest(
    q: &Arc<Quest>,
    ticked: &std::collections::BTreeSet<String>,
    seats: &crate::input::seats::Seats,
    leave_out: bool,
) -> (Arc<Quest>, Vec<String>) {
    let unclaimed: Vec<String> = seats.unclaimed(&q.heroes).into_iter().cloned().collect();
    if leave_out && !seats.0.is_empty() && unclaimed.len() < q.heroes.len() {
        return (Arc::new(q.without_heroes(&unclaimed)), Vec::new());
    }
    (q.clone(), companions_for(q, ticked, seats))
}

/// The heroes the computer plays beside the people: the seats' unclaimed heroes when players
/// are set up, else the companions ticked on the title screen.
fn companions_for(
    q: &Quest,
    ticked: &std::collections::BTreeSet<String>,
    seats: &crate::input::seats::Seats,
) -> Vec<String> {
    if seats.0.is_empty() {
        ticked.iter().cloned().collect()
    } else {
        seats.unclaimed(&q.heroes).into_iter().cloned().collect()
    }
}

/// A quest's name from the quest book already read (its id if it is not there or broken).
fn quest_name<'a>(quests: &'a [(String, Result<Arc<Quest>, String>)], id: &'a str) -> &'a str {
    quests
        .iter()
        .find(|(q, _)| q == id)
        .and_then(|(_, q)| q.as_ref().ok())
        .map_or(id, |q| q.name.as_str())
}

/// The campaign row: begin one, or go on with it (the next quest of the book) and visit the armory.
fn campaign_row(
    ui: &mut egui::Ui,
    state: &mut TitleState,
    commands: &mut Commands,
    seats: &crate::input::seats::Seats,
    leave_out: bool,
    sorcerer_seat: &Option<crate::input::seats::SorcererSeat>,
) {
    let seed = state.seed.trim().parse().unwrap_or(1);
    let opponents = crate::ai::Opponents {
        sorcerer: state.sorcerer,
        ..Default::default()
    };
    let mut start = false;
    // A quest the party plays again (None: the next one).
    let mut again: Option<&'static str> = None;
    ui.horizontal(|ui| match &state.campaign {
        None => {
            if ui.button(egui::RichText::new("Begin a campaign").size(18.0)).clicked() {
                let mut fresh = crate::campaign::Campaign::new(&state.rules);
                fresh.modules = state.modules.clone();
                match crate::campaign::campaign_path().map(|p| fresh.write(&p)) {
                    Some(Ok(())) => {
                        state.campaign = Some(Ok(fresh));
                        start = true;
                    }
                    Some(Err(e)) => state.message = Some(e),
                    None => state.message = Some("No data folder (HOME is not set): no campaign.".into()),
                }
            }
            ui.label(
                egui::RichText::new("the quest book in order, with one party that keeps its gold and gear (and the modules ticked below)").weak(),
            );
        }
        Some(Ok(c)) => {
            let next = c.next_quest().map(|id| quest_name(&state.quests, id).to_string());
            let label = match &next {
                Some(name) => format!("Campaign: {name}"),
                None => "Campaign: every quest done".to_string(),
            };
            if ui
                .add_enabled(next.is_some(), egui::Button::new(egui::RichText::new(label).size(18.0)))
                .clicked()
            {
                start = true;
            }
            // Quests done before can be played again, for gold and gear.
            let done_before: Vec<&'static str> = c
                .unlocked()
                .into_iter()
                .filter(|id| Some(*id) != c.next_quest())
                .collect();
            if !done_before.is_empty() {
                ui.menu_button("Play again", |ui| {
                    for id in done_before {
                        if ui.button(quest_name(&state.quests, id)).clicked() {
                            again = Some(id);
                            ui.close();
                        }
                    }
                });
            }
            let gold: u32 = c.party.values().map(|h| h.gold).sum();
            let done = c.completed.len();
            let quests = if done == 1 { "quest" } else { "quests" };
            let with = match crate::rules::systems::Modules::choose(&c.rules, &c.modules) {
                Ok(m) if !m.is_empty() => format!(", with {}", m.names().join(", ")),
                _ => String::new(),
            };
            ui.label(egui::RichText::new(format!("{done} {quests} done, {gold} gold in the party{with}")).weak());
            if ui.button("Party & armory").clicked() {
                state.armory_for = state
                    .armory_for
                    .is_none()
                    .then(|| c.party.keys().next().cloned())
                    .flatten();
            }
        }
        Some(Err(e)) => {
            ui.colored_label(
                egui::Color32::LIGHT_RED,
                format!("The campaign cannot be read: {e} (the file was left as it is)"),
            );
        }
    });
    if start || again.is_some() {
        let companions = state.companions.iter().cloned().collect();
        match PendingQuest::campaign_quest(again, seed, opponents, state.autoplay, companions) {
            Ok(mut p) => {
                (p.quest, p.companions) = table_quest(&p.quest, &state.companions, seats, leave_out);
                p.sorcerer_player = sorcerer_seat.clone();
                start_or_ask(state, commands, p);
            }
            Err(e) => state.message = Some(e),
        }
    }
}

/// A campaign hero's character sheet: the rule set's figures with the hero's own gear, what the
/// hero carries, and the quests the hero has completed.
fn character_sheet(
    ui: &mut egui::Ui,
    rules: &crate::rules::ruleset::RuleSet,
    class: &str,
    h: &crate::campaign::PartyHero,
    quests: &[(String, Result<Arc<Quest>, String>)],
) {
    let Some(def) = rules.heroes.get(class) else {
        return;
    };
    let gear = crate::game::model::Equipment {
        weapon: h.weapon.clone(),
        items: h.items.clone(),
    };
    let fighter = crate::game::logic::derive_fighter(rules, &gear);
    let movement = match fighter.movement {
        crate::game::model::Movement::Dice(n) => format!("{n} red dice"),
        crate::game::model::Movement::Fixed(n) => format!("{n} squares"),
    };
    let names = |ids: &mut dyn Iterator<Item = &String>| -> String {
        let v: Vec<String> = ids.map(|i| rules.thing_name(i)).collect();
        if v.is_empty() { "nothing".into() } else { v.join(", ") }
    };
    ui.label(egui::RichText::new(format!("Character sheet: {}", def.name)).strong());
    egui::Grid::new("sheet")
        .num_columns(4)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            ui.label("Body");
            ui.label(def.body.to_string());
            ui.label("Attack");
            ui.label(format!("{} combat dice", fighter.attack));
            ui.end_row();
            ui.label("Mind");
            ui.label(def.mind.to_string());
            ui.label("Defend");
            ui.label(format!("{} combat dice", fighter.defend));
            ui.end_row();
            ui.label("Gold");
            ui.label(h.gold.to_string());
            ui.label("Movement");
            ui.label(movement);
            ui.end_row();
        });
    ui.label(format!(
        "Weapon in hand: {}",
        h.weapon.as_deref().map_or("none".into(), |w| rules.thing_name(w))
    ));
    ui.label(format!("Armour and things: {}", names(&mut h.items.iter())));
    ui.label(format!("Potions: {}", names(&mut h.potions.iter())));
    let done: Vec<String> = h.quests.iter().map(|q| quest_name(quests, q).to_string()).collect();
    ui.label(if done.is_empty() {
        "Quests completed: none yet".to_string()
    } else {
        format!("Quests completed ({}): {}", done.len(), done.join(", "))
    });
    if h.fallen > 0 {
        let before = if h.fallen == 1 { "hero" } else { "heroes" };
        ui.label(
            egui::RichText::new(format!(
                "{} {before} of this seat fell before; this one started afresh.",
                h.fallen
            ))
            .weak(),
        );
    }
}

/// The armory between quests: the 2021 prices, what each hero may use, the party's gold.
fn armory_window(ctx: &egui::Context, state: &mut TitleState) {
    let (Some(hero), Some(Ok(campaign))) = (state.armory_for.clone(), state.campaign.as_mut()) else {
        return;
    };
    let state_quests = &state.quests;
    let rules = state.rules.clone();
    let mut open = true;
    let mut chosen = hero.clone();
    let mut bought: Option<Result<(), String>> = None;
    let mut renamed = false;
    // Beside the title window (720 points wide, centred), not over it, on a 1600-wide screen.
    egui::Window::new("The party and the armory")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .max_width(380.0)
        .anchor(egui::Align2::RIGHT_CENTER, egui::vec2(-8.0, 0.0))
        .show(ctx, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (class, h) in &campaign.party {
                    let name = h
                        .name
                        .clone()
                        .unwrap_or_else(|| rules.heroes.get(class).map_or(class.clone(), |d| d.name.clone()));
                    ui.selectable_value(&mut chosen, class.clone(), format!("{name} ({} gold)", h.gold));
                }
            });
            if let Some(h) = campaign.party.get_mut(&chosen) {
                ui.horizontal(|ui| {
                    ui.label("Name:");
                    let mut name = h.name.clone().unwrap_or_default();
                    let hint = rules.heroes.get(&chosen).map_or(String::new(), |d| d.name.clone());
                    let edit = ui.add(
                        egui::TextEdit::singleline(&mut name)
                            .hint_text(hint)
                            .desired_width(160.0),
                    );
                    if edit.changed() {
                        h.name = Some(name.chars().take(24).collect()).filter(|n: &String| !n.trim().is_empty());
                    }
                    if edit.lost_focus() {
                        renamed = true;
                    }
                });
                character_sheet(ui, &rules, &chosen, h, state_quests);
            }
            // Gold is shared between quests (Gold Coins): to another hero of the party.
            let gold = campaign.party.get(&chosen).map_or(0, |h| h.gold);
            let others: Vec<(String, String)> = campaign
                .party
                .iter()
                .filter(|(c, _)| **c != chosen)
                .map(|(c, h)| {
                    let name = h
                        .name
                        .clone()
                        .unwrap_or_else(|| rules.heroes.get(c).map_or(c.clone(), |d| d.name.clone()));
                    (c.clone(), name)
                })
                .collect();
            if gold > 0 && !others.is_empty() {
                ui.horizontal(|ui| {
                    ui.label("Give gold:");
                    for step in [10u32, 50, 100] {
                        if step > gold {
                            continue;
                        }
                        ui.menu_button(format!("{step}"), |ui| {
                            for (c, name) in &others {
                                if ui.button(format!("to {name}")).clicked() {
                                    bought = Some(campaign.give_gold(&rules, &chosen, c, step));
                                    ui.close();
                                }
                            }
                        });
                    }
                    ui.menu_button(format!("all {gold}"), |ui| {
                        for (c, name) in &others {
                            if ui.button(format!("to {name}")).clicked() {
                                bought = Some(campaign.give_gold(&rules, &chosen, c, gold));
                                ui.close();
                            }
                        }
                    });
                });
            }
            ui.separator();
            egui::Grid::new("stock").striped(true).show(ui, |ui| {
                for (id, name, cost) in crate::campaign::Campaign::armory(&rules) {
                    ui.label(&name);
                    ui.label(format!("{cost} gold"));
                    let verdict = campaign.check_purchase(&rules, &chosen, &id);
                    let button = ui
                        .add_enabled(verdict.is_ok(), egui::Button::new("Buy"))
                        .on_disabled_hover_text(verdict.as_ref().err().cloned().unwrap_or_default());
                    if button.clicked() {
                        bought = Some(campaign.buy(&rules, &chosen, &id));
                    }
                    ui.end_row();
                }
            });
        });
    if (renamed || matches!(bought, Some(Ok(()))))
        && let Some(path) = crate::campaign::campaign_path()
        && let Err(e) = campaign.write(&path)
    {
        state.message = Some(e);
    }
    state.armory_for = open.then_some(chosen);
}

/// Starts a new game, or first asks while another is in progress (it stays saved either way).
fn start_or_ask(state: &mut TitleState, commands: &mut Commands, p: PendingQuest) {
    if state.games.is_empty() {
        commands.insert_resource(p);
    } else {
        state.confirm = Some(Confirm::Begin(Box::new(p)));
    }
}

/// Loads a saved game (checked to replay as saved), or says why it cannot be.
fn resume(state: &mut TitleState, commands: &mut Commands, path: &std::path::Path) {
    match PendingQuest::resume(path) {
        Ok(p) => commands.insert_resource(p),
        Err(e) => state.message = Some(format!("{e}\nThe file was left as it is.")),
    }
}

/// The games in progress: the newest as the big Continue, the others below it, each with
/// quest, round and when it was saved; a file that cannot be read says why and offers its backup.
fn games_rows(ui: &mut egui::Ui, state: &mut TitleState, commands: &mut Commands) {
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
                ui.horizontal(|ui| {
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
                            "{}, seed {}, sorcerer {}{}",
                            g.when(),
                            s.seed,
                            s.sorcerer.as_str(),
                            if s.modules.is_empty() {
                                String::new()
                            } else {
                                format!(", with {}", s.modules.join(", "))
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
                ui.horizontal(|ui| {
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
            .show(ui, |ui| {
                egui::ScrollArea::vertical().max_height(160.0).show(ui, |ui| {
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
fn confirm_window(ctx: &egui::Context, state: &mut TitleState, commands: &mut Commands) {
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
            Confirm::Begin(p) => {
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
        (Answer::Yes, Confirm::Begin(p)) => commands.insert_resource(*p),
        (Answer::Yes, Confirm::Delete(path, _)) => {
            crate::save::games::remove(&path);
            state.games = crate::save::games::in_progress_here();
        }
        (Answer::GoOn(path), _) => resume(state, commands, &path),
        (Answer::No, _) => {}
    }
}

const GOLD: egui::Color32 = egui::Color32::from_rgb(230, 190, 110);

fn title_screen(
    mut contexts: EguiContexts,
    mut state: ResMut<TitleState>,
    mut commands: Commands,
    mut insets: ResMut<PanelInsets>,
    (mut settings, mut options, problem, mut rebinding, last): (
        Option<ResMut<Settings>>,
        ResMut<options::OptionsOpen>,
        Res<crate::screen::SettingsProblem>,
        ResMut<options::Rebinding>,
        Res<options::LastPress>,
    ),
    (mut players, mut seats, pads, mut credits, mut exit): (
        ResMut<party::PlayersOpen>,
        ResMut<crate::input::seats::Seats>,
        Query<(), With<bevy::input::gamepad::Gamepad>>,
        ResMut<credits::CreditsOpen>,
        MessageWriter<AppExit>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    *insets = PanelInsets::default();
    egui::Window::new("Hollowdeep")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .default_width(720.0)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new("HOLLOWDEEP").size(44.0).color(GOLD).strong());
                ui.label(egui::RichText::new("Four heroes. One sorcerer. The dungeon below.").italics().size(16.0));
            });
            ui.separator();
            if let Some(m) = &problem.0 {
                ui.colored_label(egui::Color32::LIGHT_RED, m);
            }
            games_rows(ui, &mut state, &mut commands);
            if let Some(m) = &state.message {
                ui.colored_label(egui::Color32::LIGHT_RED, m);
            }
            let leave_out = settings.as_deref().is_some_and(|s| s.leave_out_unclaimed);
            let sorcerer_seat = settings.as_deref().and_then(|s| s.sorcerer_seat.clone());
            campaign_row(ui, &mut state, &mut commands, &seats, leave_out, &sorcerer_seat);
            ui.separator();
            ui.columns(2, |cols| {
                cols[0].label(egui::RichText::new("The quest book").strong().size(18.0));
                let TitleState { quests, selected, .. } = &mut *state;
                for (i, (id, q)) in quests.iter().enumerate() {
                    // The user's own quests are named by file; the built-in ones by id.
                    let path = std::path::Path::new(id);
                    let file = path
                        .file_name()
                        .map_or(id.clone(), |n| n.to_string_lossy().into_owned());
                    let yours = !quest::is_builtin(id);
                    match q {
                        Ok(q) => {
                            // The quest book is numbered; the user's own quests carry their file name.
                            let label = if yours {
                                format!("{}  ({file})", q.name)
                            } else {
                                format!("{}. {}", i + 1, q.name)
                            };
                            cols[0].selectable_value(selected, i, egui::RichText::new(label).size(16.0));
                        }
                        Err(e) => {
                            let name = file.clone();
                            // "file:line:col: message", without the folder the player put it in.
                            let first = e.lines().next().unwrap_or_default();
                            let first = path
                                .parent()
                                .and_then(|d| first.strip_prefix(&format!("{}/", d.display())))
                                .unwrap_or(first);
                            cols[0].selectable_value(
                                selected,
                                i,
                                egui::RichText::new(format!("{name} (broken)")).size(16.0).color(egui::Color32::LIGHT_RED),
                            );
                            cols[0].label(egui::RichText::new(first).small().color(egui::Color32::LIGHT_RED));
                        }
                    }
                }
                let sel = state.selected.min(state.quests.len().saturating_sub(1));
                match state.quests.get(sel).map(|(_, q)| q) {
                    Some(Ok(q)) => {
                        cols[1].label(egui::RichText::new(&q.name).strong().size(18.0).color(GOLD));
                        cols[1].label(&q.briefing);
                        cols[1].add_space(6.0);
                        cols[1].label(egui::RichText::new(format!("Goal: {}", q.objective.describe())).italics());
                        cols[1].label(format!("Heroes: {}", q.heroes.len()));
                        if !q.modules.is_empty() {
                            cols[1].label(format!("Played with: {}", q.modules.names().join(", ")));
                        }
                    }
                    Some(Err(e)) => {
                        cols[1].colored_label(egui::Color32::LIGHT_RED, e);
                    }
                    None => {
                        cols[1].label("No quests found.");
                    }
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Seed:");
                ui.add(egui::TextEdit::singleline(&mut state.seed).desired_width(120.0));
                ui.checkbox(&mut state.autoplay, "Let the computer play the heroes");
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Quit").clicked() {
                        exit.write(AppExit::Success);
                    }
                    if ui.button("Credits").clicked() {
                        credits.0 = !credits.0;
                    }
                    if ui.button("Options").clicked() {
                        options.0 = !options.0;
                    }
                    if ui.button("Players").clicked() {
                        players.0 = !players.0;
                    }
                });
            });
            if !state.autoplay
                && !seats.0.is_empty()
                && let Some((_, Ok(q))) = state.quests.get(state.selected)
            {
                // The players window decides who plays what; say it here.
                ui.horizontal_wrapped(|ui| {
                    ui.label("Players:");
                    for (i, s) in seats.0.iter().enumerate() {
                        let heroes: Vec<String> = s
                            .heroes
                            .iter()
                            .filter(|h| q.heroes.contains(h))
                            .map(|h| q.rules.heroes.get(h).map_or(h.clone(), |d| d.name.clone()))
                            .collect();
                        let heroes = if heroes.is_empty() { "no hero in this quest".to_string() } else { heroes.join(", ") };
                        ui.label(
                            egui::RichText::new(format!("{} ({heroes}; {})", s.player, s.device.label()))
                                .color(party::seat_colour(i)),
                        );
                    }
                    let cpu: Vec<String> = seats
                        .unclaimed(&q.heroes)
                        .into_iter()
                        .map(|h| q.rules.heroes.get(h).map_or(h.clone(), |d| d.name.clone()))
                        .collect();
                    if !cpu.is_empty() {
                        let who = if settings.as_deref().is_some_and(|s| s.leave_out_unclaimed) {
                            "left out"
                        } else {
                            "the computer"
                        };
                        ui.label(egui::RichText::new(format!("{who}: {}", cpu.join(", "))).weak());
                    }
                });
            } else if !state.autoplay
                && let Some((_, Ok(q))) = state.quests.get(state.selected)
            {
                let q = q.clone();
                ui.horizontal(|ui| {
                    ui.label("Computer companions:");
                    for class in &q.heroes {
                        let mut on = state.companions.contains(class);
                        let name = q.rules.heroes.get(class).map_or(class.clone(), |h| h.name.clone());
                        if ui.checkbox(&mut on, name).changed() {
                            if on {
                                state.companions.insert(class.clone());
                            } else {
                                state.companions.remove(class);
                            }
                        }
                    }
                });
            }
            ui.horizontal(|ui| {
                ui.label("Sorcerer:");
                for level in crate::ai::SorcererLevel::ALL {
                    ui.selectable_value(&mut state.sorcerer, level, level.as_str())
                        .on_hover_text(level.blurb());
                }
                ui.label(egui::RichText::new(state.sorcerer.blurb()).weak());
            });
            if let Some((_, Ok(q))) = state.quests.get(state.selected) {
                let q = q.clone();
                rules_row(ui, &q, &mut state.modules);
            }
            ui.add_space(6.0);
            ui.vertical_centered(|ui| {
                let ready = matches!(state.quests.get(state.selected), Some((_, Ok(_))));
                let begin = ui.add_enabled(ready, egui::Button::new(egui::RichText::new("Begin the quest").size(20.0)));
                // Enter begins too, unless a text field (the seed, a hero's name) has the keyboard.
                let enter = state.confirm.is_none()
                    && !ui.ctx().egui_wants_keyboard_input()
                    && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (begin.clicked() || (ready && enter))
                    && let Some((_, Ok(q))) = state.quests.get(state.selected) {
                        let seed = state.seed.trim().parse().unwrap_or(1);
                        let leave_out = settings.as_deref().is_some_and(|s| s.leave_out_unclaimed);
                        let table = table_quest(q, &state.companions, &seats, leave_out);
                        let quest = match table.0.with_modules(&state.modules) {
                            Ok(q) => Arc::new(q),
                            Err(e) => {
                                state.message = Some(e);
                                return;
                            }
                        };
                        let p = PendingQuest {
                            quest,
                            source: state.quests[state.selected].0.clone(),
                            restore: None,
                            own_file: None,
                            sorcerer_player: settings.as_deref().and_then(|s| s.sorcerer_seat.clone()),
                            campaign: false,
                            seed,
                            autoplay: state.autoplay,
                            opponents: crate::ai::Opponents { sorcerer: state.sorcerer, ..Default::default() },
                            companions: table.1,
                        };
                        start_or_ask(&mut state, &mut commands, p);
                    }
                ui.label(egui::RichText::new("Mouse: click a square to move, a monster to attack, a door to open. Keys: R roll, arrows move, X attack, O open, E end turn, U undo, F fast-forward.").small());
            });
        });
    // The side windows after the title window, so that they are drawn over it.
    confirm_window(ctx, &mut state, &mut commands);
    armory_window(ctx, &mut state);
    credits::credits_window(ctx, &mut credits);
    if let Some(settings) = settings.as_deref_mut() {
        options::options_window(ctx, &mut options, settings, &mut rebinding, &last);
        let heroes: Vec<(String, String)> = ["barbarian", "dwarf", "elf", "wizard"]
            .into_iter()
            .filter_map(|id| state.rules.heroes.get(id).map(|d| (id.to_string(), d.name.clone())))
            .collect();
        party::players_window(ctx, &mut players, settings, &mut seats, &heroes, pads.iter().count());
    }
    // What the title screen chose is kept for the next start.
    if let Some(s) = settings.as_deref_mut()
        && (s.sorcerer != state.sorcerer || s.companions != state.companions || s.modules != state.modules)
    {
        s.sorcerer = state.sorcerer;
        s.companions = state.companions.clone();
        s.modules = state.modules.clone();
    }
    Ok(())
}

/// The rule system the chosen quest is written for, and the modules a player may add to it: the
/// quest's own are ticked and fixed, the others can be ticked; those not playable yet are shown
/// greyed, with why.
fn rules_row(ui: &mut egui::Ui, q: &Quest, ticked: &mut Vec<String>) {
    use crate::rules::systems;
    ui.horizontal_wrapped(|ui| {
        ui.label("Rules:");
        match systems::rule_system(&q.rules.id) {
            Some(r) => ui.label(egui::RichText::new(r.name).strong()).on_hover_text(r.summary),
            None => ui.label(&q.rules.id),
        };
        ui.label(egui::RichText::new("Modules:").weak());
        let own = q.modules.ids();
        for (id, m) in systems::modules().filter(|(_, m)| m.on.contains(&q.rules.id.as_str())) {
            let mine = own.iter().any(|o| o == id);
            let mut on = mine || ticked.iter().any(|t| t == id);
            let hover = if mine {
                format!("{}\nThis quest is always played with it.", m.summary)
            } else {
                m.summary.to_string()
            };
            let r = ui
                .add_enabled(m.playable && !mine, egui::Checkbox::new(&mut on, m.name))
                .on_hover_text(&hover);
            if !m.playable {
                r.on_disabled_hover_text(m.summary);
            } else if r.changed() {
                ticked.retain(|t| t != id);
                if on {
                    ticked.push(id.to_string());
                }
            }
        }
    });
    if let Err(e) = q.with_modules(ticked) {
        ui.colored_label(egui::Color32::LIGHT_RED, e);
    }
}

#[expect(clippy::too_many_arguments, reason = "a Bevy system reads what it shows")]
fn play_panels(
    mut contexts: EguiContexts,
    quest: Option<Res<ActiveQuest>>,
    turn: Option<Res<Turn>>,
    heroes: Query<(
        &FigureId,
        &Hero,
        &Body,
        &Mind,
        &Fighter,
        &Equipment,
        Has<Dead>,
        Has<Escaped>,
        (&Inventory, &Status, &Spellbook),
    )>,
    log: Res<GameLog>,
    tray: Res<DiceTray>,
    mut shown: ResMut<Shown>,
    mut pace: ResMut<Pace>,
    controllers: Res<Controllers>,
    mut insets: ResMut<PanelInsets>,
    mut out: MessageWriter<Command>,
    (choices, spell_choices): (
        Option<Res<crate::view::highlights::HeroChoices>>,
        Option<Res<crate::view::highlights::SpellChoices>>,
    ),
    (mut card, time, tumble): (ResMut<log::CardPopup>, Res<Time>, Res<log::DiceTumble>),
    (seed, opponents, slot, undo, news): (
        Option<Res<Seed>>,
        Option<Res<crate::ai::Opponents>>,
        Option<Res<crate::save::autosave::SaveSlot>>,
        Res<crate::screen::UndoAvailable>,
        Option<Res<crate::campaign::CampaignNews>>,
    ),
    (mut next_screen, mut commands, sorcerer_seat): (
        ResMut<NextState<Screen>>,
        Commands,
        Option<Res<crate::input::seats::SorcererSeat>>,
    ),
    (mut settings, mut options, seats, mut seat_turn, menu, mut rebinding, last, mut paused, mut exit, mut watching): (
        Option<ResMut<Settings>>,
        ResMut<options::OptionsOpen>,
        Res<crate::input::seats::Seats>,
        ResMut<crate::input::seats::SeatTurn>,
        Res<crate::input::seats::ActionMenu>,
        ResMut<options::Rebinding>,
        Res<options::LastPress>,
        ResMut<crate::game::Paused>,
        MessageWriter<AppExit>,
        Option<ResMut<crate::game::Watching>>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if let Some(settings) = settings.as_deref_mut() {
        options::options_window(&ctx, &mut options, settings, &mut rebinding, &last);
    }
    let bindings = settings.as_deref().map(|s| s.bindings.clone()).unwrap_or_default();
    let (Some(quest), Some(turn)) = (quest, turn) else {
        return Ok(());
    };
    let q = &quest.0;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut heroes: Vec<_> = heroes.iter().collect();
    heroes.sort_by_key(|h| h.0);
    let active = match turn.phase {
        Phase::Hero(id) => Some(id),
        _ => None,
    };
    // The seat whose turn it is (when players are set up): its index and the hero's name.
    // (During the spell draft, the seat of the hero picking a school.)
    let seat = turn
        .draft
        .as_ref()
        .map(|d| d.next)
        .or(active)
        .filter(|_| controllers.human_to_act(&turn) && watching.is_none())
        .and_then(|id| heroes.iter().find(|h| *h.0 == id))
        .and_then(|h| seats.seat_of(&h.1.class).map(|i| (i, h.1.name.clone())));
    // A keyboard-only or gamepad player drives the menus with their device, not the mouse.
    let cursor_seat = seat
        .as_ref()
        .is_some_and(|(i, _)| seats.0[*i].device != crate::input::seats::Device::MouseKeyboard);

    // While the pause menu or the options are open they alone take input: the game's own
    // buttons can be neither clicked nor reached with Tab behind them.
    let menus_up = paused.0 || options.0;
    let left = egui::Panel::left("heroes")
        .resizable(false)
        .exact_size(250.0)
        .show(&mut root, |ui| {
            if menus_up {
                ui.disable();
            }
            ui.heading(egui::RichText::new("Heroes").color(GOLD));
            for (id, hero, body, mind, fighter, eq, dead, escaped, (inv, status, book)) in &heroes {
                let is_active = active == Some(**id);
                let frame = egui::Frame::group(ui.style()).fill(if is_active {
                    egui::Color32::from_rgb(60, 52, 30)
                } else {
                    egui::Color32::from_rgb(32, 30, 34)
                });
                frame.show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.label(egui::RichText::new(&hero.name).strong().size(17.0).color(if is_active {
                            GOLD
                        } else {
                            egui::Color32::WHITE
                        }));
                        if controllers.companions.contains(*id) && controllers.heroes == Controller::Human {
                            ui.label(egui::RichText::new("computer").small().weak())
                                .on_hover_text("A computer companion plays this hero.");
                        }
                        if *dead {
                            ui.colored_label(egui::Color32::LIGHT_RED, "fallen");
                        } else if *escaped {
                            ui.colored_label(egui::Color32::LIGHT_GREEN, "escaped");
                        } else if is_active {
                            ui.colored_label(
                                GOLD,
                                if !controllers.bot_plays(**id) {
                                    "— your turn"
                                } else {
                                    "— acting"
                                },
                            );
                        }
                    });
                    let frac = body.current as f32 / body.max.max(1) as f32;
                    ui.add(
                        egui::ProgressBar::new(frac)
                            .text(format!("Body {}/{}", body.current, body.max))
                            .fill(egui::Color32::from_rgb(150, 40, 35)),
                    );
                    ui.label(format!(
                        "Mind {}/{}   Attack {}   Defend {}",
                        mind.current, mind.max, fighter.attack, fighter.defend
                    ));
                    let weapon = eq
                        .weapon
                        .as_ref()
                        .map_or("bare hands".to_string(), |w| q.rules.thing_name(w));
                    let moves = match fighter.movement {
                        Movement::Dice(n) => format!("{n}d6"),
                        Movement::Fixed(n) => n.to_string(),
                    };
                    // The active hero's player changes weapons here (free), or in the action
                    // bar and the keyboard and gamepad menu.
                    let spare: Vec<&String> = eq
                        .items
                        .iter()
                        .filter(|w| q.rules.weapons.contains_key(*w))
                        .filter(|w| {
                            crate::game::logic::may_carry(&q.rules, &hero.class, w, &Default::default()).is_ok()
                        })
                        .collect();
                    if is_active && !controllers.bot_plays(**id) && !spare.is_empty() && !*dead && !*escaped {
                        ui.horizontal(|ui| {
                            ui.spacing_mut().item_spacing.x = 4.0;
                            ui.label(egui::RichText::new("Weapon:").small());
                            ui.menu_button(egui::RichText::new(format!("{weapon} (change)")).small(), |ui| {
                                for w in &spare {
                                    let d = &q.rules.weapons[*w];
                                    let reach = if d.diagonal { ", diagonal" } else { "" };
                                    let label = format!(
                                        "Take {} in hand ({} dice{reach})",
                                        crate::game::describe::the(&d.name),
                                        d.attack
                                    );
                                    if ui.button(label).clicked() {
                                        out.write(Command::Wield {
                                            hero: **id,
                                            weapon: (*w).clone(),
                                        });
                                        ui.close();
                                    }
                                }
                            })
                            .response
                            .on_hover_text("Change the weapon in hand: free, on this hero's turn");
                            ui.label(egui::RichText::new(format!("  Move: {moves}")).small());
                        });
                    } else {
                        ui.label(egui::RichText::new(format!("Weapon: {weapon}   Move: {moves}")).small());
                    }
                    let carried: Vec<String> = eq.items.iter().map(|i| q.rules.thing_name(i)).collect();
                    if !carried.is_empty() {
                        ui.label(egui::RichText::new(format!("Carries: {}", carried.join(", "))).small());
                    }
                    let mut potions: Vec<String> = inv.potions.iter().map(|p| q.rules.thing_name(p)).collect();
                    potions.sort();
                    ui.label(
                        egui::RichText::new(format!(
                            "Gold {}   Potions: {}",
                            inv.gold,
                            if potions.is_empty() {
                                "none".to_string()
                            } else {
                                potions.join(", ")
                            }
                        ))
                        .small(),
                    );
                    if !status.0.is_empty() {
                        let st: Vec<String> = status.0.iter().map(|s| format!("{s:?}")).collect();
                        ui.label(
                            egui::RichText::new(st.join(", "))
                                .small()
                                .color(egui::Color32::from_rgb(150, 200, 250)),
                        );
                    }
                    if !book.spells.is_empty() {
                        let ready = book.ready().count();
                        ui.label(
                            egui::RichText::new(format!(
                                "Spells {ready}/{} ({})",
                                book.spells.len(),
                                book.schools.join(", ")
                            ))
                            .small()
                            .color(egui::Color32::from_rgb(130, 180, 250)),
                        )
                        .on_hover_text(
                            book.spells
                                .iter()
                                .map(|sp| {
                                    let used = if book.cast.contains(sp) { " (cast)" } else { "" };
                                    format!("{}{used}", q.rules.thing_name(sp))
                                })
                                .collect::<Vec<_>>()
                                .join("\n"),
                        );
                    }
                });
            }
        })
        .response
        .rect
        .width();

    let right = egui::Panel::right("quest")
        .resizable(false)
        .exact_size(360.0)
        .show(&mut root, |ui| {
            if menus_up {
                ui.disable();
            }
            ui.heading(egui::RichText::new(&q.name).color(GOLD));
            if !q.modules.is_empty() {
                ui.label(
                    egui::RichText::new(format!("Played with: {}", q.modules.names().join(", ")))
                        .small()
                        .color(egui::Color32::from_rgb(190, 150, 220)),
                );
            }
            ui.label(egui::RichText::new(format!("Goal: {}", q.objective.describe())).italics());
            // Once the goal is met, what is left to do.
            let escape = matches!(q.objective.kind, quest::ObjectiveKind::Escape(_));
            if turn.objective_done && matches!(turn.phase, Phase::Hero(_) | Phase::Sorcerer) {
                let left = if escape {
                    "A hero is out! The others must reach the way out too."
                } else {
                    "Goal achieved! Every hero who reaches the stairway climbs out."
                };
                ui.label(egui::RichText::new(left).color(egui::Color32::from_rgb(140, 220, 130)));
            }
            egui::CollapsingHeader::new("Briefing")
                .default_open(shown.briefing_open)
                .show(ui, |ui| {
                    ui.label(&q.briefing);
                });
            ui.separator();
            let who = match turn.phase {
                Phase::Hero(id) => {
                    heroes
                        .iter()
                        .find(|h| *h.0 == id)
                        .map_or("A hero".to_string(), |h| h.1.name.clone())
                        + "'s turn"
                }
                Phase::Sorcerer => "The sorcerer's turn".into(),
                Phase::Over(Outcome::Won) => "Victory!".into(),
                Phase::Over(Outcome::Lost) => "Defeat".into(),
                Phase::Over(Outcome::Retreated) => "Retreat".into(),
            };
            if let Some(e) = slot.as_ref().and_then(|s| s.error.as_ref()) {
                ui.colored_label(egui::Color32::LIGHT_RED, egui::RichText::new(e).small());
            }
            ui.label(
                egui::RichText::new(format!("Round {} — {who}", turn.round))
                    .size(17.0)
                    .strong(),
            );
            // Whose hands the turn is in: the seat's player, in the seat's colour, and the device.
            if let Some((i, hero)) = &seat {
                let s = &seats.0[*i];
                ui.label(
                    egui::RichText::new(format!("{} plays {hero} — {}", s.player, s.device.label()))
                        .size(16.0)
                        .strong()
                        .color(party::seat_colour(*i)),
                );
                if s.device != crate::input::seats::Device::MouseKeyboard {
                    let pad = matches!(s.device, crate::input::seats::Device::Gamepad(_));
                    let b = |a| bindings.first_for(a, pad);
                    use crate::input::seats::Action as A;
                    ui.label(
                        egui::RichText::new(format!(
                            "Move the cursor: {} · act on its square: {} · roll: {} · attack: {} · actions menu: {} · end turn: {} · undo: {} · put a card away: {}",
                            bindings.cursor_for(pad),
                            b(A::Confirm),
                            b(A::Roll),
                            b(A::Attack),
                            b(A::Menu),
                            b(A::EndTurn),
                            b(A::Undo),
                            b(A::Back)
                        ))
                        .small(),
                    );
                }
            }
            if let Some(w) = watching.as_deref_mut() {
                // Watching a replay: its own controls, no hero's.
                ui.label(
                    egui::RichText::new(format!("Replay: command {} of {}", w.next, w.commands.len()))
                        .strong(),
                );
                ui.horizontal(|ui| {
                    let done = w.next >= w.commands.len();
                    let label = if w.playing { "Pause (Space)" } else { "Play (Space)" };
                    if ui.add_enabled(!done, egui::Button::new(label)).clicked() {
                        w.playing = !w.playing;
                    }
                    if ui.add_enabled(!done, egui::Button::new("Step (Right arrow)")).clicked() {
                        w.playing = false;
                        w.step = true;
                    }
                    if done {
                        ui.label(egui::RichText::new("The replay is over.").weak());
                    }
                });
                let keys = ui.input(|i| (i.key_pressed(egui::Key::Space), i.key_pressed(egui::Key::ArrowRight)));
                if keys.0 {
                    w.playing = !w.playing;
                }
                if keys.1 {
                    w.playing = false;
                    w.step = true;
                }
            }
            if let Some(id) = active {
                let p = turn.progress(id);
                ui.label(turn_status(&p));
                if turn.draft.is_some() {
                    ui.label(egui::RichText::new("The spellcasters are choosing their schools of magic.").italics());
                } else if watching.is_some() {
                    ui.label(egui::RichText::new("Watching a replay.").small());
                } else if controllers.human_to_act(&turn) {
                    ui.horizontal_wrapped(|ui| {
                        if ui
                            .add_enabled(
                                p.allowance.is_none() && p.moving != MoveState::Done,
                                egui::Button::new("Roll to move (R)"),
                            )
                            .clicked()
                        {
                            out.write(Command::RollMovement { hero: id });
                        }
                        if let Some(choices) = &choices {
                            // Weapons are changed on the hero card (the keyboard and gamepad
                            // menu lists them too).
                            for (label, cmd) in choices.0.iter().filter(|(_, c)| !matches!(c, Command::Wield { .. })) {
                                if ui.button(label).clicked() {
                                    out.write(cmd.clone());
                                }
                            }
                        }
                        if ui.button("End turn (E)").clicked() {
                            out.write(Command::EndTurn);
                        }
                        let undo = ui
                            .add_enabled(undo.0.is_ok(), egui::Button::new("Undo (U)"))
                            .on_hover_text("Take back the last move, if it rolled no dice and revealed nothing.")
                            .on_disabled_hover_text(undo.0.as_ref().err().cloned().unwrap_or_default());
                        if undo.clicked() {
                            commands.insert_resource(crate::screen::UndoRequest);
                        }
                    });
                    if let Err(why) = &undo.0 {
                        ui.label(egui::RichText::new(why).small().weak());
                    }
                    if let Some(spells) = &spell_choices
                        && !spells.0.is_empty()
                    {
                        ui.label(
                            egui::RichText::new("Spells")
                                .strong()
                                .color(egui::Color32::from_rgb(130, 180, 250)),
                        );
                        ui.horizontal_wrapped(|ui| {
                            for (_, name, text, targets) in &spells.0 {
                                if targets.is_empty() {
                                    ui.add_enabled(false, egui::Button::new(name.as_str()))
                                        .on_disabled_hover_text(format!("{text}\n(No target in sight.)"));
                                    continue;
                                }
                                ui.menu_button(name.as_str(), |ui| {
                                    ui.label(egui::RichText::new(text).small().italics());
                                    for (label, cmd) in targets {
                                        if ui.button(label).clicked() {
                                            out.write(cmd.clone());
                                            ui.close();
                                        }
                                    }
                                })
                                .response
                                .on_hover_text(text.as_str());
                            }
                        });
                    }
                    ui.label(
                        egui::RichText::new(
                            "Click a green square to move, a red-ringed monster to attack, a marked door to open it.",
                        )
                        .small(),
                    );
                } else {
                    ui.label(egui::RichText::new("The computer is playing the heroes.").small());
                }
            }
            ui.horizontal(|ui| {
                ui.checkbox(&mut pace.fast_forward, "Fast-forward (F)");
                if ui.small_button("Menu (Esc)").clicked() {
                    paused.0 = true;
                }
                let level = opponents.as_deref().copied().unwrap_or_default().sorcerer;
                ui.label(
                    egui::RichText::new(format!("Sorcerer: {}", level.as_str()))
                        .small()
                        .weak(),
                )
                .on_hover_text(level.blurb());
            });
            ui.separator();
            ui.label(egui::RichText::new("Dice").strong());
            // Fresh dice tumble for a moment (not with reduced motion), faster at higher speeds.
            let (speed, still) = settings.as_deref().map_or((1.0, false), |s| (s.animation_speed, s.reduced_motion));
            let tumbling = tumble
                .since
                .map(|t| time.elapsed_secs() - t)
                .filter(|age| !still && *age < log::TUMBLE_SECONDS / speed)
                .map(|age| (age * 30.0) as u32);
            log::dice_tray(ui, &tray, tumbling);
            ui.separator();
            ui.label(egui::RichText::new("Log").strong());
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for line in log.lines.iter().rev().take(200).collect::<Vec<_>>().into_iter().rev() {
                        ui.label(egui::RichText::new(&line.text).color(line.color));
                    }
                });
        })
        .response
        .rect
        .width();
    shown.briefing_open = false;
    // The pause menu: the computer waits, and the game takes no input but this window's.
    if paused.0 && !matches!(turn.phase, Phase::Over(_)) {
        egui::Window::new("Paused")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
            .show(&ctx, |ui| {
                ui.vertical_centered_justified(|ui| {
                    if ui.button(egui::RichText::new("Go on (Esc)").size(18.0)).clicked() {
                        paused.0 = false;
                    }
                    if ui.button(egui::RichText::new("Options").size(18.0)).clicked() {
                        options.0 = true;
                    }
                    if ui
                        .button(egui::RichText::new("Back to the title screen").size(18.0))
                        .on_hover_text(
                            "The quest is saved after every command: Continue on the title screen picks it up here.",
                        )
                        .clicked()
                    {
                        paused.0 = false;
                        next_screen.set(Screen::Title);
                    }
                    if ui.button(egui::RichText::new("Quit the game").size(18.0)).clicked() {
                        exit.write(AppExit::Success);
                    }
                    let saved = match slot.as_ref().map(|s| (&s.path, &s.dir)) {
                        Some((Some(path), _)) => format!(
                            "The quest is saved after every command, in {}.",
                            path.file_name()
                                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
                        ),
                        Some((None, Some(_))) => "The quest is saved after every command, from your first move.".into(),
                        _ => "This game is not being saved.".into(),
                    };
                    ui.label(egui::RichText::new(saved).small().weak()).on_hover_text(
                        slot.as_ref()
                            .and_then(|s| s.path.as_ref())
                            .map_or_else(String::new, |p| p.display().to_string()),
                    );
                });
            });
    }
    // A seat that shares its device with the last one waits for its player to take it.
    if let Some(i) = seat_turn.hand_over
        && let Some(s) = seats.0.get(i)
    {
        let hero = active
            .and_then(|id| heroes.iter().find(|h| *h.0 == id))
            .map_or(String::new(), |h| h.1.name.clone());
        let pad = matches!(s.device, crate::input::seats::Device::Gamepad(_));
        let confirm = bindings.first_for(crate::input::seats::Action::Confirm, pad);
        egui::Window::new("Hand over")
            .enabled(!menus_up)
            .collapsible(false)
            .resizable(false)
            .title_bar(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .frame(egui::Frame::window(&ctx.global_style()).stroke(egui::Stroke::new(3.0, party::seat_colour(i))))
            .show(&ctx, |ui| {
                ui.label(
                    egui::RichText::new(format!("{}, it is your turn", s.player))
                        .size(24.0)
                        .color(party::seat_colour(i)),
                );
                ui.label(format!("{hero}'s turn. Pass the {} to {}.", s.device.noun(), s.player));
                ui.label(format!("{}: press {confirm} when you have it.", s.player));
                if ui.button("Ready").clicked() {
                    seat_turn.hand_over = None;
                }
            });
    }
    // The action menu of a keyboard-only or gamepad player.
    if menu.open
        && seat_turn.hand_over.is_none()
        && let Some((i, _)) = seat
    {
        let lines = match &turn.draft {
            Some(d) => {
                let picker = heroes.iter().find(|h| *h.0 == d.next).map(|h| h.1.class.clone());
                crate::input::seats::draft_lines(&q.rules, d, picker.as_deref())
            }
            None => crate::input::seats::menu_from(
                choices.as_deref().map_or(&Default::default(), |c| c),
                spell_choices.as_deref().map_or(&Default::default(), |c| c),
            ),
        };
        let title = if turn.draft.is_some() {
            "Choose a school of magic"
        } else {
            "What will you do?"
        };
        egui::Window::new(title)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .frame(egui::Frame::window(&ctx.global_style()).stroke(egui::Stroke::new(2.0, party::seat_colour(i))))
            .show(&ctx, |ui| {
                let pad = seats
                    .0
                    .get(i)
                    .is_some_and(|s| matches!(s.device, crate::input::seats::Device::Gamepad(_)));
                use crate::input::seats::Action as A;
                ui.label(
                    egui::RichText::new(format!(
                        "{} / {} to choose, {} to do it, {} to close",
                        bindings.first_for(A::Up, pad),
                        bindings.first_for(A::Down, pad),
                        bindings.first_for(A::Confirm, pad),
                        bindings.first_for(A::Back, pad)
                    ))
                    .small()
                    .weak(),
                );
                for (k, (label, _)) in lines.iter().enumerate() {
                    let text = egui::RichText::new(label).size(16.0);
                    if k == menu.index {
                        ui.label(
                            text.strong()
                                .background_color(party::seat_colour(i))
                                .color(egui::Color32::BLACK),
                        );
                    } else {
                        ui.label(text);
                    }
                }
            });
    }
    // Panel widths are in egui points; the board is laid out in window pixels.
    let zoom = ctx.zoom_factor();
    *insets = PanelInsets {
        left: left * zoom,
        right: right * zoom,
        top: 0.0,
        bottom: 0.0,
    };

    if let Some(draft) = &turn.draft
        && controllers.human_to_act(&turn)
        && !cursor_seat
        && watching.is_none()
    {
        let picker = heroes
            .iter()
            .find(|h| *h.0 == draft.next)
            .map_or("A hero".to_string(), |h| h.1.name.clone());
        let suggested = heroes
            .iter()
            .find(|h| *h.0 == draft.next)
            .and_then(|h| crate::input::seats::suggested_school(&h.1.class));
        egui::Window::new("The spell draft")
            .enabled(!menus_up)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-55.0, 0.0))
            .show(&ctx, |ui| {
                ui.label(
                    egui::RichText::new(format!("{picker}, choose a school of magic."))
                        .size(17.0)
                        .color(GOLD),
                );
                // Who picks, in the draft's own order (a quest without an Elf has no Elf in it).
                // "the Wizard" for a hero called by its kind; a party's own name as it is.
                let name = |id: FigureId| {
                    heroes.iter().find(|h| *h.0 == id).map_or("a hero".to_string(), |h| {
                        let kind = q.rules.heroes.get(&h.1.class).map(|d| d.name.as_str());
                        if kind == Some(h.1.name.as_str()) {
                            format!("the {}", h.1.name)
                        } else {
                            h.1.name.clone()
                        }
                    })
                };
                let order: Vec<(String, u8)> = draft.order.iter().map(|(id, n)| (name(*id), *n)).collect();
                let how = crate::text::capital(&match order.as_slice() {
                    [(only, n)] => format!("{only} chooses {n} schools, one at a time."),
                    [(first, _), rest @ ..] => format!(
                        "{first} chooses first, then {}; {first} receives the schools left over.",
                        rest.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", then ")
                    ),
                    [] => String::new(),
                });
                ui.label(how);
                for school in &draft.left {
                    let spells: Vec<String> = q.rules.schools[school].iter().map(|s| q.rules.thing_name(s)).collect();
                    ui.horizontal(|ui| {
                        if ui.button(egui::RichText::new(school.to_uppercase()).strong()).clicked() {
                            out.write(Command::ChooseSchool {
                                hero: draft.next,
                                school: school.clone(),
                            });
                        }
                        ui.label(spells.join(" · "));
                        if suggested == Some(school.as_str()) {
                            ui.label(egui::RichText::new("suggested for a first game").italics().weak());
                        }
                    });
                }
            });
    }
    if card.showing(time.elapsed_secs()) {
        let mut close = false;
        // Below the board's middle, where the stairway and the first corridors are seldom.
        egui::Window::new(egui::RichText::new(&card.title).color(card.color).strong())
            .enabled(!menus_up)
            .id(egui::Id::new("card_popup"))
            .collapsible(false)
            .resizable(false)
            .title_bar(true)
            .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(-55.0, -12.0))
            .default_width(380.0)
            .show(&ctx, |ui| {
                ui.label(egui::RichText::new(&card.text).size(15.0));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                    close = ui.small_button("OK").clicked();
                });
            });
        if close {
            card.since = None;
        }
    }
    if let Phase::Over(outcome) = turn.phase {
        egui::Window::new(match outcome {
            Outcome::Won => "Victory!",
            Outcome::Lost => "Defeat",
            Outcome::Retreated => "Retreat",
        })
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-55.0, 0.0))
        .show(&ctx, |ui| {
            ui.label(match outcome {
                Outcome::Won => format!("The heroes have completed \"{}\" in {} rounds.", q.name, turn.round),
                Outcome::Lost => {
                    "All the heroes have fallen. The sorcerer's laughter echoes through the halls.".to_string()
                }
                Outcome::Retreated => "The heroes have fled up the stairway; the quest is left unfinished.".to_string(),
            });
            let campaign = slot.as_ref().is_some_and(|s| s.campaign);
            if campaign {
                match news.as_ref().map(|n| &n.0) {
                    Some(Ok(next)) => {
                        ui.label(
                            "The party keeps its gold, potions and gear; a hero who fell is replaced by a new one.",
                        );
                        ui.label(match next {
                            Some(name) => format!("Next in the quest book: {name}."),
                            None => "The quest book is done: the campaign is won!".to_string(),
                        });
                    }
                    Some(Err(e)) => {
                        ui.colored_label(
                            egui::Color32::LIGHT_RED,
                            format!("The campaign could not be updated: {e}"),
                        );
                    }
                    None => {}
                }
            }
            ui.horizontal(|ui| {
                let next_seed = seed.as_ref().map_or(1, |s| s.0.wrapping_add(1));
                let companions: Vec<String> = heroes
                    .iter()
                    .filter(|h| controllers.companions.contains(h.0))
                    .map(|h| h.1.class.clone())
                    .collect();
                if campaign {
                    if ui.button("Go on with the campaign").clicked() {
                        match PendingQuest::campaign_next(
                            next_seed,
                            opponents.as_deref().copied().unwrap_or_default(),
                            controllers.heroes == Controller::Bot,
                            companions.clone(),
                        ) {
                            Ok(mut p) => {
                                p.sorcerer_player = sorcerer_seat.as_deref().cloned();
                                commands.insert_resource(p)
                            }
                            Err(_) => next_screen.set(Screen::Title),
                        }
                    }
                } else if ui.button("Play again").clicked() {
                    commands.insert_resource(PendingQuest {
                        quest: quest.0.clone(),
                        source: slot.as_ref().map_or_else(|| q.id.clone(), |s| s.source.clone()),
                        restore: None,
                        own_file: None,
                        sorcerer_player: sorcerer_seat.as_deref().cloned(),
                        campaign: false,
                        seed: next_seed,
                        autoplay: controllers.heroes == Controller::Bot,
                        opponents: opponents.as_deref().copied().unwrap_or_default(),
                        companions,
                    });
                }
                if ui.button("Back to the title screen").clicked() {
                    next_screen.set(Screen::Title);
                }
            });
        });
    }
    Ok(())
}

/// The status line of the hero whose turn it is: "Movement: 1 square left   Action: ready".
pub fn turn_status(p: &crate::game::model::Progress) -> String {
    let mv = match (p.allowance, p.moving) {
        (None, MoveState::Done) => "moved".to_string(),
        (None, _) => "not rolled".to_string(),
        (Some(_), MoveState::Done) => "movement used".to_string(),
        (Some(_), _) => format!(
            "{} square{} left",
            p.steps_left(),
            crate::game::describe::plural(p.steps_left() as u32)
        ),
    };
    format!("Movement: {mv}   Action: {}", if p.acted { "used" } else { "ready" })
}
