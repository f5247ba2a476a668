// Stratego's adapter to the engine API: the game, its options, and the state's basics (whose
// turn, results, copies, endings outside the rules); notation in notation.cc, views in views.cc,
// SampleConsistentState in sampling.cc, position text in position_text.cc (stratego.h).
#include "games/stratego/stratego.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "core/error.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/hidden_army/hidden_army.h"
#include "games/stratego/setups.h"

namespace quartel::stratego {

using hidden_army::kSeatNames;

// --- Game
// -------------------------------------------------------------------------------------------

StrategoGame::StrategoGame(const engine::GameOptions& options)
    : engine::Game(engine::FindGame("stratego"), options) {
  rules_.max_plies = static_cast<std::int32_t>(options.GetInt("max_plies"));
  rules_.max_plies_without_capture =
      static_cast<std::int32_t>(options.GetInt("max_plies_without_capture"));
  const std::string& repetition = options.GetString("repetition");
  rules_.repetition = repetition == "isf"          ? Repetition::kIsf
                      : repetition == "five_moves" ? Repetition::kFiveMoves
                                                   : Repetition::kSeed;
  const std::string& army_name = options.GetString("army");
  rules_.army = army_name == "seed"      ? ArmyKind::kSeed
                : army_name == "barrage" ? ArmyKind::kBarrage
                                         : ArmyKind::kClassic;
  rules_.aggressor_advantage = options.GetBool("aggressor_advantage") ? 1 : 0;
  rules_.silent_defense = options.GetBool("silent_defense") ? 1 : 0;
  rules_.rescue = options.GetBool("rescue") ? 1 : 0;
}

std::string StrategoGame::SeatName(int seat) const {
  if (seat != 0 && seat != 1) throw Error(fmt::format("Stratego has no seat {}", seat));
  return kSeatNames[seat];
}

std::unique_ptr<engine::State> StrategoGame::NewInitialState() const {
  return std::make_unique<StrategoState>(*this, Position::Initial(rules_));
}

std::unique_ptr<engine::State> StrategoGame::NewStateFromPosition(std::string_view text) const {
  return std::make_unique<StrategoState>(*this, PositionFromText(text, rules_));
}

std::unique_ptr<engine::State> StrategoGame::NewStateFromView(std::string_view text,
                                                              int viewer) const {
  const StrategoState filled(*this, PositionFromViewText(text, rules_, viewer));
  Rng rng(0);
  return filled.SampleConsistentState(viewer, rng);
}

void Register() {
  engine::GameInfo info;
  info.id = "stratego";
  info.display_name = "Stratego";
  info.summary = "Hidden armies on a 10 x 10 board with lakes: find and capture the enemy Flag";
  info.seat_counts = {2};
  info.has_chance = false;
  info.hidden_information = true;
  info.draw_by_agreement = true;  // rulings, Stratego: "draw by agreement"
  engine::OptionSpec army{"army",
                          engine::OptionType::kString,
                          "classic",
                          "classic: the 40-piece army; seed: the seed's 39-piece list; barrage: "
                          "Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb",
                          0,
                          0,
                          {"classic", "seed", "barrage"}};
  engine::OptionSpec repetition{
      "repetition",
      engine::OptionType::kString,
      "seed",
      "seed: the third move back and forth between two squares is illegal; isf: the fourth, "
      "and the ISF more-squares (chase) rule; five_moves: the sixth, no chase rule (Gravon "
      "until 2005)",
      0,
      0,
      {"seed", "isf", "five_moves"}};
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
                           "moves without an attack",
                           10,
                           100000,
                           {}};
  engine::OptionSpec aggressor{"aggressor_advantage",
                               engine::OptionType::kBool,
                               "false",
                               "seed tournament rule: when equal ranks fight, the attacker wins",
                               0,
                               0,
                               {}};
  engine::OptionSpec silent{"silent_defense",
                            engine::OptionType::kBool,
                            "false",
                            "seed tournament rule: only the attacker declares its rank (a "
                            "defender attacked by a Scout is shown)",
                            0,
                            0,
                            {}};
  engine::OptionSpec rescue{"rescue",
                            engine::OptionType::kBool,
                            "false",
                            "seed tournament rule: a piece (not a Scout) reaching the enemy back "
                            "row may bring back a captured piece, twice per player",
                            0,
                            0,
                            {}};
  info.options = {aggressor, army, max_plies, quiet, repetition, rescue, silent};
  info.rules_version = "stratego-2";
  info.rules_doc = "docs/rules/stratego.md";
  // A whole setup is one turn of up to 40 placements: far too many turns to count, so perft
  // counts actions.
  info.perft_counts_turns = false;
  info.notation_help =
      "move     b4-b7    a piece from b4 to b7 (one square; a Scout any number in a line)\n"
      "attack   b4xb5    (b4-b5 is read the same when b5 holds an enemy piece)\n"
      "setup    a 40-square setup string, Red from a1..k1 to a4..k4, Blue from a7..k7 to "
      "a10..k10,\n"
      "         rank characters F S 2-9 X B ('.' an empty square), e.g.\n"
      "         FBBB333334 BBB4445555 6666777889 XS22222222\n"
      "         preset NAME (e.g. preset fortress), random N (e.g. random 7),\n"
      "         or one piece at a time: X:a1\n"
      "rescue   rescue 9:e2 (option rescue: bring back a captured General onto e2), or no rescue\n";
  engine::RegisterGame(info, [](const engine::GameOptions& options) {
    return std::make_shared<const StrategoGame>(options);
  });
}

// --- State basics
// -----------------------------------------------------------------------------------

StrategoState::StrategoState(const StrategoGame& game, const Position& position)
    : engine::State(game), position_(position) {}

engine::Seat StrategoState::CurrentSeat() const {
  return position_.h.phase == Phase::kOver ? engine::kTerminalSeat : position_.h.to_move;
}

std::unique_ptr<engine::State> StrategoState::Clone() const {
  return std::make_unique<StrategoState>(*this);
}

void StrategoState::CopyFrom(const engine::State& other) {
  position_ = static_cast<const StrategoState&>(other).position_;
}

bool StrategoState::Equals(const engine::State& other) const {
  const auto* that = dynamic_cast<const StrategoState*>(&other);
  return that != nullptr && that->game().id() == game().id() && that->position_ == position_;
}

std::vector<engine::Outcome> StrategoState::Results() const {
  const Header& h = position_.h;
  if (h.phase != Phase::kOver) return {};
  if (!EndedOutsideTheRules(h.ending)) return engine::TwoSeatResults(h.winner);
  return {static_cast<engine::Outcome>(h.outside_results[0]),
          static_cast<engine::Outcome>(h.outside_results[1])};
}

// Win +1, loss -1, draw 0, less their mean, so that they sum to zero whatever results an ending
// outside the rules gave (two losses of an abandoned game score 0 each).
std::vector<double> StrategoState::Returns() const {
  std::vector<double> returns;
  for (engine::Outcome outcome : Results()) {
    returns.push_back(outcome == engine::Outcome::kWin    ? 1.0
                      : outcome == engine::Outcome::kLoss ? -1.0
                                                          : 0.0);
  }
  if (returns.size() == 2) {
    const double mean = (returns[0] + returns[1]) / 2;
    for (double& r : returns) r -= mean;
  }
  return returns;
}

bool StrategoState::EndGame(engine::EndReason reason, std::span<const engine::Outcome> results) {
  position_.EndOutsideTheRules(reason, results);
  return true;
}

// --- Turn flow, as each viewer may know it
// ------------------------------------------------------------------------------------------------

// Rulings "Stratego": a seat sees only whether the other's setup is in progress or done, so
// neither whether it has begun nor how many pieces it has placed.
bool StrategoState::MidTurnShown(engine::Seat viewer) const {
  return MidTurn() && (position_.h.phase != Phase::kSetup || viewer == position_.h.to_move);
}

int StrategoState::ActionsUncountedBy(engine::Seat viewer) const {
  const Header& h = position_.h;
  if (h.phase != Phase::kSetup || viewer == h.to_move) return 0;
  return ArmySize(position_.FullArmy()) - ArmySize(h.to_place[h.to_move]);
}

}  // namespace quartel::stratego
