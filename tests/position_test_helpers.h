// What the per-game position text tests share: the engine's round-trip check as a GoogleTest
// assertion, and the check that a malformed text is refused with an error naming the problem.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "engine/conformance.h"
#include "engine/game.h"
#include "engine/state.h"

namespace quartel::test_helpers {

// engine::CheckPositionTextRoundTrip, for ASSERT_TRUE: the failure names the difference.
inline ::testing::AssertionResult PositionTextRoundTrips(const engine::State& state) {
  try {
    engine::CheckPositionTextRoundTrip(state);
  } catch (const Error& e) {
    return ::testing::AssertionFailure() << e.what();
  }
  return ::testing::AssertionSuccess();
}

// `text` is refused with an error whose words include `words`.
inline void ExpectPositionError(const engine::Game& game, const std::string& text,
                                const std::string& words) {
  try {
    game.NewStateFromPosition(text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos)
        << "'" << e.what() << "' does not name '" << words << "' for: " << text;
  }
}

// `viewer`'s view `text` is refused with an error whose words include `words`.
inline void ExpectViewError(const engine::Game& game, const std::string& text, int viewer,
                            const std::string& words) {
  try {
    game.NewStateFromView(text, viewer);
    ADD_FAILURE() << "accepted as seat " << viewer << "'s view: " << text;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos)
        << "'" << e.what() << "' does not name '" << words << "' for: " << text;
  }
}

// A string with the first `from` replaced by `to` (the test's own texts always hold it).
inline std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "'" << from << "' not in " << text;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

}  // namespace quartel::test_helpers
