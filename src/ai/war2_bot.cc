// The WAR-II heuristic bot (war_bot.h, MakeWar2HeuristicBot): the "heuristic" bot's WAR-II branch,
// and with planning switched on, WAR-II's "warplan" (war_planner.h). One pass of plain rules per
// decision over the seat's own view (a SampleConsistentState of its seat: the others' hands and
// objectives and the pile are drawn at random there), no search.
//
// Play, phase by phase (seed 000, docs/rules/war2.md):
//   claim        (setup) the vacant territory that most helps a continent majority or totality,
//                next to the seat's own; 5 players: a Strategic Centre (CE) card when offered.
//   reinforce    armies to the border whose best attack or defence needs them most (as WAR), CEs
//                first topped up where the objective asks armies on CEs.
//   cards        at any moment of the turn: a card of a border territory held for armies there,
//                with every number card added; two cards of territories held transport a big
//                interior stack to a border; a card of an enemy territory sends bombers from the
//                box against the turn's best ground target when they lift the conquest chance.
//                In the movement phase the own-territory cards are used while the hand holds more
//                than 2, so that the 3 cards a conquest earns fit under the limit of 5. Down to 5:
//                the least useful card goes.
//   air          the air base's bombers go first against the ground target they help most
//                (expected armies destroyed computed exactly from the air dice), and what is left
//                at the end of the attacks against the strongest enemy stack next to the seat.
//   attack       as WAR (odds.h exact chances, `attack` / `card` thresholds); a target is worth
//                more for a CE (income, bombers, CE objectives), a continent majority or
//                totality gained or broken, and an Information Centre taken.
//   move         as WAR, and airlifts of interior CE stacks to a border CE.
//   Information Centre (spy_centre): placed at once on the most interior territory; each turn a
//                look at the cards of the opponent holding most; in the movement phase a CI on a
//                border steps back to a safer territory.
#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <vector>

#include "ai/war_bot.h"
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
using war::kMaxContinents;
using war::kMaxSeats;
using war::kMaxTerritories;
using war::Phase;
using war::Position;
using war::WarGame;
using war::WarMap;
using war::WarState;

constexpr int kMaxAir = 24;    // bombers of one air attack considered (10 + number cards)
constexpr int kMaxSpare = 40;  // armies above 1 a target may lose, for the air table

// The expected armies destroyed by an air attack of n bombers on a territory with `spare` armies
// above its last one (seed section 9: each round the anti-aircraft die, faces 0 0 0 1 2 3, shoots
// down bombers; the survivors' bomb die, same faces, destroys armies, never the last). Exact, by
// the recurrence on (bombers, spare); a round where neither die hits repeats the state.
double AirDestroyed(int n, int spare) {
  static const auto table = [] {
    constexpr std::array<double, 4> face = {0.5, 1.0 / 6, 1.0 / 6, 1.0 / 6};
    std::vector<std::array<double, kMaxSpare + 1>> e(kMaxAir + 1);
    for (int b = 0; b <= kMaxAir; ++b) {
      for (int s = 0; s <= kMaxSpare; ++s) {
        if (b == 0 || s == 0) {
          e[b][s] = 0;
          continue;
        }
        double sum = 0;
        for (int aa = 0; aa < 4; ++aa) {
          const int hit = std::min(aa, b);
          if (hit == b) continue;  // every bomber down: nothing destroyed
          for (int bomb = 0; bomb < 4; ++bomb) {
            if (aa == 0 && bomb == 0) continue;  // the repeated state
            const int d = std::min(bomb, s);
            sum += face[aa] * face[bomb] * (d + e[b - hit][s - d]);
          }
        }
        e[b][s] = sum / (1 - face[0] * face[0]);
      }
    }
    return e;
  }();
  return table[std::clamp(n, 0, kMaxAir)][std::clamp(spare, 0, kMaxSpare)];
}

class War2Bot : public Bot, WarSeatReading {
 public:
  War2Bot(const WarGame& game, WarBotParams params, std::string spec, std::uint64_t seed)
      : WarSeatReading(&game.map()),
        game_(&game),
        params_(params),
        spec_(std::move(spec)),
        rng_(seed),
        noise_(seed ^ 0x5eed),
        scratch_(game) {}

  Action ChooseAction(const engine::SeatHandle& handle) override {
    legal_ = handle.LegalActions();
    if (legal_.size() == 1) return legal_[0];
    // Everything below reads only this sample: the others' hands and objectives are random there.
    const std::unique_ptr<engine::State> sample = handle.SampleState(rng_);
    view_ = static_cast<const WarState*>(sample.get());
    seat_ = handle.viewer();
    pos_ = &view_->position();
    MakePlan();
    if (params_.plan) threats_ = InferThreats(*view_, seat_);
    dist_ = BorderDistance();
    const Action chosen = Decide();
    pos_ = nullptr;
    view_ = nullptr;
    return chosen;
  }

  std::string Spec() const override { return spec_; }

 private:
  struct Plan {
    std::array<double, kMaxContinents> continent_weight{};  // continents to hold in full
    int destroy = -1;
    int territories = 0;
    int min_armies = 1;
    int ces = 0;                                      // CEs to hold ...
    int ce_min_armies = 1;                            // ... with this many armies each
    std::array<bool, kMaxContinents> ce_continent{};  // continents whose every CE is asked
    int ce_distinct = 0;                              // continents to hold a CE in
  };

  Action Decide() {
    const Phase phase = pos_->phase;
    switch (phase) {
      case Phase::kClaim:
      case Phase::kCeChoice:
        return Claim();
      case Phase::kCardUse:
        return AddNumbers();
      case Phase::kTransport:
        return Carry();
      case Phase::kDiscardDown:
      case Phase::kCiPay:
        return Cheapest();
      case Phase::kOccupy:
        return *std::max_element(legal_.begin(), legal_.end());
      default:
        break;
    }
    if (Action ci = CentreAction(); ci >= 0) return ci;
    if (phase == Phase::kReinforce) {
      if (Action use = UseForArmies(false); use >= 0) return use;
      return Reinforce();
    }
    if (phase == Phase::kAttack) return Attack();
    if (phase == Phase::kMove) return Move();
    return legal_.back();
  }

  // --- What the board says -----------------------------------------------------------------------
  bool Ce(int t) const { return map_->territories[t].strategic_centre; }
  bool Legal(Action a) const { return std::binary_search(legal_.begin(), legal_.end(), a); }
  int Held(int c, Seat s) const {
    int held = 0;
    for (int u : map_->continents[c].territories) held += pos_->owner[u] == s;
    return held;
  }

  // The objective as it stands now (reduced: 3 CEs; a "destroy" card may ask 24 territories).
  void MakePlan() {
    plan_ = Plan{};
    const Position& p = *pos_;
    const int index = p.objective[seat_];
    if (index < 0) return;
    if (p.reduced & (1u << seat_)) {
      plan_.ces = 3;
      return;
    }
    const auto& objective = game_->Objectives()[index];
    plan_.territories = objective.territories;
    plan_.min_armies = objective.min_armies;
    plan_.ces = objective.strategic_centres;
    plan_.ce_min_armies = objective.ce_min_armies;
    plan_.ce_distinct = objective.ce_distinct_continents;
    for (int c : objective.ce_continents) plan_.ce_continent[c] = true;
    if (objective.destroy_colour >= 0) {
      if (view_->board().DestroyFallsBack(seat_, objective.destroy_colour)) {
        plan_.territories = std::min(war::kDestroyFallbackTerritories, map_->NumTerritories());
      } else {
        plan_.destroy = objective.destroy_colour;
      }
    }
    for (int c : objective.continents) plan_.continent_weight[c] = 1.0;
    const int continents = static_cast<int>(map_->continents.size());
    std::vector<std::pair<double, int>> ease;
    for (int c = 0; c < continents; ++c) {
      if (plan_.continent_weight[c] > 0) continue;
      const double size = static_cast<double>(map_->continents[c].territories.size());
      ease.push_back({Held(c, seat_) / size + 0.02 * map_->continents[c].totality / size, c});
    }
    std::sort(ease.rbegin(), ease.rend());
    for (int i = 0; i < static_cast<int>(ease.size()); ++i) {
      const int c = ease[i].second;
      plan_.continent_weight[c] = i < objective.any_continents ? 0.8 : 0.3 * ease[i].first;
    }
  }

  // What a CE is worth to the seat: its income (an army and a bomber a turn) and the objective.
  double CeValue(int t) const {
    double value = 1.5;
    if (plan_.ces > 0) value += 3.0;
    const int c = Continent(t);
    if (plan_.ce_continent[c]) value += 3.0;
    if (plan_.ce_distinct > 0) {
      bool have = false;
      for (int u : map_->continents[c].territories) have = have || (Ce(u) && Mine(u) && u != t);
      if (!have) value += 3.0;
    }
    return value;
  }

  // How much the seat gains by taking enemy territory t: continents (WAR-II's majority and
  // totality, gained or broken), CEs, the destroy target, Information Centres.
  double Value(int t) const {
    const Position& p = *pos_;
    const int c = Continent(t);
    const auto& continent = map_->continents[c];
    const int size = static_cast<int>(continent.territories.size());
    const int held = Held(c, seat_);
    const int theirs = Held(c, p.owner[t]);
    double value = 1.0 + 3.0 * plan_.continent_weight[c];
    value += 1.5 * plan_.continent_weight[c] * held / size;
    if (held + 1 == size) value += 0.3 * continent.totality;
    if (2 * (held + 1) > size && 2 * held <= size) value += 0.3 * continent.majority;
    if (theirs == size) value += 1.0 + 0.2 * continent.totality;
    if (2 * theirs > size && 2 * (theirs - 1) <= size) value += 0.5 + 0.2 * continent.majority;
    if (Ce(t)) value += CeValue(t);
    if (p.owner[t] == plan_.destroy)
      value += 4.0 + 6.0 / std::max(1, +p.territory_count[p.owner[t]]);
    if (plan_.territories > 0) value += 1.0;
    if (game_->spy_centre()) {
      for (Seat s = 0; s < p.num_seats; ++s) {
        if (p.ci[s] == t) value += s == seat_ ? 3.0 : 1.5;
      }
    }
    if (params_.plan) value += params_.threat_weight * threats_.break_value[t];
    return value;
  }

  // --- Setup -------------------------------------------------------------------------------------
  // A claim: a CE card when offered (5 players), else the vacant territory with the best prospect
  // of a majority or totality, next to the seat's own.
  Action Claim() const {
    Action best = legal_.front();
    double best_score = -1e9;
    for (Action a : legal_) {
      const int t = a;
      const int c = Continent(t);
      const auto& continent = map_->continents[c];
      const int size = static_cast<int>(continent.territories.size());
      const int held = Held(c, seat_);
      int others = 0;
      for (int u : continent.territories) others += pos_->owner[u] >= 0 && !Mine(u);
      double score = Ce(t) ? 10.0 : 0.0;
      score += 2.0 * (held + 1) / size * (others == 0 ? 1.5 : 1.0);
      if (2 * (held + 1) > size && 2 * held <= size) score += 0.5 * continent.majority;
      if (held + 1 == size) score += 0.5 * continent.totality;
      if (2 * others > size) score -= 1.0;  // another's majority already
      for (int n : map_->territories[t].neighbours) score += Mine(n) ? 0.4 : 0.0;
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    return best;
  }

  // --- Reinforcement -----------------------------------------------------------------------------
  Action Reinforce() const {
    const Position& p = *pos_;
    int held = 0, strong = 0;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      held += Mine(t);
      strong += Mine(t) && p.armies[t] >= plan_.min_armies;
    }
    const bool top_up =
        plan_.min_armies > 1 && held >= plan_.territories && strong < plan_.territories;
    const bool ce_top_up = plan_.ce_min_armies > 1 && view_->board().HeldCes(seat_) >= plan_.ces &&
                           view_->board().HeldCes(seat_, plan_.ce_min_armies) < plan_.ces;
    Action best = -1;
    double best_score = -1e9;
    for (Action a : legal_) {
      if (a >= game_->kAttack) continue;  // placements only
      const int t = a;
      const int left = p.general_pool + p.continent_pool[Continent(t)];
      double score = PlacementScore(t, left);
      if (top_up && p.armies[t] < plan_.min_armies) score += 100.0;
      if (ce_top_up && Ce(t) && p.armies[t] < plan_.ce_min_armies) score += 100.0;
      score -= 0.001 * std::min(dist_[t], 100);
      if (params_.misplace > 0) score += params_.misplace * noise_.Unit();
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    return best >= 0 ? best : legal_.front();
  }

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
    bool whole = true;
    for (int u : map_->continents[Continent(t)].territories) whole = whole && Mine(u);
    const double hold = 1.0 + 2.0 * plan_.continent_weight[Continent(t)] + (whole ? 1.0 : 0.0) +
                        (Ce(t) ? 1.0 : 0.0);
    const double relief = ConquestChanceFor(threat, armies, false) -
                          ConquestChanceFor(threat, armies + std::min(left, 3), false);
    return std::max(attack, 0.8 * hold * relief * 3.0);
  }

  // --- Cards -------------------------------------------------------------------------------------
  int UseTerritory(Action a) const {
    const int card = (a - game_->kUse) / 2;
    return map_->war2_cards[card].territories[(a - game_->kUse) % 2];
  }
  bool IsUse(Action a) const { return a >= game_->kUse && a < game_->kAddNumber; }
  int HandSize() const { return std::popcount(pos_->hand[seat_]); }

  // A card of a territory held, used for armies there: on the border with the best placement
  // score; in the movement phase (`any`) on any territory held, interior last.
  Action UseForArmies(bool any) const {
    Action best = -1;
    double best_score = -1e9;
    for (Action a : legal_) {
      if (!IsUse(a)) continue;
      const int t = UseTerritory(a);
      if (!Mine(t) || (!any && dist_[t] != 0)) continue;
      const double score = PlacementScore(t, 1) - 0.01 * std::min(dist_[t], 100);
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    return best;
  }

  // A card use under way: every number card goes in (the highest first), then done.
  Action AddNumbers() const {
    for (int v = 3; v >= 1; --v) {
      if (Legal(game_->kAddNumber + v - 1)) return game_->kAddNumber + v - 1;
    }
    return game_->kEnd;
  }

  // Two cards of territories held, the one interior with a big movable stack and the other a
  // border: a transport there, before the attacks.
  Action TransportToFront() const {
    Action best = -1;
    int best_armies = 2;
    for (Action a : legal_) {
      if (a < game_->kTransport || a >= game_->kCarry) continue;
      const auto [x, y] = TransportEnds(a);
      const int from = dist_[x] > 0 && dist_[y] == 0 ? x : dist_[y] > 0 && dist_[x] == 0 ? y : -1;
      if (from < 0) continue;
      const int movable = view_->board().Movable(from);
      if (movable > best_armies) {
        best_armies = movable;
        best = a;
      }
    }
    return best;
  }

  std::pair<int, int> TransportEnds(Action a) const {
    const int code = a - game_->kTransport;
    const int pair = code / 4;
    const int c1 = pair / game_->NumCards(), c2 = pair % game_->NumCards();
    return {map_->war2_cards[c1].territories[(code >> 1) & 1],
            map_->war2_cards[c2].territories[code & 1]};
  }

  // A transport under way: every movable army from the interior end to the border end.
  Action Carry() const {
    const int a = pos_->transport_a, b = pos_->transport_b;
    const bool forward =
        pos_->transport_way == 0 || (pos_->transport_way < 0 && dist_[a] >= dist_[b]);
    const Action carry = forward ? game_->kCarry : game_->kCarry + 1;
    return Legal(carry) ? carry : game_->kEnd;
  }

  // How much a card in hand is worth keeping.
  double CardWorth(int card) const {
    const auto& c = map_->war2_cards[card];
    if (c.number > 0) return 0.6 * c.number;
    double worth = 0.5;
    for (int t : c.territories) {
      if (Mine(t)) {
        worth = std::max(worth, dist_[t] == 0 ? 2.0 : 1.5);
      } else {
        bool near = false;
        for (int n : map_->territories[t].neighbours) near = near || Mine(n);
        worth = std::max(worth, near ? 1.2 : 0.8);
      }
    }
    return worth;
  }

  // Down to 5, or paying for a CI transport: the least worth card among the legal ones.
  Action Cheapest() const {
    Action best = legal_.front();
    double lowest = 1e9;
    for (Action a : legal_) {
      if (a < game_->kDiscard || a >= game_->kAirlift) continue;
      const double worth = CardWorth(a - game_->kDiscard);
      if (worth < lowest) {
        lowest = worth;
        best = a;
      }
    }
    return best;
  }

  // --- Air attacks -------------------------------------------------------------------------------
  // The best ground attack's gain from n bombers on enemy territory t: chance after the expected
  // destruction less chance before, times the target's value, from the strongest own neighbour.
  double AirGain(int t, int n) const {
    const Position& p = *pos_;
    int attackers = 0;
    for (int s : map_->territories[t].neighbours) {
      if (Mine(s)) attackers = std::max<int>(attackers, p.armies[s]);
    }
    if (attackers < 2) return 0.0;
    const int d = p.armies[t];
    const double after = d - AirDestroyed(n, d - 1);
    const int rounded = std::max(1, static_cast<int>(after + 0.5));
    return Value(t) *
           (ConquestChanceFor(attackers, rounded, false) - ConquestChanceFor(attackers, d, false));
  }

  // Bombers of the air base on the target they help most; at the end of the attacks (`last`) on
  // the strongest enemy stack next to the seat when none helps an attack.
  Action AirFromBase(bool last) const {
    const int bombers = pos_->bombers[seat_];
    if (bombers <= 0) return -1;
    Action best = -1;
    double best_gain = params_.plan ? 0.08 : 0.05;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (Mine(t) || pos_->armies[t] < 2) continue;
      const int n = std::min(bombers, 2 * (pos_->armies[t] - 1) + 1);
      const double gain = AirGain(t, n);
      if (gain > best_gain && Legal(game_->kAir + 10 * t + n - 1)) {
        best_gain = gain;
        best = game_->kAir + 10 * t + n - 1;
      }
    }
    if (best >= 0 || !last) return best;
    // Defence: the biggest stack that borders the seat.
    int biggest = 1;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (Mine(t) || pos_->armies[t] <= biggest) continue;
      bool near = false;
      for (int n : map_->territories[t].neighbours) near = near || Mine(n);
      const int n = std::min(bombers, 10);
      if (near && Legal(game_->kAir + 10 * t + n - 1)) {
        biggest = pos_->armies[t];
        best = game_->kAir + 10 * t + n - 1;
      }
    }
    return best;
  }

  // A card of an enemy territory for bombers from the box, when they help a ground attack.
  Action BombWithCard() const {
    const int box = view_->board().BomberBox(seat_);
    if (box <= 0) return -1;
    int numbers = 0;
    for (std::uint64_t m = pos_->hand[seat_]; m; m &= m - 1) {
      numbers += map_->war2_cards[std::countr_zero(m)].number;
    }
    Action best = -1;
    double best_gain = 0.1;
    for (Action a : legal_) {
      if (!IsUse(a)) continue;
      const int t = UseTerritory(a);
      if (Mine(t)) continue;
      const double gain = AirGain(t, std::min(box, 1 + numbers));
      if (gain > best_gain) {
        best_gain = gain;
        best = a;
      }
    }
    return best;
  }

  // --- Attacks -----------------------------------------------------------------------------------
  Action Attack() const {
    if (Action transport = TransportToFront(); transport >= 0) return transport;
    if (Action use = UseForArmies(false); use >= 0) return use;
    if (Action air = AirFromBase(false); air >= 0) return air;
    if (Action card = BombWithCard(); card >= 0) return card;
    const Position& p = *pos_;
    const double needed = p.conquered ? params_.attack : std::min(params_.attack, params_.card);
    Action best = game_->kEnd;
    double best_score = 0.0;
    for (Action a : legal_) {
      if (a < game_->kAttack || a >= game_->kOccupy) continue;
      const auto& link = map_->links[(a - game_->kAttack) / 3];
      const int dice = (a - game_->kAttack) % 3 + 1;
      const int armies = p.armies[link.from];
      if (dice != std::min(3, armies - 1)) continue;
      const double chance = ConquestChanceFor(armies, p.armies[link.to], true);
      if (params_.plan && chance >= 0.02 && WinsWith(link.from, link.to)) {
        return a;  // the objective at once: worth any chance
      }
      if (chance < needed) continue;
      const double score = chance * Value(link.to);
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    if (best == game_->kEnd) {
      if (Action air = AirFromBase(true); air >= 0) return air;
    }
    return best;
  }

  // Whether conquering t from `from` (moving in as many as the rules allow) meets the seat's
  // objective at once.
  bool WinsWith(int from, int t) const {
    Position q = *pos_;
    const Seat loser = q.owner[t];
    const int in = std::min(3, q.armies[from] - 1);
    q.owner[t] = static_cast<std::int8_t>(seat_);
    q.armies[t] = static_cast<std::int16_t>(in);
    q.armies[from] = static_cast<std::int16_t>(q.armies[from] - in);
    if (loser >= 0 && loser < kMaxSeats) {
      --q.territory_count[loser];
      if (q.territory_count[loser] == 0) q.eliminated_by[loser] = static_cast<std::int8_t>(seat_);
    }
    ++q.territory_count[seat_];
    q.conquered_ever |= static_cast<std::uint8_t>(1u << seat_);
    scratch_.Replace(q);
    return scratch_.ObjectiveMet(seat_);
  }

  // --- Movement ----------------------------------------------------------------------------------
  double Opportunity(int t) const {
    double best = 0.0;
    for (int n : map_->territories[t].neighbours) {
      if (!Mine(n)) best = std::max(best, Value(n) / (1.0 + 0.1 * pos_->armies[n]));
    }
    return best;
  }

  Action Move() const {
    if (HandSize() > 2) {
      if (Action use = UseForArmies(true); use >= 0) return use;
    }
    const Position& p = *pos_;
    Action best = game_->kEnd;
    double best_score = -1.0;
    for (Action a : legal_) {
      int from = -1, to = -1;
      if (a >= game_->kMove && a < game_->kEnd) {
        from = map_->links[a - game_->kMove].from;
        to = map_->links[a - game_->kMove].to;
      } else if (a >= game_->kAirlift && a < game_->kAirRound) {
        from = map_->strategic_centres[(a - game_->kAirlift) / 12];
        to = map_->strategic_centres[(a - game_->kAirlift) % 12];
      } else {
        continue;
      }
      if (p.armies[from] - 1 < plan_.min_armies && plan_.territories > 0) continue;
      if (Ce(from) && p.armies[from] - 1 < plan_.ce_min_armies && plan_.ces > 0) continue;
      if (dist_[from] == 0) {
        if (dist_[to] != 0 || p.armies[from] - 1 < Threat(from)) continue;
        const double gain = Opportunity(to) - 1.5 * Opportunity(from);
        if (gain > 0 && gain > best_score) {
          best_score = gain;
          best = a;
        }
        continue;
      }
      if (dist_[to] >= dist_[from]) continue;
      const double movable = view_->board().Movable(from);
      double score = 1000.0 + movable;
      if (dist_[to] == 0) score = std::max(score, 1000.0 + movable + Opportunity(to));
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    return best;
  }

  // --- Information Centres -----------------------------------------------------------------------
  // Place the own CI at once on the most interior territory; spy each turn on the opponent with
  // most cards; in the movement phase, step a CI held on a border back to safety.
  Action CentreAction() const {
    if (!game_->spy_centre()) return -1;
    const Position& p = *pos_;
    Action best = -1;
    int best_score = -1;
    for (Action a : legal_) {
      if (a < game_->kPlaceCi || a >= game_->kSpy) continue;
      const int t = a - game_->kPlaceCi;
      const int score = 100 * std::min(dist_[t], 50) + p.armies[t];
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    if (best >= 0) return best;
    for (Action a : legal_) {
      if (a < game_->kSpy || a >= game_->kMoveCi) continue;
      const int s = a - game_->kSpy;
      const int score = 100 * std::popcount(p.hand[s]) + p.territory_count[s];
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    if (best >= 0) return best;
    for (Action a : legal_) {
      if (a < game_->kMoveCi || a >= game_->kCiTransport) continue;
      const int owner = (a - game_->kMoveCi) / 64;
      const int to = (a - game_->kMoveCi) % 64;
      if (dist_[p.ci[owner]] > 0 || dist_[to] == 0) continue;
      const int score = 100 * std::min(dist_[to], 50) + p.armies[to];
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
  mutable Rng noise_;  // a beginner's misplacements, apart from the samples' draws
  std::vector<Action> legal_;
  // Set for the length of one ChooseAction.
  const WarState* view_ = nullptr;
  Plan plan_;
  Threats threats_;
  std::array<int, kMaxTerritories> dist_{};
  mutable war::Board scratch_;  // WinsWith's board
};

}  // namespace

std::unique_ptr<Bot> MakeWar2Bot(const war::WarGame& game, const WarBotParams& params,
                                 std::string spec, std::uint64_t seed) {
  return std::make_unique<War2Bot>(game, params, std::move(spec), seed);
}

}  // namespace quartel::ai
