//! From raw RON to a checked `Quest`: every field checked against the board and the rule set,
//! every problem located (`DataProblem` paths become `line:col` in `locate`).
//!
//! `validate` runs the parts in a fixed order, which is the order problems are reported in, over
//! one shared `Ctx`, and builds the `Quest` when none was found. One file a concern:
//! - `heading`: format, name, briefing, rule system, modules and the quest's own items;
//! - `board`: the board file and the blocked squares;
//! - `furniture`: furniture pieces and the traps they hold;
//! - `heroes`: the party, the stairway and start squares, starting gear, fixed spell schools;
//! - `doors`: doors and secret doors;
//! - `monsters`: one monster entry (for events too), the monsters placed at the start, the
//!   wandering monster;
//! - `traps`: traps on squares;
//! - `treasure`: special treasure in rooms;
//! - `objective`: what the heroes must do;
//! - `events`: triggers and their effects;
//! - `reach`: that the layout can be played to the end (run only on a quest with no other
//!   problem; its warnings go with the quest).

use super::*;

mod board;
mod doors;
mod events;
mod furniture;
mod heading;
mod heroes;
mod monsters;
mod objective;
mod reach;
mod traps;
mod treasure;

use PathPart::{Field, Index};
// `board` here names this folder's board.rs; the rule's board module is reached by its full path.
use crate::rules::board::CORRIDOR;
use crate::rules::bounds::{MAX_GOLD_GIVEN, MAX_WOUND};

/// The problems found so far, in the order found.
#[derive(Default)]
struct Found(Vec<DataProblem>);

impl Found {
    fn err(&mut self, path: Vec<PathPart>, msg: String) {
        self.0.push(DataProblem::new(path, msg));
    }
}

/// What the parts share: the quest as written, its rule set and board, the problems found so
/// far, and what earlier parts settle for later ones.
struct Ctx<'a> {
    raw: &'a RawQuest,
    /// The rule set, with the quest's own items (`heading`).
    rules: RuleSet,
    board: Board,
    out: Found,
    /// Squares marked blocked (`board`).
    blocked: BTreeSet<Pos>,
    /// Squares under furniture, with the index of the furniture entry (`furniture`).
    furniture_at: BTreeMap<Pos, usize>,
    /// Squares a hero start or a monster holds, and what holds them (`heroes`, `monsters`).
    taken: BTreeMap<Pos, String>,
    /// The stairway as written (checked in `heroes`).
    stair: Rect,
    /// Doors that passed, and whether each starts open (`doors`).
    doors: Vec<(Edge, bool)>,
    /// Secret doors that passed (`doors`).
    secret_doors: Vec<Edge>,
    /// Names given to monsters so far (`monsters`, and monsters that events bring in).
    names: BTreeSet<String>,
    /// Portal pairs that passed (`doors`).
    portals: Vec<(Pos, Pos)>,
}

impl Ctx<'_> {
    fn on_board(&self, p: Pos) -> bool {
        self.board.in_bounds(p)
    }

    /// A blocked square or one under furniture.
    fn solid(&self, p: Pos) -> bool {
        self.blocked.contains(&p) || self.furniture_at.contains_key(&p)
    }

    /// On the board and neither blocked nor under furniture.
    fn walkable(&self, p: Pos) -> bool {
        self.on_board(p) && !self.solid(p)
    }

    fn is_hero_start(&self, p: Pos) -> bool {
        self.raw.hero_starts.iter().any(|s| pos(*s) == p)
    }

    /// A weapon, armour or item of the rule set (quest items included).
    fn known_thing(&self, id: &str) -> bool {
        self.rules.weapons.contains_key(id) || self.rules.armor.contains_key(id) || self.rules.items.contains_key(id)
    }
}

/// `path` followed by `tail`.
fn sub(path: &[PathPart], tail: &[PathPart]) -> Vec<PathPart> {
    [path, tail].concat()
}

/// The ids a problem lists as known, comma-separated.
fn known<'k>(ids: impl Iterator<Item = &'k String>) -> String {
    ids.map(String::as_str).collect::<Vec<_>>().join(", ")
}

/// Checks a raw quest against its board and rule set; returns every problem found, or the quest
/// with the warnings that leave it playable.
pub fn validate(
    id: &str,
    raw: &RawQuest,
    dir: Option<&Path>,
    winnable: Winnable,
) -> Result<(Quest, Vec<DataProblem>), Vec<DataProblem>> {
    let mut found = Found::default();
    let (system, written_for, rules, modules) = heading::check(raw, &mut found);
    let Some((board, board_file)) = board::load(raw, dir, &mut found) else {
        // Without a board nothing else can be checked.
        return Err(found.0);
    };
    let mut cx = Ctx {
        raw,
        rules,
        board,
        out: found,
        blocked: BTreeSet::new(),
        furniture_at: BTreeMap::new(),
        taken: BTreeMap::new(),
        stair: Rect {
            x: raw.stairway.0,
            y: raw.stairway.1,
            w: raw.stairway.2,
            h: raw.stairway.3,
        },
        doors: Vec::new(),
        secret_doors: Vec::new(),
        names: BTreeSet::new(),
        portals: Vec::new(),
    };
    board::blocked(&mut cx);
    let (furniture, furniture_traps) = furniture::check(&mut cx, &modules);
    let heroes = heroes::party(&mut cx, &modules);
    let door_edges = doors::doors(&mut cx);
    let (locks, portcullises, levers) = doors::locks(&mut cx, &modules);
    let terrain = doors::terrain(&mut cx, &modules);
    doors::portals(&mut cx);
    let monsters = monsters::placed(&mut cx);
    let traps = traps::check(&mut cx, furniture_traps);
    doors::secret_doors(&mut cx, door_edges);
    let treasure = treasure::check(&mut cx);
    let gear = heroes::gear(&mut cx, &heroes);
    let men_at_arms = heroes::men_at_arms(&mut cx, &heroes);
    heroes::spell_schools(&mut cx, &heroes);
    let (kind, ret) = objective::check(&mut cx, &monsters);
    let events = events::check(&mut cx, &monsters);
    monsters::wandering(&mut cx);
    let warnings = if cx.out.0.is_empty() && winnable == Winnable::Required {
        let gates = reach::Gates {
            portcullises: &portcullises,
            levers: &levers,
            opened_by_events: events
                .iter()
                .flat_map(|e| &e.then)
                .filter_map(|f| match f {
                    Effect::OpenDoor(d) => cx.doors.get(*d as usize).map(|(e, _)| *e),
                    _ => None,
                })
                .collect(),
        };
        reach::check(&mut cx, &monsters, &kind, &gates)
    } else {
        Vec::new()
    };

    let Ctx {
        rules,
        board,
        out,
        blocked,
        stair,
        doors,
        secret_doors,
        portals,
        ..
    } = cx;
    if !out.0.is_empty() {
        return Err(out.0);
    }
    let sight = {
        let mut open: Vec<u8> = (0..board.len()).map(|i| !board.walls_at(i) & 0x0F).collect();
        for edge in doors.iter().map(|(e, _)| e).chain(secret_doors.iter()) {
            board.open_side(&mut open, edge.0, edge.1);
        }
        Arc::new(crate::rules::los::SightBound::new(board.width, board.height, open))
    };
    let quest = Quest {
        id: id.to_string(),
        name: raw.name.clone(),
        briefing: raw.briefing.clone(),
        board: Arc::new(board),
        board_file,
        system,
        written_for,
        rules: Arc::new(rules),
        hero_starts: raw.hero_starts.iter().take(heroes.len()).map(|s| pos(*s)).collect(),
        heroes,
        stairway: stair,
        doors,
        locks,
        portcullises,
        levers,
        terrain,
        portals,
        counts_for_champion: raw.counts_for_champion,
        series: raw
            .series
            .as_ref()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty()),
        monsters,
        furniture,
        blocked,
        objective: Objective {
            kind,
            return_to_stairway: ret,
        },
        wandering_monster: raw.wandering_monster.clone(),
        traps,
        secret_doors,
        treasure,
        gear,
        men_at_arms,
        hired: BTreeMap::new(),
        fate: None,
        skills: None,
        spell_schools: raw.spell_schools.clone(),
        events,
        hero_names: BTreeMap::new(),
        left_out: Vec::new(),
        players: Vec::new(),
        modules,
        sight,
        warnings: Vec::new(),
        mission: None,
    };
    Ok((quest, warnings))
}
