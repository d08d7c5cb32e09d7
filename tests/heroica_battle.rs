//! Battle Heroica's computer monster player at its levels (issue 22; heroica.md, Battle Heroica;
//! docs/ai.md "Battle Heroica"): each choice asked of `ai::decide` and sent as a command through
//! the path a player's input uses, on the game's own dice (`start` picks the seed that shows the
//! faces a test needs). How the levels fare over many games is measured by `simulate` in
//! `.ci/run`, not here.

use std::sync::Arc;

use crate::common::{Game, p};
use crate::heroica_play::{THREE, happened, mission, start};
use hollowdeep::ai::{HeroBot, Opponents, SorcererLevel};
use hollowdeep::game::model::{Command, FigureId, GameEvent, Phase};
use hollowdeep::rules::heroica::play::Happening;

/// A Battle mission from text against the monster player at `level`, the die showing `faces`.
fn battle(map: &[&str], monsters: &str, heroes: &[&str], level: SorcererLevel, faces: &[u8]) -> Game {
    battle_with(map, &format!("monsters: [{monsters}]"), heroes, level, faces)
}

/// The same with everything the mission holds besides its map (`rest`).
fn battle_with(map: &[&str], rest: &str, heroes: &[&str], level: SorcererLevel, faces: &[u8]) -> Game {
    let q = mission(map, rest, heroes);
    let q = Arc::new(
        q.with_modules(&["heroica-battle".into()])
            .expect("Battle is a Heroica module"),
    );
    let mut g = start(q, faces);
    g.app.insert_resource(Opponents {
        sorcerer: level,
        heroes_bot: HeroBot::Competent,
    });
    g
}

fn to_monster_turn(g: &mut Game) {
    for _ in 0..8 {
        if g.turn().phase == Phase::Sorcerer {
            return;
        }
        g.send(Command::EndTurn);
    }
    assert_eq!(g.turn().phase, Phase::Sorcerer, "the monster player plays last");
}

/// The computer's next command, sent; the command and what it did (with the reason it logged
/// when it chose).
fn decide(g: &mut Game) -> (Command, Vec<GameEvent>) {
    let before = g.log().len();
    let cmd = hollowdeep::ai::decide(g.app.world_mut()).expect("the computer plays the monsters");
    g.send(cmd.clone());
    (cmd, g.log()[before..].to_vec())
}

/// The rest of the monster player's turn, every command the computer sends.
fn finish_turn(g: &mut Game) -> Vec<GameEvent> {
    let mut all = Vec::new();
    for _ in 0..10 {
        if g.turn().phase != Phase::Sorcerer {
            return all;
        }
        all.extend(decide(g).1);
    }
    panic!("the monster player's turn never ended");
}

fn reasons(evs: &[GameEvent]) -> Vec<String> {
    evs.iter()
        .filter_map(|e| match e {
            GameEvent::SorcererReasoned { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

// A hero on the top row; one goblin near by the crow's flight but a long walk round the wall,
// one werewolf farther by the crow's flight but three steps from striking. Ids: hero 0, goblin 1,
// werewolf 2.
const WALL: &[&str] = &["S.....", "     .", "T....."];
const WALL_MONSTERS: &str = "(kind: \"goblin_warrior\", at: (1, 2)), (kind: \"werewolf\", at: (4, 0))";

#[test]
fn the_striker_takes_the_monster_the_die_can_bring_beside_a_hero() {
    // heroica.md, Battle Heroica: "choose one of the monsters to move, then roll the LEGO Dice";
    // "If you move into a space adjacent to a Hero, you MUST end your move in that space and
    // fight the Hero". Normal weighs each monster over the die's six faces: the goblin cannot
    // reach the hero on any, the werewolf can on three (Shield and both Threes).
    let mut g = battle(WALL, WALL_MONSTERS, &["knight"], SorcererLevel::Normal, &[THREE, THREE]);
    to_monster_turn(&mut g);
    let (cmd, evs) = decide(&mut g);
    assert_eq!(cmd, Command::RollMovement { hero: FigureId(2) }, "the werewolf goes");
    assert!(
        reasons(&evs)
            .iter()
            .any(|r| r.contains("Werewolf goes") && r.contains("3 of the die's six faces")),
        "{:?}",
        reasons(&evs)
    );
    let evs = finish_turn(&mut g);
    assert_eq!(g.pos(2), Some(p(1, 0)), "it walked beside the hero");
    assert!(
        happened(&evs).iter().any(|h| matches!(h, Happening::Fought { .. })),
        "and fought: {:?}",
        happened(&evs)
    );

    // The classic charge on the same board and dice takes the goblin, nearest as the crow flies.
    let mut g = battle(
        WALL,
        WALL_MONSTERS,
        &["knight"],
        SorcererLevel::Classic,
        &[THREE, THREE],
    );
    to_monster_turn(&mut g);
    assert_eq!(decide(&mut g).0, Command::RollMovement { hero: FigureId(1) });
}

// A long track: the hero at the start, a werewolf eight steps away (id 1).
const TRACK: &[&str] = &["S..............T"];
const WOLF_AT_8: &str = "(kind: \"werewolf\", at: (8, 0))";

#[test]
fn a_monster_that_cannot_strike_holds_at_normal_waits_in_ambush_at_hard_and_charges_at_classic() {
    // With a Three the werewolf cannot reach the hero (it would need seven steps). A monster
    // that walks up to a hero without reaching it gives the hero the first blow, so normal
    // holds; hard goes to where the hero is six steps away (a hero's longest move, the Shield's
    // four, and one: beyond its reach next turn); classic walks at the hero.
    let mut g = battle(TRACK, WOLF_AT_8, &["knight"], SorcererLevel::Normal, &[THREE]);
    to_monster_turn(&mut g);
    let evs = finish_turn(&mut g);
    assert_eq!(g.pos(1), Some(p(8, 0)), "normal holds");
    assert!(reasons(&evs).iter().any(|r| r.contains("holds")), "{:?}", reasons(&evs));

    let mut g = battle(TRACK, WOLF_AT_8, &["knight"], SorcererLevel::Hard, &[THREE]);
    to_monster_turn(&mut g);
    let evs = finish_turn(&mut g);
    assert_eq!(g.pos(1), Some(p(6, 0)), "hard waits six steps from the hero");
    assert!(
        reasons(&evs).iter().any(|r| r.contains("ambush 6 spaces")),
        "{:?}",
        reasons(&evs)
    );

    let mut g = battle(TRACK, WOLF_AT_8, &["knight"], SorcererLevel::Classic, &[THREE]);
    to_monster_turn(&mut g);
    finish_turn(&mut g);
    assert_eq!(g.pos(1), Some(p(5, 0)), "classic walks its three steps at the hero");
}

#[test]
fn the_striker_hits_the_hero_a_blow_would_defeat() {
    // A werewolf (strength 2, 3 in this mission) between a knight at full health and a barbarian
    // at 2: its blow defeats the barbarian on four faces in six (heroica.md: Shield, Sword,
    // Sword & Skull all cost the hero the monster's strength or more), the knight on one.
    let mut g = battle(
        &["S......T"],
        "(kind: \"werewolf\", at: (3, 0), strength: 3)",
        &["knight", "barbarian"],
        SorcererLevel::Normal,
        &[THREE, THREE],
    );
    g.place(0, p(2, 0));
    g.place(1, p(4, 0));
    g.set_body(1, 2);
    to_monster_turn(&mut g);
    assert_eq!(decide(&mut g).0, Command::RollMovement { hero: FigureId(2) });
    let (cmd, evs) = decide(&mut g);
    assert_eq!(
        cmd,
        Command::Attack {
            attacker: FigureId(2),
            target: FigureId(1)
        },
        "the barbarian"
    );
    assert!(
        happened(&evs)
            .iter()
            .any(|h| matches!(h, Happening::Fell { hero } if *hero == 1)),
        "a Sword defeats it: {:?}",
        happened(&evs)
    );
}

#[test]
fn a_monster_passes_a_magic_door_only_on_a_shield() {
    // heroica.md, Battle Heroica: "If you roll "Shield", move up to 4 spaces OR pass through an
    // adjacent Magic Door"; checklists §1.2 #49 (open or closed). A person plays the monsters
    // here: the command is theirs. The zombie (id 1) stands west of a shut magic door.
    let map: &[&str] = &["S.......T"];
    let rest = "monsters: [(kind: \"zombie\", at: (5, 0))], \
                doors: [(at: (5, 0), to: (6, 0), kind: Magic)], buttons: [(at: (1, 0), opens: ((5, 0), (6, 0)))]";
    let through = |g: &mut Game| {
        g.send(Command::Move {
            figure: FigureId(1),
            path: vec![p(6, 0)],
        })
    };
    let mut g = battle_with(
        map,
        rest,
        &["knight"],
        SorcererLevel::Normal,
        &[crate::heroica_play::SHIELD],
    );
    to_monster_turn(&mut g);
    g.send(Command::RollMovement { hero: FigureId(1) });
    let evs = through(&mut g);
    assert!(crate::common::rejected(&evs).is_none(), "{evs:?}");
    assert_eq!(g.pos(1), Some(p(6, 0)), "through the shut door on a Shield");

    // On a Three the shut door stops it.
    let mut g = battle_with(map, rest, &["knight"], SorcererLevel::Normal, &[THREE]);
    to_monster_turn(&mut g);
    g.send(Command::RollMovement { hero: FigureId(1) });
    assert!(crate::common::rejected(&through(&mut g)).is_some());
    assert_eq!(g.pos(1), Some(p(5, 0)));
}

#[test]
fn a_monster_on_a_branch_no_hero_will_take_comes_to_the_heroes() {
    // A goblin in a dead end off the road (id 1): no hero's way to the target passes it, so
    // holding there would waste it. Normal brings it onto the road with its Three.
    let map: &[&str] = &["S........T", "    .     ", "    .     ", "    .     "];
    let mut g = battle(
        map,
        "(kind: \"goblin_warrior\", at: (4, 3))",
        &["knight"],
        SorcererLevel::Normal,
        &[THREE],
    );
    to_monster_turn(&mut g);
    let evs = finish_turn(&mut g);
    assert_eq!(g.pos(1), Some(p(4, 0)), "onto the road");
    assert!(
        reasons(&evs)
            .iter()
            .any(|r| r.contains("leaves a way no hero will take")),
        "{:?}",
        reasons(&evs)
    );
}

#[test]
fn the_striker_counts_a_blow_only_where_the_move_really_ends() {
    // checklists §1.2 #51: a monster whose move ends on an item goes on forward. The only space
    // beside the knight (at (3, 0)) the werewolf below can reach holds gold, and from there it goes
    // on to (4, 1), beside nobody. Normal used to count that move as a blow, walk it, and end
    // the turn with no fight (in a generated mission, the guardian and the heroes held each
    // other off for the whole game). Now no face brings it beside a hero, and it only comes
    // nearer (it stands off the knight's way).
    let map: &[&str] = &["S......T", "  ...   ", "   .    ", "   .    "];
    let rest = "monsters: [(kind: \"werewolf\", at: (3, 3))], items: [(at: (3, 1), thing: Gold(1))]";
    let mut g = battle_with(map, rest, &["knight"], SorcererLevel::Normal, &[THREE]);
    g.place(0, p(3, 0));
    to_monster_turn(&mut g);
    let evs = finish_turn(&mut g);
    let why = reasons(&evs);
    assert!(why.iter().any(|r| r.contains("no monster can reach a hero")), "{why:?}");
    assert!(!why.iter().any(|r| r.contains("bring it beside a hero")), "{why:?}");
    assert!(
        !happened(&evs).iter().any(|h| matches!(h, Happening::Fought { .. })),
        "{:?}",
        happened(&evs)
    );

    // Walked by hand, the same move does end at (4, 1), past the gold, and fights nobody.
    let mut g = battle_with(map, rest, &["knight"], SorcererLevel::Normal, &[THREE]);
    g.place(0, p(3, 0));
    to_monster_turn(&mut g);
    g.send(Command::RollMovement { hero: FigureId(1) });
    let evs = g.send(Command::Move {
        figure: FigureId(1),
        path: vec![p(3, 2), p(3, 1)],
    });
    assert!(crate::common::rejected(&evs).is_none(), "{evs:?}");
    assert_eq!(g.pos(1), Some(p(4, 1)), "on past the gold");
}
