//! Epic Heroica (issue 22, item 4; heroica.md, Epic Heroica; checklists §1.2 #39–#44): the
//! missions in a row, what the heroes keep, the bounty, the store between missions, the winner,
//! saved and read back.

use std::sync::Arc;

use hollowdeep::epic::{EPIC_MISSIONS, Epic};
use hollowdeep::game::model::GameEvent;
use hollowdeep::rules::heroica::play::Happening;

#[test]
fn an_epic_campaign_keeps_the_packs_pays_the_bounty_and_names_the_winner() {
    let mut epic = Epic::new(&EPIC_MISSIONS, &["knight", "barbarian", "wizard", "ranger"]).unwrap();
    assert_eq!(epic.next_mission(), Some("the-goblin-gate"));
    let mut seed = 3;
    while !epic.done() {
        let q = epic.prepare().unwrap();
        // #40: every hero starts each mission at full health, in its seat, with its pack.
        assert_eq!(q.heroes, vec!["knight", "barbarian", "wizard", "ranger"]);
        for (i, h) in epic.heroes.iter().enumerate() {
            let gear = &q.gear[&h.hero];
            assert_eq!((gear.gold, &gear.potions), (h.gold, &h.potions), "seat {i}");
        }
        let before: Vec<u32> = epic.heroes.iter().map(|h| h.missions_won).collect();
        let mut world = hollowdeep::sim::headless_world(Arc::new(q), seed, Default::default());
        let r = hollowdeep::sim::play_out(&mut world);
        assert!(r.outcome.is_some(), "the mission ends");
        let winner = r.events.iter().find_map(|e| match e {
            GameEvent::Heroica(Happening::Won { hero }) => Some(*hero as usize),
            _ => None,
        });
        world
            .resource_mut::<hollowdeep::game::model::EventLog>()
            .0
            .extend(r.events);
        // What each pack holds as the mission ends is what the hero keeps (#42), plus the bounty.
        let packs: Vec<hollowdeep::rules::heroica::play::Pack> = {
            let mut q = world.query::<(&hollowdeep::game::model::FigureId, &hollowdeep::game::heroica::HeroPack)>();
            let mut v: Vec<_> = q.iter(&world).map(|(id, p)| (id.0, p.0.clone())).collect();
            v.sort_by_key(|(id, _)| *id);
            v.into_iter().map(|(_, p)| p).collect()
        };
        let played = epic.settle(&mut world).unwrap().clone();
        assert_eq!(played.winner, winner);
        let most = packs.iter().map(|p| p.defeated.len()).max().unwrap_or(0);
        for (seat, p) in packs.iter().enumerate() {
            let h = &epic.heroes[seat];
            let bounty = u32::from(most > 0 && p.defeated.len() == most);
            assert_eq!(
                played.bounty.contains(&seat),
                bounty == 1,
                "#41: the most monsters take 1 gold"
            );
            assert_eq!(h.gold, p.gold + bounty, "seat {seat}");
            assert_eq!(
                (&h.potions, &h.weapons, &h.relics),
                (&p.potions, &p.weapons, &p.relics),
                "#42, #43"
            );
            assert_eq!(h.missions_won, before[seat] + u32::from(winner == Some(seat)));
        }
        for seat in 0..4 {
            epic.shop_for(seat);
        }
        seed += 1;
    }
    assert_eq!(epic.played.len(), hollowdeep::epic::EPIC_MISSIONS.len());
    // #39: the most missions, then the most gold.
    let best = epic.heroes.iter().map(|h| (h.missions_won, h.gold)).max().unwrap();
    for w in epic.winners() {
        assert_eq!((epic.heroes[w].missions_won, epic.heroes[w].gold), best);
    }
}

#[test]
fn the_store_between_missions_sells_and_buys_relics_back() {
    // checklists §1.2 #35, #44: potions and weapons at their prices; a relic sold for 2 gold.
    let mut epic = Epic::new(&EPIC_MISSIONS, &["thief", "knight"]).unwrap();
    assert!(epic.buy(0, "bow").unwrap_err().contains("costs 3"));
    epic.heroes[0].relics.push("fang_of_fury".into());
    epic.sell_relic(0, "fang_of_fury").unwrap();
    assert_eq!(epic.heroes[0].gold, 2);
    assert!(epic.sell_relic(0, "fang_of_fury").is_err(), "sold once");
    epic.buy(0, "sword").unwrap();
    assert_eq!(
        (epic.heroes[0].gold, epic.heroes[0].weapons.clone()),
        (0, vec!["sword".to_string()])
    );
    assert!(Epic::new(&EPIC_MISSIONS, &["paladin"]).is_err());
}

#[test]
fn an_epic_campaign_is_saved_read_back_and_a_foreign_file_refused() {
    let dir = std::env::temp_dir().join(format!("hollowdeep-epic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("epic.ron");
    let mut epic = Epic::new(&EPIC_MISSIONS, &["knight", "sage"]).unwrap();
    epic.heroes[1].gold = 5;
    epic.heroes[1].relics.push("helmet_of_protection".into());
    epic.write(&path).unwrap();
    assert_eq!(Epic::read(&path).unwrap(), epic);
    let text = crate::common::unsealed(&std::fs::read_to_string(&path).unwrap())
        .replace("helmet_of_protection", "crown_of_ages");
    std::fs::write(&path, text).unwrap();
    let e = Epic::read(&path).unwrap_err();
    assert!(
        e.contains("epic.ron") && e.contains("unknown relic \"crown_of_ages\""),
        "{e}"
    );
    std::fs::write(&path, "(format: 9)").unwrap();
    let e = Epic::read(&path).unwrap_err();
    assert!(e.contains("newer"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn simulated_epics_finish_the_same_every_time() {
    let m = hollowdeep::sim::Matchup::default();
    let a = hollowdeep::epic::sim::simulate(6, 7, m).unwrap();
    let b = hollowdeep::epic::sim::simulate(6, 7, m).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.unfinished, 0);
    assert!(a.seat_wins.iter().sum::<u32>() >= 6, "every campaign has a winner");
    assert_eq!(
        a.missions_won.iter().sum::<u32>(),
        6 * EPIC_MISSIONS.len() as u32,
        "every mission has one"
    );
}

#[test]
fn an_epic_mission_in_progress_is_saved_with_its_packs_and_resumed() {
    // The window saves an Epic mission after every command with the heroes' packs; resuming
    // checks them by LEGO Heroica's tables and rebuilds the mission as it stood.
    use hollowdeep::save::SavedQuest;
    use hollowdeep::save::autosave::{self, SaveSlot};
    let mut epic = Epic::new(&EPIC_MISSIONS, &["knight", "barbarian"]).unwrap();
    epic.heroes[0].gold = 3;
    epic.heroes[0].weapons.push("bow".into());
    epic.heroes[1].relics.push("fang_of_fury".into());
    epic.heroes[1].potions.push("luck".into());
    let q = Arc::new(epic.prepare().unwrap());
    let mut world = hollowdeep::sim::headless_world(q, 21, Default::default());
    for _ in 0..30 {
        let Some(c) = hollowdeep::ai::decide(&mut world) else {
            break;
        };
        hollowdeep::game::logic::submit(&mut world, c);
    }
    let mut slot = SaveSlot::new("the-goblin-gate", false, vec!["barbarian".into()]);
    slot.campaign = true;
    let saved = autosave::snapshot(&world, &slot).unwrap().seal(&world);
    let gear = saved.campaign_gear.clone().expect("the packs are saved");
    assert_eq!(gear["knight"].items, vec!["bow".to_string()]);
    let quest = saved.verify().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(quest.gear["barbarian"].potions, vec!["luck".to_string()]);
    // A pack holding a HeroQuest thing is refused by name.
    let mut bad = saved.clone();
    bad.campaign_gear
        .as_mut()
        .unwrap()
        .get_mut("knight")
        .unwrap()
        .items
        .push("broadsword".into());
    let e = bad.load_quest().unwrap_err();
    assert!(
        e.contains("\"broadsword\", which is no LEGO Heroica weapon or relic"),
        "{e}"
    );
    let dir = std::env::temp_dir().join(format!("hollowdeep-epic-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.ron");
    saved.write(&path).unwrap();
    assert_eq!(SavedQuest::read(&path).unwrap(), saved);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_epic_of_your_own_missions_and_heroes_is_begun_and_never_overwritten() {
    // heroica.md, Epic Heroica: "play two or more missions one after another" (any missions);
    // `hollowdeep epic --missions … --heroes …` begins one through `Epic::begin_at`.
    let dir = std::env::temp_dir().join(format!("hollowdeep-epic-own-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("epic.ron");
    // A mission file of the player's own, named relative to where the game is run.
    let own = dir.join("woods-again.ron");
    std::fs::copy("quests/heroica/the-werewolf-woods.ron", &own).unwrap();
    let missions = vec!["the-bat-caves".to_string(), own.display().to_string()];
    let heroes = vec!["wizard".to_string(), "thief".to_string()];
    let epic = Epic::begin_at(&path, &missions, &heroes).unwrap();
    assert_eq!(epic.missions[0], "the-bat-caves");
    // Issue 34: the file is checked, then copied beside the campaign and kept by that copy's
    // full path, so the campaign reads nothing outside its own folders.
    let copy = dir.join(hollowdeep::epic::OWN_MISSIONS).join("woods-again.ron");
    assert_eq!(
        std::path::Path::new(&epic.missions[1]),
        copy.canonicalize().unwrap(),
        "the copy by its full path"
    );
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&own).unwrap());
    assert_eq!(
        epic.heroes.iter().map(|h| h.hero.as_str()).collect::<Vec<_>>(),
        ["wizard", "thief"]
    );
    assert_eq!(Epic::read(&path).unwrap(), epic, "written");
    let quest = epic.prepare().unwrap();
    assert_eq!(quest.heroes, ["wizard", "thief"], "the first mission played by them");
    // A second begin while one is kept is refused, and the kept one is untouched.
    let e = Epic::begin_at(&path, &[], &[]).unwrap_err();
    assert!(e.contains("already kept"), "{e}");
    assert_eq!(Epic::read(&path).unwrap(), epic);
    // An unknown hero or mission says which.
    std::fs::remove_file(&path).unwrap();
    let e = Epic::begin_at(&path, &[], &["paladin".to_string()]).unwrap_err();
    assert!(e.contains("paladin"), "{e}");
    let e = Epic::begin_at(&path, &["no-such-mission".to_string()], &[]).unwrap_err();
    assert!(e.contains("no-such-mission"), "{e}");
    assert!(!path.exists(), "nothing written on a refusal");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 35, item 15: an Epic may seat people at any of its heroes (each shops in the end window
/// between missions; the computer races the rest). A campaign written before the seats were kept
/// reads as before, the first seat a person's, with its check intact.
#[test]
fn an_epic_seats_people_at_any_hero() {
    let mut epic = Epic::new(&EPIC_MISSIONS, &["knight", "barbarian", "wizard", "ranger"]).unwrap();
    assert_eq!(epic.people, vec![0]);
    assert_eq!(epic.computer_heroes(), ["barbarian", "wizard", "ranger"]);
    let dir = std::env::temp_dir().join(format!("hollowdeep-epic-people-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The first seat alone is left out of the file, as campaigns wrote it before.
    let path = dir.join("epic.ron");
    epic.write(&path).unwrap();
    assert!(!std::fs::read_to_string(&path).unwrap().contains("people"));
    assert_eq!(Epic::read(&path).unwrap(), epic);
    // People at the first and third seats: the computer races the other two.
    epic.people = vec![0, 2];
    epic.write(&path).unwrap();
    let back = Epic::read(&path).unwrap();
    assert_eq!(back.people, vec![0, 2]);
    let next = hollowdeep::start::PendingQuest::epic_mission(&back, 1, Default::default()).unwrap();
    assert_eq!(next.companions, ["barbarian", "ranger"]);
    // A seat the campaign does not have is refused by name.
    epic.people = vec![7];
    epic.write(&path).unwrap();
    let e = Epic::read(&path).unwrap_err();
    assert!(e.contains("seat played by a person"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
