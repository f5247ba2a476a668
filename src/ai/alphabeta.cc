// The alpha-beta search (alphabeta.h). One Impl per bot: the state it plays in (cloned from the
// seat's sample at each decision and moved with apply/undo), the transposition table, and per ply
// the action lists and killers.
#include "ai/alphabeta.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <unordered_set>
#include <utility>

#include "ai/turn_budget.h"
#include "core/error.h"

namespace quartel::ai {

std::unique_ptr<AlphaBetaEval> MakeAlphaBetaEval(const std::string& game_id) {
  if (game_id == "dablot") return MakeDablotEval();
  if (game_id == "conspiradores") return MakeConspiradoresEval();
  return nullptr;
}

namespace {

using Clock = std::chrono::steady_clock;
using engine::Action;

constexpr int kInfinity = 2 * kWinScore;
constexpr int kMaxPly = 192;       // search plus quiescence; deeper nodes are evaluated statically
constexpr int kMaxQuiesce = 24;    // quiescence actions below the nominal depth
constexpr int kCheckEvery = 1024;  // nodes between clock reads
// A position the root seat has already had to move in, earlier in this game, scores this much
// below a draw for it (issue 23, section 3: neither game has a repetition rule, and two careful
// bots shuffled the same two moves to the turn cap). Half a soldier (Dablot) or half a step
// (Conspiradores): a bot ahead, or level, finds another plan; one clearly behind may still
// repeat, as a draw is the best it can hope for.
constexpr int kRepetitionScore = -50;
// The transposition table starts at 2^12 entries (64 KB) and grows between iterations to about
// four entries per node searched so far, up to 2^tt_log2: a one-ply beginner or a 2000-node
// search needs a few thousand entries, and clearing the full 16 MB for each of their decisions
// cost twice their search (system time of page faults).
constexpr int kFirstTableLog2 = 12;
constexpr std::size_t kEntriesPerNode = 4;

enum Bound : std::uint8_t { kNoBound = 0, kUpper = 1, kLower = 2, kExact = 3 };

// 16 bytes: the full key, the score (relative to the node: wins count actions from there), the
// best action, the depth and the bound.
struct TtEntry {
  std::uint64_t key = 0;
  std::int32_t score = 0;
  std::int16_t action = -1;
  std::int8_t depth = -1;
  std::uint8_t bound = kNoBound;
};
static_assert(sizeof(TtEntry) == 16);

// Win scores are stored relative to the node and read back relative to the root.
int ToTable(int score, int ply) {
  if (score > kWinScore - kWinBand) return score + ply;
  if (score < -kWinScore + kWinBand) return score - ply;
  return score;
}
int FromTable(int score, int ply) {
  if (score > kWinScore - kWinBand) return score - ply;
  if (score < -kWinScore + kWinBand) return score + ply;
  return score;
}

}  // namespace

class AlphaBetaSearcher::Impl {
 public:
  explicit Impl(std::unique_ptr<AlphaBetaEval> eval) : eval_(std::move(eval)) {}

  Action Choose(const engine::SeatHandle& seat, const AlphaBetaConfig& config, Rng& rng,
                AlphaBetaStats* stats) {
    if (!seat.IsMyDecision()) throw Error("alphabeta needs the decision of the seat it plays");
    const std::vector<Action> legal = seat.LegalActions();
    if (legal.size() == 1) {
      if (stats != nullptr) *stats = AlphaBetaStats{};
      return legal.front();
    }
    Prepare(seat, config);
    Rng sample_rng(0);  // perfect information: the sample is the real state
    state_ = seat.SampleState(sample_rng);
    RememberRoot();
    const Action chosen = IterativeDeepening(legal, rng);
    if (stats != nullptr) *stats = {completed_depth_, nodes_, chosen_score_};
    // The table is the bot's largest memory (16 MB at the default size): held only while it
    // thinks, so that a server's idle bot seats cost next to nothing.
    std::vector<TtEntry>().swap(table_);
    return chosen;
  }

 private:
  void Prepare(const engine::SeatHandle& seat, const AlphaBetaConfig& config) {
    config_ = config;
    const int first_log2 = std::min(config.tt_log2, kFirstTableLog2);
    table_.assign(std::size_t{1} << first_log2, TtEntry{});  // released after each decision
    // The history's counts are from the root seat's side: a new root seat starts it afresh.
    if (history_.empty() || seat.viewer() != root_seat_) {
      history_.assign(2 * static_cast<std::size_t>(seat.game().NumDistinctActions()), 0);
    }
    for (auto& h : history_) h /= 8;  // old history still orders, new cutoffs weigh more
    for (auto& k : killers_) k = {-1, -1};
    root_seat_ = seat.viewer();
    nodes_ = 0;
    aborted_ = false;
    can_abort_ = false;
    start_ = Clock::now();
  }

  // Keeps the key of each position this bot was asked to move in, for the current game: a game
  // whose ply count is not past the last decision's is another game (the bot was reused).
  void RememberRoot() {
    const int plies = state_->PlyCount();
    if (plies <= last_root_plies_) game_roots_.clear();
    last_root_plies_ = plies;
    game_roots_.insert(eval_->Hash(*state_));
  }

  // +1 when the seat to act is the root's side, -1 for the others.
  int Side() const { return state_->CurrentSeat() == root_seat_ ? 1 : -1; }

  // The value of the finished game for the root seat, counted from the root.
  int TerminalScore(int ply) const {
    const double r = state_->Returns()[root_seat_];
    if (r > 0) return kWinScore - ply;
    if (r < 0) return -kWinScore + ply;
    return 0;
  }

  bool OutOfBudget() {
    if (!can_abort_) return false;
    if (config_.nodes > 0 && nodes_ >= config_.nodes) return aborted_ = true;
    if (nodes_ % kCheckEvery != 0) return false;
    if (config_.stop != nullptr && config_.stop->load(std::memory_order_relaxed)) {
      return aborted_ = true;
    }
    if (config_.milliseconds > 0 &&
        Clock::now() - start_ >= std::chrono::milliseconds(config_.milliseconds)) {
      return aborted_ = true;
    }
    return false;
  }

  // Plays `action` from a node of side `side` and returns its value for that side within
  // (alpha, beta): the child is searched to `depth` (quiescence below 0), negated only when the
  // other side acts there (a jump chain goes on without negation).
  int Child(Action action, int side, int depth, int alpha, int beta, int ply, int quiesce) {
    engine::UndoInfo undo;
    state_->DoApplyAction(action, &undo);
    ++nodes_;
    int value;
    if (state_->IsTerminal()) {
      value = side * TerminalScore(ply + 1);
    } else if (Side() == side) {
      value =
          depth > 0 ? Search(depth, alpha, beta, ply + 1) : Quiesce(alpha, beta, ply + 1, quiesce);
    } else {
      value = -(depth > 0 ? Search(depth, -beta, -alpha, ply + 1)
                          : Quiesce(-beta, -alpha, ply + 1, quiesce));
    }
    state_->UndoAction(action, undo);
    return value;
  }

  int Static() const { return Side() * eval_->Evaluate(*state_, root_seat_); }

  // Orders actions_[ply] (with their scores in scores_[ply]) for a node: the table's action, then
  // the game's order, then killers, then history.
  void Order(int ply, Action tt_action, int side) {
    auto& actions = actions_[ply];
    auto& keys = keys_[ply];
    eval_->OrderScores(*state_, actions, scores_);
    keys.resize(actions.size());
    const std::size_t base = side > 0 ? 0 : history_.size() / 2;
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const Action a = actions[i];
      std::int64_t key = std::int64_t{scores_[i]} << 32;
      if (a == tt_action) {
        key = std::numeric_limits<std::int64_t>::max();
      } else {
        if (a == killers_[ply][0]) key += std::int64_t{1} << 31;
        if (a == killers_[ply][1]) key += std::int64_t{1} << 30;
        key += std::min<std::int64_t>(history_[base + a], (std::int64_t{1} << 30) - 1);
      }
      keys[i] = key;
    }
  }

  // Moves the best remaining action of the ply to position i (selection sort, lazily).
  Action PickNext(int ply, std::size_t i) {
    auto& actions = actions_[ply];
    auto& keys = keys_[ply];
    std::size_t best = i;
    for (std::size_t j = i + 1; j < actions.size(); ++j) {
      if (keys[j] > keys[best]) best = j;
    }
    std::swap(actions[i], actions[best]);
    std::swap(keys[i], keys[best]);
    return actions[i];
  }

  // Between iterations: a table of about kEntriesPerNode entries per node searched so far, up to
  // 2^tt_log2. The entries move to the slots their keys give in the larger table; with one entry
  // per slot, two never land on the same slot.
  void GrowTable() {
    const std::size_t most = std::size_t{1} << config_.tt_log2;
    const std::size_t want =
        std::min(most, std::bit_ceil(static_cast<std::size_t>(nodes_) * kEntriesPerNode));
    if (want <= table_.size()) return;
    std::vector<TtEntry> grown(want);
    for (const TtEntry& entry : table_) {
      if (entry.bound != kNoBound) grown[entry.key & (want - 1)] = entry;
    }
    table_.swap(grown);
  }

  int Search(int depth, int alpha, int beta, int ply) {
    if (OutOfBudget()) return 0;
    if (ply >= kMaxPly - 1) return Static();
    const int side = Side();
    const std::uint64_t key = eval_->Hash(*state_);
    if (side > 0 && game_roots_.contains(key)) return kRepetitionScore;  // RememberRoot
    TtEntry& entry = table_[key & (table_.size() - 1)];
    Action tt_action = -1;
    if (entry.key == key) {
      tt_action = entry.action;
      if (entry.depth >= depth) {
        const int score = FromTable(entry.score, ply);
        if (entry.bound == kExact) return score;
        if (entry.bound == kLower && score >= beta) return score;
        if (entry.bound == kUpper && score <= alpha) return score;
      }
    }
    state_->LegalActions(actions_[ply]);
    Order(ply, tt_action, side);
    const int original_alpha = alpha;
    int best = -kInfinity;
    Action best_action = -1;
    for (std::size_t i = 0; i < actions_[ply].size(); ++i) {
      const Action action = PickNext(ply, i);
      int value;
      if (i == 0) {
        value = Child(action, side, depth - 1, alpha, beta, ply, 0);
      } else {
        value = Child(action, side, depth - 1, alpha, alpha + 1, ply, 0);
        if (value > alpha && value < beta && !aborted_) {
          value = Child(action, side, depth - 1, alpha, beta, ply, 0);
        }
      }
      if (aborted_) return 0;
      if (value > best) {
        best = value;
        best_action = action;
      }
      if (value > alpha) alpha = value;
      if (alpha >= beta) {
        if (!eval_->IsTactical(*state_, action)) Reward(action, side, depth, ply);
        break;
      }
    }
    const Bound bound = best <= original_alpha ? kUpper : best >= beta ? kLower : kExact;
    entry = {key, ToTable(best, ply), static_cast<std::int16_t>(best_action),
             static_cast<std::int8_t>(std::min(depth, 127)), bound};
    return best;
  }

  void Reward(Action action, int side, int depth, int ply) {
    if (killers_[ply][0] != action) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = action;
    }
    const std::size_t base = side > 0 ? 0 : history_.size() / 2;
    history_[base + action] += static_cast<std::int64_t>(depth) * depth;
  }

  // Stand pat on the static value, then try the tactical actions only.
  int Quiesce(int alpha, int beta, int ply, int quiesce) {
    if (OutOfBudget()) return 0;
    if (Side() > 0 && game_roots_.contains(eval_->Hash(*state_))) return kRepetitionScore;
    const int stand = Static();
    if (stand >= beta || ply >= kMaxPly - 1 || quiesce >= kMaxQuiesce) return stand;
    if (stand > alpha) alpha = stand;
    int best = stand;
    const int side = Side();
    auto& actions = actions_[ply];
    state_->LegalActions(actions);
    actions.erase(std::remove_if(actions.begin(), actions.end(),
                                 [&](Action a) { return !eval_->IsTactical(*state_, a); }),
                  actions.end());
    if (actions.empty()) return stand;
    Order(ply, -1, side);
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const Action action = PickNext(ply, i);
      const int value = Child(action, side, 0, alpha, beta, ply, quiesce + 1);
      if (aborted_) return 0;
      if (value > best) best = value;
      if (value > alpha) alpha = value;
      if (alpha >= beta) break;
    }
    return best;
  }

  // The root: every action of `legal`, best of the last iteration first. With a temperature every
  // action gets an exact score (a full window each) for the softmax.
  Action IterativeDeepening(const std::vector<Action>& legal, Rng& rng) {
    std::vector<Action> order = legal;
    std::vector<int> scores(order.size(), 0);
    {
      eval_->OrderScores(*state_, order, scores_);
      std::vector<std::size_t> index(order.size());
      for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
      std::stable_sort(index.begin(), index.end(),
                       [&](std::size_t a, std::size_t b) { return scores_[a] > scores_[b]; });
      std::vector<Action> sorted;
      for (const std::size_t i : index) sorted.push_back(order[i]);
      order = std::move(sorted);
    }
    const bool exact = config_.temperature > 0;
    Action best_action = order.front();
    int best_score = 0;
    completed_depth_ = 0;
    std::vector<int> completed_scores;  // per action of `order`, at the last full iteration
    for (int depth = 1; depth <= config_.max_depth; ++depth) {
      GrowTable();
      int alpha = -kInfinity;
      Action iteration_best = -1;
      int iteration_score = -kInfinity;
      for (std::size_t i = 0; i < order.size(); ++i) {
        int value;
        if (i == 0 || exact) {
          value = Child(order[i], 1, depth - 1, exact ? -kInfinity : alpha, kInfinity, 0, 0);
        } else {
          value = Child(order[i], 1, depth - 1, alpha, alpha + 1, 0, 0);
          if (value > alpha && !aborted_) {
            value = Child(order[i], 1, depth - 1, alpha, kInfinity, 0, 0);
          }
        }
        if (aborted_) break;
        scores[i] = value;
        if (value > iteration_score) {
          iteration_score = value;
          iteration_best = order[i];
        }
        alpha = std::max(alpha, value);
      }
      // A partial iteration's best is kept when it beat the last best, which it searched first.
      if (iteration_best >= 0 && (!aborted_ || !exact)) {
        best_action = iteration_best;
        best_score = iteration_score;
      }
      if (aborted_) break;
      completed_depth_ = depth;
      completed_scores = scores;
      // The best action first next time; the rest by this iteration's scores.
      std::vector<std::size_t> index(order.size());
      for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
      std::stable_sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) {
        return order[a] == best_action || (order[b] != best_action && scores[a] > scores[b]);
      });
      std::vector<Action> sorted_order;
      std::vector<int> sorted_scores;
      for (const std::size_t i : index) {
        sorted_order.push_back(order[i]);
        sorted_scores.push_back(scores[i]);
      }
      order = std::move(sorted_order);
      completed_scores = std::move(sorted_scores);
      can_abort_ = true;  // the first iteration always completes
      // A win or loss within the full-width depth cannot get shorter or longer by searching on.
      if (std::abs(best_score) > kWinScore - kWinBand &&
          kWinScore - std::abs(best_score) <= depth) {
        break;
      }
    }
    chosen_score_ = best_score;
    if (exact && !completed_scores.empty()) return Softmax(order, completed_scores, rng);
    return best_action;
  }

  // A root action drawn with probability proportional to exp(score / (100 * temperature)).
  Action Softmax(const std::vector<Action>& order, const std::vector<int>& scores, Rng& rng) {
    const int top = *std::max_element(scores.begin(), scores.end());
    std::vector<double> weights(order.size());
    double total = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
      weights[i] = std::exp((scores[i] - top) / (100.0 * config_.temperature));
      total += weights[i];
    }
    double draw = rng.Unit() * total;
    for (std::size_t i = 0; i < order.size(); ++i) {
      draw -= weights[i];
      if (draw < 0) {
        chosen_score_ = scores[i];
        return order[i];
      }
    }
    return order.front();
  }

  std::unique_ptr<AlphaBetaEval> eval_;
  AlphaBetaConfig config_;
  std::unique_ptr<engine::State> state_;
  engine::Seat root_seat_ = -1;
  std::unordered_set<std::uint64_t> game_roots_;  // RememberRoot
  int last_root_plies_ = -1;
  std::vector<TtEntry> table_;
  std::vector<std::int64_t> history_;  // per side (root's first), per action
  std::array<std::array<Action, 2>, kMaxPly> killers_{};
  std::array<std::vector<Action>, kMaxPly> actions_;
  std::array<std::vector<std::int64_t>, kMaxPly> keys_;
  std::vector<int> scores_;
  std::int64_t nodes_ = 0;
  bool aborted_ = false;
  bool can_abort_ = false;
  Clock::time_point start_;
  int completed_depth_ = 0;
  int chosen_score_ = 0;
};

AlphaBetaSearcher::AlphaBetaSearcher(std::unique_ptr<AlphaBetaEval> eval)
    : impl_(std::make_unique<Impl>(std::move(eval))) {}
AlphaBetaSearcher::~AlphaBetaSearcher() = default;

Action AlphaBetaSearcher::Choose(const engine::SeatHandle& seat, const AlphaBetaConfig& config,
                                 Rng& rng, AlphaBetaStats* stats) {
  return impl_->Choose(seat, config, rng, stats);
}

// ---- The "alphabeta" bot -----------------------------------------------------------------------

namespace {

class AlphaBetaBot : public Bot {
 public:
  AlphaBetaBot(std::unique_ptr<AlphaBetaEval> eval, AlphaBetaConfig config,
               std::optional<TurnBudget> turn_budget, std::uint64_t seed, std::string spec)
      : searcher_(std::move(eval)),
        config_(config),
        turn_budget_(std::move(turn_budget)),
        rng_(seed),
        spec_(std::move(spec)) {}

  Action ChooseAction(const engine::SeatHandle& seat) override {
    if (turn_budget_) turn_budget_->OnDecision(!seat.MidTurn());
    AlphaBetaConfig config = config_;
    if (turn_budget_) {
      // A jump chain's first jump may think for the whole chain; later ones get what is left.
      const std::int64_t allotted = turn_budget_->Allot(TurnWeights{}).count();
      config.milliseconds =
          config.milliseconds > 0 ? std::min(config.milliseconds, allotted) : allotted;
    }
    return searcher_.Choose(seat, config, rng_);
  }

  std::string Spec() const override { return spec_; }
  void SetStopFlag(const std::atomic<bool>* stop) override { config_.stop = stop; }

 private:
  AlphaBetaSearcher searcher_;
  AlphaBetaConfig config_;
  std::optional<TurnBudget> turn_budget_;
  Rng rng_;
  std::string spec_;
};

std::int64_t ParseInteger(const std::string& key, const std::string& value, std::int64_t low,
                          std::int64_t high) {
  return ParseBotInteger("alphabeta", key, value, low, high);
}

std::unique_ptr<Bot> MakeAlphaBetaBot(const engine::Game& game,
                                      const std::map<std::string, std::string>& params,
                                      std::uint64_t seed) {
  auto eval = MakeAlphaBetaEval(game.id());
  if (!eval || game.info().hidden_information) {
    throw Error("alphabeta: no evaluation for game " + game.id() +
                " (it plays dablot and conspiradores)");
  }
  AlphaBetaConfig config;
  bool budget = false;
  if (auto it = params.find("depth"); it != params.end()) {
    config.max_depth = static_cast<int>(ParseInteger(it->first, it->second, 1, 64));
    budget = true;
  }
  if (auto it = params.find("nodes"); it != params.end()) {
    config.nodes = ParseInteger(it->first, it->second, 1, std::int64_t{1} << 40);
    budget = true;
  }
  if (auto it = params.find("ms"); it != params.end()) {
    config.milliseconds = ParseInteger(it->first, it->second, 1, 86'400'000);
    budget = true;
  }
  std::optional<TurnBudget> turn_budget;
  if (auto it = params.find("turn_ms"); it != params.end()) {
    turn_budget.emplace(
        std::chrono::milliseconds(ParseInteger(it->first, it->second, 1, 86'400'000)));
    budget = true;
  }
  if (!budget) config.milliseconds = 1000;
  if (auto it = params.find("temperature"); it != params.end()) {
    config.temperature =
        ParseBotNumber("alphabeta", "temperature", it->second, 0, 100, "a number from 0 to 100");
  }
  return std::make_unique<AlphaBetaBot>(std::move(eval), config, std::move(turn_budget), seed,
                                        FormatBotSpec("alphabeta", params));
}

}  // namespace

void RegisterAlphaBetaBot() {
  RegisterBot({.name = "alphabeta",
               .help = "alpha-beta search with a per-game evaluation, Dablot and Conspiradores "
                       "(keys: depth (max actions), nodes (a decision), ms (a decision; default "
                       "1000 with no budget), turn_ms (the seat's whole turn), temperature (> 0: "
                       "softmax over the root's scores, in soldiers or steps), seed)",
               .factory = MakeAlphaBetaBot,
               .keys = {"depth", "nodes", "ms", "turn_ms", "temperature"}});
}

}  // namespace quartel::ai
