#!/usr/bin/env bash
# Issue 23, item 5's measure: every number in every shipped quest, one at a time, one up and one
# down. Counts the changed quests `validate` accepts, and of those the ones where a seeded
# game (2 games, seed 7) does not finish. A quest that validates should be winnable.
# Usage: bash scripts/quest-mutations.sh [BINARY]   (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
bin="${1:-}"
if [ -z "$bin" ]; then
  cargo build --quiet --release
  bin="$CARGO_TARGET_DIR/release/hollowdeep"
fi
python3 - "$bin" <<'PY'
import glob, json, re, subprocess, sys, tempfile, os
binary = sys.argv[1]
work = tempfile.mkdtemp()
path = os.path.join(work, "q.ron")
variants = valid = unfinished = 0
for quest in sorted(glob.glob("quests/*.ron")):
    text = open(quest).read()
    # Numbers outside comments and strings.
    for m in re.finditer(r'//[^\n]*|"(?:[^"\\]|\\.)*"|\b\d+\b', text):
        if not m.group(0)[0].isdigit():
            continue
        a, b = m.span()
        for delta in (1, -1):
            open(path, "w").write(text[:a] + str(int(text[a:b]) + delta) + text[b:])
            variants += 1
            if subprocess.run([binary, "validate", path], capture_output=True).returncode:
                continue
            valid += 1
            out = subprocess.run([binary, "simulate", "--quest", path, "--games", "2", "--seed", "7", "--json"],
                                 capture_output=True, text=True).stdout
            if json.loads(out)["unfinished"]:
                unfinished += 1
                line = text[:a].count("\n") + 1
                print(f"{quest}:{line}: {delta:+d} leaves a game unfinished: {text.splitlines()[line - 1].strip()[:90]}")
print(f"{variants} changed quests, {valid} valid, {unfinished} with an unfinished game")
PY
