// `quartel play` takes back no move in a hidden-information game (rulings, "Common to every game":
// what a move revealed, a rank, a card, a roll, cannot be forgotten), and says so; `help` does not
// offer undo there. Perfect-information games keep undo.
#include <gtest/gtest.h>

#include <string>

#include "play_test_helpers.h"

namespace quartel::cli {
namespace {

TEST(PlayUndo, RefusedInEveryHiddenInformationGame) {
  for (const std::string game : {"stratego", "espionage", "war", "war2"}) {
    const std::string seats = game.starts_with("war") ? "human,random,random" : "human,random";
    const std::string out = PlayOutput(game, seats, "", "help\nundo\nquit\n");
    const std::size_t refused = out.find("no undo in");
    ASSERT_NE(refused, std::string::npos) << game << "\n" << out.substr(out.size() - 600);
    EXPECT_EQ(out.substr(0, refused).find("undo"), std::string::npos)
        << game << ": help offers undo";
    EXPECT_EQ(out.find("Taken back"), std::string::npos) << game;
  }
}

// In Stratego against a bot: the player's setup, then an attempt to take it back after the bot
// placed its army (which would let the player set up again knowing nothing new, but the rule is
// one rule: nothing is taken back).
TEST(PlayUndo, RefusedAfterAMoveInStratego) {
  const std::string out = PlayOutput("stratego", "human,random", "", "random 3\nundo\nquit\n");
  EXPECT_NE(out.find("no undo in Stratego"), std::string::npos) << out.substr(out.size() - 600);
  EXPECT_EQ(out.find("Taken back"), std::string::npos);
}

TEST(PlayUndo, KeptInPerfectInformationGames) {
  const std::string out =
      PlayOutput("dablot", "human,human", "", "help\n23-29\n50-44\n23-29\nundo\nquit\n");
  EXPECT_NE(out.find("undo"), std::string::npos);
  EXPECT_NE(out.find("Taken back"), std::string::npos) << out.substr(out.size() - 600);
}

}  // namespace
}  // namespace quartel::cli
