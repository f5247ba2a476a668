// The nine exact battle-roll tables: every roll of k attack dice and m defence dice is enumerated
// once, as a base-6 counter over the k + m dice.
#include "games/war/dice.h"

#include <algorithm>
#include <functional>
#include <string>

#include "core/error.h"

namespace quartel::games::war {
namespace {

// Attacker losses of one roll (seed 001, BATALHA): highest against highest, ties to the defender.
int AttackerLosses(std::array<int, 3> attack, int k, std::array<int, 3> defence, int m) {
  std::sort(attack.begin(), attack.begin() + k, std::greater<>());
  std::sort(defence.begin(), defence.begin() + m, std::greater<>());
  int losses = 0;
  for (int i = 0; i < std::min(k, m); ++i) losses += attack[i] <= defence[i] ? 1 : 0;
  return losses;
}

BattleRoll Enumerate(int k, int m) {
  BattleRoll roll;
  roll.pairs = std::min(k, m);
  int total = 1;
  for (int i = 0; i < k + m; ++i) total *= 6;
  std::array<int, 4> count{};
  for (int code = 0; code < total; ++code) {
    // Die j (attack dice first, then defence dice) shows face 1 + the j-th base-6 digit of code.
    std::array<int, 3> attack{}, defence{};
    int rest = code;
    for (int j = 0; j < k + m; ++j, rest /= 6) (j < k ? attack[j] : defence[j - k]) = 1 + rest % 6;
    ++count[AttackerLosses(attack, k, defence, m)];
  }
  for (int i = 0; i <= roll.pairs; ++i) roll.attacker_loses[i] = double(count[i]) / total;
  return roll;
}

}  // namespace

const BattleRoll& RollOdds(int attack_dice, int defence_dice) {
  if (attack_dice < 1 || attack_dice > 3 || defence_dice < 1 || defence_dice > 3) {
    throw Error("battle roll of " + std::to_string(attack_dice) + " attack dice against " +
                std::to_string(defence_dice) + " defence dice: each side rolls 1 to 3 dice");
  }
  static const auto kTable = [] {
    std::array<std::array<BattleRoll, 3>, 3> table;
    for (int k = 1; k <= 3; ++k) {
      for (int m = 1; m <= 3; ++m) table[k - 1][m - 1] = Enumerate(k, m);
    }
    return table;
  }();
  return kTable[attack_dice - 1][defence_dice - 1];
}

}  // namespace quartel::games::war
