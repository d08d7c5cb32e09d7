//! Plain words for the log: what each event means to a person at the table.

use super::model::{Actor, Command, FigureId, FigureNames, GameEvent};
use crate::rules::combat;
use crate::rules::dice::{self, Face};
use crate::rules::geometry::Pos;
pub use crate::text::{capital, in_sentence, plural, the, with_article};
use std::collections::BTreeMap;

mod advanced;
mod words;
pub use words::{ability_text, card_text, card_use_terms, keyword_text, status_word, trap_name};
use words::{status_ended, status_gained};

fn faces(v: &[Face]) -> String {
    let s = v.iter().filter(|f| **f == Face::Skull).count();
    let w = v.iter().filter(|f| **f == Face::WhiteShield).count();
    let b = v.iter().filter(|f| **f == Face::BlackShield).count();
    let mut parts = Vec::new();
    if s > 0 {
        parts.push(format!("{s} skull{}", if s == 1 { "" } else { "s" }));
    }
    if w > 0 {
        parts.push(format!("{w} white shield{}", if w == 1 { "" } else { "s" }));
    }
    if b > 0 {
        parts.push(format!("{b} black shield{}", if b == 1 { "" } else { "s" }));
    }
    parts.join(", ")
}

/// "5, 3 and 2"; "no dice" for none.
fn list_pips(v: &[u8]) -> String {
    let words: Vec<String> = v.iter().map(|p| p.to_string()).collect();
    if words.is_empty() {
        "no dice".into()
    } else {
        crate::text::and_list(&words)
    }
}

/// A pool attack reckoned in words (referee-dice-pool.md, Attack): what cancelled, the target,
/// which dice wound. "5 and 3 cancel; no defence die is left, so every attack die left wounds
/// (the 2)."
pub fn pool_reckoning(attack: &[u8], defend: &[u8]) -> String {
    let o = crate::rules::pool::resolve(attack, defend);
    let cancelled: Vec<u8> = attack
        .iter()
        .zip(&o.attack_cancelled)
        .filter(|(_, c)| **c)
        .map(|(a, _)| *a)
        .collect();
    let left: Vec<u8> = attack
        .iter()
        .zip(&o.attack_cancelled)
        .filter(|(_, c)| !**c)
        .map(|(a, _)| *a)
        .collect();
    let mut out = match cancelled.len() {
        0 => "nothing cancels".to_string(),
        1 => format!("the {}s cancel", cancelled[0]),
        _ => format!("{} cancel", list_pips(&cancelled)),
    };
    let hits: Vec<u8> = left
        .iter()
        .copied()
        .filter(|a| o.target.is_none_or(|t| *a >= t))
        .collect();
    match o.target {
        None if left.is_empty() => out.push_str("; no dice are left on either side"),
        None => out.push_str(&format!(
            "; no defence die is left, so every attack die left wounds ({})",
            list_pips(&left)
        )),
        Some(t) if hits.is_empty() => out.push_str(&format!("; the target is {t} and no attack die reaches it")),
        Some(t) => out.push_str(&format!("; the target is {t}, reached by {}", list_pips(&hits))),
    }
    out
}

fn or_nothing(v: &[Face]) -> String {
    if v.is_empty() { "nothing".into() } else { faces(v) }
}

/// `line` with every figure name that carries its own article written as it reads where it
/// stands: "The Witch Lord" opening a sentence or a quotation, "the Witch Lord" inside one.
pub fn running_text(line: String, names: &FigureNames) -> String {
    let mut line = line;
    let mut seen = std::collections::BTreeSet::new();
    for name in names.0.values() {
        if !name.starts_with("The ") || !seen.insert(name.as_str()) || !line.contains(name.as_str()) {
            continue;
        }
        let inside = in_sentence(name);
        let mut out = String::with_capacity(line.len());
        let mut from = 0;
        while let Some(i) = line[from..].find(name.as_str()) {
            let at = from + i;
            let before = line[..at].trim_end();
            // A sentence or a quotation ("The Witch Lord's Crypt") opens with a capital.
            let opens = before.is_empty() || before.ends_with(['.', '!', '?', '"']);
            out.push_str(&line[from..at]);
            out.push_str(if opens { name } else { &inside });
            from = at + name.len();
        }
        out.push_str(&line[from..]);
        line = out;
    }
    line
}

/// A command in plain words, for messages about a saved game: "the Barbarian's move into the
/// corridor".
pub fn command(c: &Command, names: &FigureNames) -> String {
    let who = |id: FigureId| in_sentence(&names.get(id));
    let line = match c {
        Command::RollMovement { hero } => format!("{}'s roll for movement", who(*hero)),
        Command::Move { figure, path } => match path.last() {
            Some(to) => format!("{}'s move into {}", who(*figure), names.place(*to)),
            None => format!("{}'s move nowhere", who(*figure)),
        },
        Command::OpenDoor { hero, door } => format!("{} opening door {door}", who(*hero)),
        Command::CloseDoor { hero, door } => format!("{} closing door {door}", who(*hero)),
        Command::Attack { attacker, target } => format!("{}'s attack on {}", who(*attacker), who(*target)),
        Command::EndTurn => "the end of a turn".into(),
        Command::Activate { figure } => format!("{} taking the next activation", who(*figure)),
        Command::ChooseSchool { hero, school } => format!("{} choosing the school of {school}", who(*hero)),
        Command::ChooseSpells { hero, school, keep } => {
            format!("{} choosing {} of the school of {school}", who(*hero), keep.join(", "))
        }
        Command::CastSpell { caster, spell, target } => {
            format!("{} casting {spell} on {}", who(*caster), who(*target))
        }
        Command::Shoot {
            attacker,
            target,
            weapon,
        } => {
            format!("{} shooting {} with the {weapon}", who(*attacker), who(*target))
        }
        Command::SearchTreasure { hero } => format!("{}'s search for treasure", who(*hero)),
        Command::Steal { thief, hero, item } => format!("{} stealing {item} from {}", who(*thief), who(*hero)),
        Command::Investigate { hero, at } => format!("{} investigating {}", who(*hero), names.place(*at)),
        Command::UsePortal { figure } => format!("{} stepping through a portal", who(*figure)),
        Command::UseCard { hero, item, .. } => format!("{} using {item}", who(*hero)),
        Command::ChangeArmour { hero, armor, on } => {
            format!("{} taking {armor} {}", who(*hero), if *on { "on" } else { "off" })
        }
        Command::SearchTraps { hero } => format!("{}'s search for traps", who(*hero)),
        Command::SearchSecretDoors { hero } => format!("{}'s search for secret doors", who(*hero)),
        Command::DisarmTrap { hero, trap } => format!("{} disarming trap {trap}", who(*hero)),
        Command::JumpTrap { hero, trap, .. } => format!("{} jumping trap {trap}", who(*hero)),
        Command::Jump { figure, over, .. } => format!(
            "{} jumping {} square{}",
            who(*figure),
            over.len(),
            plural(over.len() as u32)
        ),
        Command::DrinkPotion { hero, potion } => format!("{} drinking {potion}", who(*hero)),
        Command::TakeRoll { hero } => format!("{} taking the fight roll", who(*hero)),
        Command::DrinkAt { hero, potion, target } => {
            format!("{} drinking {potion} against {}", who(*hero), who(*target))
        }
        Command::Give { from, to, item } => format!("{} giving {item} to {}", who(*from), who(*to)),
        Command::PickUp { hero } => format!("{} picking up what lies there", who(*hero)),
        Command::UseArtifact { hero, item } => format!("{} using {item}", who(*hero)),
        Command::Wield { hero, weapon } => format!("{} taking the {weapon} in hand", who(*hero)),
        Command::PlaceWanderer { at } => format!("the sorcerer's wandering monster in {}", names.place(*at)),
        Command::Retreat { hero } => format!("{}'s retreat", who(*hero)),
        Command::PickChest { hero, points, .. } => {
            format!("{} picking a chest's lock with {points} points", who(*hero))
        }
        Command::PickLock { hero, points, door } => {
            format!(
                "{} picking the lock{} with {points} points",
                who(*hero),
                names.door_place(*door)
            )
        }
        Command::PullLever { hero, .. } => format!("{} pulling a lever", who(*hero)),
        Command::UseSkill { figure, skill, .. } => {
            format!("{} using {}", who(*figure), super::heroica::describe::skill_name(skill))
        }
        Command::Buy { hero, item } => format!("{} buying {item}", who(*hero)),
        Command::SpendFate { hero, .. } => format!("{} spending Fate", who(*hero)),
        Command::Run { hero } => format!("{} running", who(*hero)),
        Command::SearchFurniture { hero, .. } => format!("{} searching the furniture", who(*hero)),
        Command::Mastery { pay: true } => "paying for the Mastery test".to_string(),
        Command::Mastery { pay: false } => "letting the spell fail".to_string(),
        Command::Danger => "the sorcerer's roll for Danger".to_string(),
        Command::ChooseDungeonCards { .. } => "the sorcerer's Dungeon cards".to_string(),
    };
    running_text(line, names)
}

/// The squares of corridor an event brought into view (None: another kind of event).
fn corridor_squares(e: &GameEvent) -> Option<u32> {
    match e {
        GameEvent::AreaRevealed { area, squares } if area == "Corridor" => Some(*squares),
        _ => None,
    }
}

fn corridor_line(squares: u32) -> String {
    if squares == 1 {
        "1 corridor square comes into view.".to_string()
    } else {
        format!("{squares} corridor squares come into view.")
    }
}

/// How a new event's line joins the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Join {
    /// A line of its own.
    New(String),
    /// In place of the last line: corridor squares seen step by step are one line ("4
    /// corridor squares come into view"), and a refusal repeated is counted ("(3 times)").
    Last(String),
}

/// The log as a player reads it: the lines of `describe`, with what one move reveals step by
/// step summed up, and the same refusal again counted rather than repeated. One per log.
#[derive(Clone, Debug, Default)]
pub struct Lines {
    /// Where each hero was last seen to stand, from the moves among the events: to say a monster
    /// appears "next to Dwarf". A hero not yet moved is not named.
    heroes: BTreeMap<FigureId, Pos>,
    /// Corridor squares that came into view since the last other line.
    corridor: Option<u32>,
    /// The last refusal and how many times in a row it came.
    refused: Option<(String, u32)>,
}

impl Lines {
    /// The line `e` adds, or None for an event too small to mention.
    pub fn add(&mut self, e: &GameEvent, names: &FigureNames) -> Option<Join> {
        match e {
            GameEvent::HeroMoved { figure, to, .. } | GameEvent::HeroEntered { figure, at: to } => {
                self.heroes.insert(*figure, *to);
            }
            GameEvent::HeroKilled { figure, .. } | GameEvent::HeroRetreated { figure } => {
                self.heroes.remove(figure);
            }
            _ => {}
        }
        let text = describe_near(e, names, &self.heroes)?;
        if let Some(n) = corridor_squares(e) {
            self.refused = None;
            return Some(match self.corridor {
                Some(k) => {
                    self.corridor = Some(k + n);
                    Join::Last(corridor_line(k + n))
                }
                None => {
                    self.corridor = Some(n);
                    Join::New(text)
                }
            });
        }
        self.corridor = None;
        if matches!(e, GameEvent::CommandRejected { .. }) {
            if let Some((last, times)) = &mut self.refused
                && *last == text
            {
                *times += 1;
                return Some(Join::Last(format!("{text} ({times} times)")));
            }
            self.refused = Some((text.clone(), 1));
        } else {
            self.refused = None;
        }
        Some(Join::New(text))
    }

    /// Every event's line, joined as the log joins them.
    pub fn all(events: &[GameEvent], names: &FigureNames) -> Vec<String> {
        let mut lines = Lines::default();
        let mut out: Vec<String> = Vec::new();
        for e in events {
            match lines.add(e, names) {
                Some(Join::New(t)) => out.push(t),
                Some(Join::Last(t)) => match out.last_mut() {
                    Some(last) => *last = t,
                    None => out.push(t),
                },
                None => {}
            }
        }
        out
    }
}

/// One line for the log, or None for events too small to mention (single steps).
pub fn describe(e: &GameEvent, names: &FigureNames) -> Option<String> {
    describe_near(e, names, &BTreeMap::new())
}

/// `describe`, saying which of `heroes` (where they stand) a monster appears next to.
pub fn describe_near(e: &GameEvent, names: &FigureNames, heroes: &BTreeMap<FigureId, Pos>) -> Option<String> {
    bare(e, names, heroes).map(|line| running_text(line, names))
}

/// What a hero's minor action cost under the action-point module: " (1 action point)".
fn a_point(names: &FigureNames, by: FigureId) -> &'static str {
    if names.3 && names.0.contains_key(&by) {
        " (1 action point)"
    } else {
        ""
    }
}

/// " next to Dwarf", " next to Elf and Wizard": the heroes on the eight squares around `p`.
fn next_to(p: Pos, names: &FigureNames, heroes: &BTreeMap<FigureId, Pos>) -> String {
    let by: Vec<String> = heroes
        .iter()
        .filter(|(_, at)| at.is_orthogonally_adjacent(p) || at.is_diagonally_adjacent(p))
        .map(|(id, _)| names.get(*id))
        .collect();
    if by.is_empty() {
        String::new()
    } else {
        format!(" next to {}", crate::text::and_list(&by))
    }
}

/// A lock attempt in words (the action-point module): who, which lock, (the points, the help
/// of heroes beside it, the Response cards, whether it opened), and what opening it does.
fn lock_line(who: &str, lock: &str, (points, help, cards, opened): (u8, u8, &[u8], bool), opens: &str) -> String {
    let total = points + help;
    let helped = match help {
        0 => String::new(),
        h => format!(" and {h} for the help beside it"),
    };
    let drawn = list_pips(cards);
    let sum: u32 = cards.iter().map(|c| u32::from(*c)).sum();
    let pts = plural(u32::from(points));
    if opened {
        format!(
            "{who} picks {lock}: {points} point{pts}{helped} make {total}, more than the Response cards {drawn} ({sum}). {opens}"
        )
    } else {
        format!(
            "{who} tries {lock}: {points} point{pts}{helped} make {total}, not more than the Response cards {drawn} ({sum}). It holds."
        )
    }
}

fn bare(e: &GameEvent, names: &FigureNames, heroes: &BTreeMap<FigureId, Pos>) -> Option<String> {
    let n = |id| names.get(id);
    let place = |at: Pos| format!("{}{}", names.place(at), next_to(at, names, heroes));
    Some(match e {
        GameEvent::Heroica(h) => super::heroica::describe::line(h, names),
        GameEvent::QuestStarted { quest, name, seed } => {
            let title = if name.is_empty() { quest } else { name };
            format!("The quest \"{title}\" begins (seed {seed}).")
        }
        GameEvent::TurnStarted {
            round,
            actor: Actor::Hero(h),
        } => format!("Round {round}: {}'s turn.", n(*h)),
        GameEvent::TurnStarted {
            round,
            actor: Actor::Sorcerer,
        } if names.4.is_some() => format!("Round {round}: the monster player's turn."),
        GameEvent::TurnStarted {
            round,
            actor: Actor::Sorcerer,
        } => format!("Round {round}: the sorcerer's turn."),
        GameEvent::MovementRolled { hero, dice, heavy } => {
            let total: u32 = dice.iter().map(|d| u32::from(d.saturating_sub(*heavy).max(1))).sum();
            let list: Vec<String> = dice.iter().map(u8::to_string).collect();
            let weight = if *heavy > 0 {
                format!(", each die {heavy} lower for what it carries (Heavy)")
            } else {
                String::new()
            };
            if names.3 {
                format!(
                    "{} rolls {}{weight}: {total} action points.",
                    n(*hero),
                    list.join(" + ")
                )
            } else {
                format!(
                    "{} rolls {} for movement{weight}: {total} squares.",
                    n(*hero),
                    list.join(" + ")
                )
            }
        }
        GameEvent::HeroMoved { .. } | GameEvent::MonsterMoved { .. } => return None,
        GameEvent::MoveInterrupted { figure, reason, .. } => {
            format!("{} stops: {reason}.", n(*figure))
        }
        GameEvent::DoorOpened { by, door } | GameEvent::DoorClosed { by, door } => {
            let verb = if matches!(e, GameEvent::DoorOpened { .. }) {
                "opens"
            } else {
                "closes"
            };
            format!(
                "{} {verb} the door{}{}.",
                n(*by),
                names.door_place(*door),
                a_point(names, *by)
            )
        }
        GameEvent::AreaRevealed { area, squares } => {
            if area == "Corridor" {
                corridor_line(*squares)
            } else {
                format!("The {area} is revealed.")
            }
        }
        GameEvent::MonsterRevealed { figure, at } => format!("{} appears in {}!", n(*figure), place(*at)),
        GameEvent::Attack {
            attacker,
            target,
            attack,
            defend,
            damage,
        } if dice::rolled_pools(attack, defend) => {
            let (a, d) = (dice::pips(attack), dice::pips(defend));
            format!(
                "{} attacks {}: rolls {} against {} — {}: {}.",
                n(*attacker),
                n(*target),
                list_pips(&a),
                list_pips(&d),
                pool_reckoning(&a, &d),
                match damage {
                    0 => "no damage".to_string(),
                    1 => "1 body point lost".to_string(),
                    d => format!("{d} body points lost"),
                }
            )
        }
        GameEvent::Attack {
            attacker,
            target,
            attack,
            defend,
            damage,
        } => {
            let hits = combat::skulls(attack);
            format!(
                "{} attacks {}: {} ({hits} hit{}); defence {} — {}.",
                n(*attacker),
                n(*target),
                if attack.is_empty() {
                    "no dice".into()
                } else {
                    faces(attack)
                },
                if hits == 1 { "" } else { "s" },
                if defend.is_empty() {
                    "nothing".into()
                } else {
                    faces(defend)
                },
                match damage {
                    0 => "no damage".to_string(),
                    1 => "1 body point lost".to_string(),
                    d => format!("{d} body points lost"),
                }
            )
        }
        GameEvent::MonsterKilled { figure, by: Some(by) } => {
            format!("{} is slain by {}.", n(*figure), n(*by))
        }
        GameEvent::MonsterKilled { figure, by: None } => format!("{} is destroyed.", n(*figure)),
        GameEvent::HeroKilled { figure, by: Some(by) } => format!("{} has fallen to {}!", n(*figure), n(*by)),
        GameEvent::HeroKilled { figure, by: None } => format!("{} has died!", n(*figure)),
        GameEvent::ObjectiveCompleted => "The quest's goal is achieved!".into(),
        GameEvent::HeroEscaped { figure } => {
            format!("{} climbs the stairway to safety.", n(*figure))
        }
        GameEvent::HeroEntered { figure, .. } => {
            format!("{} comes down the stairway onto the board.", n(*figure))
        }
        GameEvent::CaptiveFreed { captive, hero } => {
            format!("{} frees {}, who follows {}.", n(*hero), n(*captive), n(*hero))
        }
        GameEvent::CaptiveMoved { .. } => return None,
        GameEvent::CaptiveRescued { captive } => format!("{} climbs the stairway to freedom.", n(*captive)),
        GameEvent::CaptiveKilled { captive, by } => match by {
            Some(by) => format!("{} strikes down {}. The rescue has failed.", n(*by), n(*captive)),
            None => format!("{} has fallen. The rescue has failed.", n(*captive)),
        },
        GameEvent::WalledIn { figure } => format!(
            "Rubble has walled {} in: no way leads out from there, and the quest cannot wait.",
            n(*figure)
        ),
        GameEvent::HeroGotOut { figure } => {
            format!("{} slips out of the dungeon by the way out.", n(*figure))
        }
        GameEvent::QuestWon { .. } | GameEvent::QuestLost { .. } if names.4.is_some() => return None,
        GameEvent::SorcererReasoned { text, .. } if names.4.is_some() => format!("Monster player: {text}"),
        GameEvent::QuestWon { round } => {
            format!("Victory! The heroes complete the quest in {round} rounds.")
        }
        GameEvent::QuestLost { round } => format!("Defeat. The quest is lost in round {round}."),
        GameEvent::CommandRejected { reason } => format!("Not allowed: {reason}."),
        GameEvent::SorcererReasoned { text, .. } => format!("Sorcerer: {text}."),
        GameEvent::SchoolChosen { hero, school, .. } => {
            format!("{} takes the school of {}.", n(*hero), capital(school))
        }
        GameEvent::SpellCast {
            caster,
            name,
            target,
            resist,
            resisted,
            ..
        }
        | GameEvent::DreadSpellCast {
            caster,
            name,
            target,
            resist,
            resisted,
            ..
        } => {
            let on = if caster == target {
                String::new()
            } else {
                format!(" on {}", n(*target))
            };
            let dread = if matches!(e, GameEvent::DreadSpellCast { .. }) {
                format!("the {} ", names.sorcerers_spell())
            } else {
                String::new()
            };
            let (mind, end) = if resist.is_empty() {
                (String::new(), ".")
            } else if *resisted {
                (format!(" — resisted with {}", faces(resist)), "!")
            } else {
                (format!(" — mind roll: {}, not enough", or_nothing(resist)), ".")
            };
            format!("{} casts {dread}{name}{on}{mind}{end}", n(*caster))
        }
        GameEvent::Wounded {
            figure,
            amount,
            dice,
            cause,
        } => {
            let rolled = if dice.is_empty() {
                String::new()
            } else {
                format!(" (rolled {})", or_nothing(dice))
            };
            match amount {
                0 => format!("{} escapes {cause} unhurt{rolled}.", n(*figure)),
                1 => format!("{} loses 1 body point to {cause}{rolled}.", n(*figure)),
                a => format!("{} loses {a} body points to {cause}{rolled}.", n(*figure)),
            }
        }
        GameEvent::Healed { figure, amount, cause } => {
            format!(
                "{} regains {amount} body point{} ({cause}).",
                n(*figure),
                plural(*amount as u32)
            )
        }
        GameEvent::StatusGained { figure, status } => format!("{} {}.", n(*figure), status_gained(*status)),
        GameEvent::StatusEnded { figure, status } => format!("{} {}.", n(*figure), status_ended(*status)),
        GameEvent::Activated { figure } => format!("{} acts first.", n(*figure)),
        GameEvent::ManAtArmsKilled { figure, by } => match by {
            Some(by) => format!("{} strikes down {}.", n(*by), n(*figure)),
            None => format!("{} has fallen.", n(*figure)),
        },
        GameEvent::TurnSkipped { figure, reason } => format!("{} misses the turn ({reason}).", n(*figure)),
        GameEvent::ThrownWeaponLost { hero, weapon } => {
            format!(
                "That was a throw: {}'s {} is gone.",
                n(*hero),
                capital(&weapon.replace('_', " "))
            )
        }
        GameEvent::TreasureDrawn { hero, title, text } => {
            format!("{} searches for treasure and draws \"{title}\": {text}", n(*hero))
        }
        GameEvent::SpecialTreasureFound { hero, text } => format!("{} searches and finds: {text}", n(*hero)),
        GameEvent::NothingFound { hero, search } => format!("{} searches for {search} but finds nothing.", n(*hero)),
        GameEvent::GoldFound { hero, amount } => format!("{} gains {amount} gold coins.", n(*hero)),
        GameEvent::PotionFound { hero, name, .. } => format!("{} takes {}.", n(*hero), the(name)),
        GameEvent::ItemFound { hero, name, .. } => format!("{} takes {}.", n(*hero), the(name)),
        GameEvent::HazardDrawn { .. } => return None,
        GameEvent::WanderingMonster { figure, at } => {
            format!("A wandering {} appears in {} and attacks!", n(*figure), place(*at))
        }
        GameEvent::MonsterSummoned { figure, at } => format!("{} is summoned in {}.", n(*figure), place(*at)),
        // Headless (the story of a simulated game): the mouse player's words.
        GameEvent::MysticAttack {
            attacker,
            target,
            attack,
            defend,
            damage,
        } => format!(
            "{} strikes at {}'s mind: {} against {}, {}.",
            n(*attacker),
            in_sentence(&n(*target)),
            or_nothing(attack),
            or_nothing(defend),
            match damage {
                0 => "no harm done".to_string(),
                1 => "1 Mind point".to_string(),
                d => format!("{d} Mind points"),
            }
        ),
        GameEvent::MindLost {
            figure,
            amount: 0,
            cause,
        } => {
            format!("{} shrugs off {}.", n(*figure), in_sentence(cause))
        }
        GameEvent::MindLost { figure, amount, cause } => {
            format!("{} loses {amount} Mind to {}.", n(*figure), in_sentence(cause))
        }
        GameEvent::Investigated { hero, at } => format!("{} investigates {}.", n(*hero), names.place(*at)),
        GameEvent::CardUsed {
            hero,
            name,
            target,
            cost,
            forced,
            ..
        } => {
            let on = if hero == target {
                String::new()
            } else {
                format!(" on {}", n(*target))
            };
            let cost = match cost {
                crate::rules::ruleset::CardCost::Free => "",
                crate::rules::ruleset::CardCost::Drain => " (drained for the quest)",
                crate::rules::ruleset::CardCost::Discard => " (used up)",
            };
            if *forced {
                format!("{}'s cursed {name} plays itself{on}{cost}.", n(*hero))
            } else {
                format!("{} uses the {name}{on}{cost}.", n(*hero))
            }
        }
        GameEvent::ArmourChanged { hero, name, on, .. } => {
            if *on {
                format!("{} spends the turn buckling on the {name}.", n(*hero))
            } else {
                format!("{} spends the turn taking off the {name}.", n(*hero))
            }
        }
        GameEvent::MaximumChanged { figure, body, mind } => {
            format!("{} can now have up to {body} Body and {mind} Mind.", n(*figure))
        }
        GameEvent::PortalOpened { hero, .. } => {
            format!(
                "{} wakes the portal: both its ends glow, and it will carry the party.",
                n(*hero)
            )
        }
        GameEvent::PortalUsed { figure, from, to, .. } => format!(
            "{} steps into the portal in {} and out of its twin in {}.",
            n(*figure),
            names.place(*from),
            names.place(*to)
        ),
        GameEvent::TestRolled {
            hero,
            test,
            dice,
            passed,
        } => format!(
            "{} makes a {}: {} ({}).",
            n(*hero),
            test.name(),
            or_nothing(dice),
            if *passed { "a 6: passed" } else { "no 6: failed" }
        ),
        GameEvent::QuestMessage { text } => crate::seating::device_words(
            text,
            crate::seating::Device::MouseKeyboard,
            &crate::seating::Bindings::default(),
        ),
        GameEvent::DoorChanged { open: true, .. } => "A door swings open by itself.".to_string(),
        GameEvent::DoorChanged { locked: true, .. } => "A bolt shoots home: a door is locked.".to_string(),
        GameEvent::DoorChanged { .. } => "Somewhere a bolt is drawn back: a door is unlocked.".to_string(),
        GameEvent::TrapFound { kind, at, .. } => format!("A {} is found in {}.", trap_name(*kind), names.place(*at)),
        GameEvent::TrapSprung { figure, text, .. } => format!("{} springs a trap: {text}", n(*figure)),
        GameEvent::TrapDisarmed {
            by, roll, dexterity, ..
        } => {
            format!(
                "{} disarms the trap (rolled {}).",
                n(*by),
                with_dexterity(roll, *dexterity)
            )
        }
        GameEvent::DisarmFailed {
            hero, roll, dexterity, ..
        } => {
            format!(
                "{} tries to disarm the trap, rolls {} and sets it off.",
                n(*hero),
                with_dexterity(roll, *dexterity)
            )
        }
        GameEvent::JumpFailed { hero, roll, .. } => {
            format!(
                "{} tries to leap over the trap, rolls {} and lands on it.",
                n(*hero),
                or_nothing(roll)
            )
        }
        GameEvent::TrapJumped { hero, roll, .. } => {
            format!("{} leaps over the trap (rolled {}).", n(*hero), or_nothing(roll))
        }
        GameEvent::Jumped { figure, over, roll, to } => format!(
            "{} leaps {over} square{} to {} (rolled {}).",
            n(*figure),
            plural(u32::from(*over)),
            names.place(*to),
            or_nothing(roll)
        ),
        GameEvent::JumpFellShort { figure, roll, at } => format!(
            "{} leaps, rolls {} and comes down short, {}.",
            n(*figure),
            or_nothing(roll),
            names.place(*at)
        ),
        GameEvent::SecretDoorFound { door } => format!("A secret door is found{}!", names.door_place(*door)),
        GameEvent::PotionDrunk { hero, name, .. } => format!("{} drinks {}.", n(*hero), the(name)),
        GameEvent::DeathAverted { hero, by } => format!("{} escapes death thanks to {}!", n(*hero), the(by)),
        GameEvent::ItemGiven { from, to, name, .. } => {
            format!(
                "{} gives {} to {}{}.",
                n(*from),
                the(name),
                n(*to),
                a_point(names, *from)
            )
        }
        GameEvent::WeaponWielded { hero, name, .. } => format!("{} takes {} in hand.", n(*hero), the(name)),
        GameEvent::AbilityLost { hero, name } => format!(
            "{} puts {} away: the extra action it gave is spent, and the rest of the turn with it.",
            n(*hero),
            the(name)
        ),
        GameEvent::ItemStolen { thief, hero, name, .. } => format!(
            "{} snatches {} from {} and runs!",
            n(*thief),
            the(name),
            in_sentence(&n(*hero))
        ),
        GameEvent::StolenItemLost { thief, name, .. } => {
            format!("{} is out of sight: {} is lost.", n(*thief), the(name))
        }
        GameEvent::StolenItemDropped { thief, at } => {
            format!("{} drops what it stole in {}.", n(*thief), place(*at))
        }
        GameEvent::PossessionsDropped { hero, at } => {
            format!(
                "{}'s possessions lie in {} for the others to take.",
                n(*hero),
                names.place(*at)
            )
        }
        GameEvent::PossessionsClaimed { hero } => {
            format!("With no hero near, the monsters carry off {}'s possessions.", n(*hero))
        }
        GameEvent::PossessionsPickedUp { hero, .. } => {
            format!("{} picks up what lies there{}.", n(*hero), a_point(names, *hero))
        }
        GameEvent::ArtifactUsed { hero, name, .. } => format!("{} uses {}.", n(*hero), the(name)),
        GameEvent::HeroRetreated { figure } => format!("{} retreats up the stairway.", n(*figure)),
        GameEvent::LockPicked {
            hero,
            door,
            points,
            help,
            cards,
            opened,
        } => lock_line(
            &n(*hero),
            &format!("the lock{}", names.door_place(*door)),
            (*points, *help, cards, *opened),
            "The door swings open.",
        ),
        GameEvent::ChestPicked {
            hero,
            points,
            help,
            cards,
            opened,
            ..
        } => lock_line(
            &n(*hero),
            "the chest's lock",
            (*points, *help, cards, *opened),
            "The lid comes up.",
        ),
        GameEvent::MovePaid {
            figure,
            squares,
            points,
            left,
        } => format!(
            "{} walks {squares} square{}: {points} action point{}, {left} left.",
            n(*figure),
            plural(u32::from(*squares)),
            plural(u32::from(*points))
        ),
        GameEvent::ThreatenedStep { figure, .. } => {
            format!("{} pays a point more to step away from a monster's side.", n(*figure))
        }
        GameEvent::DangerDrawn {
            figure,
            at,
            cards,
            failed,
            ..
        } => match (cards.is_empty(), failed) {
            (true, true) => format!(
                "{} is pushed onto dangerous ground in {}.",
                n(*figure),
                names.place(*at)
            ),
            (true, false) => format!(
                "{} crosses dangerous ground in {}: no monster beside it.",
                n(*figure),
                names.place(*at)
            ),
            (false, true) => format!(
                "{} crosses dangerous ground in {}: the Response cards {} show an Eye!",
                n(*figure),
                names.place(*at),
                list_pips(cards)
            ),
            (false, false) => format!(
                "{} crosses dangerous ground in {}: the Response cards {} show no Eye.",
                n(*figure),
                names.place(*at),
                list_pips(cards)
            ),
        },
        GameEvent::LeverPulled { hero, door, .. } => {
            format!(
                "{} pulls the lever{}: the way{} opens.",
                n(*hero),
                a_point(names, *hero),
                names.door_place(*door)
            )
        }
        GameEvent::FateSpent { .. }
        | GameEvent::MindRestored { .. }
        | GameEvent::RollSet { .. }
        | GameEvent::ExtraActivation { .. }
        | GameEvent::RunBegun { .. }
        | GameEvent::RunCutShort { .. }
        | GameEvent::FurnitureSearched { .. }
        | GameEvent::MasteryTested { .. }
        | GameEvent::MasteryPaid { .. }
        | GameEvent::MasteryFailed { .. }
        | GameEvent::DungeonCardsChosen { .. }
        | GameEvent::DangerRolled { .. }
        | GameEvent::UpkeepPaid { .. }
        | GameEvent::WeaponDrained { .. }
        | GameEvent::SpellsDrawn { .. }
        | GameEvent::MagicDeckShuffled { .. }
        | GameEvent::EventPlayed { .. } => return advanced::line(e, names),
        GameEvent::QuestAbandoned { round } => {
            format!("The heroes have retreated in round {round}; the quest is unfinished.")
        }
    })
}

/// A disarming roll: the die, and the Dexterity added to it where the rules add one ("4 + 3
/// Dexterity = 7").
pub fn with_dexterity(roll: &[crate::rules::dice::Face], dexterity: Option<u8>) -> String {
    let pips: u8 = crate::rules::dice::pips(roll).iter().sum();
    match dexterity {
        Some(d) => format!("{pips} + {d} Dexterity = {}", pips + d),
        None => or_nothing(roll),
    }
}
