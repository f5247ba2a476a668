// The bots' Stratego setups (issue 8, 1.8): the heuristic bot and MCTS (through the
// MctsHooks::SetupPlan hook, src/ai/hooks/stratego_hooks.cc) draw their armies from SampleSetup
// (games/stratego/setups.h), a broad distribution with the Flag guarded, never one of a few
// public presets; for every army.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "ai/mcts.h"
#include "core/rng.h"
#include "engine/game.h"
#include "games/all_games.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"
#include "stratego_test_helpers.h"

namespace quartel::stratego {
namespace {

using engine::Action;

// Both seats set up by `bot_spec` bots (seeds `seed`, `seed + 1`); returns the two setups.
std::array<std::string, 2> BotSetups(const engine::Game& game, const std::string& bot_spec,
                                     std::uint64_t seed) {
  std::array<std::unique_ptr<ai::Bot>, 2> bots = {ai::MakeBot(bot_spec, game, seed),
                                                  ai::MakeBot(bot_spec, game, seed + 1)};
  auto state = game.NewInitialState();
  while (Pos(*state).h.phase == Phase::kSetup) {
    state->ApplyAction(bots[state->CurrentSeat()]->ChooseAction(
        quartel::engine::SeatHandle(*state, state->CurrentSeat())));
  }
  return {SetupString(Pos(*state), 0), SetupString(Pos(*state), 1)};
}

bool IsPreset(const std::string& setup, int seat) {
  for (const Preset& preset : Presets()) {
    if (preset.army == ArmyKind::kClassic && setup == PresetSetup(preset.name, seat)) return true;
  }
  return false;
}

class StrategoBotSetup : public testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() {
    games::RegisterAllGames();
    ai::RegisterBuiltinBots();
  }
};

// Twelve games' setups: all different, none a preset, the Flag on more than two squares.
TEST_P(StrategoBotSetup, VariedAndNotPresets) {
  const auto game = engine::LoadGame("stratego");
  std::set<std::string> setups;
  std::set<std::size_t> flag_squares;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const auto both = BotSetups(*game, GetParam(), seed * 10);
    for (int seat = 0; seat < 2; ++seat) {
      EXPECT_FALSE(IsPreset(both[seat], seat)) << both[seat];
      setups.insert(both[seat]);
      flag_squares.insert(both[seat].find('F') + 100 * seat);
    }
  }
  EXPECT_EQ(setups.size(), 24u);
  EXPECT_GT(flag_squares.size(), 6u);
}

// Barrage and the seed's army: the bots set up legal armies of that kind.
TEST_P(StrategoBotSetup, EveryArmy) {
  for (const char* army : {"barrage", "seed"}) {
    const auto game = engine::LoadGame("stratego", {{"army", army}});
    const auto both = BotSetups(*game, GetParam(), 3);
    const Army expected = army == std::string("barrage") ? BarrageArmy() : SeedArmy();
    for (int seat = 0; seat < 2; ++seat) {
      EXPECT_NO_THROW(ParseSetupString(both[seat], expected)) << army << " " << both[seat];
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Bots, StrategoBotSetup, testing::Values("heuristic", "mcts:iterations=8"),
                         [](const auto& info) { return info.index == 0 ? "Heuristic" : "Mcts"; });

// MCTS reaches SampleSetup through its hook: at the start of a seat's setup the plan is the
// sampled setup's placements; elsewhere there is no plan.
TEST(StrategoMctsHooks, SetupPlanIsASampledSetup) {
  games::RegisterAllGames();
  ai::RegisterBuiltinBots();
  const auto game = engine::LoadGame("stratego", {{"army", "barrage"}});
  const auto hooks = ai::MakeMctsHooks("stratego");
  auto state = game->NewInitialState();
  Rng rng(9), same(9);
  const std::vector<Action> plan = hooks->SetupPlan(*state, rng);
  const std::vector<Action> expected = state->StringToTurn(SampleSetup(BarrageArmy(), 0, same));
  EXPECT_EQ(plan, expected);
  for (Action a : plan) state->ApplyAction(a);
  EXPECT_EQ(hooks->SetupPlan(*state, rng).size(), 8u);  // Blue's turn to set up
  state->ApplyAction(state->LegalActions().front());
  EXPECT_TRUE(hooks->SetupPlan(*state, rng).empty());  // Blue has begun
}

}  // namespace
}  // namespace quartel::stratego
