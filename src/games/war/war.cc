// WAR's adapter to the engine API: the game, and the state's basics (objectives and cards in
// words, endings, results, copies); the rest in facts.cc, notation.cc, why_illegal.cc, views.cc,
// tensor.cc, sampling.cc and position_text.cc (war.h).
#include "games/war/war.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <set>

#include "core/error.h"
#include "core/text.h"

namespace quartel::war {

// --- Game ----------------------------------------------------------------------------------------

WarGame::WarGame(engine::GameInfo info, engine::GameOptions options)
    : Game(std::move(info), std::move(options)),
      Rules(LoadMap(this->options().GetString("map")), id() == "war2",
            id() == "war2" && this->options().GetBool("variant"),
            id() == "war2" && this->options().GetBool("spy_centre"),
            static_cast<int>(this->options().GetInt("players")),
            static_cast<int>(this->options().GetInt("max_turns"))) {}

std::string WarGame::SeatName(int seat) const { return ColourOf(seat); }

std::unique_ptr<engine::State> WarGame::NewInitialState() const {
  return std::make_unique<WarState>(*this);
}

// --- State
// ----------------------------------------------------------------------------------------

WarState::WarState(const WarGame& game)
    : State(game), game_(&game), map_(&game.map()), board_(game) {}

std::string WarState::ObjectiveText(Seat seat) const {
  const int index = pos().objective[seat];
  if (index < 0) return "not yet drawn";
  if (pos().reduced & (1u << seat)) {
    return "Conquer any three Strategic Centres (reduced to one territory, seed section 3)";
  }
  const Objective& objective = game_->Objectives()[index];
  if (objective.destroy_colour >= 0) {
    const int target = objective.destroy_colour;
    if (target == seat ||
        (pos().eliminated_by[target] >= 0 && pos().eliminated_by[target] != seat)) {
      return fmt::format("{} (now: conquer {} territories of your choice)", objective.text,
                         std::min(kDestroyFallbackTerritories, map_->NumTerritories()));
    }
  }
  return objective.text;
}

Json WarState::ObjectiveFacts(Seat seat) const {
  const int index = pos().objective[seat];
  if (index < 0) return Json{{"kind", "not_drawn"}};
  if (pos().reduced & (1u << seat)) return Json{{"kind", "reduced"}, {"strategic_centres", 3}};
  const Objective& objective = game_->Objectives()[index];
  const auto ids = [this](const std::vector<int>& continents) {
    Json out = Json::array();
    for (int c : continents) out.push_back(map_->continents[c].id);
    return out;
  };
  Json card{{"kind", "card"}, {"number", index + 1}};
  if (!objective.continents.empty()) card["continents"] = ids(objective.continents);
  if (objective.any_continents > 0) card["any_continents"] = objective.any_continents;
  if (objective.territories > 0) {
    card["territories"] = objective.territories;
    card["min_armies"] = objective.min_armies;
  }
  if (objective.destroy_colour >= 0) {
    const int target = objective.destroy_colour;
    card["destroy"] = map_->colours[target];
    card["fallback_territories"] = std::min(kDestroyFallbackTerritories, map_->NumTerritories());
    card["fallen_back"] =
        target == seat || (pos().eliminated_by[target] >= 0 && pos().eliminated_by[target] != seat);
  }
  if (objective.strategic_centres > 0) {
    card["strategic_centres"] = objective.strategic_centres;
    card["ce_min_armies"] = objective.ce_min_armies;
  }
  if (!objective.ce_continents.empty()) card["ce_continents"] = ids(objective.ce_continents);
  if (objective.ce_distinct_continents > 0) {
    card["ce_distinct_continents"] = objective.ce_distinct_continents;
  }
  return card;
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

// A card as data, for the views: its id (as the notation names it) and what it shows: its
// territories (none for a joker or a WAR-II number card), a WAR territory card's figure, a number
// card's number, whether a WAR-II card holds a Strategic Centre.
Json WarState::CardFacts(int card) const {
  Json facts{{"card", CardId(card)}, {"territories", Json::array()}};
  const int cards = game_->war2() ? static_cast<int>(map_->war2_cards.size()) : map_->NumCards();
  if (card < 0 || card >= cards) return facts;
  if (game_->war2()) {
    const War2Card& c = map_->war2_cards[card];
    if (c.number > 0) facts["number"] = c.number;
    bool centre = false;
    for (int t : c.territories) {
      facts["territories"].push_back(map_->territories[t].id);
      centre = centre || map_->territories[t].strategic_centre;
    }
    if (c.number == 0) facts["strategic_centre"] = centre;
    return facts;
  }
  if (card < map_->NumTerritories()) {
    facts["territories"].push_back(map_->territories[card].id);
    facts["figure"] = FigureName(map_->territories[card].figure);
  }
  return facts;
}

// Rulings, "Common": the game may end outside its rules (a resignation with nobody to go on
// without, time, abandonment, agreement); like any ending it reveals every hand and objective.
bool WarState::EndGame(engine::EndReason reason, std::span<const engine::Outcome> results) {
  board_.EndOutsideTheRules(reason, results);
  return true;
}

// --- Results ------------------------------------------------------------------------------------

std::vector<engine::Outcome> WarState::Results() const {
  if (pos().phase != Phase::kOver) return {};
  std::vector<engine::Outcome> results(pos().num_seats, engine::Outcome::kDraw);
  for (Seat s = 0; s < pos().num_seats; ++s) {
    if (pos().ending >= 0) {
      results[s] = static_cast<engine::Outcome>(pos().ending_results[s]);
    } else if (pos().winner >= 0) {
      results[s] = s == pos().winner ? engine::Outcome::kWin : engine::Outcome::kLoss;
    } else if (pos().eliminated_by[s] >= 0) {
      // Drawn by the engine's cap: only among the players still in the game. One destroyed or
      // one who resigned (its armies neutral: rulings) has lost already.
      results[s] = engine::Outcome::kLoss;
    }
  }
  return results;
}

// Zero-sum, ordered as the results: a win counts 1, a draw 0, a loss -1, less their mean, scaled so
// that the best seat gets +1 or the worst -1. By the rules (one winner, the others lose) the winner
// gets +1 and each loser -1 / (seats - 1); winners or losers together share; all alike: 0 each.
// A draw beside a winner scores below 0, beside losers above 0 (an ending outside the rules).
std::vector<double> WarState::Returns() const {
  const auto results = Results();
  // In whole numbers (each score times the number of seats), so that equal results give exactly 0.
  const auto score = [](engine::Outcome outcome) {
    return outcome == engine::Outcome::kWin ? 1 : outcome == engine::Outcome::kLoss ? -1 : 0;
  };
  int total = 0;
  for (engine::Outcome outcome : results) total += score(outcome);
  std::vector<int> centred;
  int largest = 0;
  for (engine::Outcome outcome : results) {
    centred.push_back(score(outcome) * static_cast<int>(results.size()) - total);
    largest = std::max(largest, std::abs(centred.back()));
  }
  std::vector<double> returns;
  for (int c : centred) returns.push_back(largest == 0 ? 0.0 : static_cast<double>(c) / largest);
  return returns;
}

// --- Copies -------------------------------------------------------------------------------------

std::unique_ptr<engine::State> WarState::Clone() const { return std::make_unique<WarState>(*this); }

void WarState::CopyFrom(const engine::State& other) {
  board_ = static_cast<const WarState&>(other).board_;
}

bool WarState::Equals(const engine::State& other) const {
  const auto* war = dynamic_cast<const WarState*>(&other);
  // A replayed record loads its own Game object: compare the rules, not the pointer.
  return war &&
         (war->game_ == game_ || war->game_->options().ToString() == game_->options().ToString()) &&
         war->pos() == pos();
}

}  // namespace quartel::war
