// `quartel list`, `rules`, `perft` and `replay`: the small developer-and-user tools.
#include "cli/commands.h"

#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "core/error.h"
#include "engine/playout.h"
#include "engine/record.h"

namespace quartel::cli {
namespace {

std::string TypeName(engine::OptionType type) {
  switch (type) {
    case engine::OptionType::kBool:
      return "bool";
    case engine::OptionType::kInt:
      return "int";
    case engine::OptionType::kString:
      return "string";
  }
  return "?";
}

std::string OptionRange(const engine::OptionSpec& spec) {
  if (spec.type == engine::OptionType::kInt) {
    return fmt::format("{}..{}", spec.min_value, spec.max_value);
  }
  if (!spec.choices.empty()) return fmt::format("{}", fmt::join(spec.choices, "|"));
  return spec.type == engine::OptionType::kBool ? "true|false" : "text";
}

void PrintOptions(const engine::GameInfo& info, std::ostream& out) {
  for (const auto& spec : info.options) {
    out << fmt::format("    {:<24} {:<6} default {:<8} ({})  {}\n", spec.name, TypeName(spec.type),
                       spec.default_value, OptionRange(spec), spec.help);
  }
}

}  // namespace

int ListGames(std::ostream& out) {
  for (const auto& info : engine::RegisteredGames()) {
    out << fmt::format("{:<14} {} - {}\n", info.id, info.display_name, info.summary);
    out << fmt::format(
        "    players {}; {}; {}; rules version {}\n", fmt::join(info.seat_counts, " or "),
        info.has_chance ? "chance" : "no chance",
        info.hidden_information ? "hidden information" : "perfect information", info.rules_version);
    PrintOptions(info, out);
  }
  return 0;
}

int PrintRules(const std::string& game, std::ostream& out) {
  const engine::GameInfo& info = engine::FindGame(game);
  const std::string text = RulesText(info.id);
  if (text.empty()) throw Error(fmt::format("no rules page for {}", info.id));
  out << text << "\n## Options (quartel play " << info.id << " --options name=value,...)\n";
  PrintOptions(info, out);
  return 0;
}

int Perft(const std::string& game_id, int depth, const std::string& options,
          const std::string& record_file, std::ostream& out) {
  if (depth < 0) throw Error(fmt::format("perft depth {} is negative", depth));
  // The game outlives the state (a State must not outlive its Game).
  std::shared_ptr<const engine::Game> game;
  std::unique_ptr<engine::State> state;
  if (!record_file.empty()) {
    engine::Match match = engine::Match::Replay(engine::ReadRecordFile(record_file));
    if (match.game().id() != engine::FindGame(game_id).id) {
      throw Error(fmt::format("--record: {} is a {} game, not {}", record_file, match.game().id(),
                              game_id));
    }
    game = match.shared_game();
    state = match.state().Clone();
  } else {
    game = engine::LoadGame(game_id, engine::ParseOptionList(options));
    state = game->NewInitialState();
    engine::SkipOpeningChance(*state);
  }
  for (int d = 1; d <= depth; ++d) {
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = engine::PerftFor(*state, d);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out << fmt::format("perft {} = {} ({:.3f} s)\n", d, nodes, seconds);
  }
  return 0;
}

int Replay(const std::string& record_file, bool colour, std::ostream& out) {
  const engine::Record record = engine::ReadRecordFile(record_file);
  engine::Match match = engine::Match::Replay(record);
  int ply = 0;
  for (const auto& entry : match.record().actions) {
    const std::string who = entry.seat == engine::kChanceSeat ? std::string("chance")
                                                              : match.game().SeatName(entry.seat);
    out << fmt::format("{:>4}. {:<10} {}\n", ++ply, who, entry.notation);
  }
  out << match.state().ViewText(engine::kSpectator, colour) << "\n";
  if (!match.record().ending.empty()) out << "Ended by " << match.record().ending << ".\n";
  if (!match.record().result.empty()) {
    out << "Result:";
    for (std::size_t seat = 0; seat < match.record().result.size(); ++seat) {
      out << " " << match.game().SeatName(static_cast<int>(seat)) << " "
          << match.record().result[seat];
    }
    out << "\n";
  } else {
    out << "The game is not finished.\n";
  }
  return 0;
}

}  // namespace quartel::cli
