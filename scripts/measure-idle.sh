#!/usr/bin/env bash
# Measures what the game costs while it waits for a player, in a real window under Xvfb with
# software Vulkan: CPU (% of one core, from /proc over a window of seconds) and resident memory,
# on the title screen and in a quest waiting for the first hero's move; and the time from
# launch to the first frame, and a bare Bevy window's memory for comparison. Prints one line per measurement; run it a few times and take
# medians (these machines are shared).
# Usage: bash scripts/measure-idle.sh [SECONDS]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --with-window-tests
. scripts/env.sh
cargo build --quiet
bin="$CARGO_TARGET_DIR/debug/hollowdeep"
secs="${1:-20}"
tick=$(getconf CLK_TCK)

# CPU% of one core used by PID over SECONDS, and its resident memory at the end (MB).
measure() {
  local pid=$1 label=$2
  local t0 t1
  t0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  sleep "$secs"
  t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  local rss
  rss=$(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status")
  awk -v a="$t0" -v b="$t1" -v s="$secs" -v hz="$tick" -v l="$label" -v r="$rss" \
    'BEGIN { printf "%-28s cpu %5.1f%% of a core   rss %d MB\n", l, 100 * (b - a) / hz / s, r }'
}

run_idle() {
  local label=$1; shift
  Xvfb :93 -screen 0 1600x900x24 >/dev/null 2>&1 &
  local xvfb=$!
  sleep 1
  DISPLAY=:93 "$bin" "$@" >/dev/null 2>&1 &
  local game=$!
  sleep 12   # start-up and the first frames
  measure "$game" "$label"
  kill "$game" "$xvfb" 2>/dev/null || true
  wait 2>/dev/null || true
}

run_idle "title screen, idle"
run_idle "quest, waiting for a move" play --quest the-sunken-reliquary --seed 3
# The baseline: a bare Bevy window (default plugins and a camera), measured the same way. The
# issue asks for a quest's memory within 100 MB of it; its CPU is Bevy's continuous loop.
run_idle "bare Bevy window" bare-window

# Launch to the title screen: five frames drawn (the window is up and painted), then quit.
Xvfb :93 -screen 0 1600x900x24 >/dev/null 2>&1 &
xvfb=$!
sleep 1
for i in 1 2 3; do
  start=$(date +%s.%N)
  DISPLAY=:93 "$bin" --quit-after-frames 5 >/dev/null 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" -v i="$i" 'BEGIN { printf "launch to title screen, 5 frames (run %d)  %.2f s\n", i, b - a }'
done
kill "$xvfb" 2>/dev/null || true
