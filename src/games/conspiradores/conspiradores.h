// Conspiradores (seed 002, first part; rules page docs/rules/conspiradores.md): 2 or 4 players
// place their conspirators in the Conspiracy Centre of a 17 x 17 board, then race them, by steps
// and chains of jumps, to the 39 Sanctuaries on the edges. There is no winner, only a loser: the
// last player with an unsheltered piece.
//
// Points: index = row * 17 + column, both 0-based; column A..Q left to right, row 1..17 bottom to
// top ("E7" = column 4, row 6 = index 106). Directions, in this order: 0 N (row + 1), 1 NE, 2 E,
// 3 SE, 4 S, 5 SW, 6 W, 7 NW.
//
// Action encoding (NumDistinctActions = 4938):
//   0 .. 23              chance: the play order drawn by lot, outcome k = the k-th permutation of
//                        the seats in lexicographic order (2 players: only 0 = "order 1,2" and
//                        1 = "order 2,1"; 4 players: 24 outcomes; outcome 0 = seat order 0,1,2,3).
//   24 + point           place a piece on `point` (placement phase).              "G9"
//   313 + from*8 + dir   step from `from` to its neighbour in `dir`.             "G9-H10"
//   2625 + from*8 + dir  jump from `from` over the neighbour in `dir` to the point beyond; a
//                        chain is one jump action per jump, by the same seat.    "G9-G11"
//   4937                 stop a jump chain that could go on.                     "stop"
//
// Passing is implicit (rulings: "a player with no legal move passes"): when a turn ends, the turn
// goes to the next player in play order who is not yet safe and has a legal move, so a state never
// offers a pass action.
//
// Position text (PositionText; NewStateFromPosition parses it; position_text.cc): eight fields
// separated by spaces. The seat count (players) and max_turns are the game's, not the text's.
//   board   rows 17 down to 1 separated by '/', columns A..Q in each: '.' empty or the letter of
//           the seat whose piece stands there (W white, B black, G green, O orange, as ViewText)
//   side    the seat to act (once over: the seat in play order the game stopped at); '-' while
//           the play order is still to draw (only the initial position)
//   order   the play order, e.g. "BW" or "GWOB"; '-' while still to draw
//   chain   '-' or "<point>:<visited>": the point of the piece in a jump chain that may go on and
//           the other points the chain has visited, comma-separated (it may not land there again)
//   army    full: each seat owns 20 (2 players) or 10 (4) pieces, those not on the board are still
//           to place (placement lasts until all 40 stand); board: a composed position, each seat
//           owns only its pieces on the board and the movement has begun
//   turns   completed turns, placements included (the max_turns cap counts them)
//   ply     actions applied, the lot included
//   result  '-' while the game goes on, else the letters of the losing seats ("W", "BG"), or draw
// The initial position (two players; four are the same):
//   ................./................./................./................./................./
//   ................./................./................./................./................./
//   ................./................./................./................./................./
//   ................./................. - - - full 0 0 -
// ViewPositionText: the same for every viewer (perfect information).
//
// ViewJson: {"game", "players", "board" (17 strings, row 1 first, columns A..Q: a seat letter, '+'
// an empty Sanctuary, '.'), "sanctuaries" (point names), "order" (seat names in play order; empty
// while it is drawn), "to_move" (a seat name or null), "phase" ("order"|"placement"|"movement"|
// "over"), "turns", "chain" (null or {"at", "visited"}), "sheltered" and "unsheltered" (pieces per
// seat), "result" (null, or per seat "win"|"loss"|"draw")}, the same for every viewer.
// ViewTensor: 6n + 9 planes x 17 rows x 17 columns (n seats; row 0 = row 1, column 0 = A), exactly
// the information of ViewJson (TensorLayout() names each plane; "all 1" and "count" planes hold
// one value on every square): 0..n-1 seat s's pieces (1 on each); n the Sanctuaries; n+1 the
// central zone; n+2 the points a jump chain in progress has visited, n+3 the chain piece's point;
// n+4..2n+3 seat s to move (all 1); 2n+4..3n+3 seat s's place in the play order (1 for the first
// .. n; 0 while the order is drawn); 3n+4..3n+7 the phase order, placement, movement, over (all 1);
// 3n+8 completed turns (the count); 3n+9..6n+8 seat s's result win, loss, draw (plane 3n+9+3s+r,
// all 1, once over).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"

namespace quartel::conspiradores {

using engine::Action;
using engine::Seat;

// --- Board geometry ------------------------------------------------------------------------------
inline constexpr int kSize = 17;
inline constexpr int kNumPoints = kSize * kSize;  // 289
inline constexpr int kNumDirs = 8;
inline constexpr int kNoPoint = -1;
inline constexpr int kMaxSeats = 4;
inline constexpr int kTotalPieces = 40;  // 2 x 20 or 4 x 10 (seed: "20 pastilhas ... 10 verdes")
inline constexpr int kNumSanctuaries = 39;
inline constexpr int kNumCentrePoints = 45;
inline constexpr std::array<int, kNumDirs> kDirCol = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr std::array<int, kNumDirs> kDirRow = {1, 1, 0, -1, -1, -1, 0, 1};

constexpr int PointAt(int col, int row) { return row * kSize + col; }
constexpr int ColOf(int point) { return point % kSize; }
constexpr int RowOf(int point) { return point / kSize; }
constexpr bool OnBoard(int col, int row) {
  return col >= 0 && col < kSize && row >= 0 && row < kSize;
}

// 289 bits, one per point; bits 289..319 always stay zero.
struct Bits {
  std::array<std::uint64_t, 5> w{};

  constexpr bool Test(int p) const { return (w[p >> 6] >> (p & 63)) & 1; }
  constexpr void Set(int p) { w[p >> 6] |= std::uint64_t{1} << (p & 63); }
  constexpr void Clear(int p) { w[p >> 6] &= ~(std::uint64_t{1} << (p & 63)); }
  constexpr int Count() const {
    int n = 0;
    for (auto word : w) n += std::popcount(word);
    return n;
  }
  constexpr bool Empty() const { return (w[0] | w[1] | w[2] | w[3] | w[4]) == 0; }
  constexpr Bits operator|(const Bits& o) const {
    Bits r;
    for (int i = 0; i < 5; ++i) r.w[i] = w[i] | o.w[i];
    return r;
  }
  constexpr Bits operator&(const Bits& o) const {
    Bits r;
    for (int i = 0; i < 5; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  // this & ~o
  constexpr Bits Minus(const Bits& o) const {
    Bits r;
    for (int i = 0; i < 5; ++i) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  bool operator==(const Bits&) const = default;

  // Calls f(point) for every set bit, in increasing point order.
  template <typename F>
  void ForEach(F&& f) const {
    for (int i = 0; i < 5; ++i) {
      for (std::uint64_t word = w[i]; word != 0; word &= word - 1) {
        f(i * 64 + std::countr_zero(word));
      }
    }
  }
};

namespace internal {
// Neighbour in each direction (or kNoPoint) and the jump landing beyond it (or kNoPoint).
struct Tables {
  std::array<std::array<std::int16_t, kNumDirs>, kNumPoints> neighbour{};
  std::array<std::array<std::int16_t, kNumDirs>, kNumPoints> landing{};
};
constexpr Tables MakeTables() {
  Tables t;
  for (int p = 0; p < kNumPoints; ++p) {
    for (int d = 0; d < kNumDirs; ++d) {
      const int c = ColOf(p) + kDirCol[d], r = RowOf(p) + kDirRow[d];
      const int c2 = c + kDirCol[d], r2 = r + kDirRow[d];
      t.neighbour[p][d] = static_cast<std::int16_t>(OnBoard(c, r) ? PointAt(c, r) : kNoPoint);
      t.landing[p][d] = static_cast<std::int16_t>(OnBoard(c2, r2) ? PointAt(c2, r2) : kNoPoint);
    }
  }
  return t;
}
// The 39 Sanctuaries of reference/abstract-boards.md (there is none on I1, but one on I17).
constexpr Bits MakeSanctuaries() {
  Bits b;
  for (int c : {0, 1, 3, 5, 7, 9, 11, 13, 15, 16}) b.Set(PointAt(c, 0));      // row 1
  for (int c : {0, 1, 3, 5, 7, 8, 9, 11, 13, 15, 16}) b.Set(PointAt(c, 16));  // row 17
  for (int r : {1, 3, 5, 7, 8, 9, 11, 13, 15}) {                              // columns A and Q
    b.Set(PointAt(0, r));
    b.Set(PointAt(16, r));
  }
  return b;
}
// Conspiracy Centre: columns E..M x rows 7..11 (rulings: columns 5-13 x rows 7-11).
constexpr Bits MakeCentre() {
  Bits b;
  for (int r = 6; r <= 10; ++r) {
    for (int c = 4; c <= 12; ++c) b.Set(PointAt(c, r));
  }
  return b;
}
}  // namespace internal

inline constexpr internal::Tables kTables = internal::MakeTables();
inline constexpr Bits kSanctuaries = internal::MakeSanctuaries();
inline constexpr Bits kCentre = internal::MakeCentre();
static_assert(kSanctuaries.Count() == kNumSanctuaries);
static_assert(kCentre.Count() == kNumCentrePoints);

inline int Neighbour(int point, int dir) { return kTables.neighbour[point][dir]; }
inline int JumpLanding(int point, int dir) { return kTables.landing[point][dir]; }
inline bool IsSanctuary(int point) { return kSanctuaries.Test(point); }
inline bool IsCentre(int point) { return kCentre.Test(point); }

// "E7" for index 106.
std::string PointName(int point);
// Case-insensitive "e7" -> 106; nullopt when it is not a point of the board.
std::optional<int> ParsePoint(std::string_view text);

// --- Actions -------------------------------------------------------------------------------------
inline constexpr Action kNumChanceActions = 24;
inline constexpr Action kPlaceBase = kNumChanceActions;
inline constexpr Action kStepBase = kPlaceBase + kNumPoints;
inline constexpr Action kJumpBase = kStepBase + kNumPoints * kNumDirs;
inline constexpr Action kStopAction = kJumpBase + kNumPoints * kNumDirs;
inline constexpr Action kNumDistinctActions = kStopAction + 1;
static_assert(kStepBase == 313 && kJumpBase == 2625 && kStopAction == 4937);

constexpr bool IsChanceAction(Action a) { return a >= 0 && a < kNumChanceActions; }
constexpr bool IsPlacement(Action a) { return a >= kPlaceBase && a < kStepBase; }
constexpr bool IsStep(Action a) { return a >= kStepBase && a < kJumpBase; }
constexpr bool IsJump(Action a) { return a >= kJumpBase && a < kStopAction; }
constexpr bool IsStop(Action a) { return a == kStopAction; }
constexpr Action PlaceAction(int point) { return kPlaceBase + point; }
constexpr Action StepAction(int from, int dir) { return kStepBase + from * kNumDirs + dir; }
constexpr Action JumpAction(int from, int dir) { return kJumpBase + from * kNumDirs + dir; }
// Placement: the point placed on. Step/jump: the point left.
constexpr int From(Action a) {
  return IsPlacement(a) ? a - kPlaceBase : ((IsStep(a) ? a - kStepBase : a - kJumpBase) / kNumDirs);
}
constexpr int Dir(Action a) { return (IsStep(a) ? a - kStepBase : a - kJumpBase) % kNumDirs; }
// Placement: the point placed on; step/jump: the point reached (kNoPoint off the board).
inline int To(Action a) {
  if (IsPlacement(a)) return a - kPlaceBase;
  if (IsStep(a)) return Neighbour(From(a), Dir(a));
  if (IsJump(a)) return JumpLanding(From(a), Dir(a));
  return kNoPoint;
}

// --- Fast core position --------------------------------------------------------------------------
enum class Phase : std::uint8_t { kOrder, kPlacement, kMovement, kOver };

// The small fields, grouped so that UndoInfo can save them whole (3 of its 8 words).
struct Meta {
  std::int32_t ply = 0;
  std::int32_t turns = 0;  // completed turns (placements included), for the engine cap
  std::int32_t max_turns = 2000;
  std::int16_t chain_at = kNoPoint;  // the jumping piece's point while a chain may go on
  std::uint8_t num_seats = 2;
  Phase phase = Phase::kOrder;
  std::array<std::uint8_t, kMaxSeats> order{0, 1, 2, 3};  // seats in play order
  std::uint8_t order_pos = 0;                             // index in `order` of the seat to act
  std::uint8_t placed = 0;                                // pieces placed so far
  std::uint8_t losers = 0;  // bit per seat once over; 0 when over = draw for everyone
  std::uint8_t custom = 0;  // a composed position (army "board"): piece counts may differ
  bool operator==(const Meta&) const = default;
};
static_assert(sizeof(Meta) <= 24);

struct Position {
  std::array<Bits, kMaxSeats> pieces{};  // occupancy per seat
  Bits visited{};  // points visited by the running jump chain, its start included; else empty
  Meta meta{};

  bool operator==(const Position&) const = default;

  int PiecesPerSeat() const { return kTotalPieces / meta.num_seats; }
  Bits Occupied() const { return pieces[0] | pieces[1] | pieces[2] | pieces[3]; }
  // Seat whose piece stands on `point`, or -1.
  int OwnerAt(int point) const;
  // Seat to act, kChanceSeat or kTerminalSeat.
  Seat ToMove() const;
  bool InChain() const { return meta.chain_at != kNoPoint; }
  int Sheltered(int seat) const { return (pieces[seat] & kSanctuaries).Count(); }
  // Pieces not yet in a Sanctuary, unplaced pieces included.
  int Unsheltered(int seat) const;

  void Init(int num_seats, int max_turns);
  void LegalActions(std::vector<Action>& out) const;
  bool HasLegalMove(int seat) const;
  // Whether the piece on `at` could jump on (empty landing, not visited) with occupancy `occ`.
  bool CanContinueChain(int at, const Bits& occ) const;
  std::string WhyIllegal(Action action) const;
  void Apply(Action action, engine::UndoInfo* undo);
  void Undo(Action action, const engine::UndoInfo& undo);
  // Gives the turn to the first seat, from order_pos + first_offset on in play order, that is not
  // safe and can move; ends the game when the rules say so (rulings: end, implicit pass, cap).
  void PassTurnOn(int first_offset);
  void CheckConsistency() const;

 private:
  void EndTurn();
  void FinishByCount();
};
static_assert(std::is_trivially_copyable_v<Position>);

// Position text (see the top of this file). PositionFromText throws quartel::Error naming the
// field and the problem.
std::string PositionToText(const Position& p);
Position PositionFromText(std::string_view text, int num_seats, int max_turns);

// The play orders of the chance node, in lexicographic order.
const std::vector<std::array<std::uint8_t, kMaxSeats>>& PlayOrders(int num_seats);

// --- Game and state ------------------------------------------------------------------------------
class ConspiradoresGame : public engine::Game {
 public:
  ConspiradoresGame(engine::GameInfo info, engine::GameOptions options);
  int NumSeats() const override { return players_; }
  std::string SeatName(int seat) const override;
  std::unique_ptr<engine::State> NewInitialState() const override;
  int NumDistinctActions() const override { return kNumDistinctActions; }
  int MaxGameLength() const override;
  std::vector<int> TensorShape() const override { return {6 * players_ + 9, kSize, kSize}; }
  std::vector<std::string> TensorLayout() const override;
  std::unique_ptr<engine::State> NewStateFromPosition(std::string_view text) const override;
  int max_turns() const { return max_turns_; }

 private:
  int players_;
  int max_turns_;
};

class ConspiradoresState : public engine::State {
 public:
  explicit ConspiradoresState(const ConspiradoresGame& game);
  ConspiradoresState(const ConspiradoresGame& game, const Position& position);

  const Position& position() const { return pos_; }

  Seat CurrentSeat() const override { return pos_.ToMove(); }
  bool MidTurn() const override { return pos_.InChain(); }
  int PlyCount() const override { return pos_.meta.ply; }
  void LegalActions(std::vector<Action>& out) const override { pos_.LegalActions(out); }
  using engine::State::LegalActions;
  std::vector<engine::ChanceOutcome> ChanceOutcomes() const override;
  std::string WhyIllegal(Action action) const override { return pos_.WhyIllegal(action); }
  void DoApply(Action action, engine::UndoInfo* undo) override { pos_.Apply(action, undo); }
  bool SupportsUndo() const override { return true; }
  void UndoAction(Action action, const engine::UndoInfo& undo) override { pos_.Undo(action, undo); }

  std::string ActionToString(Action action) const override;
  Action StringToAction(std::string_view text) const override;
  // "G9-G11-I13": the jumps typed, no more; where the chain could go on, the player is still to
  // move (it jumps on or stops).
  std::vector<Action> StringToTurn(std::string_view text) const override;
  std::string DescribeTurn(std::span<const Action> actions, Seat viewer) const override;

  std::unique_ptr<engine::State> Clone() const override;
  void CopyFrom(const engine::State& other) override;
  bool Equals(const engine::State& other) const override;

  std::vector<engine::Outcome> Results() const override;
  std::vector<double> Returns() const override;

  Json ViewJson(Seat viewer) const override;
  void ViewTensor(Seat viewer, std::span<float> out) const override;
  std::string ViewText(Seat viewer, bool colour) const override;
  std::string PositionText() const override { return PositionToText(pos_); }
  std::string ViewPositionText(Seat) const override { return PositionText(); }
  void CheckConsistency() const override { pos_.CheckConsistency(); }

 private:
  Position pos_;
};
static_assert(sizeof(ConspiradoresState) <= 256);

void Register();

}  // namespace quartel::conspiradores
