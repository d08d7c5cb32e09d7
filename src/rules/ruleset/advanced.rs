//! HeroQuest Revised's advanced game as data (heroquest-revised.md, New Components and New
//! Rules; checklists §1.1 #156–174): the Skill cards, Morcar's Dungeon and Event cards, the
//! numbers of Fate and Danger, and the cards the advanced game adds to or replaces in the basic
//! tables (potions, armoury cards, the Enchanter's Emporium, spell groups with their Mastery
//! tests). The text names these and gives none of their contents: every card is ours, in
//! `assets/rules/hqr-advanced.ron`, and a modder adds one there without touching Rust.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{
    Ability, ArmorDef, Effect, HeroBoard, ItemDef, PotionDef, Raises, RuleSet, ShopDef, SpellDef, SpellTarget,
    WeaponDef,
};

/// The advanced game's file.
pub const HQR_ADVANCED_RON: &str = include_str!("../../../assets/rules/hqr-advanced.ron");

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Advanced")]
pub struct AdvancedDef {
    /// Body and Mind, in all, one Fate recovers during a quest (#172).
    pub fate_recovers: u8,
    /// Fate each hero brings to a quest played on its own, outside a campaign (#161: a campaign's
    /// heroes start with none and win it quest by quest).
    #[serde(default)]
    pub fate_at_start: u8,
    /// Combat dice Morcar rolls for Danger; each skull draws an Event card (#169).
    pub danger_dice: u8,
    /// Each hero's advanced board: the Skills it starts with and its Champion side (#156, #166).
    pub heroes: BTreeMap<String, AdvancedHero>,
    /// Skill cards (#156, #167, #171), by id.
    pub skills: BTreeMap<String, SkillDef>,
    /// Morcar's Dungeon cards (#162, #168), by id.
    pub dungeon_cards: BTreeMap<String, DungeonCardDef>,
    /// Morcar's Event cards (#162, #169): the deck, each card with its copies.
    pub event_cards: Vec<EventCardDef>,
    /// Cards added to the basic tables, or replacing one of the same id (#157–160).
    #[serde(default)]
    pub weapons: BTreeMap<String, WeaponDef>,
    #[serde(default)]
    pub armor: BTreeMap<String, ArmorDef>,
    #[serde(default)]
    pub items: BTreeMap<String, ItemDef>,
    #[serde(default)]
    pub potions: BTreeMap<String, PotionDef>,
    #[serde(default)]
    pub spells: BTreeMap<String, SpellDef>,
    /// Spell groups added, or replacing the basic group of the same id (#160).
    #[serde(default)]
    pub schools: BTreeMap<String, Vec<String>>,
    /// Groups only one kind of hero may take (#160: Wizard's Cantrips, Dwarven Runes).
    #[serde(default)]
    pub school_only_for: BTreeMap<String, String>,
    /// Shops the advanced game opens in town (the Enchanter's Emporium, #157).
    #[serde(default)]
    pub shops: Vec<ShopDef>,
    /// Things added to a basic shop's stock, by shop id (the new armoury cards, #159; the new
    /// potions, #158).
    #[serde(default)]
    pub stock: BTreeMap<String, Vec<String>>,
}

/// A hero's advanced board (#156): the Skill cards it starts with, and its Champion side, which
/// a Skill card turns it to (#166).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdvancedHero {
    pub skills: Vec<String>,
    /// The new board's basic side, in place of the basic game's (None: unchanged).
    #[serde(default)]
    pub board: Option<HeroBoard>,
    pub champion: ChampionSide,
}

/// The Champion side of a hero board: its numbers, in place of the basic side's.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ChampionSide {
    pub body: u8,
    pub mind: u8,
    pub board: HeroBoard,
}

/// A Skill card (#156, #167, #171): who may learn it, what it costs, its marks (the `*` that
/// fund Morcar's Dungeon cards, #168) and what it gives.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillDef {
    pub name: String,
    /// The kinds of hero who may learn it; empty: any.
    #[serde(default)]
    pub heroes: Vec<String>,
    /// Its cost in Fate; 0: not for sale (a starting skill, #171).
    pub fate: u8,
    /// The other cost printed on it, in gold (#171).
    #[serde(default)]
    pub gold: u32,
    /// Skills a hero must have learnt before this one.
    #[serde(default)]
    pub requires: Vec<String>,
    /// Its `*` marks (#168).
    #[serde(default)]
    pub marks: u8,
    /// Learning it turns the hero's board to its Champion side (#166).
    #[serde(default)]
    pub champion: bool,
    /// What it gives its hero, as a card's ability: extra actions (Artifice, Fortune, Lore,
    /// Perception, Rage) or Haste.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// What it adds to the hero's most Body and Mind.
    #[serde(default)]
    pub raises: Raises,
    /// How much higher the hero's Mind counts for a Mastery test (#128's Praxis, for every
    /// spell).
    #[serde(default)]
    pub mastery: u8,
    /// Body and Mind one Fate recovers beyond the usual (#172).
    #[serde(default)]
    pub fate_recovers: u8,
    pub text: String,
}

/// A Dungeon card (#168): bought by Morcar at a quest's start with the heroes' marks.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DungeonCardDef {
    pub name: String,
    /// Its price in marks.
    pub cost: u8,
    pub effect: DungeonEffect,
    pub text: String,
}

/// What a Dungeon card gives Morcar for the whole quest.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum DungeonEffect {
    /// Monsters of these kinds (every monster where empty), those set out and those that come
    /// later, are stronger by these numbers.
    Monsters {
        #[serde(default)]
        kinds: Vec<String>,
        #[serde(default)]
        attack: u8,
        #[serde(default)]
        defend: u8,
        #[serde(default)]
        body: u8,
        #[serde(default)]
        mind: u8,
        #[serde(default)]
        movement: u8,
    },
    /// More combat dice for each roll for Danger.
    Danger(u8),
    /// Morcar plays this many Event cards at the start of its first turn.
    Events(u8),
    /// The quest's wandering monster is this kind instead.
    Wanderer(String),
    /// Every Mastery test of a hero's spell is this much harder.
    Ward(u8),
}

/// An Event card (#169): drawn on Danger and played at once, as it says.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCardDef {
    pub name: String,
    pub text: String,
    pub effect: EventEffect,
    #[serde(default = "super::one")]
    pub copies: u8,
}

/// What an Event card does. It names whom it strikes, so playing it asks nothing more.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum EventEffect {
    /// A monster (the quest's wandering monster where None) leaps out next to a hero and attacks
    /// it at once, where Morcar puts it.
    Ambush { kind: Option<String>, whom: Whom },
    /// An effect on a hero, or on every hero, as a Chaos spell's but needing no sight.
    Strike { effect: Effect, whom: Whom },
    /// An effect on every monster on the board.
    Rally(Effect),
}

/// The hero an Event card strikes.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Whom {
    /// The hero with the least Body left (the lowest seat among equals).
    Weakest,
    /// The hero with the most Body left.
    Strongest,
    /// The hero with the most Mind left (the caster, as a rule).
    Wisest,
    /// Every hero in play.
    Every,
}

impl RuleSet {
    /// Revised's tables under the advanced game: the basic tables with the advanced file's cards
    /// added or put in place of the basic ones, checked again as a whole.
    pub fn heroquest_revised_advanced() -> RuleSet {
        RuleSet::heroquest_revised_under(true, false)
    }

    /// Revised's tables under its advanced game, its Apprentice Spell System, both or neither
    /// (the advanced cards first, then the Magic Spells over them).
    pub fn heroquest_revised_under(advanced: bool, apprentice: bool) -> RuleSet {
        let mut rs = RuleSet::parse(super::HEROQUEST_REVISED_RON);
        if advanced {
            rs = rs.and_then(|rs| rs.advance(HQR_ADVANCED_RON));
        }
        if apprentice {
            rs = rs.and_then(|rs| rs.apprentice_over(super::HQR_APPRENTICE_RON));
        }
        rs.expect("the embedded Revised tables and their modules' files are valid (checked by tests)")
    }

    /// These tables with an advanced game's file laid over them. A mistake in the file is
    /// reported with its `line:col` (the file's syntax) or by the card it names.
    pub fn advance(mut self, text: &str) -> Result<RuleSet, String> {
        let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let adv: AdvancedDef = options
            .from_str(text)
            .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
        self.weapons.extend(adv.weapons.clone());
        self.armor.extend(adv.armor.clone());
        self.items.extend(adv.items.clone());
        self.potions.extend(adv.potions.clone());
        self.spells.extend(adv.spells.clone());
        self.schools.extend(adv.schools.clone());
        self.school_only_for.extend(adv.school_only_for.clone());
        self.lay_shops(&adv.shops, &adv.stock)?;
        for (hero, a) in &adv.heroes {
            if let (Some(b), Some(h)) = (&a.board, self.heroes.get_mut(hero)) {
                h.board = Some(b.clone());
            }
        }
        adv.check(&self)?;
        self.advanced = Some(std::sync::Arc::new(adv));
        self.check()
    }

    /// The advanced game's tables, where these are Revised's under it.
    pub fn adv(&self) -> Option<&AdvancedDef> {
        self.advanced.as_deref()
    }
}

impl AdvancedDef {
    /// Checks the advanced cards against the tables they join: every hero, skill, monster and
    /// card they name known, and every effect one the game plays.
    fn check(&self, rs: &RuleSet) -> Result<(), String> {
        for (hero, a) in &self.heroes {
            if !rs.heroes.contains_key(hero) {
                return Err(format!("heroes: \"{hero}\" is no hero of the tables"));
            }
            for s in &a.skills {
                let Some(d) = self.skills.get(s) else {
                    return Err(format!("heroes: \"{hero}\" starts with unknown skill \"{s}\""));
                };
                if !d.heroes.is_empty() && !d.heroes.contains(hero) {
                    return Err(format!(
                        "heroes: \"{hero}\" starts with \"{s}\", a skill it may not have"
                    ));
                }
            }
        }
        if let Some(h) = rs.heroes.keys().find(|h| !self.heroes.contains_key(*h)) {
            return Err(format!("heroes: \"{h}\" has no advanced board"));
        }
        for (id, s) in &self.skills {
            if s.name.trim().is_empty() || s.text.trim().is_empty() {
                return Err(format!("skill \"{id}\" needs a name and a text"));
            }
            if let Some(h) = s.heroes.iter().find(|h| !rs.heroes.contains_key(*h)) {
                return Err(format!("skill \"{id}\" is for \"{h}\", no hero of the tables"));
            }
            if let Some(r) = s.requires.iter().find(|r| !self.skills.contains_key(*r) || *r == id) {
                return Err(format!("skill \"{id}\" requires \"{r}\", which is no other skill"));
            }
            if let Some(a) = s
                .abilities
                .iter()
                .find(|a| !(a.bonus_kind().is_some() || matches!(a, Ability::Haste(_))))
            {
                return Err(format!(
                    "skill \"{id}\": {a:?} is not an ability a skill gives (Artifice, Fortune, Lore, Perception, Rage, Haste)"
                ));
            }
        }
        for (id, c) in &self.dungeon_cards {
            if c.cost == 0 {
                return Err(format!(
                    "dungeon card \"{id}\" costs nothing: every Dungeon card costs a mark at least"
                ));
            }
            match &c.effect {
                DungeonEffect::Monsters { kinds, .. } => {
                    if let Some(k) = kinds.iter().find(|k| !rs.monsters.contains_key(*k)) {
                        return Err(format!("dungeon card \"{id}\" names unknown monster \"{k}\""));
                    }
                }
                DungeonEffect::Wanderer(k) => match rs.monsters.get(k) {
                    None => return Err(format!("dungeon card \"{id}\" names unknown monster \"{k}\"")),
                    Some(d) if d.character => {
                        return Err(format!(
                            "dungeon card \"{id}\": \"{k}\" is a Character, and Characters never wander"
                        ));
                    }
                    _ => {}
                },
                DungeonEffect::Danger(_) | DungeonEffect::Events(_) | DungeonEffect::Ward(_) => {}
            }
        }
        if self.event_cards.is_empty() {
            return Err("event_cards: Morcar's deck needs a card at least".into());
        }
        for c in &self.event_cards {
            if c.copies == 0 {
                return Err(format!("event card \"{}\" has no copies", c.name));
            }
            match &c.effect {
                EventEffect::Ambush { kind: Some(k), .. } if rs.monsters.get(k).is_none_or(|d| d.character) => {
                    return Err(format!(
                        "event card \"{}\" brings \"{k}\", which is no monster that wanders",
                        c.name
                    ));
                }
                EventEffect::Strike {
                    effect: Effect::Summon { .. },
                    ..
                }
                | EventEffect::Rally(Effect::Summon { .. }) => {
                    return Err(format!(
                        "event card \"{}\": an Event card brings monsters by Ambush",
                        c.name
                    ));
                }
                EventEffect::Strike {
                    effect: Effect::Mystic, ..
                } => {
                    return Err(format!(
                        "event card \"{}\": Mystic Combat needs a caster's Mind, which an Event card has not",
                        c.name
                    ));
                }
                EventEffect::Rally(e) if !matches!(e, Effect::Heal { .. } | Effect::Status(_)) => {
                    return Err(format!(
                        "event card \"{}\": a Rally heals or strengthens Morcar's monsters (Heal or Status)",
                        c.name
                    ));
                }
                _ => {}
            }
        }
        for (id, s) in &self.spells {
            if s.school.is_some() && s.target == SpellTarget::Caster && matches!(s.effect, Effect::Summon { .. }) {
                return Err(format!("spell \"{id}\": a hero's spell does not summon monsters"));
            }
        }
        Ok(())
    }

    /// The `*` marks on these skills (#168): Morcar's budget for Dungeon cards.
    pub fn marks<'a>(&self, skills: impl IntoIterator<Item = &'a String>) -> u32 {
        skills
            .into_iter()
            .filter_map(|s| self.skills.get(s))
            .map(|d| u32::from(d.marks))
            .sum()
    }

    /// Event cards as a deck of indexes, each card as often as its copies.
    pub fn event_deck(&self) -> Vec<usize> {
        self.event_cards
            .iter()
            .enumerate()
            .flat_map(|(i, c)| std::iter::repeat_n(i, usize::from(c.copies)))
            .collect()
    }
}
