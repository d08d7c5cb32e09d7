//! HeroScribe's object ids (its `Objects.xml`, object list 1.5, plus `Dice` from later lists):
//! each id's footprint before rotation and what the importer makes of it.

use crate::quest::TrapKind;

/// What a HeroScribe object becomes in our quest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A monster of our rule set; `exact` is false where the kind stands in for another.
    Monster { kind: &'static str, exact: bool },
    /// A hero figure: our heroes start on the stairway.
    Hero,
    /// A piece of furniture of our rule set (same footprint).
    Furniture { kind: &'static str, exact: bool },
    /// A treasure chest, maybe trapped.
    Chest { trapped: bool },
    /// No counterpart, but it stands in the way: its squares become blocked squares.
    Obstacle,
    /// The stairway tile.
    Stairway,
    /// A door (1x2 across a wall); `open` for a doorway; `approx` says what is lost.
    Door { open: bool, approx: Option<&'static str> },
    /// A secret door tile, on the square inside, against the wall it is turned to.
    SecretDoor,
    /// A single or double blocked square.
    Blocked,
    /// A trap on each square it covers.
    Trap { kind: TrapKind, exact: bool },
    /// A lettered or numbered mark whose note is kept.
    Mark(&'static str),
    /// Nothing in our format: dropped, with the reason.
    Drop(&'static str),
}

/// One object id: its footprint before rotation and its role.
#[derive(Clone, Copy, Debug)]
pub struct ObjectDef {
    pub id: &'static str,
    pub w: i32,
    pub h: i32,
    pub role: Role,
}

const fn o(id: &'static str, w: i32, h: i32, role: Role) -> ObjectDef {
    ObjectDef { id, w, h, role }
}
const fn m(kind: &'static str, exact: bool) -> Role {
    Role::Monster { kind, exact }
}
const fn f(kind: &'static str, exact: bool) -> Role {
    Role::Furniture { kind, exact }
}
const fn door(open: bool, approx: Option<&'static str>) -> Role {
    Role::Door { open, approx }
}
const fn trap(kind: TrapKind, exact: bool) -> Role {
    Role::Trap { kind, exact }
}

const ALLY: Role = Role::Drop(
    "men-at-arms are a HeroQuest Revised rule: an imported quest is 2021's; lend them with `men_at_arms` under `rules: \"heroquest-revised\"`",
);
const DECOR: Role = Role::Drop("a picture on the map with no rule in our format");
const ROOM: Role = Role::Drop("a special room tile; our classic board keeps its own rooms");
const STAIRS: Role = Role::Drop("stairs between levels; our quests have one level");
const MAGIC_TRAP: Role = Role::Drop("no trap like it in our rules");
const ONE_WAY: Option<&'static str> = Some("a one-way door is an ordinary door here");

/// Every object id the importer knows.
pub const OBJECTS: &[ObjectDef] = &[
    // The base game.
    o("AlchemistsBench", 3, 2, f("alchemist_bench", true)),
    o("Bookcase", 3, 1, f("bookcase", true)),
    o("Cupboard", 3, 1, f("cupboard", true)),
    o("Fireplace", 3, 1, f("fireplace", true)),
    o("Rack", 2, 3, f("rack", true)),
    o("SorcerersTable", 3, 2, f("sorcerer_table", true)),
    o("Table", 3, 2, f("table", true)),
    o("Throne", 1, 1, f("throne", true)),
    o("Tomb", 2, 3, f("tomb", true)),
    o("WeaponsRack", 3, 1, f("weapon_rack", true)),
    o("TreasureChest", 1, 1, Role::Chest { trapped: false }),
    o("TreasureChestTrap", 1, 1, Role::Chest { trapped: true }),
    o("Stairway", 2, 2, Role::Stairway),
    o("Door", 1, 2, door(false, None)),
    o("SecretDoor", 1, 1, Role::SecretDoor),
    o("SecretDoorAlternate", 1, 1, Role::SecretDoor),
    o("SingleBlockedSquare", 1, 1, Role::Blocked),
    o("DoubleBlockedSquare", 2, 1, Role::Blocked),
    o("PitTrap", 1, 1, trap(TrapKind::Pit, true)),
    o("SpearTrap", 1, 1, trap(TrapKind::Spear, true)),
    o("FallingRock", 1, 1, trap(TrapKind::FallingBlock, true)),
    o("Goblin", 1, 1, m("goblin", true)),
    o("Orc", 1, 1, m("orc", true)),
    o("Skeleton", 1, 1, m("skeleton", true)),
    o("Zombie", 1, 1, m("zombie", true)),
    o("Mummy", 1, 1, m("mummy", true)),
    o("Fimir", 1, 1, m("abomination", true)),
    o("ChaosWarrior", 1, 1, m("dread_warrior", true)),
    o("Gargoyle", 1, 1, m("gargoyle", true)),
    o("Barbarian", 1, 1, Role::Hero),
    o("Dwarf", 1, 1, Role::Hero),
    o("Elf", 1, 1, Role::Hero),
    o("Wizard", 1, 1, Role::Hero),
    // Expansion monsters: the nearest 2021 kind by strength.
    o("OgreWarrior", 1, 1, m("gargoyle", false)),
    o("OgreChampion", 1, 1, m("gargoyle", false)),
    o("OgreChieftain", 1, 1, m("gargoyle", false)),
    o("OgreLord", 1, 1, m("gargoyle", false)),
    o("Yeti", 1, 1, m("gargoyle", false)),
    o("PolarWarbear", 1, 1, m("gargoyle", false)),
    o("FrozenHorror", 2, 1, m("abomination", false)),
    o("IceGremlin", 1, 1, m("goblin", false)),
    o("GiantWolf", 2, 1, m("goblin", false)),
    o("ElvenArcher", 1, 1, m("orc", false)),
    o("ElvenWarrior", 1, 1, m("orc", false)),
    o("DarkWarrior", 1, 1, m("dread_warrior", false)),
    o("DeathMist", 1, 1, m("zombie", false)),
    o("Crossbowman", 1, 1, ALLY),
    o("Halberdier", 1, 1, ALLY),
    o("Scout", 1, 1, ALLY),
    o("Swordsman", 1, 1, ALLY),
    // Expansion doors, traps and furniture.
    o("OpenDoor", 1, 2, door(true, None)),
    o("DoorIn", 1, 2, door(false, ONE_WAY)),
    o("DoorOut", 1, 2, door(false, ONE_WAY)),
    o("DoubleArrowDoor", 1, 2, door(false, ONE_WAY)),
    o("DoorTrap", 1, 2, door(false, Some("the door's trap is left out"))),
    o("StoneDoorway", 1, 2, door(true, Some("a doorway is an open door here"))),
    o(
        "Portcullis",
        1,
        2,
        door(false, Some("a portcullis is an ordinary door here")),
    ),
    o("DeepPitTrap", 1, 1, trap(TrapKind::Pit, false)),
    o("DeepPitTrapAlternate", 1, 1, trap(TrapKind::Pit, false)),
    o("LongPitTrap", 2, 1, trap(TrapKind::Pit, false)),
    o("Stalactite", 1, 1, trap(TrapKind::FallingBlock, false)),
    o("SwingingAxe", 1, 1, trap(TrapKind::Spear, false)),
    o("SwingingBladeTrap", 1, 1, trap(TrapKind::Spear, false)),
    o("StarBurst", 1, 1, MAGIC_TRAP),
    o("FireburstTrap", 1, 1, MAGIC_TRAP),
    o("HurricaneTrap", 1, 1, MAGIC_TRAP),
    o("TeleportTrapA", 1, 1, MAGIC_TRAP),
    o("TeleportTrapB", 1, 1, MAGIC_TRAP),
    o("OgreThrone", 1, 1, f("throne", false)),
    o("Coffin", 1, 2, Role::Obstacle),
    o("DwarvenForge", 3, 1, Role::Obstacle),
    o("GiantStoneBoulder", 1, 1, Role::Obstacle),
    o("TrapDoor", 1, 1, STAIRS),
    o("Stairs", 1, 1, STAIRS),
    o("LongStairway", 1, 5, STAIRS),
    o("ShortStairway", 1, 3, STAIRS),
    o("IceTunnelA", 1, 1, STAIRS),
    o("IceTunnelB", 1, 1, STAIRS),
    o("IceTunnelC", 1, 1, STAIRS),
    o("CliffCorridor", 8, 1, DECOR),
    o("Arrow", 1, 1, DECOR),
    o("DarkArrow", 1, 1, DECOR),
    o("WanderingMonster", 1, 1, DECOR),
    o("Dice", 1, 1, DECOR),
    o("CrystalKey", 1, 1, DECOR),
    o("Fog", 1, 1, DECOR),
    o("IcyRiver1x3", 1, 3, DECOR),
    o("IcyRiver1x8", 1, 8, DECOR),
    o("IceSlide", 1, 8, DECOR),
    o("SlipperyIce1x1", 1, 1, DECOR),
    o("SlipperyIce2x1", 2, 1, DECOR),
    o("SlipperyIce3x1", 3, 1, DECOR),
    o("SlipperyIce2x3", 2, 3, DECOR),
    o("BattleRoom", 4, 5, ROOM),
    o("BottomlessChasm", 4, 4, ROOM),
    o("CageRoom", 4, 4, ROOM),
    o("CarpetRoom", 4, 4, ROOM),
    o("ChaosRoom", 8, 7, ROOM),
    o("CloudOfChaos", 3, 4, ROOM),
    o("FrozenCryptRoom", 3, 5, ROOM),
    o("IceCaveEntrance", 6, 5, ROOM),
    o("IceGremlinTreasureRoom", 3, 4, ROOM),
    o("IceLedge", 3, 5, ROOM),
    o("IceVault2x3", 2, 3, ROOM),
    o("IceVault3x4", 3, 4, ROOM),
    o("InnerSanctum", 5, 6, ROOM),
    o("LivingFogRoom", 4, 4, ROOM),
    o("PitRoom", 4, 5, ROOM),
    o("Quicksand", 5, 6, ROOM),
    o("RevolvingRoom", 4, 4, ROOM),
    o("ScepterRoom", 4, 4, ROOM),
    o("SeatOfPower", 5, 6, ROOM),
    o("SunEyeRoom", 4, 4, ROOM),
    o("Surface", 8, 5, ROOM),
    o("ThroneRoom", 5, 6, ROOM),
    // Marks: their notes are kept beside the square.
    o("LetterA", 1, 1, Role::Mark("A")),
    o("LetterB", 1, 1, Role::Mark("B")),
    o("LetterC", 1, 1, Role::Mark("C")),
    o("LetterD", 1, 1, Role::Mark("D")),
    o("LetterE", 1, 1, Role::Mark("E")),
    o("LetterF", 1, 1, Role::Mark("F")),
    o("LetterG", 1, 1, Role::Mark("G")),
    o("LetterH", 1, 1, Role::Mark("H")),
    o("LetterI", 1, 1, Role::Mark("I")),
    o("LetterJ", 1, 1, Role::Mark("J")),
    o("LetterK", 1, 1, Role::Mark("K")),
    o("LetterL", 1, 1, Role::Mark("L")),
    o("LetterM", 1, 1, Role::Mark("M")),
    o("LetterX", 1, 1, Role::Mark("X")),
    o("Number1", 1, 1, Role::Mark("1")),
    o("Number2", 1, 1, Role::Mark("2")),
    o("Number3", 1, 1, Role::Mark("3")),
    o("Number4", 1, 1, Role::Mark("4")),
    o("Number5", 1, 1, Role::Mark("5")),
    o("Number6", 1, 1, Role::Mark("6")),
    o("Number7", 1, 1, Role::Mark("7")),
    o("Number8", 1, 1, Role::Mark("8")),
    o("Number9", 1, 1, Role::Mark("9")),
    o("Number10", 1, 1, Role::Mark("10")),
    o("Number11", 1, 1, Role::Mark("11")),
    o("Number1-2", 1, 1, Role::Mark("1-2")),
    o("Number2-12", 1, 1, Role::Mark("2-12")),
];

/// The object with this id, if the importer knows it.
pub fn object(id: &str) -> Option<&'static ObjectDef> {
    OBJECTS.iter().find(|d| d.id == id)
}
