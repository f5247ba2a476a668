// Conspiradores' position core (conspiradores.h, whose top says the rules and the encodings): the
// board's geometry, the action ids, and Position, which holds a game and plays it by the rules
// (legal actions, apply and undo, the turn passed on, the ending, the consistency check). It knows
// nothing of the adapter (conspiradores.h: notation, views, position text).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

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

// The board with a border two points wide, for the move directions Position keeps: a neighbour
// or a landing off the board is a cell of the border, so keeping them needs no test for the edge.
inline constexpr int kPadWidth = kSize + 4;
inline constexpr int kPadCells = kPadWidth * kPadWidth;
constexpr int PadCell(int point) { return (RowOf(point) + 2) * kPadWidth + ColOf(point) + 2; }
// Moving along dir d from a cell reaches cell + kPadDelta[d] (kDirCol and kDirRow on this board).
constexpr std::array<int, kNumDirs> MakePadDelta() {
  std::array<int, kNumDirs> delta{};
  for (int d = 0; d < kNumDirs; ++d) delta[d] = kDirRow[d] * kPadWidth + kDirCol[d];
  return delta;
}
inline constexpr std::array<int, kNumDirs> kPadDelta = MakePadDelta();

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
  // The moves by direction, kept up to date by every change of occupancy so that the random draw
  // and HasLegalMove read them instead of building them each ply, by cell of the bordered board
  // (PadCell): bit d of move_dirs[c] when c's neighbour along d is on the board and empty (a
  // step); bit 8 + d when that neighbour is occupied and the landing beyond it is on the board and
  // empty (a jump). Kept for every point, empty ones too; the border's entries mean nothing.
  // `blocked`: 1 on an occupied point and on the border. Both follow from `pieces`.
  std::array<std::uint8_t, kPadCells> blocked{};
  std::array<std::uint16_t, kPadCells> move_dirs{};
  // Each seat's steps and jumps, kept with move_dirs so that the draw and HasLegalMove need not
  // add them up over the movers: 12 bits a seat (field `seat`), in one word for the steps and one
  // for the jumps. `count_field[c]`: the field that the directions of cell c count in, the
  // shift of its piece's seat when a piece that may move (outside a Sanctuary) stands there, else
  // kNoCountField, a field above the seats' whose value means nothing.
  static constexpr int kCountBits = 12;
  static constexpr std::uint8_t kNoCountField = kMaxSeats * kCountBits;
  std::array<std::uint8_t, kPadCells> count_field{};
  std::uint64_t step_counts = 0, jump_counts = 0;
  std::uint64_t mover_counts = 0;  // the pieces on the board outside a Sanctuary, same fields

  // The position itself; the kept directions follow from it.
  bool operator==(const Position& other) const {
    return pieces == other.pieces && visited == other.visited && meta == other.meta;
  }

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
  // Unsheltered(seat) > 0, without counting.
  bool AnyUnsheltered(int seat) const;

  void Init(int num_seats, int max_turns);
  // blocked and move_dirs computed from the pieces alone (after the pieces are set by
  // hand).
  void RebuildMoveDirs();
  // Whether the kept directions are those of the pieces (on the board; the border is not read).
  bool MoveDirsMatchPieces() const;
  // The steps and the jumps the movers of `seat` have (move_dirs summed over them).
  int StepCount(int seat) const { return CountOf(step_counts, seat); }
  int JumpCount(int seat) const { return CountOf(jump_counts, seat); }
  void LegalActions(std::vector<Action>& out) const;
  // engine::State::RandomLegalAction: LegalActions then rng.Below(size), without the list at the
  // start of a turn of the movement (bitboards by direction count the steps and jumps and find
  // the k-th).
  Action RandomLegalAction(Rng& rng, std::vector<Action>& scratch) const;
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
  static int CountOf(std::uint64_t counts, int seat) {
    return static_cast<int>((counts >> (seat * kCountBits)) & ((1u << kCountBits) - 1));
  }
  // A piece of `seat` put on an empty `point`, or lifted from it: pieces, the kept directions and
  // counts.
  void Put(int seat, int point);
  // The piece on `cell` counted in `field` (kNoCountField: in none), with its own directions.
  void CountPiece(int cell, std::uint8_t field);
  void Lift(int seat, int point);
  // Brings blocked, move_dirs and the counts up to date after the occupancy of `point` changed.
  void TouchMoveDirs(int point);
  void EndTurn();
  void FinishByCount();
};
static_assert(std::is_trivially_copyable_v<Position>);

// The seats' colours and the directions, as the rules and the notation name them.
inline constexpr std::array<const char*, kMaxSeats> kSeatNames = {"white", "black", "green",
                                                                  "orange"};
inline constexpr std::string_view kSeatLetters = "WBGO";  // the views' and the position text's
inline constexpr std::array<const char*, kNumDirs> kDirNames = {"N", "NE", "E", "SE",
                                                                "S", "SW", "W", "NW"};

// The play orders of the chance node, in lexicographic order.
const std::vector<std::array<std::uint8_t, kMaxSeats>>& PlayOrders(int num_seats);

}  // namespace quartel::conspiradores
