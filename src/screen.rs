//! What the window's screens share: which screen is up, the undo request and its answer, the
//! frame a game was rebuilt in, a settings file that could not be read, the options window and
//! the card pop-up being open, where a keyboard or gamepad player points, the sorcerer's
//! player's hand, and whose device acts now. Read by the view, the panels and input; each is
//! set by one of them. Kept here so that the view reads none of input and input none of the
//! panels.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::model::{FigureId, Phase, Turn};
use crate::game::{Controllers, sorcerers_move};
use crate::rules::geometry::Pos;
use crate::seating::{Device, Seats};

/// Top-level screens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    Playing,
    /// The quest editor (issue 38).
    Editor,
}

/// A person asked to take back the last command (the Undo button, U or Ctrl+Z).
#[derive(Resource)]
pub struct UndoRequest;

/// Whether the last command can be taken back now, and if not why (see `logic::undo_status`),
/// kept for the panels; with it, what an undo would take back, in words ("the Barbarian's move
/// into the corridor", "the end of a turn").
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct UndoAvailable(pub Result<usize, String>, pub String);

impl Default for UndoAvailable {
    fn default() -> Self {
        UndoAvailable(Err("Nothing to undo yet.".into()), String::new())
    }
}

/// Set for the frame in which a game was rebuilt (resumed or undone): the log fills again, but
/// no card pops up and the briefing stays closed.
#[derive(Resource)]
pub struct JustRestored;

/// Why the settings file could not be read, for the title screen (the defaults are in use).
#[derive(Resource, Default)]
pub struct SettingsProblem(pub Option<String>);

/// Whether the options window is open.
#[derive(Resource, Default)]
pub struct OptionsOpen(pub bool);

/// How long a card pop-up stays on screen.
pub const CARD_SECONDS: f32 = 4.5;

/// The card just turned over (treasure, spell, trap, secret door), shown for a few seconds.
#[derive(Resource, Default, Clone)]
pub struct CardPopup {
    pub title: String,
    pub text: String,
    pub color: egui::Color32,
    /// Seconds since startup when it was turned over; None when nothing is shown.
    pub since: Option<f32>,
}

impl CardPopup {
    /// How long it stays: long enough to read (about three words a second), never less than
    /// `CARD_SECONDS`. The OK button closes it sooner.
    pub fn seconds(&self) -> f32 {
        let words = self.text.split_whitespace().count() as f32;
        (words / 3.0 + 2.0).max(CARD_SECONDS)
    }

    /// Is the card on the table at `now` (seconds since startup)? It goes when its time is up
    /// or when it is put away.
    pub fn showing(&self, now: f32) -> bool {
        self.since.is_some_and(|since| now - since < self.seconds())
    }
}

/// The square the keyboard-only or gamepad player points at; follows the active hero.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardCursor {
    pub at: Option<Pos>,
    /// The hero the cursor was put on (a new hero's turn puts it on that hero).
    pub hero: Option<crate::game::model::FigureId>,
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

/// The sorcerer's player's hand: the monster picked, and whether the device is still to be
/// handed over (the board stays hidden until the sorcerer's player confirms).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SorcererHand {
    pub selected: Option<FigureId>,
    pub hand_over: bool,
    /// The move the hand-over was last asked for: (round, the sorcerer's turn, the hero whose
    /// wandering monster waits to be placed).
    pub(crate) asked: Option<(u32, bool, Option<FigureId>)>,
}

impl SorcererHand {
    /// The sorcerer's player holds the device and may see the whole dungeon.
    pub fn ready(&self) -> bool {
        !self.hand_over
    }
}

/// Does the screen show the whole dungeon (the sorcerer's player holds the device and it is the
/// sorcerer's move)? Otherwise it shows what the heroes have revealed.
pub fn shows_all(world: &World) -> bool {
    let (Some(turn), Some(c)) = (world.get_resource::<Turn>(), world.get_resource::<Controllers>()) else {
        return false;
    };
    c.sorcerer_to_act(turn) && sorcerers_move(turn) && world.get_resource::<SorcererHand>().is_some_and(|h| h.ready())
}

/// The device whose words the quest's tips use (`seating::device_words`): the active hero's
/// player's, kept while nobody holds one (the sorcerer's turn).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TipDevice(pub Device);

impl Default for TipDevice {
    fn default() -> Self {
        TipDevice(Device::MouseKeyboard)
    }
}

/// Keeps `TipDevice` on the active hero's player's device.
pub fn track_tip_device(world: &mut World) {
    if let Some((d, _, _)) = active_device(world)
        && world.get_resource::<TipDevice>().is_none_or(|t| t.0 != d)
    {
        world.insert_resource(TipDevice(d));
    }
}

/// The figures the spell being chosen in the action bar could be cast on (its menu open, or
/// its button pointed at): the board rings them in blue.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SpellAim(pub Vec<crate::game::model::FigureId>);

/// How long after the turn passes a click on the action bar or the board, or a press of End turn,
/// is taken for one meant for the turn that just ended, and ignored (issue 39: a double-click on
/// End turn must not end the next hero's turn, nor take the button that appears under the
/// pointer).
pub const TURN_BEAT: std::time::Duration = std::time::Duration::from_millis(450);

/// When the turn last passed to another figure or side (wall-clock time: a pause of the game's
/// clock does not stretch it).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct TurnBeat {
    phase: Option<Phase>,
    since: Option<std::time::Instant>,
    /// No beat at all: for a headless test whose scripted player acts the very frame a turn
    /// passes (the beat itself is tested in `tests/clicks.rs`).
    off: bool,
}

impl TurnBeat {
    /// A beat that never holds anything back (see `off`).
    pub fn off() -> TurnBeat {
        TurnBeat {
            off: true,
            ..Default::default()
        }
    }

    /// Whether the turn passed less than `TURN_BEAT` ago.
    pub fn settling(&self) -> bool {
        !self.off && self.since.is_some_and(|t| t.elapsed() < TURN_BEAT)
    }
}

/// Notes the moment the turn passes (a new figure or side to act).
pub fn track_turn_beat(turn: Option<Res<Turn>>, mut beat: ResMut<TurnBeat>) {
    let Some(turn) = turn else { return };
    if beat.phase != Some(turn.phase) {
        beat.phase = Some(turn.phase);
        beat.since = Some(std::time::Instant::now());
    }
}

/// Whether the world's turn passed a moment ago (see `TurnBeat`).
pub fn turn_settling(world: &World) -> bool {
    world.get_resource::<TurnBeat>().is_some_and(TurnBeat::settling)
}
