#!/usr/bin/env bash
# Issue 4's first check on every shipped quest: with competent hero bots, the same seeds for
# every level, is the hero win rate classic >= normal >= hard, with hard at least 15 points
# below classic? Prints a Markdown table, one row a quest, and the totals.
# Usage: bash scripts/ai-levels.sh [GAMES] [SEED]   (defaults: 200 games from seed 1)
#        RULES=heroquest-revised bash scripts/ai-levels.sh   (the quests under another edition)
#        RULES=heroquest-revised MODULES="hqr-advanced" bash scripts/ai-levels.sh   (with modules)
#        PROFILE=release bash scripts/ai-levels.sh   (a release build: ~10 times faster games)
#        BIN=path/to/hollowdeep bash scripts/ai-levels.sh   (a binary built before, not rebuilt)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
games="${1:-200}"
seed="${2:-1}"
profile="${PROFILE:-debug}"
if [ -n "${BIN:-}" ]; then
  bin="$BIN"
else
  if [ "$profile" = release ]; then cargo build --quiet --release --bin hollowdeep; else cargo build --quiet; fi
  bin="$CARGO_TARGET_DIR/$profile/hollowdeep"
fi
module_flags=()
for m in ${MODULES:-}; do module_flags+=(--module "$m"); done
out=$(mktemp -d)
for q in $(ls quests/*.ron | xargs -n1 basename | sed 's/\.ron$//'); do
  for l in classic normal hard; do
    "$bin" simulate --quest "$q" --games "$games" --seed "$seed" --sorcerer "$l" --heroes-bot competent --json \
      ${RULES:+--rules "$RULES"} "${module_flags[@]}" \
      > "$out/$q.$l.json"
  done
done
python3 - "$out" <<'PY'
import json, os, sys
d = sys.argv[1]
runs = {}
for f in sorted(os.listdir(d)):
    r = json.load(open(os.path.join(d, f)))
    runs.setdefault(r["quest"], {})[r["sorcerer"]] = r
print("| quest | classic | normal | hard | classic ≥ normal ≥ hard | hard below classic | met | think p95 normal / hard (ms) |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
met = 0
wins = {"classic": 0, "normal": 0, "hard": 0}
games = 0
for q, r in runs.items():
    c, n, h = (100 * r[l]["hero_win_rate"] for l in ("classic", "normal", "hard"))
    for l in wins:
        wins[l] += r[l]["hero_wins"]
    games += r["classic"]["games"]
    ordered = c >= n >= h
    gap = c - h
    ok = ordered and gap >= 15
    met += ok
    print("| %s | %.1f%% | %.1f%% | %.1f%% | %s | %.1f | %s | %.2f / %.2f |" % (
        q, c, n, h, "yes" if ordered else "no", gap, "yes" if ok else "**no**",
        r["normal"]["think_ms"]["p95"], r["hard"]["think_ms"]["p95"]))
print()
worst = {l: max(r[l]["think_ms"]["p95"] for r in runs.values()) for l in ("normal", "hard")}
print("Think time p95, the worst quest: normal %.2f ms, hard %.2f ms." % (worst["normal"], worst["hard"]))
print("Met on %d of %d quests. All quests together: classic %.1f%%, normal %.1f%%, hard %.1f%% (%d games each)." % (
    met, len(runs), 100 * wins["classic"] / games, 100 * wins["normal"] / games, 100 * wins["hard"] / games, games))
PY
