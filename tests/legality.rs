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
    // Revised's advanced game (issue 37).
    v.extend([
        Command::Danger,
        Command::Mastery { pay: true },
        Command::Mastery { pay: false },
        Command::ChooseDungeonCards { cards: Vec::new() },
    ]);
    let ids: Vec<FigureId> = snap.figures.iter().map(|f| f.id).collect();
    for f in snap.figures.iter().filter(|f| f.alive()) {
        let id = f.id;
        for on in [
            FateUse::Recover,
            FateUse::Activation,
            FateUse::Roll(RollKind::Attack),
            FateUse::Roll(RollKind::Defence),
            FateUse::Roll(RollKind::Test),
        ] {
            v.push(Command::SpendFate { hero: id, on });
        }
        v.push(Command::Run { hero: id });
        for furniture in 0..snap.quest.furniture.len().min(3) as u32 {
            v.push(Command::SearchFurniture { hero: id, furniture });
        }
        let at = f.pos.unwrap_or(Pos::new(0, 0));
        v.push(Command::RollMovement { hero: id });
        v.push(Command::Activate { figure: id });
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
        for n in std::iter::once(at).chain(at.neighbours()) {
            v.push(Command::Investigate { hero: id, at: n });
        }
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
            "{} seed {seed} step {step}: a bot sent {cmd:?}, which the list does not hold (phase {:?}, pending {:?}, draft {:?}, active {:?})",
            quest.id,
            snap.turn.phase,
            snap.turn.pending,
            snap.turn.draft,
            snap.active_hero()
                .map(|h| (h.name.clone(), h.pos, h.body, h.mind, h.status.clone()))
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

/// No module, each alone, and both together.
fn module_sets() -> [Vec<String>; 4] {
    [
        vec![],
        vec!["referee-dice-pool".to_string()],
        vec!["action-points".to_string()],
        vec!["action-points".to_string(), "referee-dice-pool".to_string()],
    ]
}

#[test]
fn listed_commands_are_accepted_and_the_rest_refused() {
    let mut totals = (0, 0);
    // Each module alone and both together (issue 35, item 9).
    for modules in module_sets() {
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

/// Issue 36: HeroQuest Revised, alone and with each module and both, keeps the list and the
/// rules in step (doors that never close, disarming by Dexterity, furniture in the way of sight,
/// men-at-arms and the order of a player's activations).
#[test]
fn revised_lists_what_it_accepts_and_refuses_the_rest() {
    let mut totals = (0, 0);
    for modules in module_sets() {
        for (id, seed, sorcerer, heroes_bot) in [
            ("the-goblin-warren", 31, SorcererLevel::Hard, HeroBot::Random),
            ("the-wardens-vault", 32, SorcererLevel::Classic, HeroBot::Competent),
            ("the-sunken-reliquary", 33, SorcererLevel::Normal, HeroBot::Greedy),
        ] {
            let mut q = hollowdeep::quest::load(id)
                .unwrap()
                .under("heroquest-revised")
                .unwrap()
                .with_modules(&modules)
                .unwrap();
            // Men-at-arms (#151–152) with every hero: their activations, the Scout's searches.
            q.men_at_arms = ["scout", "crossbowman", "halberdier", "swordsman"]
                .map(String::from)
                .to_vec();
            let (a, b) = check_game(Arc::new(q), seed, Matchup { sorcerer, heroes_bot });
            totals.0 += a;
            totals.1 += b;
        }
    }
    assert!(totals.0 > 300 && totals.1 > 3000, "too few commands tried: {totals:?}");
}

/// Issue 37: Revised's advanced game, alone and with each module, keeps the list and the rules
/// in step: Morcar's Dungeon cards, Fate each way, Run, furniture, Mastery tests and Danger.
#[test]
fn the_advanced_game_lists_what_it_accepts_and_refuses_the_rest() {
    let mut totals = (0, 0);
    for extra in [
        vec![],
        vec!["referee-dice-pool".to_string()],
        vec!["action-points".to_string()],
        vec!["apprentice-spells".to_string()],
    ] {
        let mut modules = vec!["hqr-advanced".to_string()];
        modules.extend(extra);
        for (id, seed, sorcerer, heroes_bot) in [
            ("the-goblin-warren", 41, SorcererLevel::Hard, HeroBot::Random),
            ("the-wardens-vault", 42, SorcererLevel::Normal, HeroBot::Competent),
            ("the-sunken-reliquary", 43, SorcererLevel::Classic, HeroBot::Greedy),
        ] {
            let q = hollowdeep::quest::load(id)
                .unwrap()
                .under("heroquest-revised")
                .unwrap()
                .with_modules(&modules)
                .unwrap();
            let (a, b) = check_game(Arc::new(q), seed, Matchup { sorcerer, heroes_bot });
            totals.0 += a;
            totals.1 += b;
        }
    }
    assert!(totals.0 > 300 && totals.1 > 3000, "too few commands tried: {totals:?}");
}

/// Issue 34, item 5 (one legality): with every potion and every artifact in the heroes' hands
/// (Heroic Brew's second attack, the Wand of Magic's second spell, the Ring of Return...), under
/// each module and both together, what the list offers is accepted and the random bot's every
/// command too.
#[test]
fn every_potion_and_artifact_in_hand_keeps_the_list_legal() {
    let rules = hollowdeep::rules::ruleset::RuleSet::heroquest_2021();
    let potions: Vec<String> = rules.potions.keys().cloned().collect();
    let artifacts: Vec<String> = rules
        .weapons
        .keys()
        .chain(rules.armor.keys())
        .chain(rules.items.keys())
        .filter(|i| rules.is_artifact(i))
        .cloned()
        .collect();
    assert_eq!(artifacts.len(), 10, "the ten artifacts");
    let mut totals = (0, 0);
    for (k, modules) in module_sets().into_iter().enumerate() {
        let mut q = hollowdeep::quest::load("the-goblin-warren")
            .unwrap()
            .with_modules(&modules)
            .unwrap();
        for h in q.heroes.clone() {
            let g = q.gear.entry(h.clone()).or_default();
            g.weapon = g.weapon.clone().or_else(|| Some(rules.heroes[&h].weapon.clone()));
            g.potions.extend(potions.iter().cloned());
        }
        // Each artifact to the first hero (in seat order) who may carry it.
        for a in &artifacts {
            for h in q.heroes.clone() {
                let g = q.gear.get_mut(&h).unwrap();
                if hollowdeep::quest::gear::may_carry(&rules, &h, a, g).is_ok() {
                    g.items.push(a.clone());
                    break;
                }
            }
        }
        for (seed, sorcerer) in [
            (11 + k as u64, SorcererLevel::Hard),
            (21 + k as u64, SorcererLevel::Normal),
        ] {
            let (a, b) = check_game(
                Arc::new(q.clone()),
                seed,
                Matchup {
                    sorcerer,
                    heroes_bot: HeroBot::Random,
                },
            );
            totals.0 += a;
            totals.1 += b;
        }
    }
    assert!(totals.0 > 100, "too few listed commands tried: {totals:?}");
}

/// The wizard at (5,0) in the top corridor with Heroic Brew, the Wand of Magic and his dagger,
/// an orc beside him at (4,0) and another in sight down the corridor at (9,0).
fn armed_wizard() -> crate::common::Game {
    let q = crate::common::quest_with(
        &["wizard"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (4, 0), body: 6, movement: 0), (kind: \"orc\", at: (9, 0), body: 6, movement: 0)",
        "DefeatAll(return_to_stairway: false)",
        "equipment: {\"wizard\": (items: [\"wand_of_magic\"], potions: [\"heroic_brew\"])},",
    );
    crate::common::Game::start(q, 3)
}

/// What the action bar offers the wizard now: (labels of the other actions, spells offered).
fn offered(g: &mut crate::common::Game) -> (Vec<(String, Command)>, usize) {
    let snap = g.snap();
    let me = snap.figure(FigureId(0)).unwrap().clone();
    let (v, spells) = hollowdeep::game::heroquest::action_choices(&snap, &me);
    (v, spells.0.iter().map(|s| s.3.len()).sum())
}

/// Issue 34, item 5: the action list and the command path are one legality. After Heroic Brew's
/// first attack only a second attack is offered (heroquest-2021.md, Heroic Brew: "a second
/// attack"), not a spell; after the Wand of Magic's first spell only a second spell, not a throw.
#[test]
fn after_heroic_brew_a_spell_and_after_the_wand_a_throw_are_not_offered() {
    let mut g = armed_wizard();
    let ok = |evs: &[GameEvent]| assert!(rejected(evs).is_none(), "{evs:?}");
    ok(&g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "heroic_brew".into(),
    }));
    ok(&g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    }));
    let (actions, spells) = offered(&mut g);
    assert_eq!(spells, 0, "no spell after the brew's first attack");
    let throw = actions.iter().find(|(_, c)| matches!(c, Command::Shoot { .. }));
    let (_, throw) = throw.expect("the second attack may be a throw at the orc in sight");
    ok(&g.send(throw.clone()));

    let mut g = armed_wizard();
    let snap = g.snap();
    let me = snap.figure(FigureId(0)).unwrap().clone();
    let (_, spells) = hollowdeep::game::heroquest::action_choices(&snap, &me);
    let (_, cast) = spells
        .0
        .iter()
        .flat_map(|s| s.3.iter())
        .find(|(_, c)| matches!(c, Command::CastSpell { target, .. } if *target == FigureId(2)))
        .cloned()
        .expect("a spell on the far orc");
    ok(&g.send(cast));
    let (actions, spells) = offered(&mut g);
    assert!(
        !actions
            .iter()
            .any(|(_, c)| matches!(c, Command::Shoot { .. } | Command::Attack { .. })),
        "no throw after the wand's first spell: {actions:?}"
    );
    assert!(spells > 0, "the wand's second spell is offered");
}
