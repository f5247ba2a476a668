// Dablot rollout policy: random play that prefers captures. Material decides most Dablot games (a
// player who runs out of pieces or moves loses), so rollouts that ignore free captures value
// positions badly; always capturing would miss that captures are optional.
#include <array>
#include <cmath>
#include <memory>
#include <vector>

#include "ai/hooks/hooks.h"
#include "ai/mcts.h"
#include "games/dablot/dablot.h"

namespace quartel::ai {
namespace {

constexpr double kCaptureProbability = 0.8;
constexpr int kDablotRolloutPlies =
    8;  // rollouts are evaluated after this many plies (at a turn end)
// Material weights by rank (soldier, Prince/Son, King/Landlord): a King or Landlord can only be
// taken by its counterpart, so losing one makes the other side's invulnerable (seed: "Atenção").
constexpr std::array<double, 4> kRankWeight = {0, 1, 3, 6};
constexpr double kMaterialScale = 6.0;  // material units per tanh unit

class DablotHooks : public MctsHooks {
 public:
  engine::Action RolloutAction(const engine::State& state, Rng& rng,
                               std::vector<engine::Action>& scratch) const override {
    state.LegalActions(scratch);
    // Legal actions are sorted and jumps have the highest ids: they form the tail of the list.
    std::size_t first_jump = scratch.size();
    while (first_jump > 0 && dablot::IsJump(scratch[first_jump - 1])) --first_jump;
    const std::size_t jumps = scratch.size() - first_jump;
    if (jumps > 0 && (jumps == scratch.size() || rng.Unit() < kCaptureProbability)) {
      return scratch[first_jump + rng.Below(static_cast<std::uint32_t>(jumps))];
    }
    return scratch[rng.Below(static_cast<std::uint32_t>(first_jump))];
  }

  // Material balance after a short rollout: most Dablot games are decided by who runs out of
  // pieces (or of moves) first, and pure random rollouts of ~1000 plies say little.
  bool Evaluate(const engine::State& state, int rollout_plies,
                std::vector<double>& values) const override {
    if (rollout_plies < kDablotRolloutPlies || state.MidTurn() || state.IsChanceNode())
      return false;
    const auto& position = static_cast<const dablot::DablotState&>(state).position();
    double balance = 0;  // Sámi minus Swedes
    for (const dablot::Piece piece : position.board) {
      if (piece == dablot::Piece::kEmpty) continue;
      const double weight = kRankWeight[dablot::Rank(piece)];
      balance += dablot::Owner(piece) == 0 ? weight : -weight;
    }
    const double sami = std::tanh(balance / kMaterialScale);
    values.assign({sami, -sami});
    return true;
  }
};

}  // namespace

void RegisterDablotHooks() {
  RegisterMctsHooks("dablot", [] { return std::make_unique<DablotHooks>(); });
}

}  // namespace quartel::ai
