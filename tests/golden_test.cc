// Golden per-seat playthroughs: two short random games of each registered game with, at every ply,
// everything each viewer (every seat and a spectator) is shown through its SeatHandle: its
// position text, board, JSON view, tensor, the legal actions it is offered, and the action played
// as it may know it. Any change in what a seat sees shows up as a diff of tests/golden/<game>.txt;
// after checking that a diff is intended, regenerate the files with
//   QUARTEL_UPDATE_GOLDEN=1 build/release/quartel_tests --gtest_filter='Golden*'
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/game.h"
#include "engine/playout.h"
#include "engine/seat_handle.h"
#include "games/all_games.h"

namespace quartel::engine {
namespace {

constexpr int kGamesPerId = 2;
constexpr int kPliesPerGame = 24;

// The tensor as "index:value" for its non-zero entries, so that files stay readable.
std::string SparseTensor(const std::vector<float>& tensor) {
  std::vector<std::string> entries;
  for (std::size_t i = 0; i < tensor.size(); ++i) {
    if (tensor[i] != 0.0f) entries.push_back(fmt::format("{}:{:g}", i, tensor[i]));
  }
  return fmt::format("{}", fmt::join(entries, " "));
}

std::string ViewerName(const Game& game, Seat viewer) {
  return viewer == kSpectator ? "spectator" : game.SeatName(viewer);
}

std::string EverythingShown(const State& state, Seat viewer) {
  const SeatHandle handle(state, viewer);
  std::vector<std::string> legal;
  for (Action action : handle.LegalActions()) legal.push_back(handle.ActionToString(action));
  return fmt::format("-- {}\nposition: {}\n{}\njson: {}\ntensor: {}\nlegal: {}\n",
                     ViewerName(state.game(), viewer), handle.ViewPositionText(),
                     handle.ViewText(false), handle.ViewJson().dump(),
                     SparseTensor(handle.ViewTensor()), fmt::join(legal, " "));
}

std::string Playthroughs(const Game& game) {
  std::string out;
  for (int number = 1; number <= kGamesPerId; ++number) {
    Rng rng(static_cast<std::uint64_t>(number));
    std::vector<Action> scratch;
    auto state = game.NewInitialState();
    out += fmt::format("==== {} game {}\n", game.id(), number);
    for (int ply = 0; ply <= kPliesPerGame; ++ply) {
      const Seat actor = state->CurrentSeat();
      out += fmt::format("=== ply {}, to act: {}\n", state->PlyCount(),
                         actor == kChanceSeat     ? "chance"
                         : actor == kTerminalSeat ? "nobody (over)"
                                                  : game.SeatName(actor));
      for (Seat viewer = 0; viewer < game.NumSeats(); ++viewer) {
        out += EverythingShown(*state, viewer);
      }
      out += EverythingShown(*state, kSpectator);
      if (state->IsTerminal()) break;
      const Action action = RandomAction(*state, rng, scratch);
      out += "played:";
      for (Seat viewer = kSpectator; viewer < game.NumSeats(); ++viewer) {
        if (viewer == kChanceSeat || viewer == kTerminalSeat) continue;
        out += fmt::format(" [{}] {}", ViewerName(game, viewer),
                           SeatHandle(*state, viewer).DescribeTurn({&action, 1}));
      }
      out += "\n";
      state->ApplyAction(action);
    }
  }
  return out;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The first line where `expected` and `actual` differ, for the failure message.
std::string FirstDifference(const std::string& expected, const std::string& actual) {
  std::istringstream a(expected), b(actual);
  std::string line_a, line_b;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_b = static_cast<bool>(std::getline(b, line_b));
    if (!more_a && !more_b) return "no difference";
    if (line_a != line_b || more_a != more_b) {
      return fmt::format("line {}:\n  golden: {}\n  now:    {}", line, more_a ? line_a : "(end)",
                         more_b ? line_b : "(end)");
    }
  }
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, EveryViewerSeesWhatItSawBefore) {
  const auto game = LoadGame(GetParam());
  const std::string path = fmt::format("{}/tests/golden/{}.txt", QUARTEL_SOURCE_DIR, GetParam());
  const std::string now = Playthroughs(*game);
  if (std::getenv("QUARTEL_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path) << now;
    GTEST_SKIP() << "wrote " << path;
  }
  const std::string golden = ReadFile(path);
  ASSERT_FALSE(golden.empty()) << path << " is missing: run with QUARTEL_UPDATE_GOLDEN=1";
  EXPECT_TRUE(golden == now) << GetParam() << ": what a viewer is shown changed at "
                             << FirstDifference(golden, now);
}

std::vector<std::string> GameIds() {
  games::RegisterAllGames();
  std::vector<std::string> ids;
  for (const GameInfo& info : RegisteredGames()) ids.push_back(info.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(AllGames, Golden, ::testing::ValuesIn(GameIds()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace quartel::engine
