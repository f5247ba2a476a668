#include "cli/terminal_game.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "cli/move_list.h"
#include "core/error.h"
#include "core/text.h"
#include "engine/playout.h"

namespace quartel::cli {

using engine::Action;
using engine::Match;
using engine::Seat;
using engine::State;

namespace {

// A longer line is refused without being read as a command (or echoed).
constexpr std::size_t kMaxLineLength = 200;

// `message` (an error about what the user typed) with every long piece of `input` it repeats cut
// to an excerpt: an error names what was wrong without echoing a long line back.
std::string WithoutLongEcho(std::string message, std::string_view input) {
  std::vector<std::string> pieces = {std::string(input)};
  std::string word;
  for (char c : std::string(input) + " ") {
    if (c != ' ') {
      word += c;
    } else if (!word.empty()) {
      pieces.push_back(word);
      word.clear();
    }
  }
  for (const std::string& piece : pieces) {
    if (piece.size() <= 60) continue;
    for (const std::string& form : {piece, ToLower(piece)}) {
      for (std::size_t at = message.find(form); at != std::string::npos;
           at = message.find(form, at)) {
        const std::string excerpt = Excerpt(form);
        message.replace(at, form.size(), excerpt);
        at += excerpt.size();
      }
    }
  }
  return message;
}

}  // namespace

TerminalGame::TerminalGame(Match match, std::vector<TerminalPlayer> players, ChanceSource chance,
                           TerminalOptions options, std::istream& in, std::ostream& out)
    : match_(std::move(match)),
      players_(std::move(players)),
      chance_(std::move(chance)),
      options_(options),
      in_(in),
      out_(out),
      at_keyboard_(engine::kSpectator),
      told_(players_.size(), 0) {
  for (std::size_t i = 0; i < players_.size(); ++i) {
    if (!players_[i].bot) humans_.push_back(static_cast<Seat>(i));
  }
  if (humans_.size() == 1) at_keyboard_ = humans_.front();
}

bool TerminalGame::HiddenInformation() const { return match_.game().info().hidden_information; }

bool TerminalGame::HotSeat() const { return HiddenInformation() && humans_.size() > 1; }

std::string TerminalGame::SeatLabel(Seat seat) const {
  return fmt::format("{} ({})", match_.game().SeatName(seat), players_[seat].label);
}

int TerminalGame::Run() {
  ShowBoard();
  while (!match_.Over()) {
    const Seat seat = match_.state().CurrentSeat();
    if (seat == engine::kChanceSeat) {
      PlayChanceRun();
    } else if (players_[seat].bot) {
      PlayBot(seat);
    } else if (!PlayHumanTurn(seat)) {
      // Rulings: the seed stays secret until the game ends; a game left unfinished keeps it.
      out_ << "The seed is not shown: the game was not finished.\n";
      return 0;
    }
  }
  ShowEnd();
  return AfterGame();
}

// --- Playing -------------------------------------------------------------------------------------

// Each chance event draws with a fresh Rng seeded from the secret source, so no outcome seen lets
// a player predict the next (rulings, "Common to every game").
Action TerminalGame::SampleChance() {
  Rng rng(chance_.Next());
  return engine::SampleChanceOutcome(match_.state(), rng);
}

void TerminalGame::Apply(Action action, std::vector<Action>& played) {
  match_.Apply(action);
  played.push_back(action);
  board_stale_ = true;
}

// A run of chance events outside a turn (a deal, a draw for the first player): one line.
void TerminalGame::PlayChanceRun() {
  const auto start = match_.state().Clone();
  std::vector<Action> actions;
  while (!match_.Over() && match_.state().IsChanceNode()) Apply(SampleChance(), actions);
  Tell("Chance", *start, actions);
}

// A bot plays its whole turn, chance events within it included (a WAR battle roll): one line.
void TerminalGame::PlayBot(Seat seat) {
  const auto start = match_.state().Clone();
  std::vector<Action> actions;
  do {
    const State& state = match_.state();
    Apply(state.IsChanceNode() ? SampleChance()
                               : players_[seat].bot->ChooseAction(match_.Handle(seat)),
          actions);
  } while (!match_.Over() && match_.state().MidTurn() &&
           (match_.state().CurrentSeat() == seat || match_.state().IsChanceNode()));
  Tell(SeatLabel(seat), *start, actions);
}

// A human's turn, one typed line at a time, until the turn passes. Returns false when the human
// leaves (quit, or the end of the input).
bool TerminalGame::PlayHumanTurn(Seat seat) {
  if (HotSeat() && at_keyboard_ != seat) {
    if (!HandOver(seat)) return false;
  } else if (board_stale_) {
    ShowBoard();
  }
  BeginHumanTurn();
  while (true) {
    out_ << Prompt(seat) << std::flush;
    std::string line;
    if (!std::getline(in_, line)) {
      out_ << "\nEnd of input: leaving the game.\n";
      return false;
    }
    switch (HandleLine(seat, line)) {
      case Reply::kStay:
        break;
      case Reply::kTurnOver:
        return true;
      case Reply::kLeave:
        return false;
    }
  }
}

// Rulings (hot seat): the screen is cleared and the next player asked to take the keyboard before
// anything of its own is shown; then it is told what happened since it last had the keyboard.
bool TerminalGame::HandOver(Seat seat) {
  if (at_keyboard_ >= 0) told_[at_keyboard_] = played_.size();
  if (options_.clear_screen) out_ << "\x1b[2J\x1b[3J\x1b[H";
  const std::string name = match_.game().SeatName(seat);
  out_ << fmt::format(
              "\n{}\nPass the keyboard to {}. {}: press Enter when no one else can see "
              "the screen> ",
              std::string(72, '='), name, name)
       << std::flush;
  std::string line;
  if (!std::getline(in_, line)) {
    out_ << "\nEnd of input: leaving the game.\n";
    return false;
  }
  const std::string answer = ToLower(Trim(line));
  if (answer == "quit" || answer == "exit") return false;
  at_keyboard_ = seat;
  if (told_[seat] < played_.size()) {
    out_ << "Since your last turn:\n";
    for (std::size_t i = told_[seat]; i < played_.size(); ++i) {
      out_ << "  " << played_[i].who << ": " << Describe(played_[i], seat) << "\n";
    }
  }
  ShowBoard();
  return true;
}

TerminalGame::Reply TerminalGame::HandleLine(Seat seat, const std::string& line) {
  if (line.size() > kMaxLineLength) {
    out_ << fmt::format("  That line is too long ({} characters, at most {}); nothing was done.\n",
                        line.size(), kMaxLineLength);
    return Reply::kStay;
  }
  const std::string command(Trim(line));
  if (command.empty()) return Reply::kStay;
  try {
    return HandleCommand(seat, command);
  } catch (const Error& e) {
    out_ << "  " << WithoutLongEcho(e.what(), command) << "\n";
    return Reply::kStay;
  }
}

TerminalGame::Reply TerminalGame::HandleCommand(Seat seat, const std::string& command) {
  const std::string lower = ToLower(command);
  if (lower == "help" || lower == "?") {
    out_ << HelpText();
  } else if (lower == "moves") {
    out_ << FormatMoves(match_.Handle(seat));
  } else if (lower == "board") {
    ShowBoard();
  } else if (lower == "quit" || lower == "exit") {
    return Reply::kLeave;
  } else if (lower == "resign") {
    Resign(seat);
    return Reply::kTurnOver;
  } else if (lower == "undo") {
    Undo(seat);
  } else if (lower == "save" || lower.starts_with("save ")) {
    Save(std::string(Trim(command.substr(4))));
  } else if (const auto answer = match_.Handle(seat).Inquire(command)) {
    out_ << *answer << "\n";
  } else {
    return PlayTyped(seat, command);
  }
  return Reply::kStay;
}

// A move typed: its actions, then any chance event the turn meets at once (a battle roll), told
// in a short line. Inside a turn (WAR placements, a jump chain) the board is not drawn after every
// command.
TerminalGame::Reply TerminalGame::PlayTyped(Seat seat, const std::string& command) {
  const auto start = match_.state().Clone();
  std::vector<Action> actions;
  const engine::SeatHandle handle = match_.Handle(seat);
  for (Action action : handle.ParseTurn(command, handle.version())) Apply(action, actions);
  while (!match_.Over() && match_.state().IsChanceNode() && match_.state().MidTurn()) {
    Apply(SampleChance(), actions);
  }
  turn_actions_.insert(turn_actions_.end(), actions.begin(), actions.end());
  out_ << "  " << engine::SeatHandle(*start, Viewer()).DescribeTurn(actions) << "\n";
  if (!match_.Over() && match_.state().MidTurn() && match_.state().CurrentSeat() == seat) {
    if (ChainStop(match_.Handle(seat))) ShowChainOptions();
    return Reply::kStay;
  }
  EndHumanTurn(seat);
  // The board when the turn passes to a human (the next player, or the same one again); before a
  // bot's or a chance turn it waits for the start of the human's next turn, to show both at once.
  const Seat next = match_.state().CurrentSeat();
  if (!match_.Over() && next >= 0 && !players_[next].bot) ShowBoard();
  return Reply::kTurnOver;
}

void TerminalGame::BeginHumanTurn() {
  turn_start_ = match_.state().Clone();
  turn_actions_.clear();
}

void TerminalGame::EndHumanTurn(Seat seat) {
  if (HotSeat() && !turn_actions_.empty()) {
    played_.push_back({SeatLabel(seat), std::move(turn_start_), std::move(turn_actions_)});
  }
  turn_actions_.clear();
}

// Where the game goes on without the seat (WAR with 3+ players left) the next seat plays;
// otherwise the game is over.
void TerminalGame::Resign(Seat seat) {
  EndHumanTurn(seat);
  match_.Resign(seat);
  out_ << match_.game().SeatName(seat) << " resigns.\n";
  if (HotSeat()) played_.push_back({SeatLabel(seat), nullptr, {}});
  board_stale_ = true;
}

// Takes back actions until it is `seat`'s turn again at the start of one of its turns (the
// current one if it has begun). Chance events are never taken back: that would let a player
// re-roll. Rulings: nothing is taken back in a hidden-information game, where a move may already
// have shown something (a rank, a card, a roll).
void TerminalGame::Undo(Seat seat) {
  if (HiddenInformation()) {
    throw Error(fmt::format(
        "there is no undo in {}: a move may already have shown hidden information (a rank, a "
        "card, a roll), which cannot be forgotten",
        match_.game().info().display_name));
  }
  const auto& actions = match_.record().actions;
  std::size_t keep = actions.size();
  bool found = false;
  while (keep > 0) {
    const auto& entry = actions[keep - 1];
    if (entry.seat == engine::kChanceSeat || entry.resign) break;
    --keep;
    if (entry.seat == seat && (keep == 0 || actions[keep - 1].seat != seat)) {
      found = true;
      break;
    }
  }
  if (!found) throw Error("nothing of yours to undo (chance events are never taken back)");
  while (actions.size() > keep) match_.Undo();
  out_ << "  Taken back.\n";
  BeginHumanTurn();
  ShowBoard();
}

// A record holds every action, hidden ones included, so a hidden-information game can only be
// saved once it is over and everything is revealed (rulings, "Common to every game").
void TerminalGame::Save(const std::string& path) {
  if (path.empty()) throw Error("save needs a file name: save FILE");
  if (HiddenInformation() && !match_.Over()) {
    throw Error("the record holds hidden information: it can be saved when the game is over");
  }
  engine::WriteRecordFile(path, match_.record());
  out_ << "  Saved to " << path << "\n";
}

// --- Printing ------------------------------------------------------------------------------------

// Prints a turn from the view of the seat at the keyboard, and keeps it for the humans who are
// not (hot seat).
void TerminalGame::Tell(const std::string& who, const State& start,
                        const std::vector<Action>& actions) {
  out_ << who << ": " << engine::SeatHandle(start, Viewer()).DescribeTurn(actions) << "\n";
  if (HotSeat()) played_.push_back({who, start.Clone(), actions});
}

std::string TerminalGame::Describe(const PlayedTurn& turn, Seat viewer) const {
  return turn.start ? engine::SeatHandle(*turn.start, viewer).DescribeTurn(turn.actions)
                    : "resigned";
}

// The game's own notation (GameInfo::notation_help), then the terminal's commands: undo and save
// only where they are offered during the game.
std::string TerminalGame::HelpText() const {
  const engine::GameInfo& info = match_.game().info();
  std::string text;
  if (info.notation_help.empty()) {
    text = "Type a move as `moves` lists it.\n";
  } else {
    text = fmt::format("Moves in {}:\n", info.display_name);
    for (const std::string& line : Split(info.notation_help, '\n')) {
      if (!line.empty()) text += "  " + line + "\n";
    }
  }
  text +=
      "Commands:\n"
      "  moves        list the moves you can type now\n"
      "  board        show the board again\n";
  if (!HiddenInformation()) {
    text +=
        "  undo         take back your last turn (and the bots' replies)\n"
        "  save FILE    save the game record (JSON) to FILE\n";
  }
  text +=
      "  resign       give up this game\n"
      "  quit         leave the game unfinished\n"
      "  help         this text\n";
  return text;
}

std::string TerminalGame::Prompt(Seat seat) const {
  const std::string name = match_.game().SeatName(seat);
  if (ChainStop(match_.Handle(seat))) return name + ", the next jump or stop> ";
  return name + " to play (help for commands)> ";
}

void TerminalGame::ShowBoard() {
  out_ << match_.Handle(Viewer()).ViewText(options_.colour) << "\n";
  board_stale_ = false;
}

// In a chain that can go on: what the player may type next.
void TerminalGame::ShowChainOptions() {
  const engine::SeatHandle seat = match_.Handle(match_.state().CurrentSeat());
  std::vector<std::string> next;
  for (Action action : seat.LegalActions()) {
    const std::string text = seat.ActionToString(action);
    if (text != "stop") next.push_back(text);
  }
  out_ << fmt::format("  The chain can go on: {} (or stop)\n", fmt::join(next, "  "));
}

// The final board, which every view shows in full once the game is over (rulings: after the game
// ends everything is revealed), the result, and the seed.
void TerminalGame::ShowEnd() {
  out_ << "\n" << match_.Handle(engine::kSpectator).ViewText(options_.colour) << "\n";
  const auto& record = match_.record();
  std::vector<std::string> results;
  for (std::size_t seat = 0; seat < record.result.size(); ++seat) {
    results.push_back(
        fmt::format("{} {}", match_.game().SeatName(static_cast<Seat>(seat)), record.result[seat]));
  }
  out_ << fmt::format("Game over{}: {}\n",
                      record.ending.empty() ? "" : fmt::format(" ({})", record.ending),
                      fmt::join(results, ", "));
  out_ << fmt::format("seed {} (play it again with --seed: the same chance, the same bots)\n",
                      chance_.SeedText());
}

// After the game a human may still save the record.
int TerminalGame::AfterGame() {
  if (humans_.empty()) return 0;
  out_ << "Type save FILE to keep the record, or press Enter to leave.\n";
  std::string line;
  while (out_ << "> " << std::flush, std::getline(in_, line)) {
    const std::string command(Trim(line));
    if (command.empty() || command == "quit") break;
    try {
      if (ToLower(command).rfind("save", 0) != 0) throw Error("only save FILE or quit now");
      Save(std::string(Trim(command.substr(4))));
    } catch (const Error& e) {
      out_ << "  " << WithoutLongEcho(e.what(), command) << "\n";
    }
  }
  return 0;
}

}  // namespace quartel::cli
