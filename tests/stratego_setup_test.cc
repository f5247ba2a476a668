// Whole Stratego setups (games/stratego/setups.h): the options setup_red and setup_blue, saving a
// setup as its 40-character string, the named presets and random setups.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "engine/record.h"
#include "games/all_games.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"

namespace quartel::stratego {
namespace {

const StrategoState& AsStratego(const engine::State& state) {
  return static_cast<const StrategoState&>(state);
}

std::shared_ptr<const engine::Game> Load(const std::map<std::string, std::string>& options) {
  games::RegisterAllGames();
  return engine::LoadGame("stratego", options);
}

TEST(StrategoSetup, PresetsHoldTheClassicArmyFromBothSides) {
  ASSERT_GE(Presets().size(), 3u);
  for (const Preset& preset : Presets()) {
    for (int seat = 0; seat < 2; ++seat) {
      const std::string setup = PresetSetup(preset.name, seat);
      EXPECT_EQ(setup.size(), 40u) << preset.name;
      EXPECT_NO_THROW(ParseSetupString(setup, ClassicArmy())) << preset.name;
    }
    // Turned round for Blue: Red's a1 (back row, left) is Blue's k10 (back row, left for Blue).
    EXPECT_EQ(PresetSetup(preset.name, 1)[39], PresetSetup(preset.name, 0)[0]);
  }
  EXPECT_THROW(PresetSetup("no-such-preset", 0), Error);
}

TEST(StrategoSetup, ParseRejectsWrongArmiesWithAClearMessage) {
  const std::string good = PresetSetup("fortress", 0);
  EXPECT_EQ(SetupToString(ParseSetupString(good, ClassicArmy())), good);
  try {
    ParseSetupString(good.substr(0, 39), ClassicArmy());
    FAIL() << "a short string was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("39 squares"), std::string::npos) << e.what();
  }
  std::string two_flags = good;
  two_flags[two_flags.find('X')] = 'F';
  EXPECT_THROW(ParseSetupString(two_flags, ClassicArmy()), Error);
  std::string bad_char = good;
  bad_char[5] = 'Q';
  EXPECT_THROW(ParseSetupString(bad_char, ClassicArmy()), Error);
}

TEST(StrategoSetup, RandomSetupsAreValidAndVary) {
  Rng rng(7);
  const std::string first = RandomSetup(ClassicArmy(), rng);
  EXPECT_NO_THROW(ParseSetupString(first, ClassicArmy()));
  bool differs = false;
  for (int i = 0; i < 20; ++i) {
    const std::string setup = RandomSetup(ClassicArmy(), rng);
    EXPECT_NO_THROW(ParseSetupString(setup, ClassicArmy()));
    differs |= setup != first;
  }
  EXPECT_TRUE(differs);
  // The seed's army of 39 leaves one square empty.
  const std::string seed = RandomSetup(SeedArmy(), rng);
  EXPECT_EQ(std::count(seed.begin(), seed.end(), '.'), 1);
  EXPECT_NO_THROW(ParseSetupString(seed, SeedArmy()));
}

TEST(StrategoSetup, BothOptionsStartThePlayPhase) {
  const std::string red = PresetSetup("fortress", 0), blue = PresetSetup("blitz", 1);
  auto game = Load({{"setup_red", red}, {"setup_blue", blue}});
  auto state = game->NewInitialState();
  const Position& p = AsStratego(*state).position();
  EXPECT_EQ(p.h.phase, Phase::kPlay);
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_EQ(SetupString(p, 0), red);
  EXPECT_EQ(SetupString(p, 1), blue);
  EXPECT_NO_THROW(state->CheckConsistency());
  // Red's first piece in the string stands on a1, Blue's on a7.
  EXPECT_EQ(PieceRank(p.board[0]), RankFromChar(red[0]));
  EXPECT_EQ(PieceRank(p.board[60]), RankFromChar(blue[0]));
}

TEST(StrategoSetup, RedOptionLeavesBlueToSetUp) {
  const std::string red = PresetSetup("shoreline", 0);
  auto game = Load({{"setup_red", red}});
  auto state = game->NewInitialState();
  EXPECT_EQ(AsStratego(*state).position().h.phase, Phase::kSetup);
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_THROW(SetupString(AsStratego(*state).position(), 1), Error);
  for (Action a : state->StringToTurn(PresetSetup("fortress", 1))) state->ApplyAction(a);
  EXPECT_EQ(AsStratego(*state).position().h.phase, Phase::kPlay);
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_EQ(SetupString(AsStratego(*state).position(), 1), PresetSetup("fortress", 1));
}

TEST(StrategoSetup, BlueOptionPlaysAfterRedsSetupAndUndoes) {
  const std::string blue = PresetSetup("shoreline", 1);
  auto game = Load({{"setup_blue", blue}});
  engine::Match match(game, {"human", "human"});
  EXPECT_EQ(match.state().CurrentSeat(), 0);
  const std::vector<Action> setup = match.state().StringToTurn(PresetSetup("blitz", 0));
  for (Action a : setup) match.Apply(a);
  const Position& p = AsStratego(match.state()).position();
  EXPECT_EQ(p.h.phase, Phase::kPlay);
  EXPECT_EQ(match.state().CurrentSeat(), 0);
  EXPECT_EQ(SetupString(p, 1), blue);
  match.Undo();
  EXPECT_EQ(AsStratego(match.state()).position().h.phase, Phase::kSetup);
  EXPECT_EQ(match.state().CurrentSeat(), 0);
  EXPECT_NO_THROW(match.state().CheckConsistency());
  // The record replays with the option.
  match.Apply(setup.back());
  EXPECT_NO_THROW(engine::Match::Replay(match.record()));
}

// Option setup: one string for both seats, each reading it from its own side.
TEST(StrategoSetup, SetupOptionAppliesToBothSeats) {
  const std::string setup = PresetSetup("fortress", 0);
  auto state = Load({{"setup", setup}})->NewInitialState();
  const Position& p = AsStratego(*state).position();
  EXPECT_EQ(p.h.phase, Phase::kPlay);
  EXPECT_EQ(SetupString(p, 0), setup);
  EXPECT_EQ(SetupString(p, 1), setup);  // the same string, read from Blue's side (a7 first)
  EXPECT_EQ(PieceRank(p.board[0]), RankFromChar(setup[0]));
  EXPECT_EQ(PieceRank(p.board[60]), RankFromChar(setup[0]));
  EXPECT_NO_THROW(state->CheckConsistency());
}

// setup_red / setup_blue override setup for their seat; presets and seeded random setups are
// accepted by all three options.
TEST(StrategoSetup, SeatOptionsOverrideSetup) {
  const std::string blitz = PresetSetup("blitz", 1);
  auto state =
      Load({{"setup", "preset shoreline"}, {"setup_blue", "preset blitz"}})->NewInitialState();
  const Position& p = AsStratego(*state).position();
  EXPECT_EQ(SetupString(p, 0), PresetSetup("shoreline", 0));
  EXPECT_EQ(SetupString(p, 1), blitz);
  auto random = Load({{"setup", "random 7"}})->NewInitialState();
  Rng rng(7);
  const std::string expected = RandomSetup(ClassicArmy(), rng);
  EXPECT_EQ(SetupString(AsStratego(*random).position(), 0), expected);
  EXPECT_EQ(SetupString(AsStratego(*random).position(), 1), expected);
  // Negative: without any option both seats set up as usual.
  EXPECT_EQ(AsStratego(*Load({})->NewInitialState()).position().h.phase, Phase::kSetup);
  try {
    Load({{"setup", "preset nosuch"}});
    FAIL() << "an unknown preset was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("option setup"), std::string::npos) << e.what();
  }
}

// A seat sees its own setup as the 40-character string (to save it) until it moves or loses a
// piece; the opponent and spectators never do.
TEST(StrategoSetup, OwnViewShowsTheSetupString) {
  const std::string red = PresetSetup("fortress", 0), blue = PresetSetup("blitz", 1);
  auto state = Load({{"setup_red", red}, {"setup_blue", blue}})->NewInitialState();
  EXPECT_EQ(state->ViewJson(0)["setup"], red);
  EXPECT_EQ(state->ViewJson(1)["setup"], blue);
  EXPECT_TRUE(state->ViewJson(engine::kSpectator)["setup"].is_null());
  EXPECT_NE(state->ViewText(0, false).find("Your setup: " + red), std::string::npos);
  EXPECT_EQ(state->ViewText(1, false).find(red), std::string::npos);
  // After Red's first move its setup no longer stands as it was; Blue's still does.
  state->ApplyAction(state->LegalActions()[0]);
  EXPECT_TRUE(state->ViewJson(0)["setup"].is_null());
  EXPECT_EQ(state->ViewText(0, false).find("Your setup"), std::string::npos);
  EXPECT_EQ(state->ViewJson(1)["setup"], blue);
  // The string loads back as the option.
  auto again = Load({{"setup", red}})->NewInitialState();
  EXPECT_EQ(again->ViewJson(0)["setup"], red);
}

TEST(StrategoSetup, InvalidOptionNamesTheOption) {
  games::RegisterAllGames();
  try {
    engine::LoadGame("stratego", {{"setup_blue", "FFF"}});
    FAIL() << "an invalid setup was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("setup_blue"), std::string::npos) << e.what();
  }
  // The seed's army needs its own list.
  EXPECT_THROW(
      engine::LoadGame("stratego", {{"army", "seed"}, {"setup_red", PresetSetup("blitz", 0)}}),
      Error);
}

}  // namespace
}  // namespace quartel::stratego

namespace quartel::stratego {
namespace {

TEST(StrategoSetupTyping, PresetAndRandomAreWholeSetups) {
  games::RegisterAllGames();
  auto game = engine::LoadGame("stratego");
  auto state = game->NewInitialState();
  engine::SkipOpeningChance(*state);
  const auto preset = state->StringToTurn("preset fortress");
  EXPECT_EQ(preset.size(), 40u);
  for (const auto action : preset) state->ApplyAction(action);
  const auto random = state->StringToTurn("random 7");
  EXPECT_EQ(random, state->StringToTurn("random 7"));  // seeded: the same words, the same setup
  EXPECT_EQ(random.size(), 40u);
  for (const auto action : random) state->ApplyAction(action);
  EXPECT_FALSE(state->IsTerminal());
  EXPECT_THROW(state->StringToTurn("preset nosuch"), Error);
}

}  // namespace
}  // namespace quartel::stratego
