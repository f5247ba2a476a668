#include "ai/ladder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "ai/bot.h"
#include "core/error.h"

namespace quartel::ai {
namespace {

constexpr double kEloPerNatural = 400.0 / 2.302585092994046;  // 400 / ln 10
constexpr double kCentre = 1500;

double Logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The inverse of the symmetric positive-definite `m` (n x n, row-major), by Gauss-Jordan.
std::vector<double> Inverse(std::vector<double> m, int n) {
  std::vector<double> inv(static_cast<std::size_t>(n) * n, 0.0);
  for (int i = 0; i < n; ++i) inv[i * n + i] = 1.0;
  for (int col = 0; col < n; ++col) {
    int pivot = col;
    for (int row = col + 1; row < n; ++row) {
      if (std::abs(m[row * n + col]) > std::abs(m[pivot * n + col])) pivot = row;
    }
    if (std::abs(m[pivot * n + col]) < 1e-12) throw Error("ladder: the ratings are undetermined");
    for (int k = 0; k < n; ++k) {
      std::swap(m[col * n + k], m[pivot * n + k]);
      std::swap(inv[col * n + k], inv[pivot * n + k]);
    }
    const double scale = 1.0 / m[col * n + col];
    for (int k = 0; k < n; ++k) {
      m[col * n + k] *= scale;
      inv[col * n + k] *= scale;
    }
    for (int row = 0; row < n; ++row) {
      if (row == col) continue;
      const double factor = m[row * n + col];
      if (factor == 0) continue;
      for (int k = 0; k < n; ++k) {
        m[row * n + k] -= factor * m[col * n + k];
        inv[row * n + k] -= factor * inv[col * n + k];
      }
    }
  }
  return inv;
}

// The information matrix (minus the log-likelihood's Hessian) of the free ratings 1..n-1 (rating 0
// is held at 0), and the gradient, at `theta`.
void Curvature(int n, const std::vector<PairResult>& pairs, const std::vector<double>& theta,
               std::vector<double>& information, std::vector<double>& gradient) {
  const int free = n - 1;
  information.assign(static_cast<std::size_t>(free) * free, 0.0);
  gradient.assign(free, 0.0);
  for (const PairResult& pair : pairs) {
    // One virtual draw per pairing (the prior).
    const double games = pair.games + 1.0;
    const double score = pair.score_a + 0.5;
    const double p = Logistic(theta[pair.a] - theta[pair.b]);
    const double weight = games * p * (1 - p);
    const int a = pair.a - 1, b = pair.b - 1;
    if (a >= 0) {
      gradient[a] += score - games * p;
      information[a * free + a] += weight;
    }
    if (b >= 0) {
      gradient[b] -= score - games * p;
      information[b * free + b] += weight;
    }
    if (a >= 0 && b >= 0) {
      information[a * free + b] -= weight;
      information[b * free + a] -= weight;
    }
  }
}

std::string Escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

std::vector<int> StrongestFirst(const LadderResult& ladder) {
  std::vector<int> order(ladder.bots.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int x, int y) { return ladder.bots[x].elo > ladder.bots[y].elo; });
  return order;
}

}  // namespace

void RateLadder(int n, const std::vector<PairResult>& pairs, std::vector<double>& elo,
                std::vector<double>& error95) {
  if (n < 2) throw Error("ladder: at least two bots");
  for (const PairResult& pair : pairs) {
    if (pair.a < 0 || pair.a >= n || pair.b < 0 || pair.b >= n || pair.a == pair.b) {
      throw Error("ladder: a pairing names an unknown bot");
    }
  }
  const int free = n - 1;
  std::vector<double> theta(n, 0.0), information, gradient;
  // Newton's method on the concave log-likelihood; the prior keeps every gap finite.
  for (int step = 0; step < 100; ++step) {
    Curvature(n, pairs, theta, information, gradient);
    const std::vector<double> inverse = Inverse(information, free);
    double largest = 0;
    for (int i = 0; i < free; ++i) {
      double delta = 0;
      for (int j = 0; j < free; ++j) delta += inverse[i * free + j] * gradient[j];
      delta = std::clamp(delta, -2.0, 2.0);  // damped far from the optimum
      theta[i + 1] += delta;
      largest = std::max(largest, std::abs(delta));
    }
    if (largest < 1e-10) break;
  }
  Curvature(n, pairs, theta, information, gradient);
  const std::vector<double> covariance = Inverse(information, free);
  const auto cov = [&](int i, int j) {
    return i == 0 || j == 0 ? 0.0 : covariance[(i - 1) * free + (j - 1)];
  };
  const double mean = std::accumulate(theta.begin(), theta.end(), 0.0) / n;
  elo.assign(n, 0.0);
  error95.assign(n, 0.0);
  for (int i = 0; i < n; ++i) {
    elo[i] = kCentre + kEloPerNatural * (theta[i] - mean);
    // Var(theta_i - mean) with a = e_i - 1/n.
    double variance = 0;
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < n; ++k) {
        const double aj = (j == i ? 1.0 : 0.0) - 1.0 / n;
        const double ak = (k == i ? 1.0 : 0.0) - 1.0 / n;
        variance += aj * ak * cov(j, k);
      }
    }
    error95[i] = 1.959963984540054 * kEloPerNatural * std::sqrt(std::max(0.0, variance));
  }
}

LadderResult RunLadder(const engine::Game& game, const std::vector<std::string>& specs,
                       int games_per_pair, int threads, std::uint64_t seed,
                       std::function<void(int done, int total)> progress) {
  if (specs.size() < 2) throw Error("ladder: name at least two bots (--bots a,b)");
  if (games_per_pair < 1) throw Error("ladder: -n must be at least 1");
  LadderResult ladder;
  ladder.game = game.id();
  ladder.options = game.options().ToString();
  ladder.games_per_pair = games_per_pair;
  ladder.seed = seed;
  const int n = static_cast<int>(specs.size());
  for (const std::string& spec : specs) {
    LadderBot bot;
    bot.spec = MakeBot(spec, game, seed)->Spec();  // a bad spec fails before any game
    ladder.bots.push_back(bot);
  }
  const int total = n * (n - 1) / 2 * games_per_pair;
  int done_before = 0;
  std::vector<PairResult> pairs;
  std::vector<int> capped(n, 0);
  std::vector<double> points(n, 0.0);
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      // Each pairing its own seeds, so that adding a bot leaves the other pairings' games alone.
      const std::uint64_t pair_seed = seed + 1'000'003ULL * static_cast<std::uint64_t>(a * n + b);
      const auto pair_progress = [&](int done, int) {
        if (progress) progress(done_before + done, total);
      };
      ArenaResult result = RunArena(game, specs[a], specs[b], games_per_pair, threads, pair_seed,
                                    pair_progress, Seating::kAlternating);
      done_before += games_per_pair;
      const double score_a = result.wins + 0.5 * result.draws;
      pairs.push_back({a, b, score_a, result.games});
      points[a] += score_a;
      points[b] += result.games - score_a;
      capped[a] += result.capped;
      capped[b] += result.capped;
      ladder.pairs.push_back(std::move(result));
    }
  }
  std::vector<double> elo, error95;
  RateLadder(n, pairs, elo, error95);
  for (int i = 0; i < n; ++i) {
    LadderBot& bot = ladder.bots[i];
    bot.elo = elo[i];
    bot.error95 = error95[i];
    bot.games = (n - 1) * games_per_pair;
    bot.score = points[i] / bot.games;
    bot.rule_endings = 1.0 - static_cast<double>(capped[i]) / bot.games;
  }
  return ladder;
}

Json LadderJson(const LadderResult& ladder) {
  Json bots = Json::array();
  for (const LadderBot& bot : ladder.bots) {
    bots.push_back({{"spec", bot.spec},
                    {"elo", std::round(bot.elo * 10) / 10},
                    {"error95", std::round(bot.error95 * 10) / 10},
                    {"games", bot.games},
                    {"score", std::round(bot.score * 10000) / 10000},
                    {"rule_endings", std::round(bot.rule_endings * 10000) / 10000}});
  }
  Json pairs = Json::array();
  for (const ArenaResult& pair : ladder.pairs) {
    pairs.push_back({{"a", pair.spec_a},
                     {"b", pair.spec_b},
                     {"games", pair.games},
                     {"a_wins", pair.wins},
                     {"draws", pair.draws},
                     {"b_wins", pair.losses},
                     {"capped", pair.capped},
                     {"mean_plies", std::round(pair.mean_plies * 10) / 10}});
  }
  return {
      {"game", ladder.game}, {"options", ladder.options}, {"games_per_pair", ladder.games_per_pair},
      {"seed", ladder.seed}, {"bots", std::move(bots)},   {"pairs", std::move(pairs)}};
}

std::string LadderTable(const LadderResult& ladder) {
  std::string table = fmt::format("{:<4} {:<36} {:>7} {:>7} {:>6} {:>7} {:>12}\n", "rank", "bot",
                                  "Elo", "±95%", "games", "score", "rule ends");
  int rank = 1;
  for (const int i : StrongestFirst(ladder)) {
    const LadderBot& bot = ladder.bots[i];
    table +=
        fmt::format("{:<4} {:<36} {:>7.0f} {:>7.0f} {:>6} {:>6.1f}% {:>11.1f}%\n", rank++, bot.spec,
                    bot.elo, bot.error95, bot.games, 100 * bot.score, 100 * bot.rule_endings);
  }
  return table;
}

std::string LadderSvg(const LadderResult& ladder, const std::string& title) {
  const std::vector<int> order = StrongestFirst(ladder);
  double low = 1e9, high = -1e9;
  for (const LadderBot& bot : ladder.bots) {
    low = std::min(low, bot.elo - bot.error95);
    high = std::max(high, bot.elo + bot.error95);
  }
  low = std::floor(low / 100) * 100;
  high = std::ceil(high / 100) * 100;
  if (high <= low) high = low + 100;
  constexpr int kLeft = 260, kRight = 40, kWidth = 760, kRow = 28, kTop = 48;
  const int height = kTop + kRow * static_cast<int>(order.size()) + 40;
  const auto x = [&](double elo) {
    return kLeft + (elo - low) / (high - low) * (kWidth - kLeft - kRight);
  };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
      "font-family=\"sans-serif\" font-size=\"13\">\n<title>{}</title>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"12\" y=\"24\" font-size=\"15\" font-weight=\"bold\">{}</text>\n",
      kWidth, height, kWidth, height, Escape(title), Escape(title));
  for (double tick = low; tick <= high + 1e-9; tick += 100) {
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#ddd\"/>\n"
        "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\" fill=\"#555\">{4:.0f}</text>\n",
        x(tick), kTop - 8, height - 32, height - 14, tick);
  }
  int row = 0;
  for (const int i : order) {
    const LadderBot& bot = ladder.bots[i];
    const int y = kTop + kRow * row++ + kRow / 2;
    svg += fmt::format(
        "<text x=\"12\" y=\"{0}\" dominant-baseline=\"middle\">{1}</text>\n"
        "<line x1=\"{2:.1f}\" y1=\"{0}\" x2=\"{3:.1f}\" y2=\"{0}\" stroke=\"#1f5fa8\" "
        "stroke-width=\"2\"/>\n"
        "<circle cx=\"{4:.1f}\" cy=\"{0}\" r=\"5\" fill=\"#1f5fa8\"/>\n"
        "<text x=\"{5:.1f}\" y=\"{6}\" font-size=\"11\" fill=\"#333\">{7:.0f} ± {8:.0f}</text>\n",
        y, Escape(bot.spec), x(bot.elo - bot.error95), x(bot.elo + bot.error95), x(bot.elo),
        x(bot.elo) + 8, y - 7, bot.elo, bot.error95);
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace quartel::ai
