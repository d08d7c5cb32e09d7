//! A chosen option as the sorcerer's `Step`: the commands it sends and its reason in a
//! player's words (the odds to wound and to fell, the hero it closes on).

use super::*;

fn percent(p: f64) -> u32 {
    (p * 100.0).round() as u32
}

pub(super) fn to_step(ctx: &Ctx, c: &Choice) -> Step {
    let m = &ctx.mons[c.monster];
    let grid = &ctx.per.grid;
    let path = match (m.may_move, c.to != m.start) {
        (true, true) => Walk::new(grid, &ctx.per.occ, m.start, m.steps).path(grid, c.to),
        _ => Vec::new(),
    };
    let mv = (!path.is_empty()).then(|| Command::Move {
        figure: m.f.id,
        path: path.clone(),
    });
    let hero_name = |h: usize| {
        ctx.snap
            .figure(ctx.per.heroes[h].id)
            .map_or(String::from("a hero"), |f| f.name.clone())
    };
    let name = &m.f.name;
    let spell_words = |spell: &String, target: &FigureId| -> (Command, String) {
        let sname = ctx
            .snap
            .rules()
            .spells
            .get(spell)
            .map_or(spell.clone(), |d| d.name.clone());
        let tname = ctx.snap.figure(*target).map_or(String::new(), |f| f.name.clone());
        let cmd = Command::CastSpell {
            caster: m.f.id,
            spell: spell.clone(),
            target: *target,
        };
        if *target == m.f.id {
            (cmd, format!("{name} calls on {sname}"))
        } else {
            let body = ctx.snap.figure(*target).map_or(0, |f| f.body);
            (cmd, format!("{sname} at {tname}, who has {body} body"))
        }
    };
    let mut then = None;
    let (action, what) = match &c.act {
        Act::Nothing => (None, String::new()),
        Act::Both { h, spell, target } => {
            let (cast, words) = spell_words(spell, target);
            then = Some(cast);
            (
                Some(Command::Attack {
                    attacker: m.f.id,
                    target: ctx.per.heroes[*h].id,
                }),
                format!("{} has {} body; then {words}", hero_name(*h), ctx.per.heroes[*h].body),
            )
        }
        Act::Attack(h) => {
            let hv = &ctx.per.heroes[*h];
            (
                Some(Command::Attack {
                    attacker: m.f.id,
                    target: hv.id,
                }),
                if c.kill_chance >= 0.005 {
                    format!(
                        "{} has {} body: {}% to fell with this blow",
                        hero_name(*h),
                        hv.body,
                        percent(c.kill_chance)
                    )
                } else {
                    format!("{} has {} body left", hero_name(*h), hv.body)
                },
            )
        }
        Act::Spell { spell, target } => {
            let (cast, words) = spell_words(spell, target);
            (Some(cast), words)
        }
    };
    let mut commands = Vec::new();
    if c.act_first {
        commands.extend(action.clone());
        commands.extend(mv.clone());
    } else {
        commands.extend(mv.clone());
        commands.extend(action.clone());
    }
    commands.extend(then);
    let d = ctx.per.to_heroes[c.to];
    let reason = match (&c.act, c.act_first, mv.is_some()) {
        (Act::Attack(_), true, true) if c.threat_cost < 0.5 => {
            format!("{name} strikes first, then steps back out of the heroes' reach ({what})")
        }
        (Act::Attack(_), true, true) => format!("{name} strikes, then steps aside to make room ({what})"),
        (Act::Attack(_), _, true) => format!("{name} closes in and attacks: {what}"),
        (Act::Attack(_), _, false) => format!("{name} attacks without moving: {what}"),
        (Act::Both { .. }, _, _) => format!("{name} attacks and casts a spell, two actions: {what}"),
        (Act::Spell { target, .. }, _, _) if *target == m.f.id => what,
        (Act::Spell { .. }, _, _) => format!("{name} casts {what}"),
        (Act::Nothing, _, true) if d != FAR && d <= m.movement && c.threat_cost < 0.3 => {
            format!("{name} lies in wait just beyond the heroes' likely reach, close enough to strike next turn")
        }
        (Act::Nothing, _, true) if d == 0 => format!("{name} moves up to a hero but cannot strike this turn"),
        (Act::Nothing, _, true) if d == FAR => format!("{name} moves on; no hero is within its reach"),
        (Act::Nothing, _, true) => format!(
            "{name} advances ({d} square{} from the nearest hero)",
            crate::game::describe::plural(d as u32)
        ),
        (Act::Nothing, _, false) if c.threat_cost < 0.3 => format!("{name} stands fast, out of the heroes' reach"),
        (Act::Nothing, _, false) => format!("{name} stands fast"),
    };
    Step {
        monster: m.f.id,
        commands,
        reason,
    }
}
