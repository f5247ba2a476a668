// WAR-II (seed 000) on top of the WAR engine: the setup by Strategic Centre cards and claims, card
// uses (armies, bombers, transport), air attacks round by round, airlifts and the hand limit.
// Shared rules (ground combat, conquest, movement, objectives) stay in war.cc.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <map>

#include "core/error.h"
#include "games/war/dice.h"
#include "games/war/war.h"

namespace quartel::war {
namespace {

std::uint64_t Bit(int i) { return std::uint64_t{1} << i; }

// The air dice (rulings): faces 0, 0, 0, 1, 2, 3.
constexpr std::array<double, 4> kAirFace = {0.5, 1.0 / 6, 1.0 / 6, 1.0 / 6};

}  // namespace

int WarState::CeTerritoryOf(int card) const {
  for (int t : map_->war2_cards[card].territories) {
    if (map_->territories[t].strategic_centre) return t;
  }
  return -1;
}

// Seed section 2: the dealer deals the CE cards one by one, starting with itself; with 5 players
// only 10 of them (2 each), and each then chooses in turn.
void WarState::DealCeNext() {
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
void WarState::StartClaims() {
  pos_.phase = Phase::kClaim;
  pos_.seat = pos_.dealer;
}

void WarState::AfterClaim() {
  const Seat next = (pos_.seat + 1) % pos_.num_seats;
  pos_.seat = static_cast<std::int8_t>(next);
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    if (pos_.owner[t] < 0) return;
  }
  pos_.first_seat = static_cast<std::int8_t>(next);
  pos_.phase = Phase::kObjective;
  pos_.seat = 0;
}

void WarState::AppendCardActions(std::vector<Action>& out) const {
  const WarGame& g = *game_;
  const Seat seat = pos_.seat;
  const std::uint64_t hand = pos_.hand[seat];
  const int cards = g.NumCards();
  if (pos_.phase != Phase::kDiscardDown) {
    // Seed section 10a/b: one territory card (for one of its territories) for armies there, or
    // for bombers from the box against an enemy territory of 2+ armies.
    for (std::uint64_t m = hand; m; m &= m - 1) {
      const int card = std::countr_zero(m);
      const auto& territories = map_->war2_cards[card].territories;
      for (std::size_t k = 0; k < territories.size(); ++k) {
        const int t = territories[k];
        const bool own = pos_.owner[t] == seat;
        if (own || (pos_.armies[t] >= 2 && BomberBox(seat) >= 1)) {
          out.push_back(g.kUse + 2 * card + static_cast<int>(k));
        }
      }
    }
    // Section 10c: two cards of territories held, to transport armies between them.
    for (std::uint64_t a = hand; a; a &= a - 1) {
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
  // Discards at will (section 10): a number card of each value stands for all of that value.
  for (std::uint64_t m = DistinctCards(hand); m; m &= m - 1) {
    out.push_back(g.kDiscard + std::countr_zero(m));
  }
}

void WarState::AfterDiscard() {
  // Seed section 10: used cards are reshuffled into the pile once there are 10 or more.
  if (std::popcount(pos_.discard) >= 10) {
    pos_.pile |= pos_.discard;
    pos_.discard = 0;
  }
}

void WarState::ApplyCardAction(Action action) {
  const WarGame& g = *game_;
  const Seat seat = pos_.seat;
  const int cards = g.NumCards();
  if (action >= g.kAir && action < g.kUse) {  // air attack from the base
    const int t = (action - g.kAir) / 10;
    const int n = (action - g.kAir) % 10 + 1;
    pos_.bombers[seat] = static_cast<std::int8_t>(pos_.bombers[seat] - n);
    pos_.air_target = static_cast<std::int8_t>(t);
    pos_.air_bombers = static_cast<std::int16_t>(n);
    pos_.resume = pos_.phase;
    pos_.phase = Phase::kAirRound;
    return;
  }
  if (action >= g.kUse && action < g.kAddNumber) {
    const int card = (action - g.kUse) / 2;
    const int t = map_->war2_cards[card].territories[(action - g.kUse) % 2];
    pos_.hand[seat] &= ~Bit(card);
    pos_.pending_cards = Bit(card);
    pos_.use_territory = static_cast<std::int8_t>(t);
    pos_.use_bombers = pos_.owner[t] != seat;
    pos_.use_amount = 1;
    pos_.resume = pos_.phase;
    pos_.phase = Phase::kCardUse;
    return;
  }
  if (action >= g.kAddNumber && action < g.kTransport) {
    const int value = action - g.kAddNumber + 1;
    for (std::uint64_t m = pos_.hand[seat]; m; m &= m - 1) {
      const int card = std::countr_zero(m);
      if (map_->war2_cards[card].number == value) {
        pos_.hand[seat] &= ~Bit(card);
        pos_.pending_cards |= Bit(card);
        pos_.use_amount = static_cast<std::int16_t>(pos_.use_amount + value);
        return;
      }
    }
    return;
  }
  if (action >= g.kTransport && action < g.kCarry) {
    const int code = action - g.kTransport;
    const int pair = code / 4;
    const int c1 = pair / cards, c2 = pair % cards;
    pos_.hand[seat] &= ~(Bit(c1) | Bit(c2));
    pos_.pending_cards = Bit(c1) | Bit(c2);
    pos_.transport_a = static_cast<std::int8_t>(map_->war2_cards[c1].territories[(code >> 1) & 1]);
    pos_.transport_b = static_cast<std::int8_t>(map_->war2_cards[c2].territories[code & 1]);
    pos_.transport_way = -1;
    pos_.resume = pos_.phase;
    pos_.phase = Phase::kTransport;
    return;
  }
  if (action == g.kCarry || action == g.kCarry + 1) {
    const int from = action == g.kCarry ? pos_.transport_a : pos_.transport_b;
    const int to = action == g.kCarry ? pos_.transport_b : pos_.transport_a;
    // Rulings: one way only, and the armies carried have moved for this turn.
    pos_.transport_way = static_cast<std::int8_t>(action - g.kCarry);
    --pos_.armies[from];
    ++pos_.armies[to];
    ++pos_.arrived[to];
    CheckVictory(seat);
    return;
  }
  if (action >= g.kDiscard && action < g.kAirlift) {
    const int card = action - g.kDiscard;
    pos_.hand[seat] &= ~Bit(card);
    pos_.discard |= Bit(card);
    AfterDiscard();
    if (pos_.phase == Phase::kDiscardDown && std::popcount(pos_.hand[seat]) <= 5) StartDraws();
    return;
  }
  if (action >= g.kAirlift && action < g.kAirRound) {
    const int from = map_->strategic_centres[(action - g.kAirlift) / 12];
    const int to = map_->strategic_centres[(action - g.kAirlift) % 12];
    --pos_.armies[from];
    ++pos_.armies[to];
    ++pos_.arrived[to];
    CheckVictory(seat);
    return;
  }
  if (action == g.kEnd && pos_.phase == Phase::kCardUse) {
    DiscardPending();
    const int t = pos_.use_territory;
    if (!pos_.use_bombers) {
      pos_.armies[t] = static_cast<std::int16_t>(pos_.armies[t] + pos_.use_amount);
      pos_.phase = pos_.resume;
      CheckVictory(seat);
      AfterReinforcement();
      return;
    }
    // Section 9b: the bombers come from the box, not the base.
    pos_.air_target = static_cast<std::int8_t>(t);
    pos_.air_bombers = pos_.use_amount;
    pos_.phase = Phase::kAirRound;
    return;
  }
  if (action == g.kEnd && pos_.phase == Phase::kTransport) {
    DiscardPending();
    pos_.phase = pos_.resume;
    AfterReinforcement();
  }
}

// --- Why an action is illegal ------------------------------------------------------------------

std::string WarState::WhyNoClaim(int territory) const {
  const std::string id = TerritoryId(territory);
  if (pos_.owner[territory] >= 0) {
    return fmt::format("{} is taken (by {}): claim a vacant territory", id,
                       OwnerName(pos_.owner[territory]));
  }
  if (pos_.phase != Phase::kCeChoice) return fmt::format("{} cannot be claimed now", id);
  const bool ce = map_->territories[territory].strategic_centre;
  if (ce && pos_.claim_first >= 0) return "your second territory cannot be a Strategic Centre";
  if (ce) return fmt::format("the card of {} is not among the Strategic Centre cards left", id);
  if (pos_.choices_b >= 3) {
    return "three players have taken two territories: choose one of the Strategic Centre cards "
           "left";
  }
  const int first_continent = map_->territories[pos_.claim_first].continent;
  return fmt::format("your two territories must be in two continents ({} is in {})",
                     TerritoryId(pos_.claim_first), map_->continents[first_continent].name);
}

std::string WarState::War2WhyIllegal(Action action) const {
  const WarGame& g = *game_;
  const Seat seat = pos_.seat;
  if (action == g.kEnd) {
    return fmt::format("place your {} first", Plural(ArmiesToPlace(), "army", "armies"));
  }
  if (action < g.kAir) return "WAR-II has no trades of sets: cards are used (use TERRITORY)";
  if (action >= g.kAirRound && action < g.kPlaceCi)
    return "chance outcomes are not chosen by players";
  if (action < g.kUse) {
    const int t = (action - g.kAir) / 10, n = (action - g.kAir) % 10 + 1;
    if (pos_.phase != Phase::kAttack)
      return "air attacks from the base are made in the attack phase";
    if (pos_.owner[t] == seat) return fmt::format("{} is yours", TerritoryId(t));
    if (pos_.armies[t] < 2) {
      return fmt::format("{} has 1 army: an air attack needs a target with 2 or more",
                         TerritoryId(t));
    }
    return fmt::format("your air base holds {}, not {}",
                       Plural(pos_.bombers[seat], "bomber", "bombers"), n);
  }
  if (action < g.kAddNumber) {
    const int card = (action - g.kUse) / 2;
    const auto& ts = map_->war2_cards[card].territories;
    const std::size_t k = (action - g.kUse) % 2;
    if (k >= ts.size()) return "that card shows one territory";
    if (!(pos_.hand[seat] & Bit(card))) {
      return fmt::format("you do not hold the card of {}", TerritoryId(ts[k]));
    }
    if (pos_.armies[ts[k]] < 2) {
      return fmt::format("{} has 1 army: the bombers of a card need a target with 2 or more",
                         TerritoryId(ts[k]));
    }
    return "your box holds no bomber (they are all in your air base)";
  }
  if (action < g.kTransport) {
    const int value = action - g.kAddNumber + 1;
    if (pos_.phase != Phase::kCardUse) {
      return fmt::format(
          "a number card goes with a territory card: use TERRITORY first, then add "
          "n{}",
          value);
    }
    bool held = false;
    for (std::uint64_t m = pos_.hand[seat]; m; m &= m - 1) {
      held = held || map_->war2_cards[std::countr_zero(m)].number == value;
    }
    if (!held) return fmt::format("you hold no number card {} (n{})", value, value);
    return fmt::format("your box holds {}: with n{} this attack would need {}",
                       Plural(BomberBox(seat), "bomber", "bombers"), value,
                       pos_.use_amount + value);
  }
  if (action < g.kCarry) return WhyNoTransport(action);
  if (action < g.kDiscard) {
    if (pos_.phase != Phase::kTransport) {
      return "armies are carried only during a transport (transport A B first)";
    }
    const bool forward = action == g.kCarry;
    const int from = forward ? pos_.transport_a : pos_.transport_b;
    if (pos_.transport_way >= 0 && pos_.transport_way != (forward ? 0 : 1)) {
      return fmt::format("a transport carries armies one way only: from {} to {}",
                         TerritoryId(forward ? pos_.transport_b : pos_.transport_a),
                         TerritoryId(from));
    }
    return fmt::format(
        "no army in {} may be carried: one stays, and those that moved this turn "
        "stay",
        TerritoryId(from));
  }
  if (action < g.kAirlift) return "that card is not in your hand";
  if (action < g.kAirRound) return WhyNoAirlift(action);
  return WhyNoCiAction(action);
}

std::string WarState::WhyNoTransport(Action action) const {
  const WarGame& g = *game_;
  const int code = action - g.kTransport;
  const int c1 = code / 4 / g.NumCards(), c2 = code / 4 % g.NumCards();
  const auto& t1 = map_->war2_cards[c1].territories;
  const auto& t2 = map_->war2_cards[c2].territories;
  const std::size_t k1 = (code >> 1) & 1, k2 = code & 1;
  if (c1 >= c2 || k1 >= t1.size() || k2 >= t2.size()) return "no such transport";
  for (const auto& [card, t] : {std::pair{c1, t1[k1]}, std::pair{c2, t2[k2]}}) {
    if (!(pos_.hand[pos_.seat] & Bit(card))) {
      return fmt::format("you do not hold the card of {}", TerritoryId(t));
    }
    if (pos_.owner[t] != pos_.seat) {
      return fmt::format("you do not hold {}: a transport needs two cards of your territories",
                         TerritoryId(t));
    }
  }
  return "cards are not used now";
}

std::string WarState::WhyNoAirlift(Action action) const {
  const WarGame& g = *game_;
  const auto& ces = map_->strategic_centres;
  const std::size_t i = (action - g.kAirlift) / 12, j = (action - g.kAirlift) % 12;
  if (i >= ces.size() || j >= ces.size() || i == j) return "no such airlift";
  if (pos_.phase != Phase::kMove) {
    return pos_.phase == Phase::kAttack ? "end your attacks first (end), then airlift"
                                        : "airlifts are made in the movement phase";
  }
  if (pos_.owner[ces[i]] != pos_.seat || pos_.owner[ces[j]] != pos_.seat) {
    return "airlifts go between two Strategic Centres you hold";
  }
  if (map_->FindLink(ces[i], ces[j]) >= 0) {
    return fmt::format("{} and {} are neighbours: move by land (move N {} {})", TerritoryId(ces[i]),
                       TerritoryId(ces[j]), TerritoryId(ces[i]), TerritoryId(ces[j]));
  }
  return fmt::format("no army in {} may move: one stays, and those that moved this turn stay",
                     TerritoryId(ces[i]));
}

std::string WarState::WhyNoCiAction(Action action) const {
  const WarGame& g = *game_;
  if (!g.spy_centre()) return "this game is played without the Information Centres";
  if (action < g.kSpy) {
    return "your Information Centre goes on one of your territories in your first three turns "
           "(rounds 1 and 2)";
  }
  if (action < g.kMoveCi) {
    return "spy once per turn, on a player in the game, with your own Information Centre under "
           "your control";
  }
  if (pos_.phase != Phase::kMove) {
    return "an Information Centre moves only in the movement phase (end your attacks first)";
  }
  const int owner = (action - (action < g.kCiTransport ? g.kMoveCi : g.kCiTransport)) / 64;
  if (owner < pos_.num_seats && (pos_.ci_moved >> owner & 1)) {
    return "an Information Centre moves once per turn, by move, airlift or transport alike";
  }
  if (action < g.kCiTransport) {
    return "an Information Centre you hold moves to a neighbour of yours, or between your "
           "Strategic Centres";
  }
  return "a transport of an Information Centre you hold, to a territory of yours, costs two cards "
         "of your territories";
}

// One air round (seed section 9): the defender's anti-aircraft die shoots down 0-3 bombers; if any
// are left, the attacker's bomb die destroys 0-3 armies, never the last one. Outcomes are the
// (shot down, destroyed) pairs with their exact probabilities.
void WarState::AirRoundOutcomes(std::vector<engine::ChanceOutcome>& out) const {
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
    out.push_back({game_->kAirRound + code, probability});
  }
}

void WarState::ApplyAirRound(int shot_down, int destroyed) {
  const Seat seat = pos_.seat;
  pos_.air_bombers = static_cast<std::int16_t>(pos_.air_bombers - shot_down);
  pos_.armies[pos_.air_target] =
      static_cast<std::int16_t>(pos_.armies[pos_.air_target] - destroyed);
  if (pos_.air_bombers > 0 && pos_.armies[pos_.air_target] > 1) return;  // another round
  // Survivors go back to the box; Variante I sends them to the air base instead.
  if (game_->variant1()) {
    pos_.bombers[seat] = static_cast<std::int8_t>(
        std::min(map_->war2_bombers, pos_.bombers[seat] + pos_.air_bombers));
  }
  pos_.air_bombers = 0;
  pos_.air_target = -1;
  pos_.phase = pos_.resume;
}

// Seed section 10: a turn with a conquest ends with 3 cards drawn, never above 5 in hand.
void WarState::StartDraws() {
  const int room = 5 - std::popcount(pos_.hand[pos_.seat]);
  pos_.draws_left = static_cast<std::int8_t>(pos_.conquered ? std::min(3, std::max(0, room)) : 0);
  if (pos_.draws_left > 0 && (pos_.pile | pos_.discard)) {
    pos_.phase = Phase::kDraw;
    return;
  }
  pos_.draws_left = 0;
  NextTurn();
}

// --- Information Centres (spy_centre=true, seed section 15) -------------------------------------

bool WarState::SeesHand(Seat viewer, Seat s) const {
  if (Revealed() || viewer == s) return true;
  if (viewer < 0) return false;
  if (pos_.spied == s && pos_.seat == viewer && CurrentSeat() >= 0) return true;
  return pos_.ci[s] >= 0 && pos_.owner[pos_.ci[s]] == viewer;  // holds s's captured CI
}

bool WarState::SeesObjective(Seat viewer, Seat s) const {
  if (Revealed() || viewer == s) return true;
  return viewer >= 0 && pos_.ci[s] >= 0 && pos_.owner[pos_.ci[s]] == viewer;
}

void WarState::AppendCiActions(std::vector<Action>& out) const {
  const WarGame& g = *game_;
  if (!g.spy_centre()) return;
  const Seat seat = pos_.seat;
  const int territories = map_->NumTerritories();
  // The CI goes on a territory of its owner in the first or at the latest the second round
  // (rounds 1 (a), 1 (b) and 2: the seat's first three turns).
  if (pos_.ci[seat] < 0 && pos_.turns_begun[seat] <= 3) {
    for (int t = 0; t < territories; ++t) {
      if (pos_.owner[t] == seat) out.push_back(g.kPlaceCi + t);
    }
  }
  // Spying: the own CI on the board under its owner's control, one opponent per turn.
  if (pos_.ci[seat] >= 0 && pos_.owner[pos_.ci[seat]] == seat && pos_.spied < 0) {
    for (Seat s = 0; s < pos_.num_seats; ++s) {
      if (s != seat && pos_.eliminated_by[s] < 0) out.push_back(g.kSpy + s);
    }
  }
  for (Seat o = 0; o < pos_.num_seats; ++o) {
    const int at = pos_.ci[o];
    if (at < 0 || pos_.owner[at] != seat || (pos_.ci_moved >> o & 1)) continue;
    // Movement phase: one step to a neighbour, or between Strategic Centres by air.
    if (pos_.phase == Phase::kMove) {
      for (int t = 0; t < territories; ++t) {
        if (t == at || pos_.owner[t] != seat) continue;
        const bool airlift = g.CeIndex(at) >= 0 && g.CeIndex(t) >= 0;
        if (map_->FindLink(at, t) >= 0 || airlift) out.push_back(g.kMoveCi + 64 * o + t);
      }
    }
  }
  // Transport anywhere of one's own, paid with two cards of territories held; like a move, once
  // per turn and only in the movement phase (rulings; seed section 15: "deslocado uma única vez").
  if (pos_.phase != Phase::kMove) return;
  int payable = 0;
  for (std::uint64_t m = pos_.hand[seat]; m; m &= m - 1) {
    const auto& ts = map_->war2_cards[std::countr_zero(m)].territories;
    payable += std::any_of(ts.begin(), ts.end(), [&](int t) { return pos_.owner[t] == seat; });
  }
  for (Seat o = 0; o < pos_.num_seats && payable >= 2; ++o) {
    const int at = pos_.ci[o];
    if (at < 0 || pos_.owner[at] != seat || (pos_.ci_moved >> o & 1)) continue;
    for (int t = 0; t < territories; ++t) {
      if (t != at && pos_.owner[t] == seat) out.push_back(g.kCiTransport + 64 * o + t);
    }
  }
}

void WarState::ApplyCiAction(Action action) {
  const WarGame& g = *game_;
  const Seat seat = pos_.seat;
  if (pos_.phase == Phase::kCiPay) {  // one of the two cards paid
    const int card = action - g.kDiscard;
    pos_.hand[seat] &= ~Bit(card);
    pos_.discard |= Bit(card);
    AfterDiscard();
    if (--pos_.ci_pay_left == 0) {
      pos_.ci[pos_.ci_pay_owner] = pos_.ci_pay_to;
      pos_.ci_moved |= 1u << pos_.ci_pay_owner;
      pos_.ci_pay_owner = pos_.ci_pay_to = -1;
      pos_.phase = pos_.resume;
    }
    return;
  }
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

std::string WarState::CiActionToString(Action action) const {
  const WarGame& g = *game_;
  if (action < g.kSpy) return fmt::format("centre {}", TerritoryId(action - g.kPlaceCi));
  if (action < g.kMoveCi) return fmt::format("spy {}", g.SeatName(action - g.kSpy));
  const bool transport = action >= g.kCiTransport;
  const int code = action - (transport ? g.kCiTransport : g.kMoveCi);
  return fmt::format("{} {} {}", transport ? "centre-transport" : "centre-move",
                     g.SeatName(code / 64), TerritoryId(code % 64));
}

// Cards are named, never numbered (issue 8: "discard 3" once took the number card 3 for the third
// card in hand): a territory card by its territory ("peru", "novayork+mexico"), a joker "joker", a
// number card "n1", "n2" or "n3". Identical cards share a name; the name stands for the first of
// them in the cards it is chosen from (DistinctCards).
std::string WarState::CardId(int card) const {
  if (!game_->war2()) {
    return card < map_->NumTerritories() ? map_->territories[card].id : "joker";
  }
  const War2Card& c = map_->war2_cards[card];
  if (c.number > 0) return fmt::format("n{}", c.number);
  std::string id;
  for (int t : c.territories) id += (id.empty() ? "" : "+") + map_->territories[t].id;
  return id;
}

int WarState::ParseCard(std::string_view text, std::uint64_t among, std::string_view where) const {
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos) {
    throw Error(fmt::format(
        "'{}' is a number, and cards are named, never numbered: {}", text,
        game_->war2() ? "a territory card by a territory (peru), a number card as n1, n2 or n3"
                      : "a territory card by its territory (peru), a joker as joker"));
  }
  for (std::uint64_t m = DistinctCards(among); m; m &= m - 1) {
    const int card = std::countr_zero(m);
    if (CardId(card) == text) return card;
    if (!game_->war2() || map_->war2_cards[card].number > 0) continue;
    for (int t : map_->war2_cards[card].territories) {  // a two-territory card by either one
      if (map_->territories[t].id == text) return card;
    }
  }
  throw Error(fmt::format("no card '{}' {}", text, where));
}

}  // namespace quartel::war
