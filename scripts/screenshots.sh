#!/usr/bin/env bash
# The screenshot set in docs/screenshots/, taken from the real binary in a virtual window
# (Xvfb, software Vulkan): the title screen with a game to continue and a quest of the user's
# own, a quest in progress under the fog with the log explaining the sorcerer, a treasure
# card turned over, the first tutorial's guidance, two players' co-op turn, the players window and
# the options with the controls, a HeroScribe quest opened directly, and LEGO Heroica's race,
# Battle and store, and (from the layout tour) four screens at 1280x720 and 1920x1080. Each run
# uses a data folder of its own.
# Usage: bash scripts/screenshots.sh [OUT_DIR]   (default docs/screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --with-window-tests
. scripts/env.sh
cargo build --quiet
bin="$CARGO_TARGET_DIR/debug/hollowdeep"
out="${1:-docs/screenshots}"
mkdir -p "$out"
home=$(mktemp -d)
export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config"
shot() { # NAME FRAMES ARGS...
  local name=$1 frames=$2
  shift 2
  xvfb-run -a -s "-screen 0 1600x900x24" "$bin" "$@" \
    --screenshot "$out/$name.png" --after-frames "$frames" --quit-after-frames $((frames + 5)) >/dev/null 2>&1
  echo "$out/$name.png"
}
# A quest in progress: the computer plays the heroes for a while against the hard sorcerer.
shot quest-in-progress 420 play --quest the-wardens-vault --seed 4 --autoplay --sorcerer hard --pace 0.05
# The first tutorial, its first piece of guidance on screen.
shot tutorial 40 play --quest tutorial-1-first-steps --seed 2
# A card turned over: the wizard's first treasure search of a game (the computer plays).
shot treasure-card 260 play --quest the-sunken-reliquary --seed 8 --autoplay --pace 0.02
# Couch co-op: Ann holds a gamepad for the Barbarian, Bob the keyboard for the Dwarf; Ann's turn,
# with her banner, the pad's controls and the board cursor.
shot coop 60 play --quest tutorial-1-first-steps --seed 2 --seat Ann:barbarian:pad1 --seat Bob:dwarf:keys
# LEGO Heroica: a race in progress (computer rivals in every seat) and a Battle turn against the
# hard monster player with its reasons in the log. (heroica-store.png is taken by hand: `play
# --quest the-goblin-gate --seed 5`, R, the right arrow, E, then open "The store" with the gold.)
shot heroica-race 300 play --quest the-goblin-gate --seed 5 --autoplay --pace 0.05
shot heroica-battle 300 play --quest the-werewolf-woods --seed 11 --autoplay --sorcerer hard --pace 0.05
# The title screen, with the game above left to continue and a quest of the user's own.
mkdir -p "$XDG_DATA_HOME/hollowdeep/quests"
cp quests/the-goblin-warren.ron "$XDG_DATA_HOME/hollowdeep/quests/my-goblin-warren.ron" 2>/dev/null || true
shot title 20
# A HeroScribe quest of our own (a test fixture) opened directly: imported as it loads.
shot imported-quest 40 play --quest tests/fixtures/heroscribe/mill-cellar.xml --seed 3
# The players window (three players, one with a gamepad) and the options with the controls.
mkdir -p "$XDG_CONFIG_HOME/hollowdeep"
cat > "$XDG_CONFIG_HOME/hollowdeep/settings.ron" <<'RON'
(format: 1, seats: ([
    (player: "Ann", heroes: ["barbarian"], device: Gamepad(0)),
    (player: "Bob", heroes: ["dwarf", "elf"], device: Keyboard),
    (player: "Cid", heroes: ["wizard"], device: MouseKeyboard),
]))
RON
shot party-setup 20 --open players
shot options 20 --open options
# Issue 39: the layout tour at a laptop's and a desktop's size, with fresh data and settings;
# of its screenshot of every screen, the title, a Heroica race with the die rolled, the
# sorcerer's seat with a monster taken, and the party and armory are kept.
for size in 1280x720 1920x1080; do
  tour="$home/tour-$size"
  mkdir -p "$tour/shots"
  XDG_DATA_HOME="$tour/data" XDG_CONFIG_HOME="$tour/config" xvfb-run -a -s "-screen 0 ${size}x24" "$bin" \
    --layout-check "$tour/report.txt" --layout-shots "$tour/shots" >/dev/null 2>&1
  for pair in "the-title-screen:title" "lego-heroica--the-die-rolled:heroica-race" \
    "the-sorcerer-s-seat--a-monster-chosen:sorcerer-seat" "the-party-and-armory:party-armory"; do
    cp "$tour"/shots/[0-9][0-9]-"${pair%%:*}".png "$out/${pair##*:}-$size.png"
    echo "$out/${pair##*:}-$size.png"
  done
done
rm -rf "$home"
