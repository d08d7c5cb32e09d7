//! The command line: title screen, `play`, `simulate`, `validate` and `import`.

use std::process::ExitCode;

/// A line to standard output; a closed pipe (`hollowdeep quests | head`) ends the listing
/// quietly instead of panicking as `println!` would.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}
pub mod generate;
mod report;
mod validate;

use std::sync::Arc;

use report::{campaign_text, report_text};
use validate::{validate_paths, watch_and_validate};

use clap::{Args, Parser, Subcommand};

use crate::ai::{HeroBot, SorcererLevel};
use crate::quest;

#[derive(Parser, Debug)]
#[command(
    name = "hollowdeep",
    version,
    about = "A HeroQuest-style dungeon crawl: heroes against a computer sorcerer."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Mode>,
    #[command(flatten)]
    pub window: WindowArgs,
}

pub use crate::app::WindowArgs;

/// The rule system and modules a game is played under (`hollowdeep rules` lists them).
#[derive(Args, Debug, Clone, Default)]
pub struct RuleArgs {
    /// The rule system, by id; by default the quest's own.
    #[arg(long, value_name = "ID")]
    pub rules: Option<String>,
    /// A module to play with besides the quest's own, by id; repeat for more.
    #[arg(long = "module", value_name = "ID")]
    pub modules: Vec<String>,
}

impl RuleArgs {
    /// The quest under the chosen rule system and modules, or why it cannot be played so.
    pub fn apply(&self, q: quest::Quest) -> Result<quest::Quest, String> {
        let q = match &self.rules {
            Some(id) => q.under(id).map_err(|e| format!("--rules: {e}"))?,
            None => q,
        };
        q.with_modules(&self.modules).map_err(|e| format!("--module: {e}"))
    }
}

#[derive(Subcommand, Debug)]
pub enum Mode {
    /// Go straight into a quest.
    Play {
        /// A built-in quest id (see `hollowdeep quests`) or a path to a .ron file.
        #[arg(long)]
        quest: String,
        #[arg(long)]
        seed: Option<u64>,
        /// Let the computer play the heroes too.
        #[arg(long)]
        autoplay: bool,
        /// Seconds between the computer's moves, so they can be followed (0 = as fast as it can);
        /// by default the one chosen in the options.
        #[arg(long)]
        pace: Option<f32>,
        /// How the computer sorcerer plays.
        #[arg(long, value_enum, default_value_t = SorcererLevel::Normal)]
        sorcerer: SorcererLevel,
        /// The bot that plays the heroes with --autoplay, and the companions.
        #[arg(long, value_enum, default_value_t = HeroBot::Competent)]
        heroes_bot: HeroBot,
        /// Heroes the computer plays beside you, by id: --companions dwarf,elf
        #[arg(long, value_delimiter = ',', value_name = "HEROES")]
        companions: Vec<String>,
        /// A player at the table, repeated for each: NAME:HEROES:DEVICE, e.g.
        /// --seat Ann:barbarian,dwarf:pad1 --seat Bob:elf:keys (devices: mouse, keys, pad1..pad4).
        /// Heroes no seat claims are played by the computer. Not saved in the settings.
        #[arg(long = "seat", value_name = "NAME:HEROES:DEVICE")]
        seats: Vec<String>,
        /// A person plays the sorcerer: NAME:DEVICE (devices: mouse, keys, pad1..pad4), e.g.
        /// --sorcerer-player Zed:pad1. The sorcerer's turn opens with a hand-over.
        #[arg(long, value_name = "NAME:DEVICE")]
        sorcerer_player: Option<String>,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Epic Heroica in the window: the next mission of the Epic campaign (begun with the
    /// Knight for you and three computer rivals when there is none yet; kept in the data folder's
    /// saves/epic.ron between missions).
    Epic {
        #[arg(long)]
        seed: Option<u64>,
        /// Let the computer play your hero too.
        #[arg(long)]
        autoplay: bool,
        /// Seconds between the computer's moves; by default the one chosen in the options.
        #[arg(long)]
        pace: Option<f32>,
        /// Begin a new campaign with these heroes, in seat order (the first is yours, the
        /// computer races the others): --heroes wizard,thief. By default the Knight, the
        /// Barbarian, the Wizard and the Ranger.
        #[arg(long, value_delimiter = ',')]
        heroes: Vec<String>,
        /// Begin a new campaign of these missions, in order (built-in ids or mission files):
        /// --missions the-bat-caves,my-mission.ron. By default the five races.
        #[arg(long, value_delimiter = ',')]
        missions: Vec<String>,
    },
    /// Make a new quest from a seed: rooms, doors, monsters, furniture, traps, treasure, an
    /// objective and a briefing on the classic board (or a LEGO Heroica mission with --rules
    /// heroica), always valid and winnable, and rated by the bots toward the difficulty. The
    /// same seed gives the same quest.
    Generate {
        #[arg(long)]
        seed: u64,
        /// heroquest-2021, heroquest-revised or heroica.
        #[arg(long, default_value = "heroquest-2021")]
        rules: String,
        /// The heroes' win rate against the normal sorcerer to aim for, in percent (5 to 95),
        /// or easy (75), fair (55), hard (35).
        #[arg(long, default_value = "fair")]
        difficulty: String,
        /// Write the quest here instead of standard output (never over a file without --force).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        #[arg(long)]
        force: bool,
    },
    /// Open the quest editor (issue 38; docs/quest-format.md, "The quest editor"): on a new
    /// quest, a copy of a built-in quest or Heroica mission (by id), or a quest or mission file
    /// of your own (by path, saved where it is).
    Edit {
        /// A built-in quest or mission id or a path to a .ron file; without it, a new quest.
        quest: Option<String>,
    },
    /// Go on with the quest in progress (saved after every command), or with a save file.
    Continue {
        /// A save file; by default the autosave in the data folder.
        path: Option<std::path::PathBuf>,
        /// Seconds between the computer's moves; by default the one chosen in the options.
        #[arg(long)]
        pace: Option<f32>,
    },
    /// Play games headless, hero bots against the sorcerer, and report.
    Simulate {
        /// The quest (a built-in id or a path); not with --campaign or --epic.
        #[arg(long, required_unless_present_any = ["campaign", "epic"], conflicts_with_all = ["campaign", "epic"])]
        quest: Option<String>,
        /// Play each game as a whole campaign through the quest book with one party (a lost
        /// quest is tried again, up to 4 times); report how many campaigns were finished and
        /// each quest's win rate.
        #[arg(long, conflicts_with = "epic")]
        campaign: bool,
        /// Play each game as a whole Epic Heroica campaign (LEGO Heroica's five races in a row,
        /// rival bots in every seat, shopping between missions); report the campaigns and the
        /// missions each seat won.
        #[arg(long)]
        epic: bool,
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
        /// How the computer sorcerer plays.
        #[arg(long, value_enum, default_value_t = SorcererLevel::Normal)]
        sorcerer: SorcererLevel,
        /// The bot that plays the heroes.
        #[arg(long, value_enum, default_value_t = HeroBot::Competent)]
        heroes_bot: HeroBot,
        /// Threads to spread the games over (default: every core). The results do not depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// Print the first game's log in plain words (to stderr) before the report.
        #[arg(long)]
        story: bool,
        /// Write the first game (the quest, its seed and every command) to this replay file.
        #[arg(long, value_name = "PATH")]
        save_replay: Option<std::path::PathBuf>,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Play a replay file again, headless, and print what happened.
    Replay {
        path: std::path::PathBuf,
        /// Print every event as one JSON object a line (the same output every time).
        #[arg(long)]
        events: bool,
        /// Watch it in the window instead, with play, pause and step.
        #[arg(long, conflicts_with = "events")]
        watch: bool,
        /// Seconds between commands when watching.
        #[arg(long)]
        pace: Option<f32>,
    },
    /// Check quest files (.ron, or HeroScribe .xml as imported); print every problem as
    /// path:line:col: message.
    Validate {
        #[arg(required = true)]
        paths: Vec<String>,
        /// Keep watching the files (and their boards): check them again every time one is
        /// saved, until stopped with Ctrl-C.
        #[arg(long)]
        watch: bool,
    },
    /// Import HeroScribe quests (.xml): writes <quest-name>.ron for each into --out (default:
    /// here), never over an existing file without --force, and checks each with the quest
    /// loader. Prints what was mapped, approximated and dropped, each as FILE:line:col; exit 1
    /// if any file did not import or validate.
    Import {
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// The folder the quests are written to.
        #[arg(long, value_name = "DIR", default_value = ".")]
        out: std::path::PathBuf,
        /// Replace quest files that exist already.
        #[arg(long)]
        force: bool,
    },
    /// List the built-in quests.
    Quests,
    /// List the rule systems and modules a game can be played under.
    Rules,
    /// A bare Bevy window (default plugins, a camera, nothing else): the baseline that
    /// `scripts/measure-idle.sh` compares the game's memory with.
    #[command(hide = true)]
    BareWindow,
}

fn folders_help() -> String {
    let show = |p: Option<std::path::PathBuf>| {
        p.map_or_else(|| "(none: HOME is not set)".to_string(), |p| p.display().to_string())
    };
    format!(
        "Your own quests: put .ron quest files in {}\n  (they are listed on the title screen; broken ones with their first error).\nGames in progress are saved after every command, each to a file of its own, in {}.",
        show(crate::save::user_quest_dir()),
        show(crate::save::saves_dir())
    )
}

/// The window's options (screenshots, frames, a window opened at start) are global, so the
/// window commands take them anywhere on the line; the commands that open no window do not show
/// them in their help (issue 39).
fn without_window_help(mut cmd: clap::Command) -> clap::Command {
    const WINDOW: [&str; 4] = ["screenshot", "after_frames", "quit_after_frames", "open"];
    // Global arguments reach the subcommands when the command is built.
    cmd.build();
    HEADLESS.into_iter().fold(cmd, |cmd, sub| {
        cmd.mut_subcommand(sub, |mut c| {
            for id in WINDOW {
                if c.get_arguments().any(|a| a.get_id() == id) {
                    c = c.mut_arg(id, |a| a.hide(true));
                }
            }
            c
        })
    })
}

/// The commands that open no window (their help leaves the window's options out).
const HEADLESS: [&str; 7] = [
    "simulate", "replay", "validate", "import", "quests", "rules", "generate",
];

/// `hollowdeep simulate --help` asks for the help as `hollowdeep help simulate` does: clap
/// refused the first once the window's options were hidden from the command (it read `--help`
/// as a missing value), so the line is read as the second.
fn help_asked_of_a_headless_command(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let sub = args.get(1).and_then(|a| a.to_str()).filter(|a| HEADLESS.contains(a));
    let help = args.iter().skip(2).any(|a| a == "--help" || a == "-h");
    match sub {
        Some(sub) if help => vec![args[0].clone(), "help".into(), sub.into()],
        _ => args,
    }
}

pub fn run() -> ExitCode {
    use clap::{CommandFactory, FromArgMatches};
    let args = help_asked_of_a_headless_command(std::env::args_os().collect());
    let matches = without_window_help(Cli::command().after_help(folders_help())).get_matches_from(args);
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match cli.command {
        None => {
            crate::app::run(crate::app::Start::Title, cli.window);
            ExitCode::SUCCESS
        }
        Some(Mode::Play {
            quest,
            seed,
            autoplay,
            pace,
            sorcerer,
            heroes_bot,
            mut companions,
            seats,
            sorcerer_player,
            rules,
        }) => match quest::load(&quest) {
            Ok(q) => {
                let q = match rules.apply(q) {
                    Ok(q) => q,
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::from(2);
                    }
                };
                if let Some(c) = companions.iter().find(|c| !q.heroes.contains(c)) {
                    eprintln!(
                        "--companions: no hero \"{c}\" in \"{}\" (its heroes: {})",
                        q.name,
                        q.heroes.join(", ")
                    );
                    return ExitCode::from(2);
                }
                let seats = match parse_seats(&seats, &q.heroes) {
                    Ok(s) => s,
                    Err(e) => {
                        eprintln!("--seat: {e}");
                        return ExitCode::from(2);
                    }
                };
                if let Some(s) = &seats {
                    companions = s.unclaimed(&q.heroes).into_iter().cloned().collect();
                } else if q.mission.is_some() && companions.is_empty() && !autoplay {
                    // A LEGO Heroica race: the first hero is yours, the computer races the others.
                    companions = q.heroes.iter().skip(1).cloned().collect();
                }
                let sorcerer_player = match sorcerer_player.as_deref().map(parse_sorcerer_seat).transpose() {
                    Ok(s) => s,
                    Err(e) => {
                        eprintln!("--sorcerer-player: {e}");
                        return ExitCode::from(2);
                    }
                };
                let seed = seed.unwrap_or_else(clock_seed);
                // A quest file is saved by its full path, so the game resumes from anywhere.
                let source = match std::path::Path::new(&quest).canonicalize() {
                    Ok(p) if !quest::is_builtin(&quest) => p.to_string_lossy().into_owned(),
                    _ => quest.clone(),
                };
                say_kept(None);
                let start = crate::app::Start::Quest {
                    quest: crate::app::PendingQuest {
                        quest: Arc::new(q),
                        source,
                        seed,
                        autoplay,
                        opponents: crate::ai::Opponents { sorcerer, heroes_bot },
                        companions,
                        restore: None,
                        own_file: None,
                        sorcerer_player,
                        campaign: false,
                    },
                    pace: pace.map(|p| p.clamp(0.0, 10.0)),
                    seats,
                };
                crate::app::run(start, cli.window);
                ExitCode::SUCCESS
            }
            Err(problems) => {
                eprintln!("{problems}");
                ExitCode::from(1)
            }
        },
        Some(Mode::Generate {
            seed,
            rules,
            difficulty,
            out,
            force,
        }) => generate::run(seed, &rules, &difficulty, out.as_deref(), force),
        Some(Mode::Edit { quest }) => {
            let doc = match quest.as_deref().map(crate::editor::open_for_editing) {
                None => crate::editor::Document::Quest(crate::editor::EditorDoc::new_quest("my-quest")),
                Some(Ok(doc)) => doc,
                Some(Err(e)) => {
                    eprintln!("{e}");
                    return ExitCode::from(1);
                }
            };
            crate::app::run(crate::app::Start::Editor(Box::new(doc)), cli.window);
            ExitCode::SUCCESS
        }
        Some(Mode::Epic {
            seed,
            autoplay,
            pace,
            heroes,
            missions,
        }) => {
            let seed = seed.unwrap_or_else(clock_seed);
            let opponents = crate::ai::Opponents::default();
            let next = if heroes.is_empty() && missions.is_empty() {
                crate::start::PendingQuest::epic_next(seed, opponents)
            } else {
                crate::start::PendingQuest::epic_begin(seed, opponents, &missions, &heroes)
            };
            match next {
                Ok(mut quest) => {
                    quest.autoplay = autoplay;
                    crate::app::run(
                        crate::app::Start::Quest {
                            quest,
                            pace,
                            seats: None,
                        },
                        cli.window,
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Mode::Continue { path, pace }) => {
            let path = match path {
                Some(p) => p,
                None => {
                    let Some(dir) = crate::save::saves_dir() else {
                        eprintln!("No data folder (HOME is not set), so there is no saved game; name a save file.");
                        return ExitCode::from(2);
                    };
                    // The newest game in progress (one that cannot be read is named, not skipped).
                    match crate::save::games::in_progress(&dir).into_iter().next() {
                        Some(g) => g.path,
                        None => {
                            eprintln!("{}: no game in progress is saved here.", dir.display());
                            return ExitCode::from(1);
                        }
                    }
                }
            };
            if !path.exists() {
                eprintln!("{}: no such file.", path.display());
                return ExitCode::from(1);
            }
            match crate::app::PendingQuest::resume(&path) {
                Ok(quest) => {
                    match (&quest.own_file, crate::save::saves_dir()) {
                        (Some(own), _) => eprintln!("Going on with {}.", own.display()),
                        (None, Some(dir)) => eprintln!(
                            "{} is left as it is: from your first move this game is saved to a new file in {}.",
                            path.display(),
                            dir.display()
                        ),
                        (None, None) => eprintln!("No data folder (HOME is not set): this game is not saved."),
                    }
                    say_kept(quest.own_file.as_deref());
                    crate::app::run(
                        crate::app::Start::Quest {
                            quest,
                            pace: pace.map(|p| p.clamp(0.0, 10.0)),
                            seats: None,
                        },
                        cli.window,
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}\nThe file was left as it is.");
                    let backup = crate::save::files::backup_path(&path);
                    if crate::save::SavedQuest::read(&backup).is_ok() {
                        eprintln!(
                            "Its backup (the game one command earlier) can be continued: hollowdeep continue {}",
                            backup.display()
                        );
                    }
                    ExitCode::from(1)
                }
            }
        }
        Some(Mode::Simulate {
            epic: true,
            games,
            seed,
            json,
            sorcerer,
            heroes_bot,
            ..
        }) => match crate::epic::sim::simulate(games, seed, crate::sim::Matchup { sorcerer, heroes_bot }) {
            Ok(r) => {
                let text = if json {
                    format!("{}\n", serde_json::to_string(&r).expect("reports serialise"))
                } else {
                    let seats: Vec<String> = r
                        .heroes
                        .iter()
                        .zip(r.seat_wins.iter().zip(&r.missions_won))
                        .enumerate()
                        .map(|(i, (h, (c, m)))| format!("seat {} ({h}): {c} campaigns, {m} missions", i + 1))
                        .collect();
                    format!(
                        "Epic Heroica: {} campaigns of {}  seeds {}..{}\n{}\nshared victories {}  unfinished {}\n",
                        r.campaigns,
                        r.missions.join(", "),
                        r.seed,
                        r.seed + u64::from(r.campaigns),
                        seats.join("\n"),
                        r.shared_victories,
                        r.unfinished
                    )
                };
                use std::io::Write;
                let _ = std::io::stdout().lock().write_all(text.as_bytes());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("simulate --epic: {e}");
                ExitCode::from(1)
            }
        },
        Some(Mode::Simulate {
            campaign: true,
            games,
            seed,
            json,
            sorcerer,
            heroes_bot,
            threads,
            rules,
            ..
        }) => {
            // Each HeroQuest edition has its campaign: 2021's quest book, Revised's own quests.
            let system = rules.rules.as_deref().unwrap_or(crate::rules::systems::HEROQUEST_2021);
            if let Err(e) = crate::campaign::campaign_rules(system) {
                eprintln!("--rules: {e}");
                return ExitCode::from(2);
            }
            if let Err(e) = crate::rules::systems::Modules::choose(system, &rules.modules) {
                eprintln!("--module: {e}");
                return ExitCode::from(2);
            }
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let r = crate::sim::simulate_campaigns(
                system,
                games,
                seed,
                crate::sim::Matchup { sorcerer, heroes_bot },
                &rules.modules,
                threads,
            );
            let text = if json {
                format!("{}\n", serde_json::to_string(&r).expect("reports serialise"))
            } else {
                campaign_text(&r)
            };
            use std::io::Write;
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Some(Mode::Simulate {
            quest: Some(quest),
            games,
            seed,
            json,
            sorcerer,
            heroes_bot,
            threads,
            story,
            save_replay,
            rules,
            ..
        }) => match quest::load(&quest) {
            Ok(q) => {
                let q = match rules.apply(q) {
                    Ok(q) => q,
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::from(2);
                    }
                };
                if story || save_replay.is_some() {
                    let game =
                        crate::sim::play_one(Arc::new(q.clone()), seed, crate::sim::Matchup { sorcerer, heroes_bot });
                    if story {
                        for line in game.story() {
                            eprintln!("{line}");
                        }
                    }
                    if let Some(path) = &save_replay {
                        let replay =
                            crate::save::Replay::played_by(&q, &quest, seed, sorcerer, heroes_bot, game.commands);
                        if let Err(e) = replay.write(path) {
                            eprintln!("{e}");
                            return ExitCode::from(1);
                        }
                    }
                }
                let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
                let matchup = crate::sim::Matchup { sorcerer, heroes_bot };
                let report = crate::sim::simulate(Arc::new(q), games, seed, matchup, threads);
                let text = if json {
                    format!("{}\n", serde_json::to_string(&report).expect("reports serialise"))
                } else {
                    report_text(&report)
                };
                // A closed pipe (`| head`) is not an error worth a panic.
                use std::io::Write;
                let _ = std::io::stdout().lock().write_all(text.as_bytes());
                ExitCode::SUCCESS
            }
            Err(problems) => {
                eprintln!("{problems}");
                ExitCode::from(1)
            }
        },
        Some(Mode::Simulate { quest: None, .. }) => {
            // clap requires --quest without --campaign; this is for a caller that builds `Cli` itself.
            eprintln!("simulate: name a quest with --quest, or play campaigns with --campaign");
            ExitCode::from(2)
        }
        Some(Mode::Replay {
            path,
            events,
            watch,
            pace,
        }) => {
            let played = crate::save::Replay::read(&path).and_then(|r| {
                r.play()
                    .map(|evs| (r, evs))
                    .map_err(|e| format!("{}: {e}", path.display()))
            });
            let (replay, evs) = match played {
                Ok(x) => x,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(1);
                }
            };
            if watch {
                let q = match quest::load(&replay.quest)
                    .map_err(|p| format!("the replay's quest: {p}"))
                    .and_then(|q| q.exactly_modules(&replay.modules))
                {
                    Ok(q) => q,
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::from(1);
                    }
                };
                let start = crate::app::Start::Watch {
                    quest: crate::app::PendingQuest {
                        quest: Arc::new(q),
                        source: replay.quest.clone(),
                        seed: replay.seed,
                        autoplay: false,
                        opponents: crate::ai::Opponents {
                            sorcerer: replay.sorcerer,
                            ..Default::default()
                        },
                        companions: Vec::new(),
                        restore: None,
                        own_file: None,
                        sorcerer_player: None,
                        campaign: false,
                    },
                    commands: replay.commands.clone(),
                    pace: pace.map(|p| p.clamp(0.0, 10.0)),
                };
                crate::app::run(start, cli.window);
                return ExitCode::SUCCESS;
            }
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            if events {
                for e in &evs {
                    let line = serde_json::to_string(e).expect("events serialise");
                    if writeln!(out, "{line}").is_err() {
                        break;
                    }
                }
            } else {
                let end = evs.iter().rev().find_map(|e| match e {
                    crate::game::model::GameEvent::QuestWon { round } => Some(format!("won in round {round}")),
                    crate::game::model::GameEvent::QuestLost { round } => Some(format!("lost in round {round}")),
                    _ => None,
                });
                let _ = writeln!(
                    out,
                    "{}: quest {}, seed {}, {} commands, {} events; {}",
                    path.display(),
                    replay.quest,
                    replay.seed,
                    replay.commands.len(),
                    evs.len(),
                    end.unwrap_or_else(|| "not finished".to_string())
                );
            }
            ExitCode::SUCCESS
        }
        Some(Mode::Validate { paths, watch }) => {
            let ok = validate_paths(&paths);
            if watch {
                return watch_and_validate(&paths);
            }
            if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
        }
        Some(Mode::Import { files, out, force }) => {
            let outcome = crate::quest::import::run(&files, &out, force);
            for line in &outcome.lines {
                out!("{line}");
            }
            if outcome.ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Some(Mode::BareWindow) => {
            crate::app::run_bare_window();
            ExitCode::SUCCESS
        }
        Some(Mode::Rules) => {
            use crate::rules::systems;
            out!("Rule systems (--rules ID, or the quest's `rules` field):");
            for r in systems::RULE_SYSTEMS {
                out!("  {:<22} {}: {}", r.id, r.name, r.summary);
            }
            out!("Modules (--module ID, repeatable, or the quest's `modules` list):");
            for (id, m) in systems::modules() {
                out!("  {id:<22} {}: {} (on {})", m.name, m.summary, m.on.join(", "));
            }
            ExitCode::SUCCESS
        }
        Some(Mode::Quests) => {
            for id in quest::book_order() {
                let file = format!("{id}.ron");
                match quest::load(id) {
                    Ok(q) => out!("{id:<28} {}", q.name),
                    Err(p) => out!("{id:<28} BROKEN (quests/{file}): {p}"),
                }
            }
            // LEGO Heroica's missions, played like quests (`play --quest ID`, `simulate`).
            for id in quest::mission::mission_order() {
                let file = format!("{id}.ron");
                match quest::mission::load_mission(id) {
                    Ok(m) => out!(
                        "{id:<28} Heroica: {}{}",
                        m.name,
                        if m.battle { " (Battle)" } else { "" }
                    ),
                    Err(p) => out!("{id:<28} Heroica: BROKEN (quests/heroica/{file}): {p}"),
                }
            }
            ExitCode::SUCCESS
        }
    }
}

/// Before another game starts: the games in progress stay saved, and where (`but`: the one
/// being continued, not mentioned).
fn say_kept(but: Option<&std::path::Path>) {
    let games: Vec<_> = crate::save::games::in_progress_here()
        .into_iter()
        .filter(|g| Some(g.path.as_path()) != but)
        .collect();
    if games.is_empty() {
        return;
    }
    let one = games.len() == 1;
    eprintln!(
        "{} in progress {} kept, each in its own file (go on with one: hollowdeep continue FILE):",
        if one { "Your game" } else { "Your games" },
        if one { "is" } else { "are" }
    );
    for g in games.iter().take(5) {
        eprintln!("  {} ({}): {}", g.title(), g.when(), g.path.display());
    }
    if games.len() > 5 {
        eprintln!("  and {} more on the title screen", games.len() - 5);
    }
}

/// A device named on the command line: mouse, keys, pad1..pad4.
fn parse_device(device: &str, whole: &str) -> Result<crate::input::seats::Device, String> {
    use crate::input::seats::Device;
    match device.trim().to_ascii_lowercase().as_str() {
        "mouse" => Ok(Device::MouseKeyboard),
        "keys" | "keyboard" => Ok(Device::Keyboard),
        d => match d.strip_prefix("pad").and_then(|n| n.parse::<u8>().ok()) {
            Some(n @ 1..=4) => Ok(Device::Gamepad(n - 1)),
            _ => Err(format!(
                "unknown device \"{device}\" in \"{whole}\" (mouse, keys, pad1..pad4)"
            )),
        },
    }
}

/// `--sorcerer-player NAME:DEVICE`.
pub fn parse_sorcerer_seat(arg: &str) -> Result<crate::input::seats::SorcererSeat, String> {
    let Some((name, device)) = arg.split_once(':') else {
        return Err(format!("\"{arg}\" is not NAME:DEVICE (e.g. Zed:pad1)"));
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("\"{arg}\" names no player"));
    }
    Ok(crate::input::seats::SorcererSeat {
        player: name.chars().take(crate::save::settings::PLAYER_NAME_MAX).collect(),
        device: parse_device(device, arg)?,
    })
}

/// `--seat NAME:HEROES:DEVICE` arguments as seats for a quest with these heroes; None: no seats given.
pub fn parse_seats(args: &[String], quest_heroes: &[String]) -> Result<Option<crate::input::seats::Seats>, String> {
    use crate::input::seats::{Seat, Seats};
    if args.is_empty() {
        return Ok(None);
    }
    let mut seats = Vec::new();
    for a in args {
        let parts: Vec<&str> = a.split(':').collect();
        let [name, heroes, device] = parts[..] else {
            return Err(format!(
                "\"{a}\" is not NAME:HEROES:DEVICE (e.g. Ann:barbarian,dwarf:pad1)"
            ));
        };
        let device = parse_device(device, a)?;
        seats.push(Seat {
            player: name.trim().to_string(),
            heroes: heroes
                .split(',')
                .map(|h| h.trim().to_string())
                .filter(|h| !h.is_empty())
                .collect(),
            device,
        });
    }
    if seats.len() > 4 {
        return Err("at most four players".into());
    }
    let seats = Seats(seats);
    seats.check(quest_heroes)?;
    Ok(Some(seats))
}

/// A seed for a new game when none was given: the only place the clock touches the game.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(7, |d| d.as_nanos() as u64)
}
