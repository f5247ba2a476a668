// Espionage rule tests (seed 004; shared rulings "Espionage"; docs/rules/espionage.md): each rule
// with a positive and a negative case, the whole combat table, Spy recognition and its
// persistence, the no-return rule, two-move turns, the conformance suite, the hidden-information
// invariance over random positions, and an independent move lister compared with the engine's.
#include "games/espionage/espionage.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/conformance.h"
#include "engine/game.h"
#include "espionage_test_helpers.h"

namespace quartel::espionage {
namespace {

// The hand-made play positions below stand the default four volcanoes (volcanoes=4) on j4-j7,
// away from the pieces they test: the parser refuses another count (rulings "Espionage").

// A Red 3 on e4 faces a Blue 2 on e5, Red to move.
const std::string kThreeFacesTwo =
    "B1........BH/........../........../.........~/.........~/....B2....~/....R3....~/........."
    "./........../RH......... phase=play to_move=red moves_done=0 placed=30/30 removed=R1'R1'R1"
    "'R1'R1'R2'R2'R2'R2'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1'B1'B1'B1'B2'B2'"
    "B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM last_move=- plies=0 play_plies"
    "=0 quiet_plies=0 quiet_turns=0 result=-";

// A Red 3 on e4 and a Red 2 on f4, nothing in front of them, Red to move.
const std::string kRedThreeAndTwo =
    "B1........BH/........../........../.........~/.........~/.........~/....R3R2...~/........."
    "./........../RH......... phase=play to_move=red moves_done=0 placed=30/30 removed=R1'R1'R1"
    "'R1'R1'R2'R2'R2'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1'B1'B1'B1'B2'B2'B2'"
    "B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM last_move=- plies=0 play_plies"
    "=0 quiet_plies=0 quiet_turns=0 result=-";

// A Red 3 on e4 and a Red 2 on f4 below a Blue 1 on e5, Red to move.
const std::string kRedThreeAndTwoBelowBlueOne =
    "B1........BH/........../........../.........~/.........~/....B1....~/....R3R2...~/........"
    "../........../RH......... phase=play to_move=red moves_done=0 placed=30/30 removed=R1'R1'R"
    "1'R1'R1'R2'R2'R2'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1'B1'B1'B2'B2'B2'B2"
    "'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM last_move=- plies=0 play_plies=0"
    " quiet_plies=0 quiet_turns=0 result=-";

// A Red Spy on e4 and a Red 2 on f4 below Blue pieces on d6, e7 and f6, Red to move.
const std::string kSpyBelowThreeEnemies =
    "B1........BH/........../........../....B5....~/...B3.B4...~/.........~/....RSR2...~/......"
    "..../........../RH......... phase=play to_move=red moves_done=0 placed=30/30 removed=R1'R1"
    "'R1'R1'R1'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1'B1'B1'B1'B2'B2'"
    "B2'B2'B3'B3'B4'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM last_move=- plies=0 play_plies=0 qui"
    "et_plies=0 quiet_turns=0 result=-";

using test_helpers::AfterSetup;
using test_helpers::FromPosition;
using test_helpers::Game;
using test_helpers::IsLegal;
using test_helpers::kBlueSetup;
using test_helpers::kRedSetup;
using test_helpers::Play;
using test_helpers::Pos;
using test_helpers::RankAt;
using test_helpers::Sq;

// Whether the opponent's Spy recognised the piece on `name` (seen by the spying side only).
bool Recognised(const engine::State& state, const char* name) {
  return (Pos(state).board[Sq(name)] & kRecognisedBit) != 0;
}

// Position text of a duel: Red's `attacker` (e.g. "R5") on e4 facing Blue's `defender` on e5,
// Red's Headquarters on a1 (and a Corporal on j1 when `red_corporal`), Blue's Headquarters on j10
// (unless it is the defender) and a Corporal on a10, the default four volcanoes on j4-j7; the rest
// of both armies removed (moved, but for the Mines); `to_move` ("red" or "blue") to move.
std::string DuelPosition(const std::string& attacker, const std::string& defender,
                         bool red_corporal, const std::string& to_move = "red") {
  std::string red_removed =
      "R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRM";
  std::string blue_removed =
      "B1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM";
  const auto take = [](std::string& removed, const std::string& piece) {
    const std::string token = piece + (piece[1] == 'M' || piece[1] == 'H' ? "" : "'");
    removed.erase(removed.find(token), token.size());
  };
  if (red_corporal) take(red_removed, "R1");
  if (!attacker.empty()) take(red_removed, attacker);
  const bool defender_is_hq = defender == "BH";
  if (!defender.empty() && !defender_is_hq) take(blue_removed, defender);
  const auto square = [](const std::string& piece) { return piece.empty() ? "." : piece; };
  return "B1........" + std::string(defender_is_hq ? "." : "BH") +
         "/........../........../.........~/.........~/...." + square(defender) + "....~/...." +
         square(attacker) + "....~/........../........../RH........" + (red_corporal ? "R1" : ".") +
         " phase=play to_move=" + to_move + " moves_done=0 placed=30/30 removed=" + red_removed +
         blue_removed + " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-";
}

// ==== Board and chance ====

TEST(EspionageBoard, NotationAndArmy) {
  for (int sq = 0; sq < kNumSquares; ++sq) EXPECT_EQ(ParseSquare(SquareName(sq)), sq);
  EXPECT_EQ(SquareName(0), "a1");
  EXPECT_EQ(SquareName(99), "j10");
  EXPECT_EQ(ParseSquare("k1"), kNone);
  EXPECT_EQ(ParseSquare("a11"), kNone);
  const Army army = FullArmy();
  int total = 0;
  for (int n : army) total += n;
  EXPECT_EQ(total, 30);
  EXPECT_EQ(army[1], 5);
  EXPECT_EQ(army[2], 4);
  EXPECT_EQ(army[3], 3);
  EXPECT_EQ(army[4], 2);
  EXPECT_EQ(army[kGeneral], 2);
  EXPECT_EQ(army[kSpy], 5);
  EXPECT_EQ(army[kSapper], 4);
  EXPECT_EQ(army[kMine], 4);
  EXPECT_EQ(army[kHq], 1);
}

TEST(EspionageChance, VolcanoesUniformOverFreeNeutralSquares) {
  auto state = Game().NewInitialState();
  for (int placed = 0; placed < 4; ++placed) {
    ASSERT_TRUE(state->IsChanceNode());
    const auto outcomes = state->ChanceOutcomes();
    ASSERT_EQ(outcomes.size(), 40u - placed);
    std::set<Action> seen;
    for (const auto& o : outcomes) {
      EXPECT_GE(o.action, 30);  // rows 4-7 only
      EXPECT_LT(o.action, 70);
      EXPECT_DOUBLE_EQ(o.probability, 1.0 / (40 - placed));
      seen.insert(o.action);
    }
    EXPECT_FALSE(IsLegal(*state, "volcano a1"));  // a home row
    state->ApplyAction(outcomes[placed * 3].action);
    if (placed < 3) {
      EXPECT_EQ(state->ChanceOutcomes().size(), 39u - placed);
    }
  }
  EXPECT_FALSE(state->IsChanceNode());  // setup after the fourth
  EXPECT_EQ(state->CurrentSeat(), 0);
  int volcanoes = 0;
  for (auto c : Pos(*state).board) volcanoes += c == kVolcano;
  EXPECT_EQ(volcanoes, 4);
  // The option's range and zero.
  EXPECT_FALSE(Game({{"volcanoes", "0"}}).NewInitialState()->IsChanceNode());
  EXPECT_EQ(Game({{"volcanoes", "8"}}).rules().volcanoes, 8);
  EXPECT_THROW(Game({{"volcanoes", "9"}}), Error);
  // A volcano is visible to both seats and to spectators.
  for (engine::Seat v : {0, 1, engine::kSpectator}) {
    int n = 0;
    const Json view = state->ViewJson(v);
    for (const auto& cell : view["board"]) n += cell == "volcano";
    EXPECT_EQ(n, 4);
  }
}

TEST(EspionageChance, FirstPlayerByLot) {
  auto state = Game({{"volcanoes", "0"}}).NewInitialState();
  Play(*state, kRedSetup);
  EXPECT_EQ(state->CurrentSeat(), 1);
  Play(*state, kBlueSetup);
  ASSERT_TRUE(state->IsChanceNode());
  const auto outcomes = state->ChanceOutcomes();
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
  EXPECT_DOUBLE_EQ(outcomes[1].probability, 0.5);
  EXPECT_EQ(state->ActionToString(kFirstLot + 1), "Blue first");
  state->ApplyAction(kFirstLot + 1);
  EXPECT_EQ(state->CurrentSeat(), 1);
}

// ==== Setup ====

TEST(EspionageSetup, PieceByPieceInTheThreeHomeRows) {
  auto state = Game({{"volcanoes", "0"}}).NewInitialState();
  EXPECT_EQ(state->LegalActions().size(), 9u * 30u);
  EXPECT_TRUE(IsLegal(*state, "H:a1"));
  EXPECT_TRUE(IsLegal(*state, "S:j3"));
  EXPECT_FALSE(IsLegal(*state, "S:a4"));  // neutral row
  EXPECT_FALSE(IsLegal(*state, "a3-a4"));
  Play(*state, "H:a1");
  EXPECT_FALSE(IsLegal(*state, "H:b1"));  // one Headquarters
  EXPECT_FALSE(IsLegal(*state, "M:a1"));  // occupied
  // Setups are secret until both are complete: others are not told the square either.
  EXPECT_EQ(state->ActionToStringFor(state->StringToAction("5:e2"), 1), "a hidden placement");
  EXPECT_EQ(state->ActionToStringFor(state->StringToAction("5:e2"), 0), "5:e2");
  EXPECT_EQ(state->ActionToStringFor(state->StringToAction("5:e2"), engine::kSpectator),
            "a hidden placement");
}

TEST(EspionageSetup, SetupStringIsAWholeTurn) {
  auto state = Game({{"volcanoes", "0"}}).NewInitialState();
  EXPECT_EQ(state->StringToTurn(kRedSetup).size(), 30u);
  EXPECT_THROW(state->StringToTurn("MHMMM12345 SSSSSPPPP1 111222334H"), Error);  // two HQs
  EXPECT_THROW(state->StringToTurn("MHMMM12345 SSSSSPPPP1 111222334X"), Error);  // bad letter
  EXPECT_THROW(state->StringToTurn("MHMMM12345 SSSSSPPPP1 1112223345 1"), Error);
  Play(*state, kRedSetup);
  EXPECT_TRUE(IsLegal(*state, "H:a8"));
  EXPECT_FALSE(IsLegal(*state, "H:a7"));
  Play(*state, kBlueSetup);
  EXPECT_EQ(RankAt(*state, "b1"), kHq);
  EXPECT_EQ(RankAt(*state, "b10"), kHq);
  EXPECT_EQ(RankAt(*state, "a8"), 1);
  // Blue's view of Red shows positions only.
  const Json blue = state->ViewJson(1);
  EXPECT_EQ(blue["board"][Sq("b1")]["rank"], "?");
  EXPECT_EQ(blue["board"][Sq("b10")]["rank"], "H");
}

// Terminal setup: only the seat setting up is shown what it may type (a 30-character setup
// string, random N, or piece by piece; Espionage has no presets).
TEST(EspionageSetup, OwnViewListsTheSetupChoices) {
  auto state = Game({{"volcanoes", "0"}}).NewInitialState();
  const std::string red_choices =
      "Type a 30-character setup, random N, or place pieces one by one (e.g. H:a1)\n";
  EXPECT_NE(state->ViewText(0, false).find(red_choices), std::string::npos)
      << state->ViewText(0, false);
  EXPECT_EQ(state->ViewText(1, false).find("Type a"), std::string::npos);
  EXPECT_EQ(state->ViewText(engine::kSpectator, false).find("Type a"), std::string::npos);
  Play(*state, "H:a1");
  EXPECT_NE(state->ViewText(0, false).find("Place your pieces one by one (e.g. H:a1)"),
            std::string::npos);
  auto blue = Game({{"volcanoes", "0"}}).NewInitialState();
  Play(*blue, kRedSetup);
  EXPECT_NE(blue->ViewText(1, false).find("one by one (e.g. H:a10)"), std::string::npos);
  EXPECT_EQ(blue->ViewText(0, false).find("Type a"), std::string::npos);
}

// ==== Combat ====

TEST(EspionageCombat, FullTable) {
  // Rows: attacker H 1 2 3 4 5 S P M; columns: defender. 'A' attacker wins, 'D' defender wins,
  // '-' the attacker cannot move. Written from the rulings, not from the code.
  const char* table[kNumRanks] = {
      "---------",  // H never moves
      "AADDDDAAD",  // Corporal: beats rank <= 1, Spies, Sappers; dies on a Mine
      "AAADDDAAD",  // Second Lieutenant
      "AAAADDAAD",  // Captain
      "AAAAADAAD",  // Colonel
      "AAAAAAAAD",  // General
      "ADDDDDAAD",  // Spy: only Spies and Sappers (and the HQ)
      "ADDDDAAAA",  // Sapper: Sappers, Spies, Generals, Mines (and the HQ)
      "---------",  // Mine never moves
  };
  for (int a = 0; a < kNumRanks; ++a) {
    for (int d = 0; d < kNumRanks; ++d) {
      const char want = table[a][d];
      if (want == '-') {
        EXPECT_THROW(Resolve(a, d), Error);
        continue;
      }
      EXPECT_EQ(Resolve(a, d) == Combat::kAttackerWins, want == 'A')
          << RankName(a) << " attacks " << RankName(d);
    }
  }
}

TEST(EspionageCombat, OnTheBoard) {
  // Every mobile attacker against every defender, played out: which piece is left.
  for (int a = 1; a < kNumRanks; ++a) {
    if (a == kMine) continue;
    for (int d = 0; d < kNumRanks; ++d) {
      const std::string att = std::string("R") + RankChar(a), def = std::string("B") + RankChar(d);
      auto state = FromPosition(DuelPosition(att, def, true));
      EXPECT_EQ(state->ActionToString(state->StringToAction("e4xe5")), "e4xe5");
      state->ApplyAction(state->StringToAction("e4xe5"));
      const std::uint8_t left = Pos(*state).board[Sq("e5")];
      const bool attacker_won = (left & kOwnerBit) == 0;
      EXPECT_EQ(attacker_won, Resolve(a, d) == Combat::kAttackerWins);
      EXPECT_EQ(Pos(*state).board[Sq("e4")], 0);
      EXPECT_EQ(left & 15, attacker_won ? a : d);
      EXPECT_EQ(Pos(*state).last_removed, attacker_won ? 2 : 1);
      if (d == kHq) {
        EXPECT_TRUE(state->IsTerminal());
        EXPECT_EQ(state->Returns(), (std::vector<double>{1.0, -1.0}));
      } else {
        EXPECT_FALSE(state->IsTerminal());
      }
    }
  }
}

TEST(EspionageCombat, SapperAndGeneralBothDirections) {
  auto s1 = FromPosition(
      "B1........BH/........../........../.........~/.........~/....B5....~/....RP....~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RMRMRMR"
      "MB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s1, "e4xe5");
  EXPECT_EQ(Pos(*s1).board[Sq("e5")] & (kOwnerBit | 15), kSapper);  // red Sapper wins
  auto s2 = FromPosition(
      "B1........BH/........../........../.........~/.........~/....BP....~/....R5....~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMR"
      "MB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s2, "e4xe5");
  EXPECT_EQ(Pos(*s2).board[Sq("e5")] & (kOwnerBit | 15), kGeneral);  // red General wins
  // Negative: a Sapper attacking a Colonel dies.
  auto s3 = FromPosition(
      "B1........BH/........../........../.........~/.........~/....B4....~/....RP....~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RMRMRMR"
      "MB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s3, "e4xe5");
  EXPECT_EQ(Pos(*s3).board[Sq("e5")] & (kOwnerBit | 15), kOwnerBit | 4);
}

TEST(EspionageCombat, MinesAndSappers) {
  auto s1 = FromPosition(
      "B1........BH/........../........../.........~/.........~/....BM....~/....RP....~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RMRMRMR"
      "MB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s1, "e4xe5");
  EXPECT_EQ(RankAt(*s1, "e5"), kSapper);  // the Sapper removes the Mine and stays
  EXPECT_EQ(Pos(*s1).quiet_turns, 0);
  auto s2 = FromPosition(
      "B1........BH/........../........../.........~/.........~/....BM....~/....R5....~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMR"
      "MB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s2, "e4xe5");
  EXPECT_EQ(RankAt(*s2, "e5"), kMine);  // the General dies, the Mine stays
  EXPECT_NE(Pos(*s2).board[Sq("e5")] & kOwnerBit, 0);
}

TEST(EspionageCombat, RanksStayHiddenUnlessTheOption) {
  auto s = FromPosition(kThreeFacesTwo);
  // (The position has 28 pieces per side removed, unseen by the other seat.)
  Play(*s, "e4xe5");
  EXPECT_EQ(s->ViewJson(1)["board"][Sq("e5")]["rank"], "?");
  EXPECT_EQ(s->ViewJson(0)["lost"][1]["hidden"], 28);  // Red does not learn what it took
  EXPECT_EQ(s->ViewJson(0)["lost"][1]["pieces"], "");
  const std::string own_lost = s->ViewJson(1)["lost"][1]["pieces"].get<std::string>();
  EXPECT_EQ(std::count(own_lost.begin(), own_lost.end(), '2'), 4);  // Blue knows its loss
  EXPECT_EQ(s->ViewJson(0)["last_move"]["removed"], "defender");
  auto r = FromPosition(kThreeFacesTwo, {{"reveal_on_combat", "true"}});
  Play(*r, "e4xe5");
  EXPECT_EQ(r->ViewJson(1)["board"][Sq("e5")]["rank"], "3");
  EXPECT_EQ(r->ViewJson(0)["lost"][1]["pieces"], "2");
  EXPECT_EQ(r->ViewJson(0)["lost"][1]["hidden"], 27);
}

// ==== Moves and turns ====

TEST(EspionageTurns, TwoMovesWithTwoDifferentPieces) {
  auto s = FromPosition(kRedThreeAndTwo);
  Play(*s, "e4-e5");
  EXPECT_TRUE(s->MidTurn());
  EXPECT_EQ(s->CurrentSeat(), 0);
  EXPECT_FALSE(IsLegal(*s, "e5-e6"));  // the same piece
  EXPECT_TRUE(IsLegal(*s, "f4-f5"));
  EXPECT_FALSE(IsLegal(*s, "claim draw"));
  Play(*s, "f4-f5");
  EXPECT_FALSE(s->MidTurn());
  EXPECT_EQ(s->CurrentSeat(), 1);
  // A whole typed turn.
  Play(*s, "a10-a9");  // Blue has one mobile piece: a one-move turn
  EXPECT_EQ(s->CurrentSeat(), 0);
  EXPECT_EQ(s->StringToTurn("e5-e6 f5-f6").size(), 2u);
  EXPECT_THROW(s->StringToTurn("e5-e6 e6-e7"), Error);
}

TEST(EspionageTurns, OneMoveWhenOnlyOnePieceCanMove) {
  // Red: one mobile piece and immobile Mines and HQ.
  auto s = FromPosition(
      "B1........BH/........../........../.........~/.........~/.........~/....R3....~/........"
      "../........../RHRM........"
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMB"
      "1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s, "e4-e5");
  EXPECT_FALSE(s->MidTurn());
  EXPECT_EQ(s->CurrentSeat(), 1);
  // A second piece that is blocked (by volcanoes and its own pieces) does not give a second move.
  auto t = FromPosition(
      "B1........BH/........../........../.........~/.........~/"
      ".........~/....R3....~/........../RM........./R1RM.......RH phase=play to_move=red "
      "moves_done=0 placed=30/30 removed=R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'"
      "RS'RP'RP'RP'RP'RMRMB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'"
      "BP'BMBMBMBM last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*t, "e4-e5");
  EXPECT_EQ(t->CurrentSeat(), 1);
  // moves_per_turn=1: always one move.
  auto u = FromPosition(kRedThreeAndTwo, {{"moves_per_turn", "1"}});
  Play(*u, "e4-e5");
  EXPECT_EQ(u->CurrentSeat(), 1);
}

TEST(EspionageTurns, MinesAndHeadquartersDoNotMove) {
  auto s = FromPosition(
      "B1........BH/........../........../.........~/.........~/.........~/....RMR2...~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMB"
      "1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  EXPECT_FALSE(IsLegal(*s, "e4-e5"));
  EXPECT_FALSE(IsLegal(*s, "a1-a2"));
  EXPECT_TRUE(IsLegal(*s, "f4-f5"));
  EXPECT_FALSE(IsLegal(*s, "f4-g5"));  // orthogonal only
  EXPECT_THROW(s->StringToAction("f4-f6"), Error);
}

TEST(EspionageTurns, NoReturnAcrossTurns) {
  auto s = FromPosition(
      "B1........BH/........../........../.........~/.........~/.........~/....R3R2R1..~/......"
      "..../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R2'R2'R2'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1'B1"
      "'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s, "e4-e5 f4-f5");
  Play(*s, "a10-a9");
  EXPECT_FALSE(IsLegal(*s, "e5-e4"));  // it just left e4
  EXPECT_NE(s->WhyIllegal(kFirstMove + Sq("e5") * 4 + 2).find("no return"), std::string::npos);
  Play(*s, "g4-g5 f5-f6");
  Play(*s, "a9-a8");
  EXPECT_FALSE(IsLegal(*s, "e5-e4"));  // still: e5 has made no other move since
  EXPECT_TRUE(IsLegal(*s, "e5-d5"));
  Play(*s, "e5-d5 g5-h5");
  Play(*s, "a8-a7");
  EXPECT_FALSE(IsLegal(*s, "d5-e5"));  // it just left e5
  EXPECT_TRUE(IsLegal(*s, "d5-d4"));
  Play(*s, "d5-d4 h5-h6");
  Play(*s, "a7-a6");
  EXPECT_TRUE(IsLegal(*s, "d4-e4"));  // e4 was left two moves ago: allowed again
  EXPECT_FALSE(IsLegal(*s, "d4-d5"));
  // The opponent's pieces follow the rule too, and the view shows it.
  EXPECT_EQ(s->ViewJson(0)["board"][Sq("a6")]["no_return"], "a7");
  Play(*s, "d4-e4 h6-h7");
  EXPECT_FALSE(IsLegal(*s, "a6-a7"));
}

TEST(EspionageEnd, NoMoveLoses) {
  // Blue's only mobile piece is captured; Blue has HQ and Mines only: Blue loses at its turn.
  auto s = FromPosition(
      ".........BH/........../........../.........~/.........~/....B1....~/....R3R2...~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1"
      "'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s, "e4xe5");
  EXPECT_TRUE(s->MidTurn());
  Play(*s, "f4-f5");
  EXPECT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->Returns(), (std::vector<double>{1.0, -1.0}));
  EXPECT_EQ(s->ViewJson(0)["result"]["ending"], "no move");
  // Negative: with a mobile piece left Blue plays on.
  auto t = FromPosition(kRedThreeAndTwoBelowBlueOne);
  Play(*t, "e4xe5 f4-f5");
  EXPECT_FALSE(t->IsTerminal());
}

TEST(EspionageEnd, HeadquartersCaptureWinsAtOnce) {
  auto s = FromPosition(
      "B1........./........../........../.........~/.........~/....BH....~/....RSR2...~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1"
      "'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s, "e4xe5");
  EXPECT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->Results()[0], engine::Outcome::kWin);
  EXPECT_EQ(s->ViewJson(1)["result"]["ending"], "headquarters captured");
}

TEST(EspionageEnd, ClaimableDraw) {
  auto s = FromPosition(
      "B1........BH/B2........./........../.........~/.........~/.........~/....R3R2...~/......"
      "..../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1"
      "'B1'B1'B1'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-",
      {{"no_capture_draw", "2"}});
  EXPECT_FALSE(IsLegal(*s, "claim draw"));
  Play(*s, "e4-e5 f4-f5");
  Play(*s, "a10-b10 a9-b9");
  EXPECT_TRUE(IsLegal(*s, "claim draw"));  // two quiet turns
  EXPECT_TRUE(s->ViewJson(1)["draw_claimable"].get<bool>());
  Play(*s, "e5-e6");
  EXPECT_FALSE(IsLegal(*s, "claim draw"));  // only at the start of a turn
  Play(*s, "f5-f6");
  Play(*s, "claim draw");
  EXPECT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->Returns(), (std::vector<double>{0.0, 0.0}));
  // A capture resets the count; 0 switches the claim off.
  auto t = FromPosition(kRedThreeAndTwoBelowBlueOne, {{"no_capture_draw", "1"}});
  Play(*t, "e4xe5 f4-f5");
  EXPECT_FALSE(IsLegal(*t, "claim draw"));
  auto u = FromPosition(kRedThreeAndTwo, {{"no_capture_draw", "0"}});
  for (int i = 0; i < 3; ++i) {
    for (Action a : u->LegalActions()) ASSERT_NE(a, kClaimDraw);
    u->ApplyAction(u->LegalActions()[0]);
  }
}

TEST(EspionageEnd, MovesCapIsADraw) {
  auto s = FromPosition(kRedThreeAndTwo, {{"max_plies", "10"}});
  Rng rng(3);
  while (!s->IsTerminal()) {
    const auto legal = s->LegalActions();
    s->ApplyAction(legal[rng.Below(static_cast<std::uint32_t>(legal.size()))]);
  }
  EXPECT_EQ(Pos(*s).play_plies, 10);
  EXPECT_EQ(s->Returns(), (std::vector<double>{0.0, 0.0}));
}

TEST(EspionageEnd, NoCaptureCapIsADraw) {
  auto s = FromPosition(kRedThreeAndTwo, {{"max_plies_without_capture", "10"}});
  Rng rng(5);
  while (!s->IsTerminal()) {
    const auto legal = s->LegalActions();
    s->ApplyAction(legal[rng.Below(static_cast<std::uint32_t>(legal.size()))]);
  }
  EXPECT_EQ(Pos(*s).quiet_plies, 10);
  EXPECT_EQ(s->ViewJson(0)["result"]["ending"], "no-capture cap");
  EXPECT_EQ(s->Returns(), (std::vector<double>{0.0, 0.0}));
}

// ==== Spy recognition ====

TEST(EspionageSpy, SpyMovingNextToEnemiesRevealsThem) {
  auto s = FromPosition(kSpyBelowThreeEnemies);
  Play(*s, "e4-e5");
  EXPECT_TRUE(Recognised(*s, "d6"));
  EXPECT_TRUE(Recognised(*s, "f6"));   // diagonal
  EXPECT_FALSE(Recognised(*s, "e7"));  // two squares away
  EXPECT_FALSE(Recognised(*s, "e5"));  // the Spy itself is not shown
  EXPECT_EQ(s->ViewJson(0)["board"][Sq("d6")]["rank"], "3");
  EXPECT_EQ(s->ViewJson(0)["board"][Sq("e7")]["rank"], "?");
  // Persistence: the Spy walks away, the reveal stays.
  Play(*s, "f4-g4");
  Play(*s, "a10-a9 e7-e8");
  Play(*s, "e5-f5 g4-h4");
  Play(*s, "a9-a8 e8-e9");
  Play(*s, "f5-f4 h4-h3");
  EXPECT_TRUE(Recognised(*s, "d6"));
  EXPECT_EQ(s->ViewJson(0)["board"][Sq("f6")]["rank"], "4");
  // Negative: a non-Spy moving next to enemies reveals nothing.
  auto t = FromPosition(
      "B1........BH/........../........../.........~/...B3.....~/.........~/....R5....~/......."
      ".../........../RH........."
      " phase=play to_move=red moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMR"
      "MB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*t, "e4-e5");
  EXPECT_FALSE(Recognised(*t, "d6"));
}

TEST(EspionageSpy, EnemyMovingNextToASpyIsRevealed) {
  auto s = FromPosition(
      "B1........BH/........../........../..B4..B3...~/.........~/....RS....~/.........~/......"
      "..../........../RHR1........"
      " phase=play to_move=blue moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'R5'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMRMB1"
      "'B1'B1'B1'B2'B2'B2'B2'B3'B3'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-");
  Play(*s, "f7-f6 c7-c6");
  EXPECT_TRUE(Recognised(*s, "f6"));   // moved next to the Spy (diagonally)
  EXPECT_FALSE(Recognised(*s, "c6"));  // not next to it
  EXPECT_EQ(s->ViewJson(0)["board"][Sq("f6")]["rank"], "3");
  EXPECT_EQ(s->ViewJson(engine::kSpectator)["board"][Sq("c6")]["rank"], "?");
  Play(*s, "b1-b2 e5-e4");
  Play(*s, "f6-g6 c6-c5");
  EXPECT_TRUE(Recognised(*s, "g6"));  // persists after moving away
}

// ==== Contract, hidden information, move lister ====

// Undo takes back every kind of action: volcanoes, placements, the lot, moves with combat, Spy
// reveals (the persistent known bits), the end of a turn and the end of the game.
TEST(EspionageContract, UndoRestoresEveryAction) {
  Rng rng(5);
  std::vector<Action> legal;
  int undone = 0;
  for (const auto& options : std::vector<std::map<std::string, std::string>>{
           {}, {{"reveal_on_combat", "true"}}, {{"moves_per_turn", "1"}}}) {
    for (int game = 0; game < 3; ++game) {
      auto state = Game(options).NewInitialState();
      std::vector<std::pair<Action, engine::UndoInfo>> done;
      std::vector<std::unique_ptr<engine::State>> before;
      while (!state->IsTerminal()) {
        state->LegalActions(legal);
        const Action a = legal[rng.Below(static_cast<std::uint32_t>(legal.size()))];
        before.push_back(state->Clone());
        done.emplace_back(a, engine::UndoInfo{});
        state->ApplyAction(a, done.back().second);
      }
      for (int i = static_cast<int>(done.size()) - 1; i >= 0; --i) {
        state->UndoAction(done[i].first, done[i].second);
        ASSERT_TRUE(state->Equals(*before[i])) << "action " << i;
        ++undone;
      }
    }
  }
  EXPECT_GT(undone, 1000);
}

TEST(EspionageSpy, UndoHidesWhatTheSpyShowed) {
  auto s = FromPosition(kSpyBelowThreeEnemies);
  const auto before = s->Clone();
  engine::UndoInfo undo;
  const Action a = s->StringToAction("e4-e5");
  s->ApplyAction(a, undo);
  ASSERT_TRUE(Recognised(*s, "d6"));
  s->UndoAction(a, undo);
  EXPECT_FALSE(Recognised(*s, "d6"));
  EXPECT_FALSE(Recognised(*s, "f6"));
  EXPECT_TRUE(s->Equals(*before));
  EXPECT_EQ(s->ViewText(1, false), before->ViewText(1, false));
}

// The last move in words (what the play loop shows), naming only ranks the viewer knows and
// saying which piece combat removed: the attacker, the defender, or the attacker with the Mine
// staying (rulings "Espionage": combat shows only which piece was removed, not the ranks).
TEST(EspionageViews, LastMoveInWords) {
  struct Case {
    const char* attacker;
    const char* defender;
    bool reveal_on_combat;
    std::string red, blue, spectator;  // the last-move line each viewer reads
  };
  const std::vector<Case> cases = {
      {"R5", "B3", false,
       "Red's General e4xe5 attacked Blue's piece at e5; the defender was removed",
       "Red's piece e4xe5 attacked Blue's Captain at e5; the defender was removed",
       "Red's piece e4xe5 attacked Blue's piece at e5; the defender was removed"},
      {"R1", "B3", false,
       "Red's Corporal e4xe5 attacked Blue's piece at e5; the attacker was removed",
       "Red's piece e4xe5 attacked Blue's Captain at e5; the attacker was removed",
       "Red's piece e4xe5 attacked Blue's piece at e5; the attacker was removed"},
      {"R5", "BM", false,
       "Red's General e4xe5 attacked Blue's piece at e5; the attacker was removed",
       "Red's piece e4xe5 attacked Blue's Mine at e5; the attacker was removed and the Mine stays",
       "Red's piece e4xe5 attacked Blue's piece at e5; the attacker was removed"},
      {"RP", "BM", false,
       "Red's Sapper e4xe5 attacked Blue's piece at e5; the defender was removed",
       "Red's piece e4xe5 attacked Blue's Mine at e5; the defender was removed",
       "Red's piece e4xe5 attacked Blue's piece at e5; the defender was removed"},
      {"R1", "B3", true,
       "Red's Corporal e4xe5 attacked Blue's Captain at e5; the attacker was removed",
       "Red's Corporal e4xe5 attacked Blue's Captain at e5; the attacker was removed",
       "Red's Corporal e4xe5 attacked Blue's Captain at e5; the attacker was removed"},
      {"R5", "BM", true,
       "Red's General e4xe5 attacked Blue's Mine at e5; the attacker was removed and the Mine "
       "stays",
       "Red's General e4xe5 attacked Blue's Mine at e5; the attacker was removed and the Mine "
       "stays",
       "Red's General e4xe5 attacked Blue's Mine at e5; the attacker was removed and the Mine "
       "stays"},
  };
  for (const Case& c : cases) {
    auto s = FromPosition(
        DuelPosition(c.attacker, c.defender, false),
        {{"moves_per_turn", "1"}, {"reveal_on_combat", c.reveal_on_combat ? "1" : "0"}});
    Play(*s, "e4xe5");
    for (const auto& [viewer, line] : std::vector<std::pair<engine::Seat, std::string>>{
             {0, c.red}, {1, c.blue}, {engine::kSpectator, c.spectator}}) {
      EXPECT_NE(s->ViewText(viewer, false).find("Last move: " + line + "\n"), std::string::npos)
          << "viewer " << viewer << " expects: " << line << "\n"
          << s->ViewText(viewer, false);
    }
  }
  // A move without combat.
  auto s = FromPosition(
      "B1........BH/........../........../.........~/.........~/.........~/....R5....~/........"
      "../........../RH........."
      " phase=play to_move=blue moves_done=0 placed=30/30"
      " removed=R1'R1'R1'R1'R1'R2'R2'R2'R2'R3'R3'R3'R4'R4'R5'RS'RS'RS'RS'RS'RP'RP'RP'RP'RMRMRMR"
      "MB1'B1'B1'B1'B2'B2'B2'B2'B3'B3'B3'B4'B4'B5'B5'BS'BS'BS'BS'BS'BP'BP'BP'BP'BMBMBMBM"
      " last_move=- plies=0 play_plies=0 quiet_plies=0 quiet_turns=0 result=-",
      {{"moves_per_turn", "1"}});
  Play(*s, "a10-a9");
  EXPECT_NE(s->ViewText(0, false).find("Last move: Blue moved a piece a10-a9\n"),
            std::string::npos);
  EXPECT_NE(s->ViewText(1, false).find("Last move: Blue's Corporal moved a10-a9\n"),
            std::string::npos);
}

// The move list tells an attack with what its combat showed each viewer: by default which piece
// was removed, each rank only to whoever sees it (rulings "Espionage").
TEST(EspionageViews, AnAttackIsToldWithWhatItsCombatShowed) {
  struct Case {
    const char* attacker;
    const char* defender;
    std::string red, blue, spectator;
  };
  const std::vector<Case> cases = {
      {"R5", "B3", "e4xe5: General takes an unseen piece", "e4xe5: an unseen piece takes Captain",
       "e4xe5: an unseen piece takes an unseen piece"},
      {"R5", "BM", "e4xe5: General loses to an unseen piece",
       "e4xe5: an unseen piece loses to Mine", "e4xe5: an unseen piece loses to an unseen piece"},
  };
  for (const Case& c : cases) {
    auto s = FromPosition(DuelPosition(c.attacker, c.defender, false), {{"moves_per_turn", "1"}});
    const Action attack = s->StringToAction("e4xe5");
    EXPECT_EQ(s->DescribeTurn({&attack, 1}, 0), c.red);
    EXPECT_EQ(s->DescribeTurn({&attack, 1}, 1), c.blue);
    EXPECT_EQ(s->DescribeTurn({&attack, 1}, engine::kSpectator), c.spectator);
  }
}

// The last setup and the lot that follows it are one event on the server: both are told.
TEST(EspionageViews, TheLotAfterTheLastSetupIsTold) {
  auto state = Game({{"volcanoes", "0"}}).NewInitialState();
  Play(*state, kRedSetup);
  std::vector<Action> turn = state->StringToTurn(kBlueSetup);
  turn.push_back(kFirstLot + 1);
  EXPECT_EQ(state->DescribeTurn(turn, 0), "set up its army; Blue first");
  EXPECT_EQ(state->DescribeTurn(turn, engine::kSpectator), "set up its army; Blue first");
  const std::span<const Action> setup(turn.data(), turn.size() - 1);
  EXPECT_EQ(state->DescribeTurn(setup, 1).substr(0, 7), "set up ");
  EXPECT_EQ(state->DescribeTurn(turn, 1), state->DescribeTurn(setup, 1) + "; Blue first");
}

// The option variants, each checked in full for as long as random Espionage games last. (The
// shared conformance run plays fewer games of games whose perft counts single actions, as
// Espionage's does since a setup became one turn; these games make up for it.)
// Combinations of options; the defaults and reveal_on_combat alone are variants of the shared
// suite (tests/conformance_test.cc).
TEST(EspionageContract, Conformance) {
  for (const auto& options : std::vector<std::map<std::string, std::string>>{
           {{"volcanoes", "8"}, {"moves_per_turn", "1"}},
           {{"reveal_on_combat", "true"}, {"no_capture_draw", "3"}},
           {{"max_plies", "10"}, {"volcanoes", "0"}}}) {
    engine::ConformanceOptions conformance;
#ifdef NDEBUG
    conformance.games = 3;
    conformance.max_checked_plies = 400;
#else
    conformance.games = 1;  // debug and sanitizer builds are several times slower
    conformance.max_checked_plies = 120;
#endif
    try {
      engine::RunConformance(Game(options), conformance);
    } catch (const Error& e) {
      FAIL() << e.what();
    }
  }
}

// Random setups then random play; calls `check` on every play-phase state reached.
template <typename F>
void ForRandomStates(const EspionageGame& game, int games, int every, F check) {
  for (int g = 0; g < games; ++g) {
    Rng rng(1000 + g);
    auto state = game.NewInitialState();
    int ply = 0;
    while (!state->IsTerminal() && ply < 900) {
      const auto legal = state->LegalActions();
      state->ApplyAction(legal[rng.Below(static_cast<std::uint32_t>(legal.size()))]);
      if (++ply % every == 0 || state->IsTerminal()) {
        check(static_cast<const EspionageState&>(*state));
      }
    }
  }
}

TEST(EspionageHidden, PermutedUnseenRanksLeaveTheViewAlone) {
  Rng sample_rng(7);
  int samples = 0, changed = 0;
  for (const auto& options :
       std::vector<std::map<std::string, std::string>>{{}, {{"reveal_on_combat", "true"}}}) {
    ForRandomStates(Game(options), 4, 7, [&](const EspionageState& state) {
      for (int seat = 0; seat < 2; ++seat) {
        auto sampled = state.SampleConsistentState(seat, sample_rng);
        ASSERT_EQ(sampled->ViewJson(seat).dump(), state.ViewJson(seat).dump());
        ASSERT_EQ(sampled->ViewText(seat, false), state.ViewText(seat, false));
        ASSERT_EQ(sampled->ViewJson(engine::kSpectator).dump(),
                  state.ViewJson(engine::kSpectator).dump());
        if (state.CurrentSeat() == seat) {
          ASSERT_EQ(sampled->LegalActions(), state.LegalActions());
        }
        sampled->CheckConsistency();
        const Position& a = state.position();
        const Position& b = static_cast<const EspionageState&>(*sampled).position();
        const int other = 1 - seat;
        const bool other_sets_up = a.phase == Phase::kSetup && a.to_move == other;
        for (int sq = 0; sq < kNumSquares; ++sq) {
          // A setup in progress is secret: its squares are drawn again.
          if (other_sets_up && (other == 0 ? sq < 30 : sq >= 70)) continue;
          // What the seat knows of every square: whose piece stands there, whether it has moved,
          // whether combat showed it to both; its own ranks (not which of them the opponent's
          // Spies recognised); the opponent's ranks it was shown, by combat or by its own Spies.
          const CellBits x = a.board[sq], y = b.board[sq];
          ASSERT_EQ(x & 0xf0, y & 0xf0);
          const bool own = (x & kOccupied) && ((x & kOwnerBit) != 0) == (seat == 1);
          if (own) {
            ASSERT_EQ(x & 15, y & 15);
          } else {
            ASSERT_EQ(x & kRecognisedBit, y & kRecognisedBit);
          }
          if ((!own && (x & (kKnownBit | kRecognisedBit))) || a.phase == Phase::kOver) {
            ASSERT_EQ(x, y);
          }
          if (b.board[sq] & kMovedBit) {
            ASSERT_NE(b.board[sq] & 15, kMine);
            ASSERT_NE(b.board[sq] & 15, kHq);
          }
          changed += a.board[sq] != b.board[sq];
        }
        ++samples;
      }
    });
  }
  EXPECT_GT(samples, 200);
  EXPECT_GT(changed, 0);
}

// An independent lister: for the seat to move, every own piece that is not a Mine or the
// Headquarters, not the piece already moved this turn, steps to each of its four neighbours that
// is on the board, not a volcano, not an own piece, and not the square it came from.
std::vector<std::string> ListMoves(const EspionageState& state) {
  const Position& p = state.position();
  std::vector<std::string> out;
  const int me = p.to_move;
  for (int r = 0; r < 10; ++r) {
    for (int f = 0; f < 10; ++f) {
      const int from = r * 10 + f;
      const int c = p.board[from];
      if (c < 0x80 || ((c & 0x40) ? 1 : 0) != me || (c & 15) == 0 || (c & 15) == 8) continue;
      if (from == p.first_piece) continue;
      const int nb[4][2] = {{r + 1, f}, {r - 1, f}, {r, f + 1}, {r, f - 1}};
      for (const auto& n : nb) {
        if (n[0] < 0 || n[0] > 9 || n[1] < 0 || n[1] > 9) continue;
        const int to = n[0] * 10 + n[1];
        const int t = p.board[to];
        if (t == kVolcano || to == p.back[from]) continue;
        if (t >= 0x80 && ((t & 0x40) ? 1 : 0) == me) continue;
        out.push_back(SquareName(from) + (t >= 0x80 ? "x" : "-") + SquareName(to));
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(EspionageMoves, IndependentListerAgrees) {
  int positions = 0;
  ForRandomStates(Game(), 6, 3, [&](const EspionageState& state) {
    if (state.CurrentSeat() < 0 || state.position().phase != Phase::kPlay) return;
    std::vector<std::string> engine_moves;
    for (Action a : state.LegalActions()) {
      if (a != kClaimDraw) engine_moves.push_back(state.ActionToString(a));
    }
    std::sort(engine_moves.begin(), engine_moves.end());
    ASSERT_EQ(engine_moves, ListMoves(state));
    ++positions;
  });
  EXPECT_GT(positions, 200);
}

// Random play ends by the rules most of the time (a captured Headquarters or no move), not by the
// engine caps, so that playouts stay short.
TEST(EspionageContract, RandomGamesEndByTheRules) {
  std::map<std::string, int> endings;
  int plies = 0;
  for (int seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    auto state = Game().NewInitialState();
    while (!state->IsTerminal()) {
      const auto legal = state->LegalActions();
      state->ApplyAction(legal[rng.Below(static_cast<std::uint32_t>(legal.size()))]);
    }
    ++endings[state->ViewJson(0)["result"]["ending"].get<std::string>()];
    plies += Pos(*state).play_plies;
  }
  for (const auto& [ending, n] : endings) std::printf("%s: %d\n", ending.c_str(), n);
  std::printf("mean play moves: %d\n", plies / 20);
  EXPECT_GE(endings["headquarters captured"] + endings["no move"], 14);
}

TEST(EspionageViews, SpectatorAndTensor) {
  auto state = AfterSetup();
  const Json spectator = state->ViewJson(engine::kSpectator);
  for (const auto& cell : spectator["board"]) {
    if (cell.is_object()) {
      EXPECT_EQ(cell["rank"], "?");
    }
  }
  std::vector<float> tensor(Game().TensorSize());
  state->ViewTensor(engine::kSpectator, tensor);
  state->ViewTensor(1, tensor);
  EXPECT_FALSE(state->ViewText(0, true).empty());
  EXPECT_THROW(state->StringToAction("hello"), Error);
  EXPECT_THROW(state->StringToAction("b1-b2"), Error);  // the Headquarters
  // Error messages never name a hidden rank.
  const std::string why = state->WhyIllegal(state->StringToAction("a3-a4") - 0 + 0);
  EXPECT_TRUE(why.empty());
  const std::string blocked = state->WhyIllegal(kFirstMove + Sq("b1") * 4 + 0);
  EXPECT_EQ(blocked.find("Headquarters"), std::string::npos);
}

}  // namespace
}  // namespace quartel::espionage
