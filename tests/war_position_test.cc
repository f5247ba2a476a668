// WAR and WAR-II position text (issue 9 §3): every state of random games under every option
// round-trips exactly through PositionText and NewStateFromPosition; bad text is refused with the
// field named; a seat's ViewPositionText hides the hands and objectives it does not see.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/state.h"
#include "games/war/war.h"
#include "position_test_helpers.h"
#include "war_test_helpers.h"

namespace quartel::war {
namespace {

using namespace test_helpers;  // war_test_helpers.h

void ExpectRoundTrips(const WarGame& game, std::uint64_t seed, int plies) {
  SCOPED_TRACE(fmt::format("{} seed {}", game.options().ToString(), seed));
  auto state = NewWarState(game);
  Rng rng(seed);
  for (int ply = 0; ply < plies && !state->IsTerminal(); ++ply) {
    const std::string text = state->PositionText();
    // The tests set their positions up through TextOf (war_test_helpers.h): it writes the form
    // as the game does.
    ASSERT_EQ(TextOf(game, state->position()), text) << "ply " << ply;
    const auto copy = game.NewStateFromPosition(text);
    ASSERT_TRUE(copy->Equals(*state)) << "ply " << ply << ": " << text;
    ASSERT_EQ(copy->PositionText(), text);
    ASSERT_EQ(copy->PlyCount(), state->PlyCount());
    ASSERT_EQ(Legal(*copy), Legal(*state));
    if (ply % 11 == 0) {
      for (Seat viewer = 0; viewer < game.NumSeats(); ++viewer) {
        ASSERT_EQ(copy->ViewJson(viewer), state->ViewJson(viewer));
        ASSERT_EQ(copy->ViewPositionText(viewer), state->ViewPositionText(viewer));
      }
    }
    state->ApplyAction(PickRandom(*state, rng));
  }
}

TEST(WarPosition, EveryStateRoundTripsWar) {
  for (int players = 3; players <= 6; ++players) {
    ExpectRoundTrips(LoadWarGame("war", players), players, 700);
  }
}

TEST(WarPosition, EveryStateRoundTripsWar2) {
  for (int players : {3, 5}) {
    for (const char* spy : {"false", "true"}) {
      const WarGame& game = LoadWarGame("war2", players, {{"variant", spy}, {"spy_centre", spy}});
      ExpectRoundTrips(game, players, 600);
    }
  }
}

std::string Refusal(const WarGame& game, const std::string& text) {
  try {
    game.NewStateFromPosition(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "accepted";
}

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(WarPosition, BadTextIsRefusedNamingTheField) {
  const WarGame& game = LoadWarGame("war", 3);
  const std::string start = NewWarState(game)->PositionText();
  EXPECT_EQ(Refusal(game, start.substr(0, start.find(" hand="))).find("field hand is missing") !=
                std::string::npos,
            true);
  EXPECT_NE(Refusal(game, start + " colour=3").find("unknown field colour"), std::string::npos);
  EXPECT_NE(Refusal(game, start + " seat=1").find("field seat is given twice"), std::string::npos);
  EXPECT_NE(
      Refusal(game, Replace(start, "seat=0", "seat=x")).find("field seat: 'x' is not a number"),
      std::string::npos);
  EXPECT_NE(Refusal(game, Replace(start, "seat=0", "seat=3")).find("seat is not a seat"),
            std::string::npos);
  EXPECT_NE(Refusal(game, Replace(start, "seat=0", "seat=300")).find("out of range"),
            std::string::npos);
  EXPECT_NE(Refusal(game, Replace(start, "hand=0,0,0", "hand=0,0"))
                .find("field hand has 2 values, not 3"),
            std::string::npos);
  const std::string dealt = SimpleBoard(game)->PositionText();  // every card in the pile
  EXPECT_NE(Refusal(game, Replace(dealt, "hand=0,0,0", "hand=1,0,0")).find("in two places"),
            std::string::npos);
  EXPECT_NE(Refusal(game, Replace(dealt, "armies=1,", "armies=0,")).find("alasca has 0 armies"),
            std::string::npos);
  EXPECT_NE(Refusal(game, Replace(start, "phase=0", "phase=99")).find("field phase"),
            std::string::npos);
  EXPECT_NE(Refusal(game, "ply").find("'ply' is not FIELD=VALUE"), std::string::npos);
}

// The text of a hand-made position after the deal: territories owned and armies as in the text.
TEST(WarPosition, AHandMadePositionReadsBack) {
  const WarGame& game = LoadWarGame("war", 3);
  auto state = SimpleBoard(game);
  Hold(*state, 1, {"brasil", "peru"});
  const auto copy = game.NewStateFromPosition(state->PositionText());
  EXPECT_TRUE(copy->Equals(*state));
  EXPECT_EQ(AsWar(copy->Clone())->board().Hand(1), state->board().Hand(1));
}

// Two states that differ only in seat 0's cards: seat 1 and a spectator read the same view text,
// which gives seat 0's hand size; seat 0 reads its own cards.
TEST(WarPosition, TheViewTextHidesOtherHandsAndObjectives) {
  const WarGame& game = LoadWarGame("war", 3);
  auto first = SimpleBoard(game), second = SimpleBoard(game);
  Hold(*first, 0, {"alasca", "vancouver"});
  Hold(*second, 0, {"brasil", "peru"});
  for (Seat viewer : {Seat{1}, Seat{2}, engine::kSpectator}) {
    EXPECT_EQ(first->ViewPositionText(viewer), second->ViewPositionText(viewer));
  }
  EXPECT_NE(first->ViewPositionText(0), second->ViewPositionText(0));
  EXPECT_NE(first->ViewPositionText(1).find("hand=?2,0,?0"), std::string::npos)
      << first->ViewPositionText(1);
  EXPECT_NE(first->ViewPositionText(1).find("objective=?,"), std::string::npos);
  EXPECT_NE(first->ViewPositionText(1).find("pile=?"), std::string::npos);
}

// A seat's view reads back (quartel engine's position view) into a state showing it the same view,
// the secret cards and objectives filled in; a view that no state shows is refused.
TEST(WarPosition, ViewsReadBackAndBadViewsAreRefused) {
  for (const char* id : {"war", "war2"}) {
    const WarGame& game = LoadWarGame(id, 4);
    auto state = NewWarState(game);
    Rng rng(5);
    for (int ply = 0; ply < 600 && !state->IsTerminal(); ++ply) {
      state->ApplyAction(PickRandom(*state, rng));
    }
    for (Seat seat = 0; seat < 4; ++seat) {
      const std::string view = state->ViewPositionText(seat);
      const auto read = game.NewStateFromView(view, seat);
      EXPECT_EQ(read->ViewPositionText(seat), view);
      EXPECT_EQ(read->PositionText().find('?'), std::string::npos);
      if (state->CurrentSeat() == seat) {
        EXPECT_EQ(Legal(*read), Legal(*state));
      }
    }
    const std::string view = state->ViewPositionText(0);
    ::quartel::test_helpers::ExpectViewError(game, view, 4, "a view is a seat's");
    const std::size_t pile = view.find("pile=?");
    ASSERT_NE(pile, std::string::npos) << view;
    const std::string too_many =
        view.substr(0, pile) + "pile=?99" + view.substr(view.find(' ', pile));
    ::quartel::test_helpers::ExpectViewError(game, too_many, 0, "outnumber");
    const std::string no_number =
        view.substr(0, pile) + "pile=?x" + view.substr(view.find(' ', pile));
    ::quartel::test_helpers::ExpectViewError(game, no_number, 0, "field pile");
    const std::string negative =
        view.substr(0, pile) + "pile=?-3" + view.substr(view.find(' ', pile));
    ::quartel::test_helpers::ExpectViewError(game, negative, 0, "out of range");
    const std::size_t objective = view.find("objective=") + 10;  // seat 0's own: shown
    const std::string far =
        view.substr(0, objective) + "99" + view.substr(view.find(',', objective));
    ::quartel::test_helpers::ExpectViewError(game, far, 0, "an objective is out of range");
  }
}

}  // namespace
}  // namespace quartel::war
