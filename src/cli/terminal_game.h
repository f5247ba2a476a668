// A game played in the terminal between humans and bots (`quartel play`). The human types moves
// in the game's notation; bots' turns are summarised in one line each. Every board shown is the
// view of the seat at the keyboard (or the spectator's when there are several humans), never more.
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

class TerminalGame {
 public:
  // One player per seat of `match`'s game. Every chance event draws from `chance`, whose seed is
  // shown once the game is over.
  TerminalGame(engine::Match match, std::vector<TerminalPlayer> players, ChanceSource chance,
               bool colour, std::istream& in, std::ostream& out);

  // Plays until the game is over or a human leaves; returns the process exit code.
  int Run();
  const engine::Match& match() const { return match_; }

 private:
  bool HiddenInformation() const;
  std::string HelpText() const;
  engine::Seat Viewer() const;
  std::string SeatLabel(engine::Seat seat) const;
  void ShowBoard();
  engine::Action SampleChance();
  void PlayChance();
  void PlayBot(engine::Seat seat);
  bool PlayHuman(engine::Seat seat);
  bool HandleCommand(engine::Seat seat, const std::string& command);
  void ListMoves();
  void Undo(engine::Seat seat);
  void Save(const std::string& path);
  void ShowResult();
  int AfterGame();

  engine::Match match_;
  std::vector<TerminalPlayer> players_;
  std::vector<engine::Seat> humans_;
  ChanceSource chance_;
  bool colour_;
  bool quit_ = false;
  bool board_stale_ = false;  // chance events happened since the board was last shown
  std::istream& in_;
  std::ostream& out_;
};

}  // namespace quartel::cli
