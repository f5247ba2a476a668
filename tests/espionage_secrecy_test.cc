// Espionage secrecy tests (issue 8, 1.5 and 1.6; rulings "Espionage" and "Common to every game"):
// what one seat learns must not depend on what only the other seat knows. Each test builds two
// states that differ only in something the viewer may not know (the opponent's rank, what a Spy
// recognised, the opponent's setup so far) and requires byte-identical views (JSON, text, tensor),
// and checks that SampleConsistentState redraws that part, so that the conformance suite's
// comparison of a state with its samples would catch a view that shows it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/state.h"
#include "espionage_test_helpers.h"
#include "games/espionage/espionage.h"

namespace quartel::espionage {
namespace {

// A Red Spy on e4 below a Blue 3 on d6, Red to move. This file's play positions stand the default
// four volcanoes (volcanoes=4) on j4-j7, away from the pieces they test.
const std::string kSpyBelowBlueThree =
    "B1........BH/........../........../.........~/...B3.....~/.........~/....RS....~/........."
    "./........../RH......... phase=play to_move=red moves_done=0 placed=30/30 removed=R1'R1'R1"
    "'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1'B1'B1'B1'B2'B2'"
    "B2'B2'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM last_move=- plies=0 play_plies"
    "=0 quiet_plies=0 quiet_turns=0 result=-";

using namespace test_helpers;  // espionage_test_helpers.h

std::vector<float> Tensor(const engine::State& state, engine::Seat viewer) {
  std::vector<float> tensor(state.game().TensorSize());
  state.ViewTensor(viewer, tensor);
  return tensor;
}

// Every view of `viewer` (JSON, text with and without colour, tensor) is the same in `a` and `b`.
void ExpectSameViews(const engine::State& a, const engine::State& b, engine::Seat viewer) {
  EXPECT_EQ(a.ViewJson(viewer).dump(), b.ViewJson(viewer).dump()) << "viewer " << viewer;
  EXPECT_EQ(a.ViewText(viewer, false), b.ViewText(viewer, false)) << "viewer " << viewer;
  EXPECT_EQ(a.ViewText(viewer, true), b.ViewText(viewer, true)) << "viewer " << viewer;
  EXPECT_EQ(Tensor(a, viewer), Tensor(b, viewer)) << "viewer " << viewer;
}

// ==== 1.6: a Spy's recognition is seen by the spying side only ====

// Red's piece on e4 steps to e5, next to Blue's Captain on d6. Whether that piece is a Spy (which
// recognises the Captain) or a Corporal (which does not), Blue must see the same thing: telling
// Blue that its Captain was recognised would tell it that the piece on e5 is a Spy.
TEST(EspionageRecognition, TheOwnerOfARecognisedPieceIsNotTold) {
  for (const char* options : {"false", "true"}) {  // reveal_on_combat: no combat here either way
    const std::map<std::string, std::string> opts = {{"moves_per_turn", "1"},
                                                     {"reveal_on_combat", options}};
    auto spy = FromPosition(kSpyBelowBlueThree, opts);
    auto corporal = FromPosition(
        "B1........BH/........../........../.........~/...B3.....~/.........~/....R1....~/......."
        ".../........../RH........."
        " phase=play to_move=red moves_done=0 placed=30/30"
        " removed=R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMR"
        "MB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
        " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-",
        opts);
    Play(*spy, "e4-e5");
    Play(*corporal, "e4-e5");
    // The spying side sees the Captain; with a Corporal it does not.
    EXPECT_EQ(spy->ViewJson(0)["board"][Sq("d6")]["rank"], "3");
    EXPECT_EQ(corporal->ViewJson(0)["board"][Sq("d6")]["rank"], "?");
    // The owner and spectators cannot tell the two apart.
    ExpectSameViews(*spy, *corporal, 1);
    ExpectSameViews(*spy, *corporal, engine::kSpectator);
    EXPECT_EQ(spy->ViewJson(engine::kSpectator)["board"][Sq("d6")]["rank"], "?");
  }
}

// The other way round: Blue's Colonel steps next to Red's piece on e5. If that piece is a Spy,
// Red now knows the Colonel; Blue must not learn it.
TEST(EspionageRecognition, APieceMovingNextToASpyIsNotToldEither) {
  const std::map<std::string, std::string> opts = {{"moves_per_turn", "1"}};
  auto spy = FromPosition(
      ".........BH/........../........../.....B4...~/.........~/....RS....~/.........~/........"
      "../........../RHR1........"
      " phase=play to_move=blue moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1"
      "'B1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-",
      opts);
  auto corporal = FromPosition(
      ".........BH/........../........../.....B4...~/.........~/....R1....~/.........~/........"
      "../........../RHRS........"
      " phase=play to_move=blue moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1"
      "'B1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-",
      opts);
  Play(*spy, "f7-f6");
  Play(*corporal, "f7-f6");
  EXPECT_EQ(spy->ViewJson(0)["board"][Sq("f6")]["rank"], "4");
  EXPECT_EQ(corporal->ViewJson(0)["board"][Sq("f6")]["rank"], "?");
  ExpectSameViews(*spy, *corporal, 1);
  ExpectSameViews(*spy, *corporal, engine::kSpectator);
  // Still the same after the next move.
  Play(*spy, "b1-b2");
  Play(*corporal, "b1-b2");
  ExpectSameViews(*spy, *corporal, 1);
}

// After the game ends everything is revealed (rulings "Common to every game"), recognitions too.
TEST(EspionageRecognition, TheEndOfTheGameTellsTheOwner) {
  auto s = FromPosition(kSpyBelowBlueThree, {{"moves_per_turn", "1"}});
  Play(*s, "e4-e5");
  EXPECT_FALSE(s->ViewJson(1)["board"][Sq("d6")]["known"].get<bool>());
  const std::vector<engine::Outcome> results = {engine::Outcome::kWin, engine::Outcome::kLoss};
  ASSERT_TRUE(s->EndGame(engine::EndReason::kResignation, results));
  for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
    EXPECT_TRUE(s->ViewJson(viewer)["board"][Sq("d6")]["known"].get<bool>()) << viewer;
    EXPECT_FALSE(s->ViewJson(viewer)["board"][Sq("a10")]["known"].get<bool>()) << viewer;
  }
}

// With reveal_on_combat=on, what combat shows is known to both seats and may be marked as such.
TEST(EspionageRecognition, CombatRevealsAreKnownToBoth) {
  auto s = FromPosition(
      "B1........BH/........../........../.........~/.........~/....B3....~/....R5....~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMR"
      "MB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-",
      {{"moves_per_turn", "1"}, {"reveal_on_combat", "true"}});
  Play(*s, "e4xe5");
  for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
    const Json cell = s->ViewJson(viewer)["board"][Sq("e5")];
    EXPECT_EQ(cell["rank"], "5") << viewer;
    EXPECT_TRUE(cell["known"].get<bool>()) << viewer;
  }
}

// The sampler redraws which of the seat's own pieces the opponent's Spies recognised: the seat
// cannot know it, so in the samples the opponent knows some of them and not others.
TEST(EspionageRecognition, SamplesRedrawWhatTheSpiesSaw) {
  auto s = FromPosition(
      "B1B2.......BH/........../........../.........~/...B3.B4...~/.........~/....RS....~/....."
      "...../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMR"
      "MB1'B1'B1'B1'B2'B2'B2'B3'B3'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-",
      {{"moves_per_turn", "1"}});
  Play(*s, "e4-e5");  // the Spy recognises d6 and f6
  Rng rng(3);
  std::set<std::string> red_knows;  // which Blue pieces Red knows, over the samples for Blue
  for (int i = 0; i < 64; ++i) {
    const auto sample = s->SampleConsistentState(1, rng);
    ExpectSameViews(*s, *sample, 1);
    const Json red = sample->ViewJson(0);
    std::string known;
    for (const char* sq : {"d6", "f6", "a10", "b10"})
      known += red["board"][Sq(sq)]["rank"] == "?" ? '0' : '1';
    red_knows.insert(known);
  }
  EXPECT_GT(red_knows.size(), 4u);  // not only the true "1100"
}

// ==== 1.5: setups are secret until both are complete ====

// A game without volcanoes in which Red has placed the first `n` pieces of `setup`, in the
// string's order or (when `reversed`) from its last square back.
std::unique_ptr<engine::State> RedPlaced(int n, bool reversed, const char* setup = kRedSetup) {
  auto state = Game({{"volcanoes", "0"}}).NewInitialState();
  auto actions = state->StringToTurn(setup);
  if (reversed) std::reverse(actions.begin(), actions.end());
  for (int i = 0; i < n; ++i) state->ApplyAction(actions[i]);
  return state;
}

// The same for Blue after Red's whole setup.
std::unique_ptr<engine::State> BluePlaced(int n, bool reversed, const char* red = kRedSetup) {
  auto state = RedPlaced(kHomeSquares, false, red);
  auto actions = state->StringToTurn(kBlueSetup);
  if (reversed) std::reverse(actions.begin(), actions.end());
  for (int i = 0; i < n; ++i) state->ApplyAction(actions[i]);
  return state;
}

TEST(EspionageSetupSecrecy, TheOtherSeatSeesOnlyThatTheSetupIsInProgress) {
  const auto start = RedPlaced(0, false);
  for (const int n : {1, 7, 29}) {
    for (const bool reversed : {false, true}) {
      const auto state = RedPlaced(n, reversed);
      ExpectSameViews(*start, *state, 1);
      ExpectSameViews(*start, *state, engine::kSpectator);
    }
  }
  // Red itself sees what it placed.
  EXPECT_EQ(RedPlaced(1, false)->ViewJson(0)["board"][Sq("a1")]["rank"], "M");
  // While Blue sets up, Red sees no more of it, and Blue sees nothing of Red's setup but that it
  // is done.
  const auto blue_start = BluePlaced(0, false);
  for (const int n : {1, 12, 29}) {
    for (const bool reversed : {false, true}) {
      const auto state = BluePlaced(n, reversed);
      ExpectSameViews(*blue_start, *state, 0);
      ExpectSameViews(*blue_start, *state, engine::kSpectator);
    }
  }
  ExpectSameViews(*blue_start, *BluePlaced(0, false, "HMMMM12345 SSSSSPPPP1 1112223345"), 1);
  const Json blue = blue_start->ViewJson(1);
  for (int sq = 0; sq < kHomeSquares; ++sq) EXPECT_TRUE(blue["board"][sq].is_null()) << sq;
  EXPECT_EQ(blue["setup"], Json::parse(R"(["done", "in progress"])"));
  EXPECT_EQ(start->ViewJson(1)["setup"], Json::parse(R"(["in progress", "waiting"])"));
  // Once both are complete, the occupied squares show as usual, ranks hidden.
  const auto done = BluePlaced(kHomeSquares, false);
  for (int sq = 0; sq < kHomeSquares; ++sq) {
    EXPECT_EQ(done->ViewJson(1)["board"][sq]["rank"], "?") << sq;
    EXPECT_EQ(done->ViewJson(engine::kSpectator)["board"][sq]["rank"], "?") << sq;
  }
}

// A seat's whole setup is one turn: MidTurn() from its first placement to its last.
TEST(EspionageSetupSecrecy, ASetupIsOneTurn) {
  auto state = Game({{"volcanoes", "0"}}).NewInitialState();
  for (const char* setup : {kRedSetup, kBlueSetup}) {
    const int seat = state->CurrentSeat();
    EXPECT_FALSE(state->MidTurn());
    const auto actions = state->StringToTurn(setup);
    for (std::size_t i = 0; i < actions.size(); ++i) {
      state->ApplyAction(actions[i]);
      EXPECT_EQ(state->MidTurn(), i + 1 < actions.size()) << i;
      if (i + 1 < actions.size()) {
        EXPECT_EQ(state->CurrentSeat(), seat);
      }
    }
  }
  EXPECT_TRUE(state->IsChanceNode());  // the lot
}

// The other seat's placements are told without their squares or their number, and a whole setup
// is told in one line.
TEST(EspionageSetupSecrecy, PlacementsAreToldWithoutTheirSquares) {
  const auto start = Game({{"volcanoes", "0"}}).NewInitialState();
  const auto actions = start->StringToTurn(kRedSetup);
  auto state = start->Clone();
  for (Action a : actions) {
    for (engine::Seat viewer : {1, engine::kSpectator}) {
      EXPECT_EQ(state->ActionToStringFor(a, viewer), state->ActionToStringFor(actions[0], viewer));
      EXPECT_EQ(state->ActionToStringFor(a, viewer).find_first_of("0123456789"), std::string::npos);
    }
    EXPECT_EQ(state->ActionToStringFor(a, 0), state->ActionToString(a));
    state->ApplyAction(a);
  }
  const std::span<const Action> all(actions);
  for (engine::Seat viewer : {1, engine::kSpectator}) {
    const std::string whole = start->DescribeTurn(all, viewer);
    EXPECT_EQ(whole.find_first_of("0123456789\n"), std::string::npos) << whole;
    EXPECT_EQ(start->DescribeTurn(all.first(5), viewer),
              start->DescribeTurn(all.first(12), viewer));
  }
  const std::string own = start->DescribeTurn(all, 0);
  EXPECT_NE(own.find("MHMMM12345/SSSSSPPPP1/1112223345"), std::string::npos) << own;
  EXPECT_EQ(own.find('\n'), std::string::npos) << own;
}

// While a setup is secret, the sampler redraws how many pieces the other seat has placed, where,
// and which.
TEST(EspionageSetupSecrecy, SamplesRedrawTheOtherSetupSoFar) {
  for (const int seat : {1, 0}) {
    const auto state = seat == 1 ? RedPlaced(7, false) : BluePlaced(11, true);
    const int other = 1 - seat;
    Rng rng(9);
    std::set<std::vector<int>> placements;
    std::set<int> counts;
    for (int i = 0; i < 40; ++i) {
      const auto sample = state->SampleConsistentState(seat, rng);
      ExpectSameViews(*state, *sample, seat);
      sample->CheckConsistency();
      std::vector<int> placed;
      for (int sq = 0; sq < kNumSquares; ++sq) {
        const auto cell = Pos(*sample).board[sq];
        if ((cell & kOccupied) && ((cell & kOwnerBit) != 0) == (other == 1)) {
          placed.push_back(sq * 16 + (cell & 15));
        }
      }
      counts.insert(static_cast<int>(placed.size()));
      placements.insert(placed);
    }
    EXPECT_GT(counts.size(), 5u) << "seat " << seat;
    EXPECT_GT(placements.size(), 30u) << "seat " << seat;
  }
}

}  // namespace
}  // namespace quartel::espionage
