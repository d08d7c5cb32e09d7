//! Keyword cards (HeroQuest Revised #36, #100–110, #116, #131–132, #146): what a card a hero
//! carries does when it is used, what using it costs, and the keywords and limits that bind it.
//! All of it is data in the rule set's `items` (and spells' `keywords`), which a modder extends;
//! the game plays it in `game::heroquest::cards`.

use serde::Deserialize;

use super::{Effect, SpellTarget};

/// A card's keywords (#100): a rule about a keyword applies to every card that carries it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub enum Keyword {
    /// Discarded between quests (#146): knowledge that does not outlast the quest.
    Memory,
    /// Must be used when it can be, before anything else: played at the start of each of its
    /// bearer's turns, and never handed over (#116).
    Cursed,
    /// At most one Selfish card in a set (#131): in a spell group, and in a hero's pack.
    Selfish,
    /// A hero may own several of its name but use only one of them a quest (#132).
    Sequestered,
}

/// What using a card costs (#36, #106).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, serde::Serialize)]
pub enum CardCost {
    /// Nothing: used again whenever its limits allow (#109).
    #[default]
    Free,
    /// Drained: turned face down, of no more use this quest (#106); it comes back between quests.
    Drain,
    /// Discarded: gone from its bearer's pack.
    Discard,
}

/// When a card may be used on its bearer's turn: as a Free Effect, or as its one other Action.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum CardTime {
    #[default]
    Free,
    Action,
}

/// A card's "Cost: Effect": aimed as a spell is (#86), paid, then done.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CardUse {
    pub target: SpellTarget,
    pub effect: Effect,
    #[serde(default)]
    pub cost: CardCost,
    #[serde(default)]
    pub time: CardTime,
    /// The "held" icon (#101): face up until the start of its bearer's next turn, and a hero has
    /// at most `MAX_HELD` showing.
    #[serde(default)]
    pub held: bool,
    /// Its corner icon (#102): a figure uses one card of each icon a turn.
    #[serde(default)]
    pub icon: Option<String>,
}

/// What carrying a card adds to its bearer's maximum Body and Mind (#99): `raises: (body: 1)`.
/// The current values are not raised with it; losing the card lowers them only where they
/// are above the new maximum.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Raises {
    #[serde(default)]
    pub body: u8,
    #[serde(default)]
    pub mind: u8,
}

/// How many held cards a hero may have face up at once (#101).
pub const MAX_HELD: usize = 2;

/// Checks a card's use and keywords where the tables load: a Cursed card plays itself on its
/// bearer, so its use must aim at the bearer; a card never summons.
pub(super) fn check(id: &str, keywords: &[Keyword], uses: Option<&CardUse>) -> Result<(), String> {
    if let Some(u) = uses {
        if matches!(u.effect, Effect::Summon { .. }) {
            return Err(format!("\"{id}\": a card does not summon monsters"));
        }
        if keywords.contains(&Keyword::Cursed) && u.target != SpellTarget::Caster {
            return Err(format!(
                "\"{id}\": a Cursed card plays itself on its bearer, so its use aims at the Caster"
            ));
        }
    }
    Ok(())
}

impl super::RuleSet {
    /// The distinct cards of a pack (`items`) whose definition `keep` accepts, in id order.
    pub fn cards_among<'a>(&self, items: &'a [String], keep: impl Fn(&super::ItemDef) -> bool) -> Vec<&'a String> {
        let mut out: Vec<&String> = items.iter().filter(|i| self.items.get(*i).is_some_and(&keep)).collect();
        out.sort();
        out.dedup();
        out
    }

    /// What a pack's cards add to the maximum Body and Mind of their bearer (#99), each card
    /// counted once whatever the copies (as the same-name limit, #110, counts an effect once).
    pub fn raises(&self, items: &[String]) -> Raises {
        let mut r = Raises::default();
        for i in self.cards_among(items, |d| d.raises != Raises::default()) {
            let d = self.items[i].raises;
            r.body = r.body.saturating_add(d.body);
            r.mind = r.mind.saturating_add(d.mind);
        }
        r
    }
}
