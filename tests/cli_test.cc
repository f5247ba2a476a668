// The quartel subcommands, driven through their functions with string streams (what a user types
// and reads), plus the perft tool on every game.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <sstream>

#include "cli/commands.h"
#include "core/error.h"
#include "games/all_games.h"
#include "play_test_helpers.h"

namespace quartel::cli {
namespace {

std::string PlayWith(const std::string& game, const std::string& seats, const std::string& input,
                     const std::string& seed = "1", const std::string& options = "") {
  return PlayOutput(game, seats, options, input, seed);
}

TEST(Cli, ListShowsEveryGameAndOption) {
  games::RegisterAllGames();
  std::ostringstream out;
  ListGames(out);
  EXPECT_NE(out.str().find("dablot"), std::string::npos);
  EXPECT_NE(out.str().find("conspiradores"), std::string::npos);
  EXPECT_NE(out.str().find("max_turns"), std::string::npos);
}

TEST(Cli, RulesArePrintedFromTheEmbeddedPages) {
  games::RegisterAllGames();
  for (const std::string game : {"dablot", "conspiradores"}) {
    std::ostringstream out;
    PrintRules(game, out);
    EXPECT_GT(out.str().size(), 500u) << game;
    EXPECT_NE(out.str().find("Options"), std::string::npos);
  }
  std::ostringstream out;
  EXPECT_THROW(PrintRules("chess", out), Error);
}

TEST(Cli, BotsPlayAWholeGame) {
  const std::string out = PlayWith("dablot", "bot:random,bot:random", "");
  EXPECT_NE(out.find("Game over:"), std::string::npos) << out.substr(out.size() - 500);
  const std::string four =
      PlayWith("conspiradores", "random,random,random,random", "", "2", "max_turns=100");
  EXPECT_NE(four.find("Game over:"), std::string::npos);
}

TEST(Cli, HumanCommandsWorkAndBadMovesAreRefused) {
  const auto path = std::filesystem::temp_directory_path() / "quartel_cli_test_record.json";
  // Whichever side the draw lets start, "23-29" (Sámi) and "50-44" (Swedes) are both legal
  // first moves; the first one typed out of turn is refused with a message and changes nothing.
  const std::string out = PlayWith(
      "dablot", "human,human",
      "help\nmoves\n99-100\n23-29\n50-44\n23-29\n50-44\nundo\nsave " + path.string() + "\nquit\n");
  EXPECT_NE(out.find("save FILE"), std::string::npos);
  EXPECT_NE(out.find("moves:"), std::string::npos);
  EXPECT_NE(out.find("Taken back"), std::string::npos);
  EXPECT_NE(out.find("Saved to"), std::string::npos);
  std::ostringstream replayed;
  EXPECT_EQ(Replay(path.string(), false, replayed), 0);
  EXPECT_NE(replayed.str().find("not finished"), std::string::npos);
  std::filesystem::remove(path);
}

TEST(Cli, ResignEndsTheGame) {
  const std::string out = PlayWith("dablot", "human,human", "resign\n\n");
  EXPECT_NE(out.find("resigns"), std::string::npos);
  EXPECT_NE(out.find("Game over (resignation):"), std::string::npos);
}

TEST(Cli, BadArgumentsAreNamed) {
  EXPECT_THROW(PlayWith("dablot", "human", ""), Error);
  EXPECT_THROW(PlayWith("dablot", "human,bot:alphazero", ""), Error);
  EXPECT_THROW(PlayWith("dablot", "human,bot", "", "1", "max_turns=-5"), Error);
  std::ostringstream out;
  EXPECT_THROW(Replay("/nonexistent/record.json", false, out), Error);
  EXPECT_THROW(Perft("dablot", -1, "", "", "", out), Error);
}

TEST(Cli, PerftPrintsEachDepth) {
  games::RegisterAllGames();
  std::ostringstream out;
  Perft("dablot", 2, "", "", "", out);
  EXPECT_NE(out.str().find("perft 1 = "), std::string::npos);
  EXPECT_NE(out.str().find("perft 2 = "), std::string::npos);
}

}  // namespace
}  // namespace quartel::cli
