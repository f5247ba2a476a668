// WAR battle odds (games/war/dice.h, games/war/odds.h) and `quartel odds`: the single-roll tables
// against a brute force written here, published Risk values, the seed's examples (seed 001,
// BATALHA), hand-computed assaults and a plain recursion as an independent cross-check.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <sstream>
#include <vector>

#include "cli/commands.h"
#include "core/error.h"
#include "games/war/dice.h"
#include "games/war/odds.h"

namespace quartel::war {
namespace {

constexpr double kEps = 1e-12;

// Attacker-loss counts of k dice against m, by six nested loops over the dice (a die that is not
// rolled runs over the single face 1 and is ignored).
std::array<long, 4> BruteForceCounts(int k, int m) {
  std::array<long, 4> count{};
  const auto top = [](bool rolled) { return rolled ? 6 : 1; };
  for (int a1 = 1; a1 <= 6; ++a1)
    for (int a2 = 1; a2 <= top(k >= 2); ++a2)
      for (int a3 = 1; a3 <= top(k >= 3); ++a3)
        for (int d1 = 1; d1 <= 6; ++d1)
          for (int d2 = 1; d2 <= top(m >= 2); ++d2)
            for (int d3 = 1; d3 <= top(m >= 3); ++d3) {
              std::vector<int> attack{a1, a2, a3}, defence{d1, d2, d3};
              attack.resize(k);
              defence.resize(m);
              std::sort(attack.rbegin(), attack.rend());
              std::sort(defence.rbegin(), defence.rend());
              int attacker_losses = 0;
              for (int i = 0; i < std::min(k, m); ++i) attacker_losses += attack[i] <= defence[i];
              ++count[attacker_losses];
            }
  return count;
}

TEST(WarOdds, RollOddsMatchesBruteForceForAllNineCases) {
  for (int k = 1; k <= 3; ++k) {
    for (int m = 1; m <= 3; ++m) {
      SCOPED_TRACE(fmt::format("{} vs {} dice", k, m));
      const BattleRoll& roll = RollOdds(k, m);
      const auto count = BruteForceCounts(k, m);
      const long total = std::accumulate(count.begin(), count.end(), 0L);
      EXPECT_EQ(total, long(std::pow(6, k + m)));
      EXPECT_EQ(roll.pairs, std::min(k, m));
      double sum = 0;
      for (int i = 0; i < 4; ++i) {
        EXPECT_DOUBLE_EQ(roll.attacker_loses[i], double(count[i]) / total) << "loses " << i;
        if (i > roll.pairs) {
          EXPECT_EQ(roll.attacker_loses[i], 0.0);
        }
        sum += roll.attacker_loses[i];
      }
      EXPECT_NEAR(sum, 1.0, kEps);
    }
  }
}

// Published single-roll values (e.g. the classic Risk odds tables, also derivable by hand).
TEST(WarOdds, RollOddsPublishedValues) {
  // Risk 3 vs 2: attacker loses 0 / 1 (each side one) / 2.
  EXPECT_DOUBLE_EQ(RollOdds(3, 2).attacker_loses[0], 2890.0 / 7776);
  EXPECT_DOUBLE_EQ(RollOdds(3, 2).attacker_loses[1], 2611.0 / 7776);
  EXPECT_DOUBLE_EQ(RollOdds(3, 2).attacker_loses[2], 2275.0 / 7776);
  // 1 vs 1: ties go to the defender, 21 of the 36 rolls.
  EXPECT_DOUBLE_EQ(RollOdds(1, 1).attacker_loses[1], 21.0 / 36);
  // 3 vs 1: the attacker's best of three beats one die in 855 of 1296 rolls.
  EXPECT_DOUBLE_EQ(RollOdds(3, 1).attacker_loses[0], 855.0 / 1296);
  // 2 vs 1: 125/216; 2 vs 2: 295 / 420 / 581 of 1296.
  EXPECT_DOUBLE_EQ(RollOdds(2, 1).attacker_loses[0], 125.0 / 216);
  EXPECT_DOUBLE_EQ(RollOdds(2, 2).attacker_loses[0], 295.0 / 1296);
  EXPECT_DOUBLE_EQ(RollOdds(2, 2).attacker_loses[1], 420.0 / 1296);
  EXPECT_DOUBLE_EQ(RollOdds(2, 2).attacker_loses[2], 581.0 / 1296);
}

TEST(WarOdds, RollOddsRejectsBadDiceCounts) {
  EXPECT_THROW(RollOdds(0, 1), Error);
  EXPECT_THROW(RollOdds(4, 1), Error);
  EXPECT_THROW(RollOdds(1, 0), Error);
  EXPECT_THROW(RollOdds(1, 4), Error);
}

TEST(WarOdds, AirDieFaces) {
  EXPECT_EQ(std::accumulate(kAirDieFaces.begin(), kAirDieFaces.end(), 0), 6);
  EXPECT_EQ(std::count(kAirDieFaces.begin(), kAirDieFaces.end(), 0), 3);
}

// Seed 001, BATALHA, examples 1 to 3.
TEST(WarOdds, DiceCountsFollowTheSeedExamples) {
  // 1) Attacker with 4 armies, defender with 3: both roll 3 dice.
  EXPECT_EQ(AttackDice(4), 3);
  EXPECT_EQ(DefenceDice(3, DefenceRule::kWar), 3);
  // After losing 2 each side holds 2: the attacker may roll 1 die against 2.
  EXPECT_EQ(AttackDice(2), 1);
  EXPECT_EQ(DefenceDice(2, DefenceRule::kWar), 2);
  // 2) Attacker with 3 armies, defender with 1: 2 dice against 1, one pair compared.
  EXPECT_EQ(AttackDice(3), 2);
  EXPECT_EQ(DefenceDice(1, DefenceRule::kWar), 1);
  EXPECT_EQ(RollOdds(2, 1).pairs, 1);
  // 3) Attacker with 10, defender with 4: at most 3 dice each.
  EXPECT_EQ(AttackDice(10), 3);
  EXPECT_EQ(DefenceDice(4, DefenceRule::kWar), 3);
  // Classic Risk caps the defender at 2 dice.
  EXPECT_EQ(DefenceDice(4, DefenceRule::kRisk), 2);
  EXPECT_EQ(DefenceDice(1, DefenceRule::kRisk), 1);
}

void ExpectSumsToOne(const AssaultOdds& odds, int A, int D) {
  ASSERT_EQ(odds.attacker_left.size(), std::size_t(A + 1));
  ASSERT_EQ(odds.defender_left.size(), std::size_t(D + 1));
  const double conquest =
      std::accumulate(odds.attacker_left.begin(), odds.attacker_left.end(), 0.0);
  const double stopped = std::accumulate(odds.defender_left.begin(), odds.defender_left.end(), 0.0);
  EXPECT_NEAR(conquest, odds.conquest, 1e-9);
  EXPECT_NEAR(conquest + stopped, 1.0, 1e-9);
  EXPECT_EQ(odds.defender_left[0], 0.0);
  EXPECT_EQ(odds.attacker_left[0], 0.0);  // a conquest leaves at least 2 armies behind
  EXPECT_EQ(odds.attacker_left[1], 0.0);
}

TEST(WarOdds, PressAttackHandComputedCases) {
  for (DefenceRule rule : {DefenceRule::kWar, DefenceRule::kRisk}) {
    // 2 vs 1: one roll of 1 die against 1; the attacker wins 15 of 36.
    const AssaultOdds two = PressAttack(2, 1, rule);
    EXPECT_DOUBLE_EQ(two.conquest, 15.0 / 36);
    EXPECT_DOUBLE_EQ(two.attacker_left[2], 15.0 / 36);
    EXPECT_DOUBLE_EQ(two.defender_left[1], 21.0 / 36);
    EXPECT_DOUBLE_EQ(two.expected_attacker_left, 2 * 15.0 / 36 + 21.0 / 36);
    EXPECT_DOUBLE_EQ(two.expected_defender_left, 21.0 / 36);
    // 3 vs 1: 2 dice against 1 wins 125/216 with 3 left; otherwise 2 vs 1 as above.
    const AssaultOdds three = PressAttack(3, 1, rule);
    EXPECT_NEAR(three.attacker_left[3], 125.0 / 216, kEps);
    EXPECT_NEAR(three.attacker_left[2], 91.0 / 216 * 15 / 36, kEps);
    EXPECT_NEAR(three.defender_left[1], 91.0 / 216 * 21 / 36, kEps);
    EXPECT_NEAR(three.conquest, 125.0 / 216 + 91.0 / 216 * 15 / 36, kEps);
    // A single army cannot attack.
    const AssaultOdds one = PressAttack(1, 5, rule);
    EXPECT_EQ(one.conquest, 0.0);
    EXPECT_EQ(one.defender_left[5], 1.0);
    EXPECT_EQ(one.expected_attacker_left, 1.0);
    EXPECT_EQ(one.expected_defender_left, 5.0);
  }
  // 4 vs 2: under both rules the defender rolls 2 dice (D = 2), so the first roll is 3 vs 2 and
  // conquers outright with 2890/7776.
  EXPECT_NEAR(PressAttack(4, 2, DefenceRule::kWar).attacker_left[4], 2890.0 / 7776, kEps);
  EXPECT_NEAR(PressAttack(4, 2, DefenceRule::kRisk).attacker_left[4], 2890.0 / 7776, kEps);
  // 4 vs 3 (seed example 1): WAR takes all three only with 3 dice against 3 winning every pair.
  EXPECT_NEAR(PressAttack(4, 3, DefenceRule::kWar).attacker_left[4],
              RollOdds(3, 3).attacker_loses[0], kEps);
}

// Plain recursion over the rounds, no memo, with the brute-force roll counts: adds the
// probability of every end state (conquest: key +a; stopped: key -d).
void Recurse(int a, int d, DefenceRule rule, double p, std::map<int, double>& ends) {
  if (d == 0) {
    ends[a] += p;
    return;
  }
  if (a == 1) {
    ends[-d] += p;
    return;
  }
  const int k = std::min(3, a - 1);
  const int m = std::min(rule == DefenceRule::kWar ? 3 : 2, d);
  // The roll counts are enumerated once per (k, m); the assault recursion itself keeps no memo.
  static const auto kCounts = [] {
    std::array<std::array<std::array<long, 4>, 3>, 3> counts;
    for (int k = 1; k <= 3; ++k) {
      for (int m = 1; m <= 3; ++m) counts[k - 1][m - 1] = BruteForceCounts(k, m);
    }
    return counts;
  }();
  const auto& count = kCounts[k - 1][m - 1];
  const double total = std::pow(6, k + m);
  const int pairs = std::min(k, m);
  for (int i = 0; i <= pairs; ++i) {
    if (count[i] > 0) Recurse(a - i, d - (pairs - i), rule, p * count[i] / total, ends);
  }
}

TEST(WarOdds, PressAttackMatchesPlainRecursion) {
  std::vector<std::pair<int, int>> cases;
  for (int A = 1; A <= 7; ++A) {
    for (int D = 1; D <= 5; ++D) cases.emplace_back(A, D);
  }
  // Beyond the cached table (A > kCachedArmies), kept small in D so the recursion stays cheap.
  cases.emplace_back(33, 1);
  cases.emplace_back(34, 2);
  for (DefenceRule rule : {DefenceRule::kWar, DefenceRule::kRisk}) {
    for (const auto& [A, D] : cases) {
      SCOPED_TRACE(fmt::format("{} vs {} {}", A, D, DefenceRuleName(rule)));
      std::map<int, double> ends;
      Recurse(A, D, rule, 1.0, ends);
      const AssaultOdds odds = PressAttack(A, D, rule);
      ExpectSumsToOne(odds, A, D);
      for (int a = 0; a <= A; ++a) EXPECT_NEAR(odds.attacker_left[a], ends[a], 1e-12) << a;
      for (int d = 1; d <= D; ++d) EXPECT_NEAR(odds.defender_left[d], ends[-d], 1e-12) << d;
      EXPECT_DOUBLE_EQ(ConquestChance(A, D, rule), odds.conquest);
    }
  }
}

// Risk 3 vs 2 (2 attack dice): the first roll is 2 vs 2; a split leaves 2 vs 1. Computed from the
// brute-force counts: 295/1296 + 420/1296 * 15/36.
TEST(WarOdds, PressAttackRiskThreeVsTwo) {
  EXPECT_NEAR(PressAttack(3, 2, DefenceRule::kRisk).conquest, 295.0 / 1296 + 420.0 / 1296 * 15 / 36,
              kEps);
}

TEST(WarOdds, ConquestIsMonotone) {
  for (DefenceRule rule : {DefenceRule::kWar, DefenceRule::kRisk}) {
    for (int D : {1, 3, 10, 30, 45}) {
      double previous = 0;
      for (int A = 1; A <= 70; ++A) {
        const double conquest = ConquestChance(A, D, rule);
        EXPECT_GE(conquest, previous - kEps) << A << " vs " << D;
        previous = conquest;
      }
    }
    // More defenders never help the attacker.
    for (int A : {2, 5, 20, 40}) {
      for (int D = 1; D < 50; ++D) {
        EXPECT_LE(ConquestChance(A, D + 1, rule), ConquestChance(A, D, rule) + kEps);
      }
    }
    // WAR's third defence die makes the defender stronger than in Risk.
    if (rule == DefenceRule::kWar) {
      EXPECT_LT(ConquestChance(10, 4, rule), ConquestChance(10, 4, DefenceRule::kRisk));
    }
  }
}

TEST(WarOdds, LargeAssaultsAreExactAndSumToOne) {
  for (DefenceRule rule : {DefenceRule::kWar, DefenceRule::kRisk}) {
    ExpectSumsToOne(PressAttack(200, 200, rule), 200, 200);
    ExpectSumsToOne(PressAttack(31, 30, rule), 31, 30);
    ExpectSumsToOne(PressAttack(kMaxAssaultArmies, kMaxAssaultArmies, rule), kMaxAssaultArmies,
                    kMaxAssaultArmies);
  }
  // A huge attacker against one army almost surely conquers.
  EXPECT_GT(PressAttack(200, 1).conquest, 0.999999);
}

TEST(WarOdds, PressAttackRejectsBadArmyCounts) {
  EXPECT_THROW(PressAttack(0, 3), Error);
  EXPECT_THROW(PressAttack(3, 0), Error);
  EXPECT_THROW(PressAttack(kMaxAssaultArmies + 1, 3), Error);
  EXPECT_THROW(PressAttack(3, kMaxAssaultArmies + 1), Error);
  EXPECT_THROW(ConquestChance(-1, 3), Error);
}

}  // namespace
}  // namespace quartel::war

namespace quartel::cli {
namespace {

TEST(WarOddsCli, PrintsHeaderConquestAndTable) {
  std::ostringstream out;
  EXPECT_EQ(Odds(10, 4, "war", out), 0);
  const std::string text = out.str();
  EXPECT_EQ(text.rfind("Attacker 10 armies (9 may attack) vs defender 4, WAR dice (defender rolls "
                       "up to 3): pressing until conquest or 1 army left\n",
                       0),
            0u)
      << text;
  const double conquest = war::PressAttack(10, 4).conquest;
  EXPECT_NE(text.find(fmt::format("P(conquest): {:.2f}%\n", 100 * conquest)), std::string::npos)
      << text;
  EXPECT_NE(text.find("conquest with 10 left"), std::string::npos) << text;
  EXPECT_NE(text.find("stopped with defender 4 left"), std::string::npos) << text;
  EXPECT_EQ(text.find("conquest with 1 left"), std::string::npos) << text;

  std::ostringstream risk;
  Odds(5, 5, "risk", risk);
  EXPECT_NE(risk.str().find("Risk dice (defender rolls up to 2)"), std::string::npos) << risk.str();
}

TEST(WarOddsCli, RejectsBadInput) {
  std::ostringstream out;
  try {
    Odds(1, 4, "war", out);
    ADD_FAILURE() << "1 attacker accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the attacking territory needs at least 2 armies"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(Odds(10, 0, "war", out), Error);
  EXPECT_THROW(Odds(10, 4, "chess", out), Error);
  EXPECT_THROW(Odds(5000, 4, "war", out), Error);
}

}  // namespace
}  // namespace quartel::cli
