// `quartel bench`: per game, random-playout speed on one core (median of five timed rounds) and a
// fixed-seed node count that fingerprints the engine's and the bots' behaviour (Stockfish's bench):
//   nodes = perft(d) from the first decision, for d = 1, 2, ... up to the first depth that
//           exceeds 50,000 nodes (at most 4), so that every game's tree is sampled cheaply
//         + the plies of 20 random games (seeds 1..20)
//         + the plies of one game mcts:iterations=64 vs random (seed 1).
// Any change of rules or bot behaviour changes the count; commit messages carry it ("Bench: N").
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "ai/bot.h"
#include "cli/commands.h"
#include "engine/playout.h"
#include "engine/state.h"

namespace quartel::cli {
namespace {

struct Speed {
  double plies_per_second = 0;
  double games_per_second = 0;
  double plies_per_game = 0;
};

// Plays random games for about `seconds`, starting each from a copy of a prepared initial state.
Speed MeasureRound(const engine::Game& game, double seconds, std::uint64_t seed) {
  auto initial = game.NewInitialState();
  auto state = game.NewInitialState();
  std::vector<engine::Action> scratch;
  Rng rng(seed);
  std::int64_t plies = 0;
  std::int64_t games = 0;
  const auto start = std::chrono::steady_clock::now();
  double elapsed = 0;
  while (elapsed < seconds) {
    state->CopyFrom(*initial);
    plies += engine::PlayRandomToEnd(*state, rng, scratch);
    ++games;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return {plies / elapsed, games / elapsed, static_cast<double>(plies) / games};
}

Speed MeasureSpeed(const engine::Game& game, double seconds) {
  std::vector<Speed> rounds;
  for (int round = 0; round < 5; ++round) {
    rounds.push_back(MeasureRound(game, seconds / 5, 1000 + round));
  }
  std::sort(rounds.begin(), rounds.end(),
            [](const Speed& a, const Speed& b) { return a.plies_per_second < b.plies_per_second; });
  return rounds[2];
}

std::uint64_t BotGamePlies(const engine::Game& game) {
  auto state = game.NewInitialState();
  std::vector<std::unique_ptr<ai::Bot>> bots;
  for (int seat = 0; seat < game.NumSeats(); ++seat) {
    bots.push_back(ai::MakeBot(seat == 0 ? "mcts:iterations=64" : "random", game, 1 + seat));
  }
  Rng rng(1);
  std::vector<engine::Action> scratch;
  std::uint64_t plies = 0;
  // A cap keeps games of thousands of decisions (WAR places armies one at a time) quick.
  constexpr std::uint64_t kMaxBotGamePlies = 5000;
  while (!state->IsTerminal() && plies < kMaxBotGamePlies) {
    const engine::Action action = state->IsChanceNode()
                                      ? engine::SampleChanceOutcome(*state, rng)
                                      : bots[state->CurrentSeat()]->ChooseAction(
                                            engine::SeatHandle(*state, state->CurrentSeat()));
    state->ApplyAction(action);
    ++plies;
  }
  return plies;
}

std::uint64_t NodeCount(const engine::Game& game) {
  auto start = game.NewInitialState();
  engine::SkipOpeningChance(*start);
  std::uint64_t nodes = 0;
  for (int depth = 1; depth <= 4; ++depth) {
    const std::uint64_t count = engine::PerftFor(*start, depth);
    nodes += count;
    if (count > 50'000) break;
  }
  std::vector<engine::Action> scratch;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto state = game.NewInitialState();
    Rng rng(seed);
    nodes += engine::PlayRandomToEnd(*state, rng, scratch);
  }
  return nodes + BotGamePlies(game);
}

}  // namespace

int Bench(double seconds_per_game, const std::string& only, std::ostream& out) {
  ai::RegisterBuiltinBots();
  out << fmt::format("{:<18} {:>14} {:>10} {:>11} {:>12}\n", "game", "plies/s", "games/s",
                     "plies/game", "nodes");
  std::uint64_t total = 0;
  if (!only.empty()) engine::FindGame(only);  // an unknown id is named with the known ones
  for (const auto& info : engine::RegisteredGames()) {
    if (!only.empty() && info.id != only) continue;
    std::vector<std::pair<std::string, std::map<std::string, std::string>>> variants = {
        {info.id, {}}};
    for (int seats : info.seat_counts) {
      if (seats != info.seat_counts.front()) {
        variants.push_back(
            {fmt::format("{}/{}p", info.id, seats), {{"players", std::to_string(seats)}}});
      }
    }
    for (const auto& [label, options] : variants) {
      auto game = engine::LoadGame(info.id, options);
      const Speed speed = MeasureSpeed(*game, seconds_per_game);
      const std::uint64_t nodes = NodeCount(*game);
      total += nodes;
      out << fmt::format("{:<18} {:>14.0f} {:>10.1f} {:>11.1f} {:>12}\n", label,
                         speed.plies_per_second, speed.games_per_second, speed.plies_per_game,
                         nodes)
          << std::flush;
    }
  }
  out << "Total nodes: " << total << "\n";
  return 0;
}

}  // namespace quartel::cli
