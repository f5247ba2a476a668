// The `quartel` subcommands, one function each; main.cc parses the command line with CLI11 and
// calls them. Each returns the process exit code; user errors are thrown as quartel::Error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "engine/record.h"

namespace quartel::cli {

struct PlayArgs {
  std::string game;
  std::string seats;    // "human,bot:mcts"; empty: the user against bots, one seat each
  std::string options;  // "k=v,k=v"
  // The seed of the game's chance and bots: a decimal number or 64 hexadecimal digits
  // (ChanceSource::FromSeedText); none draws a secret one, shown when the game is over.
  std::optional<std::string> seed;
  bool colour = true;
  bool clear_screen = false;  // the output is a terminal (clear it when a hot seat changes hands)
  std::string position;       // start from this position text (State::PositionText); "": initial
};

struct ShowArgs {
  std::string game;
  std::string options;   // "k=v,k=v"
  std::string position;  // position text; "" for the initial position
  std::string viewer;    // "" for the full state, a seat number or name, or "spectator"
  bool tensor = false;   // the viewer's tensor, slice by slice with TensorLayout's names
  bool json = false;     // the viewer's JSON view
};

struct LoadTestArgs {
  std::string url = "ws://127.0.0.1:8080";
  int clients = 100;
  double seconds = 10;
  int threads = 1;       // the clients' own network threads
  int think_ms = 0;      // each client waits this long before each move; 0: as fast as answered
  std::string database;  // the server's database file, checked after the run; "": not checked
  // When not 0: meanwhile, two clients replay through POST /api/replay, page after page, the
  // longest record a server with this --max-replay-bytes accepts (LongestReplayRecord).
  std::size_t replay_bytes = 0;
};

// The longest Stratego record whose JSON stays under `max_bytes`: Barrage with the engine caps
// raised to their highest through the record's own options, pieces stepping onto empty squares
// only, so that no combat ends it. What anyone may post to /api/replay: the server's replay limits
// are measured with it (docs/PERFORMANCE.md).
engine::Record LongestReplayRecord(std::size_t max_bytes, std::uint64_t seed);

int ListGames(std::ostream& out);
int PrintRules(const std::string& game, std::ostream& out);
int Play(const PlayArgs& args, std::istream& in, std::ostream& out);
int Perft(const std::string& game, int depth, const std::string& options,
          const std::string& record_file, const std::string& position, std::ostream& out);
// A position as text and as a board: the full state, or what one viewer may know (its position
// text, its board, and on request its JSON view and tensor).
int Show(const ShowArgs& args, std::ostream& out);
int Replay(const std::string& record_file, bool colour, std::ostream& out);
// `only`: a game id to measure alone (its node count then covers that game only), or "" for all.
int Bench(double seconds_per_game, const std::string& only, std::ostream& out);
// A Gravon Stratego record (.xml or .gsn) as a Quartel JSON record, printed or written to
// `out_file`; and a finished Quartel Stratego record as Gravon XML or .gsn
// (games/stratego/gravon.h): `format` "xml" or "gsn", or "" to follow out_file's extension.
int Import(const std::string& file, const std::string& out_file, std::ostream& out,
           const std::string& repetition = "");
int Export(const std::string& file, const std::string& out_file, std::ostream& out,
           const std::string& format = "");
int Arena(const std::string& game, const std::string& options, const std::string& bot_a,
          const std::string& bot_b, int games, int threads, std::uint64_t seed, std::ostream& out);
// `quartel ladder`: a round robin between `bots` (N games a pair, seats alternating), the Elo table
// with 95% intervals on `out`, and the results as JSON and an SVG chart at `out_prefix`.json and
// .svg (docs/ladder/NAME by default: src/ai/levels.h's LadderName).
int Ladder(const std::string& game, const std::string& options, const std::string& bots, int games,
           int threads, std::uint64_t seed, const std::string& out_prefix, std::ostream& out);
// The exact odds of pressing an attack in WAR or classic Risk (`game` "war" or "risk"; games/war/
// odds.h): P(conquest), expected survivors and the outcome table.
int Odds(int attackers, int defenders, const std::string& game, std::ostream& out);

// Many WebSocket clients playing Dablot against each other on a running `quartel serve`: moves a
// second, latency, errors, and every acknowledged move found stored exactly once (loadtest.cc).
int LoadTest(const LoadTestArgs& args, std::ostream& out);
// `quartel engine`: the bots behind a UCI-like line protocol, commands read from `in` and answers
// written to `out` until quit or the end of input (docs/ENGINE-PROTOCOL.md). Bad lines are
// answered "error ..." and the session goes on.
int Engine(std::istream& in, std::ostream& out);

// The web client the build writes beside the quartel binary (build/release/web), so that
// `quartel serve` serves it from any working directory; empty when it was not built.
std::string WebClientBesideBinary();

// The rules pages (docs/rules/*.md), compiled into the binary so `quartel rules` works anywhere.
// Generated at configure time; empty string when the game has no page.
std::string RulesText(const std::string& game);

}  // namespace quartel::cli
