// Espionage setups for MCTS: a whole setup drawn from the game's own distribution of guarded
// setups (games/espionage/setups.h, the one every bot uses) instead of a search over 30
// placements, which placed the Headquarters first, wherever the search happened to put it.
// Play uses the default hooks.
#include <memory>
#include <vector>

#include "ai/hooks/hooks.h"
#include "ai/mcts.h"
#include "games/espionage/espionage.h"
#include "games/espionage/setups.h"

namespace quartel::ai {
namespace {

class EspionageHooks : public MctsHooks {
 public:
  // At the start of the seat's setup (nothing placed yet): the placements of a drawn setup.
  std::vector<engine::Action> SetupPlan(const engine::State& state, Rng& rng) const override {
    const auto* espionage = dynamic_cast<const espionage::EspionageState*>(&state);
    if (espionage == nullptr) return {};
    const espionage::Position& p = espionage->position();
    if (p.phase != espionage::Phase::kSetup || p.to_place[p.to_move] != espionage::FullArmy()) {
      return {};
    }
    return espionage::ParseSetup(espionage::DrawSetup(p.to_move, rng), p.to_move);
  }
};

}  // namespace

void RegisterEspionageHooks() {
  RegisterMctsHooks("espionage", [] { return std::make_unique<EspionageHooks>(); });
}

}  // namespace quartel::ai
