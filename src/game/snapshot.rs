//! A read-only picture of the board taken from the ECS world: what the rules, bots and UI ask about.

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::prelude::*;

use super::model::*;
use crate::quest::Quest;
use crate::rules::geometry::{Edge, Pos};
use crate::rules::los::line_of_sight;
use crate::rules::paths::DistanceField;

mod abilities;
pub use abilities::OVERBURDENED;
mod actions;
mod walking;

#[derive(Clone, Debug)]
pub struct FigureSnap {
    pub id: FigureId,
    pub entity: Entity,
    /// None once dead or escaped.
    pub pos: Option<Pos>,
    pub hero: bool,
    /// Rule-set id: hero class or monster kind.
    pub kind: String,
    pub name: String,
    pub body: u8,
    pub body_max: u8,
    pub mind: u8,
    pub mind_max: u8,
    pub fighter: Fighter,
    pub awake: bool,
    pub escaped: bool,
    pub status: std::collections::BTreeSet<StatusKind>,
    pub equipment: Equipment,
    pub inventory: Inventory,
    pub spellbook: Spellbook,
    pub undead: bool,
    pub only_harmed_by: Option<String>,
    /// Its special abilities (Revised #113–136): a monster's, from its kind or its quest.
    pub abilities: Vec<crate::rules::ruleset::Ability>,
    pub seat: usize,
    /// The prisoner of a rescue: on the heroes' side (`hero` is set) but not one of the heroes.
    pub captive: bool,
    /// The hero a freed captive follows.
    pub follows: Option<FigureId>,
    /// A man-at-arms (Revised #151–152): on the heroes' side (`hero` is set), serving this hero.
    pub serves: Option<FigureId>,
    /// A hero's Fate and Skills (Revised's advanced game); empty otherwise.
    pub fate: Fate,
    pub skills: Skills,
}

impl FigureSnap {
    pub fn alive(&self) -> bool {
        self.pos.is_some() && self.body > 0
    }

    /// A hero still waiting off the board to come on at the stairway (the action-point module,
    /// action-point-movement.md, Entering and Exiting the Map): no square, not dead, not gone.
    /// It can do nothing but come on or end its turn, and nothing can touch it.
    pub fn off_map(&self) -> bool {
        self.hero && !self.captive && self.pos.is_none() && !self.escaped && self.body > 0
    }

    /// On the board and alive, or waiting to come on: a hero who still takes turns.
    pub fn in_play(&self) -> bool {
        self.alive() || self.off_map()
    }

    /// One of the heroes, not a captive or a man-at-arms on their side.
    pub fn is_hero(&self) -> bool {
        self.hero && !self.captive && self.serves.is_none()
    }

    pub fn has(&self, s: StatusKind) -> bool {
        self.status.contains(&s)
    }

    /// Misses its turn: asleep, or struck by a tempest.
    pub fn idle(&self) -> bool {
        self.has(StatusKind::Asleep) || self.has(StatusKind::LoseTurn)
    }
}

/// What a figure's snapshot reads, for a figure that changed (`FigureChanged` finds those).
type FigureRow = (
    Entity,
    &'static FigureId,
    Option<&'static GridPos>,
    Option<&'static Hero>,
    Option<&'static Monster>,
    &'static Body,
    Option<&'static Mind>,
    &'static Fighter,
    Option<&'static Awake>,
    Option<&'static Escaped>,
    (
        Option<&'static Status>,
        Option<&'static Equipment>,
        Option<&'static Inventory>,
        Option<&'static Spellbook>,
        Option<&'static Captive>,
        Option<&'static Retainer>,
        Option<&'static Fate>,
        Option<&'static Skills>,
    ),
);

/// The entities `FigureRow` reads: figures.
type FigureFilter = (With<FigureId>, With<Body>, With<Fighter>);

/// Which optional components a figure has (known per archetype, so cheap to ask of all).
type FigurePresence = (
    Entity,
    Has<GridPos>,
    Has<Hero>,
    Has<Monster>,
    Has<Mind>,
    Has<Awake>,
    Has<Escaped>,
    Has<Status>,
    Has<Equipment>,
    Has<Inventory>,
    Has<Spellbook>,
    Has<Captive>,
    Has<Retainer>,
);

/// Figures with a component changed after the world's last change tick (set to the last read's).
type FigureChanged = (
    With<FigureId>,
    With<Body>,
    With<Fighter>,
    Or<(
        Changed<GridPos>,
        Changed<Hero>,
        Changed<Monster>,
        Changed<Body>,
        Changed<Mind>,
        Changed<Fighter>,
        Changed<Awake>,
        Changed<Escaped>,
        Changed<Status>,
        Changed<Equipment>,
        Changed<Inventory>,
        Changed<Spellbook>,
        Changed<Captive>,
        Changed<Fate>,
        Changed<Skills>,
    )>,
);

/// Doors, traps and the masks worked out from them (shared by snapshots until one changes).
struct BoardPart {
    quest: Arc<Quest>,
    /// The world's change tick when this was last known to hold.
    tick: bevy::ecs::change_detection::Tick,
    /// How many doors (not concealed) and traps there were, and their entities folded together:
    /// a door found or a trap gone shows here, as no change tick does.
    members: (usize, u64, usize, u64),
    doors: Arc<Vec<Door>>,
    door_at: Arc<BTreeMap<Edge, usize>>,
    open_sides: Arc<[u8]>,
    solid: Arc<[bool]>,
    traps: Arc<Vec<Trap>>,
    square_trap: Arc<[u16]>,
}

/// The figures and the occupancy tables of the last picture.
struct FigurePart {
    quest: Arc<Quest>,
    figures: Arc<Vec<Arc<FigureSnap>>>,
    occupant: Arc<Vec<Option<u16>>>,
    crowd: Arc<Vec<u8>>,
}

/// The resource `T` as an `Arc`, shared with the last picture while the resource is unchanged.
fn shared<T: Resource + Clone>(
    world: &World,
    slot: &mut Option<(bevy::ecs::change_detection::Tick, Arc<T>)>,
    since: bevy::ecs::change_detection::Tick,
    now: bevy::ecs::change_detection::Tick,
) -> Option<Arc<T>> {
    let r = world.get_resource_ref::<T>()?;
    if let Some((tick, kept)) = slot.as_mut()
        && !r.last_changed().is_newer_than(*tick, now)
    {
        *tick = since;
        return Some(kept.clone());
    }
    let fresh = Arc::new((*r).clone());
    *slot = Some((since, fresh.clone()));
    Some(fresh)
}

/// How many of `items` (entity, change tick) there are, their entities folded together, and
/// whether any changed after `last`: a door found or a trap gone shows in the first two, as no
/// change tick does.
fn members(
    items: impl Iterator<Item = (Entity, bevy::ecs::change_detection::Tick)>,
    last: bevy::ecs::change_detection::Tick,
    now: bevy::ecs::change_detection::Tick,
) -> (usize, u64, bool) {
    items.fold((0, 0, false), |(n, x, newest), (e, t)| {
        (
            n + 1,
            x ^ e.to_bits().wrapping_mul(0x9E37_79B9_7F4A_7C15),
            newest || t.is_newer_than(last, now),
        )
    })
}

/// A figure's last picture, kept while none of its components changes.
struct CachedFigure {
    /// The world's change tick when the picture was last known to hold.
    tick: bevy::ecs::change_detection::Tick,
    /// Which optional components the figure had (a removed component leaves no tick behind).
    presence: u16,
    snap: Arc<FigureSnap>,
}

/// `SnapQueries` as a resource, boxed: taking it out of the world and putting it back for every
/// snapshot then moves a pointer, not the whole of it.
#[derive(Resource)]
struct SnapResource(Box<SnapQueries>);

/// The queries a snapshot runs, built once per world: building a query's access sets each time
/// cost more than reading the few dozen entities it finds.
struct SnapQueries {
    doors: QueryState<(Entity, Ref<'static, Door>), Without<Concealed>>,
    traps: QueryState<(Entity, Ref<'static, Trap>)>,
    /// The doors and traps and what follows from them, kept while none of them changes.
    board_part: Option<BoardPart>,
    /// The figures in id order and where they stand, kept while no figure changes.
    figure_part: Option<FigurePart>,
    /// The turn, the fog and the dungeon's records, each kept while its resource is unchanged.
    turn: Option<(bevy::ecs::change_detection::Tick, Arc<Turn>)>,
    fog: Option<(bevy::ecs::change_detection::Tick, Arc<Fog>)>,
    dungeon: Option<(bevy::ecs::change_detection::Tick, Arc<Dungeon>)>,
    morcar: Option<(bevy::ecs::change_detection::Tick, Arc<Morcar>)>,
    loot: QueryState<(Entity, &'static Loot)>,
    figures: QueryState<FigureRow>,
    /// The same figures, which components they have (cheap: known per archetype).
    presence: QueryState<FigurePresence, FigureFilter>,
    /// The same figures, those with any component changed since the world's last change tick.
    changed: QueryState<Entity, FigureChanged>,
    /// Their entities at the last read (kept to reuse the allocation).
    changed_figures: Vec<Entity>,
    /// What never changes during a quest, worked out once: each square's sides without a wall
    /// (doors closed) and the squares furniture or rubble fill, for the quest they belong to.
    fixed: Option<(Arc<Quest>, Vec<u8>, Vec<bool>)>,
    /// Display names of monster kinds ("chaos_warrior" is "Chaos Warrior").
    kind_names: BTreeMap<String, String>,
    /// Each figure's last picture: most figures stay as they were from one question to the next.
    /// By entity index; an entry names its entity, so one for a despawned figure is never used.
    cache: Vec<Option<(Entity, CachedFigure)>>,
    /// The world's change tick at the last read: anything changed after it is newer.
    read_tick: bevy::ecs::change_detection::Tick,
}

impl SnapQueries {
    fn fixed(&mut self, quest: &Arc<Quest>) -> (&[u8], &[bool]) {
        if !self.fixed.as_ref().is_some_and(|(q, _, _)| Arc::ptr_eq(q, quest)) {
            let board = &quest.board;
            let sides = (0..board.len()).map(|i| !board.walls_at(i) & 0x0F).collect();
            let mut solid = vec![false; board.len()];
            for p in &quest.blocked {
                solid[board.index(*p)] = true;
            }
            for f in &quest.furniture {
                for p in f.rect.squares() {
                    solid[board.index(p)] = true;
                }
            }
            self.fixed = Some((quest.clone(), sides, solid));
        }
        let (_, sides, solid) = self.fixed.as_ref().expect("just filled");
        (sides, solid)
    }

    fn kind_name(names: &mut BTreeMap<String, String>, kind: &str) -> String {
        if let Some(name) = names.get(kind) {
            return name.clone();
        }
        let name = crate::rules::ruleset::RuleSet::monster_name(kind);
        names.insert(kind.to_string(), name.clone());
        name
    }
}

impl FromWorld for SnapQueries {
    fn from_world(world: &mut World) -> Self {
        SnapQueries {
            doors: world.query_filtered(),
            traps: world.query(),
            loot: world.query(),
            figures: world.query(),
            presence: world.query_filtered(),
            changed: world.query_filtered(),
            changed_figures: Vec::new(),
            board_part: None,
            figure_part: None,
            turn: None,
            fog: None,
            dungeon: None,
            morcar: None,
            fixed: None,
            kind_names: BTreeMap::new(),
            cache: Vec::new(),
            read_tick: bevy::ecs::change_detection::Tick::new(0),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Snapshot {
    pub quest: Arc<Quest>,
    pub doors: Arc<Vec<Door>>,
    door_at: Arc<BTreeMap<Edge, usize>>,
    /// Per square, bit d (N, E, S, W) set when that side can be crossed: no wall, or an open
    /// door in it. Line of sight asks this millions of times a game.
    open_sides: Arc<[u8]>,
    solid: Arc<[bool]>,
    /// Shared with the snapshot's cache of unchanged figures: change one with `Arc::make_mut`.
    pub figures: Arc<Vec<Arc<FigureSnap>>>,
    occupant: Arc<Vec<Option<u16>>>,
    /// How many figures stand on each square (a hero passing a teammate shares its square).
    crowd: Arc<Vec<u8>>,
    /// Per square, 1 + the index in `traps` of the first square trap (not furniture) there; 0: none.
    square_trap: Arc<[u16]>,
    pub turn: Arc<Turn>,
    pub fog: Arc<Fog>,
    pub traps: Arc<Vec<Trap>>,
    pub loot: Vec<(Entity, Loot)>,
    pub dungeon: Arc<Dungeon>,
    /// What Morcar holds in the advanced game (its Dungeon cards, its Event deck).
    pub morcar: Arc<Morcar>,
    /// The computer players' own noise seed (easy sorcerer, random bot): derived from the game's
    /// seed but never the dice stream itself.
    pub ai_seed: u64,
    /// The rule system's own picture of the game where its rules need more than the figures
    /// (LEGO Heroica's mission in play), from `RuleSystem::state`.
    pub table: Option<Arc<crate::rules::heroica::play::Table>>,
}

impl Snapshot {
    /// Reads the world; None when no quest is in play.
    pub fn capture(world: &mut World) -> Option<Snapshot> {
        if !world.contains_resource::<SnapResource>() {
            let queries = SnapQueries::from_world(world);
            world.insert_resource(SnapResource(Box::new(queries)));
        }
        // Changes made after this read carry a newer tick than `read_tick`.
        let tick = world.increment_change_tick();
        world
            .resource_scope(|world, mut queries: Mut<SnapResource>| {
                let queries = &mut *queries.0;
                let previous = std::mem::replace(&mut queries.read_tick, tick);
                // Figures with any component changed after the last read (a filter on change ticks
                // alone: reading every component of every figure to compare ticks cost far more).
                let mut changed = std::mem::take(&mut queries.changed_figures);
                changed.clear();
                world.last_change_tick_scope(previous, |world| changed.extend(queries.changed.iter(world)));
                let snap = Self::read_with(world, queries, previous, &changed);
                queries.changed_figures = changed;
                snap
            })
            .map(|mut snap| {
                snap.table = snap.quest.system.state(world);
                snap
            })
    }

    /// `previous`: the tick of the read before; `changed`: the figures with a component changed
    /// since then.
    fn read_with(
        world: &World,
        queries: &mut SnapQueries,
        previous: bevy::ecs::change_detection::Tick,
        changed: &[Entity],
    ) -> Option<Snapshot> {
        let quest = world.get_resource::<ActiveQuest>()?.0.clone();
        let (since, now) = (queries.read_tick, world.read_change_tick());
        let turn = shared(world, &mut queries.turn, since, now)?;
        let fog = shared(world, &mut queries.fog, since, now)?;
        let dungeon = shared(world, &mut queries.dungeon, since, now).unwrap_or_default();
        let morcar = shared(world, &mut queries.morcar, since, now).unwrap_or_default();
        let ai_seed = crate::rules::noise::mix(world.get_resource::<Seed>().map_or(0, |s| s.0) ^ 0x5EED_0FA1);
        let mut loot: Vec<(Entity, Loot)> = queries.loot.iter(world).map(|(e, l)| (e, l.clone())).collect();
        loot.sort_by_key(|(_, l)| l.at);
        let board = &quest.board;
        let last = queries.board_part.as_ref().map_or(since, |part| part.tick);
        let (doors_n, doors_x, doors_new) =
            members(queries.doors.iter(world).map(|(e, d)| (e, d.last_changed())), last, now);
        let (traps_n, traps_x, traps_new) =
            members(queries.traps.iter(world).map(|(e, t)| (e, t.last_changed())), last, now);
        let members = (doors_n, doors_x, traps_n, traps_x);
        let still = queries.board_part.as_ref().is_some_and(|part| {
            Arc::ptr_eq(&part.quest, &quest) && !doors_new && !traps_new && part.members == members
        });
        if !still {
            let mut doors: Vec<Door> = queries.doors.iter(world).map(|(_, d)| *d).collect();
            let mut traps: Vec<Trap> = queries.traps.iter(world).map(|(_, t)| (*t).clone()).collect();
            traps.sort_by_key(|t| t.id);
            doors.sort_by_key(|d| d.id);
            let door_at = doors.iter().enumerate().map(|(i, d)| (d.edge, i)).collect();
            let (base_sides, base_solid) = queries.fixed(&quest);
            let mut open_sides = base_sides.to_vec();
            for d in doors.iter().filter(|d| d.open) {
                board.open_side(&mut open_sides, d.edge.0, d.edge.1);
            }
            let mut solid = base_solid.to_vec();
            for t in &traps {
                if t.kind == TrapKind::FallingBlock && t.state == TrapState::Sprung {
                    solid[board.index(t.at)] = true;
                }
            }
            let mut square_trap = vec![0u16; board.len()];
            for (i, t) in traps.iter().enumerate().rev() {
                if t.furniture.is_none() && board.in_bounds(t.at) {
                    square_trap[board.index(t.at)] = (i + 1).min(u16::MAX as usize) as u16;
                }
            }
            queries.board_part = Some(BoardPart {
                quest: quest.clone(),
                tick: since,
                members,
                doors: Arc::new(doors),
                door_at: Arc::new(door_at),
                open_sides: open_sides.into(),
                solid: solid.into(),
                traps: Arc::new(traps),
                square_trap: square_trap.into(),
            });
        }
        let part = queries.board_part.as_mut().expect("just made");
        part.tick = since;
        let (doors, door_at, open_sides, solid, traps, square_trap) = (
            part.doors.clone(),
            part.door_at.clone(),
            part.open_sides.clone(),
            part.solid.clone(),
            part.traps.clone(),
            part.square_trap.clone(),
        );
        let mut figures: Vec<Arc<FigureSnap>> = Vec::with_capacity(64);
        let mut rebuilt = false;
        let SnapQueries {
            figures: figures_query,
            presence: presence_query,
            kind_names,
            cache,
            figure_part,
            ..
        } = queries;
        for (entity, pos, hero, monster, mind, awake, escaped, status, eq, inv, book, captive, retainer) in
            presence_query.iter(world)
        {
            if !hero && !monster && !captive && !retainer {
                continue;
            }
            // Which optional components it has: a removed component leaves no tick behind.
            let presence = pos as u16
                | (hero as u16) << 1
                | (monster as u16) << 2
                | (mind as u16) << 3
                | (awake as u16) << 4
                | (escaped as u16) << 5
                | (status as u16) << 6
                | (eq as u16) << 7
                | (inv as u16) << 8
                | (book as u16) << 9
                | (captive as u16) << 10
                | (retainer as u16) << 11;
            let slot = entity.index_u32() as usize;
            if cache.len() <= slot {
                cache.resize_with(slot + 1, || None);
            }
            // Kept: the picture held at the last read, and nothing of the figure changed since.
            if let Some((e, c)) = cache[slot].as_mut()
                && *e == entity
                && c.presence == presence
                && c.tick == previous
                && !changed.contains(&entity)
            {
                c.tick = since;
                figures.push(c.snap.clone());
                continue;
            }
            rebuilt = true;
            let Ok((
                _,
                id,
                pos,
                hero,
                monster,
                body,
                mind,
                fighter,
                awake,
                escaped,
                (status, eq, inv, book, captive, retainer, fate, skills),
            )) = figures_query.get(world, entity)
            else {
                continue;
            };
            let (kind, name) = match (&hero, &monster) {
                (None, None) if let Some(r) = &retainer => (r.kind.clone(), r.name.clone()),
                (None, None) => (
                    "captive".to_string(),
                    captive.as_ref().map(|c| c.name.clone()).unwrap_or_default(),
                ),
                (Some(h), _) => (h.class.clone(), h.name.clone()),
                (None, Some(m)) => (
                    m.kind.clone(),
                    m.name
                        .clone()
                        .unwrap_or_else(|| SnapQueries::kind_name(kind_names, &m.kind)),
                ),
            };
            let snap = Arc::new(FigureSnap {
                id: *id,
                entity,
                pos: pos.map(|p| p.0),
                hero: hero.is_some() || captive.is_some() || retainer.is_some(),
                kind,
                name,
                body: body.current,
                body_max: body.max,
                mind: mind.map_or(0, |m| m.current),
                mind_max: mind.map_or(0, |m| m.max),
                fighter: *fighter,
                awake: awake.is_some(),
                escaped: escaped.is_some(),
                status: status.map(|s| s.0.clone()).unwrap_or_default(),
                equipment: eq.map(|e| (*e).clone()).unwrap_or_default(),
                inventory: inv.map(|i| (*i).clone()).unwrap_or_default(),
                spellbook: book.map(|b| (*b).clone()).unwrap_or_default(),
                undead: monster.as_ref().is_some_and(|m| m.undead),
                only_harmed_by: monster.as_ref().and_then(|m| m.only_harmed_by.clone()),
                abilities: match (&monster, &retainer) {
                    (Some(m), _) => m.abilities.clone(),
                    (None, Some(r)) => r.abilities.clone(),
                    // A hero's own: its skills' (Revised's advanced game, #156).
                    _ => skills.as_ref().map(|s| s.abilities.clone()).unwrap_or_default(),
                },
                fate: fate.map(|f| (*f).clone()).unwrap_or_default(),
                skills: skills.map(|s| (*s).clone()).unwrap_or_default(),
                seat: hero.as_ref().map_or(usize::MAX, |h| h.seat),
                captive: captive.is_some(),
                follows: captive.as_ref().and_then(|c| c.follows),
                serves: retainer.as_ref().map(|r| r.serves),
            });
            cache[slot] = Some((
                entity,
                CachedFigure {
                    tick: since,
                    presence,
                    snap: snap.clone(),
                },
            ));
            figures.push(snap);
        }
        let kept = figure_part
            .as_ref()
            .filter(|part| !rebuilt && part.figures.len() == figures.len() && Arc::ptr_eq(&part.quest, &quest));
        let (figures, occupant, crowd) = match kept {
            Some(part) => (part.figures.clone(), part.occupant.clone(), part.crowd.clone()),
            None => {
                figures.sort_by_key(|f| f.id);
                let mut occupant: Vec<Option<u16>> = vec![None; board.len()];
                let mut crowd = vec![0u8; board.len()];
                for (i, f) in figures.iter().enumerate() {
                    if let Some(p) = f.pos {
                        occupant[board.index(p)] = Some(i as u16);
                        crowd[board.index(p)] = crowd[board.index(p)].saturating_add(1);
                    }
                }
                let part = FigurePart {
                    quest: quest.clone(),
                    figures: Arc::new(figures),
                    occupant: Arc::new(occupant),
                    crowd: Arc::new(crowd),
                };
                let out = (part.figures.clone(), part.occupant.clone(), part.crowd.clone());
                *figure_part = Some(part);
                out
            }
        };
        Some(Snapshot {
            quest,
            doors,
            door_at,
            open_sides,
            solid,
            figures,
            occupant,
            crowd,
            square_trap,
            turn,
            fog,
            traps,
            loot,
            dungeon,
            morcar,
            ai_seed,
            table: None,
        })
    }

    pub fn rules(&self) -> &crate::rules::ruleset::RuleSet {
        &self.quest.rules
    }

    pub fn trap(&self, id: u32) -> Option<&Trap> {
        self.traps.iter().find(|t| t.id == id)
    }

    /// The square trap (not furniture) at `p`, whatever its state.
    pub fn trap_at(&self, p: Pos) -> Option<&Trap> {
        if !self.board().in_bounds(p) {
            return self.traps.iter().find(|t| t.furniture.is_none() && t.at == p);
        }
        match self.square_trap[self.board().index(p)] {
            0 => None,
            i => self.traps.get(i as usize - 1),
        }
    }

    /// Standing in an open pit: one die fewer to attack and defend.
    pub fn in_pit(&self, p: Pos) -> bool {
        self.trap_at(p).is_some_and(Trap::open_pit)
    }

    /// A trap on the floor of `p` a hero may jump: one it knows of, or an open pit.
    pub fn jumpable_trap_on(&self, p: Pos) -> bool {
        self.trap_at(p).is_some_and(Trap::jumpable)
    }

    /// Does a hero know of an armed trap on `p`? Paths for heroes go around those.
    pub fn known_trap_on(&self, p: Pos) -> bool {
        self.trap_at(p).is_some_and(|t| t.state == TrapState::Known)
    }

    /// Monsters `fig` (a hero) can see from where it stands.
    pub fn visible_monsters<'a>(&'a self, fig: &'a FigureSnap) -> impl Iterator<Item = &'a FigureSnap> + 'a {
        let at = fig.pos;
        self.monsters()
            .filter(move |m| m.awake && at.is_some_and(|a| m.pos.is_some_and(|p| self.sees(a, p))))
    }

    /// The area (room or corridor) a square belongs to.
    pub fn area(&self, p: Pos) -> u16 {
        self.board().area(p)
    }

    pub fn board(&self) -> &crate::rules::board::Board {
        &self.quest.board
    }

    pub fn figure(&self, id: FigureId) -> Option<&FigureSnap> {
        self.figures
            .binary_search_by_key(&id, |f| f.id)
            .ok()
            .map(|i| &*self.figures[i])
    }

    pub fn figure_at(&self, p: Pos) -> Option<&FigureSnap> {
        if !self.board().in_bounds(p) {
            return None;
        }
        self.occupant[self.board().index(p)].map(|i| &*self.figures[i as usize])
    }

    /// Moves a figure in this picture as the world moved it (one step of a move).
    pub fn relocate(&mut self, id: FigureId, to: Pos) {
        let Some(i) = self.figures.iter().position(|f| f.id == id) else {
            return;
        };
        let from = Arc::make_mut(&mut Arc::make_mut(&mut self.figures)[i]).pos.replace(to);
        let board = self.quest.board.clone();
        if let Some(p) = from.filter(|p| board.in_bounds(*p)) {
            let k = board.index(p);
            let crowd = Arc::make_mut(&mut self.crowd);
            crowd[k] = crowd[k].saturating_sub(1);
        }
        if board.in_bounds(to) {
            let k = board.index(to);
            let crowd = Arc::make_mut(&mut self.crowd);
            crowd[k] = crowd[k].saturating_add(1);
        }
        // The table keeps the last figure (in id order) on each square, as `read` builds it.
        for p in from.into_iter().chain([to]) {
            if self.board().in_bounds(p) {
                let k = self.board().index(p);
                let last = self.figures.iter().rposition(|f| f.pos == Some(p)).map(|i| i as u16);
                Arc::make_mut(&mut self.occupant)[k] = last;
            }
        }
    }

    /// The heroes themselves: not a rescue's captive, not a man-at-arms.
    pub fn heroes(&self) -> impl Iterator<Item = &FigureSnap> {
        self.figures.iter().map(|f| &**f).filter(|f| f.is_hero())
    }

    /// The men-at-arms of the party, whatever became of them (Revised #151–152).
    pub fn men_at_arms(&self) -> impl Iterator<Item = &FigureSnap> {
        self.figures.iter().map(|f| &**f).filter(|f| f.serves.is_some())
    }

    /// The prisoner of a rescue quest, whatever became of them.
    pub fn captive(&self) -> Option<&FigureSnap> {
        self.figures.iter().map(|f| &**f).find(|f| f.captive)
    }

    pub fn living_heroes(&self) -> impl Iterator<Item = &FigureSnap> {
        self.heroes().filter(|f| f.alive())
    }

    pub fn monsters(&self) -> impl Iterator<Item = &FigureSnap> {
        self.figures.iter().map(|f| &**f).filter(|f| !f.hero && f.alive())
    }

    /// Furniture or a blocked square: nobody stands there.
    pub fn is_solid(&self, p: Pos) -> bool {
        !self.board().in_bounds(p) || self.solid[self.board().index(p)]
    }

    pub fn door_on(&self, a: Pos, b: Pos) -> Option<&Door> {
        self.door_at.get(&Edge::new(a, b)).map(|i| &self.doors[*i])
    }

    pub fn door(&self, id: u32) -> Option<&Door> {
        self.doors.iter().find(|d| d.id == id)
    }

    /// Nothing stands on the edge between two adjacent squares: no wall, or an open door in it.
    pub fn edge_open(&self, a: Pos, b: Pos) -> bool {
        if !self.board().in_bounds(a) || !self.board().in_bounds(b) {
            return false;
        }
        match crate::rules::board::direction(a, b) {
            Some(d) => self.open_sides[self.board().index(a)] & (1 << d) != 0,
            None => !self.board().wall_between(a, b) || self.door_on(a, b).is_some_and(|d| d.open),
        }
    }

    /// The figure at `p` as `fig`'s side knows it: heroes do not know about monsters nobody has
    /// seen (a hidden monster is always seen before a hero could step onto it: every step reveals
    /// the squares next to the hero).
    pub fn known_figure_at(&self, fig: &FigureSnap, p: Pos) -> Option<&FigureSnap> {
        self.figure_at(p).filter(|o| !(fig.hero && !o.hero && !o.awake))
    }

    /// Can `fig` step from `a` to the adjacent `b`? Figures pass their own side but not the other.
    pub fn can_step(&self, fig: &FigureSnap, a: Pos, b: Pos) -> bool {
        let through_rock =
            fig.has(StatusKind::PassThroughRock) && self.board().in_bounds(b) && a.is_orthogonally_adjacent(b);
        if !(self.edge_open(a, b) || through_rock) || self.is_solid(b) {
            return false;
        }
        match self.known_figure_at(fig, b) {
            Some(other) => self.may_pass(fig, other),
            None => true,
        }
    }

    pub fn on_stairway(&self, p: Pos) -> bool {
        self.quest.stairway.contains(p)
    }

    /// Can `fig` finish its move on `p`? Only heroes may share a stairway square.
    pub fn can_stop_on(&self, fig: &FigureSnap, p: Pos) -> bool {
        if self.is_solid(p) {
            return false;
        }
        // Nobody there, or only `fig` itself.
        let k = self.board().index(p);
        match self.crowd[k] {
            0 => return true,
            1 if self.occupant[k].is_some_and(|i| self.figures[i as usize].id == fig.id) => return true,
            _ => {}
        }
        // Every other figure on the square counts, not just the one the occupancy table kept:
        // mid-move, a hero passing a teammate shares its square for a moment.
        self.figures
            .iter()
            .filter(|o| o.id != fig.id && o.pos == Some(p))
            .filter(|o| !(fig.hero && !o.hero && !o.awake))
            .all(|o| fig.hero && o.hero && self.on_stairway(p))
    }

    /// The rule sight follows: centre to centre (2021), or centre to any point of the target's
    /// square (Revised #29).
    fn sight_line(
        &self,
        a: Pos,
        b: Pos,
        edge_blocks: impl Fn(Pos, Pos) -> bool,
        square_blocks: impl Fn(Pos) -> bool,
    ) -> bool {
        if self.rules().edition.sight_any_point {
            crate::rules::los::line_of_sight_any_point(a, b, edge_blocks, square_blocks)
        } else {
            line_of_sight(a, b, edge_blocks, square_blocks)
        }
    }

    /// Line of sight (`sight_line`): walls, closed doors, rubble and fallen blocks block, and
    /// so do figures in between, and furniture where the rules say it does (Revised #30).
    pub fn sees(&self, a: Pos, b: Pos) -> bool {
        let furniture = self.rules().edition.furniture_blocks_sight;
        self.sight_line(
            a,
            b,
            |p, q| !self.edge_open(p, q),
            |p| self.figure_at(p).is_some() || if furniture { self.is_solid(p) } else { self.walled_up(p) },
        )
    }

    /// Sight for exploring, what lifts the fog: as `sees`, except where the rules let a hero
    /// see past figures, furniture and closed portcullises when exploring (Revised #32). Then
    /// only walls, closed doors, rubble and fallen blocks stop it.
    pub fn sees_exploring(&self, a: Pos, b: Pos) -> bool {
        if !self.rules().edition.exploring_sees_past_figures {
            return self.sees(a, b);
        }
        let portcullis = |p: Pos, q: Pos| {
            self.door_on(p, q)
                .is_some_and(|d| d.kind == crate::game::model::DoorKind::Portcullis)
        };
        self.sight_line(
            a,
            b,
            |p, q| !self.edge_open(p, q) && !portcullis(p, q),
            |p| self.walled_up(p),
        )
    }

    /// Line of sight for looking around a room or corridor: only walls, closed doors, rubble
    /// and fallen blocks block.
    pub fn sees_past_figures(&self, a: Pos, b: Pos) -> bool {
        self.sight_line(a, b, |p, q| !self.edge_open(p, q), |p| self.walled_up(p))
    }

    /// A square filled as a wall is: a sprung falling block, "a permanent block (wall)"
    /// (heroquest-2021.md, Falling-Block Trap), or the quest's rubble, the blocked squares its
    /// notes call fallen masonry (rules-decisions row 3). Furniture stands in the way of a walk
    /// but not of sight.
    pub fn walled_up(&self, p: Pos) -> bool {
        // The solid squares already hold every fallen block, rubble and furniture: only a solid
        // square needs a closer look.
        self.board().in_bounds(p)
            && self.solid[self.board().index(p)]
            && (self.quest.blocked.contains(&p)
                || self
                    .trap_at(p)
                    .is_some_and(|t| t.kind == TrapKind::FallingBlock && t.state == TrapState::Sprung))
    }

    /// The figure whose turn it is (a hero), if any.
    pub fn active_hero(&self) -> Option<&FigureSnap> {
        match self.turn.phase {
            Phase::Hero(id) => self.figure(id),
            _ => None,
        }
    }
}
