// Stratego's fast move generator (board.h Position::GenerateMovesFast, HasAnyMove): the same moves,
// in the same order, as the general generator in board.cc (Position::GenerateMovesT), found 16
// squares at a time with SSE2 instead of square by square. Random playouts spend most of their
// time here: one move list per ply, and whether each seat can still move after every move.
//
// The board's 100 bytes are copied into a zero-padded buffer and compared 16 squares at a time;
// each square gets a nibble of the directions in which the seat's piece standing there may step
// (onto land that holds no piece of its own), so that a piece's one-step moves are one table
// lookup and one store. A Scout's longer lines come from bitboards of the 100 squares
// (Bitboard, unsigned __int128), without branches. The general generator stays the reference and
// the only one while the seat chases (repetition=isf): there any move may be forbidden.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "games/stratego/board.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace quartel::stratego {
namespace {

// The lakes as a bitboard (they stop a Scout's line as a piece does).
constexpr Bitboard MakeLakes() {
  Bitboard bits = 0;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (IsLake(sq)) bits |= Bitboard{1} << sq;
  }
  return bits;
}
constexpr Bitboard kLakes = MakeLakes();

// The lowest and the highest square of a non-empty bitboard (written for conditional moves).
inline int Lowest(Bitboard bits) {
  const auto low = static_cast<std::uint64_t>(bits), high = static_cast<std::uint64_t>(bits >> 64);
  const int in_low = std::countr_zero(low), in_high = 64 + std::countr_zero(high);
  return low != 0 ? in_low : in_high;
}
inline int Highest(Bitboard bits) {
  const auto low = static_cast<std::uint64_t>(bits), high = static_cast<std::uint64_t>(bits >> 64);
  const int in_low = 63 - std::countl_zero(low), in_high = 127 - std::countl_zero(high);
  return high != 0 ? in_high : in_low;
}

// The Scouts' lines, on bitboards shifted by kRayShift (square sq is bit sq + kRayShift) so that
// every line has a stop one square past its end on the board: the `stop` bit, which is outside the
// board or a square of another row, never a square of the line.
constexpr int kRayShift = 14;
struct Ray {
  Bitboard squares = 0;  // from the square (excluded) to the board's edge; lakes included
  Bitboard stop = 0;
};
constexpr std::array<std::array<Ray, kNumDirs>, kNumSquares> MakeRays() {
  std::array<std::array<Ray, kNumDirs>, kNumSquares> rays{};
  for (int sq = 0; sq < kNumSquares; ++sq) {
    for (int dir = 0; dir < kNumDirs; ++dir) {
      const int drow = dir == 0 ? 1 : dir == 2 ? -1 : 0, dfile = dir == 1 ? 1 : dir == 3 ? -1 : 0;
      int row = sq / kSize + drow, file = sq % kSize + dfile;
      for (; row >= 0 && row < kSize && file >= 0 && file < kSize; row += drow, file += dfile) {
        rays[sq][dir].squares |= Bitboard{1} << (row * kSize + file + kRayShift);
      }
      rays[sq][dir].stop = Bitboard{1} << (row * kSize + file + kRayShift);
    }
  }
  return rays;
}
constexpr auto kRays = MakeRays();

// A Scout's moves from `from` along `kDir` (seed rule 6), as the square-by-square walk finds them:
// the empty squares up to the first piece, lake or the edge, then that piece if it is in
// `enemies`. `blockers`: the pieces of both seats and the lakes; both shifted by kRayShift. No
// branches: the moves are written for the longest line, and `n` counts the real ones.
template <int kDir>
inline void ScoutLine(int from, Bitboard blockers, Bitboard enemies, Action* out, int& n) {
  const Ray& ray = kRays[from][kDir];
  const Bitboard hit = (ray.squares & blockers) | ray.stop;
  const int stop = (kDir < 2 ? Lowest(hit) : Highest(hit)) - kRayShift;
  const int apart = kDir < 2 ? stop - from : from - stop;
  const int reach = (kDir % 2 == 0 ? apart / kSize : apart) - 1 +
                    static_cast<int>((enemies & ray.squares) >> (stop + kRayShift) & 1);
  const Action first = MoveAction(from, kDir, 1);
  for (int d = 0; d < kMaxDistance; ++d) out[n + d] = first + d;
  n += reach;
}
inline int ScoutMoves(int from, Bitboard blockers, Bitboard enemies, Action* out) {
  int n = 0;
  ScoutLine<0>(from, blockers, enemies, out, n);
  ScoutLine<1>(from, blockers, enemies, out, n);
  ScoutLine<2>(from, blockers, enemies, out, n);
  ScoutLine<3>(from, blockers, enemies, out, n);
  return n;
}

// --- The board 16 squares at a time (SSE2) ---
// The board is copied into a zero-padded buffer (16 bytes before it, 12 + 16 after: the padding
// reads as empty squares off the board), compared 16 squares at a time, and each square given a
// nibble: bit d set when the seat's piece standing there may step one square along direction d
// (onto land that holds no piece of its own). A piece without a step has no move at all.
constexpr int kPad = 16;
constexpr int kChunks = 7;  // 112 squares, 100 of them real
constexpr int kPaddedSize = kPad + 16 * kChunks + kPad;
static_assert(std::tuple_size_v<PaddedBoard> == kPaddedSize);
// Zeroes 16 bytes (explicit stores: a small memset may compile to a slow `rep stos`).
inline void Zero16(std::uint8_t* p) {
  const std::uint64_t zero = 0;
  std::memcpy(p, &zero, 8);
  std::memcpy(p + 8, &zero, 8);
}
inline void PadBoard(const std::array<std::uint8_t, kNumSquares>& board, PaddedBoard& padded) {
  Zero16(padded.data());
  Zero16(padded.data() + kPaddedSize - 32);
  Zero16(padded.data() + kPaddedSize - 16);
  std::memcpy(padded.data() + kPad, board.data(), kNumSquares);
}

// Per square (112 of them): 0xff on land, and the direction bits of a step east (off file k) and
// west (off file a).
struct SquareBytes {
  alignas(16) std::array<std::uint8_t, 16 * kChunks> land{}, east{}, west{};
};
constexpr SquareBytes MakeSquareBytes() {
  SquareBytes bytes;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    bytes.land[sq] = IsLake(sq) ? 0 : 0xff;
    bytes.east[sq] = sq % kSize != kSize - 1 ? 2 : 0;
    bytes.west[sq] = sq % kSize != 0 ? 8 : 0;
  }
  return bytes;
}
constexpr SquareBytes kSquareBytes = MakeSquareBytes();

// For each nibble of directions, the offsets of their moves from MoveAction(from, 0, 1) in
// direction order, and how many.
struct NibbleMoves {
  alignas(16) std::array<std::array<std::int32_t, 4>, 16> offsets{};
  std::array<std::uint8_t, 16> count{};
};
constexpr NibbleMoves MakeNibbleMoves() {
  NibbleMoves moves;
  for (int nibble = 0; nibble < 16; ++nibble) {
    for (int dir = 0; dir < kNumDirs; ++dir) {
      if (nibble & (1 << dir)) moves.offsets[nibble][moves.count[nibble]++] = dir * kMaxDistance;
    }
  }
  return moves;
}
constexpr NibbleMoves kNibbleMoves = MakeNibbleMoves();

#if defined(__SSE2__)
inline __m128i Load(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
inline __m128i Bytes(int value) { return _mm_set1_epi8(static_cast<char>(value)); }
inline int Mask(__m128i bytes) { return _mm_movemask_epi8(bytes); }

// The direction nibbles of `seat`'s pieces (into `dirs`, 112 bytes, when not null) and, per 16
// squares, which of its pieces have a step.
// With kAny, stops at the first 16 squares with a step of a piece other than the one on `skip`
// and returns true (false if there is none).
template <bool kAny = false>
inline bool ScanSteps(const PaddedBoard& padded, int seat, std::uint8_t* dirs,
                      std::array<std::uint16_t, kChunks>& can_step, int skip = kNone) {
  const __m128i side_bits = Bytes(kOccupied | kOwnerBit);
  const __m128i own = Bytes(kOccupied | (seat ? kOwnerBit : 0));
  // Where a piece of the seat may step onto: land without a piece of its own.
  alignas(16) std::array<std::uint8_t, kPaddedSize> targets;
  Zero16(targets.data());
  Zero16(targets.data() + kPaddedSize - kPad);
  for (int i = 0; i < kChunks; ++i) {
    const __m128i b = Load(padded.data() + kPad + 16 * i);
    const __m128i mine = _mm_cmpeq_epi8(_mm_and_si128(b, side_bits), own);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(targets.data() + kPad + 16 * i),
                     _mm_andnot_si128(mine, Load(kSquareBytes.land.data() + 16 * i)));
  }
  for (int i = 0; i < kChunks; ++i) {
    const __m128i b = Load(padded.data() + kPad + 16 * i);
    const __m128i rank = _mm_and_si128(b, Bytes(0x0f));
    const __m128i still =
        _mm_or_si128(_mm_cmpeq_epi8(rank, Bytes(kFlag)), _mm_cmpeq_epi8(rank, Bytes(kBomb)));
    const __m128i movers =
        _mm_andnot_si128(still, _mm_cmpeq_epi8(_mm_and_si128(b, side_bits), own));
    const std::uint8_t* t = targets.data() + kPad + 16 * i;
    const __m128i north = _mm_and_si128(Load(t + kSize), Bytes(1));
    const __m128i east = _mm_and_si128(Load(t + 1), Load(kSquareBytes.east.data() + 16 * i));
    const __m128i south = _mm_and_si128(Load(t - kSize), Bytes(4));
    const __m128i west = _mm_and_si128(Load(t - 1), Load(kSquareBytes.west.data() + 16 * i));
    const __m128i steps =
        _mm_and_si128(movers, _mm_or_si128(_mm_or_si128(north, east), _mm_or_si128(south, west)));
    if (dirs != nullptr) _mm_storeu_si128(reinterpret_cast<__m128i*>(dirs + 16 * i), steps);
    can_step[i] = static_cast<std::uint16_t>(~Mask(_mm_cmpeq_epi8(steps, _mm_setzero_si128())));
    if constexpr (kAny) {
      const unsigned others =
          skip >= 0 && skip / 16 == i ? can_step[i] & ~(1u << (skip % 16)) : can_step[i];
      if (others != 0) return true;
    }
  }
  return false;
}

// Per 16 squares, the squares where `bytes` (masked with `bits`) equal `value`, as a bitboard.
inline Bitboard Where(const PaddedBoard& padded, int bits, int value) {
  std::uint64_t low = 0, high = 0;
  for (int i = 0; i < kChunks; ++i) {
    const __m128i b = _mm_and_si128(Load(padded.data() + kPad + 16 * i), Bytes(bits));
    const auto mask = static_cast<std::uint64_t>(
        static_cast<std::uint16_t>(Mask(_mm_cmpeq_epi8(b, Bytes(value)))));
    (i < 4 ? low : high) |= mask << (16 * (i % 4));
  }
  return (Bitboard{high} << 64) | low;
}
#endif

}  // namespace

// GenerateMovesT<true> when the seat does not chase (the chase rule may forbid any move then):
// the pieces with a step come from the scan, in square order, their one-step moves from their
// nibbles. Only a Scout and the piece that repetition may limit (the one the seat moved last) are
// walked further.
int Position::GenerateMovesFast(int seat, Action* out) const {
#if defined(__SSE2__)
  PaddedBoard padded;
  PadBoard(board, padded);
  alignas(16) std::array<std::uint8_t, 16 * kChunks> dirs;
  std::array<std::uint16_t, kChunks> can_step;
  ScanSteps(padded, seat, dirs.data(), can_step);
  const int shuttle = LimitedPiece(seat);
  const Bitboard scouts = Where(padded, 0x8f, kOccupied | kScout);
  const Bitboard walked = scouts | (shuttle == kNone ? Bitboard{0} : Bitboard{1} << shuttle);
  Bitboard blockers = 0, enemies = 0;
  if (walked != 0) {
    blockers = (~Where(padded, 0xff, 0) | kLakes) << kRayShift;
    enemies = Where(padded, kOccupied | kOwnerBit, kOccupied | (seat ? 0 : kOwnerBit)) << kRayShift;
  }
  int n = 0;
  for (int i = 0; i < kChunks; ++i) {
    const auto walk = static_cast<std::uint16_t>(walked >> (16 * i));
    for (unsigned m = can_step[i]; m != 0; m &= m - 1) {
      const int from = 16 * i + std::countr_zero(m);
      if ((walk >> (from - 16 * i)) & 1) {
        n += from == shuttle ? PieceMoves(seat, from, true, 0, out + n)
                             : ScoutMoves(from, blockers, enemies, out + n);
        continue;
      }
      // Up to four moves in one store (the buffer has room past the last move).
      const int nibble = dirs[from];
      const __m128i offsets =
          _mm_load_si128(reinterpret_cast<const __m128i*>(kNibbleMoves.offsets[nibble].data()));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + n),
                       _mm_add_epi32(_mm_set1_epi32(MoveAction(from, 0, 1)), offsets));
      n += kNibbleMoves.count[nibble];
    }
  }
  return n;
#else
  return GenerateMovesT<true>(seat, out);
#endif
}

bool Position::HasAnyMove(int seat) const {
  PaddedBoard padded;
  PadBoard(board, padded);
  return HasAnyMove(seat, padded);
}

std::array<bool, 2> Position::WhoCanMove() const {
  PaddedBoard padded;
  PadBoard(board, padded);
  return {HasAnyMove(0, padded), HasAnyMove(1, padded)};
}

// A step of a piece that repetition cannot limit is a legal move unless the seat chases; else the
// general generator decides.
bool Position::HasAnyMove(int seat, const PaddedBoard& padded) const {
#if defined(__SSE2__)
  if (h.chase[seat].s.stage != 2) {
    std::array<std::uint16_t, kChunks> can_step;
    if (ScanSteps<true>(padded, seat, nullptr, can_step, LimitedPiece(seat))) return true;
  }
#else
  (void)padded;
#endif
  return GenerateMovesT<false>(seat, nullptr) != 0;
}

}  // namespace quartel::stratego
