// WAR's facts (war.h, "Facts"), and the words written from them. The facts are each action as a
// viewer may see it played, and the steps of a turn, as data: they hide another seat's card drawn
// or taken, its objective, a trade's cards before the trade is played, and the conformance suite
// compares them between states a viewer cannot tell apart. The words (the notation, and the turn
// told in summary) are written from the facts alone, so that they cannot disagree.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <functional>

#include "core/rng.h"
#include "games/war/dice.h"
#include "games/war/war.h"

namespace quartel::war {

// --- Facts ---------------------------------------------------------------------------------------

// The faces shown for the pending battle roll if the attacker loses `attacker_losses`: drawn from
// public facts of the roll (dice.h, DiceForOutcome), the same for every viewer and every replay.
ShownDice WarState::ShownRoll(int attacker_losses) const {
  std::uint64_t seed = (static_cast<std::uint64_t>(pos().ply) << 32) ^
                       (static_cast<std::uint64_t>(pos().attack_from) << 24) ^
                       (static_cast<std::uint64_t>(pos().attack_to) << 16) ^
                       (static_cast<std::uint64_t>(pos().armies[pos().attack_from]) << 8) ^
                       static_cast<std::uint64_t>(pos().armies[pos().attack_to]);
  const int defence = std::min(3, +pos().armies[pos().attack_to]);
  return DiceForOutcome(pos().attack_dice, defence, attacker_losses, Rng(seed).Next());
}

Json WarState::ActionFacts(Action action, Seat viewer) const {
  return FactsOf(action, viewer, false);
}

// `all_seen`: as records write it, every card and objective named.
Json WarState::FactsOf(Action action, Seat viewer, bool all_seen) const {
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
    return CurrentSeat() == engine::kChanceSeat ? ChanceFacts(action, viewer, all_seen) : invalid;
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
  if (action < g.kMove) {
    Json fact{{"kind", "occupy"}, {"count", action - g.kOccupy + 1}};
    if (pos().phase == Phase::kOccupy) fact["to"] = TerritoryId(pos().attack_to);
    return fact;
  }
  if (action < g.kEnd) {
    const Link& link = map_->links[action - g.kMove];
    return Json{{"kind", "move"},
                {"from", TerritoryId(link.from)},
                {"to", TerritoryId(link.to)},
                {"count", 1}};
  }
  if (action == g.kEnd) return EndFacts();
  return TradeFacts(action, viewer, all_seen);
}

// "end" says the step it ends; "done" what it finishes: a card use (its territory, the armies or
// bombers it gives, the number cards added) or a transport (its territories, and the way the armies
// go once one is carried). All public: the view shows the card use and the transport.
Json WarState::EndFacts() const {
  const Position& p = pos();
  switch (p.phase) {
    case Phase::kReinforce:
    case Phase::kAttack:
    case Phase::kMove:
      return Json{{"kind", "end"}, {"ends", PhaseWord(p.phase)}};
    case Phase::kCardUse: {
      Json numbers = Json::array();
      for (std::uint64_t m = p.pending_cards; m; m &= m - 1) {
        const int card = std::countr_zero(m);
        if (map_->war2_cards[card].number > 0) numbers.push_back(CardId(card));
      }
      return Json{{"kind", "done"},
                  {"finishes", "card_use"},
                  {"territory", TerritoryId(p.use_territory)},
                  {"amount", p.use_amount},
                  {"for", p.use_bombers ? "bombers" : "armies"},
                  {"numbers", std::move(numbers)}};
    }
    case Phase::kTransport: {
      const std::string a = TerritoryId(p.transport_a), b = TerritoryId(p.transport_b);
      Json fact{{"kind", "done"}, {"finishes", "transport"}, {"between", Json::array({a, b})}};
      if (p.transport_way >= 0) {
        fact["from"] = p.transport_way == 1 ? b : a;
        fact["to"] = p.transport_way == 1 ? a : b;
      }
      return fact;
    }
    default:
      return Json{{"kind", "end"}};
  }
}

// A trade names its cards to those who see the hand: once played they are shown to everyone
// (seed, TROCA DE CARTAS), in the turn's steps (PlayedTradeFacts).
Json WarState::TradeFacts(Action action, Seat viewer, bool all_seen) const {
  Json fact{{"kind", "trade"}, {"combination", action - game_->kTrade}};
  if (!all_seen && !board_.SeesHand(viewer, pos().seat)) return fact;
  Json cards = Json::array();
  for (int position : Board::TradeCombo(action - game_->kTrade)) {
    if (position >= std::popcount(pos().hand[pos().seat])) return fact;
    cards.push_back(CardId(board_.Hand(pos().seat)[static_cast<std::size_t>(position)]));
  }
  fact["cards"] = std::move(cards);
  return fact;
}

// A trade as played, for every viewer: its cards, the armies it gives and the territories of its
// cards that the trader holds, which get 2 armies more.
Json WarState::PlayedTradeFacts(Action action) const {
  Json fact = TradeFacts(action, engine::kSpectator, true);
  fact["armies"] = map_->TradeValue(pos().trades_done);
  Json bonus = Json::array();
  for (int position : Board::TradeCombo(action - game_->kTrade)) {
    const int card = board_.Hand(pos().seat)[static_cast<std::size_t>(position)];
    if (card < map_->NumTerritories() && pos().owner[card] == pos().seat) {
      bonus.push_back(TerritoryId(card));
    }
  }
  fact["bonus"] = std::move(bonus);
  return fact;
}

// A chance outcome as `viewer` may know it: the card or objective of another seat is not named.
Json WarState::ChanceFacts(Action action, Seat viewer, bool all_seen) const {
  const WarGame& g = *game_;
  const int i = action - g.kChance;
  const Seat seat = pos().seat;
  // Any id may be asked about (EverythingShown asks every one): a card or objective out of range
  // is no action here, for those who would be told which it is.
  const Json invalid{{"kind", "invalid"}, {"action", action}};
  switch (pos().phase) {
    case Phase::kDealer:
    case Phase::kDeal:
      if (action >= g.kBattle) return invalid;  // a roll's outcome, none of the deal's
      if (pos().phase == Phase::kDealer) return Json{{"kind", "dealer"}, {"seat", i}};
      return Json{{"kind", "deal"}, {"seat", seat}, {"territory", TerritoryId(i)}};
    case Phase::kCeDeal:
      if (i >= g.NumCards()) return invalid;
      return Json{{"kind", "deal"}, {"seat", seat}, {"card", CardId(i)}};
    case Phase::kObjective: {
      Json fact{{"kind", "objective"}, {"seat", seat}};
      if (!all_seen && !board_.SeesObjective(viewer, seat)) return fact;
      if (i >= static_cast<int>(g.Objectives().size())) return invalid;
      fact["objective"] = i + 1;
      return fact;
    }
    case Phase::kDraw:
    case Phase::kSpoils: {
      Json fact{{"kind", pos().phase == Phase::kDraw ? "draw" : "take"}, {"seat", seat}};
      if (pos().phase == Phase::kSpoils) fact["from"] = +pos().spoils_victim;
      if (!all_seen && !board_.SeesHand(viewer, seat)) return fact;
      if (i >= g.NumCards()) return invalid;
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

std::optional<std::pair<int, int>> WarState::TransportTerritories(Action action) const {
  const WarGame& g = *game_;
  const int code = action - g.kTransport, cards = g.NumCards();
  const auto& t1 = map_->war2_cards[code / 4 / cards].territories;
  const auto& t2 = map_->war2_cards[code / 4 % cards].territories;
  const std::size_t k1 = (code >> 1) & 1, k2 = code & 1;
  if (k1 >= t1.size() || k2 >= t2.size()) return std::nullopt;
  return std::pair(t1[k1], t2[k2]);
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
  if (action < g.kAirlift) {
    Json fact{{"kind", "discard"}, {"card", CardId(action - g.kDiscard)}};
    if (pos().phase == Phase::kCiPay) fact["paid"] = true;  // for an Information Centre transport
    return fact;
  }
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

// How the rules ended the game: {"winner", "by": "objective" | "last_player"}, or {"by":
// "turn_cap"} for a game drawn by the engine's cap. Public: an ending reveals everything.
Json WarState::GameOverFacts() const {
  const Seat winner = pos().winner;
  if (winner < 0) return Json{{"by", "turn_cap"}};
  const bool objective = pos().eliminated_by[winner] < 0 && board_.ObjectiveMet(winner);
  return Json{{"winner", winner}, {"by", objective ? "objective" : "last_player"}};
}

// One step per action, each as ActionFacts tells it in the state it was played in, with what
// playing it showed: a played trade's cards and what it gave (shown to everyone), whether a roll
// conquered the territory (and whom that eliminated), a card drawn or taken as the game's end
// reveals it.
Json WarState::TurnSteps(std::span<const Action> actions, Seat viewer) const {
  return StepsOf(actions, viewer, nullptr);
}

// TurnSteps; `game_over`, where given, is set to how the rules ended the game (GameOverFacts) if
// the turn ended it. The protocol's schema (schemas/facts.schema.json) names no such field of a
// step yet: the ending travels in the view ("winner", "ending", "results").
Json WarState::StepsOf(std::span<const Action> actions, Seat viewer, Json* game_over) const {
  WarState state(*this);
  Json steps = Json::array();
  for (Action action : actions) {
    Json fact = state.ActionFacts(action, viewer);
    if (fact.at("kind") == "trade") fact = state.PlayedTradeFacts(action);
    const Position before = state.pos();
    state.DoApplyAction(action, nullptr);
    const std::string kind = fact.at("kind");
    if (kind == "roll") {
      const int to = before.attack_to;
      const bool conquered = state.pos().owner[to] != before.owner[to];
      fact["conquered"] = conquered;
      const Seat victim = before.owner[to];
      if (conquered && victim != kNeutral && state.pos().eliminated_by[victim] >= 0) {
        fact["eliminated"] = victim;
      }
    }
    if ((kind == "draw" || kind == "take") && !fact.contains("card") &&
        state.board_.SeesHand(viewer, before.seat)) {
      fact["card"] = CardId(action - game_->kChance);
    }
    if (game_over && state.pos().phase == Phase::kOver && before.phase != Phase::kOver) {
      *game_over = state.GameOverFacts();
    }
    steps.push_back(std::move(fact));
  }
  return steps;
}

// --- Words, written from the facts ---------------------------------------------------------------

namespace {

const std::string& Text(const Json& fact, const char* key) {
  return fact.at(key).get_ref<const std::string&>();
}

int Number(const Json& fact, const char* key) { return fact.at(key).get<int>(); }

// "6-5-1": dice, highest first.
std::string Faces(const Json& dice) {
  return fmt::format("{}", fmt::join(dice.get<std::vector<int>>(), "-"));
}

}  // namespace

// The lines of a turn told in words. A step that repeats the one before (the same key: one more
// army placed on the same territory or moved along the same link, another card drawn) rewrites
// that line instead of adding one.
class TurnStory {
 public:
  using Render = std::function<std::string(int count, const std::vector<std::string>& items)>;
  void Add(std::string key, std::string item, Render render) {
    ++steps_told_;
    if (key == key_) {
      ++count_;
      items_.push_back(std::move(item));
      lines_.back() = render_(count_, items_);
      return;
    }
    key_ = std::move(key);
    count_ = 1;
    items_ = {std::move(item)};
    render_ = std::move(render);
    lines_.push_back(render_(count_, items_));
  }
  void Line(std::string text) {
    ++steps_told_;
    key_.clear();
    lines_.push_back(std::move(text));
  }
  const std::vector<std::string>& lines() const { return lines_; }
  int steps_told() const { return steps_told_; }  // Add and Line calls so far

  std::string conquest;  // a conquest told once the armies move in ("occupy")
  int carried = 0;       // armies carried by the transport under way

 private:
  std::vector<std::string> lines_;
  int steps_told_ = 0;
  std::string key_ = "-";
  int count_ = 0;
  std::vector<std::string> items_;
  Render render_;
};

std::string WarState::ActionToString(Action action) const {
  return Notation(FactsOf(action, engine::kSpectator, true), action, false);
}

// What players are shown: the notation, in words where it is a chance event, and without what
// the viewer may not know (an opponent's card drawn, an opponent's objective, the cards of a
// trade by a hand it does not see: issue 9).
std::string WarState::ActionToStringFor(Action action, Seat viewer) const {
  return Notation(ActionFacts(action, viewer), action, true);
}

// The notation of `fact`, the facts of `action`. Records write a chance outcome by name ("draw
// alasca", "roll: attacker loses 1, defender loses 0"); players are `told` it in words ("preta
// draws a card", "roll 6-5 vs 4: attacker loses 1, defender loses 0").
std::string WarState::Notation(const Json& fact, Action action, bool told) const {
  const WarGame& g = *game_;
  const std::string& kind = Text(fact, "kind");
  if (kind == "claim" || kind == "centre") return kind + " " + Text(fact, "territory");
  if (kind == "place") {
    return fmt::format("place {} {}", Number(fact, "count"), Text(fact, "territory"));
  }
  if (kind == "attack") {
    return fmt::format("attack {} {} {}", Text(fact, "from"), Text(fact, "to"),
                       Number(fact, "dice"));
  }
  if (kind == "occupy") return fmt::format("occupy {}", Number(fact, "count"));
  if (kind == "move" || kind == "carry" || kind == "airlift") {
    return fmt::format("{} {} {} {}", kind, Number(fact, "count"), Text(fact, "from"),
                       Text(fact, "to"));
  }
  if (kind == "end" || kind == "done") return kind;
  if (kind == "trade") {
    if (!fact.contains("cards")) return fmt::format("trade #{}", Number(fact, "combination"));
    return fmt::format("trade {}",
                       fmt::join(fact.at("cards").get<std::vector<std::string>>(), " "));
  }
  if (kind == "air") return fmt::format("air {} {}", Text(fact, "to"), Number(fact, "bombers"));
  if (kind == "use") {
    return "use " + Text(fact, fact.contains("territory") ? "territory" : "card");
  }
  if (kind == "add" || kind == "discard") return kind + " " + Text(fact, "card");
  if (kind == "transport") {
    return fmt::format("transport {} {}", Text(fact, "from"), Text(fact, "to"));
  }
  if (kind == "air_round") {
    return fmt::format("air round: {} shot down, {} destroyed",
                       Plural(Number(fact, "shot"), "bomber", "bombers"),
                       Plural(Number(fact, "destroyed"), "army", "armies"));
  }
  if (kind == "spy") return "spy " + g.SeatName(Number(fact, "seat"));
  if (kind == "centre_move" || kind == "centre_transport") {
    return fmt::format("{} {} {}", kind == "centre_move" ? "centre-move" : "centre-transport",
                       g.SeatName(Number(fact, "seat")), Text(fact, "territory"));
  }
  if (kind == "roll") {
    return fmt::format(
        "roll{}: attacker loses {}, defender loses {}",
        told ? fmt::format(" {} vs {}", Faces(fact.at("attack")), Faces(fact.at("defence"))) : "",
        Number(fact, "lost"), Number(fact, "destroyed"));
  }
  if (kind == "invalid") return UnnamedAction(action, told);
  return DrawNotation(fact, told);
}

// The notation of what is dealt or drawn to a seat: the dealer, a territory or Strategic Centre
// dealt, an objective, a card drawn or taken.
std::string WarState::DrawNotation(const Json& fact, bool told) const {
  const WarGame& g = *game_;
  const std::string& kind = Text(fact, "kind");
  const std::string who = g.SeatName(Number(fact, "seat"));
  if (kind == "dealer") return "dealer " + who;
  if (kind == "deal") {
    if (fact.contains("territory"))
      return fmt::format("deal {} to {}", Text(fact, "territory"), who);
    return told ? fmt::format("{} is dealt {}", who, CardWords(fact.at("card")))
                : fmt::format("deal {} to {}", Text(fact, "card"), who);
  }
  if (kind == "objective") {
    if (!told) return fmt::format("objective {} to {}", Number(fact, "objective"), who);
    if (!fact.contains("objective")) return who + " draws an objective";
    return fmt::format("{} draws the objective: {}", who,
                       g.Objectives()[Number(fact, "objective") - 1].text);
  }
  const bool take = kind == "take";
  if (!told) return fmt::format("{} {}", take ? "take" : "draw", Text(fact, "card"));
  const std::string card = fact.contains("card") ? CardWords(fact.at("card")) : "a card";
  if (!take) return fmt::format("{} draws {}", who, card);
  return fmt::format("{} takes {} from {}", who, card, g.SeatName(Number(fact, "from")));
}

// An action id with no facts here (an invalid fact: no action of this state), named as well as it
// can be: any id may be asked about (State::ActionToString).
std::string WarState::UnnamedAction(Action action, bool told) const {
  const WarGame& g = *game_;
  const Position& p = pos();
  if (action < 0 || action >= g.NumDistinctActions()) return fmt::format("action #{}", action);
  if (g.war2() && action >= g.kTransport && action < g.kCarry) {
    return fmt::format("transport #{}", action - g.kTransport);
  }
  if (g.war2() && action >= g.kAirlift && action < g.kAirRound) {
    return fmt::format("airlift #{}", action - g.kAirlift);
  }
  // A chance outcome this chance event cannot have, or any chance outcome out of chance events.
  const bool chance = CurrentSeat() == engine::kChanceSeat;
  const int i = action - g.kChance, lost = action - g.kBattle;
  const std::string who = g.SeatName(p.seat);
  if (told && chance) {
    switch (p.phase) {
      case Phase::kBattle:
        return fmt::format("roll outcome #{} (not possible in this roll)", lost);
      case Phase::kCeDeal:
        return fmt::format("{} is dealt card #{}", who, i);
      case Phase::kObjective:
        return fmt::format("{} draws objective #{}", who, i + 1);
      case Phase::kDraw:
        return fmt::format("{} draws card #{}", who, i);
      case Phase::kSpoils:
        return fmt::format("{} takes card #{} from {}", who, i, g.SeatName(p.spoils_victim));
      default:
        break;  // as records write it
    }
  }
  if (lost >= 0) {
    const int pairs = p.phase == Phase::kBattle
                          ? std::min(+p.attack_dice, std::min(3, +p.armies[p.attack_to]))
                          : 3;
    return fmt::format("roll: attacker loses {}, defender loses {}", lost,
                       std::max(0, pairs - lost));
  }
  switch (chance ? p.phase : Phase::kOver) {
    case Phase::kCeDeal:
      return fmt::format("deal card #{} to {}", i, who);
    case Phase::kObjective:
      return fmt::format("objective {} to {}", i + 1, who);
    case Phase::kDraw:
      return fmt::format("draw card #{}", i);
    case Phase::kSpoils:
      return fmt::format("take card #{}", i);
    default:
      return fmt::format("chance #{}", i);
  }
}

// A card named in a fact ("alasca", "n2"), in words: "alasca (cannon)", "n2 (number card 2)".
// Identical cards share both names.
std::string WarState::CardWords(const Json& card) const {
  const std::string& id = card.get_ref<const std::string&>();
  for (int c = 0; c < game_->NumCards(); ++c) {
    if (CardId(c) == id) return CardName(c);
  }
  return id;
}

// How the rules ended the game (GameOverFacts), in words.
std::string WarState::GameOverWords(const Json& over) const {
  if (!over.contains("winner")) return "Game over: drawn (the engine's turn cap)";
  return fmt::format(
      "Game over: {} wins ({})", game_->SeatName(Number(over, "winner")),
      Text(over, "by") == "objective" ? "its objective is met" : "the last player left");
}

// --- A turn in words -----------------------------------------------------------------------------

// One line per step, in order, as `viewer` may know it (its steps, TurnSteps): "placed 3 armies on
// brasil", "attacked argentina from brasil: 6-5-1 vs 4-2, lost 1, destroyed 1" (the attacker's
// losses, then the defender's), "conquered argentina, moved 2 in", "drew a card". A run of setup
// chance events (the deal) is one line.
std::string WarState::DescribeTurn(std::span<const Action> actions, Seat viewer) const {
  Json game_over;
  const Json steps = StepsOf(actions, viewer, &game_over);
  TurnStory story;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const int steps_told = story.steps_told();
    TellStep(steps[i], story);
    // A step told by what follows it in the turn, when nothing follows: told by itself.
    if (story.steps_told() == steps_told && i + 1 == steps.size()) {
      story.Line(QuietStepText(steps[i], actions[i]));
    }
  }
  if (!story.conquest.empty()) story.Line(story.conquest);  // the game ended before "occupy"
  if (!game_over.is_null()) story.Line(GameOverWords(game_over));
  const bool setup_run = CurrentSeat() == engine::kChanceSeat && board_.InSetup();
  return fmt::format("{}", fmt::join(story.lines(), setup_run ? "; " : "\n    "));
}

// Tells one step; "end" and an attack's choice of dice are told by what follows, the start of a
// card use or a transport when it is done.
void WarState::TellStep(const Json& step, TurnStory& story) const {
  if (TellChanceStep(step, story)) return;
  const std::string& kind = Text(step, "kind");
  if (kind == "claim") {
    story.Line("claimed " + Text(step, "territory"));
  } else if (kind == "occupy") {
    const int count = Number(step, "count");
    story.Line(
        story.conquest.empty()
            ? fmt::format("moved {} into {}", Plural(count, "army", "armies"), Text(step, "to"))
            : fmt::format("{}, moved {} in", story.conquest, count));
    story.conquest.clear();
  } else if (kind == "place") {
    story.Add("place " + Text(step, "territory"), "",
              [t = Text(step, "territory")](int n, const auto&) {
                return fmt::format("placed {} on {}", Plural(n, "army", "armies"), t);
              });
  } else if (kind == "move" || kind == "airlift") {
    const std::string from = Text(step, "from"), to = Text(step, "to");
    story.Add(fmt::format("{} {} {}", kind, from, to), "",
              [verb = kind == "move" ? "moved" : "airlifted", from, to](int n, const auto&) {
                return fmt::format("{} {} from {} to {}", verb, Plural(n, "army", "armies"), from,
                                   to);
              });
  } else if (kind == "trade") {
    std::vector<std::string> cards;
    for (const Json& card : step.at("cards")) cards.push_back(CardWords(card));
    const auto bonus = step.at("bonus").get<std::vector<std::string>>();
    story.Line(fmt::format("traded {} for {}{}", JoinAnd(cards),
                           Plural(Number(step, "armies"), "army", "armies"),
                           bonus.empty() ? "" : fmt::format(" (+2 on {})", JoinAnd(bonus))));
  } else {
    TellWar2Step(step, story);
  }
}

// Tells a chance event (the deal, an objective, a roll, a card drawn or taken, an air round);
// false when the step is none.
bool WarState::TellChanceStep(const Json& step, TurnStory& story) const {
  const WarGame& g = *game_;
  const std::string& kind = Text(step, "kind");
  if (kind == "dealer") {
    story.Line("dealer " + g.SeatName(Number(step, "seat")));
  } else if (kind == "deal") {
    const std::string what = step.contains("card") ? "Strategic Centres" : "territories";
    // One territory dealt alone (a replay steps the deal card by card) is named: the board shows
    // its owner at once.
    const std::string first = step.contains("territory") ? Text(step, "territory") : "";
    story.Add(
        "deal", g.SeatName(Number(step, "seat")), [&g, what, first](int n, const auto& seats) {
          if (n == 1 && !first.empty()) return fmt::format("{} dealt to {}", first, seats[0]);
          std::vector<std::string> counts;
          for (Seat s = 0; s < g.NumSeats(); ++s) {
            counts.push_back(fmt::format("{} {}", g.SeatName(s),
                                         std::count(seats.begin(), seats.end(), g.SeatName(s))));
          }
          return fmt::format("{} dealt: {}", what, fmt::join(counts, ", "));
        });
  } else if (kind == "objective") {
    story.Add("objective", "", [](int n, const auto&) {
      return fmt::format("{} drawn", Plural(n, "objective", "objectives"));
    });
  } else if (kind == "roll") {
    story.Line(fmt::format("attacked {} from {}: {} vs {}, lost {}, destroyed {}", Text(step, "to"),
                           Text(step, "from"), Faces(step.at("attack")), Faces(step.at("defence")),
                           Number(step, "lost"), Number(step, "destroyed")));
    if (step.value("conquered", false)) {
      story.conquest =
          fmt::format("conquered {}{}", Text(step, "to"),
                      step.contains("eliminated")
                          ? fmt::format(" (eliminating {})", g.SeatName(Number(step, "eliminated")))
                          : "");
    }
  } else if (kind == "draw" || kind == "take") {
    const bool seen = step.contains("card");
    const bool took = kind == "take";
    const std::string from = took ? " from " + g.SeatName(Number(step, "from")) : "";
    story.Add(took ? "took" : "drew", seen ? CardWords(step.at("card")) : "",
              [seen, took, from](int n, const auto& cards) {
                return fmt::format("{} {}{}", took ? "took" : "drew",
                                   seen     ? JoinAnd(cards)
                                   : n == 1 ? std::string("a card")
                                            : Plural(n, "card", "cards"),
                                   from);
              });
  } else if (kind == "air_round") {
    story.Line(fmt::format("air round over {}: {} shot down, {} destroyed", Text(step, "target"),
                           Plural(Number(step, "shot"), "bomber", "bombers"),
                           Plural(Number(step, "destroyed"), "army", "armies")));
  } else {
    return false;
  }
  return true;
}

// WAR-II's own steps: air attacks, card uses and transports (told when done), discards,
// Information Centres. The number cards of a card use are told with it.
void WarState::TellWar2Step(const Json& step, TurnStory& story) const {
  const WarGame& g = *game_;
  const std::string& kind = Text(step, "kind");
  if (kind == "air") {
    story.Line(fmt::format("sent {} from the air base against {}",
                           Plural(Number(step, "bombers"), "bomber", "bombers"), Text(step, "to")));
  } else if (kind == "done" && step.value("finishes", "") == "card_use") {
    const auto numbers = step.at("numbers").get<std::vector<std::string>>();
    const std::string& t = Text(step, "territory");
    const int amount = Number(step, "amount");
    story.Line(fmt::format("used the card of {}{}: {} {}", t,
                           numbers.empty() ? "" : fmt::format(" with {}", JoinAnd(numbers)),
                           Text(step, "for") == "bombers"
                               ? Plural(amount, "bomber", "bombers") + " against"
                               : Plural(amount, "army", "armies") + " on",
                           t));
  } else if (kind == "carry") {
    ++story.carried;
  } else if (kind == "done" && step.value("finishes", "") == "transport") {
    const auto between = step.at("between").get<std::vector<std::string>>();
    const std::string &a = between[0], &b = between[1];
    // The armies carried in earlier events (a person's carries are events of their own) were
    // told there.
    const std::string cards = fmt::format("used the cards of {} and {}", a, b);
    story.Line(!step.contains("from") ? cards + " for a transport, carrying nothing"
               : story.carried == 0   ? fmt::format("{} for the transport from {} to {}", cards,
                                                    Text(step, "from"), Text(step, "to"))
                                      : fmt::format("{} to carry {} from {} to {}", cards,
                                                    Plural(story.carried, "army", "armies"),
                                                    Text(step, "from"), Text(step, "to")));
    story.carried = 0;
  } else if (kind == "discard") {
    const bool paid = step.value("paid", false);
    story.Add(paid ? "paid" : "discarded", CardWords(step.at("card")),
              [paid](int, const auto& cards) {
                return paid ? fmt::format("paid {} for the transport", JoinAnd(cards))
                            : fmt::format("discarded {}", JoinAnd(cards));
              });
  } else if (kind == "centre") {
    story.Line("placed its Information Centre on " + Text(step, "territory"));
  } else if (kind == "spy") {
    story.Line(fmt::format("spied on {}'s cards", g.SeatName(Number(step, "seat"))));
  } else if (kind == "centre_move" || kind == "centre_transport") {
    story.Line(fmt::format("{} the Information Centre of {} to {}",
                           kind == "centre_move" ? "moved" : "transported",
                           g.SeatName(Number(step, "seat")), Text(step, "territory")));
  }
}

// The steps that TellStep leaves to what follows them in the turn, when nothing follows: "end",
// the dice of an attack (told by the roll), the start of a card use or a transport, an army
// carried, a number card added.
std::string WarState::QuietStepText(const Json& step, Action action) const {
  const std::string& kind = Text(step, "kind");
  if (kind == "end") {
    const std::string ends = step.value("ends", "");
    return ends == "reinforcement" ? "went on to the attacks"
           : ends == "attacks"     ? "ended the attacks"
           : ends == "movement"    ? "ended the turn"
                                   : "done";
  }
  if (kind == "attack") {
    return fmt::format("attacks {} from {} with {}", Text(step, "to"), Text(step, "from"),
                       Plural(Number(step, "dice"), "die", "dice"));
  }
  if (kind == "use") {
    return "began to use the card of " +
           Text(step, step.contains("territory") ? "territory" : "card");
  }
  if (kind == "add") return "added " + Text(step, "card");
  if (kind == "transport") {
    return fmt::format("began a transport between {} and {}", Text(step, "from"), Text(step, "to"));
  }
  if (kind == "carry") {
    return fmt::format("carried 1 army from {} to {}", Text(step, "from"), Text(step, "to"));
  }
  return Notation(step, action, true);
}

}  // namespace quartel::war
