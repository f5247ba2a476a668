// `quartel play`: the seats (--seats) and a game's `players` option must agree, or the command
// says what is wrong in one line; a default seat list fits the players option.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "play_test_helpers.h"

namespace quartel::cli {
namespace {

// The message of the Error that playing throws, or "" when it plays.
std::string ErrorOf(const std::string& game, const std::string& seats,
                    const std::string& options = "") {
  try {
    PlayOutput(game, seats, options, "");
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

// The first line printed: the game, its options and who holds each seat. The user quits at once.
std::string FirstLine(const std::string& game, const std::string& seats,
                      const std::string& options = "") {
  const std::string out = PlayOutput(game, seats, options, "quit\n");
  return out.substr(0, out.find('\n'));
}

TEST(PlaySeats, PlayersOptionAndShorterSeatListAreRefused) {
  const std::string why = ErrorOf("conspiradores", "random,random", "players=4");
  EXPECT_NE(why.find("2 seats"), std::string::npos) << why;
  EXPECT_NE(why.find("players=4"), std::string::npos) << why;
  EXPECT_NE(ErrorOf("war", "random,random,random", "players=4"), "");
  EXPECT_NE(ErrorOf("war2", "bot,bot,bot", "players=5"), "");
}

TEST(PlaySeats, PlayersOptionAndLongerSeatListAreRefused) {
  EXPECT_NE(ErrorOf("war", "random,random,random,random", "players=3"), "");
  EXPECT_NE(ErrorOf("conspiradores", "random,random,random,random", "players=2"), "");
}

TEST(PlaySeats, WrongSeatCountsAndEmptySeatsAreNamed) {
  EXPECT_NE(ErrorOf("dablot", "human").find("Dablot"), std::string::npos);
  EXPECT_NE(ErrorOf("dablot", "human,bot,bot"), "");
  EXPECT_NE(ErrorOf("conspiradores", "random,random,random"), "");
  EXPECT_NE(ErrorOf("war", "random,random,random,random,random,random,random"), "");
  EXPECT_NE(ErrorOf("dablot", "human,").find("seat 2"), std::string::npos);
}

TEST(PlaySeats, PlayersFollowTheSeats) {
  const std::string four = FirstLine("conspiradores", "human,random,random,random");
  EXPECT_NE(four.find("players=4"), std::string::npos) << four;
  const std::string war = FirstLine("war", "human,random,random,random,random");
  EXPECT_NE(war.find("players=5"), std::string::npos) << war;
  const std::string agreed = FirstLine("war", "human,random,random,random", "players=4");
  EXPECT_NE(agreed.find("players=4"), std::string::npos) << agreed;
}

TEST(PlaySeats, DefaultSeatsFitThePlayersOption) {
  // No --seats: the user against bots, one seat each, as many as the players option says.
  const std::string four = FirstLine("conspiradores", "", "players=4,max_turns=1");
  EXPECT_NE(four.find("white = human"), std::string::npos) << four;
  EXPECT_NE(four.find("orange = bot"), std::string::npos) << four;
  const std::string war = FirstLine("war", "", "players=6");
  EXPECT_NE(war.find("players=6"), std::string::npos) << war;
  const std::string dablot = FirstLine("dablot", "");
  EXPECT_NE(dablot.find("Sámi = human"), std::string::npos) << dablot;
  EXPECT_NE(dablot.find("Swedes = bot"), std::string::npos) << dablot;
}

TEST(PlaySeats, FourBotsPlayConspiradoresToTheEnd) {
  const std::string out =
      PlayOutput("conspiradores", "random,random,random,random", "players=4,max_turns=100", "");
  EXPECT_NE(out.find("Game over"), std::string::npos);
}

}  // namespace
}  // namespace quartel::cli
