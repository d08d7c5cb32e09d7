//! `hollowdeep generate`: a new quest (or LEGO Heroica mission) from a seed, rated by the bots
//! toward a difficulty (issue 38; `editor::generate`), as RON on standard output or in a file.

use std::path::Path;
use std::process::ExitCode;

use crate::editor::generate::{file_text, generate};

/// A difficulty as a hero win rate against the normal sorcerer, in percent: a number from 5 to
/// 95, or `easy` (75), `fair` (55) or `hard` (35).
pub fn difficulty(text: &str) -> Result<u8, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "easy" => Ok(75),
        "fair" | "normal" => Ok(55),
        "hard" => Ok(35),
        n => n
            .trim_end_matches('%')
            .parse::<u8>()
            .ok()
            .filter(|d| (5..=95).contains(d))
            .ok_or_else(|| format!("--difficulty: \"{text}\" is not a hero win rate of 5 to 95 (or easy, fair, hard)")),
    }
}

pub fn run(seed: u64, rules: &str, difficulty_text: &str, out: Option<&Path>, force: bool) -> ExitCode {
    let d = match difficulty(difficulty_text) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = out
        && path.exists()
        && !force
    {
        eprintln!(
            "{} already exists: choose another file, or --force to write over it",
            path.display()
        );
        return ExitCode::from(1);
    }
    let g = match generate(seed, rules, d) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let text = match file_text(&g, seed, rules, d) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    eprintln!(
        "rated by the bots: the heroes won {} of {} games against the normal sorcerer (asked {d}%)",
        g.rating.hero_wins, g.rating.games
    );
    match out {
        Some(path) => match crate::save::write_text(path, &text, false) {
            Ok(()) => {
                eprintln!("wrote {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(1)
            }
        },
        None => {
            out!("{}", text.trim_end());
            ExitCode::SUCCESS
        }
    }
}
