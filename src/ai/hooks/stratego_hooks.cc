// Stratego knowledge for MCTS: the bot's army is drawn from the game's own distribution of
// sensible setups (games/stratego/setups.h SampleSetup) rather than searched: a search over
// placements one at a time finds nothing (the opponent's army is unknown until play) and used to
// put the Flag wherever its first placement fell.
#include <memory>
#include <string>
#include <vector>

#include "ai/hooks/hooks.h"
#include "ai/mcts.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"

namespace quartel::ai {
namespace {

class StrategoHooks : public MctsHooks {
 public:
  // At the start of a seat's setup (nothing placed yet): the placements of a sampled setup.
  std::vector<engine::Action> SetupPlan(const engine::State& state, Rng& rng) const override {
    const auto& position = static_cast<const stratego::StrategoState&>(state).position();
    const int seat = position.h.to_move;
    if (position.h.phase != stratego::Phase::kSetup ||
        position.h.to_place[seat] != position.FullArmy()) {
      return {};
    }
    return state.StringToTurn(stratego::SampleSetup(position.FullArmy(), seat, rng));
  }
};

}  // namespace

void RegisterStrategoHooks() {
  RegisterMctsHooks("stratego", [] { return std::make_unique<StrategoHooks>(); });
}

}  // namespace quartel::ai
