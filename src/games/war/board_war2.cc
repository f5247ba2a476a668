// What WAR-II (seed 000) adds to the WAR rules on a Board (board.h): the setup by Strategic Centre
// cards and claims, card uses (armies, bombers, transport), air attacks round by round, airlifts,
// the hand limit and the Information Centres (spy_centre). Shared rules (ground combat, conquest,
// movement, objectives) are in board.cc.
#include <algorithm>
#include <bit>
#include <map>

#include "games/war/board.h"

namespace quartel::war {
namespace {

// The air dice (rulings): faces 0, 0, 0, 1, 2, 3.
constexpr std::array<double, 4> kAirFace = {0.5, 1.0 / 6, 1.0 / 6, 1.0 / 6};

}  // namespace

int Board::CeTerritoryOf(int card) const {
  for (int t : map_->war2_cards[card].territories) {
    if (map_->territories[t].strategic_centre) return t;
  }
  return -1;
}

// Seed section 2: the dealer deals the CE cards one by one, starting with itself; with 5 players
// only 10 of them (2 each), and each then chooses in turn.
void Board::DealCeNext() {
  const int to_deal = pos_.num_seats == 5 ? 10 : static_cast<int>(map_->strategic_centres.size());
  if (pos_.deal_index < to_deal && pos_.undealt) {
    pos_.phase = Phase::kCeDeal;
    pos_.seat = static_cast<std::int8_t>((pos_.dealer + pos_.deal_index) % pos_.num_seats);
    return;
  }
  if (pos_.num_seats == 5 && pos_.undealt) {
    pos_.ce_cards_left = pos_.undealt;
    pos_.undealt = 0;
    pos_.phase = Phase::kCeChoice;
    pos_.seat = pos_.dealer;
    return;
  }
  StartClaims();
}

// Then the dealer, and each player after it, claims a vacant territory with 1 army, until none
// is left; the player after the last claimer starts the game (seed sections 2 and 4).
void Board::StartClaims() {
  pos_.phase = Phase::kClaim;
  pos_.seat = pos_.dealer;
}

void Board::AfterClaim() {
  const Seat next = (pos_.seat + 1) % pos_.num_seats;
  pos_.seat = static_cast<std::int8_t>(next);
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    if (pos_.owner[t] < 0) return;
  }
  pos_.first_seat = static_cast<std::int8_t>(next);
  pos_.phase = Phase::kObjective;
  pos_.seat = 0;
}

// The card actions of the reinforcement, attack and movement phases, and the discards down to 5.
void Board::AppendCardActions(std::vector<Action>& out) const {
  if (pos_.phase != Phase::kDiscardDown) {
    AppendCardUses(out);
    AppendTransports(out);
  }
  // Discards at will (section 10): a number card of each value stands for all of that value.
  for (std::uint64_t m = DistinctCards(pos_.hand[pos_.seat]); m; m &= m - 1) {
    out.push_back(rules_->kDiscard + std::countr_zero(m));
  }
}

// Seed section 10a/b: one territory card (for one of its territories) for armies there, or for
// bombers from the box against an enemy territory of 2+ armies.
void Board::AppendCardUses(std::vector<Action>& out) const {
  const Seat seat = pos_.seat;
  for (std::uint64_t m = pos_.hand[seat]; m; m &= m - 1) {
    const int card = std::countr_zero(m);
    const auto& territories = map_->war2_cards[card].territories;
    for (std::size_t k = 0; k < territories.size(); ++k) {
      const int t = territories[k];
      const bool own = pos_.owner[t] == seat;
      if (own || (pos_.armies[t] >= 2 && BomberBox(seat) >= 1)) {
        out.push_back(rules_->kUse + 2 * card + static_cast<int>(k));
      }
    }
  }
}

// Section 10c: two cards of territories held, to transport armies between them.
void Board::AppendTransports(std::vector<Action>& out) const {
  const Rules& g = *rules_;
  const Seat seat = pos_.seat;
  const int cards = g.NumCards();
  for (std::uint64_t a = pos_.hand[seat]; a; a &= a - 1) {
    const int c1 = std::countr_zero(a);
    for (std::uint64_t b = a & (a - 1); b; b &= b - 1) {
      const int c2 = std::countr_zero(b);
      const auto& t1 = map_->war2_cards[c1].territories;
      const auto& t2 = map_->war2_cards[c2].territories;
      for (std::size_t k1 = 0; k1 < t1.size(); ++k1) {
        for (std::size_t k2 = 0; k2 < t2.size(); ++k2) {
          if (pos_.owner[t1[k1]] == seat && pos_.owner[t2[k2]] == seat) {
            out.push_back(g.kTransport + (cards * c1 + c2) * 4 + 2 * static_cast<int>(k1) +
                          static_cast<int>(k2));
          }
        }
      }
    }
  }
}

void Board::AfterDiscard() {
  // Seed section 10: used cards are reshuffled into the pile once there are 10 or more.
  if (std::popcount(pos_.discard) >= 10) {
    pos_.pile |= pos_.discard;
    pos_.discard = 0;
  }
}

// WAR-II's actions of the reinforcement, attack and movement phases and of a card use or a
// transport under way, by kind.
void Board::ApplyCardAction(Action action) {
  const Rules& g = *rules_;
  if (action >= g.kAir && action < g.kUse) return ApplyAirAttack(action);
  if (action >= g.kUse && action < g.kAddNumber) return ApplyCardUse(action);
  if (action >= g.kAddNumber && action < g.kTransport) {
    return ApplyNumberCard(action - g.kAddNumber + 1);
  }
  if (action >= g.kTransport && action < g.kCarry) return ApplyTransport(action);
  if (action == g.kCarry || action == g.kCarry + 1) return ApplyCarry(action);
  if (action >= g.kDiscard && action < g.kAirlift) return ApplyDiscard(action - g.kDiscard);
  if (action >= g.kAirlift && action < g.kAirRound) return ApplyAirlift(action);
  if (action == g.kEnd && pos_.phase == Phase::kCardUse) return FinishCardUse();
  if (action == g.kEnd && pos_.phase == Phase::kTransport) FinishTransport();
}

// Seed section 9a: an air attack with bombers of the air base; the rounds follow.
void Board::ApplyAirAttack(Action action) {
  const Seat seat = pos_.seat;
  const int t = (action - rules_->kAir) / 10;
  const int n = (action - rules_->kAir) % 10 + 1;
  pos_.bombers[seat] = static_cast<std::int8_t>(pos_.bombers[seat] - n);
  pos_.air_target = static_cast<std::int8_t>(t);
  pos_.air_bombers = static_cast<std::int16_t>(n);
  pos_.resume = pos_.phase;
  pos_.phase = Phase::kAirRound;
}

// Section 10a/b: a territory card used for armies on its territory, or bombers against it.
void Board::ApplyCardUse(Action action) {
  const Seat seat = pos_.seat;
  const int card = (action - rules_->kUse) / 2;
  const int t = map_->war2_cards[card].territories[(action - rules_->kUse) % 2];
  pos_.hand[seat] &= ~TerritoryBit(card);
  pos_.pending_cards = TerritoryBit(card);
  pos_.use_territory = static_cast<std::int8_t>(t);
  pos_.use_bombers = pos_.owner[t] != seat;
  pos_.use_amount = 1;
  pos_.resume = pos_.phase;
  pos_.phase = Phase::kCardUse;
}

// A number card of `value` added to the card use under way: `value` more armies or bombers.
void Board::ApplyNumberCard(int value) {
  const Seat seat = pos_.seat;
  for (std::uint64_t m = pos_.hand[seat]; m; m &= m - 1) {
    const int card = std::countr_zero(m);
    if (map_->war2_cards[card].number == value) {
      pos_.hand[seat] &= ~TerritoryBit(card);
      pos_.pending_cards |= TerritoryBit(card);
      pos_.use_amount = static_cast<std::int16_t>(pos_.use_amount + value);
      return;
    }
  }
}

// Section 10c: two cards open a transport between their territories.
void Board::ApplyTransport(Action action) {
  const int code = action - rules_->kTransport;
  const int pair = code / 4;
  const int c1 = pair / rules_->NumCards(), c2 = pair % rules_->NumCards();
  pos_.hand[pos_.seat] &= ~(TerritoryBit(c1) | TerritoryBit(c2));
  pos_.pending_cards = TerritoryBit(c1) | TerritoryBit(c2);
  pos_.transport_a = static_cast<std::int8_t>(map_->war2_cards[c1].territories[(code >> 1) & 1]);
  pos_.transport_b = static_cast<std::int8_t>(map_->war2_cards[c2].territories[code & 1]);
  pos_.transport_way = -1;
  pos_.resume = pos_.phase;
  pos_.phase = Phase::kTransport;
}

void Board::ApplyCarry(Action action) {
  const bool forward = action == rules_->kCarry;
  const int from = forward ? pos_.transport_a : pos_.transport_b;
  const int to = forward ? pos_.transport_b : pos_.transport_a;
  // Rulings: one way only, and the armies carried have moved for this turn.
  pos_.transport_way = static_cast<std::int8_t>(action - rules_->kCarry);
  --pos_.armies[from];
  ++pos_.armies[to];
  ++pos_.arrived[to];
  CheckVictory(pos_.seat);
}

void Board::ApplyDiscard(int card) {
  const Seat seat = pos_.seat;
  pos_.hand[seat] &= ~TerritoryBit(card);
  pos_.discard |= TerritoryBit(card);
  AfterDiscard();
  if (pos_.phase == Phase::kDiscardDown && std::popcount(pos_.hand[seat]) <= 5) StartDraws();
}

// Section 11: one army flown between two Strategic Centres held.
void Board::ApplyAirlift(Action action) {
  const int from = map_->strategic_centres[(action - rules_->kAirlift) / 12];
  const int to = map_->strategic_centres[(action - rules_->kAirlift) % 12];
  --pos_.armies[from];
  ++pos_.armies[to];
  ++pos_.arrived[to];
  CheckVictory(pos_.seat);
}

// "done" on a card use: the armies are placed, or the bombers attack round by round.
void Board::FinishCardUse() {
  DiscardPending();
  const int t = pos_.use_territory;
  if (!pos_.use_bombers) {
    pos_.armies[t] = static_cast<std::int16_t>(pos_.armies[t] + pos_.use_amount);
    pos_.phase = pos_.resume;
    CheckVictory(pos_.seat);
    AfterReinforcement();
    return;
  }
  // Section 9b: the bombers come from the box, not the base.
  pos_.air_target = static_cast<std::int8_t>(t);
  pos_.air_bombers = pos_.use_amount;
  pos_.phase = Phase::kAirRound;
}

void Board::FinishTransport() {
  DiscardPending();
  pos_.phase = pos_.resume;
  AfterReinforcement();
}

// One air round (seed section 9): the defender's anti-aircraft die shoots down 0-3 bombers; if any
// are left, the attacker's bomb die destroys 0-3 armies, never the last one. Outcomes are the
// (shot down, destroyed) pairs with their exact probabilities.
void Board::AirRoundOutcomes(std::vector<engine::ChanceOutcome>& out) const {
  std::map<int, double> merged;
  const int bombers = pos_.air_bombers;
  const int spare = pos_.armies[pos_.air_target] - 1;
  for (int aa = 0; aa < 4; ++aa) {
    const int hit = std::min(aa, bombers);
    if (hit == bombers) {
      merged[4 * hit] += kAirFace[aa];
      continue;
    }
    for (int bomb = 0; bomb < 4; ++bomb) {
      merged[4 * hit + std::min(bomb, spare)] += kAirFace[aa] * kAirFace[bomb];
    }
  }
  for (const auto& [code, probability] : merged) {
    out.push_back({rules_->kAirRound + code, probability});
  }
}

void Board::ApplyAirRound(int shot_down, int destroyed) {
  const Seat seat = pos_.seat;
  pos_.air_bombers = static_cast<std::int16_t>(pos_.air_bombers - shot_down);
  pos_.armies[pos_.air_target] =
      static_cast<std::int16_t>(pos_.armies[pos_.air_target] - destroyed);
  if (pos_.air_bombers > 0 && pos_.armies[pos_.air_target] > 1) return;  // another round
  // Survivors go back to the box; Variante I sends them to the air base instead.
  if (rules_->variant1()) {
    pos_.bombers[seat] = static_cast<std::int8_t>(
        std::min(map_->war2_bombers, pos_.bombers[seat] + pos_.air_bombers));
  }
  pos_.air_bombers = 0;
  pos_.air_target = -1;
  pos_.phase = pos_.resume;
}

// Seed section 10: a turn with a conquest ends with 3 cards drawn, never above 5 in hand.
void Board::StartDraws() {
  const int room = 5 - std::popcount(pos_.hand[pos_.seat]);
  pos_.draws_left = static_cast<std::int8_t>(pos_.conquered ? std::min(3, std::max(0, room)) : 0);
  if (pos_.draws_left > 0 && (pos_.pile | pos_.discard)) {
    pos_.phase = Phase::kDraw;
    return;
  }
  pos_.draws_left = 0;
  NextTurn();
}

// --- Information Centres (spy_centre=true, seed section 15) --------------------------------------

bool Board::SeesHand(Seat viewer, Seat s) const {
  if (Revealed() || viewer == s) return true;
  if (viewer < 0) return false;
  if (pos_.spied == s && pos_.seat == viewer && CurrentSeat() >= 0) return true;
  return pos_.ci[s] >= 0 && pos_.owner[pos_.ci[s]] == viewer;  // holds s's captured CI
}

bool Board::SeesObjective(Seat viewer, Seat s) const {
  if (Revealed() || viewer == s) return true;
  return viewer >= 0 && pos_.ci[s] >= 0 && pos_.owner[pos_.ci[s]] == viewer;
}

void Board::AppendCiActions(std::vector<Action>& out) const {
  const Rules& g = *rules_;
  if (!g.spy_centre()) return;
  const Seat seat = pos_.seat;
  // The CI goes on a territory of its owner in the first or at the latest the second round
  // (rounds 1 (a), 1 (b) and 2: the seat's first three turns).
  if (pos_.ci[seat] < 0 && pos_.turns_begun[seat] <= 3) {
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (pos_.owner[t] == seat) out.push_back(g.kPlaceCi + t);
    }
  }
  // Spying: the own CI on the board under its owner's control, one opponent per turn.
  if (pos_.ci[seat] >= 0 && pos_.owner[pos_.ci[seat]] == seat && pos_.spied < 0) {
    for (Seat s = 0; s < pos_.num_seats; ++s) {
      if (s != seat && pos_.eliminated_by[s] < 0) out.push_back(g.kSpy + s);
    }
  }
  // Moves and transports of the CIs the seat holds: in the movement phase only.
  if (pos_.phase != Phase::kMove) return;
  AppendCiMoves(out);
  AppendCiTransports(out);
}

// One step to a neighbour, or between Strategic Centres by air, once per turn for each CI.
void Board::AppendCiMoves(std::vector<Action>& out) const {
  const Rules& g = *rules_;
  const Seat seat = pos_.seat;
  for (Seat o = 0; o < pos_.num_seats; ++o) {
    const int at = pos_.ci[o];
    if (at < 0 || pos_.owner[at] != seat || (pos_.ci_moved >> o & 1)) continue;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (t == at || pos_.owner[t] != seat) continue;
      const bool airlift = g.CeIndex(at) >= 0 && g.CeIndex(t) >= 0;
      if (map_->FindLink(at, t) >= 0 || airlift) out.push_back(g.kMoveCi + 64 * o + t);
    }
  }
}

// Transport anywhere of one's own, paid with two cards of territories held; like a move, once per
// turn and only in the movement phase (rulings; seed section 15: "deslocado uma única vez").
void Board::AppendCiTransports(std::vector<Action>& out) const {
  const Seat seat = pos_.seat;
  int payable = 0;
  for (std::uint64_t m = pos_.hand[seat]; m; m &= m - 1) {
    const auto& ts = map_->war2_cards[std::countr_zero(m)].territories;
    payable += std::any_of(ts.begin(), ts.end(), [&](int t) { return pos_.owner[t] == seat; });
  }
  for (Seat o = 0; o < pos_.num_seats && payable >= 2; ++o) {
    const int at = pos_.ci[o];
    if (at < 0 || pos_.owner[at] != seat || (pos_.ci_moved >> o & 1)) continue;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (t != at && pos_.owner[t] == seat) out.push_back(rules_->kCiTransport + 64 * o + t);
    }
  }
}

void Board::ApplyCiAction(Action action) {
  const Rules& g = *rules_;
  const Seat seat = pos_.seat;
  if (pos_.phase == Phase::kCiPay) return ApplyCiPayment(action - g.kDiscard);
  if (action < g.kSpy) {
    pos_.ci[seat] = static_cast<std::int8_t>(action - g.kPlaceCi);
  } else if (action < g.kMoveCi) {
    pos_.spied = static_cast<std::int8_t>(action - g.kSpy);
  } else if (action < g.kCiTransport) {
    const int owner = (action - g.kMoveCi) / 64;
    pos_.ci[owner] = static_cast<std::int8_t>((action - g.kMoveCi) % 64);
    pos_.ci_moved |= 1u << owner;
  } else {
    pos_.ci_pay_owner = static_cast<std::int8_t>((action - g.kCiTransport) / 64);
    pos_.ci_pay_to = static_cast<std::int8_t>((action - g.kCiTransport) % 64);
    pos_.ci_pay_left = 2;
    pos_.resume = pos_.phase;
    pos_.phase = Phase::kCiPay;
  }
}

// One of the two cards paying for a CI transport; the second moves the CI.
void Board::ApplyCiPayment(int card) {
  pos_.hand[pos_.seat] &= ~TerritoryBit(card);
  pos_.discard |= TerritoryBit(card);
  AfterDiscard();
  if (--pos_.ci_pay_left == 0) {
    pos_.ci[pos_.ci_pay_owner] = pos_.ci_pay_to;
    pos_.ci_moved |= 1u << pos_.ci_pay_owner;
    pos_.ci_pay_owner = pos_.ci_pay_to = -1;
    pos_.phase = pos_.resume;
  }
}

}  // namespace quartel::war
