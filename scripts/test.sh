#!/usr/bin/env bash
# Every test, from nothing: installs what is missing, then builds and runs
#   1. the release build's test suite (warnings are errors in both builds) (unit, rules, perft, conformance, CLI),
#   2. the same unit tests built with AddressSanitizer and UndefinedBehaviorSanitizer (clang),
#   3. the browser tests: the server and the web client in Debian's Chromium (web/tests/browser.mjs),
#   4. a short run of each libFuzzer target (record parser, action notation of every game).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
stage() { echo "== $1 ($(($(date +%s) - started)) s so far)"; }

bash scripts/install-deps.sh --browser
jobs=$(nproc)

stage "release build and tests"
cmake --preset release -DQUARTEL_WERROR=ON >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs" | tee build/ctest-release.log
passed=$(sed -n 's/.*tests passed, 0 tests failed out of //p' build/ctest-release.log)

stage "browser tests (screenshots in build/web-tests)"
node web/tests/browser.mjs | tee build/browser-tests.log
passed=$((passed + $(sed -n 's/^browser tests: \([0-9]*\) passed, 0 failed.*/\1/p' build/browser-tests.log)))

stage "sanitizer build (ASan + UBSan) and tests"
cmake --preset asan -DQUARTEL_WERROR=ON >/dev/null
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs" | tee build/ctest-asan.log
passed=$((passed + $(sed -n 's/.*tests passed, 0 tests failed out of //p' build/ctest-asan.log)))

stage "fuzzing (short runs)"
mkdir -p build/fuzz-corpus
for fuzzer in build/asan/*_fuzzer; do
  name=$(basename "$fuzzer")
  mkdir -p "build/fuzz-corpus/$name"
  "$fuzzer" -max_total_time="${QUARTEL_FUZZ_SECONDS:-20}" -artifact_prefix="build/fuzz-corpus/" \
    "build/fuzz-corpus/$name" tests/fuzz/corpus 2>"build/fuzz-corpus/$name.log" ||
    { tail -n 40 "build/fuzz-corpus/$name.log"; echo "$name FAILED"; exit 1; }
  echo "$name: $(grep -o 'Done [0-9]* runs' "build/fuzz-corpus/$name.log"), no crash"
  passed=$((passed + 1))
done
# ctest runs and fuzz targets together; any failure has already stopped the script.
echo "tests: $passed passed, 0 failed, in $(($(date +%s) - started)) s"
