// Conspiradores (seed 002, first part; rules page docs/rules/conspiradores.md): 2 or 4 players
// place their conspirators in the Conspiracy Centre of a 17 x 17 board, then race them, by steps
// and chains of jumps, to the 39 Sanctuaries on the edges. There is no winner, only a loser: the
// last player with an unsheltered piece.
//
// Points: index = row * 17 + column, both 0-based; column A..Q left to right, row 1..17 bottom to
// top ("E7" = column 4, row 6 = index 106). Directions, in this order: 0 N (row + 1), 1 NE, 2 E,
// 3 SE, 4 S, 5 SW, 6 W, 7 NW.
//
// Action encoding (NumDistinctActions = 4938):
//   0 .. 23              chance: the play order drawn by lot, outcome k = the k-th permutation of
//                        the seats in lexicographic order (2 players: only 0 = "order 1,2" and
//                        1 = "order 2,1"; 4 players: 24 outcomes; outcome 0 = seat order 0,1,2,3).
//   24 + point           place a piece on `point` (placement phase).              "G9"
//   313 + from*8 + dir   step from `from` to its neighbour in `dir`.             "G9-H10"
//   2625 + from*8 + dir  jump from `from` over the neighbour in `dir` to the point beyond; a
//                        chain is one jump action per jump, by the same seat.    "G9-G11"
//   4937                 stop a jump chain that could go on.                     "stop"
//
// Facts (State::ActionFacts, TurnSteps; the words are written from them): {"kind": "order",
// "order": [seats in play order, 0-based]}, {"kind": "place", "point"}, {"kind": "step" or "jump",
// "from", "to"}, {"kind": "stop"}, with points named as in the notation ("G9"). The same for every
// viewer.
//
// Passing is implicit (rulings: "a player with no legal move passes"): when a turn ends, the turn
// goes to the next player in play order who is not yet safe and has a legal move, so a state never
// offers a pass action.
//
// Position text (PositionText; NewStateFromPosition parses it; position_text.cc): eight fields
// separated by spaces. The seat count (players) and max_turns are the game's, not the text's.
//   board   rows 17 down to 1 separated by '/', columns A..Q in each: '.' empty or the letter of
//           the seat whose piece stands there (W white, B black, G green, O orange, as ViewText)
//   side    the seat to act (once over: the seat in play order the game stopped at); '-' while
//           the play order is still to draw (only the initial position)
//   order   the play order, e.g. "BW" or "GWOB"; '-' while still to draw
//   chain   '-' or "<point>:<visited>": the point of the piece in a jump chain that may go on and
//           the other points the chain has visited, comma-separated (it may not land there again)
//   army    full: each seat owns 20 (2 players) or 10 (4) pieces, those not on the board are still
//           to place (placement lasts until all 40 stand); board: a composed position, each seat
//           owns only its pieces on the board and the movement has begun
//   turns   completed turns, placements included (the max_turns cap counts them)
//   ply     actions applied, the lot included
//   result  '-' while the game goes on, else the letters of the losing seats ("W", "BG"), or draw
// The initial position (two players; four are the same):
//   ................./................./................./................./................./
//   ................./................./................./................./................./
//   ................./................./................./................./................./
//   ................./................. - - - full 0 0 -
// ViewPositionText: the same for every viewer (perfect information).
//
// ViewJson: {"game", "players", "board" (17 strings, row 1 first, columns A..Q: a seat letter, '+'
// an empty Sanctuary, '.'), "sanctuaries" (point names), "order" (seat names in play order; empty
// while it is drawn), "to_move" (a seat name or null), "phase" ("order"|"placement"|"movement"|
// "over"), "turns", "chain" (null or {"at", "visited"}), "sheltered" and "unsheltered" (pieces per
// seat), "result" (null, or per seat "win"|"loss"|"draw")}, the same for every viewer.
// ViewTensor: 6n + 9 planes x 17 rows x 17 columns (n seats; row 0 = row 1, column 0 = A), exactly
// the information of ViewJson (TensorLayout() names each plane; "all 1" and "count" planes hold
// one value on every square): 0..n-1 seat s's pieces (1 on each); n the Sanctuaries; n+1 the
// central zone; n+2 the points a jump chain in progress has visited, n+3 the chain piece's point;
// n+4..2n+3 seat s to move (all 1); 2n+4..3n+3 seat s's place in the play order (1 for the first
// .. n; 0 while the order is drawn); 3n+4..3n+7 the phase order, placement, movement, over (all 1);
// 3n+8 completed turns (the count); 3n+9..6n+8 seat s's result win, loss, draw (plane 3n+9+3s+r,
// all 1, once over).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"
#include "games/conspiradores/board.h"

namespace quartel::conspiradores {

using engine::Action;
using engine::Seat;

// Position text (see the top of this file). PositionFromText throws quartel::Error naming the
// field and the problem.
std::string PositionToText(const Position& p);
Position PositionFromText(std::string_view text, int num_seats, int max_turns);

// --- Game and state ------------------------------------------------------------------------------
class ConspiradoresGame : public engine::Game {
 public:
  ConspiradoresGame(engine::GameInfo info, engine::GameOptions options);
  int NumSeats() const override { return players_; }
  std::string SeatName(int seat) const override;
  std::unique_ptr<engine::State> NewInitialState() const override;
  int NumDistinctActions() const override { return kNumDistinctActions; }
  int MaxGameLength() const override;
  std::vector<int> TensorShape() const override { return {6 * players_ + 9, kSize, kSize}; }
  std::vector<std::string> TensorLayout() const override;
  std::unique_ptr<engine::State> NewStateFromPosition(std::string_view text) const override;
  int max_turns() const { return max_turns_; }

 private:
  int players_;
  int max_turns_;
};

class ConspiradoresState : public engine::State {
 public:
  explicit ConspiradoresState(const ConspiradoresGame& game);
  ConspiradoresState(const ConspiradoresGame& game, const Position& position);

  const Position& position() const { return pos_; }

  Seat CurrentSeat() const override { return pos_.ToMove(); }
  bool MidTurn() const override { return pos_.InChain(); }
  int PlyCount() const override { return pos_.meta.ply; }
  void LegalActions(std::vector<Action>& out) const override { pos_.LegalActions(out); }
  Action RandomLegalAction(Rng& rng, std::vector<Action>& scratch) const override {
    return pos_.RandomLegalAction(rng, scratch);
  }
  using engine::State::LegalActions;
  std::vector<engine::ChanceOutcome> ChanceOutcomes() const override;
  std::string WhyIllegal(Action action) const override { return pos_.WhyIllegal(action); }
  void DoApply(Action action, engine::UndoInfo* undo) override { pos_.Apply(action, undo); }
  bool SupportsUndo() const override { return true; }
  void UndoAction(Action action, const engine::UndoInfo& undo) override { pos_.Undo(action, undo); }

  std::string ActionToString(Action action) const override;
  Action StringToAction(std::string_view text) const override;
  // "G9-G11-I13": the jumps typed, no more; where the chain could go on, the player is still to
  // move (it jumps on or stops).
  std::vector<Action> StringToTurn(std::string_view text) const override;
  std::string DescribeTurn(std::span<const Action> actions, Seat viewer) const override;
  Json ActionFacts(Action action, Seat viewer) const override;
  Json TurnSteps(std::span<const Action> actions, Seat viewer) const override;

  std::unique_ptr<engine::State> Clone() const override;
  void CopyFrom(const engine::State& other) override;
  bool Equals(const engine::State& other) const override;

  std::vector<engine::Outcome> Results() const override;
  std::vector<double> Returns() const override;

  Json ViewJson(Seat viewer) const override;
  bool EndedAtCap() const override;
  void ViewTensor(Seat viewer, std::span<float> out) const override;
  std::string ViewText(Seat viewer, bool colour) const override;
  std::string PositionText() const override { return PositionToText(pos_); }
  std::string ViewPositionText(Seat) const override { return PositionText(); }
  void CheckConsistency() const override { pos_.CheckConsistency(); }

 private:
  Position pos_;
};
// Position's kept move directions and counts (four bytes for each of the 441 cells of the
// bordered board) take most of it: they make the random playout draw faster
// (docs/PERFORMANCE.md).
static_assert(sizeof(ConspiradoresState) <= 2048);

void Register();

}  // namespace quartel::conspiradores
