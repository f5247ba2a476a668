// Secret setups (rulings "Stratego": setups are secret until both are complete; a seat sees only
// whether the other's setup is in progress or done, never which squares were filled or in what
// order). Every path out is checked: the JSON, text and tensor views, ActionToStringFor, the turn
// told by DescribeTurn, the counts, and SampleConsistentState (which must redraw the other seat's
// placements, so that the conformance suite really tests the views). A whole setup is one turn.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "games/all_games.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"
#include "stratego_test_helpers.h"

namespace quartel::stratego {
namespace {

using engine::Action;
using Options = std::map<std::string, std::string>;

void Play(engine::State& state, const std::string& turn) {
  for (Action action : state.StringToTurn(turn)) state.ApplyAction(action);
}

std::vector<float> Tensor(const engine::State& state, engine::Seat viewer) {
  std::vector<float> tensor(state.game().TensorSize());
  state.ViewTensor(viewer, tensor);
  return tensor;
}

// Everything `viewer` is shown of `a` equals what it is shown of `b`.
void ExpectSameViews(const engine::State& a, const engine::State& b, engine::Seat viewer) {
  EXPECT_EQ(a.ViewJson(viewer).dump(), b.ViewJson(viewer).dump()) << "viewer " << viewer;
  EXPECT_EQ(a.ViewText(viewer, false), b.ViewText(viewer, false)) << "viewer " << viewer;
  EXPECT_EQ(Tensor(a, viewer), Tensor(b, viewer)) << "viewer " << viewer;
}

// Red has placed one piece on a1 in one game, two pieces elsewhere in the other: Blue and a
// spectator cannot tell the games apart; Red can.
TEST(StrategoSecretSetup, OthersSeeNeitherSquaresNorCounts) {
  const auto game = LoadStratego();
  auto one = game->NewInitialState();
  auto two = game->NewInitialState();
  Play(*one, "X:a1");
  Play(*two, "F:k4");
  Play(*two, "B:e2");
  for (engine::Seat viewer : {engine::Seat{1}, engine::kSpectator}) {
    ExpectSameViews(*one, *two, viewer);
  }
  EXPECT_NE(one->ViewJson(0).dump(), two->ViewJson(0).dump());
  // The other seat's JSON view has no red piece and no count of Red's placements.
  const Json blue = one->ViewJson(1);
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (!IsLake(sq)) {
      EXPECT_TRUE(blue["board"][sq].is_null()) << SquareName(sq);
    }
  }
  EXPECT_TRUE(blue["to_place"][0]["count"].is_null());
  EXPECT_TRUE(blue["plies"].is_null());
  EXPECT_EQ(blue["setup_done"], Json::array({false, false}));
  // Red still sees its own progress.
  EXPECT_EQ(one->ViewJson(0)["to_place"][0]["count"], 39);
}

// Notation shown to the other seat names neither the rank nor the square of a placement.
TEST(StrategoSecretSetup, PlacementsAreShownToOthersWithoutSquare) {
  const auto game = LoadStratego();
  auto state = game->NewInitialState();
  const Action marshal_a1 = PlaceAction(kMarshal, 0);
  const Action flag_k4 = PlaceAction(kFlag, 39);
  EXPECT_EQ(state->ActionToStringFor(marshal_a1, 0), "X:a1");
  for (engine::Seat viewer : {engine::Seat{1}, engine::kSpectator}) {
    const std::string shown = state->ActionToStringFor(marshal_a1, viewer);
    EXPECT_EQ(shown, state->ActionToStringFor(flag_k4, viewer));
    EXPECT_EQ(shown.find("a1"), std::string::npos) << shown;
  }
}

// After Red's setup is complete Blue sets up without seeing where Red's pieces stand (Barrage:
// eight pieces anywhere in the four rows, so the squares alone would tell a lot).
TEST(StrategoSecretSetup, BlueSetsUpWithoutSeeingRedsSquares) {
  const auto game = LoadStratego({{"army", "barrage"}});
  auto one = game->NewInitialState();
  auto two = game->NewInitialState();
  Play(*one, "preset bunker");
  Play(*two, "preset wings");
  ASSERT_EQ(one->CurrentSeat(), 1);
  ExpectSameViews(*one, *two, 1);
  ExpectSameViews(*one, *two, engine::kSpectator);
  EXPECT_EQ(one->ViewJson(1)["setup_done"], Json::array({true, false}));
  EXPECT_NE(one->ViewText(1, false).find("Red's setup is done"), std::string::npos)
      << one->ViewText(1, false);
  // Once both are complete the occupied squares are shown (ranks hidden).
  Play(*one, "preset decoy");
  Play(*two, "preset decoy");
  EXPECT_NE(one->ViewJson(1).dump(), two->ViewJson(1).dump());
  int red_seen = 0;
  const Json blue_view = one->ViewJson(1);
  for (const Json& cell : blue_view["board"]) {
    if (cell.is_object() && cell["owner"] == 0) {
      EXPECT_EQ(cell["rank"], "?");
      ++red_seen;
    }
  }
  EXPECT_EQ(red_seen, 8);
}

// The same with the classic army: once Red's setup stands, Blue sets up without Red's squares
// showing, and Red sees none of Blue's.
TEST(StrategoSecretSetup, ClassicSetupIsSecretToo) {
  const auto game = LoadStratego({});
  auto state = game->NewInitialState();
  Play(*state, kRedSetup);
  ASSERT_EQ(state->CurrentSeat(), 1);
  const Json blue_view = state->ViewJson(1);  // kept: a range-for over a temporary's member dangles
  for (const Json& cell : blue_view["board"]) {
    EXPECT_FALSE(cell.is_object() && cell["owner"] == 0);
  }
  EXPECT_EQ(state->ViewJson(1)["setup_done"], Json::array({true, false}));
  Play(*state, "preset fortress");
  int blue_seen = 0;
  const Json after = state->ViewJson(0);
  for (const Json& cell : after["board"]) blue_seen += cell.is_object();
  EXPECT_EQ(blue_seen, 80);
}

// A seat's whole setup is one turn: MidTurn() from its first placement until its last.
TEST(StrategoSecretSetup, AWholeSetupIsOneTurn) {
  const auto game = LoadStratego();
  auto state = game->NewInitialState();
  EXPECT_FALSE(state->MidTurn());
  const std::vector<Action> red = state->StringToTurn(kRedSetup);
  for (std::size_t i = 0; i < red.size(); ++i) {
    state->ApplyAction(red[i]);
    EXPECT_EQ(state->MidTurn(), i + 1 < red.size()) << i;
  }
  EXPECT_EQ(state->CurrentSeat(), 1);
  const std::vector<Action> blue = state->StringToTurn(kBlueSetup);
  state->ApplyAction(blue[0]);
  EXPECT_TRUE(state->MidTurn());
}

// DescribeTurn tells a bot's setup in one line: to the others only that it was made.
TEST(StrategoSecretSetup, DescribeTurnTellsOthersOnlyThatTheArmyStands) {
  const auto game = LoadStratego();
  auto state = game->NewInitialState();
  const std::vector<Action> red = state->StringToTurn(kRedSetup);
  EXPECT_EQ(state->DescribeTurn(red, 1), "set up its army");
  EXPECT_EQ(state->DescribeTurn(red, engine::kSpectator), "set up its army");
  const std::string own = state->DescribeTurn(red, 0);
  EXPECT_EQ(own.rfind("set up its army: ", 0), 0u) << own;
  EXPECT_NE(own.find("FBBB333334"), std::string::npos) << own;
  // Moves are still told one by one.
  for (Action a : red) state->ApplyAction(a);
  Play(*state, kBlueSetup);
  const Action move = state->StringToAction("a4-a5");
  EXPECT_EQ(state->DescribeTurn(std::vector<Action>{move}, 1), "a4-a5");
}

// SampleConsistentState redraws the other seat's placements while its setup is not public:
// their number, squares and ranks vary over samples; the seat's own pieces and views stay.
TEST(StrategoSecretSetup, SamplesRedrawTheOtherSeatsPlacements) {
  const auto game = LoadStratego({{"army", "barrage"}});
  auto red_busy = game->NewInitialState();
  Play(*red_busy, "X:a1");
  Play(*red_busy, "F:b1");
  Rng rng(5);
  std::set<int> counts;
  std::set<std::string> boards;
  for (int i = 0; i < 200; ++i) {
    const auto sample = red_busy->SampleConsistentState(1, rng);
    sample->CheckConsistency();
    ASSERT_EQ(sample->ViewJson(1).dump(), red_busy->ViewJson(1).dump());
    ASSERT_EQ(sample->CurrentSeat(), 0);
    counts.insert(8 - ArmySize(Pos(*sample).h.to_place[0]));
    boards.insert(std::string(Pos(*sample).board.begin(), Pos(*sample).board.end()));
  }
  EXPECT_GE(counts.size(), 5u);  // 0 to 7 pieces placed
  EXPECT_GE(boards.size(), 100u);
  // Red's setup complete, Blue setting up: Red's squares are redrawn for Blue.
  auto blue_busy = game->NewInitialState();
  Play(*blue_busy, "preset bunker");
  Play(*blue_busy, "F:a10");
  std::set<std::string> red_setups;
  for (int i = 0; i < 50; ++i) {
    const auto sample = blue_busy->SampleConsistentState(1, rng);
    sample->CheckConsistency();
    ASSERT_EQ(sample->ViewJson(1).dump(), blue_busy->ViewJson(1).dump());
    ASSERT_EQ(sample->LegalActions(), blue_busy->LegalActions());
    red_setups.insert(SetupString(Pos(*sample), 0));
    // Blue's own placement stays.
    ASSERT_EQ(Pos(*sample).board[90], Pos(*blue_busy).board[90]);
  }
  EXPECT_GE(red_setups.size(), 40u);
}

// Perft counts actions (a whole setup is one turn of 40 placements, too many to enumerate):
// 12 ranks x 40 squares first; then 39 squares for each rank left (Flag, Spy, General and
// Marshal are single pieces).
TEST(StrategoSecretSetup, PerftCountsPlacements) {
  const auto game = LoadStratego();
  auto state = game->NewInitialState();
  EXPECT_FALSE(game->info().perft_counts_turns);
  EXPECT_EQ(engine::PerftFor(*state, 1), 480u);
  EXPECT_EQ(engine::PerftFor(*state, 2), 4u * 40 * 11 * 39 + 8u * 40 * 12 * 39);
}

}  // namespace
}  // namespace quartel::stratego
