//! `hollowdeep edit QUEST --rate-check SECONDS`: the measurement behind issue 38's "no frame
//! over 50 ms on the main thread while the bots play". The window draws every frame (in play it
//! redraws four times a second while the bots play); for the first five seconds the editor sits
//! idle (the baseline), then it starts rating, and after SECONDS more (or when the bots finish)
//! the main thread's frame times, idle and while the bots play, are printed and the window
//! closes.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::EditorState;

/// The check under way.
#[derive(Resource)]
pub struct RateCheck {
    pub seconds: f32,
    pub began: Option<std::time::Instant>,
    /// When the idle baseline began, and its frames' main-thread times in ms.
    pub idle_since: Option<std::time::Instant>,
    pub idle_ms: Vec<f64>,
}

/// Seconds of the idle baseline.
const IDLE_SECONDS: f32 = 5.0;

/// p50, p95 and max of frame times, and how many were over 50 ms.
fn stats(ms: &[f64]) -> String {
    let mut ms = ms.to_vec();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| {
        ms.get(((ms.len().saturating_sub(1)) as f64 * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    format!(
        "{} frames, main thread p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms, {} over 50 ms",
        ms.len(),
        at(0.5),
        at(0.95),
        at(1.0),
        ms.iter().filter(|m| **m > 50.0).count()
    )
}

pub(super) fn rate_check(
    check: Option<ResMut<RateCheck>>,
    frame: Option<Res<super::FrameStart>>,
    state: Option<ResMut<EditorState>>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut exit: MessageWriter<AppExit>,
) {
    let (Some(mut check), Some(mut state)) = (check, state) else {
        return;
    };
    redraw.write(RequestRedraw);
    let Some(began) = check.began else {
        let since = *check.idle_since.get_or_insert_with(std::time::Instant::now);
        if let Some(f) = frame {
            check.idle_ms.push(f.0.elapsed().as_secs_f64() * 1000.0);
        }
        if since.elapsed().as_secs_f32() < IDLE_SECONDS {
            return;
        }
        super::start_rating(&mut state);
        check.began = Some(std::time::Instant::now());
        return;
    };
    let done = state.rated.as_ref().is_some_and(|r| r.complete);
    if began.elapsed().as_secs_f32() < check.seconds && !done {
        return;
    }
    let games = state
        .rating
        .as_ref()
        .map(|r| r.rating().done)
        .or(state.rated.as_ref().map(|r| r.done))
        .unwrap_or(0);
    // The first idle frames build the window: left out of the baseline.
    let idle = check.idle_ms.get(10..).unwrap_or(&[]);
    println!("rate-check: idle: {}", stats(idle));
    println!(
        "rate-check: while the bots played {games} games in {:.1} s: {}",
        began.elapsed().as_secs_f32(),
        stats(&state.frame_ms)
    );
    if let Some(job) = &state.rating {
        job.stop();
    }
    exit.write(AppExit::Success);
}
