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

}  // namespace quartel::test_helpers
