// Endings outside the rules (StrategoState::EndGame through engine::Match::End): a resignation,
// a loss on time, an abandoned game, a draw agreed (rulings "Stratego": draw by agreement). The
// state becomes terminal with the results given, every view reveals every rank (rulings "Common":
// after the game ends everything is revealed), the text view says how the game ended, and the
// replayed record (quartel replay) shows the same.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "engine/game.h"
#include "engine/record.h"
#include "games/all_games.h"
#include "games/stratego/stratego.h"
#include "stratego_test_helpers.h"

namespace quartel::stratego {
namespace {

using engine::Action;
using engine::EndReason;
using engine::Outcome;

// A game a few moves into the play phase, every piece still of unseen rank but one pair shown.
engine::Match MidGame() {
  games::RegisterAllGames();
  engine::Match match(engine::LoadGame("stratego"), {"alice", "bob"});
  for (const char* turn : {kRedSetup, kBlueSetup, "b4-b5", "b7-b6", "b5xb6"}) {
    for (Action a : match.state().StringToTurn(turn)) match.Apply(a);
  }
  return match;
}

// Every piece on the board shows its rank to `viewer`, in JSON and in text.
void ExpectEveryRankShown(const engine::State& state, engine::Seat viewer) {
  int pieces = 0;
  const Json view = state.ViewJson(viewer);
  for (const Json& cell : view["board"]) {
    if (!cell.is_object()) continue;
    EXPECT_NE(cell["rank"], "?") << "viewer " << viewer;
    ++pieces;
  }
  EXPECT_GT(pieces, 70);
  const std::string text = state.ViewText(viewer, false);
  const std::string board = text.substr(0, text.find("\n    a"));  // ranks 10 to 1
  EXPECT_EQ(board.find('?'), std::string::npos) << text;
}

TEST(StrategoEnding, ResignationRevealsEverythingToEveryone) {
  engine::Match match = MidGame();
  ASSERT_NE(match.state().ViewJson(1)["board"][0]["rank"], "F");  // hidden before
  match.Resign(0);
  EXPECT_TRUE(match.state().IsTerminal());
  EXPECT_EQ(match.state().Results(), (std::vector<Outcome>{Outcome::kLoss, Outcome::kWin}));
  EXPECT_EQ(match.state().Returns(), (std::vector<double>{-1, 1}));
  EXPECT_FALSE(match.state().MidTurn());
  for (engine::Seat viewer : {engine::Seat{0}, engine::Seat{1}, engine::kSpectator}) {
    ExpectEveryRankShown(match.state(), viewer);
    EXPECT_NE(match.state().ViewText(viewer, false).find("Blue wins: Red resigned"),
              std::string::npos)
        << match.state().ViewText(viewer, false);
    EXPECT_EQ(match.state().ViewJson(viewer)["result"]["ending"], "resignation");
  }
  EXPECT_TRUE(match.state().LegalActions().empty());
}

// The record keeps the ending; replaying it (and `quartel replay`) ends the same way.
TEST(StrategoEnding, ReplayedRecordRevealsEverything) {
  engine::Match match = MidGame();
  match.Resign(1);
  const engine::Record record = match.record();
  EXPECT_EQ(record.ending, "resignation");
  const engine::Match replayed = engine::Match::Replay(record);
  ASSERT_TRUE(replayed.state().IsTerminal());
  ExpectEveryRankShown(replayed.state(), engine::kSpectator);
  const std::string path =
      (std::filesystem::temp_directory_path() / "quartel_stratego_ending_test.json").string();
  engine::WriteRecordFile(path, record);
  std::ostringstream out;
  ASSERT_EQ(cli::Replay(path, false, out), 0);
  std::filesystem::remove(path);
  const std::string text = out.str();
  EXPECT_NE(text.find("Red wins: Blue resigned"), std::string::npos) << text;
  const std::size_t top = text.find("10 ");
  const std::string board = text.substr(top, text.find("\n    a", top) - top);
  EXPECT_EQ(board.find('?'), std::string::npos) << board;
}

TEST(StrategoEnding, EveryReasonIsToldInWords) {
  struct Case {
    EndReason reason;
    std::vector<Outcome> results;
    const char* text;
  };
  const std::vector<Case> cases = {
      {EndReason::kTime, {Outcome::kWin, Outcome::kLoss}, "Red wins: Blue lost on time"},
      {EndReason::kTime, {Outcome::kDraw, Outcome::kDraw}, "Draw: time ran out"},
      {EndReason::kAbandoned, {Outcome::kLoss, Outcome::kWin}, "Blue wins: Red left the game"},
      {EndReason::kAgreement, {Outcome::kDraw, Outcome::kDraw}, "Draw agreed"},
      {EndReason::kAgreement, {Outcome::kWin, Outcome::kLoss}, "Red wins by agreement"},
  };
  for (const Case& c : cases) {
    engine::Match match = MidGame();
    match.End(c.reason, c.results);
    ASSERT_TRUE(match.state().IsTerminal());
    EXPECT_EQ(match.state().Results(), c.results);
    const std::string text = match.state().ViewText(engine::kSpectator, false);
    EXPECT_NE(text.find(c.text), std::string::npos) << text;
    ExpectEveryRankShown(match.state(), engine::kSpectator);
    const auto returns = match.state().Returns();
    EXPECT_DOUBLE_EQ(returns[0] + returns[1], 0.0);
  }
}

// A resignation during the setup: the secret setup is shown too.
TEST(StrategoEnding, ResignationDuringTheSetupShowsThePlacedPieces) {
  games::RegisterAllGames();
  engine::Match match(engine::LoadGame("stratego"), {"alice", "bob"});
  for (Action a : match.state().StringToTurn(kRedSetup)) match.Apply(a);
  match.Resign(1);
  EXPECT_NO_THROW(match.state().CheckConsistency());
  EXPECT_EQ(match.state().ViewJson(1)["board"][0]["rank"], "F");
  EXPECT_EQ(match.state().ViewJson(engine::kSpectator)["board"][0]["rank"], "F");
}

}  // namespace
}  // namespace quartel::stratego
