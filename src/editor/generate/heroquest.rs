//! HeroQuest dungeons on the classic board (`heroquest-2021` and `heroquest-revised`).
//!
//! A layout is drawn from the seed: a 2x2 stairway in the corridor, three to seven of the
//! board's rooms, a door into each from the corridor or from a room already reached, furniture
//! that never cuts a room in two, the objective's room (the one deepest from the stairway),
//! monster squares in every room (each room with a theme: a ladder of kinds from weak to
//! strong), traps in the corridor, special treasure and the words. Its ladder (`Ladder`)
//! adds the monsters, raises their kinds, sets the traps and hardens the boss step by step.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;

use super::words::{self, Goal};
use super::{Generated, GeneratedQuest, Ladder, Rng, Tuned, Tuning, tune};
use crate::quest::{
    Quest, RawDoor, RawFurniture, RawFurnitureTrap, RawMonster, RawObjective, RawQuest, RawQuestItem, RawTrap,
    RawTrapKind, RawTreasure, Winnable, validate,
};
use crate::rules::board::{AreaId, AreaKind, Board, CORRIDOR, classic_board};
use crate::rules::geometry::{Edge, Pos, Rect};
use crate::rules::ruleset::RuleSet;

/// Layouts drawn for one seed before giving up (each refused one is drawn again).
const LAYOUT_TRIES: u64 = 12;
/// Layouts tuned when games at the chosen level did not all end; the best one is kept.
const TUNED_TRIES: usize = 3;
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
    let mut why = String::from("no layout could be drawn");
    let mut best: Option<Tuned<RawQuest>> = None;
    let mut tuned = 0;
    for attempt in 0..LAYOUT_TRIES {
        let mut rng = Rng::new(seed, attempt);
        let Some(layout) = Layout::draw(&mut rng, &board, &tables, rules) else {
            continue;
        };
        // Both ends of the ladder must validate before a game is played on it.
        if let Err(e) = layout.build(0).and_then(|_| layout.build(layout.levels())) {
            why = e;
            continue;
        }
        match tune(&layout, crate::rules::noise::mix(seed ^ attempt), difficulty, tuning) {
            Ok(t) => {
                tuned += 1;
                let done = t.unfinished == 0;
                if best.as_ref().is_none_or(|b| t.unfinished < b.unfinished) {
                    best = Some(t);
                }
                if done || tuned == TUNED_TRIES {
                    break;
                }
            }
            Err(e) => why = e,
        }
    }
    best.map(|t| Generated {
        quest: GeneratedQuest::HeroQuest(t.raw),
        rating: t.rating,
    })
    .ok_or(why)
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

/// Distances (in steps) from `from` over squares not in `solid`, through open edges: no wall,
/// or a door. -1: not reached.
fn distances(board: &Board, doors: &BTreeSet<Edge>, solid: &BTreeSet<Pos>, from: &[Pos]) -> Vec<i32> {
    let mut dist = vec![-1; board.len()];
    let mut queue = VecDeque::new();
    for &p in from {
        dist[board.index(p)] = 0;
        queue.push_back(p);
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[board.index(p)];
        for q in p.neighbours() {
            if !board.in_bounds(q) || solid.contains(&q) || dist[board.index(q)] >= 0 {
                continue;
            }
            if board.wall_between(p, q) && !doors.contains(&Edge::new(p, q)) {
                continue;
            }
            dist[board.index(q)] = d + 1;
            queue.push_back(q);
        }
    }
    dist
}

/// Whether `free` is one piece (4-neighbours).
fn in_one_piece(free: &BTreeSet<Pos>) -> bool {
    let Some(&first) = free.iter().next() else {
        return false;
    };
    let mut seen = BTreeSet::from([first]);
    let mut stack = vec![first];
    while let Some(p) = stack.pop() {
        for q in p.neighbours() {
            if free.contains(&q) && seen.insert(q) {
                stack.push(q);
            }
        }
    }
    seen.len() == free.len()
}

impl Layout {
    /// Draws a layout; None when the seed's draw leaves no room for it (drawn again).
    fn draw(rng: &mut Rng, board: &Board, tables: &RuleSet, rules: &str) -> Option<Layout> {
        let known = |k: &&'static str| tables.monsters.contains_key(*k);
        let mut rooms: BTreeMap<AreaId, Vec<Pos>> = BTreeMap::new();
        for p in board.squares() {
            let a = board.area(p);
            if board.area_info[a as usize].kind == AreaKind::Room {
                rooms.entry(a).or_default().push(p);
            }
        }
        // The stairway: a 2x2 of corridor.
        let stairs: Vec<Rect> = board
            .squares()
            .map(|p| Rect {
                x: p.x,
                y: p.y,
                w: 2,
                h: 2,
            })
            .filter(|r| r.squares().all(|q| board.in_bounds(q) && board.area(q) == CORRIDOR))
            .collect();
        if stairs.is_empty() || rooms.len() < 3 {
            return None;
        }
        let stairway = *rng.pick(&stairs);
        let starts: Vec<Pos> = stairway.squares().collect();
        let stair_set: BTreeSet<Pos> = starts.iter().copied().collect();
        let centre = starts[0];

        // The rooms: the nearest to the stairway (give or take), or any.
        let want = rng.range(3, 7).min(rooms.len() as u32) as usize;
        let mut order: Vec<(i64, AreaId)> = rooms
            .iter()
            .map(|(a, sq)| {
                let near = sq.iter().map(|p| p.manhattan(centre)).min().unwrap_or(0);
                (i64::from(near) + rng.below(8) as i64, *a)
            })
            .collect();
        if rng.chance(50) {
            order.sort();
        } else {
            rng.shuffle(&mut order);
        }
        let chosen: Vec<AreaId> = order.iter().take(want).map(|(_, a)| *a).collect();

        // Doors: each room joined to the corridor or to a room already joined.
        let mut joined = BTreeSet::from([CORRIDOR]);
        let mut edges: BTreeSet<Edge> = BTreeSet::new();
        let mut doors = Vec::new();
        let mut door_squares: BTreeSet<Pos> = BTreeSet::new();
        let mut add_door = |rng: &mut Rng, room: AreaId, only_corridor: bool, joined: &BTreeSet<AreaId>| -> bool {
            let options: Vec<(Pos, Pos)> = rooms[&room]
                .iter()
                .flat_map(|&r| r.neighbours().map(move |q| (r, q)))
                .filter(|&(r, q)| {
                    board.in_bounds(q)
                        && board.area(q) != room
                        && joined.contains(&board.area(q))
                        && !stair_set.contains(&q)
                        && !edges.contains(&Edge::new(r, q))
                })
                .collect();
            let corridor: Vec<(Pos, Pos)> = options
                .iter()
                .copied()
                .filter(|(_, q)| board.area(*q) == CORRIDOR)
                .collect();
            let pool = if (only_corridor || rng.chance(65)) && !corridor.is_empty() {
                corridor
            } else {
                options
            };
            if pool.is_empty() {
                return false;
            }
            let (r, q) = *rng.pick(&pool);
            edges.insert(Edge::new(r, q));
            door_squares.extend([r, q]);
            doors.push(RawDoor {
                at: t(q),
                to: t(r),
                open: rng.chance(15),
                locked: false,
                portcullis: false,
            });
            true
        };
        for _ in 0..chosen.len() {
            for &room in &chosen {
                if !joined.contains(&room) && add_door(rng, room, false, &joined) {
                    joined.insert(room);
                }
            }
        }
        if chosen.iter().any(|r| !joined.contains(r)) {
            return None;
        }
        for &room in &chosen {
            if rng.chance(25) {
                add_door(rng, room, true, &joined);
            }
        }

        // Furniture: up to two pieces a room, never cutting the room in two.
        let kinds: Vec<(&String, i32, i32)> = tables.furniture.iter().map(|(k, d)| (k, d.w, d.h)).collect();
        let mut furniture = Vec::new();
        let mut solid: BTreeSet<Pos> = BTreeSet::new();
        for &room in &chosen {
            let squares: BTreeSet<Pos> = rooms[&room].iter().copied().collect();
            for _ in 0..rng.below(3) {
                let (kind, w, h) = *rng.pick(&kinds);
                let rotated = w != h && rng.chance(50);
                let (w, h) = if rotated { (h, w) } else { (w, h) };
                for _ in 0..12 {
                    let Some(&corner) = rooms[&room].get(rng.below(squares.len())) else {
                        break;
                    };
                    let piece: Vec<Pos> = Rect {
                        x: corner.x,
                        y: corner.y,
                        w,
                        h,
                    }
                    .squares()
                    .collect();
                    let fits = piece
                        .iter()
                        .all(|p| squares.contains(p) && !solid.contains(p) && !door_squares.contains(p));
                    let free: BTreeSet<Pos> = squares
                        .iter()
                        .filter(|p| !solid.contains(p) && !piece.contains(p))
                        .copied()
                        .collect();
                    if fits && free.len() >= 6 && in_one_piece(&free) {
                        solid.extend(piece);
                        let trap = (kind == "chest" && rng.chance(40)).then(|| RawFurnitureTrap {
                            damage: rng.range(1, 2) as u8,
                            text: rng.pick(CHEST_TRAPS).to_string(),
                        });
                        furniture.push(RawFurniture {
                            kind: kind.clone(),
                            at: t(corner),
                            rotated,
                            trap,
                            locked: false,
                        });
                        break;
                    }
                }
            }
        }

        // The objective's room: the one deepest from the stairway.
        let dist = distances(board, &edges, &solid, &starts);
        let depth = |room: AreaId| {
            rooms[&room]
                .iter()
                .map(|p| dist[board.index(*p)])
                .filter(|d| *d >= 0)
                .min()
                .unwrap_or(-1)
        };
        let goal_room = *chosen.iter().max_by_key(|r| (depth(**r), **r))?;
        let mut free: BTreeMap<AreaId, Vec<Pos>> = chosen
            .iter()
            .map(|&room| {
                let mut sq: Vec<Pos> = rooms[&room]
                    .iter()
                    .filter(|p| !solid.contains(p) && !door_squares.contains(p))
                    .copied()
                    .collect();
                rng.shuffle(&mut sq);
                (room, sq)
            })
            .collect();
        let mut take = |room: AreaId| free.get_mut(&room).and_then(Vec::pop);

        let (name, place) = words::quest_name(rng);
        let mut boss = None;
        let mut quest_items = BTreeMap::new();
        let mut treasure = Vec::new();
        let mut objective_at = None;
        let roll = rng.below(100);
        let (objective, briefing) = if roll < 35 {
            let kinds: Vec<&'static str> = BOSS_KINDS.iter().copied().filter(|k| known(k)).collect();
            let at = take(goal_room)?;
            let villain = words::villain(rng);
            let text = words::briefing(rng, &place, Goal::Villain(&villain), true);
            boss = Some(Boss {
                kind: kinds.get(rng.below(kinds.len()))?,
                at,
                name: villain.clone(),
            });
            let names = vec![villain];
            (
                RawObjective::DefeatNamed {
                    names,
                    return_to_stairway: true,
                },
                text,
            )
        } else if roll < 55 {
            let text = words::briefing(rng, &place, Goal::All, true);
            (
                RawObjective::DefeatAll {
                    return_to_stairway: true,
                },
                text,
            )
        } else if roll < 70 {
            let (id, item, what) = words::quest_item(rng);
            let at = rooms[&goal_room][0];
            quest_items.insert(
                id.to_string(),
                RawQuestItem {
                    name: item.to_string(),
                    text: what.to_string(),
                },
            );
            treasure.push(RawTreasure {
                room: t(at),
                text: format!("You find it at last: {item}."),
                gold: 0,
                potions: Vec::new(),
                items: vec![id.to_string()],
            });
            let text = words::briefing(rng, &place, Goal::Item(item), true);
            (
                RawObjective::FindItem {
                    item: id.to_string(),
                    return_to_stairway: true,
                },
                text,
            )
        } else if roll < 85 {
            let at = take(goal_room)?;
            objective_at = Some(at);
            let (full, short) = words::captive(rng);
            let text = words::briefing(rng, &place, Goal::Captive(&full, &short), true);
            let body = rng.range(2, 4) as u8;
            (
                RawObjective::Rescue {
                    name: full,
                    at: t(at),
                    body,
                    defend: 2,
                    return_to_stairway: true,
                },
                text,
            )
        } else {
            let at = take(goal_room)?;
            objective_at = Some(at);
            let ret = rng.chance(50);
            let text = words::briefing(rng, &place, Goal::Reach, ret);
            (
                RawObjective::Reach {
                    at: t(at),
                    return_to_stairway: ret,
                },
                text,
            )
        };

        // Monster squares: one to four a room, each room with its theme, and a few in the corridor.
        let themes: Vec<Vec<&'static str>> = THEMES
            .iter()
            .map(|th| th.iter().copied().filter(|k| known(k)).collect::<Vec<_>>())
            .filter(|th| !th.is_empty())
            .collect();
        if themes.is_empty() {
            return None;
        }
        let mut slots = Vec::new();
        for &room in &chosen {
            let theme = rng.pick(&themes).clone();
            let room_free = free.get(&room).map_or(0, Vec::len);
            let most = (room_free / 4).clamp(1, 4) as u32;
            for _ in 0..rng.range(1, most) {
                if let Some(at) = free.get_mut(&room).and_then(Vec::pop) {
                    slots.push(Slot {
                        at,
                        chain: theme.clone(),
                    });
                }
            }
        }
        let mut corridor: Vec<Pos> = board
            .area_squares(CORRIDOR)
            .filter(|p| !stair_set.contains(p) && !door_squares.contains(p) && p.manhattan(centre) >= 6)
            .collect();
        rng.shuffle(&mut corridor);
        let extra = rng.below(3).max(MIN_SLOTS.saturating_sub(slots.len()));
        for _ in 0..extra {
            if let Some(at) = corridor.pop() {
                slots.push(Slot {
                    at,
                    chain: rng.pick(&themes).clone(),
                });
            }
        }
        slots.truncate(MOST_SLOTS);
        if slots.is_empty() {
            return None;
        }

        // Traps in the corridor; a falling block only where the rock it leaves shuts nothing off.
        let mut traps: Vec<(Pos, RawTrapKind)> = (0..rng.range(1, 4))
            .filter_map(|_| corridor.pop())
            .map(|p| {
                let kind = *rng.pick(&[RawTrapKind::Pit, RawTrapKind::Spear, RawTrapKind::FallingBlock]);
                (p, kind)
            })
            .collect();
        let mut needed: Vec<Pos> = door_squares.iter().copied().collect();
        needed.extend(slots.iter().map(|s| s.at));
        needed.extend(boss.iter().map(|b| b.at).chain(objective_at));
        let mut rock = solid.clone();
        rock.extend(
            traps
                .iter()
                .filter(|(_, k)| *k == RawTrapKind::FallingBlock)
                .map(|(p, _)| *p),
        );
        let reached = distances(board, &edges, &rock, &starts);
        if needed.iter().any(|p| reached[board.index(*p)] < 0) {
            for trap in &mut traps {
                if trap.1 == RawTrapKind::FallingBlock {
                    trap.1 = RawTrapKind::Pit;
                }
            }
        }

        // Special treasure in a room or two (never where the quest item lies).
        for &room in chosen.iter().filter(|r| **r != goal_room) {
            if treasure.len() < 3 && rng.chance(35) {
                let potions = if rng.chance(40) {
                    vec!["healing".to_string()]
                } else {
                    Vec::new()
                };
                treasure.push(RawTreasure {
                    room: t(rooms[&room][0]),
                    text: words::treasure_text(rng),
                    gold: 5 * rng.range(2, 24),
                    potions,
                    items: Vec::new(),
                });
            }
        }
        let wanderers: Vec<&'static str> = WANDERERS.iter().copied().filter(|k| known(k)).collect();
        let wandering = *wanderers.first().map(|_| rng.pick(&wanderers))?;

        let steps = ladder_steps(rng, &slots, boss.is_some(), traps.len());
        Some(Layout {
            rules: rules.to_string(),
            tables: tables.clone(),
            name,
            briefing,
            stairway,
            starts,
            doors,
            furniture,
            treasure,
            quest_items,
            objective,
            boss,
            wandering,
            slots,
            traps,
            steps,
        })
    }

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
        let monster = |kind: &str, at: Pos| RawMonster {
            kind: kind.to_string(),
            at: t(at),
            name: None,
            movement: None,
            attack: None,
            defend: None,
            body: None,
            mind: None,
            spells: Vec::new(),
            group: None,
        };
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
