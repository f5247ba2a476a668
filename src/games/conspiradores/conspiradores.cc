#include "games/conspiradores/conspiradores.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "core/text.h"

namespace quartel::conspiradores {
namespace {

constexpr std::array<const char*, kMaxSeats> kSeatNames = {"white", "black", "green", "orange"};
constexpr std::array<char, kMaxSeats> kSeatLetters = {'W', 'B', 'G', 'O'};
constexpr std::array<const char*, kNumDirs> kDirNames = {"N", "NE", "E", "SE",
                                                         "S", "SW", "W", "NW"};

std::vector<std::array<std::uint8_t, kMaxSeats>> MakeOrders(int n) {
  std::array<std::uint8_t, kMaxSeats> perm{0, 1, 2, 3};
  std::vector<std::array<std::uint8_t, kMaxSeats>> orders;
  do {
    orders.push_back(perm);
  } while (std::next_permutation(perm.begin(), perm.begin() + n));
  return orders;
}

// Direction and kind of the move from `from` to `to`: distance 1 is a step, distance 2 on a line a
// jump. Returns -1 when the two points are not on one line at distance 1 or 2.
int DirBetween(int from, int to, bool* jump) {
  const int dc = ColOf(to) - ColOf(from), dr = RowOf(to) - RowOf(from);
  const int dist = std::max(std::abs(dc), std::abs(dr));
  if (dist == 0 || dist > 2) return -1;
  if ((dc != 0 && std::abs(dc) != dist) || (dr != 0 && std::abs(dr) != dist)) return -1;
  for (int d = 0; d < kNumDirs; ++d) {
    if (kDirCol[d] * dist == dc && kDirRow[d] * dist == dr) {
      *jump = dist == 2;
      return d;
    }
  }
  return -1;
}

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
    if (Unsheltered(s) > 0) {
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
    if (Unsheltered(seat) > 0 && HasLegalMove(seat)) {
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

// --- Game ----------------------------------------------------------------------------------------

ConspiradoresGame::ConspiradoresGame(engine::GameInfo info, engine::GameOptions options)
    : Game(std::move(info), std::move(options)),
      players_(static_cast<int>(this->options().GetInt("players"))),
      max_turns_(static_cast<int>(this->options().GetInt("max_turns"))) {
  if (players_ != 2 && players_ != 4) {
    throw Error(fmt::format("conspiradores: players must be 2 or 4, not {}", players_));
  }
}

std::string ConspiradoresGame::SeatName(int seat) const {
  if (seat < 0 || seat >= players_) return fmt::format("seat {}", seat);
  return kSeatNames[seat];
}

std::unique_ptr<engine::State> ConspiradoresGame::NewInitialState() const {
  return std::make_unique<ConspiradoresState>(*this);
}

std::unique_ptr<engine::State> ConspiradoresGame::NewStateFromPosition(
    std::string_view text) const {
  return std::make_unique<ConspiradoresState>(*this, PositionFromText(text, players_, max_turns_));
}

int ConspiradoresGame::MaxGameLength() const {
  // A chain lands on distinct points of one parity class (a jump moves 0 or 2 along each axis):
  // at most 81 of them, so a turn is at most 80 jumps and a stop.
  return 1 + max_turns_ * 81;
}

// --- State ---------------------------------------------------------------------------------------

ConspiradoresState::ConspiradoresState(const ConspiradoresGame& game) : State(game) {
  pos_.Init(game.NumSeats(), game.max_turns());
}

ConspiradoresState::ConspiradoresState(const ConspiradoresGame& game, const Position& position)
    : State(game), pos_(position) {}

std::vector<engine::ChanceOutcome> ConspiradoresState::ChanceOutcomes() const {
  if (pos_.meta.phase != Phase::kOrder) return {};
  const int n = static_cast<int>(PlayOrders(pos_.meta.num_seats).size());
  std::vector<engine::ChanceOutcome> out;
  for (int k = 0; k < n; ++k) out.push_back({k, 1.0 / n});
  return out;
}

std::string ConspiradoresState::ActionToString(Action action) const {
  if (IsChanceAction(action)) {
    const auto& orders = PlayOrders(pos_.meta.num_seats);
    if (action >= static_cast<int>(orders.size())) return fmt::format("order #{}", action);
    std::string text = "order ";
    for (int k = 0; k < pos_.meta.num_seats; ++k) {
      text += fmt::format("{}{}", k ? "," : "", orders[action][k] + 1);
    }
    return text;
  }
  if (IsPlacement(action)) return PointName(From(action));
  if (IsStop(action)) return "stop";
  if (IsStep(action) || IsJump(action)) {
    const int to = To(action);
    if (to == kNoPoint) {
      return fmt::format("{}-off board {}", PointName(From(action)), kDirNames[Dir(action)]);
    }
    return PointName(From(action)) + "-" + PointName(to);
  }
  return fmt::format("action {}", action);
}

Action ConspiradoresState::StringToAction(std::string_view raw) const {
  const std::string text = ToLower(Trim(raw));
  auto fail = [&](const std::string& why) {
    return Error(fmt::format("'{}': {}", Excerpt(Trim(raw)), why));
  };
  Action action = -1;
  if (text == "stop") {
    action = kStopAction;
  } else if (text.starts_with("order")) {
    const auto parts = Split(std::string_view(text).substr(5), ',');
    std::array<std::uint8_t, kMaxSeats> order{0, 1, 2, 3};
    if (static_cast<int>(parts.size()) != pos_.meta.num_seats) {
      throw fail(fmt::format("an order lists all {} seats, e.g. order 2,1", pos_.meta.num_seats));
    }
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const auto seat = ParseInteger(parts[k]);
      if (!seat || *seat < 1 || *seat > pos_.meta.num_seats) throw fail("not a seat number");
      order[k] = static_cast<std::uint8_t>(*seat - 1);
    }
    const auto& orders = PlayOrders(pos_.meta.num_seats);
    const auto it = std::find(orders.begin(), orders.end(), order);
    if (it == orders.end()) throw fail("each seat must appear once");
    action = static_cast<Action>(it - orders.begin());
  } else if (const auto dash = text.find('-'); dash != std::string::npos) {
    const auto from = ParsePoint(std::string_view(text).substr(0, dash));
    const auto to = ParsePoint(std::string_view(text).substr(dash + 1));
    if (!from || !to) throw fail("expected two points like G9-H10");
    bool jump = false;
    const int dir = DirBetween(*from, *to, &jump);
    if (dir < 0) throw fail("the points are not 1 (step) or 2 (jump) apart on a line");
    action = jump ? JumpAction(*from, dir) : StepAction(*from, dir);
  } else if (const auto point = ParsePoint(text)) {
    action = PlaceAction(*point);
  } else {
    throw fail("expected a point (G9), a step (G9-H10), a jump (G9-G11), stop, or order 2,1");
  }
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw fail(why);
  return action;
}

// What a player types: one action, or a chain of jumps "G9-G11-I13" (G9-G11, then G11-I13). Only
// the jumps typed: where the chain could go on the player is still to move, to jump on or stop.
std::vector<Action> ConspiradoresState::StringToTurn(std::string_view raw) const {
  const auto parts = Split(raw, '-');
  if (parts.size() <= 2) return {StringToAction(raw)};
  std::vector<Action> turn;
  Position at = pos_;
  for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
    if (k > 0 && !at.InChain()) {
      throw Error(
          fmt::format("'{}': the chain has ended at {}", Excerpt(Trim(raw)), Excerpt(parts[k], 8)));
    }
    ConspiradoresState probe(static_cast<const ConspiradoresGame&>(game()));
    probe.pos_ = at;
    const Action action = probe.StringToAction(parts[k] + "-" + parts[k + 1]);
    if (!IsJump(action)) {
      throw Error(
          fmt::format("'{}': {}-{} is not a jump", Excerpt(Trim(raw)), parts[k], parts[k + 1]));
    }
    at.Apply(action, nullptr);
    turn.push_back(action);
  }
  return turn;
}

// The draw of the play order in words ("play order by lot: black, white"); moves as written.
std::string ConspiradoresState::DescribeTurn(std::span<const Action> actions, Seat viewer) const {
  if (actions.size() != 1 || !IsChanceAction(actions.front())) {
    return engine::State::DescribeTurn(actions, viewer);
  }
  const auto& order = PlayOrders(pos_.meta.num_seats).at(actions.front());
  std::vector<std::string> names;
  for (int k = 0; k < pos_.meta.num_seats; ++k) names.push_back(kSeatNames[order[k]]);
  return fmt::format("play order by lot: {}", fmt::join(names, ", "));
}

std::unique_ptr<engine::State> ConspiradoresState::Clone() const {
  return std::make_unique<ConspiradoresState>(*this);
}

void ConspiradoresState::CopyFrom(const engine::State& other) {
  pos_ = static_cast<const ConspiradoresState&>(other).pos_;
}

bool ConspiradoresState::Equals(const engine::State& other) const {
  const auto* o = dynamic_cast<const ConspiradoresState*>(&other);
  return o != nullptr && o->pos_ == pos_;
}

std::vector<engine::Outcome> ConspiradoresState::Results() const {
  if (pos_.meta.phase != Phase::kOver) return {};
  std::vector<engine::Outcome> out;
  for (int s = 0; s < pos_.meta.num_seats; ++s) {
    if (pos_.meta.losers == 0) {
      out.push_back(engine::Outcome::kDraw);
    } else {
      out.push_back((pos_.meta.losers >> s) & 1 ? engine::Outcome::kLoss : engine::Outcome::kWin);
    }
  }
  return out;
}

std::vector<double> ConspiradoresState::Returns() const {
  if (pos_.meta.phase != Phase::kOver) return {};
  const int n = pos_.meta.num_seats;
  std::vector<double> out(n, 0.0);
  if (pos_.meta.losers == 0) return out;
  const int losers = std::popcount(pos_.meta.losers);
  for (int s = 0; s < n; ++s) {
    // Losers share -1, winners share +1 (sum zero).
    out[s] = (pos_.meta.losers >> s) & 1 ? -1.0 / losers : 1.0 / (n - losers);
  }
  return out;
}

namespace {
const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kOrder:
      return "order";
    case Phase::kPlacement:
      return "placement";
    case Phase::kMovement:
      return "movement";
    case Phase::kOver:
      return "over";
  }
  return "?";
}
}  // namespace

Json ConspiradoresState::ViewJson(Seat) const {
  const int n = pos_.meta.num_seats;
  Json view;
  view["game"] = "conspiradores";
  view["players"] = n;
  Json board = Json::array();
  for (int r = 0; r < kSize; ++r) {
    std::string line;
    for (int c = 0; c < kSize; ++c) {
      const int p = PointAt(c, r), owner = pos_.OwnerAt(p);
      line += owner >= 0 ? kSeatLetters[owner] : (IsSanctuary(p) ? '+' : '.');
    }
    board.push_back(line);
  }
  view["board"] = board;
  Json sanctuaries = Json::array();
  kSanctuaries.ForEach([&](int p) { sanctuaries.push_back(PointName(p)); });
  view["sanctuaries"] = sanctuaries;
  Json order = Json::array();
  if (pos_.meta.phase != Phase::kOrder) {
    for (int k = 0; k < n; ++k) order.push_back(kSeatNames[pos_.meta.order[k]]);
  }
  view["order"] = order;
  const Seat to_move = pos_.ToMove();
  view["to_move"] = to_move >= 0 ? Json(kSeatNames[to_move]) : Json(nullptr);
  view["phase"] = PhaseName(pos_.meta.phase);
  view["turns"] = pos_.meta.turns;
  if (pos_.InChain()) {
    Json visited = Json::array();
    pos_.visited.ForEach([&](int p) { visited.push_back(PointName(p)); });
    view["chain"] = {{"at", PointName(pos_.meta.chain_at)}, {"visited", visited}};
  } else {
    view["chain"] = nullptr;
  }
  Json sheltered = Json::array(), unsheltered = Json::array();
  for (int s = 0; s < n; ++s) {
    sheltered.push_back(pos_.Sheltered(s));
    unsheltered.push_back(pos_.Unsheltered(s));
  }
  view["sheltered"] = sheltered;
  view["unsheltered"] = unsheltered;
  if (pos_.meta.phase == Phase::kOver) {
    Json result = Json::array();
    for (auto outcome : Results()) result.push_back(engine::OutcomeName(outcome));
    view["result"] = result;
  } else {
    view["result"] = nullptr;
  }
  return view;
}

std::vector<std::string> ConspiradoresGame::TensorLayout() const {
  std::vector<std::string> layout;
  for (int s = 0; s < players_; ++s) {
    layout.push_back(fmt::format("{}'s pieces: 1 on each", kSeatNames[s]));
  }
  layout.push_back("Sanctuaries: 1 on each");
  layout.push_back("the central zone: 1 on each point");
  layout.push_back("points the jump chain in progress has visited: 1 on each");
  layout.push_back("the jumping piece of the chain in progress: 1 on it");
  for (int s = 0; s < players_; ++s) {
    layout.push_back(fmt::format("{} to move: all 1", kSeatNames[s]));
  }
  for (int s = 0; s < players_; ++s) {
    layout.push_back(
        fmt::format("{}'s place in the play order (1 first; 0 before the draw): the "
                    "count",
                    kSeatNames[s]));
  }
  for (Phase phase : {Phase::kOrder, Phase::kPlacement, Phase::kMovement, Phase::kOver}) {
    layout.push_back(fmt::format("phase {}: all 1", PhaseName(phase)));
  }
  layout.push_back("completed turns: the count");
  for (int s = 0; s < players_; ++s) {
    for (const char* outcome : {"won", "lost", "drew"}) {
      layout.push_back(fmt::format("{} {}: all 1", kSeatNames[s], outcome));
    }
  }
  return layout;
}

// The information of ViewJson, plane by plane (conspiradores.h).
void ConspiradoresState::ViewTensor(Seat, std::span<float> out) const {
  const int n = pos_.meta.num_seats;
  std::fill(out.begin(), out.end(), 0.0f);
  const auto plane = [&](int k, const Bits& bits) {
    bits.ForEach([&](int p) { out[k * kNumPoints + RowOf(p) * kSize + ColOf(p)] = 1.0f; });
  };
  const auto fill = [&out](int k, float value) {
    std::fill_n(out.begin() + k * kNumPoints, kNumPoints, value);
  };
  for (int s = 0; s < n; ++s) plane(s, pos_.pieces[s]);
  plane(n, kSanctuaries);
  plane(n + 1, kCentre);
  if (pos_.InChain()) {
    plane(n + 2, pos_.visited);
    const int at = pos_.meta.chain_at;
    out[(n + 3) * kNumPoints + RowOf(at) * kSize + ColOf(at)] = 1.0f;
  }
  const Seat to_move = pos_.ToMove();
  if (to_move >= 0) fill(n + 4 + to_move, 1.0f);
  if (pos_.meta.phase != Phase::kOrder) {
    for (int k = 0; k < n; ++k) fill(2 * n + 4 + pos_.meta.order[k], static_cast<float>(k + 1));
  }
  fill(3 * n + 4 + static_cast<int>(pos_.meta.phase), 1.0f);
  fill(3 * n + 8, static_cast<float>(pos_.meta.turns));
  if (pos_.meta.phase == Phase::kOver) {
    const auto results = Results();
    for (int s = 0; s < n; ++s) fill(3 * n + 9 + 3 * s + static_cast<int>(results[s]), 1.0f);
  }
}

std::string ConspiradoresState::ViewText(Seat, bool colour) const {
  // Each seat's letter on a background of its colour, with a text colour of its own, so that it
  // reads on light and dark terminals alike (orange shows as the terminal's yellow).
  static constexpr std::array<const char*, kMaxSeats> kAnsi = {"\x1b[1;30;47m", "\x1b[1;97;40m",
                                                               "\x1b[1;30;42m", "\x1b[1;30;43m"};
  const char* reset = "\x1b[0m";
  std::string header = "    ";
  for (int c = 0; c < kSize; ++c) header += fmt::format("{} ", static_cast<char>('A' + c));
  std::string text = header + "\n";
  for (int r = kSize - 1; r >= 0; --r) {
    text += fmt::format("{:>2}  ", r + 1);
    for (int c = 0; c < kSize; ++c) {
      const int p = PointAt(c, r), owner = pos_.OwnerAt(p);
      if (owner >= 0) {
        text += colour ? fmt::format("{}{}{} ", kAnsi[owner], kSeatLetters[owner], reset)
                       : fmt::format("{} ", kSeatLetters[owner]);
      } else if (IsSanctuary(p)) {
        text += colour ? fmt::format("\x1b[1;35m*{} ", reset) : std::string("* ");
      } else {
        text += IsCentre(p) ? ": " : ". ";
      }
    }
    text += fmt::format(" {}\n", r + 1);
  }
  text += header + "\n";
  text += "* = free Sanctuary, : = Conspiracy Centre\n";
  switch (pos_.meta.phase) {
    case Phase::kOrder:
      text += "play order to be drawn by lot\n";
      break;
    case Phase::kOver: {
      const auto results = Results();
      for (int s = 0; s < pos_.meta.num_seats; ++s) {
        text += fmt::format("{}: {}  ", kSeatNames[s], engine::OutcomeName(results[s]));
      }
      text += "\n";
      break;
    }
    default:
      text += fmt::format("{} to {}{}\n", kSeatNames[pos_.ToMove()],
                          pos_.meta.phase == Phase::kPlacement ? "place" : "move",
                          pos_.InChain() ? fmt::format(" (jump chain at {}: jump or stop)",
                                                       PointName(pos_.meta.chain_at))
                                         : "");
  }
  for (int s = 0; s < pos_.meta.num_seats; ++s) {
    text += fmt::format("{} {}: {} sheltered, {} unsheltered\n", kSeatLetters[s], kSeatNames[s],
                        pos_.Sheltered(s), pos_.Unsheltered(s));
  }
  return text;
}

void Register() {
  engine::GameInfo info;
  info.id = "conspiradores";
  info.display_name = "Conspiradores";
  info.summary =
      "2 or 4 players race their conspirators from the Centre to 39 Sanctuaries; the last one "
      "left loses";
  info.seat_counts = {2, 4};
  info.has_chance = true;
  info.hidden_information = false;
  info.options = {
      {.name = "players",
       .type = engine::OptionType::kInt,
       .default_value = "2",
       .help = "number of players: 2 (20 pieces each) or 4 (10 pieces each)",
       .min_value = 2,
       .max_value = 4,
       .choices = {}},
      {.name = "max_turns",
       .type = engine::OptionType::kInt,
       .default_value = "2000",
       .help = "engine cap for unattended games, not a rule: after this many turns (placements "
               "included) the players with the most unsheltered pieces lose",
       .min_value = 1,
       .max_value = 100000,
       .choices = {}},
  };
  info.notation_help =
      "G9          place a piece on an empty point of the Conspiracy Centre\n"
      "G9-H10      a step to one of the 8 neighbouring points\n"
      "G9-G11      a jump over an adjacent piece to the empty point beyond\n"
      "G9-G11-I13  a jump chain at once (or one jump at a time: you are asked for more)\n"
      "stop        end a jump chain that could go on\n";
  info.rules_version = "conspiradores-1";
  info.rules_doc = "docs/rules/conspiradores.md";
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const ConspiradoresGame>(engine::FindGame("conspiradores"), options);
  });
}

}  // namespace quartel::conspiradores
