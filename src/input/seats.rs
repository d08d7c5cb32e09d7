//! Couch co-op: seats (a player, the heroes they play, the device they hold), device-neutral
//! actions read from the keyboard and gamepads through rebindable bindings, the board cursor
//! that makes the game playable without a mouse, the action menu (searches, spells, potions...)
//! for the same, and the hand-over between seats that share a device.
//!
//! Everything here turns input into `Command`s through the same judge as a mouse click
//! (`intent_for_click`), so a gamepad can do nothing a click cannot.

use std::collections::BTreeMap;

use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::model::{ActiveQuest, Command, MoveState, Phase, Turn};

use crate::game::Controllers;
use crate::game::snapshot::Snapshot;
use crate::rules::geometry::{Dir, Pos};

/// What a player holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Device {
    /// The mouse (click a square) with the keyboard's shortcuts.
    MouseKeyboard,
    /// The keyboard alone: the arrows move a cursor over the board.
    Keyboard,
    /// The n-th gamepad connected (0 is the first).
    Gamepad(u8),
}

impl Device {
    pub fn label(self) -> String {
        match self {
            Device::MouseKeyboard => "Mouse + keyboard".into(),
            Device::Keyboard => "Keyboard only".into(),
            Device::Gamepad(n) => format!("Gamepad {}", n + 1),
        }
    }

    /// The device as a thing handed over: "the keyboard", "gamepad 2".
    pub fn noun(self) -> String {
        match self {
            Device::MouseKeyboard => "mouse and keyboard".into(),
            Device::Keyboard => "keyboard".into(),
            Device::Gamepad(n) => format!("gamepad {}", n + 1),
        }
    }

    /// The keyboard is one device whichever way it is held: seats on it share it.
    fn hand(self) -> Device {
        match self {
            Device::MouseKeyboard | Device::Keyboard => Device::Keyboard,
            d => d,
        }
    }
}

/// One player: a name, the heroes (rule-set ids) they play, the device they hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub player: String,
    pub heroes: Vec<String>,
    pub device: Device,
}

/// A person who plays the sorcerer (heroquest-2021.md: "one plays Zargon"), and the device they
/// hold. None in the settings: the computer plays the sorcerer.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SorcererSeat {
    pub player: String,
    pub device: Device,
}

/// The players at the table. Empty: one player with mouse and keyboard plays every hero the
/// computer does not.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats(pub Vec<Seat>);

impl Seats {
    /// The seat that plays this hero class.
    pub fn seat_of(&self, class: &str) -> Option<usize> {
        self.0.iter().position(|s| s.heroes.iter().any(|h| h == class))
    }

    /// The device that drives this hero class (mouse and keyboard when no seat claims it).
    pub fn device_of(&self, class: &str) -> Device {
        self.seat_of(class).map_or(Device::MouseKeyboard, |i| self.0[i].device)
    }

    /// The heroes of `quest_heroes` no seat claims (the computer plays them), when there are seats.
    pub fn unclaimed<'a>(&self, quest_heroes: &'a [String]) -> Vec<&'a String> {
        if self.0.is_empty() {
            return Vec::new();
        }
        quest_heroes.iter().filter(|h| self.seat_of(h).is_none()).collect()
    }

    /// Problems that make these seats unusable for a quest with these heroes, in words.
    pub fn check(&self, quest_heroes: &[String]) -> Result<(), String> {
        let mut seen = BTreeMap::new();
        for (i, s) in self.0.iter().enumerate() {
            if s.heroes.is_empty() {
                return Err(format!("{} plays no hero", s.player));
            }
            for h in &s.heroes {
                if !quest_heroes.contains(h) {
                    return Err(format!("{} claims {h}, who is not in this quest", s.player));
                }
                if let Some(j) = seen.insert(h.clone(), i) {
                    return Err(format!("{h} is claimed by both {} and {}", self.0[j].player, s.player));
                }
            }
        }
        Ok(())
    }
}

/// What a player means, whatever they pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    /// Act on the cursor's square (move there, attack, open the door), or pick the menu's line.
    Confirm,
    Roll,
    Attack,
    OpenDoor,
    /// The action menu: searches, spells, potions, traps...
    Menu,
    /// Close the menu.
    Back,
    EndTurn,
    Undo,
}

impl Action {
    pub const ALL: [Action; 12] = [
        Action::Up,
        Action::Down,
        Action::Left,
        Action::Right,
        Action::Confirm,
        Action::Roll,
        Action::Attack,
        Action::OpenDoor,
        Action::Menu,
        Action::Back,
        Action::EndTurn,
        Action::Undo,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Action::Up => "Cursor up",
            Action::Down => "Cursor down",
            Action::Left => "Cursor left",
            Action::Right => "Cursor right",
            Action::Confirm => "Confirm / act on the cursor",
            Action::Roll => "Roll to move",
            Action::Attack => "Attack",
            Action::OpenDoor => "Open a door",
            Action::Menu => "Action menu",
            Action::Back => "Back",
            Action::EndTurn => "End the turn",
            Action::Undo => "Undo",
        }
    }
}

/// Which keys and buttons mean which action: kept in the settings, changed in the options.
/// Keys and buttons by their names (`KeyR`, `ArrowUp`; `South`, `DPadUp`), so the file reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Bindings {
    pub keys: BTreeMap<Action, Vec<String>>,
    pub buttons: BTreeMap<Action, Vec<String>>,
}

impl Default for Bindings {
    fn default() -> Self {
        let keys = [
            (Action::Up, &["ArrowUp", "KeyW"][..]),
            (Action::Down, &["ArrowDown", "KeyS"]),
            (Action::Left, &["ArrowLeft", "KeyA"]),
            (Action::Right, &["ArrowRight", "KeyD"]),
            (Action::Confirm, &["Enter", "Space"]),
            (Action::Roll, &["KeyR"]),
            (Action::Attack, &["KeyX"]),
            (Action::OpenDoor, &["KeyO"]),
            (Action::Menu, &["Tab", "KeyM"]),
            (Action::Back, &["Escape", "Backspace"]),
            (Action::EndTurn, &["KeyE"]),
            (Action::Undo, &["KeyU"]),
        ];
        let buttons = [
            (Action::Up, &["DPadUp"][..]),
            (Action::Down, &["DPadDown"]),
            (Action::Left, &["DPadLeft"]),
            (Action::Right, &["DPadRight"]),
            (Action::Confirm, &["South"]),
            (Action::Roll, &["RightTrigger"]),
            (Action::Attack, &["West"]),
            (Action::OpenDoor, &["LeftTrigger"]),
            (Action::Menu, &["North"]),
            (Action::Back, &["East"]),
            (Action::EndTurn, &["Start"]),
            (Action::Undo, &["Select"]),
        ];
        let own = |v: &[(Action, &[&str])]| -> BTreeMap<Action, Vec<String>> {
            v.iter()
                .map(|(a, names)| (*a, names.iter().map(|n| n.to_string()).collect()))
                .collect()
        };
        Bindings {
            keys: own(&keys),
            buttons: own(&buttons),
        }
    }
}

/// The keys a binding may name.
pub fn key_named(name: &str) -> Option<KeyCode> {
    use KeyCode::*;
    let letters = [
        KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO, KeyP, KeyQ, KeyR,
        KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
    ];
    let digits = [
        Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
    ];
    let others = [
        ArrowUp,
        ArrowDown,
        ArrowLeft,
        ArrowRight,
        Enter,
        Space,
        Tab,
        Escape,
        Backspace,
        Delete,
        Home,
        End,
        PageUp,
        PageDown,
        ShiftLeft,
        ShiftRight,
        ControlLeft,
        ControlRight,
        AltLeft,
        AltRight,
        Comma,
        Period,
        Slash,
        Semicolon,
        Quote,
        BracketLeft,
        BracketRight,
        Minus,
        Equal,
        Numpad0,
        Numpad1,
        Numpad2,
        Numpad3,
        Numpad4,
        Numpad5,
        Numpad6,
        Numpad7,
        Numpad8,
        Numpad9,
        NumpadEnter,
        F1,
        F2,
        F3,
        F4,
        F5,
        F6,
        F7,
        F8,
        F9,
        F10,
        F11,
        F12,
    ];
    letters
        .into_iter()
        .chain(digits)
        .chain(others)
        .find(|k| format!("{k:?}") == name)
}

/// A key's name as players know it: "W", "Up", "Enter", "5".
pub fn key_label(name: &str) -> String {
    if let Some(rest) = name.strip_prefix("Arrow") {
        return rest.to_string();
    }
    for prefix in ["Key", "Digit"] {
        if let Some(rest) = name.strip_prefix(prefix) {
            return rest.to_string();
        }
    }
    match name {
        "Escape" => "Esc".into(),
        "ControlLeft" | "ControlRight" => "Ctrl".into(),
        "ShiftLeft" | "ShiftRight" => "Shift".into(),
        "AltLeft" | "AltRight" => "Alt".into(),
        n => n.to_string(),
    }
}

/// A gamepad button's name as printed on the usual pads (Xbox layout).
pub fn button_label(name: &str) -> String {
    match name {
        "South" => "A".into(),
        "East" => "B".into(),
        "West" => "X".into(),
        "North" => "Y".into(),
        "LeftTrigger" => "LB".into(),
        "RightTrigger" => "RB".into(),
        "LeftTrigger2" => "LT".into(),
        "RightTrigger2" => "RT".into(),
        "Select" => "Back".into(),
        "DPadUp" => "D-pad up".into(),
        "DPadDown" => "D-pad down".into(),
        "DPadLeft" => "D-pad left".into(),
        "DPadRight" => "D-pad right".into(),
        "LeftThumb" => "Left stick".into(),
        "RightThumb" => "Right stick".into(),
        n => n.to_string(),
    }
}

/// The gamepad buttons a binding may name.
pub fn button_named(name: &str) -> Option<GamepadButton> {
    use GamepadButton::*;
    [
        South,
        East,
        North,
        West,
        C,
        Z,
        LeftTrigger,
        LeftTrigger2,
        RightTrigger,
        RightTrigger2,
        Select,
        Start,
        Mode,
        LeftThumb,
        RightThumb,
        DPadUp,
        DPadDown,
        DPadLeft,
        DPadRight,
    ]
    .into_iter()
    .find(|b| format!("{b:?}") == name)
}

impl Bindings {
    /// Names that are not a known key or button, for the settings' loader to report.
    pub fn unknown_names(&self) -> Vec<String> {
        let keys = self.keys.values().flatten().filter(|n| key_named(n).is_none());
        let buttons = self.buttons.values().flatten().filter(|n| button_named(n).is_none());
        keys.chain(buttons).cloned().collect()
    }

    /// Binds `key` to `action` alone (taking it from any other action).
    pub fn rebind_key(&mut self, action: Action, key: KeyCode) {
        let name = format!("{key:?}");
        for v in self.keys.values_mut() {
            v.retain(|n| *n != name);
        }
        self.keys.insert(action, vec![name]);
    }

    pub fn rebind_button(&mut self, action: Action, button: GamepadButton) {
        let name = format!("{button:?}");
        for v in self.buttons.values_mut() {
            v.retain(|n| *n != name);
        }
        self.buttons.insert(action, vec![name]);
    }

    /// The actions these keys just pressed mean.
    pub fn key_actions(&self, keys: &ButtonInput<KeyCode>) -> Vec<Action> {
        // Most frames nothing was pressed: no need to look the names up.
        if keys.get_just_pressed().next().is_none() {
            return Vec::new();
        }
        Action::ALL
            .into_iter()
            .filter(|a| {
                self.keys
                    .get(a)
                    .is_some_and(|v| v.iter().filter_map(|n| key_named(n)).any(|k| keys.just_pressed(k)))
            })
            .collect()
    }

    pub fn button_actions(&self, pad: &Gamepad) -> Vec<Action> {
        if pad.digital().get_just_pressed().next().is_none() {
            return Vec::new();
        }
        Action::ALL
            .into_iter()
            .filter(|a| {
                self.buttons
                    .get(a)
                    .is_some_and(|v| v.iter().filter_map(|n| button_named(n)).any(|b| pad.just_pressed(b)))
            })
            .collect()
    }

    /// "Enter / Space" for an action, to show players.
    pub fn keys_for(&self, a: Action) -> String {
        self.keys.get(&a).map_or(String::new(), |v| {
            v.iter().map(|n| key_label(n)).collect::<Vec<_>>().join(" / ")
        })
    }

    pub fn buttons_for(&self, a: Action) -> String {
        self.buttons.get(&a).map_or(String::new(), |v| {
            v.iter().map(|n| button_label(n)).collect::<Vec<_>>().join(" / ")
        })
    }

    /// The four cursor moves in a word where they are the arrows or the d-pad.
    pub fn cursor_for(&self, pad: bool) -> String {
        let dirs = [Action::Up, Action::Down, Action::Left, Action::Right];
        let firsts: Vec<String> = dirs
            .iter()
            .map(|a| {
                let names = if pad { &self.buttons } else { &self.keys };
                names.get(a).and_then(|v| v.first()).cloned().unwrap_or_default()
            })
            .collect();
        if !pad && firsts == ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"] {
            return "arrows".into();
        }
        if pad && firsts == ["DPadUp", "DPadDown", "DPadLeft", "DPadRight"] {
            return "d-pad".into();
        }
        dirs.iter()
            .map(|a| self.first_for(*a, pad))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The first key or button of an action on this device, for short hints.
    pub fn first_for(&self, a: Action, pad: bool) -> String {
        let names = if pad { &self.buttons } else { &self.keys };
        names.get(&a).and_then(|v| v.first()).map_or(
            "(none)".into(),
            |n| {
                if pad { button_label(n) } else { key_label(n) }
            },
        )
    }
}

/// The square the keyboard-only or gamepad player points at; follows the active hero.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardCursor {
    pub at: Option<Pos>,
    /// The hero the cursor was put on (a new hero's turn puts it on that hero).
    pub hero: Option<crate::game::model::FigureId>,
}

/// The action menu a cursor player opens: what the hero may do besides walking and melee.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionMenu {
    pub open: bool,
    pub index: usize,
}

impl ActionMenu {
    /// Up and Down move the highlight over `len` lines, round from one end to the other.
    pub fn scroll(&mut self, a: Action, len: usize) {
        let last = len.saturating_sub(1);
        self.index = match a {
            Action::Up => self.index.checked_sub(1).unwrap_or(last),
            Action::Down if self.index >= last => 0,
            Action::Down => self.index + 1,
            _ => self.index,
        };
    }
}

/// The seat whose turn it is, and a hand-over waiting for the next player to take the device.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatTurn {
    /// The seat that last acted (by index), and the hero.
    pub seat: Option<usize>,
    pub hero: Option<crate::game::model::FigureId>,
    /// Waiting for this seat's player to take the shared device and press Confirm.
    pub hand_over: Option<usize>,
}

/// The menu's lines for the active hero: (label, command). During the spell draft, the schools
/// left for the hero picking.
pub fn menu_lines(snap: &Snapshot) -> Vec<(String, Command)> {
    if let Some(d) = &snap.turn.draft {
        let picker = snap.figure(d.next).map(|f| f.kind.clone());
        return draft_lines(snap.rules(), d, picker.as_deref());
    }
    let Some(h) = snap.active_hero() else {
        return Vec::new();
    };
    let (choices, spells) = crate::view::highlights::hero_choices(snap, h);
    menu_from(&choices, &spells)
}

/// The schools a hero may still choose in the draft, as menu lines.
pub fn draft_lines(
    rules: &crate::rules::ruleset::RuleSet,
    d: &crate::game::model::Draft,
    picker: Option<&str>,
) -> Vec<(String, Command)> {
    d.left
        .iter()
        .map(|school| {
            let spells: Vec<String> = rules
                .schools
                .get(school)
                .map(|v| v.iter().map(|s| rules.thing_name(s)).collect())
                .unwrap_or_default();
            let hint = if picker.and_then(suggested_school) == Some(school.as_str()) {
                " — suggested for a first game"
            } else {
                ""
            };
            (
                format!("The school of {school} ({}){hint}", spells.join(", ")),
                Command::ChooseSchool {
                    hero: d.next,
                    school: school.clone(),
                },
            )
        })
        .collect()
}

/// heroquest-2021.md, Suggested First Quest Distribution: "Wizard: Fire + Water, Elf: Earth".
/// The Wizard picks Fire, the Elf Earth, and Water comes to the Wizard with the schools left.
pub fn suggested_school(class: &str) -> Option<&'static str> {
    match class {
        "wizard" => Some("fire"),
        "elf" => Some("earth"),
        _ => None,
    }
}

/// The menu as the panels show it: what the action bar offers, each spell on each target, and
/// ending the turn.
pub fn menu_from(
    choices: &crate::view::highlights::HeroChoices,
    spells: &crate::game::choices::SpellChoices,
) -> Vec<(String, Command)> {
    let mut lines = choices.0.clone();
    for (_, name, _, targets) in &spells.0 {
        for (label, cmd) in targets {
            lines.push((format!("Cast {name} {label}"), cmd.clone()));
        }
    }
    lines.push(("End the turn".into(), Command::EndTurn));
    lines
}

/// The device the active hero's player holds, the seat, and the hero, when a person plays that hero.
pub fn active_device(world: &mut World) -> Option<(Device, Option<usize>, crate::game::model::FigureId)> {
    let turn = world.get_resource::<Turn>()?;
    // The spell draft: the hero picking a school is the one who acts.
    let id = match (&turn.draft, turn.phase) {
        (Some(d), _) => d.next,
        (None, Phase::Hero(id)) => id,
        _ => return None,
    };
    if !world.resource::<Controllers>().human_to_act(turn) {
        return None;
    }
    let mut q = world.query::<(&crate::game::model::FigureId, &crate::game::model::Hero)>();
    let class = q.iter(world).find(|(f, _)| **f == id).map(|(_, h)| h.class.clone())?;
    let seats = world.get_resource::<Seats>().cloned().unwrap_or_default();
    Some((seats.device_of(&class), seats.seat_of(&class), id))
}

/// The options window is open (perhaps waiting for a new key): the game takes no input.
pub fn input_suspended(world: &World) -> bool {
    world
        .get_resource::<crate::ui::options::OptionsOpen>()
        .is_some_and(|o| o.0)
        || world.get_resource::<crate::game::Paused>().is_some_and(|p| p.0)
        || world.contains_resource::<crate::game::Watching>()
}

/// Esc (or the Back key or button of any device) always does something: it puts away what is
/// open (an egui pop-up such as a spell list, which egui closes itself; a card on the table; the
/// action menu, which `seat_input` closes), and with nothing open it opens the pause menu, or
/// closes it again. Runs before `seat_input`, which then sees the game paused.
pub fn pause_toggle(world: &mut World) {
    world.remove_resource::<BackUsed>();
    let bindings = world
        .get_resource::<crate::save::settings::Settings>()
        .map(|s| s.bindings.clone())
        .unwrap_or_default();
    let text_field = world.get_resource::<KeyOwner>().is_some_and(|k| k.text_field);
    let mut back = !text_field
        && world
            .get_resource::<ButtonInput<KeyCode>>()
            .is_some_and(|k| k.just_pressed(KeyCode::Escape) || bindings.key_actions(k).contains(&Action::Back));
    let mut q = world.query::<&Gamepad>();
    back |= q
        .iter(world)
        .any(|g| bindings.button_actions(g).contains(&Action::Back));
    if !back
        || world
            .get_resource::<crate::ui::options::OptionsOpen>()
            .is_some_and(|o| o.0)
    {
        return;
    }
    let paused = world.get_resource::<crate::game::Paused>().is_some_and(|p| p.0);
    if paused {
        world.insert_resource(crate::game::Paused(false));
        return;
    }
    // A pop-up list that egui showed last frame: egui closes it on this key.
    if world.get_resource::<KeyOwner>().is_some_and(|k| k.popup) {
        return;
    }
    let now = world.get_resource::<Time>().map_or(0.0, |t| t.elapsed_secs());
    if let Some(mut card) = world.get_resource_mut::<crate::ui::log::CardPopup>()
        && card.showing(now)
    {
        card.since = None;
        // `seat_input` must not read this press again as closing something else.
        world.insert_resource(BackUsed);
        return;
    }
    if world.get_resource::<ActionMenu>().is_some_and(|m| m.open) {
        return;
    }
    world.insert_resource(crate::game::Paused(true));
}

/// The Back press of this frame was spent putting a card away.
#[derive(Resource)]
pub struct BackUsed;

/// Who has the keyboard besides the board, as egui saw it last frame: a text field being typed
/// in takes every key; an open pop-up takes Esc. Written by `ui::route_keys`.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyOwner {
    pub text_field: bool,
    pub popup: bool,
}

/// The mouse reads the board only when the active hero's player holds mouse and keyboard and
/// no hand-over is waiting.
pub fn mouse_player_active(world: &mut World) -> bool {
    let waiting = world.get_resource::<SeatTurn>().is_some_and(|s| s.hand_over.is_some());
    !waiting && active_device(world).is_some_and(|(d, _, _)| d == Device::MouseKeyboard)
}

/// Reads the device of the active hero's seat and turns its actions into commands; keeps the
/// cursor on the active hero at the start of a turn; asks for a hand-over when the next seat
/// shares the device.
pub fn seat_input(world: &mut World) {
    let Some((device, seat, hero)) = active_device(world) else {
        return;
    };
    // A new hero's turn: the cursor goes to the hero; a different seat on the same device
    // waits for its player to take it.
    let mut st = world.get_resource::<SeatTurn>().cloned().unwrap_or_default();
    if st.hero != Some(hero) {
        let seats = world.get_resource::<Seats>().cloned().unwrap_or_default();
        if let (Some(prev), Some(now)) = (st.seat, seat)
            && prev != now
            && seats.0[prev].device.hand() == seats.0[now].device.hand()
        {
            st.hand_over = Some(now);
        }
        st.hero = Some(hero);
        st.seat = seat.or(st.seat);
        let at = Snapshot::capture(world).and_then(|s| s.figure(hero).and_then(|f| f.pos));
        world.insert_resource(BoardCursor { at, hero: Some(hero) });
        world.insert_resource(ActionMenu::default());
    }
    let actions = if input_suspended(world) {
        Vec::new()
    } else {
        device_actions(world, device)
    };
    if st.hand_over.is_some() {
        if actions.contains(&Action::Confirm) {
            st.hand_over = None;
        }
        world.insert_resource(st);
        return;
    }
    world.insert_resource(st);
    // The mouse-and-keyboard player keeps the keys `hero_input` reads (arrows step the hero);
    // the cursor and the menu are for the other devices.
    if device == Device::MouseKeyboard {
        return;
    }
    let drafting = world.get_resource::<Turn>().is_some_and(|t| t.draft.is_some());
    if actions.is_empty() && (!drafting || world.get_resource::<ActionMenu>().is_some_and(|m| m.open)) {
        return;
    }
    let Some(snap) = Snapshot::capture(world) else { return };
    let mut menu = world.get_resource::<ActionMenu>().cloned().unwrap_or_default();
    // The spell draft is a menu of its own, open until the hero has picked.
    if snap.turn.draft.is_some() {
        let lines = menu_lines(&snap);
        let mut out = None;
        for a in actions {
            match a {
                Action::Up | Action::Down => menu.scroll(a, lines.len()),
                Action::Confirm => out = lines.get(menu.index).map(|(_, c)| c.clone()),
                _ => {}
            }
        }
        menu.open = true;
        menu.index = menu.index.min(lines.len().saturating_sub(1));
        if out.is_some() {
            menu = ActionMenu::default();
        }
        world.insert_resource(menu);
        if let Some(c) = out {
            world.write_message(c);
        }
        return;
    }
    let Some(h) = snap.active_hero() else { return };
    let mut cursor = world.get_resource::<BoardCursor>().cloned().unwrap_or_default();
    let mut out: Option<Command> = None;
    let board = snap.board();
    let back_used = world.contains_resource::<BackUsed>();
    for a in actions {
        // Back put away a card on the table already (`pause_toggle`).
        if a == Action::Back && back_used {
            continue;
        }
        if menu.open {
            let lines = menu_lines(&snap);
            match a {
                Action::Up | Action::Down => menu.scroll(a, lines.len()),
                Action::Confirm => {
                    out = lines.get(menu.index).map(|(_, c)| c.clone());
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
            let from = cursor.at.or(h.pos).unwrap_or(Pos::new(0, 0));
            let to = from.step(d);
            if board.in_bounds(to) {
                cursor.at = Some(to);
            }
            continue;
        }
        let progress = snap.turn.progress(h.id);
        out = match a {
            Action::Confirm => match cursor.at {
                Some(p) if Some(p) != h.pos => super::intent_for_click(&snap, p),
                // On the hero's own square: roll if that is still to do, else the menu.
                _ if progress.allowance.is_none() && progress.moving != MoveState::Done => {
                    Some(Command::RollMovement { hero: h.id })
                }
                _ => {
                    menu = ActionMenu { open: true, index: 0 };
                    None
                }
            },
            Action::Roll => Some(Command::RollMovement { hero: h.id }),
            Action::Attack => {
                let under = cursor
                    .at
                    .and_then(|p| snap.figure_at(p))
                    .filter(|t| snap.can_attack(h, t));
                under
                    .or_else(|| snap.attack_targets(h).min_by_key(|t| (t.body, t.id)))
                    .map(|t| Command::Attack {
                        attacker: h.id,
                        target: t.id,
                    })
            }
            Action::OpenDoor => h.pos.and_then(|at| {
                snap.doors
                    .iter()
                    .find(|d| !d.open && !d.locked && d.edge.touches(at))
                    .map(|d| Command::OpenDoor { hero: h.id, door: d.id })
            }),
            Action::Menu => {
                menu = ActionMenu { open: true, index: 0 };
                None
            }
            Action::EndTurn => Some(Command::EndTurn),
            Action::Undo => {
                world.insert_resource(crate::screen::UndoRequest);
                None
            }
            _ => None,
        };
        if out.is_some() {
            break;
        }
    }
    world.insert_resource(menu);
    world.insert_resource(cursor);
    if let Some(c) = out {
        world.write_message(c);
    }
}

/// The actions the device's keys or buttons just meant.
pub fn device_actions(world: &mut World, device: Device) -> Vec<Action> {
    let bindings = world
        .get_resource::<crate::save::settings::Settings>()
        .map(|s| s.bindings.clone())
        .unwrap_or_default();
    match device {
        Device::MouseKeyboard | Device::Keyboard => {
            // Keys typed into a text field belong to the field.
            if world.get_resource::<KeyOwner>().is_some_and(|k| k.text_field) {
                return Vec::new();
            }
            world
                .get_resource::<ButtonInput<KeyCode>>()
                .map(|k| bindings.key_actions(k))
                .unwrap_or_default()
        }
        Device::Gamepad(n) => {
            let mut q = world.query::<(Entity, &Gamepad)>();
            let mut pads: Vec<(Entity, &Gamepad)> = q.iter(world).collect();
            pads.sort_by_key(|(e, _)| *e);
            pads.get(n as usize)
                .map(|(_, g)| bindings.button_actions(g))
                .unwrap_or_default()
        }
    }
}

/// Which seat and device drive the active hero, for the UI's banner.
pub fn active_seat(world: &mut World) -> Option<(Option<usize>, Device)> {
    active_device(world).map(|(d, s, _)| (s, d))
}

/// The resources; `seat_input` itself runs in the input plugin, before the mouse's system.
pub fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .init_resource::<KeyOwner>()
        .init_resource::<ActionMenu>()
        .init_resource::<SeatTurn>()
        .init_resource::<Seats>();
}

/// The seats and their input without a window: for headless tests and tools.
pub fn headless_plugin(app: &mut App) {
    app.add_plugins(plugin).add_systems(
        Update,
        (pause_toggle, seat_input)
            .chain()
            .run_if(resource_exists::<ActiveQuest>)
            .in_set(crate::game::GameSet::Input),
    );
}
