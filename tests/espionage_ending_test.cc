// Endings outside the rules (issue 8, 2.6; State::EndGame): a resignation, a loss on time, an
// abandoned game and a draw agreed (rulings "Espionage": draw by agreement) end an Espionage game
// with the given results, and, as at every ending (rulings "Common to every game": "After the game
// ends everything is revealed"), every rank is shown to every seat and to spectators, in the live
// game and in the game replayed from its record; the text view says how the game ended.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/record.h"
#include "engine/state.h"
#include "espionage_test_helpers.h"
#include "games/espionage/espionage.h"

namespace quartel::espionage {
namespace {

using namespace test_helpers;  // espionage_test_helpers.h
using engine::Match;
using engine::Outcome;

// Both setups typed, the lot, then `moves` random moves (chance: the first outcome).
Match StartedMatch(int moves) {
  Match match(Game({{"volcanoes", "2"}}).shared_from_this(), {"human", "human"});
  Rng rng(17);
  while (!match.Over() && moves > 0) {
    const engine::State& state = match.state();
    if (state.IsChanceNode()) {
      match.Apply(state.ChanceOutcomes().front().action);
    } else if (Pos(state).phase == Phase::kSetup) {
      for (Action a : state.StringToTurn(state.CurrentSeat() == 0 ? kRedSetup : kBlueSetup)) {
        match.Apply(a);
      }
    } else {
      const auto legal = state.LegalActions();
      match.Apply(legal[rng.Below(static_cast<std::uint32_t>(legal.size()))]);
      --moves;
    }
  }
  return match;
}

// Every piece on the board and every removed piece is shown with its true rank to `viewer`.
void ExpectEverythingRevealed(const engine::State& state, engine::Seat viewer) {
  const Json view = state.ViewJson(viewer);
  const Position& p = Pos(state);
  int pieces = 0;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (!(p.board[sq] & kOccupied)) continue;
    EXPECT_EQ(view["board"][sq]["rank"], std::string(1, RankChar(p.board[sq] & 15)))
        << "viewer " << viewer << " square " << SquareName(sq);
    ++pieces;
  }
  EXPECT_GT(pieces, 0);
  for (int seat = 0; seat < 2; ++seat) {
    EXPECT_EQ(view["lost"][seat]["hidden"], 0) << "viewer " << viewer;
  }
  EXPECT_EQ(state.ViewText(viewer, false).find('?'), std::string::npos)
      << state.ViewText(viewer, false);
}

TEST(EspionageEnding, ResigningRevealsEveryRankToEverySeatAndInTheRecord) {
  Match match = StartedMatch(40);
  ASSERT_FALSE(match.Over());
  match.Resign(0);
  const Match replayed =
      Match::Replay(engine::RecordFromJson(engine::RecordToJson(match.record()).dump()));
  EXPECT_EQ(engine::RecordToJson(match.record())["ending"], "resignation");
  for (const Match* m : std::vector<const Match*>{&match, &replayed}) {
    const engine::State& state = m->state();
    ASSERT_TRUE(state.IsTerminal());
    EXPECT_EQ(state.Results(), (std::vector<Outcome>{Outcome::kLoss, Outcome::kWin}));
    EXPECT_EQ(state.Returns(), (std::vector<double>{-1.0, 1.0}));
    for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
      ExpectEverythingRevealed(state, viewer);
      EXPECT_NE(state.ViewText(viewer, false).find("Game over: Blue wins (Red resigned)"),
                std::string::npos)
          << state.ViewText(viewer, false);
      EXPECT_EQ(state.ViewJson(viewer)["result"]["ending"], "resignation");
    }
    EXPECT_TRUE(state.LegalActions().empty());
  }
}

// A resignation while Blue is setting up shows both armies as placed so far.
TEST(EspionageEnding, ResigningDuringTheSetupRevealsThePlacedPieces) {
  Match match(Game({{"volcanoes", "0"}}).shared_from_this(), {"human", "human"});
  for (Action a : match.state().StringToTurn(kRedSetup)) match.Apply(a);
  for (const char* placement : {"H:b10", "M:a10", "S:c8"}) {
    match.Apply(match.state().StringToAction(placement));
  }
  match.Resign(1);
  for (engine::Seat viewer : {0, 1, engine::kSpectator}) {
    ExpectEverythingRevealed(match.state(), viewer);
    EXPECT_EQ(match.state().ViewJson(viewer)["board"][Sq("c8")]["rank"], "S");
  }
  EXPECT_NE(match.state().ViewText(0, false).find("Game over: Red wins (Blue resigned)"),
            std::string::npos);
}

TEST(EspionageEnding, TimeAgreementAndAbandonmentSayHowTheGameEnded) {
  struct Case {
    engine::EndReason reason;
    std::vector<Outcome> results;
    std::string line;
    std::string ending;
  };
  const std::vector<Case> cases = {
      {engine::EndReason::kTime,
       {Outcome::kWin, Outcome::kLoss},
       "Game over: Red wins (Blue ran out of time)",
       "time"},
      {engine::EndReason::kAgreement,
       {Outcome::kDraw, Outcome::kDraw},
       "Game over: draw (draw agreed)",
       "agreement"},
      {engine::EndReason::kAbandoned,
       {Outcome::kLoss, Outcome::kLoss},
       "Game over: Red loses, Blue loses (game abandoned)",
       "abandoned"},
  };
  for (const Case& c : cases) {
    Match match = StartedMatch(10);
    match.End(c.reason, c.results);
    const engine::State& state = match.state();
    ASSERT_TRUE(state.IsTerminal()) << c.line;
    EXPECT_EQ(state.Results(), c.results);
    const auto returns = state.Returns();
    EXPECT_DOUBLE_EQ(returns[0] + returns[1], 0.0);
    EXPECT_NE(state.ViewText(1, false).find(c.line), std::string::npos) << state.ViewText(1, false);
    EXPECT_EQ(state.ViewJson(0)["result"]["ending"], c.ending);
    ExpectEverythingRevealed(state, 1);
  }
}

}  // namespace
}  // namespace quartel::espionage
