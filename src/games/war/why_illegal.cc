// Why an action is illegal, in words (State::WhyIllegal): the reason a player is told when a typed
// command is refused. The rules themselves are the Board's (board.h); this only explains them.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "games/war/war.h"

namespace quartel::war {
namespace {

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kDealer:
      return "dealer";
    case Phase::kDeal:
      return "deal";
    case Phase::kObjective:
      return "objectives";
    case Phase::kReinforce:
      return "reinforce";
    case Phase::kAttack:
      return "attack";
    case Phase::kBattle:
      return "battle";
    case Phase::kSpoils:
      return "spoils";
    case Phase::kOccupy:
      return "occupy";
    case Phase::kMove:
      return "move";
    case Phase::kDraw:
      return "draw";
    case Phase::kCeDeal:
      return "strategic centre deal";
    case Phase::kCeChoice:
      return "strategic centre choice";
    case Phase::kClaim:
      return "claims";
    case Phase::kCardUse:
      return "card use";
    case Phase::kTransport:
      return "transport";
    case Phase::kAirRound:
      return "air attack";
    case Phase::kDiscardDown:
      return "discard";
    case Phase::kCiPay:
      return "information centre transport";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

}  // namespace

std::string WarState::WhyIllegal(Action action) const {
  if (pos().phase == Phase::kOver) return "the game is over";
  std::vector<Action> legal;
  LegalActions(legal);
  if (std::binary_search(legal.begin(), legal.end(), action)) return {};
  const WarGame& g = *game_;
  if (action < 0 || action >= g.NumDistinctActions()) {
    return fmt::format("action {} is out of range", action);
  }
  if (CurrentSeat() == engine::kChanceSeat) {
    return fmt::format("chance acts now ({}): that is not one of its outcomes",
                       PhaseName(pos().phase));
  }
  if (const std::string step = UnfinishedStep(action); !step.empty()) return step;
  if (action >= g.kChance && action < g.kAir) return "chance outcomes are not chosen by players";
  if (g.war2() && (action >= g.kAir || action >= g.kTrade || action == g.kEnd)) {
    return War2WhyIllegal(action);
  }
  if (action < g.kAttack) return WhyNoPlace(action);
  if (action < g.kOccupy) return WhyNoAttack(action);
  if (action < g.kMove) return "there is no conquered territory to move into";
  if (action < g.kEnd) return WhyNoMove(action);
  if (action == g.kEnd) return WhyNoEnd();
  if (pos().phase != Phase::kReinforce) return "cards are traded only at the start of a turn";
  if (board_.InFirstRound()) return "no trades in the first round";
  return "those cards are not in your hand or do not form a set (3 equal or 3 different figures)";
}

// WAR: "end" refused in the reinforcement.
std::string WarState::WhyNoEnd() const {
  if (std::popcount(pos().hand[pos().seat]) >= kForcedTradeHand) {
    return "with 5 cards you must trade 3 of them first (trade CARD CARD CARD)";
  }
  return fmt::format("place your {} first", Plural(board_.ArmiesToPlace(), "army", "armies"));
}

// A step the seat must finish before anything else: moving into a conquest, a card use, a
// transport, a discard down to 5, the setup's claims; empty when there is none or `action`
// belongs to it.
std::string WarState::UnfinishedStep(Action action) const {
  const WarGame& g = *game_;
  switch (pos().phase) {
    case Phase::kOccupy:
      if (action >= g.kOccupy && action < g.kMove) {
        return fmt::format("move 1 to {} into {} (the dice of the last roll)",
                           Plural(pos().attack_dice, "army", "armies"),
                           TerritoryId(pos().attack_to));
      }
      return fmt::format("first move armies into {}, which you conquered: occupy N (1 to {})",
                         TerritoryId(pos().attack_to), +pos().attack_dice);
    case Phase::kClaim:
    case Phase::kCeChoice:
      if (action < g.kAttack) return WhyNoClaim(action);
      return "the setup is under way: claim a territory first (claim TERRITORY)";
    case Phase::kCardUse:
      if (action >= g.kAddNumber && action < g.kTransport) return {};
      return "finish the card use first: add n1, n2 or n3, or done";
    case Phase::kTransport:
      if (action == g.kCarry || action == g.kCarry + 1) return {};
      return "finish the transport first: carry N FROM TO, or done";
    case Phase::kDiscardDown:
      if (action >= g.kDiscard && action < g.kAirlift) return {};
      return fmt::format("you hold {} cards: discard down to 5 first (discard CARD)",
                         std::popcount(pos().hand[pos().seat]));
    case Phase::kCiPay:
      return "pay for the Information Centre's transport first: discard a card of one of your "
             "territories";
    default:
      return {};
  }
}

std::string WarState::WhyNoPlace(int territory) const {
  if (pos().phase != Phase::kReinforce) return "armies are placed only at the start of a turn";
  if (!game_->war2() && std::popcount(pos().hand[pos().seat]) >= kForcedTradeHand) {
    return "with 5 cards you must trade 3 of them first (trade CARD CARD CARD)";
  }
  if (pos().owner[territory] != pos().seat) {
    return fmt::format("you do not hold {}", TerritoryId(territory));
  }
  if (board_.ArmiesToPlace() == 0) return "you have no armies left to place";
  return fmt::format("your {} left must go to their continents",
                     Plural(board_.ArmiesToPlace(), "army", "armies"));
}

std::string WarState::WhyNoAttack(Action action) const {
  const Link& link = map_->links[(action - game_->kAttack) / 3];
  if (pos().phase != Phase::kAttack) {
    return pos().phase == Phase::kReinforce
               ? fmt::format("place your {} first",
                             Plural(board_.ArmiesToPlace(), "army", "armies"))
               : fmt::format("no attacks in the {} phase", PhaseName(pos().phase));
  }
  if (pos().owner[link.from] != pos().seat) {
    return fmt::format("you do not hold {}", TerritoryId(link.from));
  }
  if (pos().owner[link.to] == pos().seat) return fmt::format("{} is yours", TerritoryId(link.to));
  if (pos().armies[link.from] < 2) return "an attack needs at least 2 armies (one stays behind)";
  return fmt::format("{} in {} can attack with at most {}",
                     Plural(pos().armies[link.from], "army", "armies"), TerritoryId(link.from),
                     Plural(std::min(3, pos().armies[link.from] - 1), "die", "dice"));
}

std::string WarState::WhyNoMove(Action action) const {
  if (pos().phase != Phase::kMove) {
    return pos().phase == Phase::kAttack
               ? "end your attacks first (end), then move"
               : fmt::format("no movement in the {} phase", PhaseName(pos().phase));
  }
  const Link& link = map_->links[action - game_->kMove];
  if (pos().owner[link.from] != pos().seat || pos().owner[link.to] != pos().seat) {
    return "armies move only between your own neighbouring territories";
  }
  return fmt::format("no army in {} may move: one stays, and those that moved this turn stay",
                     TerritoryId(link.from));
}

std::string WarState::WhyNoClaim(int territory) const {
  const std::string id = TerritoryId(territory);
  if (pos().owner[territory] >= 0) {
    return fmt::format("{} is taken (by {}): claim a vacant territory", id,
                       OwnerName(pos().owner[territory]));
  }
  if (pos().phase != Phase::kCeChoice) return fmt::format("{} cannot be claimed now", id);
  const bool ce = map_->territories[territory].strategic_centre;
  if (ce && pos().claim_first >= 0) return "your second territory cannot be a Strategic Centre";
  if (ce) return fmt::format("the card of {} is not among the Strategic Centre cards left", id);
  if (pos().choices_b >= 3) {
    return "three players have taken two territories: choose one of the Strategic Centre cards "
           "left";
  }
  const int first_continent = map_->territories[pos().claim_first].continent;
  return fmt::format("your two territories must be in two continents ({} is in {})",
                     TerritoryId(pos().claim_first), map_->continents[first_continent].name);
}

std::string WarState::War2WhyIllegal(Action action) const {
  const WarGame& g = *game_;
  if (action == g.kEnd) {
    return fmt::format("place your {} first", Plural(board_.ArmiesToPlace(), "army", "armies"));
  }
  if (action < g.kAir) return "WAR-II has no trades of sets: cards are used (use TERRITORY)";
  if (action >= g.kAirRound && action < g.kPlaceCi) {
    return "chance outcomes are not chosen by players";
  }
  if (action < g.kUse) return WhyNoAirAttack(action);
  if (action < g.kAddNumber) return WhyNoCardUse(action);
  if (action < g.kTransport) return WhyNoNumberCard(action);
  if (action < g.kCarry) return WhyNoTransport(action);
  if (action < g.kDiscard) return WhyNoCarry(action);
  if (action < g.kAirlift) return "that card is not in your hand";
  if (action < g.kAirRound) return WhyNoAirlift(action);
  return WhyNoCiAction(action);
}

std::string WarState::WhyNoAirAttack(Action action) const {
  const Seat seat = pos().seat;
  const int t = (action - game_->kAir) / 10, n = (action - game_->kAir) % 10 + 1;
  if (pos().phase != Phase::kAttack)
    return "air attacks from the base are made in the attack phase";
  if (pos().owner[t] == seat) return fmt::format("{} is yours", TerritoryId(t));
  if (pos().armies[t] < 2) {
    return fmt::format("{} has 1 army: an air attack needs a target with 2 or more",
                       TerritoryId(t));
  }
  return fmt::format("your air base holds {}, not {}",
                     Plural(pos().bombers[seat], "bomber", "bombers"), n);
}

std::string WarState::WhyNoCardUse(Action action) const {
  const int card = (action - game_->kUse) / 2;
  const auto& ts = map_->war2_cards[card].territories;
  const std::size_t k = (action - game_->kUse) % 2;
  if (k >= ts.size()) return "that card shows one territory";
  if (!(pos().hand[pos().seat] & TerritoryBit(card))) {
    return fmt::format("you do not hold the card of {}", TerritoryId(ts[k]));
  }
  if (pos().armies[ts[k]] < 2) {
    return fmt::format("{} has 1 army: the bombers of a card need a target with 2 or more",
                       TerritoryId(ts[k]));
  }
  return "your box holds no bomber (they are all in your air base)";
}

std::string WarState::WhyNoNumberCard(Action action) const {
  const Seat seat = pos().seat;
  const int value = action - game_->kAddNumber + 1;
  if (pos().phase != Phase::kCardUse) {
    return fmt::format(
        "a number card goes with a territory card: use TERRITORY first, then add n{}", value);
  }
  bool held = false;
  for (std::uint64_t m = pos().hand[seat]; m; m &= m - 1) {
    held = held || map_->war2_cards[std::countr_zero(m)].number == value;
  }
  if (!held) return fmt::format("you hold no number card {} (n{})", value, value);
  return fmt::format("your box holds {}: with n{} this attack would need {}",
                     Plural(board_.BomberBox(seat), "bomber", "bombers"), value,
                     pos().use_amount + value);
}

std::string WarState::WhyNoCarry(Action action) const {
  if (pos().phase != Phase::kTransport) {
    return "armies are carried only during a transport (transport A B first)";
  }
  const bool forward = action == game_->kCarry;
  const int from = forward ? pos().transport_a : pos().transport_b;
  if (pos().transport_way >= 0 && pos().transport_way != (forward ? 0 : 1)) {
    return fmt::format("a transport carries armies one way only: from {} to {}",
                       TerritoryId(forward ? pos().transport_b : pos().transport_a),
                       TerritoryId(from));
  }
  return fmt::format("no army in {} may be carried: one stays, and those that moved this turn stay",
                     TerritoryId(from));
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
    if (!(pos().hand[pos().seat] & TerritoryBit(card))) {
      return fmt::format("you do not hold the card of {}", TerritoryId(t));
    }
    if (pos().owner[t] != pos().seat) {
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
  if (pos().phase != Phase::kMove) {
    return pos().phase == Phase::kAttack ? "end your attacks first (end), then airlift"
                                         : "airlifts are made in the movement phase";
  }
  if (pos().owner[ces[i]] != pos().seat || pos().owner[ces[j]] != pos().seat) {
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
  if (pos().phase != Phase::kMove) {
    return "an Information Centre moves only in the movement phase (end your attacks first)";
  }
  const int owner = (action - (action < g.kCiTransport ? g.kMoveCi : g.kCiTransport)) / 64;
  if (owner < pos().num_seats && (pos().ci_moved >> owner & 1)) {
    return "an Information Centre moves once per turn, by move, airlift or transport alike";
  }
  if (action < g.kCiTransport) {
    return "an Information Centre you hold moves to a neighbour of yours, or between your "
           "Strategic Centres";
  }
  return "a transport of an Information Centre you hold, to a territory of yours, costs two cards "
         "of your territories";
}

}  // namespace quartel::war
