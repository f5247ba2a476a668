// `quartel list`, `rules`, `perft` and `replay`: the small developer-and-user tools.
#include "cli/commands.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <filesystem>
#include <iostream>

#include "core/error.h"
#include "core/text.h"
#include "engine/playout.h"
#include "engine/record.h"
#include "engine/seat_handle.h"

namespace quartel::cli {
namespace {

std::string OptionRange(const engine::OptionSpec& spec) {
  if (spec.type == engine::OptionType::kInt) {
    return fmt::format("{}..{}", spec.min_value, spec.max_value);
  }
  if (!spec.choices.empty()) return fmt::format("{}", fmt::join(spec.choices, "|"));
  return spec.type == engine::OptionType::kBool ? "true|false" : "text";
}

void PrintOptions(const engine::GameInfo& info, std::ostream& out) {
  for (const auto& spec : info.options) {
    out << fmt::format("    {:<24} {:<6} default {:<8} ({})  {}\n", spec.name,
                       engine::OptionTypeName(spec.type), spec.default_value, OptionRange(spec),
                       spec.help);
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
          const std::string& record_file, const std::string& position, std::ostream& out) {
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
  } else if (!position.empty()) {
    game = engine::LoadGame(game_id, engine::ParseOptionList(options));
    state = game->NewStateFromPosition(position);
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

namespace {

// A seat by number or by name ("1", "Blue", "blue"), or "spectator".
engine::Seat ParseViewer(const engine::Game& game, const std::string& text) {
  if (ToLower(text) == "spectator") return engine::kSpectator;
  for (engine::Seat seat = 0; seat < game.NumSeats(); ++seat) {
    if (text == std::to_string(seat) || ToLower(text) == ToLower(game.SeatName(seat))) return seat;
  }
  std::vector<std::string> names;
  for (engine::Seat seat = 0; seat < game.NumSeats(); ++seat) {
    names.push_back(fmt::format("{} ({})", seat, game.SeatName(seat)));
  }
  throw Error(fmt::format("--seat {}: not a seat of {}; the seats are {}, or spectator", text,
                          game.id(), fmt::join(names, ", ")));
}

// The tensor slice by slice: each slice's line from TensorLayout, then its values as rows.
std::string TensorText(const engine::Game& game, const std::vector<float>& tensor) {
  const std::vector<int> shape = game.TensorShape();
  const std::vector<std::string> layout = game.TensorLayout();
  const std::size_t slice = tensor.size() / static_cast<std::size_t>(shape.front());
  const std::size_t row = shape.size() >= 3 ? static_cast<std::size_t>(shape.back()) : slice;
  std::string out = fmt::format("tensor {} ({} values)\n", fmt::join(shape, " x "), tensor.size());
  for (int s = 0; s < shape.front(); ++s) {
    out += fmt::format("[{}] {}\n", s, s < static_cast<int>(layout.size()) ? layout[s] : "");
    for (std::size_t at = 0; at < slice; at += row) {
      std::vector<std::string> values;
      for (std::size_t i = at; i < at + row; ++i)
        values.push_back(fmt::format("{:g}", tensor[s * slice + i]));
      out += "  " + fmt::format("{}", fmt::join(values, " ")) + "\n";
    }
  }
  return out;
}

}  // namespace

int Show(const ShowArgs& args, std::ostream& out) {
  const auto game = engine::LoadGame(args.game, engine::ParseOptionList(args.options));
  const auto state =
      args.position.empty() ? game->NewInitialState() : game->NewStateFromPosition(args.position);
  if (args.viewer.empty()) {
    if (args.tensor || args.json)
      throw Error("--tensor and --json show a viewer's view: add --seat");
    out << state->PositionText() << "\n";
    out << state->ViewText(engine::kSpectator, false) << "\n";
    return 0;
  }
  const engine::SeatHandle handle(*state, ParseViewer(*game, args.viewer));
  out << handle.ViewPositionText() << "\n";
  if (args.json) out << handle.ViewJson().dump(1) << "\n";
  if (args.tensor) out << TensorText(*game, handle.ViewTensor());
  if (!args.json && !args.tensor) out << handle.ViewText(false) << "\n";
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

std::string WebClientBesideBinary() {
  std::error_code error;
  const std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return "";
  const std::filesystem::path web = binary.parent_path() / "web";
  return std::filesystem::is_regular_file(web / "index.html", error) ? web.string() : "";
}

}  // namespace quartel::cli
