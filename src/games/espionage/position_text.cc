// Espionage position text (espionage.h, "Position text"): the full state as one line, a seat's
// view of it in the same form, and the parser of the full form.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <optional>
#include <span>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/espionage/espionage.h"
#include "games/espionage/setups.h"

namespace quartel::espionage {
namespace {

using hidden_army::kSeatNames;

constexpr const char* kPhaseWords[] = {"volcanoes", "setup", "lot", "play", "over"};
constexpr const char* kSeatWords[] = {"red", "blue"};
constexpr const char kDirMarks[] = "nesw";  // the no-return square, from the piece, by direction
constexpr const char* kFieldNames[] = {"phase",       "to_move",     "moves_done", "placed",
                                       "removed",     "last_move",   "plies",      "play_plies",
                                       "quiet_plies", "quiet_turns", "result"};
// Ending words: EndingName with '-' for ' '.
std::string EndingWord(int ending) {
  std::string word = EndingName(ending);
  for (char& c : word) c = c == ' ' ? '-' : c;
  return word;
}

[[noreturn]] void Fail(std::string_view field, const std::string& problem) {
  throw Error(fmt::format("espionage position: {}: {}", field, problem));
}

// A piece token: owner letter, rank character (or '?'), then the marks.
std::string PieceToken(CellBits cell, char rank, bool known, bool recognised, int back_dir) {
  std::string token{Owner(cell) == 0 ? 'R' : 'B', rank};
  if (cell & kMovedBit) token += '\'';
  if (known) token += '+';
  if (recognised) token += '!';
  if (back_dir != kNone) token += kDirMarks[back_dir];
  return token;
}

// The direction from `sq` to its no-return square, or kNone.
int BackDir(const Position& p, int sq) {
  for (int dir = 0; dir < kNumDirs; ++dir) {
    if (p.back[sq] != kNone && Step(sq, dir) == p.back[sq]) return dir;
  }
  return kNone;
}

// The index of `text` among `words`.
int WordIndex(std::string_view field, const std::string& text, std::span<const char* const> words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (text == words[i]) return static_cast<int>(i);
  }
  Fail(field, fmt::format("'{}' is not one of its words", text));
}

int Count(std::string_view field, std::string_view text) {
  const auto n = ParseInteger(text);
  if (!n || *n < 0 || *n > 1000000) Fail(field, fmt::format("'{}' is not a count", text));
  return static_cast<int>(*n);
}

// What a seat's view leaves unknown: the other seat (`owner`), whose ranks may be '?', and
// where: squares and indexes of removed pieces.
struct ViewUnknowns {
  int owner = kNone;
  std::vector<int> squares, removed;
};

// Parses one piece token at `text[i]` (advancing i) into a cell and its no-return direction. A
// rank '?' of `unknowns->owner` sets `hidden` (the cell is left with rank 0).
CellBits ParsePiece(std::string_view field, std::string_view text, std::size_t& i, int& back_dir,
                    const ViewUnknowns* unknowns = nullptr, bool* hidden = nullptr) {
  const char owner = text[i];
  if (i + 1 >= text.size()) Fail(field, fmt::format("'{}' lacks a rank", owner));
  if (text[i + 1] == '?') {
    if (unknowns == nullptr) Fail(field, "'?' is read only in a seat's view");
    if ((owner == 'B' ? 1 : 0) != unknowns->owner) Fail(field, "a seat sees its own ranks");
    *hidden = true;
  }
  const int rank = text[i + 1] == '?' ? 0 : RankFromChar(text[i + 1]);
  if (rank == kNone) Fail(field, fmt::format("'{}' is not a rank character", text[i + 1]));
  CellBits cell = MakeCell(owner == 'B' ? 1 : 0, rank);
  back_dir = kNone;
  for (i += 2; i < text.size(); ++i) {
    const char c = text[i];
    const char* dir = c == '\0' ? nullptr : std::strchr(kDirMarks, c);
    if (c == '\'') {
      cell |= kMovedBit;
    } else if (c == '+') {
      cell |= kKnownBit;
    } else if (c == '!') {
      cell |= kRecognisedBit;
    } else if (dir != nullptr && back_dir == kNone) {
      back_dir = static_cast<int>(dir - kDirMarks);
    } else {
      break;
    }
  }
  return cell;
}

// The board field: ten rows from row 10 down, separated by '/', each ten squares.
void ParseBoard(std::string_view text, Position& p, ViewUnknowns* unknowns = nullptr) {
  const std::vector<std::string> rows = Split(text, '/');
  if (rows.size() != kSize) Fail("board", fmt::format("{} rows, not 10", rows.size()));
  for (int i = 0; i < kSize; ++i) {
    const int row = kSize - 1 - i;
    const std::string& s = rows[i];
    int file = 0;
    for (std::size_t k = 0; k < s.size(); ++file) {
      if (file >= kSize) Fail("board", fmt::format("row {} has more than 10 squares", row + 1));
      const int sq = row * kSize + file;
      if (s[k] == '.' || s[k] == '~') {
        if (s[k] == '~' && !IsNeutral(sq)) {
          Fail("board", fmt::format("a volcano on {}, outside the neutral rows", SquareName(sq)));
        }
        p.board[sq] = s[k++] == '~' ? kVolcano : 0;
      } else if (s[k] == 'R' || s[k] == 'B') {
        int dir = kNone;
        bool hidden = false;
        p.board[sq] = ParsePiece("board", s, k, dir, unknowns, &hidden);
        if (hidden) unknowns->squares.push_back(sq);
        if (dir != kNone && Step(sq, dir) == kNone) {
          Fail("board", fmt::format("the no-return mark of {} leaves the board", SquareName(sq)));
        }
        p.back[sq] = static_cast<std::int8_t>(dir == kNone ? kNone : Step(sq, dir));
      } else {
        Fail("board", fmt::format("'{}' on {} is no square", s[k], SquareName(sq)));
      }
    }
    if (file != kSize) Fail("board", fmt::format("row {} has {} squares, not 10", row + 1, file));
  }
}

// The removed pieces in the order they were removed, tokens as on the board without no-return
// marks and without separators, or "-".
void ParseRemoved(std::string_view text, Position& p, ViewUnknowns* unknowns = nullptr) {
  if (text == "-") return;
  for (std::size_t k = 0; k < text.size();) {
    if (text[k] != 'R' && text[k] != 'B') {
      Fail("removed", fmt::format("'{}' does not start a piece", text[k]));
    }
    int dir = kNone;
    bool hidden = false;
    const CellBits cell = ParsePiece("removed", text, k, dir, unknowns, &hidden);
    if (dir != kNone) Fail("removed", "a removed piece has no no-return mark");
    if (p.num_removed >= static_cast<int>(p.removed.size())) Fail("removed", "too many pieces");
    if (hidden) unknowns->removed.push_back(p.num_removed);
    p.removed[p.num_removed++] = cell;
  }
}

void ParseLastMove(std::string_view text, Position& p) {
  if (text == "-") return;
  const std::size_t sep = text.find_first_of("-x");
  const std::size_t colon = text.find(':');
  const int from = sep == std::string_view::npos ? kNone : ParseSquare(text.substr(0, sep));
  const int to = sep == std::string_view::npos
                     ? kNone
                     : ParseSquare(text.substr(sep + 1, colon == std::string_view::npos
                                                            ? std::string_view::npos
                                                            : colon - sep - 1));
  bool adjacent = false;
  for (int dir = 0; dir < kNumDirs && from != kNone; ++dir) adjacent |= Step(from, dir) == to;
  if (to == kNone || !adjacent) Fail("last_move", fmt::format("'{}' is no one-step move", text));
  const bool attack = text[sep] == 'x';
  const std::string_view removed =
      colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
  if (attack != !removed.empty() || (attack && removed != "attacker" && removed != "defender")) {
    Fail("last_move", fmt::format("'{}': an attack is e4xe5:attacker or e4xe5:defender", text));
  }
  p.last_from = from;
  p.last_to = to;
  p.last_removed = !attack                 ? kRemovedNone
                   : removed == "attacker" ? kRemovedAttacker
                                           : kRemovedDefender;
}

// "-" or ENDING:RED/BLUE (each win, loss or draw).
void ParseResult(std::string_view text, Position& p) {
  if ((text == "-") != (p.phase != Phase::kOver)) {
    Fail("result", "a result is given exactly when the phase is over");
  }
  if (text == "-") return;
  const std::size_t colon = text.find(':'), slash = text.find('/');
  int ending = kNone;
  for (int e = 1; e < kNumEndings && colon != std::string_view::npos; ++e) {
    if (EndingWord(e) == text.substr(0, colon)) ending = e;
  }
  if (ending == kNone || slash == std::string_view::npos || slash < colon) {
    Fail("result", fmt::format("'{}' is not ENDING:RED/BLUE, e.g. resignation:loss/win", text));
  }
  const engine::Outcome red = engine::ParseOutcome(text.substr(colon + 1, slash - colon - 1));
  const engine::Outcome blue = engine::ParseOutcome(text.substr(slash + 1));
  const std::array<engine::Outcome, 2> results = {red, blue};
  if (ending >= kFirstOutsideEnding) {
    p.EndOutsideTheRules(static_cast<engine::EndReason>(ending - kFirstOutsideEnding), results);
    return;
  }
  const bool decisive = ending == kHqCaptured || ending == kNoMove;
  const int winner = red == engine::Outcome::kWin ? 0 : 1;
  const bool win_loss =
      red != blue && red != engine::Outcome::kDraw && blue != engine::Outcome::kDraw;
  const bool draw = red == engine::Outcome::kDraw && blue == engine::Outcome::kDraw;
  if (decisive ? !win_loss : !draw) {
    Fail("result", fmt::format("'{}': {} needs {}", text, EndingWord(ending),
                               decisive ? "a win and a loss" : "a draw for both"));
  }
  p.winner = decisive ? winner : kNone;
  p.ending = ending;
}

// Which of `seat`'s pieces stand on the board or were removed, per rank.
Army PiecesOf(const Position& p, int seat) {
  Army count{};
  for (CellBits c : p.board) {
    if (IsPiece(c) && Owner(c) == seat) ++count[RankOf(c)];
  }
  for (int i = 0; i < p.num_removed; ++i) {
    if (Owner(p.removed[i]) == seat) ++count[RankOf(p.removed[i])];
  }
  return count;
}

// The armies: never more of a rank than the army holds; to place what is left.
void SetArmies(Position& p) {
  for (int seat = 0; seat < 2; ++seat) {
    const Army count = PiecesOf(p, seat);
    for (int rank = 0; rank < kNumRanks; ++rank) {
      if (count[rank] > FullArmy()[rank]) {
        Fail("board", fmt::format("{} has {} of rank {}, the army only {}", kSeatNames[seat],
                                  count[rank], RankChar(rank), FullArmy()[rank]));
      }
      p.to_place[seat][rank] = static_cast<std::int8_t>(FullArmy()[rank] - count[rank]);
    }
  }
}

// What the phase needs of the armies (Red sets up first, then Blue; nothing is removed before
// play; play needs both armies whole on the board or removed).
void CheckArmiesForPhase(const Position& p) {
  if (p.phase != Phase::kPlay && p.phase != Phase::kOver && p.num_removed > 0) {
    Fail("removed", "no piece is removed before play");
  }
  const int left_red = ArmySize(p.to_place[0]), left_blue = ArmySize(p.to_place[1]);
  bool ok = true;
  switch (p.phase) {
    case Phase::kVolcanoes:
      ok = left_red == kHomeSquares && left_blue == kHomeSquares && p.to_move == 0;
      break;
    case Phase::kSetup:
      ok = p.to_move == 0 ? left_red > 0 && left_blue == kHomeSquares
                          : left_red == 0 && left_blue > 0;
      break;
    case Phase::kLot:
    case Phase::kPlay:
      ok = left_red == 0 && left_blue == 0 && (p.phase == Phase::kPlay || p.to_move == 0);
      break;
    case Phase::kOver:
      break;
  }
  if (!ok) Fail("placed", "the armies do not fit the phase and the seat to move");
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = p.board[sq];
    if (p.phase == Phase::kSetup && IsPiece(c) && !IsHome(Owner(c), sq)) {
      Fail("board",
           fmt::format("{} stands outside its home rows during the setup", SquareName(sq)));
    }
  }
}

// Seed: the Headquarters and the Mines never move, and a no-return mark is what a piece's own move
// leaves behind.
void CheckMoveMarks(const Position& p) {
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const CellBits c = p.board[sq];
    if (!IsPiece(c)) continue;
    if (!Mobile(RankOf(c)) && ((c & kMovedBit) || p.back[sq] != kNone)) {
      Fail("board", fmt::format("the {} on {} never moves", RankName(RankOf(c)), SquareName(sq)));
    }
    if (p.back[sq] != kNone && !(c & kMovedBit)) {
      Fail("board", fmt::format("{} has a no-return mark but has not moved (')", SquareName(sq)));
    }
  }
  for (int i = 0; i < p.num_removed; ++i) {
    if (!Mobile(RankOf(p.removed[i])) && (p.removed[i] & kMovedBit)) {
      Fail("removed", fmt::format("a {} never moves", RankName(RankOf(p.removed[i]))));
    }
  }
}

// Seed: taking the Headquarters wins at once. So a Headquarters is removed only in a game ended
// by its capture, and then only the loser's.
void CheckHeadquarters(const Position& p) {
  for (int seat = 0; seat < 2; ++seat) {
    bool removed = false;
    for (int i = 0; i < p.num_removed; ++i) {
      removed |= Owner(p.removed[i]) == seat && RankOf(p.removed[i]) == kHq;
    }
    const bool captured =
        p.phase == Phase::kOver && p.ending == kHqCaptured && p.winner == 1 - seat;
    if (removed != captured) {
      Fail("removed",
           captured ? fmt::format("{}'s Headquarters was taken: it is removed", kSeatNames[seat])
                    : fmt::format("{}'s Headquarters is removed, but taking it ends "
                                  "the game",
                                  kSeatNames[seat]));
    }
  }
}

// Rulings "Espionage": `volcanoes` volcanoes are placed by lot before the setup and stay for the
// whole game. So the board holds fewer only while they are being placed (their phase, or a game
// ended then, before any piece was placed), and exactly that many from the setup on. Returns how
// many are still to place.
int VolcanoesLeft(const Position& p, int volcanoes) {
  int on_board = 0;
  for (CellBits c : p.board) on_board += c == kVolcano;
  if (p.phase == Phase::kVolcanoes && on_board >= volcanoes) {
    Fail("board", fmt::format("{} volcanoes while {} are being placed", on_board, volcanoes));
  }
  const bool unplaced = ArmySize(p.to_place[0]) + ArmySize(p.to_place[1]) == 2 * kHomeSquares;
  const bool placing = p.phase == Phase::kVolcanoes || (p.phase == Phase::kOver && unplaced);
  if (placing ? on_board > volcanoes : on_board != volcanoes) {
    Fail("board", fmt::format("{} volcano{} on the board, but volcanoes={} places {} before the "
                              "setup",
                              on_board, on_board == 1 ? "" : "es", volcanoes, volcanoes));
  }
  return placing ? volcanoes - on_board : 0;
}

// The turn's progress: the first piece (if it survived its move) and whether that move removed a
// piece follow from the last move.
void SetTurn(std::string_view moves_text, Position& p) {
  p.moves_done = Count("moves_done", moves_text);
  const int most = p.phase == Phase::kPlay   ? p.rules.moves_per_turn - 1
                   : p.phase == Phase::kOver ? p.rules.moves_per_turn
                                             : 0;
  if (p.moves_done > most) Fail("moves_done", fmt::format("at most {} here", most));
  if (p.moves_done == 0) return;
  if (p.last_from == kNone) Fail("moves_done", "moves made this turn need a last_move");
  p.first_piece = p.last_removed == kRemovedAttacker ? kNone : p.last_to;
  p.removal_this_turn = p.last_removed != kRemovedNone;
}

// The other seat's ranks a view leaves unknown, given by a fixed rule: its Headquarters to a
// piece on the board that never moved, its Mines to the other unmoved pieces on the board, then
// to unmoved removed ones, the mobile ranks in rank order to the rest. Throws when no
// arrangement of the army fits.
void FillUnknownRanks(Position& p, const ViewUnknowns& unknowns) {
  const int other = unknowns.owner;
  Army left = FullArmy();
  std::vector<CellBits*> unmoved_on_board, unmoved_removed, moved;
  auto count_known = [&](CellBits c) {
    if (left[RankOf(c)] == 0) {
      Fail("board", fmt::format("{} has more of rank {} than its army", kSeatNames[other],
                                RankChar(RankOf(c))));
    }
    --left[RankOf(c)];
  };
  std::array<bool, kNumSquares> unknown_square{};
  for (int sq : unknowns.squares) unknown_square[sq] = true;
  std::vector<bool> unknown_removed(static_cast<std::size_t>(p.num_removed));
  for (int i : unknowns.removed) unknown_removed[static_cast<std::size_t>(i)] = true;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    CellBits& c = p.board[sq];
    if (!IsPiece(c) || Owner(c) != other) continue;
    if (!unknown_square[sq]) {
      count_known(c);
    } else {
      ((c & kMovedBit) ? moved : unmoved_on_board).push_back(&c);
    }
  }
  for (int i = 0; i < p.num_removed; ++i) {
    CellBits& c = p.removed[i];
    if (Owner(c) != other) continue;
    if (!unknown_removed[static_cast<std::size_t>(i)]) {
      count_known(c);
    } else {
      ((c & kMovedBit) ? moved : unmoved_removed).push_back(&c);
    }
  }
  const auto give = [](CellBits* c, int rank) { *c = static_cast<CellBits>((*c & ~0x0f) | rank); };
  // Unplaced pieces (a setup in progress) take what is left over.
  std::size_t next = 0;
  for (; left[kHq] > 0 && next < unmoved_on_board.size(); --left[kHq]) {
    give(unmoved_on_board[next++], kHq);
  }
  std::vector<CellBits*> rest(unmoved_on_board.begin() + static_cast<std::ptrdiff_t>(next),
                              unmoved_on_board.end());
  rest.insert(rest.end(), unmoved_removed.begin(), unmoved_removed.end());
  next = 0;
  for (; left[kMine] > 0 && next < rest.size(); --left[kMine]) give(rest[next++], kMine);
  rest.erase(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(next));
  rest.insert(rest.end(), moved.begin(), moved.end());
  for (CellBits* c : rest) {
    int rank = 0;
    while (rank < kNumRanks && (left[rank] == 0 || !Mobile(rank))) ++rank;
    if (rank == kNumRanks) {
      Fail("board", fmt::format("no rank of {}'s army fits its unknown pieces", kSeatNames[other]));
    }
    give(c, rank);
    --left[rank];
  }
}

// Red's setup, which Blue does not see while it sets up its own: a drawn one (seed 0).
void PlaceHiddenRedSetup(Position& p) {
  Rng rng(0);
  int sq = 0;
  for (char c : DrawSetup(0, rng)) {
    if (c == ' ' || c == '/') continue;
    p.board[sq++] = MakeCell(0, RankFromChar(c));
  }
}

}  // namespace

// --- Writing ------------------------------------------------------------------------------------

std::string EspionageState::BoardText(std::optional<engine::Seat> viewer) const {
  std::string out;
  for (int row = kSize - 1; row >= 0; --row) {
    for (int file = 0; file < kSize; ++file) {
      const int sq = row * kSize + file;
      const CellBits c = position_.board[sq];
      if (c == kVolcano) {
        out += '~';
      } else if (!IsPiece(c) || (viewer && !Shown(*viewer, c))) {
        out += '.';
      } else {
        out += PieceText(c, viewer, BackDir(position_, sq));
      }
    }
    if (row > 0) out += '/';
  }
  return out;
}

// A piece as the full form writes it, or as `viewer` may know it: the rank '?' where hidden, the
// recognition only to the spying side (rulings "Espionage").
std::string EspionageState::PieceText(CellBits c, std::optional<engine::Seat> viewer,
                                      int back_dir) const {
  if (!viewer) {
    return PieceToken(c, RankChar(RankOf(c)), (c & kKnownBit) != 0, (c & kRecognisedBit) != 0,
                      back_dir);
  }
  const bool recognised_shown = (c & kRecognisedBit) && (Over() || *viewer == 1 - Owner(c));
  return PieceToken(c, ShownRank(*viewer, c), (c & kKnownBit) != 0, recognised_shown, back_dir);
}

std::string EspionageState::PositionTextFor(std::optional<engine::Seat> viewer) const {
  const Position& p = position_;
  std::string removed;
  for (int i = 0; i < p.num_removed; ++i) {
    removed += PieceText(p.removed[i], viewer, kNone);
  }
  std::string placed;
  for (int seat = 0; seat < 2; ++seat) {
    const bool secret = viewer && *viewer != seat && SetupStatus(seat) == "in progress" && !Over();
    if (seat > 0) placed += '/';
    placed += secret ? std::string("?") : std::to_string(kHomeSquares - ArmySize(p.to_place[seat]));
  }
  std::string last = "-";
  if (p.last_from != kNone) {
    const bool attack = p.last_removed != kRemovedNone;
    last =
        fmt::format("{}{}{}{}", SquareName(p.last_from), attack ? 'x' : '-', SquareName(p.last_to),
                    !attack                              ? ""
                    : p.last_removed == kRemovedAttacker ? ":attacker"
                                                         : ":defender");
  }
  // The ply count tells how many pieces a setup in progress has placed: secret to the others.
  const bool secret_plies = viewer && p.phase == Phase::kSetup && *viewer != p.to_move;
  std::string result = "-";
  if (Over()) {
    const std::vector<engine::Outcome> results = Results();
    result = fmt::format("{}:{}/{}", EndingWord(p.ending), engine::OutcomeName(results[0]),
                         engine::OutcomeName(results[1]));
  }
  return fmt::format(
      "{} phase={} to_move={} moves_done={} placed={} removed={} last_move={} plies={} "
      "play_plies={} quiet_plies={} quiet_turns={} result={}",
      BoardText(viewer), kPhaseWords[static_cast<int>(p.phase)], kSeatWords[p.to_move],
      p.moves_done, placed, removed.empty() ? "-" : removed, last,
      secret_plies ? std::string("?") : std::to_string(p.plies), p.play_plies, p.quiet_plies,
      p.quiet_turns, result);
}

std::string EspionageState::PositionText() const { return PositionTextFor(std::nullopt); }

std::string EspionageState::ViewPositionText(engine::Seat viewer) const {
  return PositionTextFor(viewer);
}

// --- Parsing ------------------------------------------------------------------------------------

namespace {

// The board (the first word) and the NAME=VALUE fields, all of them, each once.
std::pair<std::string, std::map<std::string, std::string>> ReadFields(std::string_view text) {
  const std::vector<std::string> words = Split(Trim(text), ' ');
  std::map<std::string, std::string> fields;
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (words[i].empty()) continue;
    const std::size_t equals = words[i].find('=');
    if (equals == std::string::npos) Fail(words[i], "not a field of the form name=value");
    if (!fields.emplace(words[i].substr(0, equals), words[i].substr(equals + 1)).second) {
      Fail(words[i].substr(0, equals), "given twice");
    }
  }
  for (const char* name : kFieldNames) {
    if (!fields.contains(name)) Fail(name, "missing");
  }
  if (fields.size() != std::size(kFieldNames)) Fail("fields", "an unknown field is given");
  return {words.empty() ? "" : words[0], fields};
}

// The checks and fields both forms share, once the board, phase, seat and removed pieces are read.
Position FinishParse(Position& p, std::map<std::string, std::string>& fields,
                     const std::string& plies, int volcanoes) {
  SetArmies(p);
  CheckArmiesForPhase(p);
  const std::string placed = fmt::format("{}/{}", kHomeSquares - ArmySize(p.to_place[0]),
                                         kHomeSquares - ArmySize(p.to_place[1]));
  if (fields["placed"] != placed) {
    Fail("placed",
         fmt::format("'{}', but the board and removed pieces make {}", fields["placed"], placed));
  }
  p.volcanoes_left = VolcanoesLeft(p, volcanoes);
  ParseLastMove(fields["last_move"], p);
  SetTurn(fields["moves_done"], p);
  p.plies = Count("plies", plies);
  p.play_plies = Count("play_plies", fields["play_plies"]);
  p.quiet_plies = Count("quiet_plies", fields["quiet_plies"]);
  p.quiet_turns = Count("quiet_turns", fields["quiet_turns"]);
  ParseResult(fields["result"], p);
  CheckMoveMarks(p);
  CheckHeadquarters(p);
  p.Check();
  return p;
}

}  // namespace

std::unique_ptr<engine::State> EspionageGame::NewStateFromPosition(std::string_view text) const {
  auto [board, fields] = ReadFields(text);
  Position p = Position::Initial(rules_);
  ParseBoard(board, p);
  p.phase = static_cast<Phase>(WordIndex("phase", fields["phase"], kPhaseWords));
  p.to_move = WordIndex("to_move", fields["to_move"], kSeatWords);
  ParseRemoved(fields["removed"], p);
  return std::make_unique<EspionageState>(
      *this, FinishParse(p, fields, fields["plies"], rules_.volcanoes));
}

// A seat's view: the other seat's unknown ranks and its secret setup filled in by a fixed rule,
// then everything the viewer cannot know drawn again as SampleConsistentState draws it (seed 0).
std::unique_ptr<engine::State> EspionageGame::NewStateFromView(std::string_view text,
                                                               int viewer) const {
  if (viewer != 0 && viewer != 1) {
    throw Error("espionage view: the viewer is a seat, 0 (Red) or 1 (Blue)");
  }
  auto [board, fields] = ReadFields(text);
  Position p = Position::Initial(rules_);
  ViewUnknowns unknowns;
  unknowns.owner = 1 - viewer;
  ParseBoard(board, p, &unknowns);
  p.phase = static_cast<Phase>(WordIndex("phase", fields["phase"], kPhaseWords));
  p.to_move = WordIndex("to_move", fields["to_move"], kSeatWords);
  ParseRemoved(fields["removed"], p, &unknowns);
  // During the setup the other's pieces are not shown: Red's setup, done while Blue sets up, is
  // a drawn one; a setup in progress (placed '?') or to come is taken to have placed nothing.
  const bool setup = p.phase == Phase::kSetup;
  const bool secret = setup && p.to_move != viewer;
  std::vector<std::string> placed = Split(fields["placed"], '/');
  if (placed.size() != 2 || (placed[1 - viewer] == "?") != secret) {
    Fail("placed", "a view writes '?' for the other's setup in progress, and only then");
  }
  if (setup && viewer == 1 && p.to_move == 1) PlaceHiddenRedSetup(p);
  FillUnknownRanks(p, unknowns);
  std::string plies = fields["plies"];
  if ((plies == "?") != secret) Fail("plies", "a view writes '?' while the other sets up");
  if (secret) {
    // The other's placements in progress are secret: counted as none.
    int actions = rules_.volcanoes;
    for (CellBits c : p.board) actions += IsPiece(c);
    plies = std::to_string(actions);
    placed[1 - viewer] = "0";
    fields["placed"] = placed[0] + "/" + placed[1];
  }
  const EspionageState filled(*this, FinishParse(p, fields, plies, rules_.volcanoes));
  Rng rng(0);
  return filled.SampleConsistentState(viewer, rng);
}

}  // namespace quartel::espionage
