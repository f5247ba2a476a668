// WAR's names of territories and cards, the parsing of typed commands, the questions a player may
// ask at the table (odds, borders) and registration (war.h). The notation and the turn descriptions
// are written from the facts in facts.cc; the views and prompts are in views.cc.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <sstream>

#include "core/error.h"
#include "core/text.h"
#include "games/war/odds.h"
#include "games/war/war.h"

namespace quartel::war {
namespace {

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

bool IsNumber(const std::string& word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

// "n1", "n2", "n3": the value of a number card named in a command.
int NumberCardValue(const std::string& word, std::string_view text) {
  if (word.size() == 2 && word[0] == 'n' && word[1] >= '1' && word[1] <= '3') return word[1] - '0';
  throw Error(
      fmt::format("'{}': number cards are named n1, n2 and n3 (add n2), not '{}'", text, word));
}

// Throws unless the command has `n` words, with its usage.
void Need(const std::vector<std::string>& words, std::size_t n, const char* usage,
          std::string_view text) {
  if (words.size() != n) throw Error(fmt::format("'{}': expected {}", text, usage));
}

}  // namespace

std::string Plural(int count, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", count, count == 1 ? one : many);
}

std::string JoinAnd(const std::vector<std::string>& items) {
  if (items.size() <= 1) return items.empty() ? "" : items[0];
  std::vector<std::string> head(items.begin(), items.end() - 1);
  return fmt::format("{} and {}", fmt::join(head, ", "), items.back());
}

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
  for (std::uint64_t m = board_.DistinctCards(among); m; m &= m - 1) {
    const int card = std::countr_zero(m);
    if (CardId(card) == text) return card;
    if (!game_->war2() || map_->war2_cards[card].number > 0) continue;
    for (int t : map_->war2_cards[card].territories) {  // a two-territory card by either one
      if (map_->territories[t].id == text) return card;
    }
  }
  throw Error(fmt::format("no card '{}' {}", text, where));
}

// --- Typed commands -----------------------------------------------------------------------------

Action WarState::StringToAction(std::string_view text) const {
  const auto actions = StringToTurn(text);
  if (actions.size() != 1) {
    throw Error(fmt::format("'{}' is {} actions, not one", text, actions.size()));
  }
  return actions.front();
}

// One typed command: WAR's, then WAR-II's, then a chance outcome as records write it.
std::vector<Action> WarState::StringToTurn(std::string_view text) const {
  const auto words = Words(text);
  if (words.empty()) throw Error("empty move");
  if (auto actions = ParseWarCommand(words, text); !actions.empty()) return actions;
  if (game_->war2()) {
    if (auto actions = War2StringToTurn(words, text); !actions.empty()) return actions;
  }
  if (auto actions = ParseChanceOutcome(words, text); !actions.empty()) return actions;
  throw Error(fmt::format("'{}': unknown command (type help for the commands)", text));
}

Action WarState::Legal(Action action, std::string_view text) const {
  const std::string why = WhyIllegal(action);
  if (!why.empty()) throw Error(fmt::format("'{}': {}", text, why));
  return action;
}

std::vector<Action> WarState::Repeated(Action action, int count, std::string_view text) const {
  if (count < 1) throw Error(fmt::format("'{}': at least 1 army", text));
  auto copy = Clone();
  std::vector<Action> actions;
  for (int k = 0; k < count; ++k) {
    const std::string why = copy->WhyIllegal(action);
    // After k of them the reason speaks of what is left: say how many were possible, so that
    // the refusal stays true ("no army may be carried" when one may).
    if (!why.empty() && k > 0) {
      throw Error(fmt::format("'{}': only {} can go, not {} (after {}, {})", text,
                              Plural(k, "army", "armies"), count, k == 1 ? "it" : "them", why));
    }
    if (!why.empty()) throw Error(fmt::format("'{}': {}", text, why));
    copy->DoApplyAction(action, nullptr);
    actions.push_back(action);
  }
  return actions;
}

int WarState::ParseCardIn(std::string_view text, const std::string& word, std::uint64_t among,
                          std::string_view where) const {
  try {
    return ParseCard(word, among, where);
  } catch (const Error& e) {
    throw Error(fmt::format("'{}': {}", text, e.what()));
  }
}

// The commands of both rule sets: end, place, attack, occupy, move; WAR's trade.
std::vector<Action> WarState::ParseWarCommand(const std::vector<std::string>& words,
                                              std::string_view text) const {
  const WarGame& g = *game_;
  const std::string& verb = words[0];
  if (verb == "end" || verb == "done" || verb == "pass") {
    Need(words, 1, "end", text);
    return {Legal(g.kEnd, text)};
  }
  if (verb == "place") return ParsePlace(words, text);
  if (verb == "attack") {
    if (words.size() != 3 && words.size() != 4) {
      throw Error(fmt::format("'{}': expected attack FROM TO [DICE]", text));
    }
    const int from = ParseTerritory(words[1]);
    const int to = ParseTerritory(words[2]);
    const int link = map_->FindLink(from, to);
    if (link < 0) {
      throw Error(fmt::format("'{}': {} and {} are not neighbours", text, words[1], words[2]));
    }
    const int dice =
        words.size() == 4 ? ParseCount(words[3], text) : std::clamp(pos().armies[from] - 1, 1, 3);
    if (dice < 1 || dice > 3) throw Error(fmt::format("'{}': attack with 1 to 3 dice", text));
    return {Legal(g.kAttack + 3 * link + dice - 1, text)};
  }
  if (verb == "occupy" || (verb == "move" && words.size() == 2)) {
    Need(words, 2, "occupy N", text);
    const int k = ParseCount(words[1], text);
    if (k < 1 || k > 3) throw Error(fmt::format("'{}': move 1 to 3 armies into a conquest", text));
    return {Legal(g.kOccupy + k - 1, text)};
  }
  if (verb == "move") return ParseMove(words, text);
  if (verb == "trade" && !g.war2()) return ParseTrade(words, text);
  return {};
}

// "place N TERRITORY" (N 1 by default): N actions, each legal after the one before.
std::vector<Action> WarState::ParsePlace(const std::vector<std::string>& words,
                                         std::string_view text) const {
  if (words.size() != 3 && words.size() != 2) {
    throw Error(fmt::format("'{}': expected place N TERRITORY", text));
  }
  const int count = words.size() == 3 ? ParseCount(words[1], text) : 1;
  const int t = ParseTerritory(words.back());
  if (count < 1) throw Error(fmt::format("'{}': place at least 1 army", text));
  if (pos().phase == Phase::kReinforce && count > board_.ArmiesToPlace()) {
    throw Error(fmt::format("'{}': you have {} to place", text,
                            Plural(board_.ArmiesToPlace(), "army", "armies")));
  }
  return Repeated(t, count, text);
}

// "move N FROM TO" (N 1 by default) in the movement phase.
std::vector<Action> WarState::ParseMove(const std::vector<std::string>& words,
                                        std::string_view text) const {
  if (words.size() != 4 && words.size() != 3) {
    throw Error(fmt::format("'{}': expected move N FROM TO", text));
  }
  const int count = words.size() == 4 ? ParseCount(words[1], text) : 1;
  const int from = ParseTerritory(words[words.size() - 2]);
  const int to = ParseTerritory(words.back());
  const int link = map_->FindLink(from, to);
  if (link < 0) {
    throw Error(fmt::format("'{}': {} and {} are not neighbours", text, TerritoryId(from),
                            TerritoryId(to)));
  }
  if (count < 1) throw Error(fmt::format("'{}': move at least 1 army", text));
  if (pos().phase == Phase::kMove && count > board_.Movable(from)) {
    throw Error(fmt::format("'{}': only {} in {} may move", text,
                            Plural(board_.Movable(from), "army", "armies"), TerritoryId(from)));
  }
  std::vector<Action> actions;
  for (int k = 0; k < count; ++k) actions.push_back(game_->kMove + link);
  Legal(actions.front(), text);
  return actions;
}

// WAR's "trade CARD CARD CARD": the trade combination of those three hand positions.
std::vector<Action> WarState::ParseTrade(const std::vector<std::string>& words,
                                         std::string_view text) const {
  Need(words, 4,
       "trade CARD CARD CARD (three cards of your hand, by name: trade alasca peru joker)", text);
  const std::uint64_t hand = pos().hand[pos().seat];
  std::uint64_t chosen = 0;
  for (int k = 1; k <= 3; ++k) {
    chosen |= std::uint64_t{1} << ParseCardIn(text, words[k], hand & ~chosen, "left in your hand");
  }
  std::array<int, 3> positions{};
  int n = 0;
  for (int position = 0; position < std::popcount(hand); ++position) {
    if (chosen >> board_.Hand(pos().seat)[static_cast<std::size_t>(position)] & 1) {
      positions[n++] = position;
    }
  }
  for (int combo = 0; combo < kTradeCombos; ++combo) {
    if (Board::TradeCombo(combo) == positions) return {Legal(game_->kTrade + combo, text)};
  }
  throw Error(fmt::format("'{}': no such trade", text));
}

// Chance outcomes, as records write them: dealer, deal, objective, draw or take, roll.
std::vector<Action> WarState::ParseChanceOutcome(const std::vector<std::string>& words,
                                                 std::string_view text) const {
  const WarGame& g = *game_;
  const std::string& verb = words[0];
  if (verb == "dealer") {
    Need(words, 2, "dealer COLOUR", text);
    for (Seat s = 0; s < pos().num_seats; ++s) {
      if (g.SeatName(s) == words[1]) return {Legal(g.kChance + s, text)};
    }
    throw Error(fmt::format("'{}': no seat {}", text, words[1]));
  }
  if (verb == "deal") {
    if (words.size() < 2) throw Error(fmt::format("'{}': expected deal TERRITORY", text));
    if (g.war2()) {
      return {Legal(g.kChance + ParseCardIn(text, words[1], pos().undealt, "left to deal"), text)};
    }
    return {Legal(g.kChance + ParseTerritory(words[1]), text)};
  }
  if (verb == "objective") {
    if (words.size() < 2) throw Error(fmt::format("'{}': expected objective N", text));
    return {Legal(g.kChance + ParseCount(words[1], text) - 1, text)};
  }
  if (verb == "draw" || verb == "take") {
    Need(words, 2, "draw CARD", text);
    if (pos().phase != Phase::kDraw && pos().phase != Phase::kSpoils) {
      throw Error(fmt::format("'{}': no card is drawn now", text));
    }
    return {Legal(g.kChance + ParseCardIn(text, words[1], board_.CardSource(), "to draw"), text)};
  }
  if (verb == "roll") {
    const auto loses = std::find(words.begin(), words.end(), "loses");
    if (loses == words.end() || loses + 1 == words.end()) {
      throw Error(fmt::format("'{}': expected roll: attacker loses N", text));
    }
    return {Legal(g.kBattle + ParseCount(*(loses + 1), text), text)};
  }
  return {};
}

// WAR-II commands; empty when `words` is none of them.
std::vector<Action> WarState::War2StringToTurn(const std::vector<std::string>& words,
                                               std::string_view text) const {
  const WarGame& g = *game_;
  const std::string& verb = words[0];
  if (g.spy_centre()) {
    if (auto actions = ParseCiCommand(words, text); !actions.empty()) return actions;
  }
  if (verb == "trade") {
    throw Error(
        fmt::format("'{}': WAR-II has no trades of sets: cards are used (use TERRITORY)", text));
  }
  if (verb == "claim") {
    Need(words, 2, "claim TERRITORY", text);
    if (pos().phase != Phase::kClaim && pos().phase != Phase::kCeChoice) {
      throw Error(fmt::format("'{}': territories are claimed only during the setup", text));
    }
    return {Legal(ParseTerritory(words[1]), text)};
  }
  if (verb == "air" && words.size() >= 2 && words[1] == "round") {
    Need(words, 9, "air round: N bombers shot down, M armies destroyed", text);
    const int shot = ParseCount(words[2], text), destroyed = ParseCount(words[6], text);
    if (shot > 3 || destroyed > 3) throw Error(fmt::format("'{}': at most 3 of each", text));
    return {Legal(g.kAirRound + 4 * shot + destroyed, text)};
  }
  if (verb == "air") {
    Need(words, 3, "air TARGET BOMBERS", text);
    const int t = ParseTerritory(words[1]);
    const int n = ParseCount(words[2], text);
    if (n < 1 || n > 10) throw Error(fmt::format("'{}': 1 to 10 bombers", text));
    return {Legal(g.kAir + 10 * t + n - 1, text)};
  }
  if (verb == "transport") return ParseTransport(words, text);
  if (verb == "carry") {
    Need(words, 4, "carry N FROM TO", text);
    const int from = ParseTerritory(words[2]), to = ParseTerritory(words[3]);
    if (pos().phase != Phase::kTransport) {
      throw Error(fmt::format("'{}': no transport under way", text));
    }
    const bool forward = from == pos().transport_a && to == pos().transport_b;
    if (!forward && !(from == pos().transport_b && to == pos().transport_a)) {
      throw Error(fmt::format("'{}': the transport goes between {} and {}", text,
                              TerritoryId(pos().transport_a), TerritoryId(pos().transport_b)));
    }
    return Repeated(forward ? g.kCarry : g.kCarry + 1, ParseCount(words[1], text), text);
  }
  if (verb == "airlift") {
    Need(words, 4, "airlift N FROM TO (Strategic Centres)", text);
    const int from = ParseTerritory(words[2]), to = ParseTerritory(words[3]);
    if (g.CeIndex(from) < 0 || g.CeIndex(to) < 0) {
      throw Error(fmt::format("'{}': airlifts go between Strategic Centres", text));
    }
    return Repeated(g.kAirlift + 12 * g.CeIndex(from) + g.CeIndex(to), ParseCount(words[1], text),
                    text);
  }
  return ParseCardCommand(words, text);
}

// spy_centre's commands: centre, spy, centre-move, centre-transport.
std::vector<Action> WarState::ParseCiCommand(const std::vector<std::string>& words,
                                             std::string_view text) const {
  const WarGame& g = *game_;
  const std::string& verb = words[0];
  auto seat_named = [&](const std::string& word) {
    for (Seat s = 0; s < pos().num_seats; ++s) {
      if (g.SeatName(s) == word) return s;
    }
    throw Error(fmt::format("'{}': no seat {}", text, word));
  };
  if (verb == "centre") {
    Need(words, 2, "centre TERRITORY (place your Information Centre)", text);
    return {Legal(g.kPlaceCi + ParseTerritory(words[1]), text)};
  }
  if (verb == "spy") {
    Need(words, 2, "spy COLOUR", text);
    return {Legal(g.kSpy + seat_named(words[1]), text)};
  }
  if (verb == "centre-move" || verb == "centre-transport") {
    Need(words, 3, "centre-move OWNER TERRITORY", text);
    const int code = 64 * seat_named(words[1]) + ParseTerritory(words[2]);
    return {Legal((verb == "centre-move" ? g.kMoveCi : g.kCiTransport) + code, text)};
  }
  return {};
}

// The uses of one card: use (for armies or bombers), add (a number card), discard.
std::vector<Action> WarState::ParseCardCommand(const std::vector<std::string>& words,
                                               std::string_view text) const {
  const WarGame& g = *game_;
  const std::string& verb = words[0];
  if (verb == "use") {
    Need(words, 2, "use TERRITORY (a territory of one of your cards)", text);
    const int t = ParseTerritory(words[1]);
    const int card = g.CardOf(t);
    const auto& ts = map_->war2_cards[card].territories;
    const int k = static_cast<int>(std::find(ts.begin(), ts.end(), t) - ts.begin());
    return {Legal(g.kUse + 2 * card + k, text)};
  }
  if (verb == "add") {
    Need(words, 2, "add n1|n2|n3 (a number card)", text);
    return {Legal(g.kAddNumber + NumberCardValue(words[1], text) - 1, text)};
  }
  if (verb == "discard") {
    Need(words, 2, "discard CARD (discard peru, discard n2)", text);
    const int card = ParseCardIn(text, words[1], pos().hand[pos().seat], "in your hand");
    return {Legal(g.kDiscard + card, text)};
  }
  return {};
}

// "transport A B": the cards showing A and B, in card order.
std::vector<Action> WarState::ParseTransport(const std::vector<std::string>& words,
                                             std::string_view text) const {
  const WarGame& g = *game_;
  Need(words, 3, "transport TERRITORY TERRITORY (of two of your cards)", text);
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
  return {Legal(g.kTransport + (g.NumCards() * ca + cb) * 4 + 2 * k1 + k2, text)};
}

// --- Questions at the table (State::Inquire) -----------------------------------------------------

// "odds FROM TO" (or "odds ATTACKERS DEFENDERS") and "borders TERRITORY", from the board, which
// every seat sees: the answer is the same for every viewer.
std::optional<std::string> WarState::Inquire(std::string_view text, Seat viewer) const {
  (void)viewer;
  const auto words = Words(text);
  if (words.empty() || (words[0] != "odds" && words[0] != "borders")) return std::nullopt;
  if (words[0] == "borders") {
    if (words.size() != 2) throw Error(fmt::format("'{}': expected borders TERRITORY", text));
    return BordersText(ParseTerritory(words[1]));
  }
  if (words.size() != 3) {
    throw Error(fmt::format("'{}': expected odds FROM TO (or odds ATTACKERS DEFENDERS)", text));
  }
  if (IsNumber(words[1]) && IsNumber(words[2])) {
    const int attackers = ParseCount(words[1], text), defenders = ParseCount(words[2], text);
    if (attackers < 2 || defenders < 1 || std::max(attackers, defenders) > kMaxAssaultArmies) {
      throw Error(fmt::format("'{}': 2 to {} attackers against 1 to {} defenders", text,
                              kMaxAssaultArmies, kMaxAssaultArmies));
    }
    return OddsText(fmt::format("{} attacking", attackers), attackers, "the defender", defenders);
  }
  const int from = ParseTerritory(words[1]), to = ParseTerritory(words[2]);
  if (map_->FindLink(from, to) < 0) {
    throw Error(fmt::format("'{}': {} and {} are not neighbours", text, TerritoryId(from),
                            TerritoryId(to)));
  }
  if (pos().owner[from] < 0 || pos().owner[to] < 0) {
    throw Error(fmt::format("'{}': the territories are not dealt yet", text));
  }
  if (pos().owner[from] == pos().owner[to]) {
    throw Error(fmt::format("'{}': {} and {} both belong to {}", text, TerritoryId(from),
                            TerritoryId(to), OwnerName(pos().owner[from])));
  }
  if (pos().armies[from] < 2) {
    throw Error(fmt::format("'{}': {} has 1 army and cannot attack", text, TerritoryId(from)));
  }
  return OddsText(
      fmt::format("{} ({})", TerritoryId(from), Plural(pos().armies[from], "army", "armies")),
      pos().armies[from], TerritoryId(to), pos().armies[to]);
}

std::string WarState::OddsText(const std::string& attacker, int attackers,
                               const std::string& defender, int defenders) const {
  const int a = std::min(attackers, kMaxAssaultArmies), d = std::min(defenders, kMaxAssaultArmies);
  const AssaultOdds odds = PressAttack(a, d, DefenceRule::kWar);
  std::string text = fmt::format(
      "{} pressing against {} ({}), with the most dice until a conquest or 1 army is left:\n"
      "  conquest {:.2f}%; armies left on average: attacker {:.2f}, defender {:.2f}",
      attacker, defender, Plural(defenders, "army", "armies"), 100 * odds.conquest,
      odds.expected_attacker_left, odds.expected_defender_left);
  // The likeliest endings, as exact probabilities.
  std::vector<std::pair<double, std::string>> endings;
  for (int left = 0; left <= a; ++left) {
    if (odds.attacker_left[left] > 0) {
      endings.push_back({odds.attacker_left[left], fmt::format("conquest with {} left", left)});
    }
  }
  for (int left = 0; left <= d; ++left) {
    if (odds.defender_left[left] > 0) {
      endings.push_back(
          {odds.defender_left[left], fmt::format("stopped, the defender keeping {}", left)});
    }
  }
  std::sort(endings.rbegin(), endings.rend());
  endings.resize(std::min<std::size_t>(endings.size(), 3));
  for (const auto& [p, what] : endings) text += fmt::format("\n  {:.2f}% {}", 100 * p, what);
  return text;
}

std::string WarState::BordersText(int territory) const {
  auto describe = [&](int t) {
    return pos().owner[t] < 0 ? std::string("vacant")
                              : fmt::format("{}, {}", OwnerName(pos().owner[t]),
                                            Plural(pos().armies[t], "army", "armies"));
  };
  std::string text = fmt::format("{} ({}) borders:", TerritoryId(territory), describe(territory));
  for (int l = map_->first_link[territory]; l < map_->first_link[territory + 1]; ++l) {
    const Link& link = map_->links[l];
    text += fmt::format("\n  {:<13}{}{}", TerritoryId(link.to), describe(link.to),
                        link.sea ? " (by sea)" : "");
  }
  return text;
}

// --- Registration --------------------------------------------------------------------------------

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
       .help = "the map: classic, or file:NAME for a map file (quartel-war-map/1 JSON) given "
               "on the command line with --map-file",
       .min_value = 0,
       .max_value = 0,
       .choices = {}},
      {.name = "max_turns",
       .type = engine::OptionType::kInt,
       .default_value = "1000",
       .help = "engine cap for unattended games, not a rule: after this many turns the game is "
               "drawn among the players still in it",
       .min_value = 1,
       .max_value = 100000,
       .choices = {}},
  };
}

// The terminal's help for each rule set: every command with an example. Territories are typed
// by their id (shown on the board); cards by name, never by a number.
constexpr const char* kQuestionsHelp =
    "odds FROM TO          exact odds of pressing an attack: odds brasil argentina\n"
    "odds A D              the same, A armies against D: odds 10 4\n"
    "borders TERRITORY     its neighbours, owners and armies: borders peru\n";

constexpr const char* kWarHelp =
    "place N TERRITORY     place armies at the start of a turn: place 3 brasil\n"
    "trade CARD CARD CARD  trade a set, by card names: trade alasca peru joker\n"
    "end                   end the placement, attacks or moves: end\n"
    "attack FROM TO [DICE] one roll, most dice by default: attack brasil peru 3\n"
    "occupy N              move N armies into a conquest: occupy 2\n"
    "move N FROM TO        move armies after the attacks: move 2 brasil venezuela\n";

constexpr const char* kWar2Help =
    "claim TERRITORY       setup: take a vacant territory: claim peru\n"
    "place N TERRITORY     place armies at the start of a turn: place 3 brasil\n"
    "end                   end the attacks or the moves: end\n"
    "attack FROM TO [DICE] one roll, most dice by default: attack brasil peru 3\n"
    "occupy N              move N armies into a conquest: occupy 2\n"
    "air TARGET N          air attack, N bombers of the base: air china 3\n"
    "use TERRITORY         use its card: armies, or bombers: use peru\n"
    "add n1|n2|n3          add a number card to the use: add n2\n"
    "done                  finish a card use or a transport: done\n"
    "transport A B         two of your cards carry armies: transport brasil peru\n"
    "carry N FROM TO       carry armies, one way: carry 3 brasil peru\n"
    "discard CARD          drop a card, by its name: discard n3\n"
    "move N FROM TO        move armies after the attacks: move 2 brasil venezuela\n"
    "airlift N FROM TO     between Strategic Centres: airlift 2 brasil egito\n"
    "centre TERRITORY      spy_centre: place your centre: centre brasil\n"
    "spy COLOUR            spy_centre: see a player's cards: spy vermelha\n"
    "centre-move OWNER T   spy_centre: move a centre: centre-move branca peru\n"
    "centre-transport O T  spy_centre: for two cards: centre-transport branca egito\n";

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
  info.rules_version = "war-2";
  info.rules_doc = "docs/rules/war.md";
  info.notation_help = std::string(kWarHelp) + kQuestionsHelp;
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
  info.rules_version = "war2-2";
  info.rules_doc = "docs/rules/war2.md";
  info.notation_help = std::string(kWar2Help) + kQuestionsHelp;
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const WarGame>(engine::FindGame("war2"), options);
  });
}

}  // namespace quartel::war
