// Helpers shared by the WAR and WAR-II tests (war_test.cc, war2_test.cc): lookups by id,
// legal-action queries and typed commands on a state.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/state.h"
#include "games/all_games.h"
#include "games/war/map.h"
#include "games/war/war.h"

namespace quartel::war::test_helpers {

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

// The rule set `id` ("war" or "war2") for `players`, with more options; loaded once and kept.
inline const WarGame& LoadWarGame(const std::string& id, int players,
                                  std::map<std::string, std::string> options = {}) {
  static std::map<std::string, std::shared_ptr<const engine::Game>> cache;
  games::RegisterAllGames();
  options["players"] = std::to_string(players);
  std::string key = id;
  for (const auto& [name, value] : options) key += "," + name + "=" + value;
  auto& game = cache[key];
  if (!game) game = engine::LoadGame(id, options);
  return static_cast<const WarGame&>(*game);
}

inline std::unique_ptr<WarState> NewWarState(const WarGame& game) {
  return AsWar(game.NewInitialState());
}

// A chance outcome drawn with its probability, or a legal action drawn uniformly.
inline Action PickRandom(const engine::State& state, Rng& rng) {
  if (state.IsChanceNode()) {
    const auto outcomes = state.ChanceOutcomes();
    std::vector<double> weights;
    for (const auto& outcome : outcomes) weights.push_back(outcome.probability);
    return outcomes[rng.Pick(weights)].action;
  }
  const auto legal = Legal(state);
  return legal[rng.Below(static_cast<std::uint32_t>(legal.size()))];
}

inline void Recount(Position& p, int territories) {
  p.territory_count.fill(0);
  for (int t = 0; t < territories; ++t) {
    if (p.owner[t] >= 0) ++p.territory_count[p.owner[t]];
  }
}

// A position at a full turn (round 2 on) in seat 0's attack phase: territory t belongs to seat
// t % 3 with 1 army (3 seats), every card in the pile, nobody near an objective ("Ásia and África"
// for all).
inline std::unique_ptr<WarState> SimpleBoard(const WarGame& game) {
  auto state = NewWarState(game);
  const WarMap& map = game.map();
  Position& p = state->mutable_position();
  for (int t = 0; t < map.NumTerritories(); ++t) {
    p.owner[t] = static_cast<std::int8_t>(t % 3);
    p.armies[t] = 1;
  }
  p.undealt = 0;
  p.pile = (std::uint64_t{1} << game.NumCards()) - 1;
  p.objectives_left = 0;
  for (int i = 0; i < static_cast<int>(game.Objectives().size()); ++i) {
    if (game.Objectives()[i].text.find("sia and \u00c1frica") != std::string::npos) {
      for (Seat s = 0; s < p.num_seats; ++s) p.objective[s] = static_cast<std::int8_t>(i);
    }
  }
  p.turns_played = 9;
  for (Seat s = 0; s < p.num_seats; ++s) p.turns_begun[s] = 3;  // seats of the game only
  p.phase = Phase::kAttack;
  p.seat = 0;
  p.acted = true;
  Recount(p, map.NumTerritories());
  return state;
}

// Seat `seat` holds territory `id` with `armies`.
inline void Own(WarState& state, std::string_view id, Seat seat, int armies) {
  Position& p = state.mutable_position();
  const int t = T(state.map(), id);
  p.owner[t] = static_cast<std::int8_t>(seat);
  p.armies[t] = static_cast<std::int16_t>(armies);
  Recount(p, state.map().NumTerritories());
}

// The cards of `territories` (WAR-II: the cards showing them), from the pile into the seat's hand.
inline void Hold(WarState& state, Seat seat, std::initializer_list<const char*> territories) {
  Position& p = state.mutable_position();
  for (const char* id : territories) {
    const int t = T(state.map(), id);
    const int card = state.war_game().war2() ? state.war_game().CardOf(t) : t;
    p.pile &= ~(std::uint64_t{1} << card);
    p.hand[seat] |= std::uint64_t{1} << card;
  }
  state.CheckConsistency();
}

}  // namespace quartel::war::test_helpers
