//! LEGO Heroica, the rule system behind the seam (`game/system.rs`; shared/rules/heroica.md;
//! docs/heroica.md). The figures are the engine's figures (a hero's health is its `Body`), with
//! a `HeroPack`, a `Healing` mark and a monster's `Strength`; what lies on the spaces is a
//! `Placed` entity, a rock a `Rock`, the doors the engine's `Door`s, and the turn's stage
//! `HeroicaTurn`. Every command reads them into the pure `rules::heroica::play::Table`, which
//! acts with the game's dice stream, and the changes are written back to the components.

pub mod describe;

use std::collections::BTreeMap;

use bevy::prelude::*;
use rand::Rng;

use super::model::Command;
use super::model::*;
use super::snapshot::Snapshot;
use super::world::rng;
use crate::quest::Quest;
use crate::rules::geometry::Pos;
use crate::rules::heroica::play::{Act, End, Happening, HeroPiece, Holder, MonsterPiece, Pack, Side, Table, TurnState};
use crate::rules::heroica::{HeroicaTables, Thing};

/// A hero's Hero Pack: gold, potions, keys, weapons, relics, the monsters it defeated.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct HeroPack(pub Pack);

/// A hero that lost all its health and heals on its turns (heroica.md, Health).
#[derive(Component, Clone, Copy, Debug)]
pub struct Healing;

/// A monster's strength: the health a hero loses to it (heroica.md, Monsters).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength(pub u8);

/// A thing on a space: loose, in a chest or in a coffin.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub at: Pos,
    pub holder: Holder,
    pub thing: Thing,
}

/// A rock on a space.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rock(pub Pos);

/// Where the turn stands under Heroica's rules (the engine's `Turn` mirrors whose it is).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct HeroicaTurn(pub TurnState);

/// Sets out a mission: the heroes on the start spaces, the monsters, the things, the rocks; the
/// whole board in view (checklists §1.2 #3); the first seat's turn.
pub(in crate::game) fn begin(world: &mut World, quest: &Quest) -> Vec<GameEvent> {
    let Some(mission) = quest.mission.clone() else {
        return Vec::new();
    };
    let tables = HeroicaTables::get();
    let mut names = FigureNames(
        Default::default(),
        Some(quest.board.clone()),
        Default::default(),
        false,
        Some(crate::game::model::HeroicaPlaces::new(&mission.spaces, mission.target)),
        String::new(),
    );
    let idle = Fighter {
        attack: 0,
        defend: 0,
        movement: Movement::Fixed(0),
        diagonal: false,
    };
    for (seat, (kind, start)) in quest.heroes.iter().zip(&quest.hero_starts).enumerate() {
        let name = quest
            .hero_names
            .get(kind)
            .cloned()
            .or_else(|| tables.heroes.get(kind).map(|d| d.name.clone()))
            .unwrap_or_else(|| kind.clone());
        let id = FigureId(seat as u32);
        names.0.insert(id, name.clone());
        let pack = quest.gear.get(kind).map(|g| Pack {
            gold: g.gold,
            potions: g.potions.clone(),
            weapons: g
                .items
                .iter()
                .filter(|i| tables.weapons.contains_key(*i))
                .cloned()
                .collect(),
            relics: g
                .items
                .iter()
                .filter(|i| tables.relics.contains_key(*i))
                .cloned()
                .collect(),
            ..Default::default()
        });
        world.spawn((
            Name::new(name.clone()),
            QuestEntity,
            id,
            Hero {
                class: kind.clone(),
                name,
                seat,
            },
            Body::full(tables.health),
            idle,
            GridPos(*start),
            HeroPack(pack.unwrap_or_default()),
            // The engine's panels and saves read these of every hero; Heroica uses none.
            (
                Equipment::default(),
                Inventory::default(),
                Status::default(),
                Mind { current: 0, max: 0 },
                Spellbook::default(),
            ),
        ));
    }
    let first_monster = quest.heroes.len() as u32;
    for (i, m) in mission.monsters.iter().enumerate() {
        let id = FigureId(first_monster + i as u32);
        names.0.insert(id, m.name.clone());
        spawn_monster(world, id, &m.kind, &m.name, m.strength, m.at);
    }
    for (holder, list) in [
        (Holder::Loose, &mission.items),
        (Holder::Chest, &mission.chests),
        (Holder::Coffin, &mission.coffins),
    ] {
        for (at, thing) in list {
            world.spawn((
                Name::new("heroica thing"),
                QuestEntity,
                Placed {
                    at: *at,
                    holder,
                    thing: thing.clone(),
                },
            ));
        }
    }
    for at in &mission.rocks {
        world.spawn((Name::new("rock"), QuestEntity, Rock(*at)));
    }
    if let Some(mut fog) = world.get_resource_mut::<Fog>() {
        fog.revealed.iter_mut().for_each(|r| *r = true);
    }
    names.2 = world.query::<&Door>().iter(world).map(|d| (d.id, d.edge)).collect();
    world.insert_resource(names);
    world.insert_resource(Dungeon::default());
    world.insert_resource(HeroicaTurn(TurnState::default()));
    world.insert_resource(Turn {
        round: 1,
        phase: Phase::Hero(FigureId(0)),
        progress: Default::default(),
        objective_done: false,
        draft: None,
        pending: None,
        acting: None,
        done: Default::default(),
    });
    vec![GameEvent::TurnStarted {
        round: 1,
        actor: Actor::Hero(FigureId(0)),
    }]
}

fn spawn_monster(world: &mut World, id: FigureId, kind: &str, name: &str, strength: u8, at: Pos) {
    world.spawn((
        Name::new(name.to_string()),
        QuestEntity,
        id,
        Monster {
            kind: kind.to_string(),
            name: None,
            undead: false,
            only_harmed_by: None,
            abilities: Vec::new(),
        },
        Body { current: 1, max: 1 },
        Fighter {
            attack: 0,
            defend: 0,
            movement: Movement::Fixed(0),
            diagonal: false,
        },
        Strength(strength),
        GridPos(at),
        Awake,
        Status::default(),
    ));
}

/// The mission in play as the pure rules see it, read from the world.
pub(in crate::game) fn capture(world: &mut World) -> Option<Table> {
    let quest = world.get_resource::<ActiveQuest>()?.0.clone();
    let mission = quest.mission.clone()?;
    let turn = world.get_resource::<HeroicaTurn>()?.0.clone();
    let mut spaces = mission.spaces.clone();
    let mut doors = BTreeMap::new();
    for d in world.query::<&Door>().iter(world) {
        if let Some(kind) = mission.doors.get(&d.edge) {
            doors.insert(d.edge, (*kind, d.open));
            if d.open {
                spaces.set_door(d.edge.0, d.edge.1, false);
            }
        }
    }
    let mut heroes: Vec<HeroPiece> = world
        .query::<(&FigureId, &Hero, &Body, Option<&GridPos>, &HeroPack, Has<Healing>)>()
        .iter(world)
        .filter_map(|(id, h, body, at, pack, healing)| {
            Some(HeroPiece {
                id: id.0,
                kind: h.class.clone(),
                seat: h.seat,
                at: at?.0,
                health: body.current,
                max: body.max,
                healing,
                pack: pack.0.clone(),
            })
        })
        .collect();
    heroes.sort_by_key(|h| h.id);
    let mut monsters: Vec<MonsterPiece> = world
        .query::<(&FigureId, &Monster, &Strength, Option<&GridPos>)>()
        .iter(world)
        .map(|(id, m, s, at)| MonsterPiece {
            id: id.0,
            kind: m.kind.clone(),
            strength: s.0,
            at: at.map(|p| p.0),
        })
        .collect();
    monsters.sort_by_key(|m| m.id);
    let things = world
        .query::<&Placed>()
        .iter(world)
        .map(|p| (p.at, (p.holder, p.thing.clone())))
        .collect();
    let rocks = world.query::<&Rock>().iter(world).map(|r| r.0).collect();
    Some(Table {
        spaces,
        target: mission.target,
        heroes,
        monsters,
        things,
        rocks,
        doors,
        buttons: mission.buttons.clone(),
        battle: quest.modules.battle(),
        turn,
    })
}

/// The act a command asks for (None: no command of Heroica's).
pub fn act_of(cmd: &Command) -> Option<Act> {
    Some(match cmd {
        Command::RollMovement { hero } => Act::Roll { figure: hero.0 },
        Command::Move { figure, path } => Act::Move {
            figure: figure.0,
            path: path.clone(),
        },
        Command::Attack { attacker, target } => Act::Fight {
            figure: attacker.0,
            target: target.0,
        },
        Command::UseSkill {
            figure,
            skill,
            target,
            to,
        } => Act::Skill {
            figure: figure.0,
            skill: skill.clone(),
            target: target.map(|t| t.0),
            to: *to,
        },
        Command::DrinkPotion { hero, potion } => Act::Drink {
            figure: hero.0,
            potion: potion.clone(),
            target: None,
        },
        Command::DrinkAt { hero, potion, target } => Act::Drink {
            figure: hero.0,
            potion: potion.clone(),
            target: Some(target.0),
        },
        Command::Buy { hero, item } => Act::Buy {
            figure: hero.0,
            item: item.clone(),
        },
        Command::TakeRoll { hero } => Act::TakeRoll { figure: hero.0 },
        Command::EndTurn => Act::EndTurn,
        _ => return None,
    })
}

/// The command that asks for an act.
pub fn command_of(act: &Act) -> Command {
    match act {
        Act::Roll { figure } => Command::RollMovement {
            hero: FigureId(*figure),
        },
        Act::Move { figure, path } => Command::Move {
            figure: FigureId(*figure),
            path: path.clone(),
        },
        Act::Fight { figure, target } => Command::Attack {
            attacker: FigureId(*figure),
            target: FigureId(*target),
        },
        Act::Skill {
            figure,
            skill,
            target,
            to,
        } => Command::UseSkill {
            figure: FigureId(*figure),
            skill: skill.clone(),
            target: target.map(FigureId),
            to: *to,
        },
        Act::Drink {
            figure,
            potion,
            target: None,
        } => Command::DrinkPotion {
            hero: FigureId(*figure),
            potion: potion.clone(),
        },
        Act::Drink {
            figure,
            potion,
            target: Some(t),
        } => Command::DrinkAt {
            hero: FigureId(*figure),
            potion: potion.clone(),
            target: FigureId(*t),
        },
        Act::Buy { figure, item } => Command::Buy {
            hero: FigureId(*figure),
            item: item.clone(),
        },
        Act::TakeRoll { figure } => Command::TakeRoll {
            hero: FigureId(*figure),
        },
        Act::EndTurn => Command::EndTurn,
    }
}

/// Every command the side to act may send now.
pub(in crate::game) fn legal(snap: &Snapshot) -> Vec<Command> {
    snap.table
        .as_ref()
        .map(|t| t.legal(HeroicaTables::get()).iter().map(command_of).collect())
        .unwrap_or_default()
}

/// Carries out one command under Heroica's rules.
pub(in crate::game) fn apply(world: &mut World, snap: Snapshot, cmd: &Command) -> Result<Vec<GameEvent>, String> {
    let act = act_of(cmd)
        .ok_or("LEGO Heroica has no such move: roll, move, fight, use a skill, drink, buy or end the turn")?;
    let before = match snap.table {
        Some(t) => (*t).clone(),
        None => capture(world).ok_or("no mission is in play")?,
    };
    let mut after = before.clone();
    let happened = {
        let mut roll = || rng(world).random_range(0..6u8);
        after.act(&act, HeroicaTables::get(), &mut roll)?
    };
    write_back(world, &before, &after);
    Ok(events(world, &after, happened))
}

/// The changes an act made, put into the components.
fn write_back(world: &mut World, before: &Table, after: &Table) {
    let mut entities: BTreeMap<u32, Entity> = BTreeMap::new();
    for (e, id) in world.query::<(Entity, &FigureId)>().iter(world) {
        entities.insert(id.0, e);
    }
    for h in &after.heroes {
        let Some(&e) = entities.get(&h.id) else { continue };
        if before.hero(h.id) == Some(h) {
            continue;
        }
        let mut ent = world.entity_mut(e);
        ent.insert(GridPos(h.at));
        if let Some(mut body) = ent.get_mut::<Body>() {
            body.current = h.health;
        }
        if ent.get::<HeroPack>().map(|p| &p.0) != Some(&h.pack) {
            ent.insert(HeroPack(h.pack.clone()));
        }
        if h.healing {
            ent.insert(Healing);
        } else {
            ent.remove::<Healing>();
        }
    }
    for m in &after.monsters {
        match entities.get(&m.id) {
            None => {
                if let Some(at) = m.at {
                    let name = HeroicaTables::get()
                        .monsters
                        .get(&m.kind)
                        .map_or(m.kind.clone(), |d| d.name.clone());
                    spawn_monster(world, FigureId(m.id), &m.kind, &name, m.strength, at);
                    if let Some(mut names) = world.get_resource_mut::<FigureNames>() {
                        names.0.insert(FigureId(m.id), name);
                    }
                }
            }
            Some(&e) if before.monster(m.id) != Some(m) => {
                let mut ent = world.entity_mut(e);
                match m.at {
                    Some(at) => {
                        ent.insert(GridPos(at));
                    }
                    None => {
                        ent.remove::<GridPos>();
                        if let Some(mut body) = ent.get_mut::<Body>() {
                            body.current = 0;
                        }
                    }
                }
            }
            Some(_) => {}
        }
    }
    if after.things != before.things {
        let gone: Vec<Entity> = world
            .query::<(Entity, &Placed)>()
            .iter(world)
            .filter(|(_, p)| !after.things.contains_key(&p.at))
            .map(|(e, _)| e)
            .collect();
        for e in gone {
            world.despawn(e);
        }
    }
    if after.rocks != before.rocks {
        let gone: Vec<Entity> = world
            .query::<(Entity, &Rock)>()
            .iter(world)
            .filter(|(_, r)| !after.rocks.contains(&r.0))
            .map(|(e, _)| e)
            .collect();
        for e in gone {
            world.despawn(e);
        }
    }
    if after.doors != before.doors {
        for mut d in world.query::<&mut Door>().iter_mut(world) {
            if after.doors.get(&d.edge).is_some_and(|(_, open)| *open) && !d.open {
                d.open = true;
                d.locked = false;
            }
        }
    }
    if after.turn != before.turn {
        world.insert_resource(HeroicaTurn(after.turn.clone()));
        let phase = match (after.turn.over, after.turn.side) {
            (Some(End::Won(_)), _) => Phase::Over(Outcome::Won),
            (Some(End::MonstersWon), _) => Phase::Over(Outcome::Lost),
            (None, Side::Hero(id)) => Phase::Hero(FigureId(id)),
            (None, Side::Monsters) => Phase::Sorcerer,
        };
        let mut turn = world.resource_mut::<Turn>();
        if turn.phase != phase || turn.round != after.turn.round {
            turn.phase = phase;
            turn.round = after.turn.round;
        }
    }
}

/// The engine's events for what happened: steps, doors, turns and the end in the engine's own
/// words (the board slides figures, the log and `simulate` count them), the rest as Heroica's.
fn events(world: &World, after: &Table, happened: Vec<Happening>) -> Vec<GameEvent> {
    let door_ids: BTreeMap<_, u32> = world
        .iter_entities()
        .filter_map(|e| e.get::<Door>().map(|d| (d.edge, d.id)))
        .collect();
    let mut out = Vec::new();
    // Each run of steps by one figure is summed up in one line after it.
    let mut run: Option<(u32, u8, Pos)> = None;
    let flush = |run: &mut Option<(u32, u8, Pos)>, out: &mut Vec<GameEvent>| {
        if let Some((figure, spaces, to)) = run.take() {
            out.push(GameEvent::Heroica(Happening::Walked { figure, spaces, to }));
        }
    };
    for h in happened {
        match &h {
            Happening::Stepped { figure, to, .. } => {
                run = match run {
                    Some((f, n, _)) if f == *figure => Some((f, n.saturating_add(1), *to)),
                    other => {
                        let mut other = other;
                        flush(&mut other, &mut out);
                        Some((*figure, 1, *to))
                    }
                };
            }
            _ => flush(&mut run, &mut out),
        }
        match h {
            Happening::Stepped { figure, from, to } => out.push(if after.is_hero(figure) {
                GameEvent::HeroMoved {
                    figure: FigureId(figure),
                    from,
                    to,
                }
            } else {
                GameEvent::MonsterMoved {
                    figure: FigureId(figure),
                    from,
                    to,
                }
            }),
            Happening::DoorOpened { edge, by } => {
                if let Some(door) = door_ids.get(&edge) {
                    out.push(GameEvent::DoorOpened {
                        door: *door,
                        by: FigureId(by),
                    });
                }
            }
            Happening::TurnBegan { side, round } => out.push(GameEvent::TurnStarted {
                round,
                actor: match side {
                    Side::Hero(id) => Actor::Hero(FigureId(id)),
                    Side::Monsters => Actor::Sorcerer,
                },
            }),
            Happening::Won { .. } => {
                out.push(GameEvent::Heroica(h));
                out.push(GameEvent::QuestWon {
                    round: after.turn.round,
                });
            }
            Happening::MonstersWon => {
                out.push(GameEvent::Heroica(h));
                out.push(GameEvent::QuestLost {
                    round: after.turn.round,
                });
            }
            other => out.push(GameEvent::Heroica(other)),
        }
    }
    flush(&mut run, &mut out);
    out
}
