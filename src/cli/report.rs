//! The `simulate` reports as text: a quest's or a mission's, and a campaign's.

pub(super) fn campaign_text(r: &crate::sim::CampaignReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "campaigns {} under {}{}  sorcerer {}  heroes {}  seeds {}..{}  (a quest is tried up to {} times)",
        r.games,
        r.rules,
        if r.modules.is_empty() {
            String::new()
        } else {
            format!(" with {}", r.modules.join(" + "))
        },
        r.sorcerer.as_str(),
        r.heroes_bot.as_str(),
        r.seed,
        r.seed + r.games as u64,
        r.tries_per_quest
    );
    let _ = writeln!(
        out,
        "finished {} ({:.1}%)  quests won per campaign {:.2}",
        r.campaigns_finished,
        100.0 * r.campaigns_finished_rate,
        r.mean_quests_won
    );
    for q in &r.quests {
        let _ = write!(
            out,
            "  {:<32} {:>4} tries {:>4} won ({:.1}%)",
            q.quest,
            q.tries,
            q.wins,
            100.0 * q.win_rate
        );
        // Revised's advanced game: Morcar's Dungeon budget there, the skills learnt before it.
        if let (Some(b), Some(s)) = (q.mean_dungeon_budget, q.skills_learnt_before) {
            let _ = write!(out, "  Dungeon budget {b:.1} marks, {s} skills learnt before it");
        }
        out.push('\n');
    }
    if !r.skills_learnt.is_empty() {
        let mut learnt: Vec<(&String, &u32)> = r.skills_learnt.iter().collect();
        learnt.sort_by_key(|(id, n)| (std::cmp::Reverse(**n), (*id).clone()));
        let list: Vec<String> = learnt.iter().map(|(id, n)| format!("{id} {n}")).collect();
        let _ = writeln!(out, "skills learnt with Fate: {}", list.join(", "));
    }
    out
}

pub(super) fn report_text(r: &crate::sim::Report) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    // Names, not ids (issue 39): the rule system's and the modules' as the title shows them.
    let rules = crate::rules::systems::rule_system(&r.rules).map_or(r.rules.as_str(), |s| s.name);
    let modules: String = r
        .modules
        .iter()
        .map(|m| {
            let name = crate::rules::systems::modules()
                .find(|(id, _)| id == m)
                .map_or(m.as_str(), |(_, d)| d.name);
            format!(" + {name}")
        })
        .collect();
    let seeds = format!("seeds {}..{}", r.seed, r.seed + r.games as u64);
    if r.rules == "heroica" {
        // A race has rivals and no sorcerer; Battle adds the monster player.
        let monster = match r.monster_wins {
            Some(_) => format!("  monster player {}", r.sorcerer.as_str()),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "mission {}  rules {rules}{modules}{monster}  rival heroes {}  {seeds}",
            r.quest,
            r.heroes_bot.as_str()
        );
        let defeated = r.event_counts.get("defeated").copied().unwrap_or(0);
        let _ = writeln!(
            out,
            "games {}  unfinished {}  mean rounds {:.1}  monsters defeated {defeated}",
            r.games, r.unfinished, r.mean_rounds
        );
        if r.monster_wins.is_some() {
            let _ = writeln!(
                out,
                "monster player think ms per turn: p50 {:.3}  p95 {:.3}  max {:.3}",
                r.think_ms.p50, r.think_ms.p95, r.think_ms.max
            );
        }
    } else {
        let _ = writeln!(
            out,
            "quest {}  rules {rules}{modules}  sorcerer {}  heroes {}  {seeds}",
            r.quest,
            r.sorcerer.as_str(),
            r.heroes_bot.as_str()
        );
        let _ = writeln!(
            out,
            "games {}  hero wins {} ({:.1}%, 95% {:.1}-{:.1}%)  sorcerer wins {}  unfinished {}",
            r.games,
            r.hero_wins,
            r.hero_win_rate * 100.0,
            r.hero_win_rate_95.low * 100.0,
            r.hero_win_rate_95.high * 100.0,
            r.sorcerer_wins,
            r.unfinished
        );
        let _ = writeln!(
            out,
            "mean rounds {:.1}  heroes killed {}  monsters killed {}",
            r.mean_rounds, r.heroes_killed, r.monsters_killed
        );
        let _ = writeln!(
            out,
            "sorcerer think ms per turn: p50 {:.3}  p95 {:.3}  max {:.3}",
            r.think_ms.p50, r.think_ms.p95, r.think_ms.max
        );
    }
    let _ = writeln!(out, "games/s {:.1}", r.games_per_sec);
    if !r.seat_wins.is_empty() {
        let seats: Vec<String> = r
            .seat_wins
            .iter()
            .enumerate()
            .map(|(i, w)| format!("seat {} {w}", i + 1))
            .collect();
        let monsters = r
            .monster_wins
            .map_or(String::new(), |m| format!("  monster player {m}"));
        let _ = writeln!(out, "wins by seat: {}{monsters}", seats.join("  "));
    }
    for (k, v) in &r.event_counts {
        let _ = writeln!(out, "  {k:<20} {v}");
    }
    out
}
