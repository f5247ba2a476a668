// Helpers shared by the WAR and WAR-II tests (war_test.cc, war2_test.cc): lookups by id,
// legal-action queries, typed commands on a state, and positions set up through the position text
// (TextOf writes a Position in the form war.h documents; StateAt, Load and Change parse it).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/state.h"
#include "games/all_games.h"
#include "games/war/map.h"
#include "games/war/war.h"

namespace quartel::war::test_helpers {

// The bit of territory `i` in a set of territories.
inline std::uint64_t Bit(int i) { return std::uint64_t{1} << i; }

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

// --- Positions from position text (war.h documents the form) -----------------------------------

// `p` written in the position text form, field by field in the documented order: an independent
// writer of the form, so that every position a test sets up goes through the game's own parser
// (WarGame::NewStateFromPosition) and its checks.
inline std::string TextOf(const WarGame& game, const Position& p) {
  const std::size_t territories = static_cast<std::size_t>(game.map().NumTerritories());
  const std::size_t seats = static_cast<std::size_t>(p.num_seats);
  const std::size_t continents = game.map().continents.size();
  std::string text;
  auto number = [&](const char* name, long long value) {
    text += fmt::format("{}{}={}", text.empty() ? "" : " ", name, value);
  };
  auto cards = [&](const char* name, std::uint64_t mask) {
    text += fmt::format(" {}={:x}", name, mask);
  };
  auto list = [&](const char* name, const auto& values, std::size_t count) {
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < count; ++i) {
      if constexpr (std::is_same_v<std::decay_t<decltype(values[0])>, std::uint64_t>) {
        parts.push_back(fmt::format("{:x}", values[i]));
      } else {
        parts.push_back(std::to_string(+values[i]));
      }
    }
    text += fmt::format(" {}={}", name, fmt::join(parts, ","));
  };
  number("ply", p.ply);
  number("phase", static_cast<int>(p.phase));
  number("seat", p.seat);
  list("owner", p.owner, territories);
  list("armies", p.armies, territories);
  list("arrived", p.arrived, territories);
  list("hand", p.hand, seats);
  list("objective", p.objective, seats);
  cards("pile", p.pile);
  cards("discard", p.discard);
  cards("undealt", p.undealt);
  cards("objectives_left", p.objectives_left);
  list("eliminated_by", p.eliminated_by, seats);
  list("territory_count", p.territory_count, p.territory_count.size());
  list("continent_pool", p.continent_pool, continents);
  number("general_pool", p.general_pool);
  number("trades_done", p.trades_done);
  number("turns_played", p.turns_played);
  number("dealer", p.dealer);
  number("deal_index", p.deal_index);
  number("attack_from", p.attack_from);
  number("attack_to", p.attack_to);
  number("attack_dice", p.attack_dice);
  number("spoils_victim", p.spoils_victim);
  number("spoils_left", p.spoils_left);
  number("conquered", p.conquered);
  number("acted", p.acted);
  number("winner", p.winner);
  list("turns_begun", p.turns_begun, seats);
  number("ending", p.ending);
  list("ending_results", p.ending_results, seats);
  list("bombers", p.bombers, seats);
  number("reduced", p.reduced);
  number("conquered_ever", p.conquered_ever);
  cards("ce_cards_left", p.ce_cards_left);
  cards("pending_cards", p.pending_cards);
  number("use_territory", p.use_territory);
  number("use_bombers", p.use_bombers);
  number("use_amount", p.use_amount);
  number("transport_a", p.transport_a);
  number("transport_b", p.transport_b);
  number("transport_way", p.transport_way);
  number("air_target", p.air_target);
  number("air_bombers", p.air_bombers);
  number("resume", static_cast<int>(p.resume));
  number("draws_left", p.draws_left);
  number("claim_first", p.claim_first);
  number("choices_made", p.choices_made);
  number("choices_b", p.choices_b);
  number("first_seat", p.first_seat);
  list("ci", p.ci, seats);
  number("spied", p.spied);
  number("ci_moved", p.ci_moved);
  number("ci_pay_owner", p.ci_pay_owner);
  number("ci_pay_to", p.ci_pay_to);
  number("ci_pay_left", p.ci_pay_left);
  return text;
}

// A new state of `game` at `p`, parsed from its position text.
inline std::unique_ptr<WarState> StateAt(const WarGame& game, const Position& p) {
  return AsWar(game.NewStateFromPosition(TextOf(game, p)));
}

// `state` set to `p` through the position text (the parser checks it).
inline void Load(WarState& state, const Position& p) {
  state.CopyFrom(*StateAt(state.war_game(), p));
}

// `state` set to its position as `edit` changes it, through the position text.
template <typename Edit>
void Change(WarState& state, Edit&& edit) {
  Position p = state.position();
  edit(p);
  Load(state, p);
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
  const WarMap& map = game.map();
  Position p = NewWarState(game)->position();
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
  return StateAt(game, p);
}

// Seat `seat` holds territory `id` with `armies`.
inline void Own(WarState& state, std::string_view id, Seat seat, int armies) {
  Position p = state.position();
  const int t = T(state.map(), id);
  p.owner[t] = static_cast<std::int8_t>(seat);
  p.armies[t] = static_cast<std::int16_t>(armies);
  Recount(p, state.map().NumTerritories());
  Load(state, p);
}

// The cards of `territories` (WAR-II: the cards showing them), from the pile into the seat's hand.
inline void Hold(WarState& state, Seat seat, std::initializer_list<const char*> territories) {
  Position p = state.position();
  for (const char* id : territories) {
    const int t = T(state.map(), id);
    const int card = state.war_game().war2() ? state.war_game().CardOf(t) : t;
    p.pile &= ~(std::uint64_t{1} << card);
    p.hand[seat] |= std::uint64_t{1} << card;
  }
  Load(state, p);
}

}  // namespace quartel::war::test_helpers
