#!/usr/bin/env bash
# Play: installs what is missing, builds, and opens the title screen.
# Any arguments go to the game, e.g. `bash scripts/play.sh play --quest the-sunken-reliquary`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
exec cargo run --quiet -- "$@"
