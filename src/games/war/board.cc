// WAR's rules on a Board (board.h): the setup, the turn (reinforcement, trades, attacks, conquest,
// movement, cards), objectives and victory, resignation, the consistency check and undo. What
// WAR-II adds is in board_war2.cc.
#include "games/war/board.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "core/error.h"
#include "games/war/dice.h"

namespace quartel::war {
namespace {

// Hand-position triples in lexicographic order: the trade combinations.
constexpr std::array<std::array<int, 3>, kTradeCombos> kCombos = [] {
  std::array<std::array<int, 3>, kTradeCombos> combos{};
  int n = 0;
  for (int a = 0; a < kMaxHand; ++a) {
    for (int b = a + 1; b < kMaxHand; ++b) {
      for (int c = b + 1; c < kMaxHand; ++c) combos[n++] = {a, b, c};
    }
  }
  return combos;
}();

// The k-th lowest set bit of mask (k from 0), or -1.
int NthCard(std::uint64_t mask, int k) {
  for (int i = 0; i < k && mask; ++i) mask &= mask - 1;
  return mask ? std::countr_zero(mask) : -1;
}

}  // namespace

Board::Board(const Rules& rules) : rules_(&rules), map_(&rules.map()) {
  pos_.num_seats = static_cast<std::int8_t>(rules.players());
  pos_.owner.fill(-1);
  pos_.objective.fill(-1);
  pos_.eliminated_by.fill(-1);
  pos_.ci.fill(-1);
  pos_.undealt = TerritoryBit(map_->NumTerritories()) - 1;
  if (rules.war2()) {  // the Strategic Centre cards are dealt first
    pos_.undealt = 0;
    for (int t : map_->strategic_centres) pos_.undealt |= TerritoryBit(rules.CardOf(t));
  }
  pos_.objectives_left = rules.EligibleObjectives();
  pos_.phase = Phase::kDealer;
}

// --- The turn's flow -----------------------------------------------------------------------------

Seat Board::CurrentSeat() const {
  switch (pos_.phase) {
    case Phase::kDealer:
    case Phase::kDeal:
    case Phase::kObjective:
    case Phase::kBattle:
    case Phase::kSpoils:
    case Phase::kDraw:
    case Phase::kCeDeal:
    case Phase::kAirRound:
      return engine::kChanceSeat;
    case Phase::kOver:
      return engine::kTerminalSeat;
    default:
      return pos_.seat;
  }
}

bool Board::MidTurn() const {
  switch (pos_.phase) {
    case Phase::kReinforce:
      return pos_.acted;
    case Phase::kAttack:  // a WAR-II turn of round 1 (b) starts here
    case Phase::kMove:
      return pos_.acted;
    case Phase::kBattle:
    case Phase::kSpoils:
    case Phase::kOccupy:
    case Phase::kDraw:
    case Phase::kCardUse:
    case Phase::kTransport:
    case Phase::kAirRound:
    case Phase::kDiscardDown:
    case Phase::kCiPay:
      return true;
    case Phase::kCeChoice:
      return pos_.claim_first >= 0;
    default:
      return false;
  }
}

int Board::TerritoryIncome(Seat seat) const {
  // Seed: territories / 2, rounded down, at least 3 ("O número mínimo ... é sempre 3").
  int income = std::max(3, pos_.territory_count[seat] / 2);
  for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
    income += ContinentBonus(seat, c);
  }
  return rules_->war2() ? income + HeldCes(seat) : income;  // WAR-II: +1 per CE held
}

// The armies a continent gives its holder, bound to it: WAR's TABELA I for the whole continent;
// WAR-II's totality, else its majority when more than half is held (seed section 5: never both).
int Board::ContinentBonus(Seat seat, int continent) const {
  const Continent& c = map_->continents[continent];
  if (!rules_->war2()) return OwnsContinent(seat, continent) ? c.bonus : 0;
  const int held = static_cast<int>(std::count_if(c.territories.begin(), c.territories.end(),
                                                  [&](int t) { return pos_.owner[t] == seat; }));
  if (held == static_cast<int>(c.territories.size())) return c.totality;
  return 2 * held > static_cast<int>(c.territories.size()) ? c.majority : 0;
}

bool Board::OwnsContinent(Seat seat, int continent) const {
  for (int t : map_->continents[continent].territories) {
    if (pos_.owner[t] != seat) return false;
  }
  return true;
}

int Board::ArmiesToPlace() const {
  int total = pos_.general_pool;
  for (int c = 0; c < kMaxContinents; ++c) total += pos_.continent_pool[c];
  return total;
}

void Board::StartTurn(Seat seat) {
  pos_.seat = static_cast<std::int8_t>(seat);
  pos_.phase = Phase::kReinforce;
  pos_.conquered = false;
  pos_.acted = false;
  pos_.spied = -1;
  pos_.ci_moved = 0;
  pos_.arrived.fill(0);  // each army moves once per turn, whatever carries it (rulings)
  auto& begun = pos_.turns_begun[seat];
  begun = static_cast<std::uint8_t>(std::min(begun + 1, 255));
  pos_.general_pool = std::max(3, pos_.territory_count[seat] / 2);
  pos_.continent_pool.fill(0);
  // WAR-II, seed section 4: round 1 is everyone placing, then everyone playing the rest of a turn
  // without income. Counted per seat, so a player who leaves during round 1 shortens it (rulings).
  if (rules_->war2() && begun == 2) {
    pos_.general_pool = 0;
    pos_.phase = Phase::kAttack;
    return;
  }
  // Seed: a continent's armies "deverão ser distribuídos obrigatoriamente" in that continent.
  for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
    pos_.continent_pool[c] = static_cast<std::int16_t>(ContinentBonus(seat, c));
  }
  if (!rules_->war2()) return;
  // WAR-II: +1 army on each Strategic Centre held; section 6: +1 bomber per CE into the air base,
  // as the box allows.
  const int ces = HeldCes(seat);
  for (int t : map_->strategic_centres) {
    if (pos_.owner[t] == seat) ++pos_.armies[t];
  }
  pos_.bombers[seat] =
      static_cast<std::int8_t>(std::min(map_->war2_bombers, pos_.bombers[seat] + ces));
  CheckVictory(seat);
}

int Board::HeldCes(Seat seat, int min_armies) const {
  int held = 0;
  for (int t : map_->strategic_centres) {
    if (pos_.owner[t] == seat && pos_.armies[t] >= min_armies) ++held;
  }
  return held;
}

int Board::BomberBox(Seat seat) const { return map_->war2_bombers - pos_.bombers[seat]; }

bool Board::InSetup() const {
  switch (pos_.phase) {
    case Phase::kDealer:
    case Phase::kDeal:
    case Phase::kObjective:
    case Phase::kCeDeal:
    case Phase::kCeChoice:
    case Phase::kClaim:
      return true;
    default:
      return false;
  }
}

// Reinforcement ends by itself once nothing is left to place, except in WAR from round 2 with 3
// or more cards in hand: then the player trades or says "end". Whether those cards hold a set is
// hidden, and the turn's flow may depend only on what everyone sees (rulings, "Common": a phase
// that ends by itself for one hand and waits for another tells the others what the hand holds).
void Board::AfterReinforcement() {
  if (pos_.phase != Phase::kReinforce || ArmiesToPlace() > 0) return;
  if (!rules_->war2() && !InFirstRound() && std::popcount(pos_.hand[pos_.seat]) >= 3) return;
  if (InFirstRound()) {
    NextTurn();  // seed: in the first round each player only receives and places armies
  } else {
    pos_.phase = Phase::kAttack;
  }
}

void Board::NextTurn() {
  ++pos_.turns_played;
  if (pos_.turns_played >= rules_->max_turns()) {
    Finish(kDrawnGame);  // engine cap, not a rule
    return;
  }
  Seat next = pos_.seat;
  do {
    next = (next + 1) % pos_.num_seats;
  } while (pos_.eliminated_by[next] >= 0);
  StartTurn(next);
}

void Board::Finish(int winner) {
  pos_.winner = static_cast<std::int8_t>(winner);
  pos_.phase = Phase::kOver;
}

// --- Objectives ----------------------------------------------------------------------------------

bool Board::ObjectiveMet(Seat seat) const {
  const int index = pos_.objective[seat];
  if (index < 0) return false;
  // WAR-II rulings: no objective may be reachable without a conquest. Territories are claimed by
  // choice, so claims alone could complete América do Norte and Oceania with three players: an
  // objective counts once its holder has conquered a territory.
  if (rules_->war2() && !(pos_.conquered_ever & (1u << seat))) return false;
  // WAR-II, seed section 3, Obs. 2: reduced to one territory, the objective becomes three CEs.
  if (pos_.reduced & (1u << seat)) return HeldCes(seat) >= 3;
  const Objective& objective = rules_->Objectives()[index];
  if (!CeConditionsMet(seat, objective)) return false;
  int territories = objective.territories;
  if (objective.destroy_colour >= 0) {
    const int target = objective.destroy_colour;
    if (!DestroyFallsBack(seat, target)) return pos_.eliminated_by[target] == seat;
    territories = std::min(kDestroyFallbackTerritories, map_->NumTerritories());
  }
  return TerritoriesHeld(seat, territories, objective.min_armies) &&
         ContinentsHeld(seat, objective);
}

// Rulings: a "destroy" card whose colour is not in the game, is the holder's own, or was
// eliminated by someone else asks for 24 territories instead.
bool Board::DestroyFallsBack(Seat seat, int target) const {
  return target >= pos_.num_seats || target == seat ||
         (pos_.eliminated_by[target] >= 0 && pos_.eliminated_by[target] != seat);
}

// WAR-II objectives of Strategic Centres: a number of them (with a minimum of armies each), all
// those of some continents, those of a number of distinct continents.
bool Board::CeConditionsMet(Seat seat, const Objective& objective) const {
  if (objective.strategic_centres > 0 &&
      HeldCes(seat, objective.ce_min_armies) < objective.strategic_centres) {
    return false;
  }
  for (int c : objective.ce_continents) {
    for (int t : map_->continents[c].territories) {
      if (map_->territories[t].strategic_centre && pos_.owner[t] != seat) return false;
    }
  }
  if (objective.ce_distinct_continents > 0) {
    int continents = 0;
    for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
      const auto& ts = map_->continents[c].territories;
      continents += std::any_of(ts.begin(), ts.end(), [&](int t) {
        return map_->territories[t].strategic_centre && pos_.owner[t] == seat;
      });
    }
    if (continents < objective.ce_distinct_continents) return false;
  }
  return true;
}

// At least `territories` territories held with `min_armies` armies each (0: nothing asked).
bool Board::TerritoriesHeld(Seat seat, int territories, int min_armies) const {
  if (territories <= 0) return true;
  int held = 0;
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    if (pos_.owner[t] == seat && pos_.armies[t] >= min_armies) ++held;
  }
  return held >= territories;
}

// The continents the objective lists, and as many others as it asks.
bool Board::ContinentsHeld(Seat seat, const Objective& objective) const {
  if (objective.continents.empty() && objective.any_continents == 0) return true;
  int others = 0;
  for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
    const bool listed = std::find(objective.continents.begin(), objective.continents.end(), c) !=
                        objective.continents.end();
    const bool owned = OwnsContinent(seat, c);
    if (listed && !owned) return false;
    if (!listed && owned) ++others;
  }
  return others >= objective.any_continents;
}

// Seed, "Final do jogo": the game ends the moment a player meets its objective.
void Board::CheckVictory(Seat seat) {
  if (pos_.phase != Phase::kOver && ObjectiveMet(seat)) Finish(seat);
}

// After an elimination, "destroy" objectives of others may have turned into "24 territories".
void Board::CheckEveryone() {
  CheckVictory(pos_.seat);
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    if (pos_.eliminated_by[s] < 0) CheckVictory(s);
  }
}

// --- Cards ---------------------------------------------------------------------------------------

std::vector<int> Board::Cards(std::uint64_t mask) {
  std::vector<int> cards;
  for (; mask; mask &= mask - 1) cards.push_back(std::countr_zero(mask));
  return cards;
}

Figure Board::CardFigure(int card) const {
  return card < map_->NumTerritories() ? map_->territories[card].figure : Figure::kJoker;
}

bool Board::IsSet(int a, int b, int c) const {
  const Figure f[3] = {CardFigure(a), CardFigure(b), CardFigure(c)};
  // Seed, note 1: a joker stands for whichever figure completes the set.
  if (f[0] == Figure::kJoker || f[1] == Figure::kJoker || f[2] == Figure::kJoker) return true;
  const bool all_equal = f[0] == f[1] && f[1] == f[2];
  const bool all_different = f[0] != f[1] && f[1] != f[2] && f[0] != f[2];
  return all_equal || all_different;
}

std::array<int, 3> Board::TradeCombo(int combo) { return kCombos[combo]; }

bool Board::TradeLegal(int combo) const {
  if (pos_.phase != Phase::kReinforce || combo < 0 || combo >= kTradeCombos) return false;
  const std::uint64_t hand = pos_.hand[pos_.seat];
  const auto& positions = kCombos[combo];
  const int a = NthCard(hand, positions[0]), b = NthCard(hand, positions[1]),
            c = NthCard(hand, positions[2]);
  if (a < 0 || b < 0 || c < 0 || !IsSet(a, b, c)) return false;
  // The two jokers are one card twice: a trade with one joker uses the first (the notation names
  // cards, and "joker" must name one action).
  const std::uint64_t jokers = hand & ~(TerritoryBit(map_->NumTerritories()) - 1);
  std::uint64_t used_jokers = (TerritoryBit(a) | TerritoryBit(b) | TerritoryBit(c)) & jokers,
                lowest = jokers;
  for (int k = std::popcount(used_jokers); k < std::popcount(jokers); ++k) {
    lowest &= ~(TerritoryBit(63) >> std::countl_zero(lowest));  // drop the highest joker
  }
  return used_jokers == lowest;
}

std::uint64_t Board::CardSource() const {
  if (pos_.phase == Phase::kSpoils) return pos_.hand[pos_.spoils_victim];
  return pos_.pile ? pos_.pile : pos_.discard;  // seed, note 3: the discards make a new pile
}

int Board::CardKind(int card) const { return rules_->CardKind(card); }

std::uint64_t Board::DistinctCards(std::uint64_t cards) const {
  std::uint64_t distinct = 0, seen_kinds = 0;
  for (std::uint64_t m = cards; m; m &= m - 1) {
    const int card = std::countr_zero(m);
    const int kind = CardKind(card);
    if (kind >= 0) {
      distinct |= TerritoryBit(card);
    } else if (!(seen_kinds & TerritoryBit(-kind))) {
      seen_kinds |= TerritoryBit(-kind);
      distinct |= TerritoryBit(card);
    }
  }
  return distinct;
}

int Board::SameCards(int card, std::uint64_t cards) const {
  int same = 0;
  for (std::uint64_t m = cards; m; m &= m - 1)
    same += CardKind(std::countr_zero(m)) == CardKind(card);
  return same;
}

bool Board::AnyTradeLegal() const {
  const int cards = std::popcount(pos_.hand[pos_.seat]);
  if (cards < 3) return false;
  for (int combo = 0; combo < kTradeCombos; ++combo) {
    if (kCombos[combo][2] < cards && TradeLegal(combo)) return true;
  }
  return false;
}

void Board::ApplyTrade(int combo) {
  const Seat seat = pos_.seat;
  const std::uint64_t hand = pos_.hand[seat];
  for (int position : kCombos[combo]) {
    const int card = NthCard(hand, position);
    pos_.hand[seat] &= ~TerritoryBit(card);
    pos_.discard |= TerritoryBit(card);
    // Seed: 2 extra armies for each traded card showing an owned territory, placed there.
    if (card < map_->NumTerritories() && pos_.owner[card] == seat) pos_.armies[card] += 2;
  }
  // TABELA II counts every trade of the game, by anyone.
  pos_.general_pool += map_->TradeValue(pos_.trades_done++);
}

// --- Applying actions ----------------------------------------------------------------------------

void Board::ApplyPlace(int territory) {
  // A continent's bonus armies go first: they can only be placed there.
  auto& bound = pos_.continent_pool[map_->territories[territory].continent];
  if (bound > 0) {
    --bound;
  } else {
    --pos_.general_pool;
  }
  ++pos_.armies[territory];
}

void Board::DealNext() {
  if (rules_->war2()) {
    DealCeNext();
    return;
  }
  const int territories = map_->NumTerritories();
  if (pos_.deal_index < territories) {
    pos_.phase = Phase::kDeal;
    pos_.seat = static_cast<std::int8_t>((pos_.dealer + 1 + pos_.deal_index) % pos_.num_seats);
    return;
  }
  // Every territory is dealt: objectives next, seat 0 first.
  pos_.first_seat = static_cast<std::int8_t>((pos_.dealer + territories + 1) % pos_.num_seats);
  pos_.phase = Phase::kObjective;
  pos_.seat = 0;
}

void Board::ApplyBattle(int attacker_losses) {
  const int pairs = RollOdds(pos_.attack_dice, std::min(3, +pos_.armies[pos_.attack_to])).pairs;
  pos_.armies[pos_.attack_from] -= attacker_losses;
  pos_.armies[pos_.attack_to] -= pairs - attacker_losses;
  if (pos_.armies[pos_.attack_to] == 0) {
    Conquer();
  } else {
    pos_.phase = Phase::kAttack;
  }
}

void Board::Conquer() {
  const int to = pos_.attack_to;
  const int victim = pos_.owner[to];
  --pos_.territory_count[victim];
  ++pos_.territory_count[pos_.seat];
  pos_.owner[to] = pos_.seat;
  pos_.conquered = true;
  pos_.conquered_ever |= 1u << pos_.seat;
  pos_.phase = Phase::kOccupy;
  if (victim == kNeutral) return;  // neutral armies are never eliminated as a player
  // WAR-II, section 3 Obs. 2: a player reduced to a single territory pursues three CEs from then.
  if (rules_->war2() && pos_.territory_count[victim] == 1) pos_.reduced |= 1u << victim;
  if (pos_.territory_count[victim] == 0) Eliminate(victim);
}

// Seed, "Eliminação": the eliminator receives the cards; above 5 it takes at random only enough
// to reach 5, the rest go to the discard pile (rulings).
void Board::Eliminate(Seat victim) {
  pos_.eliminated_by[victim] = pos_.seat;
  const int mine = std::popcount(pos_.hand[pos_.seat]);
  const int theirs = std::popcount(pos_.hand[victim]);
  // WAR-II, section 12: every card, usable at once; the hand limit applies at the turn's end.
  if (rules_->war2() || mine + theirs <= kForcedTradeHand) {
    pos_.hand[pos_.seat] |= pos_.hand[victim];
    pos_.hand[victim] = 0;
  } else if (mine < kForcedTradeHand) {
    pos_.spoils_victim = victim;
    pos_.spoils_left = static_cast<std::int8_t>(kForcedTradeHand - mine);
    pos_.phase = Phase::kSpoils;
    return;
  }
  FinishSpoils();
  (void)victim;
}

// Cards still held by seats out of the game (spoils not taken, a resigned hand) are discarded.
void Board::DiscardOutHands() {
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    if (pos_.eliminated_by[s] >= 0) {
      pos_.discard |= pos_.hand[s];
      pos_.hand[s] = 0;
    }
  }
}

// The cards of a finished card use, transport or resignation go to the discard pile.
void Board::DiscardPending() {
  pos_.discard |= pos_.pending_cards;
  pos_.pending_cards = 0;
  if (rules_->war2()) AfterDiscard();
}

void Board::FinishSpoils() {
  DiscardOutHands();
  pos_.spoils_victim = -1;
  pos_.spoils_left = 0;
  pos_.phase = Phase::kOccupy;
  CheckEveryone();
}

void Board::EndMovement() {
  if (rules_->war2()) {
    if (std::popcount(pos_.hand[pos_.seat]) > kForcedTradeHand) {
      pos_.phase = Phase::kDiscardDown;  // rulings: keep at most 5 at the end of the turn
      return;
    }
    StartDraws();
    return;
  }
  // Seed: one territory card at the end of a turn with at least one conquest.
  if (pos_.conquered && (pos_.pile | pos_.discard)) {
    pos_.phase = Phase::kDraw;
    return;
  }
  NextTurn();
}

void Board::Apply(Action action, engine::UndoInfo* undo) {
  if (!undo) return ApplyRules(action);
  const Position before = pos_;
  ApplyRules(action);
  undo_.Record(before, pos_, *undo);
}

void Board::Undo(const engine::UndoInfo& undo) { undo_.Restore(pos_, undo); }

void Board::ApplyRules(Action action) {
  const Rules& g = *rules_;
  ++pos_.ply;
  if (CurrentSeat() >= 0) pos_.acted = true;
  const bool free_phase = pos_.phase == Phase::kReinforce || pos_.phase == Phase::kAttack ||
                          pos_.phase == Phase::kMove || pos_.phase == Phase::kDiscardDown;
  if (g.spy_centre() && ((free_phase && action >= g.kPlaceCi) || pos_.phase == Phase::kCiPay)) {
    ApplyCiAction(action);
  } else if (g.war2() && free_phase && action >= g.kAir && action < g.kAirRound) {
    ApplyCardAction(action);
  } else {
    ApplyPhaseAction(action);
  }
  if (pos_.phase != Phase::kOver && pos_.ply >= g.MaxActions()) Finish(kDrawnGame);
}

void Board::ApplyPhaseAction(Action action) {
  const Rules& g = *rules_;
  switch (pos_.phase) {
    case Phase::kDealer:
      pos_.dealer = static_cast<std::int8_t>(action - g.kChance);
      return DealNext();
    case Phase::kDeal:
      return ApplyDeal(action - g.kChance);
    case Phase::kObjective:
      return ApplyObjective(action - g.kChance);
    case Phase::kReinforce:
      return ApplyReinforcement(action);
    case Phase::kAttack:
      return ApplyAttackChoice(action);
    case Phase::kBattle:
      return ApplyBattle(action - g.kBattle);
    case Phase::kSpoils:
      return ApplySpoils(action - g.kChance);
    case Phase::kOccupy:
      return ApplyOccupy(action - g.kOccupy + 1);
    case Phase::kMove:
      return ApplyMovement(action);
    case Phase::kDraw:
      return ApplyDraw(action - g.kChance);
    case Phase::kCeDeal:
      return ApplyCeDeal(action - g.kChance);
    case Phase::kCeChoice:
      return ApplyCeChoice(action);
    case Phase::kClaim:
      return ApplyClaim(action);
    case Phase::kCardUse:
    case Phase::kTransport:
    case Phase::kDiscardDown:
      return ApplyCardAction(action);
    case Phase::kAirRound:
      return ApplyAirRound((action - g.kAirRound) / 4, (action - g.kAirRound) % 4);
    case Phase::kCiPay:  // ApplyCiAction's
    case Phase::kOver:
      return;
  }
}

void Board::ApplyDeal(int territory) {
  pos_.undealt &= ~TerritoryBit(territory);
  pos_.owner[territory] = pos_.seat;
  pos_.armies[territory] = 1;
  ++pos_.territory_count[pos_.seat];
  ++pos_.deal_index;
  DealNext();
}

void Board::ApplyObjective(int index) {
  pos_.objectives_left &= ~TerritoryBit(index);
  pos_.objective[pos_.seat] = static_cast<std::int8_t>(index);
  if (pos_.seat + 1 < pos_.num_seats) {
    ++pos_.seat;
    return;
  }
  // Seed: the cards go back (with the jokers; in WAR-II with the CE cards) into one shuffled
  // pile; the player after the one who got the last territory starts.
  pos_.pile = TerritoryBit(rules_->NumCards()) - 1;
  StartTurn(pos_.first_seat);
  AfterReinforcement();
}

void Board::ApplyReinforcement(Action action) {
  const Rules& g = *rules_;
  if (action == g.kEnd) {
    pos_.phase = Phase::kAttack;
    return;
  }
  if (action >= g.kTrade) {
    ApplyTrade(action - g.kTrade);
  } else {
    ApplyPlace(action);
  }
  CheckVictory(pos_.seat);
  AfterReinforcement();
}

void Board::ApplyAttackChoice(Action action) {
  const Rules& g = *rules_;
  if (action == g.kEnd) {
    pos_.phase = Phase::kMove;
    return;
  }
  const Link& link = map_->links[(action - g.kAttack) / 3];
  pos_.attack_from = static_cast<std::int8_t>(link.from);
  pos_.attack_to = static_cast<std::int8_t>(link.to);
  pos_.attack_dice = static_cast<std::int8_t>((action - g.kAttack) % 3 + 1);
  pos_.phase = Phase::kBattle;
}

void Board::ApplySpoils(int card) {
  pos_.hand[pos_.spoils_victim] &= ~TerritoryBit(card);
  pos_.hand[pos_.seat] |= TerritoryBit(card);
  if (--pos_.spoils_left == 0 || pos_.hand[pos_.spoils_victim] == 0) FinishSpoils();
}

void Board::ApplyOccupy(int armies) {
  pos_.armies[pos_.attack_from] -= armies;
  pos_.armies[pos_.attack_to] += armies;
  pos_.phase = Phase::kAttack;
  CheckVictory(pos_.seat);
}

void Board::ApplyMovement(Action action) {
  if (action == rules_->kEnd) return EndMovement();
  const Link& link = map_->links[action - rules_->kMove];
  --pos_.armies[link.from];
  ++pos_.armies[link.to];
  ++pos_.arrived[link.to];
  CheckVictory(pos_.seat);
}

void Board::ApplyDraw(int card) {
  if (!pos_.pile) {  // seed, note 3: the traded cards are reshuffled into a new pile
    pos_.pile = pos_.discard;
    pos_.discard = 0;
  }
  pos_.pile &= ~TerritoryBit(card);
  pos_.hand[pos_.seat] |= TerritoryBit(card);
  if (--pos_.draws_left > 0 && (pos_.pile | pos_.discard)) return;
  pos_.draws_left = 0;
  NextTurn();
}

void Board::ApplyCeDeal(int card) {
  const int t = CeTerritoryOf(card);
  pos_.undealt &= ~TerritoryBit(card);
  pos_.owner[t] = pos_.seat;
  pos_.armies[t] = 2;  // seed section 2: 2 armies on each Strategic Centre received
  ++pos_.territory_count[pos_.seat];
  ++pos_.deal_index;
  DealCeNext();
}

void Board::ApplyClaim(int territory) {
  pos_.owner[territory] = pos_.seat;
  pos_.armies[territory] = 1;
  ++pos_.territory_count[pos_.seat];
  AfterClaim();
}

// 5 players (seed section 2): a CE card left (option a), or two territories (option b).
void Board::ApplyCeChoice(int territory) {
  pos_.owner[territory] = pos_.seat;
  ++pos_.territory_count[pos_.seat];
  if (map_->territories[territory].strategic_centre) {  // option a: a CE card left
    pos_.armies[territory] = 2;
    pos_.ce_cards_left &= ~TerritoryBit(rules_->CardOf(territory));
  } else {
    pos_.armies[territory] = 1;  // option b: two territories, 1 army each
    if (pos_.claim_first < 0) {
      pos_.claim_first = static_cast<std::int8_t>(territory);
      return;
    }
    pos_.claim_first = -1;
    ++pos_.choices_b;
  }
  ++pos_.choices_made;
  if (pos_.choices_made < pos_.num_seats) {
    pos_.seat = static_cast<std::int8_t>((pos_.seat + 1) % pos_.num_seats);
  } else {
    StartClaims();
  }
}

// --- Endings (rulings, "Common") -----------------------------------------------------------------

// With more than two players left the resigning player's armies stay as neutral: they defend but
// never attack, and its objective no longer counts; with two left the other one wins.
bool Board::Resign(Seat seat) {
  if (InSetup()) return false;  // before the first turn: the game simply ends
  if (seat < 0 || seat >= pos_.num_seats || pos_.eliminated_by[seat] >= 0) {
    throw Error(fmt::format("{} is no longer in the game", rules_->ColourOf(seat)));
  }
  int in_play = 0;
  Seat other = -1;
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    if (pos_.eliminated_by[s] < 0) {
      ++in_play;
      if (s != seat) other = s;
    }
  }
  pos_.eliminated_by[seat] = kNeutral;
  if (in_play <= 2) {
    Finish(other);  // the rules' own ending: the other wins, those out before lose
    return true;
  }
  Neutralize(seat);
  return true;
}

// The resigning seat's armies turn neutral, its cards are discarded and, if it was its turn, the
// turn passes.
void Board::Neutralize(Seat seat) {
  const bool its_turn = pos_.seat == seat;
  if (its_turn && pos_.owner[pos_.attack_to] == seat && pos_.armies[pos_.attack_to] == 0) {
    --pos_.armies[pos_.attack_from];  // a conquest it had not yet moved into
    pos_.armies[pos_.attack_to] = 1;
  }
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    if (pos_.owner[t] == seat) pos_.owner[t] = kNeutral;
  }
  pos_.territory_count[kNeutral] += pos_.territory_count[seat];
  pos_.territory_count[seat] = 0;
  DiscardOutHands();  // its cards, and any spoils not yet taken
  if (rules_->war2()) AfterDiscard();
  if (its_turn) {
    DiscardPending();
    pos_.air_bombers = 0;
    NextTurn();
  }
  CheckEveryone();  // a "destroy" card naming it now asks for 24 territories
}

// Rulings, "Common": the game may end outside its rules (a resignation with nobody to go on
// without, time, abandonment, agreement); like any ending it reveals every hand and objective.
void Board::EndOutsideTheRules(engine::EndReason reason, std::span<const engine::Outcome> results) {
  if (pos_.phase == Phase::kOver) throw Error("war: the game is already over");
  if (static_cast<int>(results.size()) != pos_.num_seats) {
    throw Error(
        fmt::format("war: an ending needs {} results, not {}", +pos_.num_seats, results.size()));
  }
  pos_.ending = static_cast<std::int8_t>(reason);
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    pos_.ending_results[s] = static_cast<std::int8_t>(results[s]);
  }
  pos_.winner = kNoWinner;
  pos_.phase = Phase::kOver;
}

// --- Consistency ---------------------------------------------------------------------------------

void Board::Check() const {
  const int territories = map_->NumTerritories();
  std::array<int, kMaxSeats + 1> counts{};
  for (int t = 0; t < territories; ++t) {
    const int owner = pos_.owner[t];
    if (owner < 0) {
      if (!InSetup()) {
        throw Error(
            fmt::format("war: territory {} has no owner after the deal", map_->territories[t].id));
      }
      continue;
    }
    ++counts[owner];
    // A conquered territory is empty until the attacker moves in; a game won by that conquest
    // (an elimination) ends before the move.
    const bool being_occupied = (pos_.phase == Phase::kOccupy || pos_.phase == Phase::kSpoils ||
                                 pos_.phase == Phase::kOver) &&
                                t == pos_.attack_to && pos_.owner[t] == pos_.seat;
    if (pos_.armies[t] < 1 && !being_occupied) {
      throw Error(
          fmt::format("war: territory {} has {} armies", map_->territories[t].id, +pos_.armies[t]));
    }
  }
  if (counts[kNeutral] != pos_.territory_count[kNeutral]) {
    throw Error("war: the neutral territory count is off");
  }
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    if (counts[s] != pos_.territory_count[s]) {
      throw Error(fmt::format("war: seat {} territory count is off", s));
    }
    if (pos_.eliminated_by[s] >= 0 && counts[s] > 0) {
      throw Error(fmt::format("war: eliminated seat {} still holds territories", s));
    }
  }
  std::uint64_t seen =
      (pos_.pile & pos_.discard) | (pos_.pending_cards & (pos_.pile | pos_.discard));
  std::uint64_t all = pos_.pile | pos_.discard | pos_.pending_cards;
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    seen |= all & pos_.hand[s];
    all |= pos_.hand[s];
  }
  if (seen) throw Error("war: a card is in two places");
  if (!InSetup() && all != TerritoryBit(rules_->NumCards()) - 1) {
    throw Error("war: cards are missing");
  }
  if (pos_.general_pool < 0) throw Error("war: negative armies to place");
}

}  // namespace quartel::war
