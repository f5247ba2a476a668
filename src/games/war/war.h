// WAR (seed 001) and WAR-II (seed 000) on a map loaded from data (map.h); rules pages
// docs/rules/war.md and docs/rules/war2.md (for players). 3 to 6 players, each with a secret
// objective; reinforce, attack with dice, move, draw cards. WAR-II adds Strategic Centres, bombers
// and air attacks, card uses (armies, bombers, transport) and airlifts.
// The rules live in the position core, Board (board.h: WAR in board.cc, WAR-II in
// board_war2.cc; the rule set and the action layout in rules.h); this header is the engine
// adapter around it: WarGame (the engine's game for a rule set) and WarState. The facts of actions
// and turns, and the words written from them (the notation, the turn descriptions), are in
// facts.cc; names of territories and cards, typed commands and questions (odds, borders) in
// notation.cc; why an action is illegal in why_illegal.cc; views and prompts in views.cc, the
// tensor in tensor.cc; SampleConsistentState in sampling.cc; the position text in
// position_text.cc. The classic map is data/maps/war-classic.json, compiled into the binary.
//
// Seats are the army colours in map order (branca, vermelha, preta, azul, amarela, verde).
//
// Action encoding, with T territories, L directed links and N = max(T + jokers, objectives,
// seats) chance choices; the notation is in quotes.
//   [0, T)                       place 1 army on territory t; in the setup, claim it
//                                "place 1 brasil", "claim peru"
//   kAttack + 3 * link + d - 1   attack along a link with d dice (1..3)   "attack brasil peru 3"
//   kOccupy + k - 1              move k armies (1..3) into the conquest   "occupy 2"
//   kMove + link                 move 1 army along a link                 "move 1 peru brasil"
//   kEnd                         end the reinforcement / attacks / movement; finish a card use
//                                or a transport                           "end", "done"
//   kTrade + c                   trade the 3 cards of combination c of hand positions (the hand
//                                sorted by card), named by card           "trade alasca peru joker"
//   kChance + i                  chance: the dealer (seat i), a territory dealt (i), an objective
//                                drawn (i), a card drawn or taken (card i)
//   kBattle + i                  chance: a battle roll in which the attacker loses i armies and
//                                the defender the rest of the compared pairs
// WAR-II adds (C = number of cards):
//   kAir + 10 * t + n - 1        air attack on t with n bombers (1..10) of the base "air china 3"
//   kUse + 2 * card + k          use a card for its k-th territory        "use mexico"
//   kAddNumber + v - 1           add a number card of value v to the use  "add n2"
//   kTransport + (C * c1 + c2) * 4 + 2 * k1 + k2
//                                a transport with cards c1 < c2           "transport brasil peru"
//   kCarry + d                   carry 1 army (d = 0: a to b, 1: b to a)  "carry 1 brasil peru"
//   kDiscard + card              discard a card                           "discard n3"
//   kAirlift + 12 * i + j        1 army from Strategic Centre i to j      "airlift 1 brasil egito"
//   kAirRound + 4 * h + d        chance: an air round shooting down h bombers, destroying d armies
// and, with spy_centre, kPlaceCi, kSpy, kMoveCi and kCiTransport (WarGame).
//
// Cards: card c < T is territory c's card (its figure), cards T.. are jokers (WAR); WAR-II's cards
// are the map's war2_cards. Identical cards (the two jokers, WAR-II's number cards of one value)
// share a name ("joker", "n2"): a name stands for the lowest such card of the cards it is chosen
// from, a draw offers one outcome per kind (its probability the kind's share of the pile), and a
// trade uses the lowest jokers of the hand, so that every action has one notation.
//
// A battle roll's chance outcome is its loss pair (dice.h, exact odds); the dice shown with it are
// drawn by ShownRoll from public facts of the roll, so viewers and replays agree (dice.h,
// DiceForOutcome). StringToTurn parses one typed command, which may be several actions ("place 3
// brasil" is three "place 1 brasil"); a WAR turn is many commands. Inquire answers "odds" and
// "borders" from the board. Records keep a resignation that the game survives as an entry of its
// own (engine::Match). Undo (position_undo.h) keeps the changed words of the Position in UndoInfo.
// The views show "ending" and "results" once the game is over, and every hand and objective; a
// seen objective both in words ("objective") and as data ("objective_card", ObjectiveFacts).
//
// Facts (State::ActionFacts, TurnSteps; facts.cc), territories and cards named as the notation
// names them, seats by number: {"kind": "claim" | "centre", "territory"}, {"kind": "place",
// "territory", "count"}, {"kind": "attack", "from", "to", "dice"}, {"kind": "occupy", "count",
// "to" (the conquest)}, {"kind": "move" | "carry" | "airlift", "from", "to", "count"}, {"kind":
// "end", "ends" ("reinforcement", "attacks" or "movement")}, {"kind": "done", "finishes":
// "card_use", "territory", "amount", "for" ("armies" or "bombers"), "numbers" (the number cards
// added)}, {"kind": "done", "finishes": "transport", "between" (its two territories), "from" and
// "to" (once an army is carried)}, {"kind": "trade", "combination" (the id less kTrade), "cards"
// (only to those who see the hand)}; WAR-II {"kind": "air", "to", "bombers"}, {"kind": "use",
// "card", "territory"}, {"kind": "add", "card"}, {"kind": "discard", "card", "paid" (true for an
// Information Centre transport)}, {"kind": "transport", "from", "to"}, {"kind": "spy", "seat"},
// {"kind": "centre_move" | "centre_transport", "seat" (the Centre's owner), "territory"}. Chance:
// {"kind": "dealer", "seat"}, {"kind": "deal", "seat", "territory" or "card"}, {"kind":
// "objective", "seat", "objective" (its number, to those who see it)}, {"kind": "draw", "seat",
// "card" (to those who see the hand)}, {"kind": "take", "seat", "from", "card" (idem)}, {"kind":
// "roll", "from", "to", "attack", "defence" (the dice shown, highest first), "lost", "destroyed"},
// {"kind": "air_round", "target", "shot", "destroyed"}. A turn's steps are one fact per action,
// with what it showed: a played trade's "cards" (to everyone, seed TROCA DE CARTAS), "armies" and
// "bonus" (the territories given 2 more); a roll's "conquered" and "eliminated" (a seat); a card
// drawn or taken named where the game's end reveals it. The notation (ActionToString as records
// write it, ActionToStringFor as a viewer is told it) and DescribeTurn are written from these facts
// and steps alone, and DescribeTurn's last line, where the turn ends the game, from how the rules
// ended it ({"winner", "by": "objective" | "last_player"} or {"by": "turn_cap"}, GameOverFacts).
//
// ViewTensor (tensor.cc): one flat vector, exactly the information of ViewJson for the same
// viewer; TensorLayout() names every value (`quartel show war --seat N --tensor` prints them).
// Values are 0/1 ("1 if ...") or counts; seats are the colours in seat order (not relative to the
// viewer). With T territories, K continents, C kinds of card (identical cards, such as WAR's two
// jokers or WAR-II's number cards of one value, are one kind: one value, their count, as the views
// name them), O objective cards and P players, in order:
//   per territory: its owner (P colours, then neutral; all 0 while undealt), its armies;
//   per seat: territories, armies, cards in hand, bombers, reduced to one territory, eliminated by
//     (P colours, then "resigned"), whether the viewer sees the hand, the hand (C counts, all 0
//     if not seen), whether the viewer sees the objective, the objective card (O, all 0 if not
//     seen); with spy_centre the territory of its Information Centre (T);
//   the phase as the views name it (9 words, PhaseWord); who acts (P seats, chance, nobody: the
//   game is over); the turn; round 1; WAR-II round 1's second part; the armies to place anywhere
//   and per continent (K; reinforcement only); the attack's territories (T and T) and dice;
//   WAR-II: the cards of a card use (C), its territory (T), amount and whether for bombers, the two
//   territories of a transport (T and T), an air attack's target (T) and bombers, the continent of
//   a 5-player setup's first claim (K); spy_centre: the cards still to pay for an Information
//   Centre transport; the trades so far, the armies of the next trade, the cards in the pile and
//   in the discards; the winner (P, then a draw), the ending (the rules, resignation, time,
//   abandoned, agreement) and each seat's result (win, loss, draw). WAR with 3 players: 545
//   values.
//
// Position text (PositionText, WarGame::NewStateFromPosition; position_text.cc): every field of
// Position as `name=value` words separated by spaces, in the order of the example below. Numbers
// are decimal; card sets (hand, pile, discard, undealt, objectives_left, ce_cards_left,
// pending_cards) are hexadecimal bit masks of card numbers (see Cards below); phase and resume are
// Phase's numbers; booleans 0 or 1. Arrays hold one value per territory (map order: owner, -1
// unowned, 6 neutral; armies; arrived), per seat (hand, objective, eliminated_by, turns_begun,
// ending_results, bombers, ci), per continent (continent_pool), or all 7 (territory_count, the
// last for neutral). The parser refuses a missing, repeated or unknown field, a value that is no
// number or out of range, a wrong count of values, a card in two places, and any position the
// rules' CheckConsistency refuses. ViewPositionText writes the same form as a viewer may know it:
// a hand it does not see as ?N (N cards), an objective it does not see as ?, the pile, WAR's
// discards and the objectives left as ?N (everything once the game is over); WAR-II's discards
// lie face up (rulings), shown to everyone. NewStateFromView
// reads a seat's view back: the secret cards and objectives filled in by a fixed rule, then drawn
// again as SampleConsistentState draws them (seed 0), a state the seat cannot tell from the real
// one. The initial position of a 3-player WAR game (the 42 territory values shortened to "..."):
//   ply=0 phase=0 seat=0 owner=-1,...,-1 armies=0,...,0 arrived=0,...,0 hand=0,0,0
//   objective=-1,-1,-1 pile=0 discard=0 undealt=3ffffffffff objectives_left=1cff
//   eliminated_by=-1,-1,-1 territory_count=0,0,0,0,0,0,0 continent_pool=0,0,0,0,0,0
//   general_pool=0 trades_done=0 turns_played=0 dealer=0 deal_index=0 attack_from=0 attack_to=0
//   attack_dice=0 spoils_victim=-1 spoils_left=0 conquered=0 acted=0 winner=-1
//   turns_begun=0,0,0 ending=-1 ending_results=0,0,0 bombers=0,0,0 reduced=0 conquered_ever=0
//   ce_cards_left=0 pending_cards=0 use_territory=-1 use_bombers=0 use_amount=0 transport_a=-1
//   transport_b=-1 transport_way=-1 air_target=-1 air_bombers=0 resume=4 draws_left=0
//   claim_first=-1 choices_made=0 choices_b=0 first_seat=0 ci=-1,-1,-1 spied=-1 ci_moved=0
//   ci_pay_owner=-1 ci_pay_to=-1 ci_pay_left=0
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"
#include "games/war/board.h"
#include "games/war/dice.h"
#include "games/war/map.h"
#include "games/war/rules.h"

namespace quartel::war {

// The phase as the views name it: "setup", "reinforcement", "attacks" (a battle roll and an air
// round included), "conquest", "movement" (the card drawn and a discard included), "card use",
// "transport", "information centre transport", "game over".
const char* PhaseWord(Phase phase);

class TurnStory;  // DescribeTurn's lines (facts.cc)

// The engine's game for a rule set: the Rules of the position core (rules.h: the map, the
// options, the action layout) with the Game API around them.
class WarGame : public engine::Game, public Rules {
 public:
  WarGame(engine::GameInfo info, engine::GameOptions options);

  int NumSeats() const override { return players(); }
  std::string SeatName(int seat) const override;
  std::unique_ptr<engine::State> NewInitialState() const override;
  std::unique_ptr<engine::State> NewStateFromPosition(std::string_view text) const override;
  std::unique_ptr<engine::State> NewStateFromView(std::string_view text, int viewer) const override;
  int NumDistinctActions() const override { return NumActionIds(); }
  int MaxGameLength() const override { return MaxActions(); }
  std::vector<int> TensorShape() const override;
  std::vector<std::string> TensorLayout() const override;
};

// The engine adapter: a Board (board.h) with the notation, the parsing of typed commands, the
// explanations of illegal actions, the views, prompts and turn descriptions, the position text and
// the sampling of states a seat cannot tell apart. Every rule is the Board's.
class WarState : public engine::State {
 public:
  explicit WarState(const WarGame& game);

  Seat CurrentSeat() const override { return board_.CurrentSeat(); }
  bool MidTurn() const override { return board_.MidTurn(); }
  int PlyCount() const override { return pos().ply; }
  void LegalActions(std::vector<Action>& out) const override { board_.LegalActions(out); }
  std::vector<engine::ChanceOutcome> ChanceOutcomes() const override {
    return board_.ChanceOutcomes();
  }
  std::string WhyIllegal(Action action) const override;
  void DoApply(Action action, engine::UndoInfo* undo) override { board_.Apply(action, undo); }
  bool SupportsUndo() const override { return true; }
  void UndoAction(Action, const engine::UndoInfo& undo) override { board_.Undo(undo); }

  std::string ActionToString(Action action) const override;
  std::string ActionToStringFor(Action action, Seat viewer) const override;
  Action StringToAction(std::string_view text) const override;
  std::vector<Action> StringToTurn(std::string_view text) const override;
  bool ResignSeat(Seat seat) override { return board_.Resign(seat); }
  bool EndGame(engine::EndReason reason, std::span<const engine::Outcome> results) override;
  std::optional<std::string> Inquire(std::string_view text, Seat viewer) const override;
  std::string DescribeTurn(std::span<const Action> actions, Seat viewer) const override;
  Json ActionFacts(Action action, Seat viewer) const override;
  Json TurnSteps(std::span<const Action> actions, Seat viewer) const override;

  std::string PositionText() const override;
  std::string ViewPositionText(Seat viewer) const override;

  std::unique_ptr<engine::State> Clone() const override;
  void CopyFrom(const engine::State& other) override;
  bool Equals(const engine::State& other) const override;

  std::vector<engine::Outcome> Results() const override;
  std::vector<double> Returns() const override;

  Json ViewJson(Seat viewer) const override;
  bool EndedAtCap() const override;
  void ViewTensor(Seat viewer, std::span<float> out) const override;
  std::string ViewText(Seat viewer, bool colour) const override;

  std::unique_ptr<engine::State> SampleConsistentState(Seat seat, Rng& rng) const override;
  void CheckConsistency() const override { board_.Check(); }

  // --- For tests, bots and the terminal --------------------------------------------------------
  // The position core: the tests, the bot and the tensor ask it the rules' questions (income,
  // hands, movable armies, objectives met, ...: board.h).
  const Board& board() const { return board_; }
  const Position& position() const { return board_.position(); }
  const WarMap& map() const { return *map_; }
  const WarGame& war_game() const { return *game_; }
  // The objective in force for the seat: a "destroy" card may have become "24 territories".
  std::string ObjectiveText(Seat seat) const;
  // The same as data, the view's "objective_card": {"kind": "not_drawn"}, {"kind": "reduced",
  // "strategic_centres"} or {"kind": "card", "number", and what the card asks: "continents" (ids,
  // held in full), "any_continents", "territories" with "min_armies", "destroy" (a colour) with
  // "fallback_territories" and "fallen_back" (the card now asks for those territories),
  // "strategic_centres" with "ce_min_armies", "ce_continents" (ids), "ce_distinct_continents"}.
  Json ObjectiveFacts(Seat seat) const;
  std::string CardName(int card) const;
  Json CardFacts(int card) const;  // a card as the views give it (war.cc)
  // What the seat to act may do now, in words, as `viewer` may know it.
  std::string PhasePrompt(Seat viewer) const;
  // A card's name in the notation: "alasca", "joker", "novayork+mexico", "n2".
  std::string CardId(int card) const;
  // The first card named `text` among the cards `among`; throws quartel::Error saying it is not
  // `where` ("in your hand"), or that a bare number names no card.
  int ParseCard(std::string_view text, std::uint64_t among, std::string_view where) const;

 private:
  const Position& pos() const { return board_.position(); }
  // ViewTensor's values one by one, each with its name, into `put` (tensor.cc).
  template <typename Sink>
  void WriteTensor(Seat viewer, Sink& put) const;
  // StringToTurn's commands (notation.cc), by kind. The dispatchers (ParseWarCommand,
  // ParseChanceOutcome, War2StringToTurn, ParseCiCommand, ParseCardCommand) return no action when
  // `words` is none of their commands; the others parse one command or throw.
  std::vector<Action> ParseWarCommand(const std::vector<std::string>& words,
                                      std::string_view text) const;
  std::vector<Action> ParsePlace(const std::vector<std::string>& words,
                                 std::string_view text) const;
  std::vector<Action> ParseMove(const std::vector<std::string>& words, std::string_view text) const;
  std::vector<Action> ParseTrade(const std::vector<std::string>& words,
                                 std::string_view text) const;
  std::vector<Action> ParseChanceOutcome(const std::vector<std::string>& words,
                                         std::string_view text) const;
  std::vector<Action> War2StringToTurn(const std::vector<std::string>& words,
                                       std::string_view text) const;
  std::vector<Action> ParseCiCommand(const std::vector<std::string>& words,
                                     std::string_view text) const;
  std::vector<Action> ParseCardCommand(const std::vector<std::string>& words,
                                       std::string_view text) const;
  std::vector<Action> ParseTransport(const std::vector<std::string>& words,
                                     std::string_view text) const;
  // `action` `count` times, each legal after the one before ("place 3 brasil", "carry 2 a b").
  std::vector<Action> Repeated(Action action, int count, std::string_view text) const;
  // `action`, or a quartel::Error quoting `text` and saying why it is illegal.
  Action Legal(Action action, std::string_view text) const;
  // ParseCard, its error quoting the command `text`.
  int ParseCardIn(std::string_view text, const std::string& word, std::uint64_t among,
                  std::string_view where) const;
  // Position text (position_text.cc): the fields as `viewer` may know them (all if `whole`); how
  // many entries an array field of `whole` entries holds; the Position parsed, checked and set.
  std::string PositionWords(Seat viewer, bool whole) const;
  std::size_t FieldLength(int span, std::size_t whole) const;
  void SetPosition(const Position& position);
  // What a seat's view hides, as each hidden value's count + 1 (0: shown): the hands, the
  // objectives ("?": 1), the pile, the discards and the objectives left.
  struct ViewSecrets {
    std::array<int, kMaxSeats> hand{}, objective{};
    int pile = 0, discard = 0, objectives_left = 0;
  };
  // The text's fields over this state's position, unchecked; a view's secrets into `secrets`
  // (nullptr: the full form, where a '?' is an error).
  Position ParseWords(std::string_view text, ViewSecrets* secrets) const;
  friend class WarGame;
  // SampleConsistentState's steps: the hands, pile and discards the seat does not see dealt again,
  // then the objectives it does not see drawn again until no opponent has met its own.
  void RedealUnseenCards(Seat seat, Position& p, Rng& rng) const;
  void RedrawUnseenObjectives(Seat seat, WarState& sample, Rng& rng) const;
  // WhyIllegal's reasons (why_illegal.cc), by kind of action.
  std::string UnfinishedStep(Action action) const;
  std::string WhyNoEnd() const;
  std::string WhyNoPlace(int territory) const;
  std::string WhyNoAttack(Action action) const;
  std::string WhyNoMove(Action action) const;
  std::string WhyNoClaim(int territory) const;
  std::string War2WhyIllegal(Action action) const;
  std::string WhyNoAirAttack(Action action) const;
  std::string WhyNoCardUse(Action action) const;
  std::string WhyNoNumberCard(Action action) const;
  std::string WhyNoTransport(Action action) const;
  std::string WhyNoCarry(Action action) const;
  std::string WhyNoAirlift(Action action) const;
  std::string WhyNoCiAction(Action action) const;
  // The dice shown for the pending battle roll if the attacker loses `attacker_losses`.
  ShownDice ShownRoll(int attacker_losses) const;
  // Inquire's answers: the odds of an assault, a territory's neighbours.
  std::string OddsText(const std::string& attacker, int attackers, const std::string& defender,
                       int defenders) const;
  std::string BordersText(int territory) const;
  // How the game ended, in words.
  std::string EndingText() const;
  // Views (views.cc): the prompt of the reinforcement; a seat and the phase's facts in JSON;
  // the text view's board, players and what the viewer knows of hands and objectives.
  std::string ReinforcementPrompt(Seat viewer) const;
  Json SeatJson(Seat viewer, Seat s) const;
  void AddPhaseJson(Json& view) const;
  std::string BoardText(bool colour) const;
  std::string PlayersText(bool colour) const;
  std::string KnownCardsText(Seat viewer) const;
  // The two territories of a WAR-II transport action, or nullopt where its cards lack them.
  std::optional<std::pair<int, int>> TransportTerritories(Action action) const;
  // Facts (facts.cc): ActionFacts as `viewer` sees the action, or (`all_seen`) with every card
  // and objective named, as records write it; by kind of action. PlayedTradeFacts: a trade as
  // played (TurnSteps); StepsOf: TurnSteps, and how the rules ended the game if the turn ended it
  // (GameOverFacts).
  Json FactsOf(Action action, Seat viewer, bool all_seen) const;
  Json StepsOf(std::span<const Action> actions, Seat viewer, Json* game_over) const;
  Json EndFacts() const;
  Json TradeFacts(Action action, Seat viewer, bool all_seen) const;
  Json PlayedTradeFacts(Action action) const;
  Json ChanceFacts(Action action, Seat viewer, bool all_seen) const;
  Json War2Facts(Action action) const;
  Json CiFacts(Action action) const;
  Json GameOverFacts() const;
  // Words (facts.cc), written from the facts alone: the notation of a fact (`told`: a chance
  // outcome in the words players are shown, not as records write it); an id with no facts here
  // (`action`, an invalid fact); a card named in a fact; the end of a game.
  std::string Notation(const Json& fact, Action action, bool told) const;
  std::string DrawNotation(const Json& fact, bool told) const;
  std::string UnnamedAction(Action action, bool told) const;
  std::string CardWords(const Json& card) const;
  std::string GameOverWords(const Json& over) const;
  // DescribeTurn's steps (TurnSteps), told into the story; a step that tells nothing by itself
  // ("end", an attack's dice), when nothing follows it.
  void TellStep(const Json& step, TurnStory& story) const;
  bool TellChanceStep(const Json& step, TurnStory& story) const;
  void TellWar2Step(const Json& step, TurnStory& story) const;
  std::string QuietStepText(const Json& step, Action action) const;
  std::string TerritoryId(int t) const;
  std::string OwnerName(int owner) const;  // a colour or "neutral"
  int ParseTerritory(std::string_view text) const;

  const WarGame* game_;
  const WarMap* map_;
  Board board_;
};

// "1 army", "3 armies".
std::string Plural(int count, std::string_view one, std::string_view many);
// "a, b and c".
std::string JoinAnd(const std::vector<std::string>& items);

void Register();

}  // namespace quartel::war
