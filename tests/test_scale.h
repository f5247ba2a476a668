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

// How long a random game a test follows, in actions: a quarter in debug and sanitizer builds.
constexpr int RandomPlies(int in_release) {
#ifdef NDEBUG
  return in_release;
#else
  return in_release / 4;
#endif
}

}  // namespace quartel::test_helpers
