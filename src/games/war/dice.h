// WAR battle dice (seed 001, ATAQUES and BATALHA; docs ../shared/rulings.md, section WAR).
//
// One battle roll: the attacker rolls k dice (1..3, at most armies - 1 of the attacking territory),
// the defender rolls m dice (1..3; WAR: always min(3, defending armies), classic Risk: min(2,
// ...)). Both sides sort their dice from highest to lowest and compare them pairwise, min(k, m)
// pairs; a tie goes to the defender; each lost comparison removes one army of the side that lost
// it. Seed examples: 4 armies against 3 -> both roll 3 dice; 3 armies against 1 -> 2 dice
// against 1.
//
// RollOdds gives the exact loss distribution of one roll, computed once by enumerating all
// 6^(k+m) rolls (at most 6^6 = 46,656). odds.h builds the whole assault (repeated rolls) on it.
#pragma once

#include <array>
#include <cstdint>

namespace quartel::war {

// Loss distribution of one battle roll, computed exactly by enumerating all 6^(k+m) rolls.
struct BattleRoll {
  int pairs = 0;  // min(attack_dice, defence_dice): armies lost in total, by both sides together
  // [i] = P(attacker loses i and defender loses pairs - i), i in 0..pairs; zero above pairs.
  std::array<double, 4> attacker_loses{};
};

// attack_dice and defence_dice in 1..3 (a quartel::Error otherwise); the table of the nine cases
// is computed once (static, thread-safe) and returned by reference.
const BattleRoll& RollOdds(int attack_dice, int defence_dice);

// The faces shown for one battle roll. A roll is one chance event whose outcomes are the loss
// pairs, with the exact probabilities of RollOdds (records, bots and odds use those); the players
// are shown dice that match the outcome: one of the 6^(k+m) rolls giving that loss pair, picked
// by `seed` with every such roll equally likely, which is the distribution real dice would have
// given that result. The caller derives `seed` from public facts of the roll, so every viewer and
// every replay of a record sees the same dice.
struct ShownDice {
  std::array<int, 3> attack{};   // highest first; the first attack_dice are rolled
  std::array<int, 3> defence{};  // highest first; the first defence_dice are rolled
  int attack_dice = 0;
  int defence_dice = 0;
};
ShownDice DiceForOutcome(int attack_dice, int defence_dice, int attacker_losses,
                         std::uint64_t seed);

// WAR-II air dice: the bomb die and the anti-aircraft die both have faces 0,0,0,1,2,3.
inline constexpr std::array<int, 6> kAirDieFaces{0, 0, 0, 1, 2, 3};

}  // namespace quartel::war
