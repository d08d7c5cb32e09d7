//! The hero bots' keyword cards (HeroQuest Revised #36, #101–110): a card is played where it
//! does what its owner would want, within the limits the rules check (`may_use_card`): a heal
//! on a badly hurt friend, a condition that helps on a friend in a fight, one that hinders on
//! the most dangerous monster beside the party, damage on a monster in sight.

use crate::game::model::{ActionKind, Command, StatusKind};
use crate::game::snapshot::{FigureSnap, Snapshot};
use crate::rules::ruleset::{CardTime, Effect, Keyword};

/// A card `h` should use now, if any: the first that fits, in the order its cards are carried.
pub(super) fn card_to_use(snap: &Snapshot, h: &FigureSnap) -> Option<Command> {
    let rules = snap.rules();
    let in_fight = |f: &FigureSnap| snap.attack_targets(f).next().is_some();
    let mut items: Vec<&String> = h.equipment.items.iter().collect();
    items.dedup();
    for item in items {
        let Some(d) = rules.items.get(item) else { continue };
        let Some(u) = &d.uses else { continue };
        // A Cursed card plays itself; nobody chooses it.
        if d.has(Keyword::Cursed) {
            continue;
        }
        if u.time == CardTime::Action && snap.action_allowed(h, ActionKind::Other).is_err() {
            continue;
        }
        let worth = |t: &FigureSnap| -> Option<u16> {
            match &u.effect {
                Effect::Heal { .. } if t.is_hero() && t.body * 2 <= t.body_max => Some(u16::from(t.body_max - t.body)),
                Effect::Status(s) if t.hero && helps(*s) && !t.has(*s) && in_fight(t) => {
                    Some(1 + u16::from(t.is_hero()))
                }
                Effect::Status(s) if !t.hero && hinders(*s) && !t.has(*s) && t.awake && near_party(snap, t) => {
                    Some(u16::from(t.fighter.attack) * 2 + u16::from(t.body))
                }
                Effect::Damage { .. } | Effect::Attack { .. } | Effect::Mystic if !t.hero && t.awake => {
                    Some(u16::from(t.body))
                }
                _ => None,
            }
        };
        let best = snap
            .figures
            .iter()
            .filter(|t| t.alive())
            .filter_map(|t| worth(t).map(|w| (w, std::cmp::Reverse(t.id), t)))
            .filter(|(_, _, t)| crate::game::heroquest::may_use_card(snap, h, item, t).is_ok())
            .max_by_key(|(w, id, _)| (*w, *id));
        if let Some((_, _, t)) = best {
            return Some(Command::UseCard {
                hero: h.id,
                item: item.clone(),
                target: t.id,
            });
        }
    }
    None
}

/// A condition worth giving a friend before a blow lands.
fn helps(s: StatusKind) -> bool {
    matches!(
        s,
        StatusKind::Resilience | StatusKind::RockSkin | StatusKind::Courage | StatusKind::Strength
    )
}

/// A condition worth laying on a monster.
fn hinders(s: StatusKind) -> bool {
    matches!(
        s,
        StatusKind::LoseTurn | StatusKind::Asleep | StatusKind::Chained | StatusKind::Fear | StatusKind::Rust
    )
}

/// A monster beside a hero of the party.
fn near_party(snap: &Snapshot, m: &FigureSnap) -> bool {
    snap.living_heroes()
        .any(|h| snap.attack_targets(h).any(|t| t.id == m.id))
}
