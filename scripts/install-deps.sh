#!/usr/bin/env bash
# Installs the Debian packages Quartel needs to build and test, when any is missing, and checks
# that Node is new enough for the web client. `--browser` adds Debian's Chromium (the browser
# tests). Run by scripts/serve.sh, scripts/play.sh and scripts/test.sh; safe to run again (does
# nothing when all are there).
set -euo pipefail

QUARTEL_PACKAGES=(
  cmake ninja-build g++ clang clang-format-14 libclang-rt-14-dev libfuzzer-14-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libfmt-dev libsodium-dev unzip
  libboost1.81-dev libsqlite3-dev libspdlog-dev libjemalloc-dev
)

if [ "${1:-}" = "--browser" ]; then QUARTEL_PACKAGES+=(chromium); fi
# The web client needs Node 20.19 or newer (Vite 7); Debian 12's own nodejs is 18, so a Node that
# is missing is taken from Debian only as a last resort and then refused with a clear message.
if ! command -v npm >/dev/null; then QUARTEL_PACKAGES+=(nodejs npm); fi

missing=()
for package in "${QUARTEL_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "quartel: installing missing packages: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

node_version=$(node -e 'process.stdout.write(process.versions.node)' 2>/dev/null || echo 0)
if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number);
              process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' 2>/dev/null; then
  echo "quartel: the web client needs Node 20.19 or newer; this machine has $node_version" >&2
  exit 1
fi
