// Stratego's position text (stratego.h "Position text"): the initial position as documented, an
// exact round trip at every ply of random games under every rule variant, the view form (unknown
// ranks '?', the other setup unseen), and a clear error for each malformed field.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "games/all_games.h"
#include "games/stratego/stratego.h"
#include "position_test_helpers.h"
#include "stratego_test_helpers.h"
#include "test_scale.h"

namespace quartel::stratego {
namespace {

constexpr const char* kInitial =
    "........../........../........../........../..~~..~~../..~~..~~../........../........../"
    "........../.......... r setup 0 0 0 -/- -,-,-/-,-,- - 0,-/0,- -/- -";

// Ranks 10 (first) to 1 of a board with Blue's Flag on k10, a Red General on a1 and Red's Flag
// on b1.
const std::vector<std::string> kTwoPieces = {
    ".........bF", "..........", "..........", "..........", "..~~..~~..",
    "..~~..~~..",  "..........", "..........", "..........", "r9rF........"};

std::string BoardText(const std::vector<std::string>& rows) {
  std::string out;
  for (const std::string& row : rows) out += (out.empty() ? "" : "/") + row;
  return out;
}

// kTwoPieces with rank `rank` (counted from rank 10 = 0) replaced by `row`.
std::string BoardWith(int rank, const std::string& row) {
  std::vector<std::string> rows = kTwoPieces;
  rows[rank] = row;
  return BoardText(rows);
}

// The example in stratego.h.
TEST(StrategoPosition, InitialPositionText) {
  auto state = LoadStratego()->NewInitialState();
  EXPECT_EQ(state->PositionText(), kInitial);
  EXPECT_TRUE(LoadStratego()->NewStateFromPosition(kInitial)->Equals(*state));
}

// At every ply of random games (each rule variant, rescues, chases, silent defense, Barrage):
// the text parses back to an equal state with the same ply count, legal actions, views and text.
TEST(StrategoPosition, RoundTripsAtEveryPly) {
  const std::vector<std::map<std::string, std::string>> variants = {
      {},
      {{"repetition", "isf"}},
      {{"rescue", "true"}, {"silent_defense", "true"}, {"max_plies", "300"}},
      {{"army", "barrage"}, {"repetition", "isf"}, {"aggressor_advantage", "true"}},
      {{"army", "seed"}, {"rescue", "true"}, {"max_plies_without_capture", "20"}}};
  Rng rng(5);
  int checked = 0;
  for (const auto& options : variants) {
    auto game = LoadStratego(options);
    for (int g = 0; g < test_helpers::RandomGames(3); ++g) {
      auto state = game->NewInitialState();
      while (true) {
        ASSERT_TRUE(test_helpers::PositionTextRoundTrips(*state));
        ++checked;
        if (state->IsTerminal()) break;
        const auto legal = state->LegalActions();
        state->ApplyAction(legal[rng.Below(static_cast<std::uint32_t>(legal.size()))]);
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

// A game ended outside the rules during the setup keeps its unplaced pieces.
TEST(StrategoPosition, EndingDuringTheSetupRoundTrips) {
  auto game = LoadStratego();
  auto state = game->NewInitialState();
  for (Action a : state->StringToTurn("preset fortress")) state->ApplyAction(a);
  const std::vector<engine::Outcome> results = {engine::Outcome::kLoss, engine::Outcome::kWin};
  ASSERT_TRUE(state->EndGame(engine::EndReason::kResignation, results));
  const std::string text = state->PositionText();
  EXPECT_NE(text.find(" resigned:b:loss,win:setup"), std::string::npos) << text;
  EXPECT_TRUE(game->NewStateFromPosition(text)->Equals(*state));
}

// The view form: a seat sees its own ranks, '?' for the opponent's unknown ones, none of the
// other's pieces during the setup, and '?' for the action count then (it would tell progress).
TEST(StrategoPosition, ViewFormMarksUnknowns) {
  auto game = LoadStratego();
  auto state = game->NewInitialState();
  for (Action a : state->StringToTurn("preset fortress")) state->ApplyAction(a);
  const std::string blue_setup = state->ViewPositionText(1);
  EXPECT_EQ(blue_setup.find('r'), std::string::npos) << blue_setup;
  EXPECT_NE(blue_setup.find(" b setup ? "), std::string::npos) << blue_setup;
  EXPECT_NE(state->ViewPositionText(0).find("rF"), std::string::npos);
  for (Action a : state->StringToTurn("preset blitz")) state->ApplyAction(a);
  const std::string red = state->ViewPositionText(0);
  EXPECT_NE(red.find("rF"), std::string::npos) << red;
  EXPECT_NE(red.find("b?"), std::string::npos) << red;
  for (char rank : std::string("FS23456789XB")) {
    EXPECT_EQ(red.find(std::string("b") + rank), std::string::npos) << rank << " " << red;
  }
  const std::string spectator = state->ViewPositionText(engine::kSpectator);
  EXPECT_EQ(spectator.find("rF"), std::string::npos) << spectator;
  EXPECT_EQ(state->PositionText().find('?'), std::string::npos);
}

// A seat's view reads back (quartel engine's position view) into a state showing it the same view,
// Blue's unknown ranks filled in; a view that no state shows is refused naming what is wrong.
TEST(StrategoPosition, ViewsReadBackAndBadViewsNameTheField) {
  using ::quartel::test_helpers::ExpectViewError;
  using ::quartel::test_helpers::Replaced;
  auto game = LoadStratego();
  auto state = game->NewInitialState();
  for (Action a : state->StringToTurn("preset fortress")) state->ApplyAction(a);
  for (Action a : state->StringToTurn("preset blitz")) state->ApplyAction(a);
  const std::string red = state->ViewPositionText(0);
  const auto read = game->NewStateFromView(red, 0);
  EXPECT_EQ(read->ViewPositionText(0), red);
  EXPECT_EQ(read->PositionText().find('?'), std::string::npos);
  EXPECT_EQ(read->LegalActions(), state->LegalActions());
  ExpectViewError(*game, red, 2, "the viewer is a seat");
  ExpectViewError(*game, state->PositionText(), 0, "13 needed");
  ExpectViewError(*game, Replaced(red, "rF", "r?"), 0, "a seat sees its own ranks");
  ExpectViewError(*game, red, 1, "a seat sees its own ranks");
  ExpectViewError(*game, red.substr(0, red.size() - 4) + " -/XX", 0, "more pieces of a rank");
  ExpectViewError(*game, Replaced(red, " play 80 ", " play ? "), 0, "plies");
  auto setup = game->NewInitialState();
  for (Action a : setup->StringToTurn("preset fortress")) setup->ApplyAction(a);
  const std::string blue_setting_up = setup->ViewPositionText(1);
  EXPECT_EQ(game->NewStateFromView(blue_setting_up, 1)->ViewPositionText(1), blue_setting_up);
  ExpectViewError(*game, Replaced(blue_setting_up, " setup ? ", " setup 40 "), 1, "plies");
}

// Under silent defense a lost piece whose rank the opponent never saw is that seat's secret:
// written in the full form, '?' in the opponent's view.
TEST(StrategoPosition, UnseenLossesAreTheOwnersSecret) {
  auto game = LoadStratego({{"silent_defense", "true"}});
  const std::string text = BoardText(kTwoPieces) + " r play 7 3 0 -/4 -,-,-/-,-,- - 0,-/0,- -/- -";
  auto state = game->NewStateFromPosition(text);
  EXPECT_EQ(state->PositionText(), text);
  EXPECT_NE(state->ViewPositionText(1).find(" -/4 "), std::string::npos);
  EXPECT_NE(state->ViewPositionText(0).find(" -/? "), std::string::npos);
}

TEST(StrategoPosition, ErrorsNameTheField) {
  auto game = LoadStratego();
  const std::string board = BoardText(kTwoPieces);
  const std::string rest = " -/- -,-,-/-,-,- - 0,-/0,- -/- -";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "12 needed"},
      {board + " r play 0 0 0" + rest + " extra", "12 needed"},
      {BoardWith(0, "bF") + " r play 0 0 0" + rest, "board, b10: rank 10 has too few"},
      {BoardWith(1, "rQ........") + " r play 0 0 0" + rest, "board, a9"},
      {BoardWith(9, "r9rFbF.......") + " r play 0 0 0" + rest, "Blue has more than 1 Flag"},
      {BoardWith(4, ".~~...~~..") + " r play 0 0 0" + rest, "lakes"},
      {BoardWith(0, ".........bB+") + " r play 0 0 0" + rest, "never moves"},

      {board + " g play 0 0 0" + rest, "side"},
      {board + " r done 0 0 0" + rest, "phase"},
      {board + " r play x 0 0" + rest, "plies"},
      {board + " r play 0 0 1" + rest, "quiet_plies"},
      {board + " r play 0 0 0 F/- -,-,-/-,-,- - 0,-/0,- -/- -", "unseen"},
      {board + " r play 0 0 0 -/- a1-a2/-,-,- - 0,-/0,- -/- -", "history"},
      {board + " r play 0 0 0 -/- -,-,-/-,-,- r:a1-a2:9x2 - 0,-/0,- -/- -", "last"},
      {board + " r play 0 0 0 -/- -,-,-/-,-,- - 3,-/0,- -/- -", "rescue"},
      {board + " r play 0 0 0 -/- -,-,-/-,-,- - 0,-/0,- 1:a1:xyz/- -", "chase"},
      {board + " r play 0 0 0" + rest.substr(0, rest.size() - 1) + "flag:r", "ending"},
      {board + " r over 0 0 0" + rest, "ending"},
      {board + " r setup 0 0 0" + rest, "side: Red sets up first"},
  };
  for (const auto& [text, expected] : cases) {
    test_helpers::ExpectPositionError(*game, text, expected);
  }
}

// Seed: taking the Flag wins at once. A game in play has both Flags on the board, a game ended
// otherwise too, and a game won by the Flag has lost the loser's only.
TEST(StrategoPosition, RefusesAMissingOrSurvivingFlag) {
  auto game = LoadStratego();
  const std::string after_unseen = " -,-,-/-,-,- - 0,-/0,- -/- ";
  test_helpers::ExpectPositionError(
      *game, BoardWith(9, "r9.........") + " r play 0 0 0 -/-" + after_unseen + "-",
      "board: Red has no Flag on the board, but the game is not over");
  test_helpers::ExpectPositionError(
      *game, BoardWith(0, "..........") + " r play 0 0 0 -/-" + after_unseen + "-",
      "board: Blue has no Flag on the board, but the game is not over");
  test_helpers::ExpectPositionError(
      *game,
      BoardWith(0, "..........") + " b over 1 1 0 -/-" + after_unseen + "resigned:r:win,loss",
      "Blue has no Flag on the board, but the game did not end by its capture");
  test_helpers::ExpectPositionError(
      *game, BoardText(kTwoPieces) + " b over 1 1 0 -/-" + after_unseen + "flag:r",
      "Blue's Flag was captured");
  const std::string won =
      BoardWith(0, "..........") + " b over 1 1 0 -/F" + after_unseen + "flag:r";
  EXPECT_EQ(game->NewStateFromPosition(won)->PositionText(), won);
}

}  // namespace
}  // namespace quartel::stratego
