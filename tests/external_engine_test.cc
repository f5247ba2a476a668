// The bot "engine" (src/cli/external_engine.cc): `quartel arena` runs another program's engine
// through docs/ENGINE-PROTOCOL.md. The other program here is this Quartel's own `quartel engine`,
// a real child process; each of its bestmoves is played by the arena's Match, which refuses an
// illegal one.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "cli/commands.h"
#include "core/error.h"

namespace quartel::cli {
namespace {

const std::string kEngine = std::string("engine:cmd=") + QUARTEL_BINARY + " engine";

std::string ArenaOutput(const std::string& game, const std::string& a, const std::string& b,
                        int games, std::uint64_t seed) {
  std::ostringstream out;
  EXPECT_EQ(Arena(game, "", a, b, games, 1, seed, out), 0);
  return out.str();
}

std::string ArenaError(const std::string& game, const std::string& a) {
  try {
    ArenaOutput(game, a, "random", 1, 1);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// A strong search behind the protocol beats random moves and finishes by the rules, the same
// games for the same seed; in Conspiradores a turn is a roll (chance, the arena's) and a move.
TEST(ExternalEngine, AnotherQuartelPlaysWholeGamesThroughTheProtocol) {
  const std::string dablot =
      ArenaOutput("dablot", kEngine + ",bot=alphabeta:nodes=2000", "random", 2, 3);
  EXPECT_NE(dablot.find("A won 2, drew 0, lost 0"), std::string::npos) << dablot;
  EXPECT_NE(dablot.find("ended by the rules: 2 of 2"), std::string::npos) << dablot;
  EXPECT_EQ(ArenaOutput("dablot", kEngine + ",bot=alphabeta:nodes=2000", "random", 2, 3), dablot);
  const std::string conspiradores =
      ArenaOutput("conspiradores", kEngine + ",bot=beginner,iterations=50", "random", 1, 4);
  EXPECT_NE(conspiradores.find("ended by the rules: 1 of 1"), std::string::npos) << conspiradores;
}

// A hidden-information game: the engine is sent its seat's view only (position view), and plays
// whole games from it.
TEST(ExternalEngine, HiddenInformationGamesSendTheSeatsViewOnly) {
  const std::string stratego = ArenaOutput("stratego", kEngine + ",bot=heuristic", "random", 1, 5);
  EXPECT_NE(stratego.find("A won 1, drew 0, lost 0"), std::string::npos) << stratego;
  const std::string war = ArenaOutput("war", kEngine + ",bot=heuristic", "random", 1, 5);
  EXPECT_NE(war.find("ended by the rules: 1 of 1"), std::string::npos) << war;
}

TEST(ExternalEngine, ClearErrors) {
  EXPECT_NE(ArenaError("dablot", "engine").find("needs cmd=COMMAND"), std::string::npos);
  EXPECT_NE(ArenaError("dablot", "engine:cmd=/nonexistent/program").find("exited"),
            std::string::npos);
  const std::string refused = ArenaError("dablot", kEngine + ",bot=oracle");
  EXPECT_NE(refused.find("refused the game"), std::string::npos) << refused;
  EXPECT_NE(refused.find("unknown bot 'oracle'"), std::string::npos) << refused;
  EXPECT_NE(ArenaError("dablot", kEngine + ",ms=5,iterations=5").find("not both"),
            std::string::npos);
  EXPECT_NE(ArenaError("dablot", kEngine + ",ms=0").find("bad value '0' for key 'ms'"),
            std::string::npos);
}

}  // namespace
}  // namespace quartel::cli
