// WAR-II rules (games/war/war.h, games/war/board_war2.cc; issue 3 section 2). Sources of the
// numbers: the seed (../shared/seeds/000_d55324fb18af5a39.txt, sections 2 DISTRIBUIÇÃO,
// 3 OBJETIVOS, 4 O JOGO, 5 RECEBIMENTO DE EXÉRCITOS, 6 BOMBARDEIROS, 9 ATAQUE AÉREO, 10 CARTAS,
// 11 DESLOCAMENTOS, 12 ELIMINAÇÃO), the decisions and reconstructions in ../shared/rulings.md
// (section WAR-II: air dice faces 0,0,0,1,2,3; the card deck 10x1 10x2 8x3 + 33 territory cards;
// the six extra objectives) and data/maps/war-classic.json, section "war2".
//
// Positions are set up as Position values and loaded through the position text, as in
// war_test.cc; turn changes go through the engine (BeginTurn) so that its own StartTurn computes
// the income.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/error.h"
#include "core/json.h"
#include "core/rng.h"
#include "engine/conformance.h"
#include "engine/game.h"
#include "engine/state.h"
#include "games/all_games.h"
#include "games/war/map.h"
#include "games/war/war.h"
#include "test_scale.h"
#include "war_test_helpers.h"

namespace quartel::war {
namespace {

using namespace test_helpers;  // war_test_helpers.h

using engine::Action;
using engine::Seat;

// --- Games, states and positions
// ------------------------------------------------------------------

const WarGame& Game2(int players = 3, bool variant = false) {
  static std::map<std::pair<int, bool>, std::shared_ptr<const engine::Game>> cache;
  auto& game = cache[{players, variant}];
  if (!game) {
    games::RegisterAllGames();
    game = engine::LoadGame(
        "war2", {{"players", std::to_string(players)}, {"variant", variant ? "true" : "false"}});
  }
  return static_cast<const WarGame&>(*game);
}

std::unique_ptr<WarState> NewState(const WarGame& game) {
  return std::unique_ptr<WarState>(static_cast<WarState*>(game.NewInitialState().release()));
}

// The WAR-II objective card whose text contains `words`.
int O(const WarGame& game, std::string_view words) {
  for (int i = 0; i < static_cast<int>(game.Objectives().size()); ++i) {
    if (game.Objectives()[i].text.find(words) != std::string::npos) return i;
  }
  throw Error(fmt::format("test: no objective '{}'", words));
}

// The card of a territory.
int Card(const WarGame& game, std::string_view id) { return game.CardOf(T(game.map(), id)); }

// The k-th (from 0) number card of value v.
int Number(const WarGame& game, int value, int k = 0) {
  for (int c = 0; c < game.NumCards(); ++c) {
    if (game.map().war2_cards[c].number == value && k-- == 0) return c;
  }
  throw Error("test: no such number card");
}

// A full-turn position (round 3 of turns on) in seat 0's attack phase: territory t belongs to
// seat t % seats with one army, every card in the pile, no bombers, and every seat holds the
// objective "Ásia and América do Sul" (far from met).
Position Board(const WarState& state) {
  const WarGame& game = state.war_game();
  const WarMap& map = state.map();
  Position p = state.position();
  const int n = p.num_seats;
  p.owner.fill(-1);
  p.armies.fill(0);
  p.arrived.fill(0);
  p.hand.fill(0);
  for (int t = 0; t < map.NumTerritories(); ++t) {
    p.owner[t] = static_cast<std::int8_t>(t % n);
    p.armies[t] = 1;
  }
  p.pile = Bit(game.NumCards()) - 1;
  p.discard = 0;
  p.undealt = 0;
  p.objectives_left = 0;
  p.objective.fill(-1);
  // Distinct cards, each asking for two whole continents (far from met).
  const char* far[] = {"sia and Am",        "sia and \u00c1frica", "Norte and \u00c1frica",
                       "Norte and Oceania", "Europa, Oceania",     "Europa, Am"};
  for (int s = 0; s < n; ++s) p.objective[s] = static_cast<std::int8_t>(O(game, far[s]));
  p.eliminated_by.fill(-1);
  p.continent_pool.fill(0);
  p.general_pool = 0;
  p.turns_played = static_cast<std::int16_t>(2 * n);
  p.turns_begun.fill(3);  // full turns (round 2 on) for everyone
  p.phase = Phase::kAttack;
  p.seat = 0;
  p.conquered = false;
  p.acted = true;
  p.spoils_victim = -1;
  p.spoils_left = 0;
  p.winner = kNoWinner;
  p.bombers.fill(0);
  p.reduced = 0;
  p.ce_cards_left = 0;
  p.pending_cards = 0;
  p.use_territory = -1;
  p.use_bombers = false;
  p.use_amount = 0;
  p.transport_a = p.transport_b = -1;
  p.air_target = -1;
  p.air_bombers = 0;
  p.resume = Phase::kAttack;
  p.draws_left = 0;
  p.claim_first = -1;
  Recount(p, map.NumTerritories());
  return p;
}

// Seat `seat` holds exactly `ids` (1 army each unless set later); the rest go to the other seats
// in turn.
void Layout(Position& p, const WarMap& map, Seat seat, const std::vector<std::string>& ids) {
  std::vector<bool> mine(map.NumTerritories(), false);
  for (const auto& id : ids) mine[T(map, id)] = true;
  int other = 0;
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (mine[t]) {
      p.owner[t] = static_cast<std::int8_t>(seat);
    } else {
      if (++other % p.num_seats == seat) ++other;
      p.owner[t] = static_cast<std::int8_t>(other % p.num_seats);
    }
    p.armies[t] = 1;
  }
  Recount(p, map.NumTerritories());
}

void Set(Position& p, const WarMap& map, std::string_view id, Seat owner, int armies) {
  const int t = T(map, id);
  p.owner[t] = static_cast<std::int8_t>(owner);
  p.armies[t] = static_cast<std::int16_t>(armies);
}

void Install(WarState& state, Position p) {
  Recount(p, state.map().NumTerritories());
  Load(state, p);
}

// Moves `cards` from the pile into the seat's hand.
void Deal(Position& p, Seat seat, std::uint64_t cards) {
  p.pile &= ~cards;
  p.hand[seat] |= cards;
}

// Hands a full turn to `seat` through the engine: the previous seat ends its movement without a
// conquest, so the engine's own turn change computes the income.
void BeginTurn(WarState& state, Seat seat) {
  Position p = state.position();
  const int n = p.num_seats;
  p.phase = Phase::kMove;
  p.conquered = false;
  p.arrived.fill(0);
  p.seat = static_cast<std::int8_t>((seat + n - 1) % n);
  p.turns_played = static_cast<std::int16_t>(2 * n);
  p.turns_begun.fill(2);  // the turn it begins is a full one
  Load(state, p);
  state.ApplyAction(state.war_game().kEnd);
  ASSERT_EQ(state.CurrentSeat(), seat);
  ASSERT_EQ(state.position().phase, Phase::kReinforce);
}

Action RandomAction(const engine::State& state, Rng& rng) {
  if (state.IsChanceNode()) {
    const auto outcomes = state.ChanceOutcomes();
    std::vector<double> weights;
    for (const auto& outcome : outcomes) weights.push_back(outcome.probability);
    return outcomes[rng.Pick(weights)].action;
  }
  const auto legal = Legal(state);
  return legal[rng.Below(static_cast<std::uint32_t>(legal.size()))];
}

template <typename Stop>
void PlayRandomly(WarState& state, Rng& rng, Stop stop, int max_plies = 200'000) {
  for (int ply = 0; ply < max_plies && !state.IsTerminal() && !stop(state); ++ply) {
    state.ApplyAction(RandomAction(state, rng));
    if (!state.IsTerminal()) state.CheckConsistency();
  }
}

// The chance outcomes as (shot down, destroyed) -> probability.
std::map<std::pair<int, int>, double> AirOutcomes(const WarState& state) {
  std::map<std::pair<int, int>, double> out;
  for (const auto& o : state.ChanceOutcomes()) {
    const int code = o.action - state.war_game().kAirRound;
    out[{code / 4, code % 4}] += o.probability;
  }
  return out;
}

// A position in seat 0's attack phase where seat 0 holds brasil, peru and mongolia, seat 1 china
// (with 5 armies) and argentina.
Position CardBoard(const WarState& state) {
  const WarMap& map = state.map();
  Position p = Board(state);
  Set(p, map, "brasil", 0, 3);
  Set(p, map, "peru", 0, 1);
  Set(p, map, "mongolia", 0, 1);
  Set(p, map, "china", 1, 5);
  Set(p, map, "argentina", 1, 1);
  return p;
}

// ==================================================================================================
// Data
// ==================================================================================================

TEST(War2Data, SixtyOneCardsTwentyObjectivesTwelveCeCards) {
  const WarGame& game = Game2();
  const WarMap& map = game.map();
  ASSERT_EQ(game.NumCards(), 61);
  int territory_cards = 0, two_territory = 0, ce_cards = 0;
  std::map<int, int> numbers;
  std::vector<int> cards_of(map.NumTerritories(), 0);
  for (const War2Card& card : map.war2_cards) {
    if (card.number > 0) {
      EXPECT_TRUE(card.territories.empty());
      ++numbers[card.number];
      continue;
    }
    ++territory_cards;
    ASSERT_GE(card.territories.size(), 1u);
    ASSERT_LE(card.territories.size(), 2u);
    int ces = 0;
    for (int t : card.territories) {
      ++cards_of[t];
      ces += map.territories[t].strategic_centre;
    }
    EXPECT_LE(ces, 1) << "a CE is on a card of its own or paired with a non-CE";
    ce_cards += ces > 0;
    if (card.territories.size() == 2) {
      ++two_territory;
      const int a = card.territories[0], b = card.territories[1];
      EXPECT_EQ(map.territories[a].continent, map.territories[b].continent);
      EXPECT_GE(map.FindLink(a, b), 0) << "pairs are neighbours";
    }
  }
  EXPECT_EQ(territory_cards, 33);
  EXPECT_EQ(two_territory, 9);
  EXPECT_EQ(61 - territory_cards, 28);
  EXPECT_EQ(numbers, (std::map<int, int>{{1, 10}, {2, 10}, {3, 8}}));
  for (int t = 0; t < map.NumTerritories(); ++t) {
    EXPECT_EQ(cards_of[t], 1) << map.territories[t].id;
    EXPECT_GE(game.CardOf(t), 0);
  }
  EXPECT_EQ(ce_cards, 12);
  EXPECT_EQ(map.strategic_centres.size(), 12u);
  std::set<std::string> ces;
  for (int t : map.strategic_centres) ces.insert(map.territories[t].id);
  EXPECT_EQ(ces, (std::set<std::string>{"novayork", "ottawa", "brasil", "inglaterra", "alemanha",
                                        "moscou", "egito", "africadosul", "orientemedio", "china",
                                        "japao", "australia"}));
  EXPECT_EQ(game.Objectives().size(), 20u);
  EXPECT_EQ(map.war2_bombers, 10);
  // The seed's two fixed table entries.
  EXPECT_EQ(map.continents[C(map, "americadosul")].totality, 3);
  EXPECT_EQ(map.continents[C(map, "oceania")].majority, 2);
}

// ==================================================================================================
// Setup (seed section 2)
// ==================================================================================================

// Deals the CE cards and claims to the end for 3, 4 or 6 players, checking who gets what.
void CheckSetup(int players, int dealer) {
  SCOPED_TRACE(fmt::format("{} players, dealer {}", players, dealer));
  const WarGame& game = Game2(players);
  const WarMap& map = game.map();
  auto state = NewState(game);
  state->ApplyAction(game.kChance + dealer);
  // All 12 CE cards, one by one, starting with the dealer.
  for (int i = 0; i < 12; ++i) {
    ASSERT_EQ(state->position().phase, Phase::kCeDeal);
    ASSERT_TRUE(state->IsChanceNode());
    const auto outcomes = state->ChanceOutcomes();
    ASSERT_EQ(static_cast<int>(outcomes.size()), 12 - i);
    for (const auto& o : outcomes) {
      EXPECT_NEAR(o.probability, 1.0 / (12 - i), 1e-12);
      const auto& ts = map.war2_cards[o.action - game.kChance].territories;
      EXPECT_TRUE(std::any_of(ts.begin(), ts.end(),
                              [&](int t) { return map.territories[t].strategic_centre; }));
    }
    const int card = outcomes.back().action - game.kChance;
    ASSERT_EQ(state->position().seat, (dealer + i) % players);
    state->ApplyAction(outcomes.back().action);
    for (int t : map.war2_cards[card].territories) {
      if (map.territories[t].strategic_centre) {
        EXPECT_EQ(state->position().owner[t], (dealer + i) % players);
        EXPECT_EQ(state->position().armies[t], 2);
      } else {  // seed, NOTA: armies go only on the CE of a two-territory card
        EXPECT_EQ(state->position().owner[t], -1);
      }
    }
  }
  // Claims from the dealer clockwise, 1 army each, until the board is full.
  int claims = 0;
  Seat last = -1;
  while (state->position().phase == Phase::kClaim) {
    ASSERT_EQ(state->CurrentSeat(), (dealer + claims) % players);
    const auto legal = Legal(*state);
    ASSERT_EQ(static_cast<int>(legal.size()), 30 - claims);
    ASSERT_EQ(state->ActionToString(legal.front()).rfind("claim ", 0), 0u);
    last = state->CurrentSeat();
    state->ApplyAction(legal.front());
    EXPECT_EQ(state->position().owner[legal.front()], last);
    EXPECT_EQ(state->position().armies[legal.front()], 1);
    ++claims;
  }
  EXPECT_EQ(claims, 30);
  // Objectives, then the player after the last claimer starts with a pile of all 61 cards.
  for (int s = 0; s < players; ++s) {
    ASSERT_EQ(state->position().phase, Phase::kObjective);
    state->ApplyAction(state->ChanceOutcomes().front().action);
  }
  const Position& p = state->position();
  EXPECT_EQ(p.phase, Phase::kReinforce);
  EXPECT_EQ(p.seat, (last + 1) % players);
  EXPECT_EQ(p.first_seat, (last + 1) % players);
  EXPECT_EQ(p.pile, Bit(61) - 1);
  EXPECT_EQ(p.discard, 0u);
  for (int s = 0; s < players; ++s) {
    EXPECT_EQ(p.hand[s], 0u);
    EXPECT_GE(p.objective[s], 0);
  }
  state->CheckConsistency();
}

TEST(War2Setup, CeCardsFromTheDealerThenClaimsThenObjectives) {
  CheckSetup(3, 0);
  CheckSetup(3, 2);
  CheckSetup(4, 1);
  CheckSetup(6, 5);
}

// Deals the 10 CE cards of a 5-player game from dealer 1.
std::unique_ptr<WarState> FivePlayerChoice() {
  const WarGame& game = Game2(5);
  auto state = NewState(game);
  state->ApplyAction(game.kChance + 1);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(state->position().phase, Phase::kCeDeal);
    EXPECT_EQ(state->position().seat, (1 + i) % 5);
    state->ApplyAction(state->ChanceOutcomes().front().action);
  }
  EXPECT_EQ(state->position().phase, Phase::kCeChoice);
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_EQ(std::popcount(state->position().ce_cards_left), 2);
  return state;
}

// The vacant CE territories whose cards are left.
std::vector<int> CesLeft(const WarState& state) {
  std::vector<int> out;
  for (int t : state.map().strategic_centres) {
    if (state.position().owner[t] < 0) out.push_back(t);
  }
  return out;
}

TEST(War2Setup, FivePlayersTwoCeEachThenChoices) {
  auto state = FivePlayerChoice();
  const WarGame& game = state->war_game();
  const WarMap& map = state->map();
  for (int s = 0; s < 5; ++s) {
    int ces = 0;
    for (int t : map.strategic_centres) ces += state->position().owner[t] == s;
    EXPECT_EQ(ces, 2) << s;
  }
  const auto ces_left = CesLeft(*state);
  ASSERT_EQ(ces_left.size(), 2u);
  // The dealer may take a CE card left or two vacant non-CE territories of two continents.
  auto legal = Legal(*state);
  for (int t : ces_left) EXPECT_TRUE(Contains(legal, t));
  EXPECT_TRUE(Contains(legal, T(map, "peru")));
  // Three players take two territories each.
  const std::vector<std::pair<std::string, std::string>> picks = {
      {"peru", "islandia"}, {"venezuela", "congo"}, {"argentina", "aral"}};
  for (int k = 0; k < 3; ++k) {
    const Seat seat = (1 + k) % 5;
    ASSERT_EQ(state->CurrentSeat(), seat);
    Play(*state, "claim " + picks[k].first);
    ASSERT_EQ(state->CurrentSeat(), seat) << "the second territory follows";
    EXPECT_TRUE(state->MidTurn());
    legal = Legal(*state);
    for (int t : ces_left) EXPECT_FALSE(Contains(legal, t)) << "no CE as the second territory";
    const int first_continent = map.territories[T(map, picks[k].first)].continent;
    for (Action a : legal) EXPECT_NE(map.territories[a].continent, first_continent);
    EXPECT_FALSE(Parses(*state, "claim " + std::string(k == 0 ? "venezuela" : "brasil")));
    Play(*state, "claim " + picks[k].second);
    EXPECT_EQ(state->position().owner[T(map, picks[k].first)], seat);
    EXPECT_EQ(state->position().armies[T(map, picks[k].first)], 1);
    EXPECT_EQ(state->position().armies[T(map, picks[k].second)], 1);
  }
  // After three, only the CE cards remain.
  EXPECT_EQ(state->CurrentSeat(), 4);
  legal = Legal(*state);
  std::sort(legal.begin(), legal.end());
  EXPECT_EQ(legal, (std::vector<Action>{ces_left[0], ces_left[1]}));
  state->ApplyAction(ces_left[0]);
  EXPECT_EQ(state->position().armies[ces_left[0]], 2);
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_EQ(Legal(*state), (std::vector<Action>{ces_left[1]}));
  state->ApplyAction(ces_left[1]);
  // Then the claims, dealer first.
  EXPECT_EQ(state->position().phase, Phase::kClaim);
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_EQ(Legal(*state).size(), static_cast<std::size_t>(42 - 12 - 6));
  (void)game;
}

TEST(War2Setup, FivePlayersNoCeCardLeftOnlyTerritories) {
  auto state = FivePlayerChoice();
  const WarMap& map = state->map();
  const auto ces_left = CesLeft(*state);
  state->ApplyAction(ces_left[1]);
  EXPECT_EQ(state->CurrentSeat(), 2);
  state->ApplyAction(ces_left[0]);
  EXPECT_EQ(state->CurrentSeat(), 3);
  const auto legal = Legal(*state);
  ASSERT_FALSE(legal.empty());
  for (Action a : legal) {
    EXPECT_FALSE(map.territories[a].strategic_centre);
    EXPECT_LT(state->position().owner[a], 0);
  }
  for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
           {"peru", "islandia"}, {"venezuela", "congo"}, {"argentina", "aral"}}) {
    Play(*state, "claim " + a);
    Play(*state, "claim " + b);
  }
  EXPECT_EQ(state->position().phase, Phase::kClaim);
  EXPECT_EQ(state->CurrentSeat(), 1);
  state->CheckConsistency();
}

// ==================================================================================================
// Round 1 (seed section 4)
// ==================================================================================================

TEST(War2FirstRound, EveryonePlacesThenEveryonePlaysWithoutIncomeThenFullTurns) {
  for (int players : {3, 4, 5, 6}) {
    SCOPED_TRACE(players);
    const WarGame& game = Game2(players);
    const WarMap& map = game.map();
    auto state = NewState(game);
    Rng rng(players * 31);
    PlayRandomly(*state, rng,
                 [](const WarState& s) { return s.position().phase == Phase::kReinforce; });
    ASSERT_EQ(state->position().phase, Phase::kReinforce);
    const Seat first = state->position().first_seat;
    // (a) every seat in turn places: income, CE armies on the CEs, bombers to the base.
    for (int k = 0; k < players; ++k) {
      const Seat seat = (first + k) % players;
      ASSERT_EQ(state->CurrentSeat(), seat);
      ASSERT_EQ(state->position().phase, Phase::kReinforce);
      EXPECT_EQ(state->position().turns_played, k);
      const int ces = state->board().HeldCes(seat);
      EXPECT_EQ(state->position().bombers[seat], ces);
      for (int t : map.strategic_centres) {
        if (state->position().owner[t] == seat) {
          EXPECT_EQ(state->position().armies[t], 3);
        }
      }
      EXPECT_EQ(state->position().general_pool,
                std::max(3, state->position().territory_count[seat] / 2));
      while (state->CurrentSeat() == seat && state->position().phase == Phase::kReinforce) {
        state->ApplyAction(Legal(*state).front());  // a placement
      }
    }
    // (b) every seat in turn attacks and moves, with no income.
    for (int k = 0; k < players; ++k) {
      const Seat seat = (first + k) % players;
      ASSERT_EQ(state->CurrentSeat(), seat);
      ASSERT_EQ(state->position().phase, Phase::kAttack);
      EXPECT_EQ(state->position().general_pool, 0);
      EXPECT_FALSE(state->MidTurn());
      const int bombers = state->position().bombers[seat];
      EXPECT_EQ(bombers, state->board().HeldCes(seat)) << "no new bombers in round 1 (b)";
      Play(*state, "end");
      Play(*state, "end");
    }
    // Then full turns, starting with the first seat again.
    ASSERT_EQ(state->CurrentSeat(), first);
    EXPECT_EQ(state->position().phase, Phase::kReinforce);
    EXPECT_EQ(state->position().turns_played, 2 * players);
    EXPECT_GE(state->position().general_pool, 3);
    EXPECT_EQ(state->position().bombers[first], std::min(10, 2 * state->board().HeldCes(first)));
  }
}

// ==================================================================================================
// Income (seed sections 5 and 6)
// ==================================================================================================

// Seed, Exemplo Geral: 19 territories of which 3 CEs, all of América do Sul and 3 of the 4 of
// Oceania: 9 + 3 + 3 + 2 = 17, the 3 of the CEs on the CEs, 3 in América do Sul, 2 in Oceania.
TEST(War2Income, SeedExampleNineThreeThreeTwo) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  Layout(p, map, 0,
         {"venezuela", "peru", "brasil", "argentina", "sumatra", "borneu", "australia", "alasca",
          "mackenzie", "vancouver", "labrador", "islandia", "suecia", "moscou", "argelia", "congo",
          "madagascar", "aral", "omsk"});
  Install(*state, p);
  ASSERT_EQ(state->position().territory_count[0], 19);
  ASSERT_EQ(state->board().HeldCes(0), 3);
  BeginTurn(*state, 0);
  const Position& q = state->position();
  EXPECT_EQ(q.general_pool, 9);
  EXPECT_EQ(q.continent_pool[C(map, "americadosul")], 3) << "totality only, not + majority";
  EXPECT_EQ(q.continent_pool[C(map, "oceania")], 2);
  for (const char* c : {"americadonorte", "europa", "africa", "asia"}) {
    EXPECT_EQ(q.continent_pool[C(map, c)], 0) << c << ": half or less is no majority";
  }
  for (const char* ce : {"brasil", "australia", "moscou"}) {
    EXPECT_EQ(q.armies[T(map, ce)], 2) << ce << ": its army is placed on it";
  }
  int pools = q.general_pool;
  for (int c : q.continent_pool) pools += c;
  EXPECT_EQ(pools + 3, 17);
  EXPECT_EQ(q.bombers[0], 3);
  // The bound armies go only into their continent.
  const auto legal = Legal(*state);
  EXPECT_TRUE(Contains(legal, T(map, "peru")));
  EXPECT_TRUE(Contains(legal, T(map, "alasca")));
  Position r = state->position();
  r.general_pool = 0;
  Install(*state, r);
  EXPECT_TRUE(Contains(Legal(*state), T(map, "peru")));
  EXPECT_TRUE(Contains(Legal(*state), T(map, "sumatra")));
  EXPECT_FALSE(Contains(Legal(*state), T(map, "alasca")));
}

TEST(War2Income, MajorityAloneMinimumThreeAndBomberBoxCap) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  // 5 of the 9 of América do Norte (majority 3), no CE, 5 territories: minimum 3.
  Layout(p, map, 0, {"alasca", "mackenzie", "vancouver", "labrador", "groenlandia"});
  Install(*state, p);
  BeginTurn(*state, 0);
  EXPECT_EQ(state->position().general_pool, 3);
  EXPECT_EQ(state->position().continent_pool[C(map, "americadonorte")], 3);
  EXPECT_EQ(state->position().bombers[0], 0) << "no CE, no bomber";
  // 9 bombers in the base and 3 CEs: the box has only 1 left.
  auto capped = NewState(game);
  Position b = Board(*capped);
  Layout(b, map, 0, {"brasil", "egito", "china", "peru"});
  b.bombers[0] = 9;
  Install(*capped, b);
  BeginTurn(*capped, 0);
  EXPECT_EQ(capped->position().bombers[0], 10);
  EXPECT_EQ(capped->position().general_pool, 3);
  // 7 bombers: +3.
  auto free = NewState(game);
  b.bombers[0] = 7;
  Install(*free, b);
  BeginTurn(*free, 0);
  EXPECT_EQ(free->position().bombers[0], 10);
  b.bombers[0] = 2;
  Install(*free, b);
  BeginTurn(*free, 0);
  EXPECT_EQ(free->position().bombers[0], 5);
}

// TerritoryIncome (war.h: "armies the seat receives at the start of its turn, by territories and
// continents") follows the WAR-II tables, as StartTurn does: the seed example's 17.
TEST(War2Income, TerritoryIncomeUsesTheWar2Tables) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  Layout(p, map, 0,
         {"venezuela", "peru", "brasil", "argentina", "sumatra", "borneu", "australia", "alasca",
          "mackenzie", "vancouver", "labrador", "islandia", "suecia", "moscou", "argelia", "congo",
          "madagascar", "aral", "omsk"});
  Install(*state, p);
  EXPECT_EQ(state->board().TerritoryIncome(0), 17);
}

// WAR's forced trade at 5 cards does not exist in WAR-II (no sets; 5 is the hand limit): a
// player starting its turn with 5 cards places its armies.
TEST(War2Income, FiveCardsInHandDoNotBlockThePlacement) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  for (int k = 0; k < 5; ++k) Deal(p, 0, Bit(Number(game, 1, k)));
  Install(*state, p);
  BeginTurn(*state, 0);
  const auto legal = Legal(*state);
  int places = 0;
  for (Action a : legal) places += a < game.kAttack;
  EXPECT_EQ(places, state->position().territory_count[0]);
  EXPECT_TRUE(Parses(*state, "place 1 alasca")) << map.territories[0].id;
}

// ==================================================================================================
// Card uses (seed section 10)
// ==================================================================================================

TEST(War2Cards, OwnTerritoryCardWithNumbersGivesArmiesThere) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = CardBoard(*state);
  const std::uint64_t used = Bit(Card(game, "peru")) | Bit(Number(game, 3));
  Deal(p, 0, used | Bit(Number(game, 1)));
  Install(*state, p);
  EXPECT_FALSE(Parses(*state, "add n3")) << "a number card is never used alone";
  Play(*state, "use peru");
  EXPECT_EQ(state->position().phase, Phase::kCardUse);
  EXPECT_FALSE(Parses(*state, "add n2")) << "no 2 in hand";
  Play(*state, "add n3");
  EXPECT_EQ(state->position().use_amount, 4);
  Play(*state, "done");
  EXPECT_EQ(state->position().phase, Phase::kAttack);
  EXPECT_EQ(state->position().armies[T(map, "peru")], 5);
  EXPECT_EQ(state->position().discard, used);
  EXPECT_EQ(state->position().hand[0], Bit(Number(game, 1)));
  // Each card serves once.
  EXPECT_FALSE(Parses(*state, "use peru"));
  state->CheckConsistency();
}

TEST(War2Cards, CardUseDuringReinforcementAndMovement) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = CardBoard(*state);
  Deal(p, 0, Bit(Card(game, "peru")) | Bit(Card(game, "mongolia")));
  Install(*state, p);
  BeginTurn(*state, 0);
  const int before = state->position().armies[T(map, "peru")];
  Play(*state, "use peru");
  Play(*state, "done");
  EXPECT_EQ(state->position().phase, Phase::kReinforce);
  EXPECT_EQ(state->position().armies[T(map, "peru")], before + 1);
  while (state->position().phase == Phase::kReinforce) state->ApplyAction(Legal(*state).front());
  EXPECT_EQ(state->position().phase, Phase::kAttack);
  Play(*state, "end");
  const int mongolia = state->position().armies[T(map, "mongolia")];
  Play(*state, "use mongolia");
  Play(*state, "done");
  EXPECT_EQ(state->position().phase, Phase::kMove);
  EXPECT_EQ(state->position().armies[T(map, "mongolia")], mongolia + 1);
}

TEST(War2Cards, EnemyTerritoryCardGivesBombersFromTheBox) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = CardBoard(*state);
  p.bombers[0] = 7;  // the box holds 3
  Deal(p, 0,
       Bit(Card(game, "china")) | Bit(Number(game, 1)) | Bit(Number(game, 1, 1)) |
           Bit(Number(game, 3)));
  Install(*state, p);
  Play(*state, "use china");  // china+mongolia, for china (seat 1's, 5 armies)
  EXPECT_TRUE(state->position().use_bombers);
  EXPECT_FALSE(Parses(*state, "add n3")) << "1 + 3 bombers > the 3 in the box";
  Play(*state, "add n1");
  Play(*state, "add n1");
  EXPECT_EQ(state->position().use_amount, 3);
  EXPECT_FALSE(Parses(*state, "add n1")) << "the box is empty now";
  Play(*state, "done");
  EXPECT_EQ(state->position().phase, Phase::kAirRound);
  EXPECT_EQ(state->position().air_bombers, 3);
  EXPECT_EQ(state->position().air_target, T(map, "china"));
  EXPECT_EQ(state->position().bombers[0], 7) << "card bombers do not come from the base";
  state->ApplyAction(game.kAirRound + 4 * 0 + 3);  // 3 destroyed: china 2
  EXPECT_EQ(state->position().phase, Phase::kAirRound);
  state->ApplyAction(game.kAirRound + 4 * 1 + 1);  // 1 shot down, china 1: the end
  EXPECT_EQ(state->position().phase, Phase::kAttack);
  EXPECT_EQ(state->position().armies[T(map, "china")], 1);
  EXPECT_EQ(state->position().bombers[0], 7) << "survivors go back to the box";
  EXPECT_EQ(state->position().air_target, -1);
  EXPECT_EQ(std::popcount(state->position().discard), 3);
  EXPECT_EQ(state->position().hand[0], Bit(Number(game, 3)));
}

TEST(War2Cards, EnemyCardNeedsTwoArmiesAndRoomInTheBox) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = CardBoard(*state);
  Deal(p, 0, Bit(Card(game, "argentina")) | Bit(Card(game, "china")));
  p.bombers[0] = 10;  // an empty box
  Install(*state, p);
  EXPECT_FALSE(Parses(*state, "use china")) << "no bomber in the box";
  EXPECT_TRUE(Parses(*state, "use mongolia")) << "the card's other territory is seat 0's";
  EXPECT_FALSE(Parses(*state, "use argentina")) << "1 army: no air target";
  // argentina+brasil is one card: for brasil (own) it gives armies.
  EXPECT_TRUE(Parses(*state, "use brasil"));
  Play(*state, "use mongolia");
  EXPECT_FALSE(state->position().use_bombers);
  Play(*state, "done");
  EXPECT_EQ(state->position().armies[T(map, "mongolia")], 2);
  EXPECT_FALSE(Parses(*state, "use china")) << "the card is used";
  Position q = state->position();
  q.bombers[0] = 9;
  Set(q, map, "argentina", 1, 2);
  Install(*state, q);
  EXPECT_TRUE(Parses(*state, "use argentina"));
}

TEST(War2Cards, TwoOwnCardsTransportArmiesLeavingOne) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = CardBoard(*state);
  const std::uint64_t cards = Bit(Card(game, "brasil")) | Bit(Card(game, "peru"));
  Deal(p, 0, cards);
  Install(*state, p);
  EXPECT_FALSE(Parses(*state, "transport argentina peru")) << "argentina is not seat 0's";
  EXPECT_FALSE(Parses(*state, "transport brasil argentina")) << "one card, two territories";
  EXPECT_FALSE(Parses(*state, "transport brasil china"));
  Play(*state, "transport brasil peru");
  EXPECT_EQ(state->position().phase, Phase::kTransport);
  EXPECT_EQ(state->position().pending_cards, cards);
  EXPECT_FALSE(Parses(*state, "carry 3 brasil peru")) << "1 army stays";
  EXPECT_FALSE(Parses(*state, "carry 1 peru brasil")) << "peru has 1 army";
  Play(*state, "carry 2 brasil peru");
  EXPECT_EQ(state->position().armies[T(map, "brasil")], 1);
  EXPECT_EQ(state->position().armies[T(map, "peru")], 3);
  // Rulings: one way only, and the armies carried have moved for the turn.
  EXPECT_FALSE(Parses(*state, "carry 1 peru brasil"));
  Play(*state, "done");
  EXPECT_EQ(state->position().phase, Phase::kAttack);
  EXPECT_EQ(state->position().armies[T(map, "brasil")], 1);
  EXPECT_EQ(state->position().armies[T(map, "peru")], 3);
  EXPECT_EQ(state->position().discard, cards);
  EXPECT_EQ(state->position().hand[0], 0u);
  // A transport between not neighbouring territories (the cards decide, not the map).
  auto far = NewState(game);
  Position q = CardBoard(*far);
  Deal(q, 0, Bit(Card(game, "argentina")) | Bit(Card(game, "mongolia")));
  Install(*far, q);
  Play(*far, "transport brasil mongolia");  // the brasil+argentina card, for brasil
  Play(*far, "carry 2 brasil mongolia");
  EXPECT_EQ(far->position().armies[T(map, "mongolia")], 3);
}

TEST(War2Cards, DiscardReachingTenIsReshuffledIntoThePile) {
  const WarGame& game = Game2(3);
  auto state = NewState(game);
  for (int before : {8, 7}) {
    SCOPED_TRACE(before);
    Position p = CardBoard(*state);
    std::uint64_t discard = 0;
    for (int k = 0; k < before; ++k) discard |= Bit(Number(game, 2, k));
    p.pile &= ~discard;
    p.discard = discard;
    const std::uint64_t used = Bit(Card(game, "peru")) | Bit(Number(game, 1));
    Deal(p, 0, used);
    Install(*state, p);
    Play(*state, "use peru");
    Play(*state, "add n1");
    Play(*state, "done");
    if (before + 2 >= 10) {
      EXPECT_EQ(state->position().discard, 0u);
      EXPECT_EQ(state->position().pile, Bit(61) - 1);
    } else {
      EXPECT_EQ(state->position().discard, discard | used);
      EXPECT_EQ(std::popcount(state->position().discard), 9);
    }
    state->CheckConsistency();
  }
}

TEST(War2Cards, DiscardAtWill) {
  const WarGame& game = Game2(3);
  auto state = NewState(game);
  Position p = CardBoard(*state);
  Deal(p, 0, Bit(Card(game, "peru")) | Bit(Number(game, 2)) | Bit(Number(game, 2, 1)));
  Install(*state, p);
  EXPECT_FALSE(Parses(*state, "discard china"));
  EXPECT_FALSE(Parses(*state, "discard n3"));
  Play(*state, "discard peru");
  Play(*state, "discard n2");
  EXPECT_EQ(state->position().hand[0], Bit(Number(game, 2, 1)));
  EXPECT_EQ(state->position().discard, Bit(Card(game, "peru")) | Bit(Number(game, 2)));
  EXPECT_EQ(state->position().phase, Phase::kAttack);
}

// ==================================================================================================
// Air attacks (seed section 9; rulings: both air dice have faces 0, 0, 0, 1, 2, 3)
// ==================================================================================================

TEST(War2Air, FromTheBaseAnyEnemyTerritoryOfTwoArmies) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = CardBoard(*state);
  p.bombers[0] = 3;
  Set(p, map, "japao", 2, 1);
  Install(*state, p);
  EXPECT_TRUE(Parses(*state, "air china 3"));
  EXPECT_TRUE(Parses(*state, "air china 1"));
  EXPECT_FALSE(Parses(*state, "air china 4")) << "3 bombers in the base";
  EXPECT_FALSE(Parses(*state, "air japao 1")) << "1 army";
  EXPECT_FALSE(Parses(*state, "air brasil 1")) << "own territory";
  Position q = p;
  q.phase = Phase::kMove;
  Install(*state, q);
  EXPECT_FALSE(Parses(*state, "air china 1")) << "attack phase only";
  q.phase = Phase::kAttack;
  q.bombers[0] = 0;
  Install(*state, q);
  EXPECT_FALSE(Parses(*state, "air china 1"));
}

TEST(War2Air, RoundOutcomesAreExact) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = CardBoard(*state);
  p.bombers[0] = 3;
  Install(*state, p);
  Play(*state, "air china 3");
  ASSERT_EQ(state->position().phase, Phase::kAirRound);
  ASSERT_TRUE(state->IsChanceNode());
  EXPECT_EQ(state->position().bombers[0], 0);
  // 3 bombers against 5 armies: anti-aircraft 0 with 1/2, 1, 2 or 3 with 1/6 each; then the bomb
  // die, 0 with 1/2, 1, 2, 3 with 1/6 each, if a bomber is left.
  const std::map<std::pair<int, int>, double> expected = {
      {{0, 0}, 0.25},     {{0, 1}, 1.0 / 12}, {{0, 2}, 1.0 / 12}, {{0, 3}, 1.0 / 12},
      {{1, 0}, 1.0 / 12}, {{1, 1}, 1.0 / 36}, {{1, 2}, 1.0 / 36}, {{1, 3}, 1.0 / 36},
      {{2, 0}, 1.0 / 12}, {{2, 1}, 1.0 / 36}, {{2, 2}, 1.0 / 36}, {{2, 3}, 1.0 / 36},
      {{3, 0}, 1.0 / 6}};
  const auto got = AirOutcomes(*state);
  ASSERT_EQ(got.size(), expected.size());
  double sum = 0;
  for (const auto& [key, probability] : expected) {
    ASSERT_TRUE(got.count(key)) << key.first << "," << key.second;
    EXPECT_NEAR(got.at(key), probability, 1e-12) << key.first << "," << key.second;
    sum += got.at(key);
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  // 1 bomber against 2 armies: shot down 1/2; else 0 or 1 destroyed (never the last army).
  Position q = CardBoard(*state);
  Set(q, map, "china", 1, 2);
  q.bombers[0] = 1;
  Install(*state, q);
  Play(*state, "air china 1");
  const std::map<std::pair<int, int>, double> one = {{{0, 0}, 0.25}, {{0, 1}, 0.25}, {{1, 0}, 0.5}};
  const auto got_one = AirOutcomes(*state);
  ASSERT_EQ(got_one.size(), one.size());
  for (const auto& [key, probability] : one) EXPECT_NEAR(got_one.at(key), probability, 1e-12);
  // 2 bombers against 3 armies: at most 2 destroyed.
  Position r = CardBoard(*state);
  Set(r, map, "china", 1, 3);
  r.bombers[0] = 2;
  Install(*state, r);
  Play(*state, "air china 2");
  sum = 0;
  for (const auto& [key, probability] : AirOutcomes(*state)) {
    EXPECT_LE(key.second, 2);
    EXPECT_LE(key.first, 2);
    if (key.first == 2) {
      EXPECT_EQ(key.second, 0) << "no bomber left to bomb";
    }
    sum += probability;
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_NEAR(AirOutcomes(*state).at({0, 2}), 0.5 * (1.0 / 6 + 1.0 / 6), 1e-12);
  EXPECT_NEAR(AirOutcomes(*state).at({2, 0}), 2.0 / 6, 1e-12);
}

TEST(War2Air, RoundsRepeatUntilNoBomberOrOneArmySurvivorsToTheBox) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  const int china = T(map, "china");
  for (bool variant : {false, true}) {
    SCOPED_TRACE(variant);
    const WarGame& g = Game2(3, variant);
    auto state = NewState(g);
    Position p = CardBoard(*state);
    p.bombers[0] = 5;
    Install(*state, p);
    Play(*state, "air china 3");
    EXPECT_EQ(state->position().bombers[0], 2);
    state->ApplyAction(g.kAirRound + 4 * 0 + 3);  // 5 -> 2
    EXPECT_EQ(state->position().phase, Phase::kAirRound);
    EXPECT_EQ(state->position().armies[china], 2);
    state->ApplyAction(g.kAirRound + 4 * 0 + 0);
    EXPECT_EQ(state->position().phase, Phase::kAirRound);
    state->ApplyAction(g.kAirRound + 4 * 1 + 1);  // 2 -> 1: over, 2 survivors
    EXPECT_EQ(state->position().phase, Phase::kAttack);
    EXPECT_EQ(state->position().armies[china], 1);
    EXPECT_EQ(state->position().owner[china], 1);
    EXPECT_EQ(state->position().bombers[0], variant ? 4 : 2);
    EXPECT_EQ(state->position().air_bombers, 0);
    // All shot down: the attack ends, the target keeps its armies.
    Position q = CardBoard(*state);
    q.bombers[0] = 2;
    Install(*state, q);
    Play(*state, "air china 2");
    state->ApplyAction(g.kAirRound + 4 * 1 + 2);
    EXPECT_EQ(state->position().phase, Phase::kAirRound);
    EXPECT_EQ(state->position().armies[china], 3);
    state->ApplyAction(g.kAirRound + 4 * 1 + 0);
    EXPECT_EQ(state->position().phase, Phase::kAttack);
    EXPECT_EQ(state->position().bombers[0], 0);
    state->CheckConsistency();
  }
}

// ==================================================================================================
// Airlift (seed section 11)
// ==================================================================================================

TEST(War2Airlift, BetweenOwnNotNeighbouringCesInTheMovementPhase) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = CardBoard(*state);
  Set(p, map, "brasil", 0, 4);
  Set(p, map, "egito", 0, 1);
  Set(p, map, "sudao", 0, 1);
  Set(p, map, "novayork", 0, 3);
  Set(p, map, "ottawa", 0, 1);
  Set(p, map, "japao", 1, 1);
  Set(p, map, "peru", 0, 3);
  Install(*state, p);
  EXPECT_FALSE(Parses(*state, "airlift 1 brasil egito")) << "movement phase only";
  Play(*state, "end");
  ASSERT_EQ(state->position().phase, Phase::kMove);
  EXPECT_FALSE(Parses(*state, "airlift 1 peru egito")) << "peru is no CE";
  EXPECT_FALSE(Parses(*state, "airlift 1 brasil japao")) << "japao is seat 1's";
  EXPECT_FALSE(Parses(*state, "airlift 1 novayork ottawa")) << "neighbours move by land";
  EXPECT_FALSE(Parses(*state, "airlift 4 brasil egito")) << "1 army stays";
  Play(*state, "airlift 2 brasil egito");
  EXPECT_EQ(state->position().armies[T(map, "brasil")], 2);
  EXPECT_EQ(state->position().armies[T(map, "egito")], 3);
  // The 2 airlifted armies cannot move again: only egito's own army may.
  EXPECT_EQ(state->board().Movable(T(map, "egito")), 1);
  EXPECT_FALSE(Parses(*state, "airlift 2 egito brasil"));
  EXPECT_FALSE(Parses(*state, "move 2 egito sudao"));
  Play(*state, "move 1 egito sudao");
  EXPECT_EQ(state->board().Movable(T(map, "egito")), 0);
  EXPECT_FALSE(Parses(*state, "airlift 1 egito novayork"));
  // Armies that came by land cannot fly on: brasil's own 2 may, the 2 from peru stay.
  Play(*state, "move 2 peru brasil");
  EXPECT_EQ(state->position().armies[T(map, "brasil")], 4);
  EXPECT_EQ(state->board().Movable(T(map, "brasil")), 2);
  EXPECT_FALSE(Parses(*state, "airlift 3 brasil novayork"));
  Play(*state, "airlift 2 brasil novayork");
  EXPECT_EQ(state->board().Movable(T(map, "brasil")), 0);
  EXPECT_FALSE(Parses(*state, "airlift 1 brasil novayork"));
  EXPECT_EQ(state->position().armies[T(map, "novayork")], 5);
  state->CheckConsistency();
}

// ==================================================================================================
// Hand limit, draws and discards (seed section 10; rulings)
// ==================================================================================================

TEST(War2Hand, ConquestDrawsUpToThreeNeverAboveFive) {
  const WarGame& game = Game2(3);
  for (const auto& [in_hand, drawn, conquered] : std::vector<std::tuple<int, int, bool>>{
           {0, 3, true}, {2, 3, true}, {3, 2, true}, {4, 1, true}, {5, 0, true}, {0, 0, false}}) {
    SCOPED_TRACE(fmt::format("{} in hand, conquest {}", in_hand, conquered));
    auto state = NewState(game);
    Position p = Board(*state);
    for (int k = 0; k < in_hand; ++k) Deal(p, 0, Bit(Number(game, 1, k)));
    p.phase = Phase::kMove;
    p.conquered = conquered;
    Install(*state, p);
    Play(*state, "end");
    int draws = 0;
    while (state->position().phase == Phase::kDraw) {
      EXPECT_EQ(state->ActionToStringFor(state->ChanceOutcomes().front().action, 1),
                "branca draws a card");
      state->ApplyAction(state->ChanceOutcomes().front().action);
      ++draws;
    }
    EXPECT_EQ(draws, drawn);
    EXPECT_EQ(std::popcount(state->position().hand[0]), in_hand + drawn);
    EXPECT_EQ(state->CurrentSeat(), 1);
    EXPECT_EQ(state->position().phase, Phase::kReinforce);
  }
}

TEST(War2Hand, AboveFiveAtTheEndOfTheTurnDiscardDownToFive) {
  const WarGame& game = Game2(3);
  auto state = NewState(game);
  Position p = Board(*state);
  std::uint64_t hand = 0;
  for (int k = 0; k < 5; ++k) hand |= Bit(Number(game, 1, k));
  hand |= Bit(Card(game, "peru")) | Bit(Card(game, "china"));
  Deal(p, 0, hand);
  p.phase = Phase::kMove;
  p.conquered = true;
  Install(*state, p);
  Play(*state, "end");
  ASSERT_EQ(state->position().phase, Phase::kDiscardDown);
  EXPECT_EQ(state->CurrentSeat(), 0);
  for (Action a : Legal(*state)) {
    EXPECT_TRUE(a >= game.kDiscard && a < game.kAirlift) << state->ActionToString(a);
  }
  EXPECT_FALSE(Parses(*state, "end"));
  EXPECT_FALSE(Parses(*state, "use peru"));
  Play(*state, "discard peru");
  ASSERT_EQ(state->position().phase, Phase::kDiscardDown);
  Play(*state, "discard n1");
  EXPECT_EQ(std::popcount(state->position().hand[0]), 5);
  EXPECT_EQ(state->CurrentSeat(), 1) << "5 in hand: no draw";
  EXPECT_EQ(std::popcount(state->position().discard), 2);
  state->CheckConsistency();
}

// Seed section 12: the eliminator takes all the cards, uses them at once if it likes, and keeps 5
// at the end of its turn.
TEST(War2Elimination, EliminatorTakesEveryCard) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (p.owner[t] == 1) p.owner[t] = 2;
  }
  Set(p, map, "argentina", 1, 1);
  Set(p, map, "brasil", 0, 4);
  Set(p, map, "peru", 0, 1);
  std::uint64_t mine = 0, theirs = 0;
  for (int k = 0; k < 4; ++k) mine |= Bit(Number(game, 1, k));
  for (int k = 0; k < 4; ++k) theirs |= Bit(Number(game, 2, k));
  Deal(p, 0, mine);
  Deal(p, 1, theirs);
  Deal(p, 0, Bit(Card(game, "peru")));
  Install(*state, p);
  Play(*state, "attack brasil argentina 3");
  state->ApplyAction(game.kBattle + 0);  // the defender loses its army
  EXPECT_EQ(state->position().phase, Phase::kOccupy) << "no random spoils in WAR-II";
  EXPECT_EQ(state->position().eliminated_by[1], 0);
  EXPECT_EQ(state->position().hand[0], mine | theirs | Bit(Card(game, "peru")));
  EXPECT_EQ(state->position().hand[1], 0u);
  Play(*state, "occupy 1");
  // The taken cards are usable at once.
  Play(*state, "use peru");
  Play(*state, "add n2");
  Play(*state, "done");
  EXPECT_EQ(state->position().armies[T(map, "peru")], 4);
  Play(*state, "end");
  Play(*state, "end");
  ASSERT_EQ(state->position().phase, Phase::kDiscardDown);
  while (state->position().phase == Phase::kDiscardDown) state->ApplyAction(Legal(*state).front());
  EXPECT_EQ(std::popcount(state->position().hand[0]), 5);
  EXPECT_EQ(state->CurrentSeat(), 2) << "the eliminated seat is skipped";
}

// ==================================================================================================
// Objectives (seed section 3; rulings: the six extra objectives)
// ==================================================================================================

TEST(War2Objective, ReducedToOneTerritoryMeansThreeCesForGood) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (p.owner[t] == 1) p.owner[t] = 2;
  }
  Set(p, map, "argentina", 1, 1);
  Set(p, map, "japao", 1, 1);
  Set(p, map, "vladivostok", 1, 1);
  Set(p, map, "brasil", 0, 4);
  Install(*state, p);
  Play(*state, "attack brasil argentina 3");
  state->ApplyAction(game.kBattle + 0);
  Play(*state, "occupy 1");
  EXPECT_EQ(state->position().reduced, 0) << "2 territories left";
  const auto before = state->ObjectiveText(1);
  Position q = state->position();
  Set(q, map, "vladivostok", 0, 1);
  q.phase = Phase::kAttack;
  Install(*state, q);
  // Reduced by a conquest to 1 territory.
  Position r = state->position();
  Set(r, map, "argentina", 0, 3);
  Set(r, map, "peru", 1, 1);
  Install(*state, r);
  Play(*state, "attack argentina peru 2");
  state->ApplyAction(game.kBattle + 0);
  ASSERT_EQ(state->position().phase, Phase::kOccupy);
  EXPECT_EQ(state->position().territory_count[1], 1);
  EXPECT_TRUE(state->position().reduced & 2u);
  EXPECT_NE(state->ObjectiveText(1), before);
  EXPECT_NE(state->ObjectiveText(1).find("three"), std::string::npos) << state->ObjectiveText(1);
  Play(*state, "occupy 1");
  // Three CEs meet it, two do not; it stays after regaining territories.
  Position s = state->position();
  for (const char* t : {"novayork", "ottawa", "argelia", "congo", "sumatra"}) Set(s, map, t, 1, 1);
  s.conquered_ever |= 2u;  // regained by conquest: its objective now counts (rulings)
  Install(*state, s);
  EXPECT_TRUE(state->position().reduced & 2u);
  EXPECT_EQ(state->board().HeldCes(1), 3);  // japao, novayork, ottawa
  EXPECT_TRUE(state->board().ObjectiveMet(1));
  Set(s, map, "japao", 2, 1);
  Install(*state, s);
  EXPECT_FALSE(state->board().ObjectiveMet(1));
  Set(s, map, "egito", 1, 1);
  Install(*state, s);
  EXPECT_TRUE(state->board().ObjectiveMet(1));
  EXPECT_FALSE(state->board().ObjectiveMet(2)) << "seat 2 is not reduced";
}

TEST(War2Objective, ReducedPlayerWinsByConqueringItsThirdCe) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  Layout(p, map, 0, {"novayork", "brasil", "california"});
  Set(p, map, "california", 0, 7);
  p.reduced = 1;  // seat 0 was once reduced to one territory
  Install(*state, p);
  EXPECT_EQ(state->board().HeldCes(0), 2);
  EXPECT_FALSE(state->board().ObjectiveMet(0));
  Play(*state, "attack california mexico 3");
  state->ApplyAction(game.kBattle + 0);
  Play(*state, "occupy 1");
  EXPECT_FALSE(state->IsTerminal()) << "mexico is no CE";
  Play(*state, "attack california ottawa 3");
  state->ApplyAction(game.kBattle + 0);
  Play(*state, "occupy 1");
  EXPECT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->position().winner, 0);
}

// Seat 0 with the objective containing `words` and exactly the given territories.
struct ObjectiveCase {
  const char* words;
  std::vector<std::string> territories;
  int ce_armies;
  bool met;
};

TEST(War2Objective, TheSixExtraObjectives) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  const std::vector<std::string> fill = {
      "alasca",   "mackenzie", "vancouver", "labrador", "venezuela",  "peru",
      "islandia", "suecia",    "argelia",   "congo",    "madagascar", "aral",
      "omsk",     "dudinka",   "siberia",   "tchita",   "sumatra",    "borneu"};
  auto with = [&](std::vector<std::string> ces, int others) {
    for (int k = 0; k < others; ++k) ces.push_back(fill[k]);
    return ces;
  };
  const std::vector<ObjectiveCase> cases = {
      {"Hold 6 Strategic", {"novayork", "ottawa", "brasil", "egito", "china", "japao"}, 1, true},
      {"Hold 6 Strategic", {"novayork", "ottawa", "brasil", "egito", "china", "peru"}, 1, false},
      {"Hold 8 Strategic",
       {"novayork", "ottawa", "brasil", "egito", "china", "japao", "australia", "moscou"},
       1,
       true},
      {"Hold 8 Strategic",
       {"novayork", "ottawa", "brasil", "egito", "china", "japao", "australia", "peru"},
       1,
       false},
      {"Europa and all 3",
       {"inglaterra", "alemanha", "moscou", "orientemedio", "china", "japao"},
       1,
       true},
      {"Europa and all 3",
       {"inglaterra", "alemanha", "moscou", "orientemedio", "china", "brasil", "egito"},
       1,
       false},
      {"in every continent",
       {"novayork", "brasil", "moscou", "egito", "china", "australia"},
       1,
       true},
      {"in every continent",
       {"novayork", "ottawa", "brasil", "egito", "africadosul", "china", "japao"},
       1,
       false},
      {"5 Strategic Centres and 20", with({"novayork", "ottawa", "brasil", "egito", "china"}, 15),
       1, true},
      {"5 Strategic Centres and 20", with({"novayork", "ottawa", "brasil", "egito", "china"}, 14),
       1, false},
      {"5 Strategic Centres and 20", with({"novayork", "ottawa", "brasil", "egito"}, 16), 1, false},
      {"at least 3 armies", {"novayork", "ottawa", "brasil", "egito", "china", "japao"}, 3, true},
      {"at least 3 armies", {"novayork", "ottawa", "brasil", "egito", "china", "japao"}, 2, false},
      {"at least 3 armies", {"novayork", "ottawa", "brasil", "egito", "china", "peru"}, 3, false},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(fmt::format("{}: {}", c.words, fmt::join(c.territories, " ")));
    auto state = NewState(game);
    Position p = Board(*state);
    Layout(p, map, 0, c.territories);
    for (int t : map.strategic_centres) {
      if (p.owner[t] == 0) p.armies[t] = static_cast<std::int16_t>(c.ce_armies);
    }
    p.objective[0] = static_cast<std::int8_t>(O(game, c.words));
    p.conquered_ever = 1u;  // an objective counts after a conquest (rulings)
    Install(*state, p);
    EXPECT_EQ(state->board().ObjectiveMet(0), c.met);
  }
  // The extra objectives are those after WAR's 14.
  for (const char* words :
       {"Hold 6 Strategic", "Hold 8 Strategic", "Europa and all 3", "in every continent",
        "5 Strategic Centres and 20", "at least 3 armies"}) {
    EXPECT_GE(O(game, words), 14) << words;
  }
}

TEST(War2Objective, SixthCeConqueredWinsAtOnce) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  Layout(p, map, 0, {"novayork", "ottawa", "inglaterra", "alemanha", "moscou", "sudao"});
  Set(p, map, "sudao", 0, 4);
  Set(p, map, "egito", 1, 1);
  p.objective[0] = static_cast<std::int8_t>(O(game, "Hold 6 Strategic"));
  Install(*state, p);
  EXPECT_FALSE(state->board().ObjectiveMet(0));
  Play(*state, "attack sudao egito 3");
  state->ApplyAction(game.kBattle + 0);
  Play(*state, "occupy 2");
  EXPECT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->position().winner, 0);
}

// ==================================================================================================
// Hidden information
// ==================================================================================================

TEST(War2Hidden, HandsAndObjectivesOnlyForTheirOwner) {
  const WarGame& game = Game2(3);
  auto state = NewState(game);
  Position p = CardBoard(*state);
  Deal(p, 1, Bit(Number(game, 3)) | Bit(Card(game, "japao")));
  Install(*state, p);
  for (Seat viewer = 0; viewer < 3; ++viewer) {
    const Json view = state->ViewJson(viewer);
    for (Seat s = 0; s < 3; ++s) {
      const Json& seat = view["seats"][static_cast<std::size_t>(s)];
      EXPECT_EQ(seat["cards"], std::popcount(p.hand[s]));
      EXPECT_EQ(seat.contains("hand"), s == viewer) << viewer << " sees " << s;
      EXPECT_EQ(seat.contains("objective"), s == viewer) << viewer << " sees " << s;
    }
    const std::string text = view.dump();
    EXPECT_EQ(text.find("n3") != std::string::npos, viewer == 1) << text;
    EXPECT_EQ(text.find(R"("card":"japao")") != std::string::npos, viewer == 1) << text;
  }
  const Json spectator = state->ViewJson(engine::kSpectator);
  for (const Json& seat : spectator["seats"]) {
    EXPECT_FALSE(seat.contains("hand"));
    EXPECT_FALSE(seat.contains("objective"));
  }
  EXPECT_EQ(state->ViewText(engine::kSpectator, false).find("number card 3"), std::string::npos);
  EXPECT_EQ(state->ViewText(2, false).find("number card 3"), std::string::npos);
}

TEST(War2Hidden, DrawnCardsShownOnlyToTheDrawer) {
  const WarGame& game = Game2(3);
  auto state = NewState(game);
  Position p = Board(*state);
  p.phase = Phase::kMove;
  p.conquered = true;
  Install(*state, p);
  Play(*state, "end");
  ASSERT_EQ(state->position().phase, Phase::kDraw);
  const Action peru = game.kChance + Card(game, "peru");
  EXPECT_NE(state->ActionToStringFor(peru, 0).find("peru"), std::string::npos);
  for (Seat other : {1, 2}) {
    EXPECT_EQ(state->ActionToStringFor(peru, other), "branca draws a card");
  }
  EXPECT_EQ(state->ActionToStringFor(peru, engine::kSpectator).find("peru"), std::string::npos);
  // A turn summary shows the drawn cards to the drawer alone.
  auto before = NewState(game);
  Install(*before, p);
  const std::vector<Action> turn = {game.kEnd, peru, game.kChance + Number(game, 3),
                                    game.kChance + Card(game, "japao")};
  EXPECT_NE(before->DescribeTurn(turn, 0).find("peru"), std::string::npos)
      << before->DescribeTurn(turn, 0);
  for (Seat viewer : {1, 2, engine::kSpectator}) {
    const std::string summary = before->DescribeTurn(turn, viewer);
    EXPECT_EQ(summary.find("peru"), std::string::npos) << summary;
    EXPECT_EQ(summary.find("japao"), std::string::npos) << summary;
    EXPECT_EQ(summary.find("number"), std::string::npos) << summary;
  }
  // CE cards of the setup deal are public.
  auto deal = NewState(game);
  deal->ApplyAction(game.kChance + 0);
  const Action ce = deal->ChanceOutcomes().front().action;
  EXPECT_EQ(deal->ActionToStringFor(ce, 2), deal->ActionToStringFor(ce, 0));
  EXPECT_EQ(deal->ActionToStringFor(ce, 2), deal->ActionToStringFor(ce, engine::kSpectator));
  const int first = game.map().war2_cards[ce - game.kChance].territories.front();
  EXPECT_NE(deal->ActionToStringFor(ce, 2).find(game.map().territories[first].id),
            std::string::npos)
      << deal->ActionToStringFor(ce, 2);
}

TEST(War2Hidden, SampledStatesKeepTheSeatsViewByteIdentical) {
  int samples = 0, hands_changed = 0, with_discards = 0;
  for (int players : {3, 4, 5}) {
    const WarGame& game = Game2(players);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      auto state = NewState(game);
      Rng rng(seed * 17 + players);
      Rng sampler(seed * 7919);
      for (int ply = 0; ply < 20'000 && !state->IsTerminal(); ++ply) {
        state->ApplyAction(RandomAction(*state, rng));
        if (ply % 61 != 0 || state->IsTerminal()) continue;
        for (Seat seat = 0; seat < players; ++seat) {
          auto sample = AsWar(state->SampleConsistentState(seat, sampler));
          sample->CheckConsistency();
          ++samples;
          ASSERT_EQ(sample->ViewJson(seat).dump(), state->ViewJson(seat).dump())
              << "seed " << seed << " ply " << ply << " seat " << seat;
          ASSERT_EQ(sample->ViewText(seat, false), state->ViewText(seat, false));
          const Position& a = state->position();
          const Position& b = sample->position();
          EXPECT_EQ(a.hand[seat], b.hand[seat]);
          EXPECT_EQ(a.objective[seat], b.objective[seat]);
          // The used cards lie face up (rulings "WAR-II"): every sample keeps them.
          EXPECT_EQ(a.discard, b.discard);
          if (a.discard != 0) ++with_discards;
          EXPECT_EQ(a.pending_cards, b.pending_cards);
          EXPECT_EQ(a.bombers, b.bombers);
          EXPECT_EQ(a.reduced, b.reduced);
          for (Seat s = 0; s < players; ++s) {
            EXPECT_EQ(std::popcount(a.hand[s]), std::popcount(b.hand[s]));
            if (s != seat && a.hand[s] != b.hand[s]) ++hands_changed;
          }
          Position c = b;
          c.pile = a.pile;
          c.discard = a.discard;
          c.objectives_left = a.objectives_left;
          c.hand = a.hand;
          c.objective = a.objective;
          EXPECT_TRUE(c == a);
        }
      }
    }
  }
  EXPECT_GT(samples, 200);
  EXPECT_GT(hands_changed, 0);
  EXPECT_GT(with_discards, 20);
}

// Rulings "WAR-II": discarded and used cards go face up to the discard pile. Every view shows them
// (JSON, text, position text), and a view read back keeps them.
TEST(War2Hidden, UsedCardsLieFaceUpInEveryView) {
  const WarGame& game = Game2(3);
  auto state = NewState(game);
  Rng rng(5);
  PlayRandomly(*state, rng,
               [](const WarState& s) { return std::popcount(s.position().discard) >= 3; });
  ASSERT_FALSE(state->IsTerminal());
  const std::uint64_t discard = state->position().discard;
  ASSERT_GE(std::popcount(discard), 3);
  std::vector<std::string> ids, names;
  for (std::uint64_t m = discard; m; m &= m - 1) {
    ids.push_back(state->CardId(std::countr_zero(m)));
    names.push_back(state->CardName(std::countr_zero(m)));
  }
  for (Seat viewer : {0, 1, 2, engine::kSpectator}) {
    SCOPED_TRACE(viewer);
    const Json view = state->ViewJson(viewer);
    ASSERT_TRUE(view.contains("discard_cards"));
    std::vector<std::string> shown;
    for (const Json& card : view["discard_cards"]) shown.push_back(card["card"].get<std::string>());
    EXPECT_EQ(shown, ids);
    EXPECT_EQ(view["discard"], static_cast<int>(ids.size()));
    EXPECT_NE(state->ViewText(viewer, false).find("Used cards, face up: " + names[0]),
              std::string::npos)
        << state->ViewText(viewer, false);
    EXPECT_NE(state->ViewPositionText(viewer).find(fmt::format("discard={:x} ", discard)),
              std::string::npos)
        << state->ViewPositionText(viewer);
    if (viewer == engine::kSpectator) continue;
    auto read = game.NewStateFromView(state->ViewPositionText(viewer), viewer);
    EXPECT_EQ(static_cast<const WarState&>(*read).position().discard, discard);
  }
  // WAR keeps its discards secret (the unseen rest of an eliminated hand goes there): the count.
  auto war = engine::LoadGame("war", {{"players", "3"}});
  EXPECT_FALSE(war->NewInitialState()->ViewJson(0).contains("discard_cards"));
  EXPECT_NE(war->NewInitialState()->ViewPositionText(0).find("discard=?0 "), std::string::npos);
}

// ==================================================================================================
// Notation and random games
// ==================================================================================================

TEST(War2Notation, EveryLegalActionRoundTripsAndEveryKindIsReached) {
  std::map<std::string, int> kinds;
  for (int players : {3, 4, 5, 6}) {
    const WarGame& game = Game2(players, players == 4);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      auto state = NewState(game);
      Rng rng(seed * 101 + players);
      for (int ply = 0; ply < 3'000 && !state->IsTerminal(); ++ply) {
        const auto legal = Legal(*state);
        ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
        ASSERT_EQ(std::adjacent_find(legal.begin(), legal.end()), legal.end());
        ASSERT_FALSE(legal.empty());
        for (Action action : legal) {
          const std::string text = state->ActionToString(action);
          ASSERT_EQ(state->StringToTurn(text), std::vector<Action>{action})
              << text << " (players " << players << " seed " << seed << " ply " << ply << ")";
          ++kinds[text.substr(0, text.find(' '))];
        }
        state->ApplyAction(RandomAction(*state, rng));
        state->CheckConsistency();
      }
    }
  }
  for (const char* kind : {"claim", "use", "add", "done", "transport", "carry", "air", "airlift",
                           "discard", "deal", "draw", "objective", "place", "attack", "move"}) {
    EXPECT_GT(kinds[kind], 0) << kind;
  }
}

TEST(War2Notation, TypedCommands) {
  const WarGame& game = Game2(3);
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = CardBoard(*state);
  p.bombers[0] = 4;
  Deal(p, 0,
       Bit(Card(game, "peru")) | Bit(Card(game, "brasil")) | Bit(Number(game, 2)) |
           Bit(Card(game, "china")));
  Install(*state, p);
  EXPECT_EQ(state->StringToTurn("air china 3"),
            std::vector<Action>{game.kAir + 10 * T(map, "china") + 2});
  EXPECT_EQ(state->StringToTurn("use peru"),
            std::vector<Action>{game.kUse + 2 * Card(game, "peru")});
  EXPECT_FALSE(Parses(*state, "use argentina")) << "1 army: no air target";
  EXPECT_EQ(state->StringToTurn("discard n2"),
            std::vector<Action>{game.kDiscard + Number(game, 2)});
  EXPECT_EQ(state->StringToTurn("transport peru brasil"),
            state->StringToTurn("transport brasil peru"));
  Play(*state, "transport brasil peru");
  EXPECT_EQ(state->StringToTurn("carry 2 brasil peru"),
            (std::vector<Action>{game.kCarry, game.kCarry}));
  EXPECT_EQ(state->ActionToString(game.kEnd), "done");
  EXPECT_EQ(state->ActionToString(game.kCarry), fmt::format("carry 1 brasil peru"));
  EXPECT_FALSE(Parses(*state, "carry 1 brasil china"));
  EXPECT_EQ(state->ActionToString(game.kAirRound + 4 * 2 + 1),
            "air round: 2 bombers shot down, 1 army destroyed");
}

TEST(War2Random, GamesStayConsistent) {
  for (int players : {3, 6}) {
    const WarGame& game = Game2(players);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto state = NewState(game);
      Rng rng(seed + 1000 * players);
      PlayRandomly(
          *state, rng, [](const WarState&) { return false; }, 100'000);
    }
  }
}

// --- Information Centres (spy_centre=true, seed section 15) -------------------------------------

const WarGame& SpyGame() {
  static std::shared_ptr<const engine::Game> game;
  if (!game) {
    games::RegisterAllGames();
    game = engine::LoadGame("war2", {{"players", "3"}, {"spy_centre", "true"}});
  }
  return static_cast<const WarGame&>(*game);
}

// With 5 players (the shared suite runs spy_centre with 3: tests/conformance_test.cc).
TEST(War2InformationCentre, RandomGamesKeepEveryInvariant) {
  for (const char* players : {"5"}) {
    auto game = engine::LoadGame("war2", {{"players", players}, {"spy_centre", "true"}});
    engine::ConformanceOptions options;
#ifdef NDEBUG
    options.games = 2;
#else
    options.games = 1;  // debug and sanitizer builds are several times slower
#endif
    options.max_checked_plies = quartel::test_helpers::RandomPlies(300);
    try {
      engine::RunConformance(*game, options);
    } catch (const Error& e) {
      ADD_FAILURE() << players << " players: " << e.what();
    }
  }
}

TEST(War2InformationCentre, PlacedSpiesAndIsCaptured) {
  const WarGame& game = SpyGame();
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  p.ci.fill(-1);
  p.spied = -1;
  p.ci_moved = 0;
  p.turns_played = 6;  // round 2: the CI may still be placed
  Deal(p, 1, Bit(Card(game, "peru")));
  Deal(p, 2, Bit(Card(game, "china")));
  const int brasil = T(map, "brasil");
  p.owner[brasil] = 0;
  Install(*state, p);
  // Negative: no spying before the CI is on the board; not on an enemy territory.
  EXPECT_FALSE(Parses(*state, "spy vermelha"));
  EXPECT_FALSE(Parses(*state, fmt::format("centre {}", map.territories[1].id)));
  Play(*state, "centre brasil");
  EXPECT_EQ(state->position().ci[0], brasil);
  // Spying shows one opponent's cards, not its objective, to the spy alone, once per turn.
  Play(*state, "spy vermelha");
  const Json view = state->ViewJson(0);
  EXPECT_TRUE(view["seats"][1].contains("hand"));
  EXPECT_FALSE(view["seats"][1].contains("objective"));
  EXPECT_FALSE(view["seats"][2].contains("hand"));
  EXPECT_FALSE(state->ViewJson(2)["seats"][1].contains("hand"));
  EXPECT_FALSE(Parses(*state, "spy preta"));
  // Sampling for the spy keeps what it saw.
  Rng rng(3);
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(state->SampleConsistentState(0, rng)->ViewJson(0).dump(), view.dump());
  }
  // A captured CI shows its owner's cards and objective to the captor while it holds it.
  Position q = state->position();
  q.owner[brasil] = 2;
  Install(*state, q);
  EXPECT_TRUE(state->ViewJson(2)["seats"][0].contains("objective"));
  EXPECT_TRUE(state->ViewJson(2)["seats"][0].contains("hand"));
  EXPECT_FALSE(state->ViewJson(1)["seats"][0].contains("objective"));
}

TEST(War2InformationCentre, MovesOncePerTurnAndTransportCostsTwoCards) {
  const WarGame& game = SpyGame();
  const WarMap& map = game.map();
  auto state = NewState(game);
  Position p = Board(*state);
  p.ci.fill(-1);
  p.spied = -1;
  p.ci_moved = 0;
  Set(p, map, "brasil", 0, 3);
  Set(p, map, "venezuela", 0, 1);
  Set(p, map, "peru", 0, 1);
  p.ci[0] = static_cast<std::int8_t>(T(map, "brasil"));
  p.phase = Phase::kMove;
  Install(*state, p);
  Play(*state, "centre-move branca venezuela");
  EXPECT_EQ(state->position().ci[0], T(map, "venezuela"));
  EXPECT_FALSE(Parses(*state, "centre-move branca brasil")) << "once per turn";
  // Transport: anywhere of one's own, paid with two cards of territories held; not after a move
  // in the same turn (rulings: once per turn, whatever carries it).
  Position q = state->position();
  q.pile |= q.hand[0];
  q.hand[0] = 0;
  Deal(q, 0, Bit(Card(game, "peru")) | Bit(Card(game, "brasil")));
  Install(*state, q);
  EXPECT_FALSE(Parses(*state, "centre-transport branca peru")) << "it moved this turn";
  q.ci_moved = 0;  // as in a later turn
  Install(*state, q);
  Play(*state, "centre-transport branca peru");
  EXPECT_EQ(state->position().phase, Phase::kCiPay);
  Play(*state, "discard peru");
  Play(*state, "discard brasil");
  EXPECT_EQ(state->position().ci[0], T(map, "peru"));
  EXPECT_EQ(state->position().hand[0], 0u);
  EXPECT_EQ(state->position().phase, Phase::kMove);
}

}  // namespace
}  // namespace quartel::war
