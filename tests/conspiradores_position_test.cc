// Conspiradores' position text (conspiradores.h "Position text"): the initial position as
// documented, an exact round trip at every ply of random games with 2 and 4 players (mid-chain,
// the placement, the endings and the cap included), the same text for every viewer, and a clear
// error naming the field for each malformed one.
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
#include "games/conspiradores/conspiradores.h"
#include "position_test_helpers.h"

namespace quartel::conspiradores {
namespace {

std::shared_ptr<const engine::Game> Load(int players = 2, int max_turns = 2000) {
  games::RegisterAllGames();
  return engine::LoadGame("conspiradores", {{"players", std::to_string(players)},
                                            {"max_turns", std::to_string(max_turns)}});
}

// Rows 17 (first) to 1 of a board with `letter` on each named point.
std::string Board(const std::map<std::string, char>& pieces) {
  std::vector<std::string> rows(17, std::string(17, '.'));
  for (const auto& [point, letter] : pieces) {
    rows[16 - (std::stoi(point.substr(1)) - 1)][point[0] - 'A'] = letter;
  }
  std::string out;
  for (const std::string& row : rows) out += (out.empty() ? "" : "/") + row;
  return out;
}

const std::string kInitial = Board({}) + " - - - full 0 0 -";

using test_helpers::ExpectPositionError;
using test_helpers::PositionTextRoundTrips;

TEST(ConspiradoresPosition, InitialPositionText) {
  for (int players : {2, 4}) {
    auto game = Load(players);
    auto state = game->NewInitialState();
    EXPECT_EQ(state->PositionText(), kInitial);
    EXPECT_TRUE(game->NewStateFromPosition(kInitial)->Equals(*state));
    for (engine::Seat viewer = engine::kSpectator; viewer < players; ++viewer) {
      EXPECT_EQ(state->ViewPositionText(viewer), kInitial);
    }
  }
}

// At every ply of random games with 2 and 4 players: the text parses back to an equal state with
// the same ply count, legal actions, views and text. Jumps are preferred half of the time (chains);
// small caps end some games during the placement and some in the movement.
TEST(ConspiradoresPosition, RoundTripsAtEveryPly) {
  int mid_chain = 0, placement = 0, over = 0;
  for (int players : {2, 4}) {
    for (int max_turns : {30, 200, 2000}) {
      auto game = Load(players, max_turns);
      Rng rng(static_cast<std::uint64_t>(players * 10000 + max_turns));
      std::vector<engine::Action> scratch;
      auto state = game->NewInitialState();
      while (true) {
        ASSERT_TRUE(PositionTextRoundTrips(*state));
        for (engine::Seat viewer = engine::kSpectator; viewer < players; ++viewer) {
          ASSERT_EQ(state->ViewPositionText(viewer), state->PositionText());
        }
        mid_chain += state->MidTurn();
        const Phase phase = static_cast<const ConspiradoresState&>(*state).position().meta.phase;
        placement += phase == Phase::kPlacement;
        if (state->IsTerminal()) break;
        engine::Action action = engine::RandomAction(*state, rng, scratch);
        if (!state->IsChanceNode() && rng.Below(2) == 0 && IsJump(scratch.back()))
          action = scratch.back();
        state->DoApplyAction(action, nullptr);
      }
      ++over;
    }
  }
  EXPECT_GT(mid_chain, 0);
  EXPECT_GT(placement, 0);
  EXPECT_EQ(over, 6);
}

// A composed position (army "board"): one white and one black piece, White to move.
TEST(ConspiradoresPosition, ComposedPositionRoundTrips) {
  auto game = Load();
  const std::string text = Board({{"H9", 'W'}, {"C3", 'B'}}) + " W WB - board 0 0 -";
  auto state = game->NewStateFromPosition(text);
  EXPECT_EQ(state->PositionText(), text);
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_EQ(state->LegalActions().size(), 8u);  // a step each way from H9
}

TEST(ConspiradoresPosition, NamesEachMalformedField) {
  auto game = Load();
  const std::string two = Board({{"H9", 'W'}, {"C3", 'B'}});
  ExpectPositionError(*game, "x - - - full 0 0", "7 fields, 8 needed");
  ExpectPositionError(*game, "a/b - - - full 0 0 -", "board: 2 rows");
  ExpectPositionError(*game, two + ". W WB - board 0 0 -", "board: row 1");
  ExpectPositionError(*game, Board({{"A17", 'X'}}) + " W WB - board 0 0 -", "board, A17: 'X'");
  ExpectPositionError(*game, Board({{"H9", 'G'}}) + " W WB - board 0 0 -",
                      "board, H9: 'G' is not a seat of a 2-player game");
  ExpectPositionError(*game, two + " Z WB - board 0 0 -", "side: 'Z'");
  ExpectPositionError(*game, two + " WB WB - board 0 0 -", "side: 'WB' is not one seat letter");
  ExpectPositionError(*game, two + " - - - board 0 0 -", "side: '-'");
  ExpectPositionError(*game, two + " W W - board 0 0 -",
                      "order: 'W' must name each of the 2 seats");
  ExpectPositionError(*game, two + " W WW - board 0 0 -", "order: 'WW' names W twice");
  ExpectPositionError(*game, two + " W WB Z9:H7 board 0 0 -", "chain: 'Z9'");
  ExpectPositionError(*game, two + " W WB H9 board 0 0 -", "chain: 'H9' is not POINT:VISITED");
  ExpectPositionError(*game, two + " W WB H9:H7 board 0 0 -", "chain cannot go on");
  ExpectPositionError(*game, two + " W WB - most 0 0 -", "army: 'most'");
  ExpectPositionError(*game, two + " W WB - board x 0 -", "turns: 'x'");
  ExpectPositionError(*game, two + " W WB - board 2000 2000 -", "turns: after 2000 turns");
  ExpectPositionError(*game, two + " W WB - board 3 2 -", "ply: every turn");
  ExpectPositionError(*game, two + " W WB - board 3 4 Q", "result: 'Q'");
  ExpectPositionError(*game, two + " W WB - board 3 4 WW", "result: 'WW' names W twice");
  // Positions the rules never reach.
  ExpectPositionError(*game, Board({{"H9", 'W'}}) + " W WB - full 1 2 -",
                      "side: with 1 pieces placed the seat to place is B");
  ExpectPositionError(*game, Board({{"A2", 'W'}}) + " W BW - full 1 2 -", "outside the Centre");
  ExpectPositionError(*game, Board({{"H9", 'W'}, {"A1", 'B'}}) + " W WB - board 0 0 -",
                      "fewer than two players");
  ExpectPositionError(*Load(4), two + " W WB - board 0 0 -",
                      "order: 'WB' must name each of the 4 seats");
}

// Rulings: the players with the most unsheltered pieces lose, the others win, all tied is a draw;
// any other result is one the rules never give.
TEST(ConspiradoresPosition, RefusesResultsTheRulesNeverGive) {
  auto game = Load();
  // White has two pieces unsheltered (H9, H10), Black one (J9; A1 is a Sanctuary).
  const std::string board = Board({{"H9", 'W'}, {"H10", 'W'}, {"J9", 'B'}, {"A1", 'B'}});
  ExpectPositionError(*game, board + " W WB - board 5 5 B",
                      "result: the seats with the most unsheltered pieces lose: W");
  ExpectPositionError(*game, board + " W WB - board 5 5 WB", "lose: W");
  ExpectPositionError(*game, board + " W WB - board 5 5 draw", "lose: W");
  const std::string tied = Board({{"H9", 'W'}, {"J9", 'B'}});
  ExpectPositionError(*game, tied + " W WB - board 5 5 W",
                      "every seat has 1 unsheltered pieces: a draw");
  for (const std::string& text : {board + " W WB - board 5 5 W", tied + " W WB - board 5 5 draw"}) {
    EXPECT_EQ(game->NewStateFromPosition(text)->PositionText(), text);
  }
}

}  // namespace
}  // namespace quartel::conspiradores
