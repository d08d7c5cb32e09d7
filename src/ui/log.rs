//! The log in plain words and the dice tray, both fed by `GameEvent`s.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::model::{FigureNames, GameEvent};
use crate::rules::dice::Face;

mod dice;
pub(crate) use dice::shield;
pub use dice::{dice_tray, face_picture};

pub struct LogLine {
    pub text: String,
    pub color: egui::Color32,
}

#[derive(Resource, Default)]
pub struct GameLog {
    pub lines: Vec<LogLine>,
    /// How the next line joins the last (corridor squares summed, a refusal counted).
    pub joins: crate::game::describe::Lines,
}

/// The last dice rolled, as the tray shows them.
#[derive(Resource, Default, Clone, PartialEq)]
pub enum DiceTray {
    #[default]
    Empty,
    Movement {
        who: String,
        dice: Vec<u8>,
    },
    Combat {
        who: String,
        attack: Vec<Face>,
        defend: Vec<Face>,
        damage: u8,
    },
    /// Response cards drawn (the action-point module): a lock attempt, dangerous ground.
    Cards {
        who: String,
        what: String,
        /// (value, bears an Eye)
        cards: Vec<(u8, bool)>,
        result: String,
    },
    /// Any other roll: a trap, a hazard, a jump, a disarm, a mind roll against a spell.
    Roll {
        who: String,
        what: String,
        faces: Vec<Face>,
        result: String,
    },
}

pub use crate::screen::{CARD_SECONDS, CardPopup};

/// One-shot UI state reset when a quest starts.
#[derive(Resource)]
pub struct Shown {
    pub briefing_open: bool,
}

/// When the dice in the tray were thrown (they tumble for a moment, unless motion is reduced).
#[derive(Resource, Default)]
pub struct DiceTumble {
    pub since: Option<f32>,
}

/// How long thrown dice tumble, at animation speed 1.
pub const TUMBLE_SECONDS: f32 = 0.45;

pub fn plugin(app: &mut App) {
    app.init_resource::<GameLog>()
        .init_resource::<DiceTumble>()
        .init_resource::<DiceTray>()
        .init_resource::<CardPopup>()
        .insert_resource(Shown { briefing_open: true })
        .init_resource::<crate::screen::TipDevice>()
        .add_systems(
            Update,
            (crate::screen::track_tip_device, read_events)
                .chain()
                .in_set(crate::game::GameSet::Present),
        );
}

#[expect(clippy::too_many_arguments, reason = "a Bevy system reads what it shows")]
fn read_events(
    mut events: MessageReader<GameEvent>,
    names: Option<Res<FigureNames>>,
    mut log: ResMut<GameLog>,
    mut tray: ResMut<DiceTray>,
    mut shown: ResMut<Shown>,
    mut card: ResMut<CardPopup>,
    quest: Option<Res<crate::game::model::ActiveQuest>>,
    (time, restored, mut commands, mut tumble): (
        Res<Time>,
        Option<Res<crate::screen::JustRestored>>,
        Commands,
        ResMut<DiceTumble>,
    ),
    (settings, tip_device): (
        Option<Res<crate::save::settings::Settings>>,
        Option<Res<crate::screen::TipDevice>>,
    ),
) {
    let now = time.elapsed_secs();
    let before = tray.clone();
    // A rebuilt game (resumed or undone) fills the log again without turning cards over.
    let quiet = restored.is_some();
    if quiet {
        commands.remove_resource::<crate::screen::JustRestored>();
    }
    let make = |title: String, text: String, color: egui::Color32| CardPopup {
        title,
        text,
        color,
        since: Some(now),
    };
    let spell_text = |id: &str| {
        quest
            .as_ref()
            .and_then(|q| q.0.rules.spells.get(id).map(|d| d.text.clone()))
            .unwrap_or_default()
    };
    let default_names = FigureNames::default();
    let names = names.as_deref().unwrap_or(&default_names);
    let tip_words = |text: &str| {
        let bindings = settings.as_deref().map(|s| s.bindings.clone()).unwrap_or_default();
        crate::seating::device_words(
            text,
            tip_device
                .as_deref()
                .map_or(crate::seating::Device::MouseKeyboard, |t| t.0),
            &bindings,
        )
    };
    for e in events.read() {
        // A quest's tip in the words of the device that plays.
        let worded;
        let e = match e {
            GameEvent::QuestMessage { text } => {
                worded = GameEvent::QuestMessage { text: tip_words(text) };
                &worded
            }
            e => e,
        };
        match e {
            GameEvent::QuestStarted { .. } => {
                log.lines.clear();
                log.joins = Default::default();
                *tray = DiceTray::Empty;
                shown.briefing_open = true;
                card.since = None;
            }
            GameEvent::TreasureDrawn { title, text, .. } => {
                *card = make(
                    format!("Treasure card: {title}"),
                    text.clone(),
                    egui::Color32::from_rgb(230, 190, 110),
                )
            }
            GameEvent::SpecialTreasureFound { text, .. } => {
                *card = make("Treasure!".into(), text.clone(), egui::Color32::from_rgb(230, 190, 110))
            }
            GameEvent::SpellCast {
                spell,
                name,
                target,
                resist,
                resisted,
                ..
            }
            | GameEvent::DreadSpellCast {
                spell,
                name,
                target,
                resist,
                resisted,
                ..
            } => {
                let dread = matches!(e, GameEvent::DreadSpellCast { .. });
                *card = make(
                    format!("{}: {name}", if dread { names.sorcerers_spell() } else { "Spell" }),
                    spell_text(spell),
                    if dread {
                        egui::Color32::from_rgb(200, 120, 230)
                    } else {
                        egui::Color32::from_rgb(130, 180, 250)
                    },
                );
                if !resist.is_empty() {
                    *tray = DiceTray::Roll {
                        who: names.get(*target),
                        what: format!("resists {name} with mind"),
                        faces: resist.clone(),
                        result: if *resisted {
                            "Resisted!".into()
                        } else {
                            "The spell takes hold.".into()
                        },
                    };
                }
            }
            GameEvent::TrapSprung { text, .. } => {
                *card = make("Trap!".into(), text.clone(), egui::Color32::from_rgb(240, 110, 100))
            }
            GameEvent::TrapFound { kind, at, .. } => {
                *card = make(
                    "Trap found".into(),
                    format!(
                        "A {} in {}, marked on the board. Go around it, jump it, or disarm it.",
                        crate::game::describe::trap_name(*kind),
                        names.place(*at)
                    ),
                    egui::Color32::from_rgb(240, 170, 90),
                )
            }
            GameEvent::QuestMessage { text } => {
                let title = quest.as_ref().map_or("The quest".to_string(), |q| q.0.name.clone());
                *card = make(title, text.clone(), egui::Color32::from_rgb(220, 200, 150))
            }
            GameEvent::SecretDoorFound { .. } => {
                *card = make(
                    "Secret door".into(),
                    "A hidden door swings into view in the wall.".into(),
                    egui::Color32::from_rgb(240, 170, 90),
                )
            }
            GameEvent::WanderingMonster { figure, .. } => {
                *card = make(
                    "Wandering monster!".into(),
                    format!(
                        "{} lunges out of the dark.",
                        crate::game::describe::with_article(&names.get(*figure))
                    ),
                    egui::Color32::from_rgb(240, 110, 100),
                )
            }
            GameEvent::Wounded {
                figure,
                amount,
                dice,
                cause,
            } if !dice.is_empty() => {
                *tray = DiceTray::Roll {
                    who: names.get(*figure),
                    what: cause.clone(),
                    faces: dice.clone(),
                    result: match amount {
                        0 => "No damage.".into(),
                        1 => "1 body point lost.".into(),
                        a => format!("{a} body points lost."),
                    },
                };
            }
            GameEvent::MysticAttack {
                attacker,
                target,
                attack,
                defend,
                damage,
            } => {
                let saved = defend.iter().filter(|f| **f != crate::rules::dice::Face::Skull).count();
                *tray = DiceTray::Roll {
                    who: names.get(*attacker),
                    what: format!(
                        "strikes at {}'s mind (Mystic Combat)",
                        crate::game::describe::in_sentence(&names.get(*target))
                    ),
                    faces: attack.clone(),
                    result: format!(
                        "{} Mind dice against {} ({saved} shields): {}.",
                        attack.len(),
                        defend.len(),
                        match damage {
                            0 => "no Mind lost".to_string(),
                            1 => "1 Mind point lost".to_string(),
                            d => format!("{d} Mind points lost"),
                        }
                    ),
                };
            }
            // Revised's advanced game: the Mastery test in the tray (#165), Morcar's cards as
            // they take effect (#168–169).
            GameEvent::MasteryTested {
                caster,
                name,
                roll,
                total,
                mind,
                passed,
                ..
            } => {
                *tray = DiceTray::Roll {
                    who: names.get(*caster),
                    what: format!("makes the Mastery test of {name}"),
                    faces: vec![crate::rules::dice::Face::Pip(*roll)],
                    result: if *passed {
                        format!("{roll} + {} = {total}, at most Mind {mind}: passed.", total - roll)
                    } else {
                        format!(
                            "{roll} + {} = {total}, over Mind {mind}: short by {}.",
                            total - roll,
                            total - mind
                        )
                    },
                };
            }
            GameEvent::DangerRolled { dice, cards } => {
                *tray = DiceTray::Roll {
                    who: "Morcar".into(),
                    what: "gives up its turn to roll for Danger".into(),
                    faces: dice.clone(),
                    result: match cards {
                        0 => "No skull: no Event card.".into(),
                        1 => "A skull: one Event card.".into(),
                        c => format!("{c} skulls: {c} Event cards."),
                    },
                };
            }
            GameEvent::EventPlayed { card: title, text } => {
                *card = make(
                    format!("Event: {title}"),
                    text.clone(),
                    egui::Color32::from_rgb(220, 120, 230),
                )
            }
            GameEvent::DungeonCardsChosen { names: cards, .. } if !cards.is_empty() => {
                *card = make(
                    "Morcar's Dungeon cards".into(),
                    format!("In play for this quest: {}.", crate::text::and_list(cards)),
                    egui::Color32::from_rgb(220, 120, 230),
                )
            }
            GameEvent::TestRolled {
                hero,
                test,
                dice,
                passed,
            } => {
                *tray = DiceTray::Roll {
                    who: names.get(*hero),
                    what: format!("makes a {}", test.name()),
                    faces: dice.clone(),
                    result: if *passed { "A 6: passed." } else { "No 6: failed." }.into(),
                };
            }
            GameEvent::TrapDisarmed {
                by, roll, dexterity, ..
            } => {
                *tray = DiceTray::Roll {
                    who: names.get(*by),
                    what: "disarms a trap".into(),
                    faces: roll.clone(),
                    result: match dexterity {
                        Some(_) => format!("{}: disarmed.", crate::game::describe::with_dexterity(roll, *dexterity)),
                        None => "Disarmed.".into(),
                    },
                };
            }
            GameEvent::DisarmFailed {
                hero, roll, dexterity, ..
            } => {
                *tray = DiceTray::Roll {
                    who: names.get(*hero),
                    what: "disarms a trap".into(),
                    faces: roll.clone(),
                    result: match dexterity {
                        Some(_) => format!(
                            "{}: too low, the trap goes off.",
                            crate::game::describe::with_dexterity(roll, *dexterity)
                        ),
                        None => "A skull: the trap goes off.".into(),
                    },
                };
            }
            GameEvent::Jumped { figure, roll, .. } | GameEvent::JumpFellShort { figure, roll, .. } => {
                *tray = DiceTray::Roll {
                    who: names.get(*figure),
                    what: format!(
                        "jumps {} square{}",
                        roll.len(),
                        crate::game::describe::plural(roll.len() as u32)
                    ),
                    faces: roll.clone(),
                    result: if matches!(e, GameEvent::JumpFellShort { .. }) {
                        "A skull: it comes down short."
                    } else {
                        "No skull: safely over."
                    }
                    .into(),
                };
            }
            GameEvent::TrapJumped { hero, roll, .. } | GameEvent::JumpFailed { hero, roll, .. } => {
                *tray = DiceTray::Roll {
                    who: names.get(*hero),
                    what: "jumps a trap".into(),
                    faces: roll.clone(),
                    result: if matches!(e, GameEvent::JumpFailed { .. }) {
                        "A skull: lands on the trap."
                    } else {
                        "Safely over."
                    }
                    .into(),
                };
            }
            GameEvent::LockPicked {
                hero,
                points,
                help,
                cards,
                opened,
                ..
            } => {
                *tray = DiceTray::Cards {
                    who: names.get(*hero),
                    what: format!(
                        "picks a lock with {}",
                        match help {
                            0 => format!("{points} points"),
                            h => format!("{points} points and {h} for help"),
                        }
                    ),
                    cards: cards.iter().map(|c| (*c, false)).collect(),
                    result: if *opened {
                        format!(
                            "{} beats {}: the lock opens!",
                            points + help,
                            cards.iter().map(|c| u32::from(*c)).sum::<u32>()
                        )
                    } else {
                        format!(
                            "{} does not beat {}: it holds.",
                            points + help,
                            cards.iter().map(|c| u32::from(*c)).sum::<u32>()
                        )
                    },
                };
            }
            GameEvent::DangerDrawn {
                figure,
                cards,
                eyes,
                failed,
                ..
            } if !cards.is_empty() => {
                *tray = DiceTray::Cards {
                    who: names.get(*figure),
                    what: "crosses dangerous ground".into(),
                    cards: cards.iter().copied().zip(eyes.iter().copied()).collect(),
                    result: if *failed {
                        "An Eye!".into()
                    } else {
                        "No Eye: safe across.".into()
                    },
                };
            }
            GameEvent::MovementRolled { hero, dice, .. } => {
                *tray = DiceTray::Movement {
                    who: names.get(*hero),
                    dice: dice.clone(),
                };
            }
            GameEvent::Attack {
                attacker,
                target,
                attack,
                defend,
                damage,
            } => {
                *tray = DiceTray::Combat {
                    who: format!(
                        "{} attacks {}",
                        names.get(*attacker),
                        crate::game::describe::in_sentence(&names.get(*target))
                    ),
                    attack: attack.clone(),
                    defend: defend.clone(),
                    damage: *damage,
                };
            }
            _ => {}
        }
        let color = match e {
            GameEvent::HeroKilled { .. }
            | GameEvent::WalledIn { .. }
            | GameEvent::QuestLost { .. }
            | GameEvent::CommandRejected { .. } => egui::Color32::from_rgb(240, 110, 100),
            GameEvent::MonsterKilled { .. }
            | GameEvent::QuestWon { .. }
            | GameEvent::ObjectiveCompleted
            | GameEvent::HeroEscaped { .. }
            | GameEvent::HeroGotOut { .. } => egui::Color32::from_rgb(140, 220, 130),
            GameEvent::TurnStarted { .. } => egui::Color32::from_rgb(230, 190, 110),
            GameEvent::SorcererReasoned { .. } => egui::Color32::from_rgb(190, 150, 220),
            GameEvent::MonsterRevealed { .. }
            | GameEvent::TrapSprung { .. }
            | GameEvent::TrapFound { .. }
            | GameEvent::SecretDoorFound { .. }
            | GameEvent::WanderingMonster { .. } => egui::Color32::from_rgb(240, 170, 90),
            GameEvent::QuestMessage { .. } | GameEvent::DoorChanged { .. } => egui::Color32::from_rgb(220, 200, 150),
            GameEvent::SpellCast { .. } => egui::Color32::from_rgb(130, 180, 250),
            GameEvent::DreadSpellCast { .. } => egui::Color32::from_rgb(200, 120, 230),
            GameEvent::TreasureDrawn { .. }
            | GameEvent::SpecialTreasureFound { .. }
            | GameEvent::GoldFound { .. }
            | GameEvent::DeathAverted { .. } => egui::Color32::from_rgb(230, 190, 110),
            _ => egui::Color32::from_gray(210),
        };
        match log.joins.add(e, names) {
            Some(crate::game::describe::Join::New(text)) => log.lines.push(LogLine { text, color }),
            Some(crate::game::describe::Join::Last(text)) => match log.lines.last_mut() {
                Some(last) => last.text = text,
                None => log.lines.push(LogLine { text, color }),
            },
            None => {}
        }
    }
    if quiet {
        shown.briefing_open = false;
        card.since = None;
    } else if *tray != before && !matches!(*tray, DiceTray::Empty) {
        // New dice on the table: they tumble before they land.
        tumble.since = Some(now);
    }
    let excess = log.lines.len().saturating_sub(500);
    if excess > 0 {
        log.lines.drain(..excess);
    }
}
