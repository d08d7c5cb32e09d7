//! The window's autosave: the quest in progress is written after every command (and so is on
//! disk whenever the game stops, however it stops); a finished quest's save is removed.

use std::path::PathBuf;

use bevy::prelude::*;

use super::SavedQuest;
use crate::game::model::{ActiveQuest, CommandLog, NoteLog, Phase, Seed, Turn};

/// The save the quest in play is written to, and how the last write went.
#[derive(Resource, Clone, Debug)]
pub struct SaveSlot {
    /// None when the platform gives no data folder: the game is then not saved (and says so).
    pub path: Option<PathBuf>,
    pub source: String,
    pub autoplay: bool,
    pub companions: Vec<String>,
    /// A quest of the campaign: its gear is saved with it, and the campaign is settled at its end.
    pub campaign: bool,
    /// Commands in the file on disk (None: nothing written yet for this game).
    pub saved: Option<usize>,
    /// The last write's failure, shown in the play panel until a write succeeds.
    pub error: Option<String>,
    finished: bool,
}

impl SaveSlot {
    pub fn new(source: &str, autoplay: bool, companions: Vec<String>) -> SaveSlot {
        let path = super::autosave_path();
        SaveSlot {
            error: path
                .is_none()
                .then(|| "No data folder (HOME is not set): this game is not being saved.".to_string()),
            path,
            source: source.to_string(),
            autoplay,
            companions,
            campaign: false,
            saved: None,
            finished: false,
        }
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Last, autosave.run_if(resource_exists::<SaveSlot>));
}

/// Writes the game whenever a command was added since the last write.
fn autosave(world: &mut World) {
    let Some(slot) = world.get_resource::<SaveSlot>() else {
        return;
    };
    if slot.finished && slot.saved.is_some() {
        return;
    }
    let slot = slot.clone();
    let (Some(path), Some(turn)) = (slot.path.clone(), world.get_resource::<Turn>()) else {
        return;
    };
    if let Phase::Over(outcome) = turn.phase {
        if !slot.finished {
            if slot.campaign {
                let result = settle_campaign(world, outcome);
                world.insert_resource(CampaignNews(result));
            }
            // Nothing is left to continue: the finished quest's save and its backup go.
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_file(super::files::backup_path(&path));
            world.resource_mut::<SaveSlot>().finished = true;
        }
        return;
    }
    // Only when a command was added: nothing is copied on the frames in between.
    let count = world.get_resource::<CommandLog>().map_or(0, |l| l.0.len());
    if slot.saved == Some(count) {
        return;
    }
    let Some(saved) = snapshot(world, &slot) else {
        return;
    };
    if slot.saved.is_none() {
        keep_damaged(&path);
    }
    let result = saved.write(&path);
    let mut slot = world.resource_mut::<SaveSlot>();
    slot.saved = Some(count);
    match result {
        Ok(()) => slot.error = None,
        Err(e) => {
            warn!("autosave failed: {e}");
            slot.error = Some(format!("Saving failed: {e}"));
        }
    }
}

/// The game as a save file describes it.
pub fn snapshot(world: &World, slot: &SaveSlot) -> Option<SavedQuest> {
    let quest = &world.get_resource::<ActiveQuest>()?.0;
    let turn = world.get_resource::<Turn>()?;
    let opponents = world
        .get_resource::<crate::game::Opponents>()
        .copied()
        .unwrap_or_default();
    Some(SavedQuest {
        format: super::SAVE_FORMAT,
        rules: quest.rules.id.clone(),
        quest: slot.source.clone(),
        name: quest.name.clone(),
        seed: world.get_resource::<Seed>()?.0,
        sorcerer: opponents.sorcerer,
        heroes_bot: opponents.heroes_bot,
        autoplay: slot.autoplay,
        companions: slot.companions.clone(),
        round: turn.round,
        commands: world.get_resource::<CommandLog>()?.0.clone(),
        notes: world.get_resource::<NoteLog>()?.0.clone(),
        campaign_gear: slot.campaign.then(|| quest.gear.clone()),
        hero_names: quest.hero_names.clone(),
        left_out: quest.left_out.clone(),
    })
}

/// A save that cannot be read is never written over: before a new game's first write it is
/// moved aside to `<name>.damaged` (or `.damaged-2`, ...), whole, for whoever wants to look.
fn keep_damaged(path: &std::path::Path) {
    if !path.exists() || SavedQuest::read(path).is_ok() {
        return;
    }
    let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
    for n in 1..1000 {
        let aside = path.with_file_name(if n == 1 {
            format!("{name}.damaged")
        } else {
            format!("{name}.damaged-{n}")
        });
        if !aside.exists() {
            match std::fs::rename(path, &aside) {
                Ok(()) => warn!("the unreadable save was kept as {}", aside.display()),
                Err(e) => warn!("could not move the unreadable save aside: {e}"),
            }
            return;
        }
    }
}

/// What the end of a campaign quest did to the campaign, for the end window: Ok(the next
/// quest's name, if any) or why the campaign could not be updated.
#[derive(Resource, Clone, Debug)]
pub struct CampaignNews(pub Result<Option<String>, String>);

/// The party keeps what it carried out; the quest is marked completed if won.
fn settle_campaign(world: &mut World, outcome: crate::game::model::Outcome) -> Result<Option<String>, String> {
    let path = crate::campaign::campaign_path().ok_or("no data folder: the campaign is not saved")?;
    let mut campaign = crate::campaign::Campaign::read(&path)?;
    let snap = crate::game::snapshot::Snapshot::capture(world).ok_or("no quest in play")?;
    campaign.settle(&snap.quest.id, outcome, &snap);
    campaign.write(&path)?;
    Ok(campaign
        .next_quest()
        .and_then(|id| crate::quest::load(id).ok())
        .map(|q| q.name))
}
