#!/usr/bin/env bash
# Every test, from nothing: installs what is missing, then builds and runs
#   1. the release build's test suite (warnings are errors in both builds) (unit, rules, perft, conformance, CLI),
#   2. the browser tests: the server and the web client in Debian's Chromium (web/tests/browser.mjs),
#   3. built with AddressSanitizer and UndefinedBehaviorSanitizer (clang): the conformance suite of
#      every game and variant, the server tests and the command-line tests (CMakeLists.txt says
#      why not every test file),
#   4. a short run of each libFuzzer target (records, notation, positions, maps, protocol), two at
#      a time.
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

stage "fuzzing (short runs, one per core)"
mkdir -p build/fuzz-corpus
run_fuzzer() {
  local name
  name=$(basename "$1")
  mkdir -p "build/fuzz-corpus/$name"
  "$1" -max_total_time="${QUARTEL_FUZZ_SECONDS:-20}" -artifact_prefix="build/fuzz-corpus/" \
    "build/fuzz-corpus/$name" tests/fuzz/corpus 2>"build/fuzz-corpus/$name.log" ||
    { tail -n 40 "build/fuzz-corpus/$name.log"; echo "$name FAILED"; return 1; }
  echo "$name: $(grep -o 'Done [0-9]* runs' "build/fuzz-corpus/$name.log"), no crash"
}
running=0
fuzz_failed=0
for fuzzer in build/asan/*_fuzzer; do
  if ((running >= jobs)); then
    wait -n || fuzz_failed=1
    running=$((running - 1))
  fi
  run_fuzzer "$fuzzer" &
  running=$((running + 1))
  passed=$((passed + 1))
done
while ((running > 0)); do
  wait -n || fuzz_failed=1
  running=$((running - 1))
done
((fuzz_failed == 0)) || exit 1
# ctest runs and fuzz targets together; any failure has already stopped the script.
echo "tests: $passed passed, 0 failed, in $(($(date +%s) - started)) s"
