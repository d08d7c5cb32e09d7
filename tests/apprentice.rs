//! Issue 37: HeroQuest Revised's optional Apprentice Spell System (the `apprentice-spells`
//! module, checklists §1.1 #177), played through the commands a player sends.

use hollowdeep::game::model::*;
use hollowdeep::rules::ruleset::RuleSet;
use hollowdeep::rules::systems::Modules;

use crate::common::*;
use crate::rules_2021::{DEFEAT_ALL, ok};

const APPRENTICE: &str = "rules: \"heroquest-revised\", modules: [\"apprentice-spells\"],";

/// The Wizard (hero 0), the Barbarian (1) and the Elf (2) in the top corridor, an orc in the
/// Wizard's sight.
fn party(extra: &str) -> std::sync::Arc<hollowdeep::quest::Quest> {
    quest_with(
        &["wizard", "barbarian", "elf"],
        &[(6, 0), (5, 0), (4, 0)],
        "",
        "(kind: \"orc\", at: (8, 0)), (kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        &format!("{APPRENTICE} {extra}"),
    )
}

fn hand(g: &mut Game, id: u32) -> Vec<String> {
    g.snap().figure(FigureId(id)).unwrap().spellbook.spells.clone()
}

fn deck(g: &Game) -> MagicDeck {
    g.app.world().resource::<MagicDeck>().clone()
}

fn mind_of(g: &mut Game, id: u32) -> u8 {
    g.snap().figure(FigureId(id)).unwrap().mind
}

/// #177: the system is one of Revised's optional rules, refused elsewhere; its tables hold a deck
/// of fifty-four Magic Spells, the Magician's Emporium in town and a variant Spell Ring, under the
/// basic game and the advanced one alike.
#[test]
fn the_apprentice_tables_hold_a_deck_of_fifty_four_and_the_magicians_emporium() {
    let e = Modules::choose("heroquest-2021", &["apprentice-spells".into()]).unwrap_err();
    assert!(e.contains("cannot be played under \"heroquest-2021\""), "{e}");
    assert!(
        Modules::choose("heroquest-revised", &["apprentice-spells".into()])
            .unwrap()
            .apprentice()
    );
    for advanced in [false, true] {
        let rs = RuleSet::heroquest_revised_under(advanced, true);
        let def = rs.magic_deck().expect("the Magic Spell deck");
        assert_eq!(def.cards().len(), 54, "#177: fifty-four Magic Spells");
        assert_eq!(def.draw, 1, "#177: one card at the end of each activation");
        for id in def.cards() {
            let s = &rs.spells[&id];
            assert_eq!(s.school.as_deref(), Some("magic"), "{id}");
        }
        let shop = rs
            .town
            .as_ref()
            .unwrap()
            .shops
            .iter()
            .find(|s| s.id == "magician")
            .expect("the Magician's Emporium");
        assert!(shop.stock.len() >= 5);
        let ring = &rs.items["spell_ring"];
        assert!(ring.artifact);
        assert!(!ring.abilities.contains(&hollowdeep::rules::ruleset::Ability::Unspent));
        assert!(ring.abilities.iter().any(|a| a.satchel() > 0 || a.insight() > 0));
        assert_eq!(rs.adv().is_some(), advanced);
    }
    // The basic Spell Ring keeps its own ability where the system is not played.
    assert!(
        RuleSet::heroquest_revised().items["spell_ring"]
            .abilities
            .contains(&hollowdeep::rules::ruleset::Ability::Unspent)
    );
}

/// A modder's mistake in the file is reported where it is: a slip of syntax at `line:col`, a
/// card the deck names and `spells` lacks by its id.
#[test]
fn a_broken_apprentice_file_says_where_and_what() {
    let base = RuleSet::heroquest_revised;
    let e = base()
        .apprentice_over("Apprentice(\n  draw: 1,\n  deck: [(\"x\", 2)\n")
        .unwrap_err();
    assert!(e.starts_with("4:") || e.starts_with("3:"), "{e}");
    let e = base()
        .apprentice_over("Apprentice(draw: 1, deck: [(\"nothing\", 2)], spells: {})")
        .unwrap_err();
    assert!(e.contains("\"nothing\" is not a Magic Spell"), "{e}");
    let e = base()
        .apprentice_over(
            "Apprentice(draw: 1, deck: [(\"zap\", 1)], spells: {\"zap\": (name: \"Zap\", school: Some(\"magic\"), \
             target: Enemy, effect: Attack(dice: 2), text: \"z\")}, items: {\"bag\": (name: \"Bag\", cost: 5, \
             abilities: [Satchel(1)], text: \"b\")}, shops: [(id: \"magician\", name: \"M\", text: \"t\", \
             stock: [\"bag\", \"nothing\"], buys_back: true)])",
        )
        .unwrap_err();
    assert!(e.contains("\"nothing\""), "{e}");
}

/// #177: no spell groups are drafted; each hero with Spellcraft 1 or more draws half its
/// current Mind, rounded up, and a hero without Spellcraft none. Every card is in a hand or the
/// deck.
#[test]
fn casters_draw_half_their_mind_and_nobody_drafts() {
    let mut g = Game::start_undrafted(party(""), 3);
    assert!(g.turn().draft.is_none(), "no spell groups to draft");
    let rs = g.snap().quest.rules.clone();
    let wizard = hand(&mut g, 0);
    let elf = hand(&mut g, 2);
    assert_eq!(wizard.len(), usize::from(mind_of(&mut g, 0).div_ceil(2)));
    assert_eq!(elf.len(), usize::from(mind_of(&mut g, 2).div_ceil(2)));
    assert!(hand(&mut g, 1).is_empty(), "the Barbarian has no Spellcraft");
    assert!(g.snap().figure(FigureId(0)).unwrap().spellbook.schools.is_empty());
    let drawn: usize = g
        .log()
        .iter()
        .map(|e| match e {
            GameEvent::SpellsDrawn { spells, .. } => spells.len(),
            _ => 0,
        })
        .sum();
    assert_eq!(drawn, wizard.len() + elf.len());
    assert_eq!(
        deck(&g).draw.len() + wizard.len() + elf.len(),
        rs.magic_deck().unwrap().cards().len()
    );
    // The same seed deals the same hands.
    let mut again = Game::start_undrafted(party(""), 3);
    assert_eq!(hand(&mut again, 0), wizard);
}

/// #177: a Magic Spell cast leaves the hand for the discard pile; at the end of the activation
/// the hero draws one card to fill its hand, and none while it is full.
#[test]
fn a_cast_card_is_discarded_and_the_hand_filled_at_the_activation_end() {
    // A hand with a card that strikes: the Wizard's hand set to it (a scenario's setting).
    let mut g = Game::start_undrafted(party(""), 5);
    let size = hand(&mut g, 0).len();
    let e = g.snap().figure(FigureId(0)).unwrap().entity;
    {
        let world = g.app.world_mut();
        let mut book = world.get_mut::<Spellbook>(e).unwrap();
        book.spells = vec!["stone_fist".into(); size];
    }
    let before = deck(&g).draw.len();
    let evs = g.send(Command::CastSpell {
        caster: FigureId(0),
        spell: "stone_fist".into(),
        target: FigureId(3),
    });
    ok(&evs);
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::SpellCast { spell, .. } if spell == "stone_fist"))
    );
    assert_eq!(hand(&mut g, 0).len(), size - 1, "the card left the hand");
    assert_eq!(deck(&g).discard, vec!["stone_fist".to_string()]);
    // The same card again, from the copies still in hand: allowed in a later turn, each copy once.
    let evs = g.send(Command::EndTurn);
    let drew: Vec<_> = evs
        .iter()
        .filter_map(|e| match e {
            GameEvent::SpellsDrawn { hero, spells, .. } if *hero == FigureId(0) => Some(spells.len()),
            _ => None,
        })
        .collect();
    assert_eq!(drew, vec![1], "one card at the end of the activation");
    assert_eq!(hand(&mut g, 0).len(), size);
    assert_eq!(deck(&g).draw.len(), before - 1);
    // The Barbarian's activation ends with no card: it has no Spellcraft. The Elf's hand is
    // full: it draws none.
    let evs = g.send(Command::EndTurn);
    assert!(!evs.iter().any(|e| matches!(e, GameEvent::SpellsDrawn { .. })));
    let evs = g.send(Command::EndTurn);
    assert!(!evs.iter().any(|e| matches!(e, GameEvent::SpellsDrawn { .. })));
}

/// #177: the hand's size is half the *current* Mind: a Wizard down to 1 Mind holds one card and
/// draws nothing more while it holds it.
#[test]
fn the_hand_follows_the_current_mind() {
    let mut g = Game::start_undrafted(party(""), 7);
    let e = g.snap().figure(FigureId(0)).unwrap().entity;
    {
        let world = g.app.world_mut();
        world.get_mut::<Mind>(e).unwrap().current = 1;
        world.get_mut::<Spellbook>(e).unwrap().spells.truncate(1);
    }
    let evs = g.send(Command::EndTurn);
    assert!(!evs.iter().any(|e| matches!(e, GameEvent::SpellsDrawn { .. })));
    assert_eq!(hand(&mut g, 0).len(), 1);
}

/// #177: the deck is reshuffled when it runs out: the discard pile becomes the new deck.
#[test]
fn the_discard_pile_is_shuffled_when_the_deck_runs_out() {
    let mut g = Game::start_undrafted(party(""), 9);
    let e = g.snap().figure(FigureId(0)).unwrap().entity;
    {
        let world = g.app.world_mut();
        world.get_mut::<Spellbook>(e).unwrap().spells.clear();
        let mut d = world.resource_mut::<MagicDeck>();
        let all = std::mem::take(&mut d.draw);
        d.discard = all;
    }
    let evs = g.send(Command::EndTurn);
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::MagicDeckShuffled { cards } if *cards > 0))
    );
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::SpellsDrawn { hero, .. } if *hero == FigureId(0)))
    );
    assert!(deck(&g).discard.is_empty());
}

/// #177: the variant Spell Ring and the Magician's Satchels: a bigger hand (Satchel) and more
/// cards drawn at an activation's end (Insight); the basic ring's Unspent is gone.
#[test]
fn the_variant_spell_ring_holds_and_draws_more() {
    let q = party("equipment: {\"wizard\": (items: [\"spell_ring\"])},");
    let mut g = Game::start_undrafted(q, 11);
    let plain = usize::from(mind_of(&mut g, 0).div_ceil(2));
    assert_eq!(hand(&mut g, 0).len(), plain + 1, "Satchel 1: one card more");
    let e = g.snap().figure(FigureId(0)).unwrap().entity;
    g.app
        .world_mut()
        .get_mut::<Spellbook>(e)
        .unwrap()
        .spells
        .truncate(plain - 1);
    let evs = g.send(Command::EndTurn);
    let drew: usize = evs
        .iter()
        .map(|e| match e {
            GameEvent::SpellsDrawn { hero, spells, .. } if *hero == FigureId(0) => spells.len(),
            _ => 0,
        })
        .sum();
    assert_eq!(drew, 2, "Insight 1: two cards at the activation's end");
}

/// The basic Spell Ring, now an ability of the card (Unspent), still keeps the first spell a
/// quest from being used up where the groups are played.
#[test]
fn the_basic_spell_ring_keeps_the_first_spell() {
    let q = quest_with(
        &["wizard"],
        &[(4, 0)],
        "",
        "(kind: \"orc\", at: (8, 0)), (kind: \"orc\", at: (24, 17))",
        DEFEAT_ALL,
        "rules: \"heroquest-revised\", equipment: {\"wizard\": (items: [\"spell_ring\"])},",
    );
    let mut g = Game::start(q, 1);
    let spell = g.snap().figure(FigureId(0)).unwrap().spellbook.spells[0].clone();
    let target = match g.snap().quest.rules.spells[&spell].target {
        hollowdeep::rules::ruleset::SpellTarget::Enemy => FigureId(1),
        _ => FigureId(0),
    };
    let evs = g.send(Command::CastSpell {
        caster: FigureId(0),
        spell: spell.clone(),
        target,
    });
    ok(&evs);
    assert!(
        evs.iter()
            .any(|e| matches!(e, GameEvent::ArtifactUsed { item, .. } if item == "spell_ring"))
    );
    let book = g.snap().figure(FigureId(0)).unwrap().spellbook.clone();
    assert!(book.ready().any(|s| *s == spell), "not used up");
}

/// The whole system plays: bots finish games under it, alone and with the advanced game, no
/// command refused, each game the same for the same seed.
#[test]
fn bots_play_games_under_the_apprentice_spells() {
    use hollowdeep::sim::{self, Matchup};
    for modules in [vec!["apprentice-spells"], vec!["apprentice-spells", "hqr-advanced"]] {
        let modules: Vec<String> = modules.iter().map(|m| m.to_string()).collect();
        let q = hollowdeep::quest::load("the-sunken-reliquary")
            .unwrap()
            .under("heroquest-revised")
            .unwrap()
            .with_modules(&modules)
            .unwrap();
        let q = std::sync::Arc::new(q);
        let a = sim::simulate(q.clone(), 4, 21, Matchup::default(), 1);
        let b = sim::simulate(q, 4, 21, Matchup::default(), 2);
        let count = |k: &str| a.event_counts.get(k).copied().unwrap_or(0);
        assert_eq!(a.unfinished, 0, "{modules:?}");
        assert_eq!(count("command_rejected"), 0, "{modules:?}");
        assert!(count("spells_drawn") > 0, "{modules:?}");
        assert!(count("spell_cast") > 0, "{modules:?}: {:?}", a.event_counts);
        assert_eq!(a.hero_wins, b.hero_wins);
        assert_eq!(a.event_counts, b.event_counts);
    }
}
