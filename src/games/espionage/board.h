// Espionage's fast core: the 10 x 10 board with its volcanoes, the two armies and a compact,
// trivially copyable Position with the move generator, every rule and undo (seed 004; rulings
// "Espionage"; docs/rules/espionage.md). The engine adapter in espionage.h wraps a Position;
// search and playouts spend their time here.
//
// Squares are 0..99, square = row * 10 + file, row 0 = row 1 (Red's back row), file 0 = 'a':
// a1 = 0, j10 = 99. Red's home rows are 1-3 (squares 0-29), Blue's 8-10 (70-99), the four rows
// between them are neutral.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/state.h"

namespace quartel::espionage {

using engine::Action;

struct UndoData;  // board.cc

inline constexpr int kSize = 10;
inline constexpr int kNumSquares = 100;
inline constexpr int kHomeSquares = 30;
inline constexpr int kNumDirs = 4;  // 0 north (toward Blue), 1 east, 2 south, 3 west
inline constexpr int kNone = -1;

// --- Ranks: 0 Headquarters, 1-5 soldiers (Corporal .. General), then the specials ---
inline constexpr int kNumRanks = 9;
inline constexpr int kHq = 0, kGeneral = 5, kSpy = 6, kSapper = 7, kMine = 8;
// One character per rank, in notation, setup strings, views and position text: H 1 2 3 4 5 S P M.
char RankChar(int rank);
int RankFromChar(char c);  // kNone if not a rank character (case-insensitive)
std::string RankName(int rank);
// The Headquarters and Mines never move.
constexpr bool Mobile(int rank) { return rank != kHq && rank != kMine; }

using Army = std::array<std::int8_t, kNumRanks>;  // pieces per rank
Army FullArmy();                                  // 1 H, 5/4/3/2/2 soldiers, 5 S, 4 P, 4 M
int ArmySize(const Army& army);
// The army's rank characters in rank order ("HMM" for one Headquarters and two Mines).
std::string RankString(const Army& army);

// --- Squares ---
std::string SquareName(int sq);          // "a1" .. "j10"
int ParseSquare(std::string_view text);  // kNone if malformed
int Step(int sq, int dir);               // the neighbour along `dir`, or kNone off the board
constexpr bool IsHome(int seat, int sq) { return seat == 0 ? sq < kHomeSquares : sq >= 70; }
constexpr bool IsNeutral(int sq) { return sq >= 30 && sq < 70; }

// --- Action encoding (also documented in espionage.h) ---
//   square                   chance: a volcano on square
//   100 + seat               chance: seat moves first
//   200 + rank * 100 + sq    place a piece
//   1200 + from * 4 + dir    move one step
//   1600                     claim the no-capture draw
inline constexpr Action kFirstLot = 100, kFirstPlace = 200, kFirstMove = 1200, kClaimDraw = 1600;
inline constexpr Action kNumActions = 1601;
constexpr bool IsVolcano(Action a) { return a >= 0 && a < kNumSquares; }
constexpr bool IsLot(Action a) { return a >= kFirstLot && a < kFirstLot + 2; }
constexpr bool IsPlace(Action a) { return a >= kFirstPlace && a < kFirstMove; }
constexpr bool IsMove(Action a) { return a >= kFirstMove && a < kClaimDraw; }
constexpr Action PlaceAction(int rank, int sq) { return kFirstPlace + rank * kNumSquares + sq; }
constexpr int PlaceRank(Action a) { return (a - kFirstPlace) / kNumSquares; }
constexpr int PlaceSquare(Action a) { return (a - kFirstPlace) % kNumSquares; }
constexpr Action MoveAction(int from, int dir) { return kFirstMove + from * kNumDirs + dir; }
constexpr int MoveFrom(Action a) { return (a - kFirstMove) / kNumDirs; }
constexpr int MoveDir(Action a) { return (a - kFirstMove) % kNumDirs; }

// --- Combat ---
enum class Combat { kAttackerWins, kDefenderWins };
// The seed's combat table in one place (rulings "Espionage"): what happens when a piece of rank
// `attacker` steps onto a piece of rank `defender`.
Combat Resolve(int attacker, int defender);

// --- Cells ---
// A cell: 0 empty, kVolcano, or a piece: kOccupied | owner << 6 | moved | known | rank, plus
// recognised. Known: combat showed the rank to both seats (reveal_on_combat). Recognised: an
// enemy Spy showed the rank to the enemy only; the owner is not told (rulings "Espionage").
using CellBits = std::uint16_t;
inline constexpr CellBits kVolcano = 0x0f, kOccupied = 0x80, kOwnerBit = 0x40, kMovedBit = 0x20,
                          kKnownBit = 0x10, kRecognisedBit = 0x100;
constexpr int Owner(CellBits cell) { return (cell & kOwnerBit) ? 1 : 0; }
constexpr int RankOf(CellBits cell) { return cell & 0x0f; }
constexpr bool IsPiece(CellBits cell) { return (cell & kOccupied) != 0; }
constexpr CellBits MakeCell(int owner, int rank) {
  return static_cast<CellBits>(kOccupied | (owner ? kOwnerBit : 0) | rank);
}

// --- Rules: the options that shape play, kept in the position so that it is self-contained ---
struct Rules {
  int volcanoes = 4;
  int moves_per_turn = 2;
  bool reveal_on_combat = false;
  int no_capture_draw = 50;
  int max_plies = 2000;
  int max_plies_without_capture = 200;

  bool operator==(const Rules&) const = default;
};

enum class Phase : std::uint8_t { kVolcanoes, kSetup, kLot, kPlay, kOver };

// How the game ended (Position::ending): by the rules, by an engine cap, or outside the rules
// (State::EndGame, in engine::EndReason's order).
enum Ending : std::int32_t {
  kNotOver = 0,
  kHqCaptured = 1,
  kNoMove = 2,  // the seat to move had no legal move
  kDrawClaimed = 3,
  kPlyCap = 4,
  kQuietCap = 5,
  kFirstOutsideEnding = 6,  // + engine::EndReason
  kNumEndings = 10,
};
// "headquarters captured", "no move", ..., "agreement" ("" while the game goes on).
const char* EndingName(int ending);

// What the last move did to the pieces (Position::last_removed).
enum Removed : std::int32_t { kRemovedNone = 0, kRemovedAttacker = 1, kRemovedDefender = 2 };

// The whole game state: board, armies, counters and the result.
struct Position {
  std::array<CellBits, kNumSquares> board{};
  std::array<std::int8_t, kNumSquares> back{};  // no-return square of the piece there, or -1
  std::array<Army, 2> to_place{};
  std::array<CellBits, 60> removed{};  // cells of removed pieces, in order
  std::int32_t num_removed = 0;
  Rules rules;
  Phase phase = Phase::kVolcanoes;
  std::int32_t volcanoes_left = 0;
  std::int32_t to_move = 0;
  std::int32_t moves_done = 0;       // moves made in the current turn
  std::int32_t first_piece = kNone;  // square of the piece moved first this turn (if alive)
  std::int32_t plies = 0, play_plies = 0, quiet_turns = 0;
  std::int32_t quiet_plies = 0;  // play moves since a piece was last removed (engine cap)
  bool removal_this_turn = false;
  std::int32_t last_from = kNone, last_to = kNone, last_removed = kRemovedNone;
  std::int32_t winner = kNone;
  std::int32_t ending = kNotOver;
  std::array<engine::Outcome, 2> outcomes{};  // the results given to EndOutsideTheRules

  bool operator==(const Position&) const = default;

  // Before the first volcano (or the first placement without volcanoes).
  static Position Initial(const Rules& rules);

  // A turn is two moves in play, and a seat's whole setup (its first placement to its last).
  bool MidTurn() const;
  // Whether the seat to move may claim the no-capture draw now (at the start of its turn).
  bool DrawClaimable() const;
  void LegalActions(std::vector<Action>& out) const;
  // "" for a legal action, else why not, in words for the seat to act.
  std::string WhyIllegal(Action action) const;
  // Applies a legal action; fills `undo` when not null.
  void Apply(Action action, engine::UndoInfo* undo = nullptr);
  // Takes back `action`, the last one applied, with the UndoInfo it filled.
  void Undo(Action action, const engine::UndoInfo& undo);
  // Whether `seat` has a legal move now (honouring the turn's first piece and no-return squares).
  bool HasMove(int seat) const;
  // Ends the game outside the rules (State::EndGame) with `results` (one per seat).
  void EndOutsideTheRules(engine::EndReason reason, std::span<const engine::Outcome> results);
  // Checks the invariants (Stockfish's pos_is_ok); throws quartel::Error naming the first broken.
  void Check() const;

 private:
  // Calls visit(action) for each move of `seat` in action order until it returns true; returns
  // whether one did.
  template <typename Visit>
  bool ForEachMove(int seat, Visit visit) const;
  std::string WhyIllegalPlace(Action action) const;
  std::string WhyIllegalMove(Action action) const;
  void ApplyVolcano(Action action);
  void ApplyLot(Action action);
  void ApplyPlace(Action action);
  // A move of the play phase; notes in `shown` which neighbours a Spy's arrival recognised.
  void ApplyMove(Action action, std::uint8_t& shown);
  // Settles `mover`'s attack on the piece on `to`; true if the attacker won.
  bool Attack(CellBits& mover, int to, bool& hq_taken);
  // Spy recognition around the piece that just arrived on `to`; returns the neighbours (bit k:
  // the k-th of the 8, row by row, the centre skipped) that became recognised.
  std::uint8_t Recognise(int to, int seat);
  // After a move of `seat`: the turn goes on while a second move is due and possible.
  void EndMoveOrTurn(int seat);
  void UndoMove(Action action, const UndoData& undo);
  void EndTurn();
  void Finish(int winning_seat, Ending how);
};
static_assert(std::is_trivially_copyable_v<Position>);

}  // namespace quartel::espionage
