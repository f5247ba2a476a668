#include "engine/playout.h"

#include "core/error.h"
#include "engine/game.h"

namespace quartel::engine {

Action SampleChanceOutcome(const State& state, Rng& rng) {
  const std::vector<ChanceOutcome> outcomes = state.ChanceOutcomes();
  std::vector<double> weights;
  weights.reserve(outcomes.size());
  for (const auto& outcome : outcomes) weights.push_back(outcome.probability);
  return outcomes[rng.Pick(weights)].action;
}

Action RandomAction(const State& state, Rng& rng, std::vector<Action>& scratch) {
  if (state.IsChanceNode()) return SampleChanceOutcome(state, rng);
  state.LegalActions(scratch);
  return scratch[rng.Below(static_cast<std::uint32_t>(scratch.size()))];
}

Action PlayoutAction(const State& state, Rng& rng, std::vector<Action>& scratch) {
  if (state.IsChanceNode()) return SampleChanceOutcome(state, rng);
  return state.RandomLegalAction(rng, scratch);
}

int PlayRandomToEnd(State& state, Rng& rng, std::vector<Action>& scratch) {
  int plies = 0;
  while (!state.IsTerminal()) {
    state.DoApplyAction(PlayoutAction(state, rng, scratch), nullptr);
    ++plies;
  }
  return plies;
}

namespace {

// Ways to play `turns` more turns from `state`; `mid_turn` when `state` continues a turn that was
// already counted (the turn is only complete once MidTurn() is false again).
std::uint64_t Perft(const State& state, int turns, bool mid_turn) {
  if (!mid_turn && turns == 0) return 1;
  if (state.IsTerminal()) return 0;
  std::uint64_t total = 0;
  auto child = state.Clone();
  if (state.IsChanceNode()) {
    for (const auto& outcome : state.ChanceOutcomes()) {
      child->CopyFrom(state);
      child->DoApplyAction(outcome.action, nullptr);
      const bool continues = child->MidTurn();
      // An outcome that ends the turn it interrupted completes that turn.
      total += Perft(*child, mid_turn && !continues ? turns - 1 : turns, continues);
    }
    return total;
  }
  for (Action action : state.LegalActions()) {
    child->CopyFrom(state);
    child->DoApplyAction(action, nullptr);
    const bool continues = child->MidTurn();
    total += Perft(*child, continues ? turns : turns - 1, continues);
  }
  return total;
}

}  // namespace

std::uint64_t PerftTurns(const State& state, int depth) { return Perft(state, depth, false); }

std::uint64_t PerftActions(const State& state, int depth) {
  if (depth == 0) return 1;
  if (state.IsTerminal()) return 0;
  std::vector<Action> actions;
  if (state.IsChanceNode()) {
    for (const auto& outcome : state.ChanceOutcomes()) actions.push_back(outcome.action);
  } else {
    state.LegalActions(actions);
  }
  if (depth == 1) return actions.size();
  std::uint64_t total = 0;
  auto child = state.Clone();
  for (Action action : actions) {
    child->CopyFrom(state);
    child->DoApplyAction(action, nullptr);
    total += PerftActions(*child, depth - 1);
  }
  return total;
}

std::uint64_t PerftFor(const State& state, int depth) {
  return state.game().info().perft_counts_turns ? PerftTurns(state, depth)
                                                : PerftActions(state, depth);
}

void SkipOpeningChance(State& state) {
  while (state.IsChanceNode()) {
    state.DoApplyAction(state.ChanceOutcomes().front().action, nullptr);
  }
}

}  // namespace quartel::engine
