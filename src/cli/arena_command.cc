// `quartel arena`: N games between two bots with alternating seats, a progress bar on stderr, and
// the result with a 95% confidence interval.
#include <fmt/format.h>

#include <iostream>
#include <mutex>

#include "ai/arena.h"
#include "ai/bot.h"
#include "cli/commands.h"
#include "cli/external_engine.h"
#include "core/error.h"

namespace quartel::cli {

int Arena(const std::string& game_id, const std::string& options, const std::string& bot_a,
          const std::string& bot_b, int games, int threads, std::uint64_t seed, std::ostream& out) {
  RegisterCommandLineBots();
  if (games < 1) throw Error(fmt::format("-n {}: the number of games must be at least 1", games));
  if (threads < 1) throw Error(fmt::format("--threads {}: must be at least 1", threads));
  auto game = engine::LoadGame(game_id, engine::ParseOptionList(options));
  // Build both bots once up front so that a bad spec fails before any game is played.
  ai::MakeBot(bot_a, *game, seed);
  ai::MakeBot(bot_b, *game, seed);
  const auto progress = [](int done, int total) {
    constexpr int kWidth = 40;
    const int filled = done * kWidth / total;
    std::cerr << fmt::format("\r[{}{}] {}/{}", std::string(filled, '#'),
                             std::string(kWidth - filled, '.'), done, total)
              << (done == total ? "\n" : "") << std::flush;
  };
  const ai::ArenaResult result = ai::RunArena(*game, bot_a, bot_b, games, threads, seed, progress);
  out << fmt::format("{} ({})\n", game->info().display_name, game->options().ToString());
  out << result.Summary() << "\n";
  out << fmt::format("average game length: {:.1f} actions\n", result.mean_plies);
  out << fmt::format("ended by the rules: {} of {} ({} at an engine cap)\n",
                     result.games - result.capped, result.games, result.capped);
  return 0;
}

}  // namespace quartel::cli
