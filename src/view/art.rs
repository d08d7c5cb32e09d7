//! Our own procedural art (floor tiles, discs) and the embedded icons, loaded once.

use std::collections::BTreeMap;

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

pub const TILE_PX: u32 = 32;
/// Tile indices in the floor atlas.
pub const ROOM: u32 = 0;
pub const CORRIDOR: u32 = 1;
pub const FOG: u32 = 2;
pub const STAIRS: u32 = 3;
pub const ROCK: u32 = 4;
/// LEGO Heroica: a space is a tan tile; the ground around it a green baseplate with studs.
pub const LEGO_SPACE: u32 = 5;
pub const BASEPLATE: u32 = 6;
const ATLAS_TILES: u32 = 7;

#[derive(Resource, Clone)]
pub struct Art {
    pub floor_atlas: Handle<Image>,
    pub disc: Handle<Image>,
    pub ring: Handle<Image>,
    pub icons: BTreeMap<String, Handle<Image>>,
}

impl Art {
    pub fn icon(&self, name: &str) -> Handle<Image> {
        // The special monsters wear their base kind's face.
        let name = match name {
            "verag" => "gargoyle",
            "ulag" | "grak" => "orc",
            "balur" => "wizard",
            "witch_lord" => "skeleton",
            // Men-at-arms (Revised #151).
            "scout" => "ranger",
            "swordsman" => "crossed_swords",
            "crossbowman" => "bow",
            "halberdier" | "sergeant" => "knight",
            // LEGO Heroica's monsters.
            "goblin_warrior" | "goblin_guardian" | "goblin_general" => "goblin",
            "vampire_bat" => "bat",
            "golem_guardian" | "golem_lord" => "golem",
            "dark_druid" => "druid",
            "vampire_lord" => "vampire",
            n => n,
        };
        self.icons
            .get(name)
            .or_else(|| self.icons.get("skull"))
            .cloned()
            .unwrap_or_default()
    }
}

/// A tiny deterministic hash for stone texture noise.
fn noise(x: u32, y: u32, salt: u32) -> u32 {
    let mut h = x.wrapping_mul(374_761_393) ^ y.wrapping_mul(668_265_263) ^ salt.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    h ^ (h >> 16)
}

fn floor_atlas() -> Image {
    let w = TILE_PX * ATLAS_TILES;
    let h = TILE_PX;
    let mut data = vec![0u8; (w * h * 4) as usize];
    for tile in 0..ATLAS_TILES {
        for y in 0..h {
            for x in 0..TILE_PX {
                let n = (noise(x / 2, y / 2, tile) % 24) as i32 - 12;
                let edge = x == 0 || y == 0 || x == TILE_PX - 1 || y == TILE_PX - 1;
                let (r, g, b) = match tile {
                    ROOM => {
                        // Warm flagstones with a faint grout line.
                        let base = if edge { (120, 96, 70) } else { (168, 138, 104) };
                        (base.0 + n, base.1 + n, base.2 + n / 2)
                    }
                    CORRIDOR => {
                        let base = if edge { (70, 72, 80) } else { (112, 114, 122) };
                        (base.0 + n, base.1 + n, base.2 + n)
                    }
                    FOG => {
                        let v = 22 + (noise(x, y, 77) % 10) as i32;
                        (v, v - 2, v + 4)
                    }
                    STAIRS => {
                        // Steps: bands getting darker downwards.
                        let step = (y / 6) as i32;
                        let v = 190 - step * 22 + n / 2;
                        (v, v - 12, v - 30)
                    }
                    LEGO_SPACE | BASEPLATE => {
                        // A smooth plastic face with one round stud in the middle, lit from the
                        // top left.
                        let (dx, dy) = (x as f32 - 15.5, y as f32 - 15.5);
                        let d = (dx * dx + dy * dy).sqrt();
                        let base = if tile == LEGO_SPACE {
                            (196, 170, 120)
                        } else {
                            (62, 132, 64)
                        };
                        let shade = if d < 8.0 {
                            if dx + dy < 0.0 { 22 } else { -6 }
                        } else if d < 9.5 {
                            -26
                        } else if edge {
                            -34
                        } else {
                            n / 6
                        };
                        (base.0 + shade, base.1 + shade, base.2 + shade)
                    }
                    _ => {
                        let v = 48 + n;
                        (v + 6, v, v - 4)
                    }
                };
                let i = (((y * w) + tile * TILE_PX + x) * 4) as usize;
                data[i] = r.clamp(0, 255) as u8;
                data[i + 1] = g.clamp(0, 255) as u8;
                data[i + 2] = b.clamp(0, 255) as u8;
                data[i + 3] = 255;
            }
        }
    }
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// A white filled circle (`ring == false`) or circle outline, anti-aliased, 64 px.
fn circle(ring: bool) -> Image {
    let s = 64u32;
    let mut data = vec![0u8; (s * s * 4) as usize];
    let c = (s as f32 - 1.0) / 2.0;
    for y in 0..s {
        for x in 0..s {
            let d = ((x as f32 - c).powi(2) + (y as f32 - c).powi(2)).sqrt();
            let outer = (c + 0.5 - d).clamp(0.0, 1.0);
            let a = if ring {
                outer * (d - (c - 5.0)).clamp(0.0, 1.0)
            } else {
                outer
            };
            let i = ((y * s + x) * 4) as usize;
            data[i..i + 4].copy_from_slice(&[255, 255, 255, (a * 255.0) as u8]);
        }
    }
    Image::new(
        Extent3d {
            width: s,
            height: s,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

pub fn load_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut icons = BTreeMap::new();
    for (name, bytes) in crate::embedded::ICONS {
        match Image::from_buffer(
            bytes,
            ImageType::Extension("png"),
            CompressedImageFormats::NONE,
            true,
            ImageSampler::linear(),
            RenderAssetUsages::default(),
        ) {
            Ok(img) => {
                icons.insert(name.to_string(), images.add(img));
            }
            Err(e) => warn!("icon {name} could not be decoded: {e}"),
        }
    }
    let mut disc = circle(false);
    disc.sampler = ImageSampler::linear();
    let mut ring = circle(true);
    ring.sampler = ImageSampler::linear();
    commands.insert_resource(Art {
        floor_atlas: images.add(floor_atlas()),
        disc: images.add(disc),
        ring: images.add(ring),
        icons,
    });
}
