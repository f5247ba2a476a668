// Conspiradores' position core: the rules (board.h; conspiradores.h's top and
// docs/rules/conspiradores.md).
#include "games/conspiradores/board.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/bits.h"
#include "core/error.h"
#include "core/text.h"

namespace quartel::conspiradores {
namespace {

std::vector<std::array<std::uint8_t, kMaxSeats>> MakeOrders(int n) {
  std::array<std::uint8_t, kMaxSeats> perm{0, 1, 2, 3};
  std::vector<std::array<std::uint8_t, kMaxSeats>> orders;
  do {
    orders.push_back(perm);
  } while (std::next_permutation(perm.begin(), perm.begin() + n));
  return orders;
}

// kDirCount[dirs]: how many directions a byte of move_dirs holds.
constexpr std::array<std::uint8_t, 256> MakeDirCount() {
  std::array<std::uint8_t, 256> count{};
  for (int byte = 0; byte < 256; ++byte)
    count[byte] = static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(byte)));
  return count;
}
constexpr std::array<std::uint8_t, 256> kDirCount = MakeDirCount();
static_assert(kNumDirs == 8, "a byte holds a point's directions");
// kPadCellOf[point] == PadCell(point), without the division by 17.
constexpr std::array<std::uint16_t, kNumPoints> MakePadCellOf() {
  std::array<std::uint16_t, kNumPoints> cells{};
  for (int p = 0; p < kNumPoints; ++p) cells[p] = static_cast<std::uint16_t>(PadCell(p));
  return cells;
}
constexpr std::array<std::uint16_t, kNumPoints> kPadCellOf = MakePadCellOf();
constexpr bool OppositesDifferInBitTwo() {
  for (int d = 0; d < kNumDirs; ++d) {
    if (kDirCol[d ^ 4] != -kDirCol[d] || kDirRow[d ^ 4] != -kDirRow[d]) return false;
  }
  return true;
}
static_assert(OppositesDifferInBitTwo(), "TouchMoveDirs turns a direction round with d ^ 4");

}  // namespace

std::string PointName(int point) {
  if (point < 0 || point >= kNumPoints) return fmt::format("#{}", point);
  return fmt::format("{}{}", static_cast<char>('A' + ColOf(point)), RowOf(point) + 1);
}

std::optional<int> ParsePoint(std::string_view text) {
  text = Trim(text);
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  if (letter < 'a' || letter >= 'a' + kSize) return std::nullopt;
  const auto row = ParseInteger(text.substr(1));
  if (!row || *row < 1 || *row > kSize || text[1] == '0' || text[1] == '+') return std::nullopt;
  return PointAt(letter - 'a', static_cast<int>(*row) - 1);
}

const std::vector<std::array<std::uint8_t, kMaxSeats>>& PlayOrders(int num_seats) {
  static const auto two = MakeOrders(2);
  static const auto four = MakeOrders(4);
  return num_seats == 2 ? two : four;
}

// --- Position ------------------------------------------------------------------------------------

int Position::OwnerAt(int point) const {
  for (int s = 0; s < meta.num_seats; ++s) {
    if (pieces[s].Test(point)) return s;
  }
  return -1;
}

Seat Position::ToMove() const {
  switch (meta.phase) {
    case Phase::kOrder:
      return engine::kChanceSeat;
    case Phase::kOver:
      return engine::kTerminalSeat;
    default:
      return meta.order[meta.order_pos];
  }
}

bool Position::AnyUnsheltered(int seat) const {
  if (CountOf(mover_counts, seat) != 0) return true;
  return !meta.custom && meta.placed < kTotalPieces && pieces[seat].Count() < PiecesPerSeat();
}

int Position::Unsheltered(int seat) const {
  // Unplaced pieces are unsheltered too (the cap may end a game during placement).
  const int unplaced = meta.custom ? 0 : PiecesPerSeat() - pieces[seat].Count();
  return CountOf(mover_counts, seat) + unplaced;
}

void Position::Init(int num_seats, int max_turns) {
  *this = Position{};
  meta.num_seats = static_cast<std::uint8_t>(num_seats);
  meta.max_turns = max_turns;
  RebuildMoveDirs();
}

void Position::RebuildMoveDirs() {
  blocked.fill(1);
  move_dirs.fill(0);
  const Bits occ = Occupied();
  for (int p = 0; p < kNumPoints; ++p) blocked[PadCell(p)] = occ.Test(p) ? 1 : 0;
  for (int p = 0; p < kNumPoints; ++p) {
    const int cell = PadCell(p);
    for (int d = 0; d < kNumDirs; ++d) {
      const int over = cell + kPadDelta[d], land = over + kPadDelta[d];
      // The border is blocked: no step onto it, and no jump over it (its landing is border too).
      if (!blocked[over]) move_dirs[cell] |= static_cast<std::uint16_t>(1u << d);
      if (blocked[over] && !blocked[land])
        move_dirs[cell] |= static_cast<std::uint16_t>(1u << (8 + d));
    }
  }
  count_field.fill(kNoCountField);
  step_counts = jump_counts = mover_counts = 0;
  for (int seat = 0; seat < kMaxSeats; ++seat) {
    pieces[seat].Minus(kSanctuaries).ForEach([&](int p) {
      CountPiece(PadCell(p), static_cast<std::uint8_t>(seat * kCountBits));
    });
  }
}

bool Position::MoveDirsMatchPieces() const {
  Position rebuilt = *this;
  rebuilt.RebuildMoveDirs();
  for (int p = 0; p < kNumPoints; ++p) {
    const int cell = PadCell(p);
    if (rebuilt.blocked[cell] != blocked[cell] || rebuilt.move_dirs[cell] != move_dirs[cell] ||
        rebuilt.count_field[cell] != count_field[cell]) {
      return false;
    }
  }
  // The field above the seats' takes what falls outside them: not compared.
  constexpr std::uint64_t kSeatFields = (std::uint64_t{1} << kNoCountField) - 1;
  return ((rebuilt.step_counts ^ step_counts) & kSeatFields) == 0 &&
         ((rebuilt.jump_counts ^ jump_counts) & kSeatFields) == 0 &&
         ((rebuilt.mover_counts ^ mover_counts) & kSeatFields) == 0;
}

// `point` has just been filled or emptied: flip its `blocked`, then the entries that read it,
// every other point as it was. Each neighbour's step toward it flips; each neighbour's jump over
// it flips when the landing beyond is empty; the jump that lands on it from two points away flips
// when the point between is occupied. Each flip counts one more or one fewer move in the field of
// the piece on that cell (kNoCountField for none): a step or a landing on `point` is gained when
// it empties, a jump over it when it fills. Without branches: in a random game which way each
// test goes is a coin toss. Writes that fall on the border are harmless (never read).
[[gnu::always_inline]] inline void Position::TouchMoveDirs(int point) {
  const int cell = kPadCellOf[point];
  blocked[cell] ^= 1;
  // The moves gained when `point` empties (lost when it fills), per field.
  std::uint64_t steps = 0, jumps = 0;
#pragma GCC unroll 8
  for (int d = 0; d < kNumDirs; ++d) {
    const int near = cell + kPadDelta[d], far = near + kPadDelta[d];
    const unsigned step = 1u << (d ^ 4);  // the direction from `near` back to `point`
    const unsigned jump = step << 8;
    const unsigned landing_free = blocked[cell - kPadDelta[d]] ^ 1u;
    move_dirs[near] ^= static_cast<std::uint16_t>(step | jump * landing_free);
    move_dirs[far] ^= static_cast<std::uint16_t>(jump * blocked[near]);
    const std::uint64_t near_unit = std::uint64_t{1} << count_field[near];
    steps += near_unit;
    jumps += (std::uint64_t{1} << count_field[far]) * blocked[near] - near_unit * landing_free;
  }
  // +1 when `point` was emptied, -1 when filled, in the counts' wrapping arithmetic.
  const std::uint64_t emptied = blocked[cell] != 0 ? ~std::uint64_t{0} : std::uint64_t{1};
  step_counts += emptied * steps;
  jump_counts += emptied * jumps;
}

[[gnu::always_inline]] inline void Position::CountPiece(int cell, std::uint8_t field) {
  count_field[cell] = field;
  mover_counts += std::uint64_t{1} << field;
  step_counts += std::uint64_t{kDirCount[move_dirs[cell] & 0xff]} << field;
  jump_counts += std::uint64_t{kDirCount[move_dirs[cell] >> 8]} << field;
}

[[gnu::always_inline]] inline void Position::Put(int seat, int point) {
  pieces[seat].Set(point);
  TouchMoveDirs(point);
  // The piece's own directions: touching its point changed its neighbours' only.
  CountPiece(kPadCellOf[point],
             IsSanctuary(point) ? kNoCountField : static_cast<std::uint8_t>(seat * kCountBits));
}

[[gnu::always_inline]] inline void Position::Lift(int seat, int point) {
  const int cell = kPadCellOf[point];
  step_counts -= std::uint64_t{kDirCount[move_dirs[cell] & 0xff]} << count_field[cell];
  jump_counts -= std::uint64_t{kDirCount[move_dirs[cell] >> 8]} << count_field[cell];
  mover_counts -= std::uint64_t{1} << count_field[cell];
  count_field[cell] = kNoCountField;
  pieces[seat].Clear(point);
  TouchMoveDirs(point);
}

bool Position::CanContinueChain(int at, const Bits& occ) const {
  for (int d = 0; d < kNumDirs; ++d) {
    const int over = Neighbour(at, d), land = JumpLanding(at, d);
    if (land != kNoPoint && occ.Test(over) && !occ.Test(land) && !visited.Test(land)) return true;
  }
  return false;
}

void Position::LegalActions(std::vector<Action>& out) const {
  out.clear();
  switch (meta.phase) {
    case Phase::kOver:
      return;
    case Phase::kOrder: {
      const int n = static_cast<int>(PlayOrders(meta.num_seats).size());
      for (int k = 0; k < n; ++k) out.push_back(k);
      return;
    }
    case Phase::kPlacement: {
      kCentre.Minus(Occupied()).ForEach([&](int p) { out.push_back(PlaceAction(p)); });
      return;
    }
    case Phase::kMovement:
      break;
  }
  const Bits occ = Occupied();
  if (InChain()) {
    const int at = meta.chain_at;
    for (int d = 0; d < kNumDirs; ++d) {
      const int over = Neighbour(at, d), land = JumpLanding(at, d);
      if (land != kNoPoint && occ.Test(over) && !occ.Test(land) && !visited.Test(land)) {
        out.push_back(JumpAction(at, d));
      }
    }
    out.push_back(kStopAction);
    return;
  }
  // Steps sort before jumps; both sort by (from, dir), which the bit order gives.
  std::array<Action, kTotalPieces * kNumDirs> jumps;
  int num_jumps = 0;
  pieces[meta.order[meta.order_pos]].Minus(kSanctuaries).ForEach([&](int p) {
    const auto& nb = kTables.neighbour[p];
    const auto& land = kTables.landing[p];
    for (int d = 0; d < kNumDirs; ++d) {
      const int n = nb[d];
      if (n == kNoPoint) continue;
      if (!occ.Test(n)) {
        out.push_back(StepAction(p, d));
      } else if (land[d] != kNoPoint && !occ.Test(land[d])) {
        jumps[num_jumps++] = JumpAction(p, d);
      }
    }
  });
  out.insert(out.end(), jumps.begin(), jumps.begin() + num_jumps);
}

Action Position::RandomLegalAction(Rng& rng, std::vector<Action>& scratch) const {
  if (meta.phase != Phase::kMovement || InChain()) {
    LegalActions(scratch);
    return scratch[rng.Below(static_cast<std::uint32_t>(scratch.size()))];
  }
  // LegalActions' list: the steps, then the jumps, each by (point, direction), as many as the kept
  // counts say; the k-th found by going over the movers' move_dirs in that order.
  const int seat = meta.order[meta.order_pos];
  const std::uint32_t num_steps = StepCount(seat);
  std::uint32_t k = rng.Below(num_steps + JumpCount(seat));
  const bool step = k < num_steps;
  if (!step) k -= num_steps;
  const int shift = step ? 0 : 8;
  const Bits movers = pieces[seat].Minus(kSanctuaries);
  for (int i = 0; i < 5; ++i) {
    for (std::uint64_t word = movers.w[i]; word != 0; word &= word - 1) {
      const int p = i * 64 + std::countr_zero(word);
      const unsigned dirs_of_p = (move_dirs[kPadCellOf[p]] >> shift) & 0xff;
      const std::uint32_t count = kDirCount[dirs_of_p];
      if (k < count) {
        const int dir = bits::kNthBit[dirs_of_p][k];
        return step ? StepAction(p, dir) : JumpAction(p, dir);
      }
      k -= count;
    }
  }
  throw Error("conspiradores: the kept move counts and the movers disagree");
}

bool Position::HasLegalMove(int seat) const {
  // A piece can move when it has a step or a jump (the counts of the movers' move_dirs).
  return StepCount(seat) + JumpCount(seat) != 0;
}

std::string Position::WhyIllegal(Action action) const {
  if (action < 0 || action >= kNumDistinctActions) {
    return fmt::format("action {} is out of range [0, {})", action, kNumDistinctActions);
  }
  if (meta.phase == Phase::kOver) return "the game is over";
  if (meta.phase == Phase::kOrder) {
    if (!IsChanceAction(action)) return "the play order must be drawn by lot first";
    const int n = static_cast<int>(PlayOrders(meta.num_seats).size());
    if (action >= n) {
      return fmt::format("order outcome {} does not exist with {} players", action, meta.num_seats);
    }
    return "";
  }
  if (IsChanceAction(action)) return "the play order has already been drawn";
  const int seat = ToMove();
  if (IsPlacement(action)) {
    const int p = From(action);
    if (meta.phase != Phase::kPlacement) return "all pieces are already placed";
    if (!IsCentre(p)) return fmt::format("{} is not in the Conspiracy Centre", PointName(p));
    if (Occupied().Test(p)) return fmt::format("{} is occupied", PointName(p));
    return "";
  }
  if (meta.phase == Phase::kPlacement) return "pieces must be placed before any piece moves";
  if (IsStop(action)) {
    return InChain() ? "" : "stop only ends a jump chain that could go on";
  }
  const int from = From(action), dir = Dir(action);
  if (InChain() && (IsStep(action) || from != meta.chain_at)) {
    return fmt::format("the jump chain goes on from {}: jump again or stop",
                       PointName(meta.chain_at));
  }
  if (!pieces[seat].Test(from)) {
    return fmt::format("no {} piece on {}", kSeatNames[seat], PointName(from));
  }
  if (IsSanctuary(from)) {
    return fmt::format("the piece on {} is sheltered and never moves again", PointName(from));
  }
  const Bits occ = Occupied();
  const int over = Neighbour(from, dir);
  if (IsStep(action)) {
    if (over == kNoPoint) {
      return fmt::format("a step {} from {} leaves the board", kDirNames[dir], PointName(from));
    }
    if (occ.Test(over)) return fmt::format("{} is occupied", PointName(over));
    return "";
  }
  const int land = JumpLanding(from, dir);
  if (land == kNoPoint) {
    return fmt::format("a jump {} from {} leaves the board", kDirNames[dir], PointName(from));
  }
  if (!occ.Test(over)) return fmt::format("no piece on {} to jump over", PointName(over));
  if (occ.Test(land)) return fmt::format("{} is occupied", PointName(land));
  if (visited.Test(land)) {
    return fmt::format("{} was already visited in this jump chain", PointName(land));
  }
  return "";
}

void Position::Apply(Action action, engine::UndoInfo* undo) {
  if (undo != nullptr) {
    for (int i = 0; i < 5; ++i) undo->words[i] = visited.w[i];
    std::memcpy(&undo->words[5], &meta, sizeof(Meta));
  }
  ++meta.ply;
  if (meta.phase == Phase::kOrder) {
    meta.order = PlayOrders(meta.num_seats)[action];
    meta.order_pos = 0;
    meta.phase = Phase::kPlacement;
    return;
  }
  const int seat = meta.order[meta.order_pos];
  if (IsPlacement(action)) {
    Put(seat, From(action));
    ++meta.placed;
    EndTurn();
    return;
  }
  if (IsStop(action)) {
    EndTurn();
    return;
  }
  const int from = From(action), to = To(action);
  Lift(seat, from);
  Put(seat, to);
  if (IsStep(action)) {
    EndTurn();
    return;
  }
  visited.Set(from);
  visited.Set(to);
  // A chain ends on a Sanctuary, and by itself when no jump is left (rulings).
  if (IsSanctuary(to) || !CanContinueChain(to, Occupied())) {
    EndTurn();
  } else {
    meta.chain_at = static_cast<std::int16_t>(to);
  }
}

void Position::Undo(Action action, const engine::UndoInfo& undo) {
  Meta before;
  std::memcpy(static_cast<void*>(&before), &undo.words[5], sizeof(Meta));
  for (int i = 0; i < 5; ++i) visited.w[i] = undo.words[i];
  if (before.phase != Phase::kOrder) {
    const int seat = before.order[before.order_pos];
    if (IsPlacement(action)) {
      Lift(seat, From(action));
    } else if (IsStep(action) || IsJump(action)) {
      Lift(seat, To(action));
      Put(seat, From(action));
    }
  }
  meta = before;
}

void Position::EndTurn() {
  meta.chain_at = kNoPoint;
  visited = Bits{};
  ++meta.turns;
  if (meta.phase == Phase::kPlacement) {
    if (meta.placed < kTotalPieces) {
      // Every seat has the same number of pieces, so placements simply go round.
      if (meta.turns >= meta.max_turns) return FinishByCount();
      meta.order_pos = static_cast<std::uint8_t>((meta.order_pos + 1) % meta.num_seats);
      return;
    }
    meta.phase = Phase::kMovement;
  }
  PassTurnOn(1);
}

void Position::PassTurnOn(int first_offset) {
  int active = 0, last_active = -1;
  unsigned unsheltered = 0;  // bit per seat
  for (int s = 0; s < meta.num_seats; ++s) {
    if (AnyUnsheltered(s)) {
      ++active;
      last_active = s;
      unsheltered |= 1u << s;
    }
  }
  // Only one player still unsheltered: that player loses, all others win (rulings).
  if (active <= 1) {
    meta.phase = Phase::kOver;
    meta.losers = active == 1 ? static_cast<std::uint8_t>(1u << last_active) : 0;
    return;
  }
  if (meta.turns >= meta.max_turns) return FinishByCount();
  const int n = meta.num_seats;
  for (int k = first_offset; k < first_offset + n; ++k) {
    const int pos = (meta.order_pos + k) % n;
    const int seat = meta.order[pos];
    if (((unsheltered >> seat) & 1) != 0 && HasLegalMove(seat)) {
      meta.order_pos = static_cast<std::uint8_t>(pos);
      return;
    }
  }
  FinishByCount();  // nobody can move
}

// Blocked or capped: the players with the most unsheltered pieces lose and the rest, safe players
// included, win (rulings). Only when every seat has the same count is it a draw for everyone.
void Position::FinishByCount() {
  meta.phase = Phase::kOver;
  int most = 0;
  for (int s = 0; s < meta.num_seats; ++s) most = std::max(most, Unsheltered(s));
  std::uint8_t losers = 0;
  int tied = 0;
  for (int s = 0; s < meta.num_seats; ++s) {
    if (Unsheltered(s) == most && most > 0) {
      losers |= static_cast<std::uint8_t>(1u << s);
      ++tied;
    }
  }
  meta.losers = tied == meta.num_seats ? 0 : losers;
}

void Position::CheckConsistency() const {
  const int n = meta.num_seats;
  if (!MoveDirsMatchPieces()) {
    throw Error("conspiradores: the kept move directions differ from the pieces'");
  }
  if (n != 2 && n != 4) throw Error(fmt::format("conspiradores: {} seats", n));
  Bits seen;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (s >= n && !pieces[s].Empty()) throw Error(fmt::format("seat {} has pieces", s));
    if (!(pieces[s] & seen).Empty()) throw Error("conspiradores: two pieces share a point");
    if (pieces[s].w[4] >> (kNumPoints - 256)) throw Error("conspiradores: piece off the board");
    seen = seen | pieces[s];
  }
  int total = 0;
  for (int s = 0; s < n; ++s) {
    const int count = pieces[s].Count();
    total += count;
    if (count > PiecesPerSeat()) throw Error(fmt::format("seat {} has {} pieces", s, count));
    if (!meta.custom && meta.phase != Phase::kOrder && meta.placed == kTotalPieces &&
        count != PiecesPerSeat()) {
      throw Error(fmt::format("conspiradores: seat {} has {} pieces", s, count));
    }
  }
  if (meta.phase == Phase::kOrder && total != 0) throw Error("conspiradores: pieces before order");
  if (!meta.custom && total != meta.placed) throw Error("conspiradores: placed count is wrong");
  if (meta.phase == Phase::kPlacement && meta.placed >= kTotalPieces) {
    throw Error("conspiradores: placement phase with every piece placed");
  }
  if (meta.placed < kTotalPieces && meta.phase != Phase::kOrder) {
    if (!seen.Minus(kCentre).Empty()) throw Error("conspiradores: piece placed outside the Centre");
    // Placements go round the play order: the seat to place has placed no more than those before.
    for (int k = 0; k < n; ++k) {
      const int expected = meta.placed / n + (k < meta.placed % n ? 1 : 0);
      if (pieces[meta.order[k]].Count() != expected) {
        throw Error("conspiradores: placements out of turn");
      }
    }
  }
  std::array<bool, kMaxSeats> in_order{};
  for (int k = 0; k < n; ++k) {
    if (meta.order[k] >= n || in_order[meta.order[k]]) throw Error("conspiradores: bad order");
    in_order[meta.order[k]] = true;
  }
  if (meta.order_pos >= n) throw Error("conspiradores: bad order position");
  if (InChain()) {
    if (meta.phase != Phase::kMovement) throw Error("conspiradores: chain outside movement");
    const int at = meta.chain_at;
    if (!pieces[ToMove()].Test(at)) throw Error("conspiradores: chain piece is missing");
    if (!visited.Test(at) || visited.Count() < 2) throw Error("conspiradores: chain not visited");
    if (IsSanctuary(at)) throw Error("conspiradores: chain goes on from a Sanctuary");
    if (!CanContinueChain(at, Occupied())) throw Error("conspiradores: chain cannot go on");
    if ((visited & Occupied()).Count() != 1) {
      throw Error("conspiradores: a visited point other than the chain's is occupied");
    }
  } else if (!visited.Empty()) {
    throw Error("conspiradores: visited points outside a chain");
  }
  if (meta.custom && (meta.phase == Phase::kOrder || meta.phase == Phase::kPlacement)) {
    throw Error("conspiradores: a composed position before the movement");
  }
  if (meta.turns > meta.max_turns || (meta.phase != Phase::kOver && meta.turns == meta.max_turns)) {
    throw Error("conspiradores: the turn cap is passed");
  }
  if (meta.phase == Phase::kMovement) {
    int active = 0;
    for (int s = 0; s < n; ++s) active += Unsheltered(s) > 0;
    if (active < 2) throw Error("conspiradores: fewer than two players still unsheltered");
  }
  if (meta.phase == Phase::kMovement && !InChain()) {
    const int seat = ToMove();
    if (Unsheltered(seat) == 0) throw Error("conspiradores: a safe player is to move");
    if (!HasLegalMove(seat)) throw Error("conspiradores: the player to move cannot move");
  }
}

}  // namespace quartel::conspiradores
