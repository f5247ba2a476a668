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

constexpr bool Adjacent(int a, int b) {
  const int dr = a / kSize - b / kSize, df = a % kSize - b % kSize;
  return dr * dr + df * df == 1;
}

// Zobrist keys of "a piece of `owner` on `square`" (splitmix64 of a fixed seed), for the chase
// rule's positions (Position::OccupancyHash).
constexpr std::array<std::array<std::uint64_t, 2>, kNumSquares> MakeZobrist() {
  std::array<std::array<std::uint64_t, 2>, kNumSquares> keys{};
  std::uint64_t x = 0x5374726174656721ULL;
  for (auto& square : keys) {
    for (auto& key : square) {
      std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      key = z ^ (z >> 31);
    }
  }
  return keys;
}
constexpr auto kZobrist = MakeZobrist();

}  // namespace

CombatResult Combat(int attacker, int defender, bool aggressor_advantage) {
  if (defender == kFlag) return kAttackerWins;
  if (defender == kBomb) return attacker == kMiner ? kAttackerWins : kDefenderWins;
  if (attacker == kSpy && defender == kMarshal) return kAttackerWins;
  if (attacker == defender) return aggressor_advantage ? kAttackerWins : kBothRemoved;
  return attacker > defender ? kAttackerWins : kDefenderWins;
}

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

// Rulings "Stratego", army=barrage: Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb.
Army BarrageArmy() { return {1, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1}; }

Army ArmyOf(ArmyKind kind) {
  switch (kind) {
    case ArmyKind::kSeed:
      return SeedArmy();
    case ArmyKind::kBarrage:
      return BarrageArmy();
    case ArmyKind::kClassic:
      break;
  }
  return ClassicArmy();
}

const char* ArmyName(ArmyKind kind) {
  return kind == ArmyKind::kSeed ? "seed" : kind == ArmyKind::kBarrage ? "barrage" : "classic";
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
  p.h.to_place = {p.FullArmy(), p.FullArmy()};
  return p;
}

// --- Move generation
// --------------------------------------------------------------------------------

// Seed, "Peças móveis" rule 4: a piece may not move back and forth between the same two squares on
// three consecutive turns, so after X->Y, Y->X the move X->Y is illegal. ISF two-squares rule
// (`repetition=isf`): after X->Y, Y->X, X->Y the move Y->X is illegal (the fourth); for a Scout the
// rule only shortens its line (reference file): from Y toward X it may stop short of X but not
// reach or pass it. Gravon's older rule (`repetition=five_moves`, docs/rules/stratego.md): the
// same with five moves allowed, the sixth illegal. Only the owner's own moves count ("whatever the
// opponent does"); the run is one piece because each move starts where the previous one ended.
int Position::LimitedPiece(int seat) const {
  const auto& hist = h.history[seat];
  const int back = hist[0].from, from = hist[0].to;  // X and Y
  if (back == kNone) return kNone;
  // Newest first: X->Y, Y->X, X->Y, ... as many as the rule allows.
  for (int i = 1; i < MovesBetweenTwoSquares(h.rules.repetition); ++i) {
    const bool forth = i % 2 == 0;
    if (hist[i].from != (forth ? back : from) || hist[i].to != (forth ? from : back)) return kNone;
  }
  return from;
}

bool Position::RepetitionForbids(int seat, int from, int to) const {
  if (from == kNone || LimitedPiece(seat) != from) return false;
  const int back = h.history[seat][0].from;  // X; `from` is Y
  if (h.rules.repetition == Repetition::kSeed) return to == back;
  // `to` lies on the ray from Y through X, at least as far as X.
  const int dr = to / kSize - from / kSize, df = to % kSize - from % kSize;
  const int xr = back / kSize - from / kSize, xf = back % kSize - from % kSize;
  if (xr == 0) return dr == 0 && df * xf > 0 && df * df >= xf * xf;
  return df == 0 && xf == 0 && dr * xr > 0 && dr * dr >= xr * xr;
}

bool Chase::operator==(const Chase& other) const {
  return s == other.s &&
         std::equal(positions.begin(), positions.begin() + s.seen, other.positions.begin());
}

std::uint64_t Position::OccupancyHash() const {
  std::uint64_t hash = 0;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (board[sq] != 0) hash ^= kZobrist[sq][PieceOwner(board[sq])];
  }
  return hash;
}

bool Position::ChaseForbids(int seat, int from, int to) const {
  return h.chase[seat].s.stage == 2 && ChaseForbids(seat, from, to, OccupancyHash());
}

// ISF more-squares rule (`repetition=isf`; reference file; docs/rules/stratego.md): while `seat`
// chases, a chasing move (one that ends next to a piece that evaded during the chase) may not
// recreate a position seen after one of the seat's moves in this chase, except a move back onto
// the square the moving piece came from on the seat's previous turn (the two-squares rule still
// applies to it). An attack changes the pieces and so never recreates a position.
bool Position::ChaseForbids(int seat, int from, int to, std::uint64_t hash) const {
  const Chase& chase = h.chase[seat];
  if (chase.s.stage != 2 || board[to] != 0) return false;
  const MoveRecord& previous = h.history[seat][0];
  if (previous.to == from && previous.from == to) return false;  // the ISF exception
  bool chasing = false;
  for (int dir = 0; dir < kNumDirs; ++dir) {
    const int next = kNext[to][dir];
    chasing |= next != kNone && next != from && chase.s.Evader(next);
  }
  if (!chasing) return false;
  const std::uint64_t after = hash ^ kZobrist[from][seat] ^ kZobrist[to][seat];
  return std::find(chase.positions.begin(), chase.positions.begin() + chase.s.seen, after) !=
         chase.positions.begin() + chase.s.seen;
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

// The moves of one piece, walked square by square: seed rule 6, only a Scout moves more than one
// square, in a line over empty squares, and an attack ends the line.
int Position::PieceMoves(int seat, int from, bool limited, std::uint64_t hash, Action* out) const {
  const std::uint8_t own = kOccupied | (seat ? kOwnerBit : 0);
  constexpr std::uint8_t kSide = kOccupied | kOwnerBit;
  const int reach = PieceRank(board[from]) == kScout ? kMaxDistance : 1;
  int n = 0;
  for (int dir = 0; dir < kNumDirs; ++dir) {
    int to = from;
    for (int d = 1; d <= reach; ++d) {
      to = kNext[to][dir];
      if (to == kNone) break;
      const std::uint8_t q = board[to];
      if ((q & kSide) == own) break;
      if (!limited || (!RepetitionForbids(seat, from, to) && !ChaseForbids(seat, from, to, hash))) {
        out[n++] = MoveAction(from, dir, d);
      }
      if (q != 0) break;
    }
  }
  return n;
}

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
  // While the seat chases, any of its moves may be a chasing move (more-squares rule).
  const bool chasing = h.chase[seat].s.stage == 2;
  const std::uint64_t hash = chasing ? OccupancyHash() : 0;
  int n = 0;
  for (int base = 0; base < kNumSquares; base += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, board.data() + base, std::min(8, kNumSquares - base));
    for (std::uint64_t m = OwnPieces(w, seat); m != 0; m &= m - 1) {
      const int from = base + (std::countr_zero(m) >> 3);
      const int rank = PieceRank(board[from]);
      if (!Movable(rank)) continue;
      const bool limited = from == shuttle || chasing;
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
      if constexpr (kCollect) {
        n += PieceMoves(seat, from, limited, hash, out + n);
      } else {
        Action moves[kNumDirs * kMaxDistance];
        if (PieceMoves(seat, from, limited, hash, moves) != 0) return 1;
      }
    }
  }
  return n;
}
// The fast generator (move_scan.cc) falls back on both.
template int Position::GenerateMovesT<true>(int seat, Action* out) const;
template int Position::GenerateMovesT<false>(int seat, Action* out) const;

void Position::LegalActions(std::vector<Action>& out) const {
  Action buffer[kActionBuffer];
  out.assign(buffer, buffer + LegalActions(buffer));
}

int Position::LegalActions(Action* buffer) const {
  // Every action list fits kActionBuffer: at most 40 pieces x 4 directions x 9 squares, or 12
  // ranks x 40 squares during the setup, or 11 ranks x 50 squares + 1 for a rescue.
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
    for (int rank = 0; rank < kNumRanks && MayRescue(seat); ++rank) {
      if (rank == kBomb || h.lost[seat][rank] == 0) continue;
      for (int sq = 0; sq < kNumSquares; ++sq) {
        if (InOwnHalf(seat, sq) && !IsLake(sq) && board[sq] == 0) {
          buffer[n++] = RescueAction(rank, sq);
        }
      }
    }
    buffer[n++] = kNoRescue;
  } else if (h.phase == Phase::kPlay) {
    n = h.chase[seat].s.stage == 2 ? GenerateMovesT<true>(seat, buffer)
                                   : GenerateMovesFast(seat, buffer);
  }
  return n;
}

std::string Position::WhyIllegalRescue(Action action) const {
  if (action == kNoRescue) return "";
  const int seat = h.to_move;
  const int rank = (action - kFirstRescue) / kNumSquares;
  const int sq = (action - kFirstRescue) % kNumSquares;
  if (PieceRank(board[h.last.to]) == kScout) return "a Scout cannot rescue (only: no rescue)";
  if (h.rescuer[seat] == h.last.to) {
    return "this piece has already made a rescue (only: no rescue)";
  }
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
    return fmt::format("{}-{} would recreate a position of this chase (more-squares rule)",
                       SquareName(from), SquareName(to));
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

namespace {

constexpr std::uint8_t kFlagToMove = 1 << 2, kFlagRescuePending = 1 << 3, kFlagKnownTaken = 1 << 4;

}  // namespace

void Position::Apply(Action action, engine::UndoInfo* undo) {
  UndoData u;
  if (undo != nullptr) {
    u.last = h.last;
    u.dropped = h.history[h.to_move][HistoryDepth(h.rules.repetition) - 1];
    u.rescuer = h.rescuer;
    u.quiet_plies = h.quiet_plies;
    if (IsMove(action)) {
      u.old_from = board[MoveFrom(action)];
      u.old_to = board[Step(MoveFrom(action), MoveDir(action), MoveDistance(action))];
    }
    u.flags = static_cast<std::uint8_t>(static_cast<int>(h.phase) | (h.to_move ? kFlagToMove : 0) |
                                        (h.rescue_pending ? kFlagRescuePending : 0));
    u.ending = h.ending;
    u.winner = h.winner;
    if (h.rules.repetition == Repetition::kIsf) u.chase = {h.chase[0].s, h.chase[1].s};
    if (IsRescue(action) && h.lost_known[h.to_move][(action - kFirstRescue) / kNumSquares] > 0) {
      u.flags |= kFlagKnownTaken;
    }
  }
  ++h.plies;
  if (IsPlace(action)) {
    ApplyPlace(action);
  } else if (IsMove(action)) {
    ApplyMove(action, u);
  } else {
    ApplyRescue(action);
  }
  if (undo != nullptr) std::memcpy(undo->words.data(), &u, sizeof(u));
}

// Rulings "Stratego": Red sets up completely, then Blue; then Red makes the first move.
void Position::ApplyPlace(Action action) {
  const int seat = h.to_move, rank = PlaceRank(action);
  board[PlaceSquare(action)] = MakePiece(seat, rank);
  --h.to_place[seat][rank];
  h.last = LastMove{};
  if (ArmySize(h.to_place[seat]) != 0) return;
  if (seat == 0) {
    h.to_move = 1;
    return;
  }
  StartPlay();
}

void Position::StartPlay() {
  h.phase = Phase::kPlay;
  h.to_move = 0;
  EndIfStuck();
}

// Seed "End of the Game": a player who cannot move or attack loses; rulings: both unable, a draw.
// [ruling, this implementation] Judged for both players after every move and when play begins:
// the player who has just moved loses at once when it has no move left (its last movable piece
// fell attacking, say), as Gravon's archive ends such games, rather than one move later.
bool Position::EndIfStuck() {
  const int next = h.to_move;
  const std::array<bool, 2> can = WhoCanMove();
  const bool next_can = can[next], other_can = can[1 - next];
  if (next_can && other_can) return false;
  if (next_can || other_can) {
    Finish(next_can ? next : 1 - next, kNoMove);
  } else {
    Finish(kNone, kBothNoMove);
  }
  return true;
}

void Position::ApplyMove(Action action, UndoData& undo) {
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
  board[from] = 0;
  const std::uint8_t q = board[to];
  bool survived = true, flag_taken = false;
  if (q == 0) {
    board[to] = p;
  } else {
    survived = Resolve(seat, p, q, to, flag_taken);
  }
  // The chases read the opponent's last move and this one: before this move enters the history.
  if (h.rules.repetition == Repetition::kIsf) UpdateChases(seat, from, to, q != 0, undo);
  auto& hist = h.history[seat];
  for (int i = HistoryDepth(h.rules.repetition) - 1; i > 0; --i) hist[i] = hist[i - 1];
  hist[0] = MoveRecord{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to)};
  // The rescuer is followed from square to square (seed "Rescue": not the same piece twice).
  if (h.rescuer[seat] == from) h.rescuer[seat] = static_cast<std::int8_t>(survived ? to : kNone);
  if (h.rescuer[1 - seat] == to && (board[to] == 0 || PieceOwner(board[to]) != 1 - seat)) {
    h.rescuer[1 - seat] = kNone;
  }
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

// The more-squares rule's bookkeeping (see Chase). `seat` moved from `from` to `to`; the board
// already shows the move.
void Position::UpdateChases(int seat, int from, int to, bool combat, UndoData& undo) {
  Chase& mine = h.chase[seat];
  Chase& theirs = h.chase[1 - seat];
  if (combat) {  // the pieces change: no earlier position can come back
    mine.s = theirs.s = ChaseState{};
    return;
  }
  // The opponent's chase goes on only if this move evades: it moves a piece that the opponent's
  // last move (ending on `threat`) put a piece next to.
  const int threat = h.history[1 - seat][0].to;
  if (theirs.s.stage == 1 && threat != kNone && Adjacent(from, threat)) {
    theirs.s.SetEvader(from, false);
    theirs.s.SetEvader(to, true);
    theirs.s.stage = 2;
  } else {
    theirs.s = ChaseState{};
  }
  // Ours: a chasing move goes on with it, another threat begins a new chase, else none.
  bool threatens = false, chases = false;
  for (int dir = 0; dir < kNumDirs; ++dir) {
    const int next = kNext[to][dir];
    if (next == kNone || board[next] == 0 || PieceOwner(board[next]) == seat) continue;
    threatens = true;
    chases |= mine.s.stage == 2 && mine.s.Evader(next);
  }
  if (!chases) mine.s = ChaseState{};
  if (!threatens) return;
  mine.s.stage = 1;
  if (mine.s.seen < Chase::kMemory) {
    undo.written = static_cast<std::int8_t>(mine.s.seen);
    undo.overwritten = mine.positions[mine.s.seen];
    mine.positions[mine.s.seen++] = OccupancyHash();
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

// Seed "Rescue" (option rescue) as the rulings read it: the choice is offered whenever a piece of
// a player with rescues left and a captured piece reaches the opponent's back row, whatever the
// piece, so that declining tells the opponent nothing; whether the piece may really rescue is
// MayRescue, and only pieces other than Bombs come back. [ruling, this implementation] Any
// captured piece opens the choice, since under silent_defense the opponent may not know that
// every captured piece is a Bomb (then the only choice is "no rescue").
bool Position::EarnsRescue(int seat, int to) const {
  return h.rules.rescue && OnEnemyBackRow(seat, to) && h.rescues[seat] < 2 &&
         ArmySize(h.lost[seat]) > 0;
}

// Seed "Rescue": a Scout never rescues; rulings: the same piece cannot rescue twice. The piece is
// the one the last move put on the back row.
bool Position::MayRescue(int seat) const {
  return PieceRank(board[h.last.to]) != kScout && h.rescuer[seat] != h.last.to;
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
    // A piece came back: no earlier position of a chase can come back.
    if (h.rules.repetition == Repetition::kIsf) h.chase[0].s = h.chase[1].s = ChaseState{};
  }
  EndTurn(seat);
}

void Position::EndTurn(int seat) {
  h.to_move = static_cast<std::uint8_t>(1 - seat);
  if (EndIfStuck()) return;
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
  const int seat = (u.flags & kFlagToMove) ? 1 : 0;
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
    const int depth = HistoryDepth(h.rules.repetition);
    for (int i = 0; i + 1 < depth; ++i) hist[i] = hist[i + 1];
    hist[depth - 1] = u.dropped;
    --h.play_plies;
    if (u.written != kNone) h.chase[seat].positions[u.written] = u.overwritten;
  } else if (action != kNoRescue) {
    const int rank = (action - kFirstRescue) / kNumSquares;
    board[(action - kFirstRescue) % kNumSquares] = 0;
    ++h.lost[seat][rank];
    if (u.flags & kFlagKnownTaken) ++h.lost_known[seat][rank];
    --h.rescues[seat];
  }
  --h.plies;
  h.last = u.last;
  h.rescuer = u.rescuer;
  h.quiet_plies = u.quiet_plies;
  h.phase = static_cast<Phase>(u.flags & 3);
  h.to_move = static_cast<std::uint8_t>(seat);
  h.rescue_pending = (u.flags & kFlagRescuePending) ? 1 : 0;
  h.ending = u.ending;
  h.winner = u.winner;
  if (h.rules.repetition == Repetition::kIsf) {
    h.chase[0].s = u.chase[0];
    h.chase[1].s = u.chase[1];
  }
}

void Position::Finish(int winner, Ending ending) {
  h.phase = Phase::kOver;
  h.winner = static_cast<std::int8_t>(winner);
  h.ending = ending;
}

void Position::EndOutsideTheRules(engine::EndReason reason,
                                  std::span<const engine::Outcome> results) {
  static constexpr Ending kEndings[] = {kResigned, kTime, kAbandoned, kAgreed};
  int winner = kNone;
  for (int seat = 0; seat < 2; ++seat) {
    h.outside_results[seat] = static_cast<std::uint8_t>(results[seat]);
    if (results[seat] == engine::Outcome::kWin) winner = winner == kNone ? seat : kNone;
  }
  h.rescue_pending = 0;
  Finish(winner, kEndings[static_cast<int>(reason)]);
}

// --- Invariants
// -------------------------------------------------------------------------------------

void Position::Check() const {
  const Army army = FullArmy();
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
  // A game may end outside the rules during the setup (a resignation, say).
  if (h.phase != Phase::kSetup && !EndedOutsideTheRules(h.ending) &&
      (ArmySize(h.to_place[0]) || ArmySize(h.to_place[1]))) {
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
    if (h.chase[seat].s.seen > Chase::kMemory) {
      throw Error(fmt::format("seat {}'s chase keeps more positions than it has room for", seat));
    }
  }
  if (h.rescue_pending && h.phase != Phase::kPlay) throw Error("a rescue is pending out of play");
}

}  // namespace quartel::stratego
