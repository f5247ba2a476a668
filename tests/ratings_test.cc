// Ratings (issue 22, section 4): Glicko-2 checked against Glickman's worked example, Weng-Lin's
// Plackett-Luce against the published test values of openskill.js, and Quartel's pools,
// provisional rule and results. Every number's source is named beside it (docs/RATINGS.md).
#include "server/ratings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/error.h"

namespace quartel::server {
namespace {

// ---- Glicko-2 ----

// Glickman, "Example of the Glicko-2 system" (2013), the worked example: a 1500/200/0.06 player
// beats 1400/30 and loses to 1550/100 and 1700/300 in one period, tau 0.5; the paper prints
// r' = 1464.06, RD' = 151.52, sigma' = 0.05999. The paper carries rounded intermediate values
// (v = 1.7785, delta = -0.4834, ...); unrounded, the same steps give 1464.0507 / 151.5165 /
// 0.0599960, so r' is checked to 0.01 and sigma' to its five printed decimals, which the paper
// truncates (0.0599960 rounds to 0.06000).
TEST(Glicko2Test, GlickmansWorkedExample) {
  const std::vector<Glicko2Game> games = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
  const Glicko2Rating after = Glicko2Update({1500, 200, 0.06}, games, 0.5);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_GE(after.volatility, 0.05999);
  EXPECT_LT(after.volatility, 0.06000);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

// The paper's step 6 for a player who plays no game: phi* = sqrt(phi^2 + sigma^2), nothing else
// moves. On the Glicko scale that is sqrt(200^2 + (0.06 * 173.7178)^2) = 200.2714.
TEST(Glicko2Test, PeriodWithoutGamesOnlyWidensTheDeviation) {
  const Glicko2Rating after = Glicko2Update({1500, 200, 0.06}, {});
  EXPECT_DOUBLE_EQ(after.rating, 1500);
  EXPECT_DOUBLE_EQ(after.volatility, 0.06);
  EXPECT_NEAR(after.deviation, 200.2714, 0.0001);
}

TEST(Glicko2Test, WinningAgainstAStrongerPlayerRaisesMore) {
  const Glicko2Rating me{1500, 200, 0.06};
  const Glicko2Game strong{1800, 80, 1};
  const Glicko2Game weak{1200, 80, 1};
  const double against_strong = Glicko2Update(me, {&strong, 1}).rating;
  const double against_weak = Glicko2Update(me, {&weak, 1}).rating;
  EXPECT_GT(against_weak, 1500);
  EXPECT_GT(against_strong, against_weak + 50);
  // And losing to the weaker player costs more than losing to the stronger one.
  const Glicko2Game lose_strong{1800, 80, 0};
  const Glicko2Game lose_weak{1200, 80, 0};
  EXPECT_LT(Glicko2Update(me, {&lose_weak, 1}).rating,
            Glicko2Update(me, {&lose_strong, 1}).rating - 50);
}

// Every game shrinks the deviation; from 350, against 1500/100 opponents with alternating
// results, the provisional mark (RD > 110) ends after 11 games (docs/RATINGS.md).
TEST(Glicko2Test, GamesShrinkTheDeviation) {
  Glicko2Rating me{1500, 350, 0.06};
  int settled_after = 0;
  for (int i = 1; i <= 20; ++i) {
    const Glicko2Game game{1500, 100, i % 2 == 1 ? 1.0 : 0.0};
    const Glicko2Rating next = Glicko2Update(me, {&game, 1});
    EXPECT_LT(next.deviation, me.deviation) << "game " << i;
    me = next;
    if (settled_after == 0 && !Provisional(me)) settled_after = i;
  }
  EXPECT_EQ(settled_after, 11);
}

TEST(Glicko2Test, SymmetricDrawLeavesEqualPlayersEqual) {
  const Glicko2Rating a{1620, 180, 0.06};
  const Glicko2Game draw{a.rating, a.deviation, 0.5};
  const Glicko2Rating after = Glicko2Update(a, {&draw, 1});
  EXPECT_NEAR(after.rating, 1620, 1e-9);
  EXPECT_LT(after.deviation, 180);
  // Both players of a match are updated from the ratings before it: equal stays equal.
  const std::vector<PoolRating> both = RateMatch(
      "dablot", std::vector<PoolRating>{{1620, 180, 0.06}, {1620, 180, 0.06}}, {"draw", "draw"});
  EXPECT_DOUBLE_EQ(both[0].rating, both[1].rating);
  EXPECT_DOUBLE_EQ(both[0].deviation, both[1].deviation);
  EXPECT_DOUBLE_EQ(both[0].volatility, both[1].volatility);
}

TEST(Glicko2Test, RefusesScoresOutsideWinDrawLoss) {
  const Glicko2Game odd{1500, 100, 0.7};
  EXPECT_THROW(Glicko2Update({}, {&odd, 1}), Error);
  EXPECT_THROW(Glicko2Update({1500, 0, 0.06}, {}), Error);
}

// ---- Weng-Lin, Plackett-Luce ----

void ExpectRatings(const std::vector<WengLinRating>& got, const std::vector<WengLinRating>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_NEAR(got[i].mu, want[i].mu, 1e-9) << "player " << i;
    EXPECT_NEAR(got[i].sigma, want[i].sigma, 1e-9) << "player " << i;
  }
}

std::vector<WengLinRating> OpenSkill(const std::vector<WengLinRating>& players,
                                     const std::vector<int>& ranks, double tau = 25.0 / 300,
                                     bool limit_sigma = false) {
  WengLinParameters parameters = WengLinParameters::OpenSkillDefaults();
  parameters.tau = tau;
  parameters.limit_sigma = limit_sigma;
  return PlackettLuceUpdate(players, ranks, parameters);
}

constexpr WengLinRating kNewcomer{25, 25.0 / 3};

// openskill.js (philihp/openskill.js), src/models/__tests__/plackett-luce.test.ts at
// 1528fe740c3335ca3812dbedcef5e75df0f1b2c4, tests '2p FFA' and '4p FFA': the model alone, which
// adds no tau (openskill.js's rate adds it before calling the model), so tau 0 here.
TEST(PlackettLuceTest, OpenSkillJsModelFreeForAll) {
  ExpectRatings(OpenSkill({kNewcomer, kNewcomer}, {1, 2}, 0),
                {{27.63523138347365, 8.065506316323548}, {22.36476861652635, 8.065506316323548}});
  ExpectRatings(OpenSkill({kNewcomer, kNewcomer, kNewcomer, kNewcomer}, {1, 2, 3, 4}, 0),
                {{27.795084971874736, 8.263160757613477},
                 {26.552824984374855, 8.179213704945203},
                 {24.68943500312503, 8.083731307186588},
                 {20.96265504062538, 8.083731307186588}});
}

// openskill.js, src/__tests__/rate.test.ts at 376a6ed796a2b98f7542db6936c015966f55dffb: `rate`
// with its defaults, tau 25/300 added to every sigma first (openskill.py does the same).
// Test 'rate accepts and runs a placket-luce model by default'.
TEST(PlackettLuceTest, OpenSkillJsRateByDefault) {
  ExpectRatings(
      OpenSkill({{29.182, 4.782}, {27.174, 4.922}, {16.672, 6.217}, kNewcomer}, {1, 2, 3, 4}),
      {{30.210227447000438, 4.765617924939384},
       {27.644725221915632, 4.883479590134575},
       {17.4036218889969, 6.101259408259549},
       {19.21460876538932, 7.854669920480409}});
}

// rate.test.ts, test 'reverses rank': ranks [2, 1], the second player wins.
TEST(PlackettLuceTest, OpenSkillJsReversesRank) {
  ExpectRatings(OpenSkill({kNewcomer, kNewcomer}, {2, 1}),
                {{22.364610506859503, 8.06590141354368}, {27.635389493140497, 8.06590141354368}});
}

// rate.test.ts, test 'allows ties': ranks [1, 2, 2].
TEST(PlackettLuceTest, OpenSkillJsAllowsTies) {
  ExpectRatings(OpenSkill({{10, 8}, {5, 10}, {0, 12}}, {1, 2, 2}),
                {{11.942996666741225, 7.926888197620324},
                 {2.9381178546315034, 9.653804487570165},
                 {-1.4024317012198733, 11.323641575516767}});
}

// rate.test.ts, test 'fixes orders of ties': ranks [2, 4, 2, 1], players given out of order.
TEST(PlackettLuceTest, OpenSkillJsFixesOrdersOfTies) {
  const double s = 25.0 / 3;
  ExpectRatings(OpenSkill({{15, s}, {20, s}, {25, s}, {30, s}}, {2, 4, 2, 1}),
                {{15.340043358359136, 8.213141619804967},
                 {18.007678675484204, 8.189033933813437},
                 {24.25801928251219, 8.166918055585525},
                 {32.39425868364447, 8.247687230833794}});
}

// rate.test.ts, test 'four-way-tie with newbies': ranks [1, 1, 1, 1].
TEST(PlackettLuceTest, OpenSkillJsFourWayTie) {
  const WengLinRating tied{25, 8.263571791259416};
  ExpectRatings(OpenSkill({kNewcomer, kNewcomer, kNewcomer, kNewcomer}, {1, 1, 1, 1}),
                {tied, tied, tied, tied});
}

// rate.test.ts, tests 'accepts a tau term' (tau 0.3) and 'prevents sigma from rising' (tau 0.3,
// limitSigma).
TEST(PlackettLuceTest, OpenSkillJsTauAndLimitSigma) {
  ExpectRatings(
      OpenSkill({{25, 3}, {25, 3}}, {1, 2}, 0.3),
      {{25.624880438870754, 2.9879993738476953}, {24.375119561129246, 2.9879993738476953}});
  ExpectRatings(OpenSkill({{40, 3}, {-20, 3}}, {1, 2}, 0.3, true),
                {{40.00032667136128, 3}, {-20.000326671361275, 3}});
}

// Quartel's 1500 scale is OpenSkill's defaults times 60: every quantity of the update is either
// scale-free (mu / c, the ranks, kappa) or scales with it, so the update is 60 times the default
// one.
TEST(WengLinTest, ScaledParametersGiveSixtyTimesTheDefaultUpdate) {
  const WengLinParameters scaled;  // Quartel's defaults
  EXPECT_DOUBLE_EQ(scaled.mu, 1500);
  EXPECT_DOUBLE_EQ(scaled.sigma, 500);
  EXPECT_DOUBLE_EQ(scaled.beta, 250);
  EXPECT_DOUBLE_EQ(scaled.tau, 5);
  const std::vector<std::vector<WengLinRating>> games = {
      {{29.182, 4.782}, {27.174, 4.922}, {16.672, 6.217}, kNewcomer},
      {{10, 8}, {5, 10}, {0, 12}},
      {kNewcomer, {31, 2.5}, {19, 7}, {25, 1}, {22, 4}, {28, 6}},
  };
  const std::vector<std::vector<int>> ranks = {{1, 2, 3, 4}, {0, 2, 2}, {0, 1, 1, 1, 1, 1}};
  for (std::size_t g = 0; g < games.size(); ++g) {
    std::vector<WengLinRating> big;
    for (const auto& p : games[g]) big.push_back({p.mu * 60, p.sigma * 60});
    const auto small_after =
        PlackettLuceUpdate(games[g], ranks[g], WengLinParameters::OpenSkillDefaults());
    const auto big_after = PlackettLuceUpdate(big, ranks[g], scaled);
    ASSERT_EQ(big_after.size(), small_after.size());
    for (std::size_t i = 0; i < big_after.size(); ++i) {
      EXPECT_NEAR(big_after[i].mu, 60 * small_after[i].mu, 1e-9) << "game " << g << " player " << i;
      EXPECT_NEAR(big_after[i].sigma, 60 * small_after[i].sigma, 1e-9)
          << "game " << g << " player " << i;
      // And the update moved something: the check is not 60 * 0.
      EXPECT_GT(std::abs(big_after[i].sigma - big[i].sigma), 1e-6);
    }
  }
}

TEST(WengLinTest, WarWinnerRisesAndTheRestTieForLast) {
  const WengLinParameters p;
  const std::vector<WengLinRating> players(5, p.Initial());
  const auto after =
      PlackettLuceUpdate(players, RanksFromResults({"loss", "loss", "win", "loss", "loss"}));
  EXPECT_GT(after[2].mu, 1500);
  for (int i : {0, 1, 3, 4}) {
    EXPECT_LT(after[i].mu, 1500);
    EXPECT_DOUBLE_EQ(after[i].mu, after[0].mu);
    EXPECT_DOUBLE_EQ(after[i].sigma, after[0].sigma);
    EXPECT_LT(after[i].sigma, 500);
  }
  // The winner gains what the four losers lose together (equal sigmas: a zero-sum step).
  EXPECT_NEAR(after[2].mu - 1500, 4 * (1500 - after[0].mu), 1e-6);
}

// The provisional mark of a 4-seat pool lasts about as long as a Glicko-2 one (11 games in
// Glicko2Test.GamesShrinkTheDeviation): four equal players whose winner rotates.
TEST(WengLinTest, FourSeatProvisionalMarkEndsAfterFifteenMatches) {
  std::vector<WengLinRating> players(4, WengLinParameters{}.Initial());
  std::vector<int> ranks = {0, 2, 2, 2};
  for (int match = 1; match <= 15; ++match) {
    EXPECT_TRUE(Provisional(players[0])) << "before match " << match;
    players = PlackettLuceUpdate(players, ranks);
    std::rotate(ranks.begin(), ranks.begin() + 1, ranks.end());
  }
  EXPECT_FALSE(Provisional(players[0]));
}

TEST(WengLinTest, RefusesMismatchedInput) {
  const WengLinParameters p;
  const std::vector<WengLinRating> two(2, p.Initial());
  EXPECT_THROW(PlackettLuceUpdate(two, std::vector<int>{0}), Error);
  EXPECT_THROW(PlackettLuceUpdate(std::vector<WengLinRating>{p.Initial()}, std::vector<int>{0}),
               Error);
  EXPECT_THROW(PlackettLuceUpdate(std::vector<WengLinRating>{{1500, 0}, {1500, 500}},
                                  std::vector<int>{0, 1}),
               Error);
}

// ---- Pools, provisional ratings, results ----

TEST(RatingPoolTest, GamesAndOptionsMapToPools) {
  EXPECT_EQ(RatingPool("stratego", {}), "stratego");
  EXPECT_EQ(RatingPool("stratego", {{"army", "classic"}}), "stratego");
  EXPECT_EQ(RatingPool("stratego", {{"army", "seed"}, {"repetition", "isf"}}), "stratego");
  EXPECT_EQ(RatingPool("stratego", {{"army", "barrage"}}), "stratego-barrage");
  EXPECT_EQ(RatingPool("espionage", {}), "espionage");
  EXPECT_EQ(RatingPool("dablot", {}), "dablot");
  EXPECT_EQ(RatingPool("conspiradores", {}), "conspiradores-2p");
  EXPECT_EQ(RatingPool("conspiradores", {{"players", "2"}}), "conspiradores-2p");
  EXPECT_EQ(RatingPool("conspiradores", {{"players", "4"}}), "conspiradores-4p");
  EXPECT_EQ(RatingPool("war", {{"players", "6"}}), "war");
  EXPECT_EQ(RatingPool("war2", {{"players", "3"}}), "war2");
  EXPECT_EQ(RatingPool("chess", {}), "");
  EXPECT_EQ(RatingPool("stratego", {{"army", "mini"}}), "");
  EXPECT_EQ(AllRatingPools().size(), 8u);
  for (const auto& pool : AllRatingPools()) {
    EXPECT_FALSE(PoolGame(pool).empty()) << pool;
  }
  EXPECT_EQ(PoolGame("stratego-barrage"), "stratego");
  EXPECT_EQ(PoolGame("conspiradores-4p"), "conspiradores");
  EXPECT_EQ(PoolGame("war2"), "war2");
  EXPECT_EQ(PoolGame("nonsense"), "");
  EXPECT_TRUE(IsMultiPlayerPool("war"));
  EXPECT_TRUE(IsMultiPlayerPool("war2"));
  EXPECT_TRUE(IsMultiPlayerPool("conspiradores-4p"));
  EXPECT_FALSE(IsMultiPlayerPool("conspiradores-2p"));
  EXPECT_FALSE(IsMultiPlayerPool("stratego"));
  EXPECT_FALSE(IsMultiPlayerPool("nonsense"));
}

TEST(RatingPoolTest, ProvisionalThresholds) {
  EXPECT_TRUE(Provisional(Glicko2Rating{1500, 110.01, 0.06}));
  EXPECT_FALSE(Provisional(Glicko2Rating{1500, 110, 0.06}));
  EXPECT_TRUE(Provisional(WengLinRating{1500, 400.01}));
  EXPECT_FALSE(Provisional(WengLinRating{1500, 400}));
  EXPECT_TRUE(Provisional("stratego", 120));
  EXPECT_FALSE(Provisional("war", 120));
  EXPECT_TRUE(Provisional("war", 401));
  EXPECT_FALSE(Provisional("conspiradores-4p", 399));
  EXPECT_TRUE(Provisional("conspiradores-2p", 399));
  EXPECT_TRUE(Provisional("war", InitialRating("war").deviation));
  EXPECT_TRUE(Provisional("dablot", InitialRating("dablot").deviation));
}

TEST(RatingResultsTest, OutcomeNamesToRanksAndScores) {
  EXPECT_EQ(RanksFromResults({"win", "loss"}), (std::vector<int>{0, 2}));
  EXPECT_EQ(RanksFromResults({"loss", "win", "loss", "loss"}), (std::vector<int>{2, 0, 2, 2}));
  EXPECT_EQ(RanksFromResults({"draw", "draw"}), (std::vector<int>{1, 1}));
  EXPECT_EQ(RanksFromResults({"win", "win", "win", "loss"}), (std::vector<int>{0, 0, 0, 2}));
  EXPECT_THROW(RanksFromResults({"win", "resigned"}), Error);
  EXPECT_DOUBLE_EQ(GlickoScore("win"), 1);
  EXPECT_DOUBLE_EQ(GlickoScore("draw"), 0.5);
  EXPECT_DOUBLE_EQ(GlickoScore("loss"), 0);
  EXPECT_THROW(GlickoScore("abandoned"), Error);
}

TEST(RatingResultsTest, RateMatchUsesEachPoolsSystem) {
  // Two players: one Glicko-2 period each, from the other's rating before the match.
  const std::vector<PoolRating> before = {{1500, 200, 0.06}, {1400, 30, 0.06}};
  const auto after = RateMatch("stratego", before, {"loss", "win"});
  const Glicko2Game vs_second{1400, 30, 0};
  const Glicko2Game vs_first{1500, 200, 1};
  const Glicko2Rating first = Glicko2Update({1500, 200, 0.06}, {&vs_second, 1});
  const Glicko2Rating second = Glicko2Update({1400, 30, 0.06}, {&vs_first, 1});
  EXPECT_DOUBLE_EQ(after[0].rating, first.rating);
  EXPECT_DOUBLE_EQ(after[0].deviation, first.deviation);
  EXPECT_DOUBLE_EQ(after[1].rating, second.rating);
  EXPECT_DOUBLE_EQ(after[1].volatility, second.volatility);
  EXPECT_LT(after[0].rating, 1500);
  EXPECT_GT(after[1].rating, 1400);
  EXPECT_THROW(RateMatch("stratego", before, {"win", "win"}), Error);
  EXPECT_THROW(RateMatch("stratego", before, {"win"}), Error);
  EXPECT_THROW(RateMatch("nonsense", before, {"win", "loss"}), Error);
  // Multi-player: Plackett-Luce on the 1500 scale.
  const std::vector<PoolRating> four(4, InitialRating("conspiradores-4p"));
  EXPECT_DOUBLE_EQ(four[0].rating, 1500);
  EXPECT_DOUBLE_EQ(four[0].deviation, 500);
  const auto war = RateMatch("conspiradores-4p", four, {"win", "win", "loss", "win"});
  const std::vector<WengLinRating> wl(4, WengLinRating{1500, 500});
  const auto expected = PlackettLuceUpdate(wl, std::vector<int>{0, 0, 2, 0});
  for (int i = 0; i < 4; ++i) {
    EXPECT_DOUBLE_EQ(war[i].rating, expected[i].mu);
    EXPECT_DOUBLE_EQ(war[i].deviation, expected[i].sigma);
  }
  EXPECT_LT(war[2].rating, 1500);
  EXPECT_GT(war[0].rating, 1500);
}

}  // namespace
}  // namespace quartel::server
