// Helpers shared by the Espionage tests (espionage_*test.cc): the game with options, positions
// built from position text, typed turns and lookups on a state.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "engine/game.h"
#include "engine/state.h"
#include "games/all_games.h"
#include "games/espionage/espionage.h"

namespace quartel::espionage::test_helpers {

// The game with `options`, loaded once per set of options (every game is registered first).
inline const EspionageGame& Game(const std::map<std::string, std::string>& options = {}) {
  static std::map<std::map<std::string, std::string>, std::shared_ptr<const engine::Game>> cache;
  games::RegisterAllGames();
  auto& game = cache[options];
  if (!game) game = engine::LoadGame("espionage", options);
  return static_cast<const EspionageGame&>(*game);
}

inline bool IsLegal(const engine::State& state, const std::string& text) {
  try {
    state.StringToAction(text);
    return true;
  } catch (const Error&) {
    return false;
  }
}

// Plays what a player types for a whole turn (StringToTurn), checked.
inline void Play(engine::State& state, const std::string& turn) {
  for (Action action : state.StringToTurn(turn)) state.ApplyAction(action);
}

inline int Sq(const char* name) { return ParseSquare(name); }
inline const Position& Pos(const engine::State& state) {
  return static_cast<const EspionageState&>(state).position();
}
inline int RankAt(const engine::State& state, const char* name) {
  return Pos(state).board[Sq(name)] & 15;
}

// The state whose position text is `text` (espionage.h, "Position text").
inline std::unique_ptr<engine::State> FromPosition(
    const std::string& text, const std::map<std::string, std::string>& options = {}) {
  return Game(options).NewStateFromPosition(text);
}

inline constexpr const char* kRedSetup = "MHMMM12345 SSSSSPPPP1 1112223345";
inline constexpr const char* kBlueSetup = "1112223345 SSSSSPPPP1 MHMMM12345";

// Both setups typed, then `first` to move (no volcanoes unless `options` say so).
inline std::unique_ptr<engine::State> AfterSetup(
    int first = 0, const std::map<std::string, std::string>& options = {{"volcanoes", "0"}}) {
  auto state = Game(options).NewInitialState();
  Play(*state, kRedSetup);
  Play(*state, kBlueSetup);
  state->ApplyAction(kFirstLot + first);
  return state;
}

}  // namespace quartel::espionage::test_helpers
