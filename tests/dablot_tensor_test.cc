// Dablot's tensor (dablot.h, "ViewTensor") against the rules on hand-made positions: pieces on
// their points of the doubled grid, the chain piece, the side to move, the phase, the winner and
// the turn count. (That it carries exactly the JSON view along random games is checked by the
// conformance suite.)
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "games/all_games.h"
#include "games/dablot/dablot.h"

namespace quartel::dablot {
namespace {

std::shared_ptr<const engine::Game> LoadDablot() {
  games::RegisterAllGames();
  return engine::LoadGame("dablot", {});
}

std::vector<float> Tensor(const engine::State& state) {
  std::vector<float> out(static_cast<std::size_t>(state.game().TensorSize()));
  state.ViewTensor(engine::kSpectator, out);
  return out;
}

float Plane(const std::vector<float>& tensor, int plane, int cell = 0) {
  return tensor[static_cast<std::size_t>(plane * kGridHeight * kGridWidth + cell)];
}

// The King (point 1), a Sámi soldier (point 2) and the Landlord (point 72) are left; the Sámi
// are to move at turn 40.
constexpr const char* kKingAndLandlord =
    "KS..../...../....../...../....../...../....../...../....../...../....../...../.....l "
    "sami - 40 41 -";

TEST(DablotTensor, TheLayoutNamesEveryPlane) {
  EXPECT_EQ(static_cast<int>(LoadDablot()->TensorLayout().size()), LoadDablot()->TensorShape()[0]);
}

TEST(DablotTensor, PiecesTurnsAndSideToMove) {
  const auto state = LoadDablot()->NewStateFromPosition(kKingAndLandlord);
  const auto tensor = Tensor(*state);
  // Point 1 is the corner (0, 0); point 72 the far corner (12, 10).
  EXPECT_EQ(Plane(tensor, static_cast<int>(Piece::kKing) - 1, 0), 1.0f);
  EXPECT_EQ(Plane(tensor, static_cast<int>(Piece::kLandlord) - 1, 12 * kGridWidth + 10), 1.0f);
  EXPECT_EQ(Plane(tensor, kPlaneToMove + 0), 1.0f);
  EXPECT_EQ(Plane(tensor, kPlaneToMove + 1), 0.0f);
  EXPECT_EQ(Plane(tensor, kPlanePhase + 1), 1.0f);
  EXPECT_EQ(Plane(tensor, kPlaneTurns, 57), 40.0f);
}

TEST(DablotTensor, TheWinnerAndTheEnding) {
  const auto state = LoadDablot()->NewStateFromPosition(
      "K...../...../....../...../....../...../....../...../....../...../....../...../...... "
      "swedes - 40 41 sami");
  const auto tensor = Tensor(*state);
  EXPECT_EQ(Plane(tensor, kPlanePhase + 2), 1.0f);
  EXPECT_EQ(Plane(tensor, kPlaneWinner + 0), 1.0f);
  EXPECT_EQ(Plane(tensor, kPlaneWinner + 1), 0.0f);
  EXPECT_EQ(Plane(tensor, kPlaneToMove + 1), 0.0f);  // nobody moves once the game is over
}

TEST(DablotTensor, TheChainPiece) {
  // The Sámi King on point 12 (row 3's first corner, cell (2, 0)) jumped and may go on over the
  // Swedish soldier on point 18 (cell (3, 1)).
  const auto state = LoadDablot()->NewStateFromPosition(
      "....../...../K...../s..../....../...../....../...../....../...../....../...../.....l "
      "sami 12 40 41 -");
  const auto tensor = Tensor(*state);
  EXPECT_EQ(Plane(tensor, kPlaneChain, 2 * kGridWidth + 0), 1.0f);
  EXPECT_EQ(Plane(tensor, static_cast<int>(Piece::kSwedishSoldier) - 1, 3 * kGridWidth + 1), 1.0f);
}

}  // namespace
}  // namespace quartel::dablot
