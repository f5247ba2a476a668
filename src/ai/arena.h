// Bot-versus-bot matches: N games between two bot specs with alternating seats, played on a thread
// pool, summarised as wins/draws/losses for the first bot with a confidence interval on its score.
// Deterministic for iteration budgets: game i uses seed + i for its chance draws and its bots,
// whatever the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>

#include "engine/game.h"

namespace quartel::ai {

struct ArenaResult {
  std::string spec_a;  // normalised specs
  std::string spec_b;
  int games = 0;
  int wins = 0;  // for A
  int draws = 0;
  int losses = 0;
  double score = 0;   // (wins + draws / 2) / games
  double ci_low = 0;  // 95% Wilson score interval on `score`
  double ci_high = 0;
  double mean_plies = 0;  // average game length in actions, chance outcomes included
  int capped = 0;         // games that ended at an engine cap, not by the rules (EndedAtCap)

  // "mcts vs random, 200 games: A won 198, drew 1, lost 1; score 99.2% (95% CI 97.2%-99.8%)"
  std::string Summary() const;
};

// The 95% Wilson score interval for a proportion `p` observed over `n` trials; {0, 1} when n = 0.
std::pair<double, double> WilsonInterval(double p, int n);

// How the bots share the seats of a game of three or more: A on one seat against B on all the
// others (a player against a field), or the seats alternating A, B, A, ... from A in even games
// and from B in odd ones (two teams as even as the seats allow: the ladder's pairings).
enum class Seating { kOneAgainstField, kAlternating };

// Plays `games` games of `game` between the bots `spec_a` and `spec_b`. Two seats: in game i, A
// takes seat i % 2. More seats: as `seating` says (one against the field: A takes seat
// i % seats). A's score in a game is the Return of its seat: > 0 a win, 0 a draw, < 0 a
// loss. `threads` < 1 means 1. `progress`, when
// set, is called (from a worker, serialised) after each game with the number done and the total.
// Throws quartel::Error on a bad spec, or the first error a game raised.
ArenaResult RunArena(const engine::Game& game, const std::string& spec_a, const std::string& spec_b,
                     int games, int threads, std::uint64_t seed,
                     std::function<void(int done, int total)> progress = nullptr,
                     Seating seating = Seating::kOneAgainstField);

}  // namespace quartel::ai
