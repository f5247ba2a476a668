#include "games/espionage/board.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "core/error.h"
#include "core/text.h"
#include "games/hidden_army/hidden_army.h"

namespace quartel::espionage {

using hidden_army::kSeatNames;

namespace {

constexpr const char kRankChars[] = "H12345SPM";
constexpr const char* kEndingNames[kNumEndings] = {"",
                                                   "headquarters captured",
                                                   "no move",
                                                   "draw claimed",
                                                   "move cap",
                                                   "no-capture cap",
                                                   "resignation",
                                                   "time",
                                                   "abandoned",
                                                   "agreement"};
constexpr int kDr[kNumDirs] = {1, 0, -1, 0};
constexpr int kDf[kNumDirs] = {0, 1, 0, -1};

}  // namespace

// What Undo needs (in engine::UndoInfo's 64 bytes): every scalar an action may change, the two
// cells and no-return marks of a move's squares, and which neighbours a Spy's arrival showed.
// Counters that only grow (plies, num_removed, the armies to place) are stepped back instead.
struct UndoData {
  std::int32_t play_plies, quiet_plies, quiet_turns;
  std::int8_t to_move, moves_done, first_piece, last_from, last_to, last_removed, winner, ending;
  Phase phase;
  std::uint8_t removal_this_turn, num_removed;
  CellBits cell_from, cell_to;     // a move's two cells before it
  std::int8_t back_from, back_to;  // and their no-return marks
  std::uint8_t shown;              // bit k: the k-th of the 8 neighbours of `to` became recognised
};
static_assert(sizeof(UndoData) <= sizeof(engine::UndoInfo));
static_assert(std::is_trivially_copyable_v<UndoData>);

namespace {

UndoData SaveUndo(const Position& p, Action action) {
  UndoData u{};
  u.play_plies = p.play_plies;
  u.quiet_plies = p.quiet_plies;
  u.quiet_turns = p.quiet_turns;
  u.to_move = static_cast<std::int8_t>(p.to_move);
  u.moves_done = static_cast<std::int8_t>(p.moves_done);
  u.first_piece = static_cast<std::int8_t>(p.first_piece);
  u.last_from = static_cast<std::int8_t>(p.last_from);
  u.last_to = static_cast<std::int8_t>(p.last_to);
  u.last_removed = static_cast<std::int8_t>(p.last_removed);
  u.winner = static_cast<std::int8_t>(p.winner);
  u.ending = static_cast<std::int8_t>(p.ending);
  u.phase = p.phase;
  u.removal_this_turn = p.removal_this_turn;
  u.num_removed = static_cast<std::uint8_t>(p.num_removed);
  if (p.phase == Phase::kPlay && IsMove(action)) {
    const int from = MoveFrom(action), to = Step(from, MoveDir(action));
    u.cell_from = p.board[from];
    u.cell_to = p.board[to];
    u.back_from = p.back[from];
    u.back_to = p.back[to];
  }
  return u;
}

// The k-th of the 8 squares around `sq` (row by row from the south-west, the centre skipped), or
// kNone off the board.
int Neighbour(int sq, int k) {
  const int index = k < 4 ? k : k + 1;  // 0..8 without the centre (4)
  const int r = sq / kSize + index / 3 - 1, f = sq % kSize + index % 3 - 1;
  return (r < 0 || r >= kSize || f < 0 || f >= kSize) ? kNone : r * kSize + f;
}

}  // namespace

Army FullArmy() { return {1, 5, 4, 3, 2, 2, 5, 4, 4}; }
int ArmySize(const Army& army) {
  int n = 0;
  for (int c : army) n += c;
  return n;
}
std::string RankString(const Army& army) {
  std::string out;
  for (int rank = 0; rank < kNumRanks; ++rank) out.append(army[rank], RankChar(rank));
  return out;
}
char RankChar(int rank) { return rank >= 0 && rank < kNumRanks ? kRankChars[rank] : '?'; }
int RankFromChar(char c) {
  const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (kRankChars[rank] == u) return rank;
  }
  return kNone;
}
std::string RankName(int rank) {
  static const char* kNames[] = {"Headquarters", "Corporal", "Second Lieutenant",
                                 "Captain",      "Colonel",  "General",
                                 "Spy",          "Sapper",   "Mine"};
  return rank >= 0 && rank < kNumRanks ? kNames[rank] : "?";
}
const char* EndingName(int ending) {
  return ending >= 0 && ending < kNumEndings ? kEndingNames[ending] : "?";
}

std::string SquareName(int sq) {
  return fmt::format("{}{}", static_cast<char>('a' + sq % kSize), sq / kSize + 1);
}
int ParseSquare(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return kNone;
  const int file = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  const auto row = ParseInteger(text.substr(1));
  if (file < 0 || file >= kSize || !row || *row < 1 || *row > kSize) return kNone;
  return static_cast<int>((*row - 1) * kSize + file);
}
int Step(int sq, int dir) {
  const int r = sq / kSize + kDr[dir], f = sq % kSize + kDf[dir];
  return (r < 0 || r >= kSize || f < 0 || f >= kSize) ? kNone : r * kSize + f;
}

// Rulings "Espionage", combat: the attacker of equal or higher rank wins, a weaker one dies;
// soldiers also beat Spies and Sappers; a Sapper attacking a General wins (a General attacking a
// Sapper wins too); a Spy captures only Spies and Sappers; a Sapper captures Sappers, Spies and,
// attacking, Generals; a non-Sapper entering a Mine dies (the Mine stays), a Sapper removes it;
// any piece captures the Headquarters. Mines and the Headquarters never attack.
Combat Resolve(int attacker, int defender) {
  const auto win = [](bool w) { return w ? Combat::kAttackerWins : Combat::kDefenderWins; };
  if (attacker == kHq || attacker == kMine || attacker < 0 || attacker >= kNumRanks) {
    throw Error(fmt::format("a {} cannot attack", RankName(attacker)));
  }
  if (defender == kHq) return Combat::kAttackerWins;
  if (defender == kMine) return win(attacker == kSapper);
  const bool soldier_defends = defender >= 1 && defender <= kGeneral;
  if (attacker >= 1 && attacker <= kGeneral) return win(!soldier_defends || attacker >= defender);
  if (attacker == kSpy) return win(defender == kSpy || defender == kSapper);
  return win(defender == kSapper || defender == kSpy || defender == kGeneral);  // a Sapper
}

// --- Position: set-up and questions ----------------------------------------------------------

Position Position::Initial(const Rules& rules) {
  Position p;
  p.rules = rules;
  p.back.fill(kNone);
  p.to_place = {FullArmy(), FullArmy()};
  p.volcanoes_left = rules.volcanoes;
  p.phase = rules.volcanoes > 0 ? Phase::kVolcanoes : Phase::kSetup;
  return p;
}

bool Position::MidTurn() const {
  return (phase == Phase::kPlay && moves_done > 0) ||
         (phase == Phase::kSetup && to_place[to_move] != FullArmy());
}

// Rulings "Espionage": after no_capture_draw whole turns without a removed piece, either seat may
// claim a draw at the start of its turn.
bool Position::DrawClaimable() const {
  return phase == Phase::kPlay && moves_done == 0 && rules.no_capture_draw > 0 &&
         quiet_turns >= rules.no_capture_draw;
}

// One orthogonal step of a mobile piece onto an empty square or an enemy piece; not the piece
// that already moved this turn (two different pieces); not back onto the square the piece left on
// its previous move (no-return rule; it applies to attacks too).
template <typename Visit>
bool Position::ForEachMove(int seat, Visit visit) const {
  for (int from = 0; from < kNumSquares; ++from) {
    const CellBits c = board[from];
    if (!IsPiece(c) || Owner(c) != seat || !Mobile(RankOf(c)) || from == first_piece) continue;
    for (int dir = 0; dir < kNumDirs; ++dir) {
      const int to = Step(from, dir);
      if (to == kNone || to == back[from]) continue;
      const CellBits t = board[to];
      if (t == kVolcano || (IsPiece(t) && Owner(t) == seat)) continue;
      if (visit(MoveAction(from, dir))) return true;
    }
  }
  return false;
}

bool Position::HasMove(int seat) const {
  return ForEachMove(seat, [](Action) { return true; });
}

void Position::LegalActions(std::vector<Action>& out) const {
  out.clear();
  switch (phase) {
    case Phase::kVolcanoes:
      for (int sq = 30; sq < 70; ++sq) {
        if (board[sq] == 0) out.push_back(sq);
      }
      return;
    case Phase::kLot:
      out = {kFirstLot, kFirstLot + 1};
      return;
    case Phase::kSetup:
      for (int rank = 0; rank < kNumRanks; ++rank) {
        if (to_place[to_move][rank] == 0) continue;
        for (int sq = 0; sq < kNumSquares; ++sq) {
          if (IsHome(to_move, sq) && board[sq] == 0) out.push_back(PlaceAction(rank, sq));
        }
      }
      return;
    case Phase::kPlay:
      ForEachMove(to_move, [&out](Action a) {
        out.push_back(a);
        return false;
      });
      if (DrawClaimable()) out.push_back(kClaimDraw);
      return;
    case Phase::kOver:
      return;
  }
}

// --- Why an action is illegal (told only to the seat to act: engine::SeatHandle) -------------

std::string Position::WhyIllegal(Action action) const {
  if (action < 0 || action >= kNumActions) return fmt::format("action {} is out of range", action);
  if (phase == Phase::kOver) return "the game is over";
  std::vector<Action> legal;
  LegalActions(legal);
  if (std::binary_search(legal.begin(), legal.end(), action)) return "";
  switch (phase) {
    case Phase::kVolcanoes:
      return IsVolcano(action) && IsNeutral(action)
                 ? fmt::format("{} already holds a volcano", SquareName(action))
                 : "a volcano goes on a free square of the four neutral rows";
    case Phase::kLot:
      return "the first player is being drawn by lot";
    case Phase::kSetup:
      return WhyIllegalPlace(action);
    default:
      break;
  }
  if (action == kClaimDraw) {
    return moves_done > 0 ? "a draw is claimed at the start of a turn"
                          : fmt::format("a draw may be claimed after {} turns without a capture",
                                        rules.no_capture_draw);
  }
  if (!IsMove(action)) return "the game is in its play phase: move a piece";
  return WhyIllegalMove(action);
}

std::string Position::WhyIllegalPlace(Action action) const {
  if (!IsPlace(action)) return "the armies are being set up";
  const int rank = PlaceRank(action), sq = PlaceSquare(action);
  if (!IsHome(to_move, sq)) {
    return fmt::format("{} is not in {}'s three home rows", SquareName(sq), kSeatNames[to_move]);
  }
  if (board[sq] != 0) return fmt::format("{} is occupied", SquareName(sq));
  return fmt::format("{} has no {} left to place", kSeatNames[to_move], RankName(rank));
}

std::string Position::WhyIllegalMove(Action action) const {
  const int from = MoveFrom(action), dir = MoveDir(action);
  const CellBits c = board[from];
  if (!IsPiece(c) || Owner(c) != to_move) {
    return fmt::format("{} holds no piece of {}", SquareName(from), kSeatNames[to_move]);
  }
  if (!Mobile(RankOf(c))) return fmt::format("the piece on {} cannot move", SquareName(from));
  if (from == first_piece) return "the second move of a turn must use a different piece";
  const int to = Step(from, dir);
  if (to == kNone) return fmt::format("that move from {} leaves the board", SquareName(from));
  if (board[to] == kVolcano) return fmt::format("{} is a volcano", SquareName(to));
  if (to == back[from]) {
    return fmt::format("no return: the piece on {} just left {}", SquareName(from), SquareName(to));
  }
  return fmt::format("{} holds a piece of {}", SquareName(to), kSeatNames[to_move]);
}

// --- Applying -----------------------------------------------------------------------------------

void Position::Apply(Action action, engine::UndoInfo* undo) {
  UndoData u = undo != nullptr ? SaveUndo(*this, action) : UndoData{};
  ++plies;
  switch (phase) {
    case Phase::kVolcanoes:
      ApplyVolcano(action);
      break;
    case Phase::kLot:
      ApplyLot(action);
      break;
    case Phase::kSetup:
      ApplyPlace(action);
      break;
    case Phase::kPlay:
      if (action == kClaimDraw) {
        Finish(kNone, kDrawClaimed);
      } else {
        ApplyMove(action, u.shown);
      }
      break;
    case Phase::kOver:
      break;
  }
  if (undo != nullptr) std::memcpy(undo->words.data(), &u, sizeof(u));
}

void Position::ApplyVolcano(Action action) {
  board[action] = kVolcano;
  if (--volcanoes_left == 0) phase = Phase::kSetup;
}

// The lot gives the first move; a seat that cannot move at the start of its turn loses.
void Position::ApplyLot(Action action) {
  to_move = action - kFirstLot;
  phase = Phase::kPlay;
  if (!HasMove(to_move)) Finish(1 - to_move, kNoMove);
}

// Red sets up first, then Blue, then the lot draws who moves first.
void Position::ApplyPlace(Action action) {
  board[PlaceSquare(action)] = MakeCell(to_move, PlaceRank(action));
  --to_place[to_move][PlaceRank(action)];
  if (ArmySize(to_place[to_move]) != 0) return;
  if (to_move == 0) {
    to_move = 1;
  } else {
    to_move = 0;
    phase = Phase::kLot;
  }
}

void Position::ApplyMove(Action action, std::uint8_t& shown) {
  const int seat = to_move;
  const int from = MoveFrom(action), to = Step(from, MoveDir(action));
  ++play_plies;
  ++quiet_plies;
  ++moves_done;
  last_from = from;
  last_to = to;
  last_removed = kRemovedNone;
  CellBits mover = static_cast<CellBits>(board[from] | kMovedBit);
  board[from] = 0;
  back[from] = kNone;
  bool hq_taken = false;
  const bool arrived = !IsPiece(board[to]) || Attack(mover, to, hq_taken);
  if (arrived) {
    board[to] = mover;
    back[to] = static_cast<std::int8_t>(from);
    shown = Recognise(to, seat);
  }
  first_piece = arrived ? to : kNone;
  if (hq_taken) return Finish(seat, kHqCaptured);
  EndMoveOrTurn(seat);
}

bool Position::Attack(CellBits& mover, int to, bool& hq_taken) {
  const CellBits target = board[to];
  removal_this_turn = true;
  quiet_plies = 0;
  CellBits defender = target;
  if (rules.reveal_on_combat) {  // both ranks become known to both seats
    mover |= kKnownBit;
    defender |= kKnownBit;
  }
  if (Resolve(RankOf(mover), RankOf(target)) == Combat::kAttackerWins) {
    removed[num_removed++] = defender;
    last_removed = kRemovedDefender;
    hq_taken = RankOf(target) == kHq;
    return true;
  }
  removed[num_removed++] = mover;
  board[to] = defender;
  last_removed = kRemovedAttacker;
  return false;
}

// Spy recognition (rulings "Espionage"): a Spy shows every enemy piece on the 8 squares around it
// when it moves next to them or they move next to it; the reveal is permanent and seen by the
// spying side only (kRecognisedBit).
std::uint8_t Position::Recognise(int to, int seat) {
  std::uint8_t shown = 0;
  const bool spy_arrived = RankOf(board[to]) == kSpy;
  for (int k = 0; k < 8; ++k) {
    const int n = Neighbour(to, k);
    if (n == kNone) continue;
    CellBits& c = board[n];
    if (!IsPiece(c) || Owner(c) == seat) continue;
    if (spy_arrived && !(c & kRecognisedBit)) {
      c |= kRecognisedBit;
      shown |= static_cast<std::uint8_t>(1 << k);
    }
    if (RankOf(c) == kSpy) board[to] |= kRecognisedBit;
  }
  return shown;
}

// The turn goes on when a second move is due and another piece can make it.
void Position::EndMoveOrTurn(int seat) {
  if (moves_done < rules.moves_per_turn && play_plies < rules.max_plies &&
      quiet_plies < rules.max_plies_without_capture && HasMove(seat)) {
    return;
  }
  EndTurn();
}

void Position::EndTurn() {
  quiet_turns = removal_this_turn ? 0 : quiet_turns + 1;
  removal_this_turn = false;
  moves_done = 0;
  first_piece = kNone;
  to_move = 1 - to_move;
  if (play_plies >= rules.max_plies) {
    Finish(kNone, kPlyCap);
  } else if (quiet_plies >= rules.max_plies_without_capture) {
    Finish(kNone, kQuietCap);
  } else if (!HasMove(to_move)) {  // rulings: a player with no legal move loses
    Finish(1 - to_move, kNoMove);
  }
}

void Position::Finish(int winning_seat, Ending how) {
  phase = Phase::kOver;
  winner = winning_seat;
  ending = how;
}

// A resignation, a loss on time, an abandoned game or a draw agreed (rulings "Espionage": draw by
// agreement): the game is over with `results`; the winner is the seat that won against a loss.
void Position::EndOutsideTheRules(engine::EndReason reason,
                                  std::span<const engine::Outcome> results) {
  Finish(kNone, static_cast<Ending>(kFirstOutsideEnding + static_cast<int>(reason)));
  outcomes = {results[0], results[1]};
  for (int seat = 0; seat < 2; ++seat) {
    if (results[seat] == engine::Outcome::kWin && results[1 - seat] == engine::Outcome::kLoss) {
      winner = seat;
    }
  }
}

// --- Undo ---------------------------------------------------------------------------------------

void Position::Undo(Action action, const engine::UndoInfo& undo) {
  UndoData u;
  std::memcpy(static_cast<void*>(&u), undo.words.data(), sizeof(u));
  --plies;
  switch (u.phase) {
    case Phase::kVolcanoes:
      board[action] = 0;
      ++volcanoes_left;
      break;
    case Phase::kSetup:
      board[PlaceSquare(action)] = 0;
      ++to_place[u.to_move][PlaceRank(action)];
      break;
    case Phase::kPlay:
      if (action != kClaimDraw) UndoMove(action, u);
      break;
    case Phase::kLot:
    case Phase::kOver:
      break;
  }
  play_plies = u.play_plies;
  quiet_plies = u.quiet_plies;
  quiet_turns = u.quiet_turns;
  to_move = u.to_move;
  moves_done = u.moves_done;
  first_piece = u.first_piece;
  last_from = u.last_from;
  last_to = u.last_to;
  last_removed = u.last_removed;
  winner = u.winner;
  ending = u.ending;
  phase = u.phase;
  removal_this_turn = u.removal_this_turn != 0;
}

// A move's two squares as they were, the recognitions it made taken back, its removal forgotten.
void Position::UndoMove(Action action, const UndoData& u) {
  const int from = MoveFrom(action), to = Step(from, MoveDir(action));
  for (int k = 0; k < 8; ++k) {
    if ((u.shown >> k) & 1) board[Neighbour(to, k)] &= ~kRecognisedBit;
  }
  board[from] = u.cell_from;
  board[to] = u.cell_to;
  back[from] = u.back_from;
  back[to] = u.back_to;
  while (num_removed > u.num_removed) removed[--num_removed] = 0;
}

// --- Invariants ---------------------------------------------------------------------------------

void Position::Check() const {
  std::array<Army, 2> count = to_place;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = board[sq];
    if (IsPiece(c)) {
      if (RankOf(c) >= kNumRanks) throw Error(fmt::format("bad piece on {}", SquareName(sq)));
      ++count[Owner(c)][RankOf(c)];
    } else if (c != 0 && c != kVolcano) {
      throw Error(fmt::format("bad cell on {}", SquareName(sq)));
    }
    if (back[sq] != kNone && !IsPiece(c)) {
      throw Error(fmt::format("no-return mark on empty {}", SquareName(sq)));
    }
  }
  for (int i = 0; i < num_removed; ++i) ++count[Owner(removed[i])][RankOf(removed[i])];
  if (count[0] != FullArmy() || count[1] != FullArmy()) throw Error("the armies do not add up");
}

}  // namespace quartel::espionage
