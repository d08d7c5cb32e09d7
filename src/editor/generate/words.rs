//! The generator's phrase tables: names, places and briefings composed from short pieces of
//! our own, so every generated quest reads as written for it and none copies a published one.

use super::Rng;

const ADJECTIVES: &[&str] = &[
    "Drowned",
    "Ashen",
    "Whispering",
    "Crooked",
    "Sunless",
    "Rusted",
    "Weeping",
    "Gnawed",
    "Salt-White",
    "Lampless",
    "Bellwater",
    "Tallow",
    "Cinder",
    "Hollow",
    "Briar",
    "Moth-Eaten",
];

const PLACES: &[&str] = &[
    "Cellars",
    "Vaults",
    "Catacombs",
    "Cisterns",
    "Kennels",
    "Foundry",
    "Chapterhouse",
    "Granaries",
    "Undercroft",
    "Ossuary",
    "Mint",
    "Scriptorium",
    "Barracks",
    "Tannery",
    "Bathhouse",
    "Reliquary",
];

const SYLLABLE_A: &[&str] = &[
    "Gor", "Vel", "Ska", "Mor", "Thra", "Ul", "Brek", "Zan", "Kra", "Ishm", "Dre", "Hask", "Or", "Sil", "Nag", "Voth",
];

const SYLLABLE_B: &[&str] = &[
    "ruk", "ath", "ven", "gash", "mir", "dok", "ith", "orn", "ax", "ul", "esh", "grim", "oth", "ek",
];

const EPITHETS: &[&str] = &[
    "the Pale",
    "Ironjaw",
    "the Hungry",
    "of the Nine Knots",
    "Ashhand",
    "the Tallow King",
    "Bellringer",
    "the Unslept",
    "Candlemaw",
    "Rotfinger",
    "the Tithe-Taker",
    "Saltbeard",
];

const DEEDS: &[&str] = &[
    "keeps the keys to every door below",
    "pays the goblins of the hills in stolen silver",
    "has not been seen by daylight in twenty years",
    "speaks to the dark through a cracked bell",
    "boils the old bones for their marrow and their secrets",
    "signs every ransom note in soot",
];

const HOOKS: &[&str] = &[
    "For three winters the {place} lay quiet. Now the lamps of the village gutter at night, and the dogs will not stop barking at the cellar doors.",
    "A shepherd came down from the hills with his hair gone white, babbling of the {place} and of lights moving where no one should be.",
    "The Emperor's surveyors sealed the {place} a generation ago. Someone has broken the seals from the inside.",
    "Tithes bound for the capital vanish on the old road, and every trail ends at the mouth of the {place}.",
    "The river has fallen low this summer, and the {place} it hid for centuries stand open to the air and to whatever lives in them.",
    "Old Ostric's scrying glass has clouded over the {place} three nights running. He will not say what he saw before the glass went dark.",
    "Miners broke through into the {place} last spring and sealed the shaft again within the hour. None of them will say why.",
];

const CLOSERS: &[&str] = &[
    "Go carefully: the floors are older than the walls, and not every stone will hold.",
    "Old Ostric's blessing goes with you. It is all he can spare.",
    "Trust nothing that calls for help in the dark.",
    "Keep together, keep your torches high, and count the doors behind you.",
    "The villagers have promised a feast on your return. They have not promised much else.",
];

const CAPTIVE_NAMES: &[&str] = &[
    "Ama", "Tobin", "Wren", "Oskar", "Leda", "Fenn", "Marit", "Corwin", "Hild", "Pim", "Saba", "Dunstan",
];

const CAPTIVE_ROLES: &[&str] = &[
    "the ferryman's daughter",
    "the bell-founder",
    "a novice of the lamp",
    "the salt merchant",
    "the reeve's clerk",
    "a wandering tinker",
];

/// Quest items: (id, name, what it is). The ids are no rule set's.
const ITEMS: &[(&str, &str, &str)] = &[
    (
        "silver_astrolabe",
        "the Silver Astrolabe",
        "A palm-sized astrolabe whose rings still turn by themselves.",
    ),
    (
        "ledger_of_ash",
        "the Ledger of Ash",
        "A book of debts written in soot on grey vellum; some of the names are still warm.",
    ),
    (
        "warden_seal",
        "the Warden's Seal",
        "A heavy seal of black iron, the mark of the old prison wardens.",
    ),
    (
        "glass_heart",
        "the Glass Heart",
        "A heart of smoky glass that beats, very slowly, when held.",
    ),
    (
        "pilgrim_lantern",
        "the Pilgrim's Lantern",
        "A lantern with no wick whose light never quite goes out.",
    ),
];

const ITEM_WHY: &[&str] = &[
    "which the temple wants back before the feast of lamps",
    "stolen from the college of the Emperor's astronomers",
    "without which the old wards on the town gates will fail",
    "that a dying scholar begged us to recover",
];

const LANDMARKS: &[&str] = &[
    "a cracked altar of green stone",
    "the old well-head, its chain still hanging",
    "a bronze door-bell that rings by itself",
    "the surveyors' last boundary stone",
];

const REACH_DEEDS: &[&str] = &[
    "so Old Ostric's glass can see through the dark at last",
    "where the missing surveyor said the map ends",
    "to learn what calls to the village at night",
];

const TREASURES: &[&str] = &[
    "Behind a loose stone you find a purse of tarnished coins.",
    "A long-dead adventurer's pack still holds a little of what she found.",
    "Under a rotten floorboard lies a tin box, its hinges rusted shut; you prise it open.",
    "A niche in the wall hides an offering nobody came back for.",
    "Among the rubbish of the lair: coins, buttons and a few things worth keeping.",
];

/// A quest's title and the place it tells of ("the drowned cellars").
pub fn quest_name(rng: &mut Rng) -> (String, String) {
    let adj = rng.pick(ADJECTIVES);
    let place = rng.pick(PLACES);
    let title = format!("The {adj} {place}");
    (title, format!("{} {}", adj.to_lowercase(), place.to_lowercase()))
}

/// A villain's name, with an epithet now and then.
pub fn villain(rng: &mut Rng) -> String {
    let base = format!("{}{}", rng.pick(SYLLABLE_A), rng.pick(SYLLABLE_B));
    if rng.chance(60) {
        format!("{base} {}", rng.pick(EPITHETS))
    } else {
        base
    }
}

/// A captive: (full name, short name).
pub fn captive(rng: &mut Rng) -> (String, String) {
    let name = rng.pick(CAPTIVE_NAMES);
    (format!("{name}, {}", rng.pick(CAPTIVE_ROLES)), name.to_string())
}

/// A quest item: (id, name, text).
pub fn quest_item(rng: &mut Rng) -> (&'static str, &'static str, &'static str) {
    *rng.pick(ITEMS)
}

/// What the players are told the objective is for.
pub enum Goal<'a> {
    Villain(&'a str),
    All,
    Item(&'a str),
    Captive(&'a str, &'a str),
    Reach,
}

/// The briefing: a hook about the place, the goal in words, a closing line; `ret` adds the
/// climb back to the stairway.
pub fn briefing(rng: &mut Rng, place: &str, goal: Goal, ret: bool) -> String {
    let hook = rng.pick(HOOKS).replace("{place}", place);
    let goal = match goal {
        Goal::Villain(name) => format!(
            "Its master is {name}, who {}. Seek out {name} and end this.",
            rng.pick(DEEDS)
        ),
        Goal::All => format!("Whatever nests there must be rooted out: leave nothing alive in the {place}."),
        Goal::Item(item) => format!(
            "Somewhere below lies {item}, {}. Search the chambers and bring it out.",
            rng.pick(ITEM_WHY)
        ),
        Goal::Captive(full, short) => format!(
            "{full} went down to look and did not come back. Find {short}, free them and lead them up the stair."
        ),
        Goal::Reach => format!(
            "At the far end stands {}; one of you must reach it, {}.",
            rng.pick(LANDMARKS),
            rng.pick(REACH_DEEDS)
        ),
    };
    let back = if ret { " Then climb back up the stairway." } else { "" };
    format!("{hook} {goal}{back} {}", rng.pick(CLOSERS))
}

/// What a hero reads on finding a room's special treasure.
pub fn treasure_text(rng: &mut Rng) -> String {
    rng.pick(TREASURES).to_string()
}

const CAVES: &[&str] = &[
    "Burrows",
    "Crags",
    "Mire",
    "Spire",
    "Grotto",
    "Warrens",
    "Sinkholes",
    "Glades",
];

const HEROICA_HOOKS: &[&str] = &[
    "Something has been dragging sheep into the {place} every night since the harvest moon.",
    "The old road through the {place} is the only way over the hills before the snow, and it is not empty.",
    "The king's herald rode into the {place} with a chest of gold and rode out without it.",
    "Torches burn in the {place} again, and nobody in the valley lit them.",
];

const HEROICA_GOALS: &[&str] = &[
    "The first hero to reach the far end of the {place} wins the day, if the monsters let any of them through.",
    "Race to the heart of the {place}: the first hero there wins, and the monsters will fight for every step.",
];

/// A mission's title and story.
pub fn mission_words(rng: &mut Rng) -> (String, String) {
    let adj = rng.pick(ADJECTIVES);
    let cave = rng.pick(CAVES);
    let place = format!("{} {}", adj.to_lowercase(), cave.to_lowercase());
    let story = format!(
        "{} {}",
        rng.pick(HEROICA_HOOKS).replace("{place}", &place),
        rng.pick(HEROICA_GOALS).replace("{place}", &place)
    );
    (format!("The {adj} {cave}"), story)
}
