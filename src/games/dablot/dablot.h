// Dablot Prejjesne, the Sámi battle game (seed 002, second part; rulings "Dablot"; full rules in
// docs/rules/dablot.md). Two seats: 0 = Sámi (soldiers 1-28, Prince 33, King 39), 1 = Swedes
// (soldiers 45-72, Landlord 34, Landlord's Son 40) on 72 points joined by drawn lines. A turn is
// one step to an adjacent empty point, or a chain of captures by one piece: jump over an adjacent
// enemy of equal or lower rank (soldier < Prince/Son < King/Landlord) to the empty point beyond.
// Captures and continuing are never compulsory. Who cannot move on its turn loses; one piece each:
// the higher rank wins, King vs Landlord draws, equal ranks race toward each other.
//
// Options:
//   max_turns  int, default 1000, 10..100000: engine cap for unattended games (not a rule); when
//              that many turns are complete the game is a draw.
//
// Action encoding (from = 0-based point index, i.e. point number - 1; dir 0..7 clockwise from
// "north" = toward the Swedish side, see board.h):
//   0                      chance: Sámi move first      ("Sámi first")
//   1                      chance: Swedes move first    ("Swedes first")
//   2                      stop: end a capture chain that could continue ("stop")
//   3 + from * 8 + dir     step to the neighbour along `dir` ("23-29")
//   579 + from * 8 + dir   jump over the neighbour along `dir`, capturing it ("23x35")
// NumDistinctActions() = 1155. A player may type a chain of captures at once, "23x35x47"
// (StringToTurn: the jumps typed, no more; where the chain could go on, the player is still to
// move). DescribeTurn names what each capture took.
//
// Facts (State::ActionFacts, TurnSteps; the words are written from them): {"kind": "first",
// "seat"}, {"kind": "stop"}, {"kind": "step", "from", "to"}, {"kind": "jump", "from", "over",
// "to", "taken" (the taken piece's letter, as in the view)}; points numbered 1 to 72. The same
// for every viewer.
//
// Views: ViewJson gives {"game", "board" (72 entries, index = point - 1: "S" Sámi soldier,
// "P" Prince, "K" King, "s" Swedish soldier, "p" Landlord's Son, "l" Landlord, null empty),
// "to_move" (seat or null), "chain_from" (1-based point or null), "turn" (completed turns),
// "result" (null, or {"winner": seat or null for a draw})}. ViewTensor: 15 planes x 13 x 11 over
// the doubled coordinates (a point at (y, x) as in the board's geometry; cells that are no point
// stay 0), exactly the information of ViewJson (the same for every viewer; TensorLayout() names
// each plane; "all 1" and "count" planes hold one value on every cell): 0-5 the 6 piece kinds in
// Piece code order (1 on the piece's point); 6 the chain piece's point; 7-9 the phase: the first
// player being drawn, play, over; 10 the Sámi to move, 11 the Swedes to move; 12 the winner is the
// Sámi, 13 the Swedes (neither, once over: a draw); 14 completed turns (the count).
//
// Position text (PositionText; NewStateFromPosition parses it; position_text.cc): six fields
// separated by spaces. max_turns is the game's option, not the text's.
//   board   the 13 rows of points from the Sámi side (points 1-6) to the Swedish side (67-72),
//           separated by '/', 6 corners or 5 centres each in point order: '.' empty or a letter
//           of the views (S P K Sámi soldier, Prince, King; s p l Swedish soldier, Landlord's
//           Son, Landlord)
//   side    sami|swedes: the seat to act (once over: the seat the last turn handed over to); '-'
//           while the lot for the first move is still to draw (only the initial position)
//   chain   '-' or the point (1-72) of the piece in the middle of a capture chain that may go on
//   turns   completed turns (the max_turns cap counts them)
//   plies   actions applied, the lot included
//   result  '-' while the game goes on, else sami|swedes (the winner) or draw
// The one-against-one race is not written: it is on exactly when one piece of equal rank below
// King/Landlord is left to each seat at the start of a turn.
// The initial position:
//   SSSSSS/SSSSS/SSSSSS/SSSSS/SSSSSS/....P/l....K/p..../ssssss/sssss/ssssss/sssss/ssssss - - 0 0 -
// ViewPositionText: the same for every viewer (perfect information).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"
#include "games/dablot/board.h"

namespace quartel::dablot {

// The seats as players name them, Sámi first (they move first).
inline constexpr const char* kSeatNames[2] = {"Sámi", "Swedes"};

// ViewTensor's planes (the file comment).
inline constexpr int kPlaneChain = 6, kPlanePhase = 7, kPlaneToMove = 10, kPlaneWinner = 12;
inline constexpr int kPlaneTurns = 14;
inline constexpr int kNumPlanes = 15;

class DablotGame : public engine::Game {
 public:
  explicit DablotGame(const engine::GameOptions& options);

  int NumSeats() const override { return 2; }
  std::string SeatName(int seat) const override;
  std::unique_ptr<engine::State> NewInitialState() const override;
  int NumDistinctActions() const override { return kNumActions; }
  // Each turn has at most one action that is not a capture (a step or stop), there are at most 59
  // captures in a game (30 + 29 pieces), and one chance action draws the first player.
  int MaxGameLength() const override { return 1 + max_turns_ + 59; }
  std::vector<int> TensorShape() const override { return {kNumPlanes, kGridHeight, kGridWidth}; }
  std::vector<std::string> TensorLayout() const override;
  std::unique_ptr<engine::State> NewStateFromPosition(std::string_view text) const override;

  int max_turns() const { return max_turns_; }

 private:
  int max_turns_;
};

class DablotState : public engine::State {
 public:
  DablotState(const DablotGame& game, const Position& position);

  engine::Seat CurrentSeat() const override;
  bool MidTurn() const override { return position_.MidTurn(); }
  int PlyCount() const override { return position_.h.plies; }

  void LegalActions(std::vector<Action>& out) const override { position_.LegalActions(out); }
  Action RandomLegalAction(Rng& rng, std::vector<Action>& scratch) const override {
    return position_.RandomLegalAction(rng, scratch);
  }
  using engine::State::LegalActions;
  std::vector<engine::ChanceOutcome> ChanceOutcomes() const override;
  std::string WhyIllegal(Action action) const override { return position_.WhyIllegal(action); }
  void DoApply(Action action, engine::UndoInfo* undo) override { position_.Apply(action, undo); }
  bool SupportsUndo() const override { return true; }
  void UndoAction(Action action, const engine::UndoInfo& undo) override {
    position_.Undo(action, undo);
  }

  std::string ActionToString(Action action) const override;
  Action StringToAction(std::string_view text) const override;
  std::vector<Action> StringToTurn(std::string_view text) const override;
  std::string DescribeTurn(std::span<const Action> actions, engine::Seat viewer) const override;
  Json ActionFacts(Action action, engine::Seat viewer) const override;
  Json TurnSteps(std::span<const Action> actions, engine::Seat viewer) const override;

  std::unique_ptr<engine::State> Clone() const override;
  void CopyFrom(const engine::State& other) override;
  bool Equals(const engine::State& other) const override;

  std::vector<engine::Outcome> Results() const override;
  std::vector<double> Returns() const override;

  Json ViewJson(engine::Seat viewer) const override;
  bool EndedAtCap() const override;
  void ViewTensor(engine::Seat viewer, std::span<float> out) const override;
  std::string ViewText(engine::Seat viewer, bool colour) const override;

  std::string PositionText() const override { return PositionToText(position_); }
  std::string ViewPositionText(engine::Seat) const override { return PositionText(); }
  void CheckConsistency() const override { position_.Check(); }

  const Position& position() const { return position_; }

 private:
  // The action whose notation is "<from><sep><to>" (sep '-' step, 'x' jump), before legality.
  Action ParseMove(std::string_view text) const;

  Position position_;
};

// Registers "dablot" with the engine's registry.
void Register();

}  // namespace quartel::dablot
