//! Panels that fit any screen (issue 39): scroll areas the layout check knows of, window bodies
//! that scroll rather than run past the window's edge, and the sections the layout tour unfolds.

use bevy_egui::egui;

/// The temp-data key that unfolds every collapsing section while the tour looks at a screen.
pub(super) const UNFOLD: &str = "layout-tour-unfold";

/// The temp-data key of the scroll areas laid out in a pass: (pass number, (layer, viewport)).
pub(super) const SCROLLS: &str = "layout-tour-scroll-areas";

pub(super) type Scrolls = (u64, Vec<(egui::LayerId, egui::Rect)>);

/// Shows a scroll area and notes where its viewport lies, so the layout check knows the widgets
/// it holds can be scrolled into view. Every scroll area of the game's panels goes through here.
pub fn scrolled<R>(ui: &mut egui::Ui, area: egui::ScrollArea, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let out = area.show(ui, add);
    let ctx = ui.ctx();
    let pass = ctx.cumulative_pass_nr();
    let layer = ui.layer_id();
    let view = match ctx.layer_transform_to_global(layer) {
        Some(t) => t * out.inner_rect,
        None => out.inner_rect,
    };
    ctx.data_mut(|d| {
        let s = d.get_temp_mut_or_default::<Scrolls>(egui::Id::new(SCROLLS));
        if s.0 != pass {
            *s = (pass, Vec::new());
        }
        s.1.push((layer, view));
    });
    out.inner
}

/// Room a window's frame takes around its body: the title bar, the margins, a gap to the edge.
const WINDOW_FRAME: f32 = 90.0;

/// A window's body that scrolls once it is taller than the screen leaves it (`taller`: points
/// of the window's own above or below the body, kept in view), so no window runs past the edge
/// at any interface scale.
pub fn window_body<R>(ui: &mut egui::Ui, taller: f32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let room = (ui.ctx().content_rect().height() - WINDOW_FRAME - taller).max(120.0);
    // Once the body scrolls it takes the room there is, not a strip of it.
    let area = egui::ScrollArea::vertical().max_height(room).min_scrolled_height(room);
    scrolled(ui, area, add)
}

/// A side panel's width: the designed width, but never more than `share` of the window, so that
/// at a large interface scale on a small screen the board keeps its room between the panels.
pub fn side_width(ctx: &egui::Context, designed: f32, share: f32) -> f32 {
    designed.min(ctx.content_rect().width() * share).round()
}

/// Whether a collapsing section is forced open: Some(true) while the layout tour unfolds
/// everything, None (the player's choice) otherwise.
pub fn unfolded(ctx: &egui::Context) -> Option<bool> {
    ctx.data(|d| d.get_temp::<bool>(egui::Id::new(UNFOLD))).filter(|on| *on)
}
