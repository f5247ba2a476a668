// A State is one position of one game, with everything needed to continue it: whose decision it is,
// the legal actions, how to apply and (where cheap) take back an action, and what each seat may
// see.
//
// Conventions (OpenSpiel's, adapted):
// - Actions are small non-negative integers, unique within a game, in [0, NumDistinctActions()).
//   Each game documents its encoding in its header. Legal actions are always returned sorted.
// - Chance is explicit: at a chance node CurrentSeat() is kChanceSeat, ChanceOutcomes() lists the
//   outcomes (as actions) with exact probabilities, and the outcome is applied like any action, so
//   a record replays without a seed.
// - Compound turns (a jump chain, an attack sequence, two moves) are several small actions by the
//   same seat; where the rules let a player end such a turn early, an explicit "stop" action
//   exists. MidTurn() tells whether the seat to act is continuing a turn it has begun.
// - Hidden information is a projection: ViewJson, ViewTensor and ViewText are the only ways a
//   seat or spectator sees a state, and each shows exactly what that viewer may know.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/rng.h"

namespace quartel::engine {

class Game;

using Action = std::int32_t;
using Seat = int;
inline constexpr Seat kChanceSeat = -1;    // CurrentSeat() at a chance node
inline constexpr Seat kTerminalSeat = -2;  // CurrentSeat() once the game is over
inline constexpr Seat kSpectator = -3;     // viewer that is no seat: sees only public information

enum class Outcome { kWin, kLoss, kDraw };
std::string OutcomeName(Outcome outcome);  // "win", "loss", "draw"
// "win", "loss" or "draw" back to the Outcome; throws quartel::Error on anything else.
Outcome ParseOutcome(std::string_view name);

// Why a game ended other than by its own rules (a record's "ending").
enum class EndReason {
  kResignation,  // a seat gave up
  kTime,         // a seat ran out of time
  kAbandoned,    // a seat (or both) left the game
  kAgreement,    // the players agreed (a draw, or a result they settled)
};
std::string EndReasonName(EndReason reason);  // "resignation", "time", "abandoned", "agreement"
// The reason named by EndReasonName; throws quartel::Error listing the names on anything else.
EndReason ParseEndReason(std::string_view name);

// Results and Returns of a finished two-seat game from its winner (a seat, or -1 for a draw).
std::vector<Outcome> TwoSeatResults(int winner);
std::vector<double> TwoSeatReturns(int winner);

struct ChanceOutcome {
  Action action;
  double probability;
};

// What UndoAction needs to take back one action, filled by ApplyAction/DoApplyAction. Callers keep
// these on their own stack (as Stockfish keeps StateInfo), so states stay small and
// allocation-free. The content is private to the game that wrote it.
struct UndoInfo {
  std::array<std::uint64_t, 8> words{};
};

// Ownership and threads (OpenSpiel's contract): a State keeps its Game alive (it holds a
// shared_ptr to it, taken from the Game, which must therefore be owned by a shared_ptr, as
// LoadGame's are; constructing a State for a Game that is not throws std::bad_weak_ptr). A Game is
// immutable: one const Game may be shared by any number of threads. A State is not synchronised:
// use each State from one thread at a time (clone it for another thread).
class State {
 public:
  explicit State(const Game& game);
  virtual ~State() = default;

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& shared_game() const { return game_; }

  // --- Whose turn --------------------------------------------------------------------------------
  // The seat to decide, kChanceSeat at a chance node, or kTerminalSeat when the game is over.
  virtual Seat CurrentSeat() const = 0;
  bool IsTerminal() const { return CurrentSeat() == kTerminalSeat; }
  bool IsChanceNode() const { return CurrentSeat() == kChanceSeat; }
  // True while a turn that has begun goes on: the seat to act continues it (after a jump that may
  // go on, say), or a chance event inside it is pending (a battle roll). False at the start of a
  // turn and at terminal states. Turn-level counts (perft) and turn summaries use it.
  virtual bool MidTurn() const = 0;
  // MidTurn() as `viewer` (a seat or kSpectator) may know it. Public by default; a game where a
  // turn in progress is its seat's secret (a setup placed piece by piece: rulings, "Stratego",
  // "Espionage") answers false to every other viewer until the turn ends.
  virtual bool MidTurnShown(Seat viewer) const {
    (void)viewer;
    return MidTurn();
  }
  // Number of actions applied since the initial state (chance outcomes included).
  virtual int PlyCount() const = 0;
  // How many of the last actions applied `viewer` may not count: another seat's placements in a
  // setup in progress, whose number is secret (rulings). 0 by default. PlyCount() less this is
  // what the viewer may know of the ply count (SeatHandle::version()).
  virtual int ActionsUncountedBy(Seat viewer) const {
    (void)viewer;
    return 0;
  }

  // --- Actions -----------------------------------------------------------------------------------
  // Sorted legal actions of the seat to act; at a chance node the outcomes' actions; empty at a
  // terminal state. `out` is cleared first. Never empty at a non-terminal state.
  virtual void LegalActions(std::vector<Action>& out) const = 0;
  std::vector<Action> LegalActions() const;
  // A uniformly random legal action at a decision node, drawn exactly as `LegalActions(scratch)`
  // then `scratch[rng.Below(size)]` draws it: the same action from the same draws of `rng`. The
  // playouts' fast path (engine::PlayoutAction); a game may override it to draw without building
  // the whole list. `scratch` is working space: its contents afterwards are unspecified.
  virtual Action RandomLegalAction(Rng& rng, std::vector<Action>& scratch) const {
    LegalActions(scratch);
    return scratch[rng.Below(static_cast<std::uint32_t>(scratch.size()))];
  }
  // Outcomes and exact probabilities (positive, summing to 1) at a chance node; empty elsewhere.
  virtual std::vector<ChanceOutcome> ChanceOutcomes() const;
  // Empty if `action` is legal now, else one line saying why not (e.g. "point 18 is occupied").
  // Any integer may be asked about; never throws.
  virtual std::string WhyIllegal(Action action) const = 0;

  // Applies `action` after checking it; an illegal action throws quartel::Error with WhyIllegal's
  // reason and leaves the state unchanged. In debug builds CheckConsistency() runs afterwards.
  void ApplyAction(Action action);
  void ApplyAction(Action action, UndoInfo& undo);
  // The unchecked fast path used by search and playouts: `action` must be legal (its legality is
  // not checked), but an id outside [0, NumDistinctActions()) is refused with quartel::Error
  // before the game sees it, so no caller can index the game's tables out of range. Fills
  // `*undo` when it is not null and the game supports undo.
  void DoApplyAction(Action action, UndoInfo* undo) {
    if (static_cast<std::uint32_t>(action) >= num_distinct_actions_) ThrowOutOfRange(action);
    DoApply(action, undo);
  }
  // Whether UndoAction is implemented for this game.
  virtual bool SupportsUndo() const { return false; }
  // Takes back `action`, which must be the last action applied, with the UndoInfo it filled.
  // Restores a state equal (Equals) to the one before. Throws if the game does not support undo.
  virtual void UndoAction(Action action, const UndoInfo& undo);

  // --- Notation ----------------------------------------------------------------------------------
  // The game's own notation for `action` in this state (e.g. Dablot "12-18", "23x35", "stop").
  // Works for any legal action; for an illegal one returns a best-effort description.
  virtual std::string ActionToString(Action action) const = 0;
  // `action` as `viewer` (a seat or kSpectator) may see it played: the full notation in
  // perfect-information games; hidden-information games hide what the viewer may not know (an
  // opponent's placement shows its square, not its rank). What players are shown goes through this.
  virtual std::string ActionToStringFor(Action action, Seat viewer) const {
    (void)viewer;
    return ActionToString(action);
  }
  // Parses one action's notation in this state. Throws quartel::Error naming the text and the
  // problem if it does not parse or is not legal here.
  virtual Action StringToAction(std::string_view text) const = 0;
  // Parses one command a player types, which may be several actions (a jump chain "23x35x47", a
  // whole setup, WAR "place 3 brasil"); the default is one action. The result is legal when
  // applied in order. It need not complete the turn: where a chain may go on after the jumps
  // typed, the same seat is still to act (it jumps on or stops).
  virtual std::vector<Action> StringToTurn(std::string_view text) const;

  // Answers a question a player types that is not an action (WAR "odds brasil argentina",
  // "borders peru"), from what `viewer` may know; std::nullopt when `text` is no such question
  // (then it is read as an action). A question that is malformed throws quartel::Error.
  virtual std::optional<std::string> Inquire(std::string_view text, Seat viewer) const {
    (void)text;
    (void)viewer;
    return std::nullopt;
  }

  // A turn that starts in this state and plays `actions` (chance outcomes within it included),
  // told in words as `viewer` may know it: what the terminal prints for a bot's turn. The default
  // lists the moves; games with long turns (WAR) summarise them.
  virtual std::string DescribeTurn(std::span<const Action> actions, Seat viewer) const;

  // --- Facts: the same, as data ------------------------------------------------------------------
  // What ActionToStringFor and DescribeTurn tell `viewer`, as data for clients that word it in
  // their own language (docs/PROTOCOL.md, "Facts"): a JSON object with a "kind" and typed fields
  // (squares, points, ranks, seats, counts), showing only what `viewer` may know, as the words
  // do. Games that implement them write their words from these facts (one formatter per game),
  // so words and facts cannot disagree. The defaults carry the words alone, {"kind": "words",
  // "text": ...}, for a game that has not said more yet.
  virtual Json ActionFacts(Action action, Seat viewer) const;
  // The steps of a turn that starts in this state and plays `actions`, as `viewer` learnt them:
  // one fact per step, with what the step showed (a combat's ranks, a capture).
  virtual Json TurnSteps(std::span<const Action> actions, Seat viewer) const;

  // --- Endings outside the rules -----------------------------------------------------------------
  // `seat` resigns and the game goes on without it, where the game's rules say so (rulings: in
  // WAR with more than two players left its armies become neutral). Returns false when the game
  // has no such rule: the caller then ends the game with EndGame (engine::Match::Resign).
  virtual bool ResignSeat(Seat seat) {
    (void)seat;
    return false;
  }
  // Ends the game now, for `reason`, with `results` (one per seat): a resignation, a loss on
  // time, an abandoned game or a draw agreed. The state becomes terminal, Results() returns
  // `results`, and the views show everything, as at any ending (rulings: "After the game ends
  // everything is revealed"). Returns false, leaving the state unchanged, where the game does not
  // implement it (perfect-information games, where nothing is left to reveal): the caller
  // (engine::Match) then keeps the ending itself. Must not be called on a terminal state.
  virtual bool EndGame(EndReason reason, std::span<const Outcome> results) {
    (void)reason;
    (void)results;
    return false;
  }

  // --- Position text
  // ------------------------------------------------------------------------------ The full state
  // as text (like a chess FEN, Stockfish's Position::fen): the board, who is to act, the progress
  // of a compound turn, hands, objectives, counters and whatever history the rules need, and the
  // ply count. Game::NewStateFromPosition parses it back to a state that Equals this one, with the
  // same PlyCount, legal actions and views. Each game documents its form in its header. It holds
  // everything hidden: it is for the server's snapshots, tests and research, never for a seat (a
  // seat's form is ViewPositionText).
  virtual std::string PositionText() const;
  // What `viewer` (a seat or kSpectator) may know in the same form, with what it may not know
  // marked as unknown ('?'): a seat's own position text. Not parsed back.
  virtual std::string ViewPositionText(Seat viewer) const;

  // --- Copies ------------------------------------------------------------------------------------
  virtual std::unique_ptr<State> Clone() const = 0;
  // Overwrites this state with `other`, a state of the same game; no heap allocation.
  virtual void CopyFrom(const State& other) = 0;
  // Same game and same position, history that matters to the rules included.
  virtual bool Equals(const State& other) const = 0;

  // --- Results (terminal states only; empty elsewhere) -------------------------------------------
  virtual std::vector<Outcome> Results() const = 0;
  // True when a finished game ended at one of the engine's caps (a turn or move limit for
  // unattended games, not a rule), rather than by the rules or an EndGame reason. The ladder and
  // docs/BOTS.md count these: a bot that wins should win by the rules.
  virtual bool EndedAtCap() const { return false; }
  // Per-seat scores in [-1, 1] that sum to zero (win +1 / loss -1 in two-player games).
  virtual std::vector<double> Returns() const = 0;

  // --- Views: the only way out of the engine -----------------------------------------------------
  // What `viewer` (a seat or kSpectator) may see, as JSON for clients. Deterministic: equal inputs
  // give byte-identical output.
  virtual Json ViewJson(Seat viewer) const = 0;
  // The same information as a flat float tensor of game().TensorSize() values.
  virtual void ViewTensor(Seat viewer, std::span<float> out) const = 0;
  // A human-readable board for the terminal; `colour` adds ANSI colours.
  virtual std::string ViewText(Seat viewer, bool colour) const = 0;

  // --- Hidden information ------------------------------------------------------------------------
  // A full state the seat cannot tell apart from this one (its view is identical), drawn at random
  // among those consistent with everything it has seen. Perfect-information games return a clone.
  virtual std::unique_ptr<State> SampleConsistentState(Seat seat, Rng& rng) const;

  // --- Debugging ---------------------------------------------------------------------------------
  // Checks the internal invariants (Stockfish's pos_is_ok); throws quartel::Error naming the first
  // broken one. Called after every action in debug builds.
  virtual void CheckConsistency() const {}

 protected:
  State(const State&) = default;
  State& operator=(const State&) = default;

  // DoApplyAction's work, once the id is known to be in range.
  virtual void DoApply(Action action, UndoInfo* undo) = 0;

 private:
  [[noreturn]] void ThrowOutOfRange(Action action) const;

  std::shared_ptr<const Game> game_;
  std::uint32_t num_distinct_actions_;
};

}  // namespace quartel::engine
