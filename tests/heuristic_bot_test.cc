// Tests of the heuristic bot (src/ai/heuristic_bot.cc) for Stratego and Espionage: it sees only its
// own view (two states its seat cannot tell apart give the same action), it plays only legal
// actions through whole games, its setups keep the Flag / Headquarters guarded, and it beats the
// random bot (issue 4, section 5: at least 95% of games; the full 200-game arenas are in the
// report of the change, here a quick one).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ai/arena.h"
#include "ai/bot.h"
#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "engine/state.h"
#include "games/all_games.h"
#include "games/espionage/espionage.h"

namespace quartel::ai {
namespace {

using engine::Action;

class HeuristicBotTest : public ::testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() {
    games::RegisterAllGames();
    RegisterBuiltinBots();
  }
  std::shared_ptr<const engine::Game> Game() const { return engine::LoadGame(GetParam()); }
};

// Plays one game, heuristic (seed `seed`) on `heuristic_seat` against random; calls
// `at_decision(state)` before each decision of the heuristic seat. Returns the final state.
template <typename Visit>
std::unique_ptr<engine::State> PlayAgainstRandom(const engine::Game& game, int heuristic_seat,
                                                 std::uint64_t seed, Visit at_decision) {
  auto heuristic = MakeBot("heuristic", game, seed);
  auto random = MakeBot("random", game, seed + 1);
  Rng chance(seed);
  auto state = game.NewInitialState();
  while (!state->IsTerminal()) {
    if (state->IsChanceNode()) {
      state->ApplyAction(engine::SampleChanceOutcome(*state, chance));
    } else if (state->CurrentSeat() == heuristic_seat) {
      at_decision(*state);
      state->ApplyAction(heuristic->ChooseAction(quartel::engine::SeatHandle(
          *state, state->CurrentSeat())));  // checked: throws if illegal
    } else {
      state->ApplyAction(
          random->ChooseAction(quartel::engine::SeatHandle(*state, state->CurrentSeat())));
    }
  }
  return state;
}

// Own view only: at positions along games, two states dealt from the real one by
// SampleConsistentState with different seeds (the opponent's unseen ranks permuted, the seat's
// view byte-identical) must get the same action from two bots made with the same seed.
TEST_P(HeuristicBotTest, SameViewSameAction) {
  const auto game = Game();
  Rng deal(11);
  int compared = 0, differing_states = 0;
  for (int seat = 0; seat < 2; ++seat) {
    int decision = 0;
    PlayAgainstRandom(*game, seat, 100 + seat, [&](const engine::State& state) {
      if (decision++ % 7 != 0) return;
      const auto one = state.SampleConsistentState(seat, deal);
      const auto two = state.SampleConsistentState(seat, deal);
      ASSERT_EQ(one->ViewJson(seat).dump(), two->ViewJson(seat).dump());
      if (!one->Equals(*two)) ++differing_states;
      for (const std::uint64_t seed : {1u, 2u}) {
        auto bot_one = MakeBot("heuristic", *game, seed);
        auto bot_two = MakeBot("heuristic", *game, seed);
        ASSERT_EQ(bot_one->ChooseAction(quartel::engine::SeatHandle(*one, one->CurrentSeat())),
                  bot_two->ChooseAction(quartel::engine::SeatHandle(*two, two->CurrentSeat())))
            << state.ViewText(seat, false);
      }
      ++compared;
    });
  }
  EXPECT_GT(compared, 20);
  EXPECT_GT(differing_states, 10);  // the hidden ranks really differed
}

// Whole games against random on both seats, every heuristic action through the checked
// ApplyAction; the games end before the engine caps with a heuristic win (arena: >= 95%).
TEST_P(HeuristicBotTest, PlaysLegalGamesToTheEnd) {
  const auto game = Game();
  int wins = 0;
  for (int i = 0; i < 6; ++i) {
    const int seat = i % 2;
    const auto end = PlayAgainstRandom(*game, seat, 500 + i, [](const engine::State&) {});
    ASSERT_TRUE(end->IsTerminal());
    if (end->Returns()[seat] > 0) ++wins;
  }
  EXPECT_GE(wins, 5);
}

TEST_P(HeuristicBotTest, QuickArenaAgainstRandom) {
  const auto game = Game();
  const ArenaResult result = RunArena(*game, "heuristic", "random", 10, 1, 42);
  EXPECT_EQ(result.spec_a, "heuristic");
  EXPECT_GE(result.wins, 9) << result.Summary();
}

INSTANTIATE_TEST_SUITE_P(Games, HeuristicBotTest, ::testing::Values("stratego", "espionage"));

// Espionage keeps its Headquarters on the back row with Mines on every neighbour inside its home
// rows (Stratego's setups: tests/stratego_bot_setup_test.cc).
TEST(HeuristicBotSetup, GuardsTheHeadquarters) {
  games::RegisterAllGames();
  RegisterBuiltinBots();
  for (const std::string id : {"espionage"}) {
    const auto game = engine::LoadGame(id);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      auto bot = MakeBot("heuristic", *game, seed);
      Rng chance(seed);
      auto state = game->NewInitialState();
      // Both seats set up by the bot, until play starts.
      while (!state->IsTerminal()) {
        if (state->IsChanceNode()) {
          state->ApplyAction(engine::SampleChanceOutcome(*state, chance));
          continue;
        }
        const bool setup = state->ViewJson(state->CurrentSeat())["phase"] == "setup";
        if (!setup) break;
        state->ApplyAction(
            bot->ChooseAction(quartel::engine::SeatHandle(*state, state->CurrentSeat())));
      }
      const auto& position = static_cast<const espionage::EspionageState&>(*state).position();
      for (int seat = 0; seat < 2; ++seat) {
        const int back_row = seat == 0 ? 0 : 9, inward = seat == 0 ? 10 : -10;
        int hq = -1;
        for (int f = 0; f < 10; ++f) {
          const std::uint8_t cell = position.board[back_row * 10 + f];
          if ((cell & espionage::kOccupied) && (cell & 15) == espionage::kHq)
            hq = back_row * 10 + f;
        }
        ASSERT_GE(hq, 0) << "seat " << seat << ": no Headquarters on the back row";
        std::vector<int> neighbours = {hq + inward};
        if (hq % 10 > 0) neighbours.push_back(hq - 1);
        if (hq % 10 < 9) neighbours.push_back(hq + 1);
        for (int sq : neighbours) EXPECT_EQ(position.board[sq] & 15, espionage::kMine);
      }
    }
  }
}

TEST(HeuristicBotSpec, OtherGamesAreRefusedByName) {
  games::RegisterAllGames();
  RegisterBuiltinBots();
  const auto game = engine::LoadGame("dablot");
  try {
    MakeBot("heuristic", *game, 1);
    FAIL() << "expected an error";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("heuristic: no heuristic for game dablot"),
              std::string::npos);
  }
  EXPECT_EQ(MakeBot("heuristic:seed=5", *engine::LoadGame("stratego"), 1)->Spec(), "heuristic");
}

}  // namespace
}  // namespace quartel::ai
