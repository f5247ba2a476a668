// Stratego's tensor (stratego.h, "ViewTensor") against the rules on a hand-made combat: the planes
// say what each viewer's JSON view says of the attack, the losses and the counters, from the
// viewer's side. (That the tensor carries exactly the JSON view's information along random games
// is checked by the conformance suite.)
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "games/all_games.h"
#include "games/stratego/stratego.h"
#include "stratego_test_helpers.h"

namespace quartel::stratego {
namespace {

// Blue's Flag on j10, a Blue Sergeant on a10 and a Blue Scout on a2; Red's General on a1 and
// Red's Flag on b1. Red to move at ply 7 (play_plies 3). The pieces not on the board are lost:
// Blue has lost 7 of its 8 Scouts.
constexpr const char* kGeneralBesideScout =
    "b4........bF/........../........../........../..~~..~~../..~~..~~../........../........../"
    "b2........./r9rF........ r play 7 3 0 -/- -,-,-/-,-,- - 0,-/0,- -/- -";

class StrategoTensor : public testing::Test {
 protected:
  void SetUp() override {
    game_ = LoadStratego();
    state_ = game_->NewStateFromPosition(kGeneralBesideScout);
    state_->ApplyAction(state_->StringToAction("a1xa2"));  // the General takes the Scout
  }
  float At(engine::Seat viewer, int plane, int square = 0) const {
    std::vector<float> tensor(static_cast<std::size_t>(game_->TensorSize()));
    state_->ViewTensor(viewer, tensor);
    return tensor[static_cast<std::size_t>(plane * kNumSquares + square)];
  }
  std::shared_ptr<const engine::Game> game_;
  std::unique_ptr<engine::State> state_;
};

constexpr int kA1 = 0, kA2 = 10;

TEST_F(StrategoTensor, TheLayoutNamesEveryPlane) {
  EXPECT_EQ(static_cast<int>(game_->TensorLayout().size()), game_->TensorShape()[0]);
  EXPECT_EQ(game_->TensorShape()[0], kNumPlanes);
}

TEST_F(StrategoTensor, TheCombatIsShownToBothSidesAndTheSpectator) {
  for (engine::Seat viewer : {engine::kSpectator, engine::Seat{0}, engine::Seat{1}}) {
    SCOPED_TRACE(viewer);
    EXPECT_EQ(At(viewer, kPlaneLastFrom, kA1), 1.0f);
    EXPECT_EQ(At(viewer, kPlaneLastTo, kA2), 1.0f);
    EXPECT_EQ(At(viewer, kPlaneAttack), 1.0f);
    EXPECT_EQ(At(viewer, kPlaneAttacker + kGeneral), 1.0f);
    EXPECT_EQ(At(viewer, kPlaneDefender + kScout), 1.0f);  // Stratego's combat shows both ranks
    EXPECT_EQ(At(viewer, kPlaneCombatResult + 0), 1.0f);   // the attacker won
    EXPECT_EQ(At(viewer, kPlaneKnown, kA2), 1.0f);         // the General is known now
    EXPECT_EQ(At(viewer, kPlaneMoved, kA2), 1.0f);
    EXPECT_EQ(At(viewer, kPlaneCounters + 0), 8.0f);  // plies
    EXPECT_EQ(At(viewer, kPlaneCounters + 1), 4.0f);  // play_plies
    EXPECT_EQ(At(viewer, kPlaneCounters + 2), 0.0f);  // a capture resets quiet_plies
    EXPECT_EQ(At(viewer, kPlanePhase + 1), 1.0f);     // play
  }
}

TEST_F(StrategoTensor, PlanesAreFromTheViewersSide) {
  // Blue lost its 8th Scout: Blue's own loss (planes 61..), Red's opponent's loss (planes 74..).
  EXPECT_EQ(At(1, kPlaneLost + kScout), 8.0f);
  EXPECT_EQ(At(0, kPlaneLost + kNumRanks + 1 + kScout), 8.0f);
  EXPECT_EQ(At(0, kPlaneLost + kScout), 8.0f);  // none of Red's Scouts is on the board
  // Blue is to move: its own "to move" plane, Red's "opponent to move".
  EXPECT_EQ(At(1, kPlaneToMove), 1.0f);
  EXPECT_EQ(At(0, kPlaneToMove + 1), 1.0f);
  EXPECT_EQ(At(1, kPlaneViewerBlue), 1.0f);
  EXPECT_EQ(At(0, kPlaneViewerBlue), 0.0f);
  // Red's General on a2: Red's own piece for Red, the opponent's for Blue.
  EXPECT_EQ(At(0, kPlaneBoard + kGeneral, kA2), 1.0f);
  EXPECT_EQ(At(1, kPlaneBoard + kNumRanks + 1 + kGeneral, kA2), 1.0f);
}

TEST_F(StrategoTensor, UnseenRanksStayUnknown) {
  // Red's Flag on b1 has never been seen by Blue: an unknown piece of the opponent.
  constexpr int kB1 = 1;
  EXPECT_EQ(At(1, kPlaneBoard + kNumRanks + 1 + kNumRanks, kB1), 1.0f);
  EXPECT_EQ(At(1, kPlaneBoard + kNumRanks + 1 + kFlag, kB1), 0.0f);
  EXPECT_EQ(At(0, kPlaneBoard + kFlag, kB1), 1.0f);
}

TEST_F(StrategoTensor, TheEndingAndTheWinner) {
  const std::vector<engine::Outcome> results = {engine::Outcome::kWin, engine::Outcome::kLoss};
  state_->EndGame(engine::EndReason::kResignation, results);
  EXPECT_EQ(At(0, kPlaneWinner), 1.0f);      // Red, the viewer, won
  EXPECT_EQ(At(1, kPlaneWinner + 1), 1.0f);  // for Blue, the opponent won
  EXPECT_EQ(At(1, kPlanePhase + 2), 1.0f);
  EXPECT_EQ(At(1, kPlaneEnding + 5), 1.0f);  // resignation
  EXPECT_EQ(At(1, kPlaneToMove), 0.0f);
  EXPECT_EQ(At(1, kPlaneToMove + 1), 0.0f);
}

}  // namespace
}  // namespace quartel::stratego
