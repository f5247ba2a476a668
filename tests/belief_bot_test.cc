// Tests of the belief bot (src/ai/belief_bot.h) for Stratego (classic and Barrage) and Espionage:
// it sees only its own view (two states its seat cannot tell apart give the same action), its
// worlds keep what the seat has seen (a piece that moved is no Flag/Bomb or Headquarters/Mine, a
// Scout shown by its long move stays a Scout, the seat's view of every world is its real view), it
// is deterministic under an iteration budget, plays only legal actions, and refuses bad keys. Its
// strength against `heuristic` is measured by arenas (the report of the change), not here.
#include "ai/belief_bot.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "engine/seat_handle.h"
#include "engine/state.h"
#include "games/all_games.h"
#include "games/espionage/espionage.h"
#include "games/stratego/stratego.h"

namespace quartel::ai {
namespace {

using engine::Action;
using engine::SeatHandle;

constexpr char kBot[] = "belief:depth=2,iterations=2";

struct Variant {
  std::string game;
  std::map<std::string, std::string> options;
};

class BeliefBotTest : public ::testing::TestWithParam<Variant> {
 protected:
  static void SetUpTestSuite() {
    games::RegisterAllGames();
    RegisterBuiltinBots();
  }
  std::shared_ptr<const engine::Game> Game() const {
    return engine::LoadGame(GetParam().game, GetParam().options);
  }
};

// Plays the belief bot (seed `seed`) on `seat` against `opponent` for at most `max_plies`
// actions; `at_decision(state)` runs before each of the bot's decisions in the play phase. Every
// action goes through the checked ApplyAction (an illegal one throws).
std::unique_ptr<engine::State> Play(const engine::Game& game, int seat, std::uint64_t seed,
                                    const std::string& opponent, int max_plies,
                                    const std::function<void(const engine::State&)>& at_decision) {
  auto bot = MakeBot(kBot, game, seed);
  auto other = MakeBot(opponent, game, seed + 1);
  Rng chance(seed);
  auto state = game.NewInitialState();
  for (int ply = 0; ply < max_plies && !state->IsTerminal(); ++ply) {
    if (state->IsChanceNode()) {
      state->ApplyAction(engine::SampleChanceOutcome(*state, chance));
      continue;
    }
    const int to_act = state->CurrentSeat();
    const SeatHandle handle(*state, to_act);
    if (to_act == seat) {
      if (handle.ViewJson().value("phase", std::string()) == "play") at_decision(*state);
      state->ApplyAction(bot->ChooseAction(handle));
    } else {
      state->ApplyAction(other->ChooseAction(handle));
    }
  }
  return state;
}

// Own view only: along games, two states dealt from the real one by SampleConsistentState (the
// opponent's unseen ranks permuted, the seat's view byte-identical) get the same action from two
// bots made with the same seed.
TEST_P(BeliefBotTest, SameViewSameAction) {
  const auto game = Game();
  Rng deal(11);
  // Barrage games are short: every decision is compared there.
  const int every = GetParam().options.empty() ? 5 : 1;
  int compared = 0, differing = 0;
  for (int seat = 0; seat < 2; ++seat) {
    int decision = 0;
    Play(*game, seat, 100 + seat, "heuristic", 300, [&](const engine::State& state) {
      if (decision++ % every != 0) return;
      const auto one = state.SampleConsistentState(seat, deal);
      const auto two = state.SampleConsistentState(seat, deal);
      ASSERT_EQ(one->ViewJson(seat).dump(), two->ViewJson(seat).dump());
      if (!one->Equals(*two)) ++differing;
      auto bot_one = MakeBot(kBot, *game, 7);
      auto bot_two = MakeBot(kBot, *game, 7);
      ASSERT_EQ(bot_one->ChooseAction(SeatHandle(*one, seat)),
                bot_two->ChooseAction(SeatHandle(*two, seat)))
          << state.ViewText(seat, false);
      ++compared;
    });
  }
  EXPECT_GT(compared, 10);
  EXPECT_GT(differing, 5);  // the hidden ranks really differed
}

// The opponent's piece on `sq` of a world: its rank and whether it moved; false when none.
bool EnemyAt(const engine::State& world, int sq, int seat, int& rank, bool& moved) {
  if (const auto* s = dynamic_cast<const stratego::StrategoState*>(&world)) {
    const std::uint8_t c = s->position().board[sq];
    if (c == 0 || stratego::PieceOwner(c) == seat) return false;
    rank = stratego::PieceRank(c);
    moved = (c & stratego::kMoved) != 0;
    return true;
  }
  const auto& e = static_cast<const espionage::EspionageState&>(world);
  const espionage::CellBits c = e.position().board[sq];
  if (!espionage::IsPiece(c) || espionage::Owner(c) == seat) return false;
  rank = espionage::RankOf(c);
  moved = (c & espionage::kMovedBit) != 0;
  return true;
}

// The belief rules: in every world the seat's view is its real view (shown ranks, Scouts shown by
// their long moves and Spies' recognitions kept), no piece that moved is a Flag or Bomb
// (Espionage: Headquarters or Mine), and the worlds do differ from the real state.
TEST_P(BeliefBotTest, WorldsKeepWhatTheSeatKnows) {
  const auto game = Game();
  const bool stratego = GetParam().game == "stratego";
  Rng rng(5);
  int worlds = 0, moved_seen = 0, differing = 0;
  for (int seat = 0; seat < 2; ++seat) {
    int decision = 0;
    Play(*game, seat, 300 + seat, "heuristic", 400, [&](const engine::State& state) {
      if (decision++ % 6 != 0) return;
      const std::string view = state.ViewJson(seat).dump();
      for (int i = 0; i < 4; ++i) {
        const auto world = SampleBeliefWorld(SeatHandle(state, seat), rng);
        ASSERT_EQ(world->ViewJson(seat).dump(), view);
        if (!world->Equals(state)) ++differing;
        for (int sq = 0; sq < 100; ++sq) {
          int rank = 0;
          bool moved = false;
          if (!EnemyAt(*world, sq, seat, rank, moved) || !moved) continue;
          ++moved_seen;
          if (stratego) {
            ASSERT_TRUE(stratego::Movable(rank)) << "a moved piece dealt " << rank;
          } else {
            ASSERT_TRUE(espionage::Mobile(rank)) << "a moved piece dealt " << rank;
          }
        }
        ++worlds;
      }
    });
  }
  EXPECT_GT(worlds, 20);
  EXPECT_GT(moved_seen, 50);
  EXPECT_GT(differing, worlds / 2);
}

// Same seed, same state, an iteration budget: the same action, every time.
TEST_P(BeliefBotTest, DeterministicUnderAnIterationBudget) {
  const auto game = Game();
  int checked = 0;
  Play(*game, 0, 900, "random", 200, [&](const engine::State& state) {
    std::vector<Action> chosen;
    for (int i = 0; i < 2; ++i) {
      auto bot = MakeBot("belief:iterations=3,depth=2", *game, 42);
      chosen.push_back(bot->ChooseAction(SeatHandle(state, 0)));
    }
    ASSERT_EQ(chosen[0], chosen[1]);
    ++checked;
  });
  EXPECT_GT(checked, 10);
}

// Whole games against random through the checked ApplyAction, both seats: legal actions only,
// and the belief bot wins them.
TEST_P(BeliefBotTest, PlaysLegalGamesAndBeatsRandom) {
  const auto game = Game();
  int wins = 0;
  for (int seat = 0; seat < 2; ++seat) {
    const auto end = Play(*game, seat, 700 + seat, "random", 100000, [](const engine::State&) {});
    ASSERT_TRUE(end->IsTerminal());
    if (end->Returns()[seat] > 0) ++wins;
  }
  EXPECT_EQ(wins, 2);
}

INSTANTIATE_TEST_SUITE_P(Games, BeliefBotTest,
                         ::testing::Values(Variant{"stratego", {}},
                                           Variant{"stratego", {{"army", "barrage"}}},
                                           Variant{"espionage", {}}),
                         [](const ::testing::TestParamInfo<Variant>& info) {
                           return info.param.game + (info.param.options.empty() ? "" : "_barrage");
                         });

// A long move shows a Scout: after Blue's Scout runs two squares, in every world Red draws the
// piece on its square is a Scout, and the bot still answers with a legal action.
TEST(BeliefBot, APieceThatRanTwoSquaresIsAScout) {
  games::RegisterAllGames();
  RegisterBuiltinBots();
  const auto game = engine::LoadGame("stratego");
  auto state = game->NewInitialState();
  for (int seat = 0; seat < 2; ++seat) {
    for (Action a : state->StringToTurn("preset blitz")) state->ApplyAction(a);
  }
  // Red moves a piece one square, then Blue runs a Scout at least two.
  for (Action a : state->LegalActions()) {
    if (stratego::MoveDistance(a) == 1) {
      state->ApplyAction(a);
      break;
    }
  }
  int target = -1;
  for (Action a : state->LegalActions()) {
    const int to = stratego::IsMove(a) ? stratego::Step(stratego::MoveFrom(a), stratego::MoveDir(a),
                                                        stratego::MoveDistance(a))
                                       : -1;
    const auto& board = static_cast<const stratego::StrategoState&>(*state).position().board;
    if (stratego::MoveDistance(a) >= 2 && to >= 0 && board[to] == 0) {
      target = to;
      state->ApplyAction(a);
      break;
    }
  }
  ASSERT_GE(target, 0) << "the preset lets no Scout run";
  Rng rng(3);
  for (int i = 0; i < 50; ++i) {
    const auto world = SampleBeliefWorld(SeatHandle(*state, 0), rng);
    int rank = 0;
    bool moved = false;
    ASSERT_TRUE(EnemyAt(*world, target, 0, rank, moved));
    EXPECT_EQ(rank, stratego::kScout);
  }
  auto bot = MakeBot(kBot, *game, 1);
  const Action a = bot->ChooseAction(SeatHandle(*state, 0));
  EXPECT_EQ(state->WhyIllegal(a), "");
}

// Bad keys and values are refused with a message naming them; other games are refused.
TEST(BeliefBot, RefusesBadSpecs) {
  games::RegisterAllGames();
  RegisterBuiltinBots();
  const auto stratego = engine::LoadGame("stratego");
  const auto message = [&](const std::string& spec, const engine::Game& game) -> std::string {
    try {
      MakeBot(spec, game, 1);
    } catch (const Error& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_NE(message("belief:depth=9", *stratego).find("bad value '9' for key 'depth'"),
            std::string::npos);
  EXPECT_NE(message("belief:iterations=0", *stratego).find("key 'iterations'"), std::string::npos);
  EXPECT_NE(message("belief:temperature=-1", *stratego).find("key 'temperature'"),
            std::string::npos);
  EXPECT_NE(message("belief:speed=3", *stratego).find("unknown key 'speed'"), std::string::npos);
  EXPECT_NE(message("belief", *engine::LoadGame("dablot")).find("Stratego and Espionage"),
            std::string::npos);
  EXPECT_EQ(MakeBot("belief:depth=3,iterations=4", *stratego, 1)->Spec(),
            "belief:depth=3,iterations=4");
}

}  // namespace
}  // namespace quartel::ai
