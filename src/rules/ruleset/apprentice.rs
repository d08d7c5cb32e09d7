//! HeroQuest Revised's optional Apprentice Spell System as data (heroquest-revised.md, Optional
//! Rules; checklists §1.1 #177): one deck of Magic Spells in place of the spell groups, the
//! Magician's Emporium and the variant Spell Ring. The text gives none of their contents: every
//! card is ours, in `assets/rules/hqr-apprentice.ron`, and a modder adds one there without
//! touching Rust.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{Effect, ItemDef, RuleSet, ShopDef, SpellDef, SpellTarget};

/// The Apprentice Spell System's file.
pub const HQR_APPRENTICE_RON: &str = include_str!("../../../assets/rules/hqr-apprentice.ron");

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Apprentice")]
pub struct ApprenticeDef {
    /// Magic Spell cards drawn at the end of each activation while the hand is short (#177: one).
    pub draw: u8,
    /// The deck: each Magic Spell (an id of `spells`) with its copies (#177: fifty-four in all).
    pub deck: Vec<(String, u8)>,
    /// The Magic Spells, by id: the same Cost: Effect vocabulary as the groups' spells.
    pub spells: BTreeMap<String, SpellDef>,
    /// The Magician's Emporium's things, and the variant Spell Ring (replacing the basic one by
    /// its id).
    #[serde(default)]
    pub items: BTreeMap<String, ItemDef>,
    /// Shops the system opens in town (the Magician's Emporium).
    #[serde(default)]
    pub shops: Vec<ShopDef>,
    /// Things added to a shop's stock, by shop id.
    #[serde(default)]
    pub stock: BTreeMap<String, Vec<String>>,
}

impl ApprenticeDef {
    /// The deck as card ids, each as often as its copies, in the file's order (shuffled where a
    /// quest begins).
    pub fn cards(&self) -> Vec<String> {
        self.deck
            .iter()
            .flat_map(|(id, n)| std::iter::repeat_n(id.clone(), usize::from(*n)))
            .collect()
    }

    /// A hero's hand size (#177): half its current Mind, rounded up, and what its Satchels add.
    pub fn hand_size(mind: u8, satchel: u8) -> u8 {
        mind.div_ceil(2).saturating_add(satchel)
    }

    fn check(&self) -> Result<(), String> {
        if self.deck.is_empty() {
            return Err("deck: the Magic Spell deck needs a card at least".into());
        }
        for (i, (id, n)) in self.deck.iter().enumerate() {
            if !self.spells.contains_key(id) {
                return Err(format!("deck: \"{id}\" is not a Magic Spell of `spells`"));
            }
            if *n == 0 {
                return Err(format!("deck: \"{id}\" has no copies"));
            }
            if self.deck[..i].iter().any(|(x, _)| x == id) {
                return Err(format!("deck: \"{id}\" is listed twice"));
            }
        }
        for (id, s) in &self.spells {
            if !self.deck.iter().any(|(x, _)| x == id) {
                return Err(format!("spell \"{id}\" is in no copy of the deck"));
            }
            if s.school.is_none() {
                return Err(format!(
                    "spell \"{id}\" has no school: a Magic Spell is a hero's (school: Some(\"magic\"))"
                ));
            }
            if matches!(s.effect, Effect::Summon { .. }) && s.target != SpellTarget::Enemy {
                return Err(format!("spell \"{id}\": a hero's spell does not summon monsters"));
            }
        }
        Ok(())
    }
}

impl RuleSet {
    /// These tables with the Apprentice Spell System's file laid over them: its spells join,
    /// its things join or replace those of the same id, its shops open. A mistake in the file
    /// is reported with its `line:col` (the file's syntax) or by the card it names.
    pub fn apprentice_over(mut self, text: &str) -> Result<RuleSet, String> {
        let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let app: ApprenticeDef = options
            .from_str(text)
            .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
        app.check()?;
        if let Some(id) = app.spells.keys().find(|id| self.spells.contains_key(*id)) {
            return Err(format!("spell \"{id}\": a Magic Spell needs an id of its own"));
        }
        self.items.extend(app.items.clone());
        self.spells.extend(app.spells.clone());
        self.lay_shops(&app.shops, &app.stock)?;
        self.apprentice = Some(std::sync::Arc::new(app));
        self.check()
    }

    /// Shops opened in town and things added to a shop's stock by a file laid over the tables
    /// (the advanced game's, the Apprentice Spell System's).
    pub(super) fn lay_shops(&mut self, shops: &[ShopDef], stock: &BTreeMap<String, Vec<String>>) -> Result<(), String> {
        let Some(town) = &mut self.town else {
            if shops.is_empty() && stock.is_empty() {
                return Ok(());
            }
            return Err("shops: these tables have no town".into());
        };
        town.shops.extend(shops.iter().cloned());
        for (shop, more) in stock {
            let Some(s) = town.shops.iter_mut().find(|s| &s.id == shop) else {
                return Err(format!("stock: there is no shop \"{shop}\""));
            };
            s.stock.extend(more.iter().cloned());
        }
        Ok(())
    }

    /// The Apprentice Spell System, where these tables play it.
    pub fn magic_deck(&self) -> Option<&ApprenticeDef> {
        self.apprentice.as_deref()
    }

    /// Whether a hero of this kind draws Magic Spells (#177): its board (the Champion side once
    /// learnt, in a quest's tables) has Spellcraft 1 or more.
    pub fn casts_magic(&self, kind: &str) -> bool {
        self.board(kind).is_some_and(|b| b.spellcraft > 0)
    }
}
