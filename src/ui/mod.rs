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
mod title;

use title::{TitleState, refresh_title, title_screen};

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

const GOLD: egui::Color32 = egui::Color32::from_rgb(230, 190, 110);

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
        Option<Res<crate::game::heroquest::HeroChoices>>,
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
                            crate::quest::gear::may_carry(&q.rules, &hero.class, w, &Default::default()).is_ok()
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
