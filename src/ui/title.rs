//! The title screen: games in progress and the questions it asks before one is left or deleted
//! (`games`), the campaign and its armory (`campaign`), the quest book, the table's choices
//! (seed, companions, the sorcerer, the rules and modules), LEGO Heroica's rows (`heroica`) and
//! the way into the editor (`editor_row`).

use super::*;

mod campaign;
mod editor_row;
mod games;
mod heroica;
use campaign::{CampaignSlot, armory_window, campaign_row};
use games::{Confirm, confirm_window, games_rows, resume, start_or_ask};
use heroica::{computer_heroes, epic_row, heroica_heroes_row, set_computer_hero};

/// A hero's name as its rule system gives it.
fn hero_name(q: &Quest, class: &str) -> String {
    if q.mission.is_some() {
        return crate::rules::heroica::HeroicaTables::get()
            .heroes
            .get(class)
            .map_or(class.to_string(), |d| d.name.clone());
    }
    q.rules.heroes.get(class).map_or(class.to_string(), |d| d.name.clone())
}

fn quest_list() -> Vec<(String, Result<Arc<Quest>, String>)> {
    quest::catalogue(crate::save::user_quest_dir().as_deref())
}

/// The title screen's choices.
#[derive(Resource)]
pub(super) struct TitleState {
    quests: Vec<(String, Result<Arc<Quest>, String>)>,
    /// The games in progress on disk, newest first.
    games: Vec<crate::save::games::GameFile>,
    /// A question waiting for the player's answer.
    confirm: Option<Confirm>,
    /// A problem to show (a save whose quest no longer loads).
    message: Option<String>,
    /// The campaigns, one a HeroQuest edition (2021's first, then Revised's), each as on disk.
    campaigns: Vec<CampaignSlot>,
    /// The campaign (its place in `campaigns`) and hero whose party window is open.
    armory_for: Option<(usize, String)>,
    /// The town's counter the party window shows (a shop's id, or the Guild Hall).
    counter: String,
    /// The 2021 rule set, parsed once: its heroes are the ones the players claim.
    rules: Arc<crate::rules::ruleset::RuleSet>,
    selected: usize,
    seed: String,
    autoplay: bool,
    sorcerer: crate::ai::SorcererLevel,
    /// Heroes (rule-set ids) the computer plays beside the people.
    companions: std::collections::BTreeSet<String>,
    /// Modules ticked to play with besides the quest's own (ids).
    modules: Vec<String>,
    /// The rule system chosen for a quest written for several (an id); None: the quest's own.
    rule_system: Option<String>,
    /// The heroes the computer races in a LEGO Heroica mission, once the player has ticked them
    /// (None: every hero but the first).
    rivals: Option<std::collections::BTreeSet<String>>,
    /// The heroes who begin a new Epic Heroica campaign (seat order).
    epic_heroes: Vec<String>,
    /// The seats of a new Epic that people play (the others the computer races).
    epic_people: std::collections::BTreeSet<usize>,
    /// The heroes chosen for a LEGO Heroica mission, by the mission's id (in seat order).
    heroica_heroes: std::collections::BTreeMap<String, Vec<String>>,
    /// The quest files last read again because they changed on disk (hot reload).
    reread: Option<String>,
    /// A dungeon being generated (issue 38): its seed and the thread making it.
    generating: Option<editor_row::Generating>,
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
            generating: None,
            campaigns: CampaignSlot::editions(),
            armory_for: None,
            counter: String::new(),
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
            rule_system: None,
            rivals: None,
            heroica_heroes: Default::default(),
            epic_heroes: crate::quest::DEFAULT_HEROES.iter().map(|h| h.to_string()).collect(),
            epic_people: [0].into(),
            reread: None,
        }
    }
}

/// Back on the title screen: the save and the user's quests may have changed.
pub(super) fn refresh_title(
    mut state: ResMut<TitleState>,
    settings: Option<Res<Settings>>,
    town: Option<Res<super::OpenTown>>,
    mut commands: Commands,
) {
    if let Some(s) = settings {
        state.sorcerer = s.sorcerer;
        state.companions = s.companions.clone();
        state.modules = s.modules.clone();
        state.rule_system = s.rule_system.clone();
    }
    state.games = crate::save::games::in_progress_here();
    state.confirm = None;
    for slot in &mut state.campaigns {
        slot.file = look_for_campaign(&slot.rules.id);
    }
    // Come from a quest's end to the town: its window open on the first hero, at the Guild Hall.
    if let Some(town) = town {
        commands.remove_resource::<super::OpenTown>();
        let at = state.campaigns.iter().position(|c| c.rules.id == town.0);
        if let Some(at) = at
            && let Some(Ok(c)) = &state.campaigns[at].file
        {
            state.armory_for = c.party.keys().next().cloned().map(|h| (at, h));
            state.counter = "guild".into();
        }
    }
    state.quests = quest_list();
    state.choose_heroes_again();
    state.selected = state.selected.min(state.quests.len().saturating_sub(1));
}

impl TitleState {
    /// The quest book read anew: each mission played by the heroes chosen for it.
    fn choose_heroes_again(&mut self) {
        for (id, q) in &mut self.quests {
            if let (Ok(quest), Some(heroes)) = (q.as_ref(), self.heroica_heroes.get(id))
                && let Ok(with) = quest.with_mission_heroes(heroes)
            {
                *q = Ok(Arc::new(with));
            }
        }
    }

    /// Quest files changed on disk: the quest book is read again, the same quest stays chosen,
    /// and the book says which files were read.
    pub(super) fn reread_quests(&mut self, changed: &[std::path::PathBuf]) {
        let chosen = self.quests.get(self.selected).map(|(id, _)| id.clone());
        self.quests = quest_list();
        self.choose_heroes_again();
        self.selected = chosen
            .and_then(|id| self.quests.iter().position(|(i, _)| *i == id))
            .unwrap_or(self.selected)
            .min(self.quests.len().saturating_sub(1));
        let names: Vec<String> = changed
            .iter()
            .map(|p| p.file_name().unwrap_or_default().to_string_lossy().into_owned())
            .collect();
        self.reread = Some(format!("Read again: {}", names.join(", ")));
    }
}

/// The layout tour's title screens (`ui::tour`): chosen and opened as the title's own rows do.
pub(super) fn tour(state: &mut TitleState, what: super::tour::TitleTour) -> Result<(), String> {
    use super::tour::TitleTour as T;
    // A question the last screen asked is answered "no" first.
    state.confirm = None;
    match what {
        T::First => state.selected = 0,
        T::Last => state.selected = state.quests.len().saturating_sub(1),
        T::Mission => {
            state.selected = state
                .quests
                .iter()
                .position(|(_, q)| q.as_ref().is_ok_and(|q| q.mission.is_some()))
                .ok_or("no LEGO Heroica mission in the quest book")?;
        }
        T::AskBegin => {
            let Some((id, Ok(q))) = state.quests.first() else {
                return Err("the quest book is empty".into());
            };
            let p = PendingQuest {
                quest: q.clone(),
                source: id.clone(),
                seed: 1,
                autoplay: false,
                opponents: Default::default(),
                companions: Vec::new(),
                restore: None,
                own_file: None,
                sorcerer_player: None,
                campaign: false,
            };
            state.confirm = Some(Confirm::Begin(Box::new(p), None));
        }
        T::AskDelete => {
            let g = state.games.first().ok_or("no game in progress to delete")?;
            state.confirm = Some(Confirm::Delete(g.path.clone(), g.title()));
        }
        T::Armory | T::Town(_) | T::TownShut => {
            let (at, counter) = match what {
                T::Town(counter) => (1, counter.to_string()),
                T::TownShut => (1, String::new()),
                _ => (0, String::new()),
            };
            let slot = state.campaigns.get_mut(at).ok_or("no such campaign")?;
            if !matches!(slot.file, Some(Ok(_))) {
                let fresh = crate::campaign::Campaign::new(&slot.rules);
                let path = fresh.path().ok_or("no data folder: no campaign")?;
                fresh.write(&path)?;
                slot.file = Some(Ok(fresh));
            }
            if let Some(Ok(c)) = &mut slot.file {
                // In memory only: the campaign in the middle of a Series, a valuable carried.
                if matches!(what, T::TownShut) {
                    c.series = Some("Grak's Letter".into());
                    if let Some(h) = c.party.values_mut().next() {
                        h.items.push("silver_chalice".into());
                    }
                }
                state.armory_for = c.party.keys().next().cloned().map(|h| (at, h));
            }
            state.counter = counter;
        }
    }
    Ok(())
}

fn look_for_campaign(rules: &str) -> Option<Result<crate::campaign::Campaign, String>> {
    let path = crate::campaign::campaign_path_for(rules)?;
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

pub(super) fn title_screen(
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
    (art, images, mut banner): (
        Option<Res<crate::view::art::Art>>,
        Res<Assets<Image>>,
        Local<super::title_art::BannerIcons>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen_h = ctx.content_rect().height();
    let book_h = (screen_h - 560.0).clamp(130.0, 420.0);
    let icons = super::title_art::banner_icons(ctx, art.as_deref(), &images, &mut banner);
    *insets = PanelInsets::default();
    egui::Window::new("Hollowdeep")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .default_width(720.0)
        // Never wider than the window either, at any interface scale.
        .max_width((ctx.content_rect().width() - 24.0).min(720.0))
        .show(ctx, |ui| {
            // Never taller than the window (issue 39): the quest book and the briefing scroll in
            // a height the screen leaves them, and on a screen smaller still the whole title
            // scrolls, so Begin is always there.
            let tallest = (screen_h - 40.0).max(200.0);
            let whole = egui::ScrollArea::vertical().max_height(tallest).min_scrolled_height(tallest);
            super::fit::scrolled(ui, whole, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new("HOLLOWDEEP").size(44.0).color(GOLD).strong());
                // The words match the game chosen (issue 39): a LEGO Heroica mission has no sorcerer.
                let heroica = matches!(state.quests.get(state.selected), Some((_, Ok(q))) if q.mission.is_some());
                let tagline = if heroica {
                    "Up to four heroes race for the target. The monsters stand in the way."
                } else {
                    "Four heroes. One sorcerer. The dungeon below."
                };
                ui.label(egui::RichText::new(tagline).italics().size(16.0));
            });
            super::title_art::banner(ui, &icons);
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
            for at in 0..state.campaigns.len() {
                campaign_row(ui, &mut state, at, &mut commands, &seats, leave_out, &sorcerer_seat);
            }
            epic_row(ui, &mut state, &mut commands);
            ui.separator();
            ui.columns(2, |cols| {
                cols[0].label(egui::RichText::new("The quest book").strong().size(18.0));
                if let Some(r) = &state.reread {
                    cols[0].label(egui::RichText::new(r).small().color(GOLD));
                }
                // Up and Down choose the quest (issue 39), unless a text field or a window has
                // the keyboard; the chosen one is scrolled into sight.
                let arrows = if state.confirm.is_none() && !cols[0].ctx().egui_wants_keyboard_input() {
                    cols[0].input(|i| i32::from(i.key_pressed(egui::Key::ArrowDown)) - i32::from(i.key_pressed(egui::Key::ArrowUp)))
                } else {
                    0
                };
                let TitleState { quests, selected, .. } = &mut *state;
                if arrows != 0 && !quests.is_empty() {
                    *selected = (*selected as i32 + arrows).clamp(0, quests.len() as i32 - 1) as usize;
                }
                let book = egui::ScrollArea::vertical().id_salt("quest book").max_height(book_h);
                super::fit::scrolled(&mut cols[0], book, |col| {
                for (i, (id, q)) in quests.iter().enumerate() {
                    // The user's own quests are named by file; the built-in ones by id.
                    let path = std::path::Path::new(id);
                    let file = path
                        .file_name()
                        .map_or(id.clone(), |n| n.to_string_lossy().into_owned());
                    let yours = !quest::is_builtin(id);
                    match q {
                        Ok(q) => {
                            // The quest book is numbered; the user's own quests carry their file name;
                            // LEGO Heroica's missions say so.
                            let heroica = if q.mission.is_some() { "Heroica: " } else { "" };
                            let label = if yours {
                                format!("{heroica}{}  ({file})", q.name)
                            } else if q.mission.is_some() {
                                format!("{heroica}{}", q.name)
                            } else {
                                format!("{}. {}", i + 1, q.name)
                            };
                            let row = col.selectable_value(selected, i, egui::RichText::new(label).size(16.0));
                            if arrows != 0 && *selected == i {
                                row.scroll_to_me(None);
                            }
                        }
                        Err(e) => {
                            let name = file.clone();
                            // "file:line:col: message", without the folder the player put it in.
                            let first = e.lines().next().unwrap_or_default();
                            let first = path
                                .parent()
                                .and_then(|d| first.strip_prefix(&format!("{}/", d.display())))
                                .unwrap_or(first);
                            col.selectable_value(
                                selected,
                                i,
                                egui::RichText::new(format!("{name} (broken)")).size(16.0).color(egui::Color32::LIGHT_RED),
                            );
                            col.label(egui::RichText::new(first).small().color(egui::Color32::LIGHT_RED));
                        }
                    }
                }
                });
                let sel = state.selected.min(state.quests.len().saturating_sub(1));
                // Ragged-right text: a column lays out justified, which stretched wrapped lines
                // (an error message read with wide gaps).
                let left = egui::Layout::top_down(egui::Align::Min);
                let briefing = egui::ScrollArea::vertical().id_salt("briefing").max_height(book_h + 24.0);
                super::fit::scrolled(&mut cols[1], briefing, |col| col.with_layout(left, |col| match state.quests.get(sel).map(|(_, q)| q) {
                    Some(Ok(q)) => {
                        col.label(egui::RichText::new(&q.name).strong().size(18.0).color(GOLD));
                        // In the first player's words (the mouse's without players set up).
                        let device = seats.0.first().map_or(crate::seating::Device::MouseKeyboard, |s| s.device);
                        let bindings = settings.as_deref().map(|s| s.bindings.clone()).unwrap_or_default();
                        col.label(crate::seating::device_words(&q.briefing, device, &bindings));
                        col.add_space(6.0);
                        col.label(egui::RichText::new(format!("Goal: {}", q.objective.describe())).italics());
                        col.label(format!("Heroes: {}", q.heroes.len()));
                        if !q.modules.is_empty() {
                            col.label(format!("Played with: {}", q.modules.names().join(", ")));
                        }
                    }
                    Some(Err(e)) => {
                        // Each problem on a line of its own, without the folder the player knows.
                        let id = &state.quests[sel].0;
                        let folder = std::path::Path::new(id).parent().map(|d| format!("{}/", d.display()));
                        for line in e.lines() {
                            let line = folder.as_deref().and_then(|f| line.strip_prefix(f)).unwrap_or(line);
                            col.colored_label(egui::Color32::LIGHT_RED, line);
                        }
                    }
                    None => {
                        col.label("No quests found.");
                    }
                }));
            });
            editor_row::editor_row(ui, &mut state, &mut commands);
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
            heroica_heroes_row(ui, &mut state);
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
                            .map(|h| hero_name(q, h))
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
                        .map(|h| hero_name(q, h))
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
                    // A Heroica race's rivals: by default every hero but the first.
                    ui.label(if q.mission.is_some() { "Computer rivals:" } else { "Computer companions:" });
                    let playing = computer_heroes(&q, &state);
                    for class in &q.heroes {
                        let mut on = playing.contains(class);
                        let name = hero_name(&q, class);
                        if ui.checkbox(&mut on, name).changed() {
                            set_computer_hero(&q, &mut state, class, on);
                        }
                    }
                });
            }
            ui.horizontal(|ui| {
                let heroica = matches!(state.quests.get(state.selected), Some((_, Ok(q))) if q.mission.is_some());
                ui.label(if heroica { "Monster player (Battle):" } else { "Sorcerer:" });
                let blurb = |l: crate::ai::SorcererLevel| if heroica { l.heroica_blurb() } else { l.blurb() };
                for level in crate::ai::SorcererLevel::ALL {
                    ui.selectable_value(&mut state.sorcerer, level, level.as_str())
                        .on_hover_text(blurb(level));
                }
                ui.label(egui::RichText::new(blurb(state.sorcerer)).weak());
            });
            if let Some((_, Ok(q))) = state.quests.get(state.selected) {
                let q = q.clone();
                let TitleState {
                    modules, rule_system, ..
                } = &mut *state;
                rules_row(ui, &q, modules, rule_system);
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
                        let companions = computer_heroes(q, &state);
                        let table = table_quest(q, &companions, &seats, leave_out);
                        let quest = match under_chosen(&table.0, &state.rule_system).with_modules(&state.modules) {
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
                let heroica = matches!(state.quests.get(state.selected), Some((_, Ok(q))) if q.mission.is_some());
                let hint = if heroica {
                    "LEGO Heroica: roll (R), click a ringed space to move (or an arrow: the whole roll that way), fight the monster you stop beside (X); the first hero to the red flag wins. Begin Epic Heroica above for the campaign of five races."
                } else {
                    "Mouse: click a square to move, a monster to attack, a door to open. Keys: R roll, arrows move, X attack, O open, E end turn, U undo, F fast-forward."
                };
                ui.label(egui::RichText::new(hint).small());
            });
            });
        });
    // The side windows after the title window, so that they are drawn over it.
    confirm_window(ctx, &mut state, &mut commands);
    armory_window(ctx, &mut state);
    credits::credits_window(ctx, &mut credits);
    if let Some(settings) = settings.as_deref_mut() {
        options::options_window(ctx, &mut options, settings, &mut rebinding, &last);
        // The heroes to claim: a LEGO Heroica mission's own (as chosen above), else HeroQuest's four.
        let heroes: Vec<(String, String)> = match state.quests.get(state.selected) {
            Some((_, Ok(q))) if q.mission.is_some() => q.heroes.iter().map(|h| (h.clone(), hero_name(q, h))).collect(),
            _ => ["barbarian", "dwarf", "elf", "wizard"]
                .into_iter()
                .filter_map(|id| state.rules.heroes.get(id).map(|d| (id.to_string(), d.name.clone())))
                .collect(),
        };
        party::players_window(ctx, &mut players, settings, &mut seats, &heroes, pads.iter().count());
    }
    // What the title screen chose is kept for the next start.
    if let Some(s) = settings.as_deref_mut()
        && (s.sorcerer != state.sorcerer
            || s.companions != state.companions
            || s.modules != state.modules
            || s.rule_system != state.rule_system)
    {
        s.rule_system = state.rule_system.clone();
        s.sorcerer = state.sorcerer;
        s.companions = state.companions.clone();
        s.modules = state.modules.clone();
    }
    Ok(())
}

/// The quest under the rule system the players chose, where it is written for that one too;
/// else as it is.
fn under_chosen(q: &Quest, chosen: &Option<String>) -> Quest {
    chosen
        .as_deref()
        .and_then(|id| q.under(id).ok())
        .unwrap_or_else(|| q.clone())
}

/// The rule system the chosen quest is played under (a choice where it is written for several:
/// the HeroQuest editions), and the modules a player may add to it: the quest's own are ticked
/// and fixed, the others can be ticked; those not playable yet are shown greyed, with why.
fn rules_row(ui: &mut egui::Ui, q: &Quest, ticked: &mut Vec<String>, chosen: &mut Option<String>) {
    use crate::rules::systems;
    let q = &under_chosen(q, chosen);
    ui.horizontal_wrapped(|ui| {
        ui.label("Rules:");
        if q.written_for.len() > 1 {
            for s in &q.written_for {
                let Some(r) = systems::rule_system(s.id()) else {
                    continue;
                };
                if ui
                    .selectable_label(*s == q.system, egui::RichText::new(r.name).strong())
                    .on_hover_text(r.summary)
                    .clicked()
                {
                    *chosen = Some(s.id().to_string());
                }
            }
        } else {
            match systems::rule_system(q.system.id()) {
                Some(r) => ui.label(egui::RichText::new(r.name).strong()).on_hover_text(r.summary),
                None => ui.label(q.system.id()),
            };
        }
        ui.label(egui::RichText::new("Modules:").weak());
        let own = q.modules.ids();
        for (id, m) in systems::modules().filter(|(_, m)| m.on.contains(&q.system.id())) {
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
