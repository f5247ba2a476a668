// The conformance suite every registered game runs (OpenSpiel's basic_tests): random simulations
// from many seeds checking, at every step, the invariants the rest of Quartel relies on. See
// RunConformance for the list.
#pragma once

#include <cstdint>

#include "engine/game.h"
#include "engine/state.h"

namespace quartel::engine {

struct ConformanceOptions {
  int games = 10;             // random games played
  std::uint64_t seed = 1;     // first seed; game i uses seed + i
  int illegal_samples = 4;    // illegal action ids tried at each step
  int max_checked_plies = 0;  // 0: check every ply; otherwise check the first N plies of each game
};

// Throws quartel::Error naming the game, seed, ply and failed check.
void RunConformance(const Game& game, const ConformanceOptions& options);

// The position text round trip RunConformance checks along random games, for one state: its text
// and its serialised form give back an equal state with the same ply count, text, legal actions
// and every viewer's JSON view and position text. Throws quartel::Error naming the difference.
void CheckPositionTextRoundTrip(const State& state);

}  // namespace quartel::engine
