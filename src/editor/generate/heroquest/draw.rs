//! Drawing a HeroQuest layout from the seed: the stairway, the rooms and their doors, the
//! furniture, the objective, monster squares, traps, treasure and the words.

use super::*;

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
    pub(super) fn draw(rng: &mut Rng, board: &Board, tables: &RuleSet, rules: &str) -> Option<Layout> {
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
}
