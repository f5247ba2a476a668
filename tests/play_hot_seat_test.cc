// Several humans at one keyboard in a hidden-information game (rulings, "Common to every game"):
// before a human seat's private view is shown, the terminal asks that player to take the keyboard
// and press Enter, so the previous player never sees it. What is printed between handovers is
// from the view of whoever is at the keyboard.
//
// The humans are played by a typist that answers each prompt from the match as it stands: Enter
// at a handover, else a legal action of the seat to act (a random one, in its own notation). At
// every prompt the test notes the output so far and the state; afterwards it works out, from the
// engine's views, which board lines only one seat may see, and checks that each stretch of output
// between two handovers shows no seat's private lines but those of the seat at the keyboard.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/terminal_game.h"
#include "core/chance_source.h"
#include "core/rng.h"
#include "engine/game.h"
#include "games/all_games.h"
#include "play_test_helpers.h"

namespace quartel::cli {
namespace {

using engine::Seat;

constexpr std::string_view kHandover = "Pass the keyboard to ";

struct Snapshot {
  std::size_t output_size;  // what had been printed when the terminal asked for a line
  std::unique_ptr<engine::State> state;
  bool handover;  // the terminal was waiting for Enter at a handover
};

class HotSeatRun {
 public:
  HotSeatRun(const std::string& game_id, const std::string& options, int humans, int max_lines)
      : max_lines_(max_lines) {
    games::RegisterAllGames();
    game_ = engine::LoadGame(game_id, engine::ParseOptionList(options));
    std::vector<TerminalPlayer> players(humans);
    for (auto& player : players) player.label = "human";
    std::vector<std::string> labels(humans, "human");
    TypistBuffer buffer([this] { return NextLine(); });
    std::istream in(&buffer);
    TerminalGame terminal(engine::Match(game_, labels), std::move(players),
                          ChanceSource::FromSeedText("11"), TerminalOptions{}, in, out_);
    terminal_ = &terminal;
    terminal.Run();
    terminal_ = nullptr;
    num_seats_ = game_->NumSeats();
  }

  const std::string& output() const { return output_; }

  // Lines of `seat`'s text view that no other seat and no spectator saw in any noted state.
  std::set<std::string> PrivateLines(Seat seat) const {
    std::set<std::string> own, others;
    for (const auto& snapshot : snapshots_) {
      for (Seat viewer = engine::kSpectator; viewer < num_seats_; ++viewer) {
        if (viewer < 0 && viewer != engine::kSpectator) continue;
        for (const auto& line : Lines(snapshot.state->ViewText(viewer, false))) {
          (viewer == seat ? own : others).insert(line);
        }
      }
    }
    std::set<std::string> private_lines;
    for (const auto& line : own) {
      if (!others.count(line) && line.find_first_not_of(' ') != std::string::npos) {
        private_lines.insert(line);
      }
    }
    return private_lines;
  }

  // The output cut at each handover prompt: the seat at the keyboard (-1 before the first) and
  // what was printed while it was there.
  std::vector<std::pair<Seat, std::string>> Stretches(const engine::Game& game) const {
    std::vector<std::pair<Seat, std::string>> stretches = {{-1, ""}};
    std::size_t at = 0;
    while (true) {
      const std::size_t prompt = output_.find(kHandover, at);
      stretches.back().second += output_.substr(at, prompt - at);
      if (prompt == std::string::npos) break;
      const std::size_t name = prompt + kHandover.size();
      Seat seat = -1;
      for (Seat s = 0; s < num_seats_; ++s) {
        if (output_.compare(name, game.SeatName(s).size(), game.SeatName(s)) == 0) seat = s;
      }
      stretches.push_back({seat, ""});
      at = name;
    }
    return stretches;
  }

  const std::vector<Snapshot>& snapshots() const { return snapshots_; }

 private:
  std::string NextLine() {
    output_ = out_.str();
    const engine::State& state = terminal_->match().state();
    const bool handover = output_.rfind(kHandover) != std::string::npos &&
                          output_.find('\n', output_.rfind(kHandover)) == std::string::npos;
    snapshots_.push_back({output_.size(), state.Clone(), handover});
    if (handover) return "\n";
    if (++lines_ > max_lines_ || state.CurrentSeat() < 0) return "quit\n";
    const auto legal = state.LegalActions();
    return state.ActionToString(legal[rng_.Below(static_cast<std::uint32_t>(legal.size()))]) + "\n";
  }

  std::shared_ptr<const engine::Game> game_;  // outlives the snapshots' states
  int max_lines_;
  int lines_ = 0;
  int num_seats_ = 0;
  Rng rng_{5};
  std::ostringstream out_;
  std::string output_;
  TerminalGame* terminal_ = nullptr;
  std::vector<Snapshot> snapshots_;
};

void ExpectEachSeatSeesOnlyItsOwn(const std::string& game_id, const std::string& options,
                                  int humans, int max_lines) {
  games::RegisterAllGames();
  const auto game = engine::LoadGame(game_id, engine::ParseOptionList(options));
  const HotSeatRun run(game_id, options, humans, max_lines);
  std::map<Seat, std::set<std::string>> private_lines;
  for (Seat seat = 0; seat < humans; ++seat) {
    private_lines[seat] = run.PrivateLines(seat);
    ASSERT_FALSE(private_lines[seat].empty()) << game_id << ": seat " << seat << " sees no secret";
  }
  std::map<Seat, int> handovers, own_lines_seen;
  for (const auto& [at_keyboard, text] : run.Stretches(*game)) {
    ++handovers[at_keyboard];
    const auto shown = Lines(text);
    const std::set<std::string> shown_set(shown.begin(), shown.end());
    for (const auto& [seat, lines] : private_lines) {
      for (const auto& line : lines) {
        if (!shown_set.count(line)) continue;
        if (seat == at_keyboard) {
          ++own_lines_seen[seat];
        } else {
          ADD_FAILURE() << game_id << ": a private line of " << game->SeatName(seat)
                        << " shown while "
                        << (at_keyboard < 0 ? "nobody" : game->SeatName(at_keyboard))
                        << " is at the keyboard:\n"
                        << line;
        }
      }
    }
  }
  for (Seat seat = 0; seat < humans; ++seat) {
    EXPECT_GE(handovers[seat], 2) << game_id << ": " << game->SeatName(seat) << " handed over";
    EXPECT_GT(own_lines_seen[seat], 0) << game_id << ": " << game->SeatName(seat) << " saw nothing";
  }
  // At every handover prompt the terminal waited for Enter before printing anything more.
  int waits = 0;
  for (const auto& snapshot : run.snapshots()) waits += snapshot.handover ? 1 : 0;
  int prompts = 0;
  for (std::size_t at = run.output().find(kHandover); at != std::string::npos;
       at = run.output().find(kHandover, at + 1)) {
    ++prompts;
  }
  EXPECT_EQ(waits, prompts);
}

TEST(PlayHotSeat, StrategoTwoHumans) { ExpectEachSeatSeesOnlyItsOwn("stratego", "", 2, 140); }

TEST(PlayHotSeat, WarThreeHumans) { ExpectEachSeatSeesOnlyItsOwn("war", "players=3", 3, 150); }

TEST(PlayHotSeat, EspionageTwoHumans) { ExpectEachSeatSeesOnlyItsOwn("espionage", "", 2, 120); }

}  // namespace
}  // namespace quartel::cli
