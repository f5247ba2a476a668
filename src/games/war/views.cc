// WAR views (JSON and text for the terminal) and the prompts (war.h); the tensor is in tensor.cc,
// a turn told in words in facts.cc.
// Everything here reads the state through what the viewer may see (SeesHand, SeesObjective).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <map>

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
  if (pos().ending < 0) return GameOverWords(GameOverFacts());
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

// Both ways a game ends as kDrawnGame are the engine's caps (turns, actions): board.cc, Finish.
bool WarState::EndedAtCap() const {
  return pos().phase == Phase::kOver && pos().ending < 0 && pos().winner == kDrawnGame;
}

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
  if (g.DiscardsFaceUp()) {
    Json discards = Json::array();
    for (int card : Board::Cards(pos().discard)) discards.push_back(CardFacts(card));
    view["discard_cards"] = std::move(discards);
  }
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
    for (int card : board_.Hand(s)) hand.push_back(CardFacts(card));
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
      used.push_back(CardFacts(std::countr_zero(m)));
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
  if (g.DiscardsFaceUp() && pos().discard != 0) {
    std::vector<std::string> names;
    for (int card : Board::Cards(pos().discard)) names.push_back(CardName(card));
    out += Wrap(fmt::format("Used cards, face up: {}", fmt::join(names, ", ")));
  }
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

}  // namespace quartel::war
