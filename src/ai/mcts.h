// Generic Monte-Carlo tree search (UCT) for every registered game: multi-seat (each node is valued
// from the point of view of the seat that chose it), chance nodes sampled with their probabilities,
// hidden information handled by sampling a consistent state per iteration (determinization).
// Budget in iterations or milliseconds; deterministic for a given seed and iteration budget. The
// "mcts" bot also takes a budget for a whole turn of its seat ("turn_ms", turn_budget.h), shared
// over the turn's decisions as the game's hooks weigh them (MctsHooks::TurnShare).
// Per-game knowledge enters only through MctsHooks (rollout policy and evaluation), registered by
// game id.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "ai/turn_budget.h"
#include "core/rng.h"
#include "engine/seat_handle.h"
#include "engine/state.h"

namespace quartel::ai {

class MctsHooks {
 public:
  virtual ~MctsHooks() = default;
  // The action a rollout plays at a decision node (default: uniformly random legal action).
  virtual engine::Action RolloutAction(const engine::State& state, Rng& rng,
                                       std::vector<engine::Action>& scratch) const;
  // Optional static evaluation: when it returns true, `values` holds one value in [-1, 1] per seat
  // and the rollout stops here. Called before every rollout step with the number of rollout plies
  // played so far (0 at the leaf), so a game decides how deep its rollouts go.
  virtual bool Evaluate(const engine::State& state, int rollout_plies,
                        std::vector<double>& values) const;
  // A whole setup for the seat to act, as the actions to play in order, when `state` is at the
  // start of that seat's setup (Stratego, Espionage: drawn from the game's own distribution of
  // sensible setups rather than searched); empty elsewhere and by default. The bot plays the plan
  // through while its next action stays legal.
  virtual std::vector<engine::Action> SetupPlan(const engine::State& state, Rng& rng) const;
  // For a per-turn budget (turn_budget.h): how the decision of the seat to act in `state` weighs
  // against what it is still expected to decide in the same turn. `state` is a sample the seat
  // cannot tell from the real one: read only what the seat may know. Default {1, 0}: a turn is
  // one decision (a jump chain's first jump thinks for the whole chain, whose later steps get
  // what is left).
  virtual TurnWeights TurnShare(const engine::State& state) const;
};

using MctsHooksFactory = std::function<std::unique_ptr<MctsHooks>()>;
void RegisterMctsHooks(const std::string& game_id, MctsHooksFactory factory);
// The game's hooks, or the default ones.
std::unique_ptr<MctsHooks> MakeMctsHooks(const std::string& game_id);

struct MctsConfig {
  std::int64_t iterations = 0;       // budget in iterations (0: use milliseconds)
  std::int64_t milliseconds = 1000;  // 0 with iterations > 0: no time limit (deterministic)
  double exploration = 1.4;          // UCB1 constant, values scaled to [0, 1]
  std::uint64_t seed = 0;
  // The tree stops growing at this many nodes (iterations go on with rollouts from the leaves), so
  // long time budgets cannot exhaust memory.
  std::int64_t max_nodes = 4'000'000;
  // When not null and set, the search stops after the iteration in progress (at least one is
  // made) and answers from what it has (Bot::SetStopFlag).
  const std::atomic<bool>* stop = nullptr;
};

// What one search did, for tests, benchmarks and the CLI's verbose output.
struct MctsStats {
  std::int64_t iterations = 0;
  std::int64_t nodes = 0;
  std::int64_t root_visits_of_choice = 0;
  double root_value_of_choice = 0;  // mean return of the chosen action for the seat to act
};

// Searches for the seat of `seat` (on its own decision) and returns the most visited action. Each
// iteration plays in a full state drawn by SeatHandle::SampleState (the real one, cloned, in
// perfect-information games). One legal action is returned without searching. Fills `*stats`
// when it is not null.
engine::Action MctsSearch(const engine::SeatHandle& seat, const MctsConfig& config,
                          const MctsHooks& hooks, Rng& rng, MctsStats* stats = nullptr);

// Registers "mcts" (keys iterations, ms, turn_ms, c, seed). RegisterBuiltinBots calls it.
// iterations=N: N iterations a decision, no time limit (deterministic for a seed); ms=N: at most
// N ms a decision (default 1000 when neither ms nor turn_ms is given); turn_ms=N: at most about
// N ms for the seat's whole turn (a WAR turn from its first placement to its end), shared over
// its decisions (turn_budget.h). Given together, each limit holds.
void RegisterMctsBot();

}  // namespace quartel::ai
