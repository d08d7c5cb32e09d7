//! A quest about to start in the window: chosen on the title screen, on the command line, or
//! read back from a save; the app starts it (`app::begin_pending_quest`).

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;

use crate::game;
use crate::quest::Quest;

/// A quest the title screen (or the command line) asked to start; started by `begin_pending_quest`.
#[derive(Resource)]
pub struct PendingQuest {
    pub quest: Arc<Quest>,
    /// The built-in quest's id or the quest file's path: what a save names to load it again.
    pub source: String,
    pub seed: u64,
    pub autoplay: bool,
    pub opponents: crate::ai::Opponents,
    /// Hero ids (rule-set classes, "dwarf") the hero bot plays beside the people.
    pub companions: Vec<String>,
    /// A saved game to rebuild instead of a fresh start: its commands and notes.
    pub restore: Option<(Vec<game::model::Command>, Vec<(u32, game::model::GameEvent)>)>,
    /// A loaded game's own file in the saves folder, which it goes on writing; None: a new
    /// file (a new game, or one loaded from a file elsewhere, which is left as it is).
    pub own_file: Option<PathBuf>,
    /// A person plays the sorcerer (None: the computer does).
    pub sorcerer_player: Option<crate::seating::SorcererSeat>,
    /// A quest of the campaign (its heroes bring the party's gear; the campaign is settled at the end).
    pub campaign: bool,
}

impl PendingQuest {
    /// The quest a save describes, checked to replay as it was saved and ready to be rebuilt;
    /// the error names the file and the problem (the first command that went wrong). Reading
    /// writes nothing.
    pub fn resume(path: &std::path::Path) -> Result<PendingQuest, String> {
        let saved = crate::save::SavedQuest::read(path)?;
        let quest = saved.verify().map_err(|e| format!("{}: {e}", path.display()))?;
        let own_file = crate::save::saves_dir().and_then(|d| crate::save::games::own_file(&d, path));
        Ok(PendingQuest {
            own_file,
            sorcerer_player: saved.sorcerer_player.clone(),
            quest,
            campaign: saved.campaign_gear.is_some(),
            source: saved.quest,
            seed: saved.seed,
            autoplay: saved.autoplay,
            opponents: crate::ai::Opponents {
                sorcerer: saved.sorcerer,
                heroes_bot: saved.heroes_bot,
            },
            companions: saved.companions,
            restore: Some((saved.commands, saved.notes)),
        })
    }
}

impl PendingQuest {
    /// The next quest of the campaign of rule system `rules` (an id), with the party's gear; the
    /// error says why there is none.
    pub fn campaign_next(
        rules: &str,
        seed: u64,
        opponents: crate::ai::Opponents,
        autoplay: bool,
        companions: Vec<String>,
    ) -> Result<PendingQuest, String> {
        PendingQuest::campaign_quest(rules, None, seed, opponents, autoplay, companions)
    }

    /// A quest of the campaign of rule system `rules` (an id): `id`, which must be unlocked
    /// (completed before, or the next), or the next.
    pub fn campaign_quest(
        rules: &str,
        id: Option<&str>,
        seed: u64,
        opponents: crate::ai::Opponents,
        autoplay: bool,
        companions: Vec<String>,
    ) -> Result<PendingQuest, String> {
        let path = crate::campaign::campaign_path_for(rules).ok_or("No data folder (HOME is not set): no campaign.")?;
        let campaign = crate::campaign::Campaign::read(&path)?;
        let id = match id {
            Some(id) => {
                campaign.check_unlocked(id)?;
                campaign
                    .book()
                    .into_iter()
                    .find(|b| *b == id)
                    .ok_or_else(|| format!("\"{id}\" is not a quest of the book"))?
            }
            None => campaign
                .next_quest()
                .ok_or("The campaign is complete: the party has done every quest of the book.")?,
        };
        let mut q = crate::quest::load(id).map_err(|p| p.to_string())?;
        if q.rules.id != campaign.rules {
            q = q.under(&campaign.rules)?;
        }
        Ok(PendingQuest::campaign_start(
            campaign.prepare(&q),
            id.to_string(),
            seed,
            autoplay,
            opponents,
            companions,
        ))
    }
}

impl PendingQuest {
    /// A new Epic campaign of these missions (ids or files; none: the five races) for these
    /// heroes (seat order; none: the four default heroes), then its first mission. Refused while
    /// another campaign is kept: it is never overwritten without the player's word.
    pub fn epic_begin(
        seed: u64,
        opponents: crate::ai::Opponents,
        missions: &[String],
        heroes: &[String],
    ) -> Result<PendingQuest, String> {
        let path = crate::epic::Epic::path().ok_or("No data folder (HOME is not set): no Epic campaign.")?;
        crate::epic::Epic::begin_at(&path, missions, heroes)?;
        PendingQuest::epic_next(seed, opponents)
    }

    /// Epic Heroica's next mission (the campaign begun with the default heroes when there is none
    /// yet): the player has the first seat's hero and the computer races the others; the error
    /// says why there is no mission to play.
    pub fn epic_next(seed: u64, opponents: crate::ai::Opponents) -> Result<PendingQuest, String> {
        let path = crate::epic::Epic::path().ok_or("No data folder (HOME is not set): no Epic campaign.")?;
        let epic = if path.exists() {
            crate::epic::Epic::read(&path)?
        } else {
            crate::epic::Epic::begin_at(&path, &[], &[])?
        };
        PendingQuest::epic_mission(&epic, seed, opponents)
    }

    /// The next mission of `epic` (written or not yet): people have their seats' heroes (the
    /// first seat's, unless the campaign says otherwise) and the computer races the others.
    pub fn epic_mission(
        epic: &crate::epic::Epic,
        seed: u64,
        opponents: crate::ai::Opponents,
    ) -> Result<PendingQuest, String> {
        let id = epic
            .next_mission()
            .ok_or("The Epic campaign is over: delete saves/epic.ron in the data folder to begin another.")?
            .to_string();
        let quest = epic.prepare()?;
        let companions = epic.computer_heroes();
        Ok(PendingQuest::campaign_start(
            Arc::new(quest),
            id,
            seed,
            false,
            opponents,
            companions,
        ))
    }

    /// A campaign's quest or an Epic mission begun afresh: nothing to rebuild, a new save file,
    /// the computer as the sorcerer.
    fn campaign_start(
        quest: Arc<Quest>,
        source: String,
        seed: u64,
        autoplay: bool,
        opponents: crate::ai::Opponents,
        companions: Vec<String>,
    ) -> PendingQuest {
        PendingQuest {
            quest,
            source,
            seed,
            autoplay,
            opponents,
            companions,
            restore: None,
            own_file: None,
            sorcerer_player: None,
            campaign: true,
        }
    }
}
