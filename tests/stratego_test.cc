// Stratego rule tests (seed 003; shared rulings "Stratego"; shared/reference/stratego-espionage.md;
// docs/rules/stratego.md): each rule with a positive and a negative case, the whole combat table,
// the repetition rules with the reference file's test case, the conformance suite, and the
// hidden-information invariance over random positions.
#include "games/stratego/stratego.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/conformance.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "games/all_games.h"
#include "games/stratego/setups.h"
#include "stratego_test_helpers.h"

namespace quartel::stratego {
namespace {

using engine::Action;

// Registers "stratego" unless games::RegisterAllGames already did (it will once the game is listed
// in all_games.cc); RegisterAllGames runs first so that it never registers the game twice.
void EnsureRegistered() {
  games::RegisterAllGames();
  for (const auto& info : engine::RegisteredGames()) {
    if (info.id == "stratego") return;
  }
  Register();
}

const StrategoGame& Game(const std::map<std::string, std::string>& options = {}) {
  static std::map<std::map<std::string, std::string>, std::shared_ptr<const engine::Game>> cache;
  EnsureRegistered();
  auto& game = cache[options];
  if (!game) game = engine::LoadGame("stratego", options);
  return static_cast<const StrategoGame&>(*game);
}

// The position text (stratego.h) of a play-phase position: `placement` lists pieces as
// "<r|b><rank char><square>[*]" ('*': has moved), e.g. "rXa1 rFk1 bFk10 b2e7*"; the pieces not
// listed are lost (seen by the opponent); no move has been made yet. Both Flags stand on the board
// (a game in play has them: the parser refuses a position without one).
std::string PlayPosition(const std::string& placement, int to_move) {
  std::array<std::string, kNumSquares> cells;
  for (int sq = 0; sq < kNumSquares; ++sq) cells[sq] = IsLake(sq) ? "~" : ".";
  std::istringstream in(placement);
  std::string token;
  while (in >> token) {
    const bool moved = token.back() == '*';
    if (moved) token.pop_back();
    cells[ParseSquare(token.substr(2))] = token.substr(0, 2) + (moved ? "+" : "");
  }
  std::string board;
  for (int row = kSize - 1; row >= 0; --row) {
    for (int file = 0; file < kSize; ++file) board += cells[row * kSize + file];
    if (row > 0) board += '/';
  }
  return board + (to_move == 0 ? " r" : " b") + " play 0 0 0 -/- -,-,-/-,-,- - 0,-/0,- -/- -";
}

std::unique_ptr<StrategoState> Place(const std::string& placement, int to_move,
                                     const std::map<std::string, std::string>& options = {}) {
  auto state = Game(options).NewStateFromPosition(PlayPosition(placement, to_move));
  return std::unique_ptr<StrategoState>(static_cast<StrategoState*>(state.release()));
}

bool IsLegal(const engine::State& state, const std::string& text) {
  try {
    state.StringToAction(text);
    return true;
  } catch (const Error&) {
    return false;
  }
}

void Play(engine::State& state, const std::string& turn) {
  for (Action action : state.StringToTurn(turn)) state.ApplyAction(action);
}

// Classic setups: Red's front row (rank 4) and Blue's (rank 7) hold the Marshal, Spy and Scouts.

std::unique_ptr<engine::State> AfterSetup(const std::map<std::string, std::string>& options = {}) {
  auto state = Game(options).NewInitialState();
  Play(*state, kRedSetup);
  Play(*state, kBlueSetup);
  return state;
}

// ==== Board ====

TEST(StrategoBoard, LakesAndNotation) {
  const std::set<std::string> lakes = {"c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"};
  int count = 0;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    EXPECT_EQ(IsLake(sq), lakes.count(SquareName(sq)) == 1) << SquareName(sq);
    count += IsLake(sq);
    EXPECT_EQ(ParseSquare(SquareName(sq)), sq);
  }
  EXPECT_EQ(count, 8);
  EXPECT_EQ(SquareName(0), "a1");
  EXPECT_EQ(SquareName(9), "k1");
  EXPECT_EQ(SquareName(99), "k10");
  EXPECT_EQ(ParseSquare("j1"), kNone);  // no file j (reference file)
  EXPECT_EQ(ParseSquare("a11"), kNone);
  EXPECT_EQ(ParseSquare("a0"), kNone);
}

TEST(StrategoBoard, Armies) {
  EXPECT_EQ(ArmySize(ClassicArmy()), 40);
  EXPECT_EQ(ArmySize(SeedArmy()), 39);
  EXPECT_EQ(ClassicArmy()[kScout], 8);
  EXPECT_EQ(SeedArmy()[kScout], 6);
  EXPECT_EQ(SeedArmy()[kSergeant], 5);
}

// ==== Setup ====

TEST(StrategoSetup, RedPlacesFirstInItsRows) {
  auto state = Game().NewInitialState();
  EXPECT_EQ(state->CurrentSeat(), 0);
  const auto legal = state->LegalActions();
  EXPECT_EQ(legal.size(), 12u * 40u);
  for (Action a : legal) EXPECT_TRUE(InSetupRows(0, PlaceSquare(a)));
  EXPECT_TRUE(IsLegal(*state, "X:a1"));
  EXPECT_TRUE(IsLegal(*state, "F:k4"));
  EXPECT_FALSE(IsLegal(*state, "X:a5"));  // outside Red's rows
  EXPECT_FALSE(IsLegal(*state, "X:a7"));
  EXPECT_FALSE(IsLegal(*state, "a4-a5"));  // no moves during the setup
  Play(*state, "X:a1");
  EXPECT_FALSE(IsLegal(*state, "X:a2"));  // only one Marshal
  EXPECT_FALSE(IsLegal(*state, "9:a1"));  // occupied
  EXPECT_EQ(state->CurrentSeat(), 0);
}

TEST(StrategoSetup, SetupStringIsAWholeTurn) {
  auto state = Game().NewInitialState();
  const auto actions = state->StringToTurn(kRedSetup);
  EXPECT_EQ(actions.size(), 40u);
  Play(*state, kRedSetup);
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_FALSE(IsLegal(*state, "X:a1"));  // Blue places in ranks 7-10 only
  EXPECT_TRUE(IsLegal(*state, "X:a7"));
  Play(*state, kBlueSetup);
  EXPECT_EQ(Pos(*state).h.phase, Phase::kPlay);
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_EQ(state->PlyCount(), 80);
  EXPECT_EQ(PieceRank(Pos(*state).board[ParseSquare("a4")]), kMarshal);
  EXPECT_EQ(PieceRank(Pos(*state).board[ParseSquare("a1")]), kFlag);
  EXPECT_EQ(PieceRank(Pos(*state).board[ParseSquare("a7")]), kMarshal);
  EXPECT_EQ(PieceRank(Pos(*state).board[ParseSquare("a10")]), kFlag);
}

TEST(StrategoSetup, BadSetupStrings) {
  auto state = Game().NewInitialState();
  const std::string good = kRedSetup;
  EXPECT_THROW(state->StringToTurn(good.substr(0, good.size() - 1) + "X"), Error);  // two Marshals
  EXPECT_THROW(state->StringToTurn(good.substr(0, good.size() - 1) + "Q"), Error);  // no such rank
  EXPECT_THROW(state->StringToTurn(good.substr(0, good.size() - 1) + "."), Error);  // a Scout short
  EXPECT_THROW(state->StringToTurn(good + "2"), Error);                             // 41 squares
  Play(*state, "F:a1");
  EXPECT_THROW(state->StringToTurn(kRedSetup), Error);  // already begun piece by piece
}

TEST(StrategoSetup, SeedArmyLeavesOneSquareEmpty) {
  const std::map<std::string, std::string> seed = {{"army", "seed"}};
  auto state = Game(seed).NewInitialState();
  EXPECT_THROW(state->StringToTurn(kRedSetup), Error);  // 8 Scouts: too many for the seed army
  Play(*state, "FBBB333334 BBB4444555 6666777889 XS222222.5");
  EXPECT_EQ(state->CurrentSeat(), 1);
  Play(*state, "XS222222.5 6666777889 BBB4444555 FBBB333334");
  EXPECT_EQ(Pos(*state).h.phase, Phase::kPlay);
  EXPECT_EQ(state->PlyCount(), 78);
}

// Rulings "Stratego": setups are secret until both are complete (tests/stratego_secrecy_test.cc
// checks every path); the owner sees its own placements.
TEST(StrategoSetup, PlacementsAreHidden) {
  auto state = Game().NewInitialState();
  Play(*state, "X:a1");
  const Json blue = state->ViewJson(1);
  EXPECT_TRUE(blue["board"][0].is_null());
  EXPECT_EQ(blue["to_place"][0]["pieces"], nullptr);
  EXPECT_EQ(blue["to_place"][0]["count"], nullptr);
  EXPECT_EQ(state->ViewJson(0)["board"][0]["rank"], "X");
  EXPECT_TRUE(state->ViewJson(engine::kSpectator)["board"][0].is_null());
  EXPECT_EQ(state->ViewText(1, false).find("RX"), std::string::npos);
  EXPECT_NE(state->ViewText(0, false).find("RX"), std::string::npos);
}

// Terminal setup: only the seat setting up is shown what it may type, with the real preset names
// (setups.cc); once it has placed a piece only placing one by one is left.
TEST(StrategoSetup, OwnViewListsTheSetupChoices) {
  std::string names;
  for (const Preset& preset : Presets()) {
    if (preset.army == ArmyKind::kClassic)
      names += (names.empty() ? "" : ", ") + std::string(preset.name);
  }
  const std::string red_choices = "Type a 40-character setup, preset NAME (NAMEs: " + names +
                                  "), random N, or place pieces one by one (e.g. F:a1)\n";
  auto state = Game().NewInitialState();
  EXPECT_NE(state->ViewText(0, false).find(red_choices), std::string::npos)
      << state->ViewText(0, false);
  for (engine::Seat other : {engine::Seat{1}, engine::kSpectator}) {
    EXPECT_EQ(state->ViewText(other, false).find("Type a"), std::string::npos);
    EXPECT_EQ(state->ViewText(other, false).find("preset"), std::string::npos);
  }
  // Every preset named there is accepted as a whole setup.
  for (const Preset& preset : Presets()) {
    if (preset.army != ArmyKind::kClassic) continue;
    EXPECT_EQ(state->StringToTurn(std::string("preset ") + preset.name).size(), 40u);
  }
  Play(*state, "X:a1");
  EXPECT_NE(state->ViewText(0, false).find("Place your pieces one by one (e.g. F:a1)"),
            std::string::npos);
  EXPECT_EQ(state->ViewText(0, false).find("preset"), std::string::npos);
  // Blue's turn: its own view, its own example square.
  auto blue = Game().NewInitialState();
  Play(*blue, kRedSetup);
  EXPECT_NE(blue->ViewText(1, false).find("random N, or place pieces one by one (e.g. F:a10)"),
            std::string::npos);
  EXPECT_EQ(blue->ViewText(0, false).find("Type a"), std::string::npos);
  // The seed's army has no presets (they hold the classic army).
  auto seed = Game({{"army", "seed"}}).NewInitialState();
  EXPECT_NE(seed->ViewText(0, false).find("Type a 40-character setup, random N, or place"),
            std::string::npos)
      << seed->ViewText(0, false);
}

// ==== Moves ====

TEST(StrategoMoves, OneSquareOrthogonally) {
  auto state = Place("r5e4 rFa1 bFk10 b5a10", 0);
  EXPECT_TRUE(IsLegal(*state, "e4-e5"));
  EXPECT_TRUE(IsLegal(*state, "e4-e3"));
  EXPECT_TRUE(IsLegal(*state, "e4-d4"));
  EXPECT_TRUE(IsLegal(*state, "e4-f4"));
  EXPECT_FALSE(IsLegal(*state, "e4-e6"));  // only Scouts go further
  EXPECT_FALSE(IsLegal(*state, "e4-f5"));  // no diagonals
  EXPECT_EQ(state->LegalActions().size(), 4u);
}

TEST(StrategoMoves, LakesBlock) {
  auto state = Place("r5c4 rFk1 bFk10 b5a10", 0);
  EXPECT_FALSE(IsLegal(*state, "c4-c5"));
  EXPECT_TRUE(IsLegal(*state, "c4-b4"));
}

TEST(StrategoMoves, BombsAndFlagNeverMove) {
  auto state = Place("rBe4 rFa1 r5k1 bFk10 b5a10", 0);
  EXPECT_FALSE(IsLegal(*state, "e4-e5"));
  EXPECT_FALSE(IsLegal(*state, "a1-a2"));
  EXPECT_TRUE(IsLegal(*state, "k1-k2"));
}

TEST(StrategoMoves, ScoutLines) {
  auto state = Place("r2a5 r2e1 r5e3 rFk1 bFk10 b5b7 b5a10", 0);
  EXPECT_TRUE(IsLegal(*state, "a5-b5"));
  EXPECT_FALSE(IsLegal(*state, "a5-c5"));  // lake
  EXPECT_FALSE(IsLegal(*state, "a5-e5"));  // not over a lake
  EXPECT_TRUE(IsLegal(*state, "a5-a9"));
  EXPECT_TRUE(IsLegal(*state, "a5xa10"));  // the line ends on an enemy piece: an attack
  EXPECT_TRUE(IsLegal(*state, "a5-a1"));
  EXPECT_TRUE(IsLegal(*state, "e1-e2"));
  EXPECT_FALSE(IsLegal(*state, "e1-e4"));  // not over its own piece on e3
  // A Scout may attack at the end of its line (rulings "Stratego").
  auto attack = Place("r2b2 rFk1 bFk10 b5b7 b5a10", 0);
  EXPECT_TRUE(IsLegal(*attack, "b2xb7"));
  EXPECT_FALSE(IsLegal(*attack, "b2-b8"));  // not past the piece it meets
  EXPECT_EQ(attack->ActionToString(attack->StringToAction("b2-b7")), "b2xb7");
}

TEST(StrategoMoves, ScoutLongMoveShowsItsRank) {
  auto state = Place("r2a1 r2k1 rFe1 bFk10 b5a10", 0);
  Play(*state, "a1-a3");
  EXPECT_EQ(state->ViewJson(1)["board"][20]["rank"], "2");
  EXPECT_EQ(state->ViewJson(1)["last_move"]["scout_shown"], true);
  Play(*state, "a10-b10");
  Play(*state, "k1-k2");  // one square: still unknown
  EXPECT_EQ(state->ViewJson(1)["board"][19]["rank"], "?");
}

// ==== Combat ====

// The seed's combat rules written out as the test's own table: the winner of attacker `a` against
// defender `d`, as 'a' (attacker), 'd' (defender) or 'b' (both removed).
char ExpectedCombat(int a, int d) {
  if (d == kFlag) return 'a';
  if (d == kBomb) return a == kMiner ? 'a' : 'd';
  if (a == kSpy && d == kMarshal) return 'a';
  if (a == d) return 'b';
  const int strength_a = a == kSpy ? 1 : a;  // the Spy is the lowest rank
  const int strength_d = d == kSpy ? 1 : d;
  return strength_a > strength_d ? 'a' : 'd';
}

TEST(StrategoCombat, EveryPairing) {
  int checked = 0;
  for (int a = 0; a < kNumRanks; ++a) {
    if (!Movable(a)) continue;
    for (int d = 0; d < kNumRanks; ++d) {
      // Attacker on e4, defender on e5; spare pieces keep both sides able to move.
      const std::string text = fmt::format("r{}e4 b{}e5 r5a1 rFk1 b5k10{}", RankChar(a),
                                           RankChar(d), d == kFlag ? "" : " bFa10");
      auto state = Place(text, 0);
      const Header before = Pos(*state).h;
      Play(*state, "e4xe5");
      const Position& p = Pos(*state);
      const std::uint8_t on = p.board[ParseSquare("e5")];
      const char expected = ExpectedCombat(a, d);
      SCOPED_TRACE(fmt::format("{} attacks {}", RankName(a), RankName(d)));
      EXPECT_EQ(p.board[ParseSquare("e4")], 0);
      if (expected == 'a') {
        ASSERT_NE(on, 0);
        EXPECT_EQ(PieceOwner(on), 0);
        EXPECT_EQ(PieceRank(on), a);
        EXPECT_EQ(p.h.lost[1][d], before.lost[1][d] + 1);
      } else if (expected == 'd') {
        ASSERT_NE(on, 0);
        EXPECT_EQ(PieceOwner(on), 1);
        EXPECT_EQ(PieceRank(on), d);  // the defender (a Bomb too) stays on its square
        EXPECT_EQ(p.h.lost[0][a], before.lost[0][a] + 1);
      } else {
        EXPECT_EQ(on, 0);
      }
      // Combat shows both ranks to both seats.
      const Json last = state->ViewJson(1)["last_move"]["combat"];
      EXPECT_EQ(last["attacker"], std::string(1, RankChar(a)));
      EXPECT_EQ(last["defender"], std::string(1, RankChar(d)));
      if (on != 0) {
        EXPECT_TRUE(on & kRevealed);
      }
      EXPECT_EQ(state->IsTerminal(), d == kFlag);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 10 * 12);
}

// The move list tells an attack with its combat, as each viewer learnt it: both ranks (rulings
// "Stratego"), or with silent_defense the defender's only to its owner.
TEST(StrategoCombat, AnAttackIsToldWithItsCombat) {
  auto state = Place("r4e4 b2e5 r7b4 b7b5 r5a1 rFk1 b5k10 bFa10", 0);
  auto told = [](const engine::State& s, const std::string& move, engine::Seat viewer) {
    const Action action = s.StringToAction(move);
    return s.DescribeTurn({&action, 1}, viewer);
  };
  for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
    EXPECT_EQ(told(*state, "e4xe5", viewer), "e4xe5: Sergeant takes Scout");
    EXPECT_EQ(told(*state, "b4xb5", viewer), "b4xb5: Major and Major both removed");
    EXPECT_EQ(told(*state, "a1-a2", viewer), "a1-a2");
  }
  auto blue = Place("r4e4 b2e5 r7b4 b7b5 r5a1 rFk1 b5k10 bFa10", 1);
  EXPECT_EQ(told(*blue, "e5xe4", 0), "e5xe4: Scout loses to Sergeant");
  auto silent = Place("r4e4 b6e5 r5a1 rFk1 b5k10 bFa10", 0, {{"silent_defense", "true"}});
  EXPECT_EQ(told(*silent, "e4xe5", 0), "e4xe5: Sergeant loses to an unseen piece");
  EXPECT_EQ(told(*silent, "e4xe5", engine::kSpectator), "e4xe5: Sergeant loses to an unseen piece");
  EXPECT_EQ(told(*silent, "e4xe5", 1), "e4xe5: Sergeant loses to Captain");
}

TEST(StrategoCombat, SpyAndMarshalBothWays) {
  auto spy_attacks = Place("rSe4 bXe5 r5a1 rFk1 b5k10 bFa10", 0);
  Play(*spy_attacks, "e4xe5");
  EXPECT_EQ(PieceRank(Pos(*spy_attacks).board[ParseSquare("e5")]), kSpy);
  auto marshal_attacks = Place("rSe4 bXe5 r5a1 rFk1 b5k10 bFa10", 1);
  Play(*marshal_attacks, "e5xe4");
  EXPECT_EQ(PieceRank(Pos(*marshal_attacks).board[ParseSquare("e4")]), kMarshal);
  EXPECT_EQ(PieceOwner(Pos(*marshal_attacks).board[ParseSquare("e4")]), 1);
  auto spy_on_general = Place("rSe4 b9e5 r5a1 rFk1 b5k10 bFa10", 0);
  Play(*spy_on_general, "e4xe5");
  EXPECT_EQ(PieceRank(Pos(*spy_on_general).board[ParseSquare("e5")]), kGeneral);
}

TEST(StrategoEnd, FlagCaptureWins) {
  auto state = Place("r2e4 bFe5 r5a1 rFk1 b5k10", 0);
  Play(*state, "e4xe5");
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Returns(), (std::vector<double>{1, -1}));
  EXPECT_EQ(state->ViewJson(0)["result"]["ending"], "flag captured");
  auto not_flag = Place("r2e4 b2e5 r5a1 rFk1 b5k10 bFa10", 0);
  Play(*not_flag, "e4xe5");
  EXPECT_FALSE(not_flag->IsTerminal());
}

TEST(StrategoEnd, NoMoveLoses) {
  // Blue has only its Flag and a Bomb left once its last Scout is taken.
  auto state = Place("r9e4 b2e5 bFk10 bBk9 r5a1 rFk1", 0);
  Play(*state, "e4xe5");
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Returns(), (std::vector<double>{1, -1}));
  EXPECT_EQ(state->ViewJson(1)["result"]["ending"], "no move");
  // Negative: a Blue piece that can still move keeps the game going.
  auto going = Place("r9e4 b2e5 bFk10 b4a10 r5a1 rFk1", 0);
  Play(*going, "e4xe5");
  EXPECT_FALSE(going->IsTerminal());
  // A blocked piece counts as unable to move: the Blue Sergeant is walled in by its Bombs.
  auto walled = Place("r9e4 b2e5 bFk10 b4a10 bBa9 bBb10 r5a1 rFk1", 0);
  Play(*walled, "e4xe5");
  ASSERT_TRUE(walled->IsTerminal());
  EXPECT_EQ(walled->Returns(), (std::vector<double>{1, -1}));
}

// The player who has just moved loses at once when it has no move left, as the Gravon archive
// ends such games (docs/rules/stratego.md, "End of the game"): Red's last movable piece falls
// attacking.
TEST(StrategoEnd, MoverWithoutAMoveLosesAtOnce) {
  auto state = Place("r5e4 rFa1 bXe5 b5k9 bFk10", 0);
  Play(*state, "e4xe5");
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Returns(), (std::vector<double>{-1, 1}));
  EXPECT_EQ(Pos(*state).h.ending, kNoMove);
  // Negative: with a movable piece left the game goes on.
  auto going = Place("r5e4 r4a2 rFa1 bXe5 b5k9 bFk10", 0);
  Play(*going, "e4xe5");
  EXPECT_FALSE(going->IsTerminal());
}

TEST(StrategoEnd, BothUnableDraws) {
  auto state = Place("r2e4 b2e5 bFk10 rFa1", 0);
  Play(*state, "e4xe5");  // both Scouts removed: neither side can move
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Returns(), (std::vector<double>{0, 0}));
  EXPECT_EQ(state->ViewJson(0)["result"]["ending"], "neither side can move");
}

TEST(StrategoEnd, EveryRankIsShownAtTheEnd) {
  auto state = Place("r2e4 bFe5 r5a1 rFk1 b5k10", 0);
  EXPECT_EQ(state->ViewJson(0)["board"][99]["rank"], "?");
  Play(*state, "e4xe5");
  EXPECT_EQ(state->ViewJson(0)["board"][99]["rank"], "5");
  EXPECT_EQ(state->ViewJson(engine::kSpectator)["board"][0]["rank"], "5");
}

// ==== Repetition ====

TEST(StrategoRepetition, SeedThirdMoveBackAndForthIsIllegal) {
  auto state = Place("r5k4 r5a1 rFk1 bFk10 b5a10", 0);
  Play(*state, "k4-k5");
  Play(*state, "a10-a9");
  Play(*state, "k5-k4");
  Play(*state, "a9-a10");
  EXPECT_FALSE(IsLegal(*state, "k4-k5"));  // third move between k4 and k5
  EXPECT_TRUE(IsLegal(*state, "k4-k3"));
  EXPECT_TRUE(IsLegal(*state, "k4-i4"));
  EXPECT_TRUE(IsLegal(*state, "a1-a2"));
  // Negative: another piece's move in between breaks the run.
  auto broken = Place("r5k4 r5a1 rFk1 bFk10 b5a10", 0);
  Play(*broken, "k4-k5");
  Play(*broken, "a10-a9");
  Play(*broken, "a1-a2");
  Play(*broken, "a9-a8");
  Play(*broken, "k5-k4");
  Play(*broken, "a8-a7");
  EXPECT_TRUE(IsLegal(*broken, "k4-k5"));
}

// The reference file's case (cells row * 10 + column, Red's rows 0-3): 39 = k4, 49 = k5,
// 48 = i5, 59 = k6, 60 = a7, 50 = a6.
TEST(StrategoRepetition, IsfTwoSquaresReferenceCase) {
  const std::map<std::string, std::string> isf = {{"repetition", "isf"}};
  auto state = Place("r5k4 r5a1 rFk1 bFk10 b5a7", 0, isf);
  Play(*state, "k4-k5");                   // 39->49
  Play(*state, "a7-a6");                   // 60->50
  Play(*state, "k5-k4");                   // 49->39
  Play(*state, "a6-a7");                   // 50->60
  EXPECT_TRUE(IsLegal(*state, "k4-k5"));   // the third is still allowed under ISF
  Play(*state, "k4-k5");                   // 39->49
  Play(*state, "a7-a6");                   // 60->50
  EXPECT_FALSE(IsLegal(*state, "k5-k4"));  // 49->39 illegal
  EXPECT_TRUE(IsLegal(*state, "k5-k6"));   // 49->59
  EXPECT_TRUE(IsLegal(*state, "k5-i5"));   // 49->48
  EXPECT_EQ(Pos(*state).board[39], 0);
  EXPECT_NE(Pos(*state).board[49], 0);
}

// Reference file: under the ISF rule a Scout's line is only shortened. After k2-k4, k4-k2, k2-k4
// it may go back to k3 but not to k2 or past it; the seed rule limits only the exact pair.
TEST(StrategoRepetition, IsfScoutLineIsShortened) {
  const std::string placement = "r2k2 r5a1 rFe1 bFk10 b5a10";
  auto isf = Place(placement, 0, {{"repetition", "isf"}});
  for (const char* m : {"k2-k4", "a10-a9", "k4-k2", "a9-a8", "k2-k4", "a8-a7"}) Play(*isf, m);
  EXPECT_TRUE(IsLegal(*isf, "k4-k3"));
  EXPECT_FALSE(IsLegal(*isf, "k4-k2"));
  EXPECT_FALSE(IsLegal(*isf, "k4-k1"));
  EXPECT_TRUE(IsLegal(*isf, "k4-k9"));  // the other way is free
  auto seed = Place(placement, 0);
  for (const char* m : {"k2-k4", "a10-a9", "k4-k2", "a9-a8"}) Play(*seed, m);
  EXPECT_FALSE(IsLegal(*seed, "k2-k4"));
  EXPECT_TRUE(IsLegal(*seed, "k2-k3"));
  EXPECT_TRUE(IsLegal(*seed, "k2-k5"));
  EXPECT_TRUE(IsLegal(*seed, "k2-k1"));
}

TEST(StrategoRepetition, OnlyMoveForbiddenLoses) {
  // Red's only mobile piece shuttles in a corridor walled by its Bombs: a1 <-> a2.
  const std::string corridor = "r5a1 rBb1 rBb2 rBa3 rFk1 bFk10 b5a10";
  auto state = Place(corridor, 0);
  for (const char* m : {"a1-a2", "a10-a9"}) Play(*state, m);
  ASSERT_FALSE(state->IsTerminal());
  // Red's only move, a1-a2, would then be the third: Red has no move left and loses at once.
  Play(*state, "a2-a1");
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Returns(), (std::vector<double>{-1, 1}));
  // Negative: under the ISF rule the third move is still allowed.
  auto isf = Place(corridor, 0, {{"repetition", "isf"}});
  for (const char* m : {"a1-a2", "a10-a9", "a2-a1", "a9-a8"}) Play(*isf, m);
  EXPECT_FALSE(isf->IsTerminal());
  EXPECT_TRUE(IsLegal(*isf, "a1-a2"));
}

// ISF more-squares rule (docs/rules/stratego.md, "Repetition", a ruling): Red's General chases
// Blue's Lieutenant round the 2 x 2 block b2 c2 b3 c3, always stepping onto the square the
// Lieutenant has just left. After a full circuit, b3-b2 would threaten the Lieutenant (now on c2)
// from b2, where the General already stood in this chase: illegal under repetition=isf only.
constexpr const char* kChase = "r9a2 r4k2 rFk1 b5c2 b4k9 bFk10";
constexpr const char* kChaseMoves[] = {"a2-b2", "c2-c3", "b2-c2", "c3-b3",
                                       "c2-c3", "b3-b2", "c3-b3", "b2-c2"};

TEST(StrategoRepetition, IsfChaseMayNotReturnToAChaseSquare) {
  auto isf = Place(kChase, 0, {{"repetition", "isf"}});
  for (const char* m : kChaseMoves) Play(*isf, m);
  EXPECT_FALSE(IsLegal(*isf, "b3-b2"));
  EXPECT_NE(Pos(*isf).WhyIllegal(MoveAction(21, 2, 1)).find("more-squares"), std::string::npos);
  EXPECT_TRUE(IsLegal(*isf, "b3-a3"));  // not a chasing move: a3 does not touch c2
  EXPECT_TRUE(IsLegal(*isf, "b3-b4"));
  // Negative: the seed rule knows no chase rule.
  auto seed = Place(kChase, 0);
  for (const char* m : kChaseMoves) Play(*seed, m);
  EXPECT_TRUE(IsLegal(*seed, "b3-b2"));
}

// ISF exception: back onto the square the chaser came from on its directly preceding turn is
// allowed (the two-squares rule still applies).
TEST(StrategoRepetition, IsfChaseMayStepBackToItsLastSquare) {
  auto isf = Place(kChase, 0, {{"repetition", "isf"}});
  for (const char* m : {"a2-b2", "c2-c3", "b2-c2", "c3-b3", "c2-c3", "b3-b2"}) Play(*isf, m);
  // The General came from c2 and c2 touches the Lieutenant on b2: the exception applies.
  EXPECT_TRUE(IsLegal(*isf, "c3-c2"));
}

// The chase ends when the chased side moves another piece: the same squares are then free.
TEST(StrategoRepetition, IsfChaseEndsWhenTheChasedPieceStays) {
  auto isf = Place(kChase, 0, {{"repetition", "isf"}});
  for (const char* m : {"a2-b2", "c2-c3", "b2-c2", "c3-b3", "c2-c3", "b3-b2", "c3-b3", "k9-k8"}) {
    Play(*isf, m);
  }
  Play(*isf, "k2-k3");
  Play(*isf, "b2-c2");  // the position of the first test, but the chase was broken
  EXPECT_TRUE(IsLegal(*isf, "b3-b2"));
}

// Reference file, more-squares rule: only a chasing move that recreates a position already seen
// during the chase is forbidden, not a return to a square. As in the circuit above, but Blue's
// Lieutenant escapes to b1 instead of c2: b3-b2 threatens it from a square the General stood on,
// yet the position (General b2, Lieutenant b1) is new, so the move is legal.
TEST(StrategoRepetition, IsfChaseMayReturnToASquareWhenThePositionIsNew) {
  auto isf = Place(kChase, 0, {{"repetition", "isf"}});
  for (const char* m : {"a2-b2", "c2-c3", "b2-c2", "c3-b3", "c2-c3", "b3-b2", "c3-b3", "b2-b1"}) {
    Play(*isf, m);
  }
  EXPECT_TRUE(IsLegal(*isf, "b3-b2"));
}

// The chaser is the player, not one piece (reference file: "the player who continuously
// chases"): Red's General (d1) and Colonel (c4) take turns threatening Blue's Lieutenant as it
// runs round c2 d2 d3 c3. After the round, d1-c1 would recreate the position after Red's first
// chasing move (General c1, Colonel c4, Lieutenant c2); the General did not move on Red's
// previous turn, so the exception does not apply: illegal. A move that threatens nothing is
// free.
TEST(StrategoRepetition, IsfChaseByTwoPiecesMayNotRecreateAPosition) {
  const std::string placement = "r9d1 r8c4 rFk1 b5c2 b4k9 bFk10";
  const char* round[] = {"d1-c1", "c2-d2", "c1-d1", "d2-d3", "c4-d4", "d3-c3", "d4-c4", "c3-c2"};
  auto isf = Place(placement, 0, {{"repetition", "isf"}});
  for (const char* m : round) Play(*isf, m);
  EXPECT_FALSE(IsLegal(*isf, "d1-c1"));
  EXPECT_TRUE(IsLegal(*isf, "d1-e1"));
  EXPECT_TRUE(IsLegal(*isf, "c4-b4"));
  // Negative: the seed's rule has no chase rule.
  auto seed = Place(placement, 0);
  for (const char* m : round) Play(*seed, m);
  EXPECT_TRUE(IsLegal(*seed, "d1-c1"));
}

// ISF exception: a chasing move back to the square the chasing piece came from on the player's
// previous turn is allowed even when it recreates a position of the chase; the two-squares rule
// still counts it.
TEST(StrategoRepetition, IsfChaseExceptionAllowsARecreatedPosition) {
  auto isf = Place(kChase, 0, {{"repetition", "isf"}});
  for (const char* m : {"a2-b2", "c2-c3", "b2-b3", "c3-c2"}) Play(*isf, m);
  EXPECT_TRUE(IsLegal(*isf, "b3-b2"));  // General b2, Lieutenant c2 again: the exception
  Play(*isf, "b3-b2");
  Play(*isf, "c2-c3");
  EXPECT_TRUE(IsLegal(*isf, "b2-b3"));  // the third move between b2 and b3: still allowed
  Play(*isf, "b2-b3");
  EXPECT_FALSE(IsLegal(*isf, "c3-c2"));  // the Lieutenant's fourth: the two-squares rule
}

// Undo restores the chase records (the conformance run checks it too, with random games).
TEST(StrategoRepetition, IsfChaseUndo) {
  auto isf = Place(kChase, 0, {{"repetition", "isf"}});
  std::vector<std::pair<Action, engine::UndoInfo>> done;
  std::vector<std::unique_ptr<engine::State>> before;
  for (const char* m : kChaseMoves) {
    before.push_back(isf->Clone());
    done.emplace_back(isf->StringToAction(m), engine::UndoInfo{});
    isf->ApplyAction(done.back().first, done.back().second);
  }
  for (int i = static_cast<int>(done.size()) - 1; i >= 0; --i) {
    isf->UndoAction(done[i].first, done[i].second);
    EXPECT_TRUE(isf->Equals(*before[i])) << i;
  }
}

// Gravon's rule of 2004 and 2005 (repetition=five_moves, docs/rules/stratego.md): five moves
// back and forth between the same two squares are allowed, the sixth is not; where ISF refuses the
// fourth. A Scout's line is shortened as under ISF; no chase rule.
TEST(StrategoRepetition, FiveMovesRuleRefusesTheSixth) {
  const std::map<std::string, std::string> five = {{"repetition", "five_moves"}};
  auto state = Place("r5k4 r5a1 rFk1 bFk10 b5a7", 0, five);
  const char* red[] = {"k4-k5", "k5-k4", "k4-k5", "k5-k4", "k4-k5"};
  const char* blue[] = {"a7-a6", "a6-a7", "a7-a6", "a6-a7", "a7-a6"};
  for (int i = 0; i < 5; ++i) {
    EXPECT_TRUE(IsLegal(*state, red[i])) << "move " << i + 1;
    Play(*state, red[i]);
    Play(*state, blue[i]);
  }
  EXPECT_FALSE(IsLegal(*state, "k5-k4"));  // the sixth
  EXPECT_TRUE(IsLegal(*state, "k5-k6"));
  EXPECT_TRUE(IsLegal(*state, "a1-a2"));
  // The same moves under ISF: the fourth is refused.
  auto isf = Place("r5k4 r5a1 rFk1 bFk10 b5a7", 0, {{"repetition", "isf"}});
  for (int i = 0; i < 3; ++i) {
    Play(*isf, red[i]);
    Play(*isf, blue[i]);
  }
  EXPECT_FALSE(IsLegal(*isf, red[3]));
  // Another piece's move in between starts the count again.
  auto broken = Place("r5k4 r5a1 rFk1 bFk10 b5a7", 0, five);
  for (int i = 0; i < 4; ++i) {
    Play(*broken, red[i]);
    Play(*broken, blue[i]);
  }
  Play(*broken, "a1-a2");
  Play(*broken, "a7-a6");
  for (const char* m :
       {"k4-k5", "a6-a5", "k5-k4", "a5-a4", "k4-k5", "a4-a5", "k5-k4", "a5-a6", "k4-k5", "a6-a5"}) {
    ASSERT_TRUE(IsLegal(*broken, m)) << m;
    Play(*broken, m);
  }
  EXPECT_FALSE(IsLegal(*broken, "k5-k4")) << "the sixth of the new run";
  // A Scout's line: after five moves between k2 and k4 it may stop at k3, not reach k2 or pass it.
  auto scout = Place("r2k2 r5a1 rFe1 bFk10 b5a10", 0, five);
  for (const char* m : {"k2-k4", "a10-a9", "k4-k2", "a9-a10", "k2-k4", "a10-a9", "k4-k2", "a9-a10",
                        "k2-k4", "a10-a9"}) {
    Play(*scout, m);
  }
  EXPECT_TRUE(IsLegal(*scout, "k4-k3"));
  EXPECT_FALSE(IsLegal(*scout, "k4-k2"));
  EXPECT_FALSE(IsLegal(*scout, "k4-k1"));
  EXPECT_TRUE(IsLegal(*scout, "k4-k9"));
  // No chase rule: the ISF chase's forbidden move is legal.
  auto chase = Place(kChase, 0, five);
  for (const char* m : kChaseMoves) Play(*chase, m);
  EXPECT_TRUE(IsLegal(*chase, "b3-b2"));
  // Undo restores the five moves of history, and the position text round-trips them.
  auto undone = Place("r5k4 r5a1 rFk1 bFk10 b5a7", 0, five);
  std::vector<std::pair<Action, engine::UndoInfo>> done;
  std::vector<std::unique_ptr<engine::State>> before;
  for (int i = 0; i < 5; ++i) {
    for (const char* m : {red[i], blue[i]}) {
      before.push_back(undone->Clone());
      done.emplace_back(undone->StringToAction(m), engine::UndoInfo{});
      undone->ApplyAction(done.back().first, done.back().second);
    }
  }
  engine::CheckPositionTextRoundTrip(*undone);
  EXPECT_NE(undone->PositionText().find("k4-k5,k5-k4,k4-k5,k5-k4,k4-k5"), std::string::npos)
      << undone->PositionText();
  for (int i = static_cast<int>(done.size()) - 1; i >= 0; --i) {
    undone->UndoAction(done[i].first, done[i].second);
    EXPECT_TRUE(undone->Equals(*before[i])) << i;
  }
}

// ==== Engine caps ====

TEST(StrategoCaps, MaxPliesDraws) {
  const std::map<std::string, std::string> capped = {{"max_plies", "10"}};
  EXPECT_EQ(Game(capped).MaxGameLength(), 90);
  auto state = Place("r5a1 r5k1 rFe1 bFk10 b5a10 b5b10", 0, capped);
  const char* moves[] = {"a1-a2", "a10-a9", "k1-k2", "b10-b9", "a2-a3",
                         "a9-a8", "k2-k3",  "b9-b8", "a3-a4"};
  for (const char* m : moves) Play(*state, m);
  EXPECT_FALSE(state->IsTerminal());
  Play(*state, "a8-a7");
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Returns(), (std::vector<double>{0, 0}));
  EXPECT_EQ(state->ViewJson(0)["result"]["ending"], "move cap");
}

TEST(StrategoCaps, QuietPliesDrawAndCombatResets) {
  const std::map<std::string, std::string> capped = {{"max_plies_without_capture", "10"}};
  auto state = Place("r5a1 r9e4 rFk1 bFk10 b5a10 b2e6", 0, capped);
  const char* moves[] = {"a1-a2", "a10-a9", "a2-a3", "a9-a8", "e4-e5", "e6xe5"};
  for (const char* m : moves) Play(*state, m);
  EXPECT_EQ(Pos(*state).h.quiet_plies, 0);
  const char* more[] = {"a3-a4", "a8-a7", "a4-b4", "a7-b7", "b4-c4",
                        "b7-c7", "c4-d4", "c7-d7", "d4-e4"};
  for (const char* m : more) Play(*state, m);
  EXPECT_FALSE(state->IsTerminal());
  Play(*state, "d7-e7");
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->ViewJson(0)["result"]["ending"], "no-capture cap");
}

// ==== Tournament options (seed "Regras adicionais do Torneio") ====

TEST(StrategoOptions, AggressorAdvantage) {
  const std::map<std::string, std::string> on = {{"aggressor_advantage", "true"}};
  for (int rank : {kSpy, kScout, kMiner, kCaptain, kMarshal}) {
    const std::string text = fmt::format("r{0}e4 b{0}e5 r5a1 rFk1 b5k10 bFa10", RankChar(rank));
    auto state = Place(text, 0, on);
    Play(*state, "e4xe5");
    const std::uint8_t winner = Pos(*state).board[ParseSquare("e5")];
    ASSERT_NE(winner, 0) << RankName(rank);
    EXPECT_EQ(PieceOwner(winner), 0);
    auto plain = Place(text, 0);  // negative: by default both are removed
    Play(*plain, "e4xe5");
    EXPECT_EQ(Pos(*plain).board[ParseSquare("e5")], 0);
  }
  // A Bomb still beats every attacker but the Miner.
  auto bomb = Place("r9e4 bBe5 r5a1 rFk1 b5k10 bFa10", 0, on);
  Play(*bomb, "e4xe5");
  EXPECT_EQ(PieceRank(Pos(*bomb).board[ParseSquare("e5")]), kBomb);
}

TEST(StrategoOptions, SilentDefenseHidesTheDefender) {
  const std::map<std::string, std::string> on = {{"silent_defense", "true"}};
  // The defender wins: Red learns nothing about it; Blue sees the attacker's declared rank.
  auto lost = Place("r5e4 b7e5 r5a1 rFk1 b5k10 bFa10", 0, on);
  Play(*lost, "e4xe5");
  EXPECT_EQ(lost->ViewJson(0)["board"][ParseSquare("e5")]["rank"], "?");
  EXPECT_EQ(lost->ViewJson(0)["last_move"]["combat"]["defender"], "?");
  EXPECT_EQ(lost->ViewJson(1)["last_move"]["combat"]["attacker"], "5");
  EXPECT_EQ(lost->ViewJson(1)["last_move"]["combat"]["defender"], "7");
  // The attacker wins: the removed defender stays with its owner, unseen by Red.
  auto won = Place("r7e4 b5e5 r5a1 rFk1 b5k10 bFa10", 0, on);
  const int hidden_before = won->ViewJson(0)["lost"][1]["hidden"];
  Play(*won, "e4xe5");
  EXPECT_EQ(won->ViewJson(0)["lost"][1]["hidden"], hidden_before + 1);
  EXPECT_EQ(won->ViewJson(1)["lost"][1]["hidden"], 0);
  EXPECT_EQ(won->ViewJson(1)["board"][ParseSquare("e5")]["rank"], "7");  // declared
  // Exceptions: a Scout's attack shows the defender; so does removing both pieces.
  auto scout = Place("r2e4 b7e5 r5a1 rFk1 b5k10 bFa10", 0, on);
  Play(*scout, "e4xe5");
  EXPECT_EQ(scout->ViewJson(0)["board"][ParseSquare("e5")]["rank"], "7");
  auto equal = Place("r6e4 b6e5 r5a1 rFk1 b5k10 bFa10", 0, on);
  Play(*equal, "e4xe5");
  EXPECT_EQ(equal->ViewJson(0)["last_move"]["combat"]["defender"], "6");
  // Negative: without the option the defender is shown.
  auto plain = Place("r5e4 b7e5 r5a1 rFk1 b5k10 bFa10", 0);
  Play(*plain, "e4xe5");
  EXPECT_EQ(plain->ViewJson(0)["board"][ParseSquare("e5")]["rank"], "7");
}

TEST(StrategoOptions, RescueTwicePerPlayerNotByTheSamePiece) {
  const std::map<std::string, std::string> on = {{"rescue", "true"}};
  auto state = Place("r5e9 r6a9 r7i9 rFa1 b4e5 bFb1", 0, on);
  Play(*state, "e9-e10");
  ASSERT_TRUE(state->MidTurn());
  EXPECT_EQ(state->CurrentSeat(), 0);
  EXPECT_FALSE(IsLegal(*state, "rescue B:e2"));  // never a Bomb
  EXPECT_FALSE(IsLegal(*state, "rescue 9:e6"));  // only in the own half
  EXPECT_FALSE(IsLegal(*state, "rescue 9:c5"));  // not in a lake
  EXPECT_FALSE(IsLegal(*state, "a9-a10"));       // the rescue decision comes first
  EXPECT_TRUE(IsLegal(*state, "no rescue"));
  EXPECT_EQ(state->LegalActions().back(), kNoRescue);
  Play(*state, "rescue 9:e2");
  EXPECT_FALSE(state->MidTurn());
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_EQ(PieceRank(Pos(*state).board[ParseSquare("e2")]), kGeneral);
  EXPECT_EQ(state->ViewJson(1)["board"][ParseSquare("e2")]["rank"], "9");
  EXPECT_EQ(Pos(*state).h.lost[0][kGeneral], 0);
  Play(*state, "e5-e4");
  Play(*state, "e10-d10");  // the same piece may not rescue again: only "no rescue"
  EXPECT_EQ(state->LegalActions(), std::vector<Action>{kNoRescue});
  Play(*state, "no rescue");
  Play(*state, "e4-e3");
  Play(*state, "a9-a10");  // another piece: the second rescue
  ASSERT_TRUE(state->MidTurn());
  Play(*state, "rescue X:a2");
  Play(*state, "e3-f3");
  Play(*state, "i9-i10");  // two rescues made: no more
  EXPECT_FALSE(state->MidTurn());
  EXPECT_EQ(state->CurrentSeat(), 1);
}

TEST(StrategoOptions, RescueDeclined) {
  const std::map<std::string, std::string> on = {{"rescue", "true"}};
  auto state = Place("r5e9 r2k2 rFa1 b4e5 bFb1", 0, on);
  Play(*state, "e9-e10");
  ASSERT_TRUE(state->MidTurn());
  const Army lost = Pos(*state).h.lost[0];
  Play(*state, "no rescue");
  EXPECT_EQ(state->CurrentSeat(), 1);
  EXPECT_EQ(Pos(*state).h.lost[0], lost);
  // Negative: without the option no rescue is offered.
  auto plain = Place("r5e9 rFa1 b4e5 bFb1", 0);
  Play(*plain, "e9-e10");
  EXPECT_FALSE(plain->MidTurn());
  EXPECT_EQ(plain->CurrentSeat(), 1);
}

// Rulings "Stratego", Rescue: the choice is offered whenever any piece of a player with rescues
// left and a rescuable captured piece reaches the back row, so that declining tells the opponent
// nothing; for a Scout (or a piece that already rescued) the only choice is "no rescue". Blue
// cannot tell a Scout's one-square step onto the back row from a Sergeant's.
TEST(StrategoOptions, RescueIsOfferedToAScoutWithOnlyNoRescue) {
  const std::map<std::string, std::string> on = {{"rescue", "true"}};
  auto scout = Place("r2e9 r4a3 rFa1 b4e5 bFb1", 0, on);
  auto sergeant = Place("r4e9 r2a3 rFa1 b4e5 bFb1", 0, on);
  Play(*scout, "e9-e10");
  Play(*sergeant, "e9-e10");
  ASSERT_TRUE(scout->MidTurn());
  EXPECT_EQ(scout->CurrentSeat(), 0);
  EXPECT_EQ(scout->LegalActions(), std::vector<Action>{kNoRescue});
  EXPECT_NE(scout->WhyIllegal(RescueAction(kGeneral, ParseSquare("e2"))).find("Scout"),
            std::string::npos);
  EXPECT_GT(sergeant->LegalActions().size(), 1u);
  for (engine::Seat viewer : {engine::Seat{1}, engine::kSpectator}) {
    EXPECT_EQ(scout->ViewJson(viewer).dump(), sergeant->ViewJson(viewer).dump());
    EXPECT_EQ(scout->ViewText(viewer, false), sergeant->ViewText(viewer, false));
  }
  Play(*scout, "no rescue");
  EXPECT_EQ(scout->CurrentSeat(), 1);
}

// The piece that made a rescue is offered the choice again on the back row, with only "no
// rescue"; another piece may make the second rescue.
TEST(StrategoOptions, RescuerIsOfferedOnlyNoRescueAgain) {
  const std::map<std::string, std::string> on = {{"rescue", "true"}};
  auto state = Place("r5e9 r6a9 rFa1 b4e5 bFb1", 0, on);
  Play(*state, "e9-e10");
  Play(*state, "rescue 9:e2");
  Play(*state, "e5-e4");
  Play(*state, "e10-d10");
  ASSERT_TRUE(state->MidTurn());
  EXPECT_EQ(state->LegalActions(), std::vector<Action>{kNoRescue});
  EXPECT_NE(state->WhyIllegal(RescueAction(kMarshal, ParseSquare("a2"))).find("already"),
            std::string::npos);
  Play(*state, "no rescue");
  Play(*state, "e4-e3");
  Play(*state, "a9-a10");
  ASSERT_TRUE(state->MidTurn());
  Play(*state, "rescue X:a2");
  EXPECT_EQ(PieceRank(Pos(*state).board[ParseSquare("a2")]), kMarshal);
}

// ==== Contract over random games ====

template <typename Check>
void ForRandomStates(const StrategoGame& game, int games, int stride, Check check) {
  std::vector<Action> scratch;
  for (int seed = 1; seed <= games; ++seed) {
    Rng rng(seed);
    auto state = game.NewInitialState();
    int ply = 0;
    while (!state->IsTerminal()) {
      if (ply++ % stride == 0) check(static_cast<const StrategoState&>(*state));
      state->DoApplyAction(engine::RandomAction(*state, rng, scratch), nullptr);
    }
    check(static_cast<const StrategoState&>(*state));
  }
}

TEST(StrategoContract, WhyIllegalAgreesWithLegalActions) {
  ForRandomStates(Game(), 2, 37, [](const StrategoState& state) {
    const auto legal = state.LegalActions();
    ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
    const std::set<Action> legal_set(legal.begin(), legal.end());
    for (Action a = -1; a <= kNumActions; ++a) {
      ASSERT_EQ(state.WhyIllegal(a).empty(), legal_set.count(a) == 1)
          << a << " " << state.ActionToString(a) << ": " << state.WhyIllegal(a);
    }
    for (Action a : legal) ASSERT_EQ(state.StringToAction(state.ActionToString(a)), a);
  });
}

TEST(StrategoContract, UndoRestoresEveryAction) {
  for (const auto& options : std::vector<std::map<std::string, std::string>>{
           {}, {{"silent_defense", "true"}, {"rescue", "true"}, {"repetition", "isf"}}}) {
    ForRandomStates(Game(options), 2, 7, [](const StrategoState& state) {
      auto child = state.Clone();
      for (Action a : state.LegalActions()) {
        engine::UndoInfo undo;
        child->ApplyAction(a, undo);
        child->UndoAction(a, undo);
        ASSERT_TRUE(child->Equals(state)) << state.ActionToString(a);
      }
    });
  }
}

// Combinations of options; each option alone is a variant of the shared suite
// (tests/conformance_test.cc).
TEST(StrategoContract, Conformance) {
  for (const auto& options : std::vector<std::map<std::string, std::string>>{
           {{"army", "barrage"}, {"repetition", "isf"}},
           {{"max_plies", "10"}},
           {{"aggressor_advantage", "true"}, {"silent_defense", "true"}, {"rescue", "true"}}}) {
    engine::ConformanceOptions conformance;
#ifdef NDEBUG
    conformance.games = 2;
#else
    conformance.games = 1;  // debug and sanitizer builds are several times slower
#endif
    conformance.max_checked_plies = 100;
    try {
      engine::RunConformance(Game(options), conformance);
    } catch (const Error& e) {
      FAIL() << e.what();
    }
  }
}

// Over random positions: dealing the opponent's unseen ranks again (SampleConsistentState) never
// changes what a seat sees or may do, keeps the army, keeps every shown rank, and never puts a
// Bomb or Flag on a piece that has moved.
class StrategoHidden : public testing::TestWithParam<std::map<std::string, std::string>> {};

TEST_P(StrategoHidden, PermutedUnseenRanksLeaveTheViewAlone) {
  Rng sample_rng(99);
  int samples = 0, changed = 0;
  ForRandomStates(Game(GetParam()), 3, 13, [&](const StrategoState& state) {
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
      const Position& b = static_cast<const StrategoState&>(*sampled).position();
      // During the setup the other seat's pieces themselves are drawn again (secrecy test).
      if (a.h.phase == Phase::kSetup) continue;
      ASSERT_EQ(a.h.lost[seat], b.h.lost[seat]);
      ASSERT_EQ(a.h.lost_known, b.h.lost_known);
      for (int sq = 0; sq < kNumSquares; ++sq) {
        ASSERT_EQ(a.board[sq] & 0xf0, b.board[sq] & 0xf0);
        const bool known = (a.board[sq] & kRevealed) || PieceOwner(a.board[sq]) == seat;
        if (known || a.h.phase == Phase::kOver) {
          ASSERT_EQ(a.board[sq], b.board[sq]);
        }
        if (b.board[sq] & kMoved) {
          ASSERT_TRUE(Movable(PieceRank(b.board[sq])));
        }
        changed += a.board[sq] != b.board[sq];
      }
      ++samples;
    }
  });
  EXPECT_GT(samples, 100);
  EXPECT_GT(changed, 0);  // the sampler does move ranks around
}

INSTANTIATE_TEST_SUITE_P(Stratego, StrategoHidden,
                         testing::Values(std::map<std::string, std::string>{},
                                         std::map<std::string, std::string>{
                                             {"silent_defense", "true"}, {"rescue", "true"}}),
                         [](const auto& info) { return info.index == 0 ? "Default" : "Silent"; });

// The last move in words (what the play loop shows), projected for each viewer.
TEST(StrategoViews, LastMoveInWords) {
  auto state = Place("r7b4 r4a1 rFk1 b2b10 b5k9 bFk10", 1);
  Play(*state, "b10xb4");
  for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
    EXPECT_NE(state->ViewText(viewer, false)
                  .find("Last move: Blue Scout b10-b4 attacked Red Major at b4 and lost "
                        "(both revealed)"),
              std::string::npos)
        << state->ViewText(viewer, false);
  }
  Play(*state, "a1-a2");  // Red's Sergeant has never been shown
  EXPECT_NE(state->ViewText(0, false).find("Last move: Red Sergeant a1-a2"), std::string::npos);
  EXPECT_NE(state->ViewText(1, false).find("Last move: Red moved an unknown piece a1-a2"),
            std::string::npos);
  EXPECT_EQ(state->ViewText(1, false).find("Sergeant"), std::string::npos);
  // Silent Defense: the attacker does not learn the defender's rank; the defender's owner does.
  auto silent = Place("r6e4 rFk1 b4e5 b5k9 bFk10", 0, {{"silent_defense", "true"}});
  Play(*silent, "e4xe5");
  EXPECT_NE(silent->ViewText(0, false).find(
                "Red Captain e4-e5 attacked an unknown Blue piece at e5 and won (only the "
                "attacker revealed)"),
            std::string::npos)
      << silent->ViewText(0, false);
  EXPECT_NE(silent->ViewText(1, false).find("attacked Blue Sergeant at e5 and won"),
            std::string::npos);
}

TEST(StrategoViews, SpectatorSeesNoHiddenRank) {
  auto state = AfterSetup();
  const Json view = state->ViewJson(engine::kSpectator);
  for (const auto& cell : view["board"]) {
    if (cell.is_object()) {
      EXPECT_EQ(cell["rank"], "?");
    }
  }
  const Json red = state->ViewJson(0);
  EXPECT_EQ(red["board"][0]["rank"], "F");
  EXPECT_EQ(red["board"][99]["rank"], "?");
  std::vector<float> tensor(Game().TensorSize());
  state->ViewTensor(engine::kSpectator, tensor);
  state->ViewTensor(1, tensor);
  EXPECT_FALSE(state->ViewText(0, true).empty());
}

TEST(StrategoNotation, ErrorsNameTheProblem) {
  auto state = AfterSetup();
  EXPECT_THROW(state->StringToAction("a4-b5"), Error);  // not one line
  EXPECT_THROW(state->StringToAction("j4-j5"), Error);
  EXPECT_THROW(state->StringToAction("hello"), Error);
  EXPECT_THROW(state->StringToAction("a1-a2"), Error);  // the Flag
  EXPECT_EQ(state->ActionToString(state->StringToAction("e4-e5")), "e4-e5");
  EXPECT_EQ(state->ActionToString(state->StringToAction("e4-e6")), "e4-e6");
  EXPECT_THROW(state->StringToAction("c4-c6"), Error);  // across the lake c5
}

// Random play ends by the rules most of the time (mostly a captured Flag), not by the caps.
TEST(StrategoContract, RandomGamesEndByTheRules) {
  std::map<int, int> endings;
  std::vector<Action> scratch;
  for (int seed = 1; seed <= 40; ++seed) {
    Rng rng(seed);
    auto state = Game().NewInitialState();
    engine::PlayRandomToEnd(*state, rng, scratch);
    ASSERT_TRUE(state->IsTerminal());
    ++endings[Pos(*state).h.ending];
  }
  EXPECT_GE(endings[kFlagCaptured], 20);
  EXPECT_GE(endings[kFlagCaptured] + endings[kNoMove] + endings[kBothNoMove], 30);
}

// ==== Independent brute-force move lister ====
// Works from the mover's own JSON view only (its ranks, the enemy's squares) and its own reading of
// the rules: lakes from the reference list, files "abcdefghik", one-square steps, Scout lines, and
// the seed repetition rule from the moves it has seen. Returns the moves as "from-to" texts.
std::set<std::string> BruteForceMoves(const Json& view, int seat,
                                      const std::vector<std::pair<std::string, std::string>>& own) {
  const std::string files = "abcdefghik";
  const std::set<std::string> lakes = {"c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"};
  auto name = [&](int file, int rank) { return files[file] + std::to_string(rank); };
  std::set<std::string> moves;
  for (int rank = 1; rank <= 10; ++rank) {
    for (int file = 0; file < 10; ++file) {
      const Json& cell = view["board"][(rank - 1) * 10 + file];
      if (!cell.is_object() || cell["owner"] != seat) continue;
      const std::string r = cell["rank"];
      if (r == "B" || r == "F") continue;
      const int reach = r == "2" ? 9 : 1;
      const int df[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
      for (int d = 0; d < 4; ++d) {
        for (int k = 1; k <= reach; ++k) {
          const int f = file + df[d] * k, rk = rank + dr[d] * k;
          if (f < 0 || f > 9 || rk < 1 || rk > 10 || lakes.count(name(f, rk))) break;
          const Json& target = view["board"][(rk - 1) * 10 + f];
          if (target.is_object() && target["owner"] == seat) break;
          const std::string from = name(file, rank), to = name(f, rk);
          // Seed rule: after from->to and to->from on the owner's last two turns, not again.
          const std::size_t n = own.size();
          const bool repeated = n >= 2 && own[n - 1] == std::make_pair(to, from) &&
                                own[n - 2] == std::make_pair(from, to);
          if (!repeated) moves.insert(from + "-" + to);
          if (target.is_object()) break;
        }
      }
    }
  }
  return moves;
}

TEST(StrategoBruteForce, MoveListsAgreeOverRandomGames) {
  std::vector<Action> scratch;
  int positions = 0;
  for (int seed = 1; seed <= 4; ++seed) {
    Rng rng(seed + 100);
    auto state = AfterSetup();
    std::vector<std::pair<std::string, std::string>> own[2];
    while (!state->IsTerminal()) {
      const int seat = state->CurrentSeat();
      std::set<std::string> engine_moves;
      for (Action a : state->LegalActions()) {
        std::string text = state->ActionToString(a);
        std::replace(text.begin(), text.end(), 'x', '-');
        engine_moves.insert(text);
      }
      ASSERT_EQ(engine_moves, BruteForceMoves(state->ViewJson(seat), seat, own[seat]))
          << state->ViewText(seat, false);
      ++positions;
      const Action action = engine::RandomAction(*state, rng, scratch);
      std::string text = state->ActionToString(action);
      std::replace(text.begin(), text.end(), 'x', '-');
      const std::size_t dash = text.find('-');
      own[seat].emplace_back(text.substr(0, dash), text.substr(dash + 1));
      state->ApplyAction(action);
    }
  }
  EXPECT_GT(positions, 400);
}

// Random-playout speed of the rules core (run in a release build with
// --gtest_also_run_disabled_tests); prints plies per second, checks nothing.
TEST(StrategoSpeed, DISABLED_RandomPlayouts) {
  Rng rng(7);
  std::vector<Action> legal;
  auto start = Game().NewInitialState();
  Play(*start, kRedSetup);
  Play(*start, kBlueSetup);
  const Position initial = Pos(*start);
  long plies = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int game = 0; game < 2000; ++game) {
    Position p = initial;
    while (p.h.phase != Phase::kOver) {
      p.LegalActions(legal);
      p.Apply(legal[rng.Below(static_cast<std::uint32_t>(legal.size()))]);
      ++plies;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("Position: %ld plies in %.3f s: %.0f plies/s\n", plies, seconds, plies / seconds);
  // The same through the engine interface (virtual calls, RandomAction), setups included.
  long state_plies = 0;
  const auto t1 = std::chrono::steady_clock::now();
  auto state = Game().NewInitialState();
  for (int game = 0; game < 2000; ++game) {
    state->CopyFrom(*Game().NewInitialState());
    state_plies += engine::PlayRandomToEnd(*state, rng, legal);
  }
  const double state_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  std::printf("State: %ld plies in %.3f s: %.0f plies/s, %.0f games/s\n", state_plies,
              state_seconds, state_plies / state_seconds, 2000 / state_seconds);
}

}  // namespace
}  // namespace quartel::stratego
