// WAR's SampleConsistentState: a state the seat cannot tell apart from the true one, the cards
// and objectives it has not seen dealt again (war.h, "Hidden information"; rulings "WAR").
#include <algorithm>

#include "games/war/war.h"

namespace quartel::war {
// Until the game is over, a seat does not know the hands it does not see, the pile, the discards
// (WAR's), the objectives it does not see and those not drawn: a sample draws them again. (WAR's
// discards are mostly cards shown when traded, but the rest of an eliminated or resigned hand goes
// there unseen, and a seat's view shows only their number: a sample that kept them would depend on
// what the view hides. WAR-II's lie face up, rulings "WAR-II": every view shows them, and a sample
// keeps them.)
std::unique_ptr<engine::State> WarState::SampleConsistentState(Seat seat, Rng& rng) const {
  auto sample = std::make_unique<WarState>(*this);
  if (pos().phase == Phase::kOver) return sample;  // an ending shows everything
  Position p = pos();
  RedealUnseenCards(seat, p, rng);
  sample->board_.Replace(p);
  RedrawUnseenObjectives(seat, *sample, rng);
  return sample;
}

// Cards the seat has not seen, the opponents' hands, the pile and WAR's discards, shuffled and
// dealt again in the same numbers.
void WarState::RedealUnseenCards(Seat seat, Position& p, Rng& rng) const {
  std::vector<int> unseen;
  const bool discards_seen = game_->DiscardsFaceUp();
  std::uint64_t unseen_mask = p.pile | (discards_seen ? 0 : p.discard);
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (!board_.SeesHand(seat, s)) unseen_mask |= p.hand[s];
  }
  for (std::uint64_t m = unseen_mask; m; m &= m - 1) unseen.push_back(std::countr_zero(m));
  for (std::size_t i = unseen.size(); i > 1; --i) {
    std::swap(unseen[i - 1], unseen[rng.Below(static_cast<std::uint64_t>(i))]);
  }
  std::size_t next = 0;
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (board_.SeesHand(seat, s)) continue;
    const int count = std::popcount(p.hand[s]);
    p.hand[s] = 0;
    for (int k = 0; k < count; ++k) p.hand[s] |= TerritoryBit(unseen[next++]);
  }
  if (!discards_seen) {
    const int discards = std::popcount(p.discard);
    p.discard = 0;
    for (int k = 0; k < discards; ++k) p.discard |= TerritoryBit(unseen[next++]);
  }
  p.pile = 0;
  for (; next < unseen.size(); ++next) p.pile |= TerritoryBit(unseen[next]);
}

// Objectives the seat has not seen: the others' drawn ones and the undrawn rest. The game is not
// over, so no opponent meets its objective yet: such deals are drawn again (the true deal
// qualifies, so this ends).
void WarState::RedrawUnseenObjectives(Seat seat, WarState& sample, Rng& rng) const {
  Position p = sample.pos();
  std::vector<int> objectives;
  std::uint64_t pool = p.objectives_left;
  int unknown = 0;
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (board_.SeesObjective(seat, s) || p.objective[s] < 0) continue;
    pool |= TerritoryBit(p.objective[s]);
    ++unknown;
  }
  for (std::uint64_t m = pool; m; m &= m - 1) objectives.push_back(std::countr_zero(m));
  if (unknown > static_cast<int>(objectives.size())) {
    throw Error("war: two seats hold the same objective card");  // not a reachable state
  }
  for (int attempt = 0; attempt < 1000; ++attempt) {
    for (std::size_t i = objectives.size(); i > 1; --i) {
      std::swap(objectives[i - 1], objectives[rng.Below(static_cast<std::uint64_t>(i))]);
    }
    std::size_t next = 0;
    for (Seat s = 0; s < p.num_seats; ++s) {
      if (!board_.SeesObjective(seat, s) && p.objective[s] >= 0) {
        p.objective[s] = static_cast<std::int8_t>(objectives[next++]);
      }
    }
    p.objectives_left = 0;
    for (; next < objectives.size(); ++next) p.objectives_left |= TerritoryBit(objectives[next]);
    sample.board_.Replace(p);
    bool possible = true;
    for (Seat s = 0; s < p.num_seats && possible; ++s) {
      if (s != seat && p.eliminated_by[s] < 0 && sample.board_.ObjectiveMet(s)) possible = false;
    }
    if (possible) return;
  }
  p.objective = pos().objective;  // practically unreachable
  p.objectives_left = pos().objectives_left;
  sample.board_.Replace(p);
}

}  // namespace quartel::war
