//! The game's vocabulary: components, resources, the `Command` players give and the `GameEvent`s that follow.

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::prelude::*;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::quest::Quest;
use crate::rules::dice::Face;
use crate::rules::geometry::{Edge, Pos, Rect};

/// Stable id of a figure: heroes in turn order first, then monsters in quest order.
/// Commands and events name figures by this id, never by `Entity`, so replays stay valid.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct FigureId(pub u32);

/// Where a figure stands. Removed when a hero dies or leaves the dungeon.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridPos(pub Pos);

#[derive(Component, Clone, Debug)]
pub struct Hero {
    /// Rule-set id of the hero ("barbarian").
    pub class: String,
    pub name: String,
    /// Position in the turn order.
    pub seat: usize,
}

#[derive(Component, Clone, Debug)]
pub struct Monster {
    pub kind: String,
    pub name: Option<String>,
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Body {
    pub current: u8,
    pub max: u8,
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mind {
    pub current: u8,
    pub max: u8,
}

/// How a figure moves: heroes roll red dice, monsters have a fixed number of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Movement {
    Dice(u8),
    Fixed(u8),
}

/// Combat dice and movement.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    pub attack: u8,
    pub defend: u8,
    pub movement: Movement,
    /// The weapon reaches diagonally adjacent squares too.
    pub diagonal: bool,
}

#[derive(Component, Clone, Debug)]
pub struct Equipment {
    pub weapon: String,
}

/// A monster the heroes have seen: only these act on the sorcerer's turn.
#[derive(Component, Clone, Copy, Debug)]
pub struct Awake;

/// A hero whose body reached zero.
#[derive(Component, Clone, Copy, Debug)]
pub struct Dead;

/// A hero who left the dungeon by the stairway after the objective was met.
#[derive(Component, Clone, Copy, Debug)]
pub struct Escaped;

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door {
    pub id: u32,
    pub edge: Edge,
    pub open: bool,
}

#[derive(Component, Clone, Debug)]
pub struct Furniture {
    pub kind: String,
    pub rect: Rect,
}

/// Marks every entity that belongs to the quest in play, so a new quest can clear them.
#[derive(Component, Clone, Copy, Debug)]
pub struct QuestEntity;

/// The quest being played.
#[derive(Resource, Clone)]
pub struct ActiveQuest(pub Arc<Quest>);

/// The one random stream of the game. Named by algorithm so saves replay forever.
#[derive(Resource)]
pub struct GameRng(pub ChaCha8Rng);

/// The seed the game started from.
#[derive(Resource, Clone, Copy, Debug)]
pub struct Seed(pub u64);

/// Which squares the heroes have seen.
#[derive(Resource, Clone, Debug)]
pub struct Fog {
    pub width: i32,
    pub revealed: Vec<bool>,
}

impl Fog {
    pub fn is_revealed(&self, p: Pos) -> bool {
        p.x >= 0
            && p.y >= 0
            && p.x < self.width
            && self
                .revealed
                .get((p.y * self.width + p.x) as usize)
                .copied()
                .unwrap_or(false)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Won,
    Lost,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A hero's turn: index into the seat order.
    Hero(FigureId),
    Sorcerer,
    Over(Outcome),
}

/// Move-once bookkeeping: a figure moves in one go, before or after its action, never split.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveState {
    #[default]
    NotStarted,
    /// Moving; more steps may follow until the figure acts or ends its turn.
    Moving,
    Done,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The movement roll (heroes) or allowance (monsters), once known.
    pub allowance: Option<u8>,
    pub steps_used: u8,
    pub moving: MoveState,
    pub acted: bool,
}

impl Progress {
    pub fn steps_left(&self) -> u8 {
        self.allowance.unwrap_or(0).saturating_sub(self.steps_used)
    }

    pub fn can_move(&self) -> bool {
        self.moving != MoveState::Done && self.steps_left() > 0
    }
}

/// Whose turn it is and what they have done this turn.
#[derive(Resource, Clone, Debug)]
pub struct Turn {
    pub round: u32,
    pub phase: Phase,
    pub progress: BTreeMap<FigureId, Progress>,
    pub objective_done: bool,
}

impl Turn {
    pub fn progress(&self, f: FigureId) -> Progress {
        self.progress.get(&f).copied().unwrap_or_default()
    }
}

/// Display names of every figure of the quest, kept after a monster dies (for the log).
#[derive(Resource, Default, Clone, Debug)]
pub struct FigureNames(pub BTreeMap<FigureId, String>);

impl FigureNames {
    pub fn get(&self, id: FigureId) -> String {
        self.0.get(&id).cloned().unwrap_or_else(|| format!("figure {}", id.0))
    }
}

/// Every event of the game so far, in order (the replay and simulation record).
#[derive(Resource, Default, Clone, Debug)]
pub struct EventLog(pub Vec<GameEvent>);

/// Every command submitted so far, in order.
#[derive(Resource, Default, Clone, Debug)]
pub struct CommandLog(pub Vec<Command>);

/// The turn phase as a Bevy state, so phase systems can be gated with `in_state`.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    #[default]
    NoQuest,
    Heroes,
    Sorcerer,
    Over,
}

/// What a player, a bot, the sorcerer or a replay asks the game to do.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Roll the red dice for the active hero's movement.
    RollMovement {
        hero: FigureId,
    },
    /// Walk along a path of orthogonal steps (the start square excluded).
    Move {
        figure: FigureId,
        path: Vec<Pos>,
    },
    /// Open a closed door on an edge of the hero's square (a free action).
    OpenDoor {
        hero: FigureId,
        door: u32,
    },
    Attack {
        attacker: FigureId,
        target: FigureId,
    },
    /// End the hero's turn, or the sorcerer's turn.
    EndTurn,
}

/// Who a turn belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    Hero(FigureId),
    Sorcerer,
}

/// What happened, in the past tense.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEvent {
    QuestStarted {
        quest: String,
        seed: u64,
    },
    TurnStarted {
        round: u32,
        actor: Actor,
    },
    MovementRolled {
        hero: FigureId,
        dice: Vec<u8>,
    },
    HeroMoved {
        figure: FigureId,
        from: Pos,
        to: Pos,
    },
    MonsterMoved {
        figure: FigureId,
        from: Pos,
        to: Pos,
    },
    /// A move stopped early because something new came into view or the way was blocked.
    MoveInterrupted {
        figure: FigureId,
        at: Pos,
        reason: String,
    },
    DoorOpened {
        door: u32,
        by: FigureId,
    },
    AreaRevealed {
        area: String,
        squares: u32,
    },
    MonsterRevealed {
        figure: FigureId,
        at: Pos,
    },
    Attack {
        attacker: FigureId,
        target: FigureId,
        attack: Vec<Face>,
        defend: Vec<Face>,
        damage: u8,
    },
    MonsterKilled {
        figure: FigureId,
        by: FigureId,
    },
    HeroKilled {
        figure: FigureId,
        by: FigureId,
    },
    ObjectiveCompleted,
    HeroEscaped {
        figure: FigureId,
    },
    QuestWon {
        round: u32,
    },
    QuestLost {
        round: u32,
    },
    CommandRejected {
        reason: String,
    },
    /// The sorcerer explains a decision.
    SorcererReasoned {
        figure: FigureId,
        text: String,
    },
}

impl GameEvent {
    /// The event's kind in snake_case (the keys of `simulate --json`'s `event_counts`).
    pub fn kind(&self) -> &'static str {
        match self {
            GameEvent::QuestStarted { .. } => "quest_started",
            GameEvent::TurnStarted { .. } => "turn_started",
            GameEvent::MovementRolled { .. } => "movement_rolled",
            GameEvent::HeroMoved { .. } => "hero_moved",
            GameEvent::MonsterMoved { .. } => "monster_moved",
            GameEvent::MoveInterrupted { .. } => "move_interrupted",
            GameEvent::DoorOpened { .. } => "door_opened",
            GameEvent::AreaRevealed { .. } => "area_revealed",
            GameEvent::MonsterRevealed { .. } => "monster_revealed",
            GameEvent::Attack { .. } => "attack",
            GameEvent::MonsterKilled { .. } => "monster_killed",
            GameEvent::HeroKilled { .. } => "hero_killed",
            GameEvent::ObjectiveCompleted => "objective_completed",
            GameEvent::HeroEscaped { .. } => "hero_escaped",
            GameEvent::QuestWon { .. } => "quest_won",
            GameEvent::QuestLost { .. } => "quest_lost",
            GameEvent::CommandRejected { .. } => "command_rejected",
            GameEvent::SorcererReasoned { .. } => "sorcerer_reasoned",
        }
    }
}
