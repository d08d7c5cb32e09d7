#!/usr/bin/env bash
# Issue 4's speed check: `simulate --sorcerer classic --heroes-bot greedy --games 5000` on the
# first quest (the Sunken Reliquary), in an optimised build (`--release`, thin LTO: Cargo.toml)
# and in the everyday build (`debug`: the game at opt-level 1, debug assertions on), each run
# RUNS times, the builds taking turns. Prints every run's games per second and each build's
# median.
# The first optimised build compiles the whole Bevy stack again (about 25 minutes on 2 cores).
# Usage: bash scripts/sim-speed.sh [RUNS] [GAMES]   (defaults: 5 runs of 5000 games)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
runs="${1:-5}"
games="${2:-5000}"
cargo build --quiet
cargo build --quiet --release
# The first quest of the campaign.
quest=the-sunken-reliquary
declare -A all
for i in $(seq "$runs"); do
  for build in release debug; do
    gps=$("$CARGO_TARGET_DIR/$build/hollowdeep" simulate --quest "$quest" --games "$games" --seed 1 \
      --sorcerer classic --heroes-bot greedy --json |
      python3 -c 'import json, sys; print("%.1f" % json.load(sys.stdin)["games_per_sec"])')
    echo "run $i, $build: $gps games/s"
    all[$build]="${all[$build]:-} $gps"
  done
done
for build in release debug; do
  python3 - "$build" ${all[$build]} <<'PY'
import statistics, sys
build, runs = sys.argv[1], [float(x) for x in sys.argv[2:]]
print("%s: median %.0f games/s over %d runs (%s)" % (build, statistics.median(runs), len(runs), ", ".join("%.0f" % r for r in runs)))
PY
done
