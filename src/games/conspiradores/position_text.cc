// Conspiradores' position text (the form is documented in conspiradores.h): writing a Position
// and parsing it back.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/text.h"
#include "games/conspiradores/conspiradores.h"

namespace quartel::conspiradores {
namespace {

constexpr const char* kFieldNames = "board side order chain army turns ply result";

[[noreturn]] void Bad(std::string_view field, std::string_view problem) {
  throw Error(fmt::format("Conspiradores position, {}: {}", field, problem));
}

int ParseCount(std::string_view field, std::string_view text, int max) {
  const auto value = ParseInteger(text);
  if (!value || *value < 0 || *value > max || text.empty() || text[0] == '+') {
    Bad(field, fmt::format("'{}' is not a number from 0 to {}", text, max));
  }
  return static_cast<int>(*value);
}

// The seat written as `letter`, which must be one of the game's `num_seats`.
int ParseSeat(std::string_view field, char letter, int num_seats) {
  const std::size_t seat = kSeatLetters.find(letter);
  if (seat == std::string_view::npos || static_cast<int>(seat) >= num_seats) {
    Bad(field, fmt::format("'{}' is not a seat of a {}-player game ({})", letter, num_seats,
                           kSeatLetters.substr(0, num_seats)));
  }
  return static_cast<int>(seat);
}

int ParsePointField(std::string_view field, std::string_view text) {
  const auto point = ParsePoint(text);
  if (!point) Bad(field, fmt::format("'{}' is not a point (A1 to Q17)", text));
  return *point;
}

void ParseBoard(std::string_view text, Position& p) {
  const std::vector<std::string> rows = Split(text, '/');
  if (rows.size() != kSize) {
    Bad("board", fmt::format("{} rows separated by '/', {} needed", rows.size(), kSize));
  }
  for (int r = 0; r < kSize; ++r) {
    const int row = kSize - 1 - r;  // row 17 first
    if (rows[r].size() != kSize) {
      Bad("board", fmt::format("row {} ('{}') needs {} points", row + 1, rows[r], kSize));
    }
    for (int col = 0; col < kSize; ++col) {
      const char c = rows[r][col];
      if (c == '.') continue;
      p.pieces[ParseSeat(fmt::format("board, {}", PointName(PointAt(col, row))), c,
                         p.meta.num_seats)]
          .Set(PointAt(col, row));
    }
  }
}

void ParseOrder(std::string_view text, Position& p) {
  const int n = p.meta.num_seats;
  if (static_cast<int>(text.size()) != n) {
    Bad("order", fmt::format("'{}' must name each of the {} seats once", text, n));
  }
  std::array<bool, kMaxSeats> named{};
  for (int k = 0; k < n; ++k) {
    const int seat = ParseSeat("order", text[k], n);
    if (named[seat]) Bad("order", fmt::format("'{}' names {} twice", text, text[k]));
    named[seat] = true;
    p.meta.order[k] = static_cast<std::uint8_t>(seat);
  }
}

// "<point>:<the other visited points, comma-separated>".
void ParseChain(std::string_view text, Position& p) {
  const std::vector<std::string> parts = Split(text, ':');
  if (parts.size() != 2) Bad("chain", fmt::format("'{}' is not POINT:VISITED,...", text));
  const int at = ParsePointField("chain", parts[0]);
  p.meta.chain_at = static_cast<std::int16_t>(at);
  p.visited.Set(at);
  for (const std::string& point : Split(parts[1], ',')) {
    p.visited.Set(ParsePointField("chain", point));
  }
}

void ParseResult(std::string_view text, Position& p) {
  if (text == "draw") return;
  for (char c : text) {
    const int seat = ParseSeat("result", c, p.meta.num_seats);
    if ((p.meta.losers >> seat) & 1) Bad("result", fmt::format("'{}' names {} twice", text, c));
    p.meta.losers |= static_cast<std::uint8_t>(1u << seat);
  }
}

// Rulings "Conspiradores": the players with the most unsheltered pieces lose (the last one left
// unsheltered, or the most when blocked or capped) and every other wins; all tied is a draw.
void CheckResult(const Position& p) {
  int most = 0;
  for (int s = 0; s < p.meta.num_seats; ++s) most = std::max(most, p.Unsheltered(s));
  std::uint8_t with_most = 0;
  std::string letters;
  for (int s = 0; s < p.meta.num_seats; ++s) {
    if (p.Unsheltered(s) == most) {
      with_most |= static_cast<std::uint8_t>(1u << s);
      letters += kSeatLetters[s];
    }
  }
  const bool all_tied = std::popcount(with_most) == p.meta.num_seats;
  if (most == 0 || p.meta.losers != (all_tied ? 0 : with_most)) {
    Bad("result",
        all_tied ? fmt::format("every seat has {} unsheltered pieces: a draw", most)
                 : fmt::format("the seats with the most unsheltered pieces lose: {}", letters));
  }
}

}  // namespace

std::string PositionToText(const Position& p) {
  std::string board;
  for (int row = kSize - 1; row >= 0; --row) {
    for (int col = 0; col < kSize; ++col) {
      const int owner = p.OwnerAt(PointAt(col, row));
      board += owner >= 0 ? kSeatLetters[owner] : '.';
    }
    if (row > 0) board += '/';
  }
  const Meta& m = p.meta;
  const bool drawn = m.phase == Phase::kOrder;
  std::string order;
  for (int k = 0; k < m.num_seats; ++k) order += kSeatLetters[m.order[k]];
  std::string chain = "-";
  if (p.InChain()) {
    std::vector<std::string> others;
    p.visited.ForEach([&](int point) {
      if (point != m.chain_at) others.push_back(PointName(point));
    });
    chain = fmt::format("{}:{}", PointName(m.chain_at), fmt::join(others, ","));
  }
  std::string result = "-";
  if (m.phase == Phase::kOver) {
    result.clear();
    for (int s = 0; s < m.num_seats; ++s) {
      if ((m.losers >> s) & 1) result += kSeatLetters[s];
    }
    if (result.empty()) result = "draw";
  }
  return fmt::format("{} {} {} {} {} {} {} {}", board,
                     drawn ? "-" : std::string(1, kSeatLetters[m.order[m.order_pos]]),
                     drawn ? "-" : order, chain, m.custom ? "board" : "full", m.turns, m.ply,
                     result);
}

Position PositionFromText(std::string_view text, int num_seats, int max_turns) {
  std::vector<std::string> fields;
  for (const std::string& field : Split(Trim(text), ' ')) {
    if (!field.empty()) fields.push_back(field);
  }
  if (fields.size() != 8) {
    throw Error(fmt::format("Conspiradores position: {} fields, 8 needed ({})", fields.size(),
                            kFieldNames));
  }
  Position p;
  p.Init(num_seats, max_turns);
  ParseBoard(fields[0], p);
  p.RebuildMoveDirs();
  if (fields[1] == "-" || fields[2] == "-") {
    // Before the lot for the play order nothing has happened: only the initial position.
    Position initial;
    initial.Init(num_seats, max_turns);
    if (PositionToText(initial) != fmt::format("{}", fmt::join(fields, " "))) {
      Bad(fields[1] == "-" ? "side" : "order",
          "'-' (the play order is still to draw) only in the initial position");
    }
    return initial;
  }
  ParseOrder(fields[2], p);
  if (fields[1].size() != 1) Bad("side", fmt::format("'{}' is not one seat letter", fields[1]));
  const int side = ParseSeat("side", fields[1][0], num_seats);
  for (int k = 0; k < num_seats; ++k) {
    if (p.meta.order[k] == side) p.meta.order_pos = static_cast<std::uint8_t>(k);
  }
  if (fields[4] == "board") {
    p.meta.custom = 1;
  } else if (fields[4] != "full") {
    Bad("army", fmt::format("'{}' is not full or board", fields[4]));
  }
  const int on_board = p.Occupied().Count();
  p.meta.placed = static_cast<std::uint8_t>(p.meta.custom ? kTotalPieces : on_board);
  p.meta.phase = p.meta.placed < kTotalPieces ? Phase::kPlacement : Phase::kMovement;
  if (fields[7] != "-") {
    p.meta.phase = Phase::kOver;
    ParseResult(fields[7], p);
    CheckResult(p);
  }
  if (p.meta.phase == Phase::kPlacement && side != p.meta.order[on_board % num_seats]) {
    Bad("side", fmt::format("with {} pieces placed the seat to place is {}", on_board,
                            kSeatLetters[p.meta.order[on_board % num_seats]]));
  }
  if (fields[3] != "-") {
    if (p.meta.phase != Phase::kMovement) Bad("chain", "a jump chain is only in the movement");
    ParseChain(fields[3], p);
  }
  p.meta.turns = ParseCount("turns", fields[5], max_turns);
  if (p.meta.phase != Phase::kOver && p.meta.turns == max_turns) {
    Bad("turns", fmt::format("after {} turns (max_turns) the game is over", max_turns));
  }
  constexpr int kMaxPlies = 1 << 30;
  p.meta.ply = ParseCount("ply", fields[6], kMaxPlies);
  if (p.meta.ply < p.meta.turns) Bad("ply", "every turn takes at least one action");
  try {
    p.CheckConsistency();
  } catch (const Error& e) {
    Bad("position", e.what());
  }
  return p;
}

}  // namespace quartel::conspiradores
