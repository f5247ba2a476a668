#include "games/war/war.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

#include "core/error.h"
#include "core/text.h"
#include "games/war/dice.h"

namespace quartel::war {
namespace {

constexpr int kDestroyFallbackTerritories = 24;  // rulings: a "destroy" card's fallback

std::uint64_t Bit(int i) { return std::uint64_t{1} << i; }

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

// --- Game ----------------------------------------------------------------------------------------

WarGame::WarGame(engine::GameInfo info, engine::GameOptions options)
    : Game(std::move(info), std::move(options)),
      map_(LoadMap(this->options().GetString("map"))),
      players_(static_cast<int>(this->options().GetInt("players"))),
      max_turns_(static_cast<int>(this->options().GetInt("max_turns"))) {
  war2_ = id() == "war2";
  if (war2_ && !map_->HasWar2()) {
    throw Error(
        fmt::format("map {}: no \"war2\" section, so WAR-II cannot be played on it", map_->file));
  }
  variant1_ = war2_ && this->options().GetBool("variant");
  spy_centre_ = war2_ && this->options().GetBool("spy_centre");
  const int territories = map_->NumTerritories();
  const int links = map_->NumLinks();
  num_cards_ = war2_ ? static_cast<int>(map_->war2_cards.size()) : map_->NumCards();
  card_of_.assign(territories, -1);
  ce_index_.assign(territories, -1);
  for (std::size_t i = 0; i < map_->strategic_centres.size(); ++i) {
    ce_index_[map_->strategic_centres[i]] = static_cast<int>(i);
  }
  if (war2_) {
    for (int c = 0; c < num_cards_; ++c) {
      for (int t : map_->war2_cards[c].territories) card_of_[t] = c;
    }
  }
  kAttack = territories;
  kOccupy = kAttack + 3 * links;
  kMove = kOccupy + 3;
  kEnd = kMove + links;
  kTrade = kEnd + 1;
  kChance = kTrade + kTradeCombos;
  num_chance_ = std::max({num_cards_, static_cast<int>(Objectives().size()), kMaxSeats});
  kBattle = kChance + num_chance_;
  kAir = kBattle + 4;
  kUse = kAir + 10 * territories;
  kAddNumber = kUse + 2 * num_cards_;
  kTransport = kAddNumber + 3;
  kCarry = kTransport + num_cards_ * num_cards_ * 4;
  kDiscard = kCarry + 2;
  kAirlift = kDiscard + num_cards_;
  kAirRound = kAirlift + 12 * 12;
  kPlaceCi = kAirRound + 16;
  kSpy = kPlaceCi + 64;
  kMoveCi = kSpy + kMaxSeats;
  kCiTransport = kMoveCi + kMaxSeats * 64;
  if (map_->strategic_centres.size() > 12) {
    throw Error(fmt::format("map {}: more than 12 Strategic Centres", map_->file));
  }
  for (std::size_t i = 0; i < Objectives().size(); ++i) {
    const int colour = Objectives()[i].destroy_colour;
    if (colour < players_) eligible_objectives_ |= Bit(static_cast<int>(i));
  }
  if (std::popcount(eligible_objectives_) < players_) {
    throw Error(fmt::format("map {}: fewer objectives than players", map_->file));
  }
}

std::string WarGame::SeatName(int seat) const {
  if (seat < 0 || seat >= players_) return fmt::format("seat {}", seat);
  return map_->colours[seat];
}

std::unique_ptr<engine::State> WarGame::NewInitialState() const {
  return std::make_unique<WarState>(*this);
}

int WarGame::MaxGameLength() const {
  // Engine cap: a game ends in a draw after max_turns turns, or when its actions reach this
  // bound (a turn of more than 2000 actions only happens to random players with huge armies).
  return 1 + map_->NumTerritories() + players_ + max_turns_ * 2000;
}

// --- State: setup and turn flow
// -------------------------------------------------------------------

WarState::WarState(const WarGame& game) : State(game), game_(&game), map_(&game.map()) {
  pos_.num_seats = static_cast<std::int8_t>(game.NumSeats());
  pos_.owner.fill(-1);
  pos_.objective.fill(-1);
  pos_.eliminated_by.fill(-1);
  pos_.ci.fill(-1);
  pos_.undealt = Bit(map_->NumTerritories()) - 1;
  if (game.war2()) {  // the Strategic Centre cards are dealt first
    pos_.undealt = 0;
    for (int t : map_->strategic_centres) pos_.undealt |= Bit(game.CardOf(t));
  }
  pos_.objectives_left = game.EligibleObjectives();
  pos_.phase = Phase::kDealer;
}

Seat WarState::CurrentSeat() const {
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

bool WarState::MidTurn() const {
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

int WarState::TerritoryIncome(Seat seat) const {
  // Seed: territories / 2, rounded down, at least 3 ("O número mínimo ... é sempre 3").
  int income = std::max(3, pos_.territory_count[seat] / 2);
  for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
    income += ContinentBonus(seat, c);
  }
  return game_->war2() ? income + HeldCes(seat) : income;  // WAR-II: +1 per CE held
}

// The armies a continent gives its holder, bound to it: WAR's TABELA I for the whole continent;
// WAR-II's totality, else its majority when more than half is held (seed section 5: never both).
int WarState::ContinentBonus(Seat seat, int continent) const {
  const Continent& c = map_->continents[continent];
  if (!game_->war2()) return OwnsContinent(seat, continent) ? c.bonus : 0;
  const int held = static_cast<int>(std::count_if(c.territories.begin(), c.territories.end(),
                                                  [&](int t) { return pos_.owner[t] == seat; }));
  if (held == static_cast<int>(c.territories.size())) return c.totality;
  return 2 * held > static_cast<int>(c.territories.size()) ? c.majority : 0;
}

bool WarState::OwnsContinent(Seat seat, int continent) const {
  for (int t : map_->continents[continent].territories) {
    if (pos_.owner[t] != seat) return false;
  }
  return true;
}

int WarState::ArmiesToPlace() const {
  int total = pos_.general_pool;
  for (int c = 0; c < kMaxContinents; ++c) total += pos_.continent_pool[c];
  return total;
}

void WarState::StartTurn(Seat seat) {
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
  if (game_->war2() && begun == 2) {
    pos_.general_pool = 0;
    pos_.phase = Phase::kAttack;
    return;
  }
  // Seed: a continent's armies "deverão ser distribuídos obrigatoriamente" in that continent.
  for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
    pos_.continent_pool[c] = static_cast<std::int16_t>(ContinentBonus(seat, c));
  }
  if (!game_->war2()) return;
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

int WarState::HeldCes(Seat seat, int min_armies) const {
  int held = 0;
  for (int t : map_->strategic_centres) {
    if (pos_.owner[t] == seat && pos_.armies[t] >= min_armies) ++held;
  }
  return held;
}

int WarState::BomberBox(Seat seat) const { return map_->war2_bombers - pos_.bombers[seat]; }

bool WarState::InSetup() const {
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
void WarState::AfterReinforcement() {
  if (pos_.phase != Phase::kReinforce || ArmiesToPlace() > 0) return;
  if (!game_->war2() && !InFirstRound() && std::popcount(pos_.hand[pos_.seat]) >= 3) return;
  if (InFirstRound()) {
    NextTurn();  // seed: in the first round each player only receives and places armies
  } else {
    pos_.phase = Phase::kAttack;
  }
}

void WarState::NextTurn() {
  ++pos_.turns_played;
  if (pos_.turns_played >= game_->max_turns()) {
    Finish(kDrawnGame);  // engine cap, not a rule
    return;
  }
  Seat next = pos_.seat;
  do {
    next = (next + 1) % pos_.num_seats;
  } while (pos_.eliminated_by[next] >= 0);
  StartTurn(next);
}

void WarState::Finish(int winner) {
  pos_.winner = static_cast<std::int8_t>(winner);
  pos_.phase = Phase::kOver;
}

// --- Objectives
// -----------------------------------------------------------------------------------

bool WarState::ObjectiveMet(Seat seat) const {
  const int index = pos_.objective[seat];
  if (index < 0) return false;
  // WAR-II rulings: no objective may be reachable without a conquest. Territories are claimed by
  // choice, so claims alone could complete América do Norte and Oceania with three players: an
  // objective counts once its holder has conquered a territory.
  if (game_->war2() && !(pos_.conquered_ever & (1u << seat))) return false;
  // WAR-II, seed section 3, Obs. 2: reduced to one territory, the objective becomes three CEs.
  if (pos_.reduced & (1u << seat)) return HeldCes(seat) >= 3;
  const Objective& objective = game_->Objectives()[index];
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
  int territories = objective.territories;
  if (objective.destroy_colour >= 0) {
    const int target = objective.destroy_colour;
    const bool fallback = target >= pos_.num_seats || target == seat ||
                          (pos_.eliminated_by[target] >= 0 && pos_.eliminated_by[target] != seat);
    if (!fallback) return pos_.eliminated_by[target] == seat;
    territories = std::min(kDestroyFallbackTerritories, map_->NumTerritories());
  }
  if (territories > 0) {
    int held = 0;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (pos_.owner[t] == seat && pos_.armies[t] >= objective.min_armies) ++held;
    }
    if (held < territories) return false;
  }
  if (!objective.continents.empty() || objective.any_continents > 0) {
    int others = 0;
    for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
      const bool listed = std::find(objective.continents.begin(), objective.continents.end(), c) !=
                          objective.continents.end();
      const bool owned = OwnsContinent(seat, c);
      if (listed && !owned) return false;
      if (!listed && owned) ++others;
    }
    if (others < objective.any_continents) return false;
  }
  return true;
}

std::string WarState::ObjectiveText(Seat seat) const {
  const int index = pos_.objective[seat];
  if (index < 0) return "not yet drawn";
  if (pos_.reduced & (1u << seat)) {
    return "Conquer any three Strategic Centres (reduced to one territory, seed section 3)";
  }
  const Objective& objective = game_->Objectives()[index];
  if (objective.destroy_colour >= 0) {
    const int target = objective.destroy_colour;
    if (target == seat || (pos_.eliminated_by[target] >= 0 && pos_.eliminated_by[target] != seat)) {
      return fmt::format("{} (now: conquer {} territories of your choice)", objective.text,
                         std::min(kDestroyFallbackTerritories, map_->NumTerritories()));
    }
  }
  return objective.text;
}

// Seed, "Final do jogo": the game ends the moment a player meets its objective.
void WarState::CheckVictory(Seat seat) {
  if (pos_.phase != Phase::kOver && ObjectiveMet(seat)) Finish(seat);
}

// After an elimination, "destroy" objectives of others may have turned into "24 territories".
void WarState::CheckEveryone() {
  CheckVictory(pos_.seat);
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    if (pos_.eliminated_by[s] < 0) CheckVictory(s);
  }
}

// --- Cards
// ----------------------------------------------------------------------------------------

std::vector<int> WarState::Hand(Seat seat) const {
  std::vector<int> cards;
  for (std::uint64_t mask = pos_.hand[seat]; mask; mask &= mask - 1) {
    cards.push_back(std::countr_zero(mask));
  }
  return cards;
}

Figure WarState::CardFigure(int card) const {
  return card < map_->NumTerritories() ? map_->territories[card].figure : Figure::kJoker;
}

std::string WarState::CardName(int card) const {
  // Notation is asked of any action id, legal or not (State::ActionToString): a card out of range
  // is named, never read.
  const int cards = game_->war2() ? static_cast<int>(map_->war2_cards.size()) : map_->NumCards();
  if (card < 0 || card >= cards) return fmt::format("card #{}", card);
  if (game_->war2()) {
    const War2Card& c = map_->war2_cards[card];
    if (c.number > 0) return fmt::format("n{} (number card {})", c.number, c.number);
    std::string name;
    for (int t : c.territories) {
      name += (name.empty() ? "" : "+") + map_->territories[t].id +
              (map_->territories[t].strategic_centre ? " (CE)" : "");
    }
    return name;
  }
  if (card >= map_->NumTerritories()) return "joker";
  return fmt::format("{} ({})", map_->territories[card].id,
                     FigureName(map_->territories[card].figure));
}

bool WarState::IsSet(int a, int b, int c) const {
  const Figure f[3] = {CardFigure(a), CardFigure(b), CardFigure(c)};
  // Seed, note 1: a joker stands for whichever figure completes the set.
  if (f[0] == Figure::kJoker || f[1] == Figure::kJoker || f[2] == Figure::kJoker) return true;
  const bool all_equal = f[0] == f[1] && f[1] == f[2];
  const bool all_different = f[0] != f[1] && f[1] != f[2] && f[0] != f[2];
  return all_equal || all_different;
}

std::array<int, 3> WarState::TradeCombo(int combo) { return kCombos[combo]; }

bool WarState::TradeLegal(int combo) const {
  if (pos_.phase != Phase::kReinforce || combo < 0 || combo >= kTradeCombos) return false;
  const std::uint64_t hand = pos_.hand[pos_.seat];
  const auto& positions = kCombos[combo];
  const int a = NthCard(hand, positions[0]), b = NthCard(hand, positions[1]),
            c = NthCard(hand, positions[2]);
  if (a < 0 || b < 0 || c < 0 || !IsSet(a, b, c)) return false;
  // The two jokers are one card twice: a trade with one joker uses the first (the notation names
  // cards, and "joker" must name one action).
  const std::uint64_t jokers = hand & ~(Bit(map_->NumTerritories()) - 1);
  std::uint64_t used_jokers = (Bit(a) | Bit(b) | Bit(c)) & jokers, lowest = jokers;
  for (int k = std::popcount(used_jokers); k < std::popcount(jokers); ++k) {
    lowest &= ~(Bit(63) >> std::countl_zero(lowest));  // drop the highest joker
  }
  return used_jokers == lowest;
}

std::uint64_t WarState::CardSource() const {
  if (pos_.phase == Phase::kSpoils) return pos_.hand[pos_.spoils_victim];
  return pos_.pile ? pos_.pile : pos_.discard;  // seed, note 3: the discards make a new pile
}

int WarState::CardKind(int card) const {
  if (game_->war2()) {
    const int number = map_->war2_cards[card].number;
    return number > 0 ? -number : card;
  }
  return card >= map_->NumTerritories() ? -1 : card;
}

std::uint64_t WarState::DistinctCards(std::uint64_t cards) const {
  std::uint64_t distinct = 0, seen_kinds = 0;
  for (std::uint64_t m = cards; m; m &= m - 1) {
    const int card = std::countr_zero(m);
    const int kind = CardKind(card);
    if (kind >= 0) {
      distinct |= Bit(card);
    } else if (!(seen_kinds & Bit(-kind))) {
      seen_kinds |= Bit(-kind);
      distinct |= Bit(card);
    }
  }
  return distinct;
}

int WarState::SameCards(int card, std::uint64_t cards) const {
  int same = 0;
  for (std::uint64_t m = cards; m; m &= m - 1)
    same += CardKind(std::countr_zero(m)) == CardKind(card);
  return same;
}

bool WarState::AnyTradeLegal() const {
  const int cards = std::popcount(pos_.hand[pos_.seat]);
  if (cards < 3) return false;
  for (int combo = 0; combo < kTradeCombos; ++combo) {
    if (kCombos[combo][2] < cards && TradeLegal(combo)) return true;
  }
  return false;
}

void WarState::ApplyTrade(int combo) {
  const Seat seat = pos_.seat;
  const std::uint64_t hand = pos_.hand[seat];
  for (int position : kCombos[combo]) {
    const int card = NthCard(hand, position);
    pos_.hand[seat] &= ~Bit(card);
    pos_.discard |= Bit(card);
    // Seed: 2 extra armies for each traded card showing an owned territory, placed there.
    if (card < map_->NumTerritories() && pos_.owner[card] == seat) pos_.armies[card] += 2;
  }
  // TABELA II counts every trade of the game, by anyone.
  pos_.general_pool += map_->TradeValue(pos_.trades_done++);
}

// --- Legal actions
// --------------------------------------------------------------------------------

bool WarState::CanPlace(int territory) const {
  if (pos_.owner[territory] != pos_.seat) return false;
  // WAR: with 5 cards a trade comes first. WAR-II has no trades; 5 is its hand limit.
  if (!game_->war2() && std::popcount(pos_.hand[pos_.seat]) >= kForcedTradeHand) return false;
  return pos_.general_pool > 0 || pos_.continent_pool[map_->territories[territory].continent] > 0;
}

int WarState::Movable(int territory) const {
  return std::max(0, pos_.armies[territory] - std::max<int>(1, pos_.arrived[territory]));
}

void WarState::LegalActions(std::vector<Action>& out) const {
  out.clear();
  const WarGame& g = *game_;
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
    case Phase::kTransport:  // one way only, with armies that have not moved this turn
      out.push_back(g.kEnd);
      if (pos_.transport_way != 1 && Movable(pos_.transport_a) > 0) out.push_back(g.kCarry);
      if (pos_.transport_way != 0 && Movable(pos_.transport_b) > 0) out.push_back(g.kCarry + 1);
      std::sort(out.begin(), out.end());
      return;
    case Phase::kDiscardDown:
      return AppendCardActions(out);
    case Phase::kCiPay:
      return AppendCiPayments(out);
    case Phase::kOver:
      return;
  }
}

// The outcomes of a chance node, in ChanceOutcomes' order.
void WarState::AppendChanceActions(std::vector<Action>& out) const {
  const WarGame& g = *game_;
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

void WarState::AppendReinforcementActions(std::vector<Action>& out) const {
  const WarGame& g = *game_;
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

void WarState::AppendAttackActions(std::vector<Action>& out) const {
  const WarGame& g = *game_;
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
  // Seed section 9a: bombers from the air base against any enemy territory of 2+ armies.
  const int bombers = pos_.bombers[pos_.seat];
  for (int t = 0; t < territories && bombers > 0; ++t) {
    if (pos_.owner[t] == pos_.seat || pos_.armies[t] < 2) continue;
    for (int n = 1; n <= std::min(10, bombers); ++n) out.push_back(g.kAir + 10 * t + n - 1);
  }
  AppendCardActions(out);
  AppendCiActions(out);
}

void WarState::AppendMovementActions(std::vector<Action>& out) const {
  const WarGame& g = *game_;
  for (int from = 0; from < map_->NumTerritories(); ++from) {
    if (pos_.owner[from] != pos_.seat || Movable(from) == 0) continue;
    for (int l = map_->first_link[from]; l < map_->first_link[from + 1]; ++l) {
      if (pos_.owner[map_->links[l].to] == pos_.seat) out.push_back(g.kMove + l);
    }
  }
  out.push_back(g.kEnd);
  if (!g.war2()) return;
  AppendCardActions(out);
  // Seed section 11: airlift between any two Strategic Centres held (neighbours move by land, so
  // the airlift is offered only between CEs that do not border each other).
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
  AppendCiActions(out);
}

// Seed, 5 players: (a) one of the two CE cards left, or (b) two vacant territories, neither a CE,
// not both in one continent. Two players take (a), three take (b).
void WarState::AppendCeChoices(std::vector<Action>& out) const {
  const bool option_a = pos_.claim_first < 0 && pos_.ce_cards_left != 0;
  const bool option_b = pos_.choices_b < 3;
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    if (pos_.owner[t] >= 0) continue;
    const bool ce = map_->territories[t].strategic_centre;
    if (ce && option_a && (pos_.ce_cards_left & Bit(game_->CardOf(t)))) out.push_back(t);
    if (!ce && option_b &&
        (pos_.claim_first < 0 ||
         map_->territories[t].continent != map_->territories[pos_.claim_first].continent)) {
      out.push_back(t);
    }
  }
}

// A card use in progress: done, or a number card of a value in the hand.
void WarState::AppendNumberCards(std::vector<Action>& out) const {
  out.push_back(game_->kEnd);  // done
  std::array<bool, 3> have{};
  for (std::uint64_t m = pos_.hand[pos_.seat]; m; m &= m - 1) {
    const int number = map_->war2_cards[std::countr_zero(m)].number;
    if (number > 0) have[number - 1] = true;
  }
  for (int v = 1; v <= 3; ++v) {
    // Bombers for a card attack come from the box, which must hold them all (seed, 9b).
    if (have[v - 1] && (!pos_.use_bombers || pos_.use_amount + v <= BomberBox(pos_.seat))) {
      out.push_back(game_->kAddNumber + v - 1);
    }
  }
}

// A CI transport is paid with territory cards of territories the seat holds (seed section 15).
void WarState::AppendCiPayments(std::vector<Action>& out) const {
  for (std::uint64_t m = pos_.hand[pos_.seat]; m; m &= m - 1) {
    const int card = std::countr_zero(m);
    const auto& ts = map_->war2_cards[card].territories;
    if (std::any_of(ts.begin(), ts.end(), [&](int t) { return pos_.owner[t] == pos_.seat; })) {
      out.push_back(game_->kDiscard + card);
    }
  }
}

std::vector<engine::ChanceOutcome> WarState::ChanceOutcomes() const {
  std::vector<engine::ChanceOutcome> out;
  if (CurrentSeat() != engine::kChanceSeat) return out;
  if (pos_.phase == Phase::kAirRound) {
    AirRoundOutcomes(out);
    return out;
  }
  if (pos_.phase == Phase::kBattle) {
    const BattleRoll& roll = RollOdds(pos_.attack_dice, std::min(3, +pos_.armies[pos_.attack_to]));
    for (int i = 0; i <= roll.pairs; ++i) {
      out.push_back({game_->kBattle + i, roll.attacker_loses[i]});
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
      out.push_back({a, SameCards(a - game_->kChance, source) / cards});
    }
    return out;
  }
  for (Action a : actions) out.push_back({a, 1.0 / static_cast<double>(actions.size())});
  return out;
}

std::string WarState::WhyIllegal(Action action) const {
  if (pos_.phase == Phase::kOver) return "the game is over";
  std::vector<Action> legal;
  LegalActions(legal);
  if (std::binary_search(legal.begin(), legal.end(), action)) return {};
  const WarGame& g = *game_;
  if (action < 0 || action >= g.NumDistinctActions()) {
    return fmt::format("action {} is out of range", action);
  }
  if (CurrentSeat() == engine::kChanceSeat) {
    return fmt::format("chance acts now ({}): that is not one of its outcomes",
                       PhaseName(pos_.phase));
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
  if (action == g.kEnd) {
    if (std::popcount(pos_.hand[pos_.seat]) >= kForcedTradeHand) {
      return "with 5 cards you must trade 3 of them first (trade CARD CARD CARD)";
    }
    return fmt::format("place your {} first", Plural(ArmiesToPlace(), "army", "armies"));
  }
  if (pos_.phase != Phase::kReinforce) return "cards are traded only at the start of a turn";
  if (InFirstRound()) return "no trades in the first round";
  return "those cards are not in your hand or do not form a set (3 equal or 3 different figures)";
}

// A step the seat must finish before anything else: moving into a conquest, a card use, a
// transport, a discard down to 5, the setup's claims; empty when there is none or `action`
// belongs to it.
std::string WarState::UnfinishedStep(Action action) const {
  const WarGame& g = *game_;
  switch (pos_.phase) {
    case Phase::kOccupy:
      if (action >= g.kOccupy && action < g.kMove) {
        return fmt::format("move 1 to {} into {} (the dice of the last roll)",
                           Plural(pos_.attack_dice, "army", "armies"), TerritoryId(pos_.attack_to));
      }
      return fmt::format("first move armies into {}, which you conquered: occupy N (1 to {})",
                         TerritoryId(pos_.attack_to), +pos_.attack_dice);
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
                         std::popcount(pos_.hand[pos_.seat]));
    case Phase::kCiPay:
      return "pay for the Information Centre's transport first: discard a card of one of your "
             "territories";
    default:
      return {};
  }
}

std::string WarState::WhyNoPlace(int territory) const {
  if (pos_.phase != Phase::kReinforce) return "armies are placed only at the start of a turn";
  if (!game_->war2() && std::popcount(pos_.hand[pos_.seat]) >= kForcedTradeHand) {
    return "with 5 cards you must trade 3 of them first (trade CARD CARD CARD)";
  }
  if (pos_.owner[territory] != pos_.seat) {
    return fmt::format("you do not hold {}", TerritoryId(territory));
  }
  if (ArmiesToPlace() == 0) return "you have no armies left to place";
  return fmt::format("your {} left must go to their continents",
                     Plural(ArmiesToPlace(), "army", "armies"));
}

std::string WarState::WhyNoAttack(Action action) const {
  const Link& link = map_->links[(action - game_->kAttack) / 3];
  if (pos_.phase != Phase::kAttack) {
    return pos_.phase == Phase::kReinforce
               ? fmt::format("place your {} first", Plural(ArmiesToPlace(), "army", "armies"))
               : fmt::format("no attacks in the {} phase", PhaseName(pos_.phase));
  }
  if (pos_.owner[link.from] != pos_.seat) {
    return fmt::format("you do not hold {}", TerritoryId(link.from));
  }
  if (pos_.owner[link.to] == pos_.seat) return fmt::format("{} is yours", TerritoryId(link.to));
  if (pos_.armies[link.from] < 2) return "an attack needs at least 2 armies (one stays behind)";
  return fmt::format("{} in {} can attack with at most {}",
                     Plural(pos_.armies[link.from], "army", "armies"), TerritoryId(link.from),
                     Plural(std::min(3, pos_.armies[link.from] - 1), "die", "dice"));
}

std::string WarState::WhyNoMove(Action action) const {
  if (pos_.phase != Phase::kMove) {
    return pos_.phase == Phase::kAttack
               ? "end your attacks first (end), then move"
               : fmt::format("no movement in the {} phase", PhaseName(pos_.phase));
  }
  const Link& link = map_->links[action - game_->kMove];
  if (pos_.owner[link.from] != pos_.seat || pos_.owner[link.to] != pos_.seat) {
    return "armies move only between your own neighbouring territories";
  }
  return fmt::format("no army in {} may move: one stays, and those that moved this turn stay",
                     TerritoryId(link.from));
}

// --- Applying actions
// -----------------------------------------------------------------------------

void WarState::ApplyPlace(int territory) {
  // A continent's bonus armies go first: they can only be placed there.
  auto& bound = pos_.continent_pool[map_->territories[territory].continent];
  if (bound > 0) {
    --bound;
  } else {
    --pos_.general_pool;
  }
  ++pos_.armies[territory];
}

void WarState::DealNext() {
  if (game_->war2()) {
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

void WarState::ApplyBattle(int attacker_losses) {
  const int pairs = RollOdds(pos_.attack_dice, std::min(3, +pos_.armies[pos_.attack_to])).pairs;
  pos_.armies[pos_.attack_from] -= attacker_losses;
  pos_.armies[pos_.attack_to] -= pairs - attacker_losses;
  if (pos_.armies[pos_.attack_to] == 0) {
    Conquer();
  } else {
    pos_.phase = Phase::kAttack;
  }
}

void WarState::Conquer() {
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
  if (game_->war2() && pos_.territory_count[victim] == 1) pos_.reduced |= 1u << victim;
  if (pos_.territory_count[victim] == 0) Eliminate(victim);
}

// Seed, "Eliminação": the eliminator receives the cards; above 5 it takes at random only enough
// to reach 5, the rest go to the discard pile (rulings).
void WarState::Eliminate(Seat victim) {
  pos_.eliminated_by[victim] = pos_.seat;
  const int mine = std::popcount(pos_.hand[pos_.seat]);
  const int theirs = std::popcount(pos_.hand[victim]);
  // WAR-II, section 12: every card, usable at once; the hand limit applies at the turn's end.
  if (game_->war2() || mine + theirs <= kForcedTradeHand) {
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
void WarState::DiscardOutHands() {
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    if (pos_.eliminated_by[s] >= 0) {
      pos_.discard |= pos_.hand[s];
      pos_.hand[s] = 0;
    }
  }
}

// The cards of a finished card use, transport or resignation go to the discard pile.
void WarState::DiscardPending() {
  pos_.discard |= pos_.pending_cards;
  pos_.pending_cards = 0;
  if (game_->war2()) AfterDiscard();
}

void WarState::FinishSpoils() {
  DiscardOutHands();
  pos_.spoils_victim = -1;
  pos_.spoils_left = 0;
  pos_.phase = Phase::kOccupy;
  CheckEveryone();
}

void WarState::EndMovement() {
  if (game_->war2()) {
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

void WarState::DoApply(Action action, engine::UndoInfo* undo) {
  if (!undo) return ApplyRules(action);
  const Position before = pos_;
  ApplyRules(action);
  undo_.Record(before, pos_, *undo);
}

void WarState::UndoAction(Action, const engine::UndoInfo& undo) { undo_.Restore(pos_, undo); }

void WarState::ApplyRules(Action action) {
  const WarGame& g = *game_;
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
  if (pos_.phase != Phase::kOver && pos_.ply >= g.MaxGameLength()) Finish(kDrawnGame);
}

void WarState::ApplyPhaseAction(Action action) {
  const WarGame& g = *game_;
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
      pos_.owner[action] = pos_.seat;
      pos_.armies[action] = 1;
      ++pos_.territory_count[pos_.seat];
      return AfterClaim();
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

void WarState::ApplyDeal(int territory) {
  pos_.undealt &= ~Bit(territory);
  pos_.owner[territory] = pos_.seat;
  pos_.armies[territory] = 1;
  ++pos_.territory_count[pos_.seat];
  ++pos_.deal_index;
  DealNext();
}

void WarState::ApplyObjective(int index) {
  pos_.objectives_left &= ~Bit(index);
  pos_.objective[pos_.seat] = static_cast<std::int8_t>(index);
  if (pos_.seat + 1 < pos_.num_seats) {
    ++pos_.seat;
    return;
  }
  // Seed: the cards go back (with the jokers; in WAR-II with the CE cards) into one shuffled
  // pile; the player after the one who got the last territory starts.
  pos_.pile = Bit(game_->NumCards()) - 1;
  StartTurn(pos_.first_seat);
  AfterReinforcement();
}

void WarState::ApplyReinforcement(Action action) {
  const WarGame& g = *game_;
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

void WarState::ApplyAttackChoice(Action action) {
  const WarGame& g = *game_;
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

void WarState::ApplySpoils(int card) {
  pos_.hand[pos_.spoils_victim] &= ~Bit(card);
  pos_.hand[pos_.seat] |= Bit(card);
  if (--pos_.spoils_left == 0 || pos_.hand[pos_.spoils_victim] == 0) FinishSpoils();
}

void WarState::ApplyOccupy(int armies) {
  pos_.armies[pos_.attack_from] -= armies;
  pos_.armies[pos_.attack_to] += armies;
  pos_.phase = Phase::kAttack;
  CheckVictory(pos_.seat);
}

void WarState::ApplyMovement(Action action) {
  if (action == game_->kEnd) return EndMovement();
  const Link& link = map_->links[action - game_->kMove];
  --pos_.armies[link.from];
  ++pos_.armies[link.to];
  ++pos_.arrived[link.to];
  CheckVictory(pos_.seat);
}

void WarState::ApplyDraw(int card) {
  if (!pos_.pile) {  // seed, note 3: the traded cards are reshuffled into a new pile
    pos_.pile = pos_.discard;
    pos_.discard = 0;
  }
  pos_.pile &= ~Bit(card);
  pos_.hand[pos_.seat] |= Bit(card);
  if (--pos_.draws_left > 0 && (pos_.pile | pos_.discard)) return;
  pos_.draws_left = 0;
  NextTurn();
}

void WarState::ApplyCeDeal(int card) {
  const int t = CeTerritoryOf(card);
  pos_.undealt &= ~Bit(card);
  pos_.owner[t] = pos_.seat;
  pos_.armies[t] = 2;  // seed section 2: 2 armies on each Strategic Centre received
  ++pos_.territory_count[pos_.seat];
  ++pos_.deal_index;
  DealCeNext();
}

// 5 players (seed section 2): a CE card left (option a), or two territories (option b).
void WarState::ApplyCeChoice(int territory) {
  pos_.owner[territory] = pos_.seat;
  ++pos_.territory_count[pos_.seat];
  if (map_->territories[territory].strategic_centre) {  // option a: a CE card left
    pos_.armies[territory] = 2;
    pos_.ce_cards_left &= ~Bit(game_->CardOf(territory));
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

// --- Resignation (rulings, common to every game) -------------------------------------------------

// With more than two players left the resigning player's armies stay as neutral: they defend but
// never attack, and its objective no longer counts; with two left the other one wins.
bool WarState::ResignSeat(Seat seat) {
  if (InSetup()) return false;  // before the first turn: the game simply ends
  if (seat < 0 || seat >= pos_.num_seats || pos_.eliminated_by[seat] >= 0) {
    throw Error(fmt::format("{} is no longer in the game", game_->SeatName(seat)));
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
  if (game_->war2()) AfterDiscard();
  if (its_turn) {
    DiscardPending();
    pos_.air_bombers = 0;
    NextTurn();
  }
  CheckEveryone();  // a "destroy" card naming it now asks for 24 territories
  return true;
}

// --- Results
// --------------------------------------------------------------------------------------

// Rulings, "Common": the game may end outside its rules (a resignation with nobody to go on
// without, time, abandonment, agreement); like any ending it reveals every hand and objective.
bool WarState::EndGame(engine::EndReason reason, std::span<const engine::Outcome> results) {
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
  return true;
}

std::vector<engine::Outcome> WarState::Results() const {
  if (pos_.phase != Phase::kOver) return {};
  std::vector<engine::Outcome> results(pos_.num_seats, engine::Outcome::kDraw);
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    if (pos_.ending >= 0) {
      results[s] = static_cast<engine::Outcome>(pos_.ending_results[s]);
    } else if (pos_.winner >= 0) {
      results[s] = s == pos_.winner ? engine::Outcome::kWin : engine::Outcome::kLoss;
    }
  }
  return results;
}

// Winners share +1 and losers -1 (a single winner: +1, each loser -1 / (seats - 1)); draws 0.
std::vector<double> WarState::Returns() const {
  const auto results = Results();
  std::vector<double> returns(results.size(), 0.0);
  const auto winners = std::count(results.begin(), results.end(), engine::Outcome::kWin);
  const auto losers = std::count(results.begin(), results.end(), engine::Outcome::kLoss);
  if (winners == 0 || losers == 0) return returns;
  for (std::size_t s = 0; s < results.size(); ++s) {
    if (results[s] == engine::Outcome::kWin) returns[s] = 1.0 / static_cast<double>(winners);
    if (results[s] == engine::Outcome::kLoss) returns[s] = -1.0 / static_cast<double>(losers);
  }
  return returns;
}

// --- Copies
// ---------------------------------------------------------------------------------------

std::unique_ptr<engine::State> WarState::Clone() const { return std::make_unique<WarState>(*this); }

void WarState::CopyFrom(const engine::State& other) {
  pos_ = static_cast<const WarState&>(other).pos_;
  undo_ = static_cast<const WarState&>(other).undo_;
}

bool WarState::Equals(const engine::State& other) const {
  const auto* war = dynamic_cast<const WarState*>(&other);
  // A replayed record loads its own Game object: compare the rules, not the pointer.
  return war &&
         (war->game_ == game_ || war->game_->options().ToString() == game_->options().ToString()) &&
         war->pos_ == pos_;
}

// --- Consistency
// ----------------------------------------------------------------------------------

void WarState::CheckConsistency() const {
  const int territories = map_->NumTerritories();
  std::array<int, kMaxSeats + 1> counts{};
  for (int t = 0; t < territories; ++t) {
    const int owner = pos_.owner[t];
    if (owner < 0) {
      if (!InSetup()) {
        throw Error(fmt::format("war: territory {} has no owner after the deal", TerritoryId(t)));
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
      throw Error(fmt::format("war: territory {} has {} armies", TerritoryId(t), +pos_.armies[t]));
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
  if (!InSetup() && all != Bit(game_->NumCards()) - 1) {
    throw Error("war: cards are missing");
  }
  if (pos_.general_pool < 0) throw Error("war: negative armies to place");
}

// --- Hidden information
// ---------------------------------------------------------------------------

// Until the game is over, hands and objectives are hidden from everyone but their owner; the
// spectator sees only what is public.
bool WarState::Revealed() const { return pos_.phase == Phase::kOver; }

std::unique_ptr<engine::State> WarState::SampleConsistentState(Seat seat, Rng& rng) const {
  auto sample = std::make_unique<WarState>(*this);
  if (pos_.phase == Phase::kOver) return sample;
  Position& p = sample->pos_;
  // Cards the seat has not seen: the opponents' hands and the pile.
  std::vector<int> unseen;
  std::uint64_t unseen_mask = p.pile;
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (!SeesHand(seat, s)) unseen_mask |= p.hand[s];
  }
  for (std::uint64_t m = unseen_mask; m; m &= m - 1) unseen.push_back(std::countr_zero(m));
  for (std::size_t i = unseen.size(); i > 1; --i) {
    std::swap(unseen[i - 1], unseen[rng.Below(static_cast<std::uint64_t>(i))]);
  }
  std::size_t next = 0;
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (SeesHand(seat, s)) continue;
    const int count = std::popcount(p.hand[s]);
    p.hand[s] = 0;
    for (int k = 0; k < count; ++k) p.hand[s] |= Bit(unseen[next++]);
  }
  p.pile = 0;
  for (; next < unseen.size(); ++next) p.pile |= Bit(unseen[next]);
  // Objectives the seat has not seen: the others' drawn ones and the undrawn rest. The game is
  // not over, so no opponent meets its objective yet: such deals are drawn again (the true deal
  // qualifies, so this ends).
  std::vector<int> objectives;
  std::uint64_t pool = p.objectives_left;
  for (Seat s = 0; s < p.num_seats; ++s) {
    if (!SeesObjective(seat, s) && p.objective[s] >= 0) pool |= Bit(p.objective[s]);
  }
  for (std::uint64_t m = pool; m; m &= m - 1) objectives.push_back(std::countr_zero(m));
  int unknown = 0;
  for (Seat s = 0; s < p.num_seats; ++s) unknown += !SeesObjective(seat, s) && p.objective[s] >= 0;
  if (unknown > static_cast<int>(objectives.size())) {
    throw Error("war: two seats hold the same objective card");  // not a reachable state
  }
  for (int attempt = 0; attempt < 1000; ++attempt) {
    for (std::size_t i = objectives.size(); i > 1; --i) {
      std::swap(objectives[i - 1], objectives[rng.Below(static_cast<std::uint64_t>(i))]);
    }
    std::size_t next = 0;
    for (Seat s = 0; s < p.num_seats; ++s) {
      if (!SeesObjective(seat, s) && p.objective[s] >= 0) {
        p.objective[s] = static_cast<std::int8_t>(objectives[next++]);
      }
    }
    p.objectives_left = 0;
    for (; next < objectives.size(); ++next) p.objectives_left |= Bit(objectives[next]);
    bool possible = true;
    for (Seat s = 0; s < p.num_seats && possible; ++s) {
      if (s != seat && p.eliminated_by[s] < 0 && sample->ObjectiveMet(s)) possible = false;
    }
    if (possible) return sample;
  }
  sample->pos_.objective = pos_.objective;  // practically unreachable
  sample->pos_.objectives_left = pos_.objectives_left;
  return sample;
}

}  // namespace quartel::war
