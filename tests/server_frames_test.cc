// The server's frames are a path out of the engine: the "state" each viewer receives
// (server::ViewerState) must be the same on any two states that viewer cannot tell apart, as the
// conformance suite requires of every engine path. Random games of the hidden-information games;
// at every decision each seat's payload, and the spectator's, are compared on the real state and
// on states sampled among those the seat cannot tell from it.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "games/all_games.h"
#include "server/room.h"
#include "test_scale.h"

namespace quartel::server {
namespace {

void ExpectPayloadsHideWhatTheSeatMayNotKnow(const std::string& id,
                                             const std::map<std::string, std::string>& options) {
  games::RegisterAllGames();
  const auto game = engine::LoadGame(id, options);
  int compared = 0;
  for (int g = 0; g < test_helpers::RandomGames(3); ++g) {
    Rng rng(100 + g);
    auto state = game->NewInitialState();
    for (int ply = 0; ply < test_helpers::RandomPlies(400) && !state->IsTerminal(); ++ply) {
      if (!state->IsChanceNode()) {
        for (engine::Seat seat = 0; seat < game->NumSeats(); ++seat) {
          const auto other = state->SampleConsistentState(seat, rng);
          for (engine::Seat viewer : {seat, engine::kSpectator}) {
            ASSERT_EQ(ViewerState(*state, {}, ply, viewer, std::nullopt),
                      ViewerState(*other, {}, ply, viewer, std::nullopt))
                << id << " game " << g << " ply " << ply << " seat " << seat << " viewer "
                << viewer;
            ++compared;
          }
        }
      }
      const auto legal = state->LegalActions();
      state->ApplyAction(state->IsChanceNode() ? engine::SampleChanceOutcome(*state, rng)
                                               : legal[rng.Below(legal.size())]);
    }
  }
  EXPECT_GT(compared, 100);
}

TEST(ServerFrames, StrategoPayloadsHideWhatTheSeatMayNotKnow) {
  ExpectPayloadsHideWhatTheSeatMayNotKnow("stratego", {});
}
TEST(ServerFrames, EspionagePayloadsHideWhatTheSeatMayNotKnow) {
  ExpectPayloadsHideWhatTheSeatMayNotKnow("espionage", {});
}
TEST(ServerFrames, WarPayloadsHideWhatTheSeatMayNotKnow) {
  ExpectPayloadsHideWhatTheSeatMayNotKnow("war", {{"players", "3"}});
}
TEST(ServerFrames, War2PayloadsHideWhatTheSeatMayNotKnow) {
  ExpectPayloadsHideWhatTheSeatMayNotKnow("war2", {{"players", "4"}, {"spy_centre", "true"}});
}

}  // namespace
}  // namespace quartel::server
