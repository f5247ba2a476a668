// A time budget for a seat's whole turn (a bot spec's "turn_ms"), shared over the decisions the
// turn is made of. A WAR turn is dozens of decisions (each army placed, each attack, each army
// moved), so a budget per decision makes a turn last dozens of budgets (issue 21, point 6).
//
// The bot tells the budget when a decision begins a turn (SeatHandle::MidTurn() is false there)
// and how its game weighs the decisions of a turn (TurnWeights, from MctsHooks::TurnShare); each
// decision may take its weight's part of what the turn has left:
//
//   allotted = left * this_decision / (this_decision + rest_of_turn)
//
// so however many decisions follow, the turn as a whole stays within its budget (plus at most
// kMinDecision for a decision made when nothing is left, and what a search overshoots its
// deadline by). Time goes on between decisions (chance events, the server publishing a roll): the
// turn's clock runs from its first decision. Decisions with one legal action are not allotted
// anything (the bot plays them without asking). The clock can be injected, so the split is
// tested without waiting.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

namespace quartel::ai {

// How a game weighs the decision at hand against what its seat is still expected to decide in
// the same turn. Weights are relative costs (a WAR army placed is worth less thought than an
// attack); only their ratio matters. {1, 0}: the decision is the turn's last, it may take all
// that is left.
struct TurnWeights {
  double this_decision = 1.0;
  double rest_of_turn = 0.0;
};

class TurnBudget {
 public:
  using Clock = std::chrono::steady_clock;
  using Now = std::function<Clock::time_point()>;
  // A decision made when the turn has nothing left still gets this much (a search needs a few
  // iterations to choose better than at random).
  static constexpr std::chrono::milliseconds kMinDecision{1};

  // `per_turn` must be positive. `now` reads the clock (steady_clock::now unless a test injects
  // one).
  explicit TurnBudget(std::chrono::milliseconds per_turn, Now now = Clock::now);

  // Called at every decision of the seat, searched or not (a forced one, a planned one):
  // `new_turn` when it is the first of the seat's turn, whose clock starts now; otherwise the
  // turn begun at the last new turn goes on (a first call begins a turn whatever it says).
  void OnDecision(bool new_turn);
  // The time the decision being made now (after OnDecision) may take: its weight's part of what
  // the turn has left. Never less than kMinDecision.
  std::chrono::milliseconds Allot(TurnWeights weights) const;

  // What the turn has left now (zero once spent; the whole budget before any turn).
  std::chrono::milliseconds Left() const;
  std::chrono::milliseconds per_turn() const { return per_turn_; }

 private:
  std::chrono::milliseconds per_turn_;
  Now now_;
  bool started_ = false;
  Clock::time_point turn_start_{};
};

}  // namespace quartel::ai
