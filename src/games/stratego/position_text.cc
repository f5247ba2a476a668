// Stratego's position text (the form is documented in stratego.h): writing a Position, fully or
// as one viewer may know it, and parsing the full form back.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/stratego/board.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"

namespace quartel::stratego {
namespace {

constexpr const char* kPhaseNames[] = {"setup", "play", "over"};
// Ending codes (board.h Ending) as single words, kNotOver first.
constexpr const char* kEndingWords[] = {"-",        "flag",     "nomove", "bothnomove", "plycap",
                                        "quietcap", "resigned", "time",   "abandoned",  "agreed"};
constexpr char kSideChars[2] = {'r', 'b'};
constexpr char kResultChars[3] = {'a', 'd', 'b'};  // attacker won, defender won, both removed

std::string SquareOrDash(int sq) { return sq == kNone ? "-" : SquareName(sq); }

// The ranks of `army` as rank characters, "-" when none.
std::string RanksOrDash(const Army& army) {
  std::string out;
  for (int rank = 0; rank < kNumRanks; ++rank) out.append(army[rank], RankChar(rank));
  return out.empty() ? "-" : out;
}

std::string HistoryText(const std::array<MoveRecord, kMostHistory>& moves, Repetition rule) {
  std::vector<std::string> parts;
  for (int i = 0; i < HistoryDepth(rule); ++i) {
    const MoveRecord& m = moves[i];
    parts.push_back(m.from == kNone ? "-" : SquareName(m.from) + "-" + SquareName(m.to));
  }
  return fmt::format("{}", fmt::join(parts, ","));
}

std::string ChaseText(const Chase& chase) {
  const ChaseState& s = chase.s;
  std::vector<std::string> evaders, seen;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (s.Evader(sq)) evaders.push_back(SquareName(sq));
  }
  for (int i = 0; i < s.seen; ++i) seen.push_back(fmt::format("{:016x}", chase.positions[i]));
  if (s.stage == 0 && evaders.empty() && seen.empty()) return "-";
  return fmt::format("{}:{}:{}", s.stage,
                     evaders.empty() ? "-" : fmt::format("{}", fmt::join(evaders, ",")),
                     seen.empty() ? "-" : fmt::format("{}", fmt::join(seen, ",")));
}

// --- Parsing helpers: every error names the field ---

[[noreturn]] void Bad(std::string_view field, std::string_view problem) {
  throw Error(fmt::format("Stratego position, {}: {}", field, problem));
}

int ParseCount(std::string_view field, std::string_view text, int max) {
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > max) {
    Bad(field, fmt::format("'{}' is not a number from 0 to {}", text, max));
  }
  return value;
}

int ParseSide(std::string_view field, std::string_view text) {
  if (text == "r") return 0;
  if (text == "b") return 1;
  Bad(field, fmt::format("'{}' is not r (Red) or b (Blue)", text));
}

int ParseSquareField(std::string_view field, std::string_view text, bool dash_allowed) {
  if (dash_allowed && text == "-") return kNone;
  const int sq = ParseSquare(std::string(text));
  if (sq == kNone || IsLake(sq)) Bad(field, fmt::format("'{}' is not a square", text));
  return sq;
}

int ParseRank(std::string_view field, char c) {
  const int rank = RankFromChar(c);
  if (rank == kNone || RankChar(rank) != c)
    Bad(field, fmt::format("'{}' is not a rank character (F S 2-9 X B)", c));
  return rank;
}

// Exactly `n` parts of `text` split at `sep`.
std::vector<std::string> Parts(std::string_view field, std::string_view text, char sep,
                               std::size_t n) {
  std::vector<std::string> parts = Split(text, sep);
  if (parts.size() != n) {
    Bad(field, fmt::format("'{}' needs {} parts separated by '{}'", text, n, sep));
  }
  return parts;
}

// `hidden_owner`'s pieces may be written with '?' for the rank (a view: kNone for the full
// form); their squares go to `unknown`, the piece left without a rank (0, a Flag) for the caller.
void ParseBoard(std::string_view text, Position& p, int hidden_owner = kNone,
                std::vector<int>* unknown = nullptr) {
  const std::vector<std::string> rows = Parts("board", text, '/', kSize);
  for (int r = 0; r < kSize; ++r) {
    const int row = kSize - 1 - r;  // rank 10 first
    const std::string& cells = rows[r];
    std::size_t i = 0;
    for (int file = 0; file < kSize; ++file) {
      const int sq = row * kSize + file;
      const std::string where = fmt::format("board, {}", SquareName(sq));
      if (i >= cells.size()) Bad(where, fmt::format("rank {} has too few squares", row + 1));
      const char c = cells[i++];
      if (IsLake(sq) != (c == '~')) Bad(where, "lakes are c5 d5 g5 h5 c6 d6 g6 h6, written '~'");
      if (c == '~' || c == '.') continue;
      if (c != 'r' && c != 'b') Bad(where, fmt::format("'{}' is not '.', r or b", c));
      if (i >= cells.size()) Bad(where, "a piece needs its rank character");
      const bool hidden = cells[i] == '?';
      if (hidden && hidden_owner == kNone) Bad(where, "'?' is read only in a seat's view");
      if (hidden && (c == 'b') != (hidden_owner == 1)) Bad(where, "a seat sees its own ranks");
      const int rank = hidden ? kFlag : ParseRank(where, cells[i]);
      ++i;
      if (hidden) unknown->push_back(sq);
      std::uint8_t piece = MakePiece(c == 'b', rank);
      if (i < cells.size() && cells[i] == '+') {
        if (!hidden && !Movable(rank)) Bad(where, fmt::format("a {} never moves", RankName(rank)));
        piece |= kMoved, ++i;
      }
      if (i < cells.size() && cells[i] == '*') piece |= kRevealed, ++i;
      p.board[sq] = piece;
    }
    if (i != cells.size()) Bad("board", fmt::format("rank {} has too many squares", row + 1));
  }
}

// Per seat, the pieces on the board by rank.
std::array<Army, 2> CountPieces(const Position& p) {
  std::array<Army, 2> count{};
  for (std::uint8_t piece : p.board) {
    if (piece != 0) ++count[PieceOwner(piece)][PieceRank(piece)];
  }
  return count;
}

// What is not on the board is still to place (setup, or a game ended during it) or lost.
void DeriveArmies(Position& p, bool ended_in_setup) {
  const Army army = p.FullArmy();
  const std::array<Army, 2> on_board = CountPieces(p);
  p.h.to_place = p.h.lost = {};
  for (int seat = 0; seat < 2; ++seat) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      if (on_board[seat][rank] > army[rank]) {
        Bad("board", fmt::format("{} has more than {} {} (army={})", seat ? "Blue" : "Red",
                                 army[rank], RankName(rank), ArmyName(p.h.rules.army)));
      }
      const auto missing = static_cast<std::uint8_t>(army[rank] - on_board[seat][rank]);
      (p.h.phase == Phase::kSetup || ended_in_setup ? p.h.to_place : p.h.lost)[seat][rank] =
          missing;
    }
  }
}

void CheckSetup(const Position& p) {
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t piece = p.board[sq];
    if (piece == 0) continue;
    if (!InSetupRows(PieceOwner(piece), sq)) {
      Bad("board",
          fmt::format("during the setup {} stands outside its side's rows", SquareName(sq)));
    }
    if (piece & (kMoved | kRevealed)) Bad("board", "no piece is marked during the setup");
  }
  const Army army = p.FullArmy();
  const bool red_done = ArmySize(p.h.to_place[0]) == 0, blue_started = p.h.to_place[1] != army;
  if (p.h.to_move == 0 && (red_done || blue_started)) {
    Bad("side", "Red sets up first and hands over to Blue once its army stands");
  }
  if (p.h.to_move == 1 && (!red_done || ArmySize(p.h.to_place[1]) == 0)) {
    Bad("side", "Blue sets up after Red's whole army stands, and play begins once Blue's does");
  }
}

// Seed: capturing the Flag wins at once. So once the setup is done a Flag stands on the board
// until the game ends, and is off it only in a game ended by its capture, and then only the
// loser's.
void CheckFlags(const Position& p) {
  if (p.h.phase == Phase::kSetup) return;
  for (int seat = 0; seat < 2; ++seat) {
    const bool captured =
        p.h.phase == Phase::kOver && p.h.ending == kFlagCaptured && p.h.winner == 1 - seat;
    if ((p.h.lost[seat][kFlag] > 0) == captured) continue;
    const char* side = seat ? "Blue" : "Red";
    if (captured) Bad("board", fmt::format("{}'s Flag was captured: it is not on the board", side));
    Bad("board", p.h.phase == Phase::kPlay
                     ? fmt::format("{} has no Flag on the board, but the game is not over", side)
                     : fmt::format("{} has no Flag on the board, but the game did not end by "
                                   "its capture",
                                   side));
  }
}

void ParseUnseen(std::string_view text, Position& p) {
  const std::vector<std::string> sides = Parts("unseen", text, '/', 2);
  for (int seat = 0; seat < 2; ++seat) {
    p.h.lost_known[seat] = p.h.lost[seat];
    if (sides[seat] == "-") continue;
    for (char c : sides[seat]) {
      const int rank = ParseRank("unseen", c);
      if (p.h.lost_known[seat][rank] == 0) {
        Bad("unseen",
            fmt::format("{} has not lost that many {}s", seat ? "Blue" : "Red", RankName(rank)));
      }
      --p.h.lost_known[seat][rank];
    }
  }
}

void ParseHistory(std::string_view text, Position& p) {
  const std::vector<std::string> sides = Parts("history", text, '/', 2);
  for (int seat = 0; seat < 2; ++seat) {
    // Three moves, or five under repetition=five_moves; three are read under any rule (the
    // older moves then none), so that a position written for another rule still reads.
    const int depth = HistoryDepth(p.h.rules.repetition);
    const std::size_t given = Split(sides[seat], ',').size();
    const std::vector<std::string> moves =
        Parts("history", sides[seat], ',', given == 3 ? 3 : static_cast<std::size_t>(depth));
    for (int i = 0; i < static_cast<int>(moves.size()); ++i) {
      MoveRecord& m = p.h.history[seat][i];
      if (moves[i] == "-") continue;
      const std::vector<std::string> squares = Parts("history", moves[i], '-', 2);
      m.from = static_cast<std::int8_t>(ParseSquareField("history", squares[0], false));
      m.to = static_cast<std::int8_t>(ParseSquareField("history", squares[1], false));
    }
  }
}

// "-" or "<r|b>:<from>-<to>:<combat>:<marks>:<rescue>" (see stratego.h).
void ParseLast(std::string_view text, Position& p, bool view = false) {
  LastMove& last = p.h.last;
  if (text == "-") return;
  const std::vector<std::string> parts = Parts("last", text, ':', 5);
  last.seat = static_cast<std::int8_t>(ParseSide("last", parts[0]));
  const std::vector<std::string> squares = Parts("last", parts[1], '-', 2);
  last.from = static_cast<std::int8_t>(ParseSquareField("last", squares[0], false));
  last.to = static_cast<std::int8_t>(ParseSquareField("last", squares[1], false));
  if (parts[2] != "-") {
    const std::string& c = parts[2];
    if (c.size() != 4 || c[1] != 'x') Bad("last", fmt::format("'{}' is not a combat like 3xBa", c));
    last.attacker = static_cast<std::int8_t>(ParseRank("last", c[0]));
    // In a view, a defender the viewer was not shown: the caller finds it a rank.
    last.defender = static_cast<std::int8_t>(view && c[2] == '?' ? kNone : ParseRank("last", c[2]));
    const std::string_view results(kResultChars, 3);
    if (results.find(c[3]) == std::string_view::npos) {
      Bad("last", "a combat's result is a (attacker won), d (defender won) or b (both removed)");
    }
    last.result = static_cast<std::int8_t>(results.find(c[3]));
  }
  if (parts[3] != "-") {
    for (char c : parts[3]) {
      if (c == 's') {
        last.scout_revealed = 1;
      } else if (c == 'd') {
        last.defender_shown = 1;
      } else {
        Bad("last", fmt::format("'{}' is not a mark (s Scout shown, d defender shown)", c));
      }
    }
  }
  if (parts[4] != "-") {
    const std::vector<std::string> rescue = Parts("last", parts[4], '@', 2);
    if (rescue[0].size() != 1) Bad("last", "a rescue is written RANK@SQUARE");
    last.rescue_rank = static_cast<std::int8_t>(ParseRank("last", rescue[0][0]));
    last.rescue_square = static_cast<std::int8_t>(ParseSquareField("last", rescue[1], false));
  }
}

// "<n>,<rescuer>/<n>,<rescuer>", then ":offered" while the seat to act may rescue.
void ParseRescue(std::string_view text, Position& p) {
  constexpr std::string_view kOffered = ":offered";
  if (text.ends_with(kOffered)) {
    p.h.rescue_pending = 1;
    text.remove_suffix(kOffered.size());
  }
  const std::vector<std::string> sides = Parts("rescue", text, '/', 2);
  for (int seat = 0; seat < 2; ++seat) {
    const std::vector<std::string> parts = Parts("rescue", sides[seat], ',', 2);
    p.h.rescues[seat] = static_cast<std::uint8_t>(ParseCount("rescue", parts[0], 2));
    p.h.rescuer[seat] = static_cast<std::int8_t>(ParseSquareField("rescue", parts[1], true));
  }
}

void ParseChase(std::string_view text, Position& p) {
  const std::vector<std::string> sides = Parts("chase", text, '/', 2);
  for (int seat = 0; seat < 2; ++seat) {
    Chase& chase = p.h.chase[seat];
    if (sides[seat] == "-") continue;
    const std::vector<std::string> parts = Parts("chase", sides[seat], ':', 3);
    chase.s.stage = static_cast<std::uint8_t>(ParseCount("chase", parts[0], 2));
    if (parts[1] != "-") {
      for (const std::string& sq : Split(parts[1], ',')) {
        chase.s.SetEvader(ParseSquareField("chase", sq, false), true);
      }
    }
    if (parts[2] == "-") continue;
    const std::vector<std::string> hashes = Split(parts[2], ',');
    if (hashes.size() > Chase::kMemory) {
      Bad("chase", fmt::format("a chase keeps at most {} positions", Chase::kMemory));
    }
    for (const std::string& hash : hashes) {
      std::uint64_t value = 0;
      const auto [end, ec] = std::from_chars(hash.data(), hash.data() + hash.size(), value, 16);
      if (hash.size() != 16 || ec != std::errc() || end != hash.data() + hash.size()) {
        Bad("chase", fmt::format("'{}' is not a position hash of 16 hex digits", hash));
      }
      chase.positions[chase.s.seen++] = value;
    }
  }
}

// "-", or "<ending>:<winner r|b|->" then ":<red>,<blue>" (outcomes) for an ending outside the
// rules, then ":setup" when the game ended during the setup. Returns the latter.
bool ParseEnding(std::string_view text, Position& p) {
  const bool over = p.h.phase == Phase::kOver;
  if (text == "-") {
    if (over) Bad("ending", "a game that is over needs its ending");
    return false;
  }
  if (!over) Bad("ending", "only a game that is over has an ending ('-')");
  std::vector<std::string> parts = Split(text, ':');
  const bool in_setup = parts.back() == "setup";
  if (in_setup) parts.pop_back();
  if (parts.size() < 2) Bad("ending", "write ENDING:WINNER, e.g. flag:r");
  int ending = 1;
  while (ending < kAgreed + 1 && parts[0] != kEndingWords[ending]) ++ending;
  if (ending > kAgreed) Bad("ending", fmt::format("'{}' is not an ending", parts[0]));
  p.h.ending = static_cast<std::uint8_t>(ending);
  p.h.winner = static_cast<std::int8_t>(parts[1] == "-" ? kNone : ParseSide("ending", parts[1]));
  if (EndedOutsideTheRules(ending) != (parts.size() == 3)) {
    Bad("ending", "an ending outside the rules (and only one) adds :OUTCOME,OUTCOME");
  }
  if (in_setup && !EndedOutsideTheRules(ending)) {
    Bad("ending", "only an ending outside the rules comes during the setup");
  }
  if (parts.size() == 3) {
    const std::vector<std::string> outcomes = Parts("ending", parts[2], ',', 2);
    for (int seat = 0; seat < 2; ++seat) {
      try {
        p.h.outside_results[seat] = static_cast<std::uint8_t>(engine::ParseOutcome(outcomes[seat]));
      } catch (const Error& e) {
        Bad("ending", e.what());
      }
    }
  }
  return in_setup;
}

}  // namespace

std::string PositionToText(const Position& p, const PositionTextView& view) {
  const Header& h = p.h;
  std::string board;
  for (int row = kSize - 1; row >= 0; --row) {
    for (int file = 0; file < kSize; ++file) {
      const int sq = row * kSize + file;
      const std::uint8_t piece = p.board[sq];
      if (IsLake(sq)) {
        board += '~';
      } else if (piece == 0 || !view.on_board(piece)) {
        board += '.';
      } else {
        board += kSideChars[PieceOwner(piece)];
        board += view.rank(piece);
        if (piece & kMoved) board += '+';
        if (piece & kRevealed) board += '*';
      }
    }
    if (row > 0) board += '/';
  }
  std::string unseen;
  for (int seat = 0; seat < 2; ++seat) {
    Army hidden{};
    for (int rank = 0; rank < kNumRanks; ++rank)
      hidden[rank] = h.lost[seat][rank] - h.lost_known[seat][rank];
    const std::string ranks = RanksOrDash(hidden);
    unseen += (seat ? "/" : "") +
              (view.sees_unseen(seat) || ranks == "-" ? ranks : std::string(ArmySize(hidden), '?'));
  }
  std::string last = "-";
  if (h.last.from != kNone) {
    const std::string combat =
        h.last.attacker == kNone ? "-"
                                 : fmt::format("{}x{}{}", RankChar(h.last.attacker),
                                               view.defender(h.last), kResultChars[h.last.result]);
    std::string marks =
        std::string(h.last.scout_revealed ? "s" : "") + (h.last.defender_shown ? "d" : "");
    last = fmt::format(
        "{}:{}-{}:{}:{}:{}", kSideChars[h.last.seat], SquareName(h.last.from),
        SquareName(h.last.to), combat, marks.empty() ? "-" : marks,
        h.last.rescue_rank == kNone
            ? "-"
            : fmt::format("{}@{}", RankChar(h.last.rescue_rank), SquareName(h.last.rescue_square)));
  }
  std::string ending = "-";
  if (h.phase == Phase::kOver) {
    ending = fmt::format("{}:{}", kEndingWords[h.ending],
                         h.winner == kNone ? '-' : kSideChars[h.winner]);
    if (EndedOutsideTheRules(h.ending)) {
      ending += fmt::format(
          ":{},{}", engine::OutcomeName(static_cast<engine::Outcome>(h.outside_results[0])),
          engine::OutcomeName(static_cast<engine::Outcome>(h.outside_results[1])));
    }
    if (ArmySize(h.to_place[0]) + ArmySize(h.to_place[1]) > 0) ending += ":setup";
  }
  std::string text = fmt::format(
      "{} {} {} {} {} {} {} {}/{} {} {},{}/{},{}{} {}/{} {}", board, kSideChars[h.to_move],
      kPhaseNames[static_cast<int>(h.phase)],
      h.phase == Phase::kSetup && !view.full ? "?" : std::to_string(h.plies), h.play_plies,
      h.quiet_plies, unseen, HistoryText(h.history[0], h.rules.repetition),
      HistoryText(h.history[1], h.rules.repetition), last, h.rescues[0], SquareOrDash(h.rescuer[0]),
      h.rescues[1], SquareOrDash(h.rescuer[1]), h.rescue_pending ? ":offered" : "",
      ChaseText(h.chase[0]), ChaseText(h.chase[1]), ending);
  if (view.full) return text;
  // A view adds what the board no longer shows: each seat's lost ranks as the viewer knows them.
  std::string lost;
  for (int seat = 0; seat < 2; ++seat) {
    const Army& known = view.sees_unseen(seat) ? h.lost[seat] : h.lost_known[seat];
    std::string ranks = RanksOrDash(known);
    const int unknown = ArmySize(h.lost[seat]) - ArmySize(known);
    if (unknown > 0) ranks = (ranks == "-" ? "" : ranks) + std::string(unknown, '?');
    lost += (seat ? "/" : "") + ranks;
  }
  return text + " " + lost;
}

namespace {

// The text's space-separated fields.
std::vector<std::string> Fields(std::string_view text) {
  std::vector<std::string> fields;
  for (const std::string& field : Split(Trim(text), ' ')) {
    if (!field.empty()) fields.push_back(field);
  }
  return fields;
}

// The side and phase fields (both forms).
void ParseSideAndPhase(const std::vector<std::string>& fields, Position& p) {
  p.h.to_move = static_cast<std::uint8_t>(ParseSide("side", fields[1]));
  int phase = 0;
  while (phase < 3 && fields[2] != kPhaseNames[phase]) ++phase;
  if (phase == 3) Bad("phase", fmt::format("'{}' is not setup, play or over", fields[2]));
  p.h.phase = static_cast<Phase>(phase);
}

// The fields after the losses, both forms: history, last, rescue, chase; then the whole
// position's check. In a view (`view_other`: the seat the viewer is not; kNone in the full form)
// the last combat may hide its defender.
Position ParseRest(const std::vector<std::string>& fields, Position& p, int view_other) {
  ParseHistory(fields[7], p);
  ParseLast(fields[8], p, /*view=*/view_other != kNone);
  if (p.h.last.attacker != kNone && p.h.last.defender == kNone) {
    // The viewer attacked and was not shown the defender.
    FillHiddenDefender(p, view_other);
    if (p.h.last.defender == kNone) Bad("last", "an unseen defender needs a piece to be");
  }
  ParseRescue(fields[9], p);
  ParseChase(fields[10], p);
  try {
    p.Check();
  } catch (const Error& e) {
    Bad("position", e.what());
  }
  return p;
}

}  // namespace

Position PositionFromText(std::string_view text, const Rules& rules) {
  const std::vector<std::string> fields = Fields(text);
  constexpr const char* kFields =
      "board side phase plies play_plies quiet_plies unseen history last rescue chase ending";
  if (fields.size() != 12) {
    throw Error(fmt::format(
        "Stratego position: {} fields, 12 needed ({}){}", fields.size(), kFields,
        fields.size() == 13 ? "; 13 is a seat's view (ViewPositionText), which quartel engine "
                              "reads with position view SEAT TEXT"
                            : ""));
  }
  Position p = Position::Initial(rules);
  ParseBoard(fields[0], p);
  ParseSideAndPhase(fields, p);
  constexpr int kMaxCount = 1 << 30;
  p.h.plies = ParseCount("plies", fields[3], kMaxCount);
  p.h.play_plies = ParseCount("play_plies", fields[4], kMaxCount);
  p.h.quiet_plies = ParseCount("quiet_plies", fields[5], p.h.play_plies);
  const bool ended_in_setup = ParseEnding(fields[11], p);
  DeriveArmies(p, ended_in_setup);
  if (p.h.phase == Phase::kSetup) CheckSetup(p);
  CheckFlags(p);
  ParseUnseen(fields[6], p);
  return ParseRest(fields, p, kNone);
}

namespace {

// A view's "lost" field: per seat the lost ranks the viewer knows, then a '?' for each it does
// not. Returns the known ranks and the counts of unknown ones.
std::pair<std::array<Army, 2>, std::array<int, 2>> ParseViewLost(std::string_view text,
                                                                 int viewer) {
  const std::vector<std::string> sides = Parts("lost", text, '/', 2);
  std::array<Army, 2> known{};
  std::array<int, 2> unknown{};
  for (int seat = 0; seat < 2; ++seat) {
    if (sides[seat] == "-") continue;
    for (char c : sides[seat]) {
      if (c == '?' && seat != viewer) {
        ++unknown[seat];
      } else {
        ++known[seat][ParseRank("lost", c)];
      }
    }
  }
  return {known, unknown};
}

// The other seat's ranks the view leaves unknown, given to its '?' squares by a fixed rule: the
// Flag to a piece that never moved, the Bombs to the other unmoved ones (then to the lost
// pieces), the movable ranks to the rest; what is left over is lost. Throws when no arrangement
// of the army fits (say, more moved pieces than movable ranks left).
void FillUnknownRanks(Position& p, int other, const std::vector<int>& unknown,
                      const Army& lost_known, int lost_unknown) {
  Army left = p.FullArmy();
  std::array<bool, kNumSquares> is_unknown{};
  for (int sq : unknown) is_unknown[sq] = true;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const std::uint8_t piece = p.board[sq];
    if (piece == 0 || PieceOwner(piece) != other || is_unknown[sq]) continue;
    if (left[PieceRank(piece)] == 0) Bad("board", "more pieces of a rank than the army holds");
    --left[PieceRank(piece)];
  }
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (left[rank] < lost_known[rank]) Bad("lost", "more pieces of a rank than the army holds");
    left[rank] = static_cast<std::uint8_t>(left[rank] - lost_known[rank]);
  }
  const char* side = other ? "Blue" : "Red";
  if (ArmySize(left) != static_cast<int>(unknown.size()) + lost_unknown) {
    Bad("board",
        fmt::format("{}'s unknown pieces and unknown losses are {}, its army leaves {}", side,
                    static_cast<int>(unknown.size()) + lost_unknown, ArmySize(left)));
  }
  std::vector<int> unmoved, moved;
  for (int sq : unknown) ((p.board[sq] & kMoved) ? moved : unmoved).push_back(sq);
  std::size_t next_unmoved = 0;
  auto give = [&p](int sq, int rank) {
    p.board[sq] = static_cast<std::uint8_t>((p.board[sq] & 0xf0) | rank);
  };
  for (int rank : {static_cast<int>(kFlag), static_cast<int>(kBomb)}) {
    for (; left[rank] > 0 && next_unmoved < unmoved.size(); --left[rank]) {
      give(unmoved[next_unmoved++], rank);
    }
    // A Flag stands on the board until the game ends; a Bomb left over was lost.
    if (rank == kFlag && left[rank] > 0) Bad("board", fmt::format("{}'s Flag cannot be", side));
  }
  std::vector<int> rest(unmoved.begin() + static_cast<std::ptrdiff_t>(next_unmoved), unmoved.end());
  rest.insert(rest.end(), moved.begin(), moved.end());
  for (int sq : rest) {
    int rank = 0;
    while (rank < kNumRanks && (left[rank] == 0 || !Movable(rank))) ++rank;
    if (rank == kNumRanks)
      Bad("board", fmt::format("no rank of {}'s army fits its moved pieces", side));
    give(sq, rank);
    --left[rank];
  }
}

}  // namespace

Position PositionFromViewText(std::string_view text, const Rules& rules, int viewer) {
  if (viewer != 0 && viewer != 1) {
    throw Error("Stratego view: the viewer is a seat, 0 (Red) or 1 (Blue)");
  }
  const std::vector<std::string> fields = Fields(text);
  if (fields.size() != 13) {
    throw Error(fmt::format(
        "Stratego view: {} fields, 13 needed (a position's twelve, then each seat's lost ranks "
        "as the viewer knows them)",
        fields.size()));
  }
  const int other = 1 - viewer;
  Position p = Position::Initial(rules);
  std::vector<int> unknown;
  ParseBoard(fields[0], p, other, &unknown);
  ParseSideAndPhase(fields, p);
  constexpr int kMaxCount = 1 << 30;
  const bool setup = p.h.phase == Phase::kSetup;
  if (setup != (fields[3] == "?"))
    Bad("plies", "a view writes '?' during the setup, and only then");
  if (!setup) p.h.plies = ParseCount("plies", fields[3], kMaxCount);
  p.h.play_plies = ParseCount("play_plies", fields[4], kMaxCount);
  p.h.quiet_plies = ParseCount("quiet_plies", fields[5], p.h.play_plies);
  const bool ended_in_setup = ParseEnding(fields[11], p);
  const auto [lost_known, lost_unknown] = ParseViewLost(fields[12], viewer);
  if (setup) {
    // The other seat's setup is secret: Red's, once it stands (Blue sets up), is a random one;
    // one in progress or to come is taken to have no piece placed yet.
    if (other == 0 && p.h.to_move == 1) {
      Rng rng(0);
      const std::string placed = RandomSetup(p.FullArmy(), rng);
      for (int i = 0; i < kSetupSquares; ++i) {
        if (placed[static_cast<std::size_t>(i)] != '.') {
          p.board[i] = MakePiece(0, RankFromChar(placed[static_cast<std::size_t>(i)]));
        }
      }
    }
    p.h.plies = 0;
    for (std::uint8_t piece : p.board) p.h.plies += piece != 0;
  } else {
    FillUnknownRanks(p, other, unknown, lost_known[other], lost_unknown[other]);
  }
  DeriveArmies(p, ended_in_setup);
  if (setup) CheckSetup(p);
  CheckFlags(p);
  // The viewer's own unseen losses are listed; the other's are one '?' each.
  const std::vector<std::string> unseen = Parts("unseen", fields[6], '/', 2);
  const std::string others(static_cast<std::size_t>(lost_unknown[other]), '?');
  if (unseen[other] != (others.empty() ? "-" : others)) {
    Bad("unseen", "the other seat's unseen losses are one '?' each, as many as in lost");
  }
  ParseUnseen(viewer == 0 ? unseen[0] + "/-" : "-/" + unseen[1], p);
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (lost_known[viewer][rank] != p.h.lost[viewer][rank]) {
      Bad("lost", "the viewer's own losses are those its board no longer shows");
    }
  }
  p.h.lost_known[other] = lost_known[other];
  return ParseRest(fields, p, other);
}

std::string StrategoState::PositionText() const {
  return PositionToText(position_, PositionTextView::Full());
}

// The same projection as ViewJson: the pieces on the viewer's board, the ranks it sees, its own
// lost pieces (and, once the game is over, everything), the defender it was shown.
std::string StrategoState::ViewPositionText(engine::Seat viewer) const {
  const bool over = position_.h.phase == Phase::kOver;
  PositionTextView view{false, [this, viewer](std::uint8_t p) { return OnViewersBoard(viewer, p); },
                        [this, viewer](std::uint8_t p) { return ShownRank(viewer, p); },
                        [over, viewer](int seat) { return over || seat == viewer; },
                        [this, viewer](const LastMove&) { return DefenderChar(viewer); }};
  return PositionToText(position_, view);
}

}  // namespace quartel::stratego
