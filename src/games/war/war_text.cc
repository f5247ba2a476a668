// WAR notation, views and registration (war.h).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <map>
#include <sstream>

#include "core/error.h"
#include "core/text.h"
#include "games/war/dice.h"
#include "games/war/war.h"

namespace quartel::games::war {
namespace {

constexpr std::array<const char*, kMaxSeats> kAnsi = {"\033[1;37m", "\033[1;31m", "\033[1;35m",
                                                      "\033[1;34m", "\033[1;33m", "\033[1;32m"};
constexpr const char* kAnsiReset = "\033[0m";

std::vector<std::string> Words(std::string_view text) {
  std::string cleaned(text);
  for (char& c : cleaned) {
    if (c == ',' || c == ':' || c == '(' || c == ')') c = ' ';
  }
  std::vector<std::string> words;
  std::istringstream in(ToLower(cleaned));
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

int ParseCount(const std::string& word, std::string_view text) {
  int value = 0;
  for (char c : word) {
    if (c < '0' || c > '9' || value > 100000) {
      throw Error(fmt::format("'{}': '{}' is not a number", text, word));
    }
    value = value * 10 + (c - '0');
  }
  if (word.empty()) throw Error(fmt::format("'{}': a number is missing", text));
  return value;
}

const char* PhaseWord(Phase phase) {
  switch (phase) {
    case Phase::kReinforce:
      return "reinforcement";
    case Phase::kAttack:
    case Phase::kBattle:
    case Phase::kSpoils:
      return "attacks";
    case Phase::kOccupy:
      return "conquest";
    case Phase::kMove:
    case Phase::kDraw:
      return "movement";
    case Phase::kOver:
      return "game over";
    default:
      return "setup";
  }
}

}  // namespace

std::string WarState::OwnerName(int owner) const {
  if (owner == kNeutral) return "neutral";
  return owner >= 0 ? game_->SeatName(owner) : "-";
}

std::string WarState::TerritoryId(int t) const {
  if (t < 0 || t >= map_->NumTerritories()) return fmt::format("territory #{}", t);
  return map_->territories[t].id;
}

int WarState::ParseTerritory(std::string_view text) const {
  const int t = map_->FindTerritory(text);
  if (t >= 0) return t;
  // Also accept the printed name, ignoring case ("Nova York" is typed novayork).
  for (int i = 0; i < map_->NumTerritories(); ++i) {
    if (ToLower(map_->territories[i].name) == text) return i;
  }
  throw Error(
      fmt::format("no territory '{}' (territories are typed by id, e.g. brasil, novayork)", text));
}

// --- Notation
// -------------------------------------------------------------------------------------

std::string WarState::ActionToString(Action action) const {
  const WarGame& g = *game_;
  if (action < 0 || action >= g.NumDistinctActions()) return fmt::format("action #{}", action);
  if (g.spy_centre() && action >= g.kPlaceCi) return CiActionToString(action);
  if (g.war2() && action >= g.kAirRound) {
    const int code = action - g.kAirRound;
    return fmt::format("air round: {} bombers shot down, {} armies destroyed", code / 4, code % 4);
  }
  if (g.war2() && action >= g.kAir) return War2ActionToString(action);
  if (action >= g.kBattle) {
    const int lost = action - g.kBattle;
    const int defence =
        pos_.phase == Phase::kBattle ? std::min(3, +pos_.armies[pos_.attack_to]) : 3;
    const int pairs = pos_.phase == Phase::kBattle ? RollOdds(pos_.attack_dice, defence).pairs : 3;
    return fmt::format("roll: attacker loses {}, defender loses {}", lost,
                       std::max(0, pairs - lost));
  }
  if (action >= g.kChance) {
    const int i = action - g.kChance;
    switch (pos_.phase) {
      case Phase::kDealer:
        return fmt::format("dealer {}", g.SeatName(i));
      case Phase::kDeal:
        return fmt::format("deal {} to {}", TerritoryId(i), g.SeatName(pos_.seat));
      case Phase::kCeDeal:
        return fmt::format("deal {} to {}", CardId(i), g.SeatName(pos_.seat));
      case Phase::kObjective:
        return fmt::format("objective {} to {}", i + 1, g.SeatName(pos_.seat));
      case Phase::kSpoils:
        return fmt::format("take {}", CardId(i));
      case Phase::kDraw:
        return fmt::format("draw {}", CardId(i));
      default:
        return fmt::format("chance #{}", i);
    }
  }
  if (action < g.kAttack) {
    if (pos_.phase == Phase::kClaim || pos_.phase == Phase::kCeChoice) {
      return fmt::format("claim {}", TerritoryId(action));
    }
    return fmt::format("place 1 {}", TerritoryId(action));
  }
  if (action < g.kOccupy) {
    const Link& link = map_->links[(action - g.kAttack) / 3];
    return fmt::format("attack {} {} {}", TerritoryId(link.from), TerritoryId(link.to),
                       (action - g.kAttack) % 3 + 1);
  }
  if (action < g.kMove) return fmt::format("occupy {}", action - g.kOccupy + 1);
  if (action < g.kEnd) {
    const Link& link = map_->links[action - g.kMove];
    return fmt::format("move 1 {} {}", TerritoryId(link.from), TerritoryId(link.to));
  }
  if (action == g.kEnd) {
    return pos_.phase == Phase::kCardUse || pos_.phase == Phase::kTransport ? "done" : "end";
  }
  const auto combo = TradeCombo(action - g.kTrade);
  return fmt::format("trade {} {} {}", combo[0] + 1, combo[1] + 1, combo[2] + 1);
}

std::string WarState::War2ActionToString(Action action) const {
  const WarGame& g = *game_;
  const int cards = g.NumCards();
  if (action < g.kUse) {
    return fmt::format("air {} {}", TerritoryId((action - g.kAir) / 10),
                       (action - g.kAir) % 10 + 1);
  }
  if (action < g.kAddNumber) {
    const int card = (action - g.kUse) / 2;
    const auto& ts = map_->war2_cards[card].territories;
    const std::size_t k = (action - g.kUse) % 2;
    return fmt::format("use {}", k < ts.size() ? TerritoryId(ts[k]) : CardId(card));
  }
  if (action < g.kTransport) return fmt::format("add {}", action - g.kAddNumber + 1);
  if (action < g.kCarry) {
    const int code = action - g.kTransport;
    const int c1 = code / 4 / cards, c2 = code / 4 % cards;
    const auto& t1 = map_->war2_cards[c1].territories;
    const auto& t2 = map_->war2_cards[c2].territories;
    const std::size_t k1 = (code >> 1) & 1, k2 = code & 1;
    if (k1 >= t1.size() || k2 >= t2.size()) return fmt::format("transport #{}", code);
    return fmt::format("transport {} {}", TerritoryId(t1[k1]), TerritoryId(t2[k2]));
  }
  if (action < g.kDiscard) {
    const bool forward = action == g.kCarry;
    const int from = forward ? pos_.transport_a : pos_.transport_b;
    const int to = forward ? pos_.transport_b : pos_.transport_a;
    return fmt::format("carry 1 {} {}", TerritoryId(from), TerritoryId(to));
  }
  if (action < g.kAirlift) {
    const War2Card& card = map_->war2_cards[action - g.kDiscard];
    if (card.number > 0) return fmt::format("discard {}", card.number);
    return fmt::format("discard {}", TerritoryId(card.territories.front()));
  }
  const int i = (action - g.kAirlift) / 12, j = (action - g.kAirlift) % 12;
  const auto& ces = map_->strategic_centres;
  if (i >= static_cast<int>(ces.size()) || j >= static_cast<int>(ces.size())) {
    return fmt::format("airlift #{}", action - g.kAirlift);
  }
  return fmt::format("airlift 1 {} {}", TerritoryId(ces[i]), TerritoryId(ces[j]));
}

std::string WarState::ActionToStringFor(Action action, Seat viewer) const {
  const WarGame& g = *game_;
  const std::string full = ActionToString(action);
  const bool own = viewer == pos_.seat || Revealed();
  if (action >= g.kChance && action < g.kBattle) {
    switch (pos_.phase) {
      case Phase::kObjective:
        return own ? full : fmt::format("objective drawn by {}", g.SeatName(pos_.seat));
      case Phase::kDraw:
        return own ? full : fmt::format("{} draws a card", g.SeatName(pos_.seat));
      case Phase::kSpoils:
        return own ? full
                   : fmt::format("{} takes a card of {}", g.SeatName(pos_.seat),
                                 g.SeatName(pos_.spoils_victim));
      default:
        return full;
    }
  }
  if (action >= g.kTrade && action < g.kChance && pos_.phase == Phase::kReinforce) {
    // Traded cards are shown to all; hand positions are the trader's alone.
    std::vector<std::string> names;
    for (int position : TradeCombo(action - g.kTrade)) {
      int card = -1;
      std::uint64_t hand = pos_.hand[pos_.seat];
      for (int k = 0; k <= position && hand; ++k) {
        card = std::countr_zero(hand);
        hand &= hand - 1;
      }
      names.push_back(card >= 0 ? CardName(card) : "?");
    }
    const std::string cards = fmt::format("{}", fmt::join(names, ", "));
    return own ? fmt::format("{}: {}", full, cards) : fmt::format("trade {}", cards);
  }
  return full;
}

Action WarState::StringToAction(std::string_view text) const {
  const auto actions = StringToTurn(text);
  if (actions.size() != 1) {
    throw Error(fmt::format("'{}' is {} actions, not one", text, actions.size()));
  }
  return actions.front();
}

std::vector<Action> WarState::StringToTurn(std::string_view text) const {
  const WarGame& g = *game_;
  const auto words = Words(text);
  if (words.empty()) throw Error("empty move");
  const std::string& verb = words[0];
  auto need = [&](std::size_t n, const char* usage) {
    if (words.size() != n) throw Error(fmt::format("'{}': expected {}", text, usage));
  };
  auto legal = [&](Action action) {
    const std::string why = WhyIllegal(action);
    if (!why.empty()) throw Error(fmt::format("'{}': {}", text, why));
    return action;
  };
  if (verb == "end" || verb == "done" || verb == "pass") {
    need(1, "end");
    return {legal(g.kEnd)};
  }
  if (verb == "place") {
    if (words.size() != 3 && words.size() != 2)
      throw Error(fmt::format("'{}': expected place N TERRITORY", text));
    const int count = words.size() == 3 ? ParseCount(words[1], text) : 1;
    const int t = ParseTerritory(words.back());
    if (count < 1) throw Error(fmt::format("'{}': place at least 1 army", text));
    if (pos_.phase == Phase::kReinforce && count > ArmiesToPlace()) {
      throw Error(fmt::format("'{}': you have {} armies to place", text, ArmiesToPlace()));
    }
    std::vector<Action> actions;
    auto copy = Clone();
    for (int k = 0; k < count; ++k) {
      const std::string why = copy->WhyIllegal(t);
      if (!why.empty()) throw Error(fmt::format("'{}': {}", text, why));
      copy->DoApplyAction(t, nullptr);
      actions.push_back(t);
    }
    return actions;
  }
  if (verb == "attack") {
    if (words.size() != 3 && words.size() != 4) {
      throw Error(fmt::format("'{}': expected attack FROM TO [DICE]", text));
    }
    const int from = ParseTerritory(words[1]);
    const int to = ParseTerritory(words[2]);
    const int link = map_->FindLink(from, to);
    if (link < 0)
      throw Error(fmt::format("'{}': {} and {} are not neighbours", text, words[1], words[2]));
    const int dice =
        words.size() == 4 ? ParseCount(words[3], text) : std::clamp(pos_.armies[from] - 1, 1, 3);
    if (dice < 1 || dice > 3) throw Error(fmt::format("'{}': attack with 1 to 3 dice", text));
    return {legal(g.kAttack + 3 * link + dice - 1)};
  }
  if (verb == "occupy" || (verb == "move" && words.size() == 2)) {
    need(2, "occupy N");
    const int k = ParseCount(words[1], text);
    if (k < 1 || k > 3) throw Error(fmt::format("'{}': move 1 to 3 armies into a conquest", text));
    return {legal(g.kOccupy + k - 1)};
  }
  if (verb == "move") {
    if (words.size() != 4 && words.size() != 3) {
      throw Error(fmt::format("'{}': expected move N FROM TO", text));
    }
    const int count = words.size() == 4 ? ParseCount(words[1], text) : 1;
    const int from = ParseTerritory(words[words.size() - 2]);
    const int to = ParseTerritory(words.back());
    const int link = map_->FindLink(from, to);
    if (link < 0)
      throw Error(fmt::format("'{}': {} and {} are not neighbours", text, TerritoryId(from),
                              TerritoryId(to)));
    if (count < 1) throw Error(fmt::format("'{}': move at least 1 army", text));
    if (pos_.phase == Phase::kMove && count > Movable(from)) {
      throw Error(fmt::format("'{}': only {} armies in {} may move", text, Movable(from),
                              TerritoryId(from)));
    }
    std::vector<Action> actions;
    for (int k = 0; k < count; ++k) actions.push_back(g.kMove + link);
    legal(actions.front());
    return actions;
  }
  if (verb == "trade") {
    need(4, "trade I J K (positions in your hand, from 1)");
    std::array<int, 3> positions{};
    for (int k = 0; k < 3; ++k) positions[k] = ParseCount(words[k + 1], text) - 1;
    std::sort(positions.begin(), positions.end());
    for (int combo = 0; combo < kTradeCombos; ++combo) {
      if (TradeCombo(combo) == positions) return {legal(g.kTrade + combo)};
    }
    throw Error(fmt::format("'{}': three different hand positions from 1 to {}", text, kMaxHand));
  }
  if (g.war2()) {
    const auto war2 = War2StringToTurn(words, text);
    if (!war2.empty()) return war2;
  }
  // Chance outcomes, as records write them.
  if (verb == "dealer") {
    need(2, "dealer COLOUR");
    for (Seat s = 0; s < pos_.num_seats; ++s) {
      if (g.SeatName(s) == words[1]) return {legal(g.kChance + s)};
    }
    throw Error(fmt::format("'{}': no seat {}", text, words[1]));
  }
  if (verb == "deal") {
    if (words.size() < 2) throw Error(fmt::format("'{}': expected deal TERRITORY", text));
    if (g.war2()) return {legal(g.kChance + ParseCard(words[1]))};
    return {legal(g.kChance + ParseTerritory(words[1]))};
  }
  if (verb == "objective") {
    if (words.size() < 2) throw Error(fmt::format("'{}': expected objective N", text));
    return {legal(g.kChance + ParseCount(words[1], text) - 1)};
  }
  if (verb == "draw" || verb == "take") {
    need(2, "draw CARD");
    return {legal(g.kChance + ParseCard(words[1]))};
  }
  if (verb == "roll") {
    const auto loses = std::find(words.begin(), words.end(), "loses");
    if (loses == words.end() || loses + 1 == words.end()) {
      throw Error(fmt::format("'{}': expected roll: attacker loses N", text));
    }
    return {legal(g.kBattle + ParseCount(*(loses + 1), text))};
  }
  throw Error(fmt::format(
      "'{}': unknown command (place N T, attack FROM TO DICE, occupy N, move N FROM TO, trade I J "
      "K, end)",
      text));
}

// A turn in a few lines: what was placed and traded, the attacks and conquests, the moves and
// the card, as `viewer` may know them.
std::string WarState::DescribeTurn(std::span<const Action> actions, Seat viewer) const {
  const WarGame& g = *game_;
  WarState state(*this);
  std::map<int, int> placed;
  std::map<std::pair<int, int>, int> moved;
  std::vector<std::string> trades, conquests, other;
  int rolls = 0, lost = 0, killed = 0;
  for (Action action : actions) {
    const Position before = state.pos_;
    if (g.war2() && action >= g.kAir && action < g.kAirRound) {
      other.push_back(state.ActionToStringFor(action, viewer));
    } else if (before.phase == Phase::kReinforce && action < g.kAttack) {
      ++placed[action];
    } else if (before.phase == Phase::kReinforce && action >= g.kTrade && action < g.kChance) {
      trades.push_back(state.ActionToStringFor(action, viewer));
    } else if (before.phase == Phase::kMove && action >= g.kMove && action < g.kEnd) {
      const Link& link = map_->links[action - g.kMove];
      ++moved[{link.from, link.to}];
    } else if (before.phase == Phase::kBattle) {
      ++rolls;
    } else if (before.phase == Phase::kDraw || before.phase == Phase::kSpoils) {
      other.push_back(state.ActionToStringFor(action, viewer));
    } else if (before.phase == Phase::kReinforce || before.phase == Phase::kAttack ||
               before.phase == Phase::kMove || before.phase == Phase::kOccupy) {
      // "end" and the choice of how many armies move into a conquest are implied below.
    } else {
      other.push_back(state.ActionToStringFor(action, viewer));
    }
    state.DoApplyAction(action, nullptr);
    if (before.phase == Phase::kBattle) {
      lost += before.armies[before.attack_from] - state.pos_.armies[before.attack_from];
      killed += before.armies[before.attack_to] - state.pos_.armies[before.attack_to];
      if (state.pos_.owner[before.attack_to] != before.owner[before.attack_to]) {
        std::string conquest = fmt::format("{} (from {})", TerritoryId(before.attack_to),
                                           TerritoryId(before.attack_from));
        const Seat victim = before.owner[before.attack_to];
        if (victim != kNeutral && state.pos_.eliminated_by[victim] >= 0 &&
            before.eliminated_by[victim] < 0) {
          conquest += fmt::format(", eliminating {}", g.SeatName(victim));
        }
        conquests.push_back(conquest);
      }
    }
  }
  std::vector<std::string> parts;
  if (!trades.empty()) parts.push_back(fmt::format("{}", fmt::join(trades, "; ")));
  if (!placed.empty()) {
    std::vector<std::string> where;
    int total = 0;
    for (const auto& [t, n] : placed) {
      where.push_back(fmt::format("{} {}", TerritoryId(t), n));
      total += n;
    }
    parts.push_back(fmt::format("placed {} ({})", total, fmt::join(where, ", ")));
  }
  if (rolls > 0) {
    parts.push_back(fmt::format(
        "attacked with {} rolls, losing {} and destroying {} armies{}", rolls, lost, killed,
        conquests.empty() ? std::string()
                          : fmt::format("; conquered {}", fmt::join(conquests, ", "))));
  }
  if (!moved.empty()) {
    std::vector<std::string> where;
    for (const auto& [link, n] : moved) {
      where.push_back(
          fmt::format("{} {}>{}", n, TerritoryId(link.first), TerritoryId(link.second)));
    }
    parts.push_back(fmt::format("moved {}", fmt::join(where, ", ")));
  }
  for (auto& text : other) parts.push_back(std::move(text));
  if (parts.empty()) return "ends its turn";
  return fmt::format("{}", fmt::join(parts, "\n    "));
}

// WAR-II commands; empty when `words` is none of them.
std::vector<Action> WarState::War2StringToTurn(const std::vector<std::string>& words,
                                               std::string_view text) const {
  const WarGame& g = *game_;
  const std::string& verb = words[0];
  auto legal = [&](Action action) {
    const std::string why = WhyIllegal(action);
    if (!why.empty()) throw Error(fmt::format("'{}': {}", text, why));
    return action;
  };
  auto need = [&](std::size_t n, const char* usage) {
    if (words.size() != n) throw Error(fmt::format("'{}': expected {}", text, usage));
  };
  // "carry N A B" and "airlift N A B" repeat one action N times.
  auto repeated = [&](Action action, int count) {
    if (count < 1) throw Error(fmt::format("'{}': at least 1 army", text));
    auto copy = Clone();
    std::vector<Action> actions;
    for (int k = 0; k < count; ++k) {
      const std::string why = copy->WhyIllegal(action);
      if (!why.empty()) throw Error(fmt::format("'{}': {}", text, why));
      copy->DoApplyAction(action, nullptr);
      actions.push_back(action);
    }
    return actions;
  };
  auto seat_named = [&](const std::string& word) {
    for (Seat s = 0; s < pos_.num_seats; ++s) {
      if (g.SeatName(s) == word) return s;
    }
    throw Error(fmt::format("'{}': no seat {}", text, word));
  };
  if (g.spy_centre() && verb == "centre") {
    need(2, "centre TERRITORY (place your Information Centre)");
    return {legal(g.kPlaceCi + ParseTerritory(words[1]))};
  }
  if (g.spy_centre() && verb == "spy") {
    need(2, "spy COLOUR");
    return {legal(g.kSpy + seat_named(words[1]))};
  }
  if (g.spy_centre() && (verb == "centre-move" || verb == "centre-transport")) {
    need(3, "centre-move OWNER TERRITORY");
    const int code = 64 * seat_named(words[1]) + ParseTerritory(words[2]);
    return {legal((verb == "centre-move" ? g.kMoveCi : g.kCiTransport) + code)};
  }
  if (verb == "claim") {
    need(2, "claim TERRITORY");
    return {legal(ParseTerritory(words[1]))};
  }
  if (verb == "air" && words.size() >= 2 && words[1] == "round") {
    need(9, "air round: N bombers shot down, M armies destroyed");
    const int shot = ParseCount(words[2], text), destroyed = ParseCount(words[6], text);
    if (shot > 3 || destroyed > 3) throw Error(fmt::format("'{}': at most 3 of each", text));
    return {legal(g.kAirRound + 4 * shot + destroyed)};
  }
  if (verb == "air") {
    need(3, "air TARGET BOMBERS");
    const int t = ParseTerritory(words[1]);
    const int n = ParseCount(words[2], text);
    if (n < 1 || n > 10) throw Error(fmt::format("'{}': 1 to 10 bombers", text));
    return {legal(g.kAir + 10 * t + n - 1)};
  }
  if (verb == "use") {
    need(2, "use TERRITORY (a territory of one of your cards)");
    const int t = ParseTerritory(words[1]);
    const int card = g.CardOf(t);
    const auto& ts = map_->war2_cards[card].territories;
    const int k = static_cast<int>(std::find(ts.begin(), ts.end(), t) - ts.begin());
    return {legal(g.kUse + 2 * card + k)};
  }
  if (verb == "add") {
    need(2, "add 1|2|3 (a number card)");
    const int value = ParseCount(words[1], text);
    if (value < 1 || value > 3) throw Error(fmt::format("'{}': number cards are 1, 2 or 3", text));
    return {legal(g.kAddNumber + value - 1)};
  }
  if (verb == "transport") {
    need(3, "transport TERRITORY TERRITORY (of two of your cards)");
    int ta = ParseTerritory(words[1]), tb = ParseTerritory(words[2]);
    int ca = g.CardOf(ta), cb = g.CardOf(tb);
    if (ca == cb) throw Error(fmt::format("'{}': two different cards are needed", text));
    if (ca > cb) {
      std::swap(ca, cb);
      std::swap(ta, tb);
    }
    const auto& t1 = map_->war2_cards[ca].territories;
    const auto& t2 = map_->war2_cards[cb].territories;
    const int k1 = static_cast<int>(std::find(t1.begin(), t1.end(), ta) - t1.begin());
    const int k2 = static_cast<int>(std::find(t2.begin(), t2.end(), tb) - t2.begin());
    return {legal(g.kTransport + (g.NumCards() * ca + cb) * 4 + 2 * k1 + k2)};
  }
  if (verb == "carry") {
    need(4, "carry N FROM TO");
    const int from = ParseTerritory(words[2]), to = ParseTerritory(words[3]);
    if (pos_.phase != Phase::kTransport)
      throw Error(fmt::format("'{}': no transport under way", text));
    const bool forward = from == pos_.transport_a && to == pos_.transport_b;
    if (!forward && !(from == pos_.transport_b && to == pos_.transport_a)) {
      throw Error(fmt::format("'{}': the transport goes between {} and {}", text,
                              TerritoryId(pos_.transport_a), TerritoryId(pos_.transport_b)));
    }
    return repeated(forward ? g.kCarry : g.kCarry + 1, ParseCount(words[1], text));
  }
  if (verb == "discard") {
    need(2, "discard TERRITORY or discard 1|2|3");
    if (words[1].size() == 1 && words[1][0] >= '1' && words[1][0] <= '3') {
      const int value = words[1][0] - '0';
      for (std::uint64_t m = pos_.hand[pos_.seat]; m; m &= m - 1) {
        const int card = std::countr_zero(m);
        if (map_->war2_cards[card].number == value) return {legal(g.kDiscard + card)};
      }
      throw Error(fmt::format("'{}': no number card {} in your hand", text, value));
    }
    return {legal(g.kDiscard + g.CardOf(ParseTerritory(words[1])))};
  }
  if (verb == "airlift") {
    need(4, "airlift N FROM TO (Strategic Centres)");
    const int from = ParseTerritory(words[2]), to = ParseTerritory(words[3]);
    if (g.CeIndex(from) < 0 || g.CeIndex(to) < 0) {
      throw Error(fmt::format("'{}': airlifts go between Strategic Centres", text));
    }
    return repeated(g.kAirlift + 12 * g.CeIndex(from) + g.CeIndex(to), ParseCount(words[1], text));
  }
  return {};
}

// --- Prompts and views
// ----------------------------------------------------------------------------

std::string WarState::PhasePrompt(Seat viewer) const {
  const WarGame& g = *game_;
  const std::string who = g.SeatName(pos_.seat);
  switch (pos_.phase) {
    case Phase::kReinforce: {
      if (!g.war2() && std::popcount(pos_.hand[pos_.seat]) >= kForcedTradeHand) {
        return fmt::format("{}, reinforcement: you hold 5 cards and must trade 3 (trade I J K)",
                           who);
      }
      std::vector<std::string> bound;
      for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
        if (pos_.continent_pool[c] > 0) {
          bound.push_back(
              fmt::format("{} in {}", +pos_.continent_pool[c], map_->continents[c].name));
        }
      }
      std::string text = fmt::format("{}, reinforcement: {} armies to place", who, ArmiesToPlace());
      if (!bound.empty()) text += fmt::format(" ({} of them)", fmt::join(bound, ", "));
      text += ArmiesToPlace() > 0 ? ": place N TERRITORY" : ": end to go on to your attacks";
      if (!g.war2() && !InFirstRound() && (viewer == pos_.seat || Revealed()) && AnyTradeLegal())
        text += "; you can trade a set: trade I J K";
      if (InFirstRound()) text += " (first round: placement only)";
      if (g.war2()) text += "; cards: use TERRITORY, transport A B, discard CARD";
      return text;
    }
    case Phase::kAttack:
      return fmt::format(
          "{}, attacks: attack FROM TO [DICE] from a territory with 2+ armies{}, or end to stop "
          "attacking",
          who,
          g.war2() ? fmt::format(", air TARGET N with bombers of your base ({}), use TERRITORY "
                                 "for a card",
                                 +pos_.bombers[pos_.seat])
                   : "");
    case Phase::kOccupy:
      return fmt::format("{}, conquest of {}: move 1 to {} armies in from {}: occupy N", who,
                         TerritoryId(pos_.attack_to), +pos_.attack_dice,
                         TerritoryId(pos_.attack_from));
    case Phase::kMove:
      return fmt::format(
          "{}, movement: move N FROM TO between your neighbouring territories (each army once){}, "
          "or end to finish your turn",
          who, g.war2() ? ", airlift N FROM TO between your Strategic Centres" : "");
    case Phase::kCeChoice:
      return fmt::format(
          "{}, setup (5 players): claim one of the CE cards left, or two vacant territories of "
          "two continents that are not CEs (claim TERRITORY{})",
          who,
          pos_.claim_first >= 0
              ? fmt::format("; the second, not in {}",
                            map_->continents[map_->territories[pos_.claim_first].continent].name)
              : "");
    case Phase::kClaim:
      return fmt::format("{}, setup: claim a vacant territory (claim TERRITORY)", who);
    case Phase::kCardUse:
      return fmt::format("{}, card use: {} {} on {}: add 1|2|3 to add a number card, or done", who,
                         pos_.use_amount, pos_.use_bombers ? "bombers to attack" : "armies",
                         TerritoryId(pos_.use_territory));
    case Phase::kTransport:
      return fmt::format("{}, transport between {} and {}: carry N FROM TO, then done", who,
                         TerritoryId(pos_.transport_a), TerritoryId(pos_.transport_b));
    case Phase::kDiscardDown:
      return fmt::format("{}, end of turn with {} cards: discard down to 5 (discard CARD)", who,
                         std::popcount(pos_.hand[pos_.seat]));
    case Phase::kOver:
      return pos_.winner >= 0 ? fmt::format("game over: {} wins", g.SeatName(pos_.winner))
                              : "game over: drawn (engine turn cap)";
    default:
      return "setup";
  }
}

Json WarState::ViewJson(Seat viewer) const {
  const WarGame& g = *game_;
  Json view;
  view["game"] = g.id();
  view["phase"] = PhaseWord(pos_.phase);
  view["to_act"] = CurrentSeat();
  view["turn"] = pos_.turns_played + 1;
  view["first_round"] = InFirstRound();
  Json territories = Json::array();
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    territories.push_back({{"id", map_->territories[t].id},
                           {"owner", pos_.owner[t] >= 0 ? Json(OwnerName(pos_.owner[t])) : Json()},
                           {"armies", pos_.armies[t]}});
  }
  view["territories"] = std::move(territories);
  Json seats = Json::array();
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    int armies = 0;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (pos_.owner[t] == s) armies += pos_.armies[t];
    }
    Json seat = {{"colour", g.SeatName(s)},
                 {"territories", pos_.territory_count[s]},
                 {"armies", armies},
                 {"cards", std::popcount(pos_.hand[s])},
                 {"bombers", pos_.bombers[s]},
                 {"reduced_to_one_territory", (pos_.reduced >> s & 1) != 0},
                 {"eliminated_by",
                  pos_.eliminated_by[s] >= 0 ? Json(OwnerName(pos_.eliminated_by[s])) : Json()}};
    if (SeesHand(viewer, s)) {
      Json hand = Json::array();
      for (int card : Hand(s)) hand.push_back(CardName(card));
      seat["hand"] = std::move(hand);
    }
    if (SeesObjective(viewer, s)) seat["objective"] = ObjectiveText(s);
    if (g.spy_centre()) {
      seat["information_centre"] = pos_.ci[s] >= 0 ? Json(TerritoryId(pos_.ci[s])) : Json();
    }
    seats.push_back(std::move(seat));
  }
  view["seats"] = std::move(seats);
  if (pos_.phase == Phase::kReinforce) {
    Json pools = {{"any", pos_.general_pool}};
    for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
      if (pos_.continent_pool[c] > 0) pools[map_->continents[c].id] = pos_.continent_pool[c];
    }
    view["to_place"] = std::move(pools);
  }
  if (pos_.phase == Phase::kBattle || pos_.phase == Phase::kOccupy) {
    view["attack"] = {{"from", TerritoryId(pos_.attack_from)},
                      {"to", TerritoryId(pos_.attack_to)},
                      {"dice", pos_.attack_dice}};
  }
  if (pos_.phase == Phase::kCardUse) {
    Json used = Json::array();
    for (std::uint64_t m = pos_.pending_cards; m; m &= m - 1) {
      used.push_back(CardName(std::countr_zero(m)));
    }
    view["card_use"] = {{"cards", std::move(used)},
                        {"territory", TerritoryId(pos_.use_territory)},
                        {"amount", pos_.use_amount},
                        {"for", pos_.use_bombers ? "bombers" : "armies"}};
  }
  if (pos_.phase == Phase::kTransport) {
    view["transport"] = {TerritoryId(pos_.transport_a), TerritoryId(pos_.transport_b)};
  }
  if (pos_.phase == Phase::kAirRound) {
    view["air_attack"] = {{"target", TerritoryId(pos_.air_target)}, {"bombers", pos_.air_bombers}};
  }
  view["trades"] = pos_.trades_done;
  view["next_trade_value"] = map_->TradeValue(pos_.trades_done);
  view["pile"] = std::popcount(pos_.pile);
  view["discard"] = std::popcount(pos_.discard);
  if (pos_.phase == Phase::kOver) {
    view["winner"] = pos_.winner >= 0 ? Json(g.SeatName(pos_.winner)) : Json("draw");
  } else if (CurrentSeat() >= 0) {
    view["prompt"] = PhasePrompt(viewer);
  }
  return view;
}

void WarState::ViewTensor(Seat viewer, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  std::size_t i = 0;
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    if (pos_.owner[t] >= 0 && pos_.owner[t] < kMaxSeats) out[i + pos_.owner[t]] = 1.0f;
    out[i + kMaxSeats] = static_cast<float>(pos_.armies[t]) / 10.0f;
    i += kMaxSeats + 1;
  }
  if (viewer >= 0) {
    for (int card : Hand(viewer)) out[i + card] = 1.0f;
  }
  i += game_->NumCards();
  if (viewer >= 0 && pos_.objective[viewer] >= 0) out[i + pos_.objective[viewer]] = 1.0f;
  i += game_->Objectives().size();
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    out[i + s] = static_cast<float>(std::popcount(pos_.hand[s])) / 5.0f;
    out[i + kMaxSeats + s] = static_cast<float>(pos_.bombers[s]) / 10.0f;
  }
  i += 2 * kMaxSeats;
  out[i + static_cast<int>(pos_.phase)] = 1.0f;
  i += kNumPhases;
  out[i] = static_cast<float>(pos_.general_pool) / 10.0f;
  out[i + 1] = static_cast<float>(ArmiesToPlace()) / 10.0f;
}

std::string WarState::ViewText(Seat viewer, bool colour) const {
  const WarGame& g = *game_;
  auto paint = [&](Seat s, const std::string& text) {
    if (!colour || s < 0 || s >= kMaxSeats) return text;
    return fmt::format("{}{}{}", kAnsi[s], text, kAnsiReset);
  };
  std::string out = fmt::format("{}, turn {}{}\n", g.info().display_name, pos_.turns_played + 1,
                                InFirstRound() ? " (first round: placement only)" : "");
  for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
    const Continent& continent = map_->continents[c];
    out += g.war2() ? fmt::format("{} (majority {}, totality {})\n", continent.name,
                                  continent.majority, continent.totality)
                    : fmt::format("{} (bonus {})\n", continent.name, continent.bonus);
    std::string line;
    int column = 0;
    for (int t : continent.territories) {
      const Seat owner = pos_.owner[t];
      const std::string name = OwnerName(owner);
      std::string cell =
          fmt::format("{:<13}{:>4} {:<9}", map_->territories[t].id, +pos_.armies[t], name);
      line += "  " + paint(owner, cell);
      if (++column % 3 == 0) {
        out += line + "\n";
        line.clear();
      }
    }
    if (!line.empty()) out += line + "\n";
  }
  out += "Players:";
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    int armies = 0;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (pos_.owner[t] == s) armies += pos_.armies[t];
    }
    const std::string status =
        pos_.eliminated_by[s] >= 0
            ? (pos_.eliminated_by[s] == kNeutral
                   ? std::string("resigned (armies neutral)")
                   : fmt::format("out (by {})", g.SeatName(pos_.eliminated_by[s])))
            : fmt::format("{} terr, {} armies, {} cards{}", +pos_.territory_count[s], armies,
                          std::popcount(pos_.hand[s]),
                          g.war2() ? fmt::format(", {} bombers", +pos_.bombers[s]) : "");
    out += fmt::format("{} {}: {}", s ? " |" : "", paint(s, g.SeatName(s)), status);
  }
  if (g.war2()) {
    out += fmt::format("\n{} cards in the pile, {} used.\n", std::popcount(pos_.pile),
                       std::popcount(pos_.discard));
  } else {
    out += fmt::format("\nNext trade gives {} armies; {} cards in the pile.\n",
                       map_->TradeValue(pos_.trades_done), std::popcount(pos_.pile));
  }
  for (Seat s = 0; s < pos_.num_seats; ++s) {
    const std::string whose = viewer == s && !Revealed() ? "Your" : g.SeatName(s) + "'s";
    if (SeesHand(viewer, s)) {
      const auto hand = Hand(s);
      std::vector<std::string> names;
      for (std::size_t k = 0; k < hand.size(); ++k) {
        names.push_back(fmt::format("{} {}", k + 1, CardName(hand[k])));
      }
      out += fmt::format("{} cards: {}\n", whose,
                         names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", ")));
    }
    if (SeesObjective(viewer, s)) out += fmt::format("{} objective: {}\n", whose, ObjectiveText(s));
    if (g.spy_centre() && pos_.ci[s] >= 0) {
      out += fmt::format("{}'s Information Centre: {}\n", g.SeatName(s), TerritoryId(pos_.ci[s]));
    }
  }
  if (pos_.phase == Phase::kBattle || pos_.phase == Phase::kOccupy) {
    out += fmt::format("Attack: {} -> {} with {} dice\n", TerritoryId(pos_.attack_from),
                       TerritoryId(pos_.attack_to), +pos_.attack_dice);
  }
  if (pos_.phase == Phase::kOver || CurrentSeat() >= 0) out += PhasePrompt(viewer) + "\n";
  return out;
}

// --- Registration
// ---------------------------------------------------------------------------------

namespace {

std::vector<engine::OptionSpec> CommonOptions() {
  return {
      {.name = "players",
       .type = engine::OptionType::kInt,
       .default_value = "3",
       .help = "number of players, 3 to 6 (colours in order: branca, vermelha, preta, azul, "
               "amarela, verde)",
       .min_value = 3,
       .max_value = 6,
       .choices = {}},
      {.name = "map",
       .type = engine::OptionType::kString,
       .default_value = "classic",
       .help = "the shipped map (classic) or a map file in the quartel-war-map/1 JSON format",
       .min_value = 0,
       .max_value = 0,
       .choices = {}},
      {.name = "max_turns",
       .type = engine::OptionType::kInt,
       .default_value = "1000",
       .help = "engine cap for unattended games, not a rule: after this many turns the game is "
               "drawn",
       .min_value = 1,
       .max_value = 100000,
       .choices = {}},
  };
}

}  // namespace

void Register() {
  engine::GameInfo info;
  info.id = "war";
  info.display_name = "WAR";
  info.summary =
      "3 to 6 players conquer the world map with dice, each after a secret objective (Grow's "
      "Brazilian Risk)";
  info.seat_counts = {3, 4, 5, 6};
  info.has_chance = true;
  info.hidden_information = true;
  info.options = CommonOptions();
  info.rules_version = "war-1";
  info.rules_doc = "docs/rules/war.md";
  info.perft_counts_turns = false;
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const WarGame>(engine::FindGame("war"), options);
  });

  info.id = "war2";
  info.display_name = "WAR-II";
  info.summary =
      "WAR with Strategic Centres, bombers and air attacks, and cards used for armies, bombers "
      "and transport";
  info.options = CommonOptions();
  info.options.push_back({.name = "variant",
                          .type = engine::OptionType::kBool,
                          .default_value = "false",
                          .help = "Variante I: bombers that survive a mission return to the air "
                                  "base instead of the box",
                          .min_value = 0,
                          .max_value = 0,
                          .choices = {}});
  info.options.push_back({.name = "spy_centre",
                          .type = engine::OptionType::kBool,
                          .default_value = "false",
                          .help = "the Information Centre option (seed section 15): place, move "
                                  "and capture Information Centres, and spy on cards",
                          .min_value = 0,
                          .max_value = 0,
                          .choices = {}});
  info.rules_version = "war2-1";
  info.rules_doc = "docs/rules/war2.md";
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const WarGame>(engine::FindGame("war2"), options);
  });
}

}  // namespace quartel::games::war
