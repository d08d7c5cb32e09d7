//! Actions and combat, as the snapshot answers them: what a figure may do this turn (one action,
//! a monster's two under the dice pool), the dice an attack and a defence roll, what can wound
//! whom, and who can strike or shoot whom from where they stand.

use super::*;

impl Snapshot {
    /// Does `h` carry `item`, a once-a-quest artifact (the Ring of Return), not yet used this
    /// quest?
    pub fn artifact_ready(&self, h: &FigureSnap, item: &str) -> bool {
        h.equipment.has(item) && !self.dungeon.used.contains(&(h.id, item.to_string()))
    }

    /// Monsters take two different actions a turn and roll d6 pools against heroes (the
    /// referee dice-pool module).
    pub fn dice_pool(&self) -> bool {
        self.quest.modules.dice_pool()
    }

    /// May `f` take an action of this kind now (its turn's actions so far allowing)? Else why
    /// not. HeroQuest 2021: one action a turn (heroquest-2021.md, Hero Turn), with Heroic Brew's
    /// second attack and the Wand of Magic's second spell. Under the referee dice pool a monster
    /// takes up to two different actions of move, attack and cast (referee-dice-pool.md, On the
    /// referee's Turn; checklists §1.4 rows 4–5).
    pub fn action_allowed(&self, f: &FigureSnap, kind: ActionKind) -> Result<(), String> {
        // Crush (Revised #114): the crusher does nothing but hold; the held strikes or nothing.
        if let Some(t) = self.held_by(f) {
            let who = self.figure(t).map_or("a hero", |t| t.name.as_str());
            return Err(format!("{} holds {who} in its grip and does nothing else", f.name));
        }
        if f.has(StatusKind::Held) && kind != ActionKind::Attack {
            return Err(format!(
                "{} is held in a crushing grip: it may only strike at its captor",
                f.name
            ));
        }
        let p = self.turn.progress(f.id);
        // Overburdened (Revised #126): its Move Action or its other Action, not both.
        if self.overburdened(f) && !self.action_points() && (p.allowance.is_some() || p.moving != MoveState::NotStarted)
        {
            return Err(format!(
                "{} is overburdened: it may move or act this turn, not both",
                f.name
            ));
        }
        // Rage(X): X extra Attack actions (Revised #129).
        let rage = self.rage_of(f);
        if !f.hero && self.dice_pool() {
            let again = match kind {
                ActionKind::Attack => p.attacks > rage,
                ActionKind::Spell => p.spells > 0,
                ActionKind::Search(_) | ActionKind::Other => p.acted,
            };
            if again {
                let what = match kind {
                    ActionKind::Attack => "attacked",
                    ActionKind::Spell => "cast a spell",
                    ActionKind::Search(_) | ActionKind::Other => "acted",
                };
                return Err(format!(
                    "{} has already {what} this turn (a monster's two actions must differ)",
                    f.name
                ));
            }
            let extra = if kind == ActionKind::Attack { rage } else { 0 };
            if self.monster_actions(f) >= 2 + extra {
                return Err(format!("{} has already taken two actions this turn", f.name));
            }
            return Ok(());
        }
        if p.acted {
            let second_attack =
                kind == ActionKind::Attack && f.has(StatusKind::HeroicBrew) && p.attacks == 1 && p.spells == 0;
            let wand = f.equipment.has("wand_of_magic");
            let second_spell = kind == ActionKind::Spell && wand && p.spells == 1 && p.attacks == 0;
            // An ability's extra actions of this kind (Artifice, Fortune, Lore, Perception); a
            // second spell the wand gave is not one of a Lore's.
            let extra = kind
                .bonus()
                .filter(|b| *b != crate::rules::ruleset::Bonus::Attack)
                .is_some_and(|b| {
                    let x = self.bonus_actions(f, b);
                    let wand_spell = u8::from(wand && p.spells >= 2 && p.attacks == 0);
                    x > 0 && p.bonus_used[b as usize] < x.saturating_add(wand_spell)
                });
            // The normal action was an attack unless it was a spell (monsters take no other).
            let raging = rage > 0 && kind == ActionKind::Attack && p.attacks < rage + u8::from(p.spells == 0);
            if !(second_attack || second_spell || raging || extra) {
                return Err(format!("{} has already taken an action this turn", f.name));
            }
        }
        Ok(())
    }

    /// Actions a monster has taken this turn, its move counted as one.
    pub fn monster_actions(&self, f: &FigureSnap) -> u8 {
        let p = self.turn.progress(f.id);
        p.attacks + p.spells + u8::from(p.moving != MoveState::NotStarted)
    }

    /// May `f` begin a move now, its actions allowing? (Steps, chains and the rest are judged
    /// by the move itself.)
    pub fn may_start_moving(&self, f: &FigureSnap) -> bool {
        if f.has(StatusKind::Held) || self.held_by(f).is_some() {
            return false;
        }
        let p = self.turn.progress(f.id);
        match p.moving {
            MoveState::Done => self.move_progress(f).is_some(),
            MoveState::Moving => true,
            MoveState::NotStarted => f.hero || !self.dice_pool() || self.monster_actions(f) < 2,
        }
    }

    /// Dice `a` rolls attacking `t` with its weapon in hand (or `weapon`, for a shot).
    pub fn attack_dice(&self, a: &FigureSnap, t: &FigureSnap, weapon: Option<&str>) -> u8 {
        use crate::rules::combat::dice_after_modifiers;
        let rules = self.rules();
        let (mut base, wid) = if a.is_hero() {
            let wid = weapon.map(str::to_string).or_else(|| a.equipment.weapon.clone());
            let w = wid.as_ref().and_then(|w| rules.weapons.get(w));
            // Unarmed: the fighter's own dice (1, or a Revised board's Aggression: `derive_fighter`).
            let mut n = w.map_or(a.fighter.attack, |w| w.attack);
            // In Shock (Revised #83): the board's Aggression, whatever is in hand. Held in a
            // grip (#114): bare hands too, unless the weapon is made for it (the dagger).
            let held = a.has(StatusKind::Held) && !w.is_some_and(|w| w.grapple);
            if a.has(StatusKind::InShock) || held {
                return rules.board(&a.kind).map_or(1, |b| b.aggression);
            }
            if let Some(w) = w
                && w.bonus_vs.contains(&t.kind)
            {
                n += w.bonus;
            }
            (n as i16, wid)
        } else {
            (a.fighter.attack as i16, None)
        };
        let _ = wid;
        if a.has(StatusKind::Courage) {
            base += 2;
        }
        if a.has(StatusKind::Strength) {
            base += 2;
        }
        if a.has(StatusKind::Rust) {
            base -= 1;
        }
        if a.has(StatusKind::Fear) && !a.has(StatusKind::Courage) {
            base = 1;
        }
        let pit = if a.pos.is_some_and(|p| self.in_pit(p)) { -1 } else { 0 };
        dice_after_modifiers(base.clamp(0, 40) as u8, pit)
    }

    /// Dice `t` rolls to defend.
    pub fn defend_dice(&self, t: &FigureSnap) -> u8 {
        use crate::rules::combat::dice_after_modifiers;
        // In Shock (Revised #83): the board's Resilience alone.
        if t.has(StatusKind::InShock) {
            let rules = self.rules();
            let board = rules.board(&t.kind);
            return board.map_or(rules.hero_defend, |b| b.resilience);
        }
        let mut n = t.fighter.defend as i16;
        if t.has(StatusKind::RockSkin) {
            n += 2;
        }
        if t.has(StatusKind::Resilience) {
            n += 2;
        }
        let pit = if t.pos.is_some_and(|p| self.in_pit(p)) { -1 } else { 0 };
        dice_after_modifiers(n.clamp(0, 40) as u8, pit)
    }

    /// Can this weapon wound `t`? (Only the Spirit Blade wounds the Witch Lord.)
    pub fn can_harm(&self, weapon: Option<&str>, t: &FigureSnap) -> bool {
        match &t.only_harmed_by {
            Some(w) => weapon == Some(w.as_str()),
            None => true,
        }
    }

    /// The name of the weapon in `a`'s hand when it is still being reloaded (a crossbow shot
    /// last round or this one): no attack can be made with it, near or far.
    pub fn reloading_in_hand(&self, a: &FigureSnap) -> Option<String> {
        // Asked for every attack a bot weighs: the cheap test (no shot lately) first.
        let shot = self.dungeon.shot_round.get(&a.id)?;
        if self.turn.round > shot + 1 {
            return None;
        }
        let def = self.rules().weapons.get(a.equipment.weapon.as_ref()?)?;
        def.reload.then(|| def.name.clone())
    }

    /// Ranged weapons `a` carries that could shoot now, with why not when they cannot.
    pub fn ranged_weapons(&self, a: &FigureSnap) -> Vec<String> {
        let rules = self.rules();
        let mut v: Vec<String> = a
            .equipment
            .weapon
            .iter()
            .chain(a.equipment.items.iter())
            .filter(|w| rules.weapons.get(*w).is_some_and(|d| d.ranged))
            .cloned()
            .collect();
        v.dedup();
        // A weapon drained for the quest (Ranged Weapon Upkeep unpaid, Revised #176).
        v.retain(|w| !self.dungeon.cards_drained.contains_key(&(a.id, w.clone())));
        v.retain(|w| {
            !(rules.weapons[w].reload
                && self
                    .dungeon
                    .shot_round
                    .get(&a.id)
                    .is_some_and(|r| self.turn.round <= r + 1))
        });
        v
    }

    /// Can `a` shoot `t` with a ranged weapon: in sight, not next to it (that is a plain attack)?
    pub fn can_shoot(&self, a: &FigureSnap, t: &FigureSnap) -> bool {
        let (Some(ap), Some(tp)) = (a.pos, t.pos) else {
            return false;
        };
        a.hero
            && !t.hero
            && t.awake
            && a.alive()
            && t.alive()
            && ap != tp
            && !a.has(StatusKind::Held)
            && self.sees(ap, tp)
    }

    /// Can `attacker` hit `target` from where they stand (adjacent, or diagonal with the right weapon)?
    pub fn can_attack(&self, attacker: &FigureSnap, target: &FigureSnap) -> bool {
        let (Some(a), Some(t)) = (attacker.pos, target.pos) else {
            return false;
        };
        if attacker.hero == target.hero || !attacker.alive() || !target.alive() {
            return false;
        }
        if attacker.hero && self.reloading_in_hand(attacker).is_some() {
            return false;
        }
        // Held in a grip (Revised #114): only the captor may be struck.
        if attacker.has(StatusKind::Held) && self.dungeon.held.get(&attacker.id) != Some(&target.id) {
            return false;
        }
        if a.is_orthogonally_adjacent(t) {
            return self.edge_open(a, t);
        }
        // A man-at-arms who shoots (the Crossbowman): any awake monster in sight (Revised #67).
        if attacker.serves.is_some()
            && self.rules().men_at_arms.get(&attacker.kind).is_some_and(|m| m.ranged)
            && !attacker.has(StatusKind::Held)
        {
            return target.awake && self.sees(a, t);
        }
        attacker.fighter.diagonal && a.is_diagonally_adjacent(t) && self.sees(a, t)
    }

    pub fn attack_targets<'a>(&'a self, attacker: &'a FigureSnap) -> impl Iterator<Item = &'a FigureSnap> + 'a {
        self.figures
            .iter()
            .map(|f| &**f)
            .filter(move |t| self.can_attack(attacker, t))
    }
}
