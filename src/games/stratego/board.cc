#include "games/stratego/board.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <sstream>

#include "core/error.h"

namespace quartel::stratego {
namespace {

constexpr const char kRankChars[kNumRanks + 1] = "FS23456789XB";
constexpr const char* kRankNames[kNumRanks] = {"Flag",     "Spy",        "Scout",   "Miner",
                                               "Sergeant", "Lieutenant", "Captain", "Major",
                                               "Colonel",  "General",    "Marshal", "Bomb"};
constexpr int kDirDrow[kNumDirs] = {1, 0, -1, 0};
constexpr int kDirDfile[kNumDirs] = {0, 1, 0, -1};

// The neighbour of each square along each direction, or kNone off the board or in a lake.
constexpr std::array<std::array<std::int8_t, kNumDirs>, kNumSquares> MakeNext() {
  std::array<std::array<std::int8_t, kNumDirs>, kNumSquares> next{};
  for (int sq = 0; sq < kNumSquares; ++sq) {
    for (int dir = 0; dir < kNumDirs; ++dir) {
      const int row = sq / kSize + kDirDrow[dir], file = sq % kSize + kDirDfile[dir];
      const bool off = row < 0 || row >= kSize || file < 0 || file >= kSize;
      next[sq][dir] =
          static_cast<std::int8_t>(off || IsLake(row * kSize + file) ? kNone : row * kSize + file);
    }
  }
  return next;
}
constexpr auto kNext = MakeNext();

enum CombatResult : std::int8_t { kAttackerWins = 0, kDefenderWins = 1, kBothRemoved = 2 };

// Seed "Rank", "Special Miner Privilege", "Spy Privilege": higher rank wins, equal ranks both go
// (with Aggressor Advantage the attacker wins), a Miner defuses a Bomb while any other attacker
// dies on it, the Spy beats the Marshal only when the Spy attacks, and any attacker takes the Flag.
CombatResult Combat(int attacker, int defender, bool aggressor_advantage) {
  if (defender == kFlag) return kAttackerWins;
  if (defender == kBomb) return attacker == kMiner ? kAttackerWins : kDefenderWins;
  if (attacker == kSpy && defender == kMarshal) return kAttackerWins;
  if (attacker == defender) return aggressor_advantage ? kAttackerWins : kBothRemoved;
  return attacker > defender ? kAttackerWins : kDefenderWins;
}

}  // namespace

char RankChar(int rank) { return rank >= 0 && rank < kNumRanks ? kRankChars[rank] : '?'; }

int RankFromChar(char c) {
  const char upper = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  if (upper == '0' || upper == 'M') return kMarshal;
  for (int r = 0; r < kNumRanks; ++r) {
    if (kRankChars[r] == upper) return r;
  }
  return kNone;
}

const char* RankName(int rank) { return rank >= 0 && rank < kNumRanks ? kRankNames[rank] : "?"; }

// Counts in rank code order: Flag, Spy, Scout 2, Miner 3, ... Marshal 10, Bomb.
Army ClassicArmy() { return {1, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6}; }

Army SeedArmy() {
  // The seed's list as printed: 5 Sergeants and 6 Scouts, 39 pieces (rulings "Stratego").
  return {1, 1, 6, 5, 5, 4, 4, 3, 2, 1, 1, 6};
}

int ArmySize(const Army& army) {
  int total = 0;
  for (int n : army) total += n;
  return total;
}

int Step(int sq, int dir, int distance) {
  const int row = sq / kSize + kDirDrow[dir] * distance;
  const int file = sq % kSize + kDirDfile[dir] * distance;
  if (row < 0 || row >= kSize || file < 0 || file >= kSize) return kNone;
  return row * kSize + file;
}

std::string SquareName(int sq) {
  if (sq < 0 || sq >= kNumSquares) return "?";
  return fmt::format("{}{}", kFileLetters[sq % kSize], sq / kSize + 1);
}

int ParseSquare(const std::string& text) {
  if (text.size() < 2 || text.size() > 3) return kNone;
  const char f =
      (text[0] >= 'A' && text[0] <= 'Z') ? static_cast<char>(text[0] - 'A' + 'a') : text[0];
  int file = kNone;
  for (int i = 0; i < kSize; ++i) {
    if (kFileLetters[i] == f) file = i;
  }
  if (file == kNone) return kNone;
  int rank = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return kNone;
    rank = rank * 10 + (text[i] - '0');
  }
  if (rank < 1 || rank > kSize) return kNone;
  return (rank - 1) * kSize + file;
}

// --- Construction
// -----------------------------------------------------------------------------------

Position Position::Initial(const Rules& rules) {
  Position p;
  p.h.rules = rules;
  const Army army = rules.seed_army ? SeedArmy() : ClassicArmy();
  p.h.to_place = {army, army};
  return p;
}

Position Position::FromText(const std::string& placement, int to_move, const Rules& rules) {
  Position p = Initial(rules);
  p.h.to_place = {};
  p.h.lost = {rules.seed_army ? SeedArmy() : ClassicArmy(),
              rules.seed_army ? SeedArmy() : ClassicArmy()};
  p.h.lost_known = p.h.lost;
  std::istringstream in(placement);
  std::string token;
  while (in >> token) {
    const bool moved = token.back() == '*';
    if (moved) token.pop_back();
    if (token.size() < 4 || (token[0] != 'r' && token[0] != 'b')) {
      throw Error(fmt::format("bad Stratego piece '{}' (e.g. rXa1, b2e7*)", token));
    }
    const int owner = token[0] == 'b';
    const int rank = RankFromChar(token[1]);
    const int sq = ParseSquare(token.substr(2));
    if (rank == kNone || sq == kNone || IsLake(sq) || p.board[sq] != 0) {
      throw Error(fmt::format("bad or repeated Stratego piece '{}'", token));
    }
    if (moved && !Movable(rank)) throw Error(fmt::format("'{}': that piece never moves", token));
    if (p.h.lost[owner][rank] == 0) {
      throw Error(fmt::format("'{}': the army has no more pieces of that rank", token));
    }
    --p.h.lost[owner][rank];
    --p.h.lost_known[owner][rank];
    p.board[sq] = static_cast<std::uint8_t>(MakePiece(owner, rank) | (moved ? kMoved : 0));
  }
  p.h.phase = Phase::kPlay;
  p.h.to_move = static_cast<std::uint8_t>(to_move);
  if (!p.HasAnyMove(to_move)) {
    if (p.HasAnyMove(1 - to_move)) {
      p.Finish(1 - to_move, kNoMove);
    } else {
      p.Finish(kNone, kBothNoMove);
    }
  }
  return p;
}

// --- Move generation
// --------------------------------------------------------------------------------

// Seed, "Peças móveis" rule 4: a piece may not move back and forth between the same two squares on
// three consecutive turns, so after X->Y, Y->X the move X->Y is illegal. ISF two-squares rule
// (`repetition=isf`): after X->Y, Y->X, X->Y the move Y->X is illegal (the fourth); for a Scout the
// rule only shortens its line (reference file): from Y toward X it may stop short of X but not
// reach or pass it. Only the owner's own moves count ("whatever the opponent does"); the run is one
// piece because each move starts where the previous one ended.
bool Position::RepetitionForbids(int seat, int from, int to) const {
  const auto& hist = h.history[seat];
  const int back = hist[0].from;  // X; `from` is Y
  if (hist[0].to != from || back == kNone || hist[1].from != from || hist[1].to != back) {
    return false;
  }
  if (h.rules.repetition == Repetition::kSeed) return to == back;
  if (hist[2].from != back || hist[2].to != from) return false;
  // `to` lies on the ray from Y through X, at least as far as X.
  const int dr = to / kSize - from / kSize, df = to % kSize - from % kSize;
  const int xr = back / kSize - from / kSize, xf = back % kSize - from % kSize;
  if (xr == 0) return dr == 0 && df * xf > 0 && df * df >= xf * xf;
  return df == 0 && xf == 0 && dr * xr > 0 && dr * dr >= xr * xr;
}

// ISF more-squares rule (`repetition=isf`; reference file; docs/rules/stratego.md, a ruling): while
// `seat` chases one opponent piece (see Chase), the chasing piece may not move next to the chased
// piece onto a square it already stood on during this chase (its square before the chase began
// included), except back onto the square it came from on its directly preceding turn (the ISF
// exception; the two-squares rule still applies to that move).
bool Position::ChaseForbids(int seat, int from, int to) const {
  const Chase& c = h.chase[seat];
  if (c.stage != 2 || from != c.chaser || !c.Visited(to) || to == h.history[seat][0].from) {
    return false;
  }
  const int dr = to / kSize - c.chased / kSize, df = to % kSize - c.chased % kSize;
  return dr * dr + df * df == 1;  // `to` threatens the chased piece: a chasing move
}

namespace {

// Bit 7 of every byte of a board word: the occupied bits, and (moved up from bit 4) the owner
// bits.
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// The squares of `seat`'s pieces among the 8 board bytes `w` (square base + i in byte i): bit 7 of
// byte i is set for each. Little-endian loads (checked below).
inline std::uint64_t OwnPieces(std::uint64_t w, int seat) {
  const std::uint64_t occupied = w & kHighBits;
  const std::uint64_t blue = (w << 3) & kHighBits;  // kOwnerBit (bit 4) moved up to bit 7
  return seat ? occupied & blue : occupied & ~blue;
}

}  // namespace

// The move generator, in square order then direction then distance (the order LegalActions
// returns, so that random playouts and the bench's node count depend on it). kCollect: write the
// moves to `out` and return their number; otherwise return 1 at the first move found, else 0.
// The board is scanned 8 squares at a time for the seat's pieces.
template <bool kCollect>
int Position::GenerateMovesT(int seat, Action* out) const {
  static_assert(std::endian::native == std::endian::little);
  const std::uint8_t own = kOccupied | (seat ? kOwnerBit : 0);
  constexpr std::uint8_t kSide = kOccupied | kOwnerBit;
  const int shuttle = h.history[seat][0].to;  // only this piece can be limited by repetition
  const int chaser = h.chase[seat].stage == 2 ? h.chase[seat].chaser : kNone;  // or this one
  int n = 0;
  for (int base = 0; base < kNumSquares; base += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, board.data() + base, std::min(8, kNumSquares - base));
    for (std::uint64_t m = OwnPieces(w, seat); m != 0; m &= m - 1) {
      const int from = base + (std::countr_zero(m) >> 3);
      const int rank = PieceRank(board[from]);
      if (!Movable(rank)) continue;
      const bool limited = from == shuttle || from == chaser;
      if (rank != kScout && !limited) {
        // The common case, without branches on the board: one step in each direction onto an
        // empty square or an enemy piece (kNone neighbours read square 0 and are masked out).
        const Action first = MoveAction(from, 0, 1);
        for (int dir = 0; dir < kNumDirs; ++dir) {
          const int to = kNext[from][dir];
          const bool ok = (to >= 0) & ((board[to < 0 ? 0 : to] & kSide) != own);
          if constexpr (!kCollect) {
            if (ok) return 1;
          } else {
            out[n] = first + dir * kMaxDistance;
            n += ok;
          }
        }
        continue;
      }
      // Seed rule 6: only a Scout moves more than one square, in a line over empty squares.
      const int reach = rank == kScout ? kMaxDistance : 1;
      for (int dir = 0; dir < kNumDirs; ++dir) {
        int to = from;
        for (int d = 1; d <= reach; ++d) {
          to = kNext[to][dir];
          if (to == kNone) break;
          const std::uint8_t q = board[to];
          if ((q & kSide) == own) break;
          if (!limited || (!RepetitionForbids(seat, from, to) && !ChaseForbids(seat, from, to))) {
            if constexpr (!kCollect) return 1;
            out[n++] = MoveAction(from, dir, d);
          }
          if (q != 0) break;  // an attack ends the line
        }
      }
    }
  }
  return n;
}

bool Position::HasAnyMove(int seat) const { return GenerateMovesT<false>(seat, nullptr) != 0; }

void Position::LegalActions(std::vector<Action>& out) const {
  // Every action list fits: at most 40 pieces x 4 directions x 9 squares, or 12 ranks x 40
  // squares during the setup, or 11 ranks x 50 squares + 1 for a rescue.
  Action buffer[kNumSquares * kNumDirs * kMaxDistance];
  int n = 0;
  const int seat = h.to_move;
  if (h.phase == Phase::kSetup) {
    int empty[kSetupSquares];
    int num_empty = 0;
    const int first = seat == 0 ? 0 : 60;
    for (int sq = first; sq < first + kSetupSquares; ++sq) {
      if (board[sq] == 0) empty[num_empty++] = sq;
    }
    for (int rank = 0; rank < kNumRanks; ++rank) {
      if (h.to_place[seat][rank] == 0) continue;
      for (int i = 0; i < num_empty; ++i) buffer[n++] = PlaceAction(rank, empty[i]);
    }
  } else if (h.rescue_pending) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      if (rank == kBomb || h.lost[seat][rank] == 0) continue;
      for (int sq = 0; sq < kNumSquares; ++sq) {
        if (InOwnHalf(seat, sq) && !IsLake(sq) && board[sq] == 0) {
          buffer[n++] = RescueAction(rank, sq);
        }
      }
    }
    buffer[n++] = kNoRescue;
  } else if (h.phase == Phase::kPlay) {
    n = GenerateMovesT<true>(seat, buffer);
  }
  out.assign(buffer, buffer + n);
}

std::string Position::WhyIllegalRescue(Action action) const {
  if (action == kNoRescue) return "";
  const int seat = h.to_move;
  const int rank = (action - kFirstRescue) / kNumSquares;
  const int sq = (action - kFirstRescue) % kNumSquares;
  if (rank == kBomb) return "a Bomb cannot be rescued";
  if (h.lost[seat][rank] == 0) return fmt::format("no captured {} to rescue", RankName(rank));
  if (!InOwnHalf(seat, sq)) return fmt::format("{} is outside the side's half", SquareName(sq));
  if (IsLake(sq)) return fmt::format("{} is a lake", SquareName(sq));
  if (board[sq] != 0) return fmt::format("{} is occupied", SquareName(sq));
  return "";
}

std::string Position::WhyIllegalMove(Action action) const {
  const int seat = h.to_move;
  const int from = MoveFrom(action), dir = MoveDir(action), dist = MoveDistance(action);
  const std::uint8_t p = board[from];
  if (!(p & kOccupied) || PieceOwner(p) != seat) {
    return fmt::format("{} holds no piece of the side to move", SquareName(from));
  }
  if (!Movable(PieceRank(p))) {
    return fmt::format("a {} never moves", RankName(PieceRank(p)));
  }
  if (dist > 1 && PieceRank(p) != kScout) return "only a Scout moves more than one square";
  const int to = Step(from, dir, dist);
  if (to == kNone) return fmt::format("the move leaves the board from {}", SquareName(from));
  for (int d = 1; d < dist; ++d) {
    const int via = Step(from, dir, d);
    if (IsLake(via)) return fmt::format("a Scout cannot cross the lake at {}", SquareName(via));
    if (board[via] != 0) return fmt::format("{} blocks the line", SquareName(via));
  }
  if (IsLake(to)) return fmt::format("{} is a lake", SquareName(to));
  if ((board[to] & kOccupied) && PieceOwner(board[to]) == seat) {
    return fmt::format("{} holds a piece of the same side", SquareName(to));
  }
  if (RepetitionForbids(seat, from, to)) {
    return fmt::format(
        "{}-{} would move back and forth between the same two squares once too often",
        SquareName(from), SquareName(to));
  }
  if (ChaseForbids(seat, from, to)) {
    return fmt::format(
        "{}-{} would chase the piece on {} back onto a square of the same chase (more-squares "
        "rule)",
        SquareName(from), SquareName(to), SquareName(h.chase[seat].chased));
  }
  return "";
}

std::string Position::WhyIllegal(Action action) const {
  if (action < 0 || action >= kNumActions) return fmt::format("action {} is out of range", action);
  if (h.phase == Phase::kOver) return "the game is over";
  const int seat = h.to_move;
  if (h.phase == Phase::kSetup) {
    if (!IsPlace(action)) return "pieces are still being set up";
    const int rank = PlaceRank(action), sq = PlaceSquare(action);
    if (!InSetupRows(seat, sq)) {
      return fmt::format("{} is outside the side's four setup rows", SquareName(sq));
    }
    if (board[sq] != 0) return fmt::format("{} is already occupied", SquareName(sq));
    if (h.to_place[seat][rank] == 0) return fmt::format("no {} is left to place", RankName(rank));
    return "";
  }
  if (h.rescue_pending) {
    if (!IsRescue(action) && action != kNoRescue) return "a rescue (or no rescue) is due first";
    return WhyIllegalRescue(action);
  }
  if (IsPlace(action)) return "the setup is over";
  if (!IsMove(action)) return "no rescue is offered";
  return WhyIllegalMove(action);
}

// --- Applying actions
// -------------------------------------------------------------------------------

void Position::Apply(Action action, engine::UndoInfo* undo) {
  if (undo != nullptr) {
    UndoData u{};
    u.last = h.last;
    u.dropped = h.history[h.to_move][2];
    u.rescuer = h.rescuer;
    u.quiet_plies = h.quiet_plies;
    if (IsMove(action)) {
      u.old_from = board[MoveFrom(action)];
      u.old_to = board[Step(MoveFrom(action), MoveDir(action), MoveDistance(action))];
    }
    u.phase = h.phase;
    u.to_move = h.to_move;
    u.rescue_pending = h.rescue_pending;
    u.ending = h.ending;
    u.winner = h.winner;
    if (h.rules.repetition == Repetition::kIsf) u.chase = h.chase;
    if (IsRescue(action)) {
      u.known_taken = h.lost_known[h.to_move][(action - kFirstRescue) / kNumSquares] > 0;
    }
    std::memcpy(undo->words.data(), &u, sizeof(u));
  }
  ++h.plies;
  if (IsPlace(action)) {
    ApplyPlace(action);
  } else if (IsMove(action)) {
    ApplyMove(action);
  } else {
    ApplyRescue(action);
  }
}

// Rulings "Stratego": Red sets up completely, then Blue; then Red makes the first move.
void Position::ApplyPlace(Action action) {
  const int seat = h.to_move, rank = PlaceRank(action);
  board[PlaceSquare(action)] = MakePiece(seat, rank);
  --h.to_place[seat][rank];
  h.last = LastMove{};
  if (ArmySize(h.to_place[seat]) != 0) return;
  // Blue's setup may already stand (option setup_blue).
  if (seat == 0 && ArmySize(h.to_place[1]) != 0) {
    h.to_move = 1;
    return;
  }
  StartPlay();
}

void Position::PlaceWholeSetup(int seat, const std::array<std::int8_t, kSetupSquares>& ranks) {
  const int first = seat == 0 ? 0 : 60;
  for (int i = 0; i < kSetupSquares; ++i) {
    if (ranks[i] != kNone) board[first + i] = MakePiece(seat, ranks[i]);
  }
  h.to_place[seat] = {};
  if (ArmySize(h.to_place[0]) != 0) return;  // Red still places its pieces
  if (ArmySize(h.to_place[1]) != 0) {
    h.to_move = 1;
    return;
  }
  StartPlay();
}

void Position::StartPlay() {
  h.phase = Phase::kPlay;
  h.to_move = 0;
  if (!HasAnyMove(0)) {
    if (HasAnyMove(1)) {
      Finish(1, kNoMove);
    } else {
      Finish(kNone, kBothNoMove);
    }
  }
}

void Position::ApplyMove(Action action) {
  const int seat = h.to_move;
  const int from = MoveFrom(action), dist = MoveDistance(action);
  const int to = Step(from, MoveDir(action), dist);
  std::uint8_t p = board[from] | kMoved;
  h.last = LastMove{};
  h.last.from = static_cast<std::int8_t>(from);
  h.last.to = static_cast<std::int8_t>(to);
  h.last.seat = static_cast<std::int8_t>(seat);
  // Seed rule 6: moving several squares tells the opponent that the piece is a Scout.
  if (dist > 1) {
    p |= kRevealed;
    h.last.scout_revealed = 1;
  }
  auto& hist = h.history[seat];
  hist[2] = hist[1];
  hist[1] = hist[0];
  hist[0] = MoveRecord{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to)};
  board[from] = 0;
  const std::uint8_t q = board[to];
  bool survived = true, flag_taken = false;
  if (q == 0) {
    board[to] = p;
  } else {
    survived = Resolve(seat, p, q, to, flag_taken);
  }
  // The rescuer is followed from square to square (seed "Rescue": not the same piece twice).
  if (h.rescuer[seat] == from) h.rescuer[seat] = static_cast<std::int8_t>(survived ? to : kNone);
  if (h.rescuer[1 - seat] == to && (board[to] == 0 || PieceOwner(board[to]) != 1 - seat)) {
    h.rescuer[1 - seat] = kNone;
  }
  if (h.rules.repetition == Repetition::kIsf) UpdateChases(seat, from, to, q != 0);
  ++h.play_plies;
  h.quiet_plies = q == 0 ? h.quiet_plies + 1 : 0;
  if (flag_taken) {
    Finish(seat, kFlagCaptured);
  } else if (survived && EarnsRescue(seat, to)) {
    h.rescue_pending = 1;
  } else {
    EndTurn(seat);
  }
}

void Position::UpdateChases(int seat, int from, int to, bool combat) {
  Chase& mine = h.chase[seat];
  Chase& theirs = h.chase[1 - seat];
  if (combat) {
    mine = theirs = Chase{};
    return;
  }
  auto adjacent = [](int a, int b) {
    const int dr = a / kSize - b / kSize, df = a % kSize - b % kSize;
    return dr * dr + df * df == 1;
  };
  // The opponent's chase goes on only if the moved piece was the one it threatened (evasion).
  if (theirs.stage == 1 && adjacent(from, theirs.chaser) &&
      (theirs.chased == kNone || theirs.chased == from)) {
    theirs.chased = static_cast<std::int8_t>(to);
    theirs.stage = 2;
  } else {
    theirs = Chase{};
  }
  // Our own: the chasing piece threatens the evaded piece again, or a new chase may begin.
  if (mine.stage == 2 && from == mine.chaser && adjacent(to, mine.chased)) {
    mine.Visit(to);
    mine.chaser = static_cast<std::int8_t>(to);
    mine.stage = 1;
    return;
  }
  mine = Chase{};
  for (int dir = 0; dir < kNumDirs; ++dir) {
    const int next = kNext[to][dir];
    if (next != kNone && board[next] != 0 && PieceOwner(board[next]) != seat) {
      mine.chaser = static_cast<std::int8_t>(to);
      mine.stage = 1;
      mine.Visit(from);
      mine.Visit(to);
      return;
    }
  }
}

// Rulings "Stratego": combat shows both pieces to both players. With silent_defense (seed "Defesa
// Silenciosa") only the attacker's rank is declared, unless a Scout attacks; removing both pieces
// also tells the attacker that the ranks were equal. Returns whether the attacker survived.
bool Position::Resolve(int seat, std::uint8_t attacker, std::uint8_t defender, int to,
                       bool& flag_taken) {
  const int a = PieceRank(attacker), d = PieceRank(defender);
  const CombatResult result = Combat(a, d, h.rules.aggressor_advantage != 0);
  const bool defender_shown =
      !h.rules.silent_defense || a == kScout || result == kBothRemoved || d == kFlag;
  attacker |= kRevealed;
  if (defender_shown) defender |= kRevealed;
  h.last.attacker = static_cast<std::int8_t>(a);
  h.last.defender = static_cast<std::int8_t>(d);
  h.last.result = result;
  h.last.defender_shown = defender_shown;
  if (result != kDefenderWins) {
    ++h.lost[1 - seat][d];
    if (defender_shown) ++h.lost_known[1 - seat][d];
    flag_taken = d == kFlag;
  }
  if (result != kAttackerWins) {
    ++h.lost[seat][a];
    ++h.lost_known[seat][a];
  }
  board[to] = result == kAttackerWins ? attacker : result == kDefenderWins ? defender : 0;
  return result == kAttackerWins;
}

// Seed "Rescue" (option rescue): a piece other than a Scout that moves onto the opponent's back row
// may bring back one captured piece of its side, not a Bomb (rulings "Stratego"); at most two
// rescues per player, not both by the same piece.
bool Position::EarnsRescue(int seat, int to) const {
  if (!h.rules.rescue || !OnEnemyBackRow(seat, to) || PieceRank(board[to]) == kScout) return false;
  if (h.rescues[seat] >= 2 || h.rescuer[seat] == to) return false;
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (rank != kBomb && h.lost[seat][rank] > 0) return true;
  }
  return false;
}

// The rescued piece goes onto an empty square of the player's half, shown to both players (it is
// taken back from the captured pieces in the open) [ruling, this implementation]; the turn ends.
void Position::ApplyRescue(Action action) {
  const int seat = h.to_move;
  h.rescue_pending = 0;
  if (action != kNoRescue) {
    const int rank = (action - kFirstRescue) / kNumSquares;
    const int sq = (action - kFirstRescue) % kNumSquares;
    board[sq] = static_cast<std::uint8_t>(MakePiece(seat, rank) | kRevealed);
    --h.lost[seat][rank];
    if (h.lost_known[seat][rank] > 0) --h.lost_known[seat][rank];
    ++h.rescues[seat];
    h.rescuer[seat] = h.last.to;
    h.last.rescue_rank = static_cast<std::int8_t>(rank);
    h.last.rescue_square = static_cast<std::int8_t>(sq);
  }
  EndTurn(seat);
}

void Position::EndTurn(int seat) {
  const int next = 1 - seat;
  h.to_move = static_cast<std::uint8_t>(next);
  // Seed "End of the Game": who cannot move or attack loses; rulings: both unable is a draw.
  if (!HasAnyMove(next)) {
    if (HasAnyMove(seat)) {
      Finish(seat, kNoMove);
    } else {
      Finish(kNone, kBothNoMove);
    }
    return;
  }
  // Engine caps (rulings "Stratego"), both draws.
  if (h.play_plies >= h.rules.max_plies) {
    Finish(kNone, kPlyCap);
  } else if (h.quiet_plies >= h.rules.max_plies_without_capture) {
    Finish(kNone, kQuietCap);
  }
}

void Position::Undo(Action action, const engine::UndoInfo& undo) {
  UndoData u;
  std::memcpy(static_cast<void*>(&u), undo.words.data(), sizeof(u));
  const int seat = u.to_move;
  if (IsPlace(action)) {
    board[PlaceSquare(action)] = 0;
    ++h.to_place[seat][PlaceRank(action)];
  } else if (IsMove(action)) {
    const int from = MoveFrom(action);
    const int to = Step(from, MoveDir(action), MoveDistance(action));
    // h.last still describes this move: undo the losses its combat caused.
    if (h.last.attacker != kNone) {
      const int a = h.last.attacker, d = h.last.defender;
      if (h.last.result != kDefenderWins) {
        --h.lost[1 - seat][d];
        if (h.last.defender_shown) --h.lost_known[1 - seat][d];
      }
      if (h.last.result != kAttackerWins) {
        --h.lost[seat][a];
        --h.lost_known[seat][a];
      }
    }
    board[from] = u.old_from;
    board[to] = u.old_to;
    auto& hist = h.history[seat];
    hist[0] = hist[1];
    hist[1] = hist[2];
    hist[2] = u.dropped;
    --h.play_plies;
  } else if (action != kNoRescue) {
    const int rank = (action - kFirstRescue) / kNumSquares;
    board[(action - kFirstRescue) % kNumSquares] = 0;
    ++h.lost[seat][rank];
    if (u.known_taken) ++h.lost_known[seat][rank];
    --h.rescues[seat];
  }
  --h.plies;
  h.last = u.last;
  h.rescuer = u.rescuer;
  h.quiet_plies = u.quiet_plies;
  h.phase = u.phase;
  h.to_move = u.to_move;
  h.rescue_pending = u.rescue_pending;
  h.ending = u.ending;
  h.winner = u.winner;
  if (h.rules.repetition == Repetition::kIsf) h.chase = u.chase;
}

void Position::Finish(int winner, Ending ending) {
  h.phase = Phase::kOver;
  h.winner = static_cast<std::int8_t>(winner);
  h.ending = ending;
}

// --- Invariants
// -------------------------------------------------------------------------------------

void Position::Check() const {
  const Army army = h.rules.seed_army ? SeedArmy() : ClassicArmy();
  std::array<Army, 2> count{};
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t p = board[sq];
    if (p == 0) continue;
    if (!(p & kOccupied))
      throw Error(fmt::format("square {} has a piece byte without a piece", sq));
    if (IsLake(sq)) throw Error(fmt::format("a piece stands in the lake {}", SquareName(sq)));
    const int owner = PieceOwner(p), rank = PieceRank(p);
    if (rank >= kNumRanks) throw Error(fmt::format("bad rank {} on {}", rank, SquareName(sq)));
    if ((p & kMoved) && !Movable(rank)) {
      throw Error(fmt::format("the {} on {} has moved", RankName(rank), SquareName(sq)));
    }
    if (h.phase == Phase::kSetup && !InSetupRows(owner, sq)) {
      throw Error(fmt::format("setup piece outside its rows on {}", SquareName(sq)));
    }
    ++count[owner][rank];
  }
  for (int seat = 0; seat < 2; ++seat) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      if (count[seat][rank] + h.to_place[seat][rank] + h.lost[seat][rank] != army[rank]) {
        throw Error(fmt::format("seat {} has the wrong number of {}s", seat, RankName(rank)));
      }
    }
  }
  if (h.phase != Phase::kSetup && (ArmySize(h.to_place[0]) || ArmySize(h.to_place[1]))) {
    throw Error("pieces are left to place after the setup");
  }
  for (int seat = 0; seat < 2; ++seat) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      if (h.lost_known[seat][rank] > h.lost[seat][rank]) {
        throw Error(fmt::format("seat {} has more known than lost {}s", seat, RankName(rank)));
      }
    }
    const int r = h.rescuer[seat];
    if (r != kNone && (board[r] == 0 || PieceOwner(board[r]) != seat)) {
      throw Error(fmt::format("seat {}'s rescuer is not on {}", seat, SquareName(r)));
    }
    if (h.rescues[seat] > 2) throw Error(fmt::format("seat {} rescued more than twice", seat));
  }
  if (h.rescue_pending && h.phase != Phase::kPlay) throw Error("a rescue is pending out of play");
}

}  // namespace quartel::stratego
