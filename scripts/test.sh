#!/usr/bin/env bash
# Test: installs what is missing (including Xvfb for the window test), then runs every test:
# unit tests, scenarios, quest loading, seeded simulations and the real game in a window.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --with-window-tests
. scripts/env.sh
exec cargo test "$@"
