//! Every screen fits (issue 39): the real game, under Xvfb at 1280×720, 1366×768 and 1920×1080,
//! walks every screen a player meets (`--layout-check`, `ui::tour`) and reports from egui's own
//! layout each interactive widget a player could not reach. And the check itself, on a
//! window laid out too tall, then the same window scrolling.

use std::path::PathBuf;

use bevy_egui::egui;
use hollowdeep::ui::fit::scrolled;
use hollowdeep::ui::tour::unreachable_widgets;

/// Runs the layout tour on a screen of this size with fresh data and settings (besides a broken
/// quest and a broken save, as a player's folders may hold) and returns its report.
fn tour_at(w: u32, h: u32) -> String {
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("layout-{w}x{h}"));
    let _ = std::fs::remove_dir_all(&home);
    let data = home.join("data").join("hollowdeep");
    std::fs::create_dir_all(data.join("quests")).unwrap();
    std::fs::create_dir_all(data.join("saves")).unwrap();
    std::fs::write(
        data.join("quests").join("half-written.ron"),
        "Quest(format: 1, name: \"Half",
    )
    .unwrap();
    std::fs::write(data.join("saves").join("torn.ron"), "SavedQuest(format: 3, quest:").unwrap();
    let report = home.join("report.txt");
    crate::e2e::game_in_xvfb(
        &[std::ffi::OsStr::new("--layout-check"), report.as_os_str()],
        (w, h),
        &home,
    );
    std::fs::read_to_string(&report).unwrap_or_else(|e| panic!("no report at {}: {e}", report.display()))
}

/// Every step reached and looked at, the window within the screen, and no widget out of reach.
fn check(w: u32, h: u32) {
    let report = tour_at(w, h);
    let mut lines = report.lines();
    let window = lines.next().unwrap_or_default();
    let size: Vec<u32> = window
        .trim_start_matches("window ")
        .split('x')
        .filter_map(|n| n.parse().ok())
        .collect();
    assert!(
        size.len() == 2 && size[0] <= w && size[1] <= h && size[0] * 10 >= w * 8 && size[1] * 10 >= h * 8,
        "the first launch's window should fill most of a {w}x{h} screen and no more: {window}"
    );
    let steps: usize = lines
        .next()
        .and_then(|l| l.strip_prefix("steps "))
        .and_then(|n| n.parse().ok())
        .expect("the report says how many steps the tour has");
    let looked: Vec<&str> = report.lines().filter(|l| l.starts_with("step ")).collect();
    assert_eq!(looked.len(), steps, "every step reports:\n{report}");
    assert!(
        steps >= 30,
        "the tour covers every screen (title, windows, rule systems, end, armory)"
    );
    for l in &looked {
        assert!(
            !l.contains("never reached"),
            "a screen was not reached at {w}x{h}:\n{report}"
        );
        let widgets: usize = l
            .rsplit_once(": ")
            .and_then(|(_, r)| r.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(
            widgets > 10,
            "a screen with almost nothing to press is not the screen meant: {l}"
        );
    }
    let outside: Vec<&str> = report.lines().filter(|l| l.contains("outside:")).collect();
    assert!(outside.is_empty(), "out of reach at {w}x{h}:\n{report}");
}

#[test]
fn every_screen_fits_1280x720() {
    check(1280, 720);
}

#[test]
fn every_screen_fits_1366x768() {
    check(1366, 768);
}

#[test]
fn every_screen_fits_1920x1080() {
    check(1920, 1080);
}

/// One pass of a 400×300 screen with a window of thirty buttons; `scroll`: in a scroll area.
fn lay_out(scroll: bool) -> (usize, Vec<String>) {
    let ctx = egui::Context::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(400.0, 300.0))),
        ..Default::default()
    };
    let buttons = |ui: &mut egui::Ui| {
        for i in 0..30 {
            let _ = ui.button(format!("Button {i}"));
        }
    };
    // Two passes: the second sees the first's widgets as the last pass.
    for _ in 0..2 {
        let mut out = ctx.run_ui(input(), |root| {
            let window = egui::Window::new("Tall").resizable(false).default_pos((20.0, 20.0));
            window.show(root.ctx(), |ui| {
                if scroll {
                    scrolled(ui, egui::ScrollArea::vertical().max_height(200.0), buttons);
                } else {
                    buttons(ui);
                }
            });
        });
        // No renderer here: the font atlas is not uploaded anywhere.
        out.textures_delta.clear();
    }
    unreachable_widgets(&ctx)
}

#[test]
fn the_check_finds_a_window_taller_than_the_screen_and_passes_it_once_it_scrolls() {
    let (count, outside) = lay_out(false);
    assert!(count >= 30, "every button is counted: {count}");
    assert!(
        outside.len() >= 10,
        "thirty buttons of a window on a 300-point screen run past its bottom: {outside:?}"
    );
    let (count, outside) = lay_out(true);
    assert!(count >= 30, "every button is counted, scrolled or not: {count}");
    assert!(outside.is_empty(), "in a scroll area they can be reached: {outside:?}");
}
