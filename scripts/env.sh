# Sourced by the scripts: one shared target directory outside the work tree, so compiled
# dependencies survive fresh clones (a cold build of the Bevy stack takes ~25 minutes here).
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/hollowdeep/target}"
