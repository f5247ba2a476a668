// `quartel ladder`: a round robin between bots with a progress bar, the Elo table, and the
// results as JSON with an SVG chart beside it (src/ai/ladder.h).
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "ai/bot.h"
#include "ai/ladder.h"
#include "ai/levels.h"
#include "cli/commands.h"
#include "cli/external_engine.h"
#include "core/error.h"
#include "core/text.h"

namespace quartel::cli {
namespace {

void WriteFile(const std::filesystem::path& path, const std::string& text) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  std::ofstream file(path, std::ios::binary);
  file << text;
  if (!file) throw Error("cannot write " + path.string());
}

}  // namespace

int Ladder(const std::string& game_id, const std::string& options, const std::string& bots,
           int games, int threads, std::uint64_t seed, const std::string& out_prefix,
           std::ostream& out) {
  RegisterCommandLineBots();
  if (games < 1) throw Error(fmt::format("-n {}: the number of games must be at least 1", games));
  if (threads < 1) throw Error(fmt::format("--threads {}: must be at least 1", threads));
  const std::vector<std::string> specs = ai::SplitBotSpecs(bots, "--bots", "bot");
  auto game = engine::LoadGame(game_id, engine::ParseOptionList(options));
  const auto start = std::chrono::steady_clock::now();
  const auto progress = [&](int done, int total) {
    constexpr int kWidth = 40;
    const int filled = done * kWidth / total;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double left = done > 0 ? seconds / done * (total - done) : 0;
    std::cerr << fmt::format("\r[{}{}] {}/{} games, {:.0f} s left  ", std::string(filled, '#'),
                             std::string(kWidth - filled, '.'), done, total, left)
              << (done == total ? "\n" : "") << std::flush;
  };
  const ai::LadderResult ladder = ai::RunLadder(*game, specs, games, threads, seed, progress);
  const std::string prefix =
      out_prefix.empty() ? "docs/ladder/" + ai::LadderName(*game) : out_prefix;
  const std::string title =
      fmt::format("{} ({}): ladder, {} games a pair", game->info().display_name,
                  game->options().ToString(), games);
  WriteFile(prefix + ".json", ai::LadderJson(ladder).dump(2) + "\n");
  WriteFile(prefix + ".svg", ai::LadderSvg(ladder, title));
  out << title << "\n" << ai::LadderTable(ladder);
  out << fmt::format("wrote {}.json and {}.svg\n", prefix, prefix);
  return 0;
}

}  // namespace quartel::cli
