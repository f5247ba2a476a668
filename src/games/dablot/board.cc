#include "games/dablot/board.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

#include "core/bits.h"
#include "core/error.h"
#include "core/text.h"

namespace quartel::dablot {
namespace {

Geometry BuildGeometry() {
  Geometry g{};
  for (auto& row : g.point_at) row.fill(kNone);
  // Number the points row by row from the Sámi side: even y holds 6 corners, odd y 5 centres.
  int point = 0;
  for (int y = 0; y < kGridHeight; ++y) {
    for (int x = y % 2; x < kGridWidth; x += 2) {
      g.x[point] = static_cast<std::int8_t>(x);
      g.y[point] = static_cast<std::int8_t>(y);
      g.point_at[y][x] = static_cast<std::int8_t>(point);
      ++point;
    }
  }
  auto at = [&](int x, int y) -> int {
    if (x < 0 || x >= kGridWidth || y < 0 || y >= kGridHeight) return kNone;
    return g.point_at[y][x];
  };
  for (int p = 0; p < kNumPoints; ++p) {
    const bool corner = g.y[p] % 2 == 0;
    for (int d = 0; d < kNumDirs; ++d) {
      g.neighbour[p][d] = g.landing[p][d] = kNone;
      // Orthogonal lines (even d) only run between corners.
      if (d % 2 == 0 && !corner) continue;
      const int n = at(g.x[p] + kDirDx[d], g.y[p] + kDirDy[d]);
      if (n == kNone) continue;
      g.neighbour[p][d] = static_cast<std::int8_t>(n);
      g.landing[p][d] =
          static_cast<std::int8_t>(at(g.x[p] + 2 * kDirDx[d], g.y[p] + 2 * kDirDy[d]));
    }
  }
  for (int p = 0; p < kNumPoints; ++p) {
    int n = 0;
    for (int d = 0; d < kNumDirs; ++d) {
      if (g.neighbour[p][d] == kNone) continue;
      g.links[p][n++] = Link{static_cast<std::int8_t>(d), g.neighbour[p][d], g.landing[p][d]};
    }
    g.num_links[p] = static_cast<std::uint8_t>(n);
  }
  for (int p = 0; p < kNumPoints; ++p) {
    for (int d = 0; d < kNumDirs; ++d) {
      // The bitboards' shifts rest on this (board.h, kDirDelta).
      if ((g.neighbour[p][d] != kNone && g.neighbour[p][d] != p + kDirDelta[d]) ||
          (g.landing[p][d] != kNone && g.landing[p][d] != p + 2 * kDirDelta[d])) {
        throw Error("Dablot: a line's neighbour is not point + kDirDelta");
      }
      if (g.neighbour[p][d] != kNone) g.has_neighbour[d] |= PointBit(p);
      if (g.landing[p][d] != kNone) g.has_landing[d] |= PointBit(p);
    }
  }
  for (int s = 0; s < kNumPoints; ++s) {
    auto& dist = g.distance[s];
    dist.fill(255);
    int queue[kNumPoints];
    int head = 0, tail = 0;
    queue[tail++] = s;
    dist[s] = 0;
    while (head < tail) {
      const int p = queue[head++];
      for (int d = 0; d < kNumDirs; ++d) {
        const int n = g.neighbour[p][d];
        if (n != kNone && dist[n] == 255) {
          dist[n] = static_cast<std::uint8_t>(dist[p] + 1);
          queue[tail++] = n;
        }
      }
    }
  }
  return g;
}

// Owner and rank by piece code, for the hot loops.
constexpr std::array<std::uint8_t, 7> kOwnerOf = {kNoOwner, 0, 0, 0, 1, 1, 1};
constexpr std::array<std::uint8_t, 7> kRankOf = {0, 1, 2, 3, 1, 2, 3};

// kCanTake[mover][victim]: victim is an enemy of equal or lower rank (seed: "uma peça não pode
// capturar uma adversária de valor superior").
constexpr std::array<std::array<bool, 7>, 7> BuildCanTake() {
  std::array<std::array<bool, 7>, 7> table{};
  for (int m = 1; m < 7; ++m) {
    for (int v = 1; v < 7; ++v)
      table[m][v] = kOwnerOf[m] != kOwnerOf[v] && kRankOf[v] <= kRankOf[m];
  }
  return table;
}
constexpr auto kCanTake = BuildCanTake();

inline bool CanTake(Piece mover, Piece victim) {
  return kCanTake[static_cast<int>(mover)][static_cast<int>(victim)];
}
inline int OwnerOf(Piece p) { return kOwnerOf[static_cast<int>(p)]; }
inline int RankOf(Piece p) { return kRankOf[static_cast<int>(p)]; }

std::string PointName(int p) { return std::to_string(p + 1); }

// Bit p of the result is bit p + steps * kDirDelta[D] of x: the set moved back along D.
template <int D, int steps>
inline Bitboard Back(Bitboard x) {
  constexpr int shift = steps * kDirDelta[D];
  if constexpr (shift > 0) {
    return x >> shift;
  } else {
    return x << -shift;
  }
}

// Per-direction move sets (steps or jumps) split for counting: the points 0-63 as eight words,
// the points 64-71 as one block of eight (byte d: those points moving along d). A side has at most
// 30 pieces with at most 8 moves each, so no count passes 240 and no byte carries.
struct MoveCount {
  std::array<std::uint64_t, kNumDirs> low{};
  std::uint64_t low_bytes = 0;  // bits::ByteCountsOfEight(low)
  std::uint64_t high_rows = 0;
  std::uint32_t low_total = 0;
  std::uint32_t total = 0;
};
static_assert(kNumDirs == 8, "bits::ByteCountsOfEight counts eight directions");

inline MoveCount CountMoves(const std::array<Bitboard, kNumDirs>& moves) {
  MoveCount count;
  for (int d = 0; d < kNumDirs; ++d) {
    count.low[d] = static_cast<std::uint64_t>(moves[d]);
    count.high_rows |= static_cast<std::uint64_t>(moves[d] >> 64) << (8 * d);
  }
  count.low_bytes = bits::ByteCountsOfEight(count.low);
  count.low_total = bits::SumBytes(count.low_bytes);
  count.total = count.low_total + bits::SumBytes(bits::BytePopcounts(count.high_rows));
  return count;
}

// The k-th (from 0) move in the order of the action ids, (point, direction) ascending, as (point,
// direction); k < count.total.
std::pair<int, int> KthMove(const MoveCount& count, std::uint32_t k) {
  if (k < count.low_total) return bits::KthInEightWords(count.low, count.low_bytes, k);
  const auto [point, dir] = bits::KthInBlock(count.high_rows, k - count.low_total);
  return {64 + point, dir};
}

}  // namespace

const Geometry& Geo() {
  static const Geometry geometry = BuildGeometry();
  return geometry;
}

char PieceLetter(Piece p) {
  static constexpr char kLetters[] = ".SPKspl";
  return kLetters[static_cast<int>(p)];
}

bool PieceFromLetter(char c, Piece& piece) {
  for (int code = 1; code <= kNumPieceKinds; ++code) {
    if (PieceLetter(static_cast<Piece>(code)) == c) {
      piece = static_cast<Piece>(code);
      return true;
    }
  }
  return false;
}

Position Position::Initial(int max_turns) {
  Position pos{};
  pos.board.fill(Piece::kEmpty);
  for (int p = 0; p < 28; ++p) pos.board[p] = Piece::kSamiSoldier;
  for (int p = 44; p < 72; ++p) pos.board[p] = Piece::kSwedishSoldier;
  pos.board[32] = Piece::kPrince;
  pos.board[38] = Piece::kKing;
  pos.board[33] = Piece::kLandlord;
  pos.board[39] = Piece::kSon;
  pos.SyncMasks();
  pos.h = Header{};
  pos.h.max_turns = max_turns;
  pos.h.counts = {30, 30};
  return pos;
}

void Position::SyncMasks() {
  side = {};
  soldiers = kings = 0;
  for (int p = 0; p < kNumPoints; ++p) {
    const Piece piece = board[p];
    if (piece == Piece::kEmpty) continue;
    side[OwnerOf(piece)] |= PointBit(p);
    if (RankOf(piece) == 1) soldiers |= PointBit(p);
    if (RankOf(piece) == 3) kings |= PointBit(p);
  }
}

// --- Move generation
// ----------------------------------------------------------------------------------

bool Position::CanJumpFrom(int from) const {
  const Geometry& g = Geo();
  const Piece mover = board[from];
  for (int d = 0; d < kNumDirs; ++d) {
    const int over = g.neighbour[from][d], land = g.landing[from][d];
    if (land == kNone || board[land] != Piece::kEmpty) continue;
    if (CanTake(mover, board[over])) return true;
  }
  return false;
}

void Position::GenerateNormal(std::vector<Action>& out) const {
  const Geometry& g = Geo();
  const int side = h.to_move;
  // Steps and jumps go to two stack buffers; every jump id is above every step id, so steps then
  // jumps is the sorted order.
  Action steps[kNumPoints * kNumDirs], jumps[kNumPoints * kNumDirs];
  int num_steps = 0, num_jumps = 0;
  for (int p = 0; p < kNumPoints; ++p) {
    const Piece mover = board[p];
    if (OwnerOf(mover) != side) continue;
    const Link* links = g.links[p].data();
    for (int i = 0, n = g.num_links[p]; i < n; ++i) {
      const Link& link = links[i];
      const Piece there = board[link.to];
      if (there == Piece::kEmpty) {
        steps[num_steps++] = StepAction(p, link.dir);
      } else if (CanTake(mover, there) && link.land != kNone && board[link.land] == Piece::kEmpty) {
        jumps[num_jumps++] = JumpAction(p, link.dir);
      }
    }
  }
  out.resize(static_cast<std::size_t>(num_steps + num_jumps));
  std::copy(steps, steps + num_steps, out.begin());
  std::copy(jumps, jumps + num_jumps, out.begin() + num_steps);
}

void Position::MoveMasks(int seat, std::array<Bitboard, kNumDirs>& steps,
                         std::array<Bitboard, kNumDirs>& jumps) const {
  const Geometry& g = Geo();
  const Bitboard own = side[seat], enemy = side[1 - seat];
  const Bitboard empty = kAllPoints & ~(own | enemy);
  // A piece takes an enemy of equal or lower rank (kCanTake): a soldier only soldiers, the Prince
  // (or the Son) all but the other King or Landlord, the King (or the Landlord) any piece. Three
  // sets of movers, each with the victims it may jump, and no branch on the board.
  const Bitboard own_soldiers = own & soldiers, own_kings = own & kings;
  const Bitboard own_middle = own & ~soldiers & ~kings;
  const Bitboard enemy_soldiers = enemy & soldiers, enemy_below_king = enemy & ~kings;
  [&]<std::size_t... D>(std::index_sequence<D...>) {
    ((steps[D] = own & g.has_neighbour[D] & Back<D, 1>(empty),
      jumps[D] = g.has_landing[D] & Back<D, 2>(empty) &
                 ((own_soldiers & Back<D, 1>(enemy_soldiers)) |
                  (own_middle & Back<D, 1>(enemy_below_king)) | (own_kings & Back<D, 1>(enemy)))),
     ...);
  }
  (std::make_index_sequence<kNumDirs>{});
}

Action Position::RandomLegalAction(Rng& rng, std::vector<Action>& scratch) const {
  if (h.phase != Phase::kPlay || h.chain != kNone || h.race) {
    LegalActions(scratch);
    return scratch[rng.Below(static_cast<std::uint32_t>(scratch.size()))];
  }
  // GenerateNormal's list is the steps then the captures, each by (point, direction).
  std::array<Bitboard, kNumDirs> steps, jumps;
  MoveMasks(h.to_move, steps, jumps);
  Bitboard any_jump = 0;
  for (const Bitboard j : jumps) any_jump |= j;
  const MoveCount step_count = CountMoves(steps);
  const MoveCount jump_count = any_jump != 0 ? CountMoves(jumps) : MoveCount{};
  std::uint32_t k = rng.Below(step_count.total + jump_count.total);
  if (k < step_count.total) {
    const auto [from, dir] = KthMove(step_count, k);
    return StepAction(from, dir);
  }
  const auto [from, dir] = KthMove(jump_count, k - step_count.total);
  return JumpAction(from, dir);
}

int Position::FindPiece(int seat) const {
  for (int p = 0; p < kNumPoints; ++p) {
    if (OwnerOf(board[p]) == seat) return p;
  }
  return kNone;
}

// The one-against-one race of equal ranks (ruling: each must move straight toward the other): the
// capture when the enemy can be jumped, and then only it; otherwise the steps that shorten the
// distance along the lines.
void Position::GenerateRace(std::vector<Action>& out) const {
  const Geometry& g = Geo();
  const int me = FindPiece(h.to_move), enemy = FindPiece(1 - h.to_move);
  for (int d = 0; d < kNumDirs; ++d) {
    if (g.neighbour[me][d] == enemy && g.landing[me][d] != kNone) {
      out.push_back(JumpAction(me, d));
      return;
    }
  }
  const int now = g.distance[me][enemy];
  for (int d = 0; d < kNumDirs; ++d) {
    const int n = g.neighbour[me][d];
    if (n != kNone && n != enemy && g.distance[n][enemy] < now) out.push_back(StepAction(me, d));
  }
}

void Position::GenerateChain(std::vector<Action>& out) const {
  const Geometry& g = Geo();
  out.push_back(kStop);
  const int from = h.chain;
  const Piece mover = board[from];
  for (int d = 0; d < kNumDirs; ++d) {
    const int over = g.neighbour[from][d], land = g.landing[from][d];
    if (land == kNone || board[land] != Piece::kEmpty) continue;
    if (CanTake(mover, board[over])) out.push_back(JumpAction(from, d));
  }
}

void Position::LegalActions(std::vector<Action>& out) const {
  out.clear();
  switch (h.phase) {
    case Phase::kChance:
      out.push_back(kSamiFirst);
      out.push_back(kSwedesFirst);
      return;
    case Phase::kOver:
      return;
    case Phase::kPlay:
      if (h.chain != kNone) {
        GenerateChain(out);
      } else if (h.race) {
        GenerateRace(out);
      } else {
        GenerateNormal(out);
      }
      return;
  }
}

bool Position::HasAnyMove(int seat) const {
  const Geometry& g = Geo();
  if (h.race) {
    // In the race a piece can move unless it is next to the enemy with no landing beyond: at
    // distance >= 2 some neighbour is always one step closer (a shortest path exists).
    const int me = FindPiece(seat), enemy = FindPiece(1 - seat);
    if (g.distance[me][enemy] >= 2) return true;
    for (int d = 0; d < kNumDirs; ++d) {
      if (g.neighbour[me][d] == enemy) return g.landing[me][d] != kNone;
    }
    return false;
  }
  // Most often some piece can step: that needs no capture sets.
  const Bitboard own = side[seat];
  const Bitboard empty = kAllPoints & ~(own | side[1 - seat]);
  Bitboard any_step = 0;
  [&]<std::size_t... D>(std::index_sequence<D...>) {
    ((any_step |= g.has_neighbour[D] & Back<D, 1>(empty)), ...);
  }
  (std::make_index_sequence<kNumDirs>{});
  if ((any_step & own) != 0) return true;
  std::array<Bitboard, kNumDirs> steps, jumps;
  MoveMasks(seat, steps, jumps);
  Bitboard any = 0;
  for (int d = 0; d < kNumDirs; ++d) any |= jumps[d];
  return any != 0;
}

// --- Legality with reasons
// --------------------------------------------------------------------------

std::string Position::WhyIllegal(Action action) const {
  if (action < 0 || action >= kNumActions) {
    return fmt::format("action {} is out of range (0..{})", action, kNumActions - 1);
  }
  if (h.phase == Phase::kOver) return "the game is over";
  if (h.phase == Phase::kChance) {
    return IsChance(action) ? "" : "the first player has not been drawn by lot yet";
  }
  if (IsChance(action)) return "the first player has already been drawn";
  if (h.chain != kNone) {
    if (IsStop(action)) return "";
    if (!IsJump(action) || ActionFrom(action) != h.chain) {
      return fmt::format(
          "a capture chain is under way: only further captures by the piece on {} "
          "or stop",
          PointName(h.chain));
    }
  } else if (IsStop(action)) {
    return "stop only ends a capture chain; there is no passing in Dablot";
  }
  return WhyIllegalMove(action);
}

std::string Position::WhyIllegalMove(Action action) const {
  const Geometry& g = Geo();
  const int from = ActionFrom(action), dir = ActionDir(action);
  const Piece mover = board[from];
  if (mover == Piece::kEmpty) return fmt::format("there is no piece on point {}", from + 1);
  if (OwnerOf(mover) != h.to_move) return fmt::format("the piece on {} is not yours", from + 1);
  const int n = g.neighbour[from][dir];
  if (n == kNone) return fmt::format("no line leads from {} in that direction", from + 1);
  if (IsStep(action)) {
    if (board[n] != Piece::kEmpty) return fmt::format("point {} is occupied", n + 1);
  } else {
    const int land = g.landing[from][dir];
    const Piece victim = board[n];
    if (land == kNone)
      return fmt::format("a jump from {} over {} would leave the board", from + 1, n + 1);
    if (victim == Piece::kEmpty) return fmt::format("there is no piece to capture on {}", n + 1);
    if (OwnerOf(victim) == h.to_move) return fmt::format("the piece on {} is your own", n + 1);
    if (RankOf(victim) > RankOf(mover)) {
      return fmt::format("the piece on {} outranks the piece on {}", n + 1, from + 1);
    }
    if (board[land] != Piece::kEmpty) return fmt::format("landing point {} is occupied", land + 1);
  }
  if (h.race && h.chain == kNone) {
    std::vector<Action> race;
    GenerateRace(race);
    bool found = false;
    for (Action a : race) found = found || a == action;
    if (!found) {
      return IsJump(race.front()) ? "in the one-against-one race the capture is compulsory"
                                  : "in the one-against-one race every step must approach the "
                                    "enemy piece";
    }
  }
  return "";
}

// --- Applying and undoing
// ---------------------------------------------------------------------------

void Position::Apply(Action action, engine::UndoInfo* undo) {
  if (undo != nullptr) std::memcpy(&undo->words[1], &h, sizeof(Header));
  ++h.plies;
  if (IsChance(action)) {
    h.phase = Phase::kPlay;
    h.to_move = static_cast<std::uint8_t>(action == kSamiFirst ? 0 : 1);
    return;
  }
  if (IsStop(action)) {
    EndTurn();
    return;
  }
  const Geometry& g = Geo();
  const int from = ActionFrom(action), dir = ActionDir(action);
  if (IsStep(action)) {
    MovePiece(from, g.neighbour[from][dir]);
    EndTurn();
    return;
  }
  // A capture: the jumped piece is removed at once; the same piece may go on capturing.
  const int over = g.neighbour[from][dir], land = g.landing[from][dir];
  if (undo != nullptr) undo->words[0] = static_cast<std::uint64_t>(board[over]);
  MovePiece(from, land);
  TogglePiece(over, board[over]);
  board[over] = Piece::kEmpty;
  --h.counts[1 - h.to_move];
  if (!h.race && h.counts[1 - h.to_move] > 0 && CanJumpFrom(land)) {
    h.chain = static_cast<std::int8_t>(land);
  } else {
    EndTurn();
  }
}

void Position::Undo(Action action, const engine::UndoInfo& undo) {
  const Geometry& g = Geo();
  if (IsStep(action)) {
    const int from = ActionFrom(action), to = g.neighbour[from][ActionDir(action)];
    MovePiece(to, from);
  } else if (IsJump(action)) {
    const int from = ActionFrom(action), dir = ActionDir(action);
    const int over = g.neighbour[from][dir], land = g.landing[from][dir];
    MovePiece(land, from);
    board[over] = static_cast<Piece>(undo.words[0]);
    TogglePiece(over, board[over]);
  }
  std::memcpy(static_cast<void*>(&h), &undo.words[1], sizeof(Header));
}

void Position::TogglePiece(int p, Piece piece) {
  const Bitboard bit = PointBit(p);
  side[OwnerOf(piece)] ^= bit;
  if (RankOf(piece) == 1) soldiers ^= bit;
  if (RankOf(piece) == 3) kings ^= bit;
}

void Position::MovePiece(int from, int to) {
  const Piece piece = board[from];
  const Bitboard bits = PointBit(from) | PointBit(to);
  side[OwnerOf(piece)] ^= bits;
  if (RankOf(piece) == 1) soldiers ^= bits;
  if (RankOf(piece) == 3) kings ^= bits;
  board[to] = piece;
  board[from] = Piece::kEmpty;
}

void Position::Finish(int winner) {
  h.phase = Phase::kOver;
  h.winner = static_cast<std::int8_t>(winner);
  h.chain = kNone;
}

// Hands the turn over and judges the endings, in this order: the next player has no pieces (loses);
// one piece each (higher rank wins, King vs Landlord draws, equal ranks race); the next player
// cannot move (loses); the engine's max_turns cap (draw).
void Position::EndTurn() {
  const int mover = h.to_move, next = 1 - mover;
  ++h.turns;
  h.chain = kNone;
  h.to_move = static_cast<std::uint8_t>(next);
  h.race = 0;
  if (h.counts[next] == 0) return Finish(mover);
  if (h.counts[mover] == 0) return Finish(next);
  if (h.counts[0] == 1 && h.counts[1] == 1) {
    const int rank_mover = RankOf(board[FindPiece(mover)]);
    const int rank_next = RankOf(board[FindPiece(next)]);
    if (rank_mover > rank_next) return Finish(mover);
    if (rank_next > rank_mover) return Finish(next);
    if (rank_mover == 3) return Finish(kNone);  // King vs Landlord alone: the only draw
    h.race = 1;
  }
  if (!HasAnyMove(next)) return Finish(mover);
  if (h.turns >= h.max_turns) return Finish(kNone);
}

// --- Consistency
// --------------------------------------------------------------------------------------

void Position::Check() const {
  Position synced = *this;
  synced.SyncMasks();
  if (synced.side != side || synced.soldiers != soldiers || synced.kings != kings) {
    throw Error("Dablot: the bitboards disagree with the board");
  }
  std::array<int, 7> kinds{};
  for (Piece p : board) {
    if (static_cast<int>(p) > kNumPieceKinds) throw Error("Dablot: bad piece code on the board");
    ++kinds[static_cast<int>(p)];
  }
  if (kinds[1] > 28 || kinds[4] > 28) throw Error("Dablot: more than 28 soldiers on one side");
  for (int k : {2, 3, 5, 6}) {
    if (kinds[k] > 1) throw Error("Dablot: a special piece appears twice");
  }
  if (kinds[1] + kinds[2] + kinds[3] != h.counts[0] ||
      kinds[4] + kinds[5] + kinds[6] != h.counts[1]) {
    throw Error("Dablot: piece counts disagree with the board");
  }
  if (h.phase > Phase::kOver) throw Error("Dablot: bad phase");
  if (h.to_move > 1) throw Error("Dablot: bad seat to move");
  if (h.chain != kNone) {
    if (h.phase != Phase::kPlay || h.chain < 0 || h.chain >= kNumPoints) {
      throw Error("Dablot: chain outside play");
    }
    if (OwnerOf(board[h.chain]) != h.to_move) throw Error("Dablot: chain piece is not the mover's");
    if (!CanJumpFrom(h.chain)) throw Error("Dablot: chain piece has no capture left");
  }
  if (h.race && (h.counts[0] != 1 || h.counts[1] != 1)) throw Error("Dablot: race without 1v1");
  if (h.phase == Phase::kOver && h.winner != kNone && h.winner != 0 && h.winner != 1) {
    throw Error("Dablot: bad winner");
  }
  if (h.phase == Phase::kPlay && h.turns >= h.max_turns) throw Error("Dablot: turn cap passed");
  if (h.turns > h.max_turns) throw Error("Dablot: more turns than max_turns");
  if (h.race && (h.phase == Phase::kChance || h.chain != kNone)) {
    throw Error("Dablot: race outside a turn start");
  }
  if (h.phase == Phase::kPlay && h.chain == kNone) CheckTurnStart();
}

// A turn starts only where EndTurn left the game going: both sides have pieces, one piece each
// means a race of equal ranks below King/Landlord, and the side to move can move.
void Position::CheckTurnStart() const {
  if (h.counts[0] == 0 || h.counts[1] == 0) throw Error("Dablot: a side without pieces is to play");
  if (h.counts[0] == 1 && h.counts[1] == 1) {
    const int rank_sami = RankOf(board[FindPiece(0)]), rank_swedes = RankOf(board[FindPiece(1)]);
    if (rank_sami != rank_swedes || rank_sami == 3) {
      throw Error("Dablot: one piece each of unequal rank, or King against Landlord, is decided");
    }
    if (!h.race) throw Error("Dablot: one piece each of equal rank must be racing");
  }
  if (!HasAnyMove(h.to_move)) throw Error("Dablot: the side to move cannot move");
}

}  // namespace quartel::dablot
