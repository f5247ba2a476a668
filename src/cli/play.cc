// `quartel play`: the seats and options of a game in the terminal (cli/terminal_game.h plays it).
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "ai/bot.h"
#include "cli/commands.h"
#include "cli/external_engine.h"
#include "cli/terminal_game.h"
#include "core/error.h"
#include "core/text.h"
#include "engine/record.h"

namespace quartel::cli {
namespace {

using engine::Match;

// A plain "bot": the intermediate level, as the web client's default (ai/levels.h).
std::unique_ptr<ai::Bot> MakeDefaultBot(const engine::Game& game, std::uint64_t seed) {
  return ai::MakeBot("intermediate", game, seed);
}

// Each bot's seed comes from the game's secret chance source, so that the seed shown at the end
// replays the bots' choices too.
std::vector<TerminalPlayer> MakePlayers(const std::vector<std::string>& seats,
                                        const engine::Game& game, ChanceSource& chance) {
  std::vector<TerminalPlayer> players;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const std::string& seat = seats[i];
    if (seat == "human") {
      players.push_back({"human", nullptr});
      continue;
    }
    const std::string spec = seat.rfind("bot:", 0) == 0 ? seat.substr(4) : seat;
    const std::uint64_t seed = chance.Next();
    auto bot = spec == "bot" ? MakeDefaultBot(game, seed) : ai::MakeBot(spec, game, seed);
    players.push_back({bot->Spec(), std::move(bot)});
  }
  return players;
}

bool HasPlayersOption(const engine::GameInfo& info) {
  return std::any_of(info.options.begin(), info.options.end(),
                     [](const engine::OptionSpec& spec) { return spec.name == "players"; });
}

// The seats typed with --seats, each checked; empty when none were typed.
std::vector<std::string> ParseSeats(const engine::GameInfo& info, const std::string& text) {
  if (Trim(text).empty()) return {};
  const std::vector<std::string> seats = ai::SplitBotSpecs(text, "--seats", "seat");
  const auto& counts = info.seat_counts;
  if (std::find(counts.begin(), counts.end(), static_cast<int>(seats.size())) == counts.end()) {
    throw Error(fmt::format("--seats lists {} seats, but {} is played by {}", seats.size(),
                            info.display_name, fmt::join(counts, " or ")));
  }
  return seats;
}

// The game's options with the seats: typed seats fix the number of players where the game offers
// a choice, and must agree with a players option typed as well.
std::map<std::string, std::string> OptionsForSeats(const engine::GameInfo& info,
                                                   std::map<std::string, std::string> options,
                                                   const std::vector<std::string>& seats) {
  if (seats.empty() || !HasPlayersOption(info)) return options;
  const std::string count = std::to_string(seats.size());
  const auto players = options.find("players");
  if (players == options.end()) {
    options["players"] = count;
  } else if (players->second != count) {
    throw Error(fmt::format(
        "--seats lists {} seats but --options players={}: give one seat per player, or leave "
        "players out and the seats decide",
        seats.size(), players->second));
  }
  return options;
}

// With no --seats: the user against bots, one seat each.
std::vector<std::string> DefaultSeats(int num_seats) {
  std::vector<std::string> seats(num_seats, "bot");
  seats.front() = "human";
  return seats;
}

}  // namespace

int Play(const PlayArgs& args, std::istream& in, std::ostream& out) {
  RegisterCommandLineBots();
  const engine::GameInfo& info = engine::FindGame(args.game);
  std::vector<std::string> seats = ParseSeats(info, args.seats);
  auto game = engine::LoadGame(args.game,
                               OptionsForSeats(info, engine::ParseOptionList(args.options), seats));
  if (seats.empty()) seats = DefaultSeats(game->NumSeats());
  if (static_cast<int>(seats.size()) != game->NumSeats()) {  // a game without a players option
    throw Error(fmt::format("--seats lists {} seats, but this game of {} has {}", seats.size(),
                            info.display_name, game->NumSeats()));
  }
  // Rulings: the seed is secret until the game is over, so it is not printed here.
  ChanceSource chance = args.seed ? ChanceSource::FromSeedText(*args.seed) : ChanceSource::Fresh();
  out << fmt::format("{} ({}): ", info.display_name, game->options().ToString());
  for (std::size_t i = 0; i < seats.size(); ++i) {
    out << fmt::format("{}{} = {}", i ? ", " : "", game->SeatName(static_cast<int>(i)), seats[i]);
  }
  out << "\n";
  std::vector<TerminalPlayer> players = MakePlayers(seats, *game, chance);
  std::vector<std::string> labels;
  for (const auto& player : players) labels.push_back(player.label);
  const TerminalOptions options{.colour = args.colour, .clear_screen = args.clear_screen};
  TerminalGame terminal(Match(game, labels, args.position), std::move(players), std::move(chance),
                        options, in, out);
  return terminal.Run();
}

}  // namespace quartel::cli
