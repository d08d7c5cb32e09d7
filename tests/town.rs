//! HeroQuest Revised between quests (checklists §1.1 #142, #145, #148–153): the town's shops sell
//! at cost and buy back at half, potions are never sold, the Mercenaries' Guild Hall hires
//! men-at-arms who follow their hero into the next quest and are paid again after each one they
//! live through, and a Champion may hire a Sergeant. Every test goes through `Campaign`, the same
//! calls the town window's buttons make, and the quest the campaign prepares.

use hollowdeep::ai::{HeroBot, SorcererLevel};
use hollowdeep::campaign::{Campaign, Hireling};
use hollowdeep::game::model::*;
use hollowdeep::game::snapshot::Snapshot;
use hollowdeep::quest;
use hollowdeep::rules::ruleset::RuleSet;
use hollowdeep::sim::{self, Matchup};

use crate::campaign::play_for;

fn revised() -> RuleSet {
    RuleSet::heroquest_revised()
}

/// A fresh Revised party with this much gold each.
fn party(gold: u32) -> Campaign {
    let mut c = Campaign::new(&revised());
    for h in c.party.values_mut() {
        h.gold = gold;
    }
    c
}

fn matchup() -> Matchup {
    Matchup {
        sorcerer: SorcererLevel::Normal,
        heroes_bot: HeroBot::Competent,
    }
}

#[test]
fn the_revised_campaign_is_its_own_quests_in_its_own_file() {
    let c = Campaign::new(&revised());
    assert_eq!(c.rules, "heroquest-revised");
    assert_eq!(
        c.book(),
        vec![
            "the-sleeping-gates",
            "the-mercenaries-road",
            "the-thieves-cistern",
            "the-ember-tomb"
        ]
    );
    assert_eq!(c.next_quest(), Some("the-sleeping-gates"));
    // Each book's quest is written for Revised alone.
    for id in c.book() {
        let q = quest::load(id).unwrap();
        assert_eq!(q.rules.id, "heroquest-revised", "{id}");
    }
    let err = c.check_unlocked("the-goblin-warren").unwrap_err();
    assert!(err.contains("not a quest of the book of this campaign"), "{err}");
    // 2021's campaign keeps its file; Revised's has its own beside it.
    let a = hollowdeep::campaign::campaign_path_for("heroquest-2021");
    let b = hollowdeep::campaign::campaign_path_for("heroquest-revised");
    if let (Some(a), Some(b)) = (a, b) {
        assert!(a.ends_with("campaign.ron"), "{}", a.display());
        assert!(b.ends_with("campaign-heroquest-revised.ron"), "{}", b.display());
    }
    // A Revised campaign file round-trips with its men-at-arms and Champion count, and one
    // naming a man-at-arms the rule set does not know is refused by name.
    let dir = std::env::temp_dir().join(format!("hollowdeep-town-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("campaign-heroquest-revised.ron");
    let mut c = party(300);
    c.hire(&revised(), "dwarf", "scout").unwrap();
    c.party.get_mut("dwarf").unwrap().wins = 3;
    c.write(&path).unwrap();
    assert_eq!(Campaign::read(&path).unwrap(), c);
    let text = crate::common::unsealed(&std::fs::read_to_string(&path).unwrap());
    std::fs::write(&path, text.replacen("\"scout\"", "\"ogre_butler\"", 1)).unwrap();
    let err = Campaign::read(&path).unwrap_err();
    assert!(
        err.contains("ogre_butler") && err.contains("campaign-heroquest-revised.ron"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// #148–149: the Armoury and the Outfitter's Emporium sell at cost and buy back at half.
#[test]
fn the_armoury_and_the_outfitter_sell_at_cost_and_buy_back_at_half() {
    let rules = revised();
    let shops = Campaign::shops(&rules);
    let ids: Vec<&str> = shops.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["armoury", "outfitter", "alchemist"]);
    let mut c = party(1000);
    c.buy(&rules, "barbarian", "helmet").unwrap();
    assert_eq!(c.party["barbarian"].gold, 1000 - 125);
    c.buy(&rules, "dwarf", "tool_kit").unwrap();
    assert_eq!(c.party["dwarf"].gold, 1000 - 250);
    // Half back, rounded down where the price is odd (the helmet's 125 gives 62).
    assert_eq!(c.check_sale(&rules, "barbarian", "helmet"), Ok(62));
    assert_eq!(c.sell(&rules, "barbarian", "helmet"), Ok(62));
    assert_eq!(c.party["barbarian"].gold, 1000 - 125 + 62);
    assert!(!c.party["barbarian"].items.contains(&"helmet".to_string()));
    assert_eq!(c.sell(&rules, "dwarf", "tool_kit"), Ok(125));
    // What the hero does not have cannot be sold; an artifact no shop can pay for.
    let err = c.sell(&rules, "barbarian", "helmet").unwrap_err();
    assert!(err.contains("has no Helmet"), "{err}");
    c.party.get_mut("elf").unwrap().items.push("wizards_cloak".into());
    let err = c.sell(&rules, "elf", "wizards_cloak").unwrap_err();
    assert!(err.contains("artifact"), "{err}");
    // Selling the weapon in hand puts the best other weapon carried in hand.
    c.buy(&rules, "barbarian", "battle_axe").unwrap();
    assert_eq!(c.party["barbarian"].weapon.as_deref(), Some("battle_axe"));
    c.sell(&rules, "barbarian", "battle_axe").unwrap();
    assert_eq!(c.party["barbarian"].weapon.as_deref(), Some("broadsword"));
    // An artifact is not for sale.
    let err = c.buy(&rules, "barbarian", "spirit_blade").unwrap_err();
    assert!(err.contains("does not sell"), "{err}");
}

/// #150: the Alchemist's potions are bought, several of a kind, and never sold.
#[test]
fn potions_are_bought_at_the_alchemist_and_never_sold() {
    let rules = revised();
    let mut c = party(300);
    c.buy(&rules, "wizard", "healing").unwrap();
    c.buy(&rules, "wizard", "healing").unwrap();
    assert_eq!(c.party["wizard"].potions, vec!["healing".to_string(); 2]);
    assert_eq!(c.party["wizard"].gold, 100);
    let err = c.sell(&rules, "wizard", "healing").unwrap_err();
    assert!(err.contains("never sold"), "{err}");
    let err = c.buy(&rules, "wizard", "heroic_brew").unwrap_err();
    assert!(err.contains("125 gold"), "{err}");
    // The potions go into the quest with the hero.
    let q = c.prepare(&quest::load("the-thieves-cistern").unwrap());
    assert_eq!(q.gear["wizard"].potions, vec!["healing".to_string(); 2]);
}

/// #151, #153: the Guild Hall hires at the hire price, at most four a hero, and a Sergeant only
/// for a Champion (ten quests won, a quest played again counted again).
#[test]
fn the_guild_hall_hires_up_to_four_and_a_sergeant_only_for_a_champion() {
    let rules = revised();
    let mut c = party(2000);
    let err = c.hire(&rules, "barbarian", "sergeant").unwrap_err();
    assert!(err.contains("Champion"), "{err}");
    for kind in ["scout", "swordsman", "crossbowman", "halberdier"] {
        c.hire(&rules, "barbarian", kind).unwrap();
    }
    assert_eq!(c.party["barbarian"].gold, 2000 - 75 - 100 - 100 - 125);
    let err = c.hire(&rules, "barbarian", "scout").unwrap_err();
    assert!(err.contains("already leads 4"), "{err}");
    let err = c.hire(&rules, "dwarf", "wolf").unwrap_err();
    assert!(err.contains("wolf"), "{err}");
    c.party.get_mut("elf").unwrap().gold = 50;
    let err = c.hire(&rules, "elf", "scout").unwrap_err();
    assert!(err.contains("75 gold"), "{err}");
    // Ten quests won make a Champion.
    c.party.get_mut("dwarf").unwrap().wins = 9;
    assert!(!c.is_champion(&rules, "dwarf"));
    c.party.get_mut("dwarf").unwrap().wins = 10;
    assert!(c.is_champion(&rules, "dwarf"));
    c.hire(&rules, "dwarf", "sergeant").unwrap();
    // 2021 has no Guild Hall.
    let mut old = Campaign::new(&RuleSet::heroquest_2021());
    old.party.get_mut("dwarf").unwrap().gold = 500;
    assert!(old.hire(&RuleSet::heroquest_2021(), "dwarf", "scout").is_err());
}

/// #151–152: the hired men-at-arms follow their hero into the quest the campaign prepares and
/// serve that hero on the board; one left unpaid stays in town; a solo quest takes none (#142).
#[test]
fn hired_men_at_arms_follow_their_hero_and_unpaid_ones_stay_in_town() {
    let rules = revised();
    let mut c = party(1000);
    c.hire(&rules, "dwarf", "scout").unwrap();
    c.hire(&rules, "dwarf", "halberdier").unwrap();
    c.hire(&rules, "wizard", "crossbowman").unwrap();
    c.party.get_mut("wizard").unwrap().men_at_arms.push(Hireling {
        kind: "swordsman".into(),
        unpaid: true,
    });
    let q = c.prepare(&quest::load("the-thieves-cistern").unwrap());
    assert_eq!(q.hired["dwarf"], vec!["scout".to_string(), "halberdier".to_string()]);
    assert_eq!(q.hired["wizard"], vec!["crossbowman".to_string()]);
    let world_snap = {
        let mut world = sim::headless_world(q.clone(), 3, matchup());
        Snapshot::capture(&mut world).unwrap()
    };
    let dwarf = world_snap.heroes().find(|h| h.kind == "dwarf").unwrap().id;
    let wizard = world_snap.heroes().find(|h| h.kind == "wizard").unwrap().id;
    let mut served: Vec<(FigureId, String)> = world_snap
        .men_at_arms()
        .map(|m| (m.serves.unwrap(), m.kind.clone()))
        .collect();
    served.sort();
    let mut want = vec![
        (dwarf, "scout".to_string()),
        (dwarf, "halberdier".to_string()),
        (wizard, "crossbowman".to_string()),
    ];
    want.sort();
    assert_eq!(served, want, "the unpaid Swordsman stays in town");
    // Under a quest that lends its own, the party's come first and the lent ones after.
    let road = c.prepare(&quest::load("the-mercenaries-road").unwrap());
    let dwarf_men = road.retinues().into_iter().find(|(h, _)| h == "dwarf").unwrap().1;
    assert_eq!(dwarf_men, ["scout", "halberdier", "swordsman"]);
    // A solo quest leaves them all in town (#142).
    let solo = quest::load("the-thieves-cistern").unwrap().without_heroes(&[
        "barbarian".into(),
        "elf".into(),
        "wizard".into(),
    ]);
    assert!(c.prepare(&solo).hired.is_empty());
}

/// #145, #151: after a quest, the men-at-arms who went and lived owe their upkeep (paid, they go
/// again; unpaid, they stay in town); those who fell are gone; a won quest counts towards
/// Champion.
#[test]
fn men_at_arms_who_live_owe_their_upkeep_and_the_fallen_are_gone() {
    let rules = revised();
    let mut seen_fall = false;
    let mut seen_live = false;
    for seed in 1..40 {
        let mut c = party(1000);
        for class in ["barbarian", "dwarf", "elf", "wizard"] {
            c.hire(&rules, class, "swordsman").unwrap();
            c.hire(&rules, class, "crossbowman").unwrap();
        }
        let before: std::collections::BTreeMap<String, u32> =
            c.party.iter().map(|(k, h)| (k.clone(), h.wins)).collect();
        let (snap, outcome) = play_for(&mut c, "the-thieves-cistern", seed);
        for h in snap.heroes() {
            let p = &c.party[&h.kind];
            if h.body == 0 && !h.escaped {
                assert!(p.men_at_arms.is_empty(), "a fresh hero leads nobody");
                continue;
            }
            let mut mine: Vec<_> = snap.men_at_arms().filter(|m| m.serves == Some(h.id)).collect();
            mine.sort_by_key(|m| m.id);
            let lived: Vec<String> = mine
                .iter()
                .filter(|m| m.escaped || m.alive())
                .map(|m| m.kind.clone())
                .collect();
            let kept: Vec<String> = p.men_at_arms.iter().map(|m| m.kind.clone()).collect();
            assert_eq!(kept, lived, "seed {seed}: the {}'s men-at-arms", h.kind);
            assert!(p.men_at_arms.iter().all(|m| m.unpaid), "their upkeep is due");
            seen_fall |= lived.len() < 2;
            seen_live |= !lived.is_empty();
            let won = u32::from(outcome == Outcome::Won);
            assert_eq!(p.wins, before[&h.kind] + won);
        }
        if seen_fall && seen_live {
            // Paying one sends it again; the other, unpaid, stays in town.
            let (class, h) = c
                .party
                .iter()
                .find(|(_, h)| h.men_at_arms.len() == 2)
                .unwrap_or_else(|| c.party.iter().find(|(_, h)| !h.men_at_arms.is_empty()).unwrap());
            let (class, n) = (class.clone(), h.men_at_arms.len());
            let gold = h.gold;
            let upkeep = rules.men_at_arms[&h.men_at_arms[0].kind].upkeep;
            c.pay_upkeep(&rules, &class, 0).unwrap();
            assert_eq!(c.party[&class].gold, gold - upkeep);
            assert!(c.pay_upkeep(&rules, &class, 0).unwrap_err().contains("paid"));
            let q = c.prepare(&quest::load("the-ember-tomb").unwrap());
            assert_eq!(q.hired[&class].len(), 1, "only the paid one goes ({n} in pay)");
            c.dismiss(&rules, &class, 0).unwrap();
            assert_eq!(c.party[&class].men_at_arms.len(), n - 1);
            return;
        }
    }
    panic!("no game within 39 seeds in which a man-at-arms both fell and lived");
}

/// `simulate --campaign --rules heroquest-revised`: the party plays Revised's book, shops and
/// hires between quests, and the same seed gives the same campaigns.
#[test]
fn simulated_revised_campaigns_shop_hire_and_repeat() {
    let a = sim::simulate_campaigns("heroquest-revised", 4, 11, matchup(), &[], 2);
    let b = sim::simulate_campaigns("heroquest-revised", 4, 11, matchup(), &[], 1);
    assert_eq!(a.quests, b.quests);
    assert_eq!(a.rules, "heroquest-revised");
    assert_eq!(a.quests.len(), 4);
    assert!(a.quests[0].tries >= 4, "{:?}", a.quests);
    // A party that won quests had gold to spend, and the bots spend it in town: some party
    // back from its campaign, in town again, hires men-at-arms or buys armour. (Whether one
    // still has them at the campaign's end is the last quest's luck: they fall, and are lost.)
    let spent = (11..15).any(|seed| {
        let (played, mut c) = sim::play_campaign("heroquest-revised", seed, matchup(), &[]);
        assert!(played.iter().any(|g| g.won), "{played:?}");
        assert!(c.party.values().any(|h| h.gold > 0), "{:?}", c.party);
        c.shop(&revised());
        let hired: usize = c.party.values().map(|h| h.men_at_arms.len()).sum();
        let bought = c
            .party
            .values()
            .any(|h| h.items.iter().any(|i| i == "helmet" || i == "shield"));
        hired > 0 || bought
    });
    assert!(spent, "nothing bought or hired in four campaigns");
    // The bots' visit to town: upkeep paid where it can be, else the man-at-arms let go; armour
    // bought; then a Scout for a party without one, and other hirelings after.
    let mut c = party(0);
    c.party.get_mut("barbarian").unwrap().gold = 20;
    c.party.get_mut("barbarian").unwrap().men_at_arms.push(Hireling {
        kind: "swordsman".into(),
        unpaid: true,
    });
    c.party.get_mut("dwarf").unwrap().gold = 500;
    c.party.get_mut("elf").unwrap().gold = 600;
    c.shop(&revised());
    assert!(
        c.party["barbarian"].men_at_arms.is_empty(),
        "30 gold owed, 20 held: let go"
    );
    let kinds: Vec<&str> = ["dwarf", "elf"]
        .iter()
        .flat_map(|h| c.party[*h].men_at_arms.iter().map(|m| m.kind.as_str()))
        .collect();
    assert!(kinds.contains(&"scout"), "{kinds:?}");
    assert_eq!(kinds.iter().filter(|k| **k == "scout").count(), 1, "{kinds:?}");
}

/// #108, #144: an artifact (read as a Relic: never stolen, one of a kind) that no hero brought
/// out of a Revised quest is found again as special treasure in the party's next quest, unless
/// the party holds it.
#[test]
fn a_lost_relic_is_found_again_in_the_next_quest() {
    let rules = revised();
    let mut c = party(0);
    c.lost = vec!["orcs_bane".into()];
    let q = c.prepare(&quest::load("the-thieves-cistern").unwrap());
    let placed: Vec<&String> = q.treasure.iter().flat_map(|t| &t.items).collect();
    assert!(placed.contains(&&"orcs_bane".to_string()), "{:?}", q.treasure);
    // Held by a hero of the party: not found twice.
    c.lost.clear();
    c.party.get_mut("elf").unwrap().items.push("orcs_bane".into());
    let q = c.prepare(&quest::load("the-thieves-cistern").unwrap());
    assert!(q.treasure.iter().all(|t| !t.items.iter().any(|i| i == "orcs_bane")));
    assert!(rules.is_artifact("orcs_bane"));
}
