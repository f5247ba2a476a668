#!/usr/bin/env bash
# Quartel's main job, from nothing: installs what is missing, builds the release binary and starts
# a game. With no arguments: Dablot in the terminal, you against the MCTS bot. Any arguments are
# passed to `quartel` instead (e.g. scripts/play.sh play conspiradores --seats human,bot:mcts).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target quartel

if [ $# -eq 0 ]; then
  exec build/release/quartel play dablot --seats human,bot:mcts
fi
exec build/release/quartel "$@"
