#!/usr/bin/env bash
# Every test, from nothing: installs what is missing, then builds and runs
#   1. the release build's test suite (unit, rules, perft, conformance, CLI),
#   2. the same unit tests built with AddressSanitizer and UndefinedBehaviorSanitizer (clang),
#   3. a short run of each libFuzzer target (record parser, action notation of every game).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
jobs=$(nproc)

echo "== release build and tests"
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

echo "== sanitizer build (ASan + UBSan) and tests"
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs"

echo "== fuzzing (short runs)"
mkdir -p build/fuzz-corpus
for fuzzer in build/asan/*_fuzzer; do
  name=$(basename "$fuzzer")
  mkdir -p "build/fuzz-corpus/$name"
  "$fuzzer" -max_total_time="${QUARTEL_FUZZ_SECONDS:-30}" -print_final_stats=0 \
    "build/fuzz-corpus/$name" tests/fuzz/corpus 2>"build/fuzz-corpus/$name.log" ||
    { tail -n 40 "build/fuzz-corpus/$name.log"; echo "$name FAILED"; exit 1; }
  echo "$name: $(grep -c . "build/fuzz-corpus/$name.log" || true) log lines, no crash"
done
echo "all tests passed"
