#include "games/espionage/espionage.h"

#include <fmt/format.h>

#include "core/error.h"

namespace quartel::espionage {

using hidden_army::kSeatNames;

// --- Game ---------------------------------------------------------------------------------------

EspionageGame::EspionageGame(const engine::GameOptions& options)
    : engine::Game(engine::FindGame("espionage"), options) {
  rules_.volcanoes = static_cast<int>(options.GetInt("volcanoes"));
  rules_.moves_per_turn = static_cast<int>(options.GetInt("moves_per_turn"));
  rules_.reveal_on_combat = options.GetBool("reveal_on_combat");
  rules_.no_capture_draw = static_cast<int>(options.GetInt("no_capture_draw"));
  rules_.max_plies = static_cast<int>(options.GetInt("max_plies"));
  rules_.max_plies_without_capture = static_cast<int>(options.GetInt("max_plies_without_capture"));
}

std::string EspionageGame::SeatName(int seat) const {
  if (seat != 0 && seat != 1) throw Error(fmt::format("Espionage has no seat {}", seat));
  return kSeatNames[seat];
}

std::unique_ptr<engine::State> EspionageGame::NewInitialState() const {
  return std::make_unique<EspionageState>(*this, Position::Initial(rules_));
}

void Register() {
  engine::GameInfo info;
  info.id = "espionage";
  info.display_name = "Espionage";
  info.summary = "Hidden armies, two moves a turn, Spies that see: capture the Headquarters";
  info.seat_counts = {2};
  info.has_chance = true;
  info.hidden_information = true;
  info.draw_by_agreement = true;  // rulings, Espionage: "Draw by agreement"
  engine::OptionSpec volcanoes{"volcanoes", engine::OptionType::kInt,
                               "4",         "volcanoes placed by lot on the four neutral rows",
                               0,           8,
                               {}};
  engine::OptionSpec moves{"moves_per_turn",
                           engine::OptionType::kInt,
                           "2",
                           "moves in a turn, each with a different piece",
                           1,
                           2,
                           {}};
  engine::OptionSpec reveal{"reveal_on_combat",
                            engine::OptionType::kBool,
                            "false",
                            "combat shows both ranks to both players",
                            0,
                            0,
                            {}};
  engine::OptionSpec draw{"no_capture_draw",
                          engine::OptionType::kInt,
                          "50",
                          "turns without a removed piece after which either player may claim a "
                          "draw (0: never)",
                          0,
                          1000,
                          {}};
  engine::OptionSpec max_plies{"max_plies",
                               engine::OptionType::kInt,
                               "2000",
                               "engine cap for unattended games, not a rule: draw after this "
                               "many moves of the play phase",
                               10,
                               100000,
                               {}};
  engine::OptionSpec quiet{"max_plies_without_capture",
                           engine::OptionType::kInt,
                           "200",
                           "engine cap for unattended games, not a rule: draw after this many "
                           "moves without a removed piece",
                           10,
                           100000,
                           {}};
  info.options = {max_plies, quiet, moves, draw, reveal, volcanoes};
  info.rules_version = "espionage-1";
  info.rules_doc = "docs/rules/espionage.md";
  info.notation_help =
      "a3-a4        move a piece one square: north, east, south or west\n"
      "a3xa4        the same, onto an enemy piece (an attack)\n"
      "a3-a4 b3-b4  a whole turn: two moves with two different pieces\n"
      "H:a1         while setting up, place one piece (H 1 2 3 4 5 S P M) on a home square\n"
      "MHMMM12345 SSSSSPPPP1 1112223345\n"
      "             your whole setup at once: 30 rank characters, Red from a1 (a1..j1, a2..j2,\n"
      "             a3..j3), Blue from a8 (a8..j8, a9..j9, a10..j10); spaces and / are ignored\n"
      "random 7     a whole setup drawn at random, Headquarters guarded by Mines (the same\n"
      "             number gives the same setup)\n"
      "claim draw   at the start of your turn, after no_capture_draw turns (default 50)\n"
      "             without a removed piece: the game is drawn\n";
  // A seat's whole setup is one turn of 30 placements: perft counts single actions.
  info.perft_counts_turns = false;
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const EspionageGame>(options);
  });
}

// --- State basics -------------------------------------------------------------------------------

EspionageState::EspionageState(const EspionageGame& game, const Position& position)
    : engine::State(game), position_(position) {}

engine::Seat EspionageState::CurrentSeat() const {
  switch (position_.phase) {
    case Phase::kVolcanoes:
    case Phase::kLot:
      return engine::kChanceSeat;
    case Phase::kOver:
      return engine::kTerminalSeat;
    default:
      return position_.to_move;
  }
}

// Every volcano square and the first player are drawn uniformly.
std::vector<engine::ChanceOutcome> EspionageState::ChanceOutcomes() const {
  std::vector<engine::ChanceOutcome> outcomes;
  if (!IsChanceNode()) return outcomes;
  std::vector<Action> actions;
  LegalActions(actions);
  for (Action a : actions) outcomes.push_back({a, 1.0 / static_cast<double>(actions.size())});
  return outcomes;
}

std::unique_ptr<engine::State> EspionageState::Clone() const {
  return std::make_unique<EspionageState>(*this);
}
void EspionageState::CopyFrom(const engine::State& other) {
  position_ = static_cast<const EspionageState&>(other).position_;
}
bool EspionageState::Equals(const engine::State& other) const {
  const auto* that = dynamic_cast<const EspionageState*>(&other);
  return that != nullptr && that->game().id() == game().id() && that->position_ == position_;
}

std::vector<engine::Outcome> EspionageState::Results() const {
  if (!Over()) return {};
  if (position_.ending >= kFirstOutsideEnding) {
    return {position_.outcomes.begin(), position_.outcomes.end()};
  }
  return engine::TwoSeatResults(position_.winner);
}

// Outside the rules any pair of results may be given (both lose an abandoned game, say): each
// seat scores +1 / 0 / -1 for a win / draw / loss, less the mean, so that the two sum to zero.
std::vector<double> EspionageState::Returns() const {
  if (!Over()) return {};
  if (position_.ending < kFirstOutsideEnding) return engine::TwoSeatReturns(position_.winner);
  std::vector<double> returns;
  for (engine::Outcome outcome : position_.outcomes) {
    returns.push_back(outcome == engine::Outcome::kWin    ? 1.0
                      : outcome == engine::Outcome::kLoss ? -1.0
                                                          : 0.0);
  }
  const double mean = (returns[0] + returns[1]) / 2;
  for (double& r : returns) r -= mean;
  return returns;
}

// A resignation, a loss on time, an abandoned game or a draw agreed: over, and so every view
// shows everything (rulings "Common to every game").
bool EspionageState::EndGame(engine::EndReason reason, std::span<const engine::Outcome> results) {
  if (Over()) throw Error("the game is already over");
  if (results.size() != 2) {
    throw Error(fmt::format("an Espionage ending needs 2 results, not {}", results.size()));
  }
  position_.EndOutsideTheRules(reason, results);
  return true;
}

}  // namespace quartel::espionage
