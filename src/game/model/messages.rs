//! The messages of the game: the `Command` a player, bot, sorcerer or replay sends, and the
//! `GameEvent`s that follow, in the past tense.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::*;

/// What a player, a bot, the sorcerer or a replay asks the game to do.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Roll the red dice for the active hero's movement.
    RollMovement {
        hero: FigureId,
    },
    /// Walk along a path of orthogonal steps (the start square excluded).
    Move {
        figure: FigureId,
        path: Vec<Pos>,
    },
    /// Open a closed door on an edge of the hero's square (a free action).
    OpenDoor {
        hero: FigureId,
        door: u32,
    },
    /// Close an open door on an edge of the hero's square (free; never a secret door).
    CloseDoor {
        hero: FigureId,
        door: u32,
    },
    Attack {
        attacker: FigureId,
        target: FigureId,
    },
    /// End the hero's turn, or the sorcerer's turn.
    EndTurn,
    /// Take another of the figures the acting player activates first: its hero or one of the
    /// hero's men-at-arms still to act this round, before the figure acting has done anything
    /// (HeroQuest Revised #39).
    Activate {
        figure: FigureId,
    },
    /// Spell draft: the hero takes a school of magic.
    ChooseSchool {
        hero: FigureId,
        school: String,
    },
    /// Spell draft: the hero takes a greater group (more than three spells) and keeps three of
    /// its spells (HeroQuest Revised #14).
    ChooseSpells {
        hero: FigureId,
        school: String,
        keep: Vec<String>,
    },
    /// Cast a spell (an action) at a figure in sight, or at the caster.
    CastSpell {
        caster: FigureId,
        spell: String,
        target: FigureId,
    },
    /// A monster with Steal (HeroQuest Revised #133) takes `item`, carried but not in use, from
    /// `hero` beside it (its action).
    Steal {
        thief: FigureId,
        hero: FigureId,
        item: String,
    },
    /// Attack a monster in sight with a ranged weapon the hero carries (an action).
    Shoot {
        attacker: FigureId,
        target: FigureId,
        weapon: String,
    },
    SearchTreasure {
        hero: FigureId,
    },
    SearchTraps {
        hero: FigureId,
    },
    SearchSecretDoors {
        hero: FigureId,
    },
    /// The Investigation action (HeroQuest Revised, checklists §1.1 #94) on `at`, the hero's
    /// square or one beside it: only where a quest event asks for it.
    Investigate {
        hero: FigureId,
        at: Pos,
    },
    /// Use a keyword card the hero carries on `target` (HeroQuest Revised #36, #101–110): its
    /// effect for its cost.
    UseCard {
        hero: FigureId,
        item: String,
        target: FigureId,
    },
    /// Put a piece of armour the hero carries on (`on`) or take it off: its whole turn
    /// (HeroQuest Revised #104).
    ChangeArmour {
        hero: FigureId,
        armor: String,
        on: bool,
    },
    /// Step through the portal the figure stands on to its other end, once the pair is open
    /// (Revised #155): a square of the figure's move.
    UsePortal {
        figure: FigureId,
    },
    /// Disarm a known trap next to the hero (or on furniture next to the hero): an action.
    DisarmTrap {
        hero: FigureId,
        trap: u32,
    },
    /// Jump a known trap next to the hero, landing on `to` beyond it: two squares of movement.
    JumpTrap {
        hero: FigureId,
        trap: u32,
        to: Pos,
    },
    /// A jump over the squares `over` (an orthogonal route from the figure's square, none of
    /// them holding a figure), landing on `to` beyond the last: a combat die for each square
    /// passed over (HeroQuest Revised #55–58; switch `jump_far`).
    Jump {
        figure: FigureId,
        over: Vec<Pos>,
        to: Pos,
    },
    /// Drink a potion (free, any time on the hero's turn).
    DrinkPotion {
        hero: FigureId,
        potion: String,
    },
    /// Hand a potion or an artifact to an adjacent hero (free).
    Give {
        from: FigureId,
        to: FigureId,
        item: String,
    },
    /// Pick up a fallen hero's possessions from the square the hero stands on or next to it (free).
    PickUp {
        hero: FigureId,
    },
    /// Take a carried weapon in hand (the one in hand is carried instead): free, on the hero's
    /// own turn.
    Wield {
        hero: FigureId,
        weapon: String,
    },
    /// Use an artifact that is used rather than carried (the Ring of Return): free.
    UseArtifact {
        hero: FigureId,
        item: String,
    },
    /// Leave the dungeon from the stairway before the goal is met (voluntary retreat).
    Retreat {
        hero: FigureId,
    },
    /// The action-point module: spend `points` of the hero's action points on picking the lock
    /// of `door`, which the hero stands beside (Pick a Lock).
    PickLock {
        hero: FigureId,
        door: u32,
        points: u8,
    },
    /// The action-point module: the same for the locked chest `chest` (its index among the
    /// quest's furniture), in Range 1.
    PickChest {
        hero: FigureId,
        chest: u32,
        points: u8,
    },
    /// The action-point module: pull the quest's lever `lever` (its index), in Range 1, for a
    /// point (Pull a Lever).
    PullLever {
        hero: FigureId,
        lever: u32,
    },
    /// The sorcerer puts a wandering monster a hero drew on this square (see `Pending`).
    PlaceWanderer {
        at: Pos,
    },
    /// Revised's advanced game: spend one of the hero's Fate (#172–174).
    SpendFate {
        hero: FigureId,
        on: FateUse,
    },
    /// Revised's advanced game: Run, an extra Move Action after a Move Action (#163).
    Run {
        hero: FigureId,
    },
    /// Revised's advanced game: search the piece of furniture `furniture` (its index among the
    /// quest's), orthogonally beside the hero, for treasure (#164).
    SearchFurniture {
        hero: FigureId,
        furniture: u32,
    },
    /// Revised's advanced game: the answer to a failed Mastery test, pay its shortfall in Mind
    /// or let the spell fail (#165).
    Mastery {
        pay: bool,
    },
    /// Revised's advanced game: Morcar gives up its turn to roll for Danger (#169).
    Danger,
    /// Revised's advanced game: Morcar's Dungeon cards for the quest, within its budget (#168).
    ChooseDungeonCards {
        cards: Vec<String>,
    },
    /// LEGO Heroica: a skill on a Shield (the hero's own, named by its kind, or a weapon's or a
    /// relic's id): `to` where its move ends or the item it takes, `target` the monster it
    /// defeats.
    UseSkill {
        figure: FigureId,
        skill: String,
        target: Option<FigureId>,
        to: Option<Pos>,
    },
    /// LEGO Heroica: drink a potion aimed at a figure (the Strength Potion: the monster beside
    /// the hero it defeats).
    DrinkAt {
        hero: FigureId,
        potion: String,
        target: FigureId,
    },
    /// LEGO Heroica: let a fight roll stand that a Luck Potion or the Crystal of Deflection
    /// could change.
    TakeRoll {
        hero: FigureId,
    },
    /// LEGO Heroica: buy a potion or a weapon from the store before rolling.
    Buy {
        hero: FigureId,
        item: String,
    },
}

/// Who a turn belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    Hero(FigureId),
    Sorcerer,
}

/// What happened, in the past tense.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEvent {
    QuestStarted {
        /// The quest's id (a built-in quest's, or the file's).
        quest: String,
        /// Its title, as the quest book shows it.
        #[serde(default)]
        name: String,
        seed: u64,
    },
    TurnStarted {
        round: u32,
        actor: Actor,
    },
    MovementRolled {
        hero: FigureId,
        dice: Vec<u8>,
        /// How much lower each die counts for what the hero carries (Heavy, Revised #122); each
        /// counts at least 1.
        #[serde(default, skip_serializing_if = "is_zero")]
        heavy: u8,
    },
    HeroMoved {
        figure: FigureId,
        from: Pos,
        to: Pos,
    },
    MonsterMoved {
        figure: FigureId,
        from: Pos,
        to: Pos,
    },
    /// A move stopped early because something new came into view or the way was blocked.
    MoveInterrupted {
        figure: FigureId,
        at: Pos,
        reason: String,
    },
    DoorOpened {
        door: u32,
        by: FigureId,
    },
    DoorClosed {
        door: u32,
        by: FigureId,
    },
    AreaRevealed {
        area: String,
        squares: u32,
    },
    MonsterRevealed {
        figure: FigureId,
        at: Pos,
    },
    Attack {
        attacker: FigureId,
        target: FigureId,
        attack: Vec<Face>,
        defend: Vec<Face>,
        damage: u8,
    },
    MonsterKilled {
        figure: FigureId,
        by: Option<FigureId>,
    },
    HeroKilled {
        figure: FigureId,
        by: Option<FigureId>,
    },
    SchoolChosen {
        hero: FigureId,
        school: String,
        spells: Vec<String>,
    },
    /// A hero's spell. `resist` holds the target's mind roll when the spell allows one.
    SpellCast {
        caster: FigureId,
        spell: String,
        name: String,
        target: FigureId,
        resist: Vec<Face>,
        resisted: bool,
    },
    DreadSpellCast {
        caster: FigureId,
        spell: String,
        name: String,
        target: FigureId,
        resist: Vec<Face>,
        resisted: bool,
    },
    /// Damage that is not a weapon attack: spells, traps, hazards. `dice` is what was rolled.
    Wounded {
        figure: FigureId,
        amount: u8,
        dice: Vec<Face>,
        cause: String,
    },
    Healed {
        figure: FigureId,
        amount: u8,
        cause: String,
    },
    StatusGained {
        figure: FigureId,
        status: StatusKind,
    },
    StatusEnded {
        figure: FigureId,
        status: StatusKind,
    },
    /// A man-at-arms fell (0 Body or 0 Mind) and leaves the board (Revised #76).
    ManAtArmsKilled {
        figure: FigureId,
        by: Option<FigureId>,
    },
    /// The acting player took this figure's activation first (Revised #39).
    Activated {
        figure: FigureId,
    },
    /// A figure misses its turn (asleep, tempest).
    TurnSkipped {
        figure: FigureId,
        reason: String,
    },
    ThrownWeaponLost {
        hero: FigureId,
        weapon: String,
    },
    /// A searching hero drew a card from the treasure deck.
    TreasureDrawn {
        hero: FigureId,
        title: String,
        text: String,
    },
    /// A searching hero found the treasure the quest placed in the room.
    SpecialTreasureFound {
        hero: FigureId,
        text: String,
    },
    NothingFound {
        hero: FigureId,
        search: String,
    },
    GoldFound {
        hero: FigureId,
        amount: u32,
    },
    PotionFound {
        hero: FigureId,
        potion: String,
        name: String,
    },
    ItemFound {
        hero: FigureId,
        item: String,
        name: String,
    },
    HazardDrawn {
        hero: FigureId,
        title: String,
    },
    WanderingMonster {
        figure: FigureId,
        at: Pos,
    },
    MonsterSummoned {
        figure: FigureId,
        at: Pos,
    },
    /// A quest event's message, read out to the players.
    QuestMessage {
        text: String,
    },
    /// Mystic Combat (HeroQuest Revised, checklists §1.1 #75): Mind against Mind, Spirit damage.
    MysticAttack {
        attacker: FigureId,
        target: FigureId,
        attack: Vec<Face>,
        defend: Vec<Face>,
        damage: u8,
    },
    /// A thief took a thing from a hero (Revised #133).
    ItemStolen {
        thief: FigureId,
        hero: FigureId,
        item: String,
        name: String,
    },
    /// A thief got out of the heroes' sight: what it took is lost.
    StolenItemLost {
        thief: FigureId,
        item: String,
        name: String,
    },
    /// A thief fell: what it took lies where it fell.
    StolenItemDropped {
        thief: FigureId,
        at: Pos,
    },
    /// Spirit damage taken from a figure's Mind (Revised #71).
    MindLost {
        figure: FigureId,
        amount: u8,
        cause: String,
    },
    /// A hero took the Investigation action.
    Investigated {
        hero: FigureId,
        at: Pos,
    },
    /// A hero used a keyword card on `target`, paying `cost`; `forced` when a Cursed card played
    /// itself at the start of its bearer's turn (Revised #116).
    CardUsed {
        hero: FigureId,
        item: String,
        name: String,
        target: FigureId,
        cost: crate::rules::ruleset::CardCost,
        forced: bool,
    },
    /// A hero put a piece of armour on or took it off (Revised #104).
    ArmourChanged {
        hero: FigureId,
        armor: String,
        name: String,
        on: bool,
    },
    /// A card gained or lost moved a hero's maximum Body and Mind (Revised #99): the new
    /// maxima, and the current values where the lower maximum cut them.
    MaximumChanged {
        figure: FigureId,
        body: u8,
        mind: u8,
    },
    /// A hero's Investigation woke the quest's portal pair `portal` (Revised #155).
    PortalOpened {
        hero: FigureId,
        portal: u32,
    },
    /// A figure stepped through a portal from one end to the other.
    PortalUsed {
        figure: FigureId,
        portal: u32,
        from: Pos,
        to: Pos,
    },
    /// A hero made a test a quest asked for (checklists §1.1 #17–18).
    TestRolled {
        hero: FigureId,
        test: crate::rules::ruleset::TestKind,
        dice: Vec<Face>,
        passed: bool,
    },
    /// A quest event opened, locked or unlocked a door.
    DoorChanged {
        door: u32,
        open: bool,
        locked: bool,
    },
    TrapFound {
        trap: u32,
        kind: TrapKind,
        at: Pos,
    },
    TrapSprung {
        trap: u32,
        kind: TrapKind,
        figure: FigureId,
        at: Pos,
        text: String,
    },
    TrapDisarmed {
        trap: u32,
        by: FigureId,
        roll: Vec<Face>,
        /// What the hero added to the die: its Dexterity where a trap is disarmed with 1d6 +
        /// Dexterity (HeroQuest Revised, checklists §1.1 #64); absent under 2021's combat die.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dexterity: Option<u8>,
    },
    TrapJumped {
        trap: u32,
        hero: FigureId,
        roll: Vec<Face>,
        to: Pos,
    },
    /// A jump that rolled a skull: the hero lands on the trap, which springs (a `TrapSprung`
    /// follows).
    JumpFailed {
        trap: u32,
        hero: FigureId,
        roll: Vec<Face>,
    },
    /// A jump over `over` squares whose dice all carried the figure: it lands on `to` (Revised
    /// #57–58).
    Jumped {
        figure: FigureId,
        over: u8,
        roll: Vec<Face>,
        to: Pos,
    },
    /// A jump whose dice fell short: the figure comes down on `at`, a square it meant to pass
    /// over, and its move ends there (Revised #58; a trap there springs, with `JumpFailed`).
    JumpFellShort {
        figure: FigureId,
        roll: Vec<Face>,
        at: Pos,
    },
    /// A disarm that rolled a skull: the trap goes off on the hero (a `TrapSprung` follows).
    DisarmFailed {
        trap: u32,
        hero: FigureId,
        roll: Vec<Face>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dexterity: Option<u8>,
    },
    SecretDoorFound {
        door: u32,
    },
    PotionDrunk {
        hero: FigureId,
        potion: String,
        name: String,
    },
    /// A hero at 0 body was saved by a potion, the hero's own spell or an artifact.
    DeathAverted {
        hero: FigureId,
        by: String,
    },
    ItemGiven {
        from: FigureId,
        to: FigureId,
        item: String,
        name: String,
    },
    /// A hero took a carried weapon in hand (by choice, or on being handed one).
    /// A hero let go of what gave it an extra action after taking it (Revised #97–98): the
    /// rest of its turn is gone.
    AbilityLost {
        hero: FigureId,
        name: String,
    },
    WeaponWielded {
        hero: FigureId,
        weapon: String,
        name: String,
    },
    /// A fallen hero's possessions lie on the floor for the others.
    PossessionsDropped {
        hero: FigureId,
        at: Pos,
    },
    /// Nobody was near: the monsters carried a fallen hero's possessions away.
    PossessionsClaimed {
        hero: FigureId,
    },
    PossessionsPickedUp {
        hero: FigureId,
        at: Pos,
    },
    ArtifactUsed {
        hero: FigureId,
        item: String,
        name: String,
    },
    HeroRetreated {
        figure: FigureId,
    },
    QuestAbandoned {
        round: u32,
    },
    /// A lock attempt (the action-point module): the points spent, the help of heroes beside
    /// the door, the two Response cards drawn, and whether it opened.
    LockPicked {
        hero: FigureId,
        door: u32,
        points: u8,
        help: u8,
        cards: Vec<u8>,
        opened: bool,
    },
    /// A locked chest's lock tried (the action-point module), as `LockPicked`; an opened chest
    /// then gives a treasure card.
    ChestPicked {
        hero: FigureId,
        chest: u32,
        points: u8,
        help: u8,
        cards: Vec<u8>,
        opened: bool,
    },
    LeverPulled {
        hero: FigureId,
        lever: u32,
        door: u32,
    },
    /// A hero came onto the board at the stairway with its first point (the action-point module).
    HeroEntered {
        figure: FigureId,
        at: Pos,
    },
    /// What a hero's move cost under the action-point module: the squares walked (the one it
    /// came on at too), the points they took, the points left.
    MovePaid {
        figure: FigureId,
        squares: u8,
        points: u8,
        left: u8,
    },
    /// A hero paid a point more to leave a threatened square (the action-point module).
    ThreatenedStep {
        figure: FigureId,
        from: Pos,
    },
    /// A figure entered a dangerous square: a Response card for each monster beside it; an Eye
    /// (`failed`) springs the square's failure. A pushed figure draws none and always fails.
    /// Revised's advanced game (#172–174).
    FateSpent {
        hero: FigureId,
        on: FateUse,
        left: u8,
    },
    /// Mind given back (Fate's recovery, #172).
    MindRestored {
        figure: FigureId,
        amount: u8,
    },
    /// A Fate-set roll (#174): the hero's dice show the faces it chose.
    RollSet {
        hero: FigureId,
        kind: RollKind,
    },
    /// A hero begins an extra activation bought with Fate (#173).
    ExtraActivation {
        hero: FigureId,
    },
    /// A hero begins a Run (#163).
    RunBegun {
        hero: FigureId,
    },
    /// A Run ended the hero's turn: a monster came into sight, or a trap went off (#163).
    RunCutShort {
        hero: FigureId,
    },
    /// A hero searched a piece of furniture (#164); what it found follows.
    FurnitureSearched {
        hero: FigureId,
        furniture: u32,
        name: String,
        found: bool,
    },
    /// A Mastery test (#165): 1d6 (`roll`) plus the spell's number against the caster's Mind.
    MasteryTested {
        caster: FigureId,
        spell: String,
        name: String,
        roll: u8,
        total: u8,
        mind: u8,
        passed: bool,
    },
    /// A failed Mastery test settled: Mind paid for the spell to work, or it failed.
    MasteryPaid {
        caster: FigureId,
        mind: u8,
    },
    MasteryFailed {
        caster: FigureId,
        spell: String,
        name: String,
    },
    /// Morcar's Dungeon cards for the quest (#168), with why it chose them.
    DungeonCardsChosen {
        cards: Vec<String>,
        names: Vec<String>,
        budget: u32,
        spent: u32,
    },
    /// Ranged Weapon Upkeep (Revised's optional rules, #176): arrows and bolts paid for at the
    /// quest's start, or the weapon drained for the quest.
    UpkeepPaid {
        hero: FigureId,
        weapon: String,
        name: String,
        gold: u32,
    },
    WeaponDrained {
        hero: FigureId,
        weapon: String,
        name: String,
    },
    /// Magic Spell cards drawn into a hero's hand (the Apprentice Spell System, #177): at the
    /// quest's start, and to fill it at the end of an activation.
    SpellsDrawn {
        hero: FigureId,
        spells: Vec<String>,
        names: Vec<String>,
    },
    /// The Magic Spell deck ran out: its discard pile, shuffled, is the new deck (#177).
    MagicDeckShuffled {
        cards: u32,
    },
    /// Morcar rolled for Danger (#169): one Event card a skull.
    DangerRolled {
        dice: Vec<Face>,
        cards: u8,
    },
    /// Morcar played an Event card (#169).
    EventPlayed {
        card: String,
        text: String,
    },
    DangerDrawn {
        figure: FigureId,
        at: Pos,
        cards: Vec<u8>,
        /// Which of `cards` bear an Eye.
        eyes: Vec<bool>,
        failed: bool,
    },
    ObjectiveCompleted,
    HeroEscaped {
        figure: FigureId,
    },
    /// Fallen blocks have walled this hero in for good: no way leads out from where it stands,
    /// and it has no magic to get out (the quest is judged as if it had fallen).
    WalledIn {
        figure: FigureId,
    },
    /// A hero left the dungeon by the quest's way out (an `Escape` objective).
    HeroGotOut {
        figure: FigureId,
    },
    /// The captive of a `Rescue` quest now follows this hero.
    CaptiveFreed {
        captive: FigureId,
        hero: FigureId,
    },
    /// The captive walked after the hero they follow.
    CaptiveMoved {
        captive: FigureId,
        from: Pos,
        to: Pos,
    },
    /// The captive climbed the stairway out of the dungeon: the rescue's goal.
    CaptiveRescued {
        captive: FigureId,
    },
    /// The captive fell: the quest is lost.
    CaptiveKilled {
        captive: FigureId,
        by: Option<FigureId>,
    },
    QuestWon {
        round: u32,
    },
    QuestLost {
        round: u32,
    },
    CommandRejected {
        reason: String,
    },
    /// The sorcerer explains a decision.
    SorcererReasoned {
        figure: FigureId,
        text: String,
    },
    /// What happened under LEGO Heroica's rules (its die, fights, packs): figures by their
    /// `FigureId` numbers.
    Heroica(crate::rules::heroica::play::Happening),
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}
