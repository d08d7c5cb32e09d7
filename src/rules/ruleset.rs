//! The rule set's data tables (heroes, monsters, weapons, furniture), loaded from RON.

use std::collections::BTreeMap;

use serde::Deserialize;

mod abilities;
mod advanced;
mod apprentice;
mod cards;
mod check;
mod party;
mod town;
pub use abilities::{Ability, Bonus, DamageKind, TestKind, damage_taken};
pub use advanced::{
    AdvancedDef, AdvancedHero, ChampionSide, DungeonCardDef, DungeonEffect, EventCardDef, EventEffect,
    HQR_ADVANCED_RON, SkillDef, Whom,
};
pub use apprentice::{ApprenticeDef, HQR_APPRENTICE_RON};
pub use cards::{CardCost, CardTime, CardUse, Keyword, MAX_HELD, Raises};
pub use party::{HeroBoard, HeroDef, ManAtArmsDef};
pub use town::{ShopDef, TownDef};

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    pub id: String,
    pub name: String,
    /// Defend dice every hero rolls before armour.
    pub hero_defend: u8,
    /// Red dice rolled for a hero's movement.
    pub movement_dice: u8,
    pub heroes: BTreeMap<String, HeroDef>,
    /// The kinds of men-at-arms a hero may hire (Revised #151–152; none in 2021).
    #[serde(default)]
    pub men_at_arms: BTreeMap<String, ManAtArmsDef>,
    pub weapons: BTreeMap<String, WeaponDef>,
    pub monsters: BTreeMap<String, MonsterDef>,
    pub furniture: BTreeMap<String, FurnitureDef>,
    /// Armour: shields, helmets, mail, and armour artifacts.
    pub armor: BTreeMap<String, ArmorDef>,
    /// Carried things that are neither weapons nor armour: the tool kit and most artifacts.
    pub items: BTreeMap<String, ItemDef>,
    /// The schools of hero magic, each with its spells.
    pub schools: BTreeMap<String, Vec<String>>,
    /// Hero spells and Dread spells alike, by id.
    pub spells: BTreeMap<String, SpellDef>,
    /// The order in which heroes draft a school; the first hero takes whatever is left over.
    /// (hero, schools held at the end), in picking order.
    pub spell_draft: Vec<(String, u8)>,
    /// Schools (spell groups) only one kind of hero may take: school, hero (Revised #15).
    #[serde(default)]
    pub school_only_for: BTreeMap<String, String>,
    pub potions: BTreeMap<String, PotionDef>,
    /// The treasure deck: each card with how many copies the deck holds.
    pub treasure_deck: Vec<CardDef>,
    /// What a falling-block trap and a spear trap roll, what a pit costs.
    pub traps: TrapRules,
    /// Where this edition's text differs from 2021's in a number or a yes or no; each switch
    /// left out keeps 2021's answer.
    #[serde(default)]
    pub edition: Switches,
    /// The town between a campaign's quests, its shops and Guild Hall (Revised #145–153); None:
    /// the 2021 armory, which sells every weapon, armour and tool with a cost.
    #[serde(default)]
    pub town: Option<TownDef>,
    /// What this edition calls the sorcerer's spells: "Dread spell" (2021), "Chaos spell"
    /// (Revised: Morcar's Chaos Spell cards, checklists §1.1 #8).
    #[serde(default = "dread_spell")]
    pub sorcerers_spell: String,
    /// Whether any item raises its bearer's most Body or Mind (#99): worked out where the tables
    /// load, so a game without such cards never looks.
    #[serde(skip)]
    pub raising_cards: bool,
    /// Revised's advanced game (`advanced`): its skills, Dungeon and Event cards; None under the
    /// basic game and 2021.
    #[serde(skip)]
    pub advanced: Option<std::sync::Arc<AdvancedDef>>,
    /// Revised's Apprentice Spell System (`apprentice-spells`): its Magic Spell deck; None where
    /// heroes take spell groups.
    #[serde(skip)]
    pub apprentice: Option<std::sync::Arc<ApprenticeDef>>,
}

fn dread_spell() -> String {
    "Dread spell".into()
}

/// The rules on which the two HeroQuest editions differ by a number or a yes or no, read where
/// the shared code asks (checklists §1.1; `docs/rules-decisions.md`). The default of each is
/// the 2021 answer, so the 2021 tables leave them all out.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Switches {
    /// A hero may close an open door (Revised #50: never).
    pub doors_close: bool,
    /// Furniture blocks sight, except for exploration (Revised #30, #32, #137).
    pub furniture_blocks_sight: bool,
    /// Exploring, a hero sees past figures, furniture and closed portcullises: only walls,
    /// closed doors, rubble and fallen blocks stop the fog lifting (Revised #32).
    pub exploring_sees_past_figures: bool,
    /// A monster that steps on a fallen hero's belongings takes them (Revised #81: never).
    pub monsters_claim_loot: bool,
    /// How a trap is disarmed.
    pub disarm: Disarm,
    /// Who chooses spells, in what order.
    pub draft: DraftOrder,
    /// Sight runs from the viewer's centre to any point of the target's square, not only its
    /// centre (Revised #29; tested at nine points of the square).
    pub sight_any_point: bool,
    /// A hero may search a corridor for treasure, the part in sight, though it never deals a
    /// treasure card (Revised #89, #91).
    pub search_corridors: bool,
    /// A jump may pass over any number of squares, a combat die rolled for each, each face not a
    /// skull carrying the figure one square on (Revised #55–58); 2021 jumps one known trap.
    pub jump_far: bool,
    /// Portcullises and their levers are pieces of the base game, not only of the action-point
    /// module: a lever is pulled with an Action (Revised #51, #94).
    pub portcullises: bool,
    /// A hero may hand any carried thing to a hero beside it, save armour it wears and a thing
    /// whose ability gave it an extra action this turn (Revised #107); 2021: potions and
    /// artifacts only.
    pub pass_items: bool,
    /// A hero may carry a thing its kind may not use, with none of its use (Revised #105); 2021:
    /// it may not take it at all.
    pub carry_forbidden: bool,
    /// Armour found or handed over in a quest is carried, not worn, until its bearer spends a
    /// whole turn putting it on; taking it off takes one too (Revised #104).
    pub armor_takes_a_turn: bool,
    /// One person who plays several heroes takes all of them, and their men-at-arms, in one
    /// turn, in the order it chooses (Revised #39); 2021: each hero's turn comes in seat order.
    pub players_choose_order: bool,
}

/// The order of the spell draft.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum DraftOrder {
    /// 2021: `spell_draft`'s order; the first hero receives the schools left over.
    #[default]
    Table,
    /// Revised #12–13: each hero with Spellcraft on its board picks that many groups, one a
    /// pick, the highest Mind first (ties: the lower seat), round and round; groups nobody
    /// picks stay unused.
    ByMind,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            doors_close: true,
            furniture_blocks_sight: false,
            exploring_sees_past_figures: false,
            monsters_claim_loot: true,
            disarm: Disarm::ToolKit,
            draft: DraftOrder::Table,
            search_corridors: false,
            sight_any_point: false,
            jump_far: false,
            portcullises: false,
            pass_items: false,
            carry_forbidden: false,
            armor_takes_a_turn: false,
            players_choose_order: false,
        }
    }
}

/// How a hero disarms a found trap.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Disarm {
    /// 2021: with a tool kit (or the Dwarf's own skill); a combat die, a black shield springs it.
    #[default]
    ToolKit,
    /// Revised #63–66: any figure with a Dexterity score rolls 1d6 + Dexterity; `target` or more
    /// disarms, less springs the trap.
    Dexterity { target: u8 },
}

/// What a known trap kind does to the hero who springs it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrapRules {
    /// Body lost falling into a pit.
    pub pit_damage: u8,
    /// Combat dice rolled by a falling block (each skull wounds, no defence).
    pub falling_block_dice: u8,
    /// Combat dice rolled by a spear trap (each skull wounds, no defence).
    pub spear_dice: u8,
    /// Movement squares a hero needs left to jump a known trap.
    pub jump_squares: u8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmorDef {
    pub name: String,
    pub defend: u8,
    #[serde(default)]
    pub cost: u32,
    /// A shield: not with a two-handed weapon.
    #[serde(default)]
    pub shield: bool,
    /// Where it is worn ("body", "head"): a hero wears one piece of each slot, the best, and
    /// carries the rest. None: worn beside anything (a cloak).
    #[serde(default)]
    pub slot: Option<String>,
    /// Red dice for movement while worn (plate mail: 1).
    #[serde(default)]
    pub movement_dice: Option<u8>,
    /// Anyone may wear it, even a hero who wears no armour (the Wizard's Cloak).
    #[serde(default)]
    pub any_hero: bool,
    #[serde(default)]
    pub artifact: bool,
    /// What carrying it does to its bearer (Revised #122: Heavy).
    #[serde(default)]
    pub abilities: Vec<Ability>,
    #[serde(default)]
    pub text: String,
}

impl ArmorDef {
    /// How a hero ranks two pieces of one slot, the better greater: more defend dice, then no
    /// loss of movement.
    pub fn rank(&self) -> (u8, bool) {
        (self.defend, self.movement_dice.is_none())
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemDef {
    pub name: String,
    #[serde(default)]
    pub cost: u32,
    #[serde(default)]
    pub artifact: bool,
    /// Belongs to one quest (its `quest_items`): left behind when the quest ends.
    #[serde(default)]
    pub quest: bool,
    /// What carrying it gives its bearer (Revised #28, #113–136: Artifice, Fortune, Lore,
    /// Perception), as a card's ability.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// Its keywords (Revised #100): Memory, Cursed, Selfish, Sequestered.
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// What using it does and costs (Revised #36, #101–102, #106), if it is used at all.
    #[serde(default)]
    pub uses: Option<CardUse>,
    /// What carrying it adds to its bearer's maximum Body and Mind (Revised #99).
    #[serde(default)]
    pub raises: Raises,
    /// A valuable's worth in Gold Crowns, paid for it in town (Revised #147); 0: no valuable.
    #[serde(default)]
    pub worth: u32,
    pub text: String,
}

impl ItemDef {
    pub fn has(&self, k: Keyword) -> bool {
        self.keywords.contains(&k)
    }

    /// A keyword card (Revised #36, #100): one with a use or a keyword, shown on a line of its
    /// own rather than among the things carried.
    pub fn is_keyword_card(&self) -> bool {
        self.uses.is_some() || !self.keywords.is_empty()
    }
}

/// Who a spell may be aimed at.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum SpellTarget {
    /// A figure of the other side in sight (a monster for a hero's spell).
    Enemy,
    /// The caster or a figure of its own side in sight.
    Ally,
    /// The caster only.
    Caster,
}

/// Lasting conditions spells and potions put on a figure. How long each lasts is in
/// `docs/rules-decisions.md` and `game::logic`.
#[derive(Clone, Copy, Debug, Deserialize, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StatusKind {
    /// +2 defend dice until the figure is next wounded.
    RockSkin,
    /// +2 attack dice until a turn ends with no monster in sight; ends Fear.
    Courage,
    /// Attacks with 1 die until the end of the figure's next turn.
    Fear,
    /// The next movement roll uses twice the red dice.
    SwiftWind,
    /// Walls do not stop the figure's movement until the end of its turn.
    PassThroughRock,
    /// The figure may pass monsters until the end of its turn.
    VeilOfMist,
    /// Does nothing until attacked (monsters) or for its next turn (heroes).
    Asleep,
    /// Misses its next turn.
    LoseTurn,
    /// Cannot move during its next turn.
    Chained,
    /// One attack die fewer for the rest of the quest.
    Rust,
    /// +2 attack dice on the next attack.
    Strength,
    /// +2 defend dice the next time it defends.
    Resilience,
    /// May attack a second time this turn.
    HeroicBrew,
    /// A hero at 0 Mind (Revised #82–83): Speed 1d6, its board's Aggression and Resilience
    /// only, no spell, potion, weapon or item card; for the rest of the quest.
    InShock,
    /// Haste(1) until the end of this turn: one extra Move action (Revised #115 Command, #121).
    Hastened,
    /// In a crusher's grip (Revised #114): no moving; it may only strike at its captor, bare-handed
    /// or with a weapon made for it (`grapple`); 1 Body lost each sorcerer turn.
    Held,
}

/// What a spell, potion or hazard does.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum Effect {
    /// Wounds for `amount` of damage of `kind`; the target rolls `resist_dice` and each shield
    /// of its colour saves one.
    Damage {
        amount: u8,
        resist_dice: u8,
        #[serde(default)]
        kind: DamageKind,
    },
    /// Rolls `dice` combat dice against the target's normal defence.
    Attack { dice: u8 },
    /// Restores up to `body` lost body points.
    Heal { body: u8 },
    /// Puts a condition on the target.
    Status(StatusKind),
    /// The target and every figure of its side next to it lose their next turn.
    Tempest,
    /// Every figure of the target's side within one square of it (itself included) rolls
    /// `dice` combat dice; each skull wounds once, no defence.
    Firestorm { dice: u8 },
    /// `count` monsters of `kind` appear next to the caster.
    Summon { kind: String, count: u8 },
    /// Mystic Combat (Revised #75): the caster rolls combat dice as many as its current Mind,
    /// the target defends with as many as its own current Mind; each skull not saved takes a
    /// Mind point (Spirit damage).
    Mystic,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellDef {
    pub name: String,
    /// Hero school ("fire"); None for a Dread spell.
    #[serde(default)]
    pub school: Option<String>,
    pub target: SpellTarget,
    pub effect: Effect,
    /// The target rolls one die per mind point; any shield of its colour and the spell fails.
    #[serde(default)]
    pub mind_resists: bool,
    /// Its keywords (Revised #100); a group holds at most one Selfish spell (#131).
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// Its Mastery test (Revised's advanced game, #165): 1d6 plus this, at or below the caster's
    /// current Mind, or the spell fails unless the caster pays the shortfall in Mind.
    #[serde(default)]
    pub mastery: Option<u8>,
    pub text: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PotionDef {
    pub name: String,
    pub effect: Effect,
    pub text: String,
    /// Gold at the Alchemist's Shop (Revised #150); 0: not sold.
    #[serde(default)]
    pub cost: u32,
}

/// One kind of treasure card.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum Card {
    Gold(u32),
    /// A valuable (Revised #147): a thing of the tables' `items` with a `worth`, carried until
    /// the town changes it into that many Gold Crowns.
    Valuable(String),
    Potion(String),
    /// Rolls `dice` combat dice at the searcher: each skull wounds, no defence.
    Hazard {
        dice: u8,
        ends_turn: bool,
    },
    WanderingMonster,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    pub title: String,
    pub text: String,
    pub card: Card,
    #[serde(default = "one")]
    pub copies: u8,
}

fn one() -> u8 {
    1
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    pub name: String,
    pub attack: u8,
    #[serde(default)]
    pub diagonal: bool,
    #[serde(default)]
    pub ranged: bool,
    #[serde(default)]
    pub two_handed: bool,
    #[serde(default)]
    pub cost: u32,
    /// Thrown: the weapon is lost once it hits or misses (the dagger).
    #[serde(default)]
    pub thrown: bool,
    /// Needs a turn to reload after a shot (the crossbow).
    #[serde(default)]
    pub reload: bool,
    /// Any hero may wield it, whatever the hero's restrictions (the Wizard's Staff).
    #[serde(default)]
    pub any_hero: bool,
    /// A hero held in a crusher's grip may still strike with it (Revised #114: the dagger).
    #[serde(default)]
    pub grapple: bool,
    #[serde(default)]
    pub artifact: bool,
    /// Extra attack dice against these monster kinds.
    #[serde(default)]
    pub bonus_vs: Vec<String>,
    #[serde(default)]
    pub bonus: u8,
    /// What carrying it does to its bearer (Revised #122: Heavy).
    #[serde(default)]
    pub abilities: Vec<Ability>,
    #[serde(default)]
    pub text: String,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MonsterDef {
    #[serde(default)]
    pub name: Option<String>,
    pub movement: u8,
    pub attack: u8,
    pub defend: u8,
    pub body: u8,
    pub mind: u8,
    /// Only this weapon wounds it (the Witch Lord and the Spirit Blade).
    #[serde(default)]
    pub only_harmed_by: Option<String>,
    /// Undead do not sleep.
    #[serde(default)]
    pub undead: bool,
    /// Its special abilities (HeroQuest Revised, #113–136).
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// A Character: never a wandering monster (Revised #112).
    #[serde(default)]
    pub character: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FurnitureDef {
    pub name: String,
    pub w: i32,
    pub h: i32,
}

/// The spells a hero keeps of a greater group (Revised #14); a lesser group holds just this many.
pub const KEEP_OF_GREATER: usize = 3;

/// The 2021 rule set shipped with the game.
pub const HEROQUEST_2021_RON: &str = include_str!("../../assets/rules/heroquest-2021.ron");
/// The HeroQuest Revised rule set: its hero boards, monsters with their abilities, and switches.
pub const HEROQUEST_REVISED_RON: &str = include_str!("../../assets/rules/heroquest-revised.ron");

impl RuleSet {
    pub fn parse(text: &str) -> Result<RuleSet, String> {
        let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let rs: RuleSet = options
            .from_str(text)
            .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
        rs.check()
    }

    pub fn heroquest_2021() -> RuleSet {
        RuleSet::parse(HEROQUEST_2021_RON).expect("the embedded 2021 rule set is valid (checked by tests)")
    }

    #[cfg(test)]
    fn heroquest_revised_text() -> String {
        HEROQUEST_REVISED_RON.to_string()
    }

    pub fn heroquest_revised() -> RuleSet {
        RuleSet::parse(HEROQUEST_REVISED_RON).expect("the embedded Revised rule set is valid (checked by tests)")
    }

    /// A greater spell group: more than three spells, of which a hero keeps three (Revised #14).
    pub fn greater(&self, school: &str) -> bool {
        self.schools.get(school).is_some_and(|s| s.len() > KEEP_OF_GREATER)
    }

    /// A hero kind's Revised board (None under 2021).
    pub fn board(&self, kind: &str) -> Option<&HeroBoard> {
        self.heroes.get(kind).and_then(|d| d.board.as_ref())
    }

    /// The schools of `left` a hero of this kind may take.
    pub fn schools_open_to<'a>(&'a self, kind: &'a str, left: &'a [String]) -> impl Iterator<Item = &'a String> + 'a {
        left.iter().filter(move |s| self.may_take_school(kind, s))
    }

    /// Whether a hero of this kind may take this school (Revised #15: the Wizardry group for the
    /// Wizard alone, the Elf group for the Elf).
    pub fn may_take_school(&self, kind: &str, school: &str) -> bool {
        self.school_only_for.get(school).is_none_or(|k| k == kind)
    }

    /// A monster kind's abilities (none in 2021's tables).
    pub fn abilities(&self, kind: &str) -> &[Ability] {
        self.monsters.get(kind).map_or(&[], |m| m.abilities.as_slice())
    }

    /// The weight of a carried thing: its Heavy X, added up (Revised #122); none if negative.
    pub fn heavy_of(&self, id: &str) -> u8 {
        let abilities = self
            .weapons
            .get(id)
            .map(|w| &w.abilities)
            .or_else(|| self.armor.get(id).map(|a| &a.abilities))
            .or_else(|| self.items.get(id).map(|i| &i.abilities));
        let x: i32 = abilities.map_or(0, |v| {
            v.iter()
                .map(|a| match a {
                    Ability::Heavy(x) => i32::from(*x),
                    _ => 0,
                })
                .sum()
        });
        x.clamp(0, i32::from(u8::MAX)) as u8
    }

    /// The weight of all these things together: their Heavy X added up (Revised #122).
    pub fn burden<'a>(&self, things: impl IntoIterator<Item = &'a String>) -> u8 {
        things.into_iter().map(|i| self.heavy_of(i)).fold(0, u8::saturating_add)
    }

    /// Display name of any carried thing: weapon, armour, item or potion.
    pub fn thing_name(&self, id: &str) -> String {
        self.weapons
            .get(id)
            .map(|w| w.name.clone())
            .or_else(|| self.armor.get(id).map(|a| a.name.clone()))
            .or_else(|| self.items.get(id).map(|i| i.name.clone()))
            .or_else(|| self.potions.get(id).map(|p| p.name.clone()))
            .or_else(|| self.spells.get(id).map(|p| p.name.clone()))
            .unwrap_or_else(|| Self::monster_name(id))
    }

    /// Is this carried thing an artifact?
    pub fn is_artifact(&self, id: &str) -> bool {
        self.weapons.get(id).is_some_and(|w| w.artifact)
            || self.armor.get(id).is_some_and(|a| a.artifact)
            || self.items.get(id).is_some_and(|i| i.artifact)
    }

    /// Display name of a monster kind: the rule set's name if it has one.
    pub fn kind_name(&self, kind: &str) -> String {
        self.monsters
            .get(kind)
            .and_then(|m| m.name.clone())
            .unwrap_or_else(|| Self::monster_name(kind))
    }

    /// The full treasure deck, one entry per card.
    pub fn deck(&self) -> Vec<usize> {
        self.treasure_deck
            .iter()
            .enumerate()
            .flat_map(|(i, c)| std::iter::repeat_n(i, c.copies as usize))
            .collect()
    }

    /// Display name for a monster kind id ("dread_warrior" -> "Dread Warrior").
    pub fn monster_name(kind: &str) -> String {
        kind.split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                    .unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2021_tables() {
        // heroquest-2021.md, Hero Statistics Table and Monster Statistics.
        let rs = RuleSet::heroquest_2021();
        let b = &rs.heroes["barbarian"];
        assert_eq!((b.body, b.mind, rs.weapons[&b.weapon].attack), (8, 2, 3));
        let w = &rs.heroes["wizard"];
        assert_eq!((w.body, w.mind, rs.weapons[&w.weapon].attack), (4, 6, 1));
        assert_eq!(rs.hero_defend, 2);
        assert_eq!(rs.movement_dice, 2);
        let stats = |k: &str| {
            let m = &rs.monsters[k];
            (m.movement, m.attack, m.defend, m.body, m.mind)
        };
        assert_eq!(stats("gargoyle"), (6, 4, 4, 3, 3));
        assert_eq!(stats("goblin"), (10, 2, 1, 1, 1));
        assert_eq!(stats("mummy"), (4, 3, 4, 1, 0));
        // Special Monsters (Quest-Specific).
        assert_eq!(stats("ulag"), (10, 4, 5, 2, 3));
        assert_eq!(stats("grak"), (8, 4, 4, 3, 3));
        assert_eq!(stats("balur"), (8, 2, 5, 3, 7));
        assert_eq!(stats("witch_lord"), (10, 5, 6, 4, 6));
        assert_eq!(stats("verag").1, 4);
        assert_eq!(
            rs.monsters["witch_lord"].only_harmed_by.as_deref(),
            Some("spirit_blade")
        );
        // Spell schools: four of three.
        assert_eq!(rs.schools.len(), 4);
        assert!(rs.schools.values().all(|s| s.len() == 3));
        assert_eq!(
            rs.spells.values().filter(|s| s.school.is_none()).count(),
            12,
            "12 Dread spells"
        );
        assert_eq!(rs.deck().len(), 24, "24 treasure cards");
        // Armory.
        assert_eq!(rs.armor["plate_mail"].movement_dice, Some(1));
        assert_eq!(rs.armor["plate_mail"].defend, 2);
        assert!(rs.armor["shield"].shield);
        assert!(rs.weapons["crossbow"].reload && rs.weapons["dagger"].thrown);
        assert!(!rs.heroes["wizard"].wears_armor && rs.heroes["dwarf"].disarms_without_kit);
        let artifacts = rs
            .weapons
            .keys()
            .chain(rs.armor.keys())
            .chain(rs.items.keys())
            .filter(|k| rs.is_artifact(k))
            .count();
        assert_eq!(artifacts, 10, "the ten artifacts");
        assert_eq!(RuleSet::monster_name("dread_warrior"), "Dread Warrior");
    }

    #[test]
    fn the_revised_tables() {
        // checklists §1.1a: the hero boards, ours.
        let rs = RuleSet::heroquest_revised();
        let board = |h: &str| rs.heroes[h].board.clone().expect("every Revised hero has a board");
        let b = board("barbarian");
        assert_eq!((b.speed_dice, b.spellcraft, b.resilience, b.aggression), (2, 0, 2, 2));
        assert_eq!(board("dwarf").dexterity, Some(3));
        assert_eq!(board("wizard").spellcraft, 3);
        // The same ids as 2021's tables, so a 2021 quest names nothing Revised lacks.
        let old = RuleSet::heroquest_2021();
        for k in old.monsters.keys() {
            assert!(rs.monsters.contains_key(k), "{k}");
        }
        for k in old.weapons.keys().chain(old.armor.keys()).chain(old.items.keys()) {
            assert!(
                rs.weapons.contains_key(k) || rs.armor.contains_key(k) || rs.items.contains_key(k),
                "{k}"
            );
        }
        assert_eq!(
            old.edition,
            Switches::default(),
            "2021 leaves every switch at its default"
        );
        assert!(!rs.edition.doors_close && rs.edition.furniture_blocks_sight);
        assert_eq!(rs.edition.disarm, Disarm::Dexterity { target: 7 });
        assert!(rs.abilities("mummy").contains(&Ability::Undead));
        assert!(
            rs.monsters
                .values()
                .all(|m| !m.undead || m.abilities.contains(&Ability::Undead))
        );
    }

    #[test]
    fn damage_kinds_meet_immunity_and_weakness() {
        // checklists §1.1 #123, #134, #135.
        let undead = [Ability::Undead, Ability::Weakness(vec![DamageKind::Heat])];
        assert_eq!(damage_taken(&undead, DamageKind::Plain, 2), 2);
        assert_eq!(damage_taken(&undead, DamageKind::Spirit, 2), 0);
        assert_eq!(damage_taken(&undead, DamageKind::Heat, 2), 4);
        // Two weaknesses to one kind do not stack.
        let twice = [
            Ability::Weakness(vec![DamageKind::Cold]),
            Ability::Weakness(vec![DamageKind::Cold]),
        ];
        assert_eq!(damage_taken(&twice, DamageKind::Cold, 3), 6);
        // Immunity wins over weakness.
        let both = [
            Ability::Immune(vec![DamageKind::Poison]),
            Ability::Weakness(vec![DamageKind::Poison]),
        ];
        assert_eq!(damage_taken(&both, DamageKind::Poison, 3), 0);
    }

    #[test]
    fn an_ability_or_spell_group_the_game_does_not_play_is_refused() {
        let text = RuleSet::heroquest_revised_text()
            .replace("abilities: [Undead, Immune([Poison])]", "abilities: [Fortune(1)]");
        let e = RuleSet::parse(&text).unwrap_err();
        assert!(e.contains("\"skeleton\"") && e.contains("Fortune"), "{e}");
        let text =
            RuleSet::heroquest_revised_text().replace("abilities: [Undead, Immune([Poison])]", "abilities: [Undying]");
        let e = RuleSet::parse(&text).unwrap_err();
        assert!(e.contains("Undying"), "{e}");
        // A group of fewer than three spells is neither lesser nor greater (#14).
        let text = RuleSet::heroquest_revised_text().replace(
            "[\"bolt_of_force\", \"glass_ward\", \"mind_spike\"]",
            "[\"bolt_of_force\", \"glass_ward\"]",
        );
        let e = RuleSet::parse(&text).unwrap_err();
        assert!(e.contains("wizardry") && e.contains("fewer than 3"), "{e}");
        // The shipped tables' greater group: frost, five spells.
        let rs = RuleSet::heroquest_revised();
        assert!(rs.greater("frost") && rs.schools["frost"].len() == 5 && !rs.greater("fire"));
    }

    /// Keyword cards where the tables load (Revised #100, #116, #131): an unknown keyword names
    /// itself and where it stands; a Cursed card aims at its bearer; a spell group holds one
    /// Selfish spell at most.
    #[test]
    fn keyword_cards_are_checked_where_the_tables_load() {
        let text = RuleSet::heroquest_revised_text().replace(
            "keywords: [Memory], abilities: [Perception(1)]",
            "keywords: [Forgetful]",
        );
        let e = RuleSet::parse(&text).unwrap_err();
        assert!(e.contains("Forgetful") && e.contains(':'), "{e}");
        let text = RuleSet::heroquest_revised_text().replace(
            "uses: Some((target: Caster, effect: Damage(amount: 1, resist_dice: 2, kind: Spirit)))",
            "uses: Some((target: Enemy, effect: Damage(amount: 1, resist_dice: 2, kind: Spirit)))",
        );
        let e = RuleSet::parse(&text).unwrap_err();
        assert!(e.contains("gnawing_ring") && e.contains("Cursed"), "{e}");
        let text = RuleSet::heroquest_revised_text()
            .replace("\"bolt_of_force\": (", "\"bolt_of_force\": (keywords: [Selfish], ")
            .replace("\"glass_ward\": (", "\"glass_ward\": (keywords: [Selfish], ");
        let e = RuleSet::parse(&text).unwrap_err();
        assert!(e.contains("wizardry") && e.contains("Selfish"), "{e}");
        // The shipped cards: one of each use, in the Outfitter's stock.
        let rs = RuleSet::heroquest_revised();
        assert!(
            rs.items["war_horn"]
                .uses
                .as_ref()
                .is_some_and(|u| u.cost == CardCost::Drain && u.held)
        );
        assert!(rs.items["gnawing_ring"].has(Keyword::Cursed) && rs.items["gnawing_ring"].has(Keyword::Memory));
    }
}
