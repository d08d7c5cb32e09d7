//! Special abilities, as the snapshot answers them (HeroQuest Revised #113–136): what a
//! figure's abilities add to its turn (Rage's attacks, Haste's moves) and how they change what
//! others may do (a Giant's square, a Defencing shield). Each ability is data on the figure;
//! the rules that read them are here, once.

use super::*;
use crate::rules::ruleset::Ability;

/// The burden at which a hero is Overburdened: a movement die's top face (Revised #122).
pub const OVERBURDENED: u8 = 6;

impl FigureSnap {
    pub fn has_ability(&self, a: &Ability) -> bool {
        self.abilities.contains(a)
    }

    /// Extra Attack actions a turn: Rage(X), added up (#129).
    pub fn rage(&self) -> u8 {
        self.abilities.iter().map(Ability::rage).fold(0, u8::saturating_add)
    }

    /// Extra Move actions a turn: Haste(X), added up, and one while hastened by a commander
    /// (#115, #121).
    pub fn haste(&self) -> u8 {
        let own = self.abilities.iter().map(Ability::haste).fold(0, u8::saturating_add);
        own.saturating_add(u8::from(self.has(StatusKind::Hastened)))
    }

    /// No figure may pass through its square, friend or foe (#120).
    pub fn giant(&self) -> bool {
        self.has_ability(&Ability::Giant)
    }

    /// Cannot move this turn: bound by the chains of dread, or held in a crusher's grip (#114).
    pub fn rooted(&self) -> bool {
        self.rooted_by().is_some()
    }

    /// Why it cannot move ("is held by the chains of dread"), if it cannot.
    pub fn rooted_by(&self) -> Option<&'static str> {
        if self.has(StatusKind::Held) {
            Some("is held in a crushing grip")
        } else if self.has(StatusKind::Chained) {
            Some("is held by the chains of dread")
        } else {
            None
        }
    }
}

impl Snapshot {
    /// Every ability `f` has now: its own (a monster's kind, a man-at-arms's), those the
    /// things a hero carries give (#28), and the weapon in its hand's, while it is in use (#97);
    /// save while the hero is In Shock, when only its board serves it (#83).
    pub fn abilities_of(&self, f: &FigureSnap) -> Vec<Ability> {
        let mut all = f.abilities.clone();
        if !f.has(StatusKind::InShock) {
            let rules = self.rules();
            all.extend(
                f.equipment
                    .items
                    .iter()
                    .filter_map(|i| rules.items.get(i))
                    .flat_map(|d| d.abilities.iter().cloned()),
            );
            all.extend(self.weapon_abilities(f).iter().cloned());
        }
        all
    }

    /// What the weapon in a hero's hand gives while it is in use (#97: Orc's Bane's Rage 1);
    /// nothing In Shock (#83).
    pub fn weapon_abilities(&self, f: &FigureSnap) -> &[Ability] {
        match &f.equipment.weapon {
            Some(w) if f.is_hero() && !f.has(StatusKind::InShock) => {
                self.rules().weapons.get(w).map_or(&[], |d| d.abilities.as_slice())
            }
            _ => &[],
        }
    }

    /// Rage X (#129): a monster's own; a hero's from what it carries and the weapon in its
    /// hand (#97).
    pub fn rage_of(&self, f: &FigureSnap) -> u8 {
        if !f.is_hero() || f.has(StatusKind::InShock) {
            return f.rage();
        }
        // Asked at every action a hero may take: added up without gathering a list.
        let items = &self.rules().items;
        f.equipment
            .items
            .iter()
            .filter_map(|i| items.get(i))
            .flat_map(|d| d.abilities.iter())
            .chain(self.weapon_abilities(f))
            .map(Ability::rage)
            .fold(f.rage(), u8::saturating_add)
    }

    /// The extra actions of `kind` `f` may take a turn after its one other Action: its abilities'
    /// X added up (Artifice, Fortune, Lore, Perception; #113, #119, #125, #127).
    pub fn bonus_actions(&self, f: &FigureSnap, kind: crate::rules::ruleset::Bonus) -> u8 {
        if self.overburdened(f) {
            return 0;
        }
        self.abilities_of(f)
            .iter()
            .map(|a| a.bonus(kind))
            .fold(0, u8::saturating_add)
    }

    /// The weight `f` carries: the Heavy X of everything it carries, added up, a thing its kind
    /// may not use too (#105, #122).
    pub fn burden(&self, f: &FigureSnap) -> u8 {
        self.rules().burden(f.equipment.weapon.iter().chain(&f.equipment.items))
    }

    /// Overburdened (#122, #126): a hero whose burden reaches a movement die's top face. Its
    /// Speed is one die, it moves or acts but not both, and it takes no Free Action, no jump and
    /// no extra action; it takes no more Heavy things.
    pub fn overburdened(&self, f: &FigureSnap) -> bool {
        f.is_hero() && self.burden(f) >= OVERBURDENED
    }

    /// On the sorcerer's turn, `m` has had its turn: another monster has moved or acted since
    /// it did (one monster at a time, rules-decisions row 37).
    pub fn finished_its_turn(&self, m: &FigureSnap) -> bool {
        self.turn.acting.is_some_and(|a| a != m.id) && self.turn.progress(m.id) != Default::default()
    }

    /// The closed doors beside `f` it may open now (unlocked, known), by the rules of doors:
    /// a hero's, or a Sentry's (#49, #130).
    pub fn doors_to_open<'a>(&'a self, f: &'a FigureSnap) -> impl Iterator<Item = &'a Door> + 'a {
        let at = f.pos.filter(|_| f.hero || f.has_ability(&Ability::Sentry));
        self.doors
            .iter()
            .filter(move |d| at.is_some_and(|at| !d.open && !d.locked && d.edge.touches(at)))
    }

    /// The monster whose grip holds hero `t` (Crush, #114).
    pub fn captor(&self, t: &FigureSnap) -> Option<&FigureSnap> {
        self.figure(*self.dungeon.held.get(&t.id)?)
    }

    /// A thief carrying off a stolen thing (Steal, #133): it takes nothing more, and only runs.
    pub fn carries_loot(&self, m: &FigureSnap) -> bool {
        self.dungeon.stolen.get(&m.id).is_some_and(|v| !v.is_empty())
    }

    /// The hero monster `m` holds in its grip (Crush, #114): while it does, it does nothing else.
    pub fn held_by(&self, m: &FigureSnap) -> Option<FigureId> {
        self.dungeon.held.iter().find(|(_, c)| **c == m.id).map(|(t, _)| *t)
    }

    /// How `t` defends: white shields for the heroes' side, black for the sorcerer's, and
    /// whether one of them blocks a whole attack (Defencing, #117).
    pub fn guard(&self, t: &FigureSnap) -> crate::rules::combat::Guard {
        use crate::rules::combat::Side;
        crate::rules::combat::Guard {
            side: if t.hero { Side::Hero } else { Side::Monster },
            defencing: t.has_ability(&Ability::Defencing),
        }
    }

    /// The progress a move by `f` would go on with now: the Move action under way or not yet
    /// begun, or, once that one is over, a fresh Move action of its Haste (#121) with its full
    /// Speed again. None when it has no move left this turn.
    pub fn move_progress(&self, f: &FigureSnap) -> Option<Progress> {
        let p = self.turn.progress(f.id);
        if p.moving != MoveState::Done {
            return Some(p);
        }
        // Haste's extra moves: a monster's fixed Speed again. (A hero's dice would need a new
        // roll; no hero has Haste in the basic game's tables.)
        let Movement::Fixed(n) = f.fighter.movement else {
            return None;
        };
        (p.extra_moves < f.haste() && !f.rooted()).then(|| Progress {
            allowance: Some(n),
            steps_used: 0,
            moving: MoveState::NotStarted,
            extra_moves: p.extra_moves + 1,
            ..p
        })
    }

    /// Squares `f` may walk in one go from progress `p`: what is left of this Move action and,
    /// straight on, the whole Speed of each Move action its Haste still gives (#121).
    pub fn walk_left(&self, f: &FigureSnap, p: &Progress) -> u16 {
        let more = match f.fighter.movement {
            Movement::Fixed(n) if !f.rooted() => u16::from(f.haste().saturating_sub(p.extra_moves)) * u16::from(n),
            _ => 0,
        };
        u16::from(p.steps_left()) + more
    }

    /// The progress after `f` walks `taken` squares from `p`: a walk that runs past this Move
    /// action goes on into the next ones Haste gives, each with the whole Speed (#121).
    pub fn after_walking(&self, f: &FigureSnap, mut p: Progress, taken: u8) -> Progress {
        let left = p.steps_left();
        match f.fighter.movement {
            Movement::Fixed(n) if taken > left && n > 0 => {
                let over = taken - left;
                let k = over.div_ceil(n);
                p.extra_moves = p.extra_moves.saturating_add(k);
                p.allowance = Some(n);
                p.steps_used = over - (k - 1) * n;
            }
            _ => p.steps_used = p.steps_used.saturating_add(taken).min(p.allowance.unwrap_or(0)),
        }
        p
    }

    /// Monsters with Command (#115) give Haste(1) to the other monsters they see that lack it
    /// themselves, at the start of the sorcerer's turn: who gains it, and from whom.
    pub fn commanded(&self) -> Vec<(FigureId, FigureId)> {
        let commanders: Vec<&FigureSnap> = self
            .monsters()
            .filter(|m| m.alive() && m.awake && m.has_ability(&Ability::Command))
            .collect();
        let mut out = Vec::new();
        for m in self
            .monsters()
            .filter(|m| m.alive() && m.awake && !m.has_ability(&Ability::Command))
        {
            let Some(at) = m.pos else { continue };
            let by = commanders.iter().find(|c| c.pos.is_some_and(|cp| self.sees(cp, at)));
            if let Some(c) = by {
                out.push((m.id, c.id));
            }
        }
        out
    }
}
