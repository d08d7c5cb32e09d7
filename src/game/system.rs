//! The seam between the shared engine and the rule systems. The engine (the command path, setting
//! out a quest, the legality invariant, the bots' menus) asks the quest's `RuleSystem` and never
//! names a rule system itself; each arm below hands the question to the rule system's folder.
//! A new rule system is a new variant of `rules::systems::RuleSystem`: the compiler then lists
//! every question here it does not answer yet.

use bevy::prelude::*;

use super::model::{Command, FigureId, GameEvent};
use super::snapshot::Snapshot;
use super::{heroica, heroquest};
use crate::quest::{Quest, QuestMonster};
use crate::rules::systems::RuleSystem;

impl RuleSystem {
    /// Sets out the figures, the rule system's own pieces and the first turn, once the engine has
    /// put down the board's doors and furniture. Returns the opening events.
    pub(in crate::game) fn begin(self, world: &mut World, quest: &Quest) -> Vec<GameEvent> {
        match self {
            RuleSystem::HeroQuest(_) => heroquest::begin(world, quest),
            RuleSystem::Heroica => heroica::begin(world, quest),
        }
    }

    /// Carries out one command (resolution, and the turn structure: who acts, what ends a turn),
    /// or says why not, having changed nothing.
    pub(in crate::game) fn apply(
        self,
        world: &mut World,
        snap: Snapshot,
        cmd: &Command,
    ) -> Result<Vec<GameEvent>, String> {
        match self {
            RuleSystem::HeroQuest(_) => heroquest::apply(world, snap, cmd),
            RuleSystem::Heroica => heroica::apply(world, snap, cmd),
        }
    }

    /// Victory and defeat, after every accepted command and its quest events. Also gives back
    /// the picture of the world it read when it changed nothing.
    pub(in crate::game) fn settle(self, world: &mut World) -> (Vec<GameEvent>, Option<Snapshot>) {
        match self {
            RuleSystem::HeroQuest(_) => heroquest::settle(world),
            // Heroica ends a mission inside `apply`, the moment it is won.
            RuleSystem::Heroica => (Vec::new(), None),
        }
    }

    /// What the heroes see now (a door opened, an area lit by a quest event, a monster brought
    /// in): squares revealed, monsters seen waking.
    pub(in crate::game) fn reveal(self, world: &mut World) -> Vec<GameEvent> {
        match self {
            RuleSystem::HeroQuest(_) => heroquest::reveal(world),
            // The whole board is in view from the start (checklists §1.2 #3).
            RuleSystem::Heroica => Vec::new(),
        }
    }

    /// A quest event's monsters appear.
    pub(in crate::game) fn bring_monsters(self, world: &mut World, monsters: &[QuestMonster]) -> Vec<GameEvent> {
        match self {
            RuleSystem::HeroQuest(_) => heroquest::bring_monsters(world, monsters),
            // A mission has no quest events.
            RuleSystem::Heroica => Vec::new(),
        }
    }

    /// A quest event gives a thing to a hero.
    pub(in crate::game) fn give(
        self,
        world: &mut World,
        snap: &Snapshot,
        hero: FigureId,
        item: &str,
    ) -> Vec<GameEvent> {
        match self {
            RuleSystem::HeroQuest(_) => heroquest::give(world, snap, hero, item),
            RuleSystem::Heroica => Vec::new(),
        }
    }

    /// A test a quest asks the hero to make (Strength or Will): the events, and whether it
    /// passed.
    pub(in crate::game) fn test(
        self,
        world: &mut World,
        hero: FigureId,
        kind: crate::rules::ruleset::TestKind,
    ) -> (Vec<GameEvent>, bool) {
        match self {
            RuleSystem::HeroQuest(_) => heroquest::test(world, hero, kind),
            // A mission has no quest events.
            RuleSystem::Heroica => (Vec::new(), false),
        }
    }

    /// Every command the side to act may send now. `apply` accepts each of them and refuses
    /// anything else (`tests/legality.rs` holds the two to each other); the action bar, the
    /// menus and the bots offer parts of this list.
    pub fn legal(self, snap: &Snapshot) -> Vec<Command> {
        match self {
            RuleSystem::HeroQuest(_) => heroquest::legal_commands(snap),
            RuleSystem::Heroica => heroica::legal(snap),
        }
    }

    /// The rule system's own picture of the game, for `Snapshot::table`: None where the figures
    /// say everything (HeroQuest).
    pub(in crate::game) fn state(
        self,
        world: &mut World,
    ) -> Option<std::sync::Arc<crate::rules::heroica::play::Table>> {
        match self {
            RuleSystem::HeroQuest(_) => None,
            RuleSystem::Heroica => heroica::capture(world).map(std::sync::Arc::new),
        }
    }
}
