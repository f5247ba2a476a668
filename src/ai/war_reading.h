// What the WAR and WAR-II bots (war_bot.cc, war2_bot.cc) read off the board of their seat's
// sample the same way: the conquest chance they plan with, and which of the seat's territories
// face an enemy, how strong, and how far each is from a front.
#pragma once

#include <algorithm>
#include <array>
#include <vector>

#include "engine/state.h"
#include "games/war/odds.h"
#include "games/war/war.h"

namespace quartel::ai {

inline constexpr int kFarFromBorder = 1 << 20;  // a territory with no path to a border

// The exact chance that `a` armies pressing an attack conquer `d` defenders. `exact` false scales
// big armies down to the cached table, keeping their ratio: the placement loops ask this for every
// border, and an estimate is enough there. Beyond kMaxAssaultArmies both are scaled the same way.
inline double ConquestChanceFor(int a, int d, bool exact) {
  if (a < 2) return 0.0;
  const int limit = exact ? war::kMaxAssaultArmies : war::kCachedArmies;
  if (std::max(a, d) > limit) {  // beyond PressAttack's bound too: keep the ratio
    const double scale = static_cast<double>(limit) / std::max(a, d);
    a = std::max(2, static_cast<int>(a * scale));
    d = std::max(1, static_cast<int>(d * scale + 0.5));
  }
  return war::ConquestChance(a, d);
}

// The board as one seat reads it. A bot sets `pos_` and `seat_` for the length of a decision (its
// seat's sample: the hidden parts drawn at random), and `map_` once.
class WarSeatReading {
 protected:
  explicit WarSeatReading(const war::WarMap* map) : map_(map) {}

  int Continent(int t) const { return map_->territories[t].continent; }
  bool Mine(int t) const { return pos_->owner[t] == seat_; }

  // Whether own territory t has an enemy neighbour.
  bool Border(int t) const {
    for (int n : map_->territories[t].neighbours) {
      if (!Mine(n)) return true;
    }
    return false;
  }

  // The strongest enemy neighbour of t (0 when none).
  int Threat(int t) const {
    int threat = 0;
    for (int n : map_->territories[t].neighbours) {
      if (!Mine(n)) threat = std::max<int>(threat, pos_->armies[n]);
    }
    return threat;
  }

  // Steps from each own territory to the nearest own border territory, through own territories
  // (kFarFromBorder where none is reachable).
  std::array<int, war::kMaxTerritories> BorderDistance() const {
    std::array<int, war::kMaxTerritories> dist;
    dist.fill(kFarFromBorder);
    std::vector<int> queue;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (Mine(t) && Border(t)) {
        dist[t] = 0;
        queue.push_back(t);
      }
    }
    for (std::size_t i = 0; i < queue.size(); ++i) {
      for (int n : map_->territories[queue[i]].neighbours) {
        if (Mine(n) && dist[n] == kFarFromBorder) {
          dist[n] = dist[queue[i]] + 1;
          queue.push_back(n);
        }
      }
    }
    return dist;
  }

  const war::WarMap* map_;
  // Set for the length of one decision.
  engine::Seat seat_ = 0;
  const war::Position* pos_ = nullptr;
};

}  // namespace quartel::ai
