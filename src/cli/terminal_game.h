// A game played in the terminal between humans and bots (`quartel play`).
//
// Humans type moves in the game's notation (a command may be several actions, a jump of a chain
// one); a bot's turn and a run of chance events (a deal) are told in one line each
// (State::DescribeTurn). The board is shown at the start of a human's turn when it changed, when
// the human's turn passes, on `board`, and fully revealed once the game is over.
//
// Who sees what (rulings, "Common to every game"): everything printed is from the view of the
// seat at the keyboard: the only human, or, with several humans in a hidden-information game (a
// hot seat), the one who last took the keyboard, or the spectator before anyone has. The keyboard
// changes hands only at a handover: before a human's private view is shown the screen is cleared
// and that player is asked to take the keyboard and press Enter; then the turns played since
// that player last had it are told again, from its view. With several humans in a
// perfect-information game everything is public and the spectator's view is shown.
//
// Chance comes from a secret ChanceSource: each chance event draws with a fresh Rng seeded from
// it. Its seed is shown only once the game is over (an unfinished game keeps it), so nothing a
// player sees while playing lets it foresee a draw.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/chance_source.h"
#include "engine/record.h"

namespace quartel::cli {

struct TerminalPlayer {
  std::string label;             // "human" or the bot's spec
  std::unique_ptr<ai::Bot> bot;  // null for a human
};

struct TerminalOptions {
  bool colour = false;        // ANSI colours
  bool clear_screen = false;  // the output is a terminal: clear it when a hot seat changes hands
};

class TerminalGame {
 public:
  // One player per seat of `match`'s game. Every chance event draws from `chance`.
  TerminalGame(engine::Match match, std::vector<TerminalPlayer> players, ChanceSource chance,
               TerminalOptions options, std::istream& in, std::ostream& out);

  // Plays until the game is over or a human leaves; returns the process exit code.
  int Run();
  const engine::Match& match() const { return match_; }

 private:
  // A turn, a run of chance events or a resignation as it was played: told again, from their
  // own view, to the humans who were away from the keyboard (hot seat).
  struct PlayedTurn {
    std::string who;                       // "Blue (bot:random)" or "Chance"
    std::unique_ptr<engine::State> start;  // null for a resignation
    std::vector<engine::Action> actions;
  };
  // What a line typed by a human leads to.
  enum class Reply { kStay, kTurnOver, kLeave };

  bool HiddenInformation() const;
  bool HotSeat() const;
  engine::Seat Viewer() const { return at_keyboard_; }
  std::string SeatLabel(engine::Seat seat) const;

  // Playing.
  engine::Action SampleChance();
  void Apply(engine::Action action, std::vector<engine::Action>& played);
  void PlayChanceRun();
  void PlayBot(engine::Seat seat);
  bool PlayHumanTurn(engine::Seat seat);
  bool HandOver(engine::Seat seat);
  Reply HandleLine(engine::Seat seat, const std::string& line);
  Reply HandleCommand(engine::Seat seat, const std::string& command);
  Reply PlayTyped(engine::Seat seat, const std::string& command);
  void BeginHumanTurn();
  void EndHumanTurn(engine::Seat seat);
  void Resign(engine::Seat seat);
  void Undo(engine::Seat seat);
  void Save(const std::string& path);

  // Printing.
  void Tell(const std::string& who, const engine::State& start,
            const std::vector<engine::Action>& actions);
  std::string Describe(const PlayedTurn& turn, engine::Seat viewer) const;
  std::string HelpText() const;
  std::string Prompt(engine::Seat seat) const;
  void ShowBoard();
  void ShowChainOptions();
  void ShowEnd();
  int AfterGame();

  engine::Match match_;
  std::vector<TerminalPlayer> players_;
  std::vector<engine::Seat> humans_;
  ChanceSource chance_;
  TerminalOptions options_;
  std::istream& in_;
  std::ostream& out_;

  engine::Seat at_keyboard_;  // whose view is printed (kSpectator before any handover)
  bool board_stale_ = false;  // the board changed since it was last shown
  // The human turn in progress: where it started and what was played in it so far.
  std::unique_ptr<engine::State> turn_start_;
  std::vector<engine::Action> turn_actions_;
  // Hot seat: every turn played, and for each seat how many of them it has been told.
  std::vector<PlayedTurn> played_;
  std::vector<std::size_t> told_;
};

}  // namespace quartel::cli
