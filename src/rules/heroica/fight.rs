//! Fights (heroica.md, Fighting monsters; checklists §1.2 #9–#16, #54–#57): a hero's fight roll
//! and the choices it leaves the player (the Luck Potion to roll it again, the Crystal of
//! Deflection against a Skull: issue 35, item 15), what the fight did, and the monster player's
//! roll in Battle.

use super::play::*;
use super::{FightResult, HeroicaTables, PotionEffect, RelicPower};

type Roll<'a> = &'a mut dyn FnMut() -> u8;

impl Table {
    /// A hero's fight roll against a monster beside it.
    pub(super) fn hero_fight(&mut self, id: Id, foe: Id, tables: &HeroicaTables, roll: Roll, ev: &mut Vec<Happening>) {
        let face = self.fight_face(id, foe, tables, roll, ev);
        self.read_hero_fight(id, foe, face, tables, true, ev);
    }

    /// Rolls the die for a fight and tells it; the face (0..6).
    fn fight_face(&mut self, figure: Id, foe: Id, tables: &HeroicaTables, roll: Roll, ev: &mut Vec<Happening>) -> u8 {
        let r = roll() % 6;
        ev.push(Happening::Fought {
            figure,
            foe,
            face: tables.face(r).name.clone(),
        });
        r
    }

    /// Whether the hero's Crystal of Deflection (a relic with its power, unspent this mission)
    /// would turn away the fight roll `face` against `foe`, and the relic's id.
    pub fn deflects(&self, id: Id, foe: Id, face: u8, tables: &HeroicaTables) -> Option<String> {
        let h = self.hero(id).filter(|h| !h.pack.crystal_used)?;
        let relic = h.pack.relics.iter().find(|r| {
            tables
                .relics
                .get(*r)
                .is_some_and(|d| d.power == RelicPower::IgnoreSkull)
        })?;
        self.read_fight(id, foe, face, tables, super::with_relics, true)
            .1
            .then(|| relic.clone())
    }

    /// The fight roll `face` between hero `id` and monster `foe`, read by `table` (the hero's or
    /// the monster player's) with the hero's relics; `crystal`: whether the Crystal may turn a
    /// Skull away. The result, and whether it did.
    fn read_fight(
        &self,
        id: Id,
        foe: Id,
        face: u8,
        tables: &HeroicaTables,
        table: fn(super::Fight, u8, &[RelicPower], bool) -> (FightResult, bool),
        crystal: bool,
    ) -> (FightResult, bool) {
        let strength = self.monster(foe).map_or(1, |m| m.strength);
        table(
            tables.face(face).fight,
            strength,
            &self.relic_powers(id, tables),
            crystal,
        )
    }

    /// What a hero's fight roll `face` does. When it leaves the player a choice (`pause`): a
    /// Luck Potion in the pack and a roll that does not win, or a Skull the Crystal would turn
    /// away, the roll waits (`Stage::FightRolled`) for the player to take it, drink, or spend
    /// the Crystal.
    pub(super) fn read_hero_fight(
        &mut self,
        id: Id,
        foe: Id,
        face: u8,
        tables: &HeroicaTables,
        pause: bool,
        ev: &mut Vec<Happening>,
    ) {
        let (result, _) = self.read_fight(id, foe, face, tables, super::with_relics, false);
        let lucky = self.hero(id).is_some_and(|h| {
            h.pack.potions.iter().any(|p| {
                tables
                    .potions
                    .get(p)
                    .is_some_and(|d| d.effect == PotionEffect::RollAgain)
            })
        });
        let loses = !result.monster_defeated && !result.skill_instead;
        if pause && ((lucky && loses) || self.deflects(id, foe, face, tables).is_some()) {
            self.turn.stage = Stage::FightRolled { foe, face };
            return;
        }
        if result.skill_instead {
            self.turn.stage = Stage::ShieldFight { foe };
            return;
        }
        self.fight_result(id, foe, result, tables, ev);
    }

    /// The Crystal of Deflection spent on the fight roll waiting in `Stage::FightRolled`: the
    /// Skull is turned away (no health lost, no knock-back).
    pub(super) fn deflect(
        &mut self,
        id: Id,
        skill: &str,
        tables: &HeroicaTables,
        ev: &mut Vec<Happening>,
    ) -> Result<(), String> {
        let Stage::FightRolled { foe, face } = self.turn.stage else {
            return Err("the Crystal turns away a fight roll, and none is waiting".into());
        };
        if self.deflects(id, foe, face, tables).as_deref() != Some(skill) {
            return Err("the Crystal turns away a Skull, once a mission".into());
        }
        let (result, _) = self.read_fight(id, foe, face, tables, super::with_relics, true);
        if let Some(h) = self.hero_mut(id) {
            h.pack.crystal_used = true;
        }
        ev.push(Happening::Deflected { hero: id });
        self.fight_result(id, foe, result, tables, ev);
        Ok(())
    }

    /// The Luck Potion drunk on the fight roll waiting in `Stage::FightRolled`: the die is rolled
    /// again and the new roll read (the Crystal may still be offered against it).
    pub(super) fn fight_again(&mut self, id: Id, tables: &HeroicaTables, roll: Roll, ev: &mut Vec<Happening>) {
        if let Stage::FightRolled { foe, .. } = self.turn.stage {
            let face = self.fight_face(id, foe, tables, roll, ev);
            self.read_hero_fight(id, foe, face, tables, true, ev);
        }
    }

    /// What a hero's fight did: the monster defeated, health lost, the knock-back, the chain.
    pub(super) fn fight_result(
        &mut self,
        id: Id,
        foe: Id,
        r: FightResult,
        _tables: &HeroicaTables,
        ev: &mut Vec<Happening>,
    ) {
        let monster_at = self.monster(foe).and_then(|m| m.at);
        if r.monster_defeated {
            self.defeat(foe, id, ev);
        }
        if self.turn.over.is_some() {
            return;
        }
        let fell = self.hurt(id, r.hero_loses, ev);
        if r.knock_back
            && let Some(m) = monster_at
        {
            self.knock_back(id, m, self.turn.came_from, ev);
        }
        if self.turn.over.is_some() {
            return;
        }
        let at = self.hero(id).map(|h| h.at);
        let beside = at.map(|p| self.monsters_beside(p)).unwrap_or_default();
        self.turn.stage = if !fell && super::fights_on(&r, !beside.is_empty()) {
            Stage::MustFight { foes: beside }
        } else {
            Stage::Done
        };
    }

    /// The monster player's fight roll (heroica.md, Battle Heroica; checklists §1.2 #54–#57).
    pub(super) fn monster_fight(
        &mut self,
        m: Id,
        hero: Id,
        tables: &HeroicaTables,
        roll: Roll,
        ev: &mut Vec<Happening>,
    ) {
        let face = self.fight_face(m, hero, tables, roll, ev);
        // The hero's player is not asked in the monster player's turn: the Crystal turns the
        // first hit away by itself (docs/heroica.md H10).
        let crystal = self.hero(hero).is_some_and(|h| !h.pack.crystal_used);
        let (r, spent) = self.read_fight(hero, m, face, tables, super::against_relics, crystal);
        if spent {
            if let Some(h) = self.hero_mut(hero) {
                h.pack.crystal_used = true;
            }
            ev.push(Happening::Deflected { hero });
        }
        let monster_at = self.monster(m).and_then(|x| x.at);
        if r.monster_defeated {
            // checklists §1.2 #56: it goes into the fought hero's pack.
            self.defeat(m, hero, ev);
        }
        self.hurt(hero, r.hero_loses, ev);
        if r.knock_back
            && let Some(at) = monster_at
            && self.turn.over.is_none()
        {
            self.knock_back(hero, at, None, ev);
        }
        self.turn.stage = Stage::Done;
    }
}
