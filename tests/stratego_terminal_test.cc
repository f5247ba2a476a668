// What the terminal shows and answers in Stratego (issue 8, section 4): precise errors for setup
// input that is almost right, the mark on a seat's own pieces whose rank the opponent knows (with
// a legend), and the notation help.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "core/error.h"
#include "engine/game.h"
#include "games/all_games.h"
#include "games/stratego/stratego.h"

namespace quartel::stratego {
namespace {

using engine::Action;

std::unique_ptr<engine::State> NewState(const std::map<std::string, std::string>& options = {}) {
  games::RegisterAllGames();
  static std::map<std::map<std::string, std::string>, std::shared_ptr<const engine::Game>> games;
  auto& game = games[options];
  if (!game) game = engine::LoadGame("stratego", options);
  return game->NewInitialState();
}

// The message of the Error that typing `text` gives ("" if none).
std::string ErrorOf(const engine::State& state, const std::string& text) {
  try {
    state.StringToTurn(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

constexpr const char* kJoinedRowsSetup = "FBBB333334BBB4445555 6666777889 XS22222222";

TEST(StrategoTerminal, SetupInputErrorsSayWhatIsWrong) {
  auto state = NewState();
  std::string what = ErrorOf(*state, "random");
  EXPECT_NE(what.find("random needs a number"), std::string::npos) << what;
  what = ErrorOf(*state, "random -1");
  EXPECT_NE(what.find("'random -1': N must be a whole number from 0"), std::string::npos) << what;
  what = ErrorOf(*state, "random x");
  EXPECT_NE(what.find("N must be a whole number"), std::string::npos) << what;
  const std::string full = std::string(kJoinedRowsSetup);
  what = ErrorOf(*state, full.substr(0, full.size() - 1));
  EXPECT_NE(what.find("a setup string needs 40 squares, this has 39"), std::string::npos) << what;
  what = ErrorOf(*state, full + "2");
  EXPECT_NE(what.find("a setup string needs 40 squares, this has 41"), std::string::npos) << what;
  what = ErrorOf(*state, "FBBB333334");
  EXPECT_NE(what.find("a setup string needs 40 squares, this has 10"), std::string::npos) << what;
  what = ErrorOf(*state, "preset");
  EXPECT_NE(what.find("preset needs a name"), std::string::npos) << what;
  // Placements and moves keep their own messages.
  what = ErrorOf(*state, "X:a5");
  EXPECT_NE(what.find("outside the side's four setup rows"), std::string::npos) << what;
  what = ErrorOf(*state, "a4-a5");
  EXPECT_NE(what.find("pieces are still being set up"), std::string::npos) << what;
}

// A seat's own pieces that the opponent knows are marked '*' in its text view (with a legend);
// the opponent's known pieces show their rank, unmarked.
TEST(StrategoTerminal, OwnKnownPiecesAreMarked) {
  auto state = NewState();
  for (const char* setup : {kJoinedRowsSetup, "preset fortress"}) {
    for (Action a : state->StringToTurn(setup)) state->ApplyAction(a);
  }
  EXPECT_EQ(state->ViewText(0, false).find("R2*"), std::string::npos);
  for (Action a : state->StringToTurn("e4-e6")) state->ApplyAction(a);  // a Scout's long move
  const std::string red = state->ViewText(0, false);
  EXPECT_NE(red.find("R2*"), std::string::npos) << red;
  EXPECT_NE(red.find("* your piece whose rank the opponent knows"), std::string::npos) << red;
  const std::string blue = state->ViewText(1, false);
  EXPECT_NE(blue.find("R2'"), std::string::npos) << blue;
  EXPECT_EQ(blue.find("R2*"), std::string::npos) << blue;
}

TEST(StrategoTerminal, NotationHelpNamesEveryKindOfInput) {
  games::RegisterAllGames();
  const std::string help = engine::FindGame("stratego").notation_help;
  for (const char* example :
       {"b4-b7", "b4xb5", "X:a1", "preset", "random", "rescue", "no rescue", "40"}) {
    EXPECT_NE(help.find(example), std::string::npos) << example << "\n" << help;
  }
}

}  // namespace
}  // namespace quartel::stratego
