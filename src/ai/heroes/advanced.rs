//! The hero bots in HeroQuest Revised's advanced game: when they spend Fate, search furniture,
//! run, and pay for a failed Mastery test. Each step is offered only where the rules' own judge
//! (`game::heroquest`) accepts it.

use crate::game::heroquest::{furniture_in_reach, may_run, may_spend_fate};
use crate::game::model::{ActionKind, Command, FateUse, Pending, Phase, RollKind};
use crate::game::snapshot::{FigureSnap, Snapshot};

/// Fate a hero keeps back before it spends one on anything but saving its skin.
const SPARE: u8 = 2;

/// A step of the advanced game worth taking before the bot's usual plan, if any.
pub(super) fn before_acting(snap: &Snapshot, h: &FigureSnap) -> Option<Command> {
    snap.rules().adv()?;
    let spend = |on: FateUse| {
        may_spend_fate(snap, h, on)
            .is_ok()
            .then_some(Command::SpendFate { hero: h.id, on })
    };
    // Badly hurt or nearly out of its wits: recover (#172).
    // A campaign's hero keeps its Fate for skills (#171) but to save its skin.
    let campaign = snap.quest.fate.is_some();
    let low = if campaign {
        h.body <= 1
    } else {
        h.body <= 2 || u16::from(h.body) * 3 <= u16::from(h.body_max) || h.mind <= 1
    };
    if low && let Some(c) = spend(FateUse::Recover) {
        return Some(c);
    }
    let threatened = snap.monsters().any(|m| m.awake && m.alive() && snap.can_attack(m, h));
    // Weak beside a foe: the next defence stands firm (#174).
    if threatened
        && !campaign
        && h.body <= 3
        && let Some(c) = spend(FateUse::Roll(RollKind::Defence))
    {
        return Some(c);
    }
    // A strong foe within reach, Fate to spare: the next attack lands in full (#174).
    let big = snap
        .monsters()
        .any(|m| m.alive() && snap.can_attack(h, m) && m.body >= 2);
    if big
        && h.fate.tokens >= SPARE
        && snap.action_allowed(h, ActionKind::Attack).is_ok()
        && let Some(c) = spend(FateUse::Roll(RollKind::Attack))
    {
        return Some(c);
    }
    // Furniture beside it, nothing in sight, its action unspent (#164).
    if snap.visible_monsters(h).next().is_none()
        && snap
            .action_allowed(h, ActionKind::Search(crate::quest::SearchKind::Treasure))
            .is_ok()
        && let Some(f) = furniture_in_reach(snap, h).first()
    {
        return Some(Command::SearchFurniture {
            hero: h.id,
            furniture: *f,
        });
    }
    None
}

/// Its move spent and still far from where it goes, nothing in sight: run on (#163).
pub(super) fn run_on(snap: &Snapshot, h: &FigureSnap) -> Option<Command> {
    (may_run(snap, h).is_ok() && snap.visible_monsters(h).next().is_none()).then_some(Command::Run { hero: h.id })
}

/// The answer to its own failed Mastery test: pay while the Mind it keeps leaves it its wits.
pub fn pays_mastery(snap: &Snapshot) -> bool {
    let Some(Pending::Mastery { caster, shortfall, .. }) = &snap.turn.pending else {
        return false;
    };
    snap.figure(*caster)
        .is_some_and(|c| c.mind > shortfall.saturating_add(1))
}

/// A hero of another player who breaks into the turn with an extra activation bought with Fate
/// (#173): one with Fate to spare and a monster in reach of its blade now.
pub fn interrupt(snap: &Snapshot) -> Option<Command> {
    snap.rules().adv()?;
    if matches!(snap.turn.phase, Phase::Over(_)) {
        return None;
    }
    snap.heroes()
        .filter(|h| h.alive() && h.fate.tokens >= SPARE)
        .filter(|h| snap.monsters().any(|m| m.alive() && m.awake && snap.can_attack(h, m)))
        .find(|h| may_spend_fate(snap, h, FateUse::Activation).is_ok())
        .map(|h| Command::SpendFate {
            hero: h.id,
            on: FateUse::Activation,
        })
}
