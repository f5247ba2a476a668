// WAR views (JSON, tensor, text for the terminal), the prompts and a turn told in words (war.h).
// Everything here reads the state through what the viewer may see (SeesHand, SeesObjective).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <map>

#include "games/war/dice.h"
#include "games/war/war.h"

namespace quartel::war {

const char* PhaseWord(Phase phase) {
  switch (phase) {
    case Phase::kReinforce:
      return "reinforcement";
    case Phase::kAttack:
    case Phase::kBattle:
    case Phase::kSpoils:
    case Phase::kAirRound:
      return "attacks";
    case Phase::kOccupy:
      return "conquest";
    case Phase::kMove:
    case Phase::kDraw:
    case Phase::kDiscardDown:
      return "movement";
    case Phase::kCardUse:
      return "card use";
    case Phase::kTransport:
      return "transport";
    case Phase::kCiPay:
      return "information centre transport";
    case Phase::kOver:
      return "game over";
    default:
      return "setup";
  }
}

namespace {

constexpr int kColumns = 79;  // the text view fits an 80-column terminal

// Each colour as the owner's name on a background of that colour, in black or white: readable on
// light and dark terminals alike (no white or yellow text on the terminal's own background).
constexpr std::array<const char*, kMaxSeats> kOwnerStyle = {
    "\033[30;47m",  // branca: black on white
    "\033[97;41m",  // vermelha: white on red
    "\033[97;40m",  // preta: white on black
    "\033[97;44m",  // azul: white on blue
    "\033[30;43m",  // amarela: black on yellow
    "\033[30;42m",  // verde: black on green
};
constexpr const char* kAnsiReset = "\033[0m";

// `name` in the owner's colour when `colour` is on (a seat's colour; neutral stays plain).
std::string Paint(bool colour, int owner, const std::string& name) {
  if (!colour || owner < 0 || owner >= kMaxSeats) return name;
  return fmt::format("{}{}{}", kOwnerStyle[owner], name, kAnsiReset);
}

// How a finished game ended: by its rules, or for an engine::EndReason.
std::string EndingName(int ending) {
  return ending < 0 ? "rules" : engine::EndReasonName(static_cast<engine::EndReason>(ending));
}

// `text` broken into lines of at most kColumns, the later ones indented.
std::string Wrap(std::string_view text, std::string_view indent = "    ") {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > kColumns) {
      out += line + "\n";
      line = std::string(indent);
    } else if (!line.empty() && line != indent) {
      line += ' ';
    }
    line += word;
    start = end + 1;
  }
  return out + line + "\n";
}

// "a, b and c".
std::string JoinAnd(const std::vector<std::string>& items) {
  if (items.size() <= 1) return items.empty() ? "" : items[0];
  std::vector<std::string> head(items.begin(), items.end() - 1);
  return fmt::format("{} and {}", fmt::join(head, ", "), items.back());
}

}  // namespace

// --- Prompts -------------------------------------------------------------------------------------

std::string WarState::PhasePrompt(Seat viewer) const {
  const WarGame& g = *game_;
  const std::string who = g.SeatName(pos().seat);
  switch (pos().phase) {
    case Phase::kReinforce:
      return ReinforcementPrompt(viewer);
    case Phase::kAttack:
      return fmt::format(
          "{}, attacks{}: attack FROM TO [DICE] from a territory with 2 or more armies{}, or end "
          "to stop attacking",
          who, g.war2() && pos().turns_begun[pos().seat] == 2 ? " (round 1, second part)" : "",
          g.war2() ? fmt::format("; air TARGET N with the {} of the air base; use TERRITORY for a "
                                 "card",
                                 Plural(pos().bombers[pos().seat], "bomber", "bombers"))
                   : "");
    case Phase::kOccupy:
      return fmt::format("{}, conquest of {}: move 1 to {} in from {}: occupy N", who,
                         TerritoryId(pos().attack_to), Plural(pos().attack_dice, "army", "armies"),
                         TerritoryId(pos().attack_from));
    case Phase::kMove:
      return fmt::format(
          "{}, movement: move N FROM TO between neighbouring territories (each army once){}, or "
          "end to finish the turn",
          who, g.war2() ? ", airlift N FROM TO between Strategic Centres" : "");
    case Phase::kCeChoice:
      return fmt::format(
          "{}, setup (5 players): claim one of the Strategic Centre cards left, or two vacant "
          "territories of two continents that are not Strategic Centres (claim TERRITORY{})",
          who,
          pos().claim_first >= 0
              ? fmt::format("; the second, not in {}",
                            map_->continents[map_->territories[pos().claim_first].continent].name)
              : "");
    case Phase::kClaim:
      return fmt::format("{}, setup: claim a vacant territory (claim TERRITORY)", who);
    case Phase::kCardUse:
      return fmt::format("{}, card use: {} {} {}: add n1, n2 or n3 to add a number card, or done",
                         who,
                         pos().use_bombers ? Plural(pos().use_amount, "bomber", "bombers")
                                           : Plural(pos().use_amount, "army", "armies"),
                         pos().use_bombers ? "against" : "on", TerritoryId(pos().use_territory));
    case Phase::kTransport:
      return fmt::format("{}, transport between {} and {}: carry N FROM TO (one way), then done",
                         who, TerritoryId(pos().transport_a), TerritoryId(pos().transport_b));
    case Phase::kDiscardDown:
      return fmt::format("{}, end of turn with {} cards: discard down to 5 (discard CARD)", who,
                         std::popcount(pos().hand[pos().seat]));
    case Phase::kCiPay:
      return fmt::format(
          "{}, Information Centre transport: pay {} of your territories "
          "(discard CARD)",
          who, Plural(pos().ci_pay_left, "more card", "more cards"));
    case Phase::kOver:
      return EndingText();
    default:
      return "setup";
  }
}

// The reinforcement: armies to place (those bound to continents), a forced trade, the cards.
std::string WarState::ReinforcementPrompt(Seat viewer) const {
  const WarGame& g = *game_;
  const std::string who = g.SeatName(pos().seat);
  if (!g.war2() && std::popcount(pos().hand[pos().seat]) >= kForcedTradeHand) {
    return fmt::format(
        "{}, reinforcement: 5 cards in hand, so a set must be traded first "
        "(trade CARD CARD CARD)",
        who);
  }
  std::vector<std::string> bound;
  for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
    if (pos().continent_pool[c] > 0) {
      bound.push_back(fmt::format("{} in {}", +pos().continent_pool[c], map_->continents[c].name));
    }
  }
  std::string text = fmt::format("{}, reinforcement: {} to place", who,
                                 Plural(board_.ArmiesToPlace(), "army", "armies"));
  if (!bound.empty()) text += fmt::format(" ({} of them)", fmt::join(bound, ", "));
  if (board_.ArmiesToPlace() > 0) {
    text += ": place N TERRITORY";
  } else {  // WAR only: WAR-II goes on to the attacks by itself
    text += ": trade CARD CARD CARD, or end to go on to the attacks";
  }
  if (!g.war2() && !board_.InFirstRound() && board_.SeesHand(viewer, pos().seat) &&
      board_.AnyTradeLegal()) {
    text += "; the hand holds a set";
  }
  if (board_.InFirstRound()) text += " (round 1: placement only)";
  if (g.war2()) text += "; cards: use TERRITORY, transport A B, discard CARD";
  return text;
}

// How the game ended, for every viewer.
std::string WarState::EndingText() const {
  const WarGame& g = *game_;
  if (pos().ending < 0) {
    if (pos().winner < 0) return "Game over: drawn (the engine's turn cap)";
    return fmt::format("Game over: {} wins ({})", g.SeatName(pos().winner),
                       pos().eliminated_by[pos().winner] < 0 && board_.ObjectiveMet(pos().winner)
                           ? "its objective is met"
                           : "the last player left");
  }
  std::map<engine::Outcome, std::vector<std::string>> by_outcome;
  for (Seat s = 0; s < pos().num_seats; ++s) {
    by_outcome[static_cast<engine::Outcome>(pos().ending_results[s])].push_back(g.SeatName(s));
  }
  std::vector<std::string> parts;
  for (const auto& [outcome, seats] : by_outcome) {
    const bool one = seats.size() == 1;
    parts.push_back(fmt::format("{} {}", JoinAnd(seats),
                                outcome == engine::Outcome::kWin    ? (one ? "wins" : "win")
                                : outcome == engine::Outcome::kLoss ? (one ? "loses" : "lose")
                                                                    : (one ? "draws" : "draw")));
  }
  return fmt::format("Game over ({}): {}", EndingName(pos().ending), fmt::join(parts, "; "));
}

// --- Views ---------------------------------------------------------------------------------------

Json WarState::ViewJson(Seat viewer) const {
  const WarGame& g = *game_;
  Json view;
  view["game"] = g.id();
  view["phase"] = PhaseWord(pos().phase);
  view["to_act"] = CurrentSeat();
  view["turn"] = pos().turns_played + 1;
  view["first_round"] = board_.InFirstRound();
  Json territories = Json::array();
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    Json territory = {{"id", map_->territories[t].id},
                      {"owner", pos().owner[t] >= 0 ? Json(OwnerName(pos().owner[t])) : Json()},
                      {"armies", pos().armies[t]}};
    if (g.war2()) territory["strategic_centre"] = map_->territories[t].strategic_centre;
    // How many armies the mover may still move from here (each army moves once a turn; what
    // moves in stays): public, as every move is. A client offers "move N" up to it.
    if (pos().phase == Phase::kMove && pos().owner[t] == pos().seat) {
      territory["movable"] = board_.Movable(t);
    }
    territories.push_back(std::move(territory));
  }
  view["territories"] = std::move(territories);
  Json seats = Json::array();
  for (Seat s = 0; s < pos().num_seats; ++s) seats.push_back(SeatJson(viewer, s));
  view["seats"] = std::move(seats);
  AddPhaseJson(view);
  view["trades"] = pos().trades_done;
  view["next_trade_value"] = map_->TradeValue(pos().trades_done);
  view["pile"] = std::popcount(pos().pile);
  view["discard"] = std::popcount(pos().discard);
  if (pos().phase == Phase::kOver) {
    view["winner"] = pos().winner >= 0 ? Json(g.SeatName(pos().winner)) : Json("draw");
    view["ending"] = EndingName(pos().ending);
    Json results = Json::array();
    for (engine::Outcome outcome : Results()) results.push_back(engine::OutcomeName(outcome));
    view["results"] = std::move(results);
  } else if (CurrentSeat() >= 0) {
    view["prompt"] = PhasePrompt(viewer);
  }
  return view;
}

// Seat s as `viewer` may know it: its counts always, its hand and objective when seen.
Json WarState::SeatJson(Seat viewer, Seat s) const {
  const WarGame& g = *game_;
  int armies = 0;
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    if (pos().owner[t] == s) armies += pos().armies[t];
  }
  Json seat = {{"colour", g.SeatName(s)},
               {"territories", pos().territory_count[s]},
               {"armies", armies},
               {"cards", std::popcount(pos().hand[s])},
               {"bombers", pos().bombers[s]},
               {"reduced_to_one_territory", (pos().reduced >> s & 1) != 0},
               {"eliminated_by",
                pos().eliminated_by[s] >= 0 ? Json(OwnerName(pos().eliminated_by[s])) : Json()}};
  if (board_.SeesHand(viewer, s)) {
    Json hand = Json::array();
    for (int card : board_.Hand(s)) hand.push_back(CardName(card));
    seat["hand"] = std::move(hand);
  }
  if (board_.SeesObjective(viewer, s)) {
    seat["objective"] = ObjectiveText(s);
    seat["objective_card"] = ObjectiveFacts(s);
  }
  if (g.spy_centre()) {
    seat["information_centre"] = pos().ci[s] >= 0 ? Json(TerritoryId(pos().ci[s])) : Json();
  }
  return seat;
}

// The public facts of the step under way: armies to place, the attack, the card use, the
// transport, the air attack.
void WarState::AddPhaseJson(Json& view) const {
  if (pos().phase == Phase::kReinforce) {
    Json pools = {{"any", pos().general_pool}};
    for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
      if (pos().continent_pool[c] > 0) pools[map_->continents[c].id] = pos().continent_pool[c];
    }
    view["to_place"] = std::move(pools);
  }
  if (pos().phase == Phase::kBattle || pos().phase == Phase::kOccupy) {
    view["attack"] = {{"from", TerritoryId(pos().attack_from)},
                      {"to", TerritoryId(pos().attack_to)},
                      {"dice", pos().attack_dice}};
  }
  if (pos().phase == Phase::kCardUse) {
    Json used = Json::array();
    for (std::uint64_t m = pos().pending_cards; m; m &= m - 1) {
      used.push_back(CardName(std::countr_zero(m)));
    }
    view["card_use"] = {{"cards", std::move(used)},
                        {"territory", TerritoryId(pos().use_territory)},
                        {"amount", pos().use_amount},
                        {"for", pos().use_bombers ? "bombers" : "armies"}};
  }
  if (pos().phase == Phase::kTransport) {
    view["transport"] = {TerritoryId(pos().transport_a), TerritoryId(pos().transport_b)};
  }
  if (pos().phase == Phase::kAirRound) {
    view["air_attack"] = {{"target", TerritoryId(pos().air_target)},
                          {"bombers", pos().air_bombers}};
  }
}

// The board in rows of territories ("novayork*  3 branca"), continent by continent, then the
// players, the cards the viewer may see, the objectives and the prompt; at most 79 columns.
std::string WarState::ViewText(Seat viewer, bool colour) const {
  const WarGame& g = *game_;
  std::string round;
  if (!board_.InSetup() && pos().phase != Phase::kOver) {
    round = board_.InFirstRound()                            ? " (round 1: placement only)"
            : g.war2() && pos().turns_begun[pos().seat] == 2 ? " (round 1, second part: no income)"
                                                             : "";
  }
  std::string out =
      fmt::format("{}, turn {}{}\n", g.info().display_name, pos().turns_played + 1, round);
  if (g.war2()) out += "(* marks a Strategic Centre)\n";
  out += BoardText(colour);
  out += PlayersText(colour);
  out += g.war2() ? fmt::format("Cards: {} in the pile, {} used.\n", std::popcount(pos().pile),
                                std::popcount(pos().discard))
                  : fmt::format("Cards: {} in the pile; the next trade gives {} armies.\n",
                                std::popcount(pos().pile), map_->TradeValue(pos().trades_done));
  out += KnownCardsText(viewer);
  if (pos().phase == Phase::kBattle || pos().phase == Phase::kOccupy) {
    out += fmt::format("Attack: {} -> {} with {}\n", TerritoryId(pos().attack_from),
                       TerritoryId(pos().attack_to), Plural(pos().attack_dice, "die", "dice"));
  }
  if (pos().phase == Phase::kOver || CurrentSeat() >= 0) out += Wrap(PhasePrompt(viewer));
  return out;
}

// Each continent's territories in rows of cells "id  armies owner".
std::string WarState::BoardText(bool colour) const {
  const WarGame& g = *game_;
  std::size_t id_width = 0, owner_width = std::string("neutral").size();
  for (int t = 0; t < map_->NumTerritories(); ++t) {
    id_width = std::max(id_width, map_->territories[t].id.size() +
                                      (g.war2() && map_->territories[t].strategic_centre));
  }
  for (Seat s = 0; s < pos().num_seats; ++s) {
    owner_width = std::max(owner_width, g.SeatName(s).size());
  }
  // A cell is "id  armies owner"; cells are separated by a space after an indent of two.
  const std::size_t cell = id_width + 4 + owner_width;
  const std::size_t per_row = std::max<std::size_t>(1, (kColumns - 1) / (cell + 1));
  std::string out;
  for (int c = 0; c < static_cast<int>(map_->continents.size()); ++c) {
    const Continent& continent = map_->continents[c];
    out += g.war2() ? fmt::format("{} (majority {}, totality {})\n", continent.name,
                                  continent.majority, continent.totality)
                    : fmt::format("{} (bonus {})\n", continent.name, continent.bonus);
    std::string line;
    std::size_t in_row = 0;
    for (int t : continent.territories) {
      const bool ce = g.war2() && map_->territories[t].strategic_centre;
      const std::string owner = OwnerName(pos().owner[t]);
      line += fmt::format("{}{:<{}}{:>3} {}{}", in_row ? " " : "  ",
                          map_->territories[t].id + (ce ? "*" : ""), id_width, +pos().armies[t],
                          Paint(colour, pos().owner[t], owner),
                          std::string(owner_width - owner.size(), ' '));
      if (++in_row == per_row) {
        out += std::string(line.substr(0, line.find_last_not_of(' ') + 1)) + "\n";
        line.clear();
        in_row = 0;
      }
    }
    if (!line.empty()) out += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
  }
  return out;
}

// One line per player: its territories, armies, cards (and bombers), or how it left the game.
std::string WarState::PlayersText(bool colour) const {
  const WarGame& g = *game_;
  std::string out = "Players:\n";
  for (Seat s = 0; s < pos().num_seats; ++s) {
    int armies = 0;
    for (int t = 0; t < map_->NumTerritories(); ++t) {
      if (pos().owner[t] == s) armies += pos().armies[t];
    }
    const std::string status =
        pos().eliminated_by[s] == kNeutral ? std::string("resigned (its armies are neutral)")
        : pos().eliminated_by[s] >= 0
            ? fmt::format("eliminated by {}", g.SeatName(pos().eliminated_by[s]))
            : fmt::format("{}, {}, {}{}",
                          Plural(pos().territory_count[s], "territory", "territories"),
                          Plural(armies, "army", "armies"),
                          Plural(std::popcount(pos().hand[s]), "card", "cards"),
                          g.war2() ? fmt::format(", {} in the air base",
                                                 Plural(pos().bombers[s], "bomber", "bombers"))
                                   : "");
    out += fmt::format("  {}: {}\n", Paint(colour, s, g.SeatName(s)), status);
  }
  return out;
}

// The hands and objectives `viewer` may see, and where the Information Centres stand.
std::string WarState::KnownCardsText(Seat viewer) const {
  const WarGame& g = *game_;
  std::string out;
  for (Seat s = 0; s < pos().num_seats; ++s) {
    const std::string whose = viewer == s && !board_.Revealed() ? "Your" : g.SeatName(s) + "'s";
    if (board_.SeesHand(viewer, s)) {
      std::vector<std::string> names;
      for (int card : board_.Hand(s)) names.push_back(CardName(card));
      out += Wrap(fmt::format("{} cards: {}", whose,
                              names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
    }
    if (board_.SeesObjective(viewer, s)) {
      out += Wrap(fmt::format("{} objective: {}", whose, ObjectiveText(s)));
    }
    if (g.spy_centre() && pos().ci[s] >= 0) {
      out += fmt::format("{}'s Information Centre: {}\n", g.SeatName(s), TerritoryId(pos().ci[s]));
    }
  }
  return out;
}

// --- A turn in words -----------------------------------------------------------------------------

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

// One line per step, in order, as `viewer` may know it: "placed 3 armies on brasil", "attacked
// argentina from brasil: 6-5-1 vs 4-2, lost 1, destroyed 1" (the attacker's losses, then the
// defender's), "conquered argentina,
// moved 2 in", "drew a card". A run of setup chance events (the deal) is one line.
std::string WarState::DescribeTurn(std::span<const Action> actions, Seat viewer) const {
  WarState state(*this);
  TurnStory story;
  const bool setup_run = CurrentSeat() == engine::kChanceSeat && board_.InSetup();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const WarState before(state);
    const int steps_told = story.steps_told();
    const std::string conquest = story.conquest;
    state.DoApplyAction(actions[i], nullptr);
    before.TellStep(actions[i], state, viewer, story);
    // A step told by what follows it in the turn, when nothing follows: told by itself.
    const bool told = story.steps_told() != steps_told || story.conquest != conquest;
    if (!told && i + 1 == actions.size()) story.Line(before.QuietStepText(actions[i], viewer));
  }
  if (!story.conquest.empty()) story.Line(story.conquest);  // the game ended before "occupy"
  if (state.pos().phase == Phase::kOver && pos().phase != Phase::kOver) {
    story.Line(state.EndingText());
  }
  return fmt::format("{}", fmt::join(story.lines(), setup_run ? "; " : "\n    "));
}

// Tells a chance event (the deal, an objective, a roll, a card drawn or taken, an air round);
// false when `action` is none.
bool WarState::TellChanceStep(Action action, const WarState& after, Seat viewer,
                              TurnStory& story) const {
  const WarGame& g = *game_;
  const Position& p = pos();
  switch (p.phase) {
    case Phase::kDealer:
      story.Line(fmt::format("dealer {}", g.SeatName(action - g.kChance)));
      return true;
    case Phase::kDeal:
    case Phase::kCeDeal: {
      const std::string what = p.phase == Phase::kCeDeal ? "Strategic Centres" : "territories";
      // One territory dealt alone (a replay steps the deal card by card) is named: the board
      // shows its owner at once.
      const std::string first =
          p.phase == Phase::kDeal ? TerritoryId(action - g.kChance) : std::string();
      story.Add("deal", g.SeatName(p.seat), [&g, what, first](int n, const auto& seats) {
        if (n == 1 && !first.empty()) return fmt::format("{} dealt to {}", first, seats[0]);
        std::vector<std::string> counts;
        for (Seat s = 0; s < g.NumSeats(); ++s) {
          counts.push_back(fmt::format("{} {}", g.SeatName(s),
                                       std::count(seats.begin(), seats.end(), g.SeatName(s))));
        }
        return fmt::format("{} dealt: {}", what, fmt::join(counts, ", "));
      });
      return true;
    }
    case Phase::kObjective:
      story.Add("objective", "", [](int n, const auto&) {
        return fmt::format("{} drawn", Plural(n, "objective", "objectives"));
      });
      return true;
    case Phase::kBattle:
      TellRoll(action, after, story);
      return true;
    case Phase::kSpoils:
    case Phase::kDraw: {
      const bool seen = after.board_.SeesHand(viewer, p.seat);
      const bool took = p.phase == Phase::kSpoils;
      const std::string from = took ? " from " + g.SeatName(p.spoils_victim) : "";
      story.Add(took ? "took" : "drew", seen ? CardName(action - g.kChance) : "",
                [seen, took, from](int n, const auto& cards) {
                  return fmt::format("{} {}{}", took ? "took" : "drew",
                                     seen     ? JoinAnd(cards)
                                     : n == 1 ? std::string("a card")
                                              : Plural(n, "card", "cards"),
                                     from);
                });
      return true;
    }
    case Phase::kAirRound: {
      const int code = action - g.kAirRound;
      story.Line(fmt::format("air round over {}: {} shot down, {} destroyed",
                             TerritoryId(p.air_target), Plural(code / 4, "bomber", "bombers"),
                             Plural(code % 4, "army", "armies")));
      return true;
    }
    default:
      return false;
  }
}

// Tells `action`, played in this state and leading to `after`.
void WarState::TellStep(Action action, const WarState& after, Seat viewer, TurnStory& story) const {
  if (TellChanceStep(action, after, viewer, story)) return;
  const WarGame& g = *game_;
  switch (pos().phase) {
    case Phase::kClaim:
    case Phase::kCeChoice:
      story.Line(fmt::format("claimed {}", TerritoryId(action)));
      return;
    case Phase::kOccupy:
      story.Line(story.conquest.empty()
                     ? fmt::format("moved {} into {}",
                                   Plural(action - g.kOccupy + 1, "army", "armies"),
                                   TerritoryId(pos().attack_to))
                     : fmt::format("{}, moved {} in", story.conquest, action - g.kOccupy + 1));
      story.conquest.clear();
      return;
    default:
      break;
  }
  if (action < g.kAttack) {
    story.Add(fmt::format("place {}", action), "", [t = TerritoryId(action)](int n, const auto&) {
      return fmt::format("placed {} on {}", Plural(n, "army", "armies"), t);
    });
  } else if (action >= g.kMove && action < g.kEnd) {
    const Link& link = map_->links[action - g.kMove];
    story.Add(fmt::format("move {}", action), "",
              [from = TerritoryId(link.from), to = TerritoryId(link.to)](int n, const auto&) {
                return fmt::format("moved {} from {} to {}", Plural(n, "army", "armies"), from, to);
              });
  } else if (!g.war2() && action >= g.kTrade && action < g.kChance) {
    TellTrade(action, story);
  } else if (g.war2()) {
    TellWar2Step(action, story);
  }
  // "end" and an attack's choice of dice are told by what follows.
}

// The steps that TellStep leaves to what follows them in the turn: "end", the dice of an attack
// (told by the roll), the start of a card use or a transport, an army carried, a number card added.
std::string WarState::QuietStepText(Action action, Seat viewer) const {
  const WarGame& g = *game_;
  if (action == g.kEnd) {
    switch (pos().phase) {
      case Phase::kReinforce:
        return "went on to the attacks";
      case Phase::kAttack:
        return "ended the attacks";
      case Phase::kMove:
        return "ended the turn";
      default:
        return "done";
    }
  }
  if (action >= g.kAttack && action < g.kOccupy) {
    const Link& link = map_->links[(action - g.kAttack) / 3];
    return fmt::format("attacks {} from {} with {}", TerritoryId(link.to), TerritoryId(link.from),
                       Plural((action - g.kAttack) % 3 + 1, "die", "dice"));
  }
  // WAR-II's card steps, from their notation ("use brasil", "transport peru chile", "add n2",
  // "carry 1 peru chile").
  const std::string notation = ActionToStringFor(action, viewer);
  std::vector<std::string> words;
  for (std::size_t at = 0; at < notation.size();) {
    const std::size_t end = std::min(notation.find(' ', at), notation.size());
    words.push_back(notation.substr(at, end - at));
    at = end + 1;
  }
  if (words[0] == "use" && words.size() == 2) {
    return fmt::format("began to use the card of {}", words[1]);
  }
  if (words[0] == "add" && words.size() == 2) return fmt::format("added {}", words[1]);
  if (words[0] == "transport" && words.size() == 3) {
    return fmt::format("began a transport between {} and {}", words[1], words[2]);
  }
  if (words[0] == "carry" && words.size() == 4) {
    return fmt::format("carried 1 army from {} to {}", words[2], words[3]);
  }
  return notation;
}

void WarState::TellRoll(Action action, const WarState& after, TurnStory& story) const {
  const WarGame& g = *game_;
  const Position& p = pos();
  const int lost = action - g.kBattle;
  const ShownDice dice = ShownRoll(lost);
  story.Line(fmt::format("attacked {} from {}: {}, lost {}, destroyed {}", TerritoryId(p.attack_to),
                         TerritoryId(p.attack_from), DiceText(dice), lost,
                         std::min(dice.attack_dice, dice.defence_dice) - lost));
  if (after.pos().owner[p.attack_to] != p.owner[p.attack_to]) {
    const Seat victim = p.owner[p.attack_to];
    const bool out = victim != kNeutral && after.pos().eliminated_by[victim] >= 0;
    story.conquest = fmt::format("conquered {}{}", TerritoryId(p.attack_to),
                                 out ? fmt::format(" (eliminating {})", g.SeatName(victim)) : "");
  }
}

void WarState::TellTrade(Action action, TurnStory& story) const {
  std::vector<std::string> cards, bonus;
  for (int position : Board::TradeCombo(action - game_->kTrade)) {
    const int card = board_.Hand(pos().seat)[static_cast<std::size_t>(position)];
    cards.push_back(CardName(card));
    if (card < map_->NumTerritories() && pos().owner[card] == pos().seat) {
      bonus.push_back(TerritoryId(card));
    }
  }
  story.Line(fmt::format("traded {} for {}{}", JoinAnd(cards),
                         Plural(map_->TradeValue(pos().trades_done), "army", "armies"),
                         bonus.empty() ? "" : fmt::format(" (+2 on {})", JoinAnd(bonus))));
}

// WAR-II's own steps: air attacks, card uses, transports, discards, airlifts, Information Centres.
void WarState::TellWar2Step(Action action, TurnStory& story) const {
  const WarGame& g = *game_;
  const Position& p = pos();
  if (g.spy_centre() && action >= g.kPlaceCi) {
    story.Line(CiStepText(action));
  } else if (action >= g.kAir && action < g.kUse) {
    story.Line(fmt::format("sent {} from the air base against {}",
                           Plural((action - g.kAir) % 10 + 1, "bomber", "bombers"),
                           TerritoryId((action - g.kAir) / 10)));
  } else if (action == g.kEnd && p.phase == Phase::kCardUse) {
    std::vector<std::string> numbers;
    for (std::uint64_t m = p.pending_cards; m; m &= m - 1) {
      const int card = std::countr_zero(m);
      if (map_->war2_cards[card].number > 0) numbers.push_back(CardId(card));
    }
    const std::string t = TerritoryId(p.use_territory);
    story.Line(fmt::format("used the card of {}{}: {} {}", t,
                           numbers.empty() ? "" : fmt::format(" with {}", JoinAnd(numbers)),
                           p.use_bombers ? Plural(p.use_amount, "bomber", "bombers") + " against"
                                         : Plural(p.use_amount, "army", "armies") + " on",
                           t));
  } else if (action == g.kCarry || action == g.kCarry + 1) {
    ++story.carried;
  } else if (action == g.kEnd && p.phase == Phase::kTransport) {
    const bool back = p.transport_way == 1;
    const std::string a = TerritoryId(p.transport_a), b = TerritoryId(p.transport_b);
    // The armies carried in earlier events (a person's carries are events of their own) were
    // told there.
    story.Line(
        p.transport_way < 0
            ? fmt::format("used the cards of {} and {} for a transport, carrying nothing", a, b)
        : story.carried == 0
            ? fmt::format("used the cards of {} and {} for the transport from {} to {}", a, b,
                          back ? b : a, back ? a : b)
            : fmt::format("used the cards of {} and {} to carry {} from {} to {}", a, b,
                          Plural(story.carried, "army", "armies"), back ? b : a, back ? a : b));
    story.carried = 0;
  } else if (action >= g.kDiscard && action < g.kAirlift) {
    const bool paid = p.phase == Phase::kCiPay;
    story.Add(paid ? "paid" : "discarded", CardName(action - g.kDiscard),
              [paid](int, const auto& cards) {
                return paid ? fmt::format("paid {} for the transport", JoinAnd(cards))
                            : fmt::format("discarded {}", JoinAnd(cards));
              });
  } else if (action >= g.kAirlift && action < g.kAirRound) {
    const auto& ces = map_->strategic_centres;
    const int from = ces[(action - g.kAirlift) / 12], to = ces[(action - g.kAirlift) % 12];
    story.Add(fmt::format("airlift {}", action), "",
              [a = TerritoryId(from), b = TerritoryId(to)](int n, const auto&) {
                return fmt::format("airlifted {} from {} to {}", Plural(n, "army", "armies"), a, b);
              });
  }
  // Card uses and transports are told when done; their number cards with them.
}

std::string WarState::CiStepText(Action action) const {
  const WarGame& g = *game_;
  if (action < g.kSpy) {
    return fmt::format("placed its Information Centre on {}", TerritoryId(action - g.kPlaceCi));
  }
  if (action < g.kMoveCi) return fmt::format("spied on {}'s cards", g.SeatName(action - g.kSpy));
  const bool transport = action >= g.kCiTransport;
  const int code = action - (transport ? g.kCiTransport : g.kMoveCi);
  return fmt::format("{} the Information Centre of {} to {}", transport ? "transported" : "moved",
                     g.SeatName(code / 64), TerritoryId(code % 64));
}

}  // namespace quartel::war
