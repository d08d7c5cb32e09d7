//! Quest events (docs/quest-format.md, Events): every trigger and every effect, through the
//! commands a player sends; and the loader's checks of what events refer to.

use hollowdeep::game::model::Command;
use hollowdeep::game::model::*;
use hollowdeep::quest;

use crate::common::*;

/// The dwarf in the top corridor at (2, 0), beside the door into the north-west cell (x 1..4,
/// y 1..3); a second door at (6, 0)-(6, 1) leads into the antechamber (x 5..8, y 1..3).
const DOORS: &str = "(at: (2, 0), to: (2, 1)), (at: (6, 0), to: (6, 1))";
const FAR_ORC: &str = "(kind: \"orc\", at: (20, 17))";
const DEFEAT_ALL: &str = "DefeatAll(return_to_stairway: false)";

fn with_events(monsters: &str, objective: &str, events: &str) -> Game {
    let q = quest_with(
        &["dwarf"],
        &[(2, 0)],
        DOORS,
        monsters,
        objective,
        &format!("events: [{events}],"),
    );
    Game::start(q, 5)
}

fn has(evs: &[GameEvent], f: impl Fn(&GameEvent) -> bool) -> bool {
    evs.iter().any(f)
}

fn message(evs: &[GameEvent], text: &str) -> bool {
    has(evs, |e| matches!(e, GameEvent::QuestMessage { text: t } if t == text))
}

fn dwarf() -> FigureId {
    FigureId(0)
}

fn open_first_door(g: &mut Game) -> Vec<GameEvent> {
    g.send(Command::OpenDoor { hero: dwarf(), door: 0 })
}

#[test]
fn a_door_opened_reads_a_message_and_gives_gold_once() {
    let mut g = with_events(
        FAR_ORC,
        DEFEAT_ALL,
        "(when: DoorOpened(at: (2, 0), to: (2, 1)), then: [Message(\"Dust falls from the lintel.\"), GiveGold(amount: 25)])",
    );
    let evs = open_first_door(&mut g);
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert!(message(&evs, "Dust falls from the lintel."), "{evs:?}");
    assert!(has(
        &evs,
        |e| matches!(e, GameEvent::GoldFound { hero, amount: 25 } if *hero == dwarf())
    ));
    let gold = |g: &mut Game| {
        let e = g.snap().figure(dwarf()).unwrap().entity;
        g.app.world().get::<Inventory>(e).unwrap().gold
    };
    assert_eq!(gold(&mut g), 25);
    // Once only: closing and opening again sets nothing off.
    g.send(Command::CloseDoor { hero: dwarf(), door: 0 });
    let again = open_first_door(&mut g);
    assert!(
        !has(&again, |e| matches!(e, GameEvent::QuestMessage { .. })),
        "{again:?}"
    );
    assert_eq!(gold(&mut g), 25);
}

#[test]
fn entering_a_room_springs_an_ambush_whose_fall_completes_a_scripted_objective() {
    let mut g = with_events(
        FAR_ORC,
        "Scripted(goal: \"Spring the trap in the cell\", return_to_stairway: false)",
        "(when: EntersRoom(room: (3, 2)), then: [Spawn(monsters: [(kind: \"goblin\", at: (2, 2), name: \"Snik\", group: \"ambush\")])]),
         (when: GroupKilled(group: \"ambush\"), then: [Message(\"The ambush is broken.\"), CompleteObjective])",
    );
    assert_eq!(g.snap().quest.objective.describe(), "Spring the trap in the cell");
    open_first_door(&mut g);
    g.send(Command::RollMovement { hero: dwarf() });
    let evs = g.send(Command::Move {
        figure: dwarf(),
        path: path(&[(2, 1)]),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    let snik = g
        .snap()
        .monsters()
        .find(|m| m.name == "Snik")
        .map(|m| (m.id, m.pos, m.awake))
        .expect("the ambush appears");
    assert_eq!(snik.1, Some(p(2, 2)));
    assert!(snik.2, "it appears in sight, awake");
    assert!(has(
        &evs,
        |e| matches!(e, GameEvent::MonsterSummoned { figure, .. } if *figure == snik.0)
    ));
    // Fight until the goblin falls; its fall meets the objective and wins the quest.
    g.set_body(snik.0.0, 1);
    let mut won = false;
    for _ in 0..60 {
        match g.turn().phase {
            Phase::Over(Outcome::Won) => {
                won = true;
                break;
            }
            Phase::Over(_) => break,
            Phase::Hero(_) if !g.turn().progress(dwarf()).acted => {
                let evs = g.send(Command::Attack {
                    attacker: dwarf(),
                    target: snik.0,
                });
                if has(&evs, |e| matches!(e, GameEvent::MonsterKilled { .. })) {
                    assert!(message(&evs, "The ambush is broken."), "{evs:?}");
                    assert!(has(&evs, |e| matches!(e, GameEvent::ObjectiveCompleted)), "{evs:?}");
                }
            }
            Phase::Hero(_) => {
                g.send(Command::EndTurn);
            }
            Phase::Sorcerer => g.app.update(),
        }
    }
    assert!(won, "the quest ends in victory when the ambush falls");
}

#[test]
fn a_round_locks_a_door_a_square_unlocks_it_and_opens_another() {
    let mut g = with_events(
        FAR_ORC,
        DEFEAT_ALL,
        "(when: Round(2), then: [LockDoor(at: (2, 0), to: (2, 1))]),
         (when: EntersSquare(at: (4, 0)), then: [UnlockDoor(at: (2, 0), to: (2, 1)), OpenDoor(at: (6, 0), to: (6, 1))])",
    );
    g.end_hero_turns();
    while g.turn().phase == Phase::Sorcerer {
        g.app.update();
    }
    assert_eq!(g.turn().round, 2);
    let door = |g: &mut Game, id: u32| *g.snap().doors.iter().find(|d| d.id == id).unwrap();
    assert!(door(&mut g, 0).locked, "round 2 locked the door");
    let r = rejected(&open_first_door(&mut g)).expect("a locked door stays shut");
    assert!(r.contains("locked"), "{r}");
    g.set_allowance(0, 2);
    let evs = g.send(Command::Move {
        figure: dwarf(),
        path: path(&[(3, 0), (4, 0)]),
    });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert!(has(&evs, |e| matches!(
        e,
        GameEvent::DoorChanged {
            door: 0,
            locked: false,
            ..
        }
    )));
    assert!(has(&evs, |e| matches!(
        e,
        GameEvent::DoorChanged {
            door: 1,
            open: true,
            ..
        }
    )));
    assert!(!door(&mut g, 0).locked);
    assert!(door(&mut g, 1).open);
    // The antechamber behind the opened door is in sight now.
    assert!(g.snap().fog.is_revealed(p(6, 1)));
}

#[test]
fn a_search_in_a_room_reveals_another_and_gives_an_item_and_a_potion() {
    let mut g = with_events(
        "(kind: \"orc\", at: (7, 3)), (kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
        "(when: Searched(search: Treasure, room: (3, 2)), then: [Reveal(room: (7, 2)), Give(item: \"talisman_of_lore\"), Give(item: \"healing\"), Give(item: \"orcs_bane\")])",
    );
    open_first_door(&mut g);
    g.set_allowance(0, 1);
    g.send(Command::Move {
        figure: dwarf(),
        path: path(&[(2, 1)]),
    });
    // A search for traps is not a search for treasure: nothing happens.
    let evs = g.send(Command::SearchTraps { hero: dwarf() });
    assert!(!has(&evs, |e| matches!(e, GameEvent::ItemFound { .. })), "{evs:?}");
    g.end_hero_turns();
    while g.turn().phase == Phase::Sorcerer {
        g.app.update();
    }
    let evs = g.send(Command::SearchTreasure { hero: dwarf() });
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert!(has(
        &evs,
        |e| matches!(e, GameEvent::ItemFound { item, .. } if item == "talisman_of_lore")
    ));
    assert!(has(
        &evs,
        |e| matches!(e, GameEvent::PotionFound { potion, .. } if potion == "healing")
    ));
    assert!(has(
        &evs,
        |e| matches!(e, GameEvent::AreaRevealed { area, .. } if area == "North-west antechamber")
    ));
    let snap = g.snap();
    assert!(snap.fog.is_revealed(p(8, 3)));
    let orc = snap.figure_at(p(7, 3)).expect("the orc in the antechamber");
    assert!(orc.awake, "a revealed room's monsters wake");
    let me = snap.figure(dwarf()).unwrap();
    assert!(me.equipment.items.contains(&"talisman_of_lore".to_string()));
    assert!(me.inventory.potions.contains(&"healing".to_string()));
    // An artifact weapon is taken in hand; the dwarf's own weapon is carried.
    assert_eq!(me.equipment.weapon.as_deref(), Some("orcs_bane"));
    assert!(
        me.equipment.items.contains(&"shortsword".to_string()),
        "{:?}",
        me.equipment
    );
}

#[test]
fn a_named_monsters_fall_and_a_heros_death_set_off_their_events() {
    let mut g = with_events(
        "(kind: \"goblin\", at: (2, 1), name: \"Grub\"), (kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
        "(when: Killed(names: [\"Grub\"]), then: [Message(\"Grub is no more.\")]),
         (when: HeroDies, then: [Message(\"The dungeon claims another.\"), FailQuest])",
    );
    // The goblin stands behind the first door; open it and fight.
    open_first_door(&mut g);
    let grub = g.snap().figure_at(p(2, 1)).unwrap().id;
    g.set_body(grub.0, 1);
    let mut fell = false;
    for _ in 0..60 {
        if g.snap().figure(grub).is_none_or(|m| !m.alive()) {
            break;
        }
        match g.turn().phase {
            Phase::Hero(_) if !g.turn().progress(dwarf()).acted => {
                let evs = g.send(Command::Attack {
                    attacker: dwarf(),
                    target: grub,
                });
                if has(&evs, |e| matches!(e, GameEvent::MonsterKilled { .. })) {
                    assert!(message(&evs, "Grub is no more."), "{evs:?}");
                    fell = true;
                }
            }
            Phase::Hero(_) => {
                g.send(Command::EndTurn);
            }
            Phase::Sorcerer => g.app.update(),
            Phase::Over(_) => break,
        }
        g.set_body(0, 7);
    }
    assert!(fell, "Grub fell");
    // A hero's death fails this quest at once, with its message.
    let q = quest_with(
        &["dwarf", "elf"],
        &[(2, 0), (3, 0)],
        DOORS,
        "(kind: \"orc\", at: (4, 0)), (kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
        "events: [(when: HeroDies, then: [Message(\"The dungeon claims another.\"), FailQuest])],",
    );
    let mut g = Game::start(q, 9);
    g.set_body(1, 1);
    let mut lost = false;
    for _ in 0..200 {
        if let Phase::Over(o) = g.turn().phase {
            lost = o == Outcome::Lost;
            break;
        }
        match g.turn().phase {
            Phase::Hero(_) => {
                g.send(Command::EndTurn);
            }
            _ => g.app.update(),
        }
    }
    assert!(lost, "the quest is lost");
    let log = g.log();
    assert!(message(&log, "The dungeon claims another."));
    assert!(g.snap().heroes().any(|h| h.body == 0), "a hero died");
    assert!(
        g.snap().heroes().any(|h| h.alive()),
        "the quest failed before the last hero fell"
    );
}

#[test]
fn events_are_checked_when_the_quest_loads() {
    let text = |objective: &str, events: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B.\", heroes: [\"dwarf\"], hero_starts: [(2, 0)], stairway: (12, 2, 2, 2),
             doors: [{DOORS}], monsters: [{FAR_ORC}], objective: {objective}, wandering_monster: \"orc\",
             events: [{events}])"
        )
    };
    let problems = |objective: &str, events: &str| -> String {
        match quest::parse_with(
            "t",
            "t.ron",
            text(objective, events).as_bytes(),
            None,
            quest::Winnable::NotChecked,
        ) {
            Ok(_) => String::new(),
            Err(p) => p.to_string(),
        }
    };
    assert_eq!(
        problems(DEFEAT_ALL, "(when: Round(3), then: [Message(\"Three.\")])"),
        ""
    );
    for (events, expect) in [
        (
            "(when: EntersRoom(room: (0, 0)), then: [Message(\"x\")])",
            "not a square inside a room",
        ),
        (
            "(when: DoorOpened(at: (9, 0), to: (9, 1)), then: [Message(\"x\")])",
            "no door or secret door between",
        ),
        (
            "(when: Killed(names: [\"Nobody\"]), then: [Message(\"x\")])",
            "no monster is named \"Nobody\"",
        ),
        (
            "(when: GroupKilled(group: \"ghosts\"), then: [Message(\"x\")])",
            "no monster is in the group \"ghosts\"",
        ),
        ("(when: Round(0), then: [Message(\"x\")])", "rounds count from 1"),
        (
            "(before_round: 1, when: Round(2), then: [Message(\"x\")])",
            "before_round must be 2 or more",
        ),
        ("(when: HeroDies, then: [])", "at least one effect"),
        (
            "(when: HeroDies, then: [Give(item: \"crown\")])",
            "unknown item \"crown\"",
        ),
        (
            "(when: HeroDies, then: [Spawn(monsters: [(kind: \"dragon\", at: (3, 2))])])",
            "unknown monster kind \"dragon\"",
        ),
        (
            "(when: HeroDies, then: [Spawn(monsters: [(kind: \"orc\", at: (12, 2))])])",
            "stands on the stairway",
        ),
        ("(when: HeroDies, then: [Message(\"\")])", "a message cannot be empty"),
    ] {
        let got = problems(DEFEAT_ALL, events);
        assert!(got.contains(expect), "{events}: expected \"{expect}\" in: {got}");
        assert!(got.starts_with("t.ron:"), "problems have their place: {got}");
    }
    // A Scripted objective needs an event that completes it.
    let got = problems(
        "Scripted(goal: \"Find it\")",
        "(when: Round(2), then: [Message(\"x\")])",
    );
    assert!(got.contains("no event has one"), "{got}");
}

#[test]
fn round_one_greets_the_first_hero_and_a_late_monsters_name_waits_for_it() {
    let mut g = with_events(
        "(kind: \"goblin\", at: (2, 1)), (kind: \"orc\", at: (20, 17))",
        DEFEAT_ALL,
        "(when: Round(1), then: [Message(\"Welcome below.\")]),
         (when: Round(9), then: [Spawn(monsters: [(kind: \"goblin\", at: (22, 2), name: \"Late\")])]),
         (when: Killed(names: [\"Late\"]), then: [Message(\"Late falls.\")])",
    );
    // The opening itself sets off Round(1), before anyone has moved.
    assert!(message(&g.log(), "Welcome below."), "{:?}", g.log());
    // Another monster's fall does not count for one that has not come yet.
    open_first_door(&mut g);
    let goblin = g.snap().figure_at(p(2, 1)).unwrap().id;
    g.set_body(goblin.0, 1);
    for _ in 0..60 {
        if g.snap().figure(goblin).is_none() || matches!(g.turn().phase, Phase::Over(_)) {
            break;
        }
        match g.turn().phase {
            Phase::Hero(_) if !g.turn().progress(dwarf()).acted => {
                g.send(Command::Attack {
                    attacker: dwarf(),
                    target: goblin,
                });
            }
            Phase::Hero(_) => {
                g.send(Command::EndTurn);
            }
            _ => g.app.update(),
        }
        g.set_body(0, 7);
    }
    assert!(g.snap().figure(goblin).is_none(), "the goblin fell");
    assert!(
        !message(&g.log(), "Late falls."),
        "Killed fired before its monster came"
    );
}

#[test]
fn once_the_goal_is_met_a_bot_opens_the_door_that_shuts_it_in() {
    // The dwarf starts in the north-west cell behind its closed door; round 1 meets the goal.
    let q = quest_with(
        &["dwarf"],
        &[(2, 1)],
        DOORS,
        FAR_ORC,
        "Scripted(goal: \"Get out\", return_to_stairway: true)",
        "events: [(when: Round(1), then: [CompleteObjective])],",
    );
    let mut g = Game::start(q, 2);
    assert!(g.turn().objective_done);
    let mut opened = false;
    for _ in 0..6 {
        if g.turn().phase != Phase::Hero(dwarf()) {
            break;
        }
        let cmd = hollowdeep::ai::heroes::next_command(&g.snap(), hollowdeep::ai::HeroBot::Competent);
        let evs = g.send(cmd);
        if has(&evs, |e| matches!(e, GameEvent::DoorOpened { door: 0, .. })) {
            opened = true;
            break;
        }
    }
    assert!(opened, "the way home is shut: the bot opens the door");
}

/// docs/quest-format.md, Events: a hero's move stops where it sets off an event that does more
/// than speak, so a door locked "behind the first hero in" has that hero inside; words alone do
/// not stop a hero; `before_round: N` keeps an event from firing once round N has begun.
#[test]
fn a_move_stops_where_it_sets_off_an_event_and_before_round_ends_one() {
    let lock = "(when: EntersRoom(room: (3, 2)), then: [Message(\"The door slams behind you.\"), LockDoor(at: (2, 0), to: (2, 1))])";
    let in_and_out = |g: &mut Game| {
        open_first_door(g);
        g.set_allowance(0, 6);
        g.send(Command::Move {
            figure: dwarf(),
            path: path(&[(2, 1), (2, 0), (1, 0)]),
        })
    };
    // The walk in and straight out again stops inside, and the door locks with the dwarf there.
    let mut g = with_events(FAR_ORC, DEFEAT_ALL, lock);
    let evs = in_and_out(&mut g);
    assert!(rejected(&evs).is_none(), "{evs:?}");
    assert!(
        has(
            &evs,
            |e| matches!(e, GameEvent::MoveInterrupted { at, reason, .. } if *at == p(2, 1) && reason == "something happens here")
        ),
        "{evs:?}"
    );
    assert_eq!(g.pos(0), Some(p(2, 1)));
    assert!(message(&evs, "The door slams behind you."));
    assert!(g.snap().doors.iter().any(|d| d.id == 0 && d.locked && !d.open));
    // A message alone lets the walk go on.
    let mut g = with_events(
        FAR_ORC,
        DEFEAT_ALL,
        "(when: EntersRoom(room: (3, 2)), then: [Message(\"Cobwebs.\")])",
    );
    let evs = in_and_out(&mut g);
    assert!(message(&evs, "Cobwebs."), "{evs:?}");
    assert_eq!(g.pos(0), Some(p(1, 0)));
    // Past its round, the lock neither fires nor stops the walk.
    let mut g = with_events(
        FAR_ORC,
        DEFEAT_ALL,
        &lock.replacen("(when:", "(before_round: 2, when:", 1),
    );
    g.send(Command::EndTurn);
    for _ in 0..50 {
        if g.turn().phase == Phase::Hero(dwarf()) {
            break;
        }
        g.app.update();
    }
    assert_eq!(g.turn().round, 2);
    let evs = in_and_out(&mut g);
    assert!(!message(&evs, "The door slams behind you."), "{evs:?}");
    assert_eq!(g.pos(0), Some(p(1, 0)));
    assert!(g.snap().doors.iter().any(|d| d.id == 0 && !d.locked));
}
