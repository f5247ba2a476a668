// The assault Markov chain of odds.h: probability mass pushed from (A, D) through every state
// (a, d), in an order that finishes each state before it sends its mass on.
#include "games/war/odds.h"

#include <algorithm>
#include <string>

#include "core/error.h"
#include "games/war/dice.h"

namespace quartel::war {
namespace {

void CheckArmies(int attacker_armies, int defender_armies) {
  const auto check = [](int armies, const char* side) {
    if (armies < 1 || armies > kMaxAssaultArmies) {
      throw Error(std::string(side) + " armies " + std::to_string(armies) + ": must be 1 to " +
                  std::to_string(kMaxAssaultArmies));
    }
  };
  check(attacker_armies, "attacker");
  check(defender_armies, "defender");
}

// The exact distribution, no table. mass[a * (D + 1) + d] is the probability that the assault
// passes through (a, d). A roll goes from (a, d) to (a - i, d - (pairs - i)), never upwards and
// never to itself, so visiting a from A down and, within a, d from D down finishes every state
// before it is spread. Row a = 1 (stopped) and column d = 0 (conquest) absorb.
AssaultOdds Compute(int A, int D, DefenceRule rule) {
  std::vector<double> mass(std::size_t(A + 1) * (D + 1), 0.0);
  const auto at = [D](int a, int d) { return std::size_t(a) * (D + 1) + d; };
  mass[at(A, D)] = 1.0;
  for (int a = A; a >= 2; --a) {
    for (int d = D; d >= 1; --d) {
      const double p = mass[at(a, d)];
      if (p == 0.0) continue;
      const BattleRoll& roll = RollOdds(AttackDice(a), DefenceDice(d, rule));
      for (int i = 0; i <= roll.pairs; ++i) {
        mass[at(a - i, d - (roll.pairs - i))] += p * roll.attacker_loses[i];
      }
    }
  }
  // Read the absorbing states off the table.
  AssaultOdds odds;
  odds.attacker_left.assign(A + 1, 0.0);
  odds.defender_left.assign(D + 1, 0.0);
  for (int a = 2; a <= A; ++a) {
    odds.attacker_left[a] = mass[at(a, 0)];
    odds.conquest += mass[at(a, 0)];
    odds.expected_attacker_left += a * mass[at(a, 0)];
  }
  for (int d = 1; d <= D; ++d) {
    odds.defender_left[d] = mass[at(1, d)];
    odds.expected_attacker_left += mass[at(1, d)];
    odds.expected_defender_left += d * mass[at(1, d)];
  }
  return odds;
}

// Every assault with A, D <= kCachedArmies under one rule, indexed [A * (kCachedArmies + 1) + D].
std::vector<AssaultOdds> BuildTable(DefenceRule rule) {
  std::vector<AssaultOdds> table(std::size_t(kCachedArmies + 1) * (kCachedArmies + 1));
  for (int a = 1; a <= kCachedArmies; ++a) {
    for (int d = 1; d <= kCachedArmies; ++d)
      table[a * (kCachedArmies + 1) + d] = Compute(a, d, rule);
  }
  return table;
}

const AssaultOdds& Cached(int A, int D, DefenceRule rule) {
  static const std::vector<AssaultOdds> kWar = BuildTable(DefenceRule::kWar);
  static const std::vector<AssaultOdds> kRisk = BuildTable(DefenceRule::kRisk);
  return (rule == DefenceRule::kWar ? kWar : kRisk)[A * (kCachedArmies + 1) + D];
}

}  // namespace

int AttackDice(int attacking_armies) { return std::min(3, attacking_armies - 1); }

int DefenceDice(int defending_armies, DefenceRule rule) {
  return std::min(rule == DefenceRule::kWar ? 3 : 2, defending_armies);
}

std::string DefenceRuleName(DefenceRule rule) { return rule == DefenceRule::kWar ? "WAR" : "Risk"; }

AssaultOdds PressAttack(int attacker_armies, int defender_armies, DefenceRule rule) {
  CheckArmies(attacker_armies, defender_armies);
  if (attacker_armies <= kCachedArmies && defender_armies <= kCachedArmies) {
    return Cached(attacker_armies, defender_armies, rule);
  }
  return Compute(attacker_armies, defender_armies, rule);
}

double ConquestChance(int attacker_armies, int defender_armies, DefenceRule rule) {
  CheckArmies(attacker_armies, defender_armies);
  if (attacker_armies <= kCachedArmies && defender_armies <= kCachedArmies) {
    return Cached(attacker_armies, defender_armies, rule).conquest;
  }
  return Compute(attacker_armies, defender_armies, rule).conquest;
}

}  // namespace quartel::war
