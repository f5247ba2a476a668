// WAR-II rulings revised in issue 8: movement once per army per turn whatever carries it (land,
// airlift, card transport), a transport one way, the Information Centre moved once per turn and
// only in the movement phase (rulings, WAR-II; seed 000 sections 10 c, 11 and 15); objectives out
// of reach of the opening deal (rulings: the revised list of CE objectives, "no objective may be
// reachable without a conquest").
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <set>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/war/war.h"
#include "war_test_helpers.h"

namespace quartel::war {
namespace {

using namespace test_helpers;  // war_test_helpers.h

// ==================================================================================================
// Movement: once per army per turn, whatever carries it
// ==================================================================================================

TEST(War2Movement, ArmiesCarriedByATransportDoNotMoveAgain) {
  const WarGame& game = LoadWarGame("war2", 3);
  auto state = SimpleBoard(game);
  Own(*state, "brasil", 0, 5);
  Own(*state, "peru", 0, 1);
  Own(*state, "venezuela", 0, 1);
  Hold(*state, 0, {"brasil", "peru"});
  Play(*state, "transport brasil peru");  // during the attacks: any moment of the turn
  Play(*state, "carry 3 brasil peru");
  Play(*state, "done");
  Play(*state, "end");
  ASSERT_EQ(state->position().phase, Phase::kMove);
  // Peru holds its own army and the 3 carried: the carried ones stay (they may be the army that
  // stays behind), so 1 may move, not 3.
  EXPECT_FALSE(Parses(*state, "move 2 peru venezuela"));
  Play(*state, "move 1 peru venezuela");
  EXPECT_EQ(state->position().armies[T(state->map(), "peru")], 3);
}

// The view tells the mover how many armies each of its territories may still move (the web client
// offers "move N" up to it), and the legal moves agree with it.
TEST(War2Movement, TheViewCountsTheArmiesThatMayStillMove) {
  const WarGame& game = LoadWarGame("war2", 3);
  auto state = SimpleBoard(game);
  Own(*state, "brasil", 0, 5);
  Own(*state, "peru", 0, 2);
  Own(*state, "argentina", 1, 3);
  Play(*state, "end");
  ASSERT_EQ(state->position().phase, Phase::kMove);
  auto movable = [&](const std::string& id) {
    const Json view = state->ViewJson(1);
    for (const Json& territory : view["territories"]) {
      if (territory["id"] == id) return territory.value("movable", -1);
    }
    return -2;
  };
  EXPECT_EQ(movable("brasil"), 4);
  EXPECT_EQ(movable("peru"), 1);
  Play(*state, "move 3 brasil peru");
  EXPECT_EQ(movable("brasil"), 1);
  EXPECT_EQ(movable("peru"), 2) << "the 3 that moved in stay (one of them the army left behind)";
  EXPECT_FALSE(Parses(*state, "move 3 peru brasil"));
  EXPECT_TRUE(Parses(*state, "move 2 peru brasil"));
  EXPECT_EQ(movable("argentina"), -1) << "not the mover's: no count";
}

TEST(War2Movement, ArmiesThatMovedByLandOrAirAreNotCarried) {
  const WarGame& game = LoadWarGame("war2", 3);
  auto state = SimpleBoard(game);
  Own(*state, "brasil", 0, 5);
  Own(*state, "peru", 0, 1);
  Own(*state, "venezuela", 0, 1);
  Own(*state, "egito", 0, 1);
  Hold(*state, 0, {"peru", "venezuela", "egito", "mexico"});
  Play(*state, "end");
  Play(*state, "move 2 brasil peru");
  Play(*state, "airlift 2 brasil egito");
  Play(*state, "transport peru venezuela");
  EXPECT_FALSE(Parses(*state, "carry 2 peru venezuela")) << "2 of peru's 3 armies moved";
  // The refusal is true: one army may be carried, and it says so (it said "no army in peru may
  // be carried").
  try {
    state->StringToTurn("carry 2 peru venezuela");
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "'carry 2 peru venezuela': only 1 army can go, not 2 (after it, no army in peru may "
              "be carried: one stays, and those that moved this turn stay)");
  }
  Play(*state, "carry 1 peru venezuela");
  Play(*state, "done");
  // Nor are airlifted armies: egito's own army may go, the 2 airlifted there stay.
  Own(*state, "mexico", 0, 1);
  Play(*state, "transport egito mexico");
  EXPECT_FALSE(Parses(*state, "carry 2 egito mexico")) << "2 of egito's 3 armies were airlifted";
  Play(*state, "carry 1 egito mexico");
  Play(*state, "done");
}

TEST(War2Movement, ATransportCarriesOneWay) {
  const WarGame& game = LoadWarGame("war2", 3);
  auto state = SimpleBoard(game);
  Own(*state, "brasil", 0, 4);
  Own(*state, "peru", 0, 4);
  Hold(*state, 0, {"brasil", "peru"});
  Play(*state, "transport brasil peru");
  Play(*state, "carry 1 brasil peru");
  EXPECT_FALSE(Parses(*state, "carry 1 peru brasil"));
  EXPECT_NE(state->WhyIllegal(game.kCarry + 1).find("one way"), std::string::npos);
  Play(*state, "carry 2 brasil peru");
}

// The Information Centre moves once per turn, by move, airlift or transport alike, and only in
// the movement phase (seed section 15: "só pode ser movimentado na fase de remanejamento",
// "deslocado uma única vez").
TEST(War2InformationCentre, MovesOnceAndOnlyInTheMovementPhaseWhateverCarriesIt) {
  const WarGame& game = LoadWarGame("war2", 3, {{"spy_centre", "true"}});
  auto state = SimpleBoard(game);
  Own(*state, "brasil", 0, 3);
  Own(*state, "venezuela", 0, 1);
  Own(*state, "peru", 0, 1);
  Position p = state->position();
  p.ci[0] = static_cast<std::int8_t>(T(state->map(), "brasil"));
  Load(*state, p);
  Hold(*state, 0, {"peru", "venezuela", "brasil"});
  EXPECT_FALSE(Parses(*state, "centre-transport branca peru")) << "not during the attacks";
  Play(*state, "end");
  Play(*state, "centre-transport branca peru");
  Play(*state, "discard peru");
  Play(*state, "discard venezuela");
  ASSERT_EQ(state->position().ci[0], T(state->map(), "peru"));
  EXPECT_FALSE(Parses(*state, "centre-move branca venezuela")) << "it moved by transport";
  EXPECT_FALSE(Legal(*state).back() >= game.kMoveCi) << state->ActionToString(Legal(*state).back());
}

// ==================================================================================================
// Objectives out of reach of the opening deal
// ==================================================================================================

// The fewest Strategic Centres an objective asks for (0: none).
int CesNeeded(const WarMap& map, const Objective& objective) {
  int in_continents = 0;
  for (int c : objective.ce_continents) {
    for (int t : map.continents[c].territories)
      in_continents += map.territories[t].strategic_centre;
  }
  return std::max({objective.strategic_centres, in_continents, objective.ce_distinct_continents});
}

TEST(War2Objective, TheRevisedCeObjectives) {
  const WarGame& game = LoadWarGame("war2", 6);
  std::vector<std::string> extra;
  for (std::size_t i = 14; i < game.Objectives().size(); ++i) {
    extra.push_back(game.Objectives()[i].text);
  }
  // Rulings, WAR-II (revised): the six CE cards.
  EXPECT_EQ(extra, (std::vector<std::string>{
                       "Hold 6 Strategic Centres", "Hold 8 Strategic Centres",
                       "Hold all 3 Strategic Centres of Europa and all 3 of \u00c1sia",
                       "Hold a Strategic Centre in every continent",
                       "Hold 5 Strategic Centres and 20 territories",
                       "Hold 6 Strategic Centres with at least 3 armies on each"}));
}

// Structurally, per seat count: the Strategic Centres a seat holds after the deal (they change
// hands only by conquest) are fewer than any CE objective needs.
TEST(War2Objective, NoCeObjectiveIsWithinReachOfTheDeal) {
  for (int players = 3; players <= 6; ++players) {
    const WarGame& game = LoadWarGame("war2", players);
    int need = 1 << 20;
    for (const Objective& objective : game.Objectives()) {
      const int ces = CesNeeded(game.map(), objective);
      if (ces > 0) need = std::min(need, ces);
    }
    EXPECT_EQ(need, 5) << "the fewest: 5 CEs and 20 territories";
    int most = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      auto state = NewWarState(game);
      Rng rng(seed);
      while (state->board().InSetup()) state->ApplyAction(PickRandom(*state, rng));
      for (Seat s = 0; s < players; ++s) most = std::max(most, state->board().HeldCes(s));
    }
    // 12 CEs dealt one by one (5 players: 10, then 2 chosen by two players with 2 each).
    EXPECT_EQ(most, players == 5 ? 3 : (12 + players - 1) / players) << players << " players";
    EXPECT_LT(most, need) << players << " players";
  }
}

// 2,000 random 3-player games (the case in which two reconstructed cards were met by the deal in
// 160 of 2,000): none ends before its first conquest.
TEST(War2Objective, NoRandomGameEndsBeforeItsFirstConquest) {
  const WarGame& game = LoadWarGame("war2", 3);
  int ended = 0;
  std::string first;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
    auto state = NewWarState(game);
    Rng rng(seed);
    while (!state->IsTerminal() && (state->board().InSetup() || !state->position().conquered)) {
      state->ApplyAction(PickRandom(*state, rng));
    }
    if (state->IsTerminal() && !state->position().conquered && ended++ == 0) {
      first = fmt::format("seed {}: {}", seed, state->ObjectiveText(state->position().winner));
    }
  }
  EXPECT_EQ(ended, 0) << "the first: " << first;
}

// The continent objectives against territories claimed by choice (seed section 2): a seat holds,
// after the claims, 14 territories with 3 players, 10 or 11 with 4, at most 9 with 5 and 7 with 6.
// Claimed deliberately, and let be by the others, those can cover the whole of América do Norte and
// Oceania (13 territories) with 3 players, when the deal gave the seat Nova York, Ottawa and
// Austrália, the CEs of those continents; no other continent objective fits in any seat count.
// The objective is drawn after the claims, and "Conquer in full América do Norte and Oceania" is
// then met before any conquest. This is an open point, reported for a ruling; this test pins down
// exactly when it can happen.
// Rulings (WAR-II): no objective may be reachable without a conquest. Claims are chosen, so one
// objective is in reach of claims alone: América do Norte and Oceania with three players (a seat
// dealt Nova York, Ottawa and Austrália claims the other ten territories). It counts only once its
// holder has conquered a territory.
TEST(War2Objective, DeliberateClaimsMeetNoObjectiveBeforeAConquest) {
  const WarMap& map = LoadWarGame("war2", 3).map();
  std::set<std::pair<int, std::string>> reachable;
  for (int players = 3; players <= 6; ++players) {
    const WarGame& game = LoadWarGame("war2", players);
    const int ces_dealt = players == 5 ? 3 : (12 + players - 1) / players;
    const int territories = ces_dealt + (42 - 12 + players - 1) / players;  // the first claimer
    for (const Objective& objective : game.Objectives()) {
      if (objective.continents.empty()) continue;
      int size = 0, ces = 0;
      for (int c : objective.continents) {
        for (int t : map.continents[c].territories)
          ++size, ces += map.territories[t].strategic_centre;
      }
      std::vector<int> others;  // continents of free choice: the smallest fit best
      for (int c = 0; c < static_cast<int>(map.continents.size()); ++c) {
        if (std::find(objective.continents.begin(), objective.continents.end(), c) ==
            objective.continents.end()) {
          others.push_back(static_cast<int>(map.continents[c].territories.size()));
        }
      }
      std::sort(others.begin(), others.end());
      for (int k = 0; k < objective.any_continents; ++k) size += others[k];
      if (size <= territories && ces <= ces_dealt) reachable.insert({players, objective.text});
    }
  }
  EXPECT_EQ(reachable, (std::set<std::pair<int, std::string>>{
                           {3, "Conquer in full Am\u00e9rica do Norte and Oceania"}}));
  // And it happens: the dealer is dealt Nova York, Ottawa, Austrália (and Brasil), claims the 10
  // other territories of the two continents, the others claim elsewhere.
  const WarGame& game = LoadWarGame("war2", 3);
  auto state = NewWarState(game);
  state->ApplyAction(game.kChance + 0);  // branca deals
  const std::vector<std::string> deal = {"novayork",     "moscou", "china",     "ottawa",
                                         "egito",        "japao",  "australia", "inglaterra",
                                         "orientemedio", "brasil", "alemanha",  "africadosul"};
  for (const auto& ce : deal) state->ApplyAction(game.kChance + game.CardOf(T(map, ce)));
  std::vector<std::string> mine, elsewhere;
  for (const char* c : {"americadonorte", "oceania"}) {
    for (int t : map.continents[C(map, c)].territories) {
      if (!map.territories[t].strategic_centre) mine.push_back(map.territories[t].id);
    }
  }
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (state->position().owner[t] < 0 &&
        std::find(mine.begin(), mine.end(), map.territories[t].id) == mine.end()) {
      elsewhere.push_back(map.territories[t].id);
    }
  }
  ASSERT_EQ(mine.size(), 10u);
  std::size_t next_mine = 0, next_elsewhere = 0;
  while (state->position().phase == Phase::kClaim) {
    Play(*state,
         "claim " + (state->CurrentSeat() == 0 ? mine[next_mine++] : elsewhere[next_elsewhere++]));
  }
  int objective = 0;
  while (game.Objectives()[objective].text != "Conquer in full Am\u00e9rica do Norte and Oceania") {
    ++objective;
  }
  state->ApplyAction(game.kChance + objective);  // branca's objective
  Rng rng(1);
  while (!state->IsTerminal() && state->IsChanceNode()) {
    state->ApplyAction(PickRandom(*state, rng));
  }
  ASSERT_FALSE(state->IsTerminal()) << "met by claims alone, before any conquest";
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_FALSE(state->board().ObjectiveMet(0));
  // Once branca has conquered a territory (anywhere), the objective counts.
  Position p = state->position();
  p.conquered_ever |= 1u << 0;
  Load(*state, p);
  EXPECT_TRUE(state->board().ObjectiveMet(0));
}

}  // namespace
}  // namespace quartel::war
