//! The title screen's LEGO Heroica rows: the Epic campaign, the heroes who play a mission, and
//! the rivals the computer plays among them.

use super::*;

/// The heroes the computer plays: a LEGO Heroica race's rivals (by default, until the player
/// ticks otherwise, every hero but the first, so a newcomer races three) or a HeroQuest quest's
/// companions as ticked.
pub(super) fn computer_heroes(q: &Quest, state: &TitleState) -> std::collections::BTreeSet<String> {
    match (&q.mission, &state.rivals) {
        (None, _) => state.companions.clone(),
        (Some(_), None) => q.heroes.iter().skip(1).cloned().collect(),
        (Some(_), Some(r)) => r.clone(),
    }
}

/// A hero of a mission ticked or unticked as the computer's.
pub(super) fn set_computer_hero(q: &Quest, state: &mut TitleState, class: &str, on: bool) {
    let mut now = computer_heroes(q, state);
    if on {
        now.insert(class.to_string());
    } else {
        now.remove(class);
    }
    if q.mission.is_some() {
        state.rivals = Some(now);
    } else {
        state.companions = now;
    }
}

/// LEGO Heroica's Epic campaign: begin it, or go on with its next mission.
pub(super) fn epic_row(ui: &mut egui::Ui, state: &mut TitleState, commands: &mut Commands) {
    let saved = crate::epic::Epic::path().filter(|p| p.exists());
    ui.horizontal_wrapped(|ui| {
        let label = if saved.is_some() {
            "Go on with Epic Heroica"
        } else {
            "Begin Epic Heroica"
        };
        if ui.button(egui::RichText::new(label).size(18.0)).clicked() {
            let seed = state.seed.trim().parse().unwrap_or(1);
            let opponents = crate::ai::Opponents {
                sorcerer: state.sorcerer,
                ..Default::default()
            };
            match &saved {
                // A mission of the Epic left in progress is taken up where it stood (issue 39).
                Some(path) => match crate::epic::Epic::read(path)
                    .ok()
                    .and_then(|e| e.mission_in_progress(&state.games))
                {
                    Some(game) => resume(state, commands, &game),
                    None => match PendingQuest::epic_next(seed, opponents) {
                        Ok(p) => start_or_ask(state, commands, p),
                        Err(e) => state.message = Some(e),
                    },
                },
                // Written only when the game begins: a Cancel leaves nothing behind.
                None => match begin_epic(state, seed, opponents) {
                    Ok((p, path, epic)) if state.games.is_empty() => match epic.write(&path) {
                        Ok(()) => commands.insert_resource(p),
                        Err(e) => state.message = Some(e),
                    },
                    Ok((p, path, epic)) => {
                        state.confirm = Some(Confirm::Begin(Box::new(p), Some(Box::new((path, epic)))));
                    }
                    Err(e) => state.message = Some(e),
                },
            }
        }
        let words = if saved.is_some() {
            "the next mission of the Epic campaign you began, with the packs you kept"
        } else {
            "LEGO Heroica's five races in a row: people play the heroes not ticked as rivals below, the computer races the others"
        };
        ui.label(egui::RichText::new(words).weak());
    });
    if saved.is_none() {
        ui.horizontal(|ui| {
            ui.add_space(12.0);
            ui.label(egui::RichText::new("Epic heroes:").weak());
            hero_picker(ui, "epic-hero", &mut state.epic_heroes, 2);
        });
        // Who plays each hero, ticked as on a mission's row: the computer (a rival) or a person
        // at this table (each shops between missions).
        let tables = crate::rules::heroica::HeroicaTables::get();
        ui.horizontal_wrapped(|ui| {
            ui.add_space(12.0);
            ui.label(egui::RichText::new("Computer rivals:").weak());
            for (seat, h) in state.epic_heroes.iter().enumerate() {
                let name = tables.heroes.get(h).map_or(h.clone(), |d| d.name.clone());
                let mut rival = !state.epic_people.contains(&seat);
                if ui
                    .checkbox(&mut rival, name)
                    .on_hover_text("Ticked: the computer races this hero; not ticked: a person plays it and shops between missions")
                    .changed()
                {
                    if rival {
                        state.epic_people.remove(&seat);
                    } else {
                        state.epic_people.insert(seat);
                    }
                }
            }
        });
    }
}

/// A new Epic of the chosen heroes, not written yet, and its first mission.
fn begin_epic(
    state: &TitleState,
    seed: u64,
    opponents: crate::ai::Opponents,
) -> Result<(PendingQuest, std::path::PathBuf, crate::epic::Epic), String> {
    let path = crate::epic::Epic::path().ok_or("No data folder (HOME is not set): no Epic campaign.")?;
    let mut epic = crate::epic::Epic::plan_at(&path, &[], &state.epic_heroes)?;
    epic.people = state
        .epic_people
        .iter()
        .copied()
        .filter(|s| *s < epic.heroes.len())
        .collect();
    let p = PendingQuest::epic_mission(&epic, seed, opponents)?;
    Ok((p, path, epic))
}

/// `fewest` to four of LEGO Heroica's eight heroes in seat order: a box each to change a hero (to
/// one not already chosen), "+ hero" and "- hero".
fn hero_picker(ui: &mut egui::Ui, salt: &str, heroes: &mut Vec<String>, fewest: usize) {
    let tables = crate::rules::heroica::HeroicaTables::get();
    let name = |h: &str| tables.heroes.get(h).map_or(h.to_string(), |d| d.name.clone());
    for i in 0..heroes.len() {
        let now = heroes[i].clone();
        let mut pick = now.clone();
        egui::ComboBox::from_id_salt((salt, i))
            .width(88.0)
            .selected_text(name(&now))
            .show_ui(ui, |ui| {
                for (hid, def) in &tables.heroes {
                    if *hid == now || !heroes.contains(hid) {
                        ui.selectable_value(&mut pick, hid.clone(), &def.name)
                            .on_hover_text(&def.text);
                    }
                }
            })
            .response
            .on_hover_text(tables.heroes.get(&now).map_or("", |d| d.text.as_str()));
        heroes[i] = pick;
    }
    if heroes.len() < 4
        && ui.button("+ hero").on_hover_text("Another hero joins").clicked()
        && let Some(next) = tables.heroes.keys().find(|h| !heroes.contains(h))
    {
        heroes.push(next.clone());
    }
    if heroes.len() > fewest && ui.button("- hero").on_hover_text("The last hero stays home").clicked() {
        heroes.pop();
    }
}

/// Under a LEGO Heroica mission: who plays it, one to four of the eight heroes in seat order
/// (each a person or a computer rival, as the rows below say). The choice is kept for the
/// mission while the game runs.
pub(super) fn heroica_heroes_row(ui: &mut egui::Ui, state: &mut TitleState) {
    let sel = state.selected;
    let Some((id, Ok(q))) = state.quests.get(sel) else {
        return;
    };
    if q.mission.is_none() {
        return;
    }
    let mut heroes = q.heroes.clone();
    let fewest = crate::quest::fewest_heroes(q.mission.as_ref().is_some_and(|m| m.battle));
    ui.horizontal_wrapped(|ui| {
        ui.label("Heroes:");
        hero_picker(ui, "heroica-hero", &mut heroes, fewest);
    });
    if heroes != q.heroes
        && let Ok(with) = q.with_mission_heroes(&heroes)
    {
        // A seat keeps its player: the hero put in a rival's place races for the computer too,
        // and a hero who joins is a rival.
        if let Some(rivals) = &mut state.rivals {
            for (i, h) in heroes.iter().enumerate() {
                match q.heroes.get(i) {
                    Some(old) if old != h && rivals.remove(old) => {
                        rivals.insert(h.clone());
                    }
                    None => {
                        rivals.insert(h.clone());
                    }
                    _ => {}
                }
            }
        }
        let id = id.clone();
        state.quests[sel].1 = Ok(Arc::new(with));
        state.heroica_heroes.insert(id, heroes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_race_has_rivals_for_every_hero_but_the_first_until_the_player_ticks_otherwise() {
        // Issue 22, item 5: each seat a person or a computer rival. A newcomer races three.
        let q = crate::quest::load("the-goblin-gate").expect("a built-in mission");
        let mut state = TitleState::default();
        let all_but_first: std::collections::BTreeSet<String> = q.heroes.iter().skip(1).cloned().collect();
        assert_eq!(computer_heroes(&q, &state), all_but_first);
        // Unticking every rival leaves a table of people (hot seat), not the default again.
        for h in q.heroes.iter().skip(1) {
            set_computer_hero(&q, &mut state, h, false);
        }
        assert!(computer_heroes(&q, &state).is_empty());
        assert!(state.companions.is_empty(), "HeroQuest's companions untouched");
        // A HeroQuest quest still reads the companions.
        let hq = crate::quest::load("tutorial-1-first-steps").expect("a built-in quest");
        set_computer_hero(&hq, &mut state, "dwarf", true);
        assert_eq!(
            computer_heroes(&hq, &state),
            ["dwarf".to_string()].into_iter().collect()
        );
        assert!(computer_heroes(&q, &state).is_empty(), "the race's rivals untouched");
    }
}
