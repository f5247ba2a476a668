// `quartel engine` over a real pipe (docs/ENGINE-PROTOCOL.md): the test starts the built binary,
// writes commands to its stdin and reads its stdout line by line, as a tournament manager would.
// It keeps its own engine::Match of the same game, so every bestmove is checked against the rules
// on this side, and the two sides' positions are compared.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "engine/game.h"
#include "engine/record.h"
#include "engine/seat_handle.h"
#include "games/all_games.h"

extern char** environ;

namespace quartel {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// The engine as a child process with its stdin and stdout on pipes.
class EngineProcess {
 public:
  EngineProcess() {
    int to_child[2];
    int from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, to_child[1]);
    posix_spawn_file_actions_addclose(&actions, from_child[0]);
    std::vector<std::string> args{QUARTEL_BINARY, "engine"};
    std::vector<char*> argv{args[0].data(), args[1].data(), nullptr};
    const int spawned = posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(to_child[0]);
    close(from_child[1]);
    if (spawned != 0) throw std::runtime_error("cannot start " + std::string(QUARTEL_BINARY));
    in_ = to_child[1];
    out_ = from_child[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~EngineProcess() {
    if (in_ >= 0) close(in_);
    close(out_);
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  void Send(const std::string& line) {
    const std::string text = line + "\n";
    std::size_t sent = 0;
    while (sent < text.size()) {
      const ssize_t n = write(in_, text.data() + sent, text.size() - sent);
      if (n <= 0) throw std::runtime_error("engine's stdin closed");
      sent += static_cast<std::size_t>(n);
    }
  }

  // The next line, or throws after `timeout`.
  std::string Read(milliseconds timeout = milliseconds(20000)) {
    const auto deadline = Clock::now() + timeout;
    while (true) {
      if (const std::size_t newline = buffer_.find('\n'); newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        return line;
      }
      const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) throw std::runtime_error("no line from the engine in time");
      pollfd poll_fd{out_, POLLIN, 0};
      if (poll(&poll_fd, 1, static_cast<int>(left.count())) <= 0) continue;
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) throw std::runtime_error("engine's stdout closed; so far: " + buffer_);
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  // Reads lines until one starts with `prefix`; returns it (the lines before are in `skipped`).
  std::string ReadUntil(const std::string& prefix, std::vector<std::string>* skipped = nullptr,
                        milliseconds timeout = milliseconds(60000)) {
    const auto deadline = Clock::now() + timeout;
    while (true) {
      const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
      std::string line = Read(std::max(left, milliseconds(1)));
      if (line.rfind(prefix, 0) == 0) return line;
      if (skipped != nullptr) skipped->push_back(line);
    }
  }

  // Sends isready and expects readyok as the very next line: the commands before it answered
  // nothing (no error).
  void ExpectQuiet() {
    Send("isready");
    EXPECT_EQ(Read(), "readyok");
  }

  // Sends `go ...` and returns bestmove's move.
  std::string Go(const std::string& budget) {
    Send("go " + budget);
    std::vector<std::string> before;
    const std::string line = ReadUntil("bestmove ", &before);
    for (const std::string& other : before) {
      EXPECT_EQ(other.rfind("info ", 0), 0u) << other;
    }
    return line.substr(9);
  }

  // Closes stdin after quit and returns the exit status.
  int Quit() {
    Send("quit");
    close(in_);
    in_ = -1;
    int status = 0;
    waitpid(pid_, &status, 0);
    exited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  bool exited_ = false;
  std::string buffer_;
};

std::shared_ptr<const engine::Game> Load(const std::string& id,
                                         const std::map<std::string, std::string>& options = {}) {
  games::RegisterAllGames();
  return engine::LoadGame(id, options);
}

// The handshake names the engine and ends with quartelok.
TEST(EngineProtocol, Handshake) {
  games::RegisterAllGames();
  EngineProcess engine;
  engine.Send("quartel");
  EXPECT_EQ(engine.Read().rfind("id name Quartel", 0), 0u);
  std::vector<std::string> lines;
  engine.ReadUntil("quartelok", &lines);
  engine.Send("listgames");
  lines.clear();
  engine.ReadUntil("listgames end", &lines);
  ASSERT_EQ(lines.size(), engine::RegisteredGames().size());
  EXPECT_EQ(lines[1].rfind("game dablot seats 2 chance yes hidden no", 0), 0u) << lines[1];
  EXPECT_EQ(engine.Quit(), 0);
}

// A whole Dablot game: the engine (mcts, 30 iterations a decision) plays the Sámi, this side
// plays the Swedes at random and draws the first player by lot (the engine never plays chance).
// Every bestmove must be legal here; at the end both sides agree on the result and the position.
TEST(EngineProtocol, PlaysAWholeDablotGame) {
  auto game = Load("dablot", {{"max_turns", "150"}});
  engine::Match match(game, {"engine", "random"});
  EngineProcess engine;
  engine.Send("newgame dablot max_turns=150");
  engine.Send("setoption name bot value mcts");
  engine.Send("setoption name seed value 11");
  engine.ExpectQuiet();
  Rng rng(5);
  int engine_moves = 0;
  while (!match.Over()) {
    const engine::State& state = match.state();
    std::string notation;
    if (state.IsChanceNode()) {
      const auto outcomes = state.ChanceOutcomes();
      notation = state.ActionToString(outcomes[rng.Below(outcomes.size())].action);
    } else if (state.CurrentSeat() == 0) {
      notation = engine.Go("iterations 30");
      ++engine_moves;
    } else {
      std::vector<engine::Action> legal;
      state.LegalActions(legal);
      notation = state.ActionToString(legal[rng.Below(legal.size())]);
    }
    // The notation is the game's: it parses here as one legal action.
    const std::vector<engine::Action> turn = state.StringToTurn(notation);
    ASSERT_EQ(turn.size(), 1u) << notation;
    match.Apply(turn.front());
    engine.Send("move " + notation);
  }
  EXPECT_GT(engine_moves, 5);
  engine.Send("status");
  std::vector<std::string> results;
  for (engine::Outcome outcome : match.state().Results()) {
    results.push_back(engine::OutcomeName(outcome));
  }
  EXPECT_EQ(engine.Read(), "status over " + results[0] + "," + results[1]);
  engine.Send("view 1");
  EXPECT_EQ(engine.Read(), "view " + match.state().ViewPositionText(1));
  engine.Send("go iterations 10");
  EXPECT_EQ(engine.Read().rfind("error ", 0), 0u);
  EXPECT_EQ(engine.Quit(), 0);
}

// Under an iteration budget a go is a function of the bot, the seed and the position: two
// engines, and one engine asked twice, answer the same; the position is given as a record.
TEST(EngineProtocol, IterationBudgetIsDeterministic) {
  auto game = Load("dablot");
  engine::Match match(game, {"a", "b"});
  Rng rng(3);
  while (match.version() < 9) {
    std::vector<engine::Action> legal;
    match.state().LegalActions(legal);
    match.Apply(legal[rng.Below(legal.size())]);
  }
  const std::string record = engine::RecordToJson(match.record()).dump();
  std::vector<std::string> answers;
  for (int process = 0; process < 2; ++process) {
    EngineProcess engine;
    engine.Send("bot mcts");
    engine.Send("seed 42");
    engine.Send("position record " + record);
    engine.ExpectQuiet();
    answers.push_back(engine.Go("iterations 400"));
    answers.push_back(engine.Go("iterations 400"));
    EXPECT_EQ(engine.Quit(), 0);
  }
  for (const std::string& answer : answers) EXPECT_EQ(answer, answers.front());
  EXPECT_NO_THROW(match.state().StringToAction(answers.front()));
}

// stop ends a long go at once, with a legal bestmove; the engine then goes on.
TEST(EngineProtocol, StopAnswersPromptly) {
  EngineProcess engine;
  engine.Send("newgame dablot");
  engine.Send("position startpos moves Swedes first");
  engine.ExpectQuiet();
  engine.Send("go infinite");
  EXPECT_EQ(engine.Read().rfind("info string ", 0), 0u);
  std::this_thread::sleep_for(milliseconds(300));
  engine.Send("isready");  // answered while it thinks
  EXPECT_EQ(engine.Read(milliseconds(2000)), "readyok");
  engine.Send("legal");  // refused while it thinks
  EXPECT_EQ(engine.Read(milliseconds(2000)).rfind("error busy", 0), 0u);
  const auto stopped = Clock::now();
  engine.Send("stop");
  const std::string best = engine.ReadUntil("bestmove ", nullptr, milliseconds(3000));
  EXPECT_LT(Clock::now() - stopped, milliseconds(2000));
  auto state = Load("dablot")->NewInitialState();
  state->ApplyAction(state->StringToAction("Swedes first"));
  EXPECT_NO_THROW(state->StringToAction(best.substr(9))) << best;
  engine.Send("legal");
  EXPECT_EQ(engine.Read().rfind("legal ", 0), 0u);
  EXPECT_EQ(engine.Quit(), 0);
}

// Every bad line is answered by one error line and the session goes on.
TEST(EngineProtocol, BadCommandsAnswerErrorAndGoOn) {
  EngineProcess engine;
  const std::vector<std::string> bad = {
      "frobnicate",
      "go",  // no game yet
      "position startpos",
      "newgame nosuchgame",
      "newgame dablot max_turns=5",  // below the option's range
      "newgame dablot max_turns",
      "setoption name colour value red",
      "setoption bot mcts",
      "bot nosuchbot",
      "seed -3",
      "newgame dablot",  // good: the next lines are bad in a game
      "go iterations x",
      "go iterations",
      "go depth 3",
      "go",          // chance to act (the first player is drawn by lot)
      "move 23-29",  // not a chance outcome
      "moves Swedes first;99-98",
      "move #999999",
      "position text not a dablot position",
      "position record {\"game\":",
      "position bogus",
      "view 7",
      std::string(5 << 20, 'x'),  // longer than the 4 MiB limit
      "\x01\xff\xfe garbage",
  };
  int goods = 0;
  for (const std::string& line : bad) {
    engine.Send(line);
    if (line == "newgame dablot") {
      ++goods;
      continue;
    }
    const std::string answer = engine.Read();
    EXPECT_EQ(answer.rfind("error ", 0), 0u) << line.substr(0, 40) << " -> " << answer;
  }
  EXPECT_EQ(goods, 1);
  engine.ExpectQuiet();
  // The failed "moves" applied nothing: the draw is still to come.
  engine.Send("status");
  EXPECT_EQ(engine.Read(), "status chance");
  engine.Send("moves Swedes first");
  engine.ExpectQuiet();
  const std::string best = engine.Go("iterations 20");
  auto state = Load("dablot")->NewInitialState();
  state->ApplyAction(state->StringToAction("Swedes first"));
  EXPECT_NO_THROW(state->StringToAction(best));
  EXPECT_EQ(engine.Quit(), 0);
}

// Stratego: the engine plays Red from its seat's handle only. Two positions that differ only in
// Blue's hidden ranks (a Bomb and a Scout, neither moved nor seen, swapped: next to Red's Marshal
// one is a trap, the other a free capture) give Red the same view, so the same bestmove.
TEST(EngineProtocol, StrategoBestmoveIgnoresHiddenRanks) {
  auto game = Load("stratego");
  const std::string rest = " r play 10 10 0 -/- -,-,-/-,-,- - 0,-/0,- -/- -";
  // Ranks 10 to 1: Blue's Flag on k10, a Blue piece on a10 and one on e6 facing Red's Marshal on
  // e5, Red's Flag on a1.
  const auto text = [&](const std::string& a10, const std::string& e6) {
    return a10 + "........bF/........../........../........../..~~" + e6 + ".~~../..~~rX.~~../" +
           "........../........../........../rF........." + rest;
  };
  const std::string bomb_next = text("b2", "bB");
  const std::string scout_next = text("bB", "b2");
  auto a = game->NewStateFromPosition(bomb_next);
  auto b = game->NewStateFromPosition(scout_next);
  ASSERT_NE(a->PositionText(), b->PositionText());
  ASSERT_EQ(a->ViewPositionText(0), b->ViewPositionText(0));
  ASSERT_EQ(a->CurrentSeat(), 0);
  std::vector<std::string> answers;
  for (const std::string& position : {bomb_next, scout_next, bomb_next}) {
    EngineProcess engine;
    engine.Send("newgame stratego");
    engine.Send("setoption name bot value mcts");
    engine.Send("setoption name seed value 9");
    engine.Send("position text " + position);
    engine.ExpectQuiet();
    engine.Send("view");
    EXPECT_EQ(engine.Read(), "view " + a->ViewPositionText(0));
    answers.push_back(engine.Go("iterations 300"));
    EXPECT_EQ(engine.Quit(), 0);
  }
  EXPECT_EQ(answers[0], answers[1]);
  EXPECT_EQ(answers[0], answers[2]);
  EXPECT_NO_THROW(a->StringToAction(answers[0])) << answers[0];
}

// position view: a hidden-information game's engine can be sent only its seat's view. At seat
// decisions along a random game of each such game (WAR's included: placements, attacks, card
// trades), the bot answers the view exactly as it answers the whole position: the view reads
// back into a state the seat cannot tell from the real one, and a bot reaches the game only
// through the seat's handle. Only the viewing seat's own moves may follow a view.
TEST(EngineProtocol, HiddenGamesCanBeSentTheSeatsViewOnly) {
  for (const std::string id : {"stratego", "espionage", "war", "war2"}) {
    auto game = Load(id);
    EngineProcess engine;
    engine.Send("newgame " + id);
    engine.Send("setoption name bot value mcts");
    engine.Send("setoption name seed value 3");
    engine.ExpectQuiet();
    auto state = game->NewInitialState();
    Rng rng(17);
    int compared = 0;
    for (int ply = 0; ply < 400 && !state->IsTerminal(); ++ply) {
      std::vector<engine::Action> legal;
      state->LegalActions(legal);
      if (!state->IsChanceNode() && ply % 23 == 7) {
        const engine::Seat seat = state->CurrentSeat();
        const std::string view = state->ViewPositionText(seat);
        SCOPED_TRACE(id + " ply " + std::to_string(ply) + ": " + view);
        // `seed` makes the bots anew (one lives for its seat's turn, a whole setup included).
        engine.Send("seed 3");
        engine.Send("position text " + state->PositionText());
        const std::string whole = engine.Go("iterations 40");
        engine.Send("seed 3");
        engine.Send("position view " + std::to_string(seat) + " " + view);
        engine.Send("view");
        EXPECT_EQ(engine.Read(), "view " + view);
        EXPECT_EQ(engine.Go("iterations 40"), whole);
        ++compared;
      }
      state->ApplyAction(legal[rng.Below(legal.size())]);
    }
    EXPECT_GE(compared, 10) << id;
    EXPECT_EQ(engine.Quit(), 0);
  }
}

TEST(EngineProtocol, AfterAViewOnlyTheViewersMovesFollow) {
  auto game = Load("stratego");
  auto state = game->NewInitialState();
  std::vector<engine::Action> legal;
  Rng rng(2);
  while (state->PlyCount() < 90) {  // both setups, then some moves
    state->LegalActions(legal);
    state->ApplyAction(legal[rng.Below(legal.size())]);
  }
  const engine::Seat seat = state->CurrentSeat();
  EngineProcess engine;
  engine.Send("newgame stratego");
  engine.Send("position view " + std::to_string(seat) + " " + state->ViewPositionText(seat));
  engine.ExpectQuiet();
  const std::string mine = engine.Go("iterations 20");
  engine.Send("move " + mine);
  engine.ExpectQuiet();
  const std::string other = std::to_string(1 - seat);
  engine.Send("legal");
  EXPECT_EQ(engine.Read(), "error the position is seat " + std::to_string(seat) +
                               "'s view, and seat " + other +
                               " is to act: send the next position view");
  // One of the other seat's moves, from the real game.
  state->ApplyAction(state->StringToAction(mine));
  std::vector<engine::Action> theirs;
  state->LegalActions(theirs);
  const std::string next = state->ActionToString(theirs.front());
  engine.Send("move " + next);
  EXPECT_EQ(engine.Read(), "error move 1 '" + next + "': the position is seat " +
                               std::to_string(seat) + "'s view, and seat " + other +
                               " is to act: send the next position view");
  engine.Send("go iterations 5");
  EXPECT_EQ(engine.Read(), "error the position is seat " + std::to_string(seat) +
                               "'s view, and seat " + other +
                               " is to act: send the next position view");
  engine.Send("view " + other);
  EXPECT_EQ(engine.Read(), "error view: the position is seat " + std::to_string(seat) +
                               "'s view; seat " + other + "'s is not known here");
  // Texts that are no view: a whole position, a seat out of range; and a view sent as a whole
  // position.
  engine.Send("position view 0 " + state->PositionText());
  EXPECT_EQ(engine.Read().rfind("error Stratego view: 12 fields, 13 needed", 0), 0u);
  engine.Send("position view 2 x");
  EXPECT_EQ(engine.Read(), "error position view: expected a seat (0 to 1) then its view");
  engine.Send("position text " + state->ViewPositionText(seat));
  EXPECT_NE(engine.Read().find("13 is a seat's view"), std::string::npos);
  EXPECT_EQ(engine.Quit(), 0);
}

}  // namespace
}  // namespace quartel
