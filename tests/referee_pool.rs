//! The referee dice-pool module (`referee-dice-pool`, shared/rules/referee-dice-pool.md;
//! checklists §1.4) and the seam that chooses it: the quest's `modules` field, `--module`,
//! saves and replays that remember it.

use hollowdeep::game::model::*;
use hollowdeep::rules::dice::{self, Face};
use hollowdeep::rules::pool;

use crate::common::*;

const DEFEAT_ALL: &str = "DefeatAll(return_to_stairway: false)";
const POOL: &str = "modules: [\"referee-dice-pool\"],";

fn ok(evs: &[GameEvent]) {
    assert!(rejected(evs).is_none(), "refused: {:?}", rejected(evs));
}

fn attack(g: &mut Game, a: u32, t: u32) -> Vec<GameEvent> {
    g.send(Command::Attack {
        attacker: FigureId(a),
        target: FigureId(t),
    })
}

fn cast(g: &mut Game, caster: u32, spell: &str, target: u32) -> Vec<GameEvent> {
    g.send(Command::CastSpell {
        caster: FigureId(caster),
        spell: spell.into(),
        target: FigureId(target),
    })
}

/// A barbarian at (5,0) with a spell-casting orc beside it, at the sorcerer's turn.
fn beside(extra: &str, seed: u64) -> Game {
    orc_at(6, extra, seed)
}

/// A barbarian at (5,0) and a spell-casting orc at (x,0) in the same corridor.
fn orc_at(x: i32, extra: &str, seed: u64) -> Game {
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        &format!("(kind: \"orc\", at: ({x}, 0), name: \"Grak\", spells: [\"fear\", \"lightning_bolt\"])"),
        DEFEAT_ALL,
        extra,
    );
    let mut g = Game::start(q, seed);
    g.send(Command::EndTurn);
    assert_eq!(g.turn().phase, Phase::Sorcerer);
    g
}

/// referee-dice-pool.md, Attack (checklists §1.4 rows 12–17): the orc's attack on the barbarian
/// rolls d6, as many as its attack dice and the hero's defend dice, and the damage is what the
/// pool rule makes of those dice.
#[test]
fn a_monster_attacks_a_hero_with_d6_pools() {
    let mut wounded = 0;
    for seed in 0..40 {
        let mut g = beside(POOL, seed);
        let snap = g.snap();
        let (orc, barb) = (snap.figure(FigureId(1)).unwrap(), snap.figure(FigureId(0)).unwrap());
        let (ad, dd) = (snap.attack_dice(orc, barb, None), snap.defend_dice(barb));
        let before = barb.body;
        let evs = attack(&mut g, 1, 0);
        ok(&evs);
        let (a, d, damage) = evs
            .iter()
            .find_map(|e| match e {
                GameEvent::Attack {
                    attack, defend, damage, ..
                } => Some((attack.clone(), defend.clone(), *damage)),
                _ => None,
            })
            .expect("an attack event");
        assert!(a.iter().chain(&d).all(|f| matches!(f, Face::Pip(1..=6))), "{a:?} {d:?}");
        assert_eq!((a.len() as u8, d.len() as u8), (ad, dd));
        let want = pool::resolve(&dice::pips(&a), &dice::pips(&d)).damage.min(before);
        assert_eq!(damage, want);
        assert_eq!(g.snap().figure(FigureId(0)).map_or(0, |b| b.body), before - damage);
        wounded += (damage > 0) as u32;
        assert!(evs.iter().any(|e| e.kind() == "pool_attack"));
    }
    assert!(wounded > 0, "40 attacks and never a wound");
    // Without the module the same attack rolls combat dice.
    let mut g = beside("", 0);
    let evs = attack(&mut g, 1, 0);
    assert!(evs.iter().any(|e| matches!(e, GameEvent::Attack { attack, .. }
        if attack.iter().all(|f| f.pips().is_none()))));
}

/// On the referee's Turn (checklists §1.4 rows 4–5): up to two different actions of move,
/// attack and cast, so attack + cast is allowed; never the same one twice, never three.
#[test]
fn a_monster_takes_two_different_actions() {
    // Attack, then cast: allowed under the module.
    let mut g = beside(POOL, 3);
    ok(&attack(&mut g, 1, 0));
    let evs = cast(&mut g, 1, "fear", 0);
    ok(&evs);
    assert!(evs.iter().any(|e| e.kind() == "dread_spell_cast"));
    // A third action, a move, is refused, and so is a second attack.
    let r = rejected(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(7, 0)]),
    }))
    .expect("a third action is refused");
    assert!(r.contains("two actions"), "{r}");
    // (The barbarian may have fallen to the two blows; the second attack is refused either way.)
    assert!(rejected(&attack(&mut g, 1, 0)).is_some());

    // Cast, then attack: either order.
    let mut g = beside(POOL, 5);
    ok(&cast(&mut g, 1, "fear", 0));
    ok(&attack(&mut g, 1, 0));

    // The same action twice is refused, with the reason.
    let mut g = beside(POOL, 6);
    g.set_body(0, 8);
    ok(&attack(&mut g, 1, 0));
    let r = rejected(&attack(&mut g, 1, 0)).expect("a second attack is refused");
    assert!(r.contains("already attacked") && r.contains("must differ"), "{r}");

    // Move, then attack: a move is one of the two.
    let mut g = orc_at(8, POOL, 7);
    ok(&g.send(Command::Move {
        figure: FigureId(1),
        path: path(&[(7, 0), (6, 0)]),
    }));
    ok(&attack(&mut g, 1, 0));
    let r = rejected(&cast(&mut g, 1, "fear", 0)).expect("a third action is refused");
    assert!(r.contains("two actions"), "{r}");

    // HeroQuest 2021 as written: one action, so attack then cast is refused.
    let mut g = beside("", 3);
    ok(&attack(&mut g, 1, 0));
    let r = rejected(&cast(&mut g, 1, "fear", 0)).expect("2021: one action");
    assert!(r.contains("already taken an action"), "{r}");
}

/// checklists §1.4 row 19: a monster's spell that rolls attack dice (Lightning Bolt) rolls the
/// pool too.
#[test]
fn a_monster_spell_that_attacks_rolls_the_pool() {
    let mut g = beside(POOL, 1);
    let evs = cast(&mut g, 1, "lightning_bolt", 0);
    ok(&evs);
    assert!(evs.iter().any(|e| e.kind() == "pool_attack"), "{evs:?}");
}

/// The log says the pool in words, the rule book's worked example among them.
#[test]
fn the_log_reckons_the_pool_in_words() {
    let text = hollowdeep::game::describe::pool_reckoning(&[5, 3, 2], &[5, 3]);
    assert_eq!(
        text,
        "5 and 3 cancel; no defence die is left, so every attack die left wounds (2)"
    );
    assert_eq!(
        hollowdeep::game::describe::pool_reckoning(&[6, 4, 1], &[4, 3]),
        "the 4s cancel; the target is 3, reached by 6"
    );
    let mut g = beside(POOL, 2);
    attack(&mut g, 1, 0);
    let names = g.app.world().resource::<FigureNames>().clone();
    let line = g
        .log()
        .iter()
        .filter(|e| e.kind() == "pool_attack")
        .find_map(|e| hollowdeep::game::describe::describe(e, &names))
        .expect("the pool attack is told");
    assert!(line.starts_with("Grak attacks Barbarian: rolls "), "{line}");
}

/// A quest names its modules; a bad one is refused at its line and column.
#[test]
fn a_quests_modules_are_checked_where_they_are_written() {
    let q = quest_with(
        &["barbarian"],
        &[(5, 0)],
        "",
        "(kind: \"orc\", at: (20, 0))",
        DEFEAT_ALL,
        POOL,
    );
    assert!(q.modules.dice_pool());
    let text = "Quest(format: 1, name: \"T\", briefing: \"B.\", heroes: [\"barbarian\"], hero_starts: [(5, 0)],\n stairway: (12, 2, 2, 2), objective: DefeatAll(return_to_stairway: false), wandering_monster: \"orc\",\n monsters: [(kind: \"orc\", at: (20, 0))],\n modules: [\"loaded-dice\"])";
    let e = hollowdeep::quest::parse("t", "t.ron", text.as_bytes(), None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("t.ron:4:2:") && e.contains("unknown module \"loaded-dice\""),
        "{e}"
    );
    let q = hollowdeep::quest::parse(
        "t",
        "t.ron",
        text.replace("loaded-dice", "action-points").as_bytes(),
        None,
    )
    .expect("the action-point module is playable");
    assert!(q.modules.action_points() && !q.modules.dice_pool());
    let e = hollowdeep::quest::parse(
        "t",
        "t.ron",
        text.replace("loaded-dice", "action-point").as_bytes(),
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("t.ron:4:2:") && e.contains("unknown module \"action-point\"") && e.contains("\"action-points\""),
        "{e}"
    );
    // The command line adds modules to a quest's own and refuses what cannot be played.
    let base = hollowdeep::quest::load("the-goblin-warren").unwrap();
    let args = |rules: Option<&str>, m: &[&str]| hollowdeep::cli::RuleArgs {
        rules: rules.map(str::to_string),
        modules: m.iter().map(|s| s.to_string()).collect(),
    };
    assert!(
        args(None, &["referee-dice-pool"])
            .apply(base.clone())
            .unwrap()
            .modules
            .dice_pool()
    );
    assert!(args(None, &[]).apply(base.clone()).unwrap().modules.is_empty());
    let e = args(Some("heroica"), &[]).apply(base.clone()).unwrap_err();
    assert!(
        e.starts_with("--rules: \"The Goblin Warren\" is written for \"heroquest-2021\"") && e.contains("\"heroica\""),
        "{e}"
    );
    let e = args(None, &["nope"]).apply(base).unwrap_err();
    assert!(e.starts_with("--module: unknown module \"nope\""), "{e}");
}

/// A replay and a save remember the modules: the game rebuilds under them, and a file whose
/// modules were taken out no longer matches its check.
#[test]
fn saves_and_replays_remember_the_modules() {
    use hollowdeep::ai::SorcererLevel;
    let q = hollowdeep::quest::load("the-goblin-warren")
        .unwrap()
        .with_modules(&["referee-dice-pool".into()])
        .unwrap();
    let game = hollowdeep::sim::play_one(
        std::sync::Arc::new(q.clone()),
        11,
        hollowdeep::sim::Matchup {
            sorcerer: SorcererLevel::Hard,
            heroes_bot: Default::default(),
        },
    );
    assert!(game.events.iter().any(|e| e.kind() == "pool_attack"));
    let r = hollowdeep::save::Replay::played_by(
        &q,
        "the-goblin-warren",
        11,
        SorcererLevel::Hard,
        Default::default(),
        game.commands.clone(),
    );
    assert_eq!(r.modules, vec!["referee-dice-pool".to_string()]);
    let evs = r.play().expect("the replay plays under its module");
    // The sorcerer's reasons are notes, not results of commands: a replay does not hold them.
    let played: Vec<&GameEvent> = game.events.iter().filter(|e| e.kind() != "sorcerer_reasoned").collect();
    let kinds = |v: &[GameEvent]| {
        v.iter()
            .filter(|e| e.kind() != "sorcerer_reasoned")
            .cloned()
            .collect::<Vec<_>>()
    };
    assert!(
        kinds(&evs) == played.into_iter().cloned().collect::<Vec<_>>(),
        "the replay plays differently"
    );
    let dir = tempfile_dir("pool-replay");
    let path = dir.join("r.ron");
    r.write(&path).unwrap();
    let back = hollowdeep::save::Replay::read(&path).unwrap();
    assert!(back.play().unwrap() == evs, "the replay read back plays differently");
    // Without its module the same commands do not replay as recorded.
    let mut bare = back.clone();
    bare.modules.clear();
    let e = bare.play().unwrap_err();
    assert!(e.contains("does not play as it was recorded"), "{e}");
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("hollowdeep-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The sorcerer explains a monster's second action too: after an attack's dice the rest of its
/// turn is planned again, and a spell cast then comes with its own reason in the log.
#[test]
fn a_second_action_comes_with_its_reason() {
    use hollowdeep::ai::SorcererLevel;
    let q = std::sync::Arc::new(
        hollowdeep::quest::load("the-witch-lords-crypt")
            .unwrap()
            .with_modules(&["referee-dice-pool".into()])
            .unwrap(),
    );
    let mut explained = 0;
    for seed in 7..13 {
        let game = hollowdeep::sim::play_one(
            q.clone(),
            seed,
            hollowdeep::sim::Matchup {
                sorcerer: SorcererLevel::Hard,
                heroes_bot: Default::default(),
            },
        );
        for w in game.events.windows(3) {
            if let [
                GameEvent::Attack { attacker, .. },
                GameEvent::SorcererReasoned { figure, .. },
                GameEvent::DreadSpellCast { caster, .. },
            ] = w
                && attacker == figure
                && figure == caster
            {
                explained += 1;
            }
        }
    }
    assert!(explained > 0, "no attack followed by an explained spell in six games");
}
