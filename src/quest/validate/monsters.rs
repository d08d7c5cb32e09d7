//! Monsters: each entry's kind, name, group, numbers and Dread spells (for the monsters placed at
//! the start and those events bring in), the squares they stand on, and the wandering monster.

use super::*;

/// Checks one monster entry's kind, name, numbers and Dread spells, and builds it (where it
/// stands is for the caller to check). None when its kind is unknown.
pub(super) fn check_monster(
    rules: &RuleSet,
    m: &RawMonster,
    path: &[PathPart],
    names: &mut BTreeSet<String>,
    out: &mut Found,
) -> Option<QuestMonster> {
    let at = |field: &'static str| sub(path, &[Field(field)]);
    let Some(base) = rules.monsters.get(&m.kind) else {
        out.err(
            at("kind"),
            format!(
                "unknown monster kind \"{}\" (known: {})",
                m.kind,
                known(rules.monsters.keys())
            ),
        );
        return None;
    };
    if let Some(n) = &m.name {
        if n.trim().is_empty() {
            out.err(at("name"), "a monster's name cannot be empty".into());
        } else if !names.insert(n.clone()) {
            out.err(at("name"), format!("two monsters are named \"{n}\""));
        }
    }
    if m.group.as_ref().is_some_and(|g| g.trim().is_empty()) {
        out.err(at("group"), "a group's name cannot be empty".into());
    }
    let stats = MonsterDef {
        movement: m.movement.unwrap_or(base.movement),
        attack: m.attack.unwrap_or(base.attack),
        defend: m.defend.unwrap_or(base.defend),
        body: m.body.unwrap_or(base.body),
        mind: m.mind.unwrap_or(base.mind),
        ..base.clone()
    };
    for (field, v, lo) in [
        ("movement", stats.movement, 0),
        ("attack", stats.attack, 0),
        ("defend", stats.defend, 0),
        ("body", stats.body, 1),
        ("mind", stats.mind, 0),
    ] {
        if v < lo || v > 20 {
            out.err(at(field), format!("{field} {v} is outside {lo}..=20"));
        }
    }
    for (j, sp) in m.spells.iter().enumerate() {
        let spath = sub(path, &[Field("spells"), Index(j)]);
        match rules.spells.get(sp) {
            Some(d) if d.school.is_none() => {}
            Some(_) => out.err(
                spath.clone(),
                format!("\"{sp}\" is a hero spell; monsters cast {}s", rules.sorcerers_spell),
            ),
            None => {
                let dread = rules.spells.iter().filter(|(_, d)| d.school.is_none()).map(|(k, _)| k);
                out.err(
                    spath.clone(),
                    format!("unknown {} \"{sp}\" (known: {})", rules.sorcerers_spell, known(dread)),
                )
            }
        }
        if m.spells[..j].contains(sp) {
            out.err(spath, format!("{} \"{sp}\" is listed twice", rules.sorcerers_spell));
        }
    }
    Some(QuestMonster {
        kind: m.kind.clone(),
        at: pos(m.at),
        name: m.name.clone(),
        stats,
        spells: m.spells.clone(),
        group: m.group.clone(),
    })
}

impl Ctx<'_> {
    /// Why a monster cannot stand on `p`, or None (monsters that events bring in stand on the
    /// same kind of square as those placed at the start).
    pub(super) fn monster_square_problem(&self, p: Pos) -> Option<&'static str> {
        if !self.on_board(p) {
            Some("is off the board")
        } else if self.solid(p) {
            Some("stands on furniture or a blocked square")
        } else if self.stair.contains(p) {
            Some("stands on the stairway")
        } else {
            None
        }
    }
}

/// The monsters placed at the start: fills `cx.names` and `cx.taken`; a quest needs at least one.
pub(super) fn placed(cx: &mut Ctx) -> Vec<QuestMonster> {
    let raw = cx.raw;
    let mut monsters = Vec::new();
    for (i, m) in raw.monsters.iter().enumerate() {
        let path = vec![Field("monsters"), Index(i)];
        let Some(monster) = check_monster(&cx.rules, m, &path, &mut cx.names, &mut cx.out) else {
            continue;
        };
        let p = monster.at;
        let at_path = sub(&path, &[Field("at")]);
        if let Some(why) = cx.monster_square_problem(p) {
            cx.out.err(at_path, format!("monster \"{}\" at {p} {why}", m.kind));
            continue;
        }
        if let Some(prev) = cx.taken.insert(p, format!("taken by monster entry {}", i + 1)) {
            cx.out.err(
                at_path,
                format!("monster \"{}\" at {p}: that square is already {prev}", m.kind),
            );
            continue;
        }
        monsters.push(monster);
    }
    if monsters.is_empty() && raw.monsters.is_empty() {
        cx.out
            .err(vec![Field("monsters")], "a quest needs at least one monster".into());
    }
    monsters
}

/// The wandering monster is a kind of the rule set, and not a Character: Characters never
/// appear at random (HeroQuest Revised, checklists §1.1 #112).
pub(super) fn wandering(cx: &mut Ctx) {
    let w = &cx.raw.wandering_monster;
    match cx.rules.monsters.get(w) {
        None => cx.out.err(
            vec![Field("wandering_monster")],
            format!("unknown wandering monster kind \"{w}\""),
        ),
        Some(def) if def.character => cx.out.err(
            vec![Field("wandering_monster")],
            format!("\"{w}\" is a Character, and Characters never wander: choose a common monster"),
        ),
        Some(_) => {}
    }
}
