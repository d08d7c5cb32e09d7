//! End to end: the real binary in a real window under Xvfb, checked by its screenshot.

use std::path::PathBuf;
use std::process::Command;

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, Image, ImageSampler, ImageType};

/// A data and config folder of the test's own, so no run touches the player's saves.
fn home_for(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("e2e-home-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run_in_window(args: &[&str], shot: &PathBuf) {
    let _ = std::fs::remove_file(shot);
    game_in_xvfb(args, (1600, 900), &home_for("window"));
}

/// The real binary under Xvfb on a screen of `size`, with `home` as its data and config folder;
/// it must exit cleanly (else the last lines it wrote say why).
pub(crate) fn game_in_xvfb(args: &[impl AsRef<std::ffi::OsStr>], size: (u32, u32), home: &std::path::Path) {
    let screen = format!("-screen 0 {}x{}x24", size.0, size.1);
    let xvfb = Command::new("xvfb-run")
        .args(["-a", "-s", &screen, env!("CARGO_BIN_EXE_hollowdeep")])
        .args(args.iter().map(AsRef::as_ref))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
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

/// An X server of the test's own, so the game's own process can be killed (xvfb-run would be
/// killed instead of the game). Stopped when dropped.
struct Display {
    server: std::process::Child,
    name: String,
}

impl Display {
    fn start() -> Display {
        for n in 0..40 {
            let num = 140 + (std::process::id() as usize + n * 7) % 400;
            if std::path::Path::new(&format!("/tmp/.X11-unix/X{num}")).exists() {
                continue;
            }
            let mut server = Command::new("Xvfb")
                .args([
                    format!(":{num}").as_str(),
                    "-screen",
                    "0",
                    "1280x720x24",
                    "-nolisten",
                    "tcp",
                ])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("Xvfb must be installed (the README's test command installs it)");
            for _ in 0..100 {
                if std::path::Path::new(&format!("/tmp/.X11-unix/X{num}")).exists() {
                    return Display {
                        server,
                        name: format!(":{num}"),
                    };
                }
                if server.try_wait().ok().flatten().is_some() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            let _ = server.kill();
            let _ = server.wait();
        }
        panic!("could not start an X server");
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

#[test]
fn a_game_killed_mid_quest_resumes_at_its_last_command() {
    use hollowdeep::save::SavedQuest;
    let bin = env!("CARGO_BIN_EXE_hollowdeep");
    let display = Display::start();
    let home = home_for("sigkill");
    let saves = home.join("data/hollowdeep/saves");
    let save = saves.join("the-sunken-reliquary.ron");
    let game = |args: &[&str]| {
        let mut c = Command::new(bin);
        c.args(args)
            .env("DISPLAY", &display.name)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("WGPU_BACKEND", "vulkan")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        c
    };
    // The computer plays the heroes quickly; the game is killed without warning mid-quest.
    let mut running = game(&[
        "play",
        "--quest",
        "the-sunken-reliquary",
        "--seed",
        "11",
        "--autoplay",
        "--pace",
        "0.02",
    ])
    .spawn()
    .unwrap();
    let started = std::time::Instant::now();
    loop {
        let n = SavedQuest::read(&save).map_or(0, |s| s.commands.len());
        if n >= 25 {
            break;
        }
        if let Some(status) = running.try_wait().unwrap() {
            let out = running.wait_with_output().unwrap();
            panic!(
                "the game stopped by itself ({status}) after {n} commands:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        assert!(
            started.elapsed().as_secs() < 240,
            "only {n} commands saved in four minutes"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    running.kill().unwrap(); // SIGKILL
    running.wait().unwrap();
    let killed = SavedQuest::read(&save).expect("the save survives a kill whole");
    assert!(killed.commands.len() >= 25);

    // Relaunched, it picks up at the last saved command (the computer slowed right down so the
    // game waits there), and writes nothing until a move is made.
    let killed_bytes = std::fs::read(&save).unwrap();
    let out = game(&["continue", "--pace", "1000", "--quit-after-frames", "8"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "continue failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let expect = format!("resumed the-sunken-reliquary at command {}", killed.commands.len());
    assert!(stdout.contains(&expect), "expected \"{expect}\" in:\n{stdout}");
    assert!(std::fs::read(&save).unwrap() == killed_bytes, "loading wrote the save");
    let names = |dir: &std::path::Path| {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    let before = names(&saves);

    // Issue 18: `continue OTHER.ron` (a game saved elsewhere) loads it, says the game goes on
    // in a new file and that the game in progress is kept, and writes nothing before a move.
    let other = home.join("OTHER.ron");
    let q = std::sync::Arc::new(hollowdeep::quest::load("tutorial-1-first-steps").unwrap());
    let mut world = hollowdeep::sim::headless_world(q, 3, Default::default());
    for _ in 0..20 {
        let Some(c) = hollowdeep::ai::decide(&mut world) else {
            break;
        };
        hollowdeep::game::logic::submit(&mut world, c);
    }
    let slot = hollowdeep::save::autosave::SaveSlot::new("tutorial-1-first-steps", true, Vec::new());
    hollowdeep::save::autosave::snapshot(&world, &slot)
        .unwrap()
        .seal(&world)
        .write(&other)
        .unwrap();
    let other_bytes = std::fs::read(&other).unwrap();
    // Continues a file with the computer slowed right down, for a few frames.
    let continue_file = |file: &std::path::Path| {
        game(&[
            "continue",
            file.to_str().unwrap(),
            "--pace",
            "1000",
            "--quit-after-frames",
            "8",
        ])
        .output()
        .unwrap()
    };
    let out = continue_file(&other);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("OTHER.ron is left as it is"), "{said}");
    assert!(
        said.contains("is kept") && said.contains("the-sunken-reliquary.ron"),
        "{said}"
    );
    assert!(std::fs::read(&other).unwrap() == other_bytes);
    assert_eq!(names(&saves), before, "loading wrote a file");
    assert!(std::fs::read(&save).unwrap() == killed_bytes);

    // A new quest goes to a file of its own; the game in progress is kept and said to be.
    let play_a_bit = |quest: &str| {
        let out = game(&[
            "play",
            "--quest",
            quest,
            "--seed",
            "2",
            "--autoplay",
            "--pace",
            "0",
            "--quit-after-frames",
            "40",
        ])
        .output()
        .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let said = play_a_bit("tutorial-1-first-steps");
    assert!(
        said.contains("Your game in progress is kept") && said.contains("the-sunken-reliquary.ron"),
        "{said}"
    );
    assert!(saves.join("tutorial-1-first-steps.ron").exists(), "{:?}", names(&saves));
    assert!(std::fs::read(&save).unwrap() == killed_bytes);

    // Damaged, the save is refused by name and left as it is; its backup, the last good copy,
    // survives a new quest.
    let backup = hollowdeep::save::files::backup_path(&save);
    let backup_bytes = std::fs::read(&backup).unwrap();
    let broken = &killed_bytes[..200];
    std::fs::write(&save, broken).unwrap();
    let out = game(&["continue", save.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the-sunken-reliquary.ron"), "{err}");
    play_a_bit("tutorial-2-searching-and-spells");
    assert!(std::fs::read(&save).unwrap() == broken);
    assert!(std::fs::read(&backup).unwrap() == backup_bytes);
    // The backup itself can be continued.
    let out = continue_file(&backup);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
