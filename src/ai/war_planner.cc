// "warplan" (war_planner.h): the inference of the others' objectives, and the bot's registration.
#include "ai/war_planner.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <charconv>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "ai/war_bot.h"
#include "core/error.h"
#include "core/rng.h"
#include "engine/playout.h"
#include "games/war/war.h"

namespace quartel::ai {
namespace {

using engine::Seat;
using war::Objective;
using war::Position;
using war::WarMap;

constexpr double kPursuit = 4.0;  // how sharply progress makes an objective the likely one

// What one opponent holds, counted once.
struct Holdings {
  std::array<double, war::kMaxContinents> share{};  // of each continent's territories
  int territories = 0;
  std::array<int, 4> with_armies{};                    // territories with at least 1, 2, 3 armies
  std::array<int, 4> ces{};                            // CEs with at least 1, 2, 3 armies
  std::array<bool, war::kMaxContinents> ce_in{};       // a CE held in the continent
  std::array<double, war::kMaxContinents> ce_share{};  // of the continent's CEs
};

Holdings Count(const WarMap& map, const Position& p, Seat s) {
  Holdings h;
  for (int c = 0; c < static_cast<int>(map.continents.size()); ++c) {
    int held = 0, ces = 0, ces_held = 0;
    for (int t : map.continents[c].territories) {
      held += p.owner[t] == s;
      if (map.territories[t].strategic_centre) {
        ++ces;
        ces_held += p.owner[t] == s;
      }
    }
    h.share[c] = static_cast<double>(held) / map.continents[c].territories.size();
    h.ce_in[c] = ces_held > 0;
    h.ce_share[c] = ces > 0 ? static_cast<double>(ces_held) / ces : 1.0;
  }
  for (int t = 0; t < map.NumTerritories(); ++t) {
    if (p.owner[t] != s) continue;
    ++h.territories;
    for (int k = 1; k <= 3; ++k) {
      h.with_armies[k] += p.armies[t] >= k;
      if (map.territories[t].strategic_centre) h.ces[k] += p.armies[t] >= k;
    }
  }
  return h;
}

// How far seat s has got with objective o, 0 to 1: the mean of what each of its conditions asks.
double Progress(const WarMap& map, const Position& p, const Holdings& h, Seat s,
                const Objective& o) {
  double sum = 0;
  int parts = 0;
  auto add = [&](double part) {
    sum += std::clamp(part, 0.0, 1.0);
    ++parts;
  };
  for (int c : o.continents) add(h.share[c]);
  if (o.any_continents > 0) {
    std::vector<double> others;
    for (int c = 0; c < static_cast<int>(map.continents.size()); ++c) {
      if (std::find(o.continents.begin(), o.continents.end(), c) == o.continents.end()) {
        others.push_back(h.share[c]);
      }
    }
    std::sort(others.rbegin(), others.rend());
    for (int i = 0; i < o.any_continents && i < static_cast<int>(others.size()); ++i) {
      add(others[i]);
    }
  }
  int territories = o.territories;
  if (o.destroy_colour >= 0) {
    const int target = o.destroy_colour;
    const bool falls_back = target >= p.num_seats || target == s ||
                            (p.eliminated_by[target] >= 0 && p.eliminated_by[target] != s);
    if (falls_back) {
      territories = std::min(war::kDestroyFallbackTerritories, map.NumTerritories());
    } else {
      add(1.0 - std::min(1.0, p.territory_count[target] / 12.0));
    }
  }
  if (territories > 0) {
    add(static_cast<double>(h.with_armies[std::clamp(o.min_armies, 1, 3)]) / territories);
  }
  if (o.strategic_centres > 0) {
    add(static_cast<double>(h.ces[std::clamp(o.ce_min_armies, 1, 3)]) / o.strategic_centres);
  }
  for (int c : o.ce_continents) add(h.ce_share[c]);
  if (o.ce_distinct_continents > 0) {
    int in = 0;
    for (int c = 0; c < static_cast<int>(map.continents.size()); ++c) in += h.ce_in[c];
    add(static_cast<double>(in) / o.ce_distinct_continents);
  }
  return parts > 0 ? sum / parts : 0.0;
}

// How much territory t, held by the objective's seat, keeps objective o alive.
double Keeps(const WarMap& map, const Holdings& h, const Objective& o, int t) {
  const int c = map.territories[t].continent;
  const bool ce = map.territories[t].strategic_centre;
  double keeps = 0;
  if (std::find(o.continents.begin(), o.continents.end(), c) != o.continents.end()) keeps += 1.0;
  if (o.any_continents > 0 && h.share[c] >= 0.6) keeps += 0.7;
  if (o.territories > 0 || o.destroy_colour >= 0) keeps += 0.4;
  if (ce && o.strategic_centres > 0) keeps += 1.0;
  if (ce && std::find(o.ce_continents.begin(), o.ce_continents.end(), c) != o.ce_continents.end())
    keeps += 1.0;
  if (ce && o.ce_distinct_continents > 0) keeps += 0.7;
  return keeps;
}

// The styles the planner chooses among, turn by turn: the heuristic's plan with its attack
// thresholds as they are, bolder, and more cautious.
constexpr std::array<std::array<double, 2>, 3> kStyles = {{{0.6, 0.5}, {0.45, 0.35}, {0.75, 0.65}}};
constexpr int kRolloutTurns = 1000;  // rollouts play to the end (the engine's own cap)

// "warplan": at the start of each of its turns it plays `rollouts` games to the end from states
// its seat cannot tell from the real one (SeatHandle::SampleState), once for each style of play
// (kStyles) with the same samples and dice for each, the others played by the heuristic; the
// style that won most plays the turn.
class WarPlanBot : public Bot {
 public:
  WarPlanBot(const war::WarGame& game, const WarBotParams& base, int rollouts, std::string spec,
             std::uint64_t seed)
      : game_(&game), base_(base), rollouts_(rollouts), spec_(std::move(spec)), rng_(seed) {
    for (std::size_t k = 0; k < kStyles.size(); ++k) {
      styles_.push_back(Make(Style(k), seed + 1 + k));
    }
  }

  engine::Action ChooseAction(const engine::SeatHandle& handle) override {
    if (!handle.MidTurn()) {  // a turn begins (or a claim of the setup)
      Rng probe(rng_.Next());
      const auto sample = handle.SampleState(probe);
      const auto& view = static_cast<const war::WarState&>(*sample);
      style_ = view.board().InSetup() ? 0 : ChooseStyle(handle);
    }
    return styles_[style_]->ChooseAction(handle);
  }

  std::string Spec() const override { return spec_; }
  void SetStopFlag(const std::atomic<bool>* stop) override { stop_ = stop; }

 private:
  WarBotParams Style(std::size_t k) const {
    WarBotParams params = base_;
    params.attack = kStyles[k][0];
    params.card = kStyles[k][1];
    return params;
  }

  std::unique_ptr<Bot> Make(const WarBotParams& params, std::uint64_t seed) const {
    return game_->war2() ? MakeWar2Bot(*game_, params, "warplan", seed)
                         : MakeWarBot(*game_, params, "warplan", seed);
  }

  // The style with the most rollouts won from here; the first on a tie.
  int ChooseStyle(const engine::SeatHandle& handle) {
    const engine::Seat me = handle.viewer();
    std::vector<double> score(kStyles.size(), 0.0);
    for (int r = 0; r < rollouts_; ++r) {
      if (stop_ != nullptr && stop_->load()) break;  // asked to answer now: what it has
      const std::uint64_t seed = rng_.Next();
      for (std::size_t k = 0; k < kStyles.size(); ++k) {
        Rng sampler(seed);
        auto state = handle.SampleState(sampler);
        score[k] += Rollout(*state, me, k, seed);
      }
    }
    return static_cast<int>(std::max_element(score.begin(), score.end()) - score.begin());
  }

  // Plays `state` to the end, `me` in style k and the others as the heuristic; 1 for a win,
  // 1/seats for a draw, 0 for a loss.
  double Rollout(engine::State& state, engine::Seat me, std::size_t k, std::uint64_t seed) const {
    const int seats = game_->NumSeats();
    std::vector<std::unique_ptr<Bot>> bots;
    for (int s = 0; s < seats; ++s) {
      bots.push_back(Make(s == me ? Style(k) : WarBotParams{}, seed + 7 * s));
    }
    Rng chance(seed ^ 0xc0ffee);
    const auto& war_state = static_cast<const war::WarState&>(state);
    const int end_turn = war_state.position().turns_played + horizon_ * seats;
    int actions = 0;
    while (!state.IsTerminal() && actions < kRolloutTurns * 200 &&
           war_state.position().turns_played < end_turn) {
      engine::Action action;
      if (state.IsChanceNode()) {
        action = engine::SampleChanceOutcome(state, chance);
      } else {
        const engine::Seat seat = state.CurrentSeat();
        action = bots[seat]->ChooseAction(engine::SeatHandle(state, seat));
      }
      state.DoApplyAction(action, nullptr);
      ++actions;
    }
    if (!state.IsTerminal()) return Evaluate(war_state, me);
    const double mine = state.Returns()[me];
    return mine > 0 ? 1.0 : mine == 0 ? 1.0 / seats : 0.0;
  }

  // A rollout cut short: the seat's progress toward its objective and its share of the armies,
  // less the progress of the opponent nearest its own (the sample's objectives stand for the
  // others' unknown ones), mapped into (0, 1).
  double Evaluate(const war::WarState& state, engine::Seat me) const {
    const Position& p = state.position();
    const WarMap& map = state.map();
    const auto& objectives = game_->Objectives();
    auto progress = [&](engine::Seat s) {
      const Holdings h = Count(map, p, s);
      if (p.reduced & (1u << s)) return std::min(1.0, h.ces[1] / 3.0);
      return p.objective[s] < 0 ? 0.0 : Progress(map, p, h, s, objectives[p.objective[s]]);
    };
    int mine = 0, total = 0;
    for (int t = 0; t < map.NumTerritories(); ++t) {
      total += p.armies[t];
      if (p.owner[t] == me) mine += p.armies[t];
    }
    double rival = 0;
    for (engine::Seat s = 0; s < p.num_seats; ++s) {
      if (s != me && p.eliminated_by[s] < 0) rival = std::max(rival, progress(s));
    }
    const double own = p.eliminated_by[me] >= 0 ? 0.0 : progress(me);
    const double share = total > 0 ? static_cast<double>(mine) / total : 0.0;
    return std::clamp(0.4 + 0.5 * own * own + 0.3 * share - 0.5 * rival * rival, 0.01, 0.99);
  }

  const war::WarGame* game_;
  WarBotParams base_;
  int rollouts_;
  const std::atomic<bool>* stop_ = nullptr;  // Bot::SetStopFlag
  int horizon_ = 2;                          // rounds a rollout plays before it is evaluated
  std::string spec_;
  Rng rng_;
  std::vector<std::unique_ptr<Bot>> styles_;
  int style_ = 0;
};

double ParseValue(const std::string& key, const std::string& value, double high) {
  return ParseBotNumber("warplan", key, value, 0, high,
                        "a number between 0 and " + std::to_string(high));
}

}  // namespace

Threats InferThreats(const war::WarState& view, Seat seat) {
  Threats threats;
  const war::Board& board = view.board();
  const Position& p = view.position();
  const WarMap& map = view.map();
  const auto& objectives = view.war_game().Objectives();
  // The cards an opponent may hold: the eligible ones, less the seat's own and those it has seen.
  std::uint64_t unseen = view.war_game().EligibleObjectives();
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (board.SeesObjective(seat, s) && p.objective[s] >= 0) unseen &= ~(1ull << p.objective[s]);
  }
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (s == seat || p.eliminated_by[s] >= 0) continue;
    const Holdings h = Count(map, p, s);
    std::vector<std::pair<double, int>> candidates;  // (progress, objective)
    if (p.reduced & (1u << s)) {
      candidates.push_back({std::min(1.0, h.ces[1] / 3.0), -1});
    } else if (board.SeesObjective(seat, s) && p.objective[s] >= 0) {
      candidates.push_back({Progress(map, p, h, s, objectives[p.objective[s]]), p.objective[s]});
    } else {
      for (std::uint64_t m = unseen; m; m &= m - 1) {
        const int o = std::countr_zero(m);
        candidates.push_back({Progress(map, p, h, s, objectives[o]), o});
      }
    }
    double total = 0;
    for (const auto& [progress, o] : candidates) total += std::exp(kPursuit * progress);
    double danger = 0;
    for (const auto& [progress, o] : candidates) {
      const double weight = std::exp(kPursuit * progress) / total;
      danger += weight * progress * progress * progress;
      const double urgency = weight * std::pow(progress, 4);
      if (urgency < 1e-4) continue;
      for (int t = 0; t < map.NumTerritories(); ++t) {
        if (p.owner[t] != s) continue;
        if (o < 0) {
          if (map.territories[t].strategic_centre) threats.break_value[t] += urgency;
        } else {
          threats.break_value[t] += urgency * Keeps(map, h, objectives[o], t);
        }
      }
      // "Destroy X" nearly met: X's last territories are worth taking first, since X eliminated
      // by anyone else turns that card into 24 territories.
      const int target = o >= 0 ? objectives[o].destroy_colour : -1;
      if (target >= 0 && target < p.num_seats && target != seat && target != s &&
          p.eliminated_by[target] < 0) {
        for (int t = 0; t < map.NumTerritories(); ++t) {
          if (p.owner[t] == target) threats.break_value[t] += 1.5 * urgency;
        }
      }
    }
    threats.danger[s] = danger;
  }
  return threats;
}

void RegisterWarPlanBot() {
  RegisterBot(
      {.name = "warplan",
       .help = "WAR and WAR-II: the heuristic with a plan (the others' objectives inferred from "
               "the board, cards held for a better trade, attacks pressed to finish the "
               "objective: war_planner.h) (keys: attack=P, card=P, threat=X, seed)",
       .factory = [](const engine::Game& game, const std::map<std::string, std::string>& params,
                     std::uint64_t seed) -> std::unique_ptr<Bot> {
         const auto* war = dynamic_cast<const war::WarGame*>(&game);
         if (!war) throw Error("warplan: plays WAR and WAR-II only, not " + game.id());
         WarBotParams parsed;
         parsed.plan = true;
         parsed.threat_weight = 10.0;
         int rollouts = 0;
         for (const auto& [key, value] : params) {
           if (key == "attack") parsed.attack = ParseValue(key, value, 1);
           if (key == "card") parsed.card = ParseValue(key, value, 1);
           if (key == "threat") parsed.threat_weight = ParseValue(key, value, 100);
           if (key == "rollouts") rollouts = static_cast<int>(ParseValue(key, value, 1000));
         }
         const std::string spec = FormatBotSpec("warplan", params);
         if (rollouts > 0) {
           return std::make_unique<WarPlanBot>(*war, parsed, rollouts, spec, seed);
         }
         if (war->war2()) return MakeWar2Bot(*war, parsed, spec, seed);
         return MakeWarBot(*war, parsed, spec, seed);
       },
       .keys = {"attack", "card", "threat", "rollouts"}});
}

}  // namespace quartel::ai
