//! The Dread spells a monster could cast from where it stands, valued like its attacks: the
//! harm to each hero in reach, a summons once the heroes are in sight, mending the most wounded.

use super::*;

pub(super) type SpellOption = (Act, f64, Option<(usize, Vec<f64>)>, Vec<(usize, Vec<f64>)>, f64);

/// Dread spells monster `k` could cast from where it stands, valued like the attacks.
pub(super) fn spells(ctx: &Ctx, node: &Node, k: usize) -> Vec<SpellOption> {
    let snap = ctx.snap;
    let m = &ctx.mons[k];
    let Some(at) = m.f.pos else { return Vec::new() };
    let mut out = Vec::new();
    for spell in m.f.spellbook.ready() {
        let Some(def) = snap.rules().spells.get(spell) else {
            continue;
        };
        match def.target {
            SpellTarget::Enemy => {
                for (h, hv) in ctx.per.heroes.iter().enumerate() {
                    let Some(hs) = snap.figure(hv.id) else { continue };
                    let Some(hp) = hs.pos else { continue };
                    if !snap.sees(at, hp) {
                        continue;
                    }
                    let mut mind = hs.mind;
                    if hs.equipment.has("talisman_of_lore") {
                        mind += 2;
                    }
                    let lands = if def.mind_resists {
                        (2.0f64 / 3.0).powi(mind as i32)
                    } else {
                        1.0
                    };
                    let with_miss = |d: Vec<f64>| -> Vec<f64> {
                        let mut d: Vec<f64> = d.into_iter().map(|p| p * lands).collect();
                        d[0] += 1.0 - lands;
                        d
                    };
                    let blow = |dmg: &[f64], hero: usize| -> (f64, Vec<f64>) {
                        let after = after_blow(&node.body[hero], dmg);
                        let hv = &ctx.per.heroes[hero];
                        (hero_value(hv, &node.body[hero]) - hero_value(hv, &after), after)
                    };
                    let act = Act::Spell {
                        spell: spell.clone(),
                        target: hv.id,
                    };
                    match &def.effect {
                        Effect::Attack { dice } => {
                            let dmg = with_miss(blow_odds(ctx, *dice, hv.defend).to_vec());
                            let (g, after) = blow(&dmg, h);
                            let kill = after[0] - node.body[h][0];
                            out.push((act, g, Some((h, after)), Vec::new(), kill));
                        }
                        Effect::Damage {
                            amount, resist_dice, ..
                        } => {
                            let dmg = with_miss(binomial_damage(*resist_dice, 1.0 / 3.0, Some(*amount)));
                            let (g, after) = blow(&dmg, h);
                            let kill = after[0] - node.body[h][0];
                            out.push((act, g, Some((h, after)), Vec::new(), kill));
                        }
                        Effect::Firestorm { dice } => {
                            let dmg = binomial_damage(*dice, 0.5, None);
                            let mut total = 0.0;
                            let mut more = Vec::new();
                            for (o, ov) in ctx.per.heroes.iter().enumerate() {
                                let op = ctx.per.grid.pos(ov.at);
                                if o == h || op.manhattan(hp) == 1 || op.is_diagonally_adjacent(hp) {
                                    let (g, after) = blow(&dmg, o);
                                    total += g;
                                    more.push((o, after));
                                }
                            }
                            out.push((act, total, None, more, 0.0));
                        }
                        Effect::Status(s) => {
                            if hs.has(*s) || !hv.acts {
                                continue;
                            }
                            let worth = match s {
                                StatusKind::Asleep => 2.0,
                                StatusKind::LoseTurn => 2.0,
                                StatusKind::Rust => 1.5,
                                StatusKind::Fear => 1.2,
                                StatusKind::Chained => 1.0,
                                _ => 0.5,
                            };
                            out.push((act, worth * lands, None, Vec::new(), 0.0));
                        }
                        Effect::Tempest => {
                            let struck = ctx
                                .per
                                .heroes
                                .iter()
                                .filter(|o| {
                                    let op = ctx.per.grid.pos(o.at);
                                    o.acts && (o.id == hv.id || op.manhattan(hp) == 1)
                                })
                                .count();
                            out.push((act, 2.0 * struck as f64, None, Vec::new(), 0.0));
                        }
                        Effect::Mystic => {
                            // Mystic Combat (Revised #75): the caster's Mind in dice against the
                            // hero's, each skull not saved a Mind point (the exact table). The
                            // plan follows Body, not Mind: a point of Mind counts a little, the
                            // fall into shock at 0 (#82: no spells, potions or items, one Speed
                            // die) much more.
                            if hs.mind == 0 || hs.has(StatusKind::InShock) || !hv.acts {
                                continue;
                            }
                            let table = odds::damage_probabilities(m.f.mind, hs.mind, snap.guard(hs));
                            let lost: f64 = table
                                .iter()
                                .enumerate()
                                .map(|(k, p)| (k as f64).min(hs.mind as f64) * p)
                                .sum();
                            let shock: f64 = table.iter().skip(hs.mind as usize).sum();
                            out.push((act, 0.4 * lost + 3.0 * shock, None, Vec::new(), 0.0));
                        }
                        Effect::Heal { .. } | Effect::Summon { .. } => {}
                    }
                }
            }
            SpellTarget::Caster | SpellTarget::Ally => match &def.effect {
                Effect::Summon { count, .. } => {
                    // Only worth it once the heroes are in sight.
                    let seen = ctx.per.heroes.iter().any(|h| snap.sees(at, ctx.per.grid.pos(h.at)));
                    if seen {
                        out.push((
                            Act::Spell {
                                spell: spell.clone(),
                                target: m.f.id,
                            },
                            2.5 * *count as f64,
                            None,
                            Vec::new(),
                            0.0,
                        ));
                    }
                }
                Effect::Heal { body } => {
                    let best = snap
                        .monsters()
                        .filter(|o| o.body < o.body_max && o.pos.is_some_and(|p| p == at || snap.sees(at, p)))
                        .map(|o| {
                            let gained = (o.body_max - o.body).min(*body) as f64;
                            (gained * monster_worth(o) / o.body_max.max(1) as f64, o.id)
                        })
                        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
                    if let Some((v, target)) = best {
                        out.push((
                            Act::Spell {
                                spell: spell.clone(),
                                target,
                            },
                            v,
                            None,
                            Vec::new(),
                            0.0,
                        ));
                    }
                }
                _ => {}
            },
        }
    }
    out
}
