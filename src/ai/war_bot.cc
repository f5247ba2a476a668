// The WAR heuristic bot (war_bot.h): one pass of plain rules per decision over the seat's own
// view, no search.
#include "ai/war_bot.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <vector>

#include "ai/war_planner.h"
#include "ai/war_reading.h"
#include "core/error.h"
#include "core/rng.h"
#include "games/war/odds.h"
#include "games/war/war.h"

namespace quartel::ai {
namespace {

using engine::Action;
using engine::Seat;
using war::kCachedArmies;
using war::kMaxContinents;
using war::kMaxTerritories;
using war::Phase;
using war::Position;
using war::WarGame;
using war::WarMap;
using war::WarState;

constexpr int kDestroyFallbackTerritories = 24;  // rulings: a "destroy" card's fallback

// What the seat's objective asks of it, read once per decision.
struct Plan {
  std::array<double, kMaxContinents> continent_weight{};  // 1 for a continent to hold in full
  int destroy = -1;                                       // the seat to eliminate, or -1
  int territories = 0;                                    // territories to hold ...
  int min_armies = 1;                                     // ... each with this many armies
};

class WarBot : public Bot, WarSeatReading {
 public:
  WarBot(const WarGame& game, WarBotParams params, std::string spec, std::uint64_t seed)
      : WarSeatReading(&game.map()),
        game_(&game),
        params_(params),
        spec_(std::move(spec)),
        rng_(seed),
        noise_(seed ^ 0x5eed),
        scratch_(game) {}

  Action ChooseAction(const engine::SeatHandle& handle) override {
    const Seat seat = handle.viewer();
    legal_ = handle.LegalActions();
    if (legal_.size() == 1) return legal_[0];
    // Everything below reads only this sample: the others' hands and objectives are random there.
    const std::unique_ptr<engine::State> sample = handle.SampleState(rng_);
    const auto& view = static_cast<const WarState&>(*sample);
    seat_ = seat;
    pos_ = &view.position();
    MakePlan();
    if (params_.plan) threats_ = InferThreats(view, seat_);  // warplan only
    Action chosen = legal_.back();
    switch (pos_->phase) {
      case Phase::kReinforce:
        chosen = Reinforce(view);
        break;
      case Phase::kAttack:
        chosen = Attack();
        break;
      case Phase::kOccupy:
        chosen = *std::max_element(legal_.begin(), legal_.end());  // the most armies
        break;
      case Phase::kMove:
        chosen = Move(view);
        break;
      default:
        break;
    }
    pos_ = nullptr;
    return chosen;
  }

  std::string Spec() const override { return spec_; }

 private:
  // The objective, as it stands now (a "destroy" card may have turned into 24 territories), and
  // which continents to go for.
  void MakePlan() {
    plan_ = Plan{};
    const Position& p = *pos_;
    const int index = p.objective[seat_];
    if (index < 0) return;
    const auto& objective = map_->objectives[index];
    plan_.territories = objective.territories;
    plan_.min_armies = objective.min_armies;
    if (objective.destroy_colour >= 0) {
      const int target = objective.destroy_colour;
      const bool fallback = target >= p.num_seats || target == seat_ ||
                            (p.eliminated_by[target] >= 0 && p.eliminated_by[target] != seat_);
      if (fallback) {
        plan_.territories = std::min(kDestroyFallbackTerritories, map_->NumTerritories());
      } else {
        plan_.destroy = target;
      }
    }
    for (int c : objective.continents) plan_.continent_weight[c] = 1.0;
    // Continents of free choice (and any continent for a territory count): the most held first.
    const int continents = static_cast<int>(map_->continents.size());
    std::vector<std::pair<double, int>> ease;
    for (int c = 0; c < continents; ++c) {
      if (plan_.continent_weight[c] > 0) continue;
      int held = 0;
      for (int t : map_->continents[c].territories) held += Mine(t);
      const double size = static_cast<double>(map_->continents[c].territories.size());
      ease.push_back({held / size + 0.02 * map_->continents[c].bonus / size, c});
    }
    std::sort(ease.rbegin(), ease.rend());
    for (int i = 0; i < static_cast<int>(ease.size()); ++i) {
      const int c = ease[i].second;
      if (i < objective.any_continents) {
        plan_.continent_weight[c] = 0.8;
      } else if (plan_.territories > 0 || plan_.destroy >= 0) {
        plan_.continent_weight[c] = 0.3 * ease[i].first;
      }
    }
  }

  // How much the seat gains by taking enemy territory t.
  double Value(int t) const {
    const Position& p = *pos_;
    const int c = Continent(t);
    const auto& members = map_->continents[c].territories;
    int held = 0;
    bool enemy_holds_all = true;
    for (int u : members) {
      held += Mine(u);
      enemy_holds_all = enemy_holds_all && p.owner[u] == p.owner[t];
    }
    const int size = static_cast<int>(members.size());
    double value = 1.0 + 3.0 * plan_.continent_weight[c];
    value += 1.5 * plan_.continent_weight[c] * held / size;
    if (held == size - 1) value += 0.3 * map_->continents[c].bonus;  // it would complete c
    if (enemy_holds_all) value += 1.0 + 0.2 * map_->continents[c].bonus;
    if (p.owner[t] == plan_.destroy)
      value += 4.0 + 6.0 / std::max(1, +p.territory_count[p.owner[t]]);
    if (plan_.territories > 0) value += 1.0;
    if (params_.plan) {
      value += params_.threat_weight * threats_.break_value[t];
      // An elimination takes the loser's cards (rulings: up to a hand of 5).
      const int owner = p.owner[t];
      if (owner < war::kMaxSeats && p.territory_count[owner] == 1) {
        value += 1.0 * std::popcount(p.hand[owner]);
      }
    }
    return value;
  }

  Action Reinforce(const WarState& view) {
    if (Action trade = BestTrade(view); trade >= 0) return trade;
    const Position& p = *pos_;
    const int count_goal = plan_.territories;
    int held = 0, strong = 0;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      held += Mine(t);
      strong += Mine(t) && p.armies[t] >= plan_.min_armies;
    }
    const bool top_up = plan_.min_armies > 1 && held >= count_goal && strong < count_goal;
    const auto dist = BorderDistance();
    Action best = -1;
    double best_score = -1e9;
    for (Action a : legal_) {
      if (a >= game_->kAttack) continue;  // only placements here; "end" is the fallback
      const int t = a;
      const int left = p.general_pool + p.continent_pool[Continent(t)];
      double score = PlacementScore(t, left);
      if (top_up && p.armies[t] < plan_.min_armies) score += 100.0;
      score -= 0.001 * std::min(dist[t], 100);  // interior only as a last resort, near a border
      if (params_.misplace > 0) score += params_.misplace * noise_.Unit();  // a beginner's
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    return best >= 0 ? best : game_->kEnd;
  }

  // The trade whose cards show most of the seat's own territories (2 armies on each), or -1 when
  // no trade is legal.
  Action BestTrade(const WarState& view) const {
    const std::vector<int> hand = view.board().Hand(seat_);
    Action best = -1;
    int best_owned = -1;
    for (Action a : legal_) {
      if (a < game_->kTrade || a >= game_->kChance) continue;
      int owned = 0;
      for (int position : war::Board::TradeCombo(a - game_->kTrade)) {
        const int card = hand[position];
        owned += card < map_->NumTerritories() && Mine(card);
      }
      if (owned > best_owned) {
        best_owned = owned;
        best = a;
      }
    }
    return best;
  }

  // Worth of placing the `left` armies still to place on border territory t: its best attack
  // (chance with them all times the target's value), or the defence they add where an enemy
  // stack could take it.
  double PlacementScore(int t, int left) const {
    const Position& p = *pos_;
    const int armies = p.armies[t];
    double attack = 0.0;
    for (int n : map_->territories[t].neighbours) {
      if (Mine(n)) continue;
      attack = std::max(attack, Value(n) * ConquestChanceFor(armies + left, p.armies[n], false));
    }
    const int threat = Threat(t);
    if (threat < 2) return attack;
    const double hold =
        1.0 + 2.0 * plan_.continent_weight[Continent(t)] + (HoldsContinentOf(t) ? 1.0 : 0.0);
    const double relief = ConquestChanceFor(threat, armies, false) -
                          ConquestChanceFor(threat, armies + std::min(left, 3), false);
    return std::max(attack, 0.8 * hold * relief * 3.0);
  }

  bool HoldsContinentOf(int t) const {
    for (int u : map_->continents[Continent(t)].territories) {
      if (!Mine(u)) return false;
    }
    return true;
  }

  Action Attack() const {
    const Position& p = *pos_;
    const double needed = p.conquered ? params_.attack : std::min(params_.attack, params_.card);
    Action best = game_->kEnd;
    double best_score = 0.0;
    for (Action a : legal_) {
      if (a < game_->kAttack || a >= game_->kOccupy) continue;
      const auto& link = map_->links[(a - game_->kAttack) / 3];
      const int dice = (a - game_->kAttack) % 3 + 1;
      const int armies = p.armies[link.from];
      if (dice != std::min(3, armies - 1)) continue;  // always the most dice
      const double chance = ConquestChanceFor(armies, p.armies[link.to], true);
      if (params_.plan && chance >= 0.02 && WinsWith(link.from, link.to)) return a;
      if (chance < needed) continue;
      const double score = chance * Value(link.to);
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    return best;
  }

  // warplan: whether conquering t from `from` (moving in as many as allowed) meets the objective.
  bool WinsWith(int from, int t) const {
    Position q = *pos_;
    const Seat loser = q.owner[t];
    const int in = std::min(3, q.armies[from] - 1);
    q.owner[t] = static_cast<std::int8_t>(seat_);
    q.armies[t] = static_cast<std::int16_t>(in);
    q.armies[from] = static_cast<std::int16_t>(q.armies[from] - in);
    if (loser >= 0 && loser < war::kMaxSeats) {
      --q.territory_count[loser];
      if (q.territory_count[loser] == 0) q.eliminated_by[loser] = static_cast<std::int8_t>(seat_);
    }
    ++q.territory_count[seat_];
    scratch_.Replace(q);
    return scratch_.ObjectiveMet(seat_);
  }

  // How good border t is as a base: its best target's value, less for a strong defence.
  double Opportunity(int t) const {
    double best = 0.0;
    for (int n : map_->territories[t].neighbours) {
      if (!Mine(n)) best = std::max(best, Value(n) / (1.0 + 0.1 * pos_->armies[n]));
    }
    return best;
  }

  // One army from an interior territory one step toward the nearest border (the one facing the
  // most valuable target on a tie); else one army of a border stack, above what its strongest
  // enemy neighbour holds, to a neighbouring border with a much better target (so that a stack
  // follows its conquests instead of sitting behind them); "end" when none is left to move.
  Action Move(const WarState& view) const {
    const Position& p = *pos_;
    const auto dist = BorderDistance();
    Action best = game_->kEnd;
    double best_score = -1.0;
    for (Action a : legal_) {
      if (a < game_->kMove || a >= game_->kEnd) continue;
      const auto& link = map_->links[a - game_->kMove];
      if (p.armies[link.from] - 1 < plan_.min_armies && plan_.territories > 0) continue;
      if (dist[link.from] == 0) {
        if (dist[link.to] != 0 || p.armies[link.from] - 1 < Threat(link.from)) continue;
        const double gain = Opportunity(link.to) - 1.5 * Opportunity(link.from);
        if (gain > 0 && gain > best_score) {
          best_score = gain;
          best = a;
        }
        continue;
      }
      if (dist[link.to] >= dist[link.from]) continue;
      double score = 1000.0 + view.board().Movable(link.from);
      if (dist[link.to] == 0) {
        for (int n : map_->territories[link.to].neighbours) {
          if (!Mine(n))
            score = std::max(score, 1000.0 + view.board().Movable(link.from) + Value(n));
        }
      }
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    return best;
  }

  const WarGame* game_;
  WarBotParams params_;
  std::string spec_;
  Rng rng_;
  Rng noise_;  // a beginner's misplacements, apart from the samples' draws
  std::vector<Action> legal_;
  Plan plan_;
  Threats threats_;             // warplan only
  mutable war::Board scratch_;  // WinsWith's board
};

double ParseProbability(const std::string& key, const std::string& value) {
  return ParseBotNumber("heuristic", key, value, 0, 1, "a probability between 0 and 1");
}

}  // namespace

std::unique_ptr<Bot> MakeWarBot(const war::WarGame& game, const WarBotParams& params,
                                std::string spec, std::uint64_t seed) {
  return std::make_unique<WarBot>(game, params, std::move(spec), seed);
}

std::unique_ptr<Bot> MakeWarHeuristicBot(const engine::Game& game,
                                         const std::map<std::string, std::string>& params,
                                         std::uint64_t seed) {
  const auto* war = dynamic_cast<const WarGame*>(&game);
  if (!war) throw Error("heuristic: its WAR branch cannot play " + game.info().id);
  WarBotParams parsed;
  for (const auto& [key, value] : params) {
    if (key == "attack") {
      parsed.attack = ParseProbability(key, value);
    } else if (key == "card") {
      parsed.card = ParseProbability(key, value);
    } else if (key == "misplace") {
      parsed.misplace = 10 * ParseProbability(key, value);
    } else {
      throw Error("unknown key '" + key +
                  "' for bot 'heuristic' on WAR (accepted: attack, card, misplace, seed)");
    }
  }
  if (war->war2()) return MakeWar2Bot(*war, parsed, FormatBotSpec("heuristic", params), seed);
  return MakeWarBot(*war, parsed, FormatBotSpec("heuristic", params), seed);
}

}  // namespace quartel::ai
