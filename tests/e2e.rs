//! End to end: the real binary in a real window under Xvfb, checked by its screenshot.

use std::path::PathBuf;
use std::process::Command;

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, Image, ImageSampler, ImageType};

fn run_in_window(args: &[&str], shot: &PathBuf) {
    let bin = env!("CARGO_BIN_EXE_hollowdeep");
    let _ = std::fs::remove_file(shot);
    let xvfb = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1600x900x24", bin])
        .args(args)
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .expect("xvfb-run must be installed (the README's test command installs it)");
    assert!(
        xvfb.status.success(),
        "the game exited with {}:\n{}",
        xvfb.status,
        String::from_utf8_lossy(&xvfb.stderr)
            .lines()
            .rev()
            .take(30)
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Colour spread of a PNG: a blank or single-colour window has almost none.
fn distinct_colours(path: &PathBuf) -> usize {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("no screenshot at {}: {e}", path.display()));
    let img = Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
    .expect("the screenshot is a PNG");
    let data = img.data.expect("pixels");
    let mut colours = std::collections::BTreeSet::new();
    for px in data.chunks(4).step_by(7) {
        colours.insert((px[0] >> 3, px[1] >> 3, px[2] >> 3));
    }
    colours.len()
}

#[test]
fn the_real_game_renders_a_quest_in_a_window() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let shot = dir.join("e2e-play.png");
    run_in_window(
        &[
            "play",
            "--quest",
            "the-sunken-reliquary",
            "--seed",
            "3",
            "--autoplay",
            "--screenshot",
            shot.to_str().unwrap(),
            "--after-frames",
            "150",
            "--quit-after-frames",
            "170",
        ],
        &shot,
    );
    let n = distinct_colours(&shot);
    assert!(n > 40, "the screenshot looks blank ({n} colours): {}", shot.display());
    let title = dir.join("e2e-title.png");
    run_in_window(
        &[
            "--screenshot",
            title.to_str().unwrap(),
            "--after-frames",
            "20",
            "--quit-after-frames",
            "30",
        ],
        &title,
    );
    assert!(distinct_colours(&title) > 5, "the title screen looks blank");
}
