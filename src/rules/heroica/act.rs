//! What an act does to a Heroica mission in play (heroica.md; checklists §1.2): rolls, moves
//! with "forward" and the things picked up, forced fights and their chains, knock-backs, skills,
//! potions, the store, healing turns, the turn order and the end. `roll` draws one die: 0..6,
//! a face of `HeroicaTables::face`. A refused act changes nothing.

use super::play::*;
use super::{FightResult, HeroicaTables, MissionDoorKind, PotionEffect, Power, RelicPower, SkillKind, Thing};
use crate::rules::bounds::add_gold;
use crate::rules::geometry::{Edge, Pos};

type Roll<'a> = &'a mut dyn FnMut() -> u8;

impl Table {
    /// Carries out `act` for the side to act, or says why not (having changed nothing).
    pub fn act(&mut self, act: &Act, tables: &HeroicaTables, roll: Roll) -> Result<Vec<Happening>, String> {
        if self.turn.over.is_some() {
            return Err("the mission is over".into());
        }
        let mut t = self.clone();
        let mut ev = Vec::new();
        match t.turn.side {
            Side::Hero(id) => t.hero_act(id, act, tables, roll, &mut ev)?,
            Side::Monsters => t.monster_act(act, tables, roll, &mut ev)?,
        }
        *self = t;
        Ok(ev)
    }

    fn hero_act(
        &mut self,
        id: Id,
        act: &Act,
        tables: &HeroicaTables,
        roll: Roll,
        ev: &mut Vec<Happening>,
    ) -> Result<(), String> {
        let figure = match act {
            Act::Roll { figure }
            | Act::Move { figure, .. }
            | Act::Fight { figure, .. }
            | Act::Skill { figure, .. }
            | Act::Drink { figure, .. }
            | Act::Buy { figure, .. }
            | Act::TakeRoll { figure } => Some(*figure),
            Act::EndTurn => None,
        };
        if figure.is_some_and(|f| f != id) {
            return Err("it is another hero's turn".into());
        }
        let stage = self.turn.stage.clone();
        match (act, &stage) {
            (Act::EndTurn, Stage::MustFight { .. } | Stage::ShieldFight { .. } | Stage::FightRolled { .. }) => {
                Err("the fight must be fought first".into())
            }
            (Act::TakeRoll { .. }, Stage::FightRolled { foe, face }) => {
                self.read_hero_fight(id, *foe, *face, tables, false, ev);
                Ok(())
            }
            (Act::Skill { skill, .. }, Stage::FightRolled { .. }) => self.deflect(id, skill, tables, ev),
            (Act::EndTurn, _) => {
                self.next_turn(ev);
                Ok(())
            }
            (Act::Drink { potion, target, .. }, _) => self.drink(id, potion, *target, tables, roll, ev),
            (Act::Buy { item, .. }, _) => {
                let h = self.hero(id).ok_or("no such hero")?;
                let price = self.may_buy(h, item, tables)?;
                let h = self.hero_mut(id).ok_or("no such hero")?;
                h.pack.gold -= price;
                if tables.potions.contains_key(item) {
                    h.pack.potions.push(item.clone());
                } else {
                    h.pack.weapons.push(item.clone());
                }
                ev.push(Happening::Bought {
                    hero: id,
                    item: item.clone(),
                    price,
                });
                Ok(())
            }
            (Act::Roll { .. }, Stage::Start) => {
                let r = roll() % 6;
                let face = tables.face(r).clone();
                let h = self.hero_mut(id).ok_or("no such hero")?;
                if h.healing {
                    let gained = super::healing_roll(&face, h.max).min(h.max - h.health);
                    h.health += gained;
                    let (health, full) = (h.health, h.health >= h.max);
                    if full {
                        h.healing = false;
                    }
                    ev.push(Happening::Rolled {
                        figure: id,
                        face: face.name.clone(),
                        roll_for: RollFor::Heal,
                    });
                    ev.push(Happening::Healed {
                        hero: id,
                        gained,
                        health,
                    });
                    if full {
                        ev.push(Happening::Recovered { hero: id });
                    }
                    self.turn.stage = Stage::Done;
                } else {
                    ev.push(Happening::Rolled {
                        figure: id,
                        face: face.name.clone(),
                        roll_for: RollFor::Move,
                    });
                    self.turn.stage = Stage::Rolled { face: r };
                }
                Ok(())
            }
            (Act::Move { path, .. }, Stage::Rolled { face }) => {
                let steps = tables.face(*face).moves.saturating_add(self.turn.extra_moves);
                self.check_hero_walk(id, path, steps, tables)?;
                self.hero_walk(id, path, tables, ev);
                Ok(())
            }
            (Act::Fight { target, .. }, Stage::Start | Stage::MustFight { .. }) => {
                let at = self.hero(id).ok_or("no such hero")?.at;
                if self.hero(id).is_some_and(|h| h.healing) {
                    return Err("a healing hero cannot fight".into());
                }
                if !may_fight(&stage, *target, &self.monsters_beside(at)) {
                    return Err("that monster is not one to fight now".into());
                }
                self.hero_fight(id, *target, tables, roll, ev);
                Ok(())
            }
            (Act::Fight { target, .. }, Stage::ShieldFight { foe }) if target == foe => {
                let result = FightResult {
                    monster_defeated: true,
                    ..Default::default()
                };
                self.fight_result(id, *foe, result, tables, ev);
                Ok(())
            }
            (Act::Skill { skill, target, to, .. }, Stage::Rolled { face }) if tables.face(*face).shield => {
                self.ranged(id, skill, *target, *to, tables, ev)
            }
            (Act::Skill { skill, target, to, .. }, Stage::ShieldFight { foe }) if *target == Some(*foe) => {
                self.melee(id, skill, *foe, *to, tables, ev)
            }
            (Act::Roll { .. }, _) => Err("already rolled this turn".into()),
            (Act::Move { .. }, _) => Err("no movement roll to move by".into()),
            (Act::Fight { .. }, _) => Err("no fight to fight now".into()),
            (Act::Skill { .. }, _) => Err("a skill is used on a Shield".into()),
            (Act::TakeRoll { .. }, _) => Err("no fight roll is waiting".into()),
        }
    }

    /// Steps a hero along a checked path: doors opened with keys, things taken, buttons pressed,
    /// rocks broken, coffins opened, the target reached; then "forward" off another hero and
    /// the fight a monster beside forces.
    fn hero_walk(&mut self, id: Id, path: &[Pos], tables: &HeroicaTables, ev: &mut Vec<Happening>) {
        let start = self.hero(id).map(|h| h.at).unwrap_or(path[0]);
        let walked = path.iter().all(|&p| self.hero_step(id, p, tables, ev));
        // heroica.md, Moving Heroes: ending on another hero's space, it goes on forward.
        let others = |t: &Table, q: Pos| t.heroes.iter().any(|h| h.id != id && h.at == q);
        let end = self.hero(id).map(|h| h.at).unwrap_or(start);
        if walked
            && others(self, end)
            && let Some(h) = self.hero(id).cloned()
        {
            let sp = self.spaces.clone();
            let extra = sp.forward(
                start,
                path,
                |q| !others(self, q) && self.monster_at(q).is_none(),
                |q| self.hero_may_enter(&h, q, tables) && !self.rocks.contains(&q),
                |q| self.hero_stops(q),
            );
            for q in extra {
                if !self.hero_step(id, q, tables, ev) {
                    break;
                }
            }
        }
        self.after_move(id);
    }

    /// One step of a hero onto `p`. False when the move ends here whatever remains (the target,
    /// a coffin, a rock broken).
    fn hero_step(&mut self, id: Id, p: Pos, tables: &HeroicaTables, ev: &mut Vec<Happening>) -> bool {
        let Some(from) = self.hero(id).map(|h| h.at) else {
            return false;
        };
        let edge = Edge::new(from, p);
        if let Some((MissionDoorKind::Locked, false)) = self.doors.get(&edge).copied() {
            if let Some(h) = self.hero_mut(id) {
                h.pack.keys = h.pack.keys.saturating_sub(1);
            }
            ev.push(Happening::KeySpent { hero: id, at: p });
            self.open_door(edge, id, ev);
        }
        if let Some(h) = self.hero_mut(id) {
            h.at = p;
        }
        self.turn.came_from = Some(from);
        ev.push(Happening::Stepped {
            figure: id,
            from,
            to: p,
        });
        if p == self.target {
            self.win(id, ev);
            return false;
        }
        if let Some(edge) = self.buttons.get(&p).copied()
            && self.doors.get(&edge).is_some_and(|(_, open)| !open)
        {
            self.open_door(edge, id, ev);
        }
        if self.rocks.remove(&p) {
            ev.push(Happening::RockBroken { hero: id, at: p });
            return false;
        }
        match self.things.get(&p).cloned() {
            Some((Holder::Loose, thing)) => {
                self.things.remove(&p);
                self.take(id, thing, Holder::Loose, p, ev);
            }
            Some((Holder::Chest, thing)) if self.hero(id).is_some_and(|h| h.pack.keys > 0) => {
                self.things.remove(&p);
                if let Some(h) = self.hero_mut(id) {
                    h.pack.keys -= 1;
                }
                ev.push(Happening::KeySpent { hero: id, at: p });
                self.take(id, thing, Holder::Chest, p, ev);
            }
            Some((Holder::Coffin, thing)) => {
                self.things.remove(&p);
                ev.push(Happening::CoffinOpened { hero: id, at: p });
                if let Thing::Monster(kind) = thing {
                    // checklists §1.2 #33: it climbs out, the hero is knocked back and fights it.
                    let new_id = self
                        .heroes
                        .iter()
                        .map(|h| h.id)
                        .chain(self.monsters.iter().map(|m| m.id))
                        .max()
                        .unwrap_or(0)
                        + 1;
                    let strength = tables.monsters.get(&kind).map_or(1, |d| d.strength);
                    self.monsters.push(MonsterPiece {
                        id: new_id,
                        kind: kind.clone(),
                        strength,
                        at: Some(p),
                    });
                    ev.push(Happening::MonsterAppeared {
                        monster: new_id,
                        kind,
                        at: p,
                    });
                    // The monster now stands on the hero's space: the hero goes back.
                    let back = if self.hero_at(from).is_none() && self.monster_at(from).is_none() {
                        Some(from)
                    } else {
                        self.spaces.knock_back(p, None, p, |q| self.free(q))
                    };
                    if let Some(to) = back {
                        self.set_back(id, p, to, ev);
                    }
                    self.turn.stage = Stage::MustFight { foes: vec![new_id] };
                    return false;
                }
                self.take(id, thing, Holder::Coffin, p, ev);
                return false;
            }
            _ => {}
        }
        true
    }

    /// Nobody stands on `q` and no rock fills it.
    fn free(&self, q: Pos) -> bool {
        self.hero_at(q).is_none() && self.monster_at(q).is_none() && !self.rocks.contains(&q)
    }

    fn take(&mut self, id: Id, thing: Thing, from: Holder, at: Pos, ev: &mut Vec<Happening>) {
        let Some(h) = self.hero_mut(id) else { return };
        match &thing {
            Thing::Gold(n) => h.pack.gold = add_gold(h.pack.gold, *n),
            Thing::Potion(p) => h.pack.potions.push(p.clone()),
            Thing::Key => h.pack.keys += 1,
            Thing::Weapon(w) => {
                if !h.pack.weapons.contains(w) {
                    h.pack.weapons.push(w.clone());
                }
            }
            Thing::Relic(r) => {
                if !h.pack.relics.contains(r) {
                    h.pack.relics.push(r.clone());
                }
            }
            Thing::Monster(_) => return,
        }
        ev.push(Happening::PickedUp {
            hero: id,
            thing,
            from,
            at,
        });
    }

    fn open_door(&mut self, edge: Edge, by: Id, ev: &mut Vec<Happening>) {
        if let Some(d) = self.doors.get_mut(&edge) {
            d.1 = true;
            self.spaces.set_door(edge.0, edge.1, false);
            ev.push(Happening::DoorOpened { edge, by });
        }
    }

    /// After a hero's move: a monster beside it forces a fight (checklists §1.2 #11).
    fn after_move(&mut self, id: Id) {
        if self.turn.over.is_some() || matches!(self.turn.stage, Stage::MustFight { .. }) {
            return;
        }
        let Some(at) = self.hero(id).map(|h| h.at) else { return };
        let foes = self.monsters_beside(at);
        self.turn.stage = if foes.is_empty() || self.hero(id).is_some_and(|h| h.healing) {
            Stage::Done
        } else {
            Stage::MustFight { foes }
        };
    }

    fn win(&mut self, id: Id, ev: &mut Vec<Happening>) {
        if self.turn.over.is_none() {
            self.turn.over = Some(End::Won(id));
            self.turn.stage = Stage::Done;
            ev.push(Happening::Won { hero: id });
        }
    }

    /// A monster defeated goes into the victor's pack; the target's guardian wins the mission.
    pub(super) fn defeat(&mut self, monster: Id, by: Id, ev: &mut Vec<Happening>) {
        let Some(m) = self.monsters.iter_mut().find(|m| m.id == monster && m.at.is_some()) else {
            return;
        };
        let at = m.at.take();
        let kind = m.kind.clone();
        ev.push(Happening::Defeated { monster, by });
        if let Some(h) = self.hero_mut(by) {
            h.pack.defeated.push(kind);
        }
        if at == Some(self.target) && self.is_hero(by) {
            self.win(by, ev);
        }
    }

    /// A hero loses health (a Defence Potion keeps it); true when it fell to 0.
    pub(super) fn hurt(&mut self, id: Id, lost: u8, ev: &mut Vec<Happening>) -> bool {
        if lost == 0 {
            return false;
        }
        if self.turn.defence && self.turn.side == Side::Hero(id) {
            ev.push(Happening::Shielded { hero: id });
            return false;
        }
        let Some(h) = self.hero_mut(id) else { return false };
        let lost = lost.min(h.health);
        h.health -= lost;
        let (health, fell) = (h.health, h.health == 0);
        if fell {
            h.healing = true;
        }
        ev.push(Happening::Hurt { hero: id, lost, health });
        if fell {
            ev.push(Happening::Fell { hero: id });
            if self.battle {
                // checklists §1.2 #47: two hero defeats win Battle for the monster player.
                self.turn.hero_defeats += 1;
                if self.turn.hero_defeats >= 2 && self.turn.over.is_none() {
                    self.turn.over = Some(End::MonstersWon);
                    ev.push(Happening::MonstersWon);
                }
            }
        }
        fell
    }

    pub(super) fn knock_back(&mut self, id: Id, monster: Pos, came_from: Option<Pos>, ev: &mut Vec<Happening>) {
        let Some(at) = self.at(id) else { return };
        if let Some(to) = self.spaces.knock_back(at, came_from, monster, |q| self.free(q)) {
            self.set_back(id, at, to, ev);
        }
    }

    /// A hero knocked back from `from` to `to`.
    fn set_back(&mut self, id: Id, from: Pos, to: Pos, ev: &mut Vec<Happening>) {
        if let Some(h) = self.hero_mut(id) {
            h.at = to;
        }
        ev.push(Happening::KnockedBack { figure: id, from, to });
    }

    /// A skill's move (checked legal already) to `to`, step by step by the move rules: the
    /// shortest way, stopping where a step ends the move.
    fn skill_walk(&mut self, id: Id, to: Pos, tables: &HeroicaTables, ev: &mut Vec<Happening>) {
        let path = self
            .hero_moves(id, 5, tables)
            .into_iter()
            .find(|(p, _)| *p == to)
            .map(|(_, w)| w)
            .unwrap_or_default();
        for p in path {
            if !self.hero_step(id, p, tables, ev) {
                break;
            }
        }
    }

    /// A Ranged skill (or a relic) on a movement Shield (checklists §1.2 #5, §1.2a).
    fn ranged(
        &mut self,
        id: Id,
        skill: &str,
        target: Option<Id>,
        to: Option<Pos>,
        tables: &HeroicaTables,
        ev: &mut Vec<Happening>,
    ) -> Result<(), String> {
        let legal = self.ranged_uses(id, tables);
        let wanted = Act::Skill {
            figure: id,
            skill: skill.to_string(),
            target,
            to,
        };
        if !legal.contains(&wanted) {
            return Err(format!("\"{skill}\" cannot be used that way now"));
        }
        ev.push(Happening::SkillUsed {
            figure: id,
            skill: skill.to_string(),
        });
        if let Some(relic) = tables.relics.get(skill) {
            match relic.power {
                RelicPower::ShieldHeals => self.heal(id, Some(1), ev),
                RelicPower::ShieldFetch { .. } => {
                    if let Some(h) = self.hero_mut(id) {
                        h.pack.scepter_used = true;
                    }
                    self.fetch(id, to, ev);
                }
                _ => {}
            }
            self.turn.stage = Stage::Done;
            return Ok(());
        }
        let power = self
            .skills(id, tables)
            .into_iter()
            .find(|u| u.id == skill && u.skill.kind == SkillKind::Ranged)
            .map(|u| u.skill.power)
            .ok_or("no such skill")?;
        self.turn.stage = Stage::Done;
        match power {
            Power::Heal { health } => self.heal(id, health, ev),
            Power::Fetch { .. } => self.fetch(id, to, ev),
            Power::MoveThenDefeat { .. } | Power::Shoot { .. } => {
                if let Some(to) = to {
                    self.skill_walk(id, to, tables, ev);
                }
                if let Some(m) = target
                    && self.turn.over.is_none()
                {
                    self.defeat(m, id, ev);
                }
                // Only a move forces a fight (heroica.md, Moving Heroes): a shot from where the
                // hero stands leaves it free of the monsters already beside it (issue 35, item 13).
                if self.turn.stage == Stage::Done && to.is_some() {
                    self.after_move(id);
                }
            }
            Power::Defeat { .. } | Power::DefeatAll { .. } | Power::DefeatForGold { .. } => {}
        }
        Ok(())
    }

    /// A Melee skill instead of a plain win after a fight Shield (checklists §1.2 #14, §1.2a).
    fn melee(
        &mut self,
        id: Id,
        skill: &str,
        foe: Id,
        to: Option<Pos>,
        tables: &HeroicaTables,
        ev: &mut Vec<Happening>,
    ) -> Result<(), String> {
        let wanted = Act::Skill {
            figure: id,
            skill: skill.to_string(),
            target: Some(foe),
            to,
        };
        if !self.melee_uses(id, foe, tables).contains(&wanted) {
            return Err(format!("\"{skill}\" cannot be used that way now"));
        }
        let power = self
            .skills(id, tables)
            .into_iter()
            .find(|u| u.id == skill && u.skill.kind == SkillKind::Melee)
            .map(|u| u.skill.power)
            .ok_or("no such skill")?;
        ev.push(Happening::SkillUsed {
            figure: id,
            skill: skill.to_string(),
        });
        let at = self.hero(id).map(|h| h.at).ok_or("no such hero")?;
        let foes = match power {
            Power::DefeatAll { .. } => self.monsters_beside(at),
            _ => vec![foe],
        };
        for m in foes {
            self.defeat(m, id, ev);
        }
        if self.turn.over.is_some() {
            return Ok(());
        }
        if let Power::DefeatForGold { gold } = power
            && let Some(h) = self.hero_mut(id)
        {
            h.pack.gold = add_gold(h.pack.gold, gold);
            ev.push(Happening::PickedUp {
                hero: id,
                thing: Thing::Gold(gold),
                from: Holder::Loose,
                at,
            });
        }
        self.turn.stage = Stage::Done;
        if let Some(to) = to {
            self.skill_walk(id, to, tables, ev);
            if self.turn.stage == Stage::Done {
                self.after_move(id);
            }
        }
        Ok(())
    }

    fn heal(&mut self, id: Id, health: Option<u8>, ev: &mut Vec<Happening>) {
        let Some(h) = self.hero_mut(id) else { return };
        let gained = health.unwrap_or(h.max).min(h.max - h.health);
        h.health += gained;
        let health = h.health;
        let recovered = h.healing && h.health >= h.max;
        if recovered {
            h.healing = false;
        }
        ev.push(Happening::Healed {
            hero: id,
            gained,
            health,
        });
        if recovered {
            ev.push(Happening::Recovered { hero: id });
        }
    }

    fn fetch(&mut self, id: Id, at: Option<Pos>, ev: &mut Vec<Happening>) {
        if let Some(p) = at
            && let Some((Holder::Loose, thing)) = self.things.remove(&p)
        {
            self.take(id, thing, Holder::Loose, p, ev);
        }
    }

    fn drink(
        &mut self,
        id: Id,
        potion: &str,
        target: Option<Id>,
        tables: &HeroicaTables,
        roll: Roll,
        ev: &mut Vec<Happening>,
    ) -> Result<(), String> {
        let h = self.hero(id).ok_or("no such hero")?;
        let effect = self.may_drink(h, potion, tables)?;
        if let Some(t) = target
            && (effect != PotionEffect::DefeatAdjacent || !self.monsters_beside(h.at).contains(&t))
        {
            return Err(format!(
                "the {potion} potion is not aimed, save a Strength Potion at a monster beside the hero"
            ));
        }
        let h = self.hero_mut(id).ok_or("no such hero")?;
        if let Some(i) = h.pack.potions.iter().position(|p| p == potion) {
            h.pack.potions.remove(i);
        }
        ev.push(Happening::Drank {
            hero: id,
            potion: potion.to_string(),
        });
        match effect {
            PotionEffect::Heal(n) => {
                // A healing hero brought back to full spends this turn healing and moves on its
                // next (docs/heroica.md H13; issue 35, item 14).
                let was_healing = self.hero(id).is_some_and(|h| h.healing);
                self.heal(id, Some(n), ev);
                if was_healing && self.hero(id).is_some_and(|h| !h.healing) {
                    self.turn.stage = Stage::Done;
                }
            }
            // The Luck Potion on a fight roll: the fight is rolled again (issue 35, item 15).
            PotionEffect::RollAgain if matches!(self.turn.stage, Stage::FightRolled { .. }) => {
                self.fight_again(id, tables, roll, ev);
            }
            PotionEffect::RollAgain => {
                // The Luck Potion: the movement roll is made again at once (docs/heroica.md H13).
                let r = roll() % 6;
                ev.push(Happening::Rolled {
                    figure: id,
                    face: tables.face(r).name.clone(),
                    roll_for: RollFor::Move,
                });
                self.turn.stage = Stage::Rolled { face: r };
            }
            PotionEffect::ExtraMoves(n) => self.turn.extra_moves = self.turn.extra_moves.saturating_add(n),
            PotionEffect::DefeatAdjacent => {
                let at = self.hero(id).map(|h| h.at).ok_or("no such hero")?;
                // The monster the player chose (issue 35, item 15); unnamed, the strongest beside
                // it, the lowest id among equals.
                let foe = target.or_else(|| {
                    self.monsters_beside(at)
                        .into_iter()
                        .max_by_key(|m| (self.monster(*m).map_or(0, |x| x.strength), std::cmp::Reverse(*m)))
                });
                if let Some(m) = foe {
                    self.defeat(m, id, ev);
                }
                if self.turn.over.is_none() && matches!(self.turn.stage, Stage::MustFight { .. }) {
                    let beside = self.monsters_beside(at);
                    self.turn.stage = if beside.is_empty() {
                        Stage::Done
                    } else {
                        Stage::MustFight { foes: beside }
                    };
                }
            }
            PotionEffect::NoHealthLost => self.turn.defence = true,
        }
        Ok(())
    }

    fn monster_act(
        &mut self,
        act: &Act,
        tables: &HeroicaTables,
        roll: Roll,
        ev: &mut Vec<Happening>,
    ) -> Result<(), String> {
        let stage = self.turn.stage.clone();
        match (act, &stage, self.turn.chosen) {
            (Act::EndTurn, Stage::MustFight { .. }, _) => Err("the fight must be fought first".into()),
            (Act::EndTurn, _, _) => {
                self.next_turn(ev);
                Ok(())
            }
            (Act::Roll { figure }, Stage::Start, _) => {
                if self.monster(*figure).and_then(|m| m.at).is_none() {
                    return Err("no such monster on the board".into());
                }
                let r = roll() % 6;
                self.turn.chosen = Some(*figure);
                ev.push(Happening::Rolled {
                    figure: *figure,
                    face: tables.face(r).name.clone(),
                    roll_for: RollFor::Move,
                });
                self.turn.stage = Stage::Rolled { face: r };
                Ok(())
            }
            (Act::Move { figure, path }, Stage::Rolled { face }, Some(m)) if *figure == m => {
                let f = tables.face(*face);
                self.check_monster_walk(m, path, f.moves, f.shield)?;
                let start = self.monster(m).and_then(|x| x.at).ok_or("no such monster")?;
                // The walk, then on past a space another monster or an item holds (#51).
                let on = self.monster_goes_on(m, start, path);
                let mut at = start;
                for &p in path.iter().chain(&on) {
                    ev.push(Happening::Stepped {
                        figure: m,
                        from: at,
                        to: p,
                    });
                    at = p;
                }
                self.set_monster_at(m, at);
                let foes = self.heroes_beside(at);
                self.turn.stage = if foes.is_empty() {
                    Stage::Done
                } else {
                    Stage::MustFight { foes }
                };
                Ok(())
            }
            (Act::Fight { figure, target }, Stage::Rolled { .. } | Stage::MustFight { .. }, Some(m))
                if *figure == m =>
            {
                let at = self.monster(m).and_then(|x| x.at).ok_or("no such monster")?;
                if !may_fight(&stage, *target, &self.heroes_beside(at)) {
                    return Err("that hero is not one to fight now".into());
                }
                self.monster_fight(m, *target, tables, roll, ev);
                Ok(())
            }
            _ => Err("the monster player cannot do that now".into()),
        }
    }

    fn set_monster_at(&mut self, id: Id, at: Pos) {
        if let Some(x) = self.monsters.iter_mut().find(|x| x.id == id) {
            x.at = Some(at);
        }
    }

    /// The next turn: heroes in seat order, then (Battle) the monster player, then a new round.
    fn next_turn(&mut self, ev: &mut Vec<Happening>) {
        let mut order: Vec<(usize, Id)> = self.heroes.iter().map(|h| (h.seat, h.id)).collect();
        order.sort();
        let monsters_left = self.battle && self.monsters.iter().any(|m| m.at.is_some());
        let next = match self.turn.side {
            Side::Hero(id) => {
                let i = order.iter().position(|(_, h)| *h == id).unwrap_or(0);
                if i + 1 < order.len() {
                    Side::Hero(order[i + 1].1)
                } else if monsters_left {
                    Side::Monsters
                } else {
                    self.turn.round += 1;
                    Side::Hero(order[0].1)
                }
            }
            Side::Monsters => {
                self.turn.round += 1;
                Side::Hero(order[0].1)
            }
        };
        self.turn = TurnState {
            side: next,
            round: self.turn.round,
            hero_defeats: self.turn.hero_defeats,
            ..TurnState::default()
        };
        ev.push(Happening::TurnBegan {
            side: next,
            round: self.turn.round,
        });
    }
}

/// Whether `target` is one to fight now: one of a forced fight's foes, else one beside.
fn may_fight(stage: &Stage, target: Id, beside: &[Id]) -> bool {
    match stage {
        Stage::MustFight { foes } => foes.contains(&target),
        _ => beside.contains(&target),
    }
}
