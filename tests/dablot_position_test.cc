// Dablot's position text (dablot.h "Position text"): the initial position as documented, an exact
// round trip at every ply of random games (mid-chain, the race and every ending included), the
// same text for every viewer, and a clear error naming the field for each malformed one.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "games/all_games.h"
#include "games/dablot/dablot.h"
#include "position_test_helpers.h"

namespace quartel::dablot {
namespace {

std::shared_ptr<const engine::Game> Load(const std::map<std::string, std::string>& options = {}) {
  games::RegisterAllGames();
  return engine::LoadGame("dablot", options);
}

constexpr const char* kInitial =
    "SSSSSS/SSSSS/SSSSSS/SSSSS/SSSSSS/....P/l....K/p..../ssssss/sssss/ssssss/sssss/ssssss - - 0 0 "
    "-";

// The 13 rows of an empty board (6 or 5 points each) with `letter` on 1-based `point`s.
std::string Board(const std::map<int, char>& pieces) {
  std::string out;
  int point = 1;
  for (int y = 0; y < 13; ++y) {
    if (y > 0) out += '/';
    for (int i = 0; i < (y % 2 == 0 ? 6 : 5); ++i, ++point) {
      out += pieces.count(point) ? pieces.at(point) : '.';
    }
  }
  return out;
}

using test_helpers::ExpectPositionError;
using test_helpers::PositionTextRoundTrips;

TEST(DablotPosition, InitialPositionText) {
  auto game = Load();
  auto state = game->NewInitialState();
  EXPECT_EQ(state->PositionText(), kInitial);
  EXPECT_TRUE(game->NewStateFromPosition(kInitial)->Equals(*state));
  for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
    EXPECT_EQ(state->ViewPositionText(viewer), kInitial);
  }
}

// At every ply of random games: the text parses back to an equal state with the same ply count,
// legal actions, views and text. Even seeds capture whenever they can (chains, the race and the
// endings by the rules); odd seeds play uniformly under a small turn cap (the cap's draw).
TEST(DablotPosition, RoundTripsAtEveryPly) {
  int mid_chain = 0, over = 0;
  for (int seed = 1; seed <= 8; ++seed) {
    auto game = Load({{"max_turns", seed % 2 ? "60" : "1000"}});
    Rng rng(seed);
    std::vector<engine::Action> scratch;
    auto state = game->NewInitialState();
    while (true) {
      ASSERT_TRUE(PositionTextRoundTrips(*state));
      for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
        ASSERT_EQ(state->ViewPositionText(viewer), state->PositionText());
      }
      const Position& pos = static_cast<const DablotState&>(*state).position();
      mid_chain += pos.h.chain != kNone;
      if (state->IsTerminal()) break;
      engine::Action action = engine::RandomAction(*state, rng, scratch);
      if (seed % 2 == 0 && !state->IsChanceNode() && IsJump(scratch.back())) {
        action = scratch.back();
      }
      state->DoApplyAction(action, nullptr);
    }
    ++over;
  }
  EXPECT_GT(mid_chain, 0);
  EXPECT_EQ(over, 8);
}

// A hand-made position mid-chain: the Sámi King on 23 has jumped and may jump 29 again.
TEST(DablotPosition, HandMadeChainRoundTrips) {
  auto game = Load();
  const std::string text = Board({{23, 'K'}, {29, 's'}, {60, 'l'}, {1, 'S'}}) + " sami 23 7 12 -";
  auto state = game->NewStateFromPosition(text);
  EXPECT_EQ(state->PositionText(), text);
  EXPECT_TRUE(state->MidTurn());
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_EQ(state->PlyCount(), 12);
  EXPECT_EQ(state->ActionToString(state->LegalActions().front()), "stop");
}

// The race is not written but derived: a capture leaving one soldier each starts it, and the text
// of that state parses back to the racing state.
TEST(DablotPosition, RaceRoundTrips) {
  auto game = Load();
  auto state =
      game->NewStateFromPosition(Board({{24, 'S'}, {35, 's'}, {72, 's'}}) + " sami - 4 9 -");
  state->ApplyAction(state->StringToAction("24x46"));
  ASSERT_TRUE(static_cast<const DablotState&>(*state).position().h.race);
  const std::string text = state->PositionText();
  EXPECT_EQ(text, Board({{46, 'S'}, {72, 's'}}) + " swedes - 5 10 -");
  auto back = game->NewStateFromPosition(text);
  EXPECT_TRUE(back->Equals(*state));
  EXPECT_EQ(back->LegalActions(), state->LegalActions());
}

TEST(DablotPosition, NamesEachMalformedField) {
  auto game = Load();
  const std::string two_soldiers = Board({{1, 'S'}, {72, 's'}});
  ExpectPositionError(*game, "SSSSSS - - 0 0", "5 fields, 6 needed");
  ExpectPositionError(*game, "SSSSSS/SSSSS - - 0 0 -", "board: 2 rows");
  ExpectPositionError(*game, Board({}) + "S sami - 0 1 -", "board: row 13");
  ExpectPositionError(*game, Board({{5, 'X'}}) + " sami - 0 1 -", "board: point 5: 'X'");
  ExpectPositionError(*game, two_soldiers + " samis - 0 1 -", "side: 'samis'");
  ExpectPositionError(*game, two_soldiers + " - - 0 0 -", "side: '-'");
  ExpectPositionError(*game, two_soldiers + " sami 73 0 1 -", "chain: '73'");
  ExpectPositionError(*game, two_soldiers + " sami 72 0 1 -",
                      "chain: no piece of the side to move");
  ExpectPositionError(*game, two_soldiers + " sami 1 0 1 -", "chain piece has no capture left");
  ExpectPositionError(*game, two_soldiers + " sami - x 1 -", "turns: 'x'");
  ExpectPositionError(*game, two_soldiers + " sami - 1000 1000 -", "turns: after 1000 turns");
  ExpectPositionError(*game, two_soldiers + " sami - 1001 1001 draw", "turns: '1001'");
  ExpectPositionError(*game, two_soldiers + " sami - 5 4 -", "plies: every turn");
  ExpectPositionError(*game, two_soldiers + " sami - 5 -1 -", "plies: '-1'");
  ExpectPositionError(*game, two_soldiers + " sami - 5 6 won", "result: 'won'");
  // Positions the rules never reach at a turn start.
  ExpectPositionError(*game, Board({{1, 'S'}}) + " sami - 0 1 -", "a side without pieces");
  ExpectPositionError(*game, Board({{1, 'K'}, {72, 's'}}) + " sami - 0 1 -", "is decided");
  ExpectPositionError(
      *game,
      Board({{1, 'S'}, {2, 's'}, {3, 's'}, {7, 's'}, {12, 's'}, {13, 's'}, {23, 's'}}) +
          " sami - 0 1 -",
      "cannot move");
  ExpectPositionError(*game, Board({{1, 'P'}, {2, 'P'}, {72, 's'}}) + " sami - 0 1 -", "twice");
  ExpectPositionError(*game, std::string(29 * 6, 'S'), "fields");
}

// Finished games the rules never reach (Position::EndTurn): a side without pieces that did not
// lose, a draw before max_turns other than King against Landlord alone.
TEST(DablotPosition, RefusesResultsTheRulesNeverGive) {
  auto game = Load();
  ExpectPositionError(*game, Board({{1, 'S'}}) + " swedes - 9 10 swedes",
                      "swedes has no pieces left, so sami won");
  ExpectPositionError(*game, Board({{1, 'S'}}) + " swedes - 9 10 draw", "so sami won");
  ExpectPositionError(*game, Board({{1, 'S'}, {72, 's'}}) + " sami - 9 10 draw",
                      "a draw comes only with King against Landlord alone or after max_turns");
  // What the rules do give.
  for (const std::string& text : {Board({{1, 'S'}}) + " swedes - 9 10 sami",
                                  Board({{1, 'K'}, {72, 'l'}}) + " sami - 9 10 draw",
                                  Board({{1, 'S'}, {72, 's'}}) + " sami - 1000 1001 draw"}) {
    EXPECT_EQ(game->NewStateFromPosition(text)->PositionText(), text);
  }
}

}  // namespace
}  // namespace quartel::dablot
