//! The game's vocabulary: components, resources, the `Command` players give and the `GameEvent`s that follow.

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::prelude::*;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::quest::Quest;
use crate::rules::dice::Face;
use crate::rules::geometry::{Edge, Pos, Rect};
pub use crate::rules::ruleset::StatusKind;

mod advanced;
mod messages;
mod names;

pub use advanced::{Fate, FateUse, MagicDeck, Morcar, RollKind, Skills};
pub use messages::{Actor, Command, GameEvent};
pub use names::{FigureNames, HeroicaPlaces};

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
    pub undead: bool,
    /// Only this weapon wounds it.
    pub only_harmed_by: Option<String>,
    /// Its special abilities (HeroQuest Revised #113–136), from the tables or the quest.
    pub abilities: Vec<crate::rules::ruleset::Ability>,
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

impl Body {
    /// Whole: `n` of `n`.
    pub fn full(n: u8) -> Body {
        Body { current: n, max: n }
    }
}

impl Mind {
    /// Whole: `n` of `n`.
    pub fn full(n: u8) -> Mind {
        Mind { current: n, max: n }
    }
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

/// What a hero carries: the weapon in hand and everything else (armour, tool kit, spare weapons,
/// artifacts). Fighter's dice are derived from it (`heroquest::derive_fighter`).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Equipment {
    /// None when the hero's only weapon was thrown.
    pub weapon: Option<String>,
    pub items: Vec<String>,
    /// Armour among `items` carried but not worn (HeroQuest Revised #104: putting a piece on,
    /// or taking it off, takes a whole turn), one entry a piece.
    pub off: Vec<String>,
}

impl Equipment {
    pub fn has(&self, id: &str) -> bool {
        self.weapon.as_deref() == Some(id) || self.items.iter().any(|i| i == id)
    }

    /// Whether the hero has a piece `id` on: it carries more of them than it has taken off.
    pub fn on(&self, id: &str) -> bool {
        let n = |v: &[String]| v.iter().filter(|i| *i == id).count();
        n(&self.items) > n(&self.off)
    }

    /// No more pieces off than carried, after something left the pack.
    pub fn settle_off(&mut self) {
        let mut kept: Vec<String> = Vec::new();
        for i in std::mem::take(&mut self.off) {
            let carried = self.items.iter().filter(|x| **x == i).count();
            if kept.iter().filter(|x| **x == i).count() < carried {
                kept.push(i);
            }
        }
        self.off = kept;
    }
}

/// Gold and potions a hero has found.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Inventory {
    pub gold: u32,
    pub potions: Vec<String>,
}

/// Spells a figure knows and which of them are used up this quest; under the Apprentice Spell
/// System (#177), the Magic Spell cards in a hero's hand, which leave it as they are cast.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Spellbook {
    pub schools: Vec<String>,
    pub spells: Vec<String>,
    pub cast: Vec<String>,
}

impl Spellbook {
    /// The spells it may cast now, each once: not used up this quest (a hand of Magic Spells
    /// may hold two copies of a card, #177).
    pub fn ready(&self) -> impl Iterator<Item = &String> {
        self.spells
            .iter()
            .enumerate()
            .filter(|(i, s)| !self.cast.contains(s) && !self.spells[..*i].contains(s))
            .map(|(_, s)| s)
    }
}

/// Lasting conditions from spells and potions.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Status(pub std::collections::BTreeSet<StatusKind>);

pub use crate::quest::TrapKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrapState {
    /// Nobody knows it is there.
    Hidden,
    /// Found by a search: the heroes know the square but nothing is placed.
    Known,
    /// Sprung: a pit stays open, a falling block is now solid rock, a spear is gone.
    Sprung,
    Disarmed,
}

/// A trap of the quest. Furniture traps name the piece (`furniture`) and their own wording.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Trap {
    pub id: u32,
    pub kind: TrapKind,
    pub at: Pos,
    pub state: TrapState,
    pub furniture: Option<usize>,
    /// Body lost (furniture traps) and what the sorcerer reads out.
    pub damage: u8,
    pub text: String,
}

impl Trap {
    /// Still able to hurt someone.
    pub fn armed(&self) -> bool {
        matches!(self.state, TrapState::Hidden | TrapState::Known)
    }

    /// A pit already sprung: open for all to see, a move that enters it ends there, and a hero
    /// may jump it (heroquest-2021.md, Pit Trap and Jumping a Trap; rules-decisions row 17).
    pub fn open_pit(&self) -> bool {
        self.kind == TrapKind::Pit && self.state == TrapState::Sprung && self.furniture.is_none()
    }

    /// A trap on the floor a hero may jump: one it knows of, or an open pit.
    pub fn jumpable(&self) -> bool {
        self.furniture.is_none() && (self.state == TrapState::Known || self.open_pit())
    }
}

/// The prisoner of a `Rescue` quest: on the heroes' side but never taking a turn. Freed by a hero
/// who stands next to them, they then follow that hero one square behind; they climb out when
/// that hero stands on the stairway. Their fall loses the quest.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Captive {
    pub name: String,
    /// The hero they follow; None until freed, and again if that hero falls.
    pub follows: Option<FigureId>,
}

/// A man-at-arms (HeroQuest Revised, #151–152): a figure of the heroes' side that serves a hero
/// and is activated by that hero's player, in the same turn as the hero (#39).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Retainer {
    /// Its kind in the rule set's `men_at_arms`.
    pub kind: String,
    pub name: String,
    /// The hero it serves.
    pub serves: FigureId,
    /// Its kind's special abilities (Long, Defencing).
    pub abilities: Vec<crate::rules::ruleset::Ability>,
}

/// How much of a hero's maximum Body and Mind its cards give now (Revised #99): kept so that a
/// card gained or lost moves the maximum by its own amount, and the current values only as
/// #99 says (`heroquest::cards::raise`).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Raised(pub crate::rules::ruleset::Raises);

/// A secret door nobody has found yet: a wall to everyone until a search reveals it.
#[derive(Component, Clone, Copy, Debug)]
pub struct Concealed;

/// A secret door (found or not): once opened it can never be closed.
#[derive(Component, Clone, Copy, Debug)]
pub struct SecretDoor;

/// A dead hero's possessions, left where the hero fell for another hero to pick up.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Loot {
    pub at: Pos,
    pub gold: u32,
    pub potions: Vec<String>,
    pub items: Vec<String>,
}

/// The quest's hidden and used-up things that are not figures: searches made, special treasure
/// taken, the treasure deck, once-a-quest artifacts used.
#[derive(Resource, Clone, Debug, Default)]
pub struct Dungeon {
    /// (hero, area) pairs already searched for treasure.
    pub searched: std::collections::BTreeSet<(FigureId, u16)>,
    /// Indexes into the quest's special treasure already found.
    pub special_taken: std::collections::BTreeSet<usize>,
    /// Card indexes (into the rule set's deck) still in the treasure deck.
    pub deck: Vec<usize>,
    /// (hero, artifact) once-a-quest uses spent.
    pub used: std::collections::BTreeSet<(FigureId, String)>,
    /// Where heroes stood when they searched for traps, and for secret doors (for the bots and the UI).
    pub trap_searches: Vec<(FigureId, Pos)>,
    pub door_searches: Vec<(FigureId, Pos)>,
    /// The round each hero last fired a weapon that must be reloaded.
    pub shot_round: BTreeMap<FigureId, u32>,
    /// Quest events (indexes into the quest's list) that have fired.
    pub fired: std::collections::BTreeSet<usize>,
    /// The group each monster belongs to, from the quest or the event that brought it in.
    pub groups: BTreeMap<FigureId, String>,
    /// The quest's levers (indexes) already pulled (the action-point module).
    pub levers_pulled: std::collections::BTreeSet<u32>,
    /// Locked chests (indexes into the quest's furniture) picked open (the action-point module).
    pub chests_opened: std::collections::BTreeSet<u32>,
    /// Heroes held in a crusher's grip, each with its crusher (Revised #114 Crush).
    pub held: BTreeMap<FigureId, FigureId>,
    /// What each thief carries off (Revised #133 Steal).
    pub stolen: BTreeMap<FigureId, Vec<String>>,
    /// The quest's portal pairs (indexes) a hero has investigated, which now carry figures
    /// (Revised #155).
    pub portals_open: std::collections::BTreeSet<u32>,
    /// Keyword cards (Revised #101–110, #132), by (bearer, card id): how many times each was
    /// used this quest, and how many of its copies are drained face down.
    pub cards_used: BTreeMap<(FigureId, String), u8>,
    pub cards_drained: BTreeMap<(FigureId, String), u8>,
    /// Held cards face up until their bearer's next turn (#101), and the corner icons each
    /// figure has used this turn (#102).
    pub cards_held: BTreeMap<FigureId, Vec<String>>,
    pub icons_used: BTreeMap<FigureId, Vec<String>>,
    /// Ongoing effects by card name (#110): (target, condition, the card's name).
    pub ongoing: Vec<(FigureId, StatusKind, String)>,
    /// Pieces of furniture (indexes into the quest's) the party has searched (Revised's advanced
    /// game, #164).
    pub furniture_searched: std::collections::BTreeSet<u32>,
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
    /// Locked by a quest event: closed, and no hero can open it until an event unlocks it.
    /// A quest's locked door and portcullis start locked too (the action-point module).
    pub locked: bool,
    pub kind: DoorKind,
}

/// What holds a door shut besides a quest event (the action-point module).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DoorKind {
    #[default]
    Plain,
    /// A lock a hero may pick (action-point-movement.md, Pick a Lock, Locked Doors).
    Lock,
    /// No lock: only its lever or a quest event opens it (Portcullises).
    Portcullis,
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
    /// Every hero left by the stairway before the goal was met.
    Retreated,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A hero's turn: index into the seat order.
    Hero(FigureId),
    Sorcerer,
    Over(Outcome),
}

/// The kinds of action the action rules count apart (`Snapshot::action_allowed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    Attack,
    Spell,
    /// A search: the one other Action, or one an ability adds (Artifice, Fortune, Perception).
    Search(crate::quest::SearchKind),
    Other,
}

impl ActionKind {
    /// The extra actions of an ability that may let a figure take this action after its one
    /// other Action (Revised #113, #119, #125, #127).
    pub fn bonus(self) -> Option<crate::rules::ruleset::Bonus> {
        use crate::quest::SearchKind;
        use crate::rules::ruleset::Bonus;
        match self {
            ActionKind::Search(SearchKind::Traps) => Some(Bonus::SearchTraps),
            ActionKind::Search(SearchKind::Treasure) => Some(Bonus::SearchTreasure),
            ActionKind::Search(SearchKind::SecretDoors) => Some(Bonus::SearchSecretDoors),
            ActionKind::Spell => Some(Bonus::Cast),
            ActionKind::Attack | ActionKind::Other => None,
        }
    }
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
    /// Attacks made this turn (Heroic Brew allows a second).
    pub attacks: u8,
    /// Spells cast this turn (the Wand of Magic allows a second).
    pub spells: u8,
    /// Extra Move actions begun this turn (Haste, Revised #121).
    pub extra_moves: u8,
    /// Actions taken this turn after the one other Action, by the `Bonus` that allowed them
    /// (Revised #113, #119, #125, #127).
    pub bonus_used: [u8; 5],
    /// The hero has begun a Run (Revised's advanced game, #163): a monster coming into sight or
    /// a trap set off ends its turn.
    pub running: bool,
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
    /// The spell-school draft, while it is under way (before the first hero moves).
    pub draft: Option<Draft>,
    /// A choice the sorcerer must make before anything else happens (where a wandering monster
    /// appears): the sorcerer's side answers it with a command, whoever plays it.
    pub pending: Option<Pending>,
    /// On the sorcerer's turn, the monster that moved or acted last: when another one does,
    /// this one's turn is over (one monster at a time, rules-decisions row 37).
    pub acting: Option<FigureId>,
    /// The figures of the heroes' side that have had their activation this round (Revised
    /// #39: a player takes its figures in the order it chooses).
    pub done: std::collections::BTreeSet<FigureId>,
}

/// A choice that belongs to the sorcerer in the middle of a hero's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// A hero failed a Mastery test by `shortfall` (Revised's advanced game, #165): it pays that
    /// much Mind for the spell to work, or lets it fail (`Command::Mastery`).
    Mastery {
        caster: FigureId,
        spell: String,
        target: FigureId,
        shortfall: u8,
    },
    /// Morcar chooses its Dungeon cards at the quest's start, within `budget` marks (#168).
    DungeonCards { budget: u32 },
    /// A hero drew a wandering-monster card: the sorcerer puts the monster on one of `squares`
    /// (free squares next to `hero`); it then attacks that hero at once.
    PlaceWanderer {
        hero: FigureId,
        kind: String,
        squares: Vec<Pos>,
    },
}

impl Pending {
    /// Whose choice it is: Morcar's, or the hero's whose Mastery test failed.
    pub fn chooser(&self) -> Actor {
        match self {
            Pending::Mastery { caster, .. } => Actor::Hero(*caster),
            Pending::DungeonCards { .. } | Pending::PlaceWanderer { .. } => Actor::Sorcerer,
        }
    }

    /// Whether Morcar's side must answer it.
    pub fn sorcerers(&self) -> bool {
        self.chooser() == Actor::Sorcerer
    }
}

/// The school draft: each caster in turn picks a school; the first caster gets what is left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// (hero, schools held at the end), in picking order.
    pub order: Vec<(FigureId, u8)>,
    /// Schools still to be chosen.
    pub left: Vec<String>,
    /// Who picks next.
    pub next: FigureId,
}

impl Turn {
    pub fn progress(&self, f: FigureId) -> Progress {
        self.progress.get(&f).copied().unwrap_or_default()
    }
}

/// Every event of the game so far, in order (the replay and simulation record).
#[derive(Resource, Default, Clone, Debug)]
pub struct EventLog(pub Vec<GameEvent>);

/// Every command the game accepted so far, in order. A refused command changes nothing, so it
/// is not kept: a save or replay holds only commands that were played.
#[derive(Resource, Default, Clone, Debug)]
pub struct CommandLog(pub Vec<Command>);

/// Where the quest's opening and each accepted command's events end in the `EventLog` (its
/// length then): what a save's check digests command by command (`save::check`).
#[derive(Resource, Default, Clone, Debug)]
pub struct CommandMarks {
    pub opening: u32,
    pub after: Vec<u32>,
}

/// Events that no command caused (the sorcerer's reasons), each with the number of commands
/// submitted before it: saved with the commands so a restored game's log reads the same.
#[derive(Resource, Default, Clone, Debug)]
pub struct NoteLog(pub Vec<(u32, GameEvent)>);

/// The last command the game accepted: who sent it and whether it may be taken back.
#[derive(Resource, Clone, Debug)]
pub struct LastAccepted {
    /// Its place in the `CommandLog`.
    pub index: usize,
    /// The hero whose turn (or spell pick) it was; None for the sorcerer.
    pub hero: Option<FigureId>,
    /// Ok when it rolled no dice, drew nothing and revealed nothing; else why it stands.
    pub undo: Result<(), String>,
}

/// The turn phase as a Bevy state, so phase systems can be gated with `in_state`.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    #[default]
    NoQuest,
    Heroes,
    Sorcerer,
    Over,
}
