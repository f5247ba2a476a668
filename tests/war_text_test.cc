// What WAR and WAR-II show and accept at the terminal (issue 8, section 4): cards named and never
// numbered, the dice of each roll, questions at the table (odds, borders), a bot's turn told step
// by step, a board that fits 80 columns and reads on light and dark terminals, messages that say
// what is wrong, and the notation help.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/error.h"
#include "core/rng.h"
#include "engine/game.h"
#include "engine/playout.h"
#include "engine/record.h"
#include "games/war/dice.h"
#include "games/war/odds.h"
#include "games/war/war.h"
#include "war_test_helpers.h"

namespace quartel::war {
namespace {

using namespace test_helpers;  // war_test_helpers.h

// The error message of a typed command, or "" when it is accepted.
std::string Refusal(const engine::State& state, const std::string& text) {
  try {
    state.StringToTurn(text);
    return "";
  } catch (const Error& e) {
    return e.what();
  }
}

// The k-th (from 0) number card of value v.
int NumberCard(const WarGame& game, int value, int k = 0) {
  for (int c = 0; c < game.NumCards(); ++c) {
    if (game.map().war2_cards[c].number == value && k-- == 0) return c;
  }
  throw Error("test: no such number card");
}

// Code points (the territory and continent names hold accents).
std::size_t Width(const std::string& line) {
  return static_cast<std::size_t>(
      std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string StripAnsi(const std::string& text) {
  return std::regex_replace(text, std::regex("\033\\[[0-9;]*m"), "");
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// ==================================================================================================
// Cards are named, never numbered
// ==================================================================================================

// "discard 3" once discarded the number card 3 where the player meant the third card in hand.
TEST(War2Text, CardsAreNamedNeverNumbered) {
  const WarGame& game = LoadWarGame("war2", 3);
  auto state = SimpleBoard(game);
  Own(*state, "peru", 0, 2);
  Hold(*state, 0, {"peru", "japao"});
  Change(*state, [&](Position& p) {
    p.pile &= ~(Bit(NumberCard(game, 3)) | Bit(NumberCard(game, 2)));
    p.hand[0] |= Bit(NumberCard(game, 3)) | Bit(NumberCard(game, 2));
  });
  const Position before = state->position();
  const std::string refusal = Refusal(*state, "discard 3");
  EXPECT_NE(refusal.find("n3"), std::string::npos) << refusal;
  EXPECT_TRUE(state->position() == before);
  EXPECT_NE(Refusal(*state, "add 2").find("n2"), std::string::npos);
  // The view lists the cards by the names typed, with no number in front.
  const std::string text = state->ViewText(0, false);
  EXPECT_NE(text.find("n3 (number card 3)"), std::string::npos) << text;
  EXPECT_FALSE(std::regex_search(text, std::regex("[0-9] (peru|japao|n[123])"))) << text;
  Play(*state, "discard n3");
  EXPECT_EQ(state->position().hand[0] & Bit(NumberCard(game, 3)), 0u);
  EXPECT_EQ(state->ActionToString(game.kDiscard + NumberCard(game, 2)), "discard n2");
  Play(*state, "use peru");
  Play(*state, "add n2");
  Play(*state, "done");
  EXPECT_EQ(state->position().armies[T(game.map(), "peru")], 5);
}

TEST(WarText, TradesNameTheirCardsAndTheJokerIsOneCard) {
  const WarGame& game = LoadWarGame("war", 3);
  const WarMap& map = game.map();
  const int joker1 = map.NumTerritories(), joker2 = joker1 + 1;
  auto at_reinforcement = [&](std::uint64_t hand) {
    auto state = SimpleBoard(game);
    Change(*state, [&](Position& p) {
      p.pile &= ~hand;
      p.hand[0] = hand;
      p.phase = Phase::kMove;
      p.seat = 2;
      p.turns_begun.fill(1);
    });
    state->ApplyAction(game.kEnd);  // seat 0's turn begins
    return state;
  };
  auto trades = [&](const WarState& state) {
    std::vector<std::string> out;
    for (Action a : Legal(state)) {
      if (a >= game.kTrade && a < game.kChance) out.push_back(state.ActionToString(a));
    }
    return out;
  };
  // alasca, vancouver and novayork: three triangles.
  auto state =
      at_reinforcement(Bit(T(map, "alasca")) | Bit(T(map, "vancouver")) | Bit(T(map, "novayork")));
  EXPECT_EQ(trades(*state), std::vector<std::string>{"trade alasca vancouver novayork"});
  EXPECT_NE(Refusal(*state, "trade 1 2 3").find("never numbered"), std::string::npos);
  Play(*state, "trade novayork alasca vancouver");
  EXPECT_EQ(state->position().trades_done, 1);
  // Two jokers are one card twice: three trades, not four.
  state =
      at_reinforcement(Bit(T(map, "alasca")) | Bit(T(map, "labrador")) | Bit(joker1) | Bit(joker2));
  EXPECT_EQ(trades(*state),
            (std::vector<std::string>{"trade alasca labrador joker", "trade alasca joker joker",
                                      "trade labrador joker joker"}));
  for (Action a : Legal(*state)) {
    EXPECT_EQ(state->StringToTurn(state->ActionToString(a)), std::vector<Action>{a});
  }
  EXPECT_NE(state->ViewText(0, false).find("joker, joker"), std::string::npos);
}

// Issue 9: notation read a trader's hand for any trade id, so another seat could list the trade
// ids and read the hand. Two states that differ only in seat 0's hidden cards must give every
// other viewer the same notation of every action id; the trader itself sees its cards named.
TEST(WarText, NotationOfUnplayedActionsHidesTheHand) {
  for (const char* id : {"war", "war2"}) {
    SCOPED_TRACE(id);
    std::map<std::string, std::string> options;
    if (std::string_view(id) == "war2") options["spy_centre"] = "true";
    const WarGame& game = LoadWarGame(id, 3, options);
    auto with_hand = [&](std::initializer_list<const char*> cards) {
      auto state = SimpleBoard(game);
      Change(*state, [](Position& p) {
        p.phase = Phase::kReinforce;
        p.general_pool = 3;
      });
      Hold(*state, 0, cards);
      return state;
    };
    auto first = with_hand({"alasca", "vancouver", "novayork"});
    auto second = with_hand({"brasil", "peru", "argentina"});
    bool own_notation_differs = false;
    for (Action a = 0; a < game.NumDistinctActions(); ++a) {
      for (Seat viewer : {Seat{1}, Seat{2}, engine::kSpectator}) {
        EXPECT_EQ(first->ActionToStringFor(a, viewer), second->ActionToStringFor(a, viewer))
            << "action " << a << ", viewer " << viewer;
      }
      own_notation_differs |= first->ActionToStringFor(a, 0) != second->ActionToStringFor(a, 0);
    }
    EXPECT_TRUE(own_notation_differs);  // the trader's own trade ids name its cards
  }
}

// Traded cards are shown to everyone once traded (seed, TROCA DE CARTAS): the played turn names
// them for every viewer.
TEST(WarText, APlayedTradeNamesItsCardsToEveryone) {
  const WarGame& game = LoadWarGame("war", 3);
  auto state = SimpleBoard(game);
  Change(*state, [](Position& p) {
    p.phase = Phase::kReinforce;
    p.general_pool = 3;
  });
  Hold(*state, 0, {"alasca", "vancouver", "novayork"});
  const std::vector<Action> turn = state->StringToTurn("trade alasca vancouver novayork");
  for (Seat viewer : {Seat{0}, Seat{1}, engine::kSpectator}) {
    const std::string told = state->DescribeTurn(turn, viewer);
    EXPECT_NE(told.find("traded alasca (triangle), vancouver (triangle) and novayork (triangle)"),
              std::string::npos)
        << told;
  }
}

// ==================================================================================================
// Dice
// ==================================================================================================

// Attacker losses of rolled dice, highest against highest, ties to the defender (seed 001).
int Losses(std::vector<int> attack, std::vector<int> defence) {
  std::sort(attack.rbegin(), attack.rend());
  std::sort(defence.rbegin(), defence.rend());
  int lost = 0;
  for (std::size_t i = 0; i < std::min(attack.size(), defence.size()); ++i) {
    lost += attack[i] <= defence[i];
  }
  return lost;
}

std::vector<int> Faces(const std::string& text) {
  std::vector<int> faces;
  for (char c : text) {
    if (c >= '1' && c <= '6') faces.push_back(c - '0');
  }
  return faces;
}

TEST(WarText, EachRollShowsDiceThatMatchItsOutcome) {
  const WarGame& game = LoadWarGame("war", 3);
  std::set<std::string> seen;
  for (int attackers : {2, 3, 4, 9}) {
    for (int defenders : {1, 2, 5}) {
      auto state = SimpleBoard(game);
      Own(*state, "mexico", 0, attackers);
      Own(*state, "novayork", 1, defenders);
      Play(*state, "attack mexico novayork");
      ASSERT_TRUE(state->IsChanceNode());
      const int a = std::min(3, attackers - 1), d = std::min(3, defenders);
      for (const auto& outcome : state->ChanceOutcomes()) {
        const int lost = outcome.action - game.kBattle;
        const std::string shown = state->ActionToStringFor(outcome.action, 0);
        const std::regex form(
            "roll ([1-6](-[1-6])*) vs ([1-6](-[1-6])*): attacker loses ([0-3]), "
            "defender loses ([0-3])");
        std::smatch m;
        ASSERT_TRUE(std::regex_match(shown, m, form)) << shown;
        const auto attack = Faces(m[1]), defence = Faces(m[3]);
        EXPECT_EQ(static_cast<int>(attack.size()), a) << shown;
        EXPECT_EQ(static_cast<int>(defence.size()), d) << shown;
        EXPECT_EQ(Losses(attack, defence), lost) << shown;
        EXPECT_EQ(std::stoi(m[6]), std::min(a, d) - lost) << shown;
        for (Seat viewer : {1, 2, engine::kSpectator}) {
          EXPECT_EQ(state->ActionToStringFor(outcome.action, viewer), shown);
        }
        EXPECT_EQ(state->Clone()->ActionToStringFor(outcome.action, 2), shown);
        seen.insert(shown);
      }
    }
  }
  EXPECT_GT(seen.size(), 25u);
}

// Given an outcome, the dice shown are each of the rolls giving it, equally likely: the
// distribution real dice have given that result. 1 die against 1, attacker loses none: the 15
// rolls with the attacker's die higher.
TEST(WarText, ShownDiceAreUniformAmongTheRollsGivingTheOutcome) {
  std::map<std::pair<int, int>, int> counts;
  Rng rng(5);
  const int draws = 15'000;
  for (int i = 0; i < draws; ++i) {
    const ShownDice dice = DiceForOutcome(1, 1, 0, rng.Next());
    ASSERT_GT(dice.attack[0], dice.defence[0]);
    ++counts[{dice.attack[0], dice.defence[0]}];
  }
  EXPECT_EQ(counts.size(), 15u);
  for (const auto& [roll, n] : counts) EXPECT_NEAR(n, draws / 15.0, 150) << roll.first;
  EXPECT_THROW(DiceForOutcome(1, 1, 2, 0), Error);
}

// The dice are part of what replays: a record played again shows the same rolls.
TEST(WarText, ReplayedRecordsShowTheSameDice) {
  games::RegisterAllGames();
  engine::Match match(engine::LoadGame("war", {{"players", "3"}}), {"a", "b", "c"});
  Rng rng(3);
  std::vector<Action> scratch;
  std::vector<std::string> rolls;
  while (!match.Over() && rolls.size() < 40) {
    const Action action = engine::RandomAction(match.state(), rng, scratch);
    const auto& war = static_cast<const WarState&>(match.state());
    if (war.position().phase == Phase::kBattle) {
      rolls.push_back(war.ActionToStringFor(action, engine::kSpectator));
    }
    match.Apply(action);
  }
  ASSERT_EQ(rolls.size(), 40u);
  const engine::Record& record = match.record();
  engine::Match replay(engine::LoadGame("war", {{"players", "3"}}), {"a", "b", "c"});
  std::vector<std::string> replayed;
  for (const auto& entry : record.actions) {
    const auto& war = static_cast<const WarState&>(replay.state());
    if (war.position().phase == Phase::kBattle) {
      replayed.push_back(war.ActionToStringFor(entry.action, engine::kSpectator));
    }
    replay.Apply(entry.action);
  }
  EXPECT_EQ(replayed, rolls);
  EXPECT_TRUE(engine::Match::Replay(record).state().Equals(match.state()));
}

// ==================================================================================================
// Questions at the table
// ==================================================================================================

TEST(WarText, OddsAndBordersAreAnsweredFromTheBoard) {
  for (const char* id : {"war", "war2"}) {
    const WarGame& game = LoadWarGame(id, 3);
    auto state = SimpleBoard(game);
    Own(*state, "brasil", 0, 5);
    Own(*state, "argentina", 1, 3);
    Own(*state, "peru", 2, 1);
    const auto odds = state->Inquire("odds brasil argentina", 0);
    ASSERT_TRUE(odds.has_value());
    const AssaultOdds exact = PressAttack(5, 3);
    EXPECT_NE(odds->find(fmt::format("conquest {:.2f}%", 100 * exact.conquest)), std::string::npos)
        << *odds;
    EXPECT_NE(odds->find(fmt::format("attacker {:.2f}", exact.expected_attacker_left)),
              std::string::npos);
    for (Seat viewer : {1, 2, engine::kSpectator}) {
      EXPECT_EQ(state->Inquire("odds brasil argentina", viewer), odds);
      EXPECT_EQ(state->Inquire("Odds Brasil Argentina", viewer), odds);
    }
    const auto counts = state->Inquire("odds 10 4", 1);
    ASSERT_TRUE(counts.has_value());
    EXPECT_NE(counts->find(fmt::format("{:.2f}%", 100 * PressAttack(10, 4).conquest)),
              std::string::npos);
    const auto borders = state->Inquire("borders peru", 2);
    ASSERT_TRUE(borders.has_value());
    // Peru borders Venezuela, Brasil and Argentina (reference/war-board.md).
    EXPECT_EQ(Lines(*borders).size(), 4u) << *borders;
    EXPECT_NE(borders->find("peru (preta, 1 army) borders:"), std::string::npos) << *borders;
    EXPECT_TRUE(std::regex_search(*borders, std::regex("brasil +branca, 5 armies")));
    EXPECT_TRUE(std::regex_search(*borders, std::regex("argentina +vermelha, 3 armies")));
    EXPECT_TRUE(std::regex_search(*borders, std::regex("venezuela +[a-z]+, 1 army")));
    EXPECT_NE(state->Inquire("borders brasil", 0)->find("argelia"), std::string::npos);
    EXPECT_NE(state->Inquire("borders brasil", 0)->find("(by sea)"), std::string::npos);
    // Not questions: read as moves. Malformed questions: one clear line.
    EXPECT_FALSE(state->Inquire("attack brasil argentina", 0).has_value());
    EXPECT_FALSE(state->Inquire("end", 0).has_value());
    EXPECT_THROW(state->Inquire("odds brasil", 0), Error);
    EXPECT_THROW(state->Inquire("odds brasil japao", 0), Error);
    EXPECT_THROW(state->Inquire("odds peru argentina", 0), Error);  // 1 army cannot attack
    EXPECT_THROW(state->Inquire("borders atlantida", 0), Error);
  }
}

// ==================================================================================================
// A turn told step by step
// ==================================================================================================

TEST(WarText, ATurnIsToldStepByStepAsTheViewerMayKnowIt) {
  const WarGame& game = LoadWarGame("war", 3);
  auto start = SimpleBoard(game);
  Own(*start, "mexico", 0, 6);
  Own(*start, "novayork", 1, 2);
  Own(*start, "california", 0, 1);
  Change(*start, [](Position& p) {
    p.phase = Phase::kMove;
    p.seat = 2;
  });
  start->ApplyAction(game.kEnd);  // seat 0 begins a turn
  ASSERT_EQ(start->CurrentSeat(), 0);
  auto state = AsWar(start->Clone());
  std::vector<Action> turn;
  auto play = [&](const std::string& text) {
    for (Action a : state->StringToTurn(text)) {
      turn.push_back(a);
      state->ApplyAction(a);
    }
  };
  auto roll = [&](int attacker_loses) {
    turn.push_back(game.kBattle + attacker_loses);
    state->ApplyAction(game.kBattle + attacker_loses);
  };
  const int income = state->position().general_pool;
  play(fmt::format("place {} mexico", income));
  play("attack mexico novayork 3");
  roll(2);  // 3 dice against 2: the attacker loses both pairs
  play("attack mexico novayork 3");
  roll(0);  // the defender loses both: conquest
  play("occupy 2");
  play("end");
  play("move 1 mexico california");
  play("end");
  ASSERT_EQ(state->position().phase, Phase::kDraw);
  const Action card = game.kChance + T(game.map(), "peru");
  turn.push_back(card);
  state->ApplyAction(card);
  const auto own = Lines(start->DescribeTurn(turn, 0));
  ASSERT_EQ(own.size(), 6u) << start->DescribeTurn(turn, 0);
  EXPECT_EQ(own[0], fmt::format("placed {} armies on mexico", income));
  EXPECT_TRUE(
      std::regex_match(own[1], std::regex(" +attacked novayork from mexico: [1-6]-[1-6]-[1-6] "
                                          "vs [1-6]-[1-6], lost 2, destroyed 0")))
      << own[1];
  EXPECT_TRUE(std::regex_match(own[2], std::regex(" +attacked novayork from mexico: .*, lost 0, "
                                                  "destroyed 2")))
      << own[2];
  EXPECT_EQ(own[3], "    conquered novayork, moved 2 in");
  EXPECT_EQ(own[4], "    moved 1 army from mexico to california");
  EXPECT_EQ(own[5], "    drew peru (triangle)");
  const auto others = Lines(start->DescribeTurn(turn, 1));
  ASSERT_EQ(others.size(), 6u);
  EXPECT_EQ(others[5], "    drew a card");
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(others[i], own[i]);
}

// A person's commands are events of their own (the server, the replay viewer): a step that a turn
// tells by what follows ("end", the dice of an attack) is told by itself when nothing follows, and
// armies moved in after a conquest told earlier name the territory. Never "nothing".
TEST(WarText, EachCommandAloneIsToldInWords) {
  const WarGame& game = LoadWarGame("war", 3);
  auto state = SimpleBoard(game);
  Own(*state, "mexico", 0, 6);
  Own(*state, "novayork", 1, 1);
  Change(*state, [](Position& p) {
    p.phase = Phase::kMove;
    p.seat = 2;
  });
  state->ApplyAction(game.kEnd);  // seat 0 begins a turn
  auto tell = [&](const std::string& text) {
    const std::vector<Action> turn = state->StringToTurn(text);
    const std::string told = state->DescribeTurn(turn, 1);
    for (Action a : turn) state->ApplyAction(a);
    return told;
  };
  tell(fmt::format("place {} mexico", state->position().general_pool));
  ASSERT_EQ(state->position().phase, Phase::kAttack);  // placed all: on to the attacks by itself
  EXPECT_EQ(tell("attack mexico novayork 3"), "attacks novayork from mexico with 3 dice");
  const std::vector<Action> roll = {game.kBattle + 0};  // the defender's only army falls
  const std::string rolled = state->DescribeTurn(roll, 1);
  EXPECT_TRUE(
      std::regex_match(rolled, std::regex("attacked novayork from mexico: [1-6]-[1-6]-[1-6] "
                                          "vs [1-6], lost 0, destroyed 1\n +conquered "
                                          "novayork")))
      << rolled;
  state->ApplyAction(roll[0]);
  EXPECT_EQ(tell("occupy 3"), "moved 3 armies into novayork");
  EXPECT_EQ(tell("end"), "ended the attacks");
  EXPECT_EQ(tell("end"), "ended the turn");
}

// A replay steps the deal card by card: one territory dealt alone is named (the board shows its
// owner at once).
TEST(WarText, OneTerritoryDealtAloneIsNamed) {
  const WarGame& game = LoadWarGame("war", 3);
  auto state = NewWarState(game);
  Rng rng(9);
  state->ApplyAction(PickRandom(*state, rng));  // the dealer
  const Action card = PickRandom(*state, rng);
  const std::string territory = game.map().territories[card - game.kChance].id;
  const std::string seat = game.SeatName(state->position().seat);
  EXPECT_EQ(state->DescribeTurn({&card, 1}, engine::kSpectator),
            fmt::format("{} dealt to {}", territory, seat));
}

TEST(WarText, TheDealIsToldInOneLine) {
  for (const char* id : {"war", "war2"}) {
    const WarGame& game = LoadWarGame(id, 3);
    auto state = NewWarState(game);
    Rng rng(4);
    std::vector<Action> run;
    auto copy = AsWar(state->Clone());
    while (copy->IsChanceNode()) {
      run.push_back(PickRandom(*copy, rng));
      copy->ApplyAction(run.back());
    }
    if (game.war2()) {
      ASSERT_EQ(copy->position().phase, Phase::kClaim);
    }
    for (Seat viewer : {0, engine::kSpectator}) {
      const std::string told = state->DescribeTurn(run, viewer);
      EXPECT_EQ(told.find('\n'), std::string::npos) << told;
      EXPECT_NE(told.find(game.war2() ? "Strategic Centres dealt: branca 4, vermelha 4, preta 4"
                                      : "territories dealt: branca 14, vermelha 14, preta 14"),
                std::string::npos)
          << told;
    }
  }
}

TEST(War2Text, CardUsesAndAirAttacksAreTold) {
  const WarGame& game = LoadWarGame("war2", 3);
  auto start = SimpleBoard(game);
  Own(*start, "peru", 0, 1);
  Own(*start, "china", 1, 5);
  Hold(*start, 0, {"peru", "china"});
  Change(*start, [&](Position& p) {
    p.pile &= ~Bit(NumberCard(game, 2));
    p.hand[0] |= Bit(NumberCard(game, 2));
  });
  auto state = AsWar(start->Clone());
  std::vector<Action> turn;
  auto play = [&](const std::string& text) {
    for (Action a : state->StringToTurn(text)) {
      turn.push_back(a);
      state->ApplyAction(a);
    }
  };
  play("use peru");
  play("add n2");
  play("done");
  play("use china");
  play("done");
  turn.push_back(game.kAirRound + 4 * 0 + 1);  // no bomber shot down, 1 army destroyed
  state->ApplyAction(turn.back());
  const auto lines = Lines(start->DescribeTurn(turn, 2));
  ASSERT_EQ(lines.size(), 3u) << start->DescribeTurn(turn, 2);
  EXPECT_EQ(lines[0], "used the card of peru with n2: 3 armies on peru");
  EXPECT_EQ(lines[1], "    used the card of china: 1 bomber against china");
  EXPECT_EQ(lines[2], "    air round over china: 0 bombers shot down, 1 army destroyed");
}

// ==================================================================================================
// The board, the words and the colours
// ==================================================================================================

// Random states of both rule sets, 3 to 6 players, with every text a player is shown on the way.
void ForEachShownText(const std::function<void(const std::string&)>& check) {
  for (const char* id : {"war", "war2"}) {
    for (int players = 3; players <= 6; ++players) {
      const WarGame& game = std::string(id) == "war"
                                ? LoadWarGame(id, players)
                                : LoadWarGame(id, players, {{"spy_centre", "true"}});
      auto state = NewWarState(game);
      Rng rng(players);
      auto turn_start = AsWar(state->Clone());
      std::vector<Action> turn;
      for (int ply = 0; ply < 6000 && !state->IsTerminal(); ++ply) {
        const Action action = PickRandom(*state, rng);
        if (ply % 97 == 0) {
          for (Seat viewer = engine::kSpectator; viewer < players; ++viewer) {
            if (viewer == engine::kChanceSeat || viewer == engine::kTerminalSeat) continue;
            check(state->ViewText(viewer, false));
            check(StripAnsi(state->ViewText(viewer, true)));
            check(state->ActionToStringFor(action, viewer));
          }
          check(state->WhyIllegal(static_cast<Action>(rng.Below(game.NumDistinctActions()))));
        }
        turn.push_back(action);
        state->ApplyAction(action);
        if (!state->MidTurn() || state->IsTerminal()) {
          for (const auto& line : Lines(turn_start->DescribeTurn(turn, 0))) check(line);
          turn_start = AsWar(state->Clone());
          turn.clear();
        }
      }
      check(state->ViewText(engine::kSpectator, false));
      for (Seat viewer = 0; viewer < players; ++viewer) check(state->ViewText(viewer, false));
    }
  }
}

TEST(WarText, TheBoardFitsEightyColumns) {
  int lines = 0;
  ForEachShownText([&](const std::string& text) {
    if (text.find("Players:") == std::string::npos) return;  // the views
    for (const auto& line : Lines(text)) {
      EXPECT_LE(Width(line), 79u) << line;
      ++lines;
    }
  });
  EXPECT_GT(lines, 1000);
}

TEST(WarText, NoInternalNamesAndPluralsRight) {
  const std::regex singular("(^|[^0-9])1 (armies|bombers|cards|territories|dice|objectives)\\b");
  const std::regex internal("joker[0-9]|number-[0-9]|#[0-9]");
  ForEachShownText([&](const std::string& text) {
    EXPECT_FALSE(std::regex_search(text, singular)) << text;
    EXPECT_FALSE(std::regex_search(text, internal)) << text;
  });
}

TEST(War2Text, TheBoardMarksTheStrategicCentres) {
  const WarGame& game = LoadWarGame("war2", 4);
  auto state = SimpleBoard(game);
  const std::string text = state->ViewText(0, false);
  for (int t = 0; t < game.map().NumTerritories(); ++t) {
    const std::string& id = game.map().territories[t].id;
    EXPECT_EQ(std::regex_search(text, std::regex("(^| )" + id + "\\*")),
              game.map().territories[t].strategic_centre)
        << id;
  }
  EXPECT_EQ(LoadWarGame("war", 3).map().NumTerritories(), 42);
  EXPECT_EQ(SimpleBoard(LoadWarGame("war", 3))->ViewText(0, false).find('*'), std::string::npos);
}

// No white or yellow text on the terminal's own background: those colours come with a background
// of their own, and the owner's name is written out, so the colour is never the only mark.
TEST(WarText, ColoursReadOnLightAndDarkTerminals) {
  for (int players : {3, 6}) {
    const WarGame& game = LoadWarGame("war", players);
    auto state = SimpleBoard(game);
    Change(*state, [&](Position& p) {
      for (int t = 0; t < game.map().NumTerritories(); ++t) p.owner[t] = t % players;
      Recount(p, game.map().NumTerritories());
    });
    const std::string text = state->ViewText(0, true);
    std::smatch m;
    int styled = 0;
    for (auto it = text.cbegin();
         std::regex_search(it, text.cend(), m, std::regex("\033\\[([0-9;]*)m"));
         it = m.suffix().first) {
      std::set<int> codes;
      std::stringstream in(m[1].str());
      for (std::string code; std::getline(in, code, ';');) {
        if (!code.empty()) codes.insert(std::stoi(code));
      }
      const bool pale = codes.count(37) || codes.count(97) || codes.count(33) || codes.count(93);
      const bool background = std::any_of(codes.begin(), codes.end(), [](int c) {
        return (c >= 40 && c <= 47) || (c >= 100 && c <= 107);
      });
      if (!codes.empty() && !codes.count(0)) {
        EXPECT_TRUE(background) << "a colour without a background: " << m[1];
        ++styled;
      }
      EXPECT_FALSE(pale && !background) << m[1];
    }
    EXPECT_GT(styled, 42);
    // Every territory's owner is written out.
    EXPECT_EQ(StripAnsi(text), state->ViewText(0, false));
  }
}

// ==================================================================================================
// Messages that say what is wrong
// ==================================================================================================

TEST(WarText, EndDuringAConquestAsksForTheOccupation) {
  const WarGame& game = LoadWarGame("war", 3);
  auto state = SimpleBoard(game);
  Own(*state, "mexico", 0, 4);
  Own(*state, "novayork", 1, 1);
  Play(*state, "attack mexico novayork 3");
  state->ApplyAction(game.kBattle + 0);
  ASSERT_EQ(state->position().phase, Phase::kOccupy);
  const std::string why = Refusal(*state, "end");
  EXPECT_NE(why.find("occupy"), std::string::npos) << why;
  EXPECT_NE(why.find("novayork"), std::string::npos) << why;
  EXPECT_EQ(why.find("place"), std::string::npos) << why;
  EXPECT_NE(Refusal(*state, "occupy 4").find("1 to 3"), std::string::npos);
}

TEST(War2Text, RefusalsSayWhy) {
  const WarGame& game = LoadWarGame("war2", 3);
  // A claim of a territory already taken.
  auto setup = NewWarState(game);
  Rng rng(2);
  while (setup->position().phase != Phase::kClaim) setup->ApplyAction(PickRandom(*setup, rng));
  const int taken = game.map().strategic_centres.front();
  const std::string claim = Refusal(*setup, "claim " + game.map().territories[taken].id);
  EXPECT_NE(claim.find("taken"), std::string::npos) << claim;
  EXPECT_NE(claim.find(game.SeatName(setup->position().owner[taken])), std::string::npos) << claim;
  // Claims outside the setup.
  auto state = SimpleBoard(game);
  EXPECT_NE(Refusal(*state, "claim peru").find("setup"), std::string::npos);
  // An air attack with more bombers than the base holds.
  Own(*state, "moscou", 1, 3);
  Change(*state, [](Position& p) { p.bombers[0] = 4; });
  const std::string air = Refusal(*state, "air moscou 5");
  EXPECT_NE(air.find("4 bombers"), std::string::npos) << air;
  EXPECT_TRUE(Refusal(*state, "air moscou 4").empty());
  // Number cards: no card use under way, none of that value in hand, too few bombers in the box.
  Own(*state, "china", 1, 5);
  Hold(*state, 0, {"china"});
  Change(*state, [&](Position& p) {
    p.pile &= ~Bit(NumberCard(game, 3));
    p.hand[0] |= Bit(NumberCard(game, 3));
  });
  EXPECT_NE(Refusal(*state, "add n3").find("use TERRITORY first"), std::string::npos);
  Play(*state, "use china");  // 1 bomber from the box, which holds 6
  EXPECT_NE(Refusal(*state, "add n2").find("no number card 2"), std::string::npos)
      << Refusal(*state, "add n2");
  Change(*state, [](Position& p) { p.bombers[0] = 8; });  // the box holds 2
  const std::string box = Refusal(*state, "add n3");
  EXPECT_NE(box.find("box holds 2 bombers"), std::string::npos) << box;
}

TEST(WarText, NotationHelpListsEveryCommandWithAnExample) {
  games::RegisterAllGames();
  const std::map<std::string, std::vector<std::string>> commands = {
      {"war", {"place", "trade", "end", "attack", "occupy", "move", "odds", "borders"}},
      {"war2", {"claim", "place",   "end",    "attack",    "occupy",      "air",
                "use",   "add",     "done",   "transport", "carry",       "discard",
                "move",  "airlift", "centre", "spy",       "centre-move", "centre-transport",
                "odds",  "borders"}},
  };
  for (const auto& [id, verbs] : commands) {
    const std::string help = engine::FindGame(id).notation_help;
    std::set<std::string> listed;
    for (const auto& line : Lines(help)) {
      EXPECT_LE(Width(line), 79u) << line;
      const std::string verb = line.substr(0, line.find(' '));
      listed.insert(verb);
      // An example: the line ends with the command typed, after a colon.
      const std::size_t colon = line.rfind(": ");
      ASSERT_NE(colon, std::string::npos) << line;
      EXPECT_EQ(line.substr(colon + 2, verb.size()), verb) << line;
    }
    for (const auto& verb : verbs) EXPECT_TRUE(listed.count(verb)) << id << " " << verb;
  }
}

// The rules pages are for players (`quartel rules war2` prints them): no engine internals, and the
// Information Centre, which is played, is described.
TEST(WarText, RulesPagesAreForPlayers) {
  for (const char* id : {"war", "war2"}) {
    const std::string page = cli::RulesText(id);
    ASSERT_FALSE(page.empty()) << id;
    for (const char* internal : {"ViewJson", "SupportsUndo", "src/", ".json", "action id",
                                 "kAttack", "{\"seat\"", "not implemented", "Not implemented"}) {
      EXPECT_EQ(page.find(internal), std::string::npos) << id << ": " << internal;
    }
    EXPECT_NE(page.find("odds FROM TO"), std::string::npos) << id;
  }
  const std::string war2 = cli::RulesText("war2");
  for (const char* part : {"## Information Centre", "centre TERRITORY", "spy COLOUR",
                           "centre-move OWNER", "centre-transport OWNER", "once per turn"}) {
    EXPECT_NE(war2.find(part), std::string::npos) << part;
  }
}

}  // namespace
}  // namespace quartel::war
