#include "engine/state.h"

#include <fmt/format.h>

#include "core/error.h"
#include "engine/game.h"

namespace quartel::engine {

std::string OutcomeName(Outcome outcome) {
  switch (outcome) {
    case Outcome::kWin:
      return "win";
    case Outcome::kLoss:
      return "loss";
    case Outcome::kDraw:
      return "draw";
  }
  return "?";
}

Outcome ParseOutcome(std::string_view name) {
  for (Outcome outcome : {Outcome::kWin, Outcome::kLoss, Outcome::kDraw}) {
    if (OutcomeName(outcome) == name) return outcome;
  }
  throw Error(fmt::format("'{}' is not an outcome (win, loss or draw)", name));
}

namespace {
constexpr EndReason kEndReasons[] = {EndReason::kResignation, EndReason::kTime,
                                     EndReason::kAbandoned, EndReason::kAgreement};
}  // namespace

std::string EndReasonName(EndReason reason) {
  switch (reason) {
    case EndReason::kResignation:
      return "resignation";
    case EndReason::kTime:
      return "time";
    case EndReason::kAbandoned:
      return "abandoned";
    case EndReason::kAgreement:
      return "agreement";
  }
  return "?";
}

EndReason ParseEndReason(std::string_view name) {
  for (EndReason reason : kEndReasons) {
    if (EndReasonName(reason) == name) return reason;
  }
  throw Error(
      fmt::format("'{}' is not an ending (resignation, time, abandoned or agreement)", name));
}

std::vector<Outcome> TwoSeatResults(int winner) {
  if (winner < 0) return {Outcome::kDraw, Outcome::kDraw};
  std::vector<Outcome> results(2, Outcome::kLoss);
  results[winner] = Outcome::kWin;
  return results;
}

std::vector<double> TwoSeatReturns(int winner) {
  if (winner < 0) return {0.0, 0.0};
  std::vector<double> returns(2, -1.0);
  returns[winner] = 1.0;
  return returns;
}

State::State(const Game& game)
    : game_(game.shared_from_this()),
      num_distinct_actions_(static_cast<std::uint32_t>(game.NumDistinctActions())) {}

void State::ThrowOutOfRange(Action action) const {
  throw Error(fmt::format("action {} is outside {}'s actions 0..{}", action, game_->id(),
                          num_distinct_actions_ - 1));
}

std::string State::PositionText() const {
  throw Error(fmt::format("{} has no position text yet", game_->id()));
}

std::string State::ViewPositionText(Seat viewer) const {
  (void)viewer;
  throw Error(fmt::format("{} has no position text yet", game_->id()));
}

std::vector<Action> State::LegalActions() const {
  std::vector<Action> actions;
  LegalActions(actions);
  return actions;
}

std::vector<ChanceOutcome> State::ChanceOutcomes() const { return {}; }

void State::ApplyAction(Action action) {
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw Error(fmt::format("illegal action {}: {}", action, why));
  DoApplyAction(action, nullptr);
#ifndef NDEBUG
  CheckConsistency();
#endif
}

void State::ApplyAction(Action action, UndoInfo& undo) {
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw Error(fmt::format("illegal action {}: {}", action, why));
  DoApplyAction(action, &undo);
#ifndef NDEBUG
  CheckConsistency();
#endif
}

void State::UndoAction(Action, const UndoInfo&) {
  throw Error(fmt::format("{} does not support undo", game().id()));
}

std::vector<Action> State::StringToTurn(std::string_view text) const {
  return {StringToAction(text)};
}

std::string State::DescribeTurn(std::span<const Action> actions, Seat viewer) const {
  auto state = Clone();
  std::string text;
  for (Action action : actions) {
    if (!text.empty()) text += ' ';
    text += state->ActionToStringFor(action, viewer);
    state->DoApplyAction(action, nullptr);
  }
  return text;
}

Json State::ActionFacts(Action action, Seat viewer) const {
  return Json{{"kind", "words"}, {"text", ActionToStringFor(action, viewer)}};
}

Json State::TurnSteps(std::span<const Action> actions, Seat viewer) const {
  return Json::array({Json{{"kind", "words"}, {"text", DescribeTurn(actions, viewer)}}});
}

std::unique_ptr<State> State::SampleConsistentState(Seat, Rng&) const { return Clone(); }

}  // namespace quartel::engine
