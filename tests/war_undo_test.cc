// WAR and WAR-II undo (issue 9 §5): along random games under every rule option, each action taken
// back restores a state equal to the one before it (and, every ninth ply, the same views for every
// viewer), and a whole stretch of actions taken back in reverse order returns to where it began.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/state.h"
#include "games/war/war.h"
#include "test_scale.h"
#include "war_test_helpers.h"

namespace quartel::war {
namespace {

using namespace test_helpers;  // war_test_helpers.h

std::string AllViews(const engine::State& state) {
  std::string seen = fmt::format("ply {} to act {}\n", state.PlyCount(), state.CurrentSeat());
  for (Seat viewer = engine::kSpectator; viewer < state.game().NumSeats(); ++viewer) {
    if (viewer < 0 && viewer != engine::kSpectator) continue;
    seen += state.ViewJson(viewer).dump() + "\n" + state.ViewText(viewer, false) + "\n";
  }
  return seen;
}

// Plays `plies` random actions; every one is applied with undo, taken back, compared and applied
// again; every `stretch` plies the last `stretch` actions are all taken back and replayed.
void ExpectUndoRestores(const WarGame& game, std::uint64_t seed, int plies, int stretch) {
  SCOPED_TRACE(fmt::format("{} seed {}", game.options().ToString(), seed));
  auto state = NewWarState(game);
  ASSERT_TRUE(state->SupportsUndo());
  Rng rng(seed);
  std::vector<std::pair<Action, engine::UndoInfo>> done;
  std::vector<std::unique_ptr<engine::State>> before;
  for (int ply = 0; ply < plies && !state->IsTerminal(); ++ply) {
    const Action action = PickRandom(*state, rng);
    auto copy = state->Clone();
    const bool compare_views = ply % 9 == 0;  // views are slow: Equals covers every ply
    const std::string seen = compare_views ? AllViews(*state) : "";
    engine::UndoInfo undo;
    state->DoApplyAction(action, &undo);
    state->UndoAction(action, undo);
    ASSERT_TRUE(state->Equals(*copy)) << "ply " << ply << ": " << copy->ActionToString(action);
    if (compare_views) {
      ASSERT_EQ(AllViews(*state), seen) << "ply " << ply;
    }
    before.push_back(std::move(copy));
    done.emplace_back(action, engine::UndoInfo{});
    state->DoApplyAction(action, &done.back().second);
    if (done.size() == static_cast<std::size_t>(stretch)) {
      auto end = state->Clone();
      for (std::size_t k = done.size(); k-- > 0;) {
        state->UndoAction(done[k].first, done[k].second);
        ASSERT_TRUE(state->Equals(*before[k])) << "taking back a stretch, at ply " << ply;
      }
      for (auto& [a, u] : done) state->DoApplyAction(a, &u);
      ASSERT_TRUE(state->Equals(*end));
      done.clear();
      before.clear();
    }
  }
}

TEST(WarUndo, EveryActionTakenBackRestoresTheStateWar) {
  for (int players = 3; players <= 6; ++players) {
    ExpectUndoRestores(LoadWarGame("war", players), 10 + players,
                       quartel::test_helpers::RandomPlies(1500), 40);
  }
}

TEST(WarUndo, EveryActionTakenBackRestoresTheStateWar2) {
  for (int players = 3; players <= 6; ++players) {
    for (const char* variant : {"false", "true"}) {
      for (const char* spy : {"false", "true"}) {
        const WarGame& game =
            LoadWarGame("war2", players, {{"variant", variant}, {"spy_centre", spy}});
        ExpectUndoRestores(game, 20 + players, quartel::test_helpers::RandomPlies(1200), 40);
      }
    }
  }
}

}  // namespace
}  // namespace quartel::war
