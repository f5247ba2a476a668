// Dablot's adapter to the engine API: the game, its options, and the state's basics; notation in
// notation.cc, views in views.cc, position text in position_text.cc (dablot.h).
#include "games/dablot/dablot.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/text.h"

namespace quartel::dablot {

// --- Game
// -------------------------------------------------------------------------------------------

DablotGame::DablotGame(const engine::GameOptions& options)
    : engine::Game(engine::FindGame("dablot"), options),
      max_turns_(static_cast<int>(options.GetInt("max_turns"))) {}

std::string DablotGame::SeatName(int seat) const {
  if (seat != 0 && seat != 1) throw Error(fmt::format("Dablot has no seat {}", seat));
  return kSeatNames[seat];
}

std::unique_ptr<engine::State> DablotGame::NewInitialState() const {
  return std::make_unique<DablotState>(*this, Position::Initial(max_turns_));
}

std::unique_ptr<engine::State> DablotGame::NewStateFromPosition(std::string_view text) const {
  return std::make_unique<DablotState>(*this, PositionFromText(text, max_turns_));
}

void Register() {
  engine::GameInfo info;
  info.id = "dablot";
  info.display_name = "Dablot Prejjesne";
  info.summary = "Sámi against Swedes on 72 points: step or capture by jumping, chains allowed";
  info.seat_counts = {2};
  info.has_chance = true;
  info.hidden_information = false;
  engine::OptionSpec max_turns;
  max_turns.name = "max_turns";
  max_turns.type = engine::OptionType::kInt;
  max_turns.default_value = "1000";
  max_turns.help =
      "engine cap for unattended games, not a rule: the game is drawn after this many "
      "turns";
  max_turns.min_value = 10;
  max_turns.max_value = 100000;
  info.options = {max_turns};
  info.notation_help =
      "23-29      a step along a line to an adjacent empty point\n"
      "23x35      a capture: jump an adjacent enemy of equal or lower rank\n"
      "23x35x47   a capture chain at once (or one capture at a time: you are asked for more)\n"
      "stop       end a capture chain that could go on\n";
  info.rules_version = "dablot-1";
  info.rules_doc = "docs/rules/dablot.md";
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const DablotGame>(options);
  });
}

// --- State basics
// -----------------------------------------------------------------------------------

DablotState::DablotState(const DablotGame& game, const Position& position)
    : engine::State(game), position_(position) {}

engine::Seat DablotState::CurrentSeat() const {
  switch (position_.h.phase) {
    case Phase::kChance:
      return engine::kChanceSeat;
    case Phase::kOver:
      return engine::kTerminalSeat;
    case Phase::kPlay:
      break;
  }
  return position_.h.to_move;
}

std::vector<engine::ChanceOutcome> DablotState::ChanceOutcomes() const {
  if (position_.h.phase != Phase::kChance) return {};
  return {{kSamiFirst, 0.5}, {kSwedesFirst, 0.5}};
}

std::unique_ptr<engine::State> DablotState::Clone() const {
  return std::make_unique<DablotState>(*this);
}

void DablotState::CopyFrom(const engine::State& other) {
  position_ = static_cast<const DablotState&>(other).position_;
}

bool DablotState::Equals(const engine::State& other) const {
  const auto* that = dynamic_cast<const DablotState*>(&other);
  // The game is compared by id: a replayed record loads its own Game object; the options that
  // matter (max_turns) live in the position itself.
  return that != nullptr && that->game().id() == game().id() && that->position_ == position_;
}

std::vector<engine::Outcome> DablotState::Results() const {
  return position_.h.phase == Phase::kOver ? engine::TwoSeatResults(position_.h.winner)
                                           : std::vector<engine::Outcome>{};
}

std::vector<double> DablotState::Returns() const {
  return position_.h.phase == Phase::kOver ? engine::TwoSeatReturns(position_.h.winner)
                                           : std::vector<double>{};
}

}  // namespace quartel::dablot
