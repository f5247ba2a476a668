// Tests of the WAR heuristic bot (src/ai/war_bot.cc): it plays only legal actions through whole
// games and finishes them, it sees only its own view (two states its seat cannot tell apart give
// the same action), its parameters are checked, and it beats the random bot (issue 3, section 4:
// at least 90% of 3-player games; the 200-game arena is in the report of the change, here a
// quick one).
#include "ai/war_bot.h"

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
#include "games/war/war.h"

namespace quartel::ai {
namespace {

using engine::Action;
using war::WarState;

class WarBotTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    games::RegisterAllGames();
    RegisterBuiltinBots();
  }
  std::shared_ptr<const engine::Game> game_ = engine::LoadGame("war");
};

// Plays one game with a "heuristic" bot on every seat; `at_decision(state)` runs before each
// decision. The checked ApplyAction throws on an illegal action.
template <typename Visit>
std::unique_ptr<engine::State> PlayWarBotsOnly(const engine::Game& game, std::uint64_t seed,
                                               Visit at_decision) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int seat = 0; seat < game.NumSeats(); ++seat)
    bots.push_back(MakeBot("heuristic", game, seed + seat));
  Rng chance(seed);
  auto state = game.NewInitialState();
  while (!state->IsTerminal()) {
    if (state->IsChanceNode()) {
      state->ApplyAction(engine::SampleChanceOutcome(*state, chance));
    } else {
      at_decision(*state);
      state->ApplyAction(bots[state->CurrentSeat()]->ChooseAction(
          quartel::engine::SeatHandle(*state, state->CurrentSeat())));
    }
  }
  return state;
}

TEST_F(WarBotTest, PlaysOnlyLegalActionsAndFinishesGames) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    int decisions = 0;
    auto state = PlayWarBotsOnly(*game_, seed, [&](const engine::State& s) {
      ++decisions;
      s.CheckConsistency();
    });
    const auto& war = static_cast<const WarState&>(*state);
    EXPECT_GE(war.position().winner, 0) << "seed " << seed << ": no winner (turn cap)";
    EXPECT_GT(decisions, 0);
  }
}

// Two samples of one state for the bot's own seat differ only in what that seat cannot see (the
// others' hands and objectives, the pile); a bot with the same seed must choose the same action.
TEST_F(WarBotTest, ChoosesFromItsOwnViewOnly) {
  int compared = 0, differing = 0;
  Rng sampler(99);
  PlayWarBotsOnly(*game_, 7, [&](const engine::State& s) {
    if (s.PlyCount() % 5 != 0) return;
    const engine::Seat seat = s.CurrentSeat();
    auto one = s.SampleConsistentState(seat, sampler);
    auto two = s.SampleConsistentState(seat, sampler);
    const auto& p1 = static_cast<const WarState&>(*one).position();
    const auto& p2 = static_cast<const WarState&>(*two).position();
    ASSERT_EQ(p1.hand[seat], p2.hand[seat]);
    ASSERT_EQ(p1.objective[seat], p2.objective[seat]);
    differing += p1.hand != p2.hand || p1.objective != p2.objective;
    auto bot_one = MakeBot("heuristic", *game_, 1234);
    auto bot_two = MakeBot("heuristic", *game_, 1234);
    EXPECT_EQ(bot_one->ChooseAction(quartel::engine::SeatHandle(*one, one->CurrentSeat())),
              bot_two->ChooseAction(quartel::engine::SeatHandle(*two, two->CurrentSeat())))
        << "ply " << s.PlyCount();
    ++compared;
  });
  EXPECT_GT(compared, 50);
  EXPECT_GT(differing, compared / 2);  // the test really varied the hidden parts
}

TEST_F(WarBotTest, ParametersAndSpec) {
  EXPECT_EQ(MakeBot("heuristic", *game_, 1)->Spec(), "heuristic");
  EXPECT_EQ(MakeBot("heuristic:attack=0.7,card=0.4", *game_, 1)->Spec(),
            "heuristic:attack=0.7,card=0.4");
  EXPECT_THROW(MakeBot("heuristic:attack=2", *game_, 1), Error);
  EXPECT_THROW(MakeBot("heuristic:card=x", *game_, 1), Error);
  EXPECT_THROW(MakeBot("heuristic:depth=3", *game_, 1), Error);
  EXPECT_THROW(MakeBot("heuristic", *engine::LoadGame("dablot"), 1), Error);
}

// Issue 3, section 4: beats random in at least 90% of 3-player games. The arena seats A on the
// even seats in even games (2 of 3 seats) and on the odd seat in odd games (1 of 3).
TEST_F(WarBotTest, BeatsRandom) {
#ifdef NDEBUG
  constexpr int kGames = 10;
  constexpr int kNeeded = 8;
#else
  constexpr int kGames = 4;
  constexpr int kNeeded = 3;
#endif
  const ArenaResult result = RunArena(*game_, "heuristic", "random", kGames, 1, 2024);
  EXPECT_GE(result.wins, kNeeded) << result.Summary();
}

}  // namespace
}  // namespace quartel::ai
