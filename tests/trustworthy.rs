//! Issue 34: nothing panics, nothing is lost. A file that ends oddly is still located; numbers
//! have bounds where they are read; the campaigns are games to protect (never listed as a game
//! in progress, a check of their own, content checked like a quest); finishing a campaign game is
//! one transaction that a failed write or a kill at any step leaves whole and counts once.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use hollowdeep::app::PendingQuest;
use hollowdeep::campaign::Campaign;
use hollowdeep::epic::{EPIC_MISSIONS, Epic};
use hollowdeep::game::logic;
use hollowdeep::game::model::{Command, Phase};
use hollowdeep::quest::{self, Problems, Quest};
use hollowdeep::rules::bounds::{MAX_GOLD_GIVEN, MAX_PURSE, MAX_WOUND};
use hollowdeep::rules::ruleset::RuleSet;
use hollowdeep::save::autosave::{self, SaveSlot};
use hollowdeep::save::games;

use crate::common::{Game, unsealed};

fn parse(text: &str) -> Result<Quest, Problems> {
    quest::parse("t", "t.ron", text.as_bytes(), None)
}

fn builtin(id: &str) -> String {
    let all = quest::builtin_quests().iter().chain(quest::mission::builtin_missions());
    let (_, _, bytes) = all.clone().find(|(i, _, _)| *i == id).expect("ships");
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hollowdeep-trustworthy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn line_of(text: &str, p: &quest::Problem) -> String {
    text.lines().nth(p.line - 1).unwrap_or("").to_string()
}

#[test]
fn a_warning_in_a_file_that_ends_oddly_is_located_without_a_panic() {
    // Issue 34: a number running into a comment that holds a quote, and a last byte that is a
    // backslash, used to panic the locating scanner whenever a warning had to be placed.
    let good = builtin("the-sunken-reliquary");
    let stray = good.replacen("monsters: [", "monsters: [\n        (kind: \"orc\", at: (2, 2)),", 1);
    let odd = format!(
        "{}\n// ends in C:\\",
        stray.replacen("format: 1,", "format: 1//x \"\n    ,", 1)
    );
    assert_ne!(odd, stray);
    let q = parse(&odd).expect("still a quest");
    assert_eq!(q.warnings.len(), 1, "{:?}", q.warnings);
    assert!(
        line_of(&odd, &q.warnings[0]).contains("(kind: \"orc\", at: (2, 2))"),
        "{:?}",
        q.warnings
    );
    // A file whose last byte is a backslash inside a string: refused, located, no panic.
    let cut = format!("{}\"\\", &good[..good.len() / 2]);
    let err = parse(&cut).unwrap_err();
    assert!(err.0[0].line >= 1, "{err}");
}

#[test]
fn a_byte_order_mark_is_not_part_of_a_quest_or_a_mission() {
    let q = parse(&format!("\u{feff}{}", builtin("the-sunken-reliquary"))).expect("loads");
    assert_eq!(q.name, "The Sunken Reliquary");
    let m = parse(&format!("\u{feff}{}", builtin("the-bat-caves"))).expect("a mission loads");
    assert!(m.mission.is_some());
    // A comment block before `Mission(` is skipped too.
    let m = parse(&format!("/* mine */\n{}", builtin("the-bat-caves"))).expect("loads");
    assert!(m.mission.is_some());
}

#[test]
fn a_map_far_over_the_board_is_refused_before_anything_is_built() {
    // Issue 34: sides at 10^6 are refused at once, without building the area (a 309 KB mission
    // used to cost 5.3 GB). The row is one string; the map is refused at its own line.
    let wide = ".".repeat(1_000_000);
    let text = format!("Mission(\n format: 1, name: \"Wide\", story: \"Far.\",\n map: [\n  \"S{wide}T\",\n ],\n)");
    let err = parse(&text).unwrap_err();
    assert_eq!(err.0.len(), 1, "{err}");
    assert!(err.0[0].message.contains("at most 64 each way"), "{err}");
    assert_eq!(err.0[0].line, 3, "{err}");
    let tall: String = (0..1_000_000).map(|_| "\".\",").collect();
    let text = format!("Mission(format: 1, name: \"Tall\", story: \"Far.\", map: [\"ST\", {tall}])");
    assert!(parse(&text).unwrap_err().0[0].message.contains("1000001 high"));
}

/// The Sunken Reliquary with `find` replaced by `with` (once); the problems, or the quest.
fn edited(find: &str, with: &str) -> (String, Result<Quest, Problems>) {
    let good = builtin("the-sunken-reliquary");
    let text = good.replacen(find, with, 1);
    assert_ne!(text, good, "{find} is in the quest");
    let r = parse(&text);
    (text, r)
}

#[test]
fn gold_at_its_bound_plays_and_past_it_is_refused_where_written() {
    // docs/quest-format.md, Limits: a single gold amount in a file is at most MAX_GOLD_GIVEN.
    let at = format!("equipment: {{\"dwarf\": (gold: {MAX_GOLD_GIVEN})}},\n    monsters: [");
    let (_, q) = edited("monsters: [", &at);
    let q = q.expect("the bound itself is allowed");
    assert_eq!(q.gear["dwarf"].gold, MAX_GOLD_GIVEN);
    // It plays: a few games to the end with the dwarf's purse full of it.
    let r = hollowdeep::sim::simulate(Arc::new(q), 4, 7, Default::default(), 1);
    assert_eq!(r.unfinished, 0);
    let past = format!(
        "equipment: {{\"dwarf\": (gold: {})}},\n    monsters: [",
        MAX_GOLD_GIVEN + 1
    );
    let (text, r) = edited("monsters: [", &past);
    let err = r.unwrap_err();
    assert!(err.0[0].message.contains("at most 10000"), "{err}");
    assert!(line_of(&text, &err.0[0]).contains("equipment"), "{err}");
    // A number past u32 is refused by the reader, located, never wrapped.
    let (_, r) = edited(
        "monsters: [",
        "equipment: {\"dwarf\": (gold: 99999999999)},\n    monsters: [",
    );
    assert!(r.is_err());
    // A quest event's gift: 1 to MAX_GOLD_GIVEN.
    for (amount, ok) in [(0, false), (MAX_GOLD_GIVEN, true), (MAX_GOLD_GIVEN + 1, false)] {
        let event = format!(
            "events: [(when: EntersRoom(room: (22, 15)), then: [GiveGold(amount: {amount})])],\n    monsters: ["
        );
        let (text, r) = edited("monsters: [", &event);
        match r {
            Ok(_) => assert!(ok, "GiveGold({amount}) accepted"),
            Err(e) => {
                assert!(!ok, "GiveGold({amount}) refused: {e}");
                assert!(e.0[0].message.contains("GiveGold gives 1 to 10000 gold"), "{e}");
                assert!(line_of(&text, &e.0[0]).contains("GiveGold"), "{e}");
            }
        }
    }
    // A mission's gold piece.
    let mission = builtin("the-bat-caves");
    assert!(mission.contains("Gold("), "the Bat Caves holds gold");
    let big = regex_free_replace_gold(&mission, MAX_GOLD_GIVEN + 1);
    let err = parse(&big).unwrap_err();
    assert!(err.0[0].message.contains("more than a mission gives"), "{err}");
    parse(&regex_free_replace_gold(&mission, MAX_GOLD_GIVEN)).expect("the bound itself");
}

/// The first `Gold(n)` of a mission with `n` replaced.
fn regex_free_replace_gold(text: &str, n: u32) -> String {
    let at = text.find("Gold(").unwrap() + "Gold(".len();
    let end = at + text[at..].find(')').unwrap();
    format!("{}{n}{}", &text[..at], &text[end..])
}

#[test]
fn the_purse_stops_at_its_bound_and_a_full_purse_takes_no_gift() {
    let rules = RuleSet::heroquest_2021();
    let mut c = Campaign::new(&rules);
    c.party.get_mut("dwarf").unwrap().gold = MAX_PURSE;
    c.party.get_mut("elf").unwrap().gold = 10;
    let e = c.give_gold(&rules, "elf", "dwarf", 5).unwrap_err();
    assert!(e.contains("full"), "{e}");
    assert_eq!(
        (c.party["elf"].gold, c.party["dwarf"].gold),
        (10, MAX_PURSE),
        "nothing moved"
    );
    assert_eq!(hollowdeep::rules::bounds::add_gold(u32::MAX, u32::MAX), MAX_PURSE);
}

/// A quest under the action-point module: the barbarian on the stairway, an orc in the
/// north-west cell `nw1`, whose only way in is the door (2,0)-(2,1); `door` marks that door,
/// `extra` adds fields.
fn gated(door: &str, extra: &str) -> Result<Quest, Problems> {
    parse(&format!(
        "Quest(format: 1, name: \"Gate\", briefing: \"B.\", heroes: [\"barbarian\"], hero_starts: [(12, 2)],\n stairway: (12, 2, 2, 2), objective: DefeatAll(return_to_stairway: false), wandering_monster: \"orc\",\n monsters: [(kind: \"orc\", at: (2, 2))],\n doors: [(at: (2, 0), to: (2, 1){door})],\n {extra}\n modules: [\"action-points\"])"
    ))
}

#[test]
fn a_portcullis_nobody_can_raise_is_refused_at_the_portcullis() {
    // action-point-movement.md, Portcullises: "can only be opened by a lever". The orc the
    // objective needs lies behind the portcullis: with no lever, or its lever behind it, the
    // quest cannot be won, and the validator says so at the door.
    let e = gated(", portcullis: true", "").unwrap_err();
    assert!(
        e.0.iter()
            .any(|p| p.line == 4 && p.message.contains("no lever opens it")),
        "{e}"
    );
    let e = gated(", portcullis: true", "levers: [(at: (3, 1), opens: ((2, 0), (2, 1)))],").unwrap_err();
    assert!(
        e.0.iter()
            .any(|p| p.line == 4 && p.message.contains("its lever at (3,1) lies beyond it")),
        "{e}"
    );
    gated(", portcullis: true", "levers: [(at: (5, 0), opens: ((2, 0), (2, 1)))],").expect("a lever in the corridor");
    gated("", "").expect("a plain door");
}

#[test]
fn levers_and_dangerous_ground_are_checked_where_written() {
    let lever = |at: &str| format!("levers: [(at: {at}, opens: ((2, 0), (2, 1)))],");
    let e = gated(", portcullis: true", &lever("(12, 3)")).unwrap_err();
    assert!(e.to_string().contains("on the stairway"), "{e}");
    let two = "levers: [(at: (5, 0), opens: ((2, 0), (2, 1))), (at: (5, 0), opens: ((2, 0), (2, 1)))],";
    let e = gated(", portcullis: true", two).unwrap_err();
    assert!(e.to_string().contains("a second lever at (5,0)"), "{e}");
    let terrain = |t: &str| gated("", &format!("terrain: [{t}],"));
    // A failure on a plain square is kept for a figure pushed onto it (action-point-movement.md,
    // Pushed Event), so it is allowed.
    terrain("(at: (7, 0), cost: 2, dangerous: false, failure: EndMove)").expect("kept for a push");
    terrain(&format!(
        "(at: (7, 0), cost: 2, dangerous: true, failure: Wound({MAX_WOUND}))"
    ))
    .expect("the bound");
    let e = terrain(&format!(
        "(at: (7, 0), cost: 2, dangerous: true, failure: Wound({}))",
        MAX_WOUND + 1
    ))
    .unwrap_err();
    assert!(e.to_string().contains("Wound(n) does 1 to 8 wounds"), "{e}");
}

#[test]
fn a_mission_says_when_it_names_no_hero_or_has_no_name() {
    let m = builtin("the-bat-caves");
    let none = m.replacen("Mission(", "Mission(\n    heroes: [],", 1);
    assert!(
        parse(&none)
            .unwrap_err()
            .to_string()
            .contains("heroes: [] names nobody")
    );
    let nameless = m.replacen(&format!("name: \"{}\"", parse(&m).unwrap().name), "name: \" \"", 1);
    assert!(parse(&nameless).unwrap_err().to_string().contains("needs a name"));
}

#[test]
fn a_key_locked_in_the_only_chest_opens_nothing() {
    // Issue 34: a mission whose only key lies in a chest can never open that chest.
    let text =
        "Mission(format: 1, name: \"Locked\", story: \"S.\", map: [\"S...T\"],\n chests: [(at: (2, 0), thing: Key)])";
    let e = parse(text).unwrap_err();
    assert!(e.to_string().contains("a key inside a chest takes another key"), "{e}");
}

/// A saves folder holding the campaign, the Epic, a game and a damaged game.
#[test]
fn the_campaigns_are_never_listed_or_deleted_as_games_in_progress() {
    let dir = temp_dir("listing");
    let rules = RuleSet::heroquest_2021();
    Campaign::new(&rules).write(&dir.join("campaign.ron")).unwrap();
    Epic::begin_at(&dir.join("epic.ron"), &[], &[]).unwrap();
    std::fs::write(dir.join("broken.ron"), "Saved(format: 2, tru").unwrap();
    std::fs::write(dir.join("other.ron"), "Saved(format: 2, tru").unwrap();
    let listed: Vec<String> = games::in_progress(&dir).iter().map(|g| g.file_name()).collect();
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert!(
        listed.iter().all(|n| n == "broken.ron" || n == "other.ron"),
        "{listed:?}"
    );
    // Deleting one game removes that one alone.
    games::remove(&dir.join("broken.ron"));
    assert!(!dir.join("broken.ron").exists());
    for kept in ["other.ron", "campaign.ron", "epic.ron"] {
        assert!(dir.join(kept).exists(), "{kept} was removed");
    }
    assert!(Campaign::read(&dir.join("campaign.ron")).is_ok() && Epic::read(&dir.join("epic.ron")).is_ok());
    assert_eq!(games::own_file(&dir, &dir.join("epic.ron")), None);
    let _ = std::fs::remove_dir_all(dir);
}

/// Writes `text` to `path` and reads it as a campaign; the file is never changed.
fn campaign_of(path: &Path, text: &str) -> Result<Campaign, String> {
    std::fs::write(path, text).unwrap();
    let r = Campaign::read(path);
    assert_eq!(std::fs::read_to_string(path).unwrap(), text, "reading changed the file");
    r
}

#[test]
fn a_campaign_changed_outside_the_game_or_holding_the_impossible_is_refused_by_name() {
    let dir = temp_dir("campaign-check");
    let path = dir.join("campaign.ron");
    let rules = RuleSet::heroquest_2021();
    let mut c = Campaign::new(&rules);
    c.party.get_mut("dwarf").unwrap().gold = 40;
    c.write(&path).unwrap();
    let sealed = std::fs::read_to_string(&path).unwrap();
    assert!(sealed.contains("check:"), "{sealed}");
    assert_eq!(Campaign::read(&path).unwrap(), c, "read back as written");
    // An edited gold number breaks the check: refused, naming the file; never sealed again.
    let edited = sealed.replacen("gold: 40", "gold: 4000", 1);
    let e = campaign_of(&path, &edited).unwrap_err();
    assert!(
        e.contains("campaign.ron") && e.contains("changed outside the game"),
        "{e}"
    );
    // An older file without a check is read, but its content must still make sense.
    let old = unsealed(&sealed);
    assert!(campaign_of(&path, &old).is_ok(), "a format 1 file reads");
    let cases = [
        (old.replacen("\"wizard\": (\n            name: None,\n            gold: 0,\n            weapon: Some(\"dagger\")", "\"wizard\": (\n            name: None,\n            gold: 0,\n            weapon: Some(\"broadsword\")", 1), "cannot use"),
        (old.replacen("completed: []", "completed: [\"no-such-quest\"]", 1), "no-such-quest"),
        (old.replacen("completed: []", "completed: [\"the-goblin-warren\", \"the-goblin-warren\"]", 1), "listed twice"),
        (old.replacen("lost: []", "lost: [\"vorpal_spoon\"]", 1), "vorpal_spoon"),
        (old.replacen("gold: 40", &format!("gold: {}", MAX_PURSE + 1), 1), "at most 1000000"),
    ];
    for (text, why) in cases {
        assert_ne!(text, old, "the case for {why} edits the file:\n{old}");
        let e = campaign_of(&path, &text).unwrap_err();
        assert!(e.contains("campaign.ron") && e.contains(why), "{why}: {e}");
    }
    let mut empty = c.clone();
    empty.party.clear();
    empty.write(&path).unwrap();
    assert!(Campaign::read(&path).unwrap_err().contains("party is empty"));
    let mut hoard = c.clone();
    hoard.party.get_mut("dwarf").unwrap().potions = vec!["healing".to_string(); 101];
    hoard.write(&path).unwrap();
    let e = Campaign::read(&path).unwrap_err();
    assert!(e.contains("things; at most 100"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_epic_changed_outside_the_game_or_reaching_outside_its_folders_is_refused() {
    let dir = temp_dir("epic-check");
    let path = dir.join("epic.ron");
    let epic = Epic::begin_at(&path, &[], &["knight".to_string(), "wizard".to_string()]).unwrap();
    assert_eq!(Epic::read(&path).unwrap(), epic);
    let sealed = std::fs::read_to_string(&path).unwrap();
    let e = {
        std::fs::write(&path, sealed.replacen("gold: 0", "gold: 9", 1)).unwrap();
        Epic::read(&path).unwrap_err()
    };
    assert!(e.contains("epic.ron") && e.contains("changed outside the game"), "{e}");
    let old = unsealed(&sealed);
    std::fs::write(&path, &old).unwrap();
    assert!(Epic::read(&path).is_ok(), "a format 1 file reads");
    let secret = "/etc/hostname";
    let cases = [
        (
            old.replacen("\"the-goblin-gate\"", &format!("{secret:?}"), 1),
            "neither a mission of the game",
        ),
        (
            old.replacen("\"the-goblin-gate\"", "\"../../quests/heroica/the-bat-caves.ron\"", 1),
            "neither a mission of the game",
        ),
        (
            old.replacen(
                "played: []",
                "played: [(mission: \"the-goblin-gate\", winner: Some(99), bounty: [])]",
                1,
            ),
            "a seat the campaign does not have",
        ),
        (
            old.replacen("missions_won: 0", "missions_won: 4294967295", 1),
            "the results give 0",
        ),
        (old.replacen("gold: 0", "gold: 4294967295", 1), "at most 1000000"),
    ];
    for (text, why) in cases {
        assert_ne!(text, old, "the case for {why} edits the file:\n{old}");
        std::fs::write(&path, &text).unwrap();
        let e = Epic::read(&path).unwrap_err();
        assert!(e.contains("epic.ron") && e.contains(why), "{why}: {e}");
        // Nothing of what a path outside points at is read, let alone echoed.
        if let Ok(content) = std::fs::read_to_string(secret)
            && content.trim().len() > 3
        {
            assert!(!e.contains(content.trim()), "{e}");
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// The commands that play `q` to its end with the computer on both sides.
fn commands_to_the_end(q: &Arc<Quest>, seed: u64) -> Vec<Command> {
    let mut world = hollowdeep::sim::headless_world(q.clone(), seed, Default::default());
    let r = hollowdeep::sim::play_out(&mut world);
    assert!(r.outcome.is_some(), "the game ends");
    r.commands
}

/// A game in the window's bookkeeping (autosave, the campaign's and the Epic's settling), with
/// `commands` played and `slot` as its file.
fn bookkept(q: Arc<Quest>, seed: u64, commands: &[Command], slot: SaveSlot) -> Game {
    let mut g = Game::start_undrafted(q.clone(), seed);
    logic::restore(g.app.world_mut(), q, seed, commands, &[]);
    g.app
        .add_plugins((autosave::plugin, hollowdeep::campaign::plugin, hollowdeep::epic::plugin));
    g.app.insert_resource(slot);
    g.app.update();
    g
}

/// What can go wrong while a campaign game ends.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    None,
    /// The game file's last write fails.
    GameWrite,
    /// The campaign's backup, or the campaign itself, cannot be written.
    CampaignBackup,
    CampaignWrite,
    /// The game is killed after the campaign was written, before the game file went.
    KillBeforeRemoval,
}

/// Ends a campaign game (`q` from `prepared`, kept in `keep` by `write`) under `fault`, then
/// continues whatever game file is left, as the title's Continue does; gives the campaign file's
/// text afterwards and whether a game file is left.
fn end_and_continue(
    dir: &Path,
    q: &Arc<Quest>,
    source: &str,
    keep: &str,
    fresh: &dyn Fn(&Path),
    fault: Fault,
) -> (String, bool) {
    let _ = std::fs::remove_dir_all(dir);
    let saves = dir.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let kept = dir.join(keep);
    fresh(&kept);
    let seed = 5;
    let commands = commands_to_the_end(q, seed);
    let (last, before) = commands.split_last().unwrap();
    let mut slot = SaveSlot::new(source, true, Vec::new());
    slot.dir = Some(saves.clone());
    slot.campaign = true;
    slot.campaign_file = Some(kept.clone());
    let game_path = games::new_game_path(&saves, source);
    let blocker = |p: &Path| {
        let mut name = p.file_name().unwrap().to_os_string();
        name.push(".tmp");
        p.with_file_name(name)
    };
    let block = match fault {
        Fault::GameWrite => Some(blocker(&game_path)),
        Fault::CampaignBackup => Some(blocker(&hollowdeep::save::files::backup_path(&kept))),
        Fault::CampaignWrite => Some(blocker(&kept)),
        _ => None,
    };
    if let Some(b) = &block {
        std::fs::create_dir_all(b).unwrap();
    }
    let before_text = std::fs::read_to_string(&kept).unwrap();
    let mut g = bookkept(q.clone(), seed, before, slot.clone());
    g.send(last.clone());
    g.app.update();
    assert!(matches!(g.turn().phase, Phase::Over(_)));
    let failed = matches!(fault, Fault::CampaignBackup | Fault::CampaignWrite);
    if failed {
        assert_eq!(
            std::fs::read_to_string(&kept).unwrap(),
            before_text,
            "{fault:?}: the campaign is untouched"
        );
        let left = hollowdeep::save::SavedQuest::read(&game_path).expect("the finished game is kept");
        assert_eq!(left.commands, commands, "{fault:?}: kept with its last command");
    } else {
        assert!(!game_path.exists(), "{fault:?}: the settled game's file goes");
    }
    if fault == Fault::KillBeforeRemoval {
        // The game's file as it was written just before the campaign was updated.
        autosave::snapshot(g.app.world(), &slot)
            .unwrap()
            .seal(g.app.world())
            .write(&game_path)
            .unwrap();
    }
    if let Some(b) = &block {
        std::fs::remove_dir_all(b).unwrap();
    }
    drop(g);
    if game_path.exists() {
        // Continue, as the title's Continue does.
        let pending = PendingQuest::resume(&game_path).expect("resumes");
        assert!(pending.campaign, "a campaign game resumes as one");
        let (cmds, notes) = pending.restore.clone().unwrap();
        let mut g = Game::start_undrafted(pending.quest.clone(), pending.seed);
        logic::restore(g.app.world_mut(), pending.quest.clone(), pending.seed, &cmds, &notes);
        g.app
            .add_plugins((autosave::plugin, hollowdeep::campaign::plugin, hollowdeep::epic::plugin));
        let mut again = slot.clone().loaded(Some(game_path.clone()), cmds.len());
        again.campaign_file = Some(kept.clone());
        g.app.insert_resource(again);
        for _ in 0..3 {
            g.app.update();
        }
    }
    (std::fs::read_to_string(&kept).unwrap(), game_path.exists())
}

fn settles_once_whatever_fails(
    q: Arc<Quest>,
    source: &str,
    keep: &str,
    fresh: &dyn Fn(&Path),
    read: &dyn Fn(&Path) -> String,
) {
    let dir = temp_dir(&format!("settle-{source}"));
    let (calm, left) = end_and_continue(&dir, &q, source, keep, fresh, Fault::None);
    assert!(!left);
    let settled = read(&dir.join(keep));
    for fault in [
        Fault::GameWrite,
        Fault::CampaignBackup,
        Fault::CampaignWrite,
        Fault::KillBeforeRemoval,
    ] {
        let (text, left) = end_and_continue(&dir, &q, source, keep, fresh, fault);
        assert!(!left, "{fault:?}: nothing left to continue");
        assert_eq!(
            read(&dir.join(keep)),
            settled,
            "{fault:?}: the same campaign as an undisturbed end"
        );
        assert_eq!(text, calm, "{fault:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_book_campaign_game_settles_once_whatever_fails_or_is_killed() {
    let rules = RuleSet::heroquest_2021();
    let campaign = Campaign::new(&rules);
    let id = "tutorial-1-first-steps";
    let q = campaign.prepare(&quest::load(id).unwrap());
    let fresh = move |p: &Path| campaign.write(p).unwrap();
    let read = |p: &Path| format!("{:?}", Campaign::read(p).unwrap());
    settles_once_whatever_fails(q, id, "campaign.ron", &fresh, &read);
}

#[test]
fn an_epic_mission_settles_once_whatever_fails_or_is_killed() {
    let epic = Epic::new(&EPIC_MISSIONS, &["knight", "barbarian"]).unwrap();
    let q = Arc::new(epic.prepare().unwrap());
    let fresh = move |p: &Path| epic.write(p).unwrap();
    let read = |p: &Path| {
        let e = Epic::read(p).unwrap();
        assert_eq!(e.played.len(), 1, "one mission played, once");
        format!("{e:?}")
    };
    settles_once_whatever_fails(q, EPIC_MISSIONS[0], "epic.ron", &fresh, &read);
}

#[test]
fn a_failed_write_leaves_no_partial_file_behind() {
    let dir = temp_dir("partial");
    let path = dir.join("campaign.ron");
    let rules = RuleSet::heroquest_2021();
    Campaign::new(&rules).write(&path).unwrap();
    // The backup cannot be written (its place is taken by a folder): the write fails whole.
    std::fs::create_dir_all(dir.join("campaign.ron.bak")).unwrap();
    assert!(Campaign::new(&rules).write(&path).is_err());
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.ends_with(".tmp")), "{names:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 34, item 7: every id a loader accepts is in the format docs, backticked, so a modder
/// writing from the docs alone finds it.
#[test]
fn every_id_the_loaders_accept_is_in_the_format_docs() {
    let read = |f: &str| std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join(f)).unwrap();
    let (quests, missions) = (read("quest-format.md"), read("heroica.md"));
    let missing = |doc: &str, ids: Vec<String>| -> Vec<String> {
        ids.into_iter().filter(|id| !doc.contains(&format!("`{id}`"))).collect()
    };
    let ids_of = |tables: Vec<Vec<&String>>| -> Vec<String> { tables.into_iter().flatten().cloned().collect() };
    let r = RuleSet::heroquest_2021();
    let mut ids = ids_of(vec![
        r.heroes.keys().collect::<Vec<_>>(),
        r.monsters.keys().collect(),
        r.weapons.keys().collect(),
        r.armor.keys().collect(),
        r.items.keys().collect(),
        r.potions.keys().collect(),
        r.spells.keys().collect(),
        r.schools.keys().collect(),
        r.furniture.keys().collect(),
    ]);
    ids.extend(
        hollowdeep::rules::systems::RULE_SYSTEMS
            .iter()
            .map(|s| s.id.to_string()),
    );
    ids.extend(hollowdeep::rules::systems::modules().map(|(id, _)| id.to_string()));
    assert_eq!(
        missing(&quests, ids),
        Vec::<String>::new(),
        "not in docs/quest-format.md"
    );
    let t = hollowdeep::rules::heroica::HeroicaTables::get();
    let ids = ids_of(vec![
        t.heroes.keys().collect::<Vec<_>>(),
        t.monsters.keys().collect(),
        t.potions.keys().collect(),
        t.weapons.keys().collect(),
        t.relics.keys().collect(),
    ]);
    assert_eq!(missing(&missions, ids), Vec::<String>::new(), "not in docs/heroica.md");
    assert!(
        missions.contains("`Mission(`"),
        "heroica.md says a mission begins `Mission(`"
    );
    for bound in ["10,000", "1,000,000", "64"] {
        assert!(
            quests.contains(bound) || missions.contains(bound),
            "the bound {bound} is documented"
        );
    }
}
