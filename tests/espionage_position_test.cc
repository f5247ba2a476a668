// Espionage position text (espionage.h, "Position text"): the documented example, exact round
// trips over random games and hand-made positions, each parser error, and the view form (unknown
// ranks '?', recognition told to the spying side only, equal for states a seat cannot tell apart).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "espionage_test_helpers.h"
#include "games/espionage/espionage.h"
#include "position_test_helpers.h"
#include "test_scale.h"

namespace quartel::espionage {
namespace {

using test_helpers::FromPosition;
using test_helpers::Game;
using test_helpers::Play;

// The example in espionage.h: the initial position with the default four volcanoes to place.
constexpr const char* kInitial =
    "........../........../........../........../........../........../........../........../"
    "........../.......... phase=volcanoes to_move=red moves_done=0 placed=0/0 removed=- "
    "last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-";

// A play position (reveal_on_combat): Red's Spy moved e4-e5, first move of Red's turn, and
// recognised Blue's Colonel on f6; Blue's Corporal on a10 became known in a combat; 55 pieces
// removed, two of them known by combat.
const std::string kSpyPosition =
    "B1+........BH/........../........../........../.....B4!..../....RS's...../~........./"
    "........../........../RHR1........ phase=play to_move=red moves_done=1 placed=30/30 "
    "removed=R1'+B3'+R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRM"
    "B1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM "
    "last_move=e4-e5 plies=125 play_plies=58 quiet_plies=3 quiet_turns=1 result=-";
// kSpyPosition has one volcano (a4).
const std::map<std::string, std::string> kReveal = {{"reveal_on_combat", "true"},
                                                    {"volcanoes", "1"}};

void ExpectSameState(const engine::State& a, const engine::State& b) {
  EXPECT_TRUE(a.Equals(b));
  EXPECT_EQ(a.PlyCount(), b.PlyCount());
  EXPECT_EQ(a.LegalActions(), b.LegalActions());
  EXPECT_EQ(a.PositionText(), b.PositionText());
  for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
    EXPECT_EQ(a.ViewJson(viewer), b.ViewJson(viewer));
    EXPECT_EQ(a.ViewText(viewer, false), b.ViewText(viewer, false));
    EXPECT_EQ(a.ViewPositionText(viewer), b.ViewPositionText(viewer));
  }
}

TEST(EspionagePosition, TheInitialPositionIsTheDocumentedExample) {
  auto state = Game().NewInitialState();
  EXPECT_EQ(state->PositionText(), kInitial);
  ExpectSameState(*FromPosition(kInitial), *state);
}

// Every state of random games, with every option that shapes the state, and the endings outside
// the rules from some of them, reads back exactly.
TEST(EspionagePosition, RandomGamesRoundTrip) {
  const std::vector<std::map<std::string, std::string>> options = {
      {},
      {{"reveal_on_combat", "true"}},
      {{"moves_per_turn", "1"}, {"volcanoes", "0"}},
      {{"no_capture_draw", "2"}, {"max_plies_without_capture", "10"}}};
  Rng rng(11);
  for (const auto& option : options) {
    for (int game = 0; game < quartel::test_helpers::RandomGames(3); ++game) {
      auto state = Game(option).NewInitialState();
      for (int ply = 0; !state->IsTerminal(); ++ply) {
        const std::string text = state->PositionText();
        ExpectSameState(*FromPosition(text, option), *state);
        if (ply % 97 == 5) {
          auto ended = state->Clone();
          const std::vector<engine::Outcome> results = {engine::Outcome::kLoss,
                                                        engine::Outcome::kWin};
          ended->EndGame(engine::EndReason::kResignation, results);
          ExpectSameState(*FromPosition(ended->PositionText(), option), *ended);
        }
        const auto actions = state->LegalActions();
        state->ApplyAction(actions[rng.Below(static_cast<std::uint32_t>(actions.size()))]);
        if (::testing::Test::HasFailure()) return;
      }
      ExpectSameState(*FromPosition(state->PositionText(), option), *state);
    }
  }
}

TEST(EspionagePosition, HandMadePositionsRoundTrip) {
  auto state = FromPosition(kSpyPosition, kReveal);
  EXPECT_EQ(state->PositionText(), kSpyPosition);
  // The Spy moved first this turn: the second move must use another piece.
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_TRUE(state->MidTurn());
  EXPECT_THROW(state->StringToAction("e5-e6"), Error);
  EXPECT_EQ(state->StringToAction("b1-b2"), MoveAction(1, 0));
  const Json view = state->ViewJson(0);
  EXPECT_EQ(view["board"][55]["rank"], "4");  // f6: recognised by Red's Spy
  EXPECT_EQ(view["board"][44]["no_return"], "e4");
  EXPECT_EQ(view["board"][90]["known"], true);  // a10
  EXPECT_EQ(view["last_move"]["to"], "e5");
  EXPECT_EQ(view["lost"][0]["pieces"], "111122223334455SSSSPPPPMMMM");
  // Endings outside the rules and by the rules.
  for (const std::string result : {"resignation:loss/win", "agreement:draw/draw",
                                   "headquarters-captured:win/loss", "move-cap:draw/draw"}) {
    std::string text = kSpyPosition;
    text.replace(text.find("phase=play"), 10, "phase=over");
    text.replace(text.find("result=-"), 8, "result=" + result);
    if (result.starts_with("headquarters")) {  // Red took Blue's Headquarters (j10)
      text.replace(text.find("BH/"), 3, "./");
      text.replace(text.find("BMBMBMBM "), 9, "BMBMBMBMBH ");
    }
    EXPECT_EQ(FromPosition(text, kReveal)->PositionText(), text) << result;
  }
  // A setup in progress: Red's is done, Blue has placed two pieces.
  const std::string setup =
      ".........BH/........BM./........../........../........../........../........../"
      "R2R2R2R3R3R3R4R4R5R5/RSRSRSRSRSRPRPRPRPR2/RMRHRMRMRMR1R1R1R1R1 phase=setup to_move=blue "
      "moves_done=0 placed=30/2 removed=- last_move=- plies=32 play_plies=0 quiet_plies=0 "
      "quiet_turns=0 result=-";
  auto blue_setting_up = FromPosition(setup, {{"volcanoes", "0"}});
  EXPECT_EQ(blue_setting_up->PositionText(), setup);
  EXPECT_EQ(blue_setting_up->CurrentSeat(), 1);
  EXPECT_TRUE(blue_setting_up->MidTurn());
  EXPECT_EQ(blue_setting_up->LegalActions().size(), 8u * 28u);  // 8 ranks left, 28 squares
}

// Each malformed or impossible text names what is wrong.
TEST(EspionagePosition, ParserErrorsNameTheField) {
  const std::string tail =
      " phase=volcanoes to_move=red moves_done=0 placed=0/0 removed=- last_move=- plies=0 "
      "play_plies=0 quiet_plies=0 quiet_turns=0 result=-";
  const std::string empty_board =
      "........../........../........../........../........../........../........../........../"
      "........../..........";
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string text = empty_board + tail;
    text.replace(text.rfind(from), from.size(), to);  // the board from row 1 up
    return text;
  };
  const std::vector<std::pair<std::string, std::string>> cases = {
      {empty_board.substr(0, 98) + tail, "board: 9 rows"},
      {with("........../..........", "........./.........."), "board: row 2 has 9 squares"},
      {with("/..........", "/..........."), "more than 10 squares"},
      {with("/..........", "/X........."), "'X' on a1 is no square"},
      {with("/..........", "/RZ........"), "'Z' is not a rank character"},
      {with("/..........", "/~........."), "outside the neutral rows"},
      {with("/..........", "/RHs......."), "no-return mark of a1 leaves the board"},
      {with("phase=volcanoes", "phase=war"), "phase: 'war' is not one of its words"},
      {with("to_move=red", "to_move=green"), "to_move"},
      {with(" plies=0", " plies=-3"), "plies: '-3' is not a count"},
      {with(" plies=0", ""), "plies: missing"},
      {with("result=-", "result=- colour=red"), "unknown field"},
      {with("result=-", "result=- result=-"), "result: given twice"},
      {with("result=-", "result=resignation:loss/win"), "result: a result is given exactly"},
      {with("placed=0/0", "placed=1/0"), "placed: '1/0', but the board"},
      {with("removed=-", "removed=R1'"), "no piece is removed before play"},
      {with("removed=-", "removed=x"), "removed: 'x' does not start a piece"},
      {with("last_move=-", "last_move=a1-c1"), "last_move: 'a1-c1' is no one-step move"},
      {with("moves_done=0", "moves_done=1"), "moves_done: at most 0"},
      {with("/..........", "/RHRH........"), "Red has 2 of rank H, the army only 1"},
      {with("phase=volcanoes", "phase=play"), "the armies do not fit"},
      {"........../........../........../........../........../........../R1........./"
       "........../........../.........."
       " phase=setup to_move=red moves_done=0 placed=1/0 removed=- last_move=- plies=1 "
       "play_plies=0 quiet_plies=0 quiet_turns=0 result=-",
       "a4 stands outside its home rows"},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& [text, message] = cases[i];
    try {
      FromPosition(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos)
          << "'" << e.what() << "' lacks '" << message << "'";
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
  // Four volcanoes placed: the phase is over (volcanoes=4 places four).
  const std::string four =
      "........../........../........../~~~~....../........../........../........../........../"
      "........../.........." +
      tail;
  EXPECT_THROW(FromPosition(four), Error);
  EXPECT_NO_THROW(FromPosition(four, {{"volcanoes", "5"}}));
}

// Positions the rules never reach: the Headquarters and Mines never move, a no-return mark is left
// by a move, and a removed Headquarters ends the game (taken: the taker wins).
TEST(EspionagePosition, RefusesPositionsTheRulesNeverReach) {
  const auto replaced = [](std::string text, const std::string& from, const std::string& to) {
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  const std::vector<std::pair<std::string, std::string>> cases = {
      {replaced(kSpyPosition, "RHR1", "RH'R1"), "the Headquarters on a1 never moves"},
      {replaced(kSpyPosition, "RHR1", "RHnR1"), "the Headquarters on a1 never moves"},
      {replaced(kSpyPosition, "RMRMRMRMB1'", "RM'RMRMRMB1'"), "removed: a Mine never moves"},
      {replaced(kSpyPosition, "B1+", "B1+e"), "a10 has a no-return mark but has not moved"},
      {replaced(replaced(kSpyPosition, "RHR1", ".R1"), "removed=R1'+", "removed=RHR1'+"),
       "Red's Headquarters is removed, but taking it ends the game"},
      {replaced(replaced(kSpyPosition, "phase=play", "phase=over"), "result=-",
                "result=headquarters-captured:win/loss"),
       "Blue's Headquarters was taken: it is removed"},
      {replaced(kSpyPosition, "RHR1", ".R1"), "the armies do not fit"},
  };
  for (const auto& [text, message] : cases) {
    try {
      FromPosition(text, kReveal);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos)
          << "'" << e.what() << "' lacks '" << message << "'";
    }
  }
}

// Rulings "Espionage": the `volcanoes` option's volcanoes are placed by lot before the setup and
// stay for the whole game. Fewer stand on the board only while they are being placed (or in a
// game ended then); from the setup on, exactly that many.
TEST(EspionagePosition, VolcanoCountIsTheOptions) {
  const std::string setup =
      ".........BH/........BM./........../........../........../........../........../"
      "R2R2R2R3R3R3R4R4R5R5/RSRSRSRSRSRPRPRPRPR2/RMRHRMRMRMR1R1R1R1R1 phase=setup to_move=blue "
      "moves_done=0 placed=30/2 removed=- last_move=- plies=32 play_plies=0 quiet_plies=0 "
      "quiet_turns=0 result=-";
  const std::string volcano_a4 = "/~........./";  // row 4 of kSpyPosition
  const auto replaced = [](std::string text, const std::string& from, const std::string& to) {
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  const std::vector<std::tuple<std::string, std::map<std::string, std::string>, std::string>>
      cases = {
          {kSpyPosition,
           {{"reveal_on_combat", "true"}},
           "board: 1 volcano on the board, but volcanoes=4 places 4 before the setup"},
          {replaced(kSpyPosition, volcano_a4, "/........../"), kReveal,
           "board: 0 volcanoes on the board, but volcanoes=1 places 1 before the setup"},
          {replaced(kSpyPosition, volcano_a4, "/~~~~~~~~~./"), kReveal,
           "board: 9 volcanoes on the board, but volcanoes=1 places 1 before the setup"},
          {replaced(setup, "/........../R2", "/....~...../R2"),
           {{"volcanoes", "0"}},
           "board: 1 volcano on the board, but volcanoes=0 places 0 before the setup"},
          {replaced(replaced(kSpyPosition, "phase=play", "phase=over"), "result=-",
                    "result=resignation:loss/win"),
           {{"reveal_on_combat", "true"}, {"volcanoes", "2"}},
           "board: 1 volcano on the board, but volcanoes=2 places 2 before the setup"},
      };
  for (const auto& [text, options, message] : cases) {
    try {
      FromPosition(text, options);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos)
          << "'" << e.what() << "' lacks '" << message << "'";
    }
  }
  // The right count is accepted; a game ended while the volcanoes were placed keeps fewer.
  EXPECT_NO_THROW(FromPosition(kSpyPosition, kReveal));
  EXPECT_NO_THROW(
      FromPosition(replaced(setup, "/........../R2", "/....~...../R2"), {{"volcanoes", "1"}}));
  const std::string ended_placing =
      "........../........../........../........../........../......~.../........../........../"
      "........../.......... phase=over to_move=red moves_done=0 placed=0/0 removed=- "
      "last_move=- plies=1 play_plies=0 quiet_plies=0 quiet_turns=0 result=agreement:draw/draw";
  EXPECT_EQ(FromPosition(ended_placing)->PositionText(), ended_placing);
}

// Ranks the viewer does not know are '?'; an enemy Spy's recognition is told to the spying side
// only; the setup in progress only to the seat setting up.
TEST(EspionagePosition, ViewFormTellsOnlyWhatTheViewerKnows) {
  auto state = FromPosition(kSpyPosition, kReveal);
  const std::string red = state->ViewPositionText(0);
  const std::string blue = state->ViewPositionText(1);
  const std::string spectator = state->ViewPositionText(engine::kSpectator);
  const std::string rows_9_to_7 = "/........../........../........../";
  const auto starts = [](const std::string& text, const std::string& start) {
    return text.substr(0, start.size()) == start;
  };
  EXPECT_TRUE(starts(red, "B1+........B?" + rows_9_to_7 + ".....B4!..../....RS's...../")) << red;
  EXPECT_TRUE(starts(blue, "B1+........BH" + rows_9_to_7 + ".....B4..../....R?'s...../")) << blue;
  EXPECT_TRUE(starts(spectator, "B1+........B?" + rows_9_to_7 + ".....B?..../....R?'s...../"))
      << spectator;
  EXPECT_NE(red.find("removed=R1'+B3'+R1'R1'R1'R2'"), std::string::npos);
  EXPECT_NE(red.find("RMRMRMRMB?'B?'"), std::string::npos);
  EXPECT_NE(blue.find("removed=R1'+B3'+R?'R?'R?'R?'"), std::string::npos);
  EXPECT_NE(blue.find("R?R?R?R?B1'B1'"), std::string::npos);
  EXPECT_NE(red.find(" last_move=e4-e5 plies=125 play_plies=58 quiet_plies=3 quiet_turns=1"),
            std::string::npos);
  // A setup in progress: the other seat sees neither the pieces nor how many.
  auto setup = Game({{"volcanoes", "0"}}).NewInitialState();
  Play(*setup, "H:a1");
  Play(*setup, "M:b1");
  EXPECT_EQ(setup->ViewPositionText(1).substr(0, 10), "..........");
  EXPECT_NE(setup->ViewPositionText(1).find("placed=?/0"), std::string::npos);
  EXPECT_NE(setup->ViewPositionText(0).find("placed=2/0"), std::string::npos);
  EXPECT_NE(setup->ViewPositionText(0).find("RHRM........"), std::string::npos);
}

// A seat's view reads back (quartel engine's position view) into a state showing it the same view,
// the other's unknown ranks filled in; a view that no state shows is refused naming the field.
TEST(EspionagePosition, ViewsReadBackAndBadViewsNameTheField) {
  using ::quartel::test_helpers::ExpectViewError;
  using ::quartel::test_helpers::Replaced;
  auto state = FromPosition(kSpyPosition, kReveal);
  const EspionageGame& game = Game(kReveal);
  for (engine::Seat seat : {0, 1}) {
    const std::string view = state->ViewPositionText(seat);
    const auto read = game.NewStateFromView(view, seat);
    EXPECT_EQ(read->ViewPositionText(seat), view);
    EXPECT_EQ(read->PositionText().find('?'), std::string::npos) << read->PositionText();
  }
  // Red is to move: its view read back gives it the same moves.
  const std::string red = state->ViewPositionText(0);
  EXPECT_EQ(game.NewStateFromView(red, 0)->LegalActions(), state->LegalActions()) << red;
  const std::string blue = state->ViewPositionText(1);
  ExpectViewError(game, blue, 0, "a seat sees its own ranks");
  ExpectViewError(game, blue, 5, "the viewer is a seat");
  ExpectViewError(game, Replaced(blue, "BH", "B?"), 1, "a seat sees its own ranks");
  ExpectViewError(game, Replaced(blue, "placed=30/30", "placed=?/30"), 1, "placed");
  ExpectViewError(game, Replaced(blue, "removed=R1'+B3'+", "removed=B3'+B3'+B3'+B3'+"), 1,
                  "the army only 3");
}

// States a seat cannot tell apart (SampleConsistentState) give it the same view text.
TEST(EspionagePosition, IndistinguishableStatesGiveEqualViewText) {
  Rng rng(5);
  for (int game = 0; game < quartel::test_helpers::RandomGames(4); ++game) {
    auto state = Game().NewInitialState();
    for (int ply = 0; !state->IsTerminal() && ply < 400; ++ply) {
      for (engine::Seat seat : {0, 1}) {
        auto sample = state->SampleConsistentState(seat, rng);
        ASSERT_EQ(sample->ViewPositionText(seat), state->ViewPositionText(seat));
      }
      const auto actions = state->LegalActions();
      state->ApplyAction(actions[rng.Below(static_cast<std::uint32_t>(actions.size()))]);
    }
  }
}

}  // namespace
}  // namespace quartel::espionage
