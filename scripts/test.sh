#!/usr/bin/env bash
# Every test, from nothing: installs what is missing, then builds and runs
#   1. the release build's test suite (warnings are errors in both builds) (unit, rules, perft, conformance, CLI),
#   2. the browser tests: the server and the web client in Debian's Chromium (web/tests/browser.mjs),
#   3. built with AddressSanitizer and UndefinedBehaviorSanitizer (clang): the conformance suite of
#      every game and variant, the server tests and the command-line tests (CMakeLists.txt says
#      why not every test file),
#   4. a short run of each libFuzzer target (records, notation, positions, maps, protocol), two at
#      a time.
# The browser tests mostly wait (for pages, bots and clocks: about 40% of one core over their nine
# minutes), so they run beside steps 3 and 4, which yield the processor to them (nice).
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

stage "browser tests started beside the rest (screenshots in build/web-tests)"
node web/tests/browser.mjs >build/browser-tests.log 2>&1 &
browser_tests=$!
# The browser tests' outcome and log, once: when they are done, or when a later step fails.
browser_reported=0
report_browser_tests() {
  ((browser_reported == 0)) || return 0
  browser_reported=1
  local status=0
  wait "$browser_tests" || status=$?
  stage "browser tests done"
  cat build/browser-tests.log
  return "$status"
}
trap 'report_browser_tests || true' EXIT

stage "sanitizer build (ASan + UBSan) and tests"
cmake --preset asan -DQUARTEL_WERROR=ON >/dev/null
nice -n 10 cmake --build --preset asan -j "$jobs"
nice -n 10 ctest --preset asan -j "$jobs" | tee build/ctest-asan.log
passed=$((passed + $(sed -n 's/.*tests passed, 0 tests failed out of //p' build/ctest-asan.log)))

stage "fuzzing (short runs, one per core)"
mkdir -p build/fuzz-corpus
run_fuzzer() {
  local name
  name=$(basename "$1")
  mkdir -p "build/fuzz-corpus/$name"
  nice -n 10 "$1" -max_total_time="${QUARTEL_FUZZ_SECONDS:-20}" -artifact_prefix="build/fuzz-corpus/" \
    "build/fuzz-corpus/$name" tests/fuzz/corpus 2>"build/fuzz-corpus/$name.log" ||
    { tail -n 40 "build/fuzz-corpus/$name.log"; echo "$name FAILED"; return 1; }
  echo "$name: $(grep -o 'Done [0-9]* runs' "build/fuzz-corpus/$name.log"), no crash"
}
# Waited for by their own process ids: the browser tests are a background job too.
fuzzers=(build/asan/*_fuzzer)
fuzz_failed=0
for ((first = 0; first < ${#fuzzers[@]}; first += jobs)); do
  pids=()
  for fuzzer in "${fuzzers[@]:first:jobs}"; do
    run_fuzzer "$fuzzer" &
    pids+=($!)
    passed=$((passed + 1))
  done
  for pid in "${pids[@]}"; do wait "$pid" || fuzz_failed=1; done
done
((fuzz_failed == 0)) || exit 1
report_browser_tests
passed=$((passed + $(sed -n 's/^browser tests: \([0-9]*\) passed, 0 failed.*/\1/p' build/browser-tests.log)))
# ctest runs and fuzz targets together; any failure has already stopped the script.
echo "tests: $passed passed, 0 failed, in $(($(date +%s) - started)) s"
