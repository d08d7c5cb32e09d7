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

/// What a hero carries: the weapon in hand and everything else (armour, tool kit, spare weapons,
/// artifacts). Fighter's dice are derived from it (`heroquest::derive_fighter`).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Equipment {
    /// None when the hero's only weapon was thrown.
    pub weapon: Option<String>,
    pub items: Vec<String>,
}

impl Equipment {
    pub fn has(&self, id: &str) -> bool {
        self.weapon.as_deref() == Some(id) || self.items.iter().any(|i| i == id)
    }
}

/// Gold and potions a hero has found.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Inventory {
    pub gold: u32,
    pub potions: Vec<String>,
}

/// Spells a figure knows and which of them are used up this quest.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Spellbook {
    pub schools: Vec<String>,
    pub spells: Vec<String>,
    pub cast: Vec<String>,
}

impl Spellbook {
    pub fn ready(&self) -> impl Iterator<Item = &String> {
        self.spells.iter().filter(|s| !self.cast.contains(s))
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
    Other,
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
}

/// A choice that belongs to the sorcerer in the middle of a hero's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// A hero drew a wandering-monster card: the sorcerer puts the monster on one of `squares`
    /// (free squares next to `hero`); it then attacks that hero at once.
    PlaceWanderer {
        hero: FigureId,
        kind: String,
        squares: Vec<Pos>,
    },
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

/// Display names of every figure of the quest, kept after a monster dies (for the log), and
/// the board, to name a place by its room rather than its coordinates.
#[derive(Resource, Default, Clone, Debug)]
pub struct FigureNames(
    pub BTreeMap<FigureId, String>,
    pub Option<Arc<crate::rules::board::Board>>,
    /// The doors by id, to say where a door leads.
    pub BTreeMap<u32, crate::rules::geometry::Edge>,
    /// Played with the action-point module: a roll is points, and the log says what a minor
    /// action cost.
    pub bool,
    /// A LEGO Heroica mission (None: none): the monsters' side is the monster player, a
    /// mission's end is told by Heroica's own line, and a space is named by the way to the
    /// target (its spaces and the target's), never by coordinates.
    pub Option<HeroicaPlaces>,
);

/// What LEGO Heroica's log needs to name a space as a player would.
#[derive(Clone, Debug)]
pub struct HeroicaPlaces {
    pub spaces: Arc<crate::rules::heroica::spaces::Spaces>,
    pub target: crate::rules::geometry::Pos,
}

impl HeroicaPlaces {
    /// A space in words: "the target space", "beside the target", "5 spaces from the target"
    /// (by the spaces' own ways, every door open).
    pub fn place(&self, p: crate::rules::geometry::Pos) -> String {
        let from = self.spaces.distances(&[self.target], u16::MAX, |_| true);
        match from.dist(p) {
            Some(0) => "the target space".into(),
            Some(1) => "beside the target".into(),
            Some(d) => format!("{d} spaces from the target"),
            None => "a space".into(),
        }
    }
}

impl FigureNames {
    pub fn get(&self, id: FigureId) -> String {
        self.0.get(&id).cloned().unwrap_or_else(|| format!("figure {}", id.0))
    }

    /// Where a door leads, in words: " to the Guard Hall" (a room from the corridor), " between
    /// the Guard Hall and the Larder" (two rooms); empty when it is not known.
    pub fn door_place(&self, door: u32) -> String {
        let Some(edge) = self.2.get(&door) else {
            return String::new();
        };
        let room = |p| self.1.as_ref().is_some_and(|b| b.is_room(p)).then(|| self.place(p));
        match (room(edge.0), room(edge.1)) {
            (Some(a), Some(b)) if a != b => format!(" between {a} and {b}"),
            (Some(a), _) | (None, Some(a)) => format!(" to {a}"),
            _ => String::new(),
        }
    }

    /// Where a square is, in words a player reads on the board: "the Guard Hall", "the
    /// corridor" (a board with no name for the room: "a room").
    pub fn place(&self, p: crate::rules::geometry::Pos) -> String {
        let Some(board) = self.1.as_ref().filter(|b| b.in_bounds(p)) else {
            return "the dungeon".into();
        };
        match board.room_name(p) {
            Some(name) => crate::text::the(name),
            None if board.is_room(p) => "a room".into(),
            None => "the corridor".into(),
        }
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
    /// Close an open door on an edge of the hero's square (free; never a secret door).
    CloseDoor {
        hero: FigureId,
        door: u32,
    },
    Attack {
        attacker: FigureId,
        target: FigureId,
    },
    /// End the hero's turn, or the sorcerer's turn.
    EndTurn,
    /// Spell draft: the hero takes a school of magic.
    ChooseSchool {
        hero: FigureId,
        school: String,
    },
    /// Cast a spell (an action) at a figure in sight, or at the caster.
    CastSpell {
        caster: FigureId,
        spell: String,
        target: FigureId,
    },
    /// Attack a monster in sight with a ranged weapon the hero carries (an action).
    Shoot {
        attacker: FigureId,
        target: FigureId,
        weapon: String,
    },
    SearchTreasure {
        hero: FigureId,
    },
    SearchTraps {
        hero: FigureId,
    },
    SearchSecretDoors {
        hero: FigureId,
    },
    /// Disarm a known trap next to the hero (or on furniture next to the hero): an action.
    DisarmTrap {
        hero: FigureId,
        trap: u32,
    },
    /// Jump a known trap next to the hero, landing on `to` beyond it: two squares of movement.
    JumpTrap {
        hero: FigureId,
        trap: u32,
        to: Pos,
    },
    /// Drink a potion (free, any time on the hero's turn).
    DrinkPotion {
        hero: FigureId,
        potion: String,
    },
    /// Hand a potion or an artifact to an adjacent hero (free).
    Give {
        from: FigureId,
        to: FigureId,
        item: String,
    },
    /// Pick up a fallen hero's possessions from the square the hero stands on or next to it (free).
    PickUp {
        hero: FigureId,
    },
    /// Take a carried weapon in hand (the one in hand is carried instead): free, on the hero's
    /// own turn.
    Wield {
        hero: FigureId,
        weapon: String,
    },
    /// Use an artifact that is used rather than carried (the Ring of Return): free.
    UseArtifact {
        hero: FigureId,
        item: String,
    },
    /// Leave the dungeon from the stairway before the goal is met (voluntary retreat).
    Retreat {
        hero: FigureId,
    },
    /// The action-point module: spend `points` of the hero's action points on picking the lock
    /// of `door`, which the hero stands beside (Pick a Lock).
    PickLock {
        hero: FigureId,
        door: u32,
        points: u8,
    },
    /// The action-point module: the same for the locked chest `chest` (its index among the
    /// quest's furniture), in Range 1.
    PickChest {
        hero: FigureId,
        chest: u32,
        points: u8,
    },
    /// The action-point module: pull the quest's lever `lever` (its index), in Range 1, for a
    /// point (Pull a Lever).
    PullLever {
        hero: FigureId,
        lever: u32,
    },
    /// The sorcerer puts a wandering monster a hero drew on this square (see `Pending`).
    PlaceWanderer {
        at: Pos,
    },
    /// LEGO Heroica: a skill on a Shield (the hero's own, named by its kind, or a weapon's or a
    /// relic's id): `to` where its move ends or the item it takes, `target` the monster it
    /// defeats.
    UseSkill {
        figure: FigureId,
        skill: String,
        target: Option<FigureId>,
        to: Option<Pos>,
    },
    /// LEGO Heroica: buy a potion or a weapon from the store before rolling.
    Buy {
        hero: FigureId,
        item: String,
    },
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
        /// The quest's id (a built-in quest's, or the file's).
        quest: String,
        /// Its title, as the quest book shows it.
        #[serde(default)]
        name: String,
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
    DoorClosed {
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
        by: Option<FigureId>,
    },
    HeroKilled {
        figure: FigureId,
        by: Option<FigureId>,
    },
    SchoolChosen {
        hero: FigureId,
        school: String,
        spells: Vec<String>,
    },
    /// A hero's spell. `resist` holds the target's mind roll when the spell allows one.
    SpellCast {
        caster: FigureId,
        spell: String,
        name: String,
        target: FigureId,
        resist: Vec<Face>,
        resisted: bool,
    },
    DreadSpellCast {
        caster: FigureId,
        spell: String,
        name: String,
        target: FigureId,
        resist: Vec<Face>,
        resisted: bool,
    },
    /// Damage that is not a weapon attack: spells, traps, hazards. `dice` is what was rolled.
    Wounded {
        figure: FigureId,
        amount: u8,
        dice: Vec<Face>,
        cause: String,
    },
    Healed {
        figure: FigureId,
        amount: u8,
        cause: String,
    },
    StatusGained {
        figure: FigureId,
        status: StatusKind,
    },
    StatusEnded {
        figure: FigureId,
        status: StatusKind,
    },
    /// A figure misses its turn (asleep, tempest).
    TurnSkipped {
        figure: FigureId,
        reason: String,
    },
    ThrownWeaponLost {
        hero: FigureId,
        weapon: String,
    },
    /// A searching hero drew a card from the treasure deck.
    TreasureDrawn {
        hero: FigureId,
        title: String,
        text: String,
    },
    /// A searching hero found the treasure the quest placed in the room.
    SpecialTreasureFound {
        hero: FigureId,
        text: String,
    },
    NothingFound {
        hero: FigureId,
        search: String,
    },
    GoldFound {
        hero: FigureId,
        amount: u32,
    },
    PotionFound {
        hero: FigureId,
        potion: String,
        name: String,
    },
    ItemFound {
        hero: FigureId,
        item: String,
        name: String,
    },
    HazardDrawn {
        hero: FigureId,
        title: String,
    },
    WanderingMonster {
        figure: FigureId,
        at: Pos,
    },
    MonsterSummoned {
        figure: FigureId,
        at: Pos,
    },
    /// A quest event's message, read out to the players.
    QuestMessage {
        text: String,
    },
    /// A quest event opened, locked or unlocked a door.
    DoorChanged {
        door: u32,
        open: bool,
        locked: bool,
    },
    TrapFound {
        trap: u32,
        kind: TrapKind,
        at: Pos,
    },
    TrapSprung {
        trap: u32,
        kind: TrapKind,
        figure: FigureId,
        at: Pos,
        text: String,
    },
    TrapDisarmed {
        trap: u32,
        by: FigureId,
        roll: Vec<Face>,
    },
    TrapJumped {
        trap: u32,
        hero: FigureId,
        roll: Vec<Face>,
        to: Pos,
    },
    /// A jump that rolled a skull: the hero lands on the trap, which springs (a `TrapSprung`
    /// follows).
    JumpFailed {
        trap: u32,
        hero: FigureId,
        roll: Vec<Face>,
    },
    /// A disarm that rolled a skull: the trap goes off on the hero (a `TrapSprung` follows).
    DisarmFailed {
        trap: u32,
        hero: FigureId,
        roll: Vec<Face>,
    },
    SecretDoorFound {
        door: u32,
    },
    PotionDrunk {
        hero: FigureId,
        potion: String,
        name: String,
    },
    /// A hero at 0 body was saved by a potion, the hero's own spell or an artifact.
    DeathAverted {
        hero: FigureId,
        by: String,
    },
    ItemGiven {
        from: FigureId,
        to: FigureId,
        item: String,
        name: String,
    },
    /// A hero took a carried weapon in hand (by choice, or on being handed one).
    WeaponWielded {
        hero: FigureId,
        weapon: String,
        name: String,
    },
    /// A fallen hero's possessions lie on the floor for the others.
    PossessionsDropped {
        hero: FigureId,
        at: Pos,
    },
    /// Nobody was near: the monsters carried a fallen hero's possessions away.
    PossessionsClaimed {
        hero: FigureId,
    },
    PossessionsPickedUp {
        hero: FigureId,
        at: Pos,
    },
    ArtifactUsed {
        hero: FigureId,
        item: String,
        name: String,
    },
    HeroRetreated {
        figure: FigureId,
    },
    QuestAbandoned {
        round: u32,
    },
    /// A lock attempt (the action-point module): the points spent, the help of heroes beside
    /// the door, the two Response cards drawn, and whether it opened.
    LockPicked {
        hero: FigureId,
        door: u32,
        points: u8,
        help: u8,
        cards: Vec<u8>,
        opened: bool,
    },
    /// A locked chest's lock tried (the action-point module), as `LockPicked`; an opened chest
    /// then gives a treasure card.
    ChestPicked {
        hero: FigureId,
        chest: u32,
        points: u8,
        help: u8,
        cards: Vec<u8>,
        opened: bool,
    },
    LeverPulled {
        hero: FigureId,
        lever: u32,
        door: u32,
    },
    /// A hero came onto the board at the stairway with its first point (the action-point module).
    HeroEntered {
        figure: FigureId,
        at: Pos,
    },
    /// What a hero's move cost under the action-point module: the squares walked (the one it
    /// came on at too), the points they took, the points left.
    MovePaid {
        figure: FigureId,
        squares: u8,
        points: u8,
        left: u8,
    },
    /// A hero paid a point more to leave a threatened square (the action-point module).
    ThreatenedStep {
        figure: FigureId,
        from: Pos,
    },
    /// A figure entered a dangerous square: a Response card for each monster beside it; an Eye
    /// (`failed`) springs the square's failure. A pushed figure draws none and always fails.
    DangerDrawn {
        figure: FigureId,
        at: Pos,
        cards: Vec<u8>,
        /// Which of `cards` bear an Eye.
        eyes: Vec<bool>,
        failed: bool,
    },
    ObjectiveCompleted,
    HeroEscaped {
        figure: FigureId,
    },
    /// A hero left the dungeon by the quest's way out (an `Escape` objective).
    HeroGotOut {
        figure: FigureId,
    },
    /// The captive of a `Rescue` quest now follows this hero.
    CaptiveFreed {
        captive: FigureId,
        hero: FigureId,
    },
    /// The captive walked after the hero they follow.
    CaptiveMoved {
        captive: FigureId,
        from: Pos,
        to: Pos,
    },
    /// The captive climbed the stairway out of the dungeon: the rescue's goal.
    CaptiveRescued {
        captive: FigureId,
    },
    /// The captive fell: the quest is lost.
    CaptiveKilled {
        captive: FigureId,
        by: Option<FigureId>,
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
    /// What happened under LEGO Heroica's rules (its die, fights, packs): figures by their
    /// `FigureId` numbers.
    Heroica(crate::rules::heroica::play::Happening),
}
