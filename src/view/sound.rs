//! Sound effects, synthesised by our own code at start-up (no sound files): footsteps, doors,
//! dice, blows that land and blows that are blocked, spells, traps, falls, treasure and the
//! quest's end. Played when the game's events happen, at the volume the options set.

use std::sync::Arc;
use std::time::Duration;

use bevy::audio::{AddAudioSource, Decodable, PlaybackSettings, Source, Volume};
use bevy::prelude::*;

use crate::game::model::GameEvent;
use crate::save::settings::Settings;

const RATE: u32 = 22_050;

/// A synthesised sound: mono samples at `RATE`.
#[derive(Asset, TypePath, Clone)]
pub struct Synth {
    samples: Arc<Vec<f32>>,
}

/// Plays a `Synth` once.
pub struct SynthDecoder {
    samples: Arc<Vec<f32>>,
    at: usize,
}

impl Iterator for SynthDecoder {
    type Item = bevy::audio::Sample;
    fn next(&mut self) -> Option<Self::Item> {
        let s = self.samples.get(self.at).copied();
        self.at += 1;
        s
    }
}

impl Source for SynthDecoder {
    fn current_span_len(&self) -> Option<usize> {
        Some(self.samples.len().saturating_sub(self.at))
    }
    fn channels(&self) -> bevy::audio::ChannelCount {
        bevy::audio::ChannelCount::MIN
    }
    fn sample_rate(&self) -> bevy::audio::SampleRate {
        bevy::audio::SampleRate::new(RATE).expect("not zero")
    }
    fn total_duration(&self) -> Option<Duration> {
        Some(Duration::from_secs_f32(self.samples.len() as f32 / RATE as f32))
    }
}

impl Decodable for Synth {
    type Decoder = SynthDecoder;
    fn decoder(&self) -> Self::Decoder {
        SynthDecoder {
            samples: self.samples.clone(),
            at: 0,
        }
    }
}

/// The kinds of sound the game makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sfx {
    Step,
    Door,
    Dice,
    Hit,
    Blocked,
    Spell,
    Trap,
    Fall,
    Treasure,
    Victory,
    Defeat,
    /// The turn passes to another person at the table (`turn_cue`).
    YourTurn,
}

impl Sfx {
    pub const ALL: [Sfx; 12] = [
        Sfx::Step,
        Sfx::Door,
        Sfx::Dice,
        Sfx::Hit,
        Sfx::Blocked,
        Sfx::Spell,
        Sfx::Trap,
        Sfx::Fall,
        Sfx::Treasure,
        Sfx::Victory,
        Sfx::Defeat,
        Sfx::YourTurn,
    ];

    /// The sound an event makes, if any.
    pub fn of(e: &GameEvent) -> Option<Sfx> {
        Some(match e {
            GameEvent::HeroMoved { .. } | GameEvent::MonsterMoved { .. } | GameEvent::CaptiveMoved { .. } => Sfx::Step,
            GameEvent::DoorOpened { .. } | GameEvent::DoorClosed { .. } | GameEvent::DoorChanged { .. } => Sfx::Door,
            GameEvent::MovementRolled { .. } => Sfx::Dice,
            GameEvent::Attack { damage, .. } if *damage > 0 => Sfx::Hit,
            GameEvent::Attack { .. } => Sfx::Blocked,
            GameEvent::SpellCast { .. } | GameEvent::DreadSpellCast { .. } => Sfx::Spell,
            GameEvent::TrapSprung { .. } => Sfx::Trap,
            GameEvent::HeroKilled { .. }
            | GameEvent::MonsterKilled { .. }
            | GameEvent::ManAtArmsKilled { .. }
            | GameEvent::CaptiveKilled { .. } => Sfx::Fall,
            GameEvent::GoldFound { .. } | GameEvent::SpecialTreasureFound { .. } | GameEvent::TreasureDrawn { .. } => {
                Sfx::Treasure
            }
            GameEvent::QuestWon { .. } => Sfx::Victory,
            GameEvent::QuestLost { .. } | GameEvent::QuestAbandoned { .. } => Sfx::Defeat,
            _ => return None,
        })
    }

    /// The louder of two sounds in one frame wins (a blow over the step before it).
    fn rank(self) -> u8 {
        match self {
            Sfx::Step => 0,
            Sfx::Door | Sfx::Dice => 1,
            Sfx::Blocked | Sfx::Treasure => 2,
            Sfx::Hit | Sfx::Spell | Sfx::Trap => 3,
            Sfx::Fall => 4,
            Sfx::Victory | Sfx::Defeat | Sfx::YourTurn => 5,
        }
    }

    /// The samples, made from sines, decays and seeded noise: the same sound every run.
    pub fn samples(self) -> Vec<f32> {
        let mut noise = Noise(0x9E37_79B9 ^ self as u32);
        let tone = |f: f32, t: f32| (t * f * std::f32::consts::TAU).sin();
        let len = |secs: f32| (secs * RATE as f32) as usize;
        let t_of = |i: usize| i as f32 / RATE as f32;
        let mut out: Vec<f32> = match self {
            Sfx::Step => (0..len(0.07))
                .map(|i| {
                    let t = t_of(i);
                    (noise.next() * 0.5 + tone(90.0, t) * 0.5) * (-t * 60.0).exp()
                })
                .collect(),
            Sfx::Door => (0..len(0.45))
                .map(|i| {
                    let t = t_of(i);
                    let creak = tone(300.0 + 250.0 * t, t) * 0.25 * (1.0 - t / 0.45);
                    let thud = tone(70.0, t) * (-t * 14.0).exp();
                    creak + thud * 0.8
                })
                .collect(),
            Sfx::Dice => {
                let mut v = vec![0.0; len(0.35)];
                for k in 0..7 {
                    let start = len(0.035 * k as f32 + 0.01 * (k % 3) as f32);
                    for j in 0..len(0.02) {
                        if let Some(s) = v.get_mut(start + j) {
                            *s += noise.next() * (-(j as f32) / 60.0).exp() * 0.8;
                        }
                    }
                }
                v
            }
            Sfx::Hit => (0..len(0.25))
                .map(|i| {
                    let t = t_of(i);
                    (tone(110.0 - 60.0 * t, t) * 0.9 + noise.next() * 0.35) * (-t * 18.0).exp()
                })
                .collect(),
            Sfx::Blocked => (0..len(0.3))
                .map(|i| {
                    let t = t_of(i);
                    (tone(1250.0, t) * 0.5 + tone(1870.0, t) * 0.3) * (-t * 16.0).exp()
                })
                .collect(),
            Sfx::Spell => (0..len(0.6))
                .map(|i| {
                    let t = t_of(i);
                    let f = 400.0 + 900.0 * t + 20.0 * tone(9.0, t);
                    tone(f, t) * 0.45 * (t * 8.0).min(1.0) * (1.0 - t / 0.6)
                })
                .collect(),
            Sfx::Trap => (0..len(0.5))
                .map(|i| {
                    let t = t_of(i);
                    noise.next() * (-t * 9.0).exp() * 0.7 + tone(55.0, t) * (-t * 6.0).exp() * 0.8
                })
                .collect(),
            Sfx::Fall => (0..len(0.7))
                .map(|i| {
                    let t = t_of(i);
                    tone(220.0 - 150.0 * t, t) * 0.6 * (1.0 - t / 0.7)
                })
                .collect(),
            Sfx::Treasure => (0..len(0.35))
                .map(|i| {
                    let t = t_of(i);
                    let f = if t < 0.12 { 1568.0 } else { 2093.0 };
                    tone(f, t) * 0.35 * (-((t % 0.12) * 14.0)).exp()
                })
                .collect(),
            Sfx::Victory => notes(&[523.0, 659.0, 784.0, 1047.0], 0.16),
            Sfx::Defeat => notes(&[392.0, 349.0, 311.0, 262.0], 0.22),
            // Two soft bell notes, rising: someone else's turn now.
            Sfx::YourTurn => notes(&[880.0, 1175.0], 0.14),
        };
        // Never louder than 0.8 (mixed sounds add up), and no click at the ends.
        let peak = out.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        if peak > 0.8 {
            out.iter_mut().for_each(|s| *s *= 0.8 / peak);
        }
        let n = out.len();
        for (i, s) in out.iter_mut().enumerate() {
            let edge = (i.min(n - 1 - i) as f32 / 60.0).min(1.0);
            *s *= edge;
        }
        out
    }
}

fn notes(freqs: &[f32], each: f32) -> Vec<f32> {
    let per = (each * RATE as f32) as usize;
    let mut v = Vec::with_capacity(per * freqs.len());
    for f in freqs {
        for i in 0..per {
            let t = i as f32 / RATE as f32;
            v.push((t * f * std::f32::consts::TAU).sin() * 0.4 * (-t * 5.0).exp());
        }
    }
    v
}

/// A tiny seeded noise source (xorshift), in -1..1.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// The sounds, made once.
#[derive(Resource)]
pub struct Sounds(Vec<(Sfx, Handle<Synth>)>);

pub fn plugin(app: &mut App) {
    app.add_audio_source::<Synth>()
        .add_systems(Startup, make_sounds)
        .add_systems(Update, (play_sounds, turn_cue).in_set(crate::game::GameSet::Present));
}

/// Who acts now at the table: the seat of the hero whose turn it is, or the person in the
/// sorcerer's seat (`usize::MAX`); None for the computer.
fn person_to_act(
    turn: &crate::game::model::Turn,
    seats: &crate::seating::Seats,
    sorcerer: Option<&crate::seating::SorcererSeat>,
    class_of: impl Fn(crate::game::model::FigureId) -> Option<String>,
) -> Option<usize> {
    match turn.phase {
        crate::game::model::Phase::Hero(id) => class_of(id).and_then(|c| seats.seat_of(&c)),
        crate::game::model::Phase::Sorcerer => sorcerer.map(|_| usize::MAX),
        crate::game::model::Phase::Over(_) => None,
    }
}

/// Whether the turn passing from `before` to `now` is heard: it comes to a person, at a table of
/// more than one person, other than the one who had it.
pub fn chimes(before: Option<usize>, now: Option<usize>, people: usize) -> bool {
    people > 1 && now.is_some() && now != before
}

/// At a shared table, a chime when the turn passes to another person (issue 39: nobody sits
/// waiting for a game that waits for them); off in the options.
fn turn_cue(
    (turn, seats, sorcerer): (
        Option<Res<crate::game::model::Turn>>,
        Option<Res<crate::seating::Seats>>,
        Option<Res<crate::seating::SorcererSeat>>,
    ),
    heroes: Query<(&crate::game::model::FigureId, &crate::game::model::Hero)>,
    sounds: Option<Res<Sounds>>,
    settings: Option<Res<Settings>>,
    mut last: Local<Option<Option<usize>>>,
    mut commands: Commands,
) {
    let (Some(turn), Some(seats)) = (turn, seats) else {
        return;
    };
    let class_of = |id| heroes.iter().find(|(f, _)| **f == id).map(|(_, h)| h.class.clone());
    let now = person_to_act(&turn, &seats, sorcerer.as_deref(), class_of);
    let before = last.replace(now);
    let people = seats.0.len() + usize::from(sorcerer.is_some());
    let (volume, on) = settings.map_or((0.7, true), |s| (s.volume, s.turn_cue));
    // Not at the first look (a game just begun or resumed), nor when it is off or silent.
    if before.is_none() || !on || volume <= 0.0 || !chimes(before.flatten(), now, people) {
        return;
    }
    if let Some((_, handle)) = sounds.and_then(|s| s.0.iter().find(|(s, _)| *s == Sfx::YourTurn).cloned()) {
        commands.spawn((
            AudioPlayer(handle),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
        ));
    }
}

fn make_sounds(mut commands: Commands, mut assets: ResMut<Assets<Synth>>) {
    let v = Sfx::ALL
        .into_iter()
        .map(|s| {
            (
                s,
                assets.add(Synth {
                    samples: Arc::new(s.samples()),
                }),
            )
        })
        .collect();
    commands.insert_resource(Sounds(v));
}

/// One sound a frame, the most important of the frame's events, unless the game was just
/// rebuilt (a resumed game's whole history is not played back).
fn play_sounds(
    mut events: MessageReader<GameEvent>,
    sounds: Option<Res<Sounds>>,
    settings: Option<Res<Settings>>,
    restored: Option<Res<crate::screen::JustRestored>>,
    mut commands: Commands,
) {
    let best = events.read().filter_map(Sfx::of).max_by_key(|s| s.rank());
    let (Some(sfx), Some(sounds)) = (best, sounds) else {
        return;
    };
    let volume = settings.map_or(0.7, |s| s.volume);
    if restored.is_some() || volume <= 0.0 {
        return;
    }
    if let Some((_, handle)) = sounds.0.iter().find(|(s, _)| *s == sfx) {
        commands.spawn((
            AudioPlayer(handle.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
        ));
    }
}
