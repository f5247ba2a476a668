// The "alphabeta" bot (src/ai/alphabeta.h): forced wins found in composed positions and checked by
// an independent brute force, wins scored by their distance (the shorter preferred), the same
// game for the same seed under a node budget, only legal actions, and clear errors for bad keys.
#include "ai/alphabeta.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/seat_handle.h"
#include "engine/state.h"
#include "games/all_games.h"
#include "games/dablot/board.h"

namespace quartel::ai {
namespace {

std::shared_ptr<const engine::Game> Load(const std::string& id,
                                         const std::map<std::string, std::string>& options = {}) {
  games::RegisterAllGames();
  RegisterBuiltinBots();
  return engine::LoadGame(id, options);
}

// Dablot's 13 rows (6 or 5 points each) with `letter` on 1-based `point`s (dablot.h).
std::string DablotBoard(const std::map<int, char>& pieces) {
  std::string out;
  int point = 1;
  for (int y = 0; y < 13; ++y) {
    if (y > 0) out += '/';
    for (int i = 0; i < (y % 2 == 0 ? 6 : 5); ++i, ++point) {
      out += pieces.count(point) ? pieces.at(point) : '.';
    }
  }
  return out;
}

// Conspiradores' 17 rows, 17 down to 1, with a seat letter on the named points ("B2").
std::string ConspiradoresBoard(const std::map<std::string, char>& pieces) {
  std::vector<std::string> rows(17, std::string(17, '.'));
  for (const auto& [name, letter] : pieces) {
    const int col = name[0] - 'A', row = std::stoi(name.substr(1)) - 1;
    rows[16 - row][col] = letter;
  }
  std::string out;
  for (int r = 0; r < 17; ++r) out += (r ? "/" : "") + rows[r];
  return out;
}

// Independent of the bot: whether `seat` wins within `actions` actions whatever the others do
// (plain minimax over every legal action; a jump chain is the same seat acting again).
bool ForcedWin(engine::State& state, engine::Seat seat, int actions) {
  if (state.IsTerminal()) return state.Returns()[seat] > 0;
  if (actions == 0) return false;
  const bool mine = state.CurrentSeat() == seat;
  for (const engine::Action action : state.LegalActions()) {
    auto child = state.Clone();
    child->ApplyAction(action);
    const bool win = ForcedWin(*child, seat, actions - 1);
    if (mine && win) return true;
    if (!mine && !win) return false;
  }
  return !mine;
}

struct Searched {
  engine::Action action;
  AlphaBetaStats stats;
};

Searched Search(const engine::State& state, const AlphaBetaConfig& config) {
  AlphaBetaSearcher searcher(MakeAlphaBetaEval(state.game().id()));
  Rng rng(1);
  Searched out{};
  out.action =
      searcher.Choose(engine::SeatHandle(state, state.CurrentSeat()), config, rng, &out.stats);
  return out;
}

AlphaBetaConfig Depth(int depth) {
  AlphaBetaConfig config;
  config.max_depth = depth;
  config.tt_log2 = 16;
  return config;
}

// The Sámi soldier on 23 takes the last Swedish piece: a win in one action, scored as such.
TEST(AlphaBeta, DablotTakesTheWinInOne) {
  auto game = Load("dablot");
  auto state =
      game->NewStateFromPosition(DablotBoard({{1, 'S'}, {23, 'S'}, {29, 's'}}) + " sami - 10 21 -");
  const Searched found = Search(*state, Depth(6));
  EXPECT_EQ(state->ActionToString(found.action), "23x35");
  EXPECT_EQ(found.stats.score, kWinScore - 1);
}

// The Swedish soldier in the corner (72) can only step to 66, where the soldier on 60 takes it
// (its other jumps are blocked by 70 and 50). No Sámi move wins at once: the bot waits with a move
// that keeps the trap, a win in three actions, and the brute force confirms both facts.
TEST(AlphaBeta, DablotFindsTheForcedWinInThree) {
  auto game = Load("dablot");
  auto state = game->NewStateFromPosition(
      DablotBoard({{1, 'S'}, {50, 'S'}, {60, 'S'}, {61, 'S'}, {70, 'S'}, {71, 'S'}, {72, 's'}}) +
      " sami - 30 61 -");
  ASSERT_FALSE(ForcedWin(*state, 0, 1));
  ASSERT_TRUE(ForcedWin(*state, 0, 3));
  const Searched found = Search(*state, Depth(8));
  EXPECT_EQ(found.stats.score, kWinScore - 3);
  auto after = state->Clone();
  after->ApplyAction(found.action);
  EXPECT_TRUE(ForcedWin(*after, 0, 2)) << state->ActionToString(found.action);
}

// Shorter wins score higher: White shelters its last piece at once (the last seat with an
// unsheltered piece loses), rather than any of the longer wins a deep search also sees.
TEST(AlphaBeta, ConspiradoresPrefersTheShorterWin) {
  auto game = Load("conspiradores");
  auto state = game->NewStateFromPosition(
      ConspiradoresBoard({{"C3", 'W'}, {"A1", 'W'}, {"H9", 'B'}, {"I9", 'B'}}) +
      " W WB - board 50 50 -");
  ASSERT_TRUE(ForcedWin(*state, 0, 3));
  const Searched found = Search(*state, Depth(5));
  EXPECT_EQ(found.stats.score, kWinScore - 3);
  // After the first step, the win is one action away and scored so.
  auto after = state->Clone();
  after->ApplyAction(found.action);
  after->ApplyAction(after->LegalActions().front());  // Black's reply
  ASSERT_EQ(after->CurrentSeat(), 0);
  const Searched next = Search(*after, Depth(5));
  EXPECT_EQ(next.stats.score, kWinScore - 1);
  after->ApplyAction(next.action);
  ASSERT_TRUE(after->IsTerminal());
  EXPECT_GT(after->Returns()[0], 0);
}

// Plays `game` with two bots from `a` and `b` specs, checking each action with the engine's
// checked ApplyAction; returns the actions.
std::vector<engine::Action> Play(const engine::Game& game, const std::string& a,
                                 const std::string& b, std::uint64_t seed, int max_actions) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < game.NumSeats(); ++s) bots.push_back(MakeBot(s % 2 ? b : a, game, seed + s));
  auto state = game.NewInitialState();
  Rng chance(seed);
  std::vector<engine::Action> played;
  while (!state->IsTerminal() && static_cast<int>(played.size()) < max_actions) {
    engine::Action action;
    if (state->IsChanceNode()) {
      action = state->ChanceOutcomes().front().action;
    } else {
      const engine::Seat seat = state->CurrentSeat();
      action = bots[seat]->ChooseAction(engine::SeatHandle(*state, seat));
    }
    state->ApplyAction(action);  // throws on an illegal action
    played.push_back(action);
  }
  return played;
}

TEST(AlphaBeta, DeterministicForASeedUnderANodeBudget) {
  auto game = Load("dablot");
  const auto first =
      Play(*game, "alphabeta:nodes=3000", "alphabeta:nodes=2000,temperature=1", 7, 60);
  const auto second =
      Play(*game, "alphabeta:nodes=3000", "alphabeta:nodes=2000,temperature=1", 7, 60);
  EXPECT_EQ(first, second);
  EXPECT_EQ(first.size(), 60u);
}

// The bot remembers the positions it had to move in during the game and does not walk back into
// one (neither game has a repetition rule: two careful bots shuffled to the turn cap). Its move
// from a quiet position is taken back, and the opponent's reply too; from the same position again
// it plays something else, while a bot that has not seen the game plays the first move again.
TEST(AlphaBeta, DablotDoesNotWalkBackIntoAPositionItHadBefore) {
  auto game = Load("dablot");
  auto state = game->NewStateFromPosition(
      DablotBoard({{1, 'S'}, {3, 'S'}, {5, 'S'}, {68, 's'}, {70, 's'}, {72, 's'}}) +
      " sami - 10 21 -");
  const auto reverse = [](engine::Action step) {
    const int from = dablot::ActionFrom(step), dir = dablot::ActionDir(step);
    return dablot::StepAction(from + dablot::kDirDelta[dir], (dir + 4) % dablot::kNumDirs);
  };
  const auto choose = [&](Bot& bot) { return bot.ChooseAction(engine::SeatHandle(*state, 0)); };
  auto bot = MakeBot("alphabeta:depth=3", *game, 1);
  const engine::Action first = choose(*bot);
  ASSERT_TRUE(dablot::IsStep(first)) << state->ActionToString(first);
  state->ApplyAction(first);
  const engine::Action reply = state->LegalActions().front();
  ASSERT_TRUE(dablot::IsStep(reply)) << state->ActionToString(reply);
  state->ApplyAction(reply);
  choose(*bot);  // the bot sees this position (its answer is not played)
  state->ApplyAction(reverse(first));
  state->ApplyAction(reverse(reply));

  const engine::Action again = choose(*bot);
  EXPECT_NE(again, first) << state->ActionToString(first) << " leads back to a position it had";
  auto fresh = MakeBot("alphabeta:depth=3", *game, 1);
  EXPECT_EQ(choose(*fresh), first) << "without the game's positions the first move is the best";
}

TEST(AlphaBeta, PlaysOnlyLegalActions) {
  auto dablot = Load("dablot", {{"max_turns", "60"}});
  Play(*dablot, "alphabeta:nodes=1500", "random", 3, 400);
  auto four = Load("conspiradores", {{"players", "4"}, {"max_turns", "80"}});
  Play(*four, "alphabeta:nodes=800", "alphabeta:depth=1,temperature=2", 5, 400);
}

// A temperature spreads the first choice over several actions (a softmax of the root's scores).
TEST(AlphaBeta, TemperatureVariesTheChoice) {
  auto game = Load("dablot");
  auto state = game->NewInitialState();
  state->ApplyAction(dablot::kSamiFirst);
  std::set<engine::Action> chosen;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    auto bot = MakeBot("alphabeta:depth=1,temperature=5", *game, seed);
    chosen.insert(bot->ChooseAction(engine::SeatHandle(*state, 0)));
  }
  EXPECT_GE(chosen.size(), 3u);
  auto best = MakeBot("alphabeta:depth=1", *game, 1);
  const engine::Action a = best->ChooseAction(engine::SeatHandle(*state, 0));
  EXPECT_EQ(best->ChooseAction(engine::SeatHandle(*state, 0)), a);
}

TEST(AlphaBeta, BadKeysAreRefusedClearly) {
  auto game = Load("dablot");
  auto error = [&](const std::string& spec) {
    try {
      MakeBot(spec, *game, 1);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error("alphabeta:depth=0").find("bad value '0' for key 'depth'"), std::string::npos);
  EXPECT_NE(error("alphabeta:nodes=abc").find("key 'nodes'"), std::string::npos);
  EXPECT_NE(error("alphabeta:ms=-5").find("key 'ms'"), std::string::npos);
  EXPECT_NE(error("alphabeta:turn_ms=0").find("key 'turn_ms'"), std::string::npos);
  EXPECT_NE(error("alphabeta:temperature=hot").find("key 'temperature'"), std::string::npos);
  EXPECT_NE(error("alphabeta:iterations=5").find("unknown key 'iterations'"), std::string::npos);
  EXPECT_EQ(MakeBot("alphabeta:nodes=10,depth=3", *game, 1)->Spec(), "alphabeta:depth=3,nodes=10");
  auto stratego = Load("stratego");
  try {
    MakeBot("alphabeta", *stratego, 1);
    ADD_FAILURE() << "alphabeta made for stratego";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("dablot and conspiradores"), std::string::npos);
  }
}

}  // namespace
}  // namespace quartel::ai
