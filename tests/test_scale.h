// How much random play a test does. Debug and sanitizer builds run several times slower than the
// release build, whose suite plays the full count; there one game still takes every code path
// through the sanitizers.
#pragma once

namespace quartel::test_helpers {

constexpr int RandomGames(int in_release) {
#ifdef NDEBUG
  return in_release;
#else
  (void)in_release;
  return 1;
#endif
}

}  // namespace quartel::test_helpers
