//! LEGO Heroica missions (`heroica`), played as Battle so that the heroes' win has a meaning
//! against the monster player.
//!
//! The map is carved on a lattice: cells two squares apart, a passage square between two cells
//! only where the way runs, so two paths never touch by accident (a board of spaces has no
//! walls). A winding way from the start (west) to the target (east) is found by a depth-first
//! walk biased eastwards; side branches end in treasure, chests and coffins; now and then a
//! shortcut behind a magic door (its button on a branch) or a locked door (its key on the way).
//! The ladder adds monsters along the way, raises their kinds, then their strength, and the
//! target's guardian with them.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::words;
use super::{Generated, GeneratedQuest, Ladder, Rng, Tuning, tune_best};
use crate::quest::Quest;
use crate::quest::mission::{
    MissionDoorKind, RawButton, RawMission, RawMissionDoor, RawMissionMonster, RawPlaced, Thing, check_mission,
};
use crate::rules::geometry::Pos;

/// Themes: the kinds of strength 1, 2 and 3 a monster climbs through.
const THEMES: &[[&str; 3]] = &[
    ["goblin_warrior", "goblin_guardian", "goblin_king"],
    ["bat", "werewolf", "vampire_lord"],
    ["spider", "golem_guardian", "golem_lord"],
    ["vampire_bat", "zombie", "dark_druid"],
    ["goblin_warrior", "goblin_general", "goblin_king"],
];
const POTIONS: &[&str] = &["health", "luck", "speed", "strength", "defence"];
const RELICS: &[&str] = &[
    "chalice_of_life",
    "crystal_of_deflection",
    "scepter_of_summoning",
    "helmet_of_protection",
    "fang_of_fury",
];

/// Generates a Battle mission rated near `difficulty`.
pub(super) fn generate(seed: u64, difficulty: u8, tuning: Tuning) -> Result<Generated, String> {
    let t = tune_best(
        |attempt| {
            let mut rng = Rng::new(seed, 0x4E1C_A000 + attempt);
            let layout = Layout::draw(&mut rng)?;
            Some((layout, crate::rules::noise::mix(seed ^ (attempt << 32) ^ 0x4E1C)))
        },
        difficulty,
        tuning,
    )?;
    Ok(Generated {
        quest: GeneratedQuest::Heroica(t.raw),
        rating: t.rating,
    })
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Add(usize),
    /// The next kind of the theme, then strength 4, then 5.
    Grow(usize),
}

struct Layout {
    name: String,
    story: String,
    map: Vec<String>,
    items: Vec<RawPlaced>,
    chests: Vec<RawPlaced>,
    coffins: Vec<RawPlaced>,
    rocks: Vec<(i32, i32)>,
    doors: Vec<RawMissionDoor>,
    buttons: Vec<RawButton>,
    torches: Vec<(i32, i32)>,
    theme: [&'static str; 3],
    /// Monster spaces; the first is the target, its guardian there from level 0.
    slots: Vec<Pos>,
    steps: Vec<Step>,
}

fn t(p: Pos) -> (i32, i32) {
    (p.x, p.y)
}

/// The square halfway between two lattice cells.
fn between(a: Pos, b: Pos) -> Pos {
    Pos::new((a.x + b.x) / 2, (a.y + b.y) / 2)
}

impl Layout {
    fn draw(rng: &mut Rng) -> Option<Layout> {
        let (cw, ch) = (rng.range(6, 10) as i32, rng.range(3, 5) as i32);
        let cell = |i: i32, j: i32| Pos::new(2 * i, 2 * j);
        let inside = |p: Pos| p.x >= 0 && p.y >= 0 && p.x <= 2 * (cw - 1) && p.y <= 2 * (ch - 1);
        let start = cell(0, rng.below(ch as usize) as i32);
        let target = cell(cw - 1, rng.below(ch as usize) as i32);
        // The way: a depth-first walk from the start until it meets the target.
        let mut visited = BTreeSet::from([start]);
        let mut path = vec![start];
        while let Some(&here) = path.last() {
            if here == target {
                break;
            }
            let mut next: Vec<Pos> = [(2, 0), (0, 2), (0, -2), (-2, 0)]
                .iter()
                .map(|(dx, dy)| Pos::new(here.x + dx, here.y + dy))
                .filter(|p| inside(*p) && !visited.contains(p))
                .collect();
            rng.shuffle(&mut next);
            if rng.chance(55) {
                next.sort_by_key(|p| -(p.x - here.x));
            }
            match next.first() {
                Some(&n) => {
                    visited.insert(n);
                    path.push(n);
                }
                None => {
                    path.pop();
                }
            }
        }
        if path.last() != Some(&target) {
            return None;
        }
        let mut spaces: BTreeSet<Pos> = path.iter().copied().collect();
        spaces.extend(path.windows(2).map(|w| between(w[0], w[1])));
        let cells: BTreeSet<Pos> = path.iter().copied().collect();

        // Side branches, each ending in a dead end.
        let mut ends = Vec::new();
        for _ in 0..rng.range(2, 5) {
            let Some(&from) = path.get(1 + rng.below(path.len().saturating_sub(2))) else {
                continue;
            };
            let mut here = from;
            let mut grown = 0;
            for _ in 0..rng.range(1, 3) {
                let options: Vec<Pos> = [(2, 0), (0, 2), (0, -2), (-2, 0)]
                    .iter()
                    .map(|(dx, dy)| Pos::new(here.x + dx, here.y + dy))
                    .filter(|p| inside(*p) && !spaces.contains(p))
                    .collect();
                if options.is_empty() {
                    break;
                }
                let next = *rng.pick(&options);
                spaces.insert(between(here, next));
                spaces.insert(next);
                here = next;
                grown += 1;
            }
            if grown > 0 {
                ends.push((from, here));
            }
        }

        // Things: at the branch ends, and a little gold on the way.
        let mut taken: BTreeSet<Pos> = BTreeSet::from([start, target]);
        let (mut items, mut chests, mut coffins, mut rocks) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut buttons = Vec::new();
        let mut doors = Vec::new();
        let mut key_needed = false;
        for (i, &(from, end)) in ends.iter().enumerate() {
            taken.insert(end);
            let thing = match rng.below(5) {
                0 | 1 => Thing::Potion(rng.pick(POTIONS).to_string()),
                2 => Thing::Gold(rng.range(1, 3)),
                3 => {
                    key_needed = true;
                    chests.push(RawPlaced {
                        at: t(end),
                        thing: Thing::Relic(rng.pick(RELICS).to_string()),
                    });
                    continue;
                }
                _ => {
                    let inside_coffin = if rng.chance(50) {
                        Thing::Monster(rng.pick(&["zombie", "bat", "spider"]).to_string())
                    } else {
                        Thing::Gold(rng.range(1, 2))
                    };
                    coffins.push(RawPlaced {
                        at: t(end),
                        thing: inside_coffin,
                    });
                    continue;
                }
            };
            items.push(RawPlaced { at: t(end), thing });
            // A rock at the mouth of one branch: the Pick Axe's reward.
            if i == 0 && rng.chance(40) {
                let mouth = [(1, 0), (0, 1), (0, -1), (-1, 0)]
                    .iter()
                    .map(|(dx, dy)| Pos::new(from.x + dx, from.y + dy))
                    .find(|p| {
                        spaces.contains(p) && !cells.contains(p) && !path.windows(2).any(|w| between(w[0], w[1]) == *p)
                    });
                if let Some(m) = mouth.filter(|m| !taken.contains(m)) {
                    taken.insert(m);
                    rocks.push(t(m));
                }
            }
        }
        // A shortcut: two cells of the way side by side but far apart along it.
        let index: BTreeMap<Pos, usize> = path.iter().enumerate().map(|(i, p)| (*p, i)).collect();
        let shortcut = path.iter().enumerate().find_map(|(i, &p)| {
            [(2, 0), (0, 2)].iter().find_map(|(dx, dy)| {
                let q = Pos::new(p.x + dx, p.y + dy);
                let j = *index.get(&q)?;
                (j > i + 4 && !spaces.contains(&between(p, q))).then_some((p, q))
            })
        });
        if let Some((a, b)) = shortcut.filter(|_| rng.chance(60)) {
            let door = between(a, b);
            spaces.insert(door);
            let (near, far) = (a, door);
            // A magic door's button lies on the way before it; else the door is locked.
            let before: Vec<Pos> = path[..index[&a]]
                .iter()
                .skip(1)
                .copied()
                .filter(|p| !taken.contains(p))
                .collect();
            match before.get(rng.below(before.len())).copied().filter(|_| rng.chance(50)) {
                Some(at) => {
                    taken.insert(at);
                    doors.push(RawMissionDoor {
                        at: t(near),
                        to: t(far),
                        kind: MissionDoorKind::Magic,
                    });
                    buttons.push(RawButton {
                        at: t(at),
                        opens: (t(near), t(far)),
                    });
                }
                None => {
                    doors.push(RawMissionDoor {
                        at: t(near),
                        to: t(far),
                        kind: MissionDoorKind::Locked,
                    });
                    key_needed = true;
                }
            }
        }
        // The key: on the way, early, where nothing else lies.
        let way: Vec<Pos> = path.iter().copied().filter(|p| !taken.contains(p)).collect();
        if key_needed {
            let at = *way.get(1 + rng.below(way.len().min(4).saturating_sub(1)))?;
            taken.insert(at);
            items.push(RawPlaced {
                at: t(at),
                thing: Thing::Key,
            });
        }
        for _ in 0..rng.range(1, 3) {
            if let Some(&at) = way.get(rng.below(way.len()))
                && taken.insert(at)
            {
                items.push(RawPlaced {
                    at: t(at),
                    thing: Thing::Gold(1),
                });
            }
        }
        // Monster spaces: the target's guardian, then the way beyond the first steps.
        let mut slots = vec![target];
        let mut along: Vec<Pos> = path.iter().skip(2).copied().filter(|p| !taken.contains(p)).collect();
        rng.shuffle(&mut along);
        let most = (path.len() / 2).clamp(2, 10);
        slots.extend(along.into_iter().take(most));

        let (w, h) = (2 * cw - 1, 2 * ch - 1);
        let mut map: Vec<String> = (0..h)
            .map(|y| {
                let row: String = (0..w)
                    .map(|x| {
                        let p = Pos::new(x, y);
                        if p == start {
                            'S'
                        } else if p == target {
                            'T'
                        } else if spaces.contains(&p) {
                            '.'
                        } else {
                            ' '
                        }
                    })
                    .collect();
                row.trim_end().to_string()
            })
            .collect();
        // The map ends with its last row that holds a space: no blank rows below it.
        while map.last().is_some_and(String::is_empty) {
            map.pop();
        }
        let (mw, mh) = (map.iter().map(String::len).max().unwrap_or(0) as i32, map.len() as i32);
        let blanks: Vec<Pos> = (0..mh)
            .flat_map(|y| (0..mw).map(move |x| Pos::new(x, y)))
            .filter(|p| !spaces.contains(p))
            .collect();
        let torches = (0..rng.range(1, 3)).filter_map(|_| blanks.get(rng.below(blanks.len())).map(|p| t(*p)));
        let mut torches: Vec<(i32, i32)> = torches.collect();
        torches.sort();
        torches.dedup();

        let theme = *rng.pick(THEMES);
        let mut keyed: Vec<(f64, Step)> = Vec::new();
        for i in 0..slots.len() {
            let mut chain = if i == 0 { vec![] } else { vec![Step::Add(i)] };
            chain.extend([Step::Grow(i); 4]);
            for (j, s) in chain.into_iter().enumerate() {
                let speed = if i == 0 { 0.6 } else { 1.0 };
                keyed.push((speed * j as f64 + rng.unit(), s));
            }
        }
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (name, story) = words::mission_words(rng);
        Some(Layout {
            name,
            story,
            map,
            items,
            chests,
            coffins,
            rocks,
            doors,
            buttons,
            torches,
            theme,
            slots,
            steps: keyed.into_iter().map(|(_, s)| s).collect(),
        })
    }

    fn raw(&self, level: u32) -> RawMission {
        let mut grown: Vec<Option<usize>> = (0..self.slots.len()).map(|i| (i == 0).then_some(0)).collect();
        for step in self.steps.iter().take(level as usize) {
            match *step {
                Step::Add(i) => grown[i] = Some(0),
                Step::Grow(i) => grown[i] = grown[i].map(|g| (g + 1).min(4)),
            }
        }
        let monsters = self
            .slots
            .iter()
            .zip(&grown)
            .filter_map(|(at, g)| {
                let g = (*g)?;
                Some(RawMissionMonster {
                    kind: self.theme[g.min(2)].to_string(),
                    at: t(*at),
                    strength: (g > 2).then_some(g as u8 + 1),
                })
            })
            .collect();
        RawMission {
            format: 1,
            name: self.name.clone(),
            story: self.story.clone(),
            map: self.map.clone(),
            monsters,
            items: self.items.clone(),
            chests: self.chests.clone(),
            coffins: self.coffins.clone(),
            rocks: self.rocks.clone(),
            doors: self.doors.clone(),
            buttons: self.buttons.clone(),
            torches: self.torches.clone(),
            battle: true,
            heroes: None,
        }
    }
}

impl Ladder for Layout {
    type Raw = RawMission;

    fn levels(&self) -> u32 {
        self.steps.len() as u32
    }

    fn build(&self, level: u32) -> Result<(RawMission, Arc<Quest>), String> {
        let raw = self.raw(level);
        match check_mission("generated", &raw) {
            Ok(m) => Ok((raw, Arc::new(Quest::from_mission(m)))),
            Err(found) => Err(found.into_iter().map(|f| f.message).collect::<Vec<_>>().join("; ")),
        }
    }
}
