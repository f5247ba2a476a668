// Player ratings: the mathematics only, no storage and no I/O (docs/RATINGS.md).
// - Two-player games: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013). Quartel applies
//   one rating period per rated match: both players are updated at once, each from the other's
//   rating before the match (as lichess does).
// - WAR, WAR-II and 4-player Conspiradores: Weng-Lin's Bayesian approximation with the
//   Plackett-Luce model (Weng & Lin 2011, "A Bayesian Approximation Method for Online Ranking"),
//   computed exactly as the OpenSkill libraries (openskill.py, openskill.js) compute `rate` with
//   one player per team, tau included; every seat is its own team (free-for-all).
// Every pool is shown on a 1500 scale: Weng-Lin's parameters are OpenSkill's defaults times 60.
#pragma once

#include <map>
#include <span>
#include <string>
#include <vector>

namespace quartel::server {

// ---- Glicko-2 ----

// A rating on the Glicko scale (the paper's r, RD and sigma); the defaults are an unrated player.
struct Glicko2Rating {
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
};

// One game of a rating period: the opponent's rating and deviation before the period and the
// player's score (1 a win, 0.5 a draw, 0 a loss).
struct Glicko2Game {
  double opponent_rating;
  double opponent_deviation;
  double score;
};

// The paper's system constant tau (0.3 to 1.2; Glickman's example uses 0.5).
inline constexpr double kGlicko2Tau = 0.5;
// The convergence tolerance of the volatility iteration (the paper's epsilon).
inline constexpr double kGlicko2Epsilon = 0.000001;

// The player's rating after one rating period with these games (steps 1 to 8 of the paper; the
// volatility by the paper's Illinois algorithm). With no games only the deviation widens (step 6):
// sqrt(phi^2 + sigma^2). Throws quartel::Error on a score other than 0, 0.5 or 1, or a
// non-positive deviation or volatility.
Glicko2Rating Glicko2Update(const Glicko2Rating& player, std::span<const Glicko2Game> games,
                            double tau = kGlicko2Tau);

// ---- Weng-Lin (Plackett-Luce) ----

struct WengLinRating {
  double mu;
  double sigma;
};

// The model's parameters. The defaults are Quartel's 1500 scale: OpenSkill's defaults (mu 25,
// sigma 25/3, beta 25/6, tau 25/300) times 60. kappa (the least fraction of sigma^2 an update
// keeps) has no unit and stays OpenSkill's 0.0001. `limit_sigma` is OpenSkill's option (off by
// default there and here): a sigma never ends above its value before the match.
struct WengLinParameters {
  double mu = 1500;
  double sigma = 500;
  double beta = 250;
  double kappa = 0.0001;
  double tau = 5;
  bool limit_sigma = false;

  // OpenSkill's own defaults (mu 25), for checks against its published values.
  static WengLinParameters OpenSkillDefaults();
  WengLinRating Initial() const { return {mu, sigma}; }
};

// Every player's rating after one match, in the players' order. ranks[i] is player i's place
// (lower is better; equal ranks tie; only their order matters). As OpenSkill's rate: each sigma
// first widens by tau (sqrt(sigma^2 + tau^2)), then the Plackett-Luce update (Weng & Lin,
// Algorithm 4). Throws quartel::Error when the spans differ in length, there are fewer than two
// players, or a sigma is not positive.
std::vector<WengLinRating> PlackettLuceUpdate(std::span<const WengLinRating> players,
                                              std::span<const int> ranks,
                                              const WengLinParameters& parameters = {});

// ---- Pools ----

// The rating pool a match of `game` with these options belongs to, or "" when the game is not
// rated: "stratego" (army classic or seed), "stratego-barrage", "espionage", "dablot",
// "conspiradores-2p", "conspiradores-4p" (option "players"), "war", "war2". An option absent
// takes the game's default (army classic, 2 players).
std::string RatingPool(const std::string& game, const std::map<std::string, std::string>& options);
// Every pool, in the order a leaderboard lists them.
const std::vector<std::string>& AllRatingPools();
// The game id of a pool ("stratego-barrage" -> "stratego"), or "" for an unknown pool.
std::string PoolGame(const std::string& pool);
// True for the pools rated by Weng-Lin (war, war2, conspiradores-4p); the others use Glicko-2.
bool IsMultiPlayerPool(const std::string& pool);

// ---- Provisional ratings ----

// A Glicko-2 rating is provisional while its deviation is above 110 (lichess's rule).
inline constexpr double kGlicko2ProvisionalDeviation = 110;
// A Weng-Lin rating (1500 scale) is provisional while its sigma is above 400. Weng-Lin's sigma
// falls far more slowly than a Glicko-2 deviation: among equal players whose winner rotates it
// reaches 400 after 9 (3 seats), 15 (4), 24 (5) or 36 (6) matches, where 150 (the fraction of the
// initial 500 that 110 is of Glicko-2's initial 350) would take 101 to 476 (docs/RATINGS.md).
inline constexpr double kWengLinProvisionalSigma = 400;
bool Provisional(const Glicko2Rating& rating);
bool Provisional(const WengLinRating& rating);
// The pool's rule applied to its stored deviation (Glicko-2 RD, or Weng-Lin sigma).
bool Provisional(const std::string& pool, double deviation);

// ---- Results ----

// Ranks from a finished match's per-seat outcome names (engine::OutcomeName: "win", "draw",
// "loss"): the winners rank 0, the seats that drew 1, the losers 2, so seats with the same
// outcome tie (WAR: one winner, every other seat ties for last). Throws quartel::Error on
// another name.
std::vector<int> RanksFromResults(const std::vector<std::string>& results);
// The Glicko score of one seat's outcome name: "win" 1, "draw" 0.5, "loss" 0; throws
// quartel::Error on another name.
double GlickoScore(const std::string& result);

// ---- Applying a match ----

// A pool's stored rating: Glicko-2 (rating, deviation, volatility) or Weng-Lin (mu as rating,
// sigma as deviation; volatility unused and kept).
struct PoolRating {
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
};

// An unrated player's rating in the pool: Glicko-2 1500/350/0.06, Weng-Lin 1500/500.
PoolRating InitialRating(const std::string& pool);

// Every seat's rating after a rated match of `pool`, from the ratings before it and the per-seat
// outcome names: a Glicko-2 pool rates its two seats as one period each with the other's rating
// before the match; a Weng-Lin pool rates all seats at once with RanksFromResults. Throws
// quartel::Error on an unknown pool, or a count of seats the pool cannot have.
std::vector<PoolRating> RateMatch(const std::string& pool, std::span<const PoolRating> before,
                                  const std::vector<std::string>& results);

}  // namespace quartel::server
