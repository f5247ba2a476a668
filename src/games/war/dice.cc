// The nine exact battle-roll tables: every roll of k attack dice and m defence dice is enumerated
// once, as a base-6 counter over the k + m dice.
#include "games/war/dice.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "core/error.h"

namespace quartel::war {
namespace {

// Attacker losses of one roll (seed 001, BATALHA): highest against highest, ties to the defender.
// Dice not rolled are 0, so whole arrays sort with the rolled ones first.
int AttackerLosses(std::array<int, 3> attack, int k, std::array<int, 3> defence, int m) {
  std::sort(attack.begin(), attack.end(), std::greater<>());
  std::sort(defence.begin(), defence.end(), std::greater<>());
  int losses = 0;
  for (int i = 0; i < std::min(k, m); ++i) losses += attack[i] <= defence[i] ? 1 : 0;
  return losses;
}

// Roll number `code` (0 <= code < 6^(k+m)): die j (attack dice first, then defence dice) shows
// face 1 + the j-th base-6 digit of code.
void Decode(int code, int k, int m, std::array<int, 3>& attack, std::array<int, 3>& defence) {
  attack = {};
  defence = {};
  for (int j = 0; j < k + m; ++j, code /= 6) (j < k ? attack[j] : defence[j - k]) = 1 + code % 6;
}

int Power6(int n) {
  int total = 1;
  for (int i = 0; i < n; ++i) total *= 6;
  return total;
}

BattleRoll Enumerate(int k, int m) {
  BattleRoll roll;
  roll.pairs = std::min(k, m);
  const int total = Power6(k + m);
  std::array<int, 4> count{};
  for (int code = 0; code < total; ++code) {
    std::array<int, 3> attack{}, defence{};
    Decode(code, k, m, attack, defence);
    ++count[AttackerLosses(attack, k, defence, m)];
  }
  for (int i = 0; i <= roll.pairs; ++i) roll.attacker_loses[i] = double(count[i]) / total;
  return roll;
}

// The codes of every roll of `k` dice against `m`, in order, that cost the attacker `losses`
// armies: worked out once (every shown roll is drawn among them, and facts and words ask often).
const std::vector<int>& RollsLosing(int k, int m, int losses) {
  static const auto kTable = [] {
    std::array<std::array<std::array<std::vector<int>, 4>, 4>, 4> table;  // [k][m][losses]
    for (int a = 1; a <= 3; ++a) {
      for (int d = 1; d <= 3; ++d) {
        for (int code = 0; code < Power6(a + d); ++code) {
          std::array<int, 3> attack{}, defence{};
          Decode(code, a, d, attack, defence);
          table[a][d][AttackerLosses(attack, a, defence, d)].push_back(code);
        }
      }
    }
    return table;
  }();
  return kTable[k][m][losses];
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

ShownDice DiceForOutcome(int attack_dice, int defence_dice, int attacker_losses,
                         std::uint64_t seed) {
  const BattleRoll& odds = RollOdds(attack_dice, defence_dice);
  if (attacker_losses < 0 || attacker_losses > odds.pairs) {
    throw Error(fmt::format("a roll of {} against {} dice cannot cost the attacker {} armies",
                            attack_dice, defence_dice, attacker_losses));
  }
  const std::vector<int>& matching = RollsLosing(attack_dice, defence_dice, attacker_losses);
  ShownDice dice;
  dice.attack_dice = attack_dice;
  dice.defence_dice = defence_dice;
  Decode(matching[seed % matching.size()], attack_dice, defence_dice, dice.attack, dice.defence);
  // Dice not rolled are 0, so sorting whole arrays keeps the rolled ones first.
  std::sort(dice.attack.begin(), dice.attack.end(), std::greater<>());
  std::sort(dice.defence.begin(), dice.defence.end(), std::greater<>());
  return dice;
}

}  // namespace quartel::war
