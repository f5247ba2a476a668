// Helpers shared by the WAR and WAR-II tests (war_test.cc, war2_test.cc): lookups by id,
// legal-action queries and typed commands on a state.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "engine/state.h"
#include "games/war/map.h"
#include "games/war/war.h"

namespace quartel::games::war::test_helpers {

inline std::unique_ptr<WarState> AsWar(std::unique_ptr<engine::State> state) {
  return std::unique_ptr<WarState>(static_cast<WarState*>(state.release()));
}

inline int T(const WarMap& map, std::string_view id) {
  const int t = map.FindTerritory(id);
  if (t < 0) throw Error(fmt::format("test: no territory {}", id));
  return t;
}

inline int C(const WarMap& map, std::string_view id) {
  for (int c = 0; c < static_cast<int>(map.continents.size()); ++c) {
    if (map.continents[c].id == id) return c;
  }
  throw Error(fmt::format("test: no continent {}", id));
}

inline std::vector<Action> Legal(const engine::State& state) {
  std::vector<Action> legal;
  state.LegalActions(legal);
  return legal;
}

inline bool Contains(const std::vector<Action>& actions, Action action) {
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

inline bool Parses(const engine::State& state, const std::string& text) {
  try {
    state.StringToTurn(text);
    return true;
  } catch (const Error&) {
    return false;
  }
}

inline void Play(engine::State& state, const std::string& text) {
  for (Action action : state.StringToTurn(text)) state.ApplyAction(action);
}

inline void Recount(Position& p, int territories) {
  p.territory_count.fill(0);
  for (int t = 0; t < territories; ++t) {
    if (p.owner[t] >= 0) ++p.territory_count[p.owner[t]];
  }
}

}  // namespace quartel::games::war::test_helpers
