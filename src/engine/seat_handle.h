// A SeatHandle is one viewer's way into a state: a seat, or a spectator. It is the only thing the
// terminal, the bots, the server and the Python module hand to whatever looks or acts for a
// viewer, so that nothing a viewer may not know can reach it by another path (rulings, "Hidden
// information"). Through it a viewer gets its own view (JSON, text, tensor, position text), its
// legal actions and action mask only when the decision is its own, the parsing of its own input,
// the notation of actions as it may know them, turn descriptions, answers to its questions and
// the results.
//
// Every input is checked in this order before anything else reads it: the version the viewer
// acted on (a stale action is refused), then whether the decision is the viewer's (a spectator's
// never is). Only then are the text and the rules consulted, so an error message can only speak
// of the viewer's own decision, which it already knows everything about (never "a Bomb never
// moves" to the opponent of the Bomb's owner).
//
// A handle refers to a state it does not own; it is cheap to make and must not outlive the state.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/state.h"

namespace quartel::engine {

class SeatHandle {
 public:
  // `viewer` is a seat of the state's game or kSpectator; anything else throws quartel::Error.
  // `version` counts what has happened to the state as the viewer may know it: inputs name the
  // version they answer. By default it is the ply count less the actions the viewer may not
  // count (State::ActionsUncountedBy: another seat's setup placements in progress), so that it
  // changes with the viewer's own placements and never with another's. A caller with its own
  // count (engine::Match counts its record's entries; the server numbers whole events) passes a
  // count that is public to the viewer.
  SeatHandle(const State& state, Seat viewer);
  SeatHandle(const State& state, Seat viewer, int version);

  Seat viewer() const { return viewer_; }
  bool IsSpectator() const { return viewer_ == kSpectator; }
  const Game& game() const { return state_->game(); }
  int version() const { return version_; }

  // --- The public flow of the game -----------------------------------------------------------
  Seat CurrentSeat() const { return state_->CurrentSeat(); }
  bool IsMyDecision() const { return viewer_ >= 0 && state_->CurrentSeat() == viewer_; }
  bool IsTerminal() const { return state_->IsTerminal(); }
  bool IsChanceNode() const { return state_->IsChanceNode(); }
  // Whether a turn is in progress, as this viewer may know it (State::MidTurnShown): another
  // seat's setup in progress is not shown to have begun.
  bool MidTurn() const { return state_->MidTurnShown(viewer_); }
  // No ply count: while a seat sets up piece by piece, the number of its placements is secret
  // (rulings), and the ply count would tell it to the other seat (version() leaves them out).

  // --- The viewer's view ---------------------------------------------------------------------
  Json ViewJson() const { return state_->ViewJson(viewer_); }
  std::string ViewText(bool colour) const { return state_->ViewText(viewer_, colour); }
  void ViewTensor(std::span<float> out) const { state_->ViewTensor(viewer_, out); }
  std::vector<float> ViewTensor() const;
  std::string ViewPositionText() const { return state_->ViewPositionText(viewer_); }

  // --- Acting: only on the viewer's own decision ---------------------------------------------
  // The legal actions, sorted; empty unless it is the viewer's decision.
  std::vector<Action> LegalActions() const;
  // One entry per action id (NumDistinctActions() long): 1 for a legal action, else 0; all 0
  // unless it is the viewer's decision.
  std::vector<std::uint8_t> LegalActionMask() const;
  // Empty when `action`, answering `version`, may be applied now for this viewer; otherwise one
  // line saying why not: a stale version or another's decision first, then the rules.
  std::string WhyRefused(Action action, int version) const;
  // The actions of one command the viewer typed answering `version` (a move, a jump chain, a
  // whole setup, "place 3 brasil"), legal in order. Throws quartel::Error with the first reason
  // it cannot be played: stale version, not the viewer's decision, then the text and the rules.
  std::vector<Action> ParseTurn(std::string_view text, int version) const;
  // One action's notation, checked the same way.
  Action ParseAction(std::string_view text, int version) const;

  // --- Words, as this viewer may know them -----------------------------------------------------
  // `action` (legal in this state) as this viewer may see it played.
  std::string ActionToString(Action action) const {
    return state_->ActionToStringFor(action, viewer_);
  }
  // A turn that starts in this state and plays `actions`, told as this viewer may know it.
  std::string DescribeTurn(std::span<const Action> actions) const {
    return state_->DescribeTurn(actions, viewer_);
  }
  // The same as data (State::ActionFacts, State::TurnSteps), as this viewer may know it.
  Json ActionFacts(Action action) const { return state_->ActionFacts(action, viewer_); }
  Json TurnSteps(std::span<const Action> actions) const {
    return state_->TurnSteps(actions, viewer_);
  }
  // Answers a question that is not an action (WAR "odds a b") from this viewer's knowledge.
  std::optional<std::string> Inquire(std::string_view text) const {
    return state_->Inquire(text, viewer_);
  }

  // --- Results (finished games; empty before) -------------------------------------------------
  std::vector<Outcome> Results() const { return state_->Results(); }
  std::vector<double> Returns() const { return state_->Returns(); }

  // --- For search ----------------------------------------------------------------------------
  // A full state this seat cannot tell apart from the real one, drawn among those consistent with
  // what it has seen (a clone in perfect-information games). What bots search. Seats only.
  std::unique_ptr<State> SampleState(Rng& rng) const;

 private:
  // Throws quartel::Error when `version` is stale or the decision is not the viewer's.
  void CheckTurn(int version) const;

  const State* state_;
  Seat viewer_;
  int version_;
};

}  // namespace quartel::engine
