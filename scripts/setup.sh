#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build and run Hollowdeep, and nothing when all is there.
# Build: libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev pkg-config (Bevy's audio, input, windows).
# Window tests: xvfb xauth mesa-vulkan-drivers (a virtual X display and the software Vulkan driver).
set -euo pipefail
want=(libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev pkg-config)
if [ "${1:-}" = "--with-window-tests" ]; then
  want+=(xvfb xauth mesa-vulkan-drivers)
fi
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo (Rust 1.95) is needed; install it with rustup" >&2
  exit 1
fi
