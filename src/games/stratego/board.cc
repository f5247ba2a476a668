#include "games/stratego/board.h"

#include <fmt/format.h>

#include <sstream>

#include "core/error.h"

namespace quartel::stratego {
namespace {

constexpr const char kRankChars[kNumRanks + 1] = "FS23456789XB";
constexpr const char* kRankNames[kNumRanks] = {"Flag",     "Spy",        "Scout",   "Miner",
                                               "Sergeant", "Lieutenant", "Captain", "Major",
                                               "Colonel",  "General",    "Marshal", "Bomb"};
constexpr const char kFiles[kSize + 1] = "abcdefghik";  // no j (reference file)
constexpr int kDirDrow[kNumDirs] = {1, 0, -1, 0};
constexpr int kDirDfile[kNumDirs] = {0, 1, 0, -1};

enum CombatResult : std::int8_t { kAttackerWins = 0, kDefenderWins = 1, kBothRemoved = 2 };

// Seed "Rank", "Special Miner Privilege", "Spy Privilege": higher rank wins, equal ranks both go,
// a Miner defuses a Bomb while any other attacker dies on it, the Spy beats the Marshal only when
// the Spy attacks, and any attacker takes the Flag.
CombatResult Combat(int attacker, int defender) {
  if (defender == kFlag) return kAttackerWins;
  if (defender == kBomb) return attacker == kMiner ? kAttackerWins : kDefenderWins;
  if (attacker == kSpy && defender == kMarshal) return kAttackerWins;
  if (attacker == defender) return kBothRemoved;
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

Army ClassicArmy() {
  //        F  S  2  3  4  5  6  7  8  9 10  B
  return {1, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6};
}

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
  return fmt::format("{}{}", kFiles[sq % kSize], sq / kSize + 1);
}

int ParseSquare(const std::string& text) {
  if (text.size() < 2 || text.size() > 3) return kNone;
  const char f =
      (text[0] >= 'A' && text[0] <= 'Z') ? static_cast<char>(text[0] - 'A' + 'a') : text[0];
  int file = kNone;
  for (int i = 0; i < kSize; ++i) {
    if (kFiles[i] == f) file = i;
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
    if (p.h.lost[owner][rank] == 0) {
      throw Error(fmt::format("'{}': the army has no more pieces of that rank", token));
    }
    --p.h.lost[owner][rank];
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
// (`repetition=isf`): after X->Y, Y->X, X->Y the move Y->X is illegal (the fourth). Only the
// owner's own moves count ("whatever the opponent does"); the chain is one piece because each
// move starts where the previous one ended.
bool Position::RepetitionForbids(int seat, int from, int to) const {
  const auto& hist = h.history[seat];
  if (hist[0].to != from || hist[0].from != to) return false;
  if (hist[1].from != from || hist[1].to != to) return false;
  if (h.rules.repetition == Repetition::kSeed) return true;
  return hist[2].from == to && hist[2].to == from;
}

void Position::GenerateMoves(int seat, std::vector<Action>* out, bool* any) const {
  for (int from = 0; from < kNumSquares; ++from) {
    const std::uint8_t p = board[from];
    if (!(p & kOccupied) || PieceOwner(p) != seat || !Movable(PieceRank(p))) continue;
    // Seed rule 6: only a Scout moves more than one square, in a straight line over empty squares.
    const int reach = PieceRank(p) == kScout ? kMaxDistance : 1;
    for (int dir = 0; dir < kNumDirs; ++dir) {
      for (int d = 1; d <= reach; ++d) {
        const int to = Step(from, dir, d);
        if (to == kNone || IsLake(to)) break;
        const std::uint8_t q = board[to];
        if ((q & kOccupied) && PieceOwner(q) == seat) break;
        if (!RepetitionForbids(seat, from, to)) {
          if (out == nullptr) {
            *any = true;
            return;
          }
          out->push_back(MoveAction(from, dir, d));
        }
        if (q & kOccupied) break;  // an attack ends the line
      }
    }
  }
}

bool Position::HasAnyMove(int seat) const {
  bool any = false;
  GenerateMoves(seat, nullptr, &any);
  return any;
}

void Position::LegalActions(std::vector<Action>& out) const {
  out.clear();
  const int seat = h.to_move;
  if (h.phase == Phase::kSetup) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      if (h.to_place[seat][rank] == 0) continue;
      const int first = seat == 0 ? 0 : 60;
      for (int sq = first; sq < first + kSetupSquares; ++sq) {
        if (board[sq] == 0) out.push_back(PlaceAction(rank, sq));
      }
    }
  } else if (h.phase == Phase::kPlay) {
    GenerateMoves(seat, &out, nullptr);
  }
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
  if (!IsMove(action)) return "the setup is over";
  return WhyIllegalMove(action);
}

// --- Applying actions
// -------------------------------------------------------------------------------

void Position::Apply(Action action) {
  ++h.plies;
  if (IsPlace(action)) {
    ApplyPlace(action);
  } else {
    ApplyMove(action);
  }
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
  bool flag_taken = false;
  if (q == 0) {
    board[to] = p;
  } else {
    // Rulings "Stratego": combat reveals both pieces to both players.
    const int a = PieceRank(p), d = PieceRank(q);
    const CombatResult result = Combat(a, d);
    h.last.attacker = static_cast<std::int8_t>(a);
    h.last.defender = static_cast<std::int8_t>(d);
    h.last.result = result;
    if (result == kAttackerWins) {
      board[to] = p | kRevealed;
      ++h.lost[1 - seat][d];
      flag_taken = d == kFlag;
    } else if (result == kDefenderWins) {
      board[to] = q | kRevealed;
      ++h.lost[seat][a];
    } else {
      board[to] = 0;
      ++h.lost[seat][a];
      ++h.lost[1 - seat][d];
    }
  }
  ++h.play_plies;
  h.quiet_plies = q == 0 ? h.quiet_plies + 1 : 0;
  if (flag_taken) {
    Finish(seat, kFlagCaptured);
    return;
  }
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
}

}  // namespace quartel::stratego
