//! What the side to act may do now (`Table::legal`): a hero's roll, moves, fights, skills,
//! potions and the store; the monster player's choice, roll, moves and fights; the Ranged and
//! Melee uses of a skill, weapon or relic, and the moves a skill's walk may take.

use super::*;

impl Table {
    /// Every act the side to act may take now; `act` accepts each and refuses anything else.
    pub fn legal(&self, tables: &HeroicaTables) -> Vec<Act> {
        if self.turn.over.is_some() {
            return Vec::new();
        }
        match self.turn.side {
            Side::Hero(id) => self.hero_legal(id, tables),
            Side::Monsters => self.monster_legal(tables),
        }
    }

    fn hero_legal(&self, id: Id, tables: &HeroicaTables) -> Vec<Act> {
        let Some(h) = self.hero(id) else {
            return vec![Act::EndTurn];
        };
        let mut out = Vec::new();
        match &self.turn.stage {
            Stage::Start => {
                out.push(Act::Roll { figure: id });
                if !h.healing {
                    for item in tables.potions.keys().chain(tables.weapons.keys()) {
                        if self.may_buy(h, item, tables).is_ok() {
                            out.push(Act::Buy {
                                figure: id,
                                item: item.clone(),
                            });
                        }
                    }
                    for m in self.monsters_beside(h.at) {
                        out.push(Act::Fight { figure: id, target: m });
                    }
                }
            }
            Stage::Rolled { face } => {
                let face_def = tables.face(*face);
                let steps = face_def.moves.saturating_add(self.turn.extra_moves);
                for (_, path) in self.hero_moves(id, steps, tables) {
                    out.push(Act::Move { figure: id, path });
                }
                if face_def.shield {
                    out.extend(self.ranged_uses(id, tables));
                }
            }
            Stage::MustFight { foes } => {
                for m in foes {
                    out.push(Act::Fight { figure: id, target: *m });
                }
            }
            Stage::ShieldFight { foe } => {
                out.push(Act::Fight {
                    figure: id,
                    target: *foe,
                });
                out.extend(self.melee_uses(id, *foe, tables));
            }
            Stage::FightRolled { foe, face } => {
                out.push(Act::TakeRoll { figure: id });
                if let Some(relic) = self.deflects(id, *foe, *face, tables) {
                    out.push(Act::Skill {
                        figure: id,
                        skill: relic,
                        target: None,
                        to: None,
                    });
                }
            }
            Stage::Done => {}
        }
        let mut potions: Vec<&String> = h.pack.potions.iter().collect();
        potions.sort();
        potions.dedup();
        for p in potions {
            match self.may_drink(h, p, tables) {
                // The Strength Potion: one drink for each monster beside the hero, so the player
                // names the one it defeats.
                Ok(PotionEffect::DefeatAdjacent) => {
                    out.extend(self.monsters_beside(h.at).into_iter().map(|m| Act::Drink {
                        figure: id,
                        potion: p.clone(),
                        target: Some(m),
                    }));
                }
                Ok(_) => out.push(Act::Drink {
                    figure: id,
                    potion: p.clone(),
                    target: None,
                }),
                Err(_) => {}
            }
        }
        if !matches!(
            self.turn.stage,
            Stage::MustFight { .. } | Stage::ShieldFight { .. } | Stage::FightRolled { .. }
        ) {
            out.push(Act::EndTurn);
        }
        out
    }

    fn monster_legal(&self, tables: &HeroicaTables) -> Vec<Act> {
        let mut out = Vec::new();
        match (&self.turn.stage, self.turn.chosen) {
            (Stage::Start, _) => {
                for m in self.monsters.iter().filter(|m| m.at.is_some()) {
                    out.push(Act::Roll { figure: m.id });
                }
            }
            (Stage::Rolled { face }, Some(m)) => {
                let f = tables.face(*face);
                for (_, path) in self.monster_moves(m, f.moves) {
                    out.push(Act::Move { figure: m, path });
                }
                if f.shield
                    && let Some(at) = self.monster(m).and_then(|x| x.at)
                {
                    for (e, (kind, _)) in &self.doors {
                        if *kind == MissionDoorKind::Magic && (e.0 == at || e.1 == at) {
                            let beyond = if e.0 == at { e.1 } else { e.0 };
                            let way = vec![beyond];
                            if !out.iter().any(|a| matches!(a, Act::Move { path, .. } if *path == way))
                                && self.check_monster_walk(m, &way, f.moves, true).is_ok()
                            {
                                out.push(Act::Move { figure: m, path: way });
                            }
                        }
                    }
                }
                if let Some(at) = self.monster(m).and_then(|x| x.at) {
                    for hero in self.heroes_beside(at) {
                        out.push(Act::Fight {
                            figure: m,
                            target: hero,
                        });
                    }
                }
            }
            (Stage::MustFight { foes }, Some(m)) => {
                for hero in foes {
                    out.push(Act::Fight {
                        figure: m,
                        target: *hero,
                    });
                }
            }
            _ => {}
        }
        if !matches!(self.turn.stage, Stage::MustFight { .. }) {
            out.push(Act::EndTurn);
        }
        out
    }

    /// The Ranged skills a hero may use on a movement Shield, each with its choices; and the
    /// relics that work on one (checklists §1.2a).
    pub fn ranged_uses(&self, id: Id, tables: &HeroicaTables) -> Vec<Act> {
        let Some(h) = self.hero(id) else { return Vec::new() };
        let mut out = Vec::new();
        let skill = |s: &str, target: Option<Id>, to: Option<Pos>| Act::Skill {
            figure: id,
            skill: s.to_string(),
            target,
            to,
        };
        for u in self
            .skills(id, tables)
            .into_iter()
            .filter(|u| u.skill.kind == SkillKind::Ranged)
        {
            match u.skill.power {
                Power::Heal { .. } => out.push(skill(&u.id, None, None)),
                Power::MoveThenDefeat { moves } => {
                    for (to, table) in self.skill_moves(id, moves, tables) {
                        let at = to.unwrap_or(h.at);
                        for m in table.monsters_beside(at) {
                            out.push(skill(&u.id, Some(m), to));
                        }
                    }
                }
                Power::Shoot { moves, range, straight } => {
                    for (to, table) in self.skill_moves(id, moves, tables) {
                        let at = to.unwrap_or(h.at);
                        for m in table.shot_targets(at, range, straight, id) {
                            out.push(skill(&u.id, Some(m), to));
                        }
                    }
                }
                Power::Fetch { range } => {
                    for p in self.fetchable(h.at, range) {
                        out.push(skill(&u.id, None, Some(p)));
                    }
                }
                Power::Defeat { .. } | Power::DefeatAll { .. } | Power::DefeatForGold { .. } => {}
            }
        }
        for r in &h.pack.relics {
            match tables.relics.get(r).map(|d| d.power) {
                Some(RelicPower::ShieldHeals) => out.push(skill(r, None, None)),
                Some(RelicPower::ShieldFetch { range }) if !h.pack.scepter_used => {
                    for p in self.fetchable(h.at, range) {
                        out.push(skill(r, None, Some(p)));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The Melee skills a hero may use after a fight Shield against `foe`.
    pub fn melee_uses(&self, id: Id, foe: Id, tables: &HeroicaTables) -> Vec<Act> {
        let mut out = Vec::new();
        for u in self
            .skills(id, tables)
            .into_iter()
            .filter(|u| u.skill.kind == SkillKind::Melee)
        {
            let then = match u.skill.power {
                Power::Defeat { then_move } => {
                    let mut t = self.clone();
                    t.remove_monster(foe);
                    Some((t, then_move))
                }
                Power::DefeatAll { then_move } => {
                    let mut t = self.clone();
                    for m in self.hero(id).map(|h| self.monsters_beside(h.at)).unwrap_or_default() {
                        t.remove_monster(m);
                    }
                    Some((t, then_move))
                }
                Power::DefeatForGold { .. } => Some((self.clone(), 0)),
                _ => None,
            };
            let Some((after, moves)) = then else { continue };
            for (to, _) in after.skill_moves(id, moves, tables) {
                out.push(Act::Skill {
                    figure: id,
                    skill: u.id.clone(),
                    target: Some(foe),
                    to,
                });
            }
        }
        out
    }

    /// A skill's move of up to `moves`: staying put (None), or each space it may end on, with
    /// the table as it would stand there (for the monsters beside it then).
    pub fn skill_moves(&self, id: Id, moves: u8, tables: &HeroicaTables) -> Vec<(Option<Pos>, Table)> {
        let mut out = vec![(None, self.clone())];
        if moves == 0 {
            return out;
        }
        for (to, _) in self.hero_moves(id, moves, tables) {
            if self.hero_at(to).is_some() {
                continue;
            }
            let mut t = self.clone();
            if let Some(h) = t.hero_mut(id) {
                h.at = to;
            }
            out.push((Some(to), t));
        }
        out
    }

    pub(super) fn remove_monster(&mut self, id: Id) {
        if let Some(m) = self.monsters.iter_mut().find(|m| m.id == id) {
            m.at = None;
        }
    }
}
