//! LEGO Heroica played (issue 22; shared/rules/heroica.md; checklists §1.2): missions as quests
//! under `RuleSystem::Heroica`, each rule exercised through the command path a player uses
//! (`Command` messages into the running game). The dice are the game's own stream: a test picks
//! the seed whose draws show the faces it needs (`seed_showing`), so nothing is forced.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{Game, p, path, rejected};
use hollowdeep::game::heroica::{HeroPack, HeroicaTurn};
use hollowdeep::game::model::{Command, FigureId, GameEvent, Outcome, Phase};
use hollowdeep::quest::Quest;
use hollowdeep::quest::mission::parse_mission;
use hollowdeep::rules::heroica::play::{Act, Happening, Stage};
use hollowdeep::rules::heroica::{HeroicaTables, Thing};

// Die faces by draw (`HeroicaTables::face`): 0 Shield, 1-2 Three/Sword, 3-4 Two/Skull, 5 One/Sword&Skull.
pub(crate) const SHIELD: u8 = 0;
pub(crate) const THREE: u8 = 1;
pub(crate) const TWO: u8 = 3;
pub(crate) const ONE: u8 = 5;

/// The first seed whose dice stream draws `faces` first (the game draws `random_range(0..6)`).
fn seed_showing(faces: &[u8]) -> u64 {
    (0..100_000u64)
        .find(|s| {
            let mut r = ChaCha8Rng::seed_from_u64(*s);
            faces.iter().all(|f| r.random_range(0..6u8) == *f)
        })
        .expect("a seed shows these faces")
}

/// A mission from text, played by `heroes` (seat order).
pub(crate) fn mission(map: &[&str], rest: &str, heroes: &[&str]) -> Arc<Quest> {
    let rows: Vec<String> = map.iter().map(|r| format!("\"{r}\"")).collect();
    let text = format!(
        "Mission(format: 1, name: \"Test\", story: \"A test.\", map: [{}], {rest})",
        rows.join(", ")
    );
    let m = parse_mission("test", "test.ron", &text).unwrap_or_else(|e| panic!("{e}"));
    let mut q = Quest::from_mission(m);
    q.heroes = heroes.iter().map(|h| h.to_string()).collect();
    q.hero_starts = q.heroes.iter().map(|_| q.hero_starts[0]).collect();
    q.gear = q.heroes.iter().map(|h| (h.clone(), Default::default())).collect();
    Arc::new(q)
}

pub(crate) fn start(q: Arc<Quest>, faces: &[u8]) -> Game {
    Game::start_undrafted(q, seed_showing(faces))
}

pub(crate) fn roll(g: &mut Game, id: u32) -> Vec<GameEvent> {
    g.send(Command::RollMovement { hero: FigureId(id) })
}

pub(crate) fn walk(g: &mut Game, id: u32, steps: &[(i32, i32)]) -> Vec<GameEvent> {
    g.send(Command::Move {
        figure: FigureId(id),
        path: path(steps),
    })
}

/// The Wizard (seat 0) uses its Ranged skill on monster `target` from where it stands.
fn wizard_shoots(g: &mut Game, target: u32) -> Vec<GameEvent> {
    g.send(Command::UseSkill {
        figure: FigureId(0),
        skill: "wizard".into(),
        target: Some(FigureId(target)),
        to: None,
    })
}

pub(crate) fn happened(evs: &[GameEvent]) -> Vec<Happening> {
    evs.iter()
        .filter_map(|e| match e {
            GameEvent::Heroica(h) => Some(h.clone()),
            _ => None,
        })
        .collect()
}

pub(crate) fn pack(g: &mut Game, id: u32) -> hollowdeep::rules::heroica::play::Pack {
    let w = g.app.world_mut();
    let mut q = w.query::<(&FigureId, &HeroPack)>();
    q.iter(w)
        .find(|(f, _)| f.0 == id)
        .map(|(_, p)| p.0.clone())
        .expect("a hero")
}

pub(crate) fn stage(g: &Game) -> Stage {
    g.app.world().resource::<HeroicaTurn>().0.stage.clone()
}

pub(crate) fn health(g: &mut Game, id: u32) -> u8 {
    g.snap().figure(FigureId(id)).map(|f| f.body).expect("a figure")
}

/// A straight corridor: start at (0,0), target at (9,0).
pub(crate) const ROW: &[&str] = &["S........T"];

#[test]
fn a_hero_rolls_then_moves_up_to_the_face_never_diagonally() {
    // heroica.md, Moving Heroes: "roll the LEGO Dice and move your Hero up to the number of
    // spaces rolled", "Two = Move up to 2 spaces", no diagonal moves; checklists §1.2 #4, #6, #12.
    let q = mission(&["S....", ".....", "....T"], "", &["knight"]);
    let mut g = start(q, &[TWO]);
    let e = walk(&mut g, 0, &[(1, 0)]);
    assert!(rejected(&e).is_some_and(|r| r.contains("no movement roll")), "{e:?}");
    let e = roll(&mut g, 0);
    assert!(
        happened(&e)
            .iter()
            .any(|h| matches!(h, Happening::Rolled { face, .. } if face.starts_with("Two")))
    );
    let e = walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)]);
    assert!(rejected(&e).is_some_and(|r| r.contains("allows 2")), "{e:?}");
    let e = walk(&mut g, 0, &[(1, 1)]);
    assert!(rejected(&e).is_some(), "a diagonal step is refused");
    let e = walk(&mut g, 0, &[(1, 0), (1, 1)]);
    assert!(rejected(&e).is_none(), "{e:?}");
    assert_eq!(g.pos(0), Some(p(1, 1)));
    assert_eq!(stage(&g), Stage::Done);
}

#[test]
fn moving_beside_a_monster_stops_the_hero_and_a_sword_defeats_it() {
    // heroica.md, Moving Heroes: "If you move into a space adjacent to a monster, you MUST end
    // your move in that space and fight the monster"; Fighting monsters: "Sword = Defeat the
    // monster", "take it off the board and put it on your Hero Pack"; checklists §1.2 #11, #15, #18.
    let q = mission(ROW, "monsters: [(kind: \"goblin_warrior\", at: (4, 0))]", &["knight"]);
    let mut g = start(q, &[SHIELD, THREE]);
    roll(&mut g, 0);
    let e = walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)]);
    assert!(rejected(&e).is_none(), "{e:?}");
    assert_eq!(stage(&g), Stage::MustFight { foes: vec![1] });
    let e = g.send(Command::EndTurn);
    assert!(
        rejected(&e).is_some_and(|r| r.contains("fight")),
        "the fight cannot be skipped: {e:?}"
    );
    let e = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    let h = happened(&e);
    assert!(h.contains(&Happening::Defeated { monster: 1, by: 0 }), "{h:?}");
    assert_eq!(g.pos(1), None, "off the board");
    assert_eq!(pack(&mut g, 0).defeated, vec!["goblin_warrior".to_string()]);
    // A walk past the monster's space was never on offer: the stop is forced.
    let e = walk(&mut g, 0, &[(4, 0)]);
    assert!(rejected(&e).is_some());
}

#[test]
fn a_skull_costs_the_monsters_strength_and_knocks_the_hero_back() {
    // heroica.md, Fighting monsters: "Skull = Lose Health equal to the monster's strength AND
    // move back 1 space away from the monster"; checklists §1.2 #16, #17 (back to the space it
    // came from).
    let q = mission(ROW, "monsters: [(kind: \"werewolf\", at: (4, 0))]", &["knight"]);
    let mut g = start(q, &[THREE, TWO]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)]);
    let e = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    let h = happened(&e);
    assert!(
        h.contains(&Happening::Hurt {
            hero: 0,
            lost: 2,
            health: 2
        }),
        "{h:?}"
    );
    assert!(
        h.contains(&Happening::KnockedBack {
            figure: 0,
            from: p(3, 0),
            to: p(2, 0)
        }),
        "{h:?}"
    );
    assert_eq!(g.pos(0), Some(p(2, 0)));
    assert_eq!(stage(&g), Stage::Done, "a Skull ends the fight");
}

#[test]
fn a_hero_ending_on_another_goes_forward_and_picks_up_what_it_passes() {
    // heroica.md, Moving Heroes: "If you end your move in a space occupied by another Hero, move
    // your Hero forward to the first available space"; "Pick up any items in spaces you move into
    // or through"; checklists §1.2 #9, #10.
    let q = mission(
        ROW,
        "items: [(at: (1, 0), thing: Gold(2)), (at: (3, 0), thing: Potion(\"health\"))]",
        &["knight", "barbarian"],
    );
    let mut g = start(q, &[TWO, TWO]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0)]);
    assert_eq!(pack(&mut g, 0).gold, 2, "the gold passed through is taken");
    g.send(Command::EndTurn);
    roll(&mut g, 1);
    let e = walk(&mut g, 1, &[(1, 0), (2, 0)]);
    assert!(rejected(&e).is_none(), "{e:?}");
    assert_eq!(g.pos(1), Some(p(3, 0)), "on past the Knight, straight on");
    assert_eq!(
        pack(&mut g, 1).potions,
        vec!["health".to_string()],
        "and the potion there is taken"
    );
}

#[test]
fn forward_never_goes_straight_into_a_rock() {
    // heroica.md, Moving Heroes: "move your Hero forward to the first available space"; a rock
    // is no available space, and only a Pick Axe breaks one (checklists §1.2 #9; issue 35, item
    // 12: the Barbarian went straight on into the rock and broke it barehanded).
    let q = mission(&["S....T", "  .   "], "rocks: [(3, 0)]", &["knight", "barbarian"]);
    let mut g = start(q, &[TWO, TWO]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0)]);
    g.send(Command::EndTurn);
    roll(&mut g, 1);
    let e = walk(&mut g, 1, &[(1, 0), (2, 0)]);
    assert!(rejected(&e).is_none(), "{e:?}");
    assert_eq!(g.pos(1), Some(p(2, 1)), "off the Knight to the side, not into the rock");
    assert!(g.snap().table.unwrap().rocks.contains(&p(3, 0)), "the rock stands");
}

#[test]
fn a_hero_that_loses_all_health_heals_on_its_turns_then_moves() {
    // heroica.md, Health: "If you lose all your Health ... must spend one or more turns healing.
    // ... roll the LEGO Dice and restore Health up to the number you rolled. If you roll Shield,
    // restore your full Health ... Then roll and move your Hero on your next turn"; checklists
    // §1.2 #24–#26.
    let q = mission(
        ROW,
        "monsters: [(kind: \"vampire_lord\", at: (4, 0), strength: 4)]",
        &["knight"],
    );
    let mut g = start(q, &[THREE, TWO, TWO, SHIELD, THREE]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)]);
    let e = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert!(happened(&e).contains(&Happening::Fell { hero: 0 }), "{e:?}");
    g.send(Command::EndTurn);
    // Healing turn: a Two heals 2; no move.
    let e = roll(&mut g, 0);
    assert!(
        happened(&e).contains(&Happening::Healed {
            hero: 0,
            gained: 2,
            health: 2
        }),
        "{e:?}"
    );
    assert!(
        rejected(&walk(&mut g, 0, &[(1, 0)])).is_some(),
        "a healing hero does not move"
    );
    g.send(Command::EndTurn);
    // A Shield restores all of it.
    let e = roll(&mut g, 0);
    assert!(happened(&e).contains(&Happening::Recovered { hero: 0 }), "{e:?}");
    assert_eq!(health(&mut g, 0), 4);
    g.send(Command::EndTurn);
    let e = roll(&mut g, 0);
    assert!(happened(&e).iter().any(|h| matches!(h, Happening::Rolled { roll_for, .. } if *roll_for == hollowdeep::rules::heroica::play::RollFor::Move)));
}

#[test]
fn a_healing_hero_brought_to_full_by_a_potion_moves_on_its_next_turn() {
    // docs/heroica.md H13: "a Health Potion may be drunk while healing, and a hero brought back
    // to full this way moves on its next turn" (issue 35, item 14: it rolled to move at once).
    let q = mission(
        ROW,
        "monsters: [(kind: \"vampire_lord\", at: (4, 0), strength: 4)], items: [(at: (1, 0), thing: Potion(\"health\"))]",
        &["knight"],
    );
    let mut g = start(q, &[THREE, TWO, TWO, THREE]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)]);
    assert_eq!(pack(&mut g, 0).potions, vec!["health".to_string()]);
    let e = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert!(happened(&e).contains(&Happening::Fell { hero: 0 }), "{e:?}");
    g.send(Command::EndTurn);
    roll(&mut g, 0);
    assert_eq!(health(&mut g, 0), 2, "a Two heals 2 of 4");
    g.send(Command::EndTurn);
    let e = g.send(Command::DrinkPotion {
        hero: FigureId(0),
        potion: "health".into(),
    });
    assert!(happened(&e).contains(&Happening::Recovered { hero: 0 }), "{e:?}");
    assert_eq!(health(&mut g, 0), 4);
    assert!(
        rejected(&roll(&mut g, 0)).is_some(),
        "this turn was spent healing: no roll to move"
    );
    assert!(rejected(&g.send(Command::EndTurn)).is_none());
    let e = roll(&mut g, 0);
    assert!(
        happened(&e)
            .iter()
            .any(|h| matches!(h, Happening::Rolled { roll_for, .. }
            if *roll_for == hollowdeep::rules::heroica::play::RollFor::Move)),
        "the next turn it rolls to move: {e:?}"
    );
}

#[test]
fn the_first_hero_into_the_target_wins_at_once() {
    // heroica.md, Winning the Game: "The first player to move into the target space ... wins";
    // checklists §1.2 #36.
    let q = mission(&["S...T"], "", &["knight", "barbarian"]);
    let mut g = start(q, &[SHIELD]);
    roll(&mut g, 0);
    let e = walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0), (4, 0)]);
    assert!(happened(&e).contains(&Happening::Won { hero: 0 }), "{e:?}");
    assert_eq!(g.turn().phase, Phase::Over(Outcome::Won));
    assert!(rejected(&g.send(Command::EndTurn)).is_some(), "the game is over");
}

#[test]
fn defeating_the_targets_guardian_wins_too() {
    // heroica.md, Winning the Game: "... or defeat the monster on that space wins"; #36.
    let q = mission(
        &["S...T"],
        "monsters: [(kind: \"goblin_king\", at: (4, 0))]",
        &["prince"],
    );
    let mut g = start(q, &[THREE, THREE]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)]);
    let e = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert!(happened(&e).contains(&Happening::Won { hero: 0 }), "{e:?}");
}

#[test]
fn a_fight_shield_offers_the_melee_skill_instead() {
    // heroica.md, Fighting monsters: "Heroica Shield = Defeat a monster OR use your Hero's Melee
    // skill"; §1.2a: the Thief defeats the monster and takes 2 gold; checklists §1.2 #14.
    let q = mission(ROW, "monsters: [(kind: \"spider\", at: (3, 0))]", &["thief"]);
    let mut g = start(q, &[TWO, SHIELD]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0)]);
    g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert_eq!(stage(&g), Stage::ShieldFight { foe: 1 });
    let e = g.send(Command::UseSkill {
        figure: FigureId(0),
        skill: "thief".into(),
        target: Some(FigureId(1)),
        to: None,
    });
    let h = happened(&e);
    assert!(h.contains(&Happening::Defeated { monster: 1, by: 0 }), "{h:?}");
    assert_eq!(pack(&mut g, 0).gold, 2);
}

#[test]
fn a_shot_from_where_the_hero_stands_forces_no_fight() {
    // heroica.md, Moving Heroes: a fight is forced on moving into a space beside a monster; the
    // Wizard beside a goblin who shoots a bat around the corner has not moved (issue 35, item 13:
    // it then had to fight the goblin).
    let q = mission(
        &["S....T", ".     ", "..    "],
        "monsters: [(kind: \"goblin_warrior\", at: (1, 0)), (kind: \"bat\", at: (1, 2))]",
        &["wizard"],
    );
    let mut g = start(q, &[SHIELD]);
    roll(&mut g, 0);
    let e = wizard_shoots(&mut g, 2);
    assert!(
        happened(&e).contains(&Happening::Defeated { monster: 2, by: 0 }),
        "{e:?}"
    );
    assert_eq!(stage(&g), Stage::Done, "no fight with the goblin beside");
    assert!(rejected(&g.send(Command::EndTurn)).is_none());
}

#[test]
fn a_movement_shield_offers_the_ranged_skill_instead_of_moving() {
    // heroica.md, Moving Heroes: "Heroica Shield = Move up to 4 spaces OR use your Hero's Ranged
    // skill"; §1.2a: the Wizard defeats a monster up to 4 away around corners; #5.
    let q = mission(
        &["S..", "  .", "  ....T"],
        "monsters: [(kind: \"bat\", at: (2, 2))]",
        &["wizard"],
    );
    let mut g = start(q, &[SHIELD]);
    roll(&mut g, 0);
    let e = wizard_shoots(&mut g, 1);
    assert!(
        happened(&e).contains(&Happening::Defeated { monster: 1, by: 0 }),
        "{e:?}"
    );
    assert_eq!(g.pos(0), Some(p(0, 0)), "it did not move");
    // A skill is refused on any other face.
    let q = mission(
        &["S..", "  .", "  ....T"],
        "monsters: [(kind: \"bat\", at: (2, 2))]",
        &["wizard"],
    );
    let mut g = start(q, &[THREE]);
    roll(&mut g, 0);
    let e = wizard_shoots(&mut g, 1);
    assert!(rejected(&e).is_some());
}

#[test]
fn the_store_sells_before_the_roll_and_a_weapon_adds_a_skill() {
    // checklists §1.2 #35: "At the start of its turn, before rolling, a hero may buy weapons or
    // potions from the store. A weapon adds a second skill usable on a Shield".
    let q = mission(ROW, "items: [(at: (1, 0), thing: Gold(3))]", &["knight"]);
    let mut g = start(q, &[ONE, SHIELD]);
    let buy = |item: &str| Command::Buy {
        hero: FigureId(0),
        item: item.into(),
    };
    assert!(rejected(&g.send(buy("bow"))).is_some_and(|r| r.contains("costs 3")));
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0)]);
    g.send(Command::EndTurn);
    let e = g.send(buy("bow"));
    assert!(
        happened(&e).contains(&Happening::Bought {
            hero: 0,
            item: "bow".into(),
            price: 3
        }),
        "{e:?}"
    );
    assert_eq!(pack(&mut g, 0).weapons, vec!["bow".to_string()]);
    roll(&mut g, 0);
    assert!(rejected(&g.send(buy("health"))).is_some(), "no shopping after the roll");
}

#[test]
fn keys_open_locked_doors_and_chests_a_button_opens_its_magic_door() {
    // checklists §1.2 #29, #31, #32: a chest gives its thing to a hero with a key, who spends it;
    // a locked door opens to a hero stepping through with a key, which is spent; the first hero
    // onto a button opens its magic door for good.
    let q = mission(
        &["S.....", "  .  .", "  .  T"],
        "items: [(at: (1, 0), thing: Key), (at: (4, 0), thing: Key)], \
         chests: [(at: (2, 2), thing: Relic(\"fang_of_fury\"))], \
         doors: [(at: (3, 0), to: (4, 0), kind: Magic), (at: (5, 1), to: (5, 2), kind: Locked)], \
         buttons: [(at: (2, 1), opens: ((3, 0), (4, 0)))]",
        &["knight"],
    );
    let mut g = start(q, &[THREE, TWO, THREE, SHIELD]);
    roll(&mut g, 0);
    // The magic door is shut: no way east yet.
    assert!(rejected(&walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)])).is_none());
    assert_eq!(g.pos(0), Some(p(3, 0)));
    g.send(Command::EndTurn);
    roll(&mut g, 0);
    let e = walk(&mut g, 0, &[(2, 0), (2, 1)]);
    assert!(
        e.iter().any(|e| matches!(e, GameEvent::DoorOpened { .. })),
        "the button opens the door: {e:?}"
    );
    g.send(Command::EndTurn);
    roll(&mut g, 0);
    let e = walk(&mut g, 0, &[(2, 2)]);
    let h = happened(&e);
    assert!(h.contains(&Happening::KeySpent { hero: 0, at: p(2, 2) }), "{h:?}");
    assert!(
        h.contains(&Happening::PickedUp {
            hero: 0,
            thing: Thing::Relic("fang_of_fury".into()),
            from: hollowdeep::rules::heroica::play::Holder::Chest,
            at: p(2, 2)
        }),
        "{h:?}"
    );
    assert_eq!(pack(&mut g, 0).keys, 0);
    g.send(Command::EndTurn);
    roll(&mut g, 0);
    // Through the magic door, the second key picked up on the way opens the locked one.
    let e = walk(&mut g, 0, &[(2, 1), (2, 0), (3, 0), (4, 0)]);
    assert!(rejected(&e).is_none(), "{e:?}");
    assert_eq!(pack(&mut g, 0).keys, 1);
}

#[test]
fn a_locked_door_needs_a_key() {
    // checklists §1.2 #32.
    let q = mission(
        &["S..", "  .", "  T"],
        "items: [(at: (1, 0), thing: Key)], doors: [(at: (2, 1), to: (2, 2), kind: Locked)]",
        &["knight"],
    );
    let mut g = start(q, &[SHIELD]);
    roll(&mut g, 0);
    let e = walk(&mut g, 0, &[(1, 0), (2, 0), (2, 1), (2, 2)]);
    assert!(
        happened(&e).contains(&Happening::Won { hero: 0 }),
        "the key picked up on the way opens it: {e:?}"
    );
    let q = mission(
        &["S..", "  .", "  T"],
        "items: [(at: (2, 0), thing: Key)], doors: [(at: (2, 1), to: (2, 2), kind: Locked)]",
        &["knight"],
    );
    let mut g = start(q, &[SHIELD]);
    roll(&mut g, 0);
    g.send(Command::EndTurn);
    // Without one in the pack the door holds (the validator's check keeps a key on the way).
    let snap = g.snap();
    let t = snap.table.as_ref().expect("a mission in play");
    assert!(
        t.check_hero_walk(0, &path(&[(1, 0), (2, 0)]), 4, HeroicaTables::get())
            .is_ok()
    );
    let mut no_key = (**t).clone();
    no_key.things.clear();
    assert!(
        no_key
            .check_hero_walk(0, &path(&[(1, 0), (2, 0), (2, 1), (2, 2)]), 4, HeroicaTables::get())
            .is_err(),
        "no key, no way through"
    );
}

#[test]
fn a_coffins_monster_climbs_out_knocks_the_hero_back_and_must_be_fought() {
    // checklists §1.2 #33.
    let q = mission(ROW, "coffins: [(at: (2, 0), thing: Monster(\"zombie\"))]", &["knight"]);
    let mut g = start(q, &[THREE, THREE]);
    roll(&mut g, 0);
    let e = walk(&mut g, 0, &[(1, 0), (2, 0)]);
    let h = happened(&e);
    assert!(
        h.iter()
            .any(|h| matches!(h, Happening::MonsterAppeared { kind, at, .. } if kind == "zombie" && *at == p(2, 0))),
        "{h:?}"
    );
    assert_eq!(g.pos(0), Some(p(1, 0)), "knocked back");
    assert!(matches!(stage(&g), Stage::MustFight { .. }));
    let e = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert!(
        happened(&e).contains(&Happening::Defeated { monster: 1, by: 0 }),
        "{e:?}"
    );
}

#[test]
fn battle_the_monster_player_moves_one_monster_last_and_wins_on_two_defeats() {
    // heroica.md, Battle Heroica: the monster player plays last, chooses one monster, rolls and
    // moves it, must stop and fight a hero beside it, and wins by defeating two heroes;
    // checklists §1.2 #45–#48, #52, #55. The heroes here only end their turns; the computer
    // plays the monsters, on the first seeds until one game is lost.
    let q = mission(
        &["S.........", "..........", ".........T"],
        "monsters: [(kind: \"vampire_lord\", at: (3, 1), strength: 4), (kind: \"dark_druid\", at: (8, 0), strength: 4), \
         (kind: \"golem_lord\", at: (5, 2), strength: 4), (kind: \"goblin_king\", at: (7, 1), strength: 4)]",
        &["knight", "barbarian"],
    );
    let q = Arc::new(
        q.with_modules(&["heroica-battle".into()])
            .expect("Battle is a Heroica module"),
    );
    let mut lost = None;
    for seed in 0..40 {
        let mut g = Game::start_undrafted(q.clone(), seed);
        g.send(Command::EndTurn);
        g.send(Command::EndTurn);
        assert_eq!(g.turn().phase, Phase::Sorcerer, "the monster player plays last");
        for _ in 0..600 {
            match g.turn().phase {
                Phase::Over(_) => break,
                Phase::Hero(_) => {
                    g.send(Command::EndTurn);
                }
                Phase::Sorcerer => {
                    let cmd = hollowdeep::ai::decide(g.app.world_mut()).expect("the computer plays the monsters");
                    g.send(cmd);
                }
            }
        }
        // One monster a turn: between two turn starts, the steps are one monster's.
        let log = g.log();
        let mut movers = std::collections::BTreeSet::new();
        for e in &log {
            match e {
                GameEvent::TurnStarted { .. } => movers.clear(),
                GameEvent::MonsterMoved { figure, .. } => {
                    movers.insert(*figure);
                    assert_eq!(movers.len(), 1, "one monster a turn");
                }
                _ => {}
            }
        }
        if g.turn().phase == Phase::Over(Outcome::Lost) {
            lost = Some(log);
            break;
        }
    }
    let log = lost.expect("the monster player wins some game");
    let h = happened(&log);
    let falls: Vec<usize> = (0..h.len())
        .filter(|&i| matches!(h[i], Happening::Fell { .. }))
        .collect();
    assert_eq!(falls.len(), 2, "{h:?}");
    let won = h
        .iter()
        .position(|x| *x == Happening::MonstersWon)
        .expect("the monster player wins");
    assert!(won > falls[1], "at the second defeat");
}

#[test]
fn every_legal_act_is_accepted_and_the_rival_games_end() {
    // The legality invariant for Heroica (docs/architecture.md: `RuleSystem::legal`): along
    // random games of every shipped mission, in race and Battle, each act the rules list is
    // accepted by them, and the rivals finish their races.
    use hollowdeep::ai::HeroBot;
    for (id, _, _) in hollowdeep::quest::mission::builtin_missions() {
        for battle in [false, true] {
            let mut q = hollowdeep::quest::load(id).expect("shipped");
            if battle {
                q = q.with_modules(&["heroica-battle".into()]).unwrap();
            }
            let q = Arc::new(q);
            for (seed, bot) in [(1, HeroBot::Random), (2, HeroBot::Competent), (3, HeroBot::Greedy)] {
                let mut world = hollowdeep::sim::headless_world(
                    q.clone(),
                    seed,
                    hollowdeep::sim::Matchup {
                        heroes_bot: bot,
                        ..Default::default()
                    },
                );
                for _ in 0..3000 {
                    let snap = hollowdeep::game::snapshot::Snapshot::capture(&mut world).unwrap();
                    if matches!(snap.turn.phase, Phase::Over(_)) {
                        break;
                    }
                    let t = snap.table.clone().expect("a mission");
                    let tables = HeroicaTables::get();
                    for act in t.legal(tables) {
                        let mut copy = (*t).clone();
                        assert!(
                            copy.act(&act, tables, &mut || 2).is_ok(),
                            "{id}: {act:?} listed but refused"
                        );
                    }
                    let cmd = hollowdeep::ai::decide(&mut world).expect("a computer player acts");
                    let evs = hollowdeep::game::logic::submit(&mut world, cmd.clone());
                    assert!(
                        rejected(&evs).is_none() || bot == HeroBot::Random,
                        "{id}: {cmd:?}: {evs:?}"
                    );
                }
                if bot != HeroBot::Random {
                    let phase = world.resource::<hollowdeep::game::model::Turn>().phase;
                    assert!(
                        matches!(phase, Phase::Over(_)),
                        "{id} battle {battle} {bot:?}: unfinished"
                    );
                }
            }
        }
    }
}

#[test]
fn an_act_outside_the_list_is_refused_and_changes_nothing() {
    let q = mission(ROW, "monsters: [(kind: \"bat\", at: (5, 0))]", &["knight", "barbarian"]);
    let mut g = start(q, &[TWO]);
    let before = g.snap().table.clone().unwrap();
    for cmd in [
        Command::RollMovement { hero: FigureId(1) },
        Command::Attack {
            attacker: FigureId(0),
            target: FigureId(2),
        },
        Command::SearchTreasure { hero: FigureId(0) },
        Command::Buy {
            hero: FigureId(0),
            item: "dragon".into(),
        },
    ] {
        let e = g.send(cmd.clone());
        assert!(rejected(&e).is_some(), "{cmd:?} refused");
    }
    assert_eq!(*g.snap().table.unwrap(), *before, "nothing changed");
    let _ = Act::EndTurn;
}

#[test]
fn a_battle_is_saved_and_resumed_as_it_stood() {
    // Issue 22: missions are saved and resumed like quests; the save names the rule system and
    // the Battle module, and rebuilds command by command.
    use hollowdeep::save::SavedQuest;
    use hollowdeep::save::autosave::{self, SaveSlot};
    let q = Arc::new(hollowdeep::quest::load("the-werewolf-woods").unwrap());
    let mut world = hollowdeep::sim::headless_world(q.clone(), 11, Default::default());
    for _ in 0..60 {
        let Some(c) = hollowdeep::ai::decide(&mut world) else {
            break;
        };
        hollowdeep::game::logic::submit(&mut world, c);
    }
    let dir = std::env::temp_dir().join(format!("hollowdeep-heroica-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("battle.ron");
    let mut slot = SaveSlot::new("the-werewolf-woods", true, Vec::new());
    slot.path = Some(path.clone());
    let saved = autosave::snapshot(&world, &slot)
        .expect("a mission in play")
        .seal(&world);
    assert_eq!(
        (saved.rules.as_str(), saved.modules.clone()),
        ("heroica", vec!["heroica-battle".to_string()])
    );
    saved.write(&path).unwrap();
    let read = SavedQuest::read(&path).unwrap();
    let quest = read.verify().unwrap_or_else(|e| panic!("{e}"));
    let mut resumed = hollowdeep::sim::headless_world(quest.clone(), 1, Default::default());
    hollowdeep::game::logic::restore(&mut resumed, quest, read.seed, &read.commands, &read.notes);
    let table = |w: &mut bevy::prelude::World| {
        hollowdeep::game::snapshot::Snapshot::capture(w)
            .and_then(|s| s.table.map(|t| (*t).clone()))
            .unwrap()
    };
    assert_eq!(table(&mut resumed), table(&mut world));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_person_plays_the_monsters_with_clicks() {
    // Battle Heroica with a person in the monster seat (issue 22, item 3): a click on a monster
    // takes it and rolls; a click on a lit space moves it there.
    use hollowdeep::input::sorcerer::{SorcererIntent, sorcerer_intent};
    let q = Arc::new(hollowdeep::quest::load("the-werewolf-woods").unwrap());
    let mut g = Game::start_undrafted(q, 3);
    for _ in 0..3 {
        g.send(Command::EndTurn);
    }
    let snap = g.snap();
    assert_eq!(snap.turn.phase, Phase::Sorcerer);
    let wolf = snap
        .figure(FigureId(3))
        .and_then(|f| f.pos)
        .expect("the first werewolf");
    let Some(SorcererIntent::Send(cmd)) = sorcerer_intent(&snap, None, wolf) else {
        panic!("a click on a monster takes it")
    };
    assert_eq!(cmd, Command::RollMovement { hero: FigureId(3) });
    g.send(cmd);
    let snap = g.snap();
    let legal = snap.quest.system.legal(&snap);
    let to = legal
        .iter()
        .find_map(|c| match c {
            Command::Move { path, .. } => path.last().copied(),
            _ => None,
        })
        .expect("somewhere to go");
    let Some(SorcererIntent::Send(Command::Move { figure, path: way })) = sorcerer_intent(&snap, None, to) else {
        panic!("a click on a lit space moves it")
    };
    assert_eq!((figure, way.last()), (FigureId(3), Some(&to)));
}

#[test]
fn a_pick_axe_breaks_a_rock_and_the_move_ends_there() {
    // checklists §1.2 #30: a rock space cannot be entered; a hero with a Pick Axe steps into it,
    // the rock is removed and the move ends there.
    let q = mission(
        ROW,
        "rocks: [(2, 0)], items: [(at: (1, 0), thing: Weapon(\"pick_axe\"))]",
        &["knight"],
    );
    let mut g = start(q.clone(), &[ONE, SHIELD]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0)]);
    assert_eq!(pack(&mut g, 0).weapons, vec!["pick_axe".to_string()]);
    g.send(Command::EndTurn);
    roll(&mut g, 0);
    let e = walk(&mut g, 0, &[(2, 0), (3, 0)]);
    assert!(rejected(&e).is_some_and(|r| r.contains("must end at (2, 0)")), "{e:?}");
    let e = walk(&mut g, 0, &[(2, 0)]);
    assert!(
        happened(&e).contains(&Happening::RockBroken { hero: 0, at: p(2, 0) }),
        "{e:?}"
    );
    assert!(g.snap().table.unwrap().rocks.is_empty());
    // Without one the rock stays shut.
    let q = mission(ROW, "rocks: [(2, 0)]", &["knight"]);
    let mut g = start(q, &[SHIELD]);
    roll(&mut g, 0);
    assert!(rejected(&walk(&mut g, 0, &[(1, 0), (2, 0)])).is_some());
}

#[test]
fn potions_do_what_the_table_says_on_the_heros_own_turn() {
    // checklists §1.2 #28 (docs/heroica.md H13): Speed adds 4 spaces; Luck rolls the movement
    // roll again at once; Strength defeats the strongest monster beside the hero; Defence keeps
    // the hero's health that turn.
    let potions = "items: [(at: (1, 0), thing: Potion(\"speed\")), (at: (2, 0), thing: Potion(\"luck\")), \
                   (at: (3, 0), thing: Potion(\"strength\"))]";
    let q = mission(
        &["S...........T"],
        &format!("{potions}, monsters: [(kind: \"werewolf\", at: (8, 0))]"),
        &["knight"],
    );
    let mut g = start(q, &[THREE, ONE, THREE]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)]);
    assert_eq!(pack(&mut g, 0).potions.len(), 3);
    g.send(Command::EndTurn);
    let drink = |g: &mut Game, potion: &str| {
        g.send(Command::DrinkPotion {
            hero: FigureId(0),
            potion: potion.into(),
        })
    };
    // Speed before the roll.
    assert!(rejected(&drink(&mut g, "speed")).is_none());
    roll(&mut g, 0);
    // Luck: the One is rolled again, a Three.
    let e = drink(&mut g, "luck");
    assert!(
        happened(&e)
            .iter()
            .any(|h| matches!(h, Happening::Rolled { face, .. } if face.starts_with("Three"))),
        "{e:?}"
    );
    // Four spaces on a Three (the Speed Potion's), up to the werewolf, which stops the hero.
    let e = walk(&mut g, 0, &[(4, 0), (5, 0), (6, 0), (7, 0)]);
    assert!(rejected(&e).is_none(), "{e:?}");
    assert!(matches!(stage(&g), Stage::MustFight { .. }));
    // Strength: the werewolf beside it is defeated without a roll, and the fight is over.
    let e = drink(&mut g, "strength");
    assert!(
        happened(&e).contains(&Happening::Defeated { monster: 1, by: 0 }),
        "{e:?}"
    );
    assert_eq!(stage(&g), Stage::Done);
    assert!(pack(&mut g, 0).potions.is_empty());
    // Defence: a Skull in this turn's fight costs no health (the knock-back still comes).
    let q = mission(
        ROW,
        "items: [(at: (1, 0), thing: Potion(\"defence\"))], monsters: [(kind: \"werewolf\", at: (4, 0))]",
        &["knight"],
    );
    let mut g = start(q, &[THREE, TWO]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0), (3, 0)]);
    assert!(rejected(&drink(&mut g, "defence")).is_none());
    let e = g.send(Command::Attack {
        attacker: FigureId(0),
        target: FigureId(1),
    });
    assert!(happened(&e).contains(&Happening::Shielded { hero: 0 }), "{e:?}");
    assert_eq!(health(&mut g, 0), 4);
}

#[test]
fn a_monster_goes_forward_past_monsters_and_never_stops_for_a_healing_hero() {
    // checklists §1.2 #51, #53: a monster ending on another monster's space goes on forward; a
    // hero who is healing cannot be fought and does not stop a monster.
    let q = mission(
        &["S.........T"],
        "monsters: [(kind: \"bat\", at: (6, 0)), (kind: \"spider\", at: (4, 0))]",
        &["knight"],
    );
    let mut t = (*Game::start_undrafted(Arc::new(q.with_modules(&["heroica-battle".into()]).unwrap()), 1)
        .snap()
        .table
        .unwrap())
    .clone();
    let tables = HeroicaTables::get();
    t.act(&Act::EndTurn, tables, &mut || 0).unwrap();
    t.act(&Act::Roll { figure: 1 }, tables, &mut || 3).unwrap(); // the bat, Two
    // West two spaces would end on the spider at (4, 0): it goes on to (3, 0).
    let e = t
        .act(
            &Act::Move {
                figure: 1,
                path: path(&[(5, 0), (4, 0)]),
            },
            tables,
            &mut || 0,
        )
        .unwrap();
    assert!(
        e.contains(&Happening::Stepped {
            figure: 1,
            from: p(4, 0),
            to: p(3, 0)
        }),
        "{e:?}"
    );
    // A healing hero beside the monster is no foe.
    let mut t2 = t.clone();
    t2.heroes[0].healing = true;
    t2.heroes[0].at = p(2, 0);
    assert!(t2.heroes_beside(p(3, 0)).is_empty());
    t2.heroes[0].healing = false;
    assert_eq!(t2.heroes_beside(p(3, 0)), vec![0]);
}

#[test]
fn the_chalice_heals_on_a_shield_and_the_scepter_fetches_once_a_mission() {
    // checklists §1.2 #44, §1.2a Relics: the Chalice of Life, "after a Shield on the movement
    // roll, restore 1 Health instead of moving"; the Scepter of Summoning, "once per mission, on
    // a movement Shield, take one item up to 4 spaces away". Both picked up on the way (#13).
    let q = mission(
        &["S.........T"],
        "items: [(at: (1, 0), thing: Relic(\"chalice_of_life\")), (at: (2, 0), thing: Relic(\"scepter_of_summoning\")), \
         (at: (5, 0), thing: Gold(1)), (at: (6, 0), thing: Gold(1))]",
        &["knight"],
    );
    let mut g = start(q, &[TWO, SHIELD, SHIELD, SHIELD]);
    roll(&mut g, 0);
    walk(&mut g, 0, &[(1, 0), (2, 0)]);
    assert_eq!(pack(&mut g, 0).relics.len(), 2, "both relics picked up");
    g.send(Command::EndTurn);
    g.set_body(0, 2);
    let relic = |skill: &str, to: Option<(i32, i32)>| Command::UseSkill {
        figure: FigureId(0),
        skill: skill.into(),
        target: None,
        to: to.map(|(x, y)| p(x, y)),
    };
    roll(&mut g, 0);
    let e = g.send(relic("chalice_of_life", None));
    assert!(rejected(&e).is_none(), "{e:?}");
    assert_eq!(health(&mut g, 0), 3, "one health back");
    assert_eq!(g.pos(0), Some(p(2, 0)), "instead of moving");
    g.send(Command::EndTurn);
    roll(&mut g, 0);
    let e = g.send(relic("scepter_of_summoning", Some((5, 0))));
    assert!(rejected(&e).is_none(), "{e:?}");
    assert_eq!(pack(&mut g, 0).gold, 1, "the gold three spaces away fetched");
    g.send(Command::EndTurn);
    roll(&mut g, 0);
    let e = g.send(relic("scepter_of_summoning", Some((6, 0))));
    assert!(rejected(&e).is_some(), "once a mission");
    assert_eq!(pack(&mut g, 0).gold, 1);
}

#[test]
fn keys_play_a_race_too() {
    // Issue 22, item 5 (a person at the mouse, the keyboard or a gamepad, as today): at the
    // mouse's keyboard an arrow rolls, then walks the whole roll that way (heroica.md, Moving
    // Heroes: "move your Hero up to the number of spaces rolled"); with the board cursor
    // (keyboard alone) Enter rolls and Enter on a lit space walks there.
    use bevy::prelude::KeyCode;
    use hollowdeep::input::seats::{Seat, Seats};
    use hollowdeep::seating::Device;
    let seated = |device: Device| {
        let q = mission(ROW, "monsters: []", &["knight"]);
        let mut app = hollowdeep::sim::headless_app();
        app.add_plugins(bevy::input::InputPlugin)
            .add_plugins(hollowdeep::input::headless_plugin);
        app.insert_resource(crate::common::classic());
        app.insert_resource(Seats(vec![Seat {
            player: "Ann".into(),
            heroes: q.heroes.clone(),
            device,
        }]));
        hollowdeep::game::logic::start_quest(app.world_mut(), q, seed_showing(&[THREE, THREE]));
        app.update();
        app
    };
    let at = |app: &mut bevy::prelude::App| {
        let snap = hollowdeep::game::snapshot::Snapshot::capture(app.world_mut()).unwrap();
        snap.figure(FigureId(0)).and_then(|f| f.pos)
    };
    let mut app = seated(Device::MouseKeyboard);
    crate::common::press_key(&mut app, KeyCode::ArrowRight);
    assert!(
        matches!(app.world().resource::<HeroicaTurn>().0.stage, Stage::Rolled { .. }),
        "an arrow rolls first"
    );
    crate::common::press_key(&mut app, KeyCode::ArrowRight);
    assert_eq!(at(&mut app), Some(p(3, 0)), "then walks the Three that way");

    let mut app = seated(Device::Keyboard);
    crate::common::press_key(&mut app, KeyCode::Enter);
    assert!(matches!(
        app.world().resource::<HeroicaTurn>().0.stage,
        Stage::Rolled { .. }
    ));
    for _ in 0..2 {
        crate::common::press_key(&mut app, KeyCode::ArrowRight);
    }
    crate::common::press_key(&mut app, KeyCode::Enter);
    assert_eq!(at(&mut app), Some(p(2, 0)), "the cursor's space, two of the three");
}
