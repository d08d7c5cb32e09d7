//! Scenario tests: each drives a rule through commands, as a player would, and cites the rule.

use hollowdeep::game::model::*;
use hollowdeep::rules::combat::{self, Side};

use crate::common::*;

const DEFEAT_ALL: &str = "DefeatAll(return_to_stairway: false)";

#[test]
fn movement_is_rolled_on_two_red_dice_and_spent_orthogonally() {
    // heroquest-2021.md, Movement: 2 red dice; no diagonal moves.
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 3);
    let evs = g.send(Command::RollMovement { hero: FigureId(0) });
    let dice = evs
        .iter()
        .find_map(|e| match e {
            GameEvent::MovementRolled { dice, .. } => Some(dice.clone()),
            _ => None,
        })
        .expect("rolled");
    assert_eq!(dice.len(), 2);
    assert!(dice.iter().all(|d| (1..=6).contains(d)));
    assert!(
        rejected(&g.send(Command::RollMovement { hero: FigureId(0) })).is_some(),
        "one roll a turn"
    );
    // A diagonal step is refused.
    let r = rejected(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(6, 1)]),
    }));
    assert!(r.unwrap().contains("not one orthogonal step"));
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(6, 0), (7, 0)]),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert_eq!(g.pos(0), Some(p(7, 0)));
    assert_eq!(
        evs.iter().filter(|e| matches!(e, GameEvent::HeroMoved { .. })).count(),
        2
    );
    // More steps than the roll allows are refused.
    let total: u8 = dice.iter().sum();
    let long: Vec<_> = (8..8 + total as i32).map(|x| p(x, 0)).collect();
    assert!(
        rejected(&g.send(Command::Move {
            figure: FigureId(0),
            path: long
        }))
        .unwrap()
        .contains("left")
    );
}

#[test]
fn walls_block_and_rooms_are_entered_only_through_doors() {
    // heroquest-2021.md, Movement Restrictions: cannot move through walls; only enter rooms through doors.
    let q = quest(
        &["dwarf"],
        &[(2, 0)],
        "(at: (2, 0), to: (2, 1))",
        "(kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 1);
    g.set_allowance(0, 6);
    // Into the room below through the wall east of the door: refused.
    let r = rejected(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(3, 0), (3, 1)]),
    }));
    assert!(r.unwrap().contains("wall or closed door"));
    // Through the closed door: refused until it is opened (a free action).
    assert!(
        rejected(&g.send(Command::Move {
            figure: FigureId(0),
            path: path(&[(2, 1)])
        }))
        .is_some()
    );
    let evs = g.send(Command::OpenDoor {
        hero: FigureId(0),
        door: 0,
    });
    assert!(
        evs.iter().any(|e| matches!(e, GameEvent::DoorOpened { door: 0, .. })),
        "{evs:?}"
    );
    // heroquest-2021.md fog rule as built: a glimpse of a room reveals the whole room.
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::AreaRevealed { area, .. } if area != "Corridor")),
        "{evs:?}"
    );
    assert!(g.snap().fog.is_revealed(p(4, 3)));
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(2, 1), (2, 2)]),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert_eq!(g.pos(0), Some(p(2, 2)));
    // Opening the door did not use the action.
    assert!(!g.turn().progress(FigureId(0)).acted);
}

#[test]
fn heroes_pass_heroes_but_not_monsters_and_never_share_a_square() {
    // heroquest-2021.md, Movement Restrictions.
    let q = quest(
        &["barbarian", "elf"],
        &[(5, 0), (6, 0)],
        "",
        "(kind: \"goblin\", at: (9, 0)), (kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 1);
    g.set_allowance(0, 8);
    // Ending on the elf's square is refused; passing over the elf is fine.
    assert!(
        rejected(&g.send(Command::Move {
            figure: FigureId(0),
            path: path(&[(6, 0)])
        }))
        .unwrap()
        .contains("a square another figure holds")
    );
    // Passing the goblin is refused.
    let r = rejected(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(6, 0), (7, 0), (8, 0), (9, 0), (10, 0)]),
    }));
    assert!(r.unwrap().contains("cannot pass"));
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(6, 0), (7, 0)]),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert_eq!(g.pos(0), Some(p(7, 0)));
    assert_eq!(g.pos(1), Some(p(6, 0)));
}

#[test]
fn a_move_is_never_split_around_the_action() {
    // heroquest-2021.md, Basic Movement Rules: you cannot move part way, act, then finish moving.
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"goblin\", at: (7, 0)), (kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 11);
    g.set_allowance(0, 6);
    assert!(
        rejected(&g.send(Command::Move {
            figure: FigureId(0),
            path: path(&[(6, 0)])
        }))
        .is_none()
    );
    let evs = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    let r = rejected(&g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(5, 0)]),
    }));
    assert!(r.unwrap().contains("already moved"));
    // A second attack in the same turn is refused.
    let snap = g.snap();
    if snap.figure(FigureId(1)).is_some_and(|m| m.alive()) {
        assert!(
            rejected(&g.send(Command::Attack {
                attacker: FigureId(0),
                target: FigureId(1)
            }))
            .unwrap()
            .contains("already")
        );
    }
}

#[test]
fn attacking_first_then_moving_is_allowed() {
    // heroquest-2021.md, The Six Hero Actions: move and act in either order.
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"mummy\", at: (6, 0)), (kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 2);
    assert!(
        rejected(&g.send(Command::Attack {
            attacker: FigureId(0),
            target: FigureId(1)
        }))
        .is_none()
    );
    g.send(Command::RollMovement { hero: FigureId(0) });
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(4, 0)]),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    // Split moves after the action are one continuous move: still fine.
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(3, 0)]),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
}

#[test]
fn combat_counts_skulls_against_the_right_shields() {
    // heroquest-2021.md, Combat System; issue 2: heroes block on white shields, monsters on black.
    for seed in 0..40 {
        let q = quest(
            &["barbarian"],
            &[(5, 0)],
            "",
            "(kind: \"orc\", at: (6, 0), body: 5), (kind: \"orc\", at: (20, 17))",
            DEFEAT_ALL,
        );
        let mut g = Game::start(q, seed);
        let evs = g.send(Command::Attack {
            attacker: FigureId(0),
            target: FigureId(1),
        });
        let (attack, defend, damage) = evs
            .iter()
            .find_map(|e| match e {
                GameEvent::Attack {
                    attack, defend, damage, ..
                } => Some((attack.clone(), defend.clone(), *damage)),
                _ => None,
            })
            .expect("attacked");
        assert_eq!(attack.len(), 3, "the broadsword rolls 3 dice");
        assert_eq!(defend.len(), 2, "an orc defends with 2");
        assert_eq!(damage, combat::damage(&attack, &defend, Side::Monster));
        assert_eq!(g.snap().figure(FigureId(1)).unwrap().body, 5 - damage);
    }
}

#[test]
fn a_monster_at_zero_body_is_removed_and_counted() {
    // heroquest-2021.md, How a Monster Defends: at 0 body the monster is dead and removed.
    let mut killed = false;
    for seed in 0..60 {
        let q = quest(
            &["barbarian"],
            &[(5, 0)],
            "",
            "(kind: \"goblin\", at: (6, 0)), (kind: \"orc\", at: (20, 17))",
            DEFEAT_ALL,
        );
        let mut g = Game::start(q, seed);
        let evs = g.send(Command::Attack {
            attacker: FigureId(0),
            target: FigureId(1),
        });
        let dmg = evs
            .iter()
            .find_map(|e| {
                if let GameEvent::Attack { damage, .. } = e {
                    Some(*damage)
                } else {
                    None
                }
            })
            .unwrap();
        let dead = evs.iter().any(|e| {
            matches!(
                e,
                GameEvent::MonsterKilled {
                    figure: FigureId(1),
                    ..
                }
            )
        });
        assert_eq!(dead, dmg >= 1);
        if dead {
            killed = true;
            assert!(g.snap().figure(FigureId(1)).is_none(), "removed from the board");
            assert!(g.snap().figure_at(p(6, 0)).is_none());
        }
    }
    assert!(killed, "some seed kills the goblin");
}

#[test]
fn turn_order_is_heroes_in_seat_order_then_the_sorcerer() {
    // heroquest-2021.md, Order of Play.
    let q = quest(
        &["wizard", "barbarian", "elf"],
        &[(5, 0), (6, 0), (7, 0)],
        "",
        "(kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 1);
    let actors = |evs: &[GameEvent]| -> Vec<Actor> {
        evs.iter()
            .filter_map(|e| {
                if let GameEvent::TurnStarted { actor, .. } = e {
                    Some(*actor)
                } else {
                    None
                }
            })
            .collect()
    };
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
    let mut seen = Vec::new();
    for _ in 0..3 {
        seen.extend(actors(&g.send(Command::EndTurn)));
    }
    // Quest order is the seating: wizard (0), barbarian (1), elf (2), then the sorcerer.
    assert_eq!(
        seen[..3],
        [Actor::Hero(FigureId(1)), Actor::Hero(FigureId(2)), Actor::Sorcerer]
    );
    assert_eq!(g.turn().round, 1);
}

#[test]
fn only_revealed_monsters_act_and_they_hunt_the_nearest_hero() {
    // issue 2, baseline sorcerer; heroquest-2021.md, Monster Rules.
    // An orc behind a closed door in room nw1 stays put; an orc in the corridor comes and attacks.
    let q = quest(
        &["barbarian", "wizard"],
        &[(10, 0), (5, 0)],
        "(at: (2, 0), to: (2, 1))",
        "(kind: \"orc\", at: (2, 2)), (kind: \"orc\", at: (18, 0))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 5);
    g.app.insert_resource(hollowdeep::ai::Opponents {
        sorcerer: hollowdeep::ai::SorcererLevel::Classic,
        ..Default::default()
    });
    let snap = g.snap();
    assert!(!snap.figure(FigureId(2)).unwrap().awake, "hidden behind the door");
    assert!(snap.figure(FigureId(3)).unwrap().awake, "in sight down the corridor");
    g.send(Command::EndTurn);
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Sorcerer);
    let mut evs = Vec::new();
    for _ in 0..10 {
        g.app.update();
        if g.turn().phase != Phase::Sorcerer {
            break;
        }
    }
    evs.extend(g.log());
    assert_eq!(g.pos(2), Some(p(2, 2)), "unrevealed monsters do not act");
    // The corridor orc (movement 8) reaches the barbarian at (10,0): the nearest hero.
    assert_eq!(g.pos(3), Some(p(11, 0)));
    assert!(evs.iter().any(|e| matches!(
        e,
        GameEvent::Attack {
            attacker: FigureId(3),
            target: FigureId(0),
            ..
        }
    )));
    assert!(evs.iter().any(|e| matches!(e, GameEvent::SorcererReasoned { .. })));
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
    assert_eq!(g.turn().round, 2);
}

#[test]
fn monsters_choose_the_weakest_of_equally_near_heroes() {
    // issue 2: target choice by (path length, lowest body, weakest defence, id).
    let q = quest(
        &["barbarian", "wizard"],
        &[(8, 0), (12, 0)],
        "",
        "(kind: \"goblin\", at: (10, 0), movement: 0)",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 5);
    // Both heroes are two squares away; the goblin cannot move, but the plan names the wizard.
    let snap = g.snap();
    let d = hollowdeep::ai::sorcerer::plan_monster(&snap, FigureId(2)).unwrap();
    assert!(d.reason.contains("Wizard"), "{}", d.reason);
}

#[test]
fn heroes_die_at_zero_body_and_the_quest_is_lost_when_all_are_dead() {
    // heroquest-2021.md, Death & Recovery; Quest Completion: fails if all heroes die.
    let q = quest(
        &["wizard"],
        &[(5, 0)],
        "",
        "(kind: \"gargoyle\", at: (6, 0), attack: 8)",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 9);
    g.set_body(0, 1);
    g.send(Command::EndTurn);
    let mut lost = false;
    for _ in 0..30 {
        g.app.update();
        let t = g.turn();
        if let Phase::Over(o) = t.phase {
            assert_eq!(o, Outcome::Lost);
            lost = true;
            break;
        }
        if let Phase::Hero(_) = t.phase {
            g.send(Command::EndTurn);
        }
    }
    assert!(lost);
    let log = g.log();
    assert!(log.iter().any(|e| matches!(
        e,
        GameEvent::HeroKilled {
            figure: FigureId(0),
            ..
        }
    )));
    assert!(log.iter().any(|e| matches!(e, GameEvent::QuestLost { .. })));
    assert!(g.snap().figure(FigureId(0)).unwrap().pos.is_none());
    assert!(rejected(&g.send(Command::EndTurn)).unwrap().contains("over"));
}

#[test]
fn defeat_the_named_monster_then_return_to_the_stairway_wins() {
    // heroquest-2021.md, Quest Completion: achieve the goal and return to the stairway.
    let q = quest(
        &["barbarian"],
        &[(13, 5)],
        "",
        "(kind: \"goblin\", at: (13, 6), name: \"Snikk\"), (kind: \"orc\", at: (20, 17))",
        "DefeatNamed(names: [\"Snikk\"], return_to_stairway: true)",
    );
    let mut won = false;
    for seed in 0..50 {
        let mut g = Game::start(q.clone(), seed);
        let evs = g.send(Command::Attack {
            attacker: FigureId(0),
            target: FigureId(1),
        });
        if !evs.iter().any(|e| matches!(e, GameEvent::MonsterKilled { .. })) {
            continue;
        }
        assert!(
            evs.iter().any(|e| matches!(e, GameEvent::ObjectiveCompleted)),
            "{evs:?}"
        );
        assert!(
            !evs.iter().any(|e| matches!(e, GameEvent::QuestWon { .. })),
            "not before the stairway"
        );
        g.set_allowance(0, 4);
        let evs = g.send(Command::Move {
            figure: FigureId(0),
            path: path(&[(13, 4), (13, 3)]),
        });
        assert!(
            evs.iter()
                .any(|e| matches!(e, GameEvent::HeroEscaped { figure: FigureId(0) })),
            "{evs:?}"
        );
        assert!(evs.iter().any(|e| matches!(e, GameEvent::QuestWon { .. })), "{evs:?}");
        assert_eq!(g.turn().phase, Phase::Over(Outcome::Won));
        won = true;
        break;
    }
    assert!(won);
}

#[test]
fn reach_a_square_objective_ends_the_quest_on_arrival() {
    let q = quest(
        &["elf"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (20, 17))",
        "Reach(at: (7, 0))",
    );
    let mut g = Game::start(q, 1);
    g.set_allowance(0, 3);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(6, 0), (7, 0)]),
    });
    assert!(evs.iter().any(|e| matches!(e, GameEvent::QuestWon { .. })), "{evs:?}");
}

#[test]
fn a_move_stops_when_a_monster_comes_into_view() {
    // Fog of war as built: walking round a corner into sight of a monster ends the move there,
    // so a player is never walked past a danger they could not see.
    let q = quest(
        &["barbarian"],
        &[(0, 5)],
        "",
        "(kind: \"orc\", at: (6, 9)), (kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 1);
    assert!(!g.snap().figure(FigureId(1)).unwrap().awake);
    g.set_allowance(0, 10);
    let evs = g.send(Command::Move {
        figure: FigureId(0),
        path: path(&[(0, 6), (0, 7), (0, 8), (0, 9), (1, 9), (2, 9)]),
    });
    assert!(
        evs.iter().any(|e| matches!(
            e,
            GameEvent::MonsterRevealed {
                figure: FigureId(1),
                ..
            }
        )),
        "{evs:?}"
    );
    assert!(
        evs.iter().any(|e| matches!(e, GameEvent::MoveInterrupted { .. })),
        "{evs:?}"
    );
    assert_eq!(g.pos(0), Some(p(0, 9)));
    // The rest of the roll can still be used.
    assert_eq!(g.turn().progress(FigureId(0)).steps_left(), 6);
}

#[test]
fn nothing_is_seen_outside_a_squares_sight_bound() {
    // The fog tests sight lines only to the squares in the eye's sight bound (walls alone,
    // every door open, no figures: `Quest::sight`, used by logic::reveal); sight must never
    // reach past it. Checked on every shipped quest, doors shut and then all open.
    for (id, _, _) in hollowdeep::quest::builtin_quests() {
        let q = std::sync::Arc::new(hollowdeep::quest::load(id).expect("shipped quest loads"));
        let mut g = Game::start(q, 3);
        for open in [false, true] {
            if open {
                let world = g.app.world_mut();
                let mut doors = world.query::<&mut Door>();
                for mut d in doors.iter_mut(world) {
                    d.open = true;
                }
            }
            let snap = g.snap();
            let board = snap.board();
            let squares: Vec<hollowdeep::rules::geometry::Pos> = board.squares().collect();
            let mut seen = 0;
            for &a in &squares {
                let bound = snap.quest.sight.row(board.index(a));
                for &b in &squares {
                    if snap.sees_past_figures(a, b) {
                        seen += 1;
                        let k = board.index(b);
                        assert!(
                            bound[k / 64] & (1 << (k % 64)) != 0,
                            "{id}: {a} sees {b} outside its sight bound (doors open: {open})"
                        );
                    }
                }
            }
            assert!(seen > squares.len(), "{id}: hardly anything is in sight");
        }
    }
}

#[test]
fn snapshots_see_every_change_made_to_the_world() {
    // Snapshots keep each figure's picture, the doors and traps, the turn, the fog and the
    // dungeon while nothing changes (Bevy change ticks): every kind of change must show at once.
    let q = std::sync::Arc::new(hollowdeep::quest::load("the-sunken-reliquary").expect("shipped quest loads"));
    let mut g = Game::start(q, 1);
    let before = g.snap();
    let hero = before.figure(FigureId(0)).expect("hero").clone();
    let other = before.figure(FigureId(1)).expect("hero").clone();
    let monster = before
        .monsters()
        .find(|m| !m.awake)
        .expect("a sleeping monster")
        .clone();
    let world = g.app.world_mut();
    world.get_mut::<Body>(hero.entity).unwrap().current = 1;
    assert_eq!(g.snap().figure(hero.id).unwrap().body, 1);
    let world = g.app.world_mut();
    world
        .get_mut::<Status>(hero.entity)
        .unwrap()
        .0
        .insert(StatusKind::Courage);
    assert!(g.snap().figure(hero.id).unwrap().has(StatusKind::Courage));
    let world = g.app.world_mut();
    world.entity_mut(monster.entity).insert(Awake);
    assert!(g.snap().figure(monster.id).unwrap().awake);
    // A removed component leaves no tick behind.
    let world = g.app.world_mut();
    world.entity_mut(hero.entity).remove::<GridPos>();
    let snap = g.snap();
    assert_eq!(snap.figure(hero.id).unwrap().pos, None);
    assert_eq!(snap.figure_at(hero.pos.unwrap()).map(|f| f.id), None);
    assert_eq!(
        snap.figure(other.id).unwrap().pos,
        other.pos,
        "an unchanged figure stays put"
    );
    // A figure gone from the world.
    let world = g.app.world_mut();
    world.despawn(monster.entity);
    assert!(g.snap().figure(monster.id).is_none());
    // Doors, a secret door found, traps.
    let door = *before.doors.iter().find(|d| !d.open).expect("a closed door");
    let world = g.app.world_mut();
    let mut doors = world.query::<&mut Door>();
    doors.iter_mut(world).find(|d| d.id == door.id).unwrap().open = true;
    let snap = g.snap();
    assert!(snap.door(door.id).unwrap().open);
    assert!(snap.edge_open(door.edge.0, door.edge.1));
    let hidden = before.doors.len();
    let world = g.app.world_mut();
    let secret = world
        .query_filtered::<bevy::prelude::Entity, bevy::prelude::With<Concealed>>()
        .iter(world)
        .next()
        .expect("the quest has a secret door");
    world.entity_mut(secret).remove::<Concealed>();
    assert_eq!(g.snap().doors.len(), hidden + 1, "a found secret door is a door");
    let trap = before
        .traps
        .iter()
        .find(|t| t.state == TrapState::Hidden)
        .expect("a hidden trap")
        .clone();
    let world = g.app.world_mut();
    let mut traps = world.query::<&mut Trap>();
    traps.iter_mut(world).find(|t| t.id == trap.id).unwrap().state = TrapState::Known;
    assert_eq!(g.snap().trap(trap.id).unwrap().state, TrapState::Known);
    // The resources.
    let world = g.app.world_mut();
    world.resource_mut::<Turn>().round = 7;
    world.resource_mut::<Fog>().revealed[0] = true;
    let snap = g.snap();
    assert_eq!(snap.turn.round, 7);
    assert!(snap.fog.revealed[0]);
    // And with nothing changed, the same picture again.
    let again = g.snap();
    assert_eq!(format!("{:?}", again.figures), format!("{:?}", snap.figures));
}

/// Issue 35, item 2: monsters brought by Summon Orcs are awake at once but act from the next
/// sorcerer turn (docs/rules-decisions.md row 24): this turn the rules refuse their moves and
/// attacks and offer none, and the sorcerer's next turn they move like any monster.
#[test]
fn summoned_monsters_act_from_the_next_sorcerer_turn() {
    let q = quest(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"dread_warrior\", at: (8, 0), name: \"Vel\", spells: [\"summon_orcs\"])",
        DEFEAT_ALL,
    );
    let mut g = Game::start(q, 4);
    g.send(Command::EndTurn);
    let evs = g.send(Command::CastSpell {
        caster: FigureId(1),
        spell: "summon_orcs".into(),
        target: FigureId(1),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    let summoned: Vec<FigureId> = evs
        .iter()
        .filter_map(|e| match e {
            GameEvent::MonsterSummoned { figure, .. } => Some(*figure),
            _ => None,
        })
        .collect();
    assert_eq!(summoned.len(), 2, "two orcs: {evs:?}");
    let snap = g.snap();
    let legal = snap.quest.system.legal(&snap);
    for id in &summoned {
        let orc = snap.figure(*id).unwrap();
        assert!(orc.awake, "summoned awake");
        assert!(
            !legal.iter().any(|c| matches!(c,
                Command::Move { figure, .. } | Command::Attack { attacker: figure, .. } if figure == id)),
            "no move or attack is offered for a monster summoned this turn: {legal:?}"
        );
        let near = orc.pos.unwrap();
        let step = [p(near.x - 1, near.y), p(near.x + 1, near.y), p(near.x, near.y + 1)]
            .into_iter()
            .find(|q| snap.can_stop_on(orc, *q))
            .expect("a free square beside it");
        assert!(
            rejected(&g.send(Command::Move {
                figure: *id,
                path: vec![step]
            }))
            .is_some(),
            "a summoned orc may not move the turn it appears"
        );
    }
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Hero(FigureId(0)));
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Sorcerer);
    let snap = g.snap();
    let legal = snap.quest.system.legal(&snap);
    for id in &summoned {
        assert!(
            legal.iter().any(|c| matches!(c,
                Command::Move { figure, .. } | Command::Attack { attacker: figure, .. } if figure == id)),
            "the next sorcerer turn it moves or strikes: {legal:?}"
        );
    }
}
