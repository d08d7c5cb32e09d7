//! The title screen's banner: the four heroes face the sorcerer's monsters across crossed
//! swords, drawn from the game's own icons (game-icons.net, CC BY 3.0; see CREDITS.md) on a
//! band of dungeon stone.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::view::art::Art;

const HEROES: [(&str, [u8; 3]); 4] = [
    ("barbarian", [214, 96, 72]),
    ("dwarf", [222, 178, 82]),
    ("elf", [120, 196, 120]),
    ("wizard", [110, 150, 230]),
];
const MONSTERS: [&str; 5] = ["goblin", "orc", "skeleton", "dread_warrior", "gargoyle"];

/// The banner's icons as egui textures, in order: heroes, the crossed swords, monsters. Made
/// once from the game's own images (egui wants premultiplied colour: the icons' clear pixels
/// are white, which egui would draw as a white square); empty until the art is loaded.
#[derive(Default)]
pub(super) struct BannerIcons(Vec<egui::TextureHandle>);

pub(super) fn banner_icons(
    ctx: &egui::Context,
    art: Option<&Art>,
    images: &Assets<Image>,
    cache: &mut BannerIcons,
) -> Vec<egui::TextureId> {
    let count = HEROES.len() + 1 + MONSTERS.len();
    if cache.0.len() != count
        && let Some(art) = art
    {
        let made: Option<Vec<egui::TextureHandle>> = HEROES
            .iter()
            .map(|(h, _)| *h)
            .chain(["crossed_swords"])
            .chain(MONSTERS)
            .map(|name| {
                let image = images.get(&art.icon(name))?;
                let size = image.texture_descriptor.size;
                let data = image.data.as_ref()?;
                let (w, h) = (size.width as usize, size.height as usize);
                if data.len() != w * h * 4 {
                    return None;
                }
                let colour = egui::ColorImage::from_rgba_unmultiplied([w, h], data);
                Some(ctx.load_texture(format!("banner-{name}"), colour, egui::TextureOptions::LINEAR))
            })
            .collect();
        if let Some(made) = made {
            cache.0 = made;
        }
    }
    cache.0.iter().map(|t| t.id()).collect()
}

/// Draws the banner across the title window.
pub(super) fn banner(ui: &mut egui::Ui, icons: &[egui::TextureId]) {
    if icons.len() != HEROES.len() + 1 + MONSTERS.len() {
        return;
    }
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 74.0), egui::Sense::hover());
    let p = ui.painter_at(rect);
    // Stone: a dark band with a lighter seam of flagstones.
    p.rect_filled(rect, 8.0, egui::Color32::from_rgb(34, 30, 28));
    let stones = 18;
    let w = rect.width() / stones as f32;
    for i in 0..stones {
        let shade = 44 + ((i * 37) % 11) as u8;
        let r = egui::Rect::from_min_size(
            egui::pos2(rect.left() + i as f32 * w + 1.0, rect.bottom() - 14.0),
            egui::vec2(w - 2.0, 12.0),
        );
        p.rect_filled(r, 2.0, egui::Color32::from_rgb(shade, shade - 4, shade - 8));
    }
    let size = 46.0;
    let y = rect.top() + 8.0;
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    let draw = |x: f32, id: egui::TextureId, tint: egui::Color32, s: f32| {
        let r = egui::Rect::from_min_size(egui::pos2(x, y + (size - s) / 2.0), egui::vec2(s, s));
        p.image(id, r, uv, tint);
    };
    let centre = rect.center().x;
    for (i, (_, c)) in HEROES.iter().enumerate() {
        let x = centre - 60.0 - (HEROES.len() - i) as f32 * (size + 6.0);
        draw(x, icons[i], egui::Color32::from_rgb(c[0], c[1], c[2]), size);
    }
    draw(
        centre - size / 2.0,
        icons[HEROES.len()],
        egui::Color32::from_rgb(235, 200, 120),
        size,
    );
    for (i, _) in MONSTERS.iter().enumerate() {
        let x = centre + 60.0 + i as f32 * (size + 6.0);
        draw(
            x,
            icons[HEROES.len() + 1 + i],
            egui::Color32::from_rgb(170, 190, 150),
            size - 6.0,
        );
    }
}
