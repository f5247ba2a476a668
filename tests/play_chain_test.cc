// Jump chains in the terminal (Dablot captures, Conspiradores jumps): typing one jump of a chain
// that can go on leaves the turn open and the terminal asks for the next jump or stop, showing
// what may follow; a whole chain typed at once still works; `moves` lists what can be typed.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "engine/playout.h"
#include "engine/record.h"
#include "play_test_helpers.h"

namespace quartel::cli {
namespace {

using engine::Action;
using engine::Seat;
using engine::State;

// Whether playing `action` in `state` leaves the same seat in a chain it may go on with.
bool ChainGoesOn(const State& state, Action action) {
  auto after = state.Clone();
  after->ApplyAction(action);
  return after->MidTurn() && after->CurrentSeat() == state.CurrentSeat();
}

// The jumps at the start of a turn in `state` after which the chain may go on.
std::vector<Action> ChainStarts(const State& state) {
  std::vector<Action> starts;
  if (state.CurrentSeat() < 0 || state.MidTurn()) return starts;
  for (Action action : state.LegalActions()) {
    if (ChainGoesOn(state, action)) starts.push_back(action);
  }
  return starts;
}

// A match of `game_id` played at random (seeded) up to a turn that may start with a chain.
engine::Match MatchAtAChain(const std::string& game_id, const std::string& options) {
  games::RegisterAllGames();
  const auto game = engine::LoadGame(game_id, engine::ParseOptionList(options));
  Rng rng(3);
  std::vector<Action> scratch;
  for (int attempt = 0; attempt < 100; ++attempt) {
    engine::Match match(game, std::vector<std::string>(game->NumSeats(), "human"));
    while (!match.Over()) {
      if (!ChainStarts(match.state()).empty()) return match;
      match.Apply(engine::RandomAction(match.state(), rng, scratch));
    }
  }
  throw Error("no chain found");
}

// The whole chain text of `first` followed by `next` ("23x35" + "35x47" = "23x35x47"): the next
// jump's notation starts with the point the chain is on.
std::string Join(const std::string& chain, const std::string& next, char separator) {
  return chain + next.substr(next.find(separator));
}

struct ChainGame {
  std::string id;
  std::string options;
  char separator;  // between the points of a jump
};

const std::vector<ChainGame> kChainGames = {{"dablot", "", 'x'}, {"conspiradores", "", '-'}};

TEST(PlayChain, OneJumpTypedAsksForTheNext) {
  for (const auto& chain_game : kChainGames) {
    engine::Match match = MatchAtAChain(chain_game.id, chain_game.options);
    const State& start = match.state();
    const Seat seat = start.CurrentSeat();
    const Action jump = ChainStarts(start).front();
    const std::string typed = start.ActionToString(jump);
    auto after = start.Clone();
    after->ApplyAction(jump);
    const std::size_t before = match.record().actions.size();
    TerminalRun run(std::move(match), {"human", "human"}, typed + "\n");
    const std::string out = run.Run();
    // The jump is played and the turn is still the same seat's, in the chain.
    EXPECT_EQ(run.match().record().actions.size(), before + 1) << chain_game.id;
    EXPECT_TRUE(run.match().state().MidTurn()) << chain_game.id;
    EXPECT_EQ(run.match().state().CurrentSeat(), seat) << chain_game.id;
    // The terminal shows what may follow: every next jump, and stop.
    const std::string tail = out.substr(out.rfind(typed));
    for (Action next : after->LegalActions()) {
      EXPECT_NE(tail.find(after->ActionToString(next)), std::string::npos)
          << chain_game.id << ": " << after->ActionToString(next) << " not offered in\n"
          << tail;
    }
    EXPECT_NE(tail.find("stop"), std::string::npos) << tail;
  }
}

TEST(PlayChain, WholeChainTypedAtOnceAndStop) {
  for (const auto& chain_game : kChainGames) {
    engine::Match match = MatchAtAChain(chain_game.id, chain_game.options);
    const State& start = match.state();
    const Seat seat = start.CurrentSeat();
    const Action jump = ChainStarts(start).front();
    auto after = start.Clone();
    after->ApplyAction(jump);
    Action next = -1;
    for (Action action : after->LegalActions()) {
      if (after->ActionToString(action) != "stop") next = action;
    }
    ASSERT_GE(next, 0);
    const std::string chain =
        Join(start.ActionToString(jump), after->ActionToString(next), chain_game.separator);
    after->ApplyAction(next);
    const bool goes_on = after->MidTurn() && after->CurrentSeat() == seat;
    const std::size_t before = match.record().actions.size();
    TerminalRun run(std::move(match), {"human", "human"}, chain + "\nstop\n");
    const std::string out = run.Run();
    // Both jumps, then the stop where the chain could go on further: the turn has passed.
    EXPECT_EQ(run.match().record().actions.size(), before + (goes_on ? 3 : 2))
        << chain_game.id << " " << chain << "\n"
        << out.substr(out.size() - 400);
    EXPECT_FALSE(run.match().state().MidTurn() && run.match().state().CurrentSeat() == seat);
  }
}

// Each entry `moves` lists (its lines are "    GROUP: ENTRY ENTRY ...", a chain that can go on
// marked with '+'), typed on its own, is accepted: the record grows.
TEST(PlayChain, MovesListsWhatCanBeTyped) {
  for (const auto& chain_game : kChainGames) {
    const engine::Match match = MatchAtAChain(chain_game.id, chain_game.options);
    const State& start = match.state();
    const std::size_t before = match.record().actions.size();
    TerminalRun list(engine::Match::Replay(match.record()), {"human", "human"}, "moves\n");
    const std::string out = list.Run();
    // The listing is what was printed between the first prompt and the next.
    const std::size_t first = out.find("> ") + 2;
    const std::string listing = out.substr(first, out.find("> ", first) - first);
    std::vector<std::string> entries;
    std::istringstream lines(listing);
    for (std::string line; std::getline(lines, line);) {
      if (!line.starts_with("    ")) continue;  // the count and the notes around the groups
      std::istringstream words(line);
      for (std::string word; words >> word;) {
        if (word.back() == ':') continue;
        if (word.back() == '+') word.pop_back();
        entries.push_back(word);
      }
    }
    ASSERT_FALSE(entries.empty()) << listing;
    // Every first jump of a chain is listed, marked as able to go on or as whole chains.
    for (Action jump : ChainStarts(start)) {
      const std::string text = start.ActionToString(jump);
      EXPECT_TRUE(std::any_of(entries.begin(), entries.end(),
                              [&](const std::string& e) { return e.rfind(text, 0) == 0; }))
          << chain_game.id << ": " << text << " missing from\n"
          << listing;
      EXPECT_TRUE(listing.find(text + "+") != std::string::npos ||
                  std::any_of(entries.begin(), entries.end(),
                              [&](const std::string& e) {
                                return e.size() > text.size() && e.rfind(text, 0) == 0;
                              }))
          << chain_game.id << ": " << text << " not shown as a chain in\n"
          << listing;
    }
    for (const std::string& entry : entries) {
      TerminalRun run(engine::Match::Replay(match.record()), {"human", "human"}, entry + "\n");
      run.Run();
      EXPECT_GT(run.match().record().actions.size(), before)
          << chain_game.id << ": '" << entry << "' listed but refused";
    }
  }
}

}  // namespace
}  // namespace quartel::cli
