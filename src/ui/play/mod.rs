//! The in-game panels of the heroes' side: the system that draws them (`play_panels`), what its
//! parts read, and the little they share. The parts, in the order they are drawn: the hero cards
//! (left), the quest panel (right: the quest, the action bar, the dice, the log), the pause menu,
//! the hand-over window, the action menu of a keyboard-only or gamepad player, the spell draft,
//! the card pop-up and the end of the quest.

mod action_bar;
mod action_menu;
mod card;
mod draft;
mod end;
mod hand_over;
mod hero_cards;
mod heroica;
pub mod hover_card;
mod pause;
mod quest_panel;

pub use action_bar::{points_bar, turn_status};
pub use heroica::potion_text;

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::log::{self, DiceTray, DiceTumble, GameLog, Shown};
use super::options;
use crate::game::Controllers;
use crate::game::model::Command;
use crate::game::model::*;
use crate::input::seats::{ActionMenu, Bindings, Device, Seats, SorcererSeat};
use crate::quest::Quest;
use crate::save::settings::Settings;
use crate::screen::Screen;
use crate::view::PanelInsets;

/// The colour of spells and spellbooks in the panels.
const SPELL_BLUE: egui::Color32 = egui::Color32::from_rgb(130, 180, 250);

/// One hero as the panels read it: id, hero, body, mind, fighting values, gear, fallen, escaped,
/// and (purse and potions, conditions, spellbook, on the board).
type HeroRow<'a> = (
    &'a FigureId,
    &'a Hero,
    &'a Body,
    &'a Mind,
    &'a Fighter,
    &'a Equipment,
    bool,
    bool,
    (
        &'a Inventory,
        &'a Status,
        &'a Spellbook,
        bool,
        Option<&'a crate::game::model::Fate>,
        Option<&'a crate::game::model::Skills>,
    ),
);

/// One man-at-arms as the panels read it (Revised #151–152): id, its card, body, mind, fallen.
type ManRow<'a> = (&'a FigureId, &'a Retainer, &'a Body, &'a Mind, bool);

/// What the parts read, gathered once a frame (what they change is passed to each apart).
struct Play<'a> {
    ctx: &'a egui::Context,
    quest: &'a Arc<Quest>,
    turn: &'a Turn,
    /// In id order.
    heroes: &'a [HeroRow<'a>],
    /// The men-at-arms, in id order.
    men: &'a [ManRow<'a>],
    controllers: &'a Controllers,
    seats: &'a Seats,
    bindings: &'a Bindings,
    settings: Option<&'a Settings>,
    choices: Option<&'a crate::game::heroquest::HeroChoices>,
    /// The heroes who may act now by Fate (Revised's advanced game, #173).
    interrupts: Option<&'a crate::game::heroquest::FateInterrupts>,
    spell_choices: Option<&'a crate::view::highlights::SpellChoices>,
    undo: &'a crate::screen::UndoAvailable,
    log: &'a GameLog,
    tray: &'a DiceTray,
    tumble: &'a DiceTumble,
    /// `Time::elapsed_secs` this frame.
    now: f32,
    seed: Option<&'a Seed>,
    opponents: Option<&'a crate::ai::Opponents>,
    slot: Option<&'a crate::save::autosave::SaveSlot>,
    news: Option<&'a crate::campaign::CampaignNews>,
    sorcerer_seat: Option<&'a SorcererSeat>,
    menu: &'a ActionMenu,
    briefing_open: bool,
    /// The hero whose turn it is.
    active: Option<FigureId>,
    /// The seat whose turn it is (when players are set up): its index and the hero's name.
    /// (During the spell draft, the seat of the hero picking a school.)
    seat: Option<(usize, String)>,
    /// A keyboard-only or gamepad player drives the menus with their device, not the mouse.
    cursor_seat: bool,
    /// While the pause menu or the options are open they alone take input: the game's own
    /// buttons can be neither clicked nor reached with Tab behind them.
    menus_up: bool,
    /// A replay is being watched.
    watching: bool,
    /// A LEGO Heroica mission: its Hero Packs and choices.
    heroica: Option<&'a crate::view::heroica::HeroicaView>,
    /// The turn passed a moment ago: the action bar takes no click (`screen::TurnBeat`).
    settling: bool,
    /// An Epic mission: where it stands in its campaign.
    epic_standing: Option<&'a crate::epic::EpicStanding>,
    /// What the quest has changed: cards drained and held face up (Revised #101, #106).
    dungeon: Option<&'a crate::game::model::Dungeon>,
    /// The Magic Spell deck (Revised's Apprentice Spell System, #177).
    magic: Option<&'a crate::game::model::MagicDeck>,
}

impl<'a> Play<'a> {
    fn hero(&self, id: FigureId) -> Option<&'a HeroRow<'a>> {
        self.heroes.iter().find(|h| *h.0 == id)
    }

    /// The name of a hero or a man-at-arms of the heroes' side.
    fn name_of(&self, id: FigureId) -> Option<String> {
        self.hero(id)
            .map(|h| h.1.name.clone())
            .or_else(|| self.men.iter().find(|m| *m.0 == id).map(|m| m.1.name.clone()))
    }
}

/// A gamepad, as opposed to the keyboard: which bindings to show.
fn pad(device: Device) -> bool {
    matches!(device, Device::Gamepad(_))
}

/// How a quest ended, in a word or two.
fn outcome_title(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Won => "Victory!",
        Outcome::Lost => "Defeat",
        Outcome::Retreated => "Retreat",
    }
}

#[expect(clippy::too_many_arguments, reason = "a Bevy system reads what it shows")]
pub(super) fn play_panels(
    mut contexts: EguiContexts,
    quest: Option<Res<ActiveQuest>>,
    turn: Option<Res<Turn>>,
    heroes: Query<(
        &FigureId,
        &Hero,
        &Body,
        &Mind,
        &Fighter,
        &Equipment,
        Has<Dead>,
        Has<Escaped>,
        (
            &Inventory,
            &Status,
            &Spellbook,
            Has<GridPos>,
            Option<&crate::game::model::Fate>,
            Option<&crate::game::model::Skills>,
        ),
    )>,
    log: Res<GameLog>,
    tray: Res<DiceTray>,
    mut shown: ResMut<Shown>,
    mut pace: ResMut<crate::game::Pace>,
    controllers: Res<Controllers>,
    mut insets: ResMut<PanelInsets>,
    mut out: MessageWriter<Command>,
    (choices, spell_choices, interrupts): (
        Option<Res<crate::game::heroquest::HeroChoices>>,
        Option<Res<crate::view::highlights::SpellChoices>>,
        Option<Res<crate::game::heroquest::FateInterrupts>>,
    ),
    (mut card, time, tumble, heroica_view, men): (
        ResMut<log::CardPopup>,
        Res<Time>,
        Res<DiceTumble>,
        Option<Res<crate::view::heroica::HeroicaView>>,
        Query<(&FigureId, &Retainer, &Body, &Mind, Has<Dead>)>,
    ),
    (seed, opponents, slot, undo, news, dungeon, magic): (
        Option<Res<Seed>>,
        Option<Res<crate::ai::Opponents>>,
        Option<Res<crate::save::autosave::SaveSlot>>,
        Res<crate::screen::UndoAvailable>,
        Option<Res<crate::campaign::CampaignNews>>,
        Option<Res<crate::game::model::Dungeon>>,
        Option<Res<crate::game::model::MagicDeck>>,
    ),
    (mut next_screen, mut commands, sorcerer_seat, mut epic_news): (
        ResMut<NextState<Screen>>,
        Commands,
        Option<Res<SorcererSeat>>,
        Option<ResMut<crate::epic::EpicNews>>,
    ),
    (
        mut settings,
        mut options,
        seats,
        mut seat_turn,
        menu,
        mut rebinding,
        last,
        mut paused,
        mut exit,
        mut watching,
        beat,
        standing,
    ): (
        Option<ResMut<Settings>>,
        ResMut<options::OptionsOpen>,
        Res<Seats>,
        ResMut<crate::input::seats::SeatTurn>,
        Res<ActionMenu>,
        ResMut<options::Rebinding>,
        Res<options::LastPress>,
        ResMut<crate::game::Paused>,
        MessageWriter<AppExit>,
        Option<ResMut<crate::game::Watching>>,
        Option<Res<crate::screen::TurnBeat>>,
        Option<Res<crate::epic::EpicStanding>>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if let Some(settings) = settings.as_deref_mut() {
        options::options_window(&ctx, &mut options, settings, &mut rebinding, &last);
    }
    let bindings = settings.as_deref().map(|s| s.bindings.clone()).unwrap_or_default();
    let (Some(quest), Some(turn)) = (quest, turn) else {
        return Ok(());
    };
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut heroes: Vec<_> = heroes.iter().collect();
    heroes.sort_by_key(|h| h.0);
    let mut men: Vec<_> = men.iter().collect();
    men.sort_by_key(|m| m.0);
    let active = match turn.phase {
        Phase::Hero(id) => Some(id),
        _ => None,
    };
    let seat = turn
        .draft
        .as_ref()
        .map(|d| d.next)
        .or(active)
        .filter(|_| controllers.human_to_act(&turn) && watching.is_none())
        .and_then(|id| {
            // A man-at-arms is played by its hero's seat (Revised #152).
            let man = men.iter().find(|m| *m.0 == id);
            let lead = man.map_or(id, |m| m.1.serves);
            let h = heroes.iter().find(|h| *h.0 == lead)?;
            let name = man.map_or(h.1.name.clone(), |m| m.1.name.clone());
            seats.seat_of(&h.1.class).map(|i| (i, name))
        });
    let cursor_seat = seat
        .as_ref()
        .is_some_and(|(i, _)| seats.0[*i].device != Device::MouseKeyboard);
    let p = Play {
        ctx: &ctx,
        quest: &quest.0,
        turn: &turn,
        dungeon: dungeon.as_deref(),
        magic: magic.as_deref(),
        heroes: &heroes,
        men: &men,
        controllers: &controllers,
        seats: &seats,
        bindings: &bindings,
        settings: settings.as_deref(),
        choices: choices.as_deref(),
        spell_choices: spell_choices.as_deref(),
        interrupts: interrupts.as_deref(),
        undo: &undo,
        log: &log,
        tray: &tray,
        tumble: &tumble,
        now: time.elapsed_secs(),
        seed: seed.as_deref(),
        opponents: opponents.as_deref(),
        slot: slot.as_deref(),
        news: news.as_deref(),
        sorcerer_seat: sorcerer_seat.as_deref(),
        menu: &menu,
        briefing_open: shown.briefing_open,
        active,
        seat,
        cursor_seat,
        menus_up: paused.0 || options.0,
        watching: watching.is_some(),
        heroica: heroica_view.as_deref().filter(|_| quest.0.mission.is_some()),
        settling: beat.is_some_and(|b| b.settling()),
        epic_standing: standing.as_deref(),
    };

    let left = match p.heroica {
        Some(view) => heroica::pack_panel(&mut root, &p, view),
        None => hero_cards::panel(&mut root, &p, &mut out),
    };
    let right = quest_panel::panel(
        &mut root,
        &p,
        &mut out,
        &mut commands,
        &mut pace,
        &mut paused,
        watching.as_deref_mut(),
    );
    shown.briefing_open = false;
    pause::window(&p, &mut paused, &mut options, &mut next_screen, &mut exit);
    hand_over::window(&p, &mut seat_turn);
    action_menu::window(&p, seat_turn.hand_over.is_some());
    // Panel widths are in egui points; the board is laid out in window pixels.
    let zoom = ctx.zoom_factor();
    *insets = PanelInsets {
        left: left * zoom,
        right: right * zoom,
        top: 0.0,
        bottom: 0.0,
    };
    draft::window(&p, &mut out);
    card::popup(&p, &mut card);
    end::window(&p, &mut commands, &mut next_screen, epic_news.as_deref_mut());
    Ok(())
}
