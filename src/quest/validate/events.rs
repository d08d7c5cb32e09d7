//! Events: every square, room, door, monster name and group their triggers and effects mention
//! must exist; monsters they bring in are checked like those placed at the start.

use super::*;

impl Ctx<'_> {
    /// The room that holds square `sq`.
    fn room_of(&self, sq: (i32, i32)) -> Result<u16, String> {
        let p = pos(sq);
        if self.on_board(p) && self.board.area(p) != CORRIDOR {
            Ok(self.board.area(p))
        } else {
            Err(format!("{p} is not a square inside a room"))
        }
    }

    /// The door between two squares: its index among the doors, then the secret doors.
    fn door_between(&self, a: (i32, i32), b: (i32, i32)) -> Result<u32, String> {
        let edge = Edge::new(pos(a), pos(b));
        if let Some(i) = self.doors.iter().position(|(d, _)| *d == edge) {
            Ok(i as u32)
        } else if let Some(i) = self.secret_doors.iter().position(|d| *d == edge) {
            Ok((self.doors.len() + i) as u32)
        } else {
            Err(format!(
                "there is no door or secret door between {} and {}",
                pos(a),
                pos(b)
            ))
        }
    }
}

/// Groups and names of monsters that events bring in: they count wherever the events list them.
struct Later {
    /// Every group: of the monsters placed at the start and of those events bring in.
    groups: BTreeSet<String>,
    /// Names of the monsters events bring in.
    names: BTreeSet<String>,
}

/// The events that passed.
pub(super) fn check(cx: &mut Ctx, monsters: &[QuestMonster]) -> Vec<QuestEvent> {
    let raw = cx.raw;
    let mut events = Vec::new();
    let mut later = Later {
        groups: monsters.iter().filter_map(|m| m.group.clone()).collect(),
        names: BTreeSet::new(),
    };
    fn scan(f: &RawEffect, later: &mut Later) {
        match f {
            RawEffect::Spawn { monsters } => {
                later.groups.extend(monsters.iter().filter_map(|m| m.group.clone()));
                later.names.extend(monsters.iter().filter_map(|m| m.name.clone()));
            }
            RawEffect::Test { pass, fail, .. } => pass.iter().chain(fail).for_each(|g| scan(g, later)),
            _ => {}
        }
    }
    for e in &raw.events {
        for f in &e.then {
            scan(f, &mut later);
        }
    }
    for (i, e) in raw.events.iter().enumerate() {
        let path = vec![Field("events"), Index(i)];
        let trigger = match trigger(cx, &e.when, &later) {
            Ok(t) => Some(t),
            Err(msg) => {
                cx.out.err(sub(&path, &[Field("when")]), msg);
                None
            }
        };
        if e.then.is_empty() {
            cx.out.err(
                sub(&path, &[Field("then")]),
                "an event needs at least one effect".into(),
            );
        }
        let mut effects = Vec::new();
        for (j, f) in e.then.iter().enumerate() {
            let fpath = sub(&path, &[Field("then"), Index(j)]);
            match effect(cx, f, &fpath) {
                Ok(f) => effects.push(f),
                Err(msg) => cx.out.err(fpath, msg),
            }
        }
        if e.before_round == Some(0) || e.before_round == Some(1) {
            cx.out.err(
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
    events
}

/// One event's trigger, or why it cannot be.
fn trigger(cx: &Ctx, when: &RawTrigger, later: &Later) -> Result<Trigger, String> {
    match when {
        RawTrigger::EntersRoom { room } => cx.room_of(*room).map(Trigger::EntersArea),
        RawTrigger::EntersSquare { at } => {
            let p = pos(*at);
            if !cx.walkable(p) {
                Err(format!("{p} is off the board or not walkable"))
            } else {
                Ok(Trigger::EntersSquare(p))
            }
        }
        RawTrigger::DoorOpened { at, to } => cx.door_between(*at, *to).map(Trigger::DoorOpened),
        RawTrigger::Searched { search, room } => cx.room_of(*room).map(|a| {
            let kind = match search {
                RawSearch::Treasure => SearchKind::Treasure,
                RawSearch::Traps => SearchKind::Traps,
                RawSearch::SecretDoors => SearchKind::SecretDoors,
            };
            Trigger::Searched(kind, a)
        }),
        RawTrigger::Killed { names: wanted } => {
            match wanted
                .iter()
                .find(|n| !cx.names.contains(*n) && !later.names.contains(*n))
            {
                _ if wanted.is_empty() => Err("Killed needs at least one name".into()),
                Some(n) => Err(format!("no monster is named \"{n}\"")),
                None => Ok(Trigger::Killed(wanted.clone())),
            }
        }
        RawTrigger::GroupKilled { group } => {
            if later.groups.contains(group) {
                Ok(Trigger::GroupKilled(group.clone()))
            } else {
                Err(format!("no monster is in the group \"{group}\""))
            }
        }
        RawTrigger::Round(n) if *n >= 1 => Ok(Trigger::Round(*n)),
        RawTrigger::Round(n) => Err(format!("rounds count from 1, not {n}")),
        RawTrigger::HeroDies => Ok(Trigger::HeroDies),
        RawTrigger::GotOut => Ok(Trigger::GotOut),
        RawTrigger::Investigated { at } => {
            let p = pos(*at);
            if cx.on_board(p) {
                Ok(Trigger::Investigated(p))
            } else {
                Err(format!("{p} is off the board"))
            }
        }
    }
}

/// One effect of an event (at `fpath`), or why it cannot be.
fn effect(cx: &mut Ctx, f: &RawEffect, fpath: &[PathPart]) -> Result<Effect, String> {
    match f {
        RawEffect::Message(text) if text.trim().is_empty() => Err("a message cannot be empty".to_string()),
        RawEffect::Message(text) => Ok(Effect::Message(text.clone())),
        RawEffect::Reveal { room } => cx.room_of(*room).map(Effect::Reveal),
        RawEffect::OpenDoor { at, to } => cx.door_between(*at, *to).map(Effect::OpenDoor),
        RawEffect::LockDoor { at, to } => cx.door_between(*at, *to).map(Effect::LockDoor),
        RawEffect::UnlockDoor { at, to } => cx.door_between(*at, *to).map(Effect::UnlockDoor),
        RawEffect::Spawn { monsters: raws } if raws.is_empty() => Err("Spawn needs at least one monster".to_string()),
        RawEffect::Spawn { monsters: raws } => Ok(Effect::Spawn(spawn(cx, raws, fpath))),
        RawEffect::GiveGold { amount } if *amount == 0 || *amount > MAX_GOLD_GIVEN => {
            Err(format!("GiveGold gives 1 to {MAX_GOLD_GIVEN} gold, not {amount}"))
        }
        RawEffect::GiveGold { amount } => Ok(Effect::GiveGold(*amount)),
        RawEffect::Give { item } if cx.rules.potions.contains_key(item) || cx.known_thing(item) => {
            Ok(Effect::Give(item.clone()))
        }
        RawEffect::Give { item } => Err(format!(
            "unknown item \"{item}\" (not a potion, weapon, armour or item of the rule set)"
        )),
        RawEffect::CompleteObjective => Ok(Effect::CompleteObjective),
        RawEffect::FailQuest => Ok(Effect::FailQuest),
        RawEffect::Test { test, pass, fail } => {
            if pass.is_empty() && fail.is_empty() {
                return Err("a test needs an effect when it is passed or when it is failed".into());
            }
            let mut branch = |list: &[RawEffect], name: &'static str| {
                let mut out = Vec::new();
                for (k, g) in list.iter().enumerate() {
                    let gpath = sub(fpath, &[Field(name), Index(k)]);
                    match effect(cx, g, &gpath) {
                        Ok(g) => out.push(g),
                        Err(msg) => cx.out.err(gpath, msg),
                    }
                }
                out
            };
            let pass = branch(pass, "pass");
            let fail = branch(fail, "fail");
            Ok(Effect::Test {
                test: *test,
                pass,
                fail,
            })
        }
    }
}

/// The monsters a Spawn effect brings in that passed; their names join `cx.names`.
fn spawn(cx: &mut Ctx, raws: &[RawMonster], fpath: &[PathPart]) -> Vec<QuestMonster> {
    let mut spawned = Vec::new();
    for (k, m) in raws.iter().enumerate() {
        let mpath = sub(fpath, &[Field("monsters"), Index(k)]);
        let Some(monster) = monsters::check_monster(&cx.rules, m, &mpath, &mut cx.names, &mut cx.out) else {
            continue;
        };
        if let Some(why) = cx.monster_square_problem(monster.at) {
            cx.out.err(
                sub(&mpath, &[Field("at")]),
                format!("monster \"{}\" at {} {why}", m.kind, monster.at),
            );
            continue;
        }
        spawned.push(monster);
    }
    spawned
}
