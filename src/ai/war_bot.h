// A rule-aware heuristic bot for WAR (issue 3, section 4): the "heuristic" bot's WAR branch. It
// reads only what its seat may know: each decision starts from SampleConsistentState(seat), in
// which the other seats' hands and objectives and the pile are drawn at random, so the hidden parts
// of the real state cannot reach it (the sample's public board and the seat's own hand and
// objective are the real ones). Given that view it is deterministic.
//
// Play, phase by phase:
//   reinforce  trade whenever a set is held (the set showing most owned territories, for the +2
//              armies there); then each army goes to the border territory whose best attack (the
//              exact conquest chance with all the armies still to place, times the target's value)
//              or whose defence needs it most; continent-bound armies the same within their
//              continent. Objectives of "N territories with 2 armies" top up 1-army territories.
//   attack     along the link with the best chance * value, always with the most dice, while the
//              exact chance of pressing the attack to a conquest (odds.h) is at least `attack`
//              (default 0.6); before the turn's first conquest (which earns a card) `card` suffices
//              (default 0.5). A target's value grows with the objective's continents, the continent
//              it would complete, the destroy target and enemy continents it would break.
//   occupy     with the most armies allowed.
//   move       spare armies of interior territories one step toward the nearest border; then end.
//
// Parameters: attack=P, card=P (probabilities in [0, 1]); misplace=P (0 to 1, default 0): noise
// up to 10 * P on each placement's score, a beginner's misplaced reinforcements.
//
// WAR-II has a bot of its own (war2_bot.cc), the same plan with what WAR-II adds: claims in the
// setup, Strategic Centres, card uses for armies, bombers and transport, air attacks, airlifts,
// the hand limit and Information Centres. "warplan" (war_planner.h) is either bot with planning
// switched on.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "ai/bot.h"
#include "engine/game.h"

namespace quartel::war {
class WarGame;
}

namespace quartel::ai {

// What shapes the WAR and WAR-II bots' play. The defaults are the "heuristic" bot.
struct WarBotParams {
  double attack = 0.6;  // conquest chance needed to press an attack
  double card = 0.5;    // ... before the turn's first conquest, which earns a card
  // Noise added to each placement's score (0: none): a beginner's misplaced reinforcements.
  double misplace = 0;
  // "warplan" (war_planner.h): the others' objectives inferred from the board weigh on targets
  // (threat_weight), cards held for a bigger or needed trade (WAR), the turn's armies massed on
  // one front, attacks pressed harder where they finish the objective.
  bool plan = false;
  double threat_weight = 0;
};

// The "heuristic" bot for a WAR or WAR-II game (`game` must be a war::WarGame); throws
// quartel::Error on a bad parameter or another game.
std::unique_ptr<Bot> MakeWarHeuristicBot(const engine::Game& game,
                                         const std::map<std::string, std::string>& params,
                                         std::uint64_t seed);
// The WAR and WAR-II bots with their parameters already read; `spec` is what Spec() returns.
std::unique_ptr<Bot> MakeWarBot(const war::WarGame& game, const WarBotParams& params,
                                std::string spec, std::uint64_t seed);
std::unique_ptr<Bot> MakeWar2Bot(const war::WarGame& game, const WarBotParams& params,
                                 std::string spec, std::uint64_t seed);
// Registers "warplan" (war_planner.cc); RegisterHeuristicBot calls it.
void RegisterWarPlanBot();

}  // namespace quartel::ai
