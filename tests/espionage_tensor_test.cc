// Espionage tensors (espionage.h, "ViewTensor"): for each viewer the tensor carries exactly what
// its JSON view carries. Checked over random games of every phase, endings outside the rules and
// sampled states: equal JSON views give equal tensors (nothing more), different JSON views give
// different tensors (nothing less), and states a seat cannot tell apart give it equal tensors.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/game.h"
#include "espionage_test_helpers.h"
#include "games/espionage/espionage.h"

namespace quartel::espionage {
namespace {

using test_helpers::Game;

std::vector<float> Tensor(const engine::State& state, engine::Seat viewer) {
  std::vector<float> out(static_cast<std::size_t>(state.game().TensorSize()));
  state.ViewTensor(viewer, out);
  return out;
}

// Every state of a few random games per option set, with endings outside the rules along the way.
std::vector<std::unique_ptr<engine::State>> States() {
  std::vector<std::unique_ptr<engine::State>> states;
  const std::vector<std::map<std::string, std::string>> options = {
      {}, {{"reveal_on_combat", "true"}}, {{"no_capture_draw", "2"}, {"moves_per_turn", "1"}}};
  Rng rng(3);
  for (const auto& option : options) {
    for (int game = 0; game < 2; ++game) {
      auto state = Game(option).NewInitialState();
      for (int ply = 0; !state->IsTerminal(); ++ply) {
        states.push_back(state->Clone());
        if (ply % 61 == 7) {
          auto ended = state->Clone();
          const std::vector<engine::Outcome> results = {
              engine::Outcome::kDraw, ply % 2 ? engine::Outcome::kLoss : engine::Outcome::kDraw};
          ended->EndGame(ply % 2 ? engine::EndReason::kTime : engine::EndReason::kAgreement,
                         results);
          states.push_back(std::move(ended));
        }
        const auto actions = state->LegalActions();
        state->ApplyAction(actions[rng.Below(static_cast<std::uint32_t>(actions.size()))]);
      }
      states.push_back(std::move(state));
    }
  }
  return states;
}

TEST(EspionageTensor, LayoutHasALinePerPlane) {
  const auto& game = Game();
  EXPECT_EQ(static_cast<int>(game.TensorLayout().size()), game.TensorShape()[0]);
}

TEST(EspionageTensor, CarriesExactlyTheJsonView) {
  const auto states = States();
  for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
    std::map<std::string, std::vector<float>> by_json;
    std::map<std::vector<float>, std::string> by_tensor;
    for (const auto& state : states) {
      const std::string json = state->ViewJson(viewer).dump();
      const std::vector<float> tensor = Tensor(*state, viewer);
      const auto [j, new_json] = by_json.emplace(json, tensor);
      ASSERT_TRUE(new_json || j->second == tensor)
          << "viewer " << viewer << ": one JSON view, two tensors: " << json;
      const auto [t, new_tensor] = by_tensor.emplace(tensor, json);
      ASSERT_TRUE(new_tensor || t->second == json)
          << "viewer " << viewer << ": one tensor, two JSON views:\n"
          << t->second << "\n"
          << json;
    }
  }
}

TEST(EspionageTensor, EqualForStatesTheViewerCannotTellApart) {
  const auto states = States();
  Rng rng(8);
  for (std::size_t i = 0; i < states.size(); i += 3) {
    for (engine::Seat seat : {0, 1}) {
      const auto sample = states[i]->SampleConsistentState(seat, rng);
      ASSERT_EQ(Tensor(*sample, seat), Tensor(*states[i], seat)) << states[i]->PositionText();
    }
  }
}

}  // namespace
}  // namespace quartel::espionage
