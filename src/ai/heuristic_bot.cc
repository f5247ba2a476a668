// The heuristic bot for Stratego and Espionage (issue 4, section 5): a sensible setup (Stratego:
// drawn by setups.h SampleSetup), then a one-ply search whose every number comes from the seat's
// own view.
//
// Own view only, by construction: ChooseAction sees only its seat's handle, and reads from it its
// legal actions (which depend only on the acting seat's view; the conformance suite checks it)
// and its JSON view. Everything else is computed from the parsed view, so two
// states the seat cannot tell apart give the same action for the same seed
// (tests/heuristic_bot_test.cc checks it).
//
// Play: each legal move is scored by
//   - the expected material of an attack: a known defender is settled by the game's combat table;
//     an unknown one is a distribution over the ranks the opponent has left unseen (a piece that
//     has moved is no Flag/Bomb/Headquarters/Mine; an unmoved one holds those first);
//   - approach: how much nearer the piece gets to the nearest enemy piece it expects to beat
//     (breadth-first distance around lakes and volcanoes), so the army keeps advancing and the
//     engine's no-capture caps are not reached;
//   - risk: the chance that an enemy neighbour beats the piece where it stands, times its value,
//     before and after the move (flee known stronger pieces, do not step next to them);
// plus a little noise to break ties. Capturing the Flag or the Headquarters is worth kWin.
#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ai/bot.h"
#include "ai/war_bot.h"
#include "core/error.h"
#include "core/json.h"
#include "core/rng.h"
#include "games/espionage/espionage.h"
#include "games/espionage/setups.h"
#include "games/stratego/setups.h"
#include "games/stratego/stratego.h"

namespace quartel::ai {
namespace {

using engine::Action;

constexpr int kSquares = 100;
constexpr int kMaxRanks = 12;       // Stratego's; Espionage has 9
constexpr double kWin = 1000;       // taking the Flag or the Headquarters
constexpr double kApproach = 3;     // per square nearer a target
constexpr double kRisk = 0.6;       // share of a threatened piece's value counted as lost
constexpr double kCombatBonus = 1;  // any combat resets the engine's no-capture counters
constexpr double kNoise = 0.5;
constexpr int kFar = 40;  // distance when no target is reachable

enum class Fight { kAttackerWins, kDefenderWins, kBoth };
using RankProbs = std::array<double, kMaxRanks>;

// What a game contributes: ranks and their values, its combat table, its move encoding, a setup.
class GameModel {
 public:
  virtual ~GameModel() = default;
  virtual Fight Combat(int attacker, int defender) const = 0;
  // The squares of a move action; false for any other action.
  virtual bool DecodeMove(Action action, int& from, int& to) const = 0;
  virtual int RankFromChar(char c) const = 0;
  // Placement actions of a whole setup for `seat`, in the order to play them.
  virtual std::vector<Action> SetupPlan(int seat, Rng& rng) const = 0;
  // Actions the bot never plays while it has another (Espionage's draw claim).
  virtual bool Shunned(Action action) const {
    (void)action;
    return false;
  }

  int num_ranks = 0;
  int win_rank = 0;  // Flag / Headquarters
  std::array<bool, kMaxRanks> immobile{};
  std::array<double, kMaxRanks> value{};
  double reveal_bonus = 0;  // an attack that shows the defender's rank (Stratego's combat does)
};

// Both games number squares row * 10 + file with directions north, east, south, west.
int StepSquare(int sq, int dir, int distance) {
  static constexpr int kDr[4] = {1, 0, -1, 0}, kDf[4] = {0, 1, 0, -1};
  const int row = sq / 10 + kDr[dir] * distance, file = sq % 10 + kDf[dir] * distance;
  return row < 0 || row > 9 || file < 0 || file > 9 ? -1 : row * 10 + file;
}

class StrategoModel : public GameModel {
 public:
  explicit StrategoModel(const stratego::StrategoGame& game)
      : aggressor_advantage_(game.rules().aggressor_advantage != 0),
        army_(stratego::ArmyOf(game.rules().army)) {
    using namespace stratego;
    num_ranks = stratego::kNumRanks;
    win_rank = kFlag;
    immobile[kFlag] = immobile[kBomb] = true;
    value = {kWin, 30, 10, 25, 15, 20, 30, 45, 70, 110, 160, 12};
    reveal_bonus = 4;
  }
  Fight Combat(int a, int d) const override {
    switch (stratego::Combat(a, d, aggressor_advantage_)) {
      case stratego::kAttackerWins:
        return Fight::kAttackerWins;
      case stratego::kDefenderWins:
        return Fight::kDefenderWins;
      case stratego::kBothRemoved:
        break;
    }
    return Fight::kBoth;
  }
  bool DecodeMove(Action action, int& from, int& to) const override {
    if (!stratego::IsMove(action)) return false;
    from = stratego::MoveFrom(action);
    to = StepSquare(from, stratego::MoveDir(action), stratego::MoveDistance(action));
    return to >= 0;
  }
  int RankFromChar(char c) const override { return stratego::RankFromChar(c); }
  // A setup drawn from the broad distribution of sensible ones (setups.h SampleSetup), never a
  // public preset (issue 8, 1.8).
  std::vector<Action> SetupPlan(int seat, Rng& rng) const override {
    const std::string text = stratego::SampleSetup(army_, seat, rng);
    std::vector<Action> plan;
    for (int i = 0; i < static_cast<int>(text.size()); ++i) {
      const int rank = stratego::RankFromChar(text[i]);
      if (rank >= 0) plan.push_back(stratego::PlaceAction(rank, (seat == 0 ? 0 : 60) + i));
    }
    return plan;
  }

 private:
  bool aggressor_advantage_;
  stratego::Army army_;
};

class EspionageModel : public GameModel {
 public:
  EspionageModel() {
    using namespace espionage;
    num_ranks = espionage::kNumRanks;
    win_rank = kHq;
    immobile[kHq] = immobile[kMine] = true;
    // H, Corporal .. General, Spy, Sapper, Mine.
    value = {kWin, 10, 15, 25, 40, 60, 14, 22, 8};
  }
  Fight Combat(int a, int d) const override {
    return espionage::Resolve(a, d) == espionage::Combat::kAttackerWins ? Fight::kAttackerWins
                                                                        : Fight::kDefenderWins;
  }
  bool DecodeMove(Action action, int& from, int& to) const override {
    if (action < espionage::kFirstMove || action >= espionage::kClaimDraw) return false;
    from = (action - espionage::kFirstMove) / 4;
    to = StepSquare(from, (action - espionage::kFirstMove) % 4, 1);
    return to >= 0;
  }
  int RankFromChar(char c) const override { return espionage::RankFromChar(c); }
  bool Shunned(Action action) const override { return action == espionage::kClaimDraw; }
  // A setup drawn from the game's own distribution of guarded setups (games/espionage/setups.h),
  // the one every bot uses.
  std::vector<Action> SetupPlan(int seat, Rng& rng) const override {
    return espionage::ParseSetup(espionage::DrawSetup(seat, rng), seat);
  }
};

// One square as the seat sees it.
struct Cell {
  int owner = -1;  // -1 empty
  int rank = -1;   // -1: an enemy piece of unknown rank
  bool moved = false;
  bool blocked = false;  // lake or volcano
};

// The seat's knowledge, parsed from its ViewJson.
struct Knowledge {
  int seat = 0;
  bool setup = false;
  int own_on_board = 0;
  std::array<Cell, kSquares> board;
  // Distribution of an unknown enemy piece's rank: [0] unmoved, [1] moved.
  std::array<RankProbs, 2> unknown{};
};

class HeuristicBot : public Bot {
 public:
  HeuristicBot(std::unique_ptr<GameModel> model, std::uint64_t seed)
      : model_(std::move(model)), rng_(seed) {}

  Action ChooseAction(const engine::SeatHandle& handle) override {
    const int seat = handle.viewer();
    legal_ = handle.LegalActions();
    const Knowledge k = Read(handle.ViewJson(), seat);
    if (k.setup) return ChooseSetup(k);
    return ChoosePlay(k);
  }

  std::string Spec() const override { return "heuristic"; }

 private:
  Knowledge Read(const Json& view, int seat) const;
  Action ChooseSetup(const Knowledge& k);
  Action ChoosePlay(const Knowledge& k);
  // The defender's rank distribution on `sq` (an enemy piece).
  RankProbs Defender(const Knowledge& k, int sq) const;
  // Expected material of rank `a` attacking the enemy on `sq` (win probability in `*win`).
  double AttackValue(const Knowledge& k, int a, int sq, double* win = nullptr) const;
  // Expected loss of rank `a` standing on `sq` to an enemy neighbour's attack.
  double Threat(const Knowledge& k, int a, int sq, int ignore) const;
  // Breadth-first distance to the nearest enemy piece that rank `a` expects to beat.
  std::array<int, kSquares> Distances(const Knowledge& k, int a) const;
  bool IsLegal(Action action) const {
    return std::binary_search(legal_.begin(), legal_.end(), action);
  }

  std::unique_ptr<GameModel> model_;
  Rng rng_;
  std::vector<Action> legal_;
  std::vector<Action> plan_;
};

Knowledge HeuristicBot::Read(const Json& view, int seat) const {
  Knowledge k;
  k.seat = seat;
  k.setup = view.value("phase", std::string()) == "setup";
  const int n = model_->num_ranks;
  // The opponent's army equals ours: count ours (board, lost, still to place), take away the
  // enemy ranks we have seen; what is left is the pool of unknown ranks.
  RankProbs pool{};
  int unmoved_unknown = 0;
  const auto count = [&](const std::string& text, double sign) {
    for (char c : text) {
      const int r = model_->RankFromChar(c);
      if (r >= 0) pool[r] += sign;
    }
  };
  const Json& board = view.at("board");
  for (int sq = 0; sq < kSquares; ++sq) {
    const Json& entry = board[sq];
    Cell& cell = k.board[sq];
    if (entry.is_string()) {
      cell.blocked = true;
    } else if (entry.is_object()) {
      cell.owner = entry.at("owner").get<int>();
      cell.moved = entry.at("moved").get<bool>();
      const std::string rank = entry.at("rank").get<std::string>();
      cell.rank = model_->RankFromChar(rank.empty() ? '?' : rank[0]);
      if (cell.owner == seat) {
        ++k.own_on_board;
        pool[cell.rank] += 1;
      } else if (cell.rank >= 0) {
        pool[cell.rank] -= 1;
      } else if (!cell.moved) {
        ++unmoved_unknown;
      }
    }
  }
  // Fields read with value(): operator[] on a const JSON object with a missing key is undefined.
  const auto pieces = [&](const char* field, int side) -> std::string {
    if (!view.contains(field) || !view.at(field).is_array() ||
        static_cast<int>(view.at(field).size()) <= side) {
      return {};
    }
    const Json& entry = view.at(field).at(side);
    return entry.is_object() ? entry.value("pieces", std::string()) : std::string();
  };
  count(pieces("lost", seat), 1);
  count(pieces("lost", 1 - seat), -1);
  count(pieces("to_place", seat), 1);
  // Immobile ranks stand among the unmoved unknown pieces; the rest of those, and every moved
  // one, share the mobile ranks in proportion.
  double immobile = 0, mobile = 0;
  for (int r = 0; r < n; ++r) {
    pool[r] = std::max(pool[r], 0.0);
    (model_->immobile[r] ? immobile : mobile) += pool[r];
  }
  const double slots = std::max<double>(unmoved_unknown, immobile);
  for (int r = 0; r < n; ++r) {
    if (model_->immobile[r]) {
      k.unknown[0][r] = slots > 0 ? pool[r] / slots : 0;
    } else if (mobile > 0) {
      k.unknown[0][r] = (slots > 0 ? 1 - immobile / slots : 1) * pool[r] / mobile;
      k.unknown[1][r] = pool[r] / mobile;
    }
  }
  return k;
}

Action HeuristicBot::ChooseSetup(const Knowledge& k) {
  if (plan_.empty() || k.own_on_board == 0) plan_ = model_->SetupPlan(k.seat, rng_);
  for (Action action : plan_) {
    if (IsLegal(action)) return action;
  }
  // Not a setup the plan fits (another army): any legal placement.
  return legal_[rng_.Below(static_cast<std::uint32_t>(legal_.size()))];
}

RankProbs HeuristicBot::Defender(const Knowledge& k, int sq) const {
  const Cell& cell = k.board[sq];
  if (cell.rank >= 0) {
    RankProbs known{};
    known[cell.rank] = 1;
    return known;
  }
  return k.unknown[cell.moved ? 1 : 0];
}

double HeuristicBot::AttackValue(const Knowledge& k, int a, int sq, double* win) const {
  const RankProbs probs = Defender(k, sq);
  double total = 0, won = 0;
  for (int d = 0; d < model_->num_ranks; ++d) {
    if (probs[d] <= 0) continue;
    switch (model_->Combat(a, d)) {
      case Fight::kAttackerWins:
        total += probs[d] * model_->value[d];
        won += probs[d];
        break;
      case Fight::kDefenderWins:
        total -= probs[d] * model_->value[a];
        break;
      case Fight::kBoth:
        total += probs[d] * (model_->value[d] - model_->value[a]);
        break;
    }
  }
  if (win != nullptr) *win = won;
  return total + (k.board[sq].rank < 0 ? model_->reveal_bonus : 0);
}

double HeuristicBot::Threat(const Knowledge& k, int a, int sq, int ignore) const {
  double worst = 0;
  for (int dir = 0; dir < 4; ++dir) {
    const int n = StepSquare(sq, dir, 1);
    if (n < 0 || n == ignore || k.board[n].owner < 0 || k.board[n].owner == k.seat) continue;
    const RankProbs probs = Defender(k, n);
    double beats = 0;
    for (int d = 0; d < model_->num_ranks; ++d) {
      if (probs[d] <= 0 || model_->immobile[d]) continue;
      const Fight fight = model_->Combat(d, a);
      if (fight == Fight::kAttackerWins) beats += probs[d];
      if (fight == Fight::kBoth) beats += probs[d] / 2;
    }
    worst = std::max(worst, beats);
  }
  return worst * model_->value[a];
}

std::array<int, kSquares> HeuristicBot::Distances(const Knowledge& k, int a) const {
  std::array<int, kSquares> dist;
  dist.fill(kFar);
  std::deque<int> queue;
  for (int sq = 0; sq < kSquares; ++sq) {
    const Cell& cell = k.board[sq];
    if (cell.owner >= 0 && cell.owner != k.seat && AttackValue(k, a, sq) > 0) {
      dist[sq] = 0;
      queue.push_back(sq);
    }
  }
  while (!queue.empty()) {
    const int sq = queue.front();
    queue.pop_front();
    for (int dir = 0; dir < 4; ++dir) {
      const int n = StepSquare(sq, dir, 1);
      if (n < 0 || k.board[n].blocked || dist[n] <= dist[sq] + 1) continue;
      dist[n] = dist[sq] + 1;
      queue.push_back(n);
    }
  }
  return dist;
}

Action HeuristicBot::ChoosePlay(const Knowledge& k) {
  std::array<std::array<int, kSquares>, kMaxRanks> dist;
  std::array<bool, kMaxRanks> have_dist{};
  Action best = legal_.front();
  double best_score = -1e18;
  bool best_shunned = true;
  for (Action action : legal_) {
    int from = 0, to = 0;
    double score = 0;
    const bool shunned = model_->Shunned(action);
    if (model_->DecodeMove(action, from, to) && k.board[from].rank >= 0) {
      const int a = k.board[from].rank;
      const double stay = kRisk * Threat(k, a, from, -1);
      if (k.board[to].owner >= 0) {
        double win = 0;
        score = AttackValue(k, a, to, &win) + kCombatBonus +
                win * (stay - kRisk * Threat(k, a, to, from));
      } else {
        if (!have_dist[a]) {
          dist[a] = Distances(k, a);
          have_dist[a] = true;
        }
        score = kApproach * (dist[a][from] - dist[a][to]) + stay - kRisk * Threat(k, a, to, from);
      }
    }
    score += kNoise * rng_.Unit();
    // A shunned action only when nothing else is legal.
    if ((best_shunned && !shunned) || (shunned == best_shunned && score > best_score)) {
      best = action;
      best_score = score;
      best_shunned = shunned;
    }
  }
  return best;
}

}  // namespace

void RegisterHeuristicBot() {
  RegisterBot(
      {.name = "heuristic",
       .help = "rule-aware bot from its own view: Stratego and Espionage (a sampled "
               "sensible setup, one-ply search), WAR and WAR-II (keys attack=P, card=P, "
               "misplace=P: see war_bot.h) "
               "(keys: seed)",
       .factory = [](const engine::Game& game, const std::map<std::string, std::string>& params,
                     std::uint64_t seed) -> std::unique_ptr<Bot> {
         if (game.id() == "war" || game.id() == "war2") {
           return MakeWarHeuristicBot(game, params, seed);
         }
         if (!params.empty()) {
           throw Error("heuristic: keys attack, card and misplace are for WAR and WAR-II only");
         }
         std::unique_ptr<GameModel> model;
         if (const auto* s = dynamic_cast<const stratego::StrategoGame*>(&game)) {
           model = std::make_unique<StrategoModel>(*s);
         } else if (dynamic_cast<const espionage::EspionageGame*>(&game) != nullptr) {
           model = std::make_unique<EspionageModel>();
         } else {
           throw Error("heuristic: no heuristic for game " + game.id());
         }
         return std::make_unique<HeuristicBot>(std::move(model), seed);
       },
       .keys = {"attack", "card", "misplace"}});
  RegisterWarPlanBot();  // the WAR bots with a plan (war_planner.h)
}

}  // namespace quartel::ai
