// WAR's facts (war.h, "Facts"): each action as a viewer may see it played, and the steps of a
// turn, as data. They hide what ActionToStringFor hides (another seat's card drawn or taken, its
// objective, a trade's cards before the trade is played), and the conformance suite compares them
// between states a viewer cannot tell apart. The words (notation.cc, and DescribeTurn's summary
// in views.cc) are not yet written from them.
#include <algorithm>
#include <bit>

#include "games/war/dice.h"
#include "games/war/odds.h"
#include "games/war/war.h"

namespace quartel::war {

Json WarState::ActionFacts(Action action, Seat viewer) const {
  const WarGame& g = *game_;
  const Json invalid{{"kind", "invalid"}, {"action", action}};
  if (action < 0 || action >= g.NumDistinctActions()) return invalid;
  if (g.spy_centre() && action >= g.kPlaceCi) return CiFacts(action);
  if (g.war2() && action >= g.kAirRound) {
    const int code = action - g.kAirRound;
    Json fact{{"kind", "air_round"}, {"shot", code / 4}, {"destroyed", code % 4}};
    if (pos().phase == Phase::kAirRound) fact["target"] = TerritoryId(pos().air_target);
    return fact;
  }
  if (g.war2() && action >= g.kAir) return War2Facts(action);
  if (action >= g.kChance) {
    return CurrentSeat() == engine::kChanceSeat ? ChanceFacts(action, viewer) : invalid;
  }
  if (action < g.kAttack) {
    if (pos().phase == Phase::kClaim || pos().phase == Phase::kCeChoice) {
      return Json{{"kind", "claim"}, {"territory", TerritoryId(action)}};
    }
    return Json{{"kind", "place"}, {"territory", TerritoryId(action)}, {"count", 1}};
  }
  if (action < g.kOccupy) {
    const Link& link = map_->links[(action - g.kAttack) / 3];
    return Json{{"kind", "attack"},
                {"from", TerritoryId(link.from)},
                {"to", TerritoryId(link.to)},
                {"dice", (action - g.kAttack) % 3 + 1}};
  }
  if (action < g.kMove) return Json{{"kind", "occupy"}, {"count", action - g.kOccupy + 1}};
  if (action < g.kEnd) {
    const Link& link = map_->links[action - g.kMove];
    return Json{{"kind", "move"},
                {"from", TerritoryId(link.from)},
                {"to", TerritoryId(link.to)},
                {"count", 1}};
  }
  if (action == g.kEnd) {
    const bool done = pos().phase == Phase::kCardUse || pos().phase == Phase::kTransport;
    return Json{{"kind", done ? "done" : "end"}};
  }
  return TradeFacts(action, viewer);
}

// A trade names its cards to those who see the hand: once played they are shown to everyone
// (seed, TROCA DE CARTAS), in the turn's words.
Json WarState::TradeFacts(Action action, Seat viewer) const {
  Json fact{{"kind", "trade"}};
  if (!board_.SeesHand(viewer, pos().seat)) return fact;
  Json cards = Json::array();
  for (int position : Board::TradeCombo(action - game_->kTrade)) {
    if (position >= std::popcount(pos().hand[pos().seat])) return fact;
    cards.push_back(CardId(board_.Hand(pos().seat)[static_cast<std::size_t>(position)]));
  }
  fact["cards"] = std::move(cards);
  return fact;
}

// A chance outcome as `viewer` may know it: the card or objective of another seat is not named.
Json WarState::ChanceFacts(Action action, Seat viewer) const {
  const WarGame& g = *game_;
  const int i = action - g.kChance;
  const Seat seat = pos().seat;
  // Any id may be asked about (EverythingShown asks every one): a card or objective out of range
  // is no action here, for those who would be told which it is.
  const int cards = g.war2() ? static_cast<int>(map_->war2_cards.size()) : map_->NumCards();
  const Json invalid{{"kind", "invalid"}, {"action", action}};
  switch (pos().phase) {
    case Phase::kDealer:
      return Json{{"kind", "dealer"}, {"seat", i}};
    case Phase::kDeal:
      return Json{{"kind", "deal"}, {"seat", seat}, {"territory", TerritoryId(i)}};
    case Phase::kCeDeal:
      if (i >= cards) return invalid;
      return Json{{"kind", "deal"}, {"seat", seat}, {"card", CardId(i)}};
    case Phase::kObjective: {
      Json fact{{"kind", "objective"}, {"seat", seat}};
      if (!board_.SeesObjective(viewer, seat)) return fact;
      if (i >= static_cast<int>(g.Objectives().size())) return invalid;
      fact["objective"] = i + 1;
      return fact;
    }
    case Phase::kDraw:
    case Phase::kSpoils: {
      Json fact{{"kind", pos().phase == Phase::kDraw ? "draw" : "take"}, {"seat", seat}};
      if (pos().phase == Phase::kSpoils) fact["from"] = +pos().spoils_victim;
      if (!board_.SeesHand(viewer, seat)) return fact;
      if (i >= cards) return invalid;
      fact["card"] = CardId(i);
      return fact;
    }
    case Phase::kBattle: {
      const int lost = action - g.kBattle;
      const int defence = std::min(3, +pos().armies[pos().attack_to]);
      if (lost < 0 || lost > std::min(+pos().attack_dice, defence)) {
        return invalid;
      }
      const ShownDice dice = ShownRoll(lost);
      return Json{
          {"kind", "roll"},
          {"from", TerritoryId(pos().attack_from)},
          {"to", TerritoryId(pos().attack_to)},
          {"attack", std::vector<int>(dice.attack.begin(), dice.attack.begin() + dice.attack_dice)},
          {"defence",
           std::vector<int>(dice.defence.begin(), dice.defence.begin() + dice.defence_dice)},
          {"lost", lost},
          {"destroyed", std::min(dice.attack_dice, dice.defence_dice) - lost}};
    }
    default:
      return invalid;
  }
}

Json WarState::War2Facts(Action action) const {
  const WarGame& g = *game_;
  const Json invalid{{"kind", "invalid"}, {"action", action}};
  if (action < g.kUse) {
    return Json{{"kind", "air"},
                {"to", TerritoryId((action - g.kAir) / 10)},
                {"bombers", (action - g.kAir) % 10 + 1}};
  }
  if (action < g.kAddNumber) {
    const int card = (action - g.kUse) / 2;
    const auto& ts = map_->war2_cards[card].territories;
    const std::size_t k = (action - g.kUse) % 2;
    Json fact{{"kind", "use"}, {"card", CardId(card)}};
    if (k < ts.size()) fact["territory"] = TerritoryId(ts[k]);
    return fact;
  }
  if (action < g.kTransport) {
    return Json{{"kind", "add"}, {"card", fmt::format("n{}", action - g.kAddNumber + 1)}};
  }
  if (action < g.kCarry) {
    const auto between = TransportTerritories(action);
    if (!between) return invalid;
    return Json{{"kind", "transport"},
                {"from", TerritoryId(between->first)},
                {"to", TerritoryId(between->second)}};
  }
  if (action < g.kDiscard) {
    const bool forward = action == g.kCarry;
    const int from = forward ? pos().transport_a : pos().transport_b;
    const int to = forward ? pos().transport_b : pos().transport_a;
    return Json{
        {"kind", "carry"}, {"from", TerritoryId(from)}, {"to", TerritoryId(to)}, {"count", 1}};
  }
  if (action < g.kAirlift) return Json{{"kind", "discard"}, {"card", CardId(action - g.kDiscard)}};
  const int i = (action - g.kAirlift) / 12, j = (action - g.kAirlift) % 12;
  const auto& ces = map_->strategic_centres;
  if (i >= static_cast<int>(ces.size()) || j >= static_cast<int>(ces.size())) return invalid;
  return Json{{"kind", "airlift"},
              {"from", TerritoryId(ces[i])},
              {"to", TerritoryId(ces[j])},
              {"count", 1}};
}

Json WarState::CiFacts(Action action) const {
  const WarGame& g = *game_;
  if (action < g.kSpy)
    return Json{{"kind", "centre"}, {"territory", TerritoryId(action - g.kPlaceCi)}};
  if (action < g.kMoveCi) return Json{{"kind", "spy"}, {"seat", action - g.kSpy}};
  const bool transport = action >= g.kCiTransport;
  const int code = action - (transport ? g.kCiTransport : g.kMoveCi);
  return Json{{"kind", transport ? "centre_transport" : "centre_move"},
              {"seat", code / 64},
              {"territory", TerritoryId(code % 64)}};
}

// One step per action, each as ActionFacts tells it in the state it was played in; a roll says
// whether it conquered the territory (and whom that eliminated).
Json WarState::TurnSteps(std::span<const Action> actions, Seat viewer) const {
  WarState state(*this);
  Json steps = Json::array();
  for (Action action : actions) {
    Json fact = state.ActionFacts(action, viewer);
    const Position before = state.pos();
    state.DoApplyAction(action, nullptr);
    if (fact.at("kind") == "roll") {
      const int to = before.attack_to;
      const bool conquered = state.pos().owner[to] != before.owner[to];
      fact["conquered"] = conquered;
      const Seat victim = before.owner[to];
      if (conquered && victim != kNeutral && state.pos().eliminated_by[victim] >= 0) {
        fact["eliminated"] = victim;
      }
    }
    steps.push_back(std::move(fact));
  }
  return steps;
}

}  // namespace quartel::war
