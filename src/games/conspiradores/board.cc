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

// Moving along dir d from point p reaches p + kDelta[d] (when the neighbour is on the board).
constexpr std::array<int, kNumDirs> kDelta = {17, 18, 1, -16, -17, -18, -1, 16};

// For each direction, the points with a neighbour (steps 1) or a jump landing (steps 2) along it
// on the board.
constexpr std::array<Bits, kNumDirs> MakeHas(int steps) {
  std::array<Bits, kNumDirs> has{};
  for (int p = 0; p < kNumPoints; ++p) {
    for (int d = 0; d < kNumDirs; ++d) {
      if (OnBoard(ColOf(p) + steps * kDirCol[d], RowOf(p) + steps * kDirRow[d])) has[d].Set(p);
    }
  }
  return has;
}
constexpr std::array<Bits, kNumDirs> kHasNeighbour = MakeHas(1);
constexpr std::array<Bits, kNumDirs> kHasLanding = MakeHas(2);
constexpr Bits MakeOnBoard() {
  Bits b;
  for (int p = 0; p < kNumPoints; ++p) b.Set(p);
  return b;
}
constexpr Bits kOnBoard = MakeOnBoard();

// Word i of a set moved back by `shift` points (bit p of the result is bit p + shift of the set),
// from the set's words padded with a zero word on each side (padded[i + 1] is word i).
template <int shift>
inline std::uint64_t BackWord(const std::array<std::uint64_t, 7>& padded, int i) {
  if constexpr (shift > 0) {
    return (padded[i + 1] >> shift) | (padded[i + 2] << (64 - shift));
  } else {
    return (padded[i + 1] << -shift) | (padded[i] >> (64 + shift));
  }
}

// One word (64 points) of the moves, by direction: bit j of word[d] when point 64 * i + j moves
// along d. A seat moves at most 20 pieces (kTotalPieces / 2), 8 ways each, so the per-byte counts
// of bits::ByteCountsOfEight never pass 160 and never carry.
using WordMoves = std::array<std::uint64_t, kNumDirs>;
static_assert(kNumDirs == 8, "bits::ByteCountsOfEight counts eight directions");

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
  if (!pieces[seat].Minus(kSanctuaries).Empty()) return true;
  return !meta.custom && pieces[seat].Count() < PiecesPerSeat();
}

int Position::Unsheltered(int seat) const {
  // Unplaced pieces are unsheltered too (the cap may end a game during placement).
  const int unplaced = meta.custom ? 0 : PiecesPerSeat() - pieces[seat].Count();
  return pieces[seat].Minus(kSanctuaries).Count() + unplaced;
}

void Position::Init(int num_seats, int max_turns) {
  *this = Position{};
  meta.num_seats = static_cast<std::uint8_t>(num_seats);
  meta.max_turns = max_turns;
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
  // LegalActions' list: the steps, then the jumps, each by (point, direction).
  const Bits occ = Occupied();
  const Bits movers = pieces[meta.order[meta.order_pos]].Minus(kSanctuaries);
  std::array<std::uint64_t, 7> empty{}, full{};
  for (int i = 0; i < 5; ++i) {
    full[i + 1] = occ.w[i];
    empty[i + 1] = kOnBoard.w[i] & ~occ.w[i];
  }
  std::array<WordMoves, 5> steps, jumps;
  std::array<std::uint64_t, 5> step_bytes{}, jump_bytes{};
  std::array<std::uint32_t, 5> step_counts{}, jump_counts{};
  std::uint32_t num_steps = 0, num_jumps = 0;
  for (int i = 0; i < 5; ++i) {
    const std::uint64_t m = movers.w[i];
    if (m == 0) continue;
    std::uint64_t any_jump = 0;
    [&]<std::size_t... D>(std::index_sequence<D...>) {
      ((steps[i][D] = m & kHasNeighbour[D].w[i] & BackWord<kDelta[D]>(empty, i),
        jumps[i][D] = m & kHasLanding[D].w[i] & BackWord<kDelta[D]>(full, i) &
                      BackWord<2 * kDelta[D]>(empty, i),
        any_jump |= jumps[i][D]),
       ...);
    }
    (std::make_index_sequence<kNumDirs>{});
    step_bytes[i] = bits::ByteCountsOfEight(steps[i]);
    step_counts[i] = bits::SumBytes(step_bytes[i]);
    num_steps += step_counts[i];
    if (any_jump != 0) {
      jump_bytes[i] = bits::ByteCountsOfEight(jumps[i]);
      jump_counts[i] = bits::SumBytes(jump_bytes[i]);
      num_jumps += jump_counts[i];
    }
  }
  std::uint32_t k = rng.Below(num_steps + num_jumps);
  const bool step = k < num_steps;
  if (!step) k -= num_steps;
  const auto& counts = step ? step_counts : jump_counts;
  int i = 0;
  while (k >= counts[i]) k -= counts[i++];
  const auto [bit, dir] = step ? bits::KthInEightWords(steps[i], step_bytes[i], k)
                               : bits::KthInEightWords(jumps[i], jump_bytes[i], k);
  const int from = 64 * i + bit;
  return step ? StepAction(from, dir) : JumpAction(from, dir);
}

bool Position::HasLegalMove(int seat) const {
  const Bits occ = Occupied();
  bool found = false;
  // Early exit matters: this runs after every turn. A piece can move unless all its neighbours
  // are occupied and every landing beyond them is occupied or off the board.
  const Bits movers = pieces[seat].Minus(kSanctuaries);
  for (int i = 0; i < 5 && !found; ++i) {
    for (std::uint64_t word = movers.w[i]; word != 0 && !found; word &= word - 1) {
      const int p = i * 64 + std::countr_zero(word);
      for (int d = 0; d < kNumDirs; ++d) {
        const int n = kTables.neighbour[p][d];
        if (n == kNoPoint) continue;
        const int land = kTables.landing[p][d];
        if (!occ.Test(n) || (land != kNoPoint && !occ.Test(land))) {
          found = true;
          break;
        }
      }
    }
  }
  return found;
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
    pieces[seat].Set(From(action));
    ++meta.placed;
    EndTurn();
    return;
  }
  if (IsStop(action)) {
    EndTurn();
    return;
  }
  const int from = From(action), to = To(action);
  pieces[seat].Clear(from);
  pieces[seat].Set(to);
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
      pieces[seat].Clear(From(action));
    } else if (IsStep(action) || IsJump(action)) {
      pieces[seat].Clear(To(action));
      pieces[seat].Set(From(action));
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
  for (int s = 0; s < meta.num_seats; ++s) {
    if (AnyUnsheltered(s)) {
      ++active;
      last_active = s;
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
    if (AnyUnsheltered(seat) && HasLegalMove(seat)) {
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
