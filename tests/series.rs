//! HeroQuest Revised's valuables and Series quests (checklists §1.1 #143, #147; rules-decisions
//! row 99): a valuable found is carried, not counted as gold, until the town changes it into
//! Gold Crowns; between two quests of a Series the town is shut and the men-at-arms are paid on
//! the spot. Played through the searches a hero sends and the campaign's own settling, as the
//! window does at a quest's end.

use hollowdeep::campaign::{Campaign, Hireling};
use hollowdeep::game::model::*;
use hollowdeep::rules::ruleset::RuleSet;

use crate::campaign::play_for;
use crate::common::*;
use crate::rules_2021::{FAR_ORC, ok};
use crate::rules_revised::room;

const VALUABLES: [&str; 3] = ["silver_chalice", "old_ruby", "jewelled_ring"];

fn worth(rules: &RuleSet, item: &str) -> u32 {
    rules.items.get(item).map_or(0, |d| d.worth)
}

/// #147: the Revised deck's chalice, ruby and ring are valuables: the searcher carries the thing
/// and its purse is unchanged.
#[test]
fn a_valuable_found_is_carried_not_counted_as_gold() {
    let mut seen = false;
    for seed in 0..300 {
        let mut g = Game::start(room(true, "", FAR_ORC), seed);
        let evs = g.send(Command::SearchTreasure { hero: FigureId(0) });
        ok(&evs);
        let found = evs.iter().find_map(|e| match e {
            GameEvent::ItemFound { item, .. } if VALUABLES.contains(&item.as_str()) => Some(item.clone()),
            _ => None,
        });
        let Some(item) = found else { continue };
        let h = g.snap().figure(FigureId(0)).unwrap().clone();
        assert!(h.equipment.items.contains(&item), "carried: {:?}", h.equipment);
        assert_eq!(h.inventory.gold, 0, "not gold yet");
        assert!(!evs.iter().any(|e| matches!(e, GameEvent::GoldFound { .. })));
        seen = true;
        break;
    }
    assert!(seen, "no valuable in 300 searches");
    // A valuable card must name a thing with a worth: the tables are refused where they load.
    use hollowdeep::rules::ruleset::HEROQUEST_REVISED_RON;
    let text = HEROQUEST_REVISED_RON.replacen("card: Valuable(\"old_ruby\")", "card: Valuable(\"tool_kit\")", 1);
    let err = RuleSet::parse(&text).unwrap_err();
    assert!(err.contains("An Old Ruby") && err.contains("worth"), "{err}");
}

/// A Revised party whose Barbarian carries `valuables` and leads a Scout (upkeep 25), with no
/// gold, and whose other heroes lead nobody; the introductory quests done.
fn party_with(valuables: &[&str]) -> Campaign {
    let rules = RuleSet::heroquest_revised();
    let mut c = Campaign::new(&rules);
    c.completed = vec!["the-sleeping-gates".into(), "the-mercenaries-road".into()];
    let b = c.party.get_mut("barbarian").unwrap();
    b.items = valuables.iter().map(|v| v.to_string()).collect();
    b.men_at_arms.push(Hireling {
        kind: "scout".into(),
        unpaid: false,
    });
    c
}

/// #143, #147: The Thieves' Cistern and The Ember Tomb are the Series "Grak's Letter". Won, the
/// Cistern sends the party straight on: the town is shut (nothing bought, sold or hired, the
/// bots' visit does nothing), valuables are kept, and a man-at-arms who lived is paid on the spot
/// in gold if the purse holds its wage, else with the least valuable worth the wage, else it
/// leaves. When the Series ends, the valuables are changed into Gold Crowns.
#[test]
fn a_series_shuts_the_town_and_pays_the_men_at_arms_in_valuables() {
    let rules = RuleSet::heroquest_revised();
    // A seed where the Cistern is won with the Barbarian and its Scout alive.
    let (mut c, snap) = (1..60)
        .find_map(|seed| {
            let mut c = party_with(&["jewelled_ring", "old_ruby", "silver_chalice"]);
            let (snap, outcome) = play_for(&mut c, "the-thieves-cistern", seed);
            let b = snap.heroes().find(|h| h.kind == "barbarian")?.clone();
            let scout_lived = snap
                .men_at_arms()
                .any(|m| m.serves == Some(b.id) && (m.alive() || m.escaped));
            (outcome == Outcome::Won && (b.alive() || b.escaped) && scout_lived).then_some((c, snap))
        })
        .expect("the Cistern won with the Barbarian and its Scout alive within 59 seeds");
    assert_eq!(c.series.as_deref(), Some("Grak's Letter"));
    assert_eq!(c.next_quest(), Some("the-ember-tomb"));
    let b = snap.heroes().find(|h| h.kind == "barbarian").unwrap();
    let carried_out: Vec<String> = b.equipment.items.clone();
    let p = &c.party["barbarian"];
    assert_eq!(p.men_at_arms.len(), 1, "the Scout was paid and stays");
    assert!(!p.men_at_arms[0].unpaid);
    if b.inventory.gold >= 25 {
        assert_eq!(p.gold, b.inventory.gold - 25, "paid in gold");
        assert_eq!(p.items, carried_out, "the valuables kept");
    } else {
        // The ruby (35) is the least valuable worth 25: it goes, the others stay.
        assert_eq!(p.gold, b.inventory.gold);
        let mut left = carried_out.clone();
        left.remove(left.iter().position(|i| i == "old_ruby").unwrap());
        assert_eq!(p.items, left, "paid with the ruby");
    }
    // The town is shut.
    let why = c.check_purchase(&rules, "dwarf", "healing").unwrap_err();
    assert!(why.contains("Series \"Grak's Letter\""), "{why}");
    assert!(c.check_hire(&rules, "dwarf", "scout").is_err());
    assert!(c.check_sale(&rules, "barbarian", "broadsword").is_err());
    let before = c.clone();
    c.shop(&rules);
    assert_eq!(c, before, "no town: the bots' visit buys nothing");
    // The Ember Tomb ends the Series, won or lost: back to town, valuables changed.
    let kept: Vec<String> = c.party["barbarian"].items.clone();
    let (snap, _) = play_for(&mut c, "the-ember-tomb", 1);
    assert_eq!(c.series, None);
    c.check_purchase(&rules, "dwarf", "healing")
        .map(|_| ())
        .or_else(|e| {
            assert!(!e.contains("Series"), "{e}");
            Ok::<(), String>(())
        })
        .unwrap();
    let b = snap.heroes().find(|h| h.kind == "barbarian").unwrap();
    if b.alive() || b.escaped {
        let p = &c.party["barbarian"];
        let gained: u32 = b.equipment.items.iter().map(|i| worth(&rules, i)).sum();
        assert!(kept.iter().any(|i| worth(&rules, i) > 0));
        assert_eq!(p.gold, b.inventory.gold + gained, "each valuable for its worth");
        assert!(p.items.iter().all(|i| worth(&rules, i) == 0), "{:?}", p.items);
    }
}

/// #143: a man-at-arms whose wage neither the purse nor any one valuable meets leaves: two
/// valuables together are not pooled, and no valuable at all pays nothing.
#[test]
fn a_man_at_arms_unpaid_in_a_series_leaves() {
    for seed in 1..60 {
        let mut c = party_with(&[]);
        // A Halberdier (upkeep 40).
        c.party.get_mut("barbarian").unwrap().men_at_arms[0].kind = "halberdier".into();
        let (snap, outcome) = play_for(&mut c, "the-thieves-cistern", seed);
        let Some(b) = snap.heroes().find(|h| h.kind == "barbarian") else {
            continue;
        };
        let lived = snap
            .men_at_arms()
            .any(|m| m.serves == Some(b.id) && (m.alive() || m.escaped));
        let worth_enough = b
            .equipment
            .items
            .iter()
            .any(|i| worth(&RuleSet::heroquest_revised(), i) >= 40);
        if outcome != Outcome::Won || !(b.alive() || b.escaped) || !lived || b.inventory.gold >= 40 || worth_enough {
            continue;
        }
        assert!(c.series.is_some());
        assert!(c.party["barbarian"].men_at_arms.is_empty(), "seed {seed}: it left");
        return;
    }
    panic!("no seed in which a lived Halberdier could not be paid");
}
