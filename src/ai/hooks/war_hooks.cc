// WAR evaluation for MCTS: random WAR games last tens of thousands of actions (armies are placed
// and moved one at a time), so rollouts stop after a short horizon and score the board. Territory
// share drives both income and most objectives; it uses only public information. A turn's time
// (turn_ms) goes mostly to attacks: an army placed or moved weighs little, and a turn is expected
// to go on with a few attacks and a few moves after the decision at hand.
#include <algorithm>
#include <memory>
#include <vector>

#include "ai/hooks/hooks.h"
#include "ai/mcts.h"
#include "games/war/war.h"

namespace quartel::ai {
namespace {

constexpr int kWarRolloutPlies = 60;

// TurnShare's weights (relative thinking time) and the decisions a turn is expected to have left.
constexpr double kPlaceWeight = 0.15;   // one army placed (or a card trade)
constexpr double kAttackWeight = 1.0;   // an attack, an air attack, or ending the attacks
constexpr double kOccupyWeight = 0.5;   // the armies moved into a conquest
constexpr double kMoveWeight = 0.2;     // one army moved (or ending the turn)
constexpr double kOtherWeight = 0.3;    // WAR-II: a card use, a transport, a discard
constexpr double kAttacksExpected = 4;  // attack decisions still to come while attacking
constexpr double kMovesExpected = 4;    // move decisions still to come in the movement
constexpr double kAttacksAndMoves = kAttacksExpected * kAttackWeight + kMovesExpected * kMoveWeight;

class WarHooks : public MctsHooks {
 public:
  bool Evaluate(const engine::State& state, int rollout_plies,
                std::vector<double>& values) const override {
    if (rollout_plies < kWarRolloutPlies || state.IsChanceNode()) return false;
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

  // The armies to place are public; so are the phase and what a card use has gathered.
  TurnWeights TurnShare(const engine::State& state) const override {
    const auto& position = static_cast<const war::WarState&>(state).position();
    switch (position.phase) {
      case war::Phase::kReinforce: {
        int armies = position.general_pool;
        for (const auto pool : position.continent_pool) armies += pool;
        // Round 1 (WAR; WAR-II's round 1 (a)) is placement only: nothing follows the armies.
        const bool placing_only = position.turns_begun[position.seat] <= 1;
        return {kPlaceWeight,
                std::max(0, armies - 1) * kPlaceWeight + (placing_only ? 0.0 : kAttacksAndMoves)};
      }
      case war::Phase::kAttack:
        return {kAttackWeight, kAttacksAndMoves};
      case war::Phase::kOccupy:
        return {kOccupyWeight, kAttacksAndMoves};
      case war::Phase::kMove:
        return {kMoveWeight, kMovesExpected * kMoveWeight};
      case war::Phase::kCardUse:
      case war::Phase::kTransport:
      case war::Phase::kDiscardDown:
      case war::Phase::kCiPay:
        return {kOtherWeight, kAttacksAndMoves};
      default:  // the setup's claims and choices: one decision a turn
        return {};
    }
  }
};

}  // namespace

void RegisterWarHooks() {
  RegisterMctsHooks("war", [] { return std::make_unique<WarHooks>(); });
  RegisterMctsHooks("war2", [] { return std::make_unique<WarHooks>(); });
}

}  // namespace quartel::ai
