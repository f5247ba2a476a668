// "warplan" (issue 23, section 2): the WAR and WAR-II bots (war_bot.h) with planning switched on.
// What planning adds to the heuristic, from the seat's own view only:
//   - the others' objectives, inferred from the board: for each opponent, every objective card it
//     may hold (not the seat's own, not one seen elsewhere; the one seen through a captured
//     Information Centre; "3 CEs" once reduced) is weighed by how far the opponent has got with
//     it (players pursue their objectives), and the territories that keep a nearly met objective
//     alive are worth breaking (Threats);
//   - an attack pressed at any chance where the conquest meets the seat's own objective at once;
//   - an opponent's last territory worth its cards (they go to the eliminator);
//   - WAR-II: bombers spent only where they lift a conquest chance clearly;
//   - turn by turn, a style of attack (the heuristic's thresholds, bolder, more cautious) chosen
//     by short rollouts: from `rollouts` states its seat cannot tell from the real one, each
//     style plays two rounds against the heuristic (the same samples and dice for each), and the
//     position is scored by the seat's progress and share of the armies less the nearest rival's
//     progress (a win 1, a loss 0).
// Keys: rollouts=N (default 0: the planned heuristic alone; the rollouts have not measured
// stronger yet, issue 23), threat=X (default 10, the weight of breaking others' objectives),
// attack=P, card=P. Deterministic for a seed.
#pragma once

#include <array>

#include "engine/state.h"
#include "games/war/map.h"

namespace quartel::war {
class WarState;
}

namespace quartel::ai {

struct Threats {
  // What taking territory t from its owner does to that owner's likely objectives: 0 for a
  // territory that no nearly met objective needs, about 1 for one that a likely, nearly met one
  // does.
  std::array<double, war::kMaxTerritories> break_value{};
  // How near each seat seems to its objective, 0 to 1 (0 for the seat itself).
  std::array<double, war::kMaxSeats> danger{};
};

// The threats of the others' objectives as `seat` may infer them from `view`: a state its seat
// cannot tell from the real one, of which only the public board and what the seat sees are read.
Threats InferThreats(const war::WarState& view, engine::Seat seat);

}  // namespace quartel::ai
