//! The monster player of Battle Heroica (heroica.md, Battle Heroica) at the sorcerer's levels,
//! planning on its own copy of the mission (`rules::heroica::play::Table`) and over the die's six
//! faces, never the next roll (the dice are drawn only when a command is applied).
//!
//! What decides the game: a fight the monster starts is better for it than one a hero starts
//! (a monster's blow hurts on four faces in six and loses the monster on three; a hero's blow
//! hurts the hero on three and defeats the monster on four), and the monster player moves one
//! monster a round. So a monster that walks up to a hero without reaching it hands the hero the
//! first blow. The levels:
//!
//! - `classic`: the charge. The monster nearest a hero walks at the nearest hero and fights the
//!   weakest beside it.
//! - `easy`: the charge, careless: half its turns (its own noise) it takes a monster at random.
//! - `normal`: the striker. It takes the monster most likely, over the die's faces, to reach a
//!   hero and hurt it (a blow that would defeat the hero counts most); a monster that cannot
//!   reach a hero on the face rolled holds its ground.
//! - `hard`: the striker that waits in ambush. A monster that cannot strike walks (or stays) to
//!   where the nearest hero is just beyond a hero's longest move, so the heroes come to it and
//!   it strikes first.

use super::SorcererLevel;
use super::heroica::way_to_target;
use crate::rules::geometry::Pos;
use crate::rules::heroica::play::{Act, HeroPiece, Id, Stage, Table};
use crate::rules::heroica::{HeroicaTables, monster_fights};
use crate::rules::noise::mix;
use crate::rules::paths::DistanceField;

/// A defeat is worth this many points of health lost: two of them win the game.
const DEFEAT: f64 = 10.0;

/// The monster player's next act, with its reason when it has one to give (the log shows it).
pub fn monster_player(t: &Table, level: SorcererLevel, seed: u64) -> (Act, Option<(Id, String)>) {
    let tables = HeroicaTables::get();
    let legal = t.legal(tables);
    if legal.is_empty() {
        return (Act::EndTurn, None);
    }
    match level {
        SorcererLevel::Classic => (charge(t, &legal), None),
        SorcererLevel::Easy => (careless(t, &legal, seed), None),
        SorcererLevel::Normal => Hunt::new(t, tables).act(t, &legal, false),
        SorcererLevel::Hard => Hunt::new(t, tables).act(t, &legal, true),
    }
}

/// The classic monster player: the monster nearest a hero walks at the nearest hero and fights
/// the weakest beside it.
pub fn charge(t: &Table, legal: &[Act]) -> Act {
    let near = |p: Pos| {
        t.heroes
            .iter()
            .filter(|h| !h.healing)
            .map(|h| (h.at.x - p.x).unsigned_abs() + (h.at.y - p.y).unsigned_abs())
            .min()
            .unwrap_or(u32::MAX)
    };
    match &t.turn.stage {
        Stage::Start => legal
            .iter()
            .filter(|a| matches!(a, Act::Roll { .. }))
            .min_by_key(|a| match a {
                Act::Roll { figure } => t.monster(*figure).and_then(|m| m.at).map_or(u32::MAX, near),
                _ => u32::MAX,
            })
            .cloned()
            .unwrap_or(Act::EndTurn),
        _ => {
            if let Some(f) = legal
                .iter()
                .filter(|a| matches!(a, Act::Fight { .. }))
                .min_by_key(|a| match a {
                    Act::Fight { target, .. } => t.hero(*target).map_or(u8::MAX, |h| h.health),
                    _ => u8::MAX,
                })
            {
                return f.clone();
            }
            legal
                .iter()
                .filter(|a| matches!(a, Act::Move { .. }))
                .min_by_key(|a| match a {
                    Act::Move { path, .. } => landing(t, path).map_or(u32::MAX, near),
                    _ => u32::MAX,
                })
                .cloned()
                .unwrap_or(Act::EndTurn)
        }
    }
}

/// The easy monster player: the charge, but half its turns it takes a monster at random.
fn careless(t: &Table, legal: &[Act], seed: u64) -> Act {
    if t.turn.stage == Stage::Start {
        let rolls: Vec<&Act> = legal.iter().filter(|a| matches!(a, Act::Roll { .. })).collect();
        let dice = mix(seed ^ u64::from(t.turn.round) << 16);
        if !rolls.is_empty() && dice.is_multiple_of(2) {
            return rolls[(dice >> 8) as usize % rolls.len()].clone();
        }
    }
    charge(t, legal)
}

/// What the normal and hard monster players know of the table: the heroes it may fight (not
/// one healing: heroica.md, "You may not fight a defeated Hero who is healing") and how far each
/// space is from each of them on foot.
struct Hunt<'a> {
    tables: &'a HeroicaTables,
    prey: Vec<&'a HeroPiece>,
    fields: Vec<DistanceField>,
    /// Steps from each space to the target.
    to_target: DistanceField,
    leader: Option<Id>,
}

impl<'a> Hunt<'a> {
    fn new(t: &'a Table, tables: &'a HeroicaTables) -> Hunt<'a> {
        let prey: Vec<&HeroPiece> = t.heroes.iter().filter(|h| !h.healing).collect();
        let fields = prey
            .iter()
            .map(|h| t.spaces.distances(&[h.at], 200, |_| true))
            .collect();
        let leader = t
            .heroes
            .iter()
            .min_by_key(|h| way_to_target(t, h.id, tables))
            .map(|h| h.id);
        Hunt {
            tables,
            prey,
            fields,
            to_target: t.spaces.distances(&[t.target], 200, |_| true),
            leader,
        }
    }

    /// Whether `p` lies on a hero's shortest way to the target (or one step longer): heroes will
    /// come to a monster there. One on a branch they will not take must go to them.
    fn on_way(&self, t: &Table, p: Pos) -> bool {
        self.fields
            .iter()
            .any(|f| match (f.dist(p), self.to_target.dist(p), f.dist(t.target)) {
                (Some(a), Some(b), Some(c)) => u32::from(a) + u32::from(b) <= u32::from(c) + 1,
                _ => false,
            })
    }

    /// Steps from `p` to the nearest hero it may fight (1: beside it).
    fn nearest(&self, p: Pos) -> u32 {
        self.fields
            .iter()
            .filter_map(|f| f.dist(p))
            .map(u32::from)
            .min()
            .unwrap_or(u32::MAX)
    }

    /// A blow of a monster of `strength` at `hero`, over the die's faces: the health it takes
    /// and, weighted by `DEFEAT`, the chance it defeats the hero; the leader a little more.
    fn blow(&self, strength: u8, hero: &HeroPiece) -> f64 {
        let mut v = 0.0;
        for face in 0..6u8 {
            let r = monster_fights(self.tables.face(face).fight, strength);
            v += f64::from(r.hero_loses.min(hero.health));
            if r.hero_loses >= hero.health {
                v += DEFEAT;
            }
        }
        v / 6.0 + if Some(hero.id) == self.leader { 0.5 } else { 0.0 }
    }

    /// The best blow a monster of `strength` standing on `p` has, and at whom.
    fn strike_from(&self, t: &Table, strength: u8, p: Pos) -> Option<(f64, Id)> {
        t.heroes_beside(p)
            .into_iter()
            .filter_map(|h| self.prey.iter().find(|x| x.id == h))
            .map(|h| (self.blow(strength, h), h.id))
            .max_by(|a, b| a.0.total_cmp(&b.0))
    }

    /// A monster's worth as the one to take: its best blow averaged over the faces it may roll
    /// (0 on a face that brings it beside no hero), and the number of faces that do.
    fn reach(&self, t: &Table, m: Id) -> (f64, u32) {
        let Some((strength, at)) = t.monster(m).and_then(|x| x.at.map(|p| (x.strength, p))) else {
            return (0.0, 0);
        };
        let here = self.strike_from(t, strength, at).map_or(0.0, |s| s.0);
        let (mut total, mut faces) = (0.0, 0);
        // Faces that move alike (the two Threes, the two Twos) are weighed once.
        let mut by_moves: Vec<(u8, f64)> = Vec::new();
        for face in 0..6u8 {
            let moves = self.tables.face(face).moves;
            let best = match by_moves.iter().find(|(n, _)| *n == moves) {
                Some((_, b)) => *b,
                None => {
                    let b = t
                        .monster_moves(m, moves)
                        .into_iter()
                        .filter_map(|(p, _)| self.strike_from(t, strength, p).map(|s| s.0))
                        .fold(here, f64::max);
                    by_moves.push((moves, b));
                    b
                }
            };
            if best > 0.0 {
                faces += 1;
            }
            total += best / 6.0;
        }
        (total, faces)
    }

    fn act(&self, t: &Table, legal: &[Act], ambush: bool) -> (Act, Option<(Id, String)>) {
        if self.prey.is_empty() {
            // Every hero is healing: nobody to fight; the charge walks at them anyway.
            return (charge(t, legal), None);
        }
        match &t.turn.stage {
            Stage::Start => self.choose(t, legal),
            Stage::Rolled { .. } | Stage::MustFight { .. } => self.strike(t, legal, ambush),
            _ => (Act::EndTurn, None),
        }
    }

    /// Which monster goes: the one whose blow, over the faces, is worth most; when none can
    /// reach a hero, the one nearest a hero (it holds, or goes into ambush).
    fn choose(&self, t: &Table, legal: &[Act]) -> (Act, Option<(Id, String)>) {
        let mut best: Option<(Id, f64, u32)> = None;
        let mut nearest: Option<(Id, (bool, u32))> = None;
        for a in legal {
            let Act::Roll { figure } = a else { continue };
            let (worth, faces) = self.reach(t, *figure);
            if worth > best.map_or(0.0, |b| b.1) + 1e-9 {
                best = Some((*figure, worth, faces));
            }
            // Off the heroes' way first (it has somewhere to go), then the nearest.
            let d = t
                .monster(*figure)
                .and_then(|m| m.at)
                .map_or((true, u32::MAX), |p| (self.on_way(t, p), self.nearest(p)));
            if nearest.is_none_or(|n| d < n.1) {
                nearest = Some((*figure, d));
            }
        }
        let name = |m: Id| monster_name(t, m, self.tables);
        match (best, nearest) {
            (Some((m, _, faces)), _) => (
                Act::Roll { figure: m },
                Some((
                    m,
                    format!(
                        "the {} goes: {faces} of the die's six faces bring it beside a hero, and its blow is worth most.",
                        name(m)
                    ),
                )),
            ),
            (None, Some((m, (on_way, d)))) => (
                Act::Roll { figure: m },
                Some((
                    m,
                    if on_way {
                        format!(
                            "the {} goes: no monster can reach a hero this turn; it is the nearest, {d} spaces away.",
                            name(m)
                        )
                    } else {
                        format!(
                            "the {} goes: no monster can reach a hero this turn; it stands off the heroes' way, {d} spaces from them.",
                            name(m)
                        )
                    },
                )),
            ),
            (None, None) => (Act::EndTurn, None),
        }
    }

    /// After the roll: the best blow in reach (moving beside a hero forces the fight); else hold
    /// (normal) or go into ambush (hard).
    fn strike(&self, t: &Table, legal: &[Act], ambush: bool) -> (Act, Option<(Id, String)>) {
        let Some(m) = t.turn.chosen.and_then(|c| t.monster(c)) else {
            return (legal.first().cloned().unwrap_or(Act::EndTurn), None);
        };
        let mut best: Option<(&Act, f64)> = None;
        for a in legal {
            let v = match a {
                Act::Fight { target, .. } => self
                    .prey
                    .iter()
                    .find(|h| h.id == *target)
                    .map(|h| self.blow(m.strength, h)),
                Act::Move { path, .. } => landing(t, path)
                    .and_then(|p| self.strike_from(t, m.strength, p))
                    .map(|s| s.0),
                _ => None,
            };
            if let Some(v) = v
                && v > best.map_or(f64::MIN, |b| b.1) + 1e-9
            {
                best = Some((a, v));
            }
        }
        if let Some((a, _)) = best {
            return (a.clone(), None);
        }
        if !ambush && m.at.is_some_and(|p| !self.on_way(t, p)) {
            // Off the heroes' way: towards them, onto their way.
            let mut pick = (Act::EndTurn, (true, m.at.map_or(u32::MAX, |p| self.nearest(p))));
            for a in legal {
                if let Act::Move { path, .. } = a
                    && let Some(p) = landing(t, path)
                {
                    let k = (!self.on_way(t, p), self.nearest(p));
                    if k < pick.1 {
                        pick = (a.clone(), k);
                    }
                }
            }
            let why = format!(
                "the {} leaves a way no hero will take, towards the heroes.",
                monster_name(t, m.id, self.tables)
            );
            return (pick.0, Some((m.id, why)));
        }
        if !ambush {
            return (
                Act::EndTurn,
                Some((
                    m.id,
                    format!(
                        "the {} holds: it cannot reach a hero with this roll.",
                        monster_name(t, m.id, self.tables)
                    ),
                )),
            );
        }
        // Just beyond a hero's longest move (and a step), so the next blow is the monster's.
        let longest = (0..6u8)
            .map(|f| u32::from(self.tables.face(f).moves))
            .max()
            .unwrap_or(4);
        let want = longest + 2;
        // On the heroes' way first, then as near six steps as it can.
        let off = |p: Pos| (!self.on_way(t, p), self.nearest(p).abs_diff(want));
        let here = m.at.map_or((true, u32::MAX), off);
        let mut pick: (Act, (bool, u32), Option<Pos>) = (Act::EndTurn, here, m.at);
        for a in legal {
            if let Act::Move { path, .. } = a
                && let Some(p) = landing(t, path)
                && off(p) < pick.1
            {
                pick = (a.clone(), off(p), Some(p));
            }
        }
        let d = pick.2.map_or(0, |p| self.nearest(p));
        let why = format!(
            "the {} waits in ambush {d} spaces from the nearest hero, beyond a hero's longest move of {longest}.",
            monster_name(t, m.id, self.tables)
        );
        (pick.0, Some((m.id, why)))
    }
}

/// Where the chosen monster ends up if it walks `path`: its last step, or where it goes on to
/// from a space another monster or an item holds (`Table::monster_goes_on`).
fn landing(t: &Table, path: &[Pos]) -> Option<Pos> {
    let m = t.turn.chosen?;
    let from = t.monster(m)?.at?;
    t.monster_goes_on(m, from, path).last().or(path.last()).copied()
}

fn monster_name(t: &Table, m: Id, tables: &HeroicaTables) -> String {
    t.monster(m)
        .and_then(|x| tables.monsters.get(&x.kind))
        .map_or_else(|| "monster".to_string(), |d| d.name.clone())
}
