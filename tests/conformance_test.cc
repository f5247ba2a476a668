// Every registered game runs the shared conformance suite (engine/conformance.h): clone, record
// round-trip, undo, legality and notation of every legal action, refusal of illegal ones, chance
// probabilities, views, results, length bound, determinism and (hidden-information games) view
// invariance, also in the flow of a turn, and endings outside the rules. Variants cover every seat
// count, every rule option off its default, and a short engine cap so that capped endings are
// exercised too.
#include "engine/conformance.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "games/all_games.h"

namespace quartel::engine {
namespace {

struct Variant {
  std::string game;
  std::map<std::string, std::string> options;
};

std::string VariantName(const Variant& variant) {
  std::string name = variant.game;
  for (const auto& [key, value] : variant.options) name += "_" + key + value;
  return name;
}

// GoogleTest prints parameters with this instead of a byte dump.
void PrintTo(const Variant& variant, std::ostream* out) { *out << VariantName(variant); }

// Every registered game with its default options, each other seat count, and a short cap.
std::vector<Variant> AllVariants() {
  games::RegisterAllGames();
  std::vector<Variant> variants;
  for (const GameInfo& info : RegisteredGames()) {
    variants.push_back({info.id, {}});
    for (int seats : info.seat_counts) {
      if (seats != info.seat_counts.front()) {
        variants.push_back({info.id, {{"players", std::to_string(seats)}}});
      }
    }
    for (const OptionSpec& spec : info.options) {
      if (spec.name == "max_turns") {
        variants.push_back({info.id, {{"max_turns", std::to_string(spec.min_value)}}});
      }
      // Every rule option off its default: a rule variant is a path through the rules too.
      if (spec.type == OptionType::kBool) {
        variants.push_back(
            {info.id, {{spec.name, spec.default_value == "true" ? "false" : "true"}}});
      }
      for (const std::string& choice : spec.choices) {
        if (choice != spec.default_value) variants.push_back({info.id, {{spec.name, choice}}});
      }
    }
  }
  return variants;
}

// The number of actions of a random game (chance included): enough to tell the long games.
int RandomGameLength(const Game& game) {
  Rng rng(1);
  std::vector<Action> scratch;
  auto state = game.NewInitialState();
  return PlayRandomToEnd(*state, rng, scratch);
}

class Conformance : public testing::TestWithParam<Variant> {};

TEST_P(Conformance, RandomGamesKeepEveryInvariant) {
  const Variant& variant = GetParam();
  auto game = LoadGame(variant.game, variant.options);
  ConformanceOptions options;
#ifdef NDEBUG
  options.games = 30;
  options.max_checked_plies = 400;
#else
  options.games = 3;  // debug and sanitizer builds are several times slower
  options.max_checked_plies = 120;
#endif
  // Random WAR and WAR-II games run to thousands or tens of thousands of actions (armies are
  // placed and moved one at a time): fewer of them, each still checked at every ply up to
  // max_checked_plies. The other games' random games are a few hundred to two thousand actions.
  if (RandomGameLength(*game) > 3'000) options.games = std::max(1, options.games / 6);
  // Hidden-information games are checked along every path out for every viewer (and against
  // states each seat cannot tell apart), which costs as much again: two thirds of the games.
  if (game->info().hidden_information) options.games = std::max(1, options.games * 2 / 3);
  // Another seat count, a rule option or a short cap changes a few paths through rules the
  // default game already runs through: a third of the games covers them (random WAR-II games with
  // five and six seats cost a minute each when checked at every ply).
  if (!variant.options.empty()) options.games = std::max(1, options.games / 3);
  try {
    RunConformance(*game, options);
  } catch (const Error& e) {
    FAIL() << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, testing::ValuesIn(AllVariants()),
                         [](const testing::TestParamInfo<Variant>& info) {
                           return VariantName(info.param);
                         });

TEST(Registry, UnknownGameAndBadOptionsGiveClearErrors) {
  games::RegisterAllGames();
  try {
    LoadGame("chess");
    FAIL() << "chess loaded";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown game 'chess'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("dablot"), std::string::npos) << e.what();
  }
  try {
    LoadGame("dablot", {{"colour", "red"}});
    FAIL() << "unknown option accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no option 'colour'"), std::string::npos) << e.what();
  }
  try {
    LoadGame("dablot", {{"max_turns", "lots"}});
    FAIL() << "bad integer accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'lots' is not an integer"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(LoadGame("dablot", {{"max_turns", "0"}}), Error);
  EXPECT_THROW(ParseOptionList("max_turns"), Error);
  EXPECT_THROW(ParseOptionList("a=1,a=2"), Error);
  EXPECT_EQ(ParseOptionList(" a = 1 , b=2 ").size(), 2u);
}

TEST(Registry, EveryGameDescribesItself) {
  games::RegisterAllGames();
  for (const GameInfo& info : RegisteredGames()) {
    EXPECT_FALSE(info.display_name.empty()) << info.id;
    EXPECT_FALSE(info.summary.empty()) << info.id;
    EXPECT_FALSE(info.seat_counts.empty()) << info.id;
    EXPECT_FALSE(info.rules_version.empty()) << info.id;
    for (const OptionSpec& spec : info.options) {
      EXPECT_FALSE(spec.help.empty()) << info.id << " " << spec.name;
    }
    auto game = LoadGame(info.id);
    EXPECT_GT(game->NumDistinctActions(), 0);
    EXPECT_GT(game->MaxGameLength(), 0);
    EXPECT_GT(game->TensorSize(), 0);
  }
}

}  // namespace
}  // namespace quartel::engine
