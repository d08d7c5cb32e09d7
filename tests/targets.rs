//! Issue 24, item 1: targets read at a glance. The red ring goes on exactly the monsters an
//! attack would be accepted against: at every decision of the heroes in seeded games, each
//! living monster is attacked on a copy of the game, and the accepted ones must be the ringed
//! ones (`attackable_now`, which the board's highlights and the action bar draw).

use std::collections::BTreeSet;
use std::sync::Arc;

use bevy::prelude::World;
use hollowdeep::ai::{HeroBot, SorcererLevel};
use hollowdeep::game::heroquest::{attackable_after_a_walk, attackable_now, hero_options};
use hollowdeep::game::logic;
use hollowdeep::game::model::*;
use hollowdeep::game::snapshot::Snapshot;
use hollowdeep::sim::{Matchup, headless_world};

fn copy(quest: &Arc<hollowdeep::quest::Quest>, seed: u64, matchup: Matchup, commands: &[Command]) -> World {
    let mut w = headless_world(quest.clone(), seed, matchup);
    for c in commands {
        logic::submit(&mut w, c.clone());
    }
    w
}

fn accepted(evs: &[GameEvent]) -> bool {
    !evs.iter().any(|e| matches!(e, GameEvent::CommandRejected { .. }))
}

/// (decisions checked, ringed monsters seen, amber marks seen)
fn check_game(quest: Arc<hollowdeep::quest::Quest>, seed: u64, matchup: Matchup, rounds: u32) -> (u32, u32, u32) {
    let mut world = headless_world(quest.clone(), seed, matchup);
    let (mut decisions, mut ringed, mut amber) = (0, 0, 0);
    for _ in 0..4000 {
        let snap = Snapshot::capture(&mut world).expect("quest in play");
        if matches!(snap.turn.phase, Phase::Over(_)) || snap.turn.round > rounds {
            break;
        }
        if let Phase::Hero(id) = snap.turn.phase
            && let Some(active) = snap.figure(id).filter(|h| h.alive() && h.pos.is_some())
        {
            let ring: BTreeSet<FigureId> = attackable_now(&snap, active).iter().map(|m| m.id).collect();
            let so_far = world.resource::<CommandLog>().0.clone();
            let mut trial = copy(&quest, seed, matchup, &so_far);
            let mut took = BTreeSet::new();
            for m in snap.figures.iter().filter(|f| !f.hero && f.alive()) {
                let evs = logic::submit(
                    &mut trial,
                    Command::Attack {
                        attacker: id,
                        target: m.id,
                    },
                );
                if accepted(&evs) {
                    took.insert(m.id);
                    // The copy has moved on: a fresh one for the next monster.
                    trial = copy(&quest, seed, matchup, &so_far);
                }
            }
            assert_eq!(
                ring, took,
                "{} seed {seed} round {}: ringed {ring:?}, the rules accept attacks on {took:?}",
                quest.id, snap.turn.round
            );
            // The amber mark never sits on a ringed monster, and only while an attack is left.
            if let Some(opts) = hero_options(&snap) {
                for m in attackable_after_a_walk(&snap, active, &opts.reachable) {
                    assert!(!ring.contains(&m.id));
                    amber += 1;
                }
            }
            decisions += 1;
            ringed += ring.len() as u32;
        }
        let Some(cmd) = hollowdeep::ai::decide(&mut world) else {
            break;
        };
        logic::submit(&mut world, cmd);
    }
    (decisions, ringed, amber)
}

#[test]
fn the_red_ring_is_on_exactly_the_monsters_an_attack_would_be_accepted_against() {
    let mut totals = (0, 0, 0);
    for (id, seed, sorcerer, heroes_bot, modules) in [
        (
            "the-goblin-warren",
            1,
            SorcererLevel::Normal,
            HeroBot::Competent,
            vec![],
        ),
        ("the-sunken-reliquary", 2, SorcererLevel::Hard, HeroBot::Greedy, vec![]),
        // Heroic Brew's second blow, crossbows and two monster actions come up here.
        (
            "the-witch-lords-crypt",
            3,
            SorcererLevel::Classic,
            HeroBot::Competent,
            vec!["referee-dice-pool".to_string()],
        ),
        (
            "tutorial-1-first-steps",
            4,
            SorcererLevel::Normal,
            HeroBot::Random,
            vec![],
        ),
    ] {
        let q = hollowdeep::quest::load(id).unwrap().with_modules(&modules).unwrap();
        let (d, r, a) = check_game(Arc::new(q), seed, Matchup { sorcerer, heroes_bot }, 25);
        totals = (totals.0 + d, totals.1 + r, totals.2 + a);
    }
    assert!(
        totals.0 > 300 && totals.1 > 30 && totals.2 > 10,
        "too little seen: {totals:?} (decisions, ringed, amber)"
    );
}

fn binomial(n: u32, k: u32, p: f64) -> f64 {
    let c = (0..k).fold(1.0, |c, i| c * (n - i) as f64 / (i + 1) as f64);
    c * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
}

/// A hero's attack on a monster worked out from the dice alone (heroquest-2021.md, Combat: a
/// skull on half the faces, a monster blocks with the one black shield): P(wound), P(kill).
fn by_hand(attack: u8, defend: u8, body: u8) -> (f64, f64) {
    let (mut wound, mut kill) = (0.0, 0.0);
    for s in 0..=attack as u32 {
        for b in 0..=defend as u32 {
            let p = binomial(attack as u32, s, 0.5) * binomial(defend as u32, b, 1.0 / 6.0);
            if s > b {
                wound += p;
            }
            if s >= b + body as u32 {
                kill += p;
            }
        }
    }
    (wound, kill)
}

#[test]
fn the_odds_on_a_monsters_card_are_the_exact_odds_of_the_dice() {
    use hollowdeep::game::heroquest::attack_odds;
    use hollowdeep::ui::play::hover_card::card_for;
    let q = Arc::new(hollowdeep::quest::load("the-sunken-reliquary").unwrap());
    let mut world = headless_world(q, 5, Matchup::default());
    let mut cards = 0;
    for _ in 0..2000 {
        let snap = Snapshot::capture(&mut world).expect("quest in play");
        if matches!(snap.turn.phase, Phase::Over(_)) {
            break;
        }
        if let Some(h) = snap.active_hero().filter(|h| h.pos.is_some()) {
            for m in snap
                .monsters()
                .filter(|m| m.pos.is_some_and(|p| snap.fog.is_revealed(p)))
            {
                let o = attack_odds(&snap, h, m).expect("no cursed monster here");
                let (wound, kill) = by_hand(o.attack, o.defend, m.body);
                assert!(
                    (o.wound - wound).abs() < 1e-9 && (o.kill - kill).abs() < 1e-9,
                    "{o:?} vs {wound} {kill}"
                );
                let card = card_for(&snap, m.pos.unwrap()).expect("a card for a monster in sight");
                let text = card.odds.expect("odds on a monster's card");
                let shown = |p: f64| format!("{:.0}%", (p * 100.0).round());
                if (0.01..0.99).contains(&wound) && (0.01..0.99).contains(&kill) {
                    assert!(
                        text.contains(&format!("{} to wound, {} to kill", shown(wound), shown(kill))),
                        "{text}"
                    );
                }
                assert!(
                    card.stats.contains(&format!("Body {}/{}", m.body, m.body_max)),
                    "{}",
                    card.stats
                );
                cards += 1;
            }
        }
        let Some(cmd) = hollowdeep::ai::decide(&mut world) else {
            break;
        };
        logic::submit(&mut world, cmd);
    }
    assert!(cards > 50, "only {cards} cards");
}
