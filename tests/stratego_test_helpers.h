// What the Stratego test files share: the game, a state's position and one pair of full setups.
// (The test files are compiled several to a unit, so a helper they share is declared once here.)
#pragma once

#include <map>
#include <memory>
#include <string>

#include "engine/game.h"
#include "games/all_games.h"
#include "games/stratego/stratego.h"

namespace quartel::stratego {

inline std::shared_ptr<const engine::Game> LoadStratego(
    const std::map<std::string, std::string>& options = {}) {
  games::RegisterAllGames();
  return engine::LoadGame("stratego", options);
}

inline const Position& Pos(const engine::State& state) {
  return static_cast<const StrategoState&>(state).position();
}

// Red's rows 1 to 4 and Blue's rows 7 to 10: a full army each, the Flags in the corners.
inline constexpr const char* kRedSetup = "FBBB333334 BBB4445555 6666777889 XS22222222";
inline constexpr const char* kBlueSetup = "XS22222222 6666777889 BBB4445555 FBBB333334";

}  // namespace quartel::stratego
