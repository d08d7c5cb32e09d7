//! The planning sorcerer (levels easy, normal and hard): scores every monster's candidate moves
//! with exact combat odds and the threat map, and plans the whole sorcerer turn at once.
//!
//! - Candidates per monster: every square it can stop on, with nothing, an attack from there, an
//!   attack from where it stands followed by a step aside, or a Dread spell before it moves.
//! - A plan orders the monsters and gives each a candidate; a monster's choice changes the
//!   board (squares taken and freed) and the heroes' body-point distributions for the next.
//! - Normal builds the plan greedily (best monster-and-candidate first, with small mistakes:
//!   one of the candidates within 0.75 points of the best); hard runs a beam search
//!   over orders and candidates and stalks the frail. Every candidate's threat cost is the
//!   one-ply estimate of the heroes' answer. (Judging finished plans by the heroes' best reply
//!   on freshly walked distances was tried: over 600 paired games it lost more than it won.)
//! - Budgets are counted in candidates scored, never in time, so seeded games reproduce.

use crate::game::model::{ActionKind, Command, FigureId, MoveState, Progress, StatusKind};
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::combat::Side;
use crate::rules::odds;
use crate::rules::ruleset::{Effect, SpellTarget};

use super::SorcererLevel;

mod spells;
mod words;
use super::perception::{FAR, Grid, Occ, Perception, Walk, blows_on, threat};
use spells::spells;
use words::to_step;

/// How a level plans.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Plans kept at each depth (1 = sequential greedy).
    pub beam: usize,
    /// Candidates per monster taken into the beam.
    pub per_monster: usize,
    /// Candidates scored before the search falls back to greedy completion.
    pub node_budget: u32,
    /// Weight of the threat map (0: the level ignores what the heroes will do next).
    pub threat_weight: f64,
    /// Plausible mistakes: pick among candidates within this many points of the best.
    pub slack: f64,
    /// The share of next turn's best blow counted for ending within a move of its victim
    /// (0: monsters close on the nearest hero; more: they stalk the wounded and the frail).
    pub prey: f64,
}

impl Config {
    pub fn for_level(level: SorcererLevel) -> Config {
        match level {
            SorcererLevel::Easy => Config {
                beam: 1,
                per_monster: 1,
                node_budget: 4_000,
                threat_weight: 0.0,
                slack: 2.5,
                prey: 0.0,
            },
            // Normal makes small mistakes: a candidate within 0.75 points of the best may be
            // taken instead. Without them normal played as well as hard (60.5% against 61.3%
            // hero wins over 4,400 paired games); with them it sits between classic and hard
            // (docs/ai.md). Classic never plans: its own rule is in `sorcerer.rs`.
            SorcererLevel::Classic | SorcererLevel::Normal => Config {
                beam: 1,
                per_monster: 1,
                node_budget: 20_000,
                threat_weight: 1.0,
                slack: 0.75,
                prey: 0.0,
            },
            SorcererLevel::Hard => Config {
                beam: 6,
                per_monster: 4,
                node_budget: 60_000,
                threat_weight: 1.0,
                slack: 0.0,
                prey: 0.3,
            },
        }
    }
}

/// One monster's part of the plan, ready to send.
#[derive(Clone, Debug)]
pub struct Step {
    pub monster: FigureId,
    pub commands: Vec<Command>,
    pub reason: String,
}

/// Value of one body point of a hero, against the value of the hero standing at all (`worth`).
const HERO_BP: f64 = 1.0;
/// A monster with no way at all to a hero.
const LOST: f64 = 4.0;

/// A monster beyond its movement from every hero pays this per step still to go.
const APPROACH: f64 = 0.35;
/// Any step away from the heroes costs this little (so among equal squares, the nearer wins).
const DRIFT: f64 = 0.02;
/// The part of a hero's worth still at stake when a potion or the Elixir would save the hero.
const ESCAPE: f64 = 0.35;
/// How much the heroes' answer counts against a monster that strikes this turn (it has had its
/// use of the square) compared with one that only walks into their reach. Tuned with
/// `simulate` against the competent bots: 0.1 kills clearly more heroes than 0.35 or 0.6.
const STRUCK: f64 = 0.1;

#[derive(Clone, Debug, PartialEq)]
enum Act {
    Nothing,
    /// Attack hero index `h` (into `Perception::heroes`).
    Attack(usize),
    /// Cast the monster's spell `spell` at a figure.
    Spell {
        spell: String,
        target: FigureId,
    },
    /// Attack hero index `h`, then cast `spell` at `target` (the referee dice pool's new pair).
    Both {
        h: usize,
        spell: String,
        target: FigureId,
    },
}

#[derive(Clone, Debug)]
struct Choice {
    monster: usize,
    to: usize,
    act: Act,
    /// The action comes before the move.
    act_first: bool,
    gain: f64,
    /// The threat-map part of the position value (what the heroes' answer is expected to cost).
    threat_cost: f64,
    position: f64,
    /// Hero body distributions after the action (only the changed hero is stored).
    after: Option<(usize, Vec<f64>)>,
    /// Extra hero changes (firestorm hits several).
    after_more: Vec<(usize, Vec<f64>)>,
    kill_chance: f64,
    noise_key: u64,
}

impl Choice {
    fn score(&self) -> f64 {
        self.gain + self.position
    }
}

/// A monster that can still do something this turn.
struct Mon<'a> {
    f: &'a FigureSnap,
    start: usize,
    steps: u16,
    may_move: bool,
    may_attack: bool,
    may_cast: bool,
    /// The referee dice pool: one of its two actions taken, so it may move or act, not both.
    one_more: bool,
    movement: u16,
    worth: f64,
    blows: Vec<f64>,
    /// Attack dice against each hero.
    dice: Vec<u8>,
}

#[derive(Clone)]
struct Node {
    occ: Vec<Occ>,
    at: Vec<usize>,
    done: Vec<bool>,
    body: Vec<Vec<f64>>,
    score: f64,
    steps: Vec<Choice>,
}

struct Ctx<'a> {
    snap: &'a Snapshot,
    per: &'a Perception,
    mons: Vec<Mon<'a>>,
    cfg: Config,
    dists: Vec<&'a [u16]>,
    scored: u32,
}

fn hero_value(h: &super::perception::HeroView, dist: &[f64]) -> f64 {
    let worth = if h.escapes { h.worth * ESCAPE } else { h.worth };
    dist.iter()
        .enumerate()
        .map(|(b, p)| p * (b as f64 * HERO_BP + if b > 0 { worth } else { 0.0 }))
        .sum()
}

/// The hero's body distribution after a blow dealing `dmg[k]` with probability k.
fn after_blow(dist: &[f64], dmg: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; dist.len()];
    for (b, p) in dist.iter().enumerate() {
        if *p == 0.0 {
            continue;
        }
        for (k, q) in dmg.iter().enumerate() {
            out[b.saturating_sub(k)] += p * q;
        }
    }
    out
}

fn binomial_damage(n: u8, p: f64, amount: Option<u8>) -> Vec<f64> {
    // Hits ~ Binomial(n, p); with `amount`, damage = amount - hits (saves), else damage = hits.
    let mut hits = vec![0.0; n as usize + 1];
    hits[0] = 1.0;
    for _ in 0..n {
        let mut next = vec![0.0; n as usize + 1];
        for (k, v) in hits.iter().enumerate() {
            if *v == 0.0 {
                continue;
            }
            next[k] += v * (1.0 - p);
            if k < n as usize {
                next[k + 1] += v * p;
            }
        }
        hits = next;
    }
    match amount {
        None => hits,
        Some(a) => {
            let mut d = vec![0.0; a as usize + 1];
            for (k, v) in hits.iter().enumerate() {
                d[(a as usize).saturating_sub(k)] += v;
            }
            d
        }
    }
}

fn monster_worth(m: &FigureSnap) -> f64 {
    1.0 + 0.6 * m.fighter.attack as f64
        + 0.4 * m.fighter.defend as f64
        + 0.5 * m.body_max as f64
        + m.spellbook.ready().count() as f64
}

/// Plans the rest of the sorcerer's turn. `done` lists monsters that have finished; `committed`
/// is the monster acting now (it goes first). Returns the first monster's step, or None when no
/// monster has anything left to do.
pub fn plan(
    snap: &Snapshot,
    done: &std::collections::BTreeSet<FigureId>,
    committed: Option<FigureId>,
    level: SorcererLevel,
) -> Option<Step> {
    let per = Perception::new(snap);
    let cfg = Config::for_level(level);
    let mut mons = Vec::new();
    for m in snap.monsters() {
        // A thief with a stolen thing only runs (`sorcerer::thief_turn`).
        if !m.awake || m.idle() || done.contains(&m.id) || snap.carries_loot(m) {
            continue;
        }
        // A move not yet begun: its first, or one Haste gives (Revised #121).
        let may_move = snap.move_progress(m).is_some_and(|p| p.moving == MoveState::NotStarted)
            && !m.rooted()
            && snap.may_start_moving(m);
        let may_attack = snap.action_allowed(m, ActionKind::Attack).is_ok();
        let may_cast = snap.action_allowed(m, ActionKind::Spell).is_ok();
        if !may_move && !may_attack && !may_cast {
            continue;
        }
        // Its Speed, and straight on the Speed of each Move action its Haste gives (Revised #121).
        let movement = match m.fighter.movement {
            crate::game::model::Movement::Fixed(n) => snap.move_progress(m).map_or(u16::from(n), |p| {
                snap.walk_left(
                    m,
                    &Progress {
                        allowance: Some(n),
                        ..p
                    },
                )
            }),
            crate::game::model::Movement::Dice(n) => n as u16 * 6,
        };
        let Some(pos) = m.pos else { continue };
        let dice = per
            .heroes
            .iter()
            .map(|h| snap.figure(h.id).map_or(0, |hs| snap.attack_dice(m, hs, None)))
            .collect();
        mons.push(Mon {
            f: m,
            start: per.grid.index(pos),
            steps: movement,
            may_move,
            may_attack,
            may_cast,
            one_more: snap.dice_pool() && snap.monster_actions(m) == 1,
            movement,
            worth: monster_worth(m),
            blows: blows_on(snap, &per.heroes, m),
            dice,
        });
    }
    if mons.is_empty() {
        return None;
    }
    let dists: Vec<&[u16]> = per.heroes.iter().map(|h| h.dist.as_slice()).collect();
    let mut ctx = Ctx {
        snap,
        per: &per,
        mons,
        cfg,
        dists,
        scored: 0,
    };
    let root = Node {
        occ: per.occ.clone(),
        at: ctx.mons.iter().map(|m| m.start).collect(),
        done: vec![false; ctx.mons.len()],
        body: per
            .heroes
            .iter()
            .map(|h| {
                let mut v = vec![0.0; h.body as usize + 1];
                v[h.body as usize] = 1.0;
                v
            })
            .collect(),
        score: 0.0,
        steps: Vec::new(),
    };
    let first_only = committed.and_then(|c| ctx.mons.iter().position(|m| m.f.id == c));
    let best = search(&mut ctx, root, first_only)?;
    let choice = best.steps.first()?.clone();
    Some(to_step(&ctx, &choice))
}

fn search(ctx: &mut Ctx, root: Node, first_only: Option<usize>) -> Option<Node> {
    let mut frontier = vec![root];
    let depth = ctx.mons.len();
    for level in 0..depth {
        let over_budget = ctx.scored >= ctx.cfg.node_budget;
        let (beam, per_monster) = if over_budget {
            (1, 1)
        } else {
            (ctx.cfg.beam, ctx.cfg.per_monster)
        };
        let mut children: Vec<Node> = Vec::new();
        for node in &frontier {
            let movers: Vec<usize> = match (level, first_only) {
                (0, Some(k)) => vec![k],
                _ => (0..ctx.mons.len()).filter(|k| !node.done[*k]).collect(),
            };
            for k in movers {
                let mut options = candidates(ctx, node, k);
                pick(ctx, &mut options, per_monster);
                for c in options {
                    children.push(apply(ctx, node, c));
                }
            }
        }
        if children.is_empty() {
            break;
        }
        // Stable sort: equal scores keep generation order, so ties never depend on anything else.
        children.sort_by(|a, b| b.score.total_cmp(&a.score));
        children.truncate(beam);
        frontier = children;
    }
    frontier.into_iter().next()
}

/// Keeps the best `n` candidates (or, with slack, one plausible one chosen by the AI's own noise).
fn pick(ctx: &Ctx, options: &mut Vec<Choice>, n: usize) {
    options.sort_by(|a, b| b.score().total_cmp(&a.score()));
    if ctx.cfg.slack > 0.0 && !options.is_empty() {
        let best = options[0].score();
        let plausible: Vec<usize> = (0..options.len())
            .filter(|i| options[*i].score() >= best - ctx.cfg.slack)
            .collect();
        let seed = super::mix(ctx.snap.ai_seed ^ (ctx.snap.turn.round as u64) << 20);
        let pickd = plausible
            .iter()
            .copied()
            .max_by_key(|i| super::mix(seed ^ options[*i].noise_key))
            .unwrap_or(0);
        let c = options.swap_remove(pickd);
        options.clear();
        options.push(c);
        return;
    }
    // Variety for the beam: at most two candidates with the same action.
    let mut kept: Vec<Choice> = Vec::new();
    for c in options.drain(..) {
        if kept.len() >= n {
            break;
        }
        if kept.iter().filter(|k| k.act == c.act).count() >= 2 {
            continue;
        }
        kept.push(c);
    }
    *options = kept;
}

fn apply(ctx: &Ctx, node: &Node, c: Choice) -> Node {
    let mut n = node.clone();
    let k = c.monster;
    // A Giant stays one where it goes.
    let me = n.occ[n.at[k]];
    n.occ[n.at[k]] = Occ::Empty;
    n.occ[c.to] = me;
    n.at[k] = c.to;
    n.done[k] = true;
    if let Some((h, d)) = &c.after {
        n.body[*h] = d.clone();
        if d.first().copied().unwrap_or(0.0) > 0.999 {
            n.occ[ctx.per.heroes[*h].at] = Occ::Empty;
        }
    }
    for (h, d) in &c.after_more {
        n.body[*h] = d.clone();
    }
    n.score += c.score();
    n.steps.push(c);
    n
}

/// What the sorcerer loses, on average, when a monster takes `expected` damage.
fn loss(m: &Mon, expected: f64) -> f64 {
    let body = m.f.body.max(1) as f64;
    m.worth * (expected / body).min(1.0) + 0.25 * expected
}

fn candidates(ctx: &mut Ctx, node: &Node, k: usize) -> Vec<Choice> {
    let grid: &Grid = &ctx.per.grid;
    let m = &ctx.mons[k];
    let start = node.at[k];
    let mut occ = node.occ.clone();
    let walk = if m.may_move {
        Some(Walk::new(grid, &occ, start, m.steps))
    } else {
        None
    };
    let stops: Vec<usize> = match &walk {
        Some(w) => w.stops(&occ, start).collect(),
        None => vec![start],
    };
    // Actions possible from the start square before moving (attack, spell).
    let mut first_acts: Vec<(Act, f64, Option<(usize, Vec<f64>)>, Vec<(usize, Vec<f64>)>, f64)> = Vec::new();
    if m.may_attack {
        for (h, g, after, kill) in attacks_from(ctx, node, k, start) {
            first_acts.push((Act::Attack(h), g, Some(after), Vec::new(), kill));
        }
    }
    if m.may_cast {
        first_acts.extend(spells(ctx, node, k));
    }
    // The referee dice pool: a monster that has not moved may attack and cast both, and stay.
    let both = if m.may_attack && m.may_cast && !m.one_more && ctx.snap.dice_pool() {
        attack_and_spell(ctx, node, k, start)
    } else {
        Vec::new()
    };
    let mut out = Vec::new();
    occ[start] = Occ::Empty;
    for s in stops {
        let before = occ[s];
        occ[s] = Occ::Monster;
        let t = if ctx.cfg.threat_weight > 0.0 {
            threat(grid, &occ, &ctx.per.heroes, &ctx.dists, &m.blows, s)
        } else {
            0.0
        };
        let threat_cost = ctx.cfg.threat_weight * loss(m, t);
        let d = ctx.per.to_heroes[s];
        let approach = if d == FAR {
            LOST
        } else {
            APPROACH * d.saturating_sub(m.movement) as f64 + DRIFT * d as f64
        } - if ctx.cfg.prey > 0.0 {
            prey_bonus(ctx, node, k, s)
        } else {
            0.0
        };
        let position = -threat_cost - approach;
        // A monster that strikes has already had its use of the square: the heroes' answer
        // weighs less against a blow given than against a walk into their reach.
        let struck_cost = threat_cost * STRUCK;
        let struck_position = -struck_cost - approach;
        let key = (m.f.id.0 as u64) << 32 | s as u64;
        out.push(Choice {
            monster: k,
            to: s,
            act: Act::Nothing,
            act_first: false,
            gain: 0.0,
            threat_cost,
            position,
            after: None,
            after_more: Vec::new(),
            kill_chance: 0.0,
            noise_key: key,
        });
        if s == start {
            for (i, c) in both.iter().enumerate() {
                out.push(Choice {
                    threat_cost: struck_cost,
                    position: struck_position,
                    noise_key: key ^ (i as u64 + 1) << 48,
                    ..c.clone()
                });
            }
        }
        if m.may_attack && !(m.one_more && s != start) {
            for (h, g, after, kill) in attacks_from(ctx, node, k, s) {
                out.push(Choice {
                    monster: k,
                    to: s,
                    act: Act::Attack(h),
                    act_first: false,
                    gain: g,
                    threat_cost: struck_cost,
                    position: struck_position,
                    after: Some(after),
                    after_more: Vec::new(),
                    kill_chance: kill,
                    noise_key: key ^ (h as u64 + 1) << 24,
                });
            }
        }
        // With one action left (the referee dice pool), a monster either moves or acts.
        if !(m.one_more && s != start) {
            for (i, (act, g, after, more, kill)) in first_acts.iter().enumerate() {
                // Attacking from the start and staying there is the plain attack above.
                if s == start && matches!(act, Act::Attack(_)) {
                    continue;
                }
                out.push(Choice {
                    monster: k,
                    to: s,
                    act: act.clone(),
                    act_first: true,
                    gain: *g,
                    threat_cost: struck_cost,
                    position: struck_position,
                    after: after.clone(),
                    after_more: more.clone(),
                    kill_chance: *kill,
                    noise_key: key ^ (i as u64 + 9) << 40,
                });
            }
        }
        occ[s] = before;
    }
    ctx.scored += out.len() as u32;
    out
}

/// Being within a move of a hero the monster could hurt badly next turn is worth part of that
/// blow: monsters drift towards the wounded and the frail, not just the nearest.
fn prey_bonus(ctx: &Ctx, node: &Node, k: usize, s: usize) -> f64 {
    let m = &ctx.mons[k];
    let mut best: f64 = 0.0;
    for (h, hv) in ctx.per.heroes.iter().enumerate() {
        let d = ctx.per.to_hero[h][s];
        if d == FAR || d > m.movement {
            continue;
        }
        let dmg = blow_odds(ctx, m.dice[h], hv.defend);
        let after = after_blow(&node.body[h], dmg);
        best = best.max(hero_value(hv, &node.body[h]) - hero_value(hv, &after));
    }
    ctx.cfg.prey * best
}

/// The damage distribution of a monster's blow of `dice` on a hero defending with `defend`: the
/// combat dice, or the d6 pools under the referee dice pool (both exact tables).
fn blow_odds(ctx: &Ctx, dice: u8, defend: u8) -> &'static [f64] {
    if ctx.snap.dice_pool() {
        crate::rules::pool::damage_probabilities(dice, defend)
    } else {
        odds::damage_probabilities(dice, defend, Side::Hero)
    }
}

/// The referee dice pool's attack-and-cast: each attack from `s` followed by each spell, the
/// spell valued on the heroes as the attack leaves them.
fn attack_and_spell(ctx: &Ctx, node: &Node, k: usize, s: usize) -> Vec<Choice> {
    let mut out = Vec::new();
    for (h, g, (_, dist), kill) in attacks_from(ctx, node, k, s) {
        let mut hit = node.clone();
        hit.body[h] = dist.clone();
        for (act, g2, after2, more2, kill2) in spells(ctx, &hit, k) {
            let Act::Spell { spell, target } = act else { continue };
            let (after, mut after_more) = match after2 {
                Some((h2, d2)) if h2 == h => (Some((h, d2)), Vec::new()),
                Some(other) => (Some((h, dist.clone())), vec![other]),
                None => (Some((h, dist.clone())), Vec::new()),
            };
            for (o, d) in more2 {
                if o == h {
                    after_more.retain(|(x, _)| *x != h);
                }
                after_more.push((o, d));
            }
            out.push(Choice {
                monster: k,
                to: s,
                act: Act::Both { h, spell, target },
                act_first: false,
                gain: g + g2,
                threat_cost: 0.0,
                position: 0.0,
                after,
                after_more,
                kill_chance: kill.max(kill2),
                noise_key: 0,
            });
        }
    }
    out
}

/// Attacks monster `k` could make from square `s`: (hero index, gain, body distribution after, kill chance).
fn attacks_from(ctx: &Ctx, node: &Node, k: usize, s: usize) -> Vec<(usize, f64, (usize, Vec<f64>), f64)> {
    let grid = &ctx.per.grid;
    let m = &ctx.mons[k];
    let mut v = Vec::new();
    for j in grid.open_neighbours(s) {
        if node.occ[j] != Occ::Hero {
            continue;
        }
        let Some(h) = ctx.per.heroes.iter().position(|h| h.at == j) else {
            continue;
        };
        let hv = &ctx.per.heroes[h];
        let dmg = blow_odds(ctx, m.dice[h], hv.defend);
        let after = after_blow(&node.body[h], dmg);
        let gain = hero_value(hv, &node.body[h]) - hero_value(hv, &after);
        let kill = after[0] - node.body[h][0];
        v.push((h, gain, (h, after), kill));
    }
    v
}

/// Where a wandering monster appears, among the free squares next to the searching hero: the
/// classic level takes the first (north, east, south, west); the planning levels take the one
/// the heroes can least reach next turn (it strikes the searcher from any of them).
pub fn place_wanderer(
    snap: &Snapshot,
    level: SorcererLevel,
    kind: &str,
    squares: &[crate::rules::geometry::Pos],
) -> Option<crate::rules::geometry::Pos> {
    if level == SorcererLevel::Classic || squares.len() <= 1 {
        return squares.first().copied();
    }
    let def = snap.rules().monsters.get(kind)?;
    let per = Perception::new(snap);
    let blows: Vec<f64> = per
        .heroes
        .iter()
        .map(|h| {
            snap.figure(h.id).map_or(0.0, |hs| {
                let guard = crate::rules::combat::Guard {
                    side: Side::Monster,
                    defencing: def.abilities.contains(&crate::rules::ruleset::Ability::Defencing),
                };
                odds::expected_damage(hs.fighter.attack, def.defend, guard)
            })
        })
        .collect();
    let dists: Vec<&[u16]> = per.heroes.iter().map(|h| h.dist.as_slice()).collect();
    let mut occ = per.occ.clone();
    let mut best: Option<(f64, crate::rules::geometry::Pos)> = None;
    for &q in squares {
        let i = per.grid.index(q);
        occ[i] = Occ::Monster;
        let t = threat(&per.grid, &occ, &per.heroes, &dists, &blows, i);
        occ[i] = per.occ[i];
        if best.is_none_or(|(b, _)| t < b - 1e-9) {
            best = Some((t, q));
        }
    }
    best.map(|(_, q)| q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blows_shift_the_body_distribution() {
        let d = after_blow(&[0.0, 0.0, 1.0], &[0.5, 0.25, 0.25]);
        assert_eq!(d, vec![0.25, 0.25, 0.5]);
        let saves = binomial_damage(2, 1.0 / 3.0, Some(2));
        // Two dice, each saves one point with 1/3: 4/9 no save (2 damage), 4/9 one, 1/9 two.
        assert!((saves[2] - 4.0 / 9.0).abs() < 1e-12);
        assert!((saves[0] - 1.0 / 9.0).abs() < 1e-12);
    }
}
