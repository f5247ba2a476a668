// Dablot's position text (the form is documented in dablot.h): writing a Position and parsing it
// back.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/text.h"
#include "games/dablot/board.h"

namespace quartel::dablot {
namespace {

constexpr const char* kSideWords[2] = {"sami", "swedes"};

// Row y of the doubled coordinates holds 6 corners (even y) or 5 centres (odd y).
int RowLength(int y) { return y % 2 == 0 ? 6 : 5; }

[[noreturn]] void Bad(std::string_view field, std::string_view problem) {
  throw Error(fmt::format("Dablot position, {}: {}", field, problem));
}

int ParseCount(std::string_view field, std::string_view text, int max) {
  const auto value = ParseInteger(text);
  if (!value || *value < 0 || *value > max || text.empty() || text[0] == '+') {
    Bad(field, fmt::format("'{}' is not a number from 0 to {}", text, max));
  }
  return static_cast<int>(*value);
}

void ParseBoard(std::string_view text, Position& p) {
  const std::vector<std::string> rows = Split(text, '/');
  if (rows.size() != kGridHeight) {
    Bad("board", fmt::format("{} rows separated by '/', {} needed", rows.size(), kGridHeight));
  }
  int point = 0;
  for (int y = 0; y < kGridHeight; ++y) {
    if (static_cast<int>(rows[y].size()) != RowLength(y)) {
      Bad("board", fmt::format("row {} ('{}') needs {} points", y + 1, rows[y], RowLength(y)));
    }
    for (char c : rows[y]) {
      Piece piece = Piece::kEmpty;
      if (c != '.' && !PieceFromLetter(c, piece)) {
        Bad("board",
            fmt::format("point {}: '{}' is not '.' or a piece (S P K s p l)", point + 1, c));
      }
      p.board[point++] = piece;
      if (piece != Piece::kEmpty) ++p.h.counts[Owner(piece)];
    }
  }
}

int ParseSide(std::string_view field, std::string_view text) {
  for (int seat = 0; seat < 2; ++seat) {
    if (text == kSideWords[seat]) return seat;
  }
  Bad(field, fmt::format("'{}' is not sami or swedes", text));
}

// The race flag is not written: it holds exactly when, after the last turn ended, one piece of
// equal rank (below King/Landlord) is left to each seat (Position::EndTurn).
bool InRace(const Position& p) {
  if (p.h.phase == Phase::kChance || p.h.chain != kNone || p.h.counts[0] != 1 ||
      p.h.counts[1] != 1) {
    return false;
  }
  int ranks[2] = {0, 0};
  for (Piece piece : p.board) {
    if (piece != Piece::kEmpty) ranks[Owner(piece)] = Rank(piece);
  }
  return ranks[0] == ranks[1] && ranks[0] < 3;
}

// How a game ends (Position::EndTurn, rulings "Dablot"): a side left without pieces loses; the
// only draws are King against Landlord alone and the max_turns cap.
void CheckResult(const Position& p) {
  const Header& h = p.h;
  for (int seat = 0; seat < 2; ++seat) {
    if (h.counts[seat] == 0 && h.winner != 1 - seat) {
      Bad("result",
          fmt::format("{} has no pieces left, so {} won", kSideWords[seat], kSideWords[1 - seat]));
    }
  }
  if (h.winner != kNone || h.turns == h.max_turns) return;
  const bool king_and_landlord_alone =
      h.counts[0] == 1 && h.counts[1] == 1 &&
      std::count(p.board.begin(), p.board.end(), Piece::kKing) == 1 &&
      std::count(p.board.begin(), p.board.end(), Piece::kLandlord) == 1;
  if (!king_and_landlord_alone) {
    Bad("result", "a draw comes only with King against Landlord alone or after max_turns turns");
  }
}

}  // namespace

std::string PositionToText(const Position& p) {
  std::string board;
  int point = 0;
  for (int y = 0; y < kGridHeight; ++y) {
    if (y > 0) board += '/';
    for (int i = 0; i < RowLength(y); ++i) board += PieceLetter(p.board[point++]);
  }
  const Header& h = p.h;
  const std::string side = h.phase == Phase::kChance ? "-" : kSideWords[h.to_move];
  const std::string chain = h.chain == kNone ? "-" : std::to_string(h.chain + 1);
  std::string result = "-";
  if (h.phase == Phase::kOver) result = h.winner == kNone ? "draw" : kSideWords[h.winner];
  return fmt::format("{} {} {} {} {} {}", board, side, chain, h.turns, h.plies, result);
}

Position PositionFromText(std::string_view text, int max_turns) {
  std::vector<std::string> fields;
  for (const std::string& field : Split(Trim(text), ' ')) {
    if (!field.empty()) fields.push_back(field);
  }
  if (fields.size() != 6) {
    throw Error(
        fmt::format("Dablot position: {} fields, 6 needed (board side chain turns plies result)",
                    fields.size()));
  }
  Position p{};
  p.board.fill(Piece::kEmpty);
  p.h = Header{};
  p.h.max_turns = max_turns;
  ParseBoard(fields[0], p);
  p.SyncMasks();
  const bool chance = fields[1] == "-";
  if (chance) {
    // Before the lot nothing has happened: only the initial position has no side to move.
    if (fields[2] != "-" || fields[3] != "0" || fields[4] != "0" || fields[5] != "-" ||
        p.board != Position::Initial(max_turns).board) {
      Bad("side", "'-' (the lot for the first move is still to draw) only in the initial position");
    }
    return Position::Initial(max_turns);
  }
  p.h.to_move = static_cast<std::uint8_t>(ParseSide("side", fields[1]));
  p.h.phase = Phase::kPlay;
  if (fields[5] != "-") {
    p.h.phase = Phase::kOver;
    p.h.winner =
        static_cast<std::int8_t>(fields[5] == "draw" ? kNone : ParseSide("result", fields[5]));
  }
  if (fields[2] != "-") {
    const int point = ParseCount("chain", fields[2], kNumPoints);
    if (point == 0) Bad("chain", "points are numbered 1 to 72");
    if (p.h.phase != Phase::kPlay) Bad("chain", "a finished game has no capture chain");
    if (Owner(p.board[point - 1]) != p.h.to_move) {
      Bad("chain", fmt::format("no piece of the side to move on point {}", point));
    }
    p.h.chain = static_cast<std::int8_t>(point - 1);
  }
  p.h.turns = ParseCount("turns", fields[3], max_turns);
  if (p.h.phase == Phase::kPlay && p.h.turns == max_turns) {
    Bad("turns", fmt::format("after {} turns (max_turns) the game is over", max_turns));
  }
  constexpr int kMaxPlies = 1 << 30;
  p.h.plies = ParseCount("plies", fields[4], kMaxPlies);
  if (p.h.plies < p.h.turns) Bad("plies", "every turn takes at least one action");
  p.h.race = InRace(p) ? 1 : 0;
  if (p.h.phase == Phase::kOver) CheckResult(p);
  try {
    p.Check();
  } catch (const Error& e) {
    Bad("position", e.what());
  }
  return p;
}

}  // namespace quartel::dablot
