//! HeroQuest dungeons on the classic board (`heroquest-2021` and `heroquest-revised`).
//!
//! A layout is drawn from the seed: a 2x2 stairway in the corridor, three to seven of the
//! board's rooms, a door into each from the corridor or from a room already reached, furniture
//! that never cuts a room in two, the objective's room (the one deepest from the stairway),
//! monster squares in every room (each room with a theme: a ladder of kinds from weak to
//! strong), traps in the corridor, special treasure and the words. Its ladder (`Ladder`)
//! adds the monsters, raises their kinds, sets the traps and hardens the boss step by step.

mod draw;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;

use super::words::{self, Goal};
use super::{Generated, GeneratedQuest, Ladder, Rng, Tuning, tune_best};
use crate::quest::{
    Quest, RawDoor, RawFurniture, RawFurnitureTrap, RawMonster, RawObjective, RawQuest, RawQuestItem, RawTrap,
    RawTrapKind, RawTreasure, Winnable, validate,
};
use crate::rules::board::{AreaId, AreaKind, Board, CORRIDOR, classic_board};
use crate::rules::geometry::{Edge, Pos, Rect};
use crate::rules::ruleset::RuleSet;

/// The most monster squares a layout has (the boss apart).
const MOST_SLOTS: usize = 20;
/// The fewest: a small dungeon takes wanderers in its corridors, so its fiercest level is fierce.
const MIN_SLOTS: usize = 8;

/// Rooms' themes: the kinds a monster square climbs through, weakest first.
const THEMES: &[&[&str]] = &[
    &["goblin", "orc", "abomination"],
    &["skeleton", "zombie", "mummy"],
    &["orc", "dread_warrior", "gargoyle"],
    &["goblin", "skeleton", "dread_warrior"],
    &["zombie", "mummy", "gargoyle"],
];
const BOSS_KINDS: &[&str] = &[
    "orc",
    "goblin",
    "dread_warrior",
    "skeleton",
    "mummy",
    "abomination",
    "zombie",
    "gargoyle",
];
const WANDERERS: &[&str] = &["goblin", "orc", "skeleton", "zombie"];
const BOSS_SPELLS: [&str; 2] = ["fear", "lightning_bolt"];
const CHEST_TRAPS: &[&str] = &[
    "A needle in the lock bites your thumb: it was poisoned.",
    "The lid was wired to a blade that swings out as it opens.",
    "A puff of grey dust from the hinges leaves you coughing blood.",
];

/// Generates a quest under `rules` (a HeroQuest edition's id) rated near `difficulty`.
pub(super) fn generate(seed: u64, rules: &str, difficulty: u8, tuning: Tuning) -> Result<Generated, String> {
    let tables = if rules == crate::rules::systems::HEROQUEST_REVISED {
        RuleSet::heroquest_revised()
    } else {
        RuleSet::heroquest_2021()
    };
    let board = classic_board();
    let t = tune_best(
        |attempt| {
            let mut rng = Rng::new(seed, attempt);
            let layout = Layout::draw(&mut rng, &board, &tables, rules)?;
            Some((layout, crate::rules::noise::mix(seed ^ attempt)))
        },
        difficulty,
        tuning,
    )?;
    Ok(Generated {
        quest: GeneratedQuest::HeroQuest(t.raw),
        rating: t.rating,
    })
}

/// A monster square and the kinds it climbs through.
struct Slot {
    at: Pos,
    chain: Vec<&'static str>,
}

/// The objective's named monster.
struct Boss {
    kind: &'static str,
    at: Pos,
    name: String,
}

/// One step up the ladder.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// The slot's monster appears, its weakest kind.
    Add(usize),
    /// It becomes the next kind of its chain.
    Upgrade(usize),
    /// The strongest kind hardens: a body point, then an attack die, then a defend die.
    Elite(usize),
    /// The trap is set.
    Trap(usize),
    BossBody,
    BossAttack,
    BossDefend,
    BossSpell(usize),
}

/// Everything of a quest but how strong it is.
struct Layout {
    rules: String,
    tables: RuleSet,
    name: String,
    briefing: String,
    stairway: Rect,
    starts: Vec<Pos>,
    doors: Vec<RawDoor>,
    furniture: Vec<RawFurniture>,
    treasure: Vec<RawTreasure>,
    quest_items: BTreeMap<String, RawQuestItem>,
    objective: RawObjective,
    boss: Option<Boss>,
    wandering: &'static str,
    slots: Vec<Slot>,
    traps: Vec<(Pos, RawTrapKind)>,
    steps: Vec<Step>,
}

fn t(p: Pos) -> (i32, i32) {
    (p.x, p.y)
}

impl Layout {
    /// The raw quest at `level`.
    fn raw(&self, level: u32) -> RawQuest {
        let n = self.slots.len();
        // Without a boss the first monster is there from level 0: a quest needs one.
        let mut stage: Vec<Option<usize>> = (0..n).map(|i| (i == 0 && self.boss.is_none()).then_some(0)).collect();
        let mut elite = vec![0u8; n];
        let mut set = vec![false; self.traps.len()];
        let (mut body, mut attack, mut defend, mut spells) = (0u8, 0u8, 0u8, Vec::new());
        for step in self.steps.iter().take(level as usize) {
            match *step {
                Step::Add(i) => stage[i] = Some(0),
                Step::Upgrade(i) => stage[i] = stage[i].map(|s| (s + 1).min(self.slots[i].chain.len() - 1)),
                Step::Elite(i) => elite[i] += 1,
                Step::Trap(i) => set[i] = true,
                Step::BossBody => body += 1,
                Step::BossAttack => attack += 1,
                Step::BossDefend => defend += 1,
                Step::BossSpell(i) => spells.push(BOSS_SPELLS[i].to_string()),
            }
        }
        let monster = |kind: &str, at: Pos| RawMonster::plain(kind, t(at));
        let stats = |kind: &str| self.tables.monsters.get(kind);
        let mut monsters = Vec::new();
        if let Some(b) = &self.boss {
            let def = stats(b.kind);
            let add = |base: Option<u8>, plus: u8| base.map(|v| v.saturating_add(plus).min(20));
            monsters.push(RawMonster {
                name: Some(b.name.clone()),
                body: add(def.map(|d| d.body.max(2)), body),
                attack: add(def.map(|d| d.attack), attack),
                defend: add(def.map(|d| d.defend), defend),
                spells,
                ..monster(b.kind, b.at)
            });
        }
        for (i, slot) in self.slots.iter().enumerate() {
            let Some(s) = stage[i] else { continue };
            let kind = slot.chain[s];
            let top = s + 1 == slot.chain.len();
            let e = if top { elite[i] } else { 0 };
            let def = stats(kind);
            let plus = |on: bool, v: Option<u8>| v.filter(|_| on).map(|v| v.saturating_add(1));
            monsters.push(RawMonster {
                body: plus(e >= 1, def.map(|d| d.body)),
                attack: plus(e >= 2, def.map(|d| d.attack)),
                defend: plus(e >= 3, def.map(|d| d.defend)),
                ..monster(kind, slot.at)
            });
        }
        RawQuest {
            format: crate::quest::FORMAT,
            name: self.name.clone(),
            board: "classic".into(),
            rules: self.rules.clone(),
            also_rules: Vec::new(),
            modules: Vec::new(),
            briefing: self.briefing.clone(),
            heroes: None,
            hero_starts: self.starts.iter().map(|p| t(*p)).collect(),
            stairway: (self.stairway.x, self.stairway.y, self.stairway.w, self.stairway.h),
            doors: self.doors.clone(),
            monsters,
            furniture: self.furniture.clone(),
            blocked: Vec::new(),
            objective: self.objective.clone(),
            wandering_monster: self.wandering.to_string(),
            traps: self
                .traps
                .iter()
                .zip(&set)
                .filter(|(_, on)| **on)
                .map(|((p, kind), _)| RawTrap { kind: *kind, at: t(*p) })
                .collect(),
            secret_doors: Vec::new(),
            levers: Vec::new(),
            terrain: Vec::new(),
            portals: Vec::new(),
            counts_for_champion: true,
            series: None,
            treasure: self.treasure.clone(),
            equipment: BTreeMap::new(),
            men_at_arms: Vec::new(),
            spell_schools: None,
            events: Vec::new(),
            quest_items: self.quest_items.clone(),
        }
    }
}

/// The ladder's steps in order: each square's steps in their own order (appear, grow, elite),
/// the squares' waves interleaved, the boss growing about twice as fast, traps anywhere.
fn ladder_steps(rng: &mut Rng, slots: &[Slot], boss: bool, traps: usize) -> Vec<Step> {
    let mut keyed: Vec<(f64, Step)> = Vec::new();
    for (i, slot) in slots.iter().enumerate() {
        let mut chain = Vec::new();
        if i != 0 || boss {
            chain.push(Step::Add(i));
        } else {
            // Present from the start: its wave begins with its first upgrade.
            chain.push(Step::Upgrade(i));
        }
        chain.extend(
            (1..slot.chain.len())
                .map(|_| Step::Upgrade(i))
                .skip(usize::from(i == 0 && !boss)),
        );
        chain.extend([Step::Elite(i); 3]);
        for (j, s) in chain.into_iter().enumerate() {
            keyed.push((j as f64 + rng.unit(), s));
        }
    }
    if boss {
        use Step::*;
        let grow = [
            BossBody,
            BossAttack,
            BossBody,
            BossDefend,
            BossSpell(0),
            BossBody,
            BossAttack,
            BossDefend,
            BossBody,
            BossSpell(1),
        ];
        for (j, s) in grow.into_iter().enumerate() {
            keyed.push((0.4 * j as f64 + rng.unit(), s));
        }
    }
    for i in 0..traps {
        keyed.push((2.0 * rng.unit(), Step::Trap(i)));
    }
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    keyed.into_iter().map(|(_, s)| s).collect()
}

impl Ladder for Layout {
    type Raw = RawQuest;

    fn levels(&self) -> u32 {
        self.steps.len() as u32
    }

    fn build(&self, level: u32) -> Result<(RawQuest, Arc<Quest>), String> {
        let raw = self.raw(level);
        match validate("generated", &raw, None, Winnable::Required) {
            Ok((quest, _warnings)) => Ok((raw, Arc::new(quest))),
            Err(problems) => Err(problems
                .iter()
                .map(|p| p.message.clone())
                .collect::<Vec<_>>()
                .join("; ")),
        }
    }
}
