// UCT with determinization. One tree, keyed by the actions taken from the root: at each iteration a
// full state consistent with what the root seat knows is sampled (a clone in perfect-information
// games), and the descent follows the tree through the actions legal in that sample. Selection uses
// availability counts (Cowling et al.'s single-observer ISMCTS), which for perfect-information
// games is plain UCT. Chance nodes sample an outcome with its probability and descend into the
// child for it. Each node keeps the summed Returns for every seat; a parent reads its children's
// values for the seat acting at the parent.
#include "ai/mcts.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "core/error.h"
#include "engine/playout.h"

namespace quartel::ai {

// ---- Default hooks -----------------------------------------------------------------------------

engine::Action MctsHooks::RolloutAction(const engine::State& state, Rng& rng,
                                        std::vector<engine::Action>& scratch) const {
  return engine::PlayoutAction(state, rng, scratch);  // the same draws as RandomAction, faster
}

bool MctsHooks::Evaluate(const engine::State& /*state*/, int /*rollout_plies*/,
                         std::vector<double>& /*values*/) const {
  return false;
}

std::vector<engine::Action> MctsHooks::SetupPlan(const engine::State& /*state*/,
                                                 Rng& /*rng*/) const {
  return {};
}

TurnWeights MctsHooks::TurnShare(const engine::State& /*state*/) const { return {}; }

// ---- Hooks registry ----------------------------------------------------------------------------

namespace {

struct HooksRegistry {
  std::mutex mutex;
  std::map<std::string, MctsHooksFactory> factories;
};

HooksRegistry& Hooks() {
  static HooksRegistry registry;
  return registry;
}

}  // namespace

void RegisterMctsHooks(const std::string& game_id, MctsHooksFactory factory) {
  auto& registry = Hooks();
  std::lock_guard lock(registry.mutex);
  if (!registry.factories.emplace(game_id, std::move(factory)).second) {
    throw Error("MCTS hooks for game '" + game_id + "' are already registered");
  }
}

std::unique_ptr<MctsHooks> MakeMctsHooks(const std::string& game_id) {
  MctsHooksFactory factory;
  {
    auto& registry = Hooks();
    std::lock_guard lock(registry.mutex);
    auto it = registry.factories.find(game_id);
    if (it != registry.factories.end()) factory = it->second;
  }
  if (factory) return factory();
  return std::make_unique<MctsHooks>();
}

// ---- Search ------------------------------------------------------------------------------------

namespace {

using Clock = std::chrono::steady_clock;

struct Node {
  engine::Action action = -1;          // the action from the parent
  std::uint32_t visits = 0;            // backpropagations through this node
  std::uint32_t available = 1;         // parent visits in which `action` was legal (ISMCTS)
  std::vector<std::int32_t> children;  // node indices, sorted by action
};

class Searcher {
 public:
  Searcher(const engine::SeatHandle& root, const MctsConfig& config, const MctsHooks& hooks,
           Rng& rng)
      : root_(root),
        config_(config),
        hooks_(hooks),
        rng_(rng),
        num_seats_(root.game().NumSeats()),
        root_seat_(root.viewer()),
        hidden_(root.game().info().hidden_information),
        known_root_(hidden_ ? nullptr : root.SampleState(rng)),
        scratch_(hidden_ ? nullptr : known_root_->Clone()) {
    nodes_.reserve(1 << 14);
    values_.reserve((1 << 14) * static_cast<std::size_t>(num_seats_));
    NewNode(-1);
    returns_.assign(num_seats_, 0.0);
  }

  engine::Action Run(MctsStats* stats) {
    const auto start = Clock::now();
    const auto deadline = start + std::chrono::milliseconds(config_.milliseconds);
    std::int64_t iterations = 0;
    while (true) {
      if (config_.iterations > 0 && iterations >= config_.iterations) break;
      // Reading the clock costs little next to an iteration, but every 4th is plenty.
      if (config_.milliseconds > 0 && iterations % 4 == 0 && iterations > 0 &&
          Clock::now() >= deadline) {
        break;
      }
      if (config_.stop != nullptr && iterations > 0 &&
          config_.stop->load(std::memory_order_relaxed)) {
        break;
      }
      Iterate();
      ++iterations;
    }
    return Choose(iterations, stats);
  }

 private:
  std::int32_t NewNode(engine::Action action) {
    const auto index = static_cast<std::int32_t>(nodes_.size());
    nodes_.emplace_back();
    nodes_.back().action = action;
    values_.resize(values_.size() + num_seats_, 0.0);
    return index;
  }

  double Value(std::int32_t node, engine::Seat seat) const {
    return values_[static_cast<std::size_t>(node) * num_seats_ + seat];
  }

  // Inserts a child for `action` into `parent`'s sorted children and returns its index.
  std::int32_t AddChild(std::int32_t parent, engine::Action action) {
    const std::int32_t child = NewNode(action);
    auto& children = nodes_[parent].children;
    auto it =
        std::lower_bound(children.begin(), children.end(), action,
                         [this](std::int32_t c, engine::Action a) { return nodes_[c].action < a; });
    children.insert(it, child);
    return child;
  }

  std::int32_t FindChild(std::int32_t parent, engine::Action action) const {
    const auto& children = nodes_[parent].children;
    auto it =
        std::lower_bound(children.begin(), children.end(), action,
                         [this](std::int32_t c, engine::Action a) { return nodes_[c].action < a; });
    return (it != children.end() && nodes_[*it].action == action) ? *it : -1;
  }

  bool CanGrow() const { return static_cast<std::int64_t>(nodes_.size()) < config_.max_nodes; }

  void Iterate() {
    // The state this iteration plays in: the root itself, or a sample the root seat cannot tell
    // from it, drawn through the seat's handle.
    engine::State* state = scratch_.get();
    std::unique_ptr<engine::State> sampled;
    if (hidden_) {
      sampled = root_.SampleState(rng_);
      state = sampled.get();
    } else {
      scratch_->CopyFrom(*known_root_);
    }

    path_.clear();
    std::int32_t node = 0;
    path_.push_back(node);
    bool expanded = false;
    while (!expanded && !state->IsTerminal()) {
      const engine::Seat seat = state->CurrentSeat();
      engine::Action action;
      std::int32_t child;
      if (seat == engine::kChanceSeat) {
        action = engine::SampleChanceOutcome(*state, rng_);
        child = FindChild(node, action);
        if (child < 0) {
          if (!CanGrow()) break;
          child = AddChild(node, action);
          expanded = true;
        }
      } else {
        child = SelectOrExpand(node, *state, seat, action, expanded);
        if (child < 0) break;  // tree full: roll out from here
      }
      state->DoApplyAction(action, nullptr);
      node = child;
      path_.push_back(node);
    }

    Rollout(*state);
    for (const std::int32_t n : path_) {
      ++nodes_[n].visits;
      double* values = &values_[static_cast<std::size_t>(n) * num_seats_];
      for (int s = 0; s < num_seats_; ++s) values[s] += returns_[s];
    }
  }

  // At a decision node: expands one untried legal action if there is one (setting `expanded`),
  // else picks the legal child with the best UCB1 for `seat`. Returns -1 when the tree is full
  // and the action is untried.
  std::int32_t SelectOrExpand(std::int32_t node, const engine::State& state, engine::Seat seat,
                              engine::Action& action, bool& expanded) {
    state.LegalActions(legal_);
    // Merge the sorted legal actions with the sorted children: legal children get one more
    // availability, untried actions are collected.
    untried_.clear();
    legal_children_.clear();
    {
      const auto& children = nodes_[node].children;
      std::size_t c = 0;
      for (const engine::Action a : legal_) {
        while (c < children.size() && nodes_[children[c]].action < a) ++c;
        if (c < children.size() && nodes_[children[c]].action == a) {
          legal_children_.push_back(children[c]);
        } else {
          untried_.push_back(a);
        }
      }
    }
    for (const std::int32_t c : legal_children_) ++nodes_[c].available;

    if (!untried_.empty()) {
      action = untried_[rng_.Below(static_cast<std::uint32_t>(untried_.size()))];
      if (!CanGrow()) return -1;
      expanded = true;
      return AddChild(node, action);
    }

    std::int32_t best = -1;
    double best_score = -std::numeric_limits<double>::infinity();
    for (const std::int32_t c : legal_children_) {
      const Node& child = nodes_[c];
      // Returns lie in [-1, 1]; the mean is mapped to [0, 1] so that the usual constant fits.
      const double mean = 0.5 * (Value(c, seat) / child.visits + 1.0);
      const double score =
          mean + config_.exploration *
                     std::sqrt(std::log(static_cast<double>(child.available)) / child.visits);
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    action = nodes_[best].action;
    return best;
  }

  // Plays the hooks' policy to the end (or until Evaluate answers) and leaves the per-seat values
  // in returns_.
  void Rollout(engine::State& state) {
    int plies = 0;
    while (true) {
      if (state.IsTerminal()) {
        const std::vector<double> returns = state.Returns();
        std::copy(returns.begin(), returns.end(), returns_.begin());
        return;
      }
      evaluation_.clear();
      if (hooks_.Evaluate(state, plies, evaluation_)) {
        std::fill(returns_.begin(), returns_.end(), 0.0);
        std::copy_n(evaluation_.begin(), std::min<std::size_t>(evaluation_.size(), returns_.size()),
                    returns_.begin());
        return;
      }
      const engine::Action action = state.IsChanceNode()
                                        ? engine::SampleChanceOutcome(state, rng_)
                                        : hooks_.RolloutAction(state, rng_, rollout_scratch_);
      state.DoApplyAction(action, nullptr);
      ++plies;
    }
  }

  // The most visited root action that is legal in the real state; ties go to the better mean.
  engine::Action Choose(std::int64_t iterations, MctsStats* stats) {
    legal_ = root_.LegalActions();
    std::int32_t best = -1;
    for (const std::int32_t c : nodes_[0].children) {
      const Node& child = nodes_[c];
      if (!std::binary_search(legal_.begin(), legal_.end(), child.action) || child.visits == 0) {
        continue;
      }
      if (best < 0 || child.visits > nodes_[best].visits ||
          (child.visits == nodes_[best].visits &&
           Value(c, root_seat_) / child.visits > Value(best, root_seat_) / nodes_[best].visits)) {
        best = c;
      }
    }
    const engine::Action chosen = best >= 0 ? nodes_[best].action : legal_.front();
    if (stats != nullptr) {
      stats->iterations = iterations;
      stats->nodes = static_cast<std::int64_t>(nodes_.size());
      stats->root_visits_of_choice = best >= 0 ? nodes_[best].visits : 0;
      stats->root_value_of_choice = best >= 0 ? Value(best, root_seat_) / nodes_[best].visits : 0.0;
    }
    return chosen;
  }

  const engine::SeatHandle& root_;
  const MctsConfig& config_;
  const MctsHooks& hooks_;
  Rng& rng_;
  const int num_seats_;
  const engine::Seat root_seat_;
  const bool hidden_;
  // Perfect information: the real state (a clone) and the copy each iteration plays in.
  std::unique_ptr<engine::State> known_root_;
  std::unique_ptr<engine::State> scratch_;

  std::vector<Node> nodes_;
  std::vector<double> values_;  // num_seats_ summed returns per node
  std::vector<std::int32_t> path_;
  std::vector<engine::Action> legal_;
  std::vector<engine::Action> untried_;
  std::vector<std::int32_t> legal_children_;
  std::vector<engine::Action> rollout_scratch_;
  std::vector<double> returns_;
  std::vector<double> evaluation_;
};

}  // namespace

engine::Action MctsSearch(const engine::SeatHandle& state, const MctsConfig& config,
                          const MctsHooks& hooks, Rng& rng, MctsStats* stats) {
  if (!state.IsMyDecision())
    throw Error("MctsSearch needs the decision of the seat it searches for");
  if (config.iterations <= 0 && config.milliseconds <= 0) {
    throw Error("MctsSearch needs an iteration or time budget");
  }
  const std::vector<engine::Action> legal = state.LegalActions();
  if (legal.size() == 1) {
    if (stats != nullptr) *stats = MctsStats{};
    return legal.front();
  }
  Searcher searcher(state, config, hooks, rng);
  return searcher.Run(stats);
}

// ---- The "mcts" bot ----------------------------------------------------------------------------

namespace {

class MctsBot : public Bot {
 public:
  MctsBot(const engine::Game& game, MctsConfig config, std::optional<TurnBudget> turn_budget,
          std::string spec)
      : config_(config),
        turn_budget_(std::move(turn_budget)),
        rng_(config.seed),
        hooks_(MakeMctsHooks(game.id())),
        spec_(std::move(spec)) {}

  engine::Action ChooseAction(const engine::SeatHandle& seat) override {
    // The turn's clock starts at its first decision, whether it is searched or not.
    if (turn_budget_) turn_budget_->OnDecision(!seat.MidTurn());
    if (const auto planned = NextPlanned(seat)) return *planned;
    if (!turn_budget_) return MctsSearch(seat, config_, *hooks_, rng_);
    const std::vector<engine::Action> legal = seat.LegalActions();
    if (legal.size() == 1) return legal.front();  // costs the turn nothing
    const TurnWeights weights = hooks_->TurnShare(*seat.SampleState(share_sample_rng_));
    const std::int64_t allotted = turn_budget_->Allot(weights).count();
    MctsConfig config = config_;
    config.milliseconds =
        config.milliseconds > 0 ? std::min(config.milliseconds, allotted) : allotted;
    return MctsSearch(seat, config, *hooks_, rng_);
  }

  std::string Spec() const override { return spec_; }
  void SetStopFlag(const std::atomic<bool>* stop) override { config_.stop = stop; }

 private:
  // The next action of the setup plan (MctsHooks::SetupPlan) while it stays legal; a new plan
  // when the game offers one here.
  std::optional<engine::Action> NextPlanned(const engine::SeatHandle& seat) {
    const int version = seat.version();
    if (next_planned_ >= plan_.size() || !seat.WhyRefused(plan_[next_planned_], version).empty()) {
      plan_ = hooks_->SetupPlan(*seat.SampleState(plan_sample_rng_), rng_);
      next_planned_ = 0;
      if (plan_.empty() || !seat.WhyRefused(plan_.front(), version).empty()) return std::nullopt;
    }
    return plan_[next_planned_++];
  }

  std::vector<engine::Action> plan_;
  std::size_t next_planned_ = 0;
  // Draws the state a setup plan is asked of; apart from rng_ so that searches do not depend on
  // how often a plan was asked for.
  Rng plan_sample_rng_{0};
  // Draws the state TurnShare reads, for the same reason.
  Rng share_sample_rng_{0};
  MctsConfig config_;
  std::optional<TurnBudget> turn_budget_;  // with "turn_ms"
  Rng rng_;
  std::unique_ptr<MctsHooks> hooks_;
  std::string spec_;
};

std::int64_t ParsePositive(const std::string& key, const std::string& value) {
  return ParseBotInteger("mcts", key, value, 1, std::numeric_limits<std::int64_t>::max(),
                         "an integer >= 1");
}

std::unique_ptr<Bot> MakeMctsBot(const engine::Game& game,
                                 const std::map<std::string, std::string>& params,
                                 std::uint64_t seed) {
  MctsConfig config;
  config.seed = seed;
  if (auto it = params.find("iterations"); it != params.end()) {
    config.iterations = ParsePositive(it->first, it->second);
    // An iteration budget alone is exact and deterministic; a time limit only when also asked.
    config.milliseconds = 0;
  }
  std::optional<TurnBudget> turn_budget;
  if (auto it = params.find("turn_ms"); it != params.end()) {
    turn_budget.emplace(std::chrono::milliseconds(ParsePositive(it->first, it->second)));
    // The turn's budget alone limits each decision, unless "ms" also does.
    if (config.iterations == 0) config.milliseconds = 0;
  }
  if (auto it = params.find("ms"); it != params.end()) {
    config.milliseconds = ParsePositive(it->first, it->second);
  }
  if (auto it = params.find("c"); it != params.end()) {
    config.exploration = ParseBotNumber("mcts", "c", it->second, 0,
                                        std::numeric_limits<double>::max(), "a number >= 0");
  }
  return std::make_unique<MctsBot>(game, config, std::move(turn_budget),
                                   FormatBotSpec("mcts", params));
}

}  // namespace

void RegisterMctsBot() {
  RegisterBot({.name = "mcts",
               .help = "Monte-Carlo tree search (keys: iterations (a decision), ms (a decision, "
                       "default 1000), turn_ms (the seat's whole turn, shared over its "
                       "decisions), c (exploration, default 1.4), seed)",
               .factory = MakeMctsBot,
               .keys = {"iterations", "ms", "turn_ms", "c"}});
}

}  // namespace quartel::ai
