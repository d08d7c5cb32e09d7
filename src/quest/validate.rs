//! From raw RON to a checked `Quest`: every field checked against the board and the rule set,
//! every problem located (`DataProblem` paths become `line:col` in `locate`).

use super::*;

/// Checks one monster entry's kind, name, numbers and Dread spells, and builds it (where it
/// stands is for the caller to check). None when its kind is unknown.
fn check_monster(
    rules: &RuleSet,
    m: &RawMonster,
    path: &[PathPart],
    names: &mut BTreeSet<String>,
    err: &mut impl FnMut(Vec<PathPart>, String),
) -> Option<QuestMonster> {
    use PathPart::{Field, Index};
    let at = |field: &'static str| [path.to_vec(), vec![Field(field)]].concat();
    let Some(base) = rules.monsters.get(&m.kind) else {
        let known: Vec<&str> = rules.monsters.keys().map(String::as_str).collect();
        err(
            at("kind"),
            format!("unknown monster kind \"{}\" (known: {})", m.kind, known.join(", ")),
        );
        return None;
    };
    if let Some(n) = &m.name {
        if n.trim().is_empty() {
            err(at("name"), "a monster's name cannot be empty".into());
        } else if !names.insert(n.clone()) {
            err(at("name"), format!("two monsters are named \"{n}\""));
        }
    }
    if m.group.as_ref().is_some_and(|g| g.trim().is_empty()) {
        err(at("group"), "a group's name cannot be empty".into());
    }
    let stats = MonsterDef {
        name: base.name.clone(),
        only_harmed_by: base.only_harmed_by.clone(),
        undead: base.undead,
        movement: m.movement.unwrap_or(base.movement),
        attack: m.attack.unwrap_or(base.attack),
        defend: m.defend.unwrap_or(base.defend),
        body: m.body.unwrap_or(base.body),
        mind: m.mind.unwrap_or(base.mind),
    };
    for (field, v, lo) in [
        ("movement", stats.movement, 0),
        ("attack", stats.attack, 0),
        ("defend", stats.defend, 0),
        ("body", stats.body, 1),
        ("mind", stats.mind, 0),
    ] {
        if v < lo || v > 20 {
            err(at(field), format!("{field} {v} is outside {lo}..=20"));
        }
    }
    for (j, sp) in m.spells.iter().enumerate() {
        let spath = [path.to_vec(), vec![Field("spells"), Index(j)]].concat();
        match rules.spells.get(sp) {
            Some(d) if d.school.is_none() => {}
            Some(_) => err(
                spath.clone(),
                format!("\"{sp}\" is a hero spell; monsters cast Dread spells"),
            ),
            None => {
                let known: Vec<&str> = rules
                    .spells
                    .iter()
                    .filter(|(_, d)| d.school.is_none())
                    .map(|(k, _)| k.as_str())
                    .collect();
                err(
                    spath.clone(),
                    format!("unknown Dread spell \"{sp}\" (known: {})", known.join(", ")),
                )
            }
        }
        if m.spells[..j].contains(sp) {
            err(spath, format!("Dread spell \"{sp}\" is listed twice"));
        }
    }
    Some(QuestMonster {
        kind: m.kind.clone(),
        at: pos(m.at),
        name: m.name.clone(),
        stats,
        spells: m.spells.clone(),
        group: m.group.clone(),
    })
}

/// Checks a raw quest against its board and rule set; returns every problem found.
pub fn validate(id: &str, raw: &RawQuest, dir: Option<&Path>) -> Result<Quest, Vec<DataProblem>> {
    use PathPart::{Field, Index};
    let mut ps: Vec<DataProblem> = Vec::new();
    let mut err = |path: Vec<PathPart>, msg: String| ps.push(DataProblem::new(path, msg));

    if raw.format != FORMAT {
        err(
            vec![Field("format")],
            format!(
                "quest format {} is not supported; this game reads format {FORMAT}",
                raw.format
            ),
        );
    }
    if raw.name.trim().is_empty() {
        err(vec![Field("name")], "the quest needs a name".into());
    }
    if raw.briefing.trim().is_empty() {
        err(
            vec![Field("briefing")],
            "the quest needs a briefing for the heroes".into(),
        );
    }
    let system = crate::rules::systems::RuleSystem::from_id(&raw.rules).unwrap_or_else(|e| {
        err(vec![Field("rules")], e);
        Default::default()
    });
    let mut rules = system.tables();
    let modules = crate::rules::systems::Modules::choose(&raw.rules, &raw.modules).unwrap_or_else(|e| {
        err(vec![Field("modules")], e);
        Default::default()
    });
    // The quest's own items join its copy of the rule set, so they are found, given, carried,
    // dropped and named like any other.
    for (id, item) in &raw.quest_items {
        let path = vec![Field("quest_items")];
        if rules.weapons.contains_key(id)
            || rules.armor.contains_key(id)
            || rules.items.contains_key(id)
            || rules.potions.contains_key(id)
        {
            err(
                path,
                format!("quest item \"{id}\" has the id of the rule set's own {id}; choose another"),
            );
        } else if item.name.trim().is_empty() || item.text.trim().is_empty() {
            err(path, format!("quest item \"{id}\" needs a name and a text"));
        } else {
            rules.items.insert(
                id.clone(),
                crate::rules::ruleset::ItemDef {
                    name: item.name.clone(),
                    cost: 0,
                    artifact: false,
                    quest: true,
                    text: item.text.clone(),
                },
            );
        }
    }
    let (board, board_file) = match load_board(&raw.board, dir) {
        Ok(b) => b,
        Err(e) => {
            err(vec![Field("board")], e);
            // Without a board nothing else can be checked.
            return Err(ps);
        }
    };
    let on_board = |p: Pos| board.in_bounds(p);

    let mut blocked = BTreeSet::new();
    for (i, &b) in raw.blocked.iter().enumerate() {
        let p = pos(b);
        if !on_board(p) {
            err(
                vec![Field("blocked"), Index(i)],
                format!("blocked square {p} is off the board"),
            );
        } else if !blocked.insert(p) {
            err(
                vec![Field("blocked"), Index(i)],
                format!("square {p} is listed as blocked twice"),
            );
        }
    }

    // Furniture: whole pieces inside one room, not overlapping.
    let mut furniture = Vec::new();
    let mut furniture_traps = Vec::new();
    let mut furniture_at: BTreeMap<Pos, usize> = BTreeMap::new();
    for (i, f) in raw.furniture.iter().enumerate() {
        let path = vec![Field("furniture"), Index(i)];
        let Some(def) = rules.furniture.get(&f.kind) else {
            let known: Vec<&str> = rules.furniture.keys().map(String::as_str).collect();
            err(
                [path.clone(), vec![Field("kind")]].concat(),
                format!("unknown furniture \"{}\" (known: {})", f.kind, known.join(", ")),
            );
            continue;
        };
        let (w, h) = if f.rotated { (def.h, def.w) } else { (def.w, def.h) };
        let rect = Rect {
            x: f.at.0,
            y: f.at.1,
            w,
            h,
        };
        let squares: Vec<Pos> = rect.squares().collect();
        if squares.len() != (w * h) as usize || squares.iter().any(|p| !on_board(*p)) {
            err(path, format!("{} at {} does not fit on the board", def.name, pos(f.at)));
            continue;
        }
        let area = board.area(squares[0]);
        if area == board::CORRIDOR || squares.iter().any(|p| board.area(*p) != area) {
            err(
                path,
                format!(
                    "{} at {} ({}x{}) must lie inside one room without crossing a wall",
                    def.name,
                    pos(f.at),
                    w,
                    h
                ),
            );
            continue;
        }
        let mut clash = false;
        for p in &squares {
            if let Some(other) = furniture_at.insert(*p, i) {
                err(
                    path.clone(),
                    format!(
                        "{} at {} overlaps furniture entry {} at {p}",
                        def.name,
                        pos(f.at),
                        other + 1
                    ),
                );
                clash = true;
                break;
            }
            if blocked.contains(p) {
                err(path.clone(), format!("{} covers the blocked square {p}", def.name));
                clash = true;
                break;
            }
        }
        if !clash {
            if let Some(t) = &f.trap {
                if t.damage == 0 || t.damage > 6 {
                    err(
                        [path.clone(), vec![Field("trap"), Field("damage")]].concat(),
                        format!("a furniture trap does 1 to 6 damage, not {}", t.damage),
                    );
                }
                furniture_traps.push(QuestTrap {
                    kind: TrapKind::Furniture,
                    at: Pos::new(rect.x, rect.y),
                    furniture: Some(furniture.len()),
                    damage: t.damage,
                    text: t.text.clone(),
                });
            }
            furniture.push(QuestFurniture {
                kind: f.kind.clone(),
                rect,
            });
        }
    }
    let solid = |p: Pos| blocked.contains(&p) || furniture_at.contains_key(&p);
    let mut taken: BTreeMap<Pos, String> = BTreeMap::new();

    // Heroes and their start squares.
    let heroes = raw.heroes.clone().unwrap_or_else(|| {
        let mut v: Vec<_> = rules.heroes.iter().collect();
        v.sort_by_key(|(_, h)| h.seat);
        v.into_iter().map(|(k, _)| k.clone()).collect()
    });
    if heroes.is_empty() || heroes.len() > 4 {
        err(
            vec![Field("heroes")],
            format!("a quest takes 1 to 4 heroes, not {}", heroes.len()),
        );
    }
    let mut seen = BTreeSet::new();
    for (i, h) in heroes.iter().enumerate() {
        if !rules.heroes.contains_key(h) {
            let known: Vec<&str> = rules.heroes.keys().map(String::as_str).collect();
            err(
                vec![Field("heroes"), Index(i)],
                format!("unknown hero \"{h}\" (known: {})", known.join(", ")),
            );
        } else if !seen.insert(h.clone()) {
            err(vec![Field("heroes"), Index(i)], format!("hero \"{h}\" is listed twice"));
        }
    }
    if raw.hero_starts.len() < heroes.len() {
        err(
            vec![Field("hero_starts")],
            format!(
                "{} heroes need {} start squares, found {}",
                heroes.len(),
                heroes.len(),
                raw.hero_starts.len()
            ),
        );
    }
    let stair = Rect {
        x: raw.stairway.0,
        y: raw.stairway.1,
        w: raw.stairway.2,
        h: raw.stairway.3,
    };
    let stair_ok = on_board(Pos::new(stair.x, stair.y))
        && stair.w >= 1
        && stair.h >= 1
        && stair.w <= 3
        && stair.h <= 3
        && stair.squares().all(on_board);
    if !stair_ok {
        err(
            vec![Field("stairway")],
            format!(
                "stairway ({},{},{},{}) must be 1 to 3 squares a side and on the board",
                stair.x, stair.y, stair.w, stair.h
            ),
        );
    } else if stair
        .squares()
        .any(|p| board.area(p) != board.area(Pos::new(stair.x, stair.y)) || solid(p))
    {
        err(
            vec![Field("stairway")],
            "the stairway must lie in one area, clear of walls, furniture and blocked squares".into(),
        );
    }
    for (i, &s) in raw.hero_starts.iter().enumerate() {
        let p = pos(s);
        let path = vec![Field("hero_starts"), Index(i)];
        if !on_board(p) {
            err(path, format!("hero start {p} is off the board"));
        } else if solid(p) {
            err(path, format!("hero start {p} is on furniture or a blocked square"));
        } else if let Some(prev) = taken.insert(p, "a hero start".into()) {
            err(path, format!("hero start {p} is already {prev}"));
        }
    }

    // Doors join two adjacent squares with a wall between them.
    let mut doors = Vec::new();
    let mut door_edges = BTreeSet::new();
    for (i, d) in raw.doors.iter().enumerate() {
        let (a, b) = (pos(d.at), pos(d.to));
        let path = vec![Field("doors"), Index(i)];
        if !on_board(a) || !on_board(b) || !a.is_orthogonally_adjacent(b) {
            err(
                path,
                format!("door {a}-{b} must join two orthogonally adjacent squares on the board"),
            );
        } else if !board.wall_between(a, b) {
            err(
                path,
                format!("door {a}-{b} is not in a wall: both squares are in the same area"),
            );
        } else if !door_edges.insert(Edge::new(a, b)) {
            err(path, format!("door {a}-{b} is listed twice"));
        } else if solid(a) || solid(b) {
            err(path, format!("door {a}-{b} opens onto furniture or a blocked square"));
        } else {
            doors.push((Edge::new(a, b), d.open));
        }
    }

    // Monsters (and those that events bring in later stand on the same kind of square).
    let monster_square_problem = |p: Pos| -> Option<&'static str> {
        if !on_board(p) {
            Some("is off the board")
        } else if solid(p) {
            Some("stands on furniture or a blocked square")
        } else if stair.contains(p) {
            Some("stands on the stairway")
        } else {
            None
        }
    };
    let mut monsters = Vec::new();
    let mut names = BTreeSet::new();
    for (i, m) in raw.monsters.iter().enumerate() {
        let path = vec![Field("monsters"), Index(i)];
        let Some(monster) = check_monster(&rules, m, &path, &mut names, &mut err) else {
            continue;
        };
        let p = monster.at;
        let at_path = [path.clone(), vec![Field("at")]].concat();
        if let Some(why) = monster_square_problem(p) {
            err(at_path, format!("monster \"{}\" at {p} {why}", m.kind));
            continue;
        }
        if let Some(prev) = taken.insert(p, format!("taken by monster entry {}", i + 1)) {
            err(
                at_path,
                format!("monster \"{}\" at {p}: that square is already {prev}", m.kind),
            );
            continue;
        }
        monsters.push(monster);
    }
    if monsters.is_empty() && raw.monsters.is_empty() {
        err(vec![Field("monsters")], "a quest needs at least one monster".into());
    }

    // Traps on squares: clear squares, one trap a square, never on the stairway or a start.
    let mut traps = Vec::new();
    let mut trap_at = BTreeSet::new();
    for (i, t) in raw.traps.iter().enumerate() {
        let p = pos(t.at);
        let path = vec![Field("traps"), Index(i)];
        if !on_board(p) || solid(p) {
            err(
                path,
                format!("trap at {p} is off the board or on furniture or a blocked square"),
            );
        } else if stair.contains(p) || raw.hero_starts.iter().any(|s| pos(*s) == p) {
            err(path, format!("trap at {p} is on the stairway or a hero's start square"));
        } else if !trap_at.insert(p) {
            err(path, format!("two traps at {p}"));
        } else {
            let kind = match t.kind {
                RawTrapKind::Pit => TrapKind::Pit,
                RawTrapKind::FallingBlock => TrapKind::FallingBlock,
                RawTrapKind::Spear => TrapKind::Spear,
            };
            traps.push(QuestTrap {
                kind,
                at: p,
                furniture: None,
                damage: 0,
                text: String::new(),
            });
        }
    }
    traps.extend(furniture_traps);

    // Secret doors: like doors, in a wall, never where a door already is.
    let mut secret_doors = Vec::new();
    for (i, d) in raw.secret_doors.iter().enumerate() {
        let (a, b) = (pos(d.at), pos(d.to));
        let path = vec![Field("secret_doors"), Index(i)];
        if !on_board(a) || !on_board(b) || !a.is_orthogonally_adjacent(b) {
            err(
                path,
                format!("secret door {a}-{b} must join two orthogonally adjacent squares on the board"),
            );
        } else if !board.wall_between(a, b) {
            err(path, format!("secret door {a}-{b} is not in a wall"));
        } else if !door_edges.insert(Edge::new(a, b)) {
            err(path, format!("secret door {a}-{b} is where another door already is"));
        } else if solid(a) || solid(b) {
            err(
                path,
                format!("secret door {a}-{b} opens onto furniture or a blocked square"),
            );
        } else {
            secret_doors.push(Edge::new(a, b));
        }
    }

    let known_thing =
        |id: &str| rules.weapons.contains_key(id) || rules.armor.contains_key(id) || rules.items.contains_key(id);
    // Special treasure, one entry per room.
    let mut treasure = Vec::new();
    let mut treasure_rooms = BTreeSet::new();
    for (i, t) in raw.treasure.iter().enumerate() {
        let p = pos(t.room);
        let path = vec![Field("treasure"), Index(i)];
        if !on_board(p) || board.area(p) == board::CORRIDOR {
            err(
                [path, vec![Field("room")]].concat(),
                format!("treasure square {p} is not inside a room"),
            );
            continue;
        }
        if !treasure_rooms.insert(board.area(p)) {
            err(
                [path, vec![Field("room")]].concat(),
                format!("the room at {p} already has special treasure"),
            );
            continue;
        }
        if t.text.trim().is_empty() {
            err(
                [path.clone(), vec![Field("text")]].concat(),
                "special treasure needs a text to read out".into(),
            );
        }
        for (j, potion) in t.potions.iter().enumerate() {
            if !rules.potions.contains_key(potion) {
                let known: Vec<&str> = rules.potions.keys().map(String::as_str).collect();
                err(
                    [path.clone(), vec![Field("potions"), Index(j)]].concat(),
                    format!("unknown potion \"{potion}\" (known: {})", known.join(", ")),
                );
            }
        }
        for (j, item) in t.items.iter().enumerate() {
            if !known_thing(item) {
                err(
                    [path.clone(), vec![Field("items"), Index(j)]].concat(),
                    format!("unknown item \"{item}\" (not a weapon, armour or item of the rule set)"),
                );
            }
        }
        treasure.push(SpecialTreasure {
            area: board.area(p),
            text: t.text.clone(),
            gold: t.gold,
            potions: t.potions.clone(),
            items: t.items.clone(),
        });
    }

    // Starting gear: known things the hero may use.
    let mut gear = BTreeMap::new();
    for h in &heroes {
        let Some(def) = rules.heroes.get(h) else { continue };
        gear.insert(
            h.clone(),
            Gear {
                weapon: Some(def.weapon.clone()),
                ..Default::default()
            },
        );
    }
    for (h, g) in &raw.equipment {
        let path = vec![Field("equipment")];
        let Some(def) = rules.heroes.get(h) else {
            err(path, format!("equipment for unknown hero \"{h}\""));
            continue;
        };
        if !heroes.contains(h) {
            err(
                path,
                format!("equipment for the {}, who is not in this quest", def.name),
            );
            continue;
        }
        let entry = gear.entry(h.clone()).or_default();
        if let Some(w) = &g.weapon {
            entry.weapon = Some(w.clone());
        }
        entry.items.extend(g.items.iter().cloned());
        entry.potions.extend(g.potions.iter().cloned());
        entry.gold += g.gold;
        for w in entry.weapon.iter().chain(entry.items.iter()) {
            if !known_thing(w) {
                err(path.clone(), format!("the {} carries unknown item \"{w}\"", def.name));
            } else if let Err(e) = gear::may_carry(&rules, h, w, entry) {
                err(path.clone(), e);
            }
        }
        if entry.weapon.as_ref().is_some_and(|w| !rules.weapons.contains_key(w)) {
            err(path.clone(), format!("the {}'s weapon must be a weapon", def.name));
        }
        for p in &entry.potions {
            if !rules.potions.contains_key(p) {
                err(path.clone(), format!("the {} carries unknown potion \"{p}\"", def.name));
            }
        }
    }

    // Fixed spell schools (instead of the draft).
    if let Some(fixed) = &raw.spell_schools {
        let mut used = BTreeSet::new();
        for (h, schools) in fixed {
            let path = vec![Field("spell_schools")];
            let Some(&(_, n)) = rules.spell_draft.iter().find(|(c, _)| c == h) else {
                err(path, format!("\"{h}\" casts no spells"));
                continue;
            };
            if !heroes.contains(h) {
                err(path.clone(), format!("\"{h}\" is not in this quest"));
            }
            if schools.len() > n as usize {
                err(path.clone(), format!("\"{h}\" holds at most {n} schools"));
            }
            for sc in schools {
                if !rules.schools.contains_key(sc) {
                    let known: Vec<&str> = rules.schools.keys().map(String::as_str).collect();
                    err(
                        path.clone(),
                        format!("unknown school \"{sc}\" (known: {})", known.join(", ")),
                    );
                } else if !used.insert(sc.clone()) {
                    err(path.clone(), format!("school \"{sc}\" is given twice"));
                }
            }
        }
    }

    let (kind, ret) = match &raw.objective {
        RawObjective::DefeatNamed {
            names: wanted,
            return_to_stairway,
        } => {
            if wanted.is_empty() {
                err(vec![Field("objective")], "DefeatNamed needs at least one name".into());
            }
            for n in wanted {
                if !names.contains(n) {
                    err(
                        vec![Field("objective")],
                        format!("the objective names \"{n}\", but no monster has that name"),
                    );
                }
            }
            (ObjectiveKind::DefeatNamed(wanted.clone()), *return_to_stairway)
        }
        RawObjective::DefeatAll { return_to_stairway } => (ObjectiveKind::DefeatAll, *return_to_stairway),
        RawObjective::Reach { at, return_to_stairway } => {
            let p = pos(*at);
            if !on_board(p) || solid(p) {
                err(
                    vec![Field("objective")],
                    format!("the square to reach {p} is off the board or not walkable"),
                );
            } else if raw.hero_starts.iter().any(|s| pos(*s) == p) {
                err(
                    vec![Field("objective")],
                    format!("the square to reach {p} is a hero's start square: the quest would be won at once"),
                );
            }
            (ObjectiveKind::Reach(p), *return_to_stairway)
        }
        RawObjective::Scripted {
            goal,
            return_to_stairway,
        } => {
            if goal.trim().is_empty() {
                err(
                    vec![Field("objective")],
                    "a Scripted objective needs a goal to tell the heroes".into(),
                );
            }
            let completes = raw
                .events
                .iter()
                .any(|e| e.then.iter().any(|f| matches!(f, RawEffect::CompleteObjective)));
            if !completes {
                err(
                    vec![Field("objective")],
                    "a Scripted objective is met only by an event's CompleteObjective, and no event has one".into(),
                );
            }
            (ObjectiveKind::Scripted(goal.clone()), *return_to_stairway)
        }
        RawObjective::FindItem {
            item,
            return_to_stairway,
        } => {
            let name = known_thing(item).then(|| rules.thing_name(item));
            if name.is_none() {
                err(
                    vec![Field("objective")],
                    format!(
                        "the item to find, \"{item}\", is neither a quest item nor a weapon, armour or item of the rule set"
                    ),
                );
            }
            let placed = raw.treasure.iter().any(|t| t.items.contains(item))
                || raw.events.iter().any(|e| {
                    e.then
                        .iter()
                        .any(|f| matches!(f, RawEffect::Give { item: i } if i == item))
                });
            if !placed {
                err(
                    vec![Field("objective")],
                    format!(
                        "nothing places \"{item}\" in the dungeon: put it in a room's special treasure or give it with an event"
                    ),
                );
            }
            (
                ObjectiveKind::FindItem {
                    item: item.clone(),
                    name: name.unwrap_or_else(|| item.clone()),
                },
                *return_to_stairway,
            )
        }
        RawObjective::Escape { exits } => {
            if exits.is_empty() {
                err(
                    vec![Field("objective")],
                    "Escape needs at least one way out in `exits`".into(),
                );
            }
            let mut out = Vec::new();
            for (i, &e) in exits.iter().enumerate() {
                let p = pos(e);
                let path = vec![Field("objective"), Field("exits"), Index(i)];
                if !on_board(p) || solid(p) {
                    err(path, format!("the way out {p} is off the board or not walkable"));
                } else if stair.contains(p) {
                    err(
                        path,
                        format!("the way out {p} is on the stairway; an escape leaves by another way"),
                    );
                } else if raw.hero_starts.iter().any(|s| pos(*s) == p) {
                    err(path, format!("the way out {p} is a hero's start square"));
                } else if !out.contains(&p) {
                    out.push(p);
                }
            }
            // The heroes leave by the way out, so there is no stairway to return to.
            (ObjectiveKind::Escape(out), false)
        }
        RawObjective::Rescue {
            name,
            at,
            body,
            defend,
            return_to_stairway,
        } => {
            let p = pos(*at);
            if name.trim().is_empty() {
                err(vec![Field("objective")], "the captive needs a name".into());
            }
            if !on_board(p) || solid(p) {
                err(
                    vec![Field("objective")],
                    format!("the captive's square {p} is off the board or not walkable"),
                );
            } else if stair.contains(p) || raw.hero_starts.iter().any(|s| pos(*s) == p) {
                err(
                    vec![Field("objective")],
                    format!("the captive's square {p} is on the stairway or a hero's start square"),
                );
            } else if monsters.iter().any(|m| m.at == p) {
                err(
                    vec![Field("objective")],
                    format!("a monster already stands on the captive's square {p}"),
                );
            }
            if !(1..=10).contains(body) || *defend > 6 {
                err(
                    vec![Field("objective")],
                    format!("the captive's body must be 1 to 10 and defend 0 to 6 (got {body} and {defend})"),
                );
            }
            (
                ObjectiveKind::Rescue(Captive {
                    name: name.clone(),
                    at: p,
                    body: *body,
                    defend: *defend,
                }),
                *return_to_stairway,
            )
        }
    };

    // Events: every square, room, door, name and group they mention must exist.
    let mut events = Vec::new();
    let mut groups: BTreeSet<String> = monsters.iter().filter_map(|m| m.group.clone()).collect();
    // Names and groups of monsters that events bring in count wherever the events list them.
    let mut later_names: BTreeSet<String> = BTreeSet::new();
    for e in &raw.events {
        for f in &e.then {
            if let RawEffect::Spawn { monsters } = f {
                groups.extend(monsters.iter().filter_map(|m| m.group.clone()));
                later_names.extend(monsters.iter().filter_map(|m| m.name.clone()));
            }
        }
    }
    for (i, e) in raw.events.iter().enumerate() {
        let path = vec![Field("events"), Index(i)];
        let when = [path.clone(), vec![Field("when")]].concat();
        let room_of = |sq: (i32, i32)| -> Result<u16, String> {
            let p = pos(sq);
            if on_board(p) && board.area(p) != board::CORRIDOR {
                Ok(board.area(p))
            } else {
                Err(format!("{p} is not a square inside a room"))
            }
        };
        let door_between = |a: (i32, i32), b: (i32, i32)| -> Result<u32, String> {
            let edge = Edge::new(pos(a), pos(b));
            if let Some(i) = doors.iter().position(|(d, _)| *d == edge) {
                Ok(i as u32)
            } else if let Some(i) = secret_doors.iter().position(|d| *d == edge) {
                Ok((doors.len() + i) as u32)
            } else {
                Err(format!(
                    "there is no door or secret door between {} and {}",
                    pos(a),
                    pos(b)
                ))
            }
        };
        let trigger = match &e.when {
            RawTrigger::EntersRoom { room } => room_of(*room).map(Trigger::EntersArea),
            RawTrigger::EntersSquare { at } => {
                let p = pos(*at);
                if !on_board(p) || solid(p) {
                    Err(format!("{p} is off the board or not walkable"))
                } else {
                    Ok(Trigger::EntersSquare(p))
                }
            }
            RawTrigger::DoorOpened { at, to } => door_between(*at, *to).map(Trigger::DoorOpened),
            RawTrigger::Searched { search, room } => room_of(*room).map(|a| {
                let kind = match search {
                    RawSearch::Treasure => SearchKind::Treasure,
                    RawSearch::Traps => SearchKind::Traps,
                    RawSearch::SecretDoors => SearchKind::SecretDoors,
                };
                Trigger::Searched(kind, a)
            }),
            RawTrigger::Killed { names: wanted } => {
                match wanted.iter().find(|n| !names.contains(*n) && !later_names.contains(*n)) {
                    _ if wanted.is_empty() => Err("Killed needs at least one name".into()),
                    Some(n) => Err(format!("no monster is named \"{n}\"")),
                    None => Ok(Trigger::Killed(wanted.clone())),
                }
            }
            RawTrigger::GroupKilled { group } => {
                if groups.contains(group) {
                    Ok(Trigger::GroupKilled(group.clone()))
                } else {
                    Err(format!("no monster is in the group \"{group}\""))
                }
            }
            RawTrigger::Round(n) if *n >= 1 => Ok(Trigger::Round(*n)),
            RawTrigger::Round(n) => Err(format!("rounds count from 1, not {n}")),
            RawTrigger::HeroDies => Ok(Trigger::HeroDies),
        };
        let trigger = match trigger {
            Ok(t) => Some(t),
            Err(msg) => {
                err(when, msg);
                None
            }
        };
        if e.then.is_empty() {
            err(
                [path.clone(), vec![Field("then")]].concat(),
                "an event needs at least one effect".into(),
            );
        }
        let mut effects = Vec::new();
        for (j, f) in e.then.iter().enumerate() {
            let fpath = [path.clone(), vec![Field("then"), Index(j)]].concat();
            let effect = match f {
                RawEffect::Message(text) if text.trim().is_empty() => Err("a message cannot be empty".to_string()),
                RawEffect::Message(text) => Ok(Effect::Message(text.clone())),
                RawEffect::Reveal { room } => room_of(*room).map(Effect::Reveal),
                RawEffect::OpenDoor { at, to } => door_between(*at, *to).map(Effect::OpenDoor),
                RawEffect::LockDoor { at, to } => door_between(*at, *to).map(Effect::LockDoor),
                RawEffect::UnlockDoor { at, to } => door_between(*at, *to).map(Effect::UnlockDoor),
                RawEffect::Spawn { monsters: raws } if raws.is_empty() => {
                    Err("Spawn needs at least one monster".to_string())
                }
                RawEffect::Spawn { monsters: raws } => {
                    let mut spawned = Vec::new();
                    for (k, m) in raws.iter().enumerate() {
                        let mpath = [fpath.clone(), vec![Field("monsters"), Index(k)]].concat();
                        let Some(monster) = check_monster(&rules, m, &mpath, &mut names, &mut err) else {
                            continue;
                        };
                        if let Some(why) = monster_square_problem(monster.at) {
                            err(
                                [mpath, vec![Field("at")]].concat(),
                                format!("monster \"{}\" at {} {why}", m.kind, monster.at),
                            );
                            continue;
                        }
                        spawned.push(monster);
                    }
                    Ok(Effect::Spawn(spawned))
                }
                RawEffect::GiveGold { amount } => Ok(Effect::GiveGold(*amount)),
                RawEffect::Give { item } if rules.potions.contains_key(item) || known_thing(item) => {
                    Ok(Effect::Give(item.clone()))
                }
                RawEffect::Give { item } => Err(format!(
                    "unknown item \"{item}\" (not a potion, weapon, armour or item of the rule set)"
                )),
                RawEffect::CompleteObjective => Ok(Effect::CompleteObjective),
                RawEffect::FailQuest => Ok(Effect::FailQuest),
            };
            match effect {
                Ok(f) => effects.push(f),
                Err(msg) => err(fpath, msg),
            }
        }
        if e.before_round == Some(0) || e.before_round == Some(1) {
            err(
                vec![Field("events"), Index(i), Field("before_round")],
                "before_round must be 2 or more (round 1 is the first)".into(),
            );
        }
        if let Some(when) = trigger {
            events.push(QuestEvent {
                when,
                then: effects,
                repeat: e.repeat,
                before_round: e.before_round,
            });
        }
    }
    if !rules.monsters.contains_key(&raw.wandering_monster) {
        err(
            vec![Field("wandering_monster")],
            format!("unknown wandering monster kind \"{}\"", raw.wandering_monster),
        );
    }

    if !ps.is_empty() {
        return Err(ps);
    }
    let sight = {
        let mut open: Vec<u8> = (0..board.len()).map(|i| !board.walls_at(i) & 0x0F).collect();
        for edge in doors.iter().map(|(e, _)| e).chain(secret_doors.iter()) {
            board.open_side(&mut open, edge.0, edge.1);
        }
        Arc::new(crate::rules::los::SightBound::new(board.width, board.height, open))
    };
    Ok(Quest {
        id: id.to_string(),
        name: raw.name.clone(),
        briefing: raw.briefing.clone(),
        board: Arc::new(board),
        board_file,
        system,
        rules: Arc::new(rules),
        hero_starts: raw.hero_starts.iter().take(heroes.len()).map(|s| pos(*s)).collect(),
        heroes,
        stairway: stair,
        doors,
        monsters,
        furniture,
        blocked,
        objective: Objective {
            kind,
            return_to_stairway: ret,
        },
        wandering_monster: raw.wandering_monster.clone(),
        traps,
        secret_doors,
        treasure,
        gear,
        spell_schools: raw.spell_schools.clone(),
        events,
        hero_names: BTreeMap::new(),
        left_out: Vec::new(),
        modules,
        sight,
    })
}
