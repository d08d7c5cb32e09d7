//! The computer players: every level and bot plays only legal moves, the same seed gives the
//! same decisions, the sorcerer never reads future dice, and the planner's choices make sense.

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use hollowdeep::ai::{HeroBot, SorcererLevel, planner};
use hollowdeep::game::model::*;
use hollowdeep::game::snapshot::Snapshot;
use hollowdeep::game::{self, logic};
use hollowdeep::quest::{self, Quest};
use hollowdeep::sim::{self, Matchup};

use crate::common::{Game, p, quest as test_quest};

const DEFEAT_ALL: &str = "DefeatAll(return_to_stairway: false)";

fn shipped() -> Vec<Arc<Quest>> {
    quest::builtin_quests()
        .iter()
        .map(|(id, _, _)| Arc::new(quest::load(id).expect("valid")))
        .collect()
}

/// Plays whole games for every level against `bot`, checking after every command that nothing
/// was refused; returns the number of sorcerer turns played.
fn legal_games(bot: HeroBot, seeds: std::ops::Range<u64>) -> usize {
    let mut sorcerer_turns = 0;
    for q in shipped() {
        for level in SorcererLevel::ALL {
            for seed in seeds.clone() {
                let res = sim::play_one(
                    q.clone(),
                    seed,
                    Matchup {
                        sorcerer: level,
                        heroes_bot: bot,
                    },
                );
                let rejected: Vec<_> = res
                    .events
                    .iter()
                    .filter(|e| matches!(e, GameEvent::CommandRejected { .. }))
                    .collect();
                assert!(
                    rejected.is_empty(),
                    "{} {level:?} vs {bot:?}, seed {seed}: refused commands {rejected:?}",
                    q.id
                );
                assert!(
                    res.outcome.is_some() || bot == HeroBot::Random,
                    "{} {level:?} seed {seed}: no end",
                    q.id
                );
                sorcerer_turns += res.think_ns.len();
            }
        }
    }
    sorcerer_turns
}

#[test]
fn every_level_plays_only_legal_moves_over_thousands_of_turns() {
    let turns = legal_games(HeroBot::Competent, 0..6) + legal_games(HeroBot::Greedy, 100..103);
    assert!(turns >= 1000, "only {turns} sorcerer turns were played");
}

#[test]
fn the_random_bot_only_sends_commands_it_may_send() {
    // Random heroes wander and die; the game must still accept every command the bot sends
    // (the game refuses illegal ones, and the bot then ends its turn: never a stuck game).
    for q in shipped() {
        for seed in 0..3 {
            let res = sim::play_one(
                q.clone(),
                seed,
                Matchup {
                    sorcerer: SorcererLevel::Normal,
                    heroes_bot: HeroBot::Random,
                },
            );
            assert!(res.rounds > 0);
            let moved = res.events.iter().filter(|e| e.kind() == "hero_moved").count();
            assert!(moved > 0, "{} seed {seed}: the random heroes never moved", q.id);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_decisions_at_every_level() {
    let q = shipped().remove(0);
    for level in SorcererLevel::ALL {
        let m = Matchup {
            sorcerer: level,
            heroes_bot: HeroBot::Competent,
        };
        let a = sim::play_one(q.clone(), 11, m);
        let b = sim::play_one(q.clone(), 11, m);
        assert_eq!(a.events, b.events, "{level:?}");
        assert!(
            a.events.iter().any(|e| matches!(e, GameEvent::SorcererReasoned { .. })),
            "{level:?} explains itself"
        );
    }
}

/// Plays a seeded game until a sorcerer turn with at least two awake monsters begins.
fn at_a_busy_sorcerer_turn(q: Arc<Quest>, seed: u64) -> Option<bevy::prelude::World> {
    let mut world = sim::headless_world(q, seed, Matchup::default());
    for _ in 0..20_000 {
        let snap = Snapshot::capture(&mut world)?;
        if matches!(snap.turn.phase, Phase::Over(_)) {
            return None;
        }
        if snap.turn.phase == Phase::Sorcerer
            && snap.turn.progress.is_empty()
            && snap.monsters().filter(|m| m.awake).count() >= 2
        {
            return Some(world);
        }
        let cmd = hollowdeep::ai::decide(&mut world)?;
        logic::submit(&mut world, cmd);
    }
    None
}

#[test]
fn the_sorcerer_never_reads_future_dice_or_the_deck() {
    let mut checked = 0;
    for q in shipped() {
        for seed in 0..4 {
            let Some(mut world) = at_a_busy_sorcerer_turn(q.clone(), seed) else {
                continue;
            };
            for level in SorcererLevel::ALL {
                let snap = Snapshot::capture(&mut world).unwrap();
                let mut mind = Default::default();
                let before = hollowdeep::ai::sorcerer::next_command(&snap, &mut mind, level);
                let plan = planner::plan(&snap, &Default::default(), None, level).map(|s| (s.monster, s.commands));
                // Change only hidden randomness: every future die and the treasure deck's order.
                let mut other = Snapshot::capture(&mut world).unwrap();
                std::sync::Arc::make_mut(&mut other.dungeon).deck.reverse();
                world.insert_resource(GameRng(ChaCha8Rng::seed_from_u64(seed ^ 0xDEAD_BEEF)));
                world.resource_mut::<Dungeon>().deck.reverse();
                let changed = Snapshot::capture(&mut world).unwrap();
                assert_eq!(changed.dungeon.deck, other.dungeon.deck);
                let mut mind = Default::default();
                let after = hollowdeep::ai::sorcerer::next_command(&changed, &mut mind, level);
                let plan_after =
                    planner::plan(&changed, &Default::default(), None, level).map(|s| (s.monster, s.commands));
                assert_eq!(before, after, "{} seed {seed} {level:?}", q.id);
                assert_eq!(plan, plan_after, "{} seed {seed} {level:?}", q.id);
                checked += 1;
            }
        }
    }
    assert!(checked >= 8, "only {checked} busy sorcerer turns found");
}

#[test]
fn the_planner_strikes_the_hero_it_can_fell() {
    // An orc stands between a fresh Barbarian and a Wizard down to 1 body: the planner hits the
    // Wizard (a likely kill); the classic rule hits the lowest body too, but explains nothing of odds.
    let q = test_quest(
        &["barbarian", "wizard"],
        &[(3, 0), (5, 0)],
        "",
        "(kind: \"orc\", at: (4, 0))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 1);
    let wizard = g.snap().heroes().find(|h| h.kind == "wizard").unwrap().id;
    g.set_body(wizard.0, 1);
    g.app.insert_resource(hollowdeep::ai::Opponents {
        sorcerer: SorcererLevel::Normal,
        heroes_bot: HeroBot::Competent,
    });
    g.end_hero_turns();
    let snap = g.snap();
    let step = planner::plan(&snap, &Default::default(), None, SorcererLevel::Normal).expect("a plan");
    assert!(
        step.commands
            .iter()
            .any(|c| matches!(c, Command::Attack { target, .. } if *target == wizard)),
        "{step:?}"
    );
    assert!(step.reason.contains("to fell"), "{}", step.reason);
}

#[test]
fn the_planner_waits_outside_the_heroes_reach_when_it_cannot_strike() {
    // A lone goblin far down a corridor cannot reach the heroes this turn. Classic charges;
    // the planner keeps out of their likely reach while staying close enough to strike next turn.
    let q = test_quest(
        &["barbarian", "dwarf"],
        &[(1, 0), (2, 0)],
        "",
        "(kind: \"goblin\", at: (16, 0))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 3);
    g.end_hero_turns();
    let snap = g.snap();
    let goblin = snap.monsters().next().unwrap().clone();
    let classic = hollowdeep::ai::sorcerer::plan_monster(&snap, goblin.id).expect("classic moves");
    let normal = planner::plan(&snap, &Default::default(), None, SorcererLevel::Normal).expect("a plan");
    let end = |cmds: &[Command]| {
        cmds.iter()
            .find_map(|c| match c {
                Command::Move { path, .. } => path.last().copied(),
                _ => None,
            })
            .unwrap_or(goblin.pos.unwrap())
    };
    let heroes: Vec<_> = snap.living_heroes().filter_map(|h| h.pos).collect();
    let near = |q: hollowdeep::rules::geometry::Pos| heroes.iter().map(|h| h.manhattan(q)).min().unwrap();
    let (c_end, n_end) = (end(&classic.commands), end(&normal.commands));
    assert!(near(n_end) > near(c_end), "classic ends at {c_end}, normal at {n_end}");
    // Out of likely reach: more than 8 squares (2d6 >= 9 is 28%).
    assert!(near(n_end) > 8, "normal ends {} squares from a hero", near(n_end));
    assert!(near(n_end) <= 8 + 10 + 1, "but close enough to strike next turn");
    assert!(!normal.reason.is_empty());
}

#[test]
fn wilson_intervals() {
    let i = sim::wilson(187, 200);
    assert!(
        (i.low - 0.8920).abs() < 0.001 && (i.high - 0.9616).abs() < 0.001,
        "{i:?}"
    );
    let none = sim::wilson(0, 50);
    assert_eq!(none.low, 0.0);
    assert!(none.high > 0.05 && none.high < 0.08);
}

#[test]
fn companions_play_the_heroes_nobody_claims() {
    // issue 4, item 8: one person plays the Barbarian; the bot plays the Dwarf beside them.
    let q = test_quest(
        &["barbarian", "dwarf"],
        &[(1, 0), (2, 0)],
        "",
        "(kind: \"goblin\", at: (20, 0))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 4);
    let snap = g.snap();
    let barbarian = snap.heroes().find(|h| h.kind == "barbarian").unwrap().id;
    let dwarf = snap.heroes().find(|h| h.kind == "dwarf").unwrap().id;
    g.app.insert_resource(game::Controllers {
        heroes: game::Controller::Human,
        companions: [dwarf].into(),
        sorcerer: game::Controller::Bot,
    });
    assert_eq!(g.turn().phase, Phase::Hero(barbarian));
    // The person's turn: the computer waits.
    for _ in 0..5 {
        g.app.update();
    }
    assert_eq!(g.turn().phase, Phase::Hero(barbarian), "nobody moves for the person");
    assert!(hollowdeep::ai::decide(g.app.world_mut()).is_none());
    g.send(Command::EndTurn);
    // The Dwarf's turn: the companion plays it without being asked, then the sorcerer, and the
    // turn comes back to the person.
    for _ in 0..200 {
        if g.turn().phase == Phase::Hero(barbarian) {
            break;
        }
        g.app.update();
    }
    assert_eq!(g.turn().phase, Phase::Hero(barbarian));
    assert_eq!(g.turn().round, 2);
    let tag = format!("FigureId({})", dwarf.0);
    let dwarf_acted = g
        .app
        .world()
        .resource::<CommandLog>()
        .0
        .iter()
        .any(|c| format!("{c:?}").contains(&tag));
    assert!(dwarf_acted, "the companion took its turn");
}

#[test]
fn hard_strikes_and_steps_aside_so_the_next_monster_can_strike_too() {
    // A corridor one square wide: the Wizard (1 body) faces an orc with a second orc behind it.
    // The second can only reach the Wizard if the first strikes and then walks back past it.
    let q = test_quest(
        &["wizard"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (6, 0)), (kind: \"orc\", at: (7, 0))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 2);
    let wizard = g.snap().heroes().next().unwrap().id;
    g.set_body(wizard.0, 1);
    g.end_hero_turns();
    let snap = g.snap();
    let step = planner::plan(&snap, &Default::default(), None, SorcererLevel::Hard).expect("a plan");
    let front = snap.figure_at(p(6, 0)).unwrap().id;
    assert_eq!(step.monster, front, "{step:?}");
    match step.commands.as_slice() {
        [Command::Attack { target, .. }, Command::Move { path, .. }] => {
            assert_eq!(*target, wizard);
            let end = *path.last().unwrap();
            assert!(
                end.x > 7,
                "it makes room by walking back past the other orc: ends at {end}"
            );
        }
        other => panic!("expected strike then step aside, got {other:?} ({})", step.reason),
    }
    assert!(step.reason.contains("steps"), "{}", step.reason);
}

#[test]
fn planning_off_the_main_thread_plays_the_same_game() {
    // The window plans the sorcerer on the async compute pool; the game must not notice.
    let q = shipped().remove(0);
    let inline = sim::play_one(q.clone(), 8, Matchup::default());
    let mut app = hollowdeep::sim::headless_app();
    app.insert_resource(game::Controllers::all(game::Controller::Bot));
    app.insert_resource(hollowdeep::ai::PlanOffThread(true));
    logic::start_quest(app.world_mut(), q, 8);
    let mut waited = 0;
    for _ in 0..200_000 {
        app.update();
        if app.world().contains_resource::<hollowdeep::ai::Thinking>() {
            waited += 1;
        }
        if matches!(app.world().resource::<Turn>().phase, Phase::Over(_)) {
            break;
        }
    }
    assert!(waited > 0, "the sorcerer never planned on the pool");
    let events = app.world().resource::<EventLog>().0.clone();
    assert_eq!(events, inline.events);
}

#[test]
fn the_threat_map_counts_only_the_heroes_that_fit_around_a_square() {
    // An orc in the one-square corridor with another orc behind it: only one hero at a time can
    // reach it, so its threat is the strongest single blow, not the sum of both heroes' blows.
    use hollowdeep::ai::perception::{Perception, blows_on, threat};
    use hollowdeep::rules::{combat::Side, odds};
    let q = test_quest(
        &["barbarian", "dwarf"],
        &[(3, 0), (2, 0)],
        "",
        "(kind: \"orc\", at: (5, 0)), (kind: \"orc\", at: (6, 0))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 1);
    let snap = g.snap();
    let per = Perception::new(&snap);
    let orc = snap.figure_at(p(5, 0)).unwrap();
    let blows = blows_on(&snap, &per.heroes, orc);
    let dists: Vec<&[u16]> = per.heroes.iter().map(|h| h.dist.as_slice()).collect();
    let c = per.grid.index(p(5, 0));
    let t = threat(&per.grid, &per.occ, &per.heroes, &dists, &blows, c);
    let barbarian = odds::expected_damage(3, 2, Side::Monster);
    let dwarf = odds::expected_damage(2, 2, Side::Monster);
    assert!(
        (t - barbarian).abs() < 1e-9,
        "threat {t}, one blow {barbarian}, both {}",
        barbarian + dwarf
    );
    // Behind the second orc the heroes cannot get at it at all (heroes never pass monsters).
    let open = per.grid.index(p(9, 0));
    let mut occ = per.occ.clone();
    occ[c] = hollowdeep::ai::perception::Occ::Empty;
    occ[open] = hollowdeep::ai::perception::Occ::Monster;
    let far = threat(&per.grid, &occ, &per.heroes, &dists, &blows, open);
    assert_eq!(far, 0.0);
}

/// Headless games hand each command's picture of the board on to the next decision instead of
/// reading the world again (`decide_from`, `submit_from`). They must play exactly the games the
/// window plays, reading the world afresh for every question (`decide`, `submit`).
#[test]
fn handing_the_picture_on_plays_the_same_games_as_reading_afresh() {
    let matchups = [
        (SorcererLevel::Classic, HeroBot::Greedy),
        (SorcererLevel::Normal, HeroBot::Competent),
        (SorcererLevel::Hard, HeroBot::Competent),
        (SorcererLevel::Easy, HeroBot::Random),
    ];
    let mut commands = 0;
    for q in shipped() {
        for (i, (sorcerer, heroes_bot)) in matchups.into_iter().enumerate() {
            let m = Matchup { sorcerer, heroes_bot };
            let seed = 40 + i as u64;
            let handed = sim::play_one(q.clone(), seed, m);
            let mut world = sim::headless_world(q.clone(), seed, m);
            while world.resource::<Turn>().round <= sim::MAX_ROUNDS {
                let Some(cmd) = hollowdeep::ai::decide(&mut world) else {
                    break;
                };
                logic::submit(&mut world, cmd);
            }
            let fresh = world.resource::<EventLog>().0.clone();
            assert_eq!(handed.events, fresh, "{} {m:?} seed {seed}", q.id);
            commands += handed.commands.len();
        }
    }
    assert!(commands > 5_000, "only {commands} commands compared");
}

#[test]
fn classic_breaks_a_tie_by_the_highest_threat_before_the_id() {
    // A Wizard (id 0, one attack die) and a Barbarian (id 1, three) at the same distance, body
    // and defence from an orc: the documented rule picks the higher threat, not the lower id.
    let q = test_quest(
        &["wizard", "barbarian"],
        &[(3, 0), (5, 0)],
        "",
        "(kind: \"orc\", at: (4, 0))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 1);
    let snap = g.snap();
    let wizard = snap.heroes().find(|h| h.kind == "wizard").unwrap();
    let barbarian = snap.heroes().find(|h| h.kind == "barbarian").unwrap();
    assert!(wizard.id < barbarian.id && wizard.fighter.attack < barbarian.fighter.attack);
    assert_eq!(wizard.fighter.defend, barbarian.fighter.defend);
    let (w, b) = (wizard.id, barbarian.id);
    g.set_body(w.0, 3);
    g.set_body(b.0, 3);
    g.end_hero_turns();
    let snap = g.snap();
    let (cmd, _) = hollowdeep::ai::sorcerer::next_command(&snap, &mut Default::default(), SorcererLevel::Classic);
    assert!(matches!(cmd, Command::Attack { target, .. } if target == b), "{cmd:?}");
}

#[test]
fn the_competent_bot_steps_back_into_a_cleared_room_to_search_it() {
    // A Dwarf in the corridor beside the reading room's door, nothing awake, the goal far away:
    // the competent bot opens the door, walks in and searches the room for treasure before it
    // explores on (a room won from its doorway used to be left unsearched).
    let q = test_quest(
        &["dwarf"],
        &[(12, 4)],
        "(at: (12, 4), to: (11, 4))",
        "(kind: \"orc\", at: (23, 15))",
        "Reach(at: (24, 17), return_to_stairway: false)",
    );
    let mut g = Game::start(q, 1);
    let room = g.snap().area(p(10, 3));
    let dwarf = g.snap().heroes().next().unwrap().id;
    for _ in 0..60 {
        let snap = g.snap();
        if snap.dungeon.searched.contains(&(dwarf, room)) {
            return;
        }
        let cmd = match snap.turn.phase {
            Phase::Hero(_) => hollowdeep::ai::heroes::next_command(&snap, HeroBot::Competent),
            _ => Command::EndTurn,
        };
        g.send(cmd);
    }
    panic!("the Dwarf never searched the reading room: {:?}", g.log());
}

#[test]
fn a_party_with_nothing_left_to_try_leaves_by_the_stairway() {
    // heroquest-2021.md, Quest Completion: heroes may leave by the stairway before the goal is
    // met. A quest whose goal lies in a room with no door: once the Dwarf has walked every
    // corridor and searched every wall of them for a secret door, the bot makes for the stairway
    // and leaves, and the quest is abandoned. (A lone hero with nothing to go for used to end
    // every turn until the round limit: an unfinished game.)
    let q = test_quest(
        &["dwarf"],
        &[(12, 4)],
        "",
        "(kind: \"orc\", at: (23, 15))",
        "Reach(at: (10, 3), return_to_stairway: false)",
    );
    let m = Matchup {
        sorcerer: SorcererLevel::Normal,
        heroes_bot: HeroBot::Competent,
    };
    let res = sim::play_one(q, 5, m);
    assert_eq!(res.outcome, Some(Outcome::Retreated), "{:?}", res.story());
    let searched = res
        .events
        .iter()
        .filter(|e| matches!(e, GameEvent::NothingFound { .. } | GameEvent::SecretDoorFound { .. }))
        .count();
    assert!(
        searched >= 4,
        "it left before searching the corridors: {:?}",
        res.story()
    );
    assert!(
        res.events.iter().any(|e| matches!(e, GameEvent::HeroRetreated { .. })),
        "{:?}",
        res.story()
    );
}
