// Conspiradores' adapter to the engine API: the game, its options, and the state's basics;
// notation in notation.cc, views in views.cc, position text in position_text.cc
// (conspiradores.h).
#include "games/conspiradores/conspiradores.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "core/text.h"

namespace quartel::conspiradores {

// --- Game ----------------------------------------------------------------------------------------

ConspiradoresGame::ConspiradoresGame(engine::GameInfo info, engine::GameOptions options)
    : Game(std::move(info), std::move(options)),
      players_(static_cast<int>(this->options().GetInt("players"))),
      max_turns_(static_cast<int>(this->options().GetInt("max_turns"))) {
  if (players_ != 2 && players_ != 4) {
    throw Error(fmt::format("conspiradores: players must be 2 or 4, not {}", players_));
  }
}

std::string ConspiradoresGame::SeatName(int seat) const {
  if (seat < 0 || seat >= players_) return fmt::format("seat {}", seat);
  return kSeatNames[seat];
}

std::unique_ptr<engine::State> ConspiradoresGame::NewInitialState() const {
  return std::make_unique<ConspiradoresState>(*this);
}

std::unique_ptr<engine::State> ConspiradoresGame::NewStateFromPosition(
    std::string_view text) const {
  return std::make_unique<ConspiradoresState>(*this, PositionFromText(text, players_, max_turns_));
}

int ConspiradoresGame::MaxGameLength() const {
  // A chain lands on distinct points of one parity class (a jump moves 0 or 2 along each axis):
  // at most 81 of them, so a turn is at most 80 jumps and a stop.
  return 1 + max_turns_ * 81;
}

// --- State ---------------------------------------------------------------------------------------

ConspiradoresState::ConspiradoresState(const ConspiradoresGame& game) : State(game) {
  pos_.Init(game.NumSeats(), game.max_turns());
}

ConspiradoresState::ConspiradoresState(const ConspiradoresGame& game, const Position& position)
    : State(game), pos_(position) {}

std::vector<engine::ChanceOutcome> ConspiradoresState::ChanceOutcomes() const {
  if (pos_.meta.phase != Phase::kOrder) return {};
  const int n = static_cast<int>(PlayOrders(pos_.meta.num_seats).size());
  std::vector<engine::ChanceOutcome> out;
  for (int k = 0; k < n; ++k) out.push_back({k, 1.0 / n});
  return out;
}

std::unique_ptr<engine::State> ConspiradoresState::Clone() const {
  return std::make_unique<ConspiradoresState>(*this);
}

void ConspiradoresState::CopyFrom(const engine::State& other) {
  pos_ = static_cast<const ConspiradoresState&>(other).pos_;
}

bool ConspiradoresState::Equals(const engine::State& other) const {
  const auto* o = dynamic_cast<const ConspiradoresState*>(&other);
  return o != nullptr && o->pos_ == pos_;
}

std::vector<engine::Outcome> ConspiradoresState::Results() const {
  if (pos_.meta.phase != Phase::kOver) return {};
  std::vector<engine::Outcome> out;
  for (int s = 0; s < pos_.meta.num_seats; ++s) {
    if (pos_.meta.losers == 0) {
      out.push_back(engine::Outcome::kDraw);
    } else {
      out.push_back((pos_.meta.losers >> s) & 1 ? engine::Outcome::kLoss : engine::Outcome::kWin);
    }
  }
  return out;
}

std::vector<double> ConspiradoresState::Returns() const {
  if (pos_.meta.phase != Phase::kOver) return {};
  const int n = pos_.meta.num_seats;
  std::vector<double> out(n, 0.0);
  if (pos_.meta.losers == 0) return out;
  const int losers = std::popcount(pos_.meta.losers);
  for (int s = 0; s < n; ++s) {
    // Losers share -1, winners share +1 (sum zero).
    out[s] = (pos_.meta.losers >> s) & 1 ? -1.0 / losers : 1.0 / (n - losers);
  }
  return out;
}

void Register() {
  engine::GameInfo info;
  info.id = "conspiradores";
  info.display_name = "Conspiradores";
  info.summary =
      "2 or 4 players race their conspirators from the Centre to 39 Sanctuaries; the last one "
      "left loses";
  info.seat_counts = {2, 4};
  info.has_chance = true;
  info.hidden_information = false;
  info.options = {
      {.name = "players",
       .type = engine::OptionType::kInt,
       .default_value = "2",
       .help = "number of players: 2 (20 pieces each) or 4 (10 pieces each)",
       .min_value = 2,
       .max_value = 4,
       .choices = {}},
      {.name = "max_turns",
       .type = engine::OptionType::kInt,
       .default_value = "2000",
       .help = "engine cap for unattended games, not a rule: after this many turns (placements "
               "included) the players with the most unsheltered pieces lose",
       .min_value = 1,
       .max_value = 100000,
       .choices = {}},
  };
  info.notation_help =
      "G9          place a piece on an empty point of the Conspiracy Centre\n"
      "G9-H10      a step to one of the 8 neighbouring points\n"
      "G9-G11      a jump over an adjacent piece to the empty point beyond\n"
      "G9-G11-I13  a jump chain at once (or one jump at a time: you are asked for more)\n"
      "stop        end a jump chain that could go on\n";
  info.rules_version = "conspiradores-1";
  info.rules_doc = "docs/rules/conspiradores.md";
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const ConspiradoresGame>(engine::FindGame("conspiradores"), options);
  });
}

}  // namespace quartel::conspiradores
