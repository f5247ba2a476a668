// What Stratego and Espionage really share: a 10 x 10 hidden-army grid seen from one seat.
// Both keep each piece as one byte with an owner, a rank, a "has moved" mark and a "rank known to
// both seats" mark, but the bit layouts, rank characters, files (Stratego skips j) and square
// parsers differ and stay in each engine (their move generators read the bytes directly). Shared
// here, on pieces the engine has already decoded into a Piece:
//   - the per-seat visibility rule (MaySee): a viewer sees a piece's rank if it owns the piece,
//     if the rank is known (shown by combat, a Scout's long move, or a Spy), or once the game is
//     over; a spectator sees only known ranks;
//   - rendering one cell for a viewer, as text ("R5'", "B? ") and as the JSON board entry;
//   - the text board frame (rank 10 on top, files below) and the "lost" line;
//   - the setup prompt a seat sees when it is its turn to set up.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "core/json.h"

namespace quartel::hidden_army {

inline constexpr int kSize = 10;
inline constexpr const char* kSeatNames[2] = {"Red", "Blue"};

// One piece on the grid, decoded from the engine's byte.
struct Piece {
  int owner = 0;  // 0 Red, 1 Blue
  int rank = 0;   // the engine's rank code
  bool moved = false;
  bool known = false;  // its rank has been shown to the opponent (and so to everyone)
};

// The visibility rule of both games (Stratego seed 003 and Espionage seed 004, "Views" in each
// header): `viewer` (a seat, or any other value for a spectator) may see `piece`'s rank.
constexpr bool MaySee(int viewer, const Piece& piece, bool game_over) {
  return game_over || piece.known || viewer == piece.owner;
}

// The rank character `viewer` sees for `piece`: rank_char(rank), or '?' when hidden.
using RankCharFn = char (*)(int rank);
inline char ShownRank(int viewer, const Piece& piece, bool game_over, RankCharFn rank_char) {
  return MaySee(viewer, piece, game_over) ? rank_char(piece.rank) : '?';
}

// Three characters: 'R' or 'B', the shown rank (or '?'), then ' or a space for a piece that has
// moved or not ("R5'", "B? "), or '*' when `known_mark` (an engine marks so the viewer's own
// pieces whose rank the opponent knows); in red or blue when `colour`.
std::string CellText(const Piece& piece, char shown, bool colour, bool known_mark = false);

// The JSON board entry {"owner", "rank" (the shown rank as a string), "moved", "known"}; an
// engine may add keys after these.
Json CellJson(const Piece& piece, char shown);

// The board as text, rank 10 on top: each row "NN " then `cell(square)` for its ten squares
// (square = row * 10 + file), then a line naming the files (`files`: ten letters).
std::string BoardText(std::string_view files, const std::function<std::string(int)>& cell);

// A move fact's notation ({"kind": "move", "from", "to", "attack"}): "e6-e7", or "e6xe7" for an
// attack.
std::string MoveNotation(const Json& fact);

// "Red lost: 22S and 3 unseen" (the hidden part only when `hidden` > 0), with a newline.
std::string LostLine(int seat, std::string_view pieces, int hidden);

// What a seat may type to set up, shown only in that seat's own view while it sets up, e.g.
// "Type a 40-character setup, preset NAME (NAMEs: fortress, blitz), random N, or place pieces one
// by one (e.g. F:a1)". Empty `presets`: no preset words; `random`: the game reads "random N".
// When the seat has already placed some pieces (`started`), only placing one by one is left.
std::string SetupPrompt(int squares, std::string_view presets, bool random, bool started,
                        std::string_view example);

}  // namespace quartel::hidden_army
