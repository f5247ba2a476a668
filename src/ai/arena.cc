#include "ai/arena.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <thread>
#include <tuple>
#include <vector>

#include "ai/bot.h"
#include "core/error.h"
#include "core/rng.h"
#include "engine/playout.h"
#include "engine/state.h"

namespace quartel::ai {
namespace {

// B's seed differs from A's so that two copies of one spec do not mirror each other's draws.
constexpr std::uint64_t kSeedOffsetB = 0x9e3779b97f4a7c15ULL;
// The chance generator's seed differs from both bots': a bot seeded like the dice draws the same
// numbers as the dice, and one Espionage bot won 36 of 40 as A and 29 of 40 as B on the same seeds.
constexpr std::uint64_t kSeedMaskChance = 0x5851f42d4c957f2dULL;

struct GameResult {
  double score = 0;  // sum of A's Returns
  int plies = 0;
  bool capped = false;
};

GameResult PlayOne(const engine::Game& game, const std::string& spec_a, const std::string& spec_b,
                   int index, std::uint64_t seed, Seating seating) {
  const std::uint64_t game_seed = seed + static_cast<std::uint64_t>(index);
  std::unique_ptr<Bot> bot_a = MakeBot(spec_a, game, game_seed);
  std::unique_ptr<Bot> bot_b = MakeBot(spec_b, game, game_seed + kSeedOffsetB);
  Rng chance_rng(game_seed ^ kSeedMaskChance);
  // Two seats: A and B alternate colours. More seats, one against the field: A plays one seat
  // (each in turn over the games) against B on all the others, so A's win rate is that of one
  // player against a field; alternating: A on every other seat.
  const int seats = game.NumSeats();
  const auto plays_a = [&](engine::Seat seat) {
    if (seats == 2 || seating == Seating::kAlternating) return seat % 2 == index % 2;
    return seat == index % seats;
  };

  std::unique_ptr<engine::State> state = game.NewInitialState();
  while (!state->IsTerminal()) {
    const engine::Seat seat = state->CurrentSeat();
    if (seat == engine::kChanceSeat) {
      state->ApplyAction(engine::SampleChanceOutcome(*state, chance_rng));
    } else {
      Bot& bot = plays_a(seat) ? *bot_a : *bot_b;
      // The checked ApplyAction: a bot playing an illegal action is an error, not a silent win.
      state->ApplyAction(bot.ChooseAction(engine::SeatHandle(*state, state->CurrentSeat())));
    }
  }
  GameResult result;
  result.plies = state->PlyCount();
  result.capped = state->EndedAtCap();
  const std::vector<double> returns = state->Returns();
  for (int seat = 0; seat < static_cast<int>(returns.size()); ++seat) {
    if (plays_a(seat)) result.score += returns[seat];
  }
  return result;
}

std::string Percent(double fraction) { return fmt::format("{:.1f}%", 100.0 * fraction); }

}  // namespace

std::pair<double, double> WilsonInterval(double p, int n) {
  if (n <= 0) return {0.0, 1.0};
  constexpr double z = 1.959963984540054;
  const double nn = static_cast<double>(n);
  const double z2 = z * z;
  const double denominator = 1.0 + z2 / nn;
  const double centre = (p + z2 / (2.0 * nn)) / denominator;
  const double half =
      z * std::sqrt(std::max(0.0, p * (1.0 - p) / nn + z2 / (4.0 * nn * nn))) / denominator;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::string ArenaResult::Summary() const {
  return fmt::format("{} vs {}, {} games: A won {}, drew {}, lost {}; score {} (95% CI {}-{})",
                     spec_a, spec_b, games, wins, draws, losses, Percent(score), Percent(ci_low),
                     Percent(ci_high));
}

ArenaResult RunArena(const engine::Game& game, const std::string& spec_a, const std::string& spec_b,
                     int games, int threads, std::uint64_t seed,
                     std::function<void(int done, int total)> progress, Seating seating) {
  if (games < 1)
    throw Error("arena: the number of games must be at least 1, not " + std::to_string(games));
  ArenaResult result;
  // Made here first so that a bad spec fails at once, on the caller's thread.
  result.spec_a = MakeBot(spec_a, game, seed)->Spec();
  result.spec_b = MakeBot(spec_b, game, seed)->Spec();
  result.games = games;

  std::vector<GameResult> outcomes(games);
  std::atomic<int> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards `done`, `error` and the progress callback
  int done = 0;
  std::exception_ptr error;

  auto worker = [&] {
    while (!failed.load()) {
      const int index = next.fetch_add(1);
      if (index >= games) return;
      try {
        outcomes[index] = PlayOne(game, spec_a, spec_b, index, seed, seating);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        failed.store(true);
        return;
      }
      std::lock_guard lock(mutex);
      ++done;
      if (progress) progress(done, games);
    }
  };

  const int pool_size = std::clamp(threads, 1, games);
  if (pool_size == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    pool.reserve(pool_size);
    for (int i = 0; i < pool_size; ++i) pool.emplace_back(worker);
    for (auto& thread : pool) thread.join();
  }
  if (error) std::rethrow_exception(error);

  double total_plies = 0;
  for (const GameResult& outcome : outcomes) {
    // Returns are sums of small exact fractions; a tolerance keeps rounding out of the verdict.
    if (outcome.score > 1e-9) {
      ++result.wins;
    } else if (outcome.score < -1e-9) {
      ++result.losses;
    } else {
      ++result.draws;
    }
    total_plies += outcome.plies;
    result.capped += outcome.capped ? 1 : 0;
  }
  result.score = (result.wins + 0.5 * result.draws) / games;
  std::tie(result.ci_low, result.ci_high) = WilsonInterval(result.score, games);
  result.mean_plies = total_plies / games;
  return result;
}

}  // namespace quartel::ai
