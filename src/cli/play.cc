// `quartel play`: the seats and options of a game in the terminal (cli/terminal_game.h plays it).
#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <random>

#include "ai/bot.h"
#include "cli/commands.h"
#include "cli/terminal_game.h"
#include "core/error.h"
#include "core/text.h"
#include "engine/playout.h"
#include "engine/record.h"

namespace quartel::cli {
namespace {

using engine::Action;
using engine::Match;
using engine::Seat;

// A plain "bot": the heuristic bot where it knows the game (WAR, Stratego, Espionage: quick and
// strong), else MCTS.
std::unique_ptr<ai::Bot> MakeDefaultBot(const engine::Game& game, std::uint64_t seed) {
  try {
    return ai::MakeBot("heuristic", game, seed);
  } catch (const Error&) {
    return ai::MakeBot("mcts", game, seed);
  }
}

std::vector<TerminalPlayer> MakePlayers(const std::vector<std::string>& seats,
                                        const engine::Game& game, std::uint64_t seed) {
  std::vector<TerminalPlayer> players;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const std::string& seat = seats[i];
    if (seat == "human") {
      players.push_back({"human", nullptr});
      continue;
    }
    const std::string spec = seat.rfind("bot:", 0) == 0 ? seat.substr(4) : seat;
    auto bot = spec == "bot" ? MakeDefaultBot(game, seed + 1000 * (i + 1))
                             : ai::MakeBot(spec, game, seed + 1000 * (i + 1));
    players.push_back({bot->Spec(), std::move(bot)});
  }
  return players;
}

// Seats given on the command line fix the number of players where the game offers a choice.
std::map<std::string, std::string> OptionsForSeats(const engine::GameInfo& info,
                                                   std::map<std::string, std::string> options,
                                                   std::size_t seats) {
  const bool has_players =
      std::any_of(info.options.begin(), info.options.end(),
                  [](const engine::OptionSpec& spec) { return spec.name == "players"; });
  if (has_players && !options.count("players")) options["players"] = std::to_string(seats);
  return options;
}

}  // namespace

int Play(const PlayArgs& args, std::istream& in, std::ostream& out) {
  ai::RegisterBuiltinBots();
  const engine::GameInfo& info = engine::FindGame(args.game);
  const std::vector<std::string> seats = Split(args.seats, ',');
  if (std::find(info.seat_counts.begin(), info.seat_counts.end(), static_cast<int>(seats.size())) ==
      info.seat_counts.end()) {
    throw Error(fmt::format("--seats: {} has {} seats, but {} is played by {}", args.seats,
                            seats.size(), info.id, fmt::join(info.seat_counts, " or ")));
  }
  auto game = engine::LoadGame(
      args.game, OptionsForSeats(info, engine::ParseOptionList(args.options), seats.size()));
  const std::uint64_t seed = args.seed ? *args.seed : std::random_device{}();
  out << fmt::format("{} ({}), seed {}: ", info.display_name, game->options().ToString(), seed);
  for (std::size_t i = 0; i < seats.size(); ++i) {
    out << fmt::format("{}{} = {}", i ? ", " : "", game->SeatName(static_cast<int>(i)), seats[i]);
  }
  out << "\n";
  std::vector<TerminalPlayer> players = MakePlayers(seats, *game, seed);
  std::vector<std::string> labels;
  for (const auto& player : players) labels.push_back(player.label);
  TerminalGame terminal(Match(game, labels), std::move(players), seed, args.colour, in, out);
  return terminal.Run();
}

}  // namespace quartel::cli
