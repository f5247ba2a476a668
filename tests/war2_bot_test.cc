// Tests of the WAR-II heuristic bot (src/ai/war2_bot.cc; issue 23, section 1): it plays whole
// games to an ending by the rules (not the engine's turn cap), with and without the Information
// Centres; in positions built for it, it uses the air base's bombers against the target they help,
// a card of an enemy territory for bombers, a card of its own border for armies, a transport to
// the front, and places, uses and withdraws its Information Centre; it sees only its own view
// (two states its seat cannot tell apart give the same action).
#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "ai/war_bot.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "engine/state.h"
#include "games/war/war.h"
#include "war_test_helpers.h"

namespace quartel::ai {
namespace {

using engine::Action;
using war::Phase;
using war::Position;
using war::WarGame;
using war::WarState;
using namespace war::test_helpers;  // war_test_helpers.h

class War2BotTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { RegisterBuiltinBots(); }

  // The heuristic's choice for the seat to act.
  static Action Choose(const WarState& state, std::uint64_t seed = 5) {
    auto bot = MakeBot("heuristic", state.war_game(), seed);
    return bot->ChooseAction(engine::SeatHandle(state, state.CurrentSeat()));
  }
};

// SimpleBoard (war_test_helpers.h: seat 0's attacks, territory t seat t % 3's with 1 army) with
// an objective of its own for each seat: Ásia and África, Ásia and América do Sul, América do
// Norte and Oceania (WAR's cards 4, 1 and 7), none near.
std::unique_ptr<WarState> Board3(const WarGame& game) {
  auto state = SimpleBoard(game);
  Change(*state, [](Position& p) {
    p.objective[0] = 4;
    p.objective[1] = 1;
    p.objective[2] = 7;
  });
  return state;
}

// One game with the heuristic on every seat; `at_node(state)` runs before each action, chance
// outcomes included. The checked ApplyAction throws on an illegal action.
template <typename Visit>
std::unique_ptr<engine::State> PlayBotsOnly(const engine::Game& game, std::uint64_t seed,
                                            Visit at_node) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int seat = 0; seat < game.NumSeats(); ++seat) {
    bots.push_back(MakeBot("heuristic", game, seed + seat));
  }
  Rng chance(seed);
  auto state = game.NewInitialState();
  while (!state->IsTerminal()) {
    at_node(*state);
    if (state->IsChanceNode()) {
      state->ApplyAction(engine::SampleChanceOutcome(*state, chance));
    } else {
      state->ApplyAction(bots[state->CurrentSeat()]->ChooseAction(
          engine::SeatHandle(*state, state->CurrentSeat())));
    }
  }
  return state;
}

// Whole games end by the rules, a winner by its objective or as the last player, never at the
// engine's turn cap; the bot plays every kind of WAR-II action along the way.
TEST_F(War2BotTest, FinishesGamesByTheRules) {
  struct Case {
    int players;
    std::map<std::string, std::string> options;
  };
  const std::vector<Case> cases = {{3, {}},
                                   {4, {{"spy_centre", "true"}}},
                                   {5, {}},
                                   {6, {{"variant", "true"}, {"spy_centre", "true"}}}};
  std::map<std::string, int> kinds;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const WarGame& game = LoadWarGame("war2", cases[i].players, cases[i].options);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      auto state = PlayBotsOnly(game, 100 * i + seed, [&](const engine::State& s) {
        const auto& war = static_cast<const WarState&>(s);
        const Position& p = war.position();
        if (p.phase == Phase::kClaim) ++kinds["claim"];
        if (p.phase == Phase::kCardUse) ++kinds["card use"];
        if (p.phase == Phase::kAirRound) ++kinds["air round"];
        if (game.spy_centre() && p.ci[p.seat] >= 0) ++kinds["centre placed"];
        if (p.spied >= 0) ++kinds["spied"];
      });
      const auto& war = static_cast<const WarState&>(*state);
      EXPECT_GE(war.position().winner, 0)
          << cases[i].players << " players, seed " << seed << ": no winner (turn cap)";
      EXPECT_LT(war.position().turns_played, game.max_turns());
    }
  }
  for (const char* kind : {"claim", "card use", "air round", "centre placed", "spied"}) {
    EXPECT_GT(kinds[kind], 0) << kind;
  }
}

// Bombers in the air base and a ground attack they make likely: the bot sends them first.
TEST_F(War2BotTest, BombsTheTargetOfItsAttack) {
  const WarGame& game = LoadWarGame("war2", 3);
  auto state = Board3(game);
  Own(*state, "brasil", 0, 7);
  Own(*state, "argentina", 1, 6);
  Change(*state, [](Position& p) { p.bombers[0] = 6; });
  const Action chosen = Choose(*state);
  const int argentina = T(game.map(), "argentina");
  ASSERT_GE(chosen, game.kAir);
  ASSERT_LT(chosen, game.kUse) << state->ActionToString(chosen);
  EXPECT_EQ((chosen - game.kAir) / 10, argentina) << state->ActionToString(chosen);
  // Without bombers it presses the attack on the ground, or waits, but never bombs.
  Change(*state, [](Position& p) { p.bombers[0] = 0; });
  const Action ground = Choose(*state);
  EXPECT_TRUE(ground < game.kAir || ground >= game.kUse) << state->ActionToString(ground);
}

// No air base bombers, but a card of the target and the box full: the card sends bombers, with
// the number cards added.
TEST_F(War2BotTest, UsesAnEnemyCardForBombers) {
  const WarGame& game = LoadWarGame("war2", 3);
  auto state = Board3(game);
  Own(*state, "brasil", 0, 7);
  Own(*state, "peru", 1, 6);
  Hold(*state, 0, {"peru"});  // a card of peru alone
  Change(*state, [&](Position& p) {
    for (int card = 0; card < game.NumCards(); ++card) {  // an n3 from the pile
      if (game.map().war2_cards[card].number == 3 && (p.pile >> card & 1)) {
        p.pile &= ~(std::uint64_t{1} << card);
        p.hand[0] |= std::uint64_t{1} << card;
        break;
      }
    }
  });
  const Action use = Choose(*state);
  ASSERT_GE(use, game.kUse);
  ASSERT_LT(use, game.kAddNumber) << state->ActionToString(use);
  state->ApplyAction(use);
  ASSERT_EQ(state->position().phase, Phase::kCardUse);
  EXPECT_TRUE(state->position().use_bombers);
  const Action add = Choose(*state);
  EXPECT_EQ(add, game.kAddNumber + 2) << state->ActionToString(add);  // "add n3"
  state->ApplyAction(add);
  EXPECT_EQ(Choose(*state), game.kEnd);  // done: 4 bombers against peru
}

// A card of a border territory held is used for armies there; two cards, one of an interior
// territory with a big stack and one of a border, transport the stack to the front.
TEST_F(War2BotTest, UsesOwnCardsForArmiesAndTransport) {
  const WarGame& game = LoadWarGame("war2", 3);
  auto state = Board3(game);
  // América do Sul and argelia are seat 0's: brasil is interior, venezuela faces mexico.
  for (const char* id : {"argentina", "peru", "venezuela", "argelia"}) Own(*state, id, 0, 1);
  Own(*state, "brasil", 0, 9);
  Own(*state, "mexico", 1, 2);
  Hold(*state, 0, {"brasil", "venezuela"});
  const Action transport = Choose(*state);
  ASSERT_GE(transport, game.kTransport);
  ASSERT_LT(transport, game.kCarry) << state->ActionToString(transport);
  state->ApplyAction(transport);
  int carried = 0;
  for (Action a = Choose(*state); a != game.kEnd; a = Choose(*state)) {
    ASSERT_TRUE(a == game.kCarry || a == game.kCarry + 1) << state->ActionToString(a);
    state->ApplyAction(a);
    ++carried;
  }
  EXPECT_EQ(state->position().armies[T(game.map(), "venezuela")], 1 + carried);
  EXPECT_GE(carried, 7) << "the stack goes to the front";

  auto armies = Board3(game);
  Own(*armies, "venezuela", 0, 3);
  Own(*armies, "mexico", 1, 2);
  Hold(*armies, 0, {"venezuela"});
  const Action use = Choose(*armies);
  ASSERT_GE(use, game.kUse);
  ASSERT_LT(use, game.kAddNumber) << armies->ActionToString(use);
}

// Information Centres: placed at once on the seat's safest territory; once there, a look at the
// cards of the opponent holding most; in the movement phase, a CI on a threatened border steps
// back.
TEST_F(War2BotTest, PlacesSpiesWithAndWithdrawsItsInformationCentre) {
  const WarGame& game = LoadWarGame("war2", 3, {{"spy_centre", "true"}});
  auto state = Board3(game);
  for (const char* id : {"brasil", "argentina", "peru", "venezuela"}) Own(*state, id, 0, 2);
  Change(*state, [](Position& p) { p.turns_begun[0] = 2; });
  const Action place = Choose(*state);
  ASSERT_GE(place, game.kPlaceCi);
  ASSERT_LT(place, game.kSpy) << state->ActionToString(place);
  auto interior = [&](const WarState& s, int t) {
    for (int n : game.map().territories[t].neighbours) {
      if (s.position().owner[n] != 0) return false;
    }
    return true;
  };
  EXPECT_TRUE(interior(*state, place - game.kPlaceCi))
      << state->ActionToString(place) << ": not an interior territory";
  state->ApplyAction(place);

  Hold(*state, 2, {"egito", "china"});
  const Action spy = Choose(*state);
  EXPECT_EQ(spy, game.kSpy + 2) << state->ActionToString(spy);

  auto moving = Board3(game);
  for (const char* id : {"brasil", "argentina", "peru", "venezuela"}) Own(*moving, id, 0, 2);
  Own(*moving, "mexico", 1, 5);
  Change(*moving, [&](Position& p) {
    p.ci[0] = static_cast<std::int8_t>(T(game.map(), "venezuela"));
    p.spied = 1;
    p.phase = Phase::kMove;
  });
  const Action step = Choose(*moving);
  ASSERT_GE(step, game.kMoveCi);
  ASSERT_LT(step, game.kCiTransport) << moving->ActionToString(step);
  EXPECT_TRUE(interior(*moving, (step - game.kMoveCi) % 64)) << moving->ActionToString(step);
}

// Two samples of one state for the bot's seat differ only in what that seat cannot see; the bot
// with the same seed chooses the same action in both.
TEST_F(War2BotTest, ChoosesFromItsOwnViewOnly) {
  const WarGame& game = LoadWarGame("war2", 4, {{"spy_centre", "true"}});
  int compared = 0, differing = 0;
  Rng sampler(99);
  PlayBotsOnly(game, 11, [&](const engine::State& s) {
    if (s.IsChanceNode() || s.PlyCount() % 3 != 0) return;
    const engine::Seat seat = s.CurrentSeat();
    auto one = s.SampleConsistentState(seat, sampler);
    auto two = s.SampleConsistentState(seat, sampler);
    const auto& p1 = static_cast<const WarState&>(*one).position();
    const auto& p2 = static_cast<const WarState&>(*two).position();
    ASSERT_EQ(p1.hand[seat], p2.hand[seat]);
    differing += p1.hand != p2.hand || p1.objective != p2.objective;
    for (const char* spec : {"heuristic", "warplan:rollouts=2"}) {
      auto bot_one = MakeBot(spec, game, 1234);
      auto bot_two = MakeBot(spec, game, 1234);
      EXPECT_EQ(bot_one->ChooseAction(engine::SeatHandle(*one, seat)),
                bot_two->ChooseAction(engine::SeatHandle(*two, seat)))
          << spec << ", ply " << s.PlyCount();
    }
    ++compared;
  });
  EXPECT_GT(compared, 30);
  EXPECT_GT(differing, compared / 2);  // the hidden parts really varied
}

TEST_F(War2BotTest, BeatsRandom) {
  const WarGame& game = LoadWarGame("war2", 3);
  int wins = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    std::vector<std::unique_ptr<Bot>> bots;
    bots.push_back(MakeBot("heuristic", game, seed));
    bots.push_back(MakeBot("random", game, seed));
    bots.push_back(MakeBot("random", game, seed + 1));
    Rng chance(seed);
    auto state = game.NewInitialState();
    while (!state->IsTerminal()) {
      const Action a = state->IsChanceNode()
                           ? engine::SampleChanceOutcome(*state, chance)
                           : bots[state->CurrentSeat()]->ChooseAction(
                                 engine::SeatHandle(*state, state->CurrentSeat()));
      state->ApplyAction(a);
    }
    wins += state->Returns()[0] > 0;
  }
  EXPECT_GE(wins, 3);
}

}  // namespace
}  // namespace quartel::ai
