// WAR's tensor (war.h, "ViewTensor") read back by the names TensorLayout gives its values and
// compared with the JSON view of the same viewer, over random WAR and WAR-II games (Information
// Centres included): the board, each hand and objective exactly where the viewer may see them
// (its own, a spied hand, a captured Information Centre's), the phase and the result. (That the
// tensor carries nothing more and nothing less than the JSON view is checked by the conformance
// suite.)
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "games/all_games.h"
#include "games/war/war.h"
#include "test_scale.h"

namespace quartel::war {
namespace {

class TensorByName {
 public:
  TensorByName(const engine::State& state, engine::Seat viewer)
      : values_(static_cast<std::size_t>(state.game().TensorSize())) {
    state.ViewTensor(viewer, values_);
    const std::vector<std::string> names = state.game().TensorLayout();
    for (std::size_t i = 0; i < names.size(); ++i) index_[names[i]] = i;
  }
  bool Has(const std::string& name) const { return index_.count(name) > 0; }
  float operator[](const std::string& name) const {
    const auto it = index_.find(name);
    if (it == index_.end()) throw Error("no tensor value named " + name);
    return values_[it->second];
  }

 private:
  std::vector<float> values_;
  std::map<std::string, std::size_t> index_;
};

void ExpectTensorReadsAsJson(const WarState& state, engine::Seat viewer) {
  const WarGame& game = state.war_game();
  const TensorByName tensor(state, viewer);
  const Json view = state.ViewJson(viewer);
  for (const Json& territory : view["territories"]) {
    const std::string id = territory["id"];
    ASSERT_EQ(tensor[id + ": armies"], territory["armies"].get<float>()) << id;
    if (!territory["owner"].is_null()) {
      ASSERT_EQ(
          tensor[fmt::format("{}: 1 if owned by {}", id, territory["owner"].get<std::string>())],
          1.0f)
          << id;
    }
  }
  for (engine::Seat s = 0; s < game.NumSeats(); ++s) {
    const Json& seat = view["seats"][s];
    const std::string colour = seat["colour"];
    ASSERT_EQ(tensor[colour + ": cards"], seat["cards"].get<float>());
    const bool hand_shown = seat.contains("hand");
    ASSERT_EQ(tensor[colour + ": 1 if the viewer sees the hand"], hand_shown ? 1.0f : 0.0f)
        << colour << " viewer " << viewer;
    std::map<std::string, int> hand;  // card id -> how many
    if (hand_shown) {
      for (const Json& card : seat["hand"]) ++hand[card["card"].get<std::string>()];
    }
    int cards_in_tensor = 0;
    std::set<std::string> ids;  // identical cards share an id and a value
    for (int card = 0; card < game.NumCards(); ++card) {
      const std::string id = state.CardId(card);
      if (!ids.insert(id).second) continue;
      const std::string value =
          fmt::format("{}'s hand: cards {} (the count)", colour, state.CardName(card));
      ASSERT_EQ(tensor[value], static_cast<float>(hand[id])) << value;
      cards_in_tensor += static_cast<int>(tensor[value]);
    }
    ASSERT_EQ(cards_in_tensor, hand_shown ? static_cast<int>(seat["hand"].size()) : 0);
    ASSERT_EQ(tensor[colour + ": 1 if the viewer sees the objective"],
              seat.contains("objective") ? 1.0f : 0.0f);
  }
  ASSERT_EQ(tensor[fmt::format("1 if the phase is {}", view["phase"].get<std::string>())], 1.0f);
  ASSERT_EQ(tensor["turn"], view["turn"].get<float>());
  ASSERT_EQ(tensor["cards in the pile"], view["pile"].get<float>());
  if (view.contains("winner")) {
    const std::string winner = view["winner"];
    ASSERT_EQ(tensor[winner == "draw" ? "1 if a draw" : fmt::format("1 if {} won", winner)], 1.0f);
  }
}

TEST(WarTensor, ReadsBackAsTheJsonViewForEveryViewer) {
  games::RegisterAllGames();
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> games = {
      {"war", {{"players", "4"}, {"max_turns", "30"}}},
      {"war2", {{"players", "3"}, {"spy_centre", "true"}, {"max_turns", "30"}}}};
  Rng rng(9);
  int hands_seen_of_others = 0;
  for (const auto& [id, options] : games) {
    const auto game = engine::LoadGame(id, options);
    for (int g = 0; g < quartel::test_helpers::RandomGames(2); ++g) {
      auto state = game->NewInitialState();
      std::vector<engine::Action> legal;
      for (int ply = 0; !state->IsTerminal(); ++ply) {
        const auto& war = static_cast<const WarState&>(*state);
        if (ply % 37 == 0) {
          for (engine::Seat viewer = engine::kSpectator; viewer < game->NumSeats(); ++viewer) {
            if (viewer == engine::kTerminalSeat || viewer == engine::kChanceSeat) continue;
            ExpectTensorReadsAsJson(war, viewer);
            if (::testing::Test::HasFatalFailure()) return;
            for (engine::Seat s = 0; s < game->NumSeats(); ++s) {
              hands_seen_of_others += viewer >= 0 && s != viewer && war.board().SeesHand(viewer, s);
            }
          }
        }
        state->LegalActions(legal);
        state->ApplyAction(engine::RandomAction(*state, rng, legal));
      }
      for (engine::Seat viewer = engine::kSpectator; viewer < game->NumSeats(); ++viewer) {
        if (viewer == engine::kTerminalSeat || viewer == engine::kChanceSeat) continue;
        ExpectTensorReadsAsJson(static_cast<const WarState&>(*state), viewer);
      }
    }
  }
  EXPECT_GT(hands_seen_of_others, 0) << "no spied or captured hand was checked";
}

TEST(WarTensor, TheLayoutNamesEveryValue) {
  games::RegisterAllGames();
  for (const char* id : {"war", "war2"}) {
    const auto game = engine::LoadGame(id, {});
    EXPECT_EQ(static_cast<int>(game->TensorLayout().size()), game->TensorSize()) << id;
  }
}

}  // namespace
}  // namespace quartel::war
