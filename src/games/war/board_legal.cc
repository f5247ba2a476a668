// The legal actions of each phase of WAR and WAR-II on a Board (board.h), and the outcomes of a
// chance node with their exact probabilities. Each list is built in increasing action order.
#include <algorithm>
#include <bit>
#include <vector>

#include "games/war/board.h"
#include "games/war/dice.h"

namespace quartel::war {
bool Board::CanPlace(int territory) const {
  if (pos_.owner[territory] != pos_.seat) return false;
  // WAR: with 5 cards a trade comes first. WAR-II has no trades; 5 is its hand limit.
  if (!rules_->war2() && std::popcount(pos_.hand[pos_.seat]) >= kForcedTradeHand) return false;
  return pos_.general_pool > 0 || pos_.continent_pool[map_->territories[territory].continent] > 0;
}

int Board::Movable(int territory) const {
  return std::max(0, pos_.armies[territory] - std::max<int>(1, pos_.arrived[territory]));
}

void Board::LegalActions(std::vector<Action>& out) const {
  out.clear();
  const Rules& g = *rules_;
  switch (pos_.phase) {
    case Phase::kDealer:
    case Phase::kDeal:
    case Phase::kObjective:
    case Phase::kSpoils:
    case Phase::kDraw:
    case Phase::kBattle:
    case Phase::kCeDeal:
    case Phase::kAirRound:
      return AppendChanceActions(out);
    case Phase::kReinforce:
      return AppendReinforcementActions(out);
    case Phase::kAttack:
      return AppendAttackActions(out);
    case Phase::kOccupy:
      for (int k = 1; k <= pos_.attack_dice; ++k) out.push_back(g.kOccupy + k - 1);
      return;
    case Phase::kMove:
      return AppendMovementActions(out);
    case Phase::kCeChoice:
      return AppendCeChoices(out);
    case Phase::kClaim:
      for (int t = 0; t < map_->NumTerritories(); ++t) {
        if (pos_.owner[t] < 0) out.push_back(t);
      }
      return;
    case Phase::kCardUse:
      return AppendNumberCards(out);
    case Phase::kTransport:
      return AppendTransportSteps(out);
    case Phase::kDiscardDown:
      return AppendCardActions(out);
    case Phase::kCiPay:
      return AppendCiPayments(out);
    case Phase::kOver:
      return;
  }
}

// A transport under way: done, or one more army carried, one way only, of those that have not
// moved this turn.
void Board::AppendTransportSteps(std::vector<Action>& out) const {
  const Rules& g = *rules_;
  out.push_back(g.kEnd);
  if (pos_.transport_way != 1 && Movable(pos_.transport_a) > 0) out.push_back(g.kCarry);
  if (pos_.transport_way != 0 && Movable(pos_.transport_b) > 0) out.push_back(g.kCarry + 1);
  std::sort(out.begin(), out.end());
}

// The outcomes of a chance node, in ChanceOutcomes' order.
void Board::AppendChanceActions(std::vector<Action>& out) const {
  const Rules& g = *rules_;
  auto append_each = [&](std::uint64_t choices) {
    for (std::uint64_t m = choices; m; m &= m - 1) out.push_back(g.kChance + std::countr_zero(m));
  };
  switch (pos_.phase) {
    case Phase::kDealer:
      for (int s = 0; s < pos_.num_seats; ++s) out.push_back(g.kChance + s);
      return;
    case Phase::kDeal:
    case Phase::kCeDeal:
      return append_each(pos_.undealt);
    case Phase::kObjective:
      return append_each(pos_.objectives_left);
    case Phase::kSpoils:
    case Phase::kDraw:
      return append_each(DistinctCards(CardSource()));
    case Phase::kBattle: {
      const int pairs = RollOdds(pos_.attack_dice, std::min(3, +pos_.armies[pos_.attack_to])).pairs;
      for (int i = 0; i <= pairs; ++i) out.push_back(g.kBattle + i);
      return;
    }
    case Phase::kAirRound: {
      std::vector<engine::ChanceOutcome> outcomes;
      AirRoundOutcomes(outcomes);
      for (const auto& o : outcomes) out.push_back(o.action);
      return;
    }
    default:
      return;
  }
}

void Board::AppendReinforcementActions(std::vector<Action>& out) const {
  const Rules& g = *rules_;
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    if (CanPlace(t)) out.push_back(t);
  }
  if (g.war2()) {
    AppendCardActions(out);
    AppendCiActions(out);
    return;
  }
  if (InFirstRound()) return;
  if (ArmiesToPlace() == 0 && std::popcount(pos_.hand[pos_.seat]) < kForcedTradeHand) {
    out.push_back(g.kEnd);
  }
  for (int combo = 0; combo < kTradeCombos; ++combo) {
    if (TradeLegal(combo)) out.push_back(g.kTrade + combo);
  }
}

void Board::AppendAttackActions(std::vector<Action>& out) const {
  const Rules& g = *rules_;
  const int territories = map_->NumTerritories();
  for (int from = 0; from < territories; ++from) {
    if (pos_.owner[from] != pos_.seat || pos_.armies[from] < 2) continue;
    const int max_dice = std::min(3, pos_.armies[from] - 1);
    for (int l = map_->first_link[from]; l < map_->first_link[from + 1]; ++l) {
      if (pos_.owner[map_->links[l].to] == pos_.seat) continue;
      for (int d = 1; d <= max_dice; ++d) out.push_back(g.kAttack + 3 * l + d - 1);
    }
  }
  out.push_back(g.kEnd);
  if (!g.war2()) return;
  AppendAirAttacks(out);
  AppendCardActions(out);
  AppendCiActions(out);
}

// Seed section 9a: bombers from the air base against any enemy territory of 2+ armies.
void Board::AppendAirAttacks(std::vector<Action>& out) const {
  const int bombers = pos_.bombers[pos_.seat];
  for (int t = 0; t < map_->NumTerritories() && bombers > 0; ++t) {
    if (pos_.owner[t] == pos_.seat || pos_.armies[t] < 2) continue;
    for (int n = 1; n <= std::min(10, bombers); ++n) out.push_back(rules_->kAir + 10 * t + n - 1);
  }
}

void Board::AppendMovementActions(std::vector<Action>& out) const {
  const Rules& g = *rules_;
  for (int from = 0; from < map_->NumTerritories(); ++from) {
    if (pos_.owner[from] != pos_.seat || Movable(from) == 0) continue;
    for (int l = map_->first_link[from]; l < map_->first_link[from + 1]; ++l) {
      if (pos_.owner[map_->links[l].to] == pos_.seat) out.push_back(g.kMove + l);
    }
  }
  out.push_back(g.kEnd);
  if (!g.war2()) return;
  AppendCardActions(out);
  AppendAirlifts(out);
  AppendCiActions(out);
}

// Seed section 11: airlift between any two Strategic Centres held (neighbours move by land, so
// the airlift is offered only between CEs that do not border each other).
void Board::AppendAirlifts(std::vector<Action>& out) const {
  const Rules& g = *rules_;
  const auto& ces = map_->strategic_centres;
  for (std::size_t i = 0; i < ces.size(); ++i) {
    if (pos_.owner[ces[i]] != pos_.seat || Movable(ces[i]) == 0) continue;
    for (std::size_t j = 0; j < ces.size(); ++j) {
      if (i == j || pos_.owner[ces[j]] != pos_.seat || map_->FindLink(ces[i], ces[j]) >= 0) {
        continue;
      }
      out.push_back(g.kAirlift + 12 * static_cast<int>(i) + static_cast<int>(j));
    }
  }
}

// Seed, 5 players: (a) one of the two CE cards left, or (b) two vacant territories, neither a CE,
// not both in one continent. Two players take (a), three take (b).
void Board::AppendCeChoices(std::vector<Action>& out) const {
  const bool option_a = pos_.claim_first < 0 && pos_.ce_cards_left != 0;
  const bool option_b = pos_.choices_b < 3;
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    if (pos_.owner[t] >= 0) continue;
    const bool ce = map_->territories[t].strategic_centre;
    if (ce && option_a && (pos_.ce_cards_left & TerritoryBit(rules_->CardOf(t)))) out.push_back(t);
    if (!ce && option_b &&
        (pos_.claim_first < 0 ||
         map_->territories[t].continent != map_->territories[pos_.claim_first].continent)) {
      out.push_back(t);
    }
  }
}

// A card use in progress: done, or a number card of a value in the hand.
void Board::AppendNumberCards(std::vector<Action>& out) const {
  out.push_back(rules_->kEnd);  // done
  std::array<bool, 3> have{};
  for (std::uint64_t m = pos_.hand[pos_.seat]; m; m &= m - 1) {
    const int number = map_->war2_cards[std::countr_zero(m)].number;
    if (number > 0) have[number - 1] = true;
  }
  for (int v = 1; v <= 3; ++v) {
    // Bombers for a card attack come from the box, which must hold them all (seed, 9b).
    if (have[v - 1] && (!pos_.use_bombers || pos_.use_amount + v <= BomberBox(pos_.seat))) {
      out.push_back(rules_->kAddNumber + v - 1);
    }
  }
}

// A CI transport is paid with territory cards of territories the seat holds (seed section 15).
void Board::AppendCiPayments(std::vector<Action>& out) const {
  for (std::uint64_t m = pos_.hand[pos_.seat]; m; m &= m - 1) {
    const int card = std::countr_zero(m);
    const auto& ts = map_->war2_cards[card].territories;
    if (std::any_of(ts.begin(), ts.end(), [&](int t) { return pos_.owner[t] == pos_.seat; })) {
      out.push_back(rules_->kDiscard + card);
    }
  }
}

std::vector<engine::ChanceOutcome> Board::ChanceOutcomes() const {
  std::vector<engine::ChanceOutcome> out;
  if (CurrentSeat() != engine::kChanceSeat) return out;
  if (pos_.phase == Phase::kAirRound) {
    AirRoundOutcomes(out);
    return out;
  }
  if (pos_.phase == Phase::kBattle) {
    const BattleRoll& roll = RollOdds(pos_.attack_dice, std::min(3, +pos_.armies[pos_.attack_to]));
    for (int i = 0; i <= roll.pairs; ++i) {
      out.push_back({rules_->kBattle + i, roll.attacker_loses[i]});
    }
    return out;
  }
  std::vector<Action> actions;
  LegalActions(actions);
  if (pos_.phase == Phase::kDraw || pos_.phase == Phase::kSpoils) {
    // A card drawn at random: identical cards are one outcome, as likely as they are many.
    const std::uint64_t source = CardSource();
    const double cards = std::popcount(source);
    for (Action a : actions) {
      out.push_back({a, SameCards(a - rules_->kChance, source) / cards});
    }
    return out;
  }
  for (Action a : actions) out.push_back({a, 1.0 / static_cast<double>(actions.size())});
  return out;
}

}  // namespace quartel::war
