//! Files build.rs embeds into the binary: the built-in quests and the icons.

include!(concat!(env!("OUT_DIR"), "/catalog.rs"));
