//! The player's settings: chosen on the title screen and in the options window, kept in the
//! platform's config folder (`settings.ron`) and read back at the next start.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use super::files::{config_dir, read_ron, write_ron};
use crate::ai::SorcererLevel;

/// The settings format this build writes and reads.
pub const SETTINGS_FORMAT: u32 = 1;

/// Every field has a default, so a settings file from an older build (or one a player trimmed by
/// hand) still reads; unknown fields are refused so a misspelt one is named rather than ignored.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub format: u32,
    /// The sorcerer's level for the next quest.
    pub sorcerer: SorcererLevel,
    /// Heroes (rule-set ids) the computer plays beside the people.
    pub companions: BTreeSet<String>,
    /// Modules ticked on the title screen for the next quest or campaign (ids).
    pub modules: Vec<String>,
    /// The rule system chosen on the title screen for a quest written for several (an id); None:
    /// each quest's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule_system: Option<String>,
    /// Seconds between the computer's moves (sorcerer and companions), so a person can follow them.
    pub pace: f32,
    /// Size of the panels and text: 1 is the designed size.
    pub ui_scale: f32,
    /// Sound effects' volume, 0 (silent) to 1.
    pub volume: f32,
    /// Borderless full screen on the current monitor, else a window.
    pub fullscreen: bool,
    /// The window's size when not full screen (logical pixels).
    pub window_size: (u32, u32),
    /// How fast figures walk and dice tumble: 1 is the designed speed.
    pub animation_speed: f32,
    /// No sliding, tumbling or floating numbers: everything lands at once.
    pub reduced_motion: bool,
    /// The board's colours: the standard ones or a set told apart without red and green.
    pub palette: Palette,
    /// Which keys and gamepad buttons mean which action.
    pub bindings: crate::seating::Bindings,
    /// The players at the table (the party screen); empty: one player with mouse and keyboard.
    pub seats: crate::seating::Seats,
    /// With players set up, heroes nobody plays are left out of the game (else the computer plays them).
    pub leave_out_unclaimed: bool,
    /// A person plays the sorcerer (None: the computer does).
    pub sorcerer_seat: Option<crate::seating::SorcererSeat>,
    /// At a shared table, a short chime when the turn passes to another person (issue 39).
    pub turn_cue: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            format: SETTINGS_FORMAT,
            sorcerer: SorcererLevel::Normal,
            companions: BTreeSet::new(),
            modules: Vec::new(),
            rule_system: None,
            pace: 0.35,
            ui_scale: 1.0,
            volume: 0.7,
            fullscreen: false,
            window_size: (1600, 900),
            animation_speed: 1.0,
            reduced_motion: false,
            palette: Palette::Standard,
            bindings: Default::default(),
            seats: Default::default(),
            leave_out_unclaimed: false,
            sorcerer_seat: None,
            turn_cue: true,
        }
    }
}

/// The ranges the options window offers; a file with values outside them is brought inside.
pub const PACE_RANGE: (f32, f32) = (0.0, 1.5);
pub const UI_SCALE_RANGE: (f32, f32) = (0.75, 1.75);
pub const VOLUME_RANGE: (f32, f32) = (0.0, 1.0);
pub const ANIMATION_RANGE: (f32, f32) = (0.5, 3.0);
/// The window sizes the options offer.
pub const WINDOW_SIZES: [(u32, u32); 5] = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440)];

/// The board's colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Palette {
    #[default]
    Standard,
    /// Blue and orange instead of green and red, the heroes in the Okabe–Ito colours: safe for
    /// the common colour blindnesses.
    ColourBlindSafe,
}

impl Settings {
    /// `<config>/hollowdeep/settings.ron`.
    pub fn path() -> Option<PathBuf> {
        config_dir().map(|d| d.join("settings.ron"))
    }

    /// Reads the settings file. No file: the defaults. A file that cannot be read: the defaults
    /// and a message naming the file and the problem (the file is left as it is until the player
    /// changes a setting; the write then keeps it as `settings.ron.bak`). Values out of range
    /// are brought into range, each with a message naming the setting and the value used.
    pub fn load_from(path: &Path) -> (Settings, Option<String>) {
        if !path.exists() {
            return (Settings::default(), None);
        }
        match read_ron::<Settings>(
            path,
            "settings file",
            SETTINGS_FORMAT..=SETTINGS_FORMAT,
            super::files::limits::SETTINGS,
            |s| s.format,
        ) {
            Ok(s) => {
                let unknown = s.bindings.unknown_names();
                let mut notes = Vec::new();
                let s = if unknown.is_empty() {
                    s
                } else {
                    // The rest of the file is good: keep it, with the default controls.
                    notes.push(format!(
                        "unknown keys or buttons in the controls: {} (the default controls are used)",
                        unknown.join(", ")
                    ));
                    Settings {
                        bindings: Default::default(),
                        ..s
                    }
                };
                let (s, more) = s.checked();
                notes.extend(more);
                let problem = (!notes.is_empty()).then(|| {
                    let lines: Vec<String> = notes.iter().map(|n| format!("• {n}")).collect();
                    format!("{}:\n{}", path.display(), lines.join("\n"))
                });
                (s, problem)
            }
            Err(e) => (Settings::default(), Some(format!("{e} (the defaults are used)"))),
        }
    }

    pub fn load() -> (Settings, Option<String>) {
        match Settings::path() {
            Some(p) => Settings::load_from(&p),
            None => (Settings::default(), None),
        }
    }

    pub fn save_to(&self, path: &Path) -> Result<(), String> {
        write_ron(path, self, "settings file", true)
    }

    pub fn save(&self) -> Result<(), String> {
        let path = Settings::path().ok_or("no config folder: neither XDG_CONFIG_HOME nor HOME is set")?;
        self.save_to(&path)
    }

    /// Every value checked: one out of range is brought into range (a number that is not one
    /// gets the default), an unknown hero or a seat past the fourth is left out, and each change
    /// is said in words naming the setting and the value used.
    pub fn checked(mut self) -> (Settings, Vec<String>) {
        let mut notes = Vec::new();
        let d = Settings::default();
        let mut clamp = |name: &str, v: &mut f32, (lo, hi): (f32, f32), default: f32| {
            let used = if v.is_finite() { v.clamp(lo, hi) } else { default };
            if used != *v {
                notes.push(format!("{name} {v} is outside {lo} to {hi}, so {used} is used"));
                *v = used;
            }
        };
        clamp("pace", &mut self.pace, PACE_RANGE, d.pace);
        clamp("ui_scale", &mut self.ui_scale, UI_SCALE_RANGE, d.ui_scale);
        clamp("volume", &mut self.volume, VOLUME_RANGE, d.volume);
        clamp(
            "animation_speed",
            &mut self.animation_speed,
            ANIMATION_RANGE,
            d.animation_speed,
        );
        let (w, h) = self.window_size;
        let used = (w.clamp(WINDOW_MIN.0, WINDOW_MAX.0), h.clamp(WINDOW_MIN.1, WINDOW_MAX.1));
        if used != (w, h) {
            notes.push(format!(
                "window_size ({w}, {h}) is outside ({}, {}) to ({}, {}), so ({}, {}) is used",
                WINDOW_MIN.0, WINDOW_MIN.1, WINDOW_MAX.0, WINDOW_MAX.1, used.0, used.1
            ));
            self.window_size = used;
        }
        let heroes = crate::rules::ruleset::RuleSet::heroquest_2021();
        let known = |h: &String| heroes.heroes.contains_key(h);
        for h in self.companions.iter().filter(|h| !known(h)) {
            notes.push(format!("companions: \"{h}\" is not a hero, so it is left out"));
        }
        self.companions.retain(known);
        let system = crate::rules::systems::HEROQUEST_2021;
        let mut kept: Vec<String> = Vec::new();
        for m in &self.modules {
            let mut with = kept.clone();
            with.push(m.clone());
            match crate::rules::systems::Modules::choose(system, &with) {
                Ok(_) => kept = with,
                Err(e) => notes.push(format!("modules: {e}, so \"{m}\" is left out")),
            }
        }
        self.modules = kept;
        if self.seats.0.len() > 4 {
            notes.push(format!(
                "seats: {} players, but at most 4 sit at the table, so the first 4 are used",
                self.seats.0.len()
            ));
            self.seats.0.truncate(4);
        }
        let mut claimed = BTreeSet::new();
        for (i, seat) in self.seats.0.iter_mut().enumerate() {
            check_player(
                &format!("seats[{i}]"),
                &mut seat.player,
                &format!("Player {}", i + 1),
                &mut notes,
            );
            let who = seat.player.clone();
            seat.heroes.retain(|h| {
                let ok = known(h) && claimed.insert(h.clone());
                if !ok {
                    notes.push(format!(
                        "seats[{i}] ({who}): \"{h}\" is not a hero or is claimed twice, so it is left out"
                    ));
                }
                ok
            });
            check_gamepad(&format!("seats[{i}] ({who})"), &mut seat.device, &mut notes);
        }
        if let Some(seat) = self.sorcerer_seat.as_mut() {
            check_player("sorcerer_seat", &mut seat.player, "Sorcerer", &mut notes);
            check_gamepad("sorcerer_seat", &mut seat.device, &mut notes);
        }
        (self, notes)
    }
}

/// A player's name: trimmed, without control characters, at most `PLAYER_NAME_MAX` long, and
/// `empty` when nothing is left; a change is said in `notes`.
fn check_player(setting: &str, player: &mut String, empty: &str, notes: &mut Vec<String>) {
    let name: String = player
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(PLAYER_NAME_MAX)
        .collect();
    let name = if name.is_empty() { empty.to_string() } else { name };
    if name != *player {
        notes.push(format!(
            "{setting}: the player's name \"{}\" is used as \"{name}\"",
            player.escape_debug()
        ));
        *player = name;
    }
}

/// A gamepad past the fourth is the fourth; a change is said in `notes`.
fn check_gamepad(setting: &str, device: &mut crate::seating::Device, notes: &mut Vec<String>) {
    if let crate::seating::Device::Gamepad(n) = *device
        && n > 3
    {
        notes.push(format!(
            "{setting}: gamepad {} is not one of gamepads 1 to 4, so gamepad 4 is used",
            u32::from(n) + 1
        ));
        *device = crate::seating::Device::Gamepad(3);
    }
}

/// The smallest and largest window the settings may ask for (logical pixels); the window is
/// also never made larger than the screen it is on.
pub const WINDOW_MIN: (u32, u32) = (640, 360);
pub const WINDOW_MAX: (u32, u32) = (7680, 4320);
/// The longest player name kept.
pub const PLAYER_NAME_MAX: usize = 24;
