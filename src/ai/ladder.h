// The ladder: a round robin between bots (every pair plays N games, seats alternating), rated on
// the Elo scale with 95% intervals, written as JSON and drawn as an SVG chart (docs/BOTS.md).
//
// Ratings are the maximum-likelihood Bradley-Terry ratings of every game's score (a win 1, a draw
// 1/2) on the Elo scale (a 400-point gap is 10:1 odds), with one virtual draw added to every
// pairing (as BayesElo's prior) so that a pairing won 100% has a finite gap. The ratings are
// centred on 1500 (their mean); each one's interval is 1.96 standard errors of its distance from
// that mean, from the inverse of the likelihood's curvature (the observed Fisher information).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ai/arena.h"
#include "core/json.h"
#include "engine/game.h"

namespace quartel::ai {

struct LadderBot {
  std::string spec;
  double elo = 0;
  double error95 = 0;  // half-width of the 95% interval
  int games = 0;
  double score = 0;         // (wins + draws / 2) / games over all its games
  double rule_endings = 0;  // share of its games that ended by the rules, not at an engine cap
};

struct LadderResult {
  std::string game;     // id
  std::string options;  // "k=v,..."
  int games_per_pair = 0;
  std::uint64_t seed = 0;
  std::vector<ArenaResult> pairs;  // each pair once, i < j, in the order of the bots
  std::vector<LadderBot> bots;     // in the order given
};

// Ratings from pairwise results: `pairs` between bots named by index (a_index, b_index, result).
struct PairResult {
  int a = 0;
  int b = 0;
  double score_a = 0;  // A's points (wins + draws / 2)
  int games = 0;
};
// Elo ratings (mean 1500) and 95% half-widths for `bots` bots; see the file comment.
void RateLadder(int bots, const std::vector<PairResult>& pairs, std::vector<double>& elo,
                std::vector<double>& error95);

// Plays the round robin. `progress` gets games done and total (all pairs together).
LadderResult RunLadder(const engine::Game& game, const std::vector<std::string>& specs,
                       int games_per_pair, int threads, std::uint64_t seed,
                       std::function<void(int done, int total)> progress = nullptr);

Json LadderJson(const LadderResult& ladder);
// The chart: each bot's rating as a dot with its 95% interval, strongest at the top.
std::string LadderSvg(const LadderResult& ladder, const std::string& title);
// The table printed by `quartel ladder`, strongest first.
std::string LadderTable(const LadderResult& ladder);

}  // namespace quartel::ai
