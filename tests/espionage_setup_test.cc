// Espionage setups (issue 8, 1.5 and section 4): the distribution bots draw their setups from
// (setups.h: the Headquarters protected, everything else spread), the bots that use it (MCTS
// through its SetupPlan hook, the heuristic bot), "random N", and precise errors for what a
// player types while setting up; the terminal's notation help.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/state.h"
#include "espionage_test_helpers.h"
#include "games/espionage/espionage.h"
#include "games/espionage/setups.h"

namespace quartel::espionage {
namespace {

using namespace test_helpers;  // espionage_test_helpers.h

// A fresh game at the start of `seat`'s setup (Red's typed setup first for Blue).
std::unique_ptr<engine::State> AtSetupOf(int seat) {
  auto state = Game({{"volcanoes", "0"}}).NewInitialState();
  if (seat == 1) Play(*state, kRedSetup);
  return state;
}

// Checks, on the board and independently of the drawing code, that `seat`'s Headquarters stands
// on its back row with a Mine on every orthogonal neighbour inside its home rows; returns the
// Headquarters' file.
int CheckGuardedHeadquarters(const engine::State& state, int seat) {
  const Position& p = Pos(state);
  const int back = seat == 0 ? 0 : 9, inward = seat == 0 ? 1 : -1;
  int hq_file = -1;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const auto cell = p.board[sq];
    if ((cell & kOccupied) && ((cell & kOwnerBit) != 0) == (seat == 1) && (cell & 15) == kHq) {
      EXPECT_EQ(sq / 10, back) << "Headquarters on " << SquareName(sq);
      hq_file = sq % 10;
    }
  }
  if (hq_file < 0) {
    ADD_FAILURE() << "no Headquarters";
    return -1;
  }
  std::vector<int> guards = {(back + inward) * 10 + hq_file};
  if (hq_file > 0) guards.push_back(back * 10 + hq_file - 1);
  if (hq_file < 9) guards.push_back(back * 10 + hq_file + 1);
  for (int sq : guards) EXPECT_EQ(p.board[sq] & 15, kMine) << "beside the Headquarters: " << sq;
  return hq_file;
}

// Over 1000 draws per seat: every setup legal and placed in full, the Headquarters guarded, no
// setup twice, the Headquarters on every file about equally often (expected 100 each; the bounds
// are over 5 standard deviations away), and every mobile rank seen in each of the three rows.
TEST(EspionageSetupDraw, ABroadDistributionOfGuardedSetups) {
  for (const int seat : {0, 1}) {
    Rng rng(2024 + seat);
    std::set<std::string> distinct;
    std::array<int, kSize> hq_files{};
    std::array<std::array<bool, kNumRanks>, 3> rank_in_row{};
    const auto start = AtSetupOf(seat);
    for (int draw = 0; draw < 1000; ++draw) {
      const std::string setup = DrawSetup(seat, rng);
      ASSERT_EQ(setup.size(), 30u);
      distinct.insert(setup);
      auto state = start->Clone();
      for (Action a : ParseSetup(setup, seat)) state->ApplyAction(a);  // checked
      ASSERT_EQ(state->CurrentSeat(), seat == 0 ? 1 : engine::kChanceSeat);
      const int file = CheckGuardedHeadquarters(*state, seat);
      ASSERT_GE(file, 0);
      ++hq_files[file];
      for (int sq = 0; sq < kNumSquares; ++sq) {
        const auto cell = Pos(*state).board[sq];
        if (!(cell & kOccupied) || ((cell & kOwnerBit) != 0) != (seat == 1)) continue;
        const int depth = seat == 0 ? sq / 10 : 9 - sq / 10;  // 0 back row .. 2 front row
        rank_in_row[depth][cell & 15] = true;
      }
    }
    EXPECT_EQ(distinct.size(), 1000u);
    for (int f = 0; f < kSize; ++f) {
      EXPECT_GT(hq_files[f], 50) << "file " << f;
      EXPECT_LT(hq_files[f], 150) << "file " << f;
    }
    for (int depth = 0; depth < 3; ++depth) {
      for (int rank = 1; rank <= kSapper; ++rank) {
        EXPECT_TRUE(rank_in_row[depth][rank]) << RankName(rank) << " never in row " << depth;
      }
    }
  }
}

// MCTS (through its SetupPlan hook) and the heuristic bot set up from the same distribution: the
// Headquarters guarded, and another setup for each seed.
TEST(EspionageSetupDraw, BotsDrawTheirSetups) {
  ai::RegisterBuiltinBots();
  const auto& game = Game({{"volcanoes", "0"}});
  for (const char* spec : {"mcts:iterations=16", "heuristic"}) {
    std::set<std::vector<Action>> setups;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      for (const int seat : {0, 1}) {
        auto bot = ai::MakeBot(spec, game, seed);
        auto state = AtSetupOf(seat);
        std::vector<Action> placed;
        while (state->CurrentSeat() == seat) {
          placed.push_back(
              bot->ChooseAction(quartel::engine::SeatHandle(*state, state->CurrentSeat())));
          state->ApplyAction(placed.back());
        }
        ASSERT_EQ(placed.size(), 30u) << spec;
        CheckGuardedHeadquarters(*state, seat);
        setups.insert(placed);
      }
    }
    EXPECT_EQ(setups.size(), 12u) << spec;
  }
}

std::string ErrorOf(const engine::State& state, const std::string& text) {
  try {
    state.StringToTurn(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(EspionageSetupInput, RandomSetupsAndPreciseErrors) {
  const auto state = AtSetupOf(0);
  // "random N": the setup drawn from N, the same every time.
  Rng rng(7);
  EXPECT_EQ(state->StringToTurn("random 7"), ParseSetup(DrawSetup(0, rng), 0));
  EXPECT_EQ(state->StringToTurn("Random 7"), state->StringToTurn("random 7"));
  EXPECT_NE(state->StringToTurn("random 8"), state->StringToTurn("random 7"));
  const std::string blue_setup = ErrorOf(*AtSetupOf(1), "random 7");
  EXPECT_EQ(blue_setup, "(no error)");
  // What went wrong, precisely.
  EXPECT_NE(ErrorOf(*state, "MHMMM12345 SSSSSPPPP1 111222334")
                .find("29 squares given, a setup "
                      "needs 30"),
            std::string::npos)
      << ErrorOf(*state, "MHMMM12345 SSSSSPPPP1 111222334");
  EXPECT_NE(ErrorOf(*state, "MHMMM12345 SSSSSPPPP1 1112223345 1").find("31 squares given"),
            std::string::npos);
  EXPECT_NE(ErrorOf(*state, "MHMMM").find("5 squares given"), std::string::npos);
  EXPECT_NE(ErrorOf(*state, "random").find("'random': random needs a number, e.g. random 7"),
            std::string::npos)
      << ErrorOf(*state, "random");
  EXPECT_NE(ErrorOf(*state, "random x").find("random needs a number"), std::string::npos);
  EXPECT_NE(ErrorOf(*state, "random -3").find("'random -3': the number must be 0 or more"),
            std::string::npos)
      << ErrorOf(*state, "random -3");
  EXPECT_NE(ErrorOf(*state, "MHMMM12345 SSSSSPPPP1 111222334X").find("'X' on j3"),
            std::string::npos);
  // A move typed during the setup is told so.
  EXPECT_NE(ErrorOf(*state, "a3-a4").find("the armies are being set up"), std::string::npos)
      << ErrorOf(*state, "a3-a4");
  // Once a piece is placed, whole setups are refused, naming why.
  auto started = state->Clone();
  Play(*started, "H:a1");
  EXPECT_NE(ErrorOf(*started, "random 7").find("Red has placed pieces"), std::string::npos)
      << ErrorOf(*started, "random 7");
  EXPECT_NE(ErrorOf(*started, kRedSetup).find("Red has placed pieces"), std::string::npos);
}

TEST(EspionageSetupInput, NotationHelpListsWhatAPlayerTypes) {
  Game();  // registers the games
  const std::string help = engine::FindGame("espionage").notation_help;
  for (const char* example : {"a3-a4", "a3xa4", "a3-a4 b3-b4", "H:a1",
                              "MHMMM12345 SSSSSPPPP1 1112223345", "random 7", "claim draw"}) {
    EXPECT_NE(help.find(example), std::string::npos) << example << " missing from:\n" << help;
  }
}

}  // namespace
}  // namespace quartel::espionage
