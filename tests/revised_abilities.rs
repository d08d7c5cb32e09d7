//! Issue 36: HeroQuest Revised's special abilities (checklists §1.1 #113–136), each played
//! through the commands a player or the sorcerer sends. The abilities are data on the monsters
//! of `assets/rules/heroquest-revised.ron`; the same scene under 2021, whose monsters have none,
//! is the control.

use hollowdeep::ai::SorcererLevel;
use hollowdeep::game::model::*;
use hollowdeep::rules::dice::Face;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, FAR_ORC, ok};
use crate::rules_revised::REVISED;

/// A quest with `heroes` on `starts` and `monsters` (a RON list's items), under Revised or
/// (`revised` false) 2021, with an orc far away so the quest goes on.
pub(crate) fn scene(
    revised: bool,
    heroes: &[&str],
    starts: &[(i32, i32)],
    monsters: &str,
) -> std::sync::Arc<hollowdeep::quest::Quest> {
    scene_with(revised, heroes, starts, "", monsters)
}

/// `scene` with `doors` (a RON list's items).
fn scene_with(
    revised: bool,
    heroes: &[&str],
    starts: &[(i32, i32)],
    doors: &str,
    monsters: &str,
) -> std::sync::Arc<hollowdeep::quest::Quest> {
    let rules = if revised { REVISED } else { "" };
    quest_with(
        heroes,
        starts,
        doors,
        &format!("{monsters}, {FAR_ORC}"),
        DEFEAT_ALL,
        rules,
    )
}

fn attack(g: &mut Game, attacker: u32, target: u32) -> Vec<GameEvent> {
    g.send(Command::Attack {
        attacker: FigureId(attacker),
        target: FigureId(target),
    })
}

/// Plays the sorcerer's turn at `level` through its own commands; returns them.
fn sorcerer_turn(g: &mut Game, level: SorcererLevel) -> Vec<Command> {
    sorcerer_turn_explained(g, level).0
}

/// `sorcerer_turn`, with the reasons the log would show.
fn sorcerer_turn_explained(g: &mut Game, level: SorcererLevel) -> (Vec<Command>, Vec<String>) {
    let mut mind = hollowdeep::ai::sorcerer::SorcererTurn::default();
    let (mut sent, mut reasons) = (Vec::new(), Vec::new());
    for _ in 0..40 {
        let snap = g.snap();
        if snap.turn.phase != Phase::Sorcerer {
            break;
        }
        let (cmd, why) = hollowdeep::ai::sorcerer::next_command(&snap, &mut mind, level);
        ok(&g.send(cmd.clone()));
        sent.push(cmd);
        reasons.extend(why.map(|w| w.1));
    }
    (sent, reasons)
}

/// #124 Long: the abomination's melee attacks reach a hero diagonally beside it; under 2021 it
/// must stand square on.
#[test]
fn long_reaches_across_a_corner() {
    for revised in [false, true] {
        // In room nw1 (1..4, 1..3), its door open to the corridor.
        let q = scene_with(
            revised,
            &["barbarian"],
            &[(2, 1)],
            "(at: (2, 0), to: (2, 1), open: true)",
            "(kind: \"abomination\", at: (3, 2))",
        );
        let mut g = Game::start(q, 3);
        g.end_hero_turns();
        let evs = attack(&mut g, 1, 0);
        assert_eq!(rejected(&evs).is_none(), revised, "revised {revised}: {evs:?}");
        if revised {
            assert!(evs.iter().any(|e| matches!(e, GameEvent::Attack { .. })));
        }
    }
}

/// #120 Giant: no figure passes through the gargoyle's square, not even the orc beside it; under
/// 2021 a monster passes its friends.
#[test]
fn no_figure_passes_a_giant() {
    for revised in [false, true] {
        let q = scene(
            revised,
            &["barbarian"],
            &[(2, 0)],
            "(kind: \"orc\", at: (5, 0)), (kind: \"gargoyle\", at: (6, 0), movement: 0)",
        );
        let mut g = Game::start(q, 3);
        g.end_hero_turns();
        let evs = g.send(Command::Move {
            figure: FigureId(1),
            path: path(&[(6, 0), (7, 0)]),
        });
        assert_eq!(rejected(&evs).is_some(), revised, "revised {revised}: {evs:?}");
        let snap = g.snap();
        let orc = snap.figure(FigureId(1)).unwrap();
        assert!(
            hollowdeep::game::heroquest::steps_left(&snap, orc).is_some(),
            "the orc may still move"
        );
        if revised {
            // The ways the game offers go round, never through: none here, in a corridor.
            let field = snap.reach(orc, 8).unwrap();
            assert!(field.dist(p(7, 0)).is_none(), "nothing beyond the giant is in reach");
        }
    }
}

/// #117 Defencing: when the dread warrior rolls one black shield, the whole blow is turned;
/// with none, every skull lands. Under 2021 each shield saves one skull.
#[test]
fn a_defencing_shield_turns_the_whole_blow() {
    for revised in [false, true] {
        let mut turned = 0;
        for seed in 0..40 {
            let q = scene(
                revised,
                &["barbarian"],
                &[(5, 0)],
                "(kind: \"dread_warrior\", at: (6, 0), body: 9, movement: 0)",
            );
            let mut g = Game::start(q, seed);
            let evs = attack(&mut g, 0, 1);
            let Some(GameEvent::Attack {
                attack, defend, damage, ..
            }) = evs.iter().find(|e| matches!(e, GameEvent::Attack { .. }))
            else {
                panic!("{evs:?}")
            };
            let skulls = attack.iter().filter(|f| **f == Face::Skull).count() as u8;
            let shields = defend.iter().filter(|f| **f == Face::BlackShield).count() as u8;
            let want = if revised && shields > 0 {
                0
            } else {
                skulls.saturating_sub(shields)
            };
            assert_eq!(
                *damage, want,
                "revised {revised}, seed {seed}: {attack:?} against {defend:?}"
            );
            turned += u32::from(shields > 0 && skulls > shields);
        }
        assert!(turned > 0, "some seed shows a blow a single shield turns");
    }
    // The odds the hover card shows know it too.
    let q = scene(
        true,
        &["barbarian"],
        &[(5, 0)],
        "(kind: \"dread_warrior\", at: (6, 0), movement: 0)",
    );
    let mut g = Game::start(q, 1);
    let snap = g.snap();
    let (h, m) = (snap.figure(FigureId(0)).unwrap(), snap.figure(FigureId(1)).unwrap());
    let odds = hollowdeep::game::heroquest::attack_odds(&snap, h, m).unwrap();
    // 3 dice against 4: a wound needs no black shield (5/6)^4 and a skull 1 − (1/2)^3.
    let want = (5.0f64 / 6.0).powi(4) * (1.0 - 0.125);
    assert!((odds.wound - want).abs() < 1e-9, "{} against {want}", odds.wound);
    // So does the card of the figure under the pointer, with the odds it shows.
    let card = hollowdeep::ui::play::hover_card::card_for(&snap, m.pos.unwrap()).unwrap();
    assert!(card.stats.contains("Defencing: one shield"), "{}", card.stats);
    assert!(card.odds.unwrap().contains("42% to wound"));
}

/// #129 Rage(1): Grak attacks twice in a turn, and no more; under 2021 once.
#[test]
fn rage_gives_another_attack() {
    for revised in [false, true] {
        let q = scene(
            revised,
            &["barbarian"],
            &[(5, 0)],
            "(kind: \"grak\", at: (6, 0), movement: 0)",
        );
        let mut g = Game::start(q, 4);
        g.set_body(0, 40);
        g.end_hero_turns();
        ok(&attack(&mut g, 1, 0));
        let second = attack(&mut g, 1, 0);
        assert_eq!(rejected(&second).is_none(), revised, "revised {revised}: {second:?}");
        if revised {
            let third = attack(&mut g, 1, 0);
            assert!(rejected(&third).is_some(), "Rage(1) is one more attack, not two");
        }
    }
}

/// #115 Command and #121 Haste: at the start of the sorcerer's turn Ulag hastens the orc it
/// sees (Haste(1): a second Move action, with its whole Speed again), not itself; the haste ends
/// with the turn. Under 2021 the orc moves once.
#[test]
fn a_commander_hastens_the_monsters_it_sees() {
    for revised in [false, true] {
        let q = scene(
            revised,
            &["wizard"],
            &[(2, 0)],
            "(kind: \"orc\", at: (9, 0)), (kind: \"ulag\", at: (12, 0), movement: 0)",
        );
        let mut g = Game::start(q, 5);
        g.end_hero_turns();
        let snap = g.snap();
        let orc = snap.figure(FigureId(1)).unwrap();
        assert_eq!(orc.has(StatusKind::Hastened), revised, "revised {revised}");
        assert!(
            !snap.figure(FigureId(2)).unwrap().has(StatusKind::Hastened),
            "a commander does not hasten itself"
        );
        // Eight squares east, past Ulag: the orc's whole Speed.
        let east: Vec<(i32, i32)> = (10..=17).map(|x| (x, 0)).collect();
        ok(&g.send(Command::Move {
            figure: FigureId(1),
            path: path(&east),
        }));
        // Back west, the whole Speed again (past Ulag once more).
        let west: Vec<(i32, i32)> = (9..=16).rev().map(|x| (x, 0)).collect();
        let again = g.send(Command::Move {
            figure: FigureId(1),
            path: path(&west),
        });
        assert_eq!(rejected(&again).is_none(), revised, "revised {revised}: {again:?}");
        if revised {
            let third = g.send(Command::Move {
                figure: FigureId(1),
                path: path(&[(8, 0)]),
            });
            assert!(rejected(&third).is_some(), "Haste(1) is one more move");
            let evs = g.send(Command::EndTurn);
            assert!(evs.iter().any(|e| matches!(
                e,
                GameEvent::StatusEnded {
                    status: StatusKind::Hastened,
                    ..
                }
            )));
        }
    }
}

/// Issue 36 part 5: the sorcerer uses a commander's haste. A hastened orc eleven squares from
/// the hero walks past its Speed, its walk running on into the Move action Haste gives, and
/// strikes, at the classic level and the planning ones.
#[test]
fn the_sorcerer_walks_a_hastened_monster_twice() {
    for level in [SorcererLevel::Classic, SorcererLevel::Normal, SorcererLevel::Hard] {
        let q = scene(
            true,
            &["wizard"],
            &[(2, 0)],
            "(kind: \"orc\", at: (14, 0)), (kind: \"ulag\", at: (16, 0), movement: 0)",
        );
        let mut g = Game::start(q, 6);
        g.end_hero_turns();
        let sent = sorcerer_turn(&mut g, level);
        // Eleven squares to the hero's side, past its Speed of 8: a walk running on into its
        // Haste's Move action, then the blow.
        let walked: usize = sent
            .iter()
            .map(|c| match c {
                Command::Move { figure, path } if *figure == FigureId(1) => path.len(),
                _ => 0,
            })
            .sum();
        let struck = sent
            .iter()
            .any(|c| matches!(c, Command::Attack { attacker, .. } if *attacker == FigureId(1)));
        assert!(walked > 8 && struck, "{level:?}: the orc walked {walked}: {sent:?}");
    }
}

/// #114 Crush: the mummy's blow that takes Body holds the Barbarian. Held, it cannot move or
/// strike anyone but its captor, and strikes bare-handed (its Aggression, not the broadsword);
/// the mummy does nothing but hold, and the grip takes 1 Body each sorcerer turn; it ends when
/// the mummy loses Body. Under 2021 a mummy's blow holds nobody.
#[test]
fn a_crusher_holds_the_hero_it_wounds() {
    let scene_at = |revised: bool| {
        move |seed| {
            let q = scene(
                revised,
                &["barbarian"],
                &[(5, 0)],
                "(kind: \"mummy\", at: (6, 0), body: 4, movement: 0), (kind: \"orc\", at: (4, 0), movement: 0)",
            );
            let mut g = Game::start(q, seed);
            g.set_body(0, 30);
            g.end_hero_turns();
            g
        }
    };
    let wounds = |e: &[GameEvent]| {
        e.iter()
            .any(|e| matches!(e, GameEvent::Attack { damage, .. } if *damage > 0))
    };
    // 2021: a wound holds nobody.
    let (mut g, evs) = find_seed(scene_at(false), |g| attack(g, 1, 0), wounds);
    assert!(!evs.iter().any(|e| matches!(
        e,
        GameEvent::StatusGained {
            status: StatusKind::Held,
            ..
        }
    )));
    assert!(g.snap().dungeon.held.is_empty());
    // Revised: held.
    let (mut g, evs) = find_seed(scene_at(true), |g| attack(g, 1, 0), wounds);
    assert!(
        evs.iter().any(|e| matches!(
            e,
            GameEvent::StatusGained {
                figure: FigureId(0),
                status: StatusKind::Held
            }
        )),
        "{evs:?}"
    );
    assert_eq!(g.snap().dungeon.held.get(&FigureId(0)), Some(&FigureId(1)));
    g.send(Command::EndTurn);
    // The hero's turn: no moving, no striking the orc behind, bare hands on the mummy.
    assert!(rejected(&g.send(Command::RollMovement { hero: FigureId(0) })).is_some());
    let orc = attack(&mut g, 0, 2);
    assert!(rejected(&orc).unwrap().contains("held"), "{orc:?}");
    let snap = g.snap();
    let (h, m) = (snap.figure(FigureId(0)).unwrap(), snap.figure(FigureId(1)).unwrap());
    assert_eq!(
        snap.attack_dice(h, m, None),
        2,
        "the Barbarian's Aggression, not the broadsword's 3"
    );
    assert!(
        !hollowdeep::game::heroquest::legal_commands(&snap)
            .iter()
            .any(|c| matches!(c, Command::RollMovement { .. } | Command::SearchTreasure { .. })),
        "the list offers neither a move nor a search"
    );
    let before = g.snap().figure(FigureId(0)).unwrap().body;
    g.send(Command::EndTurn);
    // The sorcerer's turn: the grip squeezes; the mummy does nothing else.
    let evs = g.log();
    let squeezed = evs.iter().rev().find_map(|e| match e {
        GameEvent::Wounded {
            figure, amount, cause, ..
        } if *figure == FigureId(0) => Some((*amount, cause.clone())),
        _ => None,
    });
    assert_eq!(squeezed.as_ref().map(|s| s.0), Some(1), "{squeezed:?}");
    assert!(squeezed.unwrap().1.contains("crushing grip"));
    assert_eq!(g.snap().figure(FigureId(0)).unwrap().body, before - 1);
    let again = attack(&mut g, 1, 0);
    assert!(rejected(&again).unwrap().contains("grip"), "{again:?}");
    g.send(Command::EndTurn);
    // The hero wounds the mummy: the grip ends.
    let mut freed = false;
    for _ in 0..30 {
        let evs = attack(&mut g, 0, 1);
        if evs.iter().any(|e| {
            matches!(
                e,
                GameEvent::StatusEnded {
                    status: StatusKind::Held,
                    ..
                }
            )
        }) {
            freed = true;
            break;
        }
        ok(&evs);
        // The mummy kept its Body: round again.
        g.send(Command::EndTurn);
        g.send(Command::EndTurn);
    }
    assert!(freed, "a wound on the mummy ends the grip");
    assert!(g.snap().dungeon.held.is_empty());
}

/// #130 Sentry (and #49): a goblin opens the door of its room, as a hero does, and what it sees
/// is revealed and woken; other monsters never open doors. Under 2021 the goblin cannot. The
/// sorcerer's goblin opens the door on the heroes' side by itself, at every level.
#[test]
fn a_sentry_opens_doors_and_reveals_what_it_sees() {
    // Room nw1 (1..4, 1..3), its door at (2,0)-(2,1) closed; a goblin and an orc inside, the
    // Barbarian in the corridor beyond. The heroes cannot see in, so the two are woken first.
    let make = |revised: bool| {
        let q = scene_with(
            revised,
            &["barbarian"],
            &[(6, 0)],
            "(at: (2, 0), to: (2, 1))",
            "(kind: \"goblin\", at: (2, 1)), (kind: \"orc\", at: (3, 1))",
        );
        let mut g = Game::start(q, 7);
        g.end_hero_turns();
        for id in [1, 2] {
            let e = g.snap().figure(FigureId(id)).unwrap().entity;
            g.app.world_mut().entity_mut(e).insert(Awake);
        }
        g
    };
    let door = |g: &mut Game| g.snap().doors.iter().find(|d| d.edge.touches(p(2, 1))).unwrap().id;
    for revised in [false, true] {
        let mut g = make(revised);
        let d = door(&mut g);
        assert!(!g.snap().fog.is_revealed(p(4, 3)), "the room is unseen");
        let orc = g.send(Command::OpenDoor {
            hero: FigureId(2),
            door: d,
        });
        assert!(rejected(&orc).unwrap().contains("cannot open doors"), "{orc:?}");
        let evs = g.send(Command::OpenDoor {
            hero: FigureId(1),
            door: d,
        });
        assert_eq!(rejected(&evs).is_none(), revised, "revised {revised}: {evs:?}");
        if revised {
            assert!(g.snap().fog.is_revealed(p(4, 3)), "the goblin's room is revealed");
        }
    }
    for level in [SorcererLevel::Classic, SorcererLevel::Normal, SorcererLevel::Hard] {
        let mut g = make(true);
        let (sent, reasons) = sorcerer_turn_explained(&mut g, level);
        assert!(
            matches!(sent.first(), Some(Command::OpenDoor { hero: FigureId(1), .. })),
            "{level:?}: {sent:?}"
        );
        assert!(
            reasons[0].contains("sentry, opens the door"),
            "the log says why: {reasons:?}"
        );
    }
}

/// #133 Steal: the goblin takes a thing the Elf carries but does not use (the bow, not the
/// shortsword in hand, not an artifact) and runs; once no hero sees it, the bow is lost. Slain
/// before that, it drops the bow where it fell. The sorcerer's goblin does it by itself, at every
/// level. Under 2021 goblins do not steal.
#[test]
fn a_thief_takes_a_carried_thing_and_runs() {
    let make = |revised: bool, seed| {
        let rules = if revised { REVISED } else { "" };
        let q = quest_with(
            &["elf"],
            &[(5, 0)],
            "",
            &format!("(kind: \"goblin\", at: (6, 0)), {FAR_ORC}"),
            DEFEAT_ALL,
            &format!("{rules} equipment: {{\"elf\": (items: [\"bow\", \"talisman_of_lore\"])}},"),
        );
        let mut g = Game::start(q, seed);
        g.end_hero_turns();
        g
    };
    let steal = |g: &mut Game, item: &str| {
        g.send(Command::Steal {
            thief: FigureId(1),
            hero: FigureId(0),
            item: item.into(),
        })
    };
    let mut g = make(false, 1);
    assert!(rejected(&steal(&mut g, "bow")).is_some(), "2021 goblins do not steal");
    let mut g = make(true, 1);
    assert_eq!(
        hollowdeep::game::heroquest::stealable(&g.snap(), g.snap().figure(FigureId(0)).unwrap()),
        vec!["bow".to_string()],
        "not the sword in hand, not the talisman (an artifact)"
    );
    for item in ["shortsword", "talisman_of_lore"] {
        assert!(rejected(&steal(&mut g, item)).is_some(), "{item}");
    }
    let evs = steal(&mut g, "bow");
    assert!(evs.iter().any(|e| matches!(e, GameEvent::ItemStolen { .. })), "{evs:?}");
    assert!(!g.snap().figure(FigureId(0)).unwrap().equipment.has("bow"));
    // It runs round the corner, out of sight: the bow is lost.
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[
            (7, 0),
            (8, 0),
            (9, 0),
            (10, 0),
            (11, 0),
            (12, 0),
            (13, 0),
            (13, 1),
            (13, 2),
        ]),
    }));
    assert!(!g.snap().sees(p(5, 0), p(13, 2)));
    assert!(
        g.log().iter().any(|e| matches!(e, GameEvent::StolenItemLost { .. })),
        "out of sight, the bow is lost"
    );
    assert!(g.snap().dungeon.stolen.is_empty());
    // Slain first, it drops the bow.
    let (mut g, _) = find_seed(
        |seed| {
            let mut g = make(true, seed);
            ok(&steal(&mut g, "bow"));
            g.send(Command::EndTurn);
            g
        },
        |g| attack(g, 0, 1),
        |e| e.iter().any(|e| matches!(e, GameEvent::MonsterKilled { .. })),
    );
    assert!(g.log().iter().any(|e| matches!(e, GameEvent::StolenItemDropped { .. })));
    ok(&g.send(Command::PickUp { hero: FigureId(0) }));
    assert!(
        g.snap().figure(FigureId(0)).unwrap().equipment.has("bow"),
        "the Elf has its bow again"
    );
    // The sorcerer's goblin steals and runs by itself.
    for level in [SorcererLevel::Classic, SorcererLevel::Normal, SorcererLevel::Hard] {
        let mut g = make(true, 3);
        let (sent, reasons) = sorcerer_turn_explained(&mut g, level);
        assert!(
            matches!(sent.first(), Some(Command::Steal { .. })),
            "{level:?}: {sent:?}"
        );
        assert!(
            matches!(
                sent.get(1),
                Some(Command::Move {
                    figure: FigureId(1),
                    ..
                })
            ),
            "{level:?}: then it runs: {sent:?}"
        );
        assert!(reasons.iter().any(|r| r.contains("runs")), "{reasons:?}");
    }
}

/// Issue 36 part 5: Morcar's Mind Lash (Mystic Combat, #75) in the planners. A caster that cannot
/// reach the heroes lashes the mind of the one it sees, by the exact odds of Mind against Mind,
/// at the normal and hard levels as at the classic one.
#[test]
fn the_planners_lash_a_heros_mind() {
    for level in [SorcererLevel::Classic, SorcererLevel::Normal, SorcererLevel::Hard] {
        let q = scene(
            true,
            &["barbarian"],
            &[(2, 0)],
            "(kind: \"orc\", at: (9, 0), movement: 0, mind: 6, spells: [\"mind_lash\"])",
        );
        let mut g = Game::start(q, 8);
        g.end_hero_turns();
        let sent = sorcerer_turn(&mut g, level);
        assert!(
            sent.iter()
                .any(|c| matches!(c, Command::CastSpell { spell, .. } if spell == "mind_lash")),
            "{level:?}: {sent:?}"
        );
    }
}

/// A person playing the sorcerer steals with a thief and opens a door with a Sentry from the
/// sorcerer's menu (#133, #130), the same commands the computer sends.
#[test]
fn the_sorcerers_menu_offers_a_thiefs_steal_and_a_sentrys_door() {
    use hollowdeep::input::sorcerer::{SorcererIntent, sorcerer_menu};
    let q = scene_with(
        true,
        &["elf"],
        &[(2, 0)],
        "(at: (3, 0), to: (3, 1))",
        "(kind: \"goblin\", at: (3, 0))",
    );
    let q = {
        let mut q = (*q).clone();
        q.gear.entry("elf".into()).or_default().items.push("bow".into());
        std::sync::Arc::new(q)
    };
    let mut g = Game::start(q, 4);
    g.end_hero_turns();
    let lines = sorcerer_menu(&g.snap(), Some(FigureId(1)));
    let labels: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels[..2],
        ["Goblin: steal the Bow from Elf", "Goblin: open the door"],
        "{labels:?}"
    );
    for (_, intent) in lines.into_iter().take(2) {
        let SorcererIntent::Send(c) = intent else {
            panic!("a command")
        };
        ok(&g.send(c));
    }
}
