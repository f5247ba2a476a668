// The ladder's ratings (src/ai/ladder.h), the levels (src/ai/levels.h) and the engine's cap
// endings (State::EndedAtCap) that the ladder counts.
#include "ai/ladder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ai/bot.h"
#include "ai/levels.h"
#include "cli/commands.h"
#include "core/error.h"
#include "core/json.h"
#include "core/rng.h"
#include "engine/playout.h"
#include "games/all_games.h"

namespace quartel {
namespace {

constexpr double kEloPerNatural = 400.0 / 2.302585092994046;

// Two bots: the maximum-likelihood gap has a closed form, with the virtual draw added.
TEST(Ladder, TwoBotsGetTheGapTheirScoreImplies) {
  std::vector<double> elo, error95;
  ai::RateLadder(2, {{.a = 0, .b = 1, .score_a = 76, .games = 100}}, elo, error95);
  const double p = (76 + 0.5) / 101;
  const double gap = 400 * std::log10(p / (1 - p));
  EXPECT_NEAR(elo[0] - elo[1], gap, 1e-6);
  EXPECT_NEAR((elo[0] + elo[1]) / 2, 1500, 1e-9);
  // Each is half the gap from the mean; the gap's variance is 1 / (G p (1 - p)).
  const double half_width = 1.959963984540054 * kEloPerNatural * 0.5 / std::sqrt(101 * p * (1 - p));
  EXPECT_NEAR(error95[0], half_width, 1e-6);
  EXPECT_NEAR(error95[1], half_width, 1e-6);
}

TEST(Ladder, EvenResultsGiveEqualRatingsAndAPerfectScoreAFiniteGap) {
  std::vector<double> elo, error95;
  ai::RateLadder(3,
                 {{.a = 0, .b = 1, .score_a = 10, .games = 20},
                  {.a = 0, .b = 2, .score_a = 10, .games = 20},
                  {.a = 1, .b = 2, .score_a = 10, .games = 20}},
                 elo, error95);
  for (double rating : elo) EXPECT_NEAR(rating, 1500, 1e-6);
  ai::RateLadder(2, {{.a = 0, .b = 1, .score_a = 0, .games = 50}}, elo, error95);
  EXPECT_LT(elo[0], elo[1]);
  EXPECT_TRUE(std::isfinite(elo[1] - elo[0]));
  EXPECT_NEAR(elo[1] - elo[0], 400 * std::log10(50.5 / 0.5), 1e-6);
}

TEST(Ladder, MoreGamesNarrowTheInterval) {
  std::vector<double> elo, few, many;
  ai::RateLadder(2, {{.a = 0, .b = 1, .score_a = 6, .games = 10}}, elo, few);
  ai::RateLadder(2, {{.a = 0, .b = 1, .score_a = 600, .games = 1000}}, elo, many);
  EXPECT_GT(few[0], 3 * many[0]);
}

TEST(Ladder, RefusesNonsense) {
  std::vector<double> elo, error95;
  EXPECT_THROW(ai::RateLadder(1, {}, elo, error95), Error);
  EXPECT_THROW(ai::RateLadder(2, {{.a = 0, .b = 2, .score_a = 1, .games = 1}}, elo, error95),
               Error);
}

// The command: a real round robin of three bots, its table, JSON and SVG.
TEST(Ladder, CommandWritesTheTableJsonAndSvg) {
  const auto dir = std::filesystem::temp_directory_path() / "quartel-ladder-test";
  std::filesystem::remove_all(dir);
  std::ostringstream out;
  ASSERT_EQ(cli::Ladder("dablot", "max_turns=40", "random,mcts:iterations=30,c=1.4,beginner", 4, 2,
                        7, (dir / "dablot").string(), out),
            0);
  std::ifstream json_file(dir / "dablot.json");
  const Json ladder = Json::parse(json_file);
  ASSERT_EQ(ladder["bots"].size(), 3u);
  EXPECT_EQ(ladder["bots"][1]["spec"], "mcts:c=1.4,iterations=30");
  EXPECT_EQ(ladder["bots"][2]["spec"], "beginner");
  ASSERT_EQ(ladder["pairs"].size(), 3u);
  int games = 0;
  for (const Json& pair : ladder["pairs"]) {
    EXPECT_EQ(pair["a_wins"].get<int>() + pair["draws"].get<int>() + pair["b_wins"].get<int>(), 4);
    games += pair["games"].get<int>();
  }
  EXPECT_EQ(games, 12);
  double mean = 0;
  for (const Json& bot : ladder["bots"]) {
    EXPECT_EQ(bot["games"], 8);
    EXPECT_GT(bot["error95"].get<double>(), 0);
    EXPECT_GE(bot["rule_endings"].get<double>(), 0);
    EXPECT_LE(bot["rule_endings"].get<double>(), 1);
    mean += bot["elo"].get<double>() / 3;
  }
  EXPECT_NEAR(mean, 1500, 0.2);  // rounded to a tenth each
  std::ifstream svg_file(dir / "dablot.svg");
  const std::string svg((std::istreambuf_iterator<char>(svg_file)), {});
  EXPECT_TRUE(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_NE(svg.find("mcts:c=1.4,iterations=30"), std::string::npos);
  EXPECT_NE(out.str().find("beginner"), std::string::npos);
  // Same seed, same games: a ladder at iteration budgets replays.
  std::ostringstream again;
  cli::Ladder("dablot", "max_turns=40", "random,mcts:iterations=30,c=1.4,beginner", 4, 1, 7,
              (dir / "again").string(), again);
  std::ifstream again_file(dir / "again.json");
  EXPECT_EQ(Json::parse(again_file)["pairs"], ladder["pairs"]);
  EXPECT_THROW(cli::Ladder("dablot", "", "random", 4, 1, 7, (dir / "x").string(), out), Error);
  EXPECT_THROW(cli::Ladder("dablot", "", "c=1,random", 4, 1, 7, (dir / "x").string(), out), Error);
  EXPECT_THROW(cli::Ladder("dablot", "", "random,nosuchbot", 4, 1, 7, (dir / "x").string(), out),
               Error);
  std::filesystem::remove_all(dir);
}

// Every level plays every game, and is deterministic for a seed (iteration budgets only).
TEST(Levels, EveryLevelPlaysEveryGameAndReplaysForASeed) {
  games::RegisterAllGames();
  ai::RegisterBuiltinBots();
  for (const engine::GameInfo& info : engine::RegisteredGames()) {
    const auto game = engine::LoadGame(info.id);
    for (const std::string& level : ai::LevelNames()) {
      SCOPED_TRACE(info.id + " " + level);
      EXPECT_EQ(ai::MakeBot(level, *game, 1)->Spec(), level);
      EXPECT_FALSE(ai::LevelSpec(level, *game).empty());
    }
    // The beginner's first few decisions, twice.
    const auto play = [&](std::uint64_t seed) {
      auto bot = ai::MakeBot("beginner", *game, seed);
      auto state = game->NewInitialState();
      Rng chance(seed);
      std::vector<engine::Action> actions;
      for (int decisions = 0; decisions < 6 && !state->IsTerminal();) {
        engine::Action action;
        if (state->IsChanceNode()) {
          action = engine::SampleChanceOutcome(*state, chance);
        } else {
          action = bot->ChooseAction(engine::SeatHandle(*state, state->CurrentSeat()));
          ++decisions;
        }
        actions.push_back(action);
        state->ApplyAction(action);
      }
      return actions;
    };
    EXPECT_EQ(play(3), play(3)) << info.id;
  }
  EXPECT_THROW(ai::MakeBot("expert:iterations=5", *engine::LoadGame("dablot"), 1), Error);
}

// Hidden information: every level, and the bots the levels are made of, act only through their
// seat's handle. Two states the seat cannot tell apart (the real one and one sampled for it) give
// the same action for the same seed, in positions reached by random play.
TEST(Levels, ActTheSameInStatesTheSeatCannotTellApart) {
  games::RegisterAllGames();
  ai::RegisterBuiltinBots();
  for (const engine::GameInfo& info : engine::RegisteredGames()) {
    if (!info.hidden_information) continue;
    const auto game = engine::LoadGame(info.id);
    std::vector<std::string> specs = ai::LevelNames();
    for (const std::string extra : {"heuristic", "belief", "warplan"}) {
      try {
        ai::MakeBot(extra, *game, 1);
        specs.push_back(extra);
      } catch (const Error&) {
        // not a bot of this game
      }
    }
    Rng rng(11);
    std::vector<engine::Action> scratch;
    auto state = game->NewInitialState();
    int checked = 0;
    int hidden_differs = 0;  // twins that do differ from the real state where the seat cannot see
    for (int ply = 0; ply < 400 && !state->IsTerminal(); ++ply) {
      const engine::Seat seat = state->CurrentSeat();
      if (seat >= 0 && ply % 97 == 0) {
        const auto twin = state->SampleConsistentState(seat, rng);
        hidden_differs += twin->Equals(*state) ? 0 : 1;
        for (const std::string& spec : specs) {
          SCOPED_TRACE(info.id + " " + spec + " at ply " + std::to_string(ply));
          const engine::Action real =
              ai::MakeBot(spec, *game, 5)->ChooseAction(engine::SeatHandle(*state, seat));
          const engine::Action other =
              ai::MakeBot(spec, *game, 5)->ChooseAction(engine::SeatHandle(*twin, seat));
          EXPECT_EQ(real, other);
        }
        ++checked;
      }
      state->ApplyAction(engine::RandomAction(*state, rng, scratch));
    }
    EXPECT_GE(checked, 2) << info.id;
    EXPECT_GE(hidden_differs, 1) << info.id << ": no twin differed, nothing was tested";
  }
}

// The ladder tells endings by the rules from the engine's caps.
TEST(EndedAtCap, TheCapsAreToldFromTheRules) {
  games::RegisterAllGames();
  // States point to their game, which must outlive them.
  std::vector<std::shared_ptr<const engine::Game>> games;
  const auto random_to_end = [&games](const std::string& id, const std::string& options,
                                      std::uint64_t seed) {
    const auto& game = games.emplace_back(engine::LoadGame(id, engine::ParseOptionList(options)));
    auto state = game->NewInitialState();
    Rng rng(seed);
    std::vector<engine::Action> scratch;
    while (!state->IsTerminal()) state->ApplyAction(engine::RandomAction(*state, rng, scratch));
    return state;
  };
  for (const auto& [id, options] :
       std::vector<std::pair<std::string, std::string>>{{"dablot", "max_turns=10"},
                                                        {"conspiradores", "max_turns=30"},
                                                        {"stratego", "max_plies=10"},
                                                        {"espionage", "max_plies=10"},
                                                        {"war", "max_turns=2"},
                                                        {"war2", "max_turns=2"}}) {
    EXPECT_TRUE(random_to_end(id, options, 1)->EndedAtCap()) << id;
  }
  // Resigned, not capped.
  const auto stratego = engine::LoadGame("stratego");
  auto resigned = stratego->NewInitialState();
  const std::vector<engine::Outcome> results{engine::Outcome::kLoss, engine::Outcome::kWin};
  ASSERT_TRUE(resigned->EndGame(engine::EndReason::kResignation, results));
  EXPECT_FALSE(resigned->EndedAtCap());
  // Random Stratego games with the default caps end by the rules often enough to find one.
  int by_rules = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    by_rules += random_to_end("stratego", "", seed)->EndedAtCap() ? 0 : 1;
  }
  EXPECT_GT(by_rules, 0);
}

}  // namespace
}  // namespace quartel
