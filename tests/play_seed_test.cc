// `quartel play` keeps the seed that drives chance secret until the game is over (rulings, "Common
// to every game"): nothing printed before the end contains it, the end shows it, and playing that
// seed again replays the same chance and the same bots.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "play_test_helpers.h"

namespace quartel::cli {
namespace {

// Everything printed before the game's end ("Game over"), or the whole text when it has none.
std::string BeforeTheEnd(const std::string& out) { return out.substr(0, out.find("Game over")); }

TEST(PlaySeed, FreshSeedIsShownOnlyAtTheEndAndReplaysTheGame) {
  const std::string out = PlayOutput("dablot", "random,random", "max_turns=60", "", "");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(out, match, std::regex("seed ([0-9a-f]{64})")))
      << out.substr(0, 300);
  const std::string seed = match[1];
  EXPECT_EQ(BeforeTheEnd(out).find(seed), std::string::npos);
  EXPECT_EQ(out.find(seed), out.rfind(seed));  // shown once
  EXPECT_EQ(PlayOutput("dablot", "random,random", "max_turns=60", "", seed), out);
}

TEST(PlaySeed, GivenSeedIsNotPrintedBeforeTheEnd) {
  const std::string seed = "987654321";
  const std::string out = PlayOutput("dablot", "random,random", "max_turns=60", "", seed);
  ASSERT_NE(out.find("Game over"), std::string::npos);
  EXPECT_EQ(BeforeTheEnd(out).find(seed), std::string::npos) << out.substr(0, 300);
  EXPECT_EQ(BeforeTheEnd(out).find("seed"), std::string::npos) << out.substr(0, 300);
  EXPECT_NE(out.find("seed " + seed), std::string::npos);
}

// The seed decides the deal, the objectives and every bot's choice: the same seed plays the same
// WAR game, another seed another game.
TEST(PlaySeed, SameSeedSameWarGame) {
  const std::string a = PlayOutput("war", "random,random,random", "max_turns=30", "", "17");
  EXPECT_EQ(PlayOutput("war", "random,random,random", "max_turns=30", "", "17"), a);
  EXPECT_NE(PlayOutput("war", "random,random,random", "max_turns=30", "", "18"), a);
}

// A bot's Stratego setup comes from its seed, which comes from the game's seed.
TEST(PlaySeed, SameSeedSameStrategoBotSetups) {
  const std::string a = PlayOutput("stratego", "bot,bot", "max_plies=100", "", "5");
  EXPECT_EQ(PlayOutput("stratego", "bot,bot", "max_plies=100", "", "5"), a);
  EXPECT_NE(PlayOutput("stratego", "bot,bot", "max_plies=100", "", "6"), a);
}

TEST(PlaySeed, HexSeedIsAccepted) {
  const std::string seed(64, 'a');
  const std::string out = PlayOutput("dablot", "random,random", "max_turns=20", "", seed);
  EXPECT_NE(out.find("seed " + seed), std::string::npos);
}

TEST(PlaySeed, UnfinishedGameDoesNotShowTheSeed) {
  const std::string seed = "987654321";
  for (const std::string input : {"quit\n", ""}) {  // quit, or the end of the input
    const std::string out = PlayOutput("dablot", "human,random", "", input, seed);
    EXPECT_EQ(out.find(seed), std::string::npos) << out;
    EXPECT_NE(out.find("not shown"), std::string::npos) << out;
  }
}

}  // namespace
}  // namespace quartel::cli
