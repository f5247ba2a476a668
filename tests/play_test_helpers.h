// Helpers shared by the `quartel play` tests: a game driven with string streams, as a user types
// and reads it.
#pragma once

#include <sstream>
#include <string>

#include "cli/commands.h"
#include "games/all_games.h"

namespace quartel::cli {

// Plays `game` without colours and returns everything printed. `seats` "" is the default seat
// list; `input` is what the user types, lines separated by '\n'; `seed` "" draws a fresh one.
inline std::string PlayOutput(const std::string& game, const std::string& seats,
                              const std::string& options, const std::string& input,
                              const std::string& seed = "1") {
  games::RegisterAllGames();
  PlayArgs args;
  args.game = game;
  args.seats = seats;
  args.options = options;
  if (!seed.empty()) args.seed = seed;
  args.colour = false;
  std::istringstream in(input);
  std::ostringstream out;
  Play(args, in, out);
  return out.str();
}

}  // namespace quartel::cli
