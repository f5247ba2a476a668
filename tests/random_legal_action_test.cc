// State::RandomLegalAction, the playouts' fast path, draws exactly what LegalActions then
// rng.Below(size) draws: the same action and the same draws of the generator, in every state of
// random games of every registered game and seat count (a game may override it to draw without
// building the list: Dablot and Conspiradores do, from their bitboards).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "games/all_games.h"

namespace quartel::engine {
namespace {

// Plays `games` random games of `game` and compares the two draws before every decision.
void CheckRandomLegalAction(const Game& game, int games) {
  std::vector<Action> legal, scratch;
  std::int64_t decisions = 0;
  for (int g = 0; g < games; ++g) {
    auto state = game.NewInitialState();
    Rng rng(100 + g);
    while (!state->IsTerminal()) {
      if (!state->IsChanceNode()) {
        Rng fast = rng, slow = rng;
        state->LegalActions(legal);
        ASSERT_FALSE(legal.empty());
        const Action expected = legal[slow.Below(static_cast<std::uint32_t>(legal.size()))];
        const Action drawn = state->RandomLegalAction(fast, scratch);
        ASSERT_EQ(drawn, expected)
            << game.info().id << " game " << g << " ply " << state->PlyCount() << "\n"
            << state->PositionText();
        ASSERT_EQ(fast.Next(), slow.Next())
            << "the generator was drawn a different number of times";
        ++decisions;
      }
      state->DoApplyAction(RandomAction(*state, rng, scratch), nullptr);
    }
  }
  EXPECT_GT(decisions, 0);
}

TEST(RandomLegalAction, DrawsAsLegalActionsThenBelowInEveryGame) {
  games::RegisterAllGames();
  for (const GameInfo& info : RegisteredGames()) {
    for (int seats : info.seat_counts) {
      std::map<std::string, std::string> options;
      if (seats != info.seat_counts.front()) options["players"] = std::to_string(seats);
      auto game = LoadGame(info.id, options);
      SCOPED_TRACE(info.id + " " + std::to_string(seats) + " seats");
      CheckRandomLegalAction(*game, 4);
    }
  }
}

}  // namespace
}  // namespace quartel::engine
