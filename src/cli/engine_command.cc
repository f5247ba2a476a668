// `quartel engine`: Quartel's bots behind a line protocol on stdin and stdout, as chess engines
// speak UCI, so that tournament managers, GUIs and other game systems can run them
// (docs/ENGINE-PROTOCOL.md is the specification). One command a line in, answers a line each out.
//
// The engine holds the game as engine::Match (the controller's positions, records and moves) and
// searches on a worker thread, so that `stop`, `isready` and `quit` are read while it thinks. The
// bot reaches the game only through the SeatHandle of the seat to act, as on the server: in a
// hidden-information game it sees that seat's view and nothing else (the trust model is in the
// specification). Every bad line is answered `error <why>` and the session goes on.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <istream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ai/bot.h"
#include "cli/commands.h"
#include "core/error.h"
#include "core/text.h"
#include "engine/game.h"
#include "engine/record.h"
#include "engine/seat_handle.h"

namespace quartel::cli {
namespace {

// Longest line read (a record of a long game fits; docs/ENGINE-PROTOCOL.md, "Limits").
constexpr std::size_t kMaxLineBytes = std::size_t{4} << 20;
// `go infinite`: a time budget no game waits for; `stop` ends it.
constexpr std::int64_t kInfiniteMs = std::int64_t{24} * 3600 * 1000;
constexpr const char* kCommands =
    "quartel, isready, listgames, listbots, setoption, bot, seed, newgame, position, move, moves, "
    "go, stop, legal, view, status, quit";

// Reads one line of at most kMaxLineBytes (without its '\n' and any '\r'). Returns false at the
// end of input; `too_long` is set when the line was longer (its rest is skipped).
bool ReadLine(std::istream& in, std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf* buffer = in.rdbuf();
  bool any = false;
  for (int c = buffer->sbumpc(); c != std::char_traits<char>::eof(); c = buffer->sbumpc()) {
    any = true;
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return true;
    }
    if (line.size() < kMaxLineBytes) {
      line.push_back(static_cast<char>(c));
    } else {
      too_long = true;
    }
  }
  return any;
}

// The first word of `text` and the rest, trimmed.
std::pair<std::string_view, std::string_view> FirstWord(std::string_view text) {
  text = Trim(text);
  const std::size_t space = text.find_first_of(" \t");
  if (space == std::string_view::npos) return {text, {}};
  return {text.substr(0, space), Trim(text.substr(space + 1))};
}

std::uint64_t ParseSeed(std::string_view text) {
  const std::string digits(Trim(text));
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos ||
      digits.size() > 20) {
    throw Error(fmt::format("bad seed '{}': expected a decimal number", Excerpt(text)));
  }
  errno = 0;
  const unsigned long long value = std::strtoull(digits.c_str(), nullptr, 10);
  if (errno != 0) throw Error(fmt::format("bad seed '{}': too large", Excerpt(text)));
  return value;
}

std::int64_t ParseBudget(std::string_view key, std::string_view text) {
  const auto value = ParseInteger(text);
  if (!value || *value < 1) {
    throw Error(fmt::format("go {} '{}': expected an integer >= 1", key, Excerpt(text)));
  }
  return *value;
}

// A bot seed for one decision: the engine's seed, the seat and the version the seat sees, so that
// a go answers the same in the same position whatever came before (docs, "Determinism").
std::uint64_t DecisionSeed(std::uint64_t seed, engine::Seat seat, int version) {
  std::uint64_t x = seed ^ (static_cast<std::uint64_t>(seat + 1) << 32) ^
                    static_cast<std::uint64_t>(version) * 0x9e3779b97f4a7c15ULL;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ULL;
  return x ^ (x >> 29);
}

class EngineSession {
 public:
  explicit EngineSession(std::ostream& out) : out_(out) { ai::RegisterBuiltinBots(); }
  ~EngineSession() { StopSearch(); }

  // Runs one line; false once the session should end (quit).
  bool Execute(std::string_view line) {
    const auto [command, rest] = FirstWord(line);
    if (command.empty()) return true;
    if (command == "quit") {
      StopSearch();
      return false;
    }
    if (command == "stop") {
      StopSearch();
      return true;
    }
    if (command == "isready") {
      Say("readyok");
      return true;
    }
    if (searching_.load()) {
      Say(fmt::format("error busy: a go is running; send stop first ('{}' ignored)",
                      Excerpt(command)));
      return true;
    }
    if (worker_.joinable()) worker_.join();
    try {
      Dispatch(command, rest);
    } catch (const std::exception& e) {
      Say(std::string("error ") + e.what());
    }
    return true;
  }

  // One answer line, whole: the worker and the reader never interleave.
  void Say(std::string_view text) {
    std::lock_guard lock(out_mutex_);
    WriteLine(text);
  }

 private:
  void WriteLine(std::string_view text) {
    std::string line(text);
    for (char& c : line) {
      if (c == '\n' || c == '\r') c = ' ';
    }
    out_ << line << '\n' << std::flush;
  }

  void Dispatch(std::string_view command, std::string_view rest) {
    if (command == "quartel") return Hello();
    if (command == "listgames") return ListGames();
    if (command == "listbots") return ListBots();
    if (command == "setoption") return SetOption(rest);
    if (command == "bot") return SetBot(rest);
    if (command == "seed") return SetSeed(rest);
    if (command == "newgame") return NewGame(rest);
    if (command == "position") return Position(rest);
    if (command == "move") return Moves(rest, /*several=*/false);
    if (command == "moves") return Moves(rest, /*several=*/true);
    if (command == "go") return Go(rest);
    if (command == "legal") return Legal();
    if (command == "view") return View(rest);
    if (command == "status") return Status();
    throw Error(fmt::format("unknown command '{}' (commands: {})", Excerpt(command), kCommands));
  }

  void Hello() {
    Say("id name Quartel 0.1.0");
    Say("id author the Quartel authors");
    Say("id protocol 1");
    Say(fmt::format("option name bot type string default {}", bot_spec_));
    Say(fmt::format("option name seed type string default {}", seed_));
    Say("quartelok");
  }

  void ListGames() {
    for (const engine::GameInfo& info : engine::RegisteredGames()) {
      std::string options;
      for (const engine::OptionSpec& option : info.options) {
        options += fmt::format(" {}={}", option.name, option.default_value);
      }
      Say(fmt::format("game {} seats {} chance {} hidden {} rules {} options{}", info.id,
                      fmt::join(info.seat_counts, ","), info.has_chance ? "yes" : "no",
                      info.hidden_information ? "yes" : "no", info.rules_version,
                      options.empty() ? " -" : options));
    }
    Say("listgames end");
  }

  void ListBots() {
    for (const ai::BotInfo& info : ai::RegisteredBots()) {
      Say(fmt::format("bot {} {}", info.name, info.help));
    }
    Say("listbots end");
  }

  // UCI's form: "setoption name NAME value VALUE".
  void SetOption(std::string_view rest) {
    const auto [name_word, after_name] = FirstWord(rest);
    if (name_word != "name") throw Error("setoption: expected 'setoption name NAME value VALUE'");
    const auto [name, after] = FirstWord(after_name);
    const auto [value_word, value] = FirstWord(after);
    if (value_word != "value" || value.empty()) {
      throw Error("setoption: expected 'setoption name NAME value VALUE'");
    }
    if (name == "bot") return SetBot(value);
    if (name == "seed") return SetSeed(value);
    throw Error(fmt::format("setoption: unknown option '{}' (options: bot, seed)", Excerpt(name)));
  }

  void SetBot(std::string_view spec) {
    spec = Trim(spec);
    if (spec.empty()) throw Error("bot: expected a bot spec (listbots), e.g. mcts:iterations=2000");
    // Checked now against the game when there is one, else against the registry's names.
    if (game_) {
      ai::MakeBot(spec, *game_, seed_);
    } else {
      const std::string name = ToLower(Trim(spec.substr(0, spec.find(':'))));
      bool known = false;
      for (const ai::BotInfo& info : ai::RegisteredBots()) known = known || info.name == name;
      if (!known) throw Error(fmt::format("unknown bot '{}' (listbots)", Excerpt(name)));
    }
    bot_spec_ = std::string(spec);
    bots_.clear();
  }

  void SetSeed(std::string_view text) {
    seed_ = ParseSeed(text);
    bots_.clear();
  }

  void NewGame(std::string_view rest) {
    const auto [id, options] = FirstWord(rest);
    if (id.empty()) throw Error("newgame: expected a game id (listgames) and options k=v,...");
    auto game = engine::LoadGame(id, engine::ParseOptionList(options));
    auto match = std::make_unique<engine::Match>(game, SeatNames(*game));
    game_ = std::move(game);
    match_ = std::move(match);
    view_seat_.reset();
    bots_.clear();
  }

  static std::vector<std::string> SeatNames(const engine::Game& game) {
    return std::vector<std::string>(static_cast<std::size_t>(game.NumSeats()), "player");
  }

  // position startpos [moves M;M;...] | position text TEXT | position record JSON | position
  // view SEAT TEXT. The new position replaces the old only when all of it is good.
  void Position(std::string_view rest) {
    const auto [kind, what] = FirstWord(rest);
    if (kind == "view") return PositionView(what);
    if (kind == "record") {
      if (what.empty()) throw Error("position record: expected a one-line JSON record");
      auto match =
          std::make_unique<engine::Match>(engine::Match::Replay(engine::RecordFromJson(what)));
      game_ = match->shared_game();
      match_ = std::move(match);
      view_seat_.reset();
      return;
    }
    if (!game_) throw Error("no game: send newgame GAME first");
    view_seat_.reset();
    if (kind == "startpos") {
      auto match = std::make_unique<engine::Match>(game_, SeatNames(*game_));
      const auto [moves_word, moves] = FirstWord(what);
      if (moves_word == "moves") {
        ApplyMoves(*match, moves, /*several=*/true);
      } else if (!moves_word.empty()) {
        throw Error(fmt::format("position startpos: expected 'moves' after it, not '{}'",
                                Excerpt(moves_word)));
      }
      match_ = std::move(match);
      return;
    }
    if (kind == "text") {
      if (what.empty()) throw Error("position text: expected the game's position text");
      match_ = std::make_unique<engine::Match>(game_, SeatNames(*game_), std::string(what));
      return;
    }
    throw Error("position: expected startpos, text, record or view");
  }

  // position view SEAT TEXT: the seat's view (its ViewPositionText), read into a state that seat
  // cannot tell from the real one (Game::NewStateFromView). Only that seat's own moves may follow
  // it: what the others do, and chance, the controller tells with the next view.
  void PositionView(std::string_view rest) {
    if (!game_) throw Error("no game: send newgame GAME first");
    const auto [seat_text, text] = FirstWord(rest);
    const auto seat = ParseInteger(seat_text);
    if (!seat || *seat < 0 || *seat >= game_->NumSeats()) {
      throw Error(fmt::format("position view: expected a seat (0 to {}) then its view",
                              game_->NumSeats() - 1));
    }
    if (text.empty()) throw Error("position view: expected the seat's view after the seat");
    const auto state = game_->NewStateFromView(text, static_cast<engine::Seat>(*seat));
    match_ = std::make_unique<engine::Match>(game_, SeatNames(*game_), state->PositionText());
    view_seat_ = static_cast<engine::Seat>(*seat);
  }

  // After a view, only the viewing seat acts on this side: anything else needs what it may not
  // know.
  static void CheckViewersTurn(const engine::State& state, std::optional<engine::Seat> view_seat) {
    if (!view_seat || state.IsTerminal()) return;
    if (state.IsChanceNode() || state.CurrentSeat() != *view_seat) {
      throw Error(fmt::format(
          "the position is seat {}'s view, and {} is to act: send the next position view",
          *view_seat,
          state.IsChanceNode() ? std::string("chance")
                               : fmt::format("seat {}", state.CurrentSeat())));
    }
  }

  // Applies the moves to a copy of the match, which replaces it when every move was legal.
  void Moves(std::string_view rest, bool several) {
    if (!match_) throw Error("no game: send newgame GAME first");
    auto match = std::make_unique<engine::Match>(engine::Match::Replay(match_->record()));
    ApplyMoves(*match, rest, several, view_seat_);
    match_ = std::move(match);
  }

  // Each move is the game's notation (what bestmove answers, a record's "notation") or '#' and
  // an action id; several are separated by ';' (notations may hold spaces: WAR's, a draw's).
  static void ApplyMoves(engine::Match& match, std::string_view text, bool several,
                         std::optional<engine::Seat> view_seat = std::nullopt) {
    const std::vector<std::string> moves =
        several ? Split(text, ';') : std::vector<std::string>{std::string(Trim(text))};
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const std::string& move = moves[i];
      try {
        if (move.empty()) throw Error("empty move");
        if (match.Over()) throw Error("the game is over");
        CheckViewersTurn(match.state(), view_seat);
        if (move[0] == '#') {
          const auto id = ParseInteger(std::string_view(move).substr(1));
          if (!id || *id < 0 || *id >= match.game().NumDistinctActions()) {
            throw Error("bad action id");
          }
          match.Apply(static_cast<engine::Action>(*id));
          continue;
        }
        for (engine::Action action : match.state().StringToTurn(move)) match.Apply(action);
      } catch (const Error& e) {
        throw Error(fmt::format("move {} '{}': {}", i + 1, Excerpt(move), e.what()));
      }
    }
  }

  // go [iterations N] [ms N] [turn_ms N] [infinite]: searches on the worker thread and answers
  // info lines then bestmove.
  void Go(std::string_view rest) {
    if (!match_) throw Error("no game: send newgame GAME first");
    if (match_->Over()) throw Error("the game is over (status)");
    const engine::State& state = match_->state();
    if (state.IsChanceNode()) {
      throw Error(
          "chance is to act: the controller sends the outcome with move (legal lists them)");
    }
    CheckViewersTurn(state, view_seat_);
    const GoBudget budget = ParseGo(rest);
    const std::string spec = SpecWithBudget(budget);
    const engine::Seat seat = state.CurrentSeat();
    const engine::SeatHandle handle = match_->Handle(seat);
    SeatBot& seat_bot = bots_[seat];
    // A bot lives for its seat's turn (a WAR turn's budget, a setup plan) and is made anew, with
    // the decision's seed, when a turn begins or the spec changed.
    if (!seat_bot.bot || seat_bot.spec != spec || !handle.MidTurn()) {
      seat_bot.bot = ai::MakeBot(spec, *game_, DecisionSeed(seed_, seat, handle.version()));
      seat_bot.spec = spec;
    }
    stop_.store(false);
    infinite_ = budget.infinite;
    seat_bot.bot->SetStopFlag(&stop_);
    Say(fmt::format("info string {} to act, bot {}", game_->SeatName(seat), seat_bot.bot->Spec()));
    searching_.store(true);
    worker_ = std::thread([this, handle, bot = seat_bot.bot.get()] { Search(handle, *bot); });
  }

  void Search(const engine::SeatHandle& handle, ai::Bot& bot) {
    const auto start = std::chrono::steady_clock::now();
    std::string answer;
    std::string failure;
    try {
      answer = handle.ActionToString(bot.ChooseAction(handle));
    } catch (const std::exception& e) {
      failure = e.what();
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    std::lock_guard lock(out_mutex_);
    if (!failure.empty()) WriteLine("error search failed: " + failure);
    WriteLine(fmt::format("info time {}", ms));
    // Cleared before the line goes out: a controller that has read bestmove may send anything.
    searching_.store(false);
    WriteLine(failure.empty() ? "bestmove " + answer : "bestmove (none)");
  }

  struct GoBudget {
    std::map<std::string, std::string> keys;  // the bot spec's budget keys go sets
    bool infinite = false;
  };

  static GoBudget ParseGo(std::string_view rest) {
    GoBudget budget;
    std::vector<std::string> words;
    for (const std::string& word : Split(rest, ' ')) {
      if (!word.empty()) words.push_back(word);
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
      const std::string& key = words[i];
      if (key == "infinite") {
        budget.keys["ms"] = std::to_string(kInfiniteMs);
        budget.infinite = true;
        continue;
      }
      if (key != "iterations" && key != "ms" && key != "turn_ms") {
        throw Error(fmt::format("go: unknown budget '{}' (iterations N, ms N, turn_ms N, infinite)",
                                Excerpt(key)));
      }
      if (i + 1 == words.size()) throw Error(fmt::format("go {}: expected a number", key));
      budget.keys[key] = std::to_string(ParseBudget(key, words[++i]));
    }
    return budget;
  }

  // The bot spec with go's budget in place of its own, for the keys the bot takes; a budget the
  // bot does not take is named in an info line and left out.
  std::string SpecWithBudget(const GoBudget& budget) {
    if (budget.keys.empty()) return bot_spec_;
    const std::string_view spec = Trim(bot_spec_);
    const std::size_t colon = spec.find(':');
    const std::string name = ToLower(Trim(spec.substr(0, colon)));
    std::map<std::string, std::string> params;
    if (colon != std::string_view::npos && !Trim(spec.substr(colon + 1)).empty()) {
      params = engine::ParseOptionList(spec.substr(colon + 1));
    }
    std::vector<std::string> keys;
    for (const ai::BotInfo& info : ai::RegisteredBots()) {
      if (info.name == name) keys = info.keys;
    }
    const auto takes = [&](const std::string& key) {
      return std::find(keys.begin(), keys.end(), key) != keys.end();
    };
    for (const char* key : {"iterations", "ms", "turn_ms"}) params.erase(key);
    for (const auto& [key, value] : budget.keys) {
      if (takes(key)) {
        params[key] = value;
      } else {
        Say(fmt::format("info string bot {} takes no budget '{}': ignored", name, key));
      }
    }
    return ai::FormatBotSpec(name, params);
  }

  // The legal moves of the seat to act (a chance node: its outcomes), ';'-separated.
  void Legal() {
    if (!match_) throw Error("no game: send newgame GAME first");
    const engine::State& state = match_->state();
    CheckViewersTurn(state, view_seat_);
    std::vector<std::string> moves;
    if (state.IsChanceNode()) {
      for (const engine::ChanceOutcome& outcome : state.ChanceOutcomes()) {
        moves.push_back(state.ActionToString(outcome.action));
      }
    } else if (!match_->Over()) {
      const engine::SeatHandle handle = match_->Handle(state.CurrentSeat());
      for (engine::Action action : handle.LegalActions()) {
        moves.push_back(handle.ActionToString(action));
      }
    }
    Say("legal " + fmt::format("{}", fmt::join(moves, ";")));
  }

  // view [SEAT]: what a seat (by default the one to act) may know, as its position text.
  void View(std::string_view rest) {
    if (!match_) throw Error("no game: send newgame GAME first");
    engine::Seat seat = match_->state().CurrentSeat();
    if (!rest.empty()) {
      const auto number = ParseInteger(rest);
      if (!number || *number < 0 || *number >= game_->NumSeats()) {
        throw Error(
            fmt::format("view: bad seat '{}' (0 to {})", Excerpt(rest), game_->NumSeats() - 1));
      }
      seat = static_cast<engine::Seat>(*number);
    }
    if (seat < 0) throw Error("view: no seat is to act; name one (view 0)");
    // From a seat's view the engine knows no other's: what it holds for the others is made up.
    if (view_seat_ && seat != *view_seat_) {
      throw Error(fmt::format("view: the position is seat {}'s view; seat {}'s is not known here",
                              *view_seat_, seat));
    }
    Say("view " + match_->Handle(seat).ViewPositionText());
  }

  // status: who is to act, or the result.
  void Status() {
    if (!match_) throw Error("no game: send newgame GAME first");
    const engine::State& state = match_->state();
    if (match_->Over()) {
      const std::vector<std::string>& result = match_->record().result;
      std::vector<std::string> outcomes = result;
      if (outcomes.empty()) {
        for (engine::Outcome outcome : state.Results()) {
          outcomes.push_back(engine::OutcomeName(outcome));
        }
      }
      Say(fmt::format("status over {}", fmt::join(outcomes, ",")));
    } else if (state.IsChanceNode()) {
      Say("status chance");
    } else {
      const engine::Seat seat = state.CurrentSeat();
      Say(fmt::format("status seat {} {}{}", seat, game_->SeatName(seat),
                      state.MidTurn() ? " midturn" : ""));
    }
  }

  // Ends a search in progress (its bestmove is still written) and waits for the worker.
  void StopSearch() {
    stop_.store(true);
    if (worker_.joinable()) worker_.join();
  }

 public:
  // At the end of input: a search with a budget runs out and answers (a script piped in ends
  // right after its go); `go infinite`, which no stop can end any more, is stopped.
  void Finish() {
    if (infinite_) stop_.store(true);
    if (worker_.joinable()) worker_.join();
  }

 private:
  struct SeatBot {
    std::unique_ptr<ai::Bot> bot;
    std::string spec;
  };

  std::ostream& out_;
  std::mutex out_mutex_;
  std::string bot_spec_ = "mcts";
  std::uint64_t seed_ = 0;
  std::shared_ptr<const engine::Game> game_;
  std::unique_ptr<engine::Match> match_;
  // Set while the position is a seat's view (position view): that seat alone acts here.
  std::optional<engine::Seat> view_seat_;
  std::map<engine::Seat, SeatBot> bots_;
  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> searching_{false};
  bool infinite_ = false;  // the search in progress is a go infinite
};

}  // namespace

int Engine(std::istream& in, std::ostream& out) {
  EngineSession session(out);
  std::string line;
  bool too_long = false;
  while (ReadLine(in, line, too_long)) {
    if (too_long) {
      session.Say(fmt::format("error line longer than {} bytes: ignored", kMaxLineBytes));
      continue;
    }
    if (!session.Execute(line)) return 0;
  }
  session.Finish();
  return 0;
}

}  // namespace quartel::cli
