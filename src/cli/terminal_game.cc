#include "cli/terminal_game.h"

#include <fmt/format.h>

#include <iostream>

#include "core/error.h"
#include "core/text.h"
#include "engine/playout.h"

namespace quartel::cli {

using engine::Action;
using engine::Match;
using engine::Seat;

TerminalGame::TerminalGame(Match match, std::vector<TerminalPlayer> players, ChanceSource chance,
                           bool colour, std::istream& in, std::ostream& out)
    : match_(std::move(match)),
      players_(std::move(players)),
      chance_(std::move(chance)),
      colour_(colour),
      in_(in),
      out_(out) {
  for (std::size_t i = 0; i < players_.size(); ++i) {
    if (!players_[i].bot) humans_.push_back(static_cast<Seat>(i));
  }
}

bool TerminalGame::HiddenInformation() const { return match_.game().info().hidden_information; }

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

int TerminalGame::Run() {
  ShowBoard();
  while (!match_.Over()) {
    const Seat seat = match_.state().CurrentSeat();
    if (seat == engine::kChanceSeat) {
      PlayChance();
    } else if (players_[seat].bot) {
      PlayBot(seat);
    } else {
      if (board_stale_) ShowBoard();  // a human about to move after chance events (a deal)
      if (!PlayHuman(seat)) {
        // Rulings: the seed stays secret until the game ends; a game left unfinished keeps it.
        out_ << "The seed is not shown: the game was not finished.\n";
        return 0;
      }
    }
  }
  ShowResult();
  out_ << fmt::format("seed {} (play it again with --seed: the same chance, the same bots)\n",
                      chance_.SeedText());
  return AfterGame();
}

// The seat whose view is shown: the only human; with several humans at one keyboard, in a
// hidden-information game, the human to act (the others look away); otherwise the spectator.
Seat TerminalGame::Viewer() const {
  if (humans_.size() == 1) return humans_.front();
  const Seat to_act = match_.state().CurrentSeat();
  if (humans_.size() > 1 && match_.game().info().hidden_information && to_act >= 0 &&
      !players_[to_act].bot) {
    return to_act;
  }
  return engine::kSpectator;
}
std::string TerminalGame::SeatLabel(Seat seat) const {
  return fmt::format("{} ({})", match_.game().SeatName(seat), players_[seat].label);
}

void TerminalGame::ShowBoard() {
  out_ << match_.state().ViewText(Viewer(), colour_) << "\n";
  board_stale_ = false;
}

// Each chance event draws with a fresh Rng seeded from the secret source, so no outcome seen lets a
// player predict the next (rulings, "Common to every game").
Action TerminalGame::SampleChance() {
  Rng rng(chance_.Next());
  return engine::SampleChanceOutcome(match_.state(), rng);
}

void TerminalGame::PlayChance() {
  const Action action = SampleChance();
  out_ << "Chance: " << match_.state().ActionToStringFor(action, Viewer()) << "\n";
  match_.Apply(action);
  board_stale_ = true;
}

// A bot plays its whole turn, chance events within it included (a WAR battle roll); the game
// tells the turn in words, as the viewer may know it.
void TerminalGame::PlayBot(Seat seat) {
  const auto start = match_.state().Clone();
  std::vector<Action> turn;
  do {
    const engine::State& state = match_.state();
    const Action action =
        state.IsChanceNode() ? SampleChance() : players_[seat].bot->ChooseAction(state);
    turn.push_back(action);
    match_.Apply(action);
  } while (!match_.Over() && match_.state().MidTurn() &&
           (match_.state().CurrentSeat() == seat || match_.state().IsChanceNode()));
  out_ << SeatLabel(seat) << ": " << start->DescribeTurn(turn, Viewer()) << "\n";
  ShowBoard();
}

// Returns false when the player quits.
bool TerminalGame::PlayHuman(Seat seat) {
  while (true) {
    out_ << match_.game().SeatName(seat) << " to move (help for commands)> " << std::flush;
    std::string line;
    if (!std::getline(in_, line)) {
      out_ << "\nend of input: leaving the game\n";
      return false;
    }
    const std::string command(Trim(line));
    if (command.empty()) continue;
    try {
      if (HandleCommand(seat, command)) return !quit_;
    } catch (const Error& e) {
      out_ << "  " << e.what() << "\n";
    }
  }
}

// Returns true when the human's turn is over (moved, resigned, undid or quit).
bool TerminalGame::HandleCommand(Seat seat, const std::string& command) {
  const std::string lower = ToLower(command);
  if (lower == "help" || lower == "?") {
    out_ << HelpText();
  } else if (lower == "moves") {
    ListMoves();
  } else if (lower == "board") {
    ShowBoard();
  } else if (lower == "quit" || lower == "exit") {
    quit_ = true;
    return true;
  } else if (lower == "resign") {
    match_.Resign(seat);
    out_ << match_.game().SeatName(seat) << " resigns.\n";
    return true;
  } else if (lower == "undo") {
    if (HiddenInformation()) {
      // Rulings: nothing is taken back once anything was revealed by it or after it; in these
      // games almost every move may reveal something, so none is.
      throw Error(fmt::format(
          "there is no undo in {}: a move may already have shown hidden information (a rank, a "
          "card, a roll), which cannot be forgotten",
          match_.game().info().display_name));
    }
    Undo(seat);
    return true;
  } else if (lower.rfind("save", 0) == 0) {
    Save(std::string(Trim(command.substr(4))));
  } else {
    for (Action action : match_.state().StringToTurn(command)) match_.Apply(action);
    ShowBoard();
    return true;
  }
  return false;
}

void TerminalGame::ListMoves() {
  std::vector<std::string> moves;
  for (Action action : match_.state().LegalActions()) {
    moves.push_back(match_.state().ActionToStringFor(action, Viewer()));
  }
  out_ << "  " << moves.size() << " legal: " << fmt::format("{}", fmt::join(moves, " ")) << "\n";
}

// Takes back actions until it is `seat`'s turn again at the start of one of its earlier turns.
// Chance events are never taken back: that would let a player re-roll.
void TerminalGame::Undo(Seat seat) {
  const auto& actions = match_.record().actions;
  std::size_t keep = actions.size();
  bool found = false;
  while (keep > 0) {
    const auto& entry = actions[keep - 1];
    if (entry.seat == engine::kChanceSeat) break;
    --keep;
    if (entry.seat == seat && (keep == 0 || actions[keep - 1].seat != seat)) {
      found = true;
      break;
    }
  }
  if (!found) throw Error("nothing of yours to undo (chance events are never taken back)");
  while (actions.size() > keep) match_.Undo();
  out_ << "  taken back.\n";
  ShowBoard();
}

// A record holds every action, hidden ones included, so a hidden-information game can only be
// saved once it is over and everything is revealed (rulings, "Common to every game").
void TerminalGame::Save(const std::string& path) {
  if (path.empty()) throw Error("save needs a file name: save FILE");
  if (match_.game().info().hidden_information && !match_.Over()) {
    throw Error("the record holds hidden information: it can be saved when the game is over");
  }
  engine::WriteRecordFile(path, match_.record());
  out_ << "  saved to " << path << "\n";
}

void TerminalGame::ShowResult() {
  const auto& result = match_.record().result;
  out_ << "Game over:";
  for (Seat seat = 0; seat < static_cast<Seat>(result.size()); ++seat) {
    out_ << " " << match_.game().SeatName(seat) << " " << result[seat]
         << (seat + 1 < static_cast<Seat>(result.size()) ? "," : "");
  }
  out_ << "\n";
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
      out_ << "  " << e.what() << "\n";
    }
  }
  return 0;
}

}  // namespace quartel::cli
