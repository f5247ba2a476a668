// WAR's position core: the Position (every fact of a WAR or WAR-II game, trivially copyable) and
// Board, which holds one and plays it by the rules: the setup, the legal actions of each phase, the
// chance outcomes with their exact odds, applying and taking back an action (position_undo.h),
// victory, resignation, the consistency check and what each seat may see. It knows nothing of
// notation, views or position text: the engine adapter WarState (war.h) wraps a Board for that.
// The WAR rules are in board.cc, the legal actions of each phase and the chance outcomes in
// board_legal.cc, what WAR-II adds in board_war2.cc; seeds 001 (WAR) and 000
// (WAR-II), docs/rules/war.md and docs/rules/war2.md, and the shared rulings.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/state.h"
#include "games/war/map.h"
#include "games/war/position_undo.h"
#include "games/war/rules.h"

namespace quartel::war {

using engine::Action;
using engine::Seat;

enum class Phase : std::uint8_t {
  kDealer,     // chance: the dealer drawn by lot
  kDeal,       // chance: the next territory card dealt
  kObjective,  // chance: the next seat's objective
  kReinforce,  // the seat places its armies (and trades cards)
  kAttack,     // the seat attacks or ends its attacks
  kBattle,     // chance: the roll of the pending attack
  kSpoils,     // chance: a card taken at random from an eliminated player
  kOccupy,     // the seat moves armies into the territory it conquered
  kMove,       // the seat moves armies between its territories or ends its turn
  kDraw,       // chance: the card earned by a conquest
  // WAR-II only:
  kCeDeal,       // chance: the next Strategic Centre card dealt (setup)
  kCeChoice,     // 5 players: a remaining CE card, or two territories of two continents (setup)
  kClaim,        // each in turn claims a vacant territory with 1 army (setup)
  kCardUse,      // a territory card is being used: add number cards, then done
  kTransport,    // two cards transport armies between their territories, then done
  kAirRound,     // chance: one round of an air attack (anti-aircraft die, then bomb die)
  kDiscardDown,  // the turn ends with more than 5 cards: discard down to 5
  kCiPay,        // spy_centre: two territory cards paid to transport an Information Centre
  kOver,
};
inline constexpr int kNumPhases = static_cast<int>(Phase::kOver) + 1;

inline constexpr int kNeutral = kMaxSeats;  // owner of a resigned player's armies (rulings)
inline constexpr int kNoWinner = -1;
inline constexpr int kDrawnGame = -2;
inline constexpr int kMaxHand = 6;  // 5 at most at a turn's start, plus the card it earns
inline constexpr int kForcedTradeHand = 5;
inline constexpr int kDestroyFallbackTerritories = 24;  // rulings: a "destroy" card's fallback

// The whole game position; trivially copyable, so CopyFrom is a memcpy.
struct Position {
  std::array<std::int8_t, kMaxTerritories> owner{};
  std::array<std::int16_t, kMaxTerritories> armies{};
  std::array<std::int16_t, kMaxTerritories> arrived{};  // moved in during this movement phase
  std::array<std::uint64_t, kMaxSeats> hand{};          // card masks
  std::uint64_t pile = 0;                               // cards to draw
  std::uint64_t discard = 0;  // traded cards, reshuffled into the pile when it runs out
  std::uint64_t undealt = 0;  // territory cards not yet dealt (setup)
  std::uint64_t objectives_left = 0;
  std::array<std::int8_t, kMaxSeats> objective{};
  std::array<std::int8_t, kMaxSeats> eliminated_by{};         // -1 in the game; kNeutral: resigned
  std::array<std::uint8_t, kMaxSeats + 1> territory_count{};  // [kNeutral]: neutral armies
  std::array<std::int16_t, kMaxContinents> continent_pool{};  // bonus armies bound to a continent
  std::int32_t general_pool = 0;
  std::int32_t ply = 0;
  std::int16_t trades_done = 0;
  std::int16_t turns_played = 0;
  std::int8_t num_seats = 0;
  Phase phase = Phase::kDealer;
  std::int8_t seat = 0;  // the seat whose turn it is (or who is dealt to)
  std::int8_t dealer = 0;
  std::int8_t deal_index = 0;
  std::int8_t attack_from = 0;
  std::int8_t attack_to = 0;
  std::int8_t attack_dice = 0;
  std::int8_t spoils_victim = -1;
  std::int8_t spoils_left = 0;
  bool conquered = false;  // this turn
  bool acted = false;      // the seat has acted in this turn
  std::int8_t winner = kNoWinner;
  // Turns each seat has begun (saturating): its first is its round 1 (WAR-II: its second is its
  // round 1 (b)), so round 1 counts only the players still in the game (rulings).
  std::array<std::uint8_t, kMaxSeats> turns_begun{};
  // An ending outside the rules (State::EndGame): the reason (-1: none) and each seat's outcome.
  std::int8_t ending = -1;
  std::array<std::int8_t, kMaxSeats> ending_results{};
  // WAR-II.
  std::array<std::int8_t, kMaxSeats> bombers{};  // in each air base; the rest are in the box
  std::uint8_t reduced = 0;         // seats once reduced to one territory: objective 3 CEs
  std::uint8_t conquered_ever = 0;  // seats that have conquered a territory in this game
  std::uint64_t ce_cards_left = 0;  // 5 players: the two CE cards not dealt
  std::uint64_t pending_cards = 0;  // cards of the use in progress (public)
  std::int8_t use_territory = -1;   // card use: where the armies or bombers go
  bool use_bombers = false;
  std::int16_t use_amount = 0;
  std::int8_t transport_a = -1;
  std::int8_t transport_b = -1;
  std::int8_t transport_way = -1;  // once an army is carried: 0 from a to b, 1 from b to a
  std::int8_t air_target = -1;
  std::int16_t air_bombers = 0;
  Phase resume = Phase::kAttack;  // where a card use, transport or air attack returns
  std::int8_t draws_left = 0;
  std::int8_t claim_first = -1;  // 5 players, option b: the first of the two territories
  std::int8_t choices_made = 0;  // 5 players: how many have chosen
  std::int8_t choices_b = 0;     // 5 players: how many took two territories
  std::int8_t first_seat = 0;    // who plays the first turn
  // WAR-II Information Centres (spy_centre=true, seed section 15).
  std::array<std::int8_t, kMaxSeats> ci{};  // territory of each seat's CI, -1 if not on the board
  std::int8_t spied = -1;     // the opponent whose cards the seat to act looked at this turn
  std::uint8_t ci_moved = 0;  // CIs (by owner) moved this turn
  std::int8_t ci_pay_owner = -1;
  std::int8_t ci_pay_to = -1;
  std::int8_t ci_pay_left = 0;

  bool operator==(const Position&) const = default;
};

// A WAR or WAR-II game's position and its rules. A Board plays by `rules` (rules.h), which must
// outlive it. Actions given to Apply must be legal (LegalActions); WhyIllegal (war.h) explains the
// others.
class Board {
 public:
  // The initial position: the dealer is drawn next.
  explicit Board(const Rules& rules);

  const Position& position() const { return pos_; }
  const Rules& rules() const { return *rules_; }
  const WarMap& map() const { return *map_; }

  // --- The turn ---------------------------------------------------------------------------------
  // The seat to act, engine::kChanceSeat for a draw or a roll, engine::kTerminalSeat at the end.
  Seat CurrentSeat() const;
  // Whether a turn is under way (the seat has acted, or a step of the turn must be finished).
  bool MidTurn() const;
  // The legal actions, sorted; the outcomes of a chance node.
  void LegalActions(std::vector<Action>& out) const;
  // A chance node's outcomes with their exact probabilities, in LegalActions' order.
  std::vector<engine::ChanceOutcome> ChanceOutcomes() const;
  // Plays `action`, legal here; fills `undo` when not null.
  void Apply(Action action, engine::UndoInfo* undo);
  // Takes back the last action applied, with the UndoInfo it filled.
  void Undo(const engine::UndoInfo& undo);
  // Rulings, "Common": `seat` leaves a game that goes on (its armies turn neutral) or, with two
  // left, ends with the other's win; false in the setup (the game simply ends). Throws
  // quartel::Error for a seat no longer in the game.
  bool Resign(Seat seat);
  // The game ends outside its rules (State::EndGame) with `results`, one per seat.
  void EndOutsideTheRules(engine::EndReason reason, std::span<const engine::Outcome> results);
  // Throws quartel::Error when the position breaks an invariant of the rules (owners, army
  // counts, cards in two places or missing).
  void Check() const;
  // Puts `position` in place of this one, unchecked (a position parsed from text is checked by
  // its parser and Check; a sampled one is consistent by construction).
  void Replace(const Position& position) { pos_ = position; }

  // --- Rules read from the position -------------------------------------------------------------
  // Armies the seat receives at the start of its turn by territories and continents (WAR-II: also
  // the CE armies), without cards.
  int TerritoryIncome(Seat seat) const;
  bool OwnsContinent(Seat seat, int continent) const;
  int ContinentBonus(Seat seat, int continent) const;
  // Armies still to place in the reinforcement: the general pool and the continents' pools.
  int ArmiesToPlace() const;
  bool ObjectiveMet(Seat seat) const;
  // Whether a "destroy" objective of `seat` aimed at `target` has become "24 territories".
  bool DestroyFallsBack(Seat seat, int target) const;
  // Strategic Centres the seat holds with at least `min_armies` armies.
  int HeldCes(Seat seat, int min_armies = 1) const;
  // WAR-II: bombers of the seat still in the box (not in its air base).
  int BomberBox(Seat seat) const;
  bool InSetup() const;
  // Whether the seat to act is in its round 1 turn (WAR: placement only; WAR-II: round 1 (a)).
  bool InFirstRound() const { return pos_.turns_begun[pos_.seat] <= 1; }
  // Whether the game is over, which shows every hand and objective.
  bool Revealed() const { return pos_.phase == Phase::kOver; }
  // What a viewer may see of seat s: its cards (own, spied this turn, or through its captured
  // Information Centre) and its objective (own, or through its captured CI).
  bool SeesHand(Seat viewer, Seat s) const;
  bool SeesObjective(Seat viewer, Seat s) const;
  // Movable armies from t in the movement phase: the occupying army and those that moved in stay.
  int Movable(int territory) const;
  bool CanPlace(int territory) const;

  // --- Cards ------------------------------------------------------------------------------------
  // Cards in the seat's hand, sorted.
  std::vector<int> Hand(Seat seat) const { return Cards(pos_.hand[seat]); }
  // The cards of a card set (a mask of card numbers), sorted.
  static std::vector<int> Cards(std::uint64_t mask);
  Figure CardFigure(int card) const;
  // Whether the three cards form a set (3 equal or 3 different figures; jokers are wild).
  bool IsSet(int a, int b, int c) const;
  // Hand positions (0-based) of trade combination c.
  static std::array<int, 3> TradeCombo(int combo);
  bool TradeLegal(int combo) const;
  bool AnyTradeLegal() const;
  // Where a card is drawn or taken from now: the pile (the discards once it is empty), or an
  // eliminated player's hand.
  std::uint64_t CardSource() const;
  // Identical cards (WAR's two jokers, WAR-II's number cards of one value) are one kind; every
  // other card is its own. CardKind is the card itself, or a negative number for a shared kind.
  int CardKind(int card) const;
  // `cards` with only the lowest card of each kind: identical cards are one choice.
  std::uint64_t DistinctCards(std::uint64_t cards) const;
  // How many of `cards` are of `card`'s kind.
  int SameCards(int card, std::uint64_t cards) const;
  // WAR-II: the Strategic Centre shown on a CE card.
  int CeTerritoryOf(int card) const;

 private:
  // Apply's work: `action`, legal here, played by the rules.
  void ApplyRules(Action action);
  // LegalActions' lists, by phase.
  void AppendChanceActions(std::vector<Action>& out) const;
  void AppendReinforcementActions(std::vector<Action>& out) const;
  void AppendAttackActions(std::vector<Action>& out) const;
  void AppendAirAttacks(std::vector<Action>& out) const;
  void AppendMovementActions(std::vector<Action>& out) const;
  void AppendAirlifts(std::vector<Action>& out) const;
  void AppendTransportSteps(std::vector<Action>& out) const;
  void AppendCeChoices(std::vector<Action>& out) const;
  void AppendNumberCards(std::vector<Action>& out) const;
  void AppendCiPayments(std::vector<Action>& out) const;
  void AppendCardActions(std::vector<Action>& out) const;
  void AppendCardUses(std::vector<Action>& out) const;
  void AppendTransports(std::vector<Action>& out) const;
  void AppendCiActions(std::vector<Action>& out) const;
  void AppendCiMoves(std::vector<Action>& out) const;
  void AppendCiTransports(std::vector<Action>& out) const;
  void AirRoundOutcomes(std::vector<engine::ChanceOutcome>& out) const;
  // ObjectiveMet's conditions, each true when the objective asks nothing of its kind.
  bool CeConditionsMet(Seat seat, const Objective& objective) const;
  bool TerritoriesHeld(Seat seat, int territories, int min_armies) const;
  bool ContinentsHeld(Seat seat, const Objective& objective) const;
  // ApplyRules' steps, by phase.
  void ApplyPhaseAction(Action action);
  void ApplyDeal(int territory);
  void ApplyObjective(int index);
  void ApplyReinforcement(Action action);
  void ApplyAttackChoice(Action action);
  void ApplySpoils(int card);
  void ApplyOccupy(int armies);
  void ApplyMovement(Action action);
  void ApplyDraw(int card);
  void ApplyCeDeal(int card);
  void ApplyCeChoice(int territory);
  void ApplyClaim(int territory);
  void ApplyPlace(int territory);
  void ApplyTrade(int combo);
  void ApplyBattle(int attacker_losses);
  // WAR-II's card actions (ApplyCardAction), each a step of seed section 9-11.
  void ApplyCardAction(Action action);
  void ApplyAirAttack(Action action);
  void ApplyCardUse(Action action);
  void ApplyNumberCard(int value);
  void ApplyTransport(Action action);
  void ApplyCarry(Action action);
  void ApplyDiscard(int card);
  void ApplyAirlift(Action action);
  void FinishCardUse();
  void FinishTransport();
  void ApplyAirRound(int shot_down, int destroyed);
  void ApplyCiAction(Action action);
  void ApplyCiPayment(int card);
  // The turn's flow.
  void StartTurn(Seat seat);
  void AfterReinforcement();
  void NextTurn();
  void Conquer();
  void Eliminate(Seat victim);
  void FinishSpoils();
  void DiscardOutHands();
  void DiscardPending();
  void EndMovement();
  void DealNext();
  void CheckVictory(Seat seat);
  void CheckEveryone();
  void Finish(int winner);  // the end by the rules: a winner, or kDrawnGame (engine cap)
  // WAR-II.
  void DealCeNext();
  void StartClaims();
  void AfterClaim();
  void AfterDiscard();
  void StartDraws();
  // Resign's steps when the game goes on without the seat.
  void Neutralize(Seat seat);

  const Rules* rules_;
  const WarMap* map_;
  Position pos_;
  PositionUndo<Position> undo_;  // the Positions that UndoInfo words could not hold
};

}  // namespace quartel::war
