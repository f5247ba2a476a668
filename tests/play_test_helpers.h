// Helpers shared by the `quartel play` tests: a game driven with string streams, as a user types
// and reads it.
#pragma once

#include <functional>
#include <memory>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "cli/commands.h"
#include "cli/terminal_game.h"
#include "core/chance_source.h"
#include "engine/record.h"
#include "games/all_games.h"

namespace quartel::cli {

// Plays `game` without colours and returns everything printed. `seats` "" is the default seat
// list; `input` is what the user types, lines separated by '\n'; `seed` "" draws a fresh one.
inline std::string PlayOutput(const std::string& game, const std::string& seats,
                              const std::string& options, const std::string& input,
                              const std::string& seed = "1") {
  games::RegisterAllGames();
  PlayArgs args;
  args.game = game;
  args.seats = seats;
  args.options = options;
  if (!seed.empty()) args.seed = seed;
  args.colour = false;
  std::istringstream in(input);
  std::ostringstream out;
  Play(args, in, out);
  return out.str();
}

// An input stream whose next line is asked of `next_line` only when the reader needs it (an
// empty string ends the input): a typist that answers what the terminal has just printed.
class TypistBuffer : public std::streambuf {
 public:
  explicit TypistBuffer(std::function<std::string()> next_line)
      : next_line_(std::move(next_line)) {}

 protected:
  int_type underflow() override {
    line_ = next_line_();
    if (line_.empty()) return traits_type::eof();
    setg(line_.data(), line_.data(), line_.data() + line_.size());
    return traits_type::to_int_type(line_.front());
  }

 private:
  std::function<std::string()> next_line_;
  std::string line_;
};

// A TerminalGame from a given match (any position), fed by a typist; the match stays readable
// after the run. `seats`: "human" or a bot spec per seat.
class TerminalRun {
 public:
  // The next line to type (with its '\n'; "" ends the input), from the match as it stands and
  // what was printed so far.
  using Typist = std::function<std::string(const engine::State& state, const std::string& output)>;

  TerminalRun(engine::Match match, const std::vector<std::string>& seats, Typist typist,
              const std::string& seed = "1")
      : game_(match.shared_game()),
        typist_(std::move(typist)),
        buffer_([this] { return typist_(terminal_.match().state(), out_.str()); }),
        in_(&buffer_),
        terminal_(std::move(match), Players(seats), ChanceSource::FromSeedText(seed),
                  TerminalOptions{}, in_, out_) {}
  // Types `input`, lines separated by '\n', whatever the terminal prints.
  TerminalRun(engine::Match match, const std::vector<std::string>& seats, const std::string& input,
              const std::string& seed = "1")
      : TerminalRun(std::move(match), seats, Lines(input), seed) {}

  std::string Run() {
    terminal_.Run();
    return out_.str();
  }
  const engine::Match& match() const { return terminal_.match(); }

 private:
  static Typist Lines(const std::string& input) {
    auto rest = std::make_shared<std::istringstream>(input);
    return [rest](const engine::State&, const std::string&) {
      std::string line;
      return std::getline(*rest, line) ? line + "\n" : std::string();
    };
  }

  std::vector<TerminalPlayer> Players(const std::vector<std::string>& seats) const {
    ai::RegisterBuiltinBots();
    std::vector<TerminalPlayer> players;
    for (std::size_t i = 0; i < seats.size(); ++i) {
      if (seats[i] == "human") {
        players.push_back({"human", nullptr});
      } else {
        auto bot = ai::MakeBot(seats[i], *game_, i + 1);
        players.push_back({bot->Spec(), std::move(bot)});
      }
    }
    return players;
  }

  std::shared_ptr<const engine::Game> game_;
  Typist typist_;
  TypistBuffer buffer_;
  std::istream in_;
  std::ostringstream out_;
  TerminalGame terminal_;
};

// The lines of a terminal's output.
inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace quartel::cli
