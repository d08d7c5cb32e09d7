//! A Heroica mission in play, as plain data (`Table`): the spaces and their doors, the figures,
//! the things lying about, the turn; what the side to act may do now (`Table::legal`). What an
//! act does is `act.rs`. The rule system (`game::heroica`) reads the ECS world into a table,
//! lets it act with the game's dice stream and writes the result back; the computer players
//! plan on copies. Pure: no Bevy.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::spaces::Spaces;
use super::{HeroicaTables, MissionDoorKind, PotionEffect, Power, RelicPower, Skill, SkillKind, Thing};
use crate::rules::geometry::{Edge, Pos};

mod legal;

/// A figure's id: the heroes in seat order, then the monsters (the engine's `FigureId`).
pub type Id = u32;

/// What holds a thing on its space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Holder {
    /// Lying on the space: taken by any hero moving into or through it.
    Loose,
    /// In a chest: taken by a hero with a key, who spends it.
    Chest,
    /// In a coffin: the first hero in opens it.
    Coffin,
}

/// A hero's Hero Pack (heroica.md, Moving Heroes and Epic Heroica).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pack {
    pub gold: u32,
    pub potions: Vec<String>,
    pub keys: u32,
    pub weapons: Vec<String>,
    pub relics: Vec<String>,
    /// The kinds of the monsters it defeated this mission.
    pub defeated: Vec<String>,
    /// The Crystal of Deflection and the Scepter of Summoning work once a mission.
    pub crystal_used: bool,
    pub scepter_used: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeroPiece {
    pub id: Id,
    /// The table's hero id ("knight").
    pub kind: String,
    pub seat: usize,
    pub at: Pos,
    pub health: u8,
    pub max: u8,
    /// Lost all its health: it heals on its turns until full (heroica.md, Health).
    pub healing: bool,
    pub pack: Pack,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonsterPiece {
    pub id: Id,
    pub kind: String,
    pub strength: u8,
    /// None once defeated.
    pub at: Option<Pos>,
}

/// Where the acting figure's turn stands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Before the roll: buy from the store, drink, fight a monster beside it, roll.
    #[default]
    Start,
    /// The movement roll is made (`face`: 0..6, see `HeroicaTables::face`): move, a Ranged
    /// skill on a Shield, or end the turn.
    Rolled { face: u8 },
    /// It must fight one of these (a forced stop, a fight chain, a coffin's monster).
    MustFight { foes: Vec<Id> },
    /// Its fight roll showed the Shield against `foe`: defeat it, or use a Melee skill.
    ShieldFight { foe: Id },
    /// Its fight roll against `foe` showed `face` and leaves the player a choice: take it, drink
    /// the Luck Potion to roll again, or spend the Crystal of Deflection on a Skull.
    FightRolled { foe: Id, face: u8 },
    /// Nothing left but potions and the end of the turn.
    Done,
}

/// Whose turn it is: a hero's, or the monster player's (Battle Heroica).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Hero(Id),
    Monsters,
}

/// How a mission ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// This hero reached the target or defeated its guardian first.
    Won(Id),
    /// Battle Heroica: the monster player defeated two heroes.
    MonstersWon,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub side: Side,
    pub round: u32,
    pub stage: Stage,
    /// The monster the monster player took this turn.
    pub chosen: Option<Id>,
    /// The space the acting figure last stepped from: a knock-back goes back there.
    pub came_from: Option<Pos>,
    /// A Speed Potion's spaces, this turn.
    pub extra_moves: u8,
    /// A Defence Potion drunk this turn: no health lost.
    pub defence: bool,
    /// Battle Heroica: heroes brought to 0 health so far.
    pub hero_defeats: u32,
    pub over: Option<End>,
}

impl Default for TurnState {
    fn default() -> Self {
        TurnState {
            side: Side::Hero(0),
            round: 1,
            stage: Stage::Start,
            chosen: None,
            came_from: None,
            extra_moves: 0,
            defence: false,
            hero_defeats: 0,
            over: None,
        }
    }
}

/// What a player does (the engine's `Command`s map onto these one to one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Act {
    /// A hero's movement or healing roll; the monster player's choice of a monster and its roll.
    Roll {
        figure: Id,
    },
    /// Steps along `path` (the start excluded).
    Move {
        figure: Id,
        path: Vec<Pos>,
    },
    /// Fight a figure beside it; after a fight Shield, defeat the monster fought.
    Fight {
        figure: Id,
        target: Id,
    },
    /// A skill: the hero's own (`skill` is its kind, "knight"), a weapon's or a relic's (their
    /// ids). `to`: where its move ends or the item it takes; `target`: the monster it defeats.
    Skill {
        figure: Id,
        skill: String,
        target: Option<Id>,
        to: Option<Pos>,
    },
    /// Drink a potion; `target`: the monster beside the hero a Strength Potion defeats (the
    /// player's choice; None: the strongest, as docs/heroica.md H13 says).
    Drink {
        figure: Id,
        potion: String,
        target: Option<Id>,
    },
    /// Buy a potion or a weapon from the store, before rolling.
    Buy {
        figure: Id,
        item: String,
    },
    /// Let the fight roll waiting in `Stage::FightRolled` stand.
    TakeRoll {
        figure: Id,
    },
    EndTurn,
}

/// Why a figure rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollFor {
    Move,
    Fight,
    Heal,
}

/// What happened, in the past tense (the engine carries them in `GameEvent::Heroica`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Happening {
    TurnBegan {
        side: Side,
        round: u32,
    },
    Rolled {
        figure: Id,
        face: String,
        roll_for: RollFor,
    },
    Stepped {
        figure: Id,
        from: Pos,
        to: Pos,
    },
    /// The steps of one move summed up, for the log (the rule system adds it after the steps).
    Walked {
        figure: Id,
        spaces: u8,
        to: Pos,
    },
    PickedUp {
        hero: Id,
        thing: Thing,
        from: Holder,
        at: Pos,
    },
    /// A key opened a locked door or a chest.
    KeySpent {
        hero: Id,
        at: Pos,
    },
    DoorOpened {
        edge: Edge,
        by: Id,
    },
    RockBroken {
        hero: Id,
        at: Pos,
    },
    CoffinOpened {
        hero: Id,
        at: Pos,
    },
    MonsterAppeared {
        monster: Id,
        kind: String,
        at: Pos,
    },
    /// A fight roll: `figure` fought `foe`.
    Fought {
        figure: Id,
        foe: Id,
        face: String,
    },
    Defeated {
        monster: Id,
        by: Id,
    },
    Hurt {
        hero: Id,
        lost: u8,
        health: u8,
    },
    /// The Crystal of Deflection turned a hit away.
    Deflected {
        hero: Id,
    },
    /// The Defence Potion kept the health.
    Shielded {
        hero: Id,
    },
    KnockedBack {
        figure: Id,
        from: Pos,
        to: Pos,
    },
    /// Out of health: it heals on its turns from now on.
    Fell {
        hero: Id,
    },
    Healed {
        hero: Id,
        gained: u8,
        health: u8,
    },
    /// Full health again: it moves next turn.
    Recovered {
        hero: Id,
    },
    SkillUsed {
        figure: Id,
        skill: String,
    },
    Bought {
        hero: Id,
        item: String,
        price: u32,
    },
    Drank {
        hero: Id,
        potion: String,
    },
    Won {
        hero: Id,
    },
    MonstersWon,
}

impl Happening {
    /// Its kind in snake_case (the keys of `simulate --json`'s `event_counts`).
    pub fn kind(&self) -> &'static str {
        match self {
            Happening::TurnBegan { .. } => "heroica_turn",
            Happening::Rolled {
                roll_for: RollFor::Move,
                ..
            } => "lego_move_roll",
            Happening::Rolled {
                roll_for: RollFor::Heal,
                ..
            } => "lego_heal_roll",
            Happening::Rolled {
                roll_for: RollFor::Fight,
                ..
            } => "lego_fight_roll",
            Happening::Stepped { .. } => "stepped",
            Happening::Walked { .. } => "walked",
            Happening::PickedUp { .. } => "picked_up",
            Happening::KeySpent { .. } => "key_spent",
            Happening::DoorOpened { .. } => "heroica_door_opened",
            Happening::RockBroken { .. } => "rock_broken",
            Happening::CoffinOpened { .. } => "coffin_opened",
            Happening::MonsterAppeared { .. } => "monster_appeared",
            Happening::Fought { .. } => "fought",
            Happening::Defeated { .. } => "defeated",
            Happening::Hurt { .. } => "hurt",
            Happening::Deflected { .. } => "deflected",
            Happening::Shielded { .. } => "shielded",
            Happening::KnockedBack { .. } => "knocked_back",
            Happening::Fell { .. } => "fell",
            Happening::Healed { .. } => "healed",
            Happening::Recovered { .. } => "recovered",
            Happening::SkillUsed { .. } => "skill_used",
            Happening::Bought { .. } => "bought",
            Happening::Drank { .. } => "drank",
            Happening::Won { .. } => "mission_won",
            Happening::MonstersWon => "monsters_won",
        }
    }
}

/// A mission in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The spaces, with the doors shut that are shut now.
    pub spaces: Spaces,
    pub target: Pos,
    pub heroes: Vec<HeroPiece>,
    pub monsters: Vec<MonsterPiece>,
    pub things: BTreeMap<Pos, (Holder, Thing)>,
    pub rocks: BTreeSet<Pos>,
    /// Every door and whether it is open.
    pub doors: BTreeMap<Edge, (MissionDoorKind, bool)>,
    pub buttons: BTreeMap<Pos, Edge>,
    /// Battle Heroica: a monster player.
    pub battle: bool,
    pub turn: TurnState,
}

/// A skill a hero may use, and where it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillUse {
    /// The hero's kind, a weapon's id or a relic's id.
    pub id: String,
    pub skill: Skill,
}

impl Table {
    pub fn hero(&self, id: Id) -> Option<&HeroPiece> {
        self.heroes.iter().find(|h| h.id == id)
    }

    pub fn hero_mut(&mut self, id: Id) -> Option<&mut HeroPiece> {
        self.heroes.iter_mut().find(|h| h.id == id)
    }

    pub fn monster(&self, id: Id) -> Option<&MonsterPiece> {
        self.monsters.iter().find(|m| m.id == id)
    }

    pub fn monster_at(&self, p: Pos) -> Option<&MonsterPiece> {
        self.monsters.iter().find(|m| m.at == Some(p))
    }

    pub fn hero_at(&self, p: Pos) -> Option<&HeroPiece> {
        self.heroes.iter().find(|h| h.at == p)
    }

    /// The living monsters beside `p` (an open step away), by id.
    pub fn monsters_beside(&self, p: Pos) -> Vec<Id> {
        let mut v: Vec<Id> = self
            .monsters
            .iter()
            .filter(|m| m.at.is_some_and(|q| self.spaces.open(p, q)))
            .map(|m| m.id)
            .collect();
        v.sort();
        v
    }

    /// The heroes beside `p` a monster may fight: not those healing (checklists §1.2 #53).
    pub fn heroes_beside(&self, p: Pos) -> Vec<Id> {
        self.heroes
            .iter()
            .filter(|h| !h.healing && self.spaces.open(p, h.at))
            .map(|h| h.id)
            .collect()
    }

    /// Where a figure stands now.
    pub fn at(&self, id: Id) -> Option<Pos> {
        self.hero(id)
            .map(|h| h.at)
            .or_else(|| self.monster(id).and_then(|m| m.at))
    }

    pub fn is_hero(&self, id: Id) -> bool {
        self.hero(id).is_some()
    }

    /// The spaces as a hero with `keys` keys walks them: a locked door opens to a key.
    pub fn spaces_for(&self, keys: u32) -> Spaces {
        let mut sp = self.spaces.clone();
        if keys > 0 {
            for (e, (kind, open)) in &self.doors {
                if *kind == MissionDoorKind::Locked && !open {
                    sp.set_door(e.0, e.1, false);
                }
            }
        }
        sp
    }

    /// Whether the hero carries a weapon that breaks rocks (the Pick Axe).
    pub fn carries_pick_axe(&self, hero: &HeroPiece, tables: &HeroicaTables) -> bool {
        hero.pack
            .weapons
            .iter()
            .any(|w| tables.weapons.get(w).is_some_and(|d| d.breaks_rocks))
    }

    /// May a hero step into `p`: never a monster's space, nor a rock without a Pick Axe.
    pub fn hero_may_enter(&self, hero: &HeroPiece, p: Pos, tables: &HeroicaTables) -> bool {
        self.monster_at(p).is_none() && (!self.rocks.contains(&p) || self.carries_pick_axe(hero, tables))
    }

    /// Must a hero's move end on `p`: beside a monster, a rock it breaks, an unopened coffin,
    /// the target.
    pub fn hero_stops(&self, p: Pos) -> bool {
        p == self.target
            || self.rocks.contains(&p)
            || matches!(self.things.get(&p), Some((Holder::Coffin, _)))
            || !self.monsters_beside(p).is_empty()
    }

    /// May a monster step into `p`: never a hero's space or a rock.
    pub fn monster_may_enter(&self, p: Pos) -> bool {
        self.hero_at(p).is_none() && !self.rocks.contains(&p)
    }

    /// The spaces a hero may move to with `steps`, and the way to each (one a space, the same
    /// every time), keys counted.
    pub fn hero_moves(&self, id: Id, steps: u8, tables: &HeroicaTables) -> Vec<(Pos, Vec<Pos>)> {
        let Some(h) = self.hero(id) else { return Vec::new() };
        // Locked doors open in the search while a key is carried or lies about; each way is
        // then checked with the keys it really has.
        let key_about = self
            .things
            .values()
            .any(|(holder, t)| *holder == Holder::Loose && *t == Thing::Key);
        let sp = self.spaces_for(h.pack.keys + u32::from(key_about));
        sp.moves(
            h.at,
            steps,
            |p| self.hero_may_enter(h, p, tables),
            |p| self.hero_stops(p),
        )
        .into_iter()
        .filter(|(_, way)| self.check_hero_walk(id, way, steps, tables).is_ok())
        .collect()
    }

    /// The moves the monster player's monster may make with `steps`: each way and where the
    /// monster ends up at last (after going on past a space taken, `monster_goes_on`).
    pub fn monster_moves(&self, id: Id, steps: u8) -> Vec<(Pos, Vec<Pos>)> {
        let Some(at) = self.monster(id).and_then(|m| m.at) else {
            return Vec::new();
        };
        self.spaces
            .moves(
                at,
                steps,
                |p| self.monster_may_enter(p),
                |p| !self.heroes_beside(p).is_empty(),
            )
            .into_iter()
            .map(|(p, way)| (self.monster_goes_on(id, at, &way).last().copied().unwrap_or(p), way))
            .collect()
    }

    /// The spaces monster `id`, having walked `way` from `start`, goes on through because its
    /// way ended on another monster or an item (checklists §1.2 #51: it goes on forward), in
    /// order; empty when it ended on a free space. The monster player's plans read it too, so
    /// that a blow it counts on is a blow the move gives.
    pub fn monster_goes_on(&self, id: Id, start: Pos, way: &[Pos]) -> Vec<Pos> {
        let taken =
            |q: Pos| self.monsters.iter().any(|x| x.id != id && x.at == Some(q)) || self.things.contains_key(&q);
        match way.last() {
            Some(&end) if taken(end) => self.spaces.forward(
                start,
                way,
                |q| !taken(q) && self.hero_at(q).is_none(),
                |q| self.monster_may_enter(q),
                |q| !self.heroes_beside(q).is_empty(),
            ),
            _ => Vec::new(),
        }
    }

    /// Whether a hero may walk `path` with `steps` spaces: each step open (a locked door while
    /// a key is left), into a space it may enter, never on from a space where a move stops.
    pub fn check_hero_walk(&self, id: Id, path: &[Pos], steps: u8, tables: &HeroicaTables) -> Result<(), String> {
        let h = self.hero(id).ok_or("no such hero")?;
        if path.is_empty() {
            return Err("the move has no steps".into());
        }
        if path.len() > usize::from(steps) {
            return Err(format!("the roll allows {steps} spaces, not {}", path.len()));
        }
        let mut keys = h.pack.keys;
        let mut at = h.at;
        let mut taken = Vec::new();
        for (i, &p) in path.iter().enumerate() {
            if i > 0 && self.hero_stops(at) {
                return Err(format!("the move must end at ({}, {})", at.x, at.y));
            }
            if !at.is_orthogonally_adjacent(p) || !self.spaces.is_space(p) {
                return Err(format!("({}, {}) is not a step from ({}, {})", p.x, p.y, at.x, at.y));
            }
            match self.doors.get(&Edge::new(at, p)) {
                Some((_, true)) | None => {}
                Some((MissionDoorKind::Locked, false)) if keys > 0 => keys -= 1,
                Some((MissionDoorKind::Locked, false)) => return Err("the door is locked and no key is left".into()),
                Some((MissionDoorKind::Magic, false)) => return Err("the magic door is shut".into()),
            }
            if !self.hero_may_enter(h, p, tables) {
                return Err(format!("nothing may step into ({}, {})", p.x, p.y));
            }
            // A key picked up on the way opens a door further on; a chest spends one.
            match self.things.get(&p) {
                Some((Holder::Loose, Thing::Key)) if !taken.contains(&p) => keys += 1,
                Some((Holder::Chest, _)) if keys > 0 && !taken.contains(&p) => keys -= 1,
                _ => {}
            }
            taken.push(p);
            at = p;
        }
        Ok(())
    }

    /// Whether the monster may walk `path` with `steps` spaces (a Shield may also take it
    /// through a magic door beside it, one step).
    pub fn check_monster_walk(&self, id: Id, path: &[Pos], steps: u8, shield: bool) -> Result<(), String> {
        let from = self
            .monster(id)
            .and_then(|m| m.at)
            .ok_or("no such monster on the board")?;
        if path.is_empty() {
            return Err("the move has no steps".into());
        }
        if shield
            && path.len() == 1
            && matches!(
                self.doors.get(&Edge::new(from, path[0])),
                Some((MissionDoorKind::Magic, _))
            )
        {
            return if self.monster_may_enter(path[0]) {
                Ok(())
            } else {
                Err("the space beyond the magic door is taken".into())
            };
        }
        if path.len() > usize::from(steps) {
            return Err(format!("the roll allows {steps} spaces, not {}", path.len()));
        }
        let mut at = from;
        for (i, &p) in path.iter().enumerate() {
            if i > 0 && !self.heroes_beside(at).is_empty() {
                return Err(format!("the move must end at ({}, {})", at.x, at.y));
            }
            if !self.spaces.open(at, p) || !self.monster_may_enter(p) {
                return Err(format!("the monster cannot step to ({}, {})", p.x, p.y));
            }
            at = p;
        }
        Ok(())
    }

    /// The skills a hero has: its own, then its weapons' (heroica.md, Heroes; checklists §1.2
    /// #21, #35).
    pub fn skills(&self, id: Id, tables: &HeroicaTables) -> Vec<SkillUse> {
        let Some(h) = self.hero(id) else { return Vec::new() };
        let own = tables.heroes.get(&h.kind).map(|d| SkillUse {
            id: h.kind.clone(),
            skill: d.skill,
        });
        own.into_iter()
            .chain(h.pack.weapons.iter().filter_map(|w| {
                tables.weapons.get(w).map(|d| SkillUse {
                    id: w.clone(),
                    skill: d.skill,
                })
            }))
            .collect()
    }

    pub fn relic_powers(&self, id: Id, tables: &HeroicaTables) -> Vec<RelicPower> {
        self.hero(id)
            .map(|h| {
                h.pack
                    .relics
                    .iter()
                    .filter_map(|r| tables.relics.get(r).map(|d| d.power))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The monsters a shot from `from` reaches (the spaces between empty of figures and rocks).
    pub fn shot_targets(&self, from: Pos, range: u8, straight: bool, shooter: Id) -> Vec<Id> {
        let monsters: Vec<Pos> = self.monsters.iter().filter_map(|m| m.at).collect();
        let empty = |p: Pos| {
            self.monster_at(p).is_none()
                && self.heroes.iter().all(|h| h.at != p || h.id == shooter)
                && !self.rocks.contains(&p)
        };
        let mut hit: Vec<Id> = self
            .spaces
            .shots(from, range, straight, &monsters, empty)
            .into_iter()
            .filter_map(|p| self.monster_at(p).map(|m| m.id))
            .collect();
        hit.sort();
        hit
    }

    /// The loose things up to `range` spaces from `from` by walking distance (the Sage, the
    /// Scepter).
    pub fn fetchable(&self, from: Pos, range: u8) -> Vec<Pos> {
        let field = self.spaces.distances(&[from], u16::from(range), |_| true);
        self.things
            .iter()
            .filter(|(p, (holder, _))| *holder == Holder::Loose && field.dist(**p).is_some())
            .map(|(p, _)| *p)
            .collect()
    }

    /// The figure whose turn it is, and its face when it has rolled.
    pub fn actor(&self) -> Option<Id> {
        match self.turn.side {
            Side::Hero(id) => Some(id),
            Side::Monsters => self.turn.chosen,
        }
    }

    /// Whether a hero may buy `item` now (checklists §1.2 #35: from the store, before rolling).
    pub fn may_buy(&self, h: &HeroPiece, item: &str, tables: &HeroicaTables) -> Result<u32, String> {
        let (name, price, weapon) = tables
            .store_item(item)
            .ok_or_else(|| format!("the store has no \"{item}\""))?;
        if weapon && h.pack.weapons.iter().any(|x| x == item) {
            return Err(format!("already carries the {name}"));
        }
        if h.pack.gold < price {
            return Err(format!("costs {price} gold; {} has {}", h.kind, h.pack.gold));
        }
        if self.turn.stage != Stage::Start || h.healing {
            return Err("the store sells only before the roll".into());
        }
        Ok(price)
    }

    /// Whether a hero may drink `potion` now (checklists §1.2 #28, #27).
    pub fn may_drink(&self, h: &HeroPiece, potion: &str, tables: &HeroicaTables) -> Result<PotionEffect, String> {
        if !h.pack.potions.iter().any(|p| p == potion) {
            return Err(format!("carries no {potion} potion"));
        }
        let effect = tables.potions.get(potion).ok_or("no such potion")?.effect;
        // A fight roll waiting for the player's choice may be rolled again with the Luck Potion,
        // and nothing else: a Health or Defence Potion drunk after seeing the die would undo it.
        if matches!(self.turn.stage, Stage::FightRolled { .. }) && effect != PotionEffect::RollAgain {
            return Err(format!(
                "the fight roll is made: only the Luck Potion changes it now, not the {potion} potion"
            ));
        }
        let ok = match effect {
            PotionEffect::Heal(_) => h.health < h.max,
            PotionEffect::RollAgain => matches!(self.turn.stage, Stage::Rolled { .. } | Stage::FightRolled { .. }),
            PotionEffect::ExtraMoves(_) => !h.healing && matches!(self.turn.stage, Stage::Start | Stage::Rolled { .. }),
            PotionEffect::DefeatAdjacent => {
                !h.healing
                    && !matches!(self.turn.stage, Stage::ShieldFight { .. } | Stage::FightRolled { .. })
                    && !self.monsters_beside(h.at).is_empty()
            }
            PotionEffect::NoHealthLost => !h.healing && !self.turn.defence && self.turn.stage != Stage::Done,
        };
        if ok {
            Ok(effect)
        } else {
            Err(format!("the {potion} potion would do nothing now"))
        }
    }
}
