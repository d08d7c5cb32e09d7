//! Issue 20, step 5: the legality invariant. Seeded bot games under every rule system and module
//! combination; at decision points, every command the rule system lists (`RuleSystem::legal`) is accepted
//! (tried on a copy of the game rebuilt from its commands), and commands it does not list are
//! refused with nothing changed. The bots' own commands are always among the listed ones.

use std::sync::Arc;

use bevy::prelude::World;
use hollowdeep::ai::{HeroBot, SorcererLevel};
use hollowdeep::game::logic;
use hollowdeep::game::model::*;
use hollowdeep::game::snapshot::Snapshot;
use hollowdeep::rules::geometry::Pos;
use hollowdeep::sim::{Matchup, headless_world};

/// What a refused command must leave as it was.
fn fingerprint(world: &mut World) -> String {
    let snap = Snapshot::capture(world).expect("quest in play");
    format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{}",
        snap.figures,
        snap.turn,
        snap.doors,
        snap.traps,
        snap.dungeon,
        world.resource::<CommandLog>().0.len()
    )
}

fn rejected(evs: &[GameEvent]) -> Option<String> {
    evs.iter().find_map(|e| match e {
        GameEvent::CommandRejected { reason } => Some(reason.clone()),
        _ => None,
    })
}

/// Commands worth trying that the list may not hold: every kind, for the figure acting and for
/// one that is not, aimed at every figure, door and trap.
fn universe(snap: &Snapshot) -> Vec<Command> {
    let mut v = vec![Command::EndTurn, Command::PlaceWanderer { at: Pos::new(0, 0) }];
    let ids: Vec<FigureId> = snap.figures.iter().map(|f| f.id).collect();
    for f in snap.figures.iter().filter(|f| f.alive()) {
        let id = f.id;
        let at = f.pos.unwrap_or(Pos::new(0, 0));
        v.push(Command::RollMovement { hero: id });
        for n in at.neighbours() {
            v.push(Command::Move {
                figure: id,
                path: vec![n],
            });
        }
        v.push(Command::Move {
            figure: id,
            path: vec![Pos::new(at.x + 2, at.y)],
        });
        for t in &ids {
            v.push(Command::Attack {
                attacker: id,
                target: *t,
            });
            for spell in [
                "fear",
                "lightning_bolt",
                "sleep",
                "ball_of_flame",
                "heal_body",
                "summon_orcs",
            ] {
                v.push(Command::CastSpell {
                    caster: id,
                    spell: spell.into(),
                    target: *t,
                });
            }
            v.push(Command::Give {
                from: id,
                to: *t,
                item: "healing".into(),
            });
        }
        v.push(Command::SearchTreasure { hero: id });
        v.push(Command::SearchTraps { hero: id });
        v.push(Command::SearchSecretDoors { hero: id });
        v.push(Command::ChooseSchool {
            hero: id,
            school: "fire".into(),
        });
        v.push(Command::DrinkPotion {
            hero: id,
            potion: "healing".into(),
        });
        v.push(Command::PickUp { hero: id });
        v.push(Command::Retreat { hero: id });
        v.push(Command::Wield {
            hero: id,
            weapon: "dagger".into(),
        });
        for d in snap.doors.iter() {
            v.push(Command::OpenDoor { hero: id, door: d.id });
            v.push(Command::CloseDoor { hero: id, door: d.id });
        }
        for t in snap.traps.iter() {
            v.push(Command::DisarmTrap { hero: id, trap: t.id });
            for to in t.at.neighbours() {
                v.push(Command::JumpTrap {
                    hero: id,
                    trap: t.id,
                    to,
                });
            }
        }
    }
    v
}

/// The game so far, rebuilt in a fresh world from its seed and commands.
fn copy(quest: &Arc<hollowdeep::quest::Quest>, seed: u64, matchup: Matchup, commands: &[Command]) -> World {
    let mut w = headless_world(quest.clone(), seed, matchup);
    for c in commands {
        logic::submit(&mut w, c.clone());
    }
    w
}

/// The same command as far as the list goes: a move by its figure and where it ends.
fn same(a: &Command, b: &Command) -> bool {
    match (a, b) {
        (Command::Move { figure: f, path: p }, Command::Move { figure: g, path: q }) => f == g && p.last() == q.last(),
        _ => a == b,
    }
}

fn check_game(quest: Arc<hollowdeep::quest::Quest>, seed: u64, matchup: Matchup) -> (u32, u32) {
    let mut world = headless_world(quest.clone(), seed, matchup);
    let (mut tried_listed, mut tried_other) = (0u32, 0u32);
    for step in 0..3000u64 {
        let snap = Snapshot::capture(&mut world).expect("quest in play");
        if matches!(snap.turn.phase, Phase::Over(_)) || snap.turn.round > 40 {
            break;
        }
        let legal = snap.quest.system.legal(&snap);
        let pick = |n: usize, salt: u64| (hollowdeep::ai::mix(seed ^ step << 8 ^ salt) % n as u64) as usize;
        // Listed ones are accepted (on a copy: the game goes on with the bots' choice).
        if step % 5 == 0 && !legal.is_empty() {
            let so_far = world.resource::<CommandLog>().0.clone();
            for k in 0..3 {
                let c = legal[pick(legal.len(), k)].clone();
                let mut w = copy(&quest, seed, matchup, &so_far);
                let evs = logic::submit(&mut w, c.clone());
                assert!(
                    rejected(&evs).is_none(),
                    "{} seed {seed} step {step}: listed {c:?} was refused: {:?}",
                    quest.id,
                    rejected(&evs)
                );
                tried_listed += 1;
            }
        }
        // The computer players choose from the list too.
        let Some(cmd) = hollowdeep::ai::decide(&mut world) else {
            break;
        };
        assert!(
            legal.iter().any(|l| same(l, &cmd)),
            "{} seed {seed} step {step}: a bot sent {cmd:?}, which the list does not hold",
            quest.id
        );
        // Others are refused (tried after the bot has chosen: a bot ends its turn after a refusal), and change nothing.
        let others: Vec<Command> = universe(&snap)
            .into_iter()
            .filter(|c| !legal.iter().any(|l| same(l, c)))
            .collect();
        for k in 0..3 {
            if others.is_empty() {
                break;
            }
            let c = others[pick(others.len(), 100 + k)].clone();
            let before = fingerprint(&mut world);
            let evs = logic::submit(&mut world, c.clone());
            assert!(
                rejected(&evs).is_some() && evs.len() == 1,
                "{} seed {seed} step {step}: {c:?} is not listed, but the rules took it: {evs:?}",
                quest.id
            );
            assert_eq!(before, fingerprint(&mut world), "a refused {c:?} changed the game");
            tried_other += 1;
        }
        let evs = logic::submit(&mut world, cmd.clone());
        assert!(
            rejected(&evs).is_none(),
            "the bots' {cmd:?} was refused: {:?}",
            rejected(&evs)
        );
    }
    (tried_listed, tried_other)
}

#[test]
fn listed_commands_are_accepted_and_the_rest_refused() {
    let mut totals = (0, 0);
    for modules in [
        vec![],
        vec!["referee-dice-pool".to_string()],
        vec!["action-points".to_string()],
    ] {
        for (id, seed, sorcerer, heroes_bot) in [
            ("the-goblin-warren", 1, SorcererLevel::Hard, HeroBot::Random),
            ("the-bone-orchard", 2, SorcererLevel::Classic, HeroBot::Competent),
            ("the-witch-lords-crypt", 3, SorcererLevel::Normal, HeroBot::Greedy),
            ("the-sunken-reliquary", 4, SorcererLevel::Hard, HeroBot::Competent),
            ("the-cartographers-folly", 5, SorcererLevel::Easy, HeroBot::Random),
        ] {
            let q = hollowdeep::quest::load(id).unwrap().with_modules(&modules).unwrap();
            let (a, b) = check_game(Arc::new(q), seed, Matchup { sorcerer, heroes_bot });
            totals.0 += a;
            totals.1 += b;
        }
    }
    assert!(totals.0 > 500 && totals.1 > 5000, "too few commands tried: {totals:?}");
}
