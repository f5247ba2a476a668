// Espionage notation and turn descriptions told to a seat that is not to act (rulings "Espionage";
// helper brief, issue 9 item 1): ActionToStringFor of every action id, legal or not, and
// DescribeTurn of every action legal in both whose outcome the viewer sees alike, are equal on two
// states the viewer cannot tell apart (the true state and SampleConsistentState for that viewer; a
// spectator knows less than either seat, so a seat's sample is indistinguishable to it too).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/game.h"
#include "espionage_test_helpers.h"
#include "games/espionage/espionage.h"
#include "test_scale.h"

namespace quartel::espionage {
namespace {

using test_helpers::Game;

void ExpectSameNotation(const engine::State& state, const engine::State& sample,
                        engine::Seat viewer) {
  for (Action action = 0; action < kNumActions; ++action) {
    ASSERT_EQ(state.ActionToStringFor(action, viewer), sample.ActionToStringFor(action, viewer))
        << "viewer " << viewer << ", action " << action << " in " << state.PositionText();
  }
  // The placement the other seat chose is its secret (setups are secret until both are
  // complete): every placement id reads alike to the viewer.
  const Json view = state.ViewJson(viewer);
  if (view["phase"] == "setup") {
    for (Action action = kFirstPlace; action < kFirstMove; ++action) {
      ASSERT_EQ(state.ActionToStringFor(action, viewer),
                state.ActionToStringFor(kFirstPlace, viewer))
          << "viewer " << viewer << ", action " << action;
    }
  }
  const std::vector<Action> legal = state.LegalActions(), sample_legal = sample.LegalActions();
  for (Action action : legal) {
    if (!std::binary_search(sample_legal.begin(), sample_legal.end(), action)) continue;
    // A description may tell what the action's outcome makes public anyway (a setup that ends):
    // compared where the viewer's views after it agree.
    auto after = state.Clone(), sample_after = sample.Clone();
    after->ApplyAction(action);
    sample_after->ApplyAction(action);
    if (after->ViewJson(viewer) != sample_after->ViewJson(viewer)) continue;
    const std::vector<Action> turn = {action};
    ASSERT_EQ(state.DescribeTurn(turn, viewer), sample.DescribeTurn(turn, viewer))
        << "viewer " << viewer << ", action " << action << " in " << state.PositionText();
  }
}

TEST(EspionageNotationSecrecy, EqualForStatesTheViewerCannotTellApart) {
  Rng rng(21);
  for (int game = 0; game < quartel::test_helpers::RandomGames(3); ++game) {
    auto state = Game().NewInitialState();
    for (int ply = 0; !state->IsTerminal(); ++ply) {
      if (ply % 7 == 0) {
        for (engine::Seat seat : {0, 1}) {
          if (state->CurrentSeat() == seat) continue;  // only a seat not to act
          const auto sample = state->SampleConsistentState(seat, rng);
          ExpectSameNotation(*state, *sample, seat);
          ExpectSameNotation(*state, *sample, engine::kSpectator);
          if (::testing::Test::HasFatalFailure()) return;
        }
      }
      const auto actions = state->LegalActions();
      state->ApplyAction(actions[rng.Below(static_cast<std::uint32_t>(actions.size()))]);
    }
  }
}

}  // namespace
}  // namespace quartel::espionage
