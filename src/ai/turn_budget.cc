#include "ai/turn_budget.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "core/error.h"

namespace quartel::ai {

TurnBudget::TurnBudget(std::chrono::milliseconds per_turn, Now now)
    : per_turn_(per_turn), now_(std::move(now)) {
  if (per_turn_.count() <= 0) throw Error("TurnBudget: a turn's budget must be positive");
  if (!now_) throw Error("TurnBudget: no clock");
}

std::chrono::milliseconds TurnBudget::Left() const {
  if (!started_) return per_turn_;
  const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(now_() - turn_start_);
  return std::max(std::chrono::milliseconds(0), per_turn_ - spent);
}

void TurnBudget::OnDecision(bool new_turn) {
  if (new_turn || !started_) {
    turn_start_ = now_();
    started_ = true;
  }
}

std::chrono::milliseconds TurnBudget::Allot(TurnWeights weights) const {
  // A weight that is not a positive number would take nothing or everything: read it as the
  // turn's last decision (all that is left), the safe side of the budget.
  const double mine = std::isfinite(weights.this_decision) && weights.this_decision > 0
                          ? weights.this_decision
                          : 1.0;
  const double rest =
      std::isfinite(weights.rest_of_turn) && weights.rest_of_turn > 0 ? weights.rest_of_turn : 0.0;
  const double share = mine / (mine + rest);
  const auto allotted = std::chrono::milliseconds(
      static_cast<std::int64_t>(std::floor(static_cast<double>(Left().count()) * share)));
  return std::max(kMinDecision, allotted);
}

}  // namespace quartel::ai
