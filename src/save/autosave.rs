//! The window's autosave: the game in play is written to its own file after every command (and
//! so is on disk whenever the game stops, however it stops); a finished quest's file is removed.

use std::path::PathBuf;

use bevy::prelude::*;

use super::SavedQuest;
use crate::game::model::{ActiveQuest, CommandLog, NoteLog, Phase, Seed, Turn};

/// A campaign game that has just ended and is not settled yet: its outcome, and whether it is a
/// LEGO Heroica mission (the Epic's, `epic::plugin`) or a quest of the book (`campaign::plugin`).
pub fn campaign_game_ended(world: &World) -> Option<(crate::game::model::Outcome, bool)> {
    let slot = world.get_resource::<SaveSlot>()?;
    if !slot.campaign || slot.finished {
        return None;
    }
    let Phase::Over(outcome) = world.get_resource::<Turn>()?.phase else {
        return None;
    };
    let heroica = world
        .get_resource::<ActiveQuest>()
        .is_some_and(|q| q.0.mission.is_some());
    Some((outcome, heroica))
}

/// The identity of the game in play, as a campaign remembers the games it settled: its quest,
/// seed and number of commands (issue 34: a game settles once, however often it is continued).
pub fn game_identity(world: &World) -> Option<String> {
    let quest = &world.get_resource::<ActiveQuest>()?.0;
    let seed = world.get_resource::<Seed>()?.0;
    let commands = world.get_resource::<CommandLog>()?.0.len();
    Some(format!("{}#{seed:016x}#{commands}", quest.id))
}

/// Where the campaign (or Epic) of the game in play is kept: the slot's own file (a test's), else
/// the platform's place, `platform`.
pub fn campaign_file(world: &World, platform: impl FnOnce() -> Option<PathBuf>) -> Option<PathBuf> {
    world
        .get_resource::<SaveSlot>()
        .and_then(|s| s.campaign_file.clone())
        .or_else(platform)
}

/// How many settled games a campaign remembers (the last ones).
pub const SETTLED_KEPT: usize = 16;

/// The games already settled into a campaign or an Epic (`game_identity`), the last
/// `SETTLED_KEPT`: a game continued after a crash between the campaign's write and the game
/// file's removal is not counted again (issue 34).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct SettledGames(pub Vec<String>);

impl SettledGames {
    pub fn contains(&self, identity: &str) -> bool {
        self.0.iter().any(|g| g == identity)
    }

    /// Remembers `identity` (the oldest is forgotten past `SETTLED_KEPT`).
    pub fn mark(&mut self, identity: String) {
        self.0.push(identity);
        let over = self.0.len().saturating_sub(SETTLED_KEPT);
        self.0.drain(..over);
    }

    /// Refused when a file lists more than a game ever keeps.
    pub fn check(&self) -> Result<(), String> {
        if self.0.len() > SETTLED_KEPT {
            return Err(format!("more than {SETTLED_KEPT} settled games are listed"));
        }
        Ok(())
    }
}

/// The file the game in play is written to, and how the last write went.
#[derive(Resource, Clone, Debug)]
pub struct SaveSlot {
    /// The game's own file. None until the first write picks a new one in `dir`: a new game,
    /// or one loaded from a file outside the saves folder (that file is never written).
    pub path: Option<PathBuf>,
    /// The saves folder; None when the platform gives no data folder: the game is then not
    /// saved (and says so).
    pub dir: Option<PathBuf>,
    pub source: String,
    pub autoplay: bool,
    pub companions: Vec<String>,
    /// A quest of the campaign: its gear is saved with it, and the campaign is settled at its end.
    pub campaign: bool,
    /// Where that campaign (or Epic) is kept; None: the platform's place for it.
    pub campaign_file: Option<PathBuf>,
    /// Commands the game's file holds (None: nothing written yet for this game). A loaded game
    /// starts at its own count, so loading writes nothing until the player acts.
    pub saved: Option<usize>,
    /// The last write's failure, shown in the play panel until a write succeeds.
    pub error: Option<String>,
    pub finished: bool,
    /// The campaign or Epic could not be updated at this game's end: its file is kept, so that
    /// continuing it settles it again, and nothing is lost.
    pub settle_failed: bool,
    /// This run of the game has written its file at least once.
    wrote: bool,
}

impl SaveSlot {
    /// A new game: written to a file of its own from its first command.
    pub fn new(source: &str, autoplay: bool, companions: Vec<String>) -> SaveSlot {
        let dir = super::saves_dir();
        SaveSlot {
            error: dir
                .is_none()
                .then(|| "No data folder (HOME is not set): this game is not being saved.".to_string()),
            dir,
            path: None,
            source: source.to_string(),
            autoplay,
            companions,
            campaign: false,
            campaign_file: None,
            saved: None,
            finished: false,
            settle_failed: false,
            wrote: false,
        }
    }

    /// A game loaded with `commands` already played: it goes on in `own` (its file in the
    /// saves folder) or, loaded from elsewhere, in a new file; nothing is written until the
    /// next command.
    pub fn loaded(mut self, own: Option<PathBuf>, commands: usize) -> SaveSlot {
        self.path = own;
        self.saved = Some(commands);
        self
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (autosave, finish.after(autosave)).run_if(resource_exists::<SaveSlot>),
    );
}

/// A game's end is one transaction (issue 34): the game's file holds the last command
/// (`autosave`, for a campaign game), the campaign or Epic is updated (`campaign::plugin`,
/// `epic::plugin`, between the two), and only then, if that update was written, the finished
/// game's file and its backup go. A crash anywhere in between leaves the game to continue, and
/// continuing it settles it once (`game_identity`).
pub fn finish(world: &mut World) {
    let Some(slot) = world.get_resource::<SaveSlot>() else {
        return;
    };
    if slot.finished || !matches!(world.get_resource::<Turn>().map(|t| t.phase), Some(Phase::Over(_))) {
        return;
    }
    let (path, keep) = (slot.path.clone(), slot.campaign && slot.settle_failed);
    if !keep && let Some(path) = &path {
        super::games::remove(path);
        super::crash::note_game_file(None);
    }
    world.resource_mut::<SaveSlot>().finished = true;
}

/// Writes the game whenever a command was added since the last write.
pub fn autosave(world: &mut World) {
    let Some(slot) = world.get_resource::<SaveSlot>() else {
        return;
    };
    if slot.finished {
        return;
    }
    let slot = slot.clone();
    let Some(turn) = world.get_resource::<Turn>() else {
        return;
    };
    if matches!(turn.phase, Phase::Over(_)) && !slot.campaign {
        // Nothing is left to continue: `finish` removes the file.
        return;
    }
    // Only when a command was added: nothing is copied on the frames in between, and a game
    // nobody has moved in yet (or one just loaded) writes nothing.
    let count = world.get_resource::<CommandLog>().map_or(0, |l| l.0.len());
    if count == 0 || slot.saved == Some(count) {
        return;
    }
    let Some(dir) = slot.dir.clone() else {
        return;
    };
    // A new file is picked at the first write, and picked again if another game took its name.
    let path = match &slot.path {
        Some(p) => p.clone(),
        None => super::games::new_game_path(&dir, &slot.source),
    };
    let Some(saved) = snapshot(world, &slot) else {
        return;
    };
    // A file that cannot be read (a game continued from its backup) is moved aside, never
    // written over.
    if !slot.wrote {
        keep_damaged(&path);
    }
    let result = saved.seal(world).write(&path);
    let mut slot = world.resource_mut::<SaveSlot>();
    slot.saved = Some(count);
    slot.wrote = true;
    match result {
        Ok(()) => {
            if slot.path.is_none() {
                info!("this game is saved to {}", path.display());
            }
            super::crash::note_game_file(Some(&path));
            slot.path = Some(path);
            slot.error = None;
        }
        Err(e) => {
            warn!("autosave failed: {e}");
            slot.error = Some(format!("Saving failed: {e}"));
        }
    }
}

/// The game as a save file describes it (without its check: `SavedQuest::seal` adds it).
pub fn snapshot(world: &World, slot: &SaveSlot) -> Option<SavedQuest> {
    let quest = &world.get_resource::<ActiveQuest>()?.0;
    let turn = world.get_resource::<Turn>()?;
    let opponents = world
        .get_resource::<crate::ai::Opponents>()
        .copied()
        .unwrap_or_default();
    Some(SavedQuest {
        format: super::SAVE_FORMAT,
        rules: quest.system.id().to_string(),
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
        campaign_men: quest.hired.clone(),
        campaign_fate: quest.fate.clone(),
        campaign_skills: quest.skills.clone(),
        // The schools the party's casters brought (`Campaign::prepare`); a quest's own are in
        // its file.
        campaign_schools: slot
            .campaign
            .then(|| quest.spell_schools.clone())
            .flatten()
            .filter(|_| quest.mission.is_none()),
        left_out: quest.left_out.clone(),
        players: quest.players.clone(),
        sorcerer_player: world.get_resource::<crate::seating::SorcererSeat>().cloned(),
        modules: quest.modules.ids(),
        heroes: if quest.mission.is_some() {
            quest.heroes.clone()
        } else {
            Vec::new()
        },
        check: None,
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
