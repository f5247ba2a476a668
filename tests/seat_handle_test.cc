// engine::SeatHandle, one viewer's only way into a state (issue 9, section 1), and the ownership
// and range contracts of the engine API (section 2).
#include "engine/seat_handle.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "engine/record.h"
#include "games/all_games.h"

namespace quartel::engine {
namespace {

// Stratego with both armies set up from the public preset "fortress" (a Bomb on a1), Red to move.
std::unique_ptr<State> StrategoAfterSetups() {
  games::RegisterAllGames();
  auto state = LoadGame("stratego")->NewInitialState();
  for (int seat = 0; seat < 2; ++seat) {
    for (Action action : state->StringToTurn("preset fortress")) state->ApplyAction(action);
  }
  EXPECT_EQ(state->CurrentSeat(), 0);
  return state;
}

std::string ErrorOf(const auto& attempt) {
  try {
    attempt();
  } catch (const Error& e) {
    return e.what();
  }
  return "accepted";
}

TEST(SeatHandle, AnotherSeatsInputIsRefusedBeforeAnyRuleSpeaks) {
  const auto state = StrategoAfterSetups();
  const SeatHandle red(*state, 0), blue(*state, 1), spectator(*state, kSpectator);
  // Red owns the Bomb on a1: the rules may tell Red why it cannot move.
  EXPECT_NE(ErrorOf([&] { red.ParseTurn("a1-a2", red.version()); }).find("Bomb"),
            std::string::npos);
  // Blue, asking the same, learns only that it is not its turn (the engine's own parser would
  // have answered "a Bomb never moves", telling Blue what stands on a1).
  const std::string told_blue = ErrorOf([&] { blue.ParseTurn("a1-a2", blue.version()); });
  EXPECT_EQ(told_blue, "it is not your turn: Red is to act");
  EXPECT_EQ(blue.WhyRefused(0, blue.version()), "it is not your turn: Red is to act");
  EXPECT_EQ(ErrorOf([&] { spectator.ParseAction("a1-a2", spectator.version()); }),
            "a spectator does not act");
}

TEST(SeatHandle, StaleInputIsRefusedFirst) {
  const auto state = StrategoAfterSetups();
  const SeatHandle red(*state, 0);
  const std::string stale = ErrorOf([&] { red.ParseTurn("a4-a5", red.version() - 1); });
  EXPECT_NE(stale.find("stale"), std::string::npos) << stale;
  EXPECT_NE(red.WhyRefused(red.LegalActions().front(), red.version() + 1).find("stale"),
            std::string::npos);
  EXPECT_EQ(red.WhyRefused(red.LegalActions().front(), red.version()), "");
}

TEST(SeatHandle, LegalActionsAndMaskOnlyOnTheViewersDecision) {
  const auto state = StrategoAfterSetups();
  const SeatHandle red(*state, 0), blue(*state, 1), spectator(*state, kSpectator);
  EXPECT_EQ(red.LegalActions(), state->LegalActions());
  EXPECT_TRUE(blue.LegalActions().empty());
  EXPECT_TRUE(spectator.LegalActions().empty());
  const auto mask = red.LegalActionMask();
  ASSERT_EQ(static_cast<int>(mask.size()), state->game().NumDistinctActions());
  for (Action action = 0; action < state->game().NumDistinctActions(); ++action) {
    EXPECT_EQ(mask[action] == 1, state->WhyIllegal(action).empty()) << action;
  }
  const auto blue_mask = blue.LegalActionMask();
  EXPECT_EQ(std::count(blue_mask.begin(), blue_mask.end(), 1), 0);
}

TEST(SeatHandle, InvalidViewersAreRefused) {
  const auto state = StrategoAfterSetups();
  for (Seat viewer : {2, -2, -1, 100, -1000}) {
    EXPECT_THROW(SeatHandle(*state, viewer), Error) << viewer;
  }
  Rng rng(1);
  EXPECT_THROW(SeatHandle(*state, kSpectator).SampleState(rng), Error);
}

TEST(SeatHandle, MatchVersionCountsEveryEntry) {
  games::RegisterAllGames();
  Match match(LoadGame("dablot"), {"a", "b"});
  const int before = match.version();
  match.Apply(match.state().LegalActions().front());
  EXPECT_EQ(match.version(), before + 1);
  EXPECT_EQ(match.Handle(kSpectator).version(), before + 1);
}

TEST(EngineContracts, AStateKeepsItsGameAlive) {
  games::RegisterAllGames();
  std::unique_ptr<State> state;
  {
    auto game = LoadGame("conspiradores");
    state = game->NewInitialState();
  }  // the last outside reference to the game is gone
  EXPECT_EQ(state->game().id(), "conspiradores");
  state->ApplyAction(state->LegalActions().front());
  EXPECT_FALSE(state->ViewText(kSpectator, false).empty());
}

TEST(EngineContracts, TheUncheckedApplyRefusesIdsOutOfRange) {
  games::RegisterAllGames();
  for (const GameInfo& info : RegisteredGames()) {
    auto state = LoadGame(info.id)->NewInitialState();
    const int limit = state->game().NumDistinctActions();
    for (Action action : {-1, limit, limit + 1000, -1000000}) {
      EXPECT_THROW(state->DoApplyAction(action, nullptr), Error) << info.id << " " << action;
    }
    EXPECT_EQ(state->PlyCount(), 0) << info.id;
  }
}

TEST(EngineContracts, SerialisedStatesRefuseBadText) {
  games::RegisterAllGames();
  for (const char* text :
       {"", "[]", "{}", R"({"game": "chess", "options": {}, "rules_version": "x", "position": ""})",
        R"({"game": "dablot", "options": {"max_turns": "x"}, "rules_version": "dablot-1",
            "position": ""})",
        R"({"game": "dablot", "options": {}, "rules_version": "dablot-0", "position": ""})"}) {
    const std::string error = ErrorOf([&] { DeserializeState(text); });
    EXPECT_TRUE(error.starts_with("state: ")) << text << " -> " << error;
  }
}

}  // namespace
}  // namespace quartel::engine
