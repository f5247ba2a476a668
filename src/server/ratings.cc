#include "server/ratings.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/error.h"

namespace quartel::server {
namespace {

// The paper's conversion factor between the Glicko scale and the Glicko-2 scale (step 2).
constexpr double kGlicko2Scale = 173.7178;

// g(phi) and E(mu, mu_j, phi_j) of the paper's step 3.
double GlickoG(double phi) {
  return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}
double GlickoE(double mu, double mu_j, double phi_j) {
  return 1 / (1 + std::exp(-GlickoG(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility sigma', the zero of f by the Illinois algorithm.
double NewVolatility(double phi, double sigma, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double big_a = a;
  double big_b;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    big_b = a - k * tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  while (std::abs(big_b - big_a) > kGlicko2Epsilon) {
    const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(big_c);
    if (f_c * f_b <= 0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2;
    }
    big_b = big_c;
    f_b = f_c;
  }
  return std::exp(big_a / 2);
}

// PlackettLuceUpdate's input checks. (Its ranks are compared as given: only their order counts.)
void CheckWengLin(std::span<const WengLinRating> players, std::span<const int> ranks) {
  if (players.size() != ranks.size()) {
    throw Error("Weng-Lin: " + std::to_string(players.size()) + " players but " +
                std::to_string(ranks.size()) + " ranks");
  }
  if (players.size() < 2) throw Error("Weng-Lin: a match needs at least two players");
  for (const auto& p : players) {
    if (!(p.sigma > 0) || !std::isfinite(p.mu)) throw Error("Weng-Lin: sigma must be positive");
  }
}

// The outcome names of engine::OutcomeName.
int OutcomeRank(const std::string& result) {
  if (result == "win") return 0;
  if (result == "draw") return 1;
  if (result == "loss") return 2;
  throw Error("unknown result '" + result + "' (expected win, draw or loss)");
}

struct PoolInfo {
  const char* pool;
  const char* game;
  bool multi_player;
};
constexpr PoolInfo kPools[] = {
    {"stratego", "stratego", false},
    {"stratego-barrage", "stratego", false},
    {"espionage", "espionage", false},
    {"dablot", "dablot", false},
    {"conspiradores-2p", "conspiradores", false},
    {"conspiradores-4p", "conspiradores", true},
    {"war", "war", true},
    {"war2", "war2", true},
};

const PoolInfo* FindPool(const std::string& pool) {
  for (const auto& info : kPools) {
    if (pool == info.pool) return &info;
  }
  return nullptr;
}

std::string OptionOr(const std::map<std::string, std::string>& options, const std::string& name,
                     const std::string& fallback) {
  const auto it = options.find(name);
  return it == options.end() ? fallback : it->second;
}

}  // namespace

Glicko2Rating Glicko2Update(const Glicko2Rating& player, std::span<const Glicko2Game> games,
                            double tau) {
  if (!(player.deviation > 0) || !(player.volatility > 0)) {
    throw Error("Glicko-2: deviation and volatility must be positive");
  }
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - 1500) / kGlicko2Scale;
  const double phi = player.deviation / kGlicko2Scale;
  const double sigma = player.volatility;
  if (games.empty()) {
    // Step 6 alone: a period without games only widens the deviation.
    return {player.rating, std::sqrt(phi * phi + sigma * sigma) * kGlicko2Scale, sigma};
  }
  // Steps 3 and 4: the estimated variance v and the improvement delta.
  double v_inverse = 0;
  double improvement = 0;  // sum of g(phi_j) (s_j - E)
  for (const auto& game : games) {
    if (game.score != 0 && game.score != 0.5 && game.score != 1) {
      throw Error("Glicko-2: a score is 1, 0.5 or 0");
    }
    if (!(game.opponent_deviation > 0)) throw Error("Glicko-2: deviation must be positive");
    const double mu_j = (game.opponent_rating - 1500) / kGlicko2Scale;
    const double phi_j = game.opponent_deviation / kGlicko2Scale;
    const double g = GlickoG(phi_j);
    const double e = GlickoE(mu, mu_j, phi_j);
    v_inverse += g * g * e * (1 - e);
    improvement += g * (game.score - e);
  }
  const double v = 1 / v_inverse;
  const double delta = v * improvement;
  // Steps 5 to 7.
  const double new_sigma = NewVolatility(phi, sigma, v, delta, tau);
  const double phi_star = std::sqrt(phi * phi + new_sigma * new_sigma);
  const double new_phi = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double new_mu = mu + new_phi * new_phi * improvement;
  // Step 8: back to the Glicko scale.
  return {kGlicko2Scale * new_mu + 1500, kGlicko2Scale * new_phi, new_sigma};
}

WengLinParameters WengLinParameters::OpenSkillDefaults() {
  return {.mu = 25, .sigma = 25.0 / 3, .beta = 25.0 / 6, .kappa = 0.0001, .tau = 25.0 / 300};
}

std::vector<WengLinRating> PlackettLuceUpdate(std::span<const WengLinRating> players,
                                              std::span<const int> ranks,
                                              const WengLinParameters& parameters) {
  CheckWengLin(players, ranks);
  const std::size_t n = players.size();
  // OpenSkill's rate widens every sigma by tau before the update.
  std::vector<WengLinRating> widened(players.begin(), players.end());
  for (auto& p : widened) p.sigma = std::sqrt(p.sigma * p.sigma + parameters.tau * parameters.tau);
  // c = sqrt(sum of (sigma_i^2 + beta^2)).
  double c_squared = 0;
  for (const auto& p : widened) c_squared += p.sigma * p.sigma + parameters.beta * parameters.beta;
  const double c = std::sqrt(c_squared);
  // sum_q[q]: exp(mu_i / c) over the players i ranked at or below q; a[q]: how many share q's rank.
  std::vector<double> exp_mu(n);
  for (std::size_t i = 0; i < n; ++i) exp_mu[i] = std::exp(widened[i].mu / c);
  std::vector<double> sum_q(n, 0);
  std::vector<int> a(n, 0);
  for (std::size_t q = 0; q < n; ++q) {
    for (std::size_t i = 0; i < n; ++i) {
      if (ranks[i] >= ranks[q]) sum_q[q] += exp_mu[i];
      if (ranks[i] == ranks[q]) ++a[q];
    }
  }
  std::vector<WengLinRating> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    // Omega (the mean's step) and Delta (the variance's shrink) over the q ranked at or above i.
    double omega = 0;
    double delta = 0;
    for (std::size_t q = 0; q < n; ++q) {
      if (ranks[q] > ranks[i]) continue;
      const double p = exp_mu[i] / sum_q[q];
      delta += p * (1 - p) / a[q];
      omega += (q == i ? 1 - p : -p) / a[q];
    }
    const double sigma_squared = widened[i].sigma * widened[i].sigma;
    omega *= sigma_squared / c;
    const double gamma = std::sqrt(sigma_squared) / c;  // OpenSkill's default gamma
    delta *= sigma_squared / (c * c) * gamma;
    out[i].mu = widened[i].mu + omega;
    out[i].sigma = widened[i].sigma * std::sqrt(std::max(1 - delta, parameters.kappa));
    if (parameters.limit_sigma) out[i].sigma = std::min(out[i].sigma, players[i].sigma);
  }
  return out;
}

std::string RatingPool(const std::string& game, const std::map<std::string, std::string>& options) {
  if (game == "stratego") {
    const std::string army = OptionOr(options, "army", "classic");
    if (army == "classic" || army == "seed") return "stratego";
    if (army == "barrage") return "stratego-barrage";
    return "";
  }
  if (game == "conspiradores") {
    const std::string players = OptionOr(options, "players", "2");
    if (players == "2") return "conspiradores-2p";
    if (players == "4") return "conspiradores-4p";
    return "";
  }
  if (game == "espionage" || game == "dablot" || game == "war" || game == "war2") return game;
  return "";
}

const std::vector<std::string>& AllRatingPools() {
  static const std::vector<std::string> pools = [] {
    std::vector<std::string> out;
    for (const auto& info : kPools) out.emplace_back(info.pool);
    return out;
  }();
  return pools;
}

std::string PoolGame(const std::string& pool) {
  const PoolInfo* info = FindPool(pool);
  return info ? info->game : "";
}

bool IsMultiPlayerPool(const std::string& pool) {
  const PoolInfo* info = FindPool(pool);
  return info && info->multi_player;
}

bool Provisional(const Glicko2Rating& rating) {
  return rating.deviation > kGlicko2ProvisionalDeviation;
}
bool Provisional(const WengLinRating& rating) { return rating.sigma > kWengLinProvisionalSigma; }
bool Provisional(const std::string& pool, double deviation) {
  return deviation >
         (IsMultiPlayerPool(pool) ? kWengLinProvisionalSigma : kGlicko2ProvisionalDeviation);
}

std::vector<int> RanksFromResults(const std::vector<std::string>& results) {
  std::vector<int> ranks;
  ranks.reserve(results.size());
  for (const auto& result : results) ranks.push_back(OutcomeRank(result));
  return ranks;
}

double GlickoScore(const std::string& result) {
  switch (OutcomeRank(result)) {
    case 0:
      return 1;
    case 1:
      return 0.5;
    default:
      return 0;
  }
}

PoolRating InitialRating(const std::string& pool) {
  if (!FindPool(pool)) throw Error("unknown rating pool '" + pool + "'");
  if (!IsMultiPlayerPool(pool)) return {};
  const WengLinRating initial = WengLinParameters{}.Initial();
  return {.rating = initial.mu, .deviation = initial.sigma, .volatility = 0};
}

std::vector<PoolRating> RateMatch(const std::string& pool, std::span<const PoolRating> before,
                                  const std::vector<std::string>& results) {
  if (!FindPool(pool)) throw Error("unknown rating pool '" + pool + "'");
  if (before.size() != results.size()) {
    throw Error("a rated match needs one result per seat");
  }
  std::vector<PoolRating> after(before.begin(), before.end());
  if (!IsMultiPlayerPool(pool)) {
    if (before.size() != 2) throw Error("pool '" + pool + "' rates two-player matches");
    if (GlickoScore(results[0]) + GlickoScore(results[1]) != 1) {
      throw Error("a two-player result is a win and a loss, or two draws");
    }
    for (int seat = 0; seat < 2; ++seat) {
      const PoolRating& me = before[seat];
      const PoolRating& other = before[1 - seat];
      const Glicko2Game game{other.rating, other.deviation, GlickoScore(results[seat])};
      const Glicko2Rating r = Glicko2Update({me.rating, me.deviation, me.volatility}, {&game, 1});
      after[seat] = {r.rating, r.deviation, r.volatility};
    }
    return after;
  }
  std::vector<WengLinRating> players;
  for (const auto& p : before) players.push_back({p.rating, p.deviation});
  const std::vector<int> ranks = RanksFromResults(results);
  const std::vector<WengLinRating> updated = PlackettLuceUpdate(players, ranks);
  for (std::size_t i = 0; i < after.size(); ++i) {
    after[i].rating = updated[i].mu;
    after[i].deviation = updated[i].sigma;
  }
  return after;
}

}  // namespace quartel::server
