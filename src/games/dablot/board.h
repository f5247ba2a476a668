// Dablot's fast core: the 72-point board, its line geometry and a compact Position with the move
// generator and every rule (seed 002, second part; docs/rules/dablot.md; shared rulings "Dablot").
// The engine adapter in dablot.h wraps a Position; search and playouts spend their time here.
//
// Geometry. Points use doubled coordinates (x, y): the corner of grid column c and grid row r is
// (2c, 2r), c 0..5, r 0..6; the centre of square (c, r) is (2c + 1, 2r + 1), c 0..4, r 0..5. y
// grows from the Sámi side (points 1-6 at y = 0) to the Swedish side (points 67-72 at y = 12).
// Orthogonal lines join corners only (steps of 2); diagonal lines join a corner and a centre (steps
// of 1). A jump from p over p + d lands on p + 2d, which lies on the same drawn line.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/state.h"

namespace quartel::dablot {

using engine::Action;

inline constexpr int kNumPoints = 72;
inline constexpr int kNumDirs = 8;
inline constexpr int kGridWidth = 11;   // doubled x: 0..10
inline constexpr int kGridHeight = 13;  // doubled y: 0..12
inline constexpr int kNone = -1;

// Directions, clockwise from "north" (toward the Swedish side); dir + 4 is the opposite one.
inline constexpr std::array<int, kNumDirs> kDirDx = {0, 1, 2, 1, 0, -1, -2, -1};
inline constexpr std::array<int, kNumDirs> kDirDy = {2, 1, 0, -1, -2, -1, 0, 1};
// The points are numbered row by row (6 corners, 5 centres, ...), so a line's neighbour along `dir`
// is always point + kDirDelta[dir], and a jump lands on point + 2 * kDirDelta[dir] (BuildGeometry
// checks it): the bitboards below move whole sets of points with one shift.
inline constexpr std::array<int, kNumDirs> kDirDelta = {11, 6, 1, -5, -11, -6, -1, 5};

// A set of points, bit p for point p (bits 72..127 stay zero).
__extension__ using Bitboard = unsigned __int128;
inline constexpr Bitboard kAllPoints = (Bitboard{1} << kNumPoints) - 1;
constexpr Bitboard PointBit(int p) { return Bitboard{1} << p; }

// --- Action encoding (also documented in dablot.h) ---
inline constexpr Action kSamiFirst = 0;    // chance: the lot gives the first move to the Sámi
inline constexpr Action kSwedesFirst = 1;  // chance: the lot gives the first move to the Swedes
inline constexpr Action kStop = 2;         // end a capture chain that could go on
inline constexpr Action kFirstStep = 3;    // step(from, dir) = 3 + from * 8 + dir
inline constexpr Action kFirstJump = kFirstStep + kNumPoints * kNumDirs;   // 579
inline constexpr Action kNumActions = kFirstJump + kNumPoints * kNumDirs;  // 1155

constexpr bool IsChance(Action a) { return a == kSamiFirst || a == kSwedesFirst; }
constexpr bool IsStop(Action a) { return a == kStop; }
constexpr bool IsStep(Action a) { return a >= kFirstStep && a < kFirstJump; }
constexpr bool IsJump(Action a) { return a >= kFirstJump && a < kNumActions; }
constexpr Action StepAction(int from, int dir) { return kFirstStep + from * kNumDirs + dir; }
constexpr Action JumpAction(int from, int dir) { return kFirstJump + from * kNumDirs + dir; }
// For a step or a jump: the moving piece's point and the direction.
constexpr int ActionFrom(Action a) { return ((IsJump(a) ? a - kFirstJump : a - kFirstStep)) / 8; }
constexpr int ActionDir(Action a) { return ((IsJump(a) ? a - kFirstJump : a - kFirstStep)) % 8; }

// --- Pieces ---
// Seat 0 owns codes 1-3, seat 1 codes 4-6; rank: soldier 1 < Prince/Son 2 < King/Landlord 3.
enum class Piece : std::uint8_t {
  kEmpty = 0,
  kSamiSoldier = 1,
  kPrince = 2,
  kKing = 3,
  kSwedishSoldier = 4,
  kSon = 5,
  kLandlord = 6,
};
inline constexpr int kNumPieceKinds = 6;
inline constexpr int kNoOwner = 2;

constexpr int Owner(Piece p) {
  return p == Piece::kEmpty ? kNoOwner : (static_cast<int>(p) - 1) / 3;
}
constexpr int Rank(Piece p) { return p == Piece::kEmpty ? 0 : (static_cast<int>(p) - 1) % 3 + 1; }
// One-letter code used by the views and test set-ups: Sámi upper case, Swedes lower case.
// S/s soldier, P Prince, K King, p Landlord's Son, l Landlord; '.' empty.
char PieceLetter(Piece p);
// The piece for a letter of PieceLetter, or nullopt-like kEmpty with ok = false.
bool PieceFromLetter(char c, Piece& piece);

// --- Geometry tables (built once from the coordinates; see the file comment) ---
// One drawn line leaving a point: its direction, the neighbour and the jump landing (or kNone).
struct Link {
  std::int8_t dir;
  std::int8_t to;
  std::int8_t land;
};

struct Geometry {
  std::array<std::array<std::int8_t, kNumDirs>, kNumPoints> neighbour;  // along a line, or kNone
  std::array<std::array<std::int8_t, kNumDirs>, kNumPoints> landing;    // jump target, or kNone
  std::array<std::int8_t, kNumPoints> x;
  std::array<std::int8_t, kNumPoints> y;
  // Point at doubled coordinates (x, y), or kNone where there is no point.
  std::array<std::array<std::int8_t, kGridWidth>, kGridHeight> point_at;
  // The same lines packed per point (no empty directions), for the move generator's hot loop.
  std::array<std::array<Link, kNumDirs>, kNumPoints> links;
  std::array<std::uint8_t, kNumPoints> num_links;
  // Shortest path length along the lines on an empty board (BFS), for the one-to-one race.
  std::array<std::array<std::uint8_t, kNumPoints>, kNumPoints> distance;
  // The points with a line along `dir` (a neighbour), and those with a jump landing along it.
  std::array<Bitboard, kNumDirs> has_neighbour;
  std::array<Bitboard, kNumDirs> has_landing;
};
const Geometry& Geo();

// --- Position ---
enum class Phase : std::uint8_t { kChance = 0, kPlay = 1, kOver = 2 };

// Everything but the board; saved whole in UndoInfo so that undo restores it bit for bit.
struct Header {
  std::int32_t turns = 0;  // completed turns (the max_turns cap counts these)
  std::int32_t plies = 0;  // actions applied, chance included
  std::int32_t max_turns = 1000;
  Phase phase = Phase::kChance;
  std::uint8_t to_move = 0;              // seat deciding now (meaningless at chance / over)
  std::int8_t chain = kNone;             // point of the piece continuing a capture chain, or kNone
  std::int8_t winner = kNone;            // when over: the winning seat, or kNone for a draw
  std::array<std::uint8_t, 2> counts{};  // pieces per seat
  std::uint8_t race = 0;                 // 1: one-against-one of equal rank, only approaching moves
  std::uint8_t unused = 0;
  bool operator==(const Header&) const = default;
};
static_assert(sizeof(Header) == 20);

struct Position {
  // The sets of points of the board below, kept in step with it by every change (Initial,
  // PositionFromText, Apply, Undo; SyncMasks rebuilds them): each seat's pieces, the soldiers and
  // the King and Landlord (of both seats). The move generator's fast paths read these.
  std::array<Bitboard, 2> side;
  Bitboard soldiers;
  Bitboard kings;
  std::array<Piece, kNumPoints> board;
  Header h;

  bool operator==(const Position&) const = default;

  // The start (seed: Sámi soldiers 1-28, Prince 33, King 39; Swedish soldiers 45-72, Landlord 34,
  // Son 40), before the lot for the first move.
  static Position Initial(int max_turns);

  bool MidTurn() const { return h.phase == Phase::kPlay && h.chain != kNone; }
  // Sorted legal actions (see the contract of engine::State::LegalActions).
  void LegalActions(std::vector<Action>& out) const;
  // engine::State::RandomLegalAction: LegalActions then rng.Below(size), without the list at the
  // start of a normal turn (the bitboards count the steps and captures and find the k-th).
  Action RandomLegalAction(Rng& rng, std::vector<Action>& scratch) const;
  // Rebuilds `side`, `soldiers` and `kings` from `board`.
  void SyncMasks();
  // Empty when legal, else why not. Any integer.
  std::string WhyIllegal(Action action) const;
  // Applies a legal action; fills `undo` when not null.
  void Apply(Action action, engine::UndoInfo* undo);
  void Undo(Action action, const engine::UndoInfo& undo);
  // Throws quartel::Error naming the first broken invariant.
  void Check() const;

  // Whether the piece on `from` can capture now (ignores whose turn it is).
  bool CanJumpFrom(int from) const;
  // Whether `seat` has any legal action at the start of its turn (race rules included).
  bool HasAnyMove(int seat) const;

 private:
  void GenerateNormal(std::vector<Action>& out) const;
  void GenerateRace(std::vector<Action>& out) const;
  void GenerateChain(std::vector<Action>& out) const;
  // The steps and the captures of the side to move at the start of a normal turn, by direction:
  // bit p of steps[d] (jumps[d]) when StepAction(p, d) (JumpAction(p, d)) is legal (race aside).
  void MoveMasks(int seat, std::array<Bitboard, kNumDirs>& steps,
                 std::array<Bitboard, kNumDirs>& jumps) const;
  // Moves the piece on `from` to the empty `to`, the bitboards with it.
  void MovePiece(int from, int to);
  // Adds `piece` on p to the bitboards, or takes it off them (the board itself is left alone).
  void TogglePiece(int p, Piece piece);
  std::string WhyIllegalMove(Action action) const;
  void EndTurn();
  void Finish(int winner);
  // Check's part for a play position at the start of a turn.
  void CheckTurnStart() const;
  // For the race: the single piece of each seat.
  int FindPiece(int seat) const;
};
static_assert(sizeof(Position) <= 192);
static_assert(std::is_trivially_copyable_v<Position>);

// Position text (the form is documented in dablot.h; position_text.cc). PositionFromText throws
// quartel::Error naming the field and the problem; the game's max_turns is not part of the text.
std::string PositionToText(const Position& p);
Position PositionFromText(std::string_view text, int max_turns);

}  // namespace quartel::dablot
