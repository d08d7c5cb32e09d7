//! Issue 36: HeroQuest Revised's men-at-arms (checklists §1.1 #39, #42, #151–152, and the
//! Scout's #59 and #62), played through the commands a player or the sorcerer sends: figures of
//! the heroes' side that a quest lends the party, each serving a hero and activated by that hero's
//! player in the same turn, in the order the player chooses.

use hollowdeep::ai::SorcererLevel;
use hollowdeep::game::heroquest::legal_commands;
use hollowdeep::game::model::*;
use hollowdeep::rules::dice::Face;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, has, ok};
use crate::rules_revised::{REVISED, refused};

/// Lent in seat order: the Barbarian leads the Scout (2) and the Crossbowman (3), the Dwarf the
/// Swordsman (4). Monsters come after them.
const LENT: &str = "men_at_arms: [\"scout\", \"swordsman\", \"crossbowman\"],";
const BARBARIAN: u32 = 0;
const DWARF: u32 = 1;
const SCOUT: u32 = 2;
const CROSSBOWMAN: u32 = 3;
const SWORDSMAN: u32 = 4;
/// The first monster of `party`'s list.
const FIRST_MONSTER: u32 = 5;

/// The Barbarian and the Dwarf in the top corridor with the three men-at-arms `LENT`, under
/// Revised, `monsters` first and an orc far away so the quest goes on.
fn party(monsters: &str, extra: &str) -> std::sync::Arc<hollowdeep::quest::Quest> {
    let far = "(kind: \"orc\", at: (24, 17))";
    let monsters = if monsters.is_empty() {
        far.to_string()
    } else {
        format!("{monsters}, {far}")
    };
    quest_with(
        &["barbarian", "dwarf"],
        &[(3, 0), (9, 0)],
        "",
        &monsters,
        DEFEAT_ALL,
        &format!("{REVISED} {LENT} {extra}"),
    )
}

fn phase_figure(g: &Game) -> Option<u32> {
    match g.turn().phase {
        Phase::Hero(id) => Some(id.0),
        _ => None,
    }
}

/// The heroes' side's activations for the rest of the round, each ended as it comes, until the
/// sorcerer's turn.
fn round_order(g: &mut Game) -> Vec<u32> {
    let mut order = Vec::new();
    while let Some(id) = phase_figure(g) {
        order.push(id);
        ok(&g.send(Command::EndTurn));
    }
    order
}

/// Ends activations until it is `id`'s.
fn until(g: &mut Game, id: u32) {
    for _ in 0..8 {
        if phase_figure(g) == Some(id) {
            return;
        }
        ok(&g.send(Command::EndTurn));
    }
    panic!("{id}'s activation never came");
}

/// #151–152: the quest's men-at-arms stand beside the heroes they serve, and each hero's turn
/// runs on into its men-at-arms' activations before the next hero's (#39); the sorcerer acts
/// after them all (#37).
#[test]
fn men_at_arms_take_their_activations_with_their_hero() {
    let mut g = Game::start(party("", ""), 1);
    let snap = g.snap();
    let men: Vec<_> = snap.men_at_arms().collect();
    assert_eq!(men.len(), 3);
    let expect = [
        (SCOUT, "scout", BARBARIAN, "Barbarian's Scout"),
        (CROSSBOWMAN, "crossbowman", BARBARIAN, "Barbarian's Crossbowman"),
        (SWORDSMAN, "swordsman", DWARF, "Dwarf's Swordsman"),
    ];
    let mut squares = std::collections::BTreeSet::new();
    for (id, kind, serves, name) in expect {
        let m = snap.figure(FigureId(id)).unwrap();
        assert_eq!(
            (m.kind.as_str(), m.serves, m.name.as_str()),
            (kind, Some(FigureId(serves)), name)
        );
        assert!(m.hero && !m.is_hero(), "on the heroes' side, not a hero");
        let at = m.pos.expect("on the board");
        let lead = snap.figure(FigureId(serves)).unwrap().pos.unwrap();
        assert!(at.manhattan(lead) <= 2, "{name} at {at}, its hero at {lead}");
        assert!(squares.insert(at) && snap.figure_at(at).map(|f| f.id) == Some(m.id));
    }
    assert_eq!(snap.heroes().count(), 2, "men-at-arms are not heroes");

    let order = round_order(&mut g);
    assert_eq!(order, [BARBARIAN, SCOUT, CROSSBOWMAN, DWARF, SWORDSMAN]);
    assert_eq!(g.turn().phase, Phase::Sorcerer);
    ok(&g.send(Command::EndTurn));
    assert_eq!((g.turn().round, phase_figure(&g)), (2, Some(BARBARIAN)));
}

/// #39: a player activates its figures in the order it chooses, each activation finished before
/// the next begins; it cannot take another hero's men-at-arms.
#[test]
fn a_player_takes_its_figures_in_the_order_it_chooses() {
    let mut g = Game::start(party("", ""), 1);
    let listed = legal_commands(&g.snap());
    let activate = |id: u32| Command::Activate { figure: FigureId(id) };
    assert!(listed.contains(&activate(SCOUT)) && listed.contains(&activate(CROSSBOWMAN)));
    assert!(!listed.contains(&activate(SWORDSMAN)) && !listed.contains(&activate(DWARF)));
    let why = rejected(&g.send(activate(SWORDSMAN))).expect("another hero's man-at-arms");
    assert!(why.contains("not one of the figures"), "{why}");

    let evs = g.send(activate(CROSSBOWMAN));
    ok(&evs);
    assert!(has(&evs, "activated"));
    assert_eq!(phase_figure(&g), Some(CROSSBOWMAN));
    // It has begun: a step, and the Scout must wait.
    let step = legal_commands(&g.snap())
        .into_iter()
        .find(|c| matches!(c, Command::Move { figure, .. } if figure.0 == CROSSBOWMAN))
        .expect("the crossbowman may walk");
    ok(&g.send(step));
    let why = rejected(&g.send(activate(SCOUT))).expect("an activation under way");
    assert!(why.contains("must be finished first"), "{why}");
    assert!(
        !legal_commands(&g.snap())
            .iter()
            .any(|c| matches!(c, Command::Activate { .. }))
    );

    let order = round_order(&mut g);
    assert_eq!(
        order,
        [CROSSBOWMAN, BARBARIAN, SCOUT, DWARF, SWORDSMAN],
        "the Barbarian, never activated, comes back in its place"
    );
}

/// #39: one person who plays several heroes takes all of them in one turn, in the order it
/// chooses. Here one person plays the Barbarian and the Elf, another the Dwarf: the Barbarian's
/// player may send the Elf first but not the Dwarf, and its two heroes both act before the
/// Dwarf. Under 2021 the same table plays each hero in seat order. The table's players are part
/// of the game: a replay keeps them and does not play without them.
#[test]
fn one_person_takes_all_its_heroes_in_one_turn() {
    let table = [vec!["barbarian".to_string(), "elf".to_string()]];
    let three = |rules: &str| {
        let q = quest_with(
            &["barbarian", "dwarf", "elf"],
            &[(3, 0), (9, 0), (12, 0)],
            "",
            "(kind: \"orc\", at: (24, 17))",
            DEFEAT_ALL,
            rules,
        );
        std::sync::Arc::new(q.with_players(&table))
    };
    let (barbarian, dwarf, elf) = (0, 1, 2);
    let activate = |id: u32| Command::Activate { figure: FigureId(id) };
    let mut g = Game::start(three(REVISED), 1);
    let listed = legal_commands(&g.snap());
    assert!(listed.contains(&activate(elf)) && !listed.contains(&activate(dwarf)));
    let why = rejected(&g.send(activate(dwarf))).expect("another person's hero");
    assert!(why.contains("not one of the figures"), "{why}");
    ok(&g.send(activate(elf)));
    let order = round_order(&mut g);
    assert_eq!(
        order,
        [elf, barbarian, dwarf],
        "one person's heroes in one turn, the Elf first"
    );
    // The same table under 2021: seat order, and nobody is taken out of turn.
    let mut g = Game::start(three(""), 1);
    assert!(rejected(&g.send(activate(elf))).is_some());
    let order = round_order(&mut g);
    assert_eq!(order, [barbarian, dwarf, elf]);
    // A replay keeps the table, and without it the game does not play the same.
    let book = hollowdeep::quest::load("the-bone-orchard")
        .unwrap()
        .under("heroquest-revised")
        .unwrap()
        .with_players(&table);
    let elf = book.heroes.iter().position(|h| h == "elf").unwrap() as u32;
    let commands = vec![activate(elf), Command::EndTurn];
    let r = hollowdeep::save::Replay::new(&book, "the-bone-orchard", 1, SorcererLevel::Classic, commands);
    assert_eq!(r.players, table.to_vec());
    r.play().expect("plays as recorded");
    let mut without = r.clone();
    without.players.clear();
    assert!(
        without.play().is_err(),
        "the Elf may not act first without its player's table"
    );
}

/// #21, #42, #67, #69: a man-at-arms's Speed is a fixed number (no roll), it has one Move and one
/// other Action, and it fights with its own dice; a Crossbowman shoots at any monster in sight,
/// a Swordsman only strikes what stands beside it.
#[test]
fn a_man_at_arms_has_a_fixed_speed_and_its_own_dice() {
    let q = party("(kind: \"orc\", at: (16, 0), movement: 0, body: 9)", "");
    let mut g = Game::start(q, 3);
    g.place(SWORDSMAN, p(10, 0));
    g.place(CROSSBOWMAN, p(12, 1));
    let orc = FigureId(FIRST_MONSTER);
    until(&mut g, CROSSBOWMAN);
    let evs = g.send(Command::Attack {
        attacker: FigureId(CROSSBOWMAN),
        target: orc,
    });
    ok(&evs);
    let Some(GameEvent::Attack { attack, .. }) = evs.iter().find(|e| matches!(e, GameEvent::Attack { .. })) else {
        panic!("no attack: {evs:?}")
    };
    assert_eq!(attack.len(), 2, "the Crossbowman's 2 dice, at range");

    until(&mut g, SWORDSMAN);
    let why = rejected(&g.send(Command::RollMovement {
        hero: FigureId(SWORDSMAN),
    }))
    .expect("no roll");
    assert!(why.contains("fixed Speed"), "{why}");
    let why = rejected(&g.send(Command::Attack {
        attacker: FigureId(SWORDSMAN),
        target: orc,
    }))
    .expect("out of reach");
    assert!(why.contains("cannot reach"), "{why}");
    let seven = path(&[(11, 0), (12, 0), (13, 0), (14, 0), (15, 0), (15, 1), (14, 1)]);
    let why = rejected(&g.send(Command::Move {
        figure: FigureId(SWORDSMAN),
        path: seven,
    }))
    .expect("Speed 6");
    assert!(why.contains("only 6 squares"), "{why}");
    ok(&g.send(Command::Move {
        figure: FigureId(SWORDSMAN),
        path: path(&[(11, 0), (12, 0), (13, 0), (14, 0), (15, 0)]),
    }));
    let evs = g.send(Command::Attack {
        attacker: FigureId(SWORDSMAN),
        target: orc,
    });
    ok(&evs);
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::Attack { attack, .. } if attack.len() == 2))
    );
    if g.snap().figure(orc).is_some_and(|o| o.alive()) {
        let why = rejected(&g.send(Command::Attack {
            attacker: FigureId(SWORDSMAN),
            target: orc,
        }))
        .expect("one action");
        assert!(why.contains("already"), "{why}");
    }
}

/// #69, #76: a monster's blow on a man-at-arms is saved by white shields, as on a hero; at 0 Body
/// it leaves the board, leaving nothing behind, and the heroes' turns go on without it.
#[test]
fn a_man_at_arms_defends_with_white_shields_and_falls_for_good() {
    let q = party("(kind: \"orc\", at: (11, 0), movement: 0)", "");
    let make = |seed| {
        let mut g = Game::start(q.clone(), seed);
        g.place(SWORDSMAN, p(10, 0));
        g.set_body(SWORDSMAN, 1);
        g.end_hero_turns();
        g
    };
    let blow = |g: &mut Game| {
        g.send(Command::Attack {
            attacker: FigureId(FIRST_MONSTER),
            target: FigureId(SWORDSMAN),
        })
    };
    let (mut g, evs) = find_seed(make, blow, |e| has(e, "man_at_arms_killed"));
    let Some(GameEvent::Attack {
        attack, defend, damage, ..
    }) = evs.iter().find(|e| matches!(e, GameEvent::Attack { .. }))
    else {
        unreachable!()
    };
    let count = |v: &[Face], f: Face| v.iter().filter(|x| **x == f).count();
    assert_eq!(defend.len(), 2, "the Swordsman's 2 defence dice");
    assert_eq!(
        usize::from(*damage),
        count(attack, Face::Skull).saturating_sub(count(defend, Face::WhiteShield)),
        "white shields save it: {attack:?} {defend:?}"
    );
    assert!(!has(&evs, "possessions_dropped") && !has(&evs, "hero_killed"));
    let snap = g.snap();
    assert!(snap.figure(FigureId(SWORDSMAN)).unwrap().pos.is_none());
    assert!(!matches!(snap.turn.phase, Phase::Over(_)));
    ok(&g.send(Command::EndTurn));
    let order = round_order(&mut g);
    assert_eq!(order, [BARBARIAN, SCOUT, CROSSBOWMAN, DWARF]);

    // The shields of the other side do not count: a black shield saves nothing.
    let (_, evs) = find_seed(make, blow, |e| {
        e.iter()
            .any(|x| matches!(x, GameEvent::Attack { defend, .. } if defend.contains(&Face::BlackShield)))
    });
    let Some(GameEvent::Attack {
        attack, defend, damage, ..
    }) = evs.iter().find(|e| matches!(e, GameEvent::Attack { .. }))
    else {
        unreachable!()
    };
    assert_eq!(
        usize::from(*damage).min(1),
        count(attack, Face::Skull)
            .saturating_sub(count(defend, Face::WhiteShield))
            .min(1)
    );
}

/// #59, #62–63, #88–89: a Scout searches for traps and disarms them with 1d6 + its Dexterity;
/// other men-at-arms do neither, and no man-at-arms searches for treasure or secret doors, casts,
/// or investigates. The lists offer only what each may do.
#[test]
fn only_a_scout_searches_for_and_disarms_traps() {
    let q = party("", "traps: [(kind: Spear, at: (5, 0))],");
    let mut g = Game::start(q.clone(), 1);
    g.place(SCOUT, p(4, 0));
    until(&mut g, SCOUT);
    let listed = legal_commands(&g.snap());
    assert!(listed.contains(&Command::SearchTraps { hero: FigureId(SCOUT) }));
    assert!(!listed.iter().any(|c| matches!(
        c,
        Command::SearchTreasure { .. } | Command::SearchSecretDoors { .. } | Command::Investigate { .. }
    )));
    for c in [
        Command::SearchTreasure { hero: FigureId(SCOUT) },
        Command::SearchSecretDoors { hero: FigureId(SCOUT) },
    ] {
        let why = rejected(&g.send(c)).expect("heroes only");
        assert!(why.contains("man-at-arms"), "{why}");
    }
    let evs = g.send(Command::SearchTraps { hero: FigureId(SCOUT) });
    ok(&evs);
    assert!(has(&evs, "trap_found"));

    until(&mut g, CROSSBOWMAN);
    assert!(
        !legal_commands(&g.snap())
            .iter()
            .any(|c| matches!(c, Command::SearchTraps { .. } | Command::DisarmTrap { .. }))
    );
    let why = rejected(&g.send(Command::SearchTraps {
        hero: FigureId(CROSSBOWMAN),
    }))
    .expect("not a Scout");
    assert!(why.contains("man-at-arms"), "{why}");

    // The Scout's disarm, next round: 1d6 + 3.
    let make = |seed| {
        let mut g = Game::start(q.clone(), seed);
        g.place(SCOUT, p(4, 0));
        g.app
            .world_mut()
            .query::<&mut Trap>()
            .iter_mut(g.app.world_mut())
            .for_each(|mut t| t.state = TrapState::Known);
        until(&mut g, SCOUT);
        g
    };
    let disarm = |g: &mut Game| {
        let c = Command::DisarmTrap {
            hero: FigureId(SCOUT),
            trap: 0,
        };
        assert!(legal_commands(&g.snap()).contains(&c));
        g.send(c)
    };
    let (mut g, evs) = find_seed(make, disarm, |e| has(e, "trap_disarmed"));
    let Some(GameEvent::TrapDisarmed { roll, dexterity, .. }) =
        evs.iter().find(|e| matches!(e, GameEvent::TrapDisarmed { .. }))
    else {
        unreachable!()
    };
    assert_eq!(*dexterity, Some(3));
    assert!(matches!(roll[0], Face::Pip(d) if d + 3 >= 7));
    assert_eq!(g.pos(SCOUT), Some(p(5, 0)), "#65: onto the trap's square");
}

/// #151: a quest lends only the men-at-arms its rule system has, at most four a hero; a mistake
/// is refused at its line and column, and a quest that lends them is not taken under 2021.
#[test]
fn a_quest_lends_only_men_at_arms_its_rules_know() {
    let text = |rules: &str, men: &str| {
        format!(
            "Quest(format: 1, name: \"T\", briefing: \"B\", {rules}\n heroes: [\"barbarian\"], hero_starts: [(3, 0)],\n stairway: (12, 2, 2, 2),\n men_at_arms: [{men}],\n objective: DefeatAll(return_to_stairway: false), monsters: [(kind: \"orc\", at: (24, 17))], wandering_monster: \"orc\")"
        )
    };
    let why = refused(&text("", "\"scout\""));
    assert!(
        why.starts_with("t.ron:4:") && why.contains("HeroQuest Revised rule"),
        "{why}"
    );
    let why = refused(&text(REVISED, "\"scout\", \"ogre\""));
    assert!(
        why.contains("t.ron:4:") && why.contains("unknown man-at-arms \"ogre\""),
        "{why}"
    );
    let five = ["\"swordsman\""; 5].join(", ");
    let why = refused(&text(REVISED, &five));
    assert!(why.contains("leads at most 4"), "{why}");
    let q = hollowdeep::quest::parse_with(
        "t",
        "t.ron",
        text(&format!("{REVISED} also_rules: [\"heroquest-2021\"],"), "\"scout\"").as_bytes(),
        None,
        hollowdeep::quest::Winnable::NotChecked,
    )
    .unwrap();
    let why = q.under("heroquest-2021").unwrap_err();
    assert!(why.contains("no such man-at-arms"), "{why}");
}

/// The sorcerer strikes at a man-at-arms it can reach when no hero is in reach, by the classic
/// rule and at the planning levels; the bots play men-at-arms through a whole game with no command
/// refused.
#[test]
fn the_sorcerer_strikes_men_at_arms_and_the_bots_lead_them() {
    let q = party("(kind: \"orc\", at: (11, 0), movement: 0)", "");
    for level in [SorcererLevel::Classic, SorcererLevel::Normal, SorcererLevel::Hard] {
        let mut g = Game::start(q.clone(), 5);
        g.place(SWORDSMAN, p(10, 0));
        g.end_hero_turns();
        let mut mind = hollowdeep::ai::sorcerer::SorcererTurn::default();
        let mut struck = false;
        for _ in 0..20 {
            if g.turn().phase != Phase::Sorcerer {
                break;
            }
            let (cmd, _) = hollowdeep::ai::sorcerer::next_command(&g.snap(), &mut mind, level);
            struck |= matches!(cmd, Command::Attack { target, .. } if target.0 == SWORDSMAN);
            ok(&g.send(cmd));
        }
        assert!(struck, "{level:?} left the swordsman alone");
    }

    // A whole quest of the book, four heroes and their men-at-arms.
    let mut q = hollowdeep::quest::load("the-goblin-warren")
        .unwrap()
        .under("heroquest-revised")
        .unwrap();
    q.men_at_arms = ["scout", "swordsman", "crossbowman", "halberdier", "scout"]
        .map(String::from)
        .to_vec();
    let q = std::sync::Arc::new(q);
    let report = hollowdeep::sim::simulate(q, 4, 2, hollowdeep::sim::Matchup::default(), 1);
    let counts = &report.event_counts;
    assert_eq!(report.unfinished, 0);
    assert_eq!(counts.get("command_rejected"), None, "{counts:?}");
    assert!(report.hero_wins > 0, "{counts:?}");
}

/// #139, #152: once the goal is met, a man-at-arms on the stairway climbs out with the heroes
/// (under the action-point module too, where it would otherwise stand there for ever); the
/// heroes' going, not its own, is what ends the quest.
#[test]
fn men_at_arms_climb_out_with_the_heroes() {
    for modules in [vec![], vec!["action-points".to_string()]] {
        let q = quest_with(
            &["barbarian", "dwarf"],
            &[(3, 0), (9, 0)],
            "",
            "(kind: \"orc\", at: (24, 17))",
            "DefeatAll(return_to_stairway: true)",
            &format!("{REVISED} {LENT}"),
        );
        let q = std::sync::Arc::new(q.with_modules(&modules).unwrap());
        let mut g = Game::start(q, 1);
        g.place_on_starts();
        g.place(SWORDSMAN, p(12, 2));
        g.app.world_mut().resource_mut::<Turn>().objective_done = true;
        let evs = g.send(Command::EndTurn);
        assert!(
            evs.iter()
                .any(|e| matches!(e, GameEvent::HeroEscaped { figure } if figure.0 == SWORDSMAN)),
            "{modules:?}: {evs:?}"
        );
        assert!(!matches!(g.turn().phase, Phase::Over(_)), "the heroes are still below");
    }
}
