#!/usr/bin/env bash
# Quartel's main job, from nothing: installs what is missing, builds the server and the web client,
# and starts `quartel serve` on an embedded SQLite file (./quartel.db), printing the address to
# open. Any arguments go to `quartel serve` (e.g. scripts/serve.sh --port 9000 --host 0.0.0.0).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target quartel web
exec build/release/quartel serve --db "${QUARTEL_DB:-quartel.db}" "$@"
