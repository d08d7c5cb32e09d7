#!/usr/bin/env bash
# The AI results table of docs/ai.md: every sorcerer level against every hero bot on every
# shipped quest, the same seeds for all (paired comparisons). Prints a Markdown table.
# Usage: bash scripts/ai-report.sh [GAMES] [SEED]   (defaults: 200 games from seed 1)
# Env: LEVELS, BOTS, QUESTS (space-separated) narrow the table.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
games="${1:-200}"
seed="${2:-1}"
cargo build --quiet
bin="$CARGO_TARGET_DIR/debug/hollowdeep"
levels="${LEVELS:-classic easy normal hard}"
bots="${BOTS:-competent greedy random}"
quests="${QUESTS:-$(ls quests/*.ron | xargs -n1 basename | sed 's/\.ron$//')}"
out=$(mktemp -d)
for q in $quests; do
  for b in $bots; do
    for l in $levels; do
      "$bin" simulate --quest "$q" --games "$games" --seed "$seed" --sorcerer "$l" --heroes-bot "$b" --json \
        > "$out/$q.$b.$l.json"
    done
  done
done
python3 - "$out" <<'PY'
import json, os, sys
d = sys.argv[1]
rows = [json.load(open(os.path.join(d, f))) for f in sorted(os.listdir(d))]
print("| quest | hero bot | sorcerer | hero wins | 95% interval | heroes killed / game | rounds | think p50 / p95 / max (ms) | games/s |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
order = {"classic": 0, "easy": 1, "normal": 2, "hard": 3}
bots = {"competent": 0, "greedy": 1, "random": 2}
rows.sort(key=lambda r: (r["quest"], bots.get(r["heroes_bot"], 9), order.get(r["sorcerer"], 9)))
for r in rows:
    i = r["hero_win_rate_95"]
    t = r["think_ms"]
    print("| %s | %s | %s | %.1f%% (%d/%d) | %.1f–%.1f%% | %.2f | %.1f | %.3f / %.3f / %.2f | %.0f |" % (
        r["quest"], r["heroes_bot"], r["sorcerer"], 100 * r["hero_win_rate"], r["hero_wins"], r["games"],
        100 * i["low"], 100 * i["high"], r["heroes_killed"] / max(1, r["games"]), r["mean_rounds"],
        t["p50"], t["p95"], t["max"], r["games_per_sec"]))
PY
