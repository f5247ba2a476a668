#!/usr/bin/env bash
# Installs the Debian packages Quartel needs to build and test, when any is missing.
# Sourced by scripts/play.sh and scripts/test.sh; safe to run again (does nothing when all are there).
set -euo pipefail

QUARTEL_PACKAGES=(
  cmake ninja-build g++ clang clang-format-14 libclang-rt-14-dev libfuzzer-14-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libfmt-dev libsodium-dev unzip
  libboost1.81-dev libsqlite3-dev libspdlog-dev libjemalloc-dev
)

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
