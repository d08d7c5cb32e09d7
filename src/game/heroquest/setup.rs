//! Setting out a quest under the HeroQuest rules: the heroes with their rule-set dice, the
//! monsters, a rescue's captive, the traps, the treasure deck and the spell draft; a monster put
//! on the board later (a wanderer, a summons, a quest event).

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::game::model::*;
use crate::quest::{ObjectiveKind, Quest};
use crate::rules::geometry::Pos;

/// The HeroQuest half of setting out a quest (the engine has put down the doors and the
/// furniture): the figures, the traps, the treasure deck, the spell draft, the first turn. Returns
/// the opening events after `QuestStarted`: what the heroes see, the first hero's turn.
pub(in crate::game) fn begin(world: &mut World, quest: &Quest) -> Vec<GameEvent> {
    let rules = quest.rules.clone();
    // Morcar's hand of the advanced game, empty until `advanced::begin` deals it.
    world.insert_resource(Morcar::default());
    // The Magic Spell deck of the Apprentice Spell System, dealt by `apprentice::begin`.
    world.remove_resource::<MagicDeck>();
    // The board too, so that the log names places by their rooms.
    let doors = world
        .query::<&crate::game::model::Door>()
        .iter(world)
        .map(|d| (d.id, d.edge))
        .collect();
    let mut names = FigureNames(
        Default::default(),
        Some(quest.board.clone()),
        doors,
        quest.modules.action_points(),
        None,
        rules.sorcerers_spell.clone(),
    );
    let mut next_id = 0u32;
    let mut hero_ids = Vec::new();
    for (seat, class) in quest.heroes.iter().enumerate() {
        let def = &rules.heroes[class];
        // A name the players gave this hero, else the rule set's ("Barbarian").
        let name = quest.hero_names.get(class).cloned().unwrap_or_else(|| def.name.clone());
        let gear = quest.gear.get(class).cloned().unwrap_or_default();
        let equipment = Equipment {
            weapon: gear.weapon.clone(),
            items: gear.items.clone(),
            ..Default::default()
        };
        let raised = rules.raises(&equipment.items);
        let mut book = Spellbook::default();
        // Under the Apprentice Spell System a hand of Magic Spells replaces the groups (#177).
        if rules.magic_deck().is_none()
            && let Some(fixed) = &quest.spell_schools
            && let Some(schools) = fixed.get(class)
        {
            for sc in schools {
                book.schools.push(sc.clone());
                // A greater group given by the quest: its first three, as the tables list them
                // (Revised #14).
                let keep = if rules.greater(sc) {
                    crate::rules::ruleset::KEEP_OF_GREATER
                } else {
                    usize::MAX
                };
                book.spells.extend(rules.schools[sc].iter().take(keep).cloned());
            }
        }
        hero_ids.push((class.clone(), FigureId(next_id)));
        let mut hero = world.spawn((
            Name::new(name.clone()),
            QuestEntity,
            FigureId(next_id),
            Hero {
                class: class.clone(),
                name: name.clone(),
                seat,
            },
            // Cards that raise the maximum, brought in: the hero starts whole (#99).
            Body::full(def.body.saturating_add(raised.body)),
            Mind::full(def.mind.saturating_add(raised.mind)),
            derive_fighter(&rules, class, &equipment),
            equipment,
            (
                Inventory {
                    gold: gear.gold,
                    potions: gear.potions.clone(),
                },
                Status::default(),
                book,
                Raised(raised),
            ),
        ));
        // The action-point module: heroes start off the board and come on at the stairway
        // (action-point-movement.md, Entering and Exiting the Map; checklists.md 1.3 #1).
        // (Elsewhere the quest's checks gave every hero a start square.)
        if !quest.modules.action_points()
            && let Some(start) = quest.hero_starts.get(seat)
        {
            hero.insert(GridPos(*start));
        }
        names.0.insert(FigureId(next_id), name.clone());
        next_id += 1;
    }
    for (id, name) in super::retinue::spawn(world, quest, &hero_ids, &mut next_id) {
        names.0.insert(id, name);
    }
    let mut groups = BTreeMap::new();
    for m in &quest.monsters {
        if let Some(g) = &m.group {
            groups.insert(FigureId(next_id), g.clone());
        }
        let name = spawn_monster(
            world,
            FigureId(next_id),
            &m.kind,
            m.name.clone(),
            &m.stats,
            m.at,
            &m.spells,
        );
        names.0.insert(FigureId(next_id), name);
        next_id += 1;
    }
    if let ObjectiveKind::Rescue(c) = &quest.objective.kind {
        world.spawn((
            Name::new(c.name.clone()),
            QuestEntity,
            FigureId(next_id),
            GridPos(c.at),
            Captive {
                name: c.name.clone(),
                follows: None,
            },
            Body::full(c.body),
            Fighter {
                attack: 0,
                defend: c.defend,
                movement: Movement::Fixed(0),
                diagonal: false,
            },
            Status::default(),
        ));
        names.0.insert(FigureId(next_id), c.name.clone());
    }
    for (i, t) in quest.traps.iter().enumerate() {
        world.spawn((
            Name::new(format!("trap {i}")),
            QuestEntity,
            Trap {
                id: i as u32,
                kind: t.kind,
                at: t.at,
                state: TrapState::Hidden,
                furniture: t.furniture,
                damage: t.damage,
                text: t.text.clone(),
            },
        ));
    }
    world.insert_resource(Dungeon {
        deck: rules.deck(),
        groups,
        ..Default::default()
    });
    world.insert_resource(names);
    let draft = if quest.spell_schools.is_some() || rules.magic_deck().is_some() {
        None
    } else {
        let order: Vec<(FigureId, u8)> = match rules.edition.draft {
            crate::rules::ruleset::DraftOrder::Table => rules
                .spell_draft
                .iter()
                .filter_map(|(class, n)| hero_ids.iter().find(|(c, _)| c == class).map(|(_, id)| (*id, *n)))
                .collect(),
            // Revised #13: by Mind, highest first, ties to the lower seat (`hero_ids` is in seat order).
            crate::rules::ruleset::DraftOrder::ByMind => {
                let mut v: Vec<(u8, FigureId, u8)> = hero_ids
                    .iter()
                    .filter_map(|(class, id)| {
                        let def = &rules.heroes[class];
                        let n = def.board.as_ref().map_or(0, |b| b.spellcraft);
                        (n > 0).then_some((def.mind, *id, n))
                    })
                    .collect();
                v.sort_by_key(|(mind, _, _)| std::cmp::Reverse(*mind));
                v.into_iter().map(|(_, id, n)| (id, n)).collect()
            }
        };
        order.first().map(|first| Draft {
            next: first.0,
            order: order.clone(),
            left: rules.schools.keys().cloned().collect(),
        })
    };
    world.insert_resource(Turn {
        round: 1,
        phase: Phase::Hero(FigureId(0)),
        progress: Default::default(),
        objective_done: false,
        draft,
        pending: None,
        acting: None,
        done: Default::default(),
    });
    // Revised's advanced game: the heroes' Fate and Skills, Morcar's hand and its choice of
    // Dungeon cards (which waits, `Pending::DungeonCards`, before anything else).
    let mut events = super::advanced::begin(world, quest);
    // The Apprentice Spell System's deck, and each caster's first hand (#177).
    events.extend(super::apprentice::begin(world, quest));
    events.extend(super::reveal(world));
    events.push(GameEvent::TurnStarted {
        round: 1,
        actor: Actor::Hero(FigureId(0)),
    });
    events.extend(super::cards::turn_begins(world, FigureId(0)));
    events
}

/// Puts a monster on the board; returns its display name.
pub(in crate::game) fn spawn_monster(
    world: &mut World,
    id: FigureId,
    kind: &str,
    name: Option<String>,
    s: &crate::rules::ruleset::MonsterDef,
    at: Pos,
    spells: &[String],
) -> String {
    // The Dungeon cards in play strengthen it as it comes (Revised's advanced game, #168).
    let boosted = super::morcar::boosted(world, kind, s);
    let s = &boosted;
    let display = name
        .clone()
        .or_else(|| s.name.clone())
        .unwrap_or_else(|| crate::rules::ruleset::RuleSet::monster_name(kind));
    world.spawn((
        Name::new(display.clone()),
        QuestEntity,
        id,
        GridPos(at),
        Monster {
            kind: kind.to_string(),
            name: name.or_else(|| s.name.clone()),
            undead: s.undead,
            only_harmed_by: s.only_harmed_by.clone(),
            abilities: s.abilities.clone(),
        },
        Body::full(s.body),
        Mind::full(s.mind),
        Fighter {
            attack: s.attack,
            defend: s.defend,
            movement: Movement::Fixed(s.movement),
            // Long: its melee attacks reach diagonally (Revised #124), as a Longsword's do.
            diagonal: s.abilities.contains(&crate::rules::ruleset::Ability::Long),
        },
        Status::default(),
        Spellbook {
            schools: Vec::new(),
            spells: spells.to_vec(),
            cast: Vec::new(),
        },
    ));
    display
}

/// The armour a hero wears of what it carries (rules-decisions row 30): one piece of each
/// `slot`, the best (more dice, then no loss of movement), and a shield only while no two-handed
/// weapon is in hand; what its kind may not use, and the rest of a slot, stays in the pack.
pub fn worn_armor<'a>(rules: &crate::rules::ruleset::RuleSet, class: &str, eq: &'a Equipment) -> Vec<&'a String> {
    let in_hand = crate::quest::Gear {
        weapon: eq.weapon.clone(),
        ..Default::default()
    };
    let mut usable: Vec<(&String, &crate::rules::ruleset::ArmorDef)> = eq
        .items
        .iter()
        .filter(|i| eq.on(i))
        .filter(|i| crate::quest::gear::may_carry(rules, class, i, &in_hand).is_ok())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .filter_map(|i| rules.armor.get(i).map(|a| (i, a)))
        .collect();
    usable.sort_by_key(|(_, a)| (a.slot.clone(), std::cmp::Reverse(a.rank())));
    let mut slots_taken: Vec<&str> = Vec::new();
    usable
        .into_iter()
        .filter(|(_, a)| match a.slot.as_deref() {
            None => true,
            Some(s) if slots_taken.contains(&s) => false,
            Some(s) => {
                slots_taken.push(s);
                true
            }
        })
        .map(|(i, _)| i)
        .collect()
}

/// A hero's dice from what the hero carries and may use now (docs/rules-decisions.md row 30):
/// the weapon in hand's attack; 2 defend dice plus armour, of which a hero wears one piece of
/// each `slot` (the best: Chain Mail, Plate Mail and Borin's Armour are all body armour) and a
/// shield only while no two-handed weapon is in hand; movement dice (plate mail: one). Things
/// the hero's kind may not use count for nothing.
pub fn derive_fighter(rules: &crate::rules::ruleset::RuleSet, class: &str, eq: &Equipment) -> Fighter {
    let weapon = eq.weapon.as_ref().and_then(|w| rules.weapons.get(w));
    let armor = worn_armor(rules, class, eq)
        .into_iter()
        .filter_map(|i| rules.armor.get(i));
    // A Revised hero board: its own Resilience and Speed dice (#21, #25); else the table's.
    let board = rules.board(class);
    let mut defend = board.map_or(rules.hero_defend, |b| b.resilience);
    let mut dice = board.map_or(rules.movement_dice, |b| b.speed_dice);
    for a in armor {
        defend += a.defend;
        if let Some(d) = a.movement_dice {
            dice = dice.min(d);
        }
    }
    Fighter {
        // Unarmed: one die, or the board's Aggression (Revised #26, #68).
        attack: weapon.map_or(board.map_or(1, |b| b.aggression), |w| w.attack),
        defend,
        movement: Movement::Dice(dice),
        diagonal: weapon.is_some_and(|w| w.diagonal),
    }
}
