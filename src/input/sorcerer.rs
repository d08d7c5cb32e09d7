//! The sorcerer's seat (heroquest-2021.md: "one plays Zargon"): a person at the table plays the
//! sorcerer with the mouse, the keyboard alone or a gamepad. On one screen the sorcerer's move
//! opens with a hand-over, so the heroes' players can look away before the whole dungeon shows.
//!
//! Everything here turns input into the same `Command`s the computer sorcerer sends: pick a
//! monster, walk it, strike with it, cast its Dread spells, place a wandering monster, end the
//! turn. The rules judge them as they judge the computer's.

use bevy::prelude::*;

pub use crate::screen::{SorcererHand, shows_all};

use super::seats::{Action, ActionMenu, BoardCursor, Device, SorcererSeat};
use crate::game::Controllers;
use crate::game::heroquest::{may_use, reach, strikes_after_a_walk};
use crate::game::model::{ActionKind, ActiveQuest, Command, FigureId, Pending, Phase, Turn};
use crate::game::snapshot::Snapshot;
use crate::rules::geometry::{Dir, Pos};

/// What pointing at a square means for the sorcerer's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SorcererIntent {
    /// Pick this monster to move and act with.
    Select(FigureId),
    Send(Command),
    /// Walk the picked monster beside a hero, then strike: two commands, in this order, that
    /// the rules judge one after the other.
    WalkAndStrike {
        walk: Command,
        strike: Command,
    },
}

impl SorcererIntent {
    /// The commands this sends, in order (none for picking a monster).
    pub fn commands(self) -> Vec<Command> {
        match self {
            SorcererIntent::Select(_) => Vec::new(),
            SorcererIntent::Send(c) => vec![c],
            SorcererIntent::WalkAndStrike { walk, strike } => vec![walk, strike],
        }
    }
}

/// The sorcerer's player points at `p` (a click, or Confirm on the board cursor).
pub fn sorcerer_intent(snap: &Snapshot, selected: Option<FigureId>, p: Pos) -> Option<SorcererIntent> {
    if let Some(Pending::PlaceWanderer { squares, .. }) = &snap.turn.pending {
        return squares
            .contains(&p)
            .then_some(SorcererIntent::Send(Command::PlaceWanderer { at: p }));
    }
    if snap.turn.phase != Phase::Sorcerer {
        return None;
    }
    if snap.table.is_some() {
        return heroica_intent(snap, p);
    }
    let m = selected.and_then(|id| snap.figure(id)).filter(|m| may_use(snap, m));
    if let Some(t) = snap.figure_at(p) {
        if let Some(m) = m
            && t.hero
            && snap.action_allowed(m, ActionKind::Attack).is_ok()
            && snap.can_attack(m, t)
        {
            return Some(SorcererIntent::Send(Command::Attack {
                attacker: m.id,
                target: t.id,
            }));
        }
        if !t.hero && may_use(snap, t) {
            return Some(SorcererIntent::Select(t.id));
        }
        // A hero out of reach that a walk brings within reach: walk there and strike.
        if let Some(m) = m
            && t.hero
            && let Some((_, path)) = strikes_after_a_walk(snap, m).into_iter().find(|(id, _)| *id == t.id)
        {
            return Some(SorcererIntent::WalkAndStrike {
                walk: Command::Move { figure: m.id, path },
                strike: Command::Attack {
                    attacker: m.id,
                    target: t.id,
                },
            });
        }
    }
    let m = m?;
    let (field, stops) = reach(snap, m)?;
    if !stops.contains(&p) {
        return None;
    }
    let path = field.path_to(p)?;
    Some(SorcererIntent::Send(Command::Move { figure: m.id, path }))
}

/// The sorcerer's menu: the picked monster's Dread spells on the targets it sees, what its
/// abilities let it do (steal, open a door), every other monster it may still use, and the end
/// of the turn.
pub fn sorcerer_menu(snap: &Snapshot, selected: Option<FigureId>) -> Vec<(String, SorcererIntent)> {
    let mut lines = Vec::new();
    // Revised's advanced game: the Dungeon cards at the quest's start (#168).
    if let Some(crate::game::model::Pending::DungeonCards { budget }) = &snap.turn.pending {
        return dungeon_card_lines(snap, *budget);
    }
    if snap.turn.pending.is_some() || snap.turn.phase != Phase::Sorcerer {
        return lines;
    }
    // Revised's advanced game: the turn given up for Danger (#169).
    if crate::game::heroquest::may_roll_danger(snap).is_ok() {
        lines.push((
            format!(
                "Give up the turn: roll {} for Danger",
                match crate::game::heroquest::danger_dice(snap) {
                    1 => "a die".to_string(),
                    n => format!("{n} dice"),
                }
            ),
            SorcererIntent::Send(Command::Danger),
        ));
    }
    if snap.table.is_some() {
        // Battle Heroica's monster player: the choices the board cannot show (fights, the end).
        return crate::view::heroica::menu_lines(snap)
            .into_iter()
            .map(|(l, c)| (l, SorcererIntent::Send(c)))
            .collect();
    }
    let rules = snap.rules();
    if let Some(m) = selected.and_then(|id| snap.figure(id)).filter(|m| may_use(snap, m))
        && snap.action_allowed(m, ActionKind::Spell).is_ok()
        && let Some(at) = m.pos
    {
        for spell in m.spellbook.ready() {
            let Some(d) = rules.spells.get(spell) else { continue };
            for t in snap.figures.iter().filter(|t| t.alive() && t.pos.is_some()) {
                let fits = match d.target {
                    crate::rules::ruleset::SpellTarget::Caster => t.id == m.id,
                    crate::rules::ruleset::SpellTarget::Ally => {
                        !t.hero && (t.id == m.id || t.pos.is_some_and(|q| snap.sees(at, q)))
                    }
                    crate::rules::ruleset::SpellTarget::Enemy => t.hero && t.pos.is_some_and(|q| snap.sees(at, q)),
                };
                if fits {
                    lines.push((
                        format!(
                            "{}: cast {} on {}",
                            m.name,
                            d.name,
                            if t.id == m.id { "itself".into() } else { t.name.clone() }
                        ),
                        SorcererIntent::Send(Command::CastSpell {
                            caster: m.id,
                            spell: spell.clone(),
                            target: t.id,
                        }),
                    ));
                }
            }
        }
    }
    // What the picked monster's abilities add (HeroQuest Revised): a thief's Steal (#133) and a
    // Sentry's doors (#130).
    if let Some(m) = selected.and_then(|id| snap.figure(id)).filter(|m| may_use(snap, m)) {
        for (hero, item) in crate::game::heroquest::thefts(snap, m) {
            let who = snap.figure(hero).map_or(String::new(), |h| h.name.clone());
            lines.push((
                format!(
                    "{}: steal {} from {who}",
                    m.name,
                    crate::text::the(&rules.thing_name(&item))
                ),
                SorcererIntent::Send(Command::Steal {
                    thief: m.id,
                    hero,
                    item,
                }),
            ));
        }
        for d in snap.doors_to_open(m) {
            lines.push((
                format!("{}: open the door", m.name),
                SorcererIntent::Send(Command::OpenDoor { hero: m.id, door: d.id }),
            ));
        }
    }
    for m in snap.monsters().filter(|m| may_use(snap, m) && Some(m.id) != selected) {
        let p = snap.turn.progress(m.id);
        let state = match (
            p.moving == crate::game::model::MoveState::Done || p.steps_used > 0,
            p.acted,
        ) {
            (false, false) => "",
            (true, false) => " (moved)",
            (false, true) => " (acted)",
            (true, true) => " (done)",
        };
        lines.push((
            format!("Take {} ({} body){state}", m.name, m.body),
            SorcererIntent::Select(m.id),
        ));
    }
    lines.push(("End the sorcerer's turn".into(), SorcererIntent::Send(Command::EndTurn)));
    lines
}

/// Reads the sorcerer's player's device when the sorcerer is to move: the hand-over, then
/// picking, walking, striking, the menu and the end of the turn.
pub fn sorcerer_input(world: &mut World) {
    let Some(turn) = world.get_resource::<Turn>().cloned() else {
        return;
    };
    let Some(seat) = world.get_resource::<SorcererSeat>().cloned() else {
        return;
    };
    let mut hand = world.get_resource::<SorcererHand>().cloned().unwrap_or_default();
    if !world.resource::<Controllers>().sorcerer_to_act(&turn) {
        if hand.selected.is_some() {
            hand.selected = None;
            world.insert_resource(hand);
        }
        return;
    }
    // A new move of the sorcerer's: hand the device over first (the heroes look away).
    let pending_hero = match &turn.pending {
        Some(Pending::PlaceWanderer { hero, .. }) => Some(*hero),
        _ => None,
    };
    let key = (turn.round, turn.phase == Phase::Sorcerer, pending_hero);
    if hand.asked != Some(key) {
        hand.asked = Some(key);
        hand.hand_over = true;
        hand.selected = None;
        let at = Snapshot::capture(world).and_then(|s| match &s.turn.pending {
            Some(Pending::PlaceWanderer { squares, .. }) => squares.first().copied(),
            Some(_) => None,
            None => s.monsters().find(|m| may_use(&s, m)).and_then(|m| m.pos),
        });
        world.insert_resource(BoardCursor { at, hero: None });
        world.insert_resource(ActionMenu::default());
    }
    let suspended = super::seats::input_suspended(world);
    let actions = if suspended {
        Vec::new()
    } else {
        super::seats::device_actions(world, seat.device)
    };
    if hand.hand_over {
        if actions.contains(&Action::Confirm) {
            hand.hand_over = false;
        }
        world.insert_resource(hand);
        return;
    }
    let Some(snap) = Snapshot::capture(world) else {
        world.insert_resource(hand);
        return;
    };
    let mut out: Option<SorcererIntent> = None;
    if seat.device == Device::MouseKeyboard && !suspended {
        let clicked = world
            .resource::<ButtonInput<MouseButton>>()
            .just_pressed(MouseButton::Left)
            && !world
                .get_resource::<bevy_egui::input::EguiWantsInput>()
                .is_some_and(|e| e.is_pointer_over_area());
        if clicked && let Some(p) = world.resource::<crate::view::HoverSquare>().0 {
            out = sorcerer_intent(&snap, hand.selected, p);
        }
        if actions.contains(&Action::EndTurn) && snap.turn.pending.is_none() {
            out = Some(SorcererIntent::Send(Command::EndTurn));
        }
    } else {
        let mut cursor = world.get_resource::<BoardCursor>().cloned().unwrap_or_default();
        let mut menu = world.get_resource::<ActionMenu>().cloned().unwrap_or_default();
        for a in actions {
            if menu.open {
                let lines = sorcerer_menu(&snap, hand.selected);
                match a {
                    Action::Up | Action::Down => menu.scroll(a, lines.len()),
                    Action::Confirm => {
                        out = lines.into_iter().nth(menu.index).map(|(_, i)| i);
                        menu = ActionMenu::default();
                    }
                    Action::Back | Action::Menu => menu = ActionMenu::default(),
                    _ => {}
                }
                continue;
            }
            let step = match a {
                Action::Up => Some(Dir::N),
                Action::Down => Some(Dir::S),
                Action::Left => Some(Dir::W),
                Action::Right => Some(Dir::E),
                _ => None,
            };
            if let Some(d) = step {
                let to = cursor.at.unwrap_or(Pos::new(0, 0)).step(d);
                if snap.board().in_bounds(to) {
                    cursor.at = Some(to);
                }
                continue;
            }
            out = match a {
                Action::Confirm => cursor.at.and_then(|p| sorcerer_intent(&snap, hand.selected, p)),
                Action::Menu if snap.turn.pending.is_none() || !sorcerer_menu(&snap, None).is_empty() => {
                    menu = ActionMenu {
                        open: true,
                        ..Default::default()
                    };
                    None
                }
                Action::EndTurn if snap.turn.pending.is_none() => Some(SorcererIntent::Send(Command::EndTurn)),
                _ => None,
            };
            if out.is_some() {
                break;
            }
        }
        world.insert_resource(cursor);
        world.insert_resource(menu);
    }
    match out {
        Some(SorcererIntent::Select(id)) => hand.selected = Some(id),
        Some(intent) => {
            for c in intent.commands() {
                world.write_message(c);
            }
        }
        None => {}
    }
    world.insert_resource(hand);
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SorcererHand>();
}

/// For headless tests: the sorcerer's seat reads its device as in the window.
pub fn headless_plugin(app: &mut App) {
    app.add_plugins(plugin).add_systems(
        Update,
        sorcerer_input
            .after(super::seats::seat_input)
            .run_if(resource_exists::<ActiveQuest>)
            .in_set(crate::game::GameSet::Input),
    );
}

/// The monster player's click under Battle Heroica, judged from the rules' own list: a monster
/// to take and roll for, the space its move ends on, a hero to fight.
fn heroica_intent(snap: &Snapshot, p: Pos) -> Option<SorcererIntent> {
    let legal = snap.quest.system.legal(snap);
    let find = |f: &dyn Fn(&Command) -> bool| legal.iter().find(|c| f(c)).cloned().map(SorcererIntent::Send);
    let on = snap.figure_at(p).map(|f| f.id);
    find(&|c| matches!(c, Command::Move { path, .. } if path.last() == Some(&p)))
        .or_else(|| find(&|c| matches!(c, Command::RollMovement { hero } if Some(*hero) == on)))
        .or_else(|| find(&|c| matches!(c, Command::Attack { target, .. } if Some(*target) == on)))
}

/// The sorcerer's choices of Dungeon cards within its budget (#168): what the normal computer
/// sorcerer would buy, each affordable card on its own, or none.
fn dungeon_card_lines(snap: &Snapshot, budget: u32) -> Vec<(String, SorcererIntent)> {
    let Some(adv) = snap.rules().adv() else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let (suggested, _) = crate::ai::morcar::choose_dungeon_cards(snap, crate::ai::SorcererLevel::Normal);
    if let Command::ChooseDungeonCards { cards } = &suggested
        && cards.len() > 1
    {
        let names: Vec<String> = cards.iter().map(|c| adv.dungeon_cards[c].name.clone()).collect();
        lines.push((
            format!("Buy {} ({budget} marks)", crate::text::and_list(&names)),
            SorcererIntent::Send(suggested.clone()),
        ));
    }
    for (id, c) in adv.dungeon_cards.iter().filter(|(_, c)| u32::from(c.cost) <= budget) {
        lines.push((
            format!("Buy {} ({} of {budget} marks): {}", c.name, c.cost, c.text),
            SorcererIntent::Send(Command::ChooseDungeonCards {
                cards: vec![id.clone()],
            }),
        ));
    }
    lines.push((
        "Buy no Dungeon card".to_string(),
        SorcererIntent::Send(Command::ChooseDungeonCards { cards: Vec::new() }),
    ));
    lines
}
