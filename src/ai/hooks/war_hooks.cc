// WAR evaluation for MCTS: random WAR games last tens of thousands of actions (armies are placed
// and moved one at a time), so rollouts stop after a short horizon and score the board. Territory
// share drives both income and most objectives; it uses only public information.
#include <memory>
#include <vector>

#include "ai/hooks/hooks.h"
#include "ai/mcts.h"
#include "games/war/war.h"

namespace quartel::ai {
namespace {

constexpr int kRolloutPlies = 60;

class WarHooks : public MctsHooks {
 public:
  bool Evaluate(const engine::State& state, int rollout_plies,
                std::vector<double>& values) const override {
    if (rollout_plies < kRolloutPlies || state.IsChanceNode()) return false;
    const auto& war = static_cast<const war::WarState&>(state);
    const auto& position = war.position();
    const int seats = position.num_seats;
    const double territories = war.map().NumTerritories();
    // (seats * share - 1) / (seats - 1): 1 for the whole map, -1/(seats-1) for nothing; sums to 0.
    values.assign(seats, 0.0);
    for (int seat = 0; seat < seats; ++seat) {
      values[seat] = (seats * position.territory_count[seat] / territories - 1.0) / (seats - 1);
    }
    return true;
  }
};

}  // namespace

void RegisterWarHooks() {
  RegisterMctsHooks("war", [] { return std::make_unique<WarHooks>(); });
  RegisterMctsHooks("war2", [] { return std::make_unique<WarHooks>(); });
}

}  // namespace quartel::ai
