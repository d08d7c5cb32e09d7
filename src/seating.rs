//! Who sits at the table and with what: seats (a player, the heroes they play, the device they
//! hold), the sorcerer's seat, the device-neutral actions and the rebindable bindings that read
//! them from keys and gamepad buttons. Plain data, kept in the settings and the saves; the input
//! layer (`input::seats`) acts on it.

use std::collections::BTreeMap;

use bevy::input::gamepad::GamepadButton;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

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
    pub fn hand(self) -> Device {
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

    /// Which of `quest_heroes` one person plays together (Revised #39: such a person takes all
    /// of them in one turn): each seat's heroes; with no seats set up, the one person at the
    /// table plays every hero the computer does not (`computer`).
    pub fn players(&self, quest_heroes: &[String], computer: &[String]) -> Vec<Vec<String>> {
        let people = |hs: &[String]| -> Vec<String> {
            quest_heroes
                .iter()
                .filter(|h| hs.contains(h) && !computer.contains(h))
                .cloned()
                .collect()
        };
        if self.0.is_empty() {
            return vec![people(quest_heroes)];
        }
        self.0.iter().map(|s| people(&s.heroes)).collect()
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

/// Quest text with `{roll}`, `{move}`, `{end}`, `{undo}`, `{open}`, `{attack}` and `{menu}` in
/// it, written in the words of the device that plays: the mouse player clicks, a
/// keyboard-only or gamepad player moves a cursor and presses the keys or buttons bound to
/// the action (the tutorials teach each player their own controls). Other braces are left as
/// they are.
pub fn device_words(text: &str, device: Device, bindings: &Bindings) -> String {
    if !text.contains('{') {
        return text.to_string();
    }
    let pad = matches!(device, Device::Gamepad(_));
    let press = |a: Action| {
        if pad {
            format!("press {}", bindings.first_for(a, true))
        } else {
            format!("press {}", bindings.first_for(a, false))
        }
    };
    let cursor = bindings.cursor_for(pad);
    let confirm = bindings.first_for(Action::Confirm, pad);
    let words: [(&str, String); 7] = match device {
        Device::MouseKeyboard => [
            ("{roll}", "press R or click Roll to move".into()),
            (
                "{move}",
                "click a green square to walk there (or step one square at a time with the arrow keys)".into(),
            ),
            ("{end}", "press E or click End turn".into()),
            ("{undo}", "press U or click Undo".into()),
            ("{open}", "press O or click the door".into()),
            ("{attack}", "click it when it wears a red ring, or press X".into()),
            ("{menu}", "click the action's button on the right".into()),
        ],
        _ => [
            ("{roll}", press(Action::Roll)),
            (
                "{move}",
                format!("move the cursor with the {cursor} onto a green square and press {confirm}"),
            ),
            ("{end}", press(Action::EndTurn)),
            ("{undo}", press(Action::Undo)),
            ("{open}", press(Action::OpenDoor)),
            (
                "{attack}",
                format!(
                    "when it wears a red ring, {} (or put the cursor on it and press {confirm})",
                    press(Action::Attack)
                ),
            ),
            ("{menu}", format!("{} for the action menu", press(Action::Menu))),
        ],
    };
    let mut out = text.to_string();
    for (token, said) in words {
        out = out.replace(token, &said);
    }
    out
}
