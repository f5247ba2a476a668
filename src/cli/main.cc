// The `quartel` command: every subcommand is declared here with CLI11 and implemented in its own
// file (commands.h). A quartel::Error ends the program with one line "quartel: <problem>".
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "games/all_games.h"
#include "games/war/map.h"
#include "server/server.h"

int main(int argc, char** argv) {
  using namespace quartel;
  games::RegisterAllGames();

  CLI::App app{"Quartel: six strategy board games, their engines and bots"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Help for every subcommand");
  std::function<int()> run;
  // A WAR map file of the local user: read here, and only here (the map option names maps, never
  // files, so that a record cannot make Quartel read a file).
  std::string map_file;
  app.add_option("--map-file", map_file,
                 "WAR/WAR-II: play on this map file (quartel-war-map/1 JSON); the map option is "
                 "then file:NAME")
      ->check(CLI::ExistingFile);
  app.fallthrough();

  auto* list = app.add_subcommand("list", "List the games with their players and options");
  list->callback([&] { run = [] { return cli::ListGames(std::cout); }; });

  std::string game;
  auto* rules = app.add_subcommand("rules", "Print the rules of a game as Quartel implements them");
  rules->add_option("GAME", game, "Game id (see quartel list)")->required();
  rules->callback([&] { run = [&] { return cli::PrintRules(game, std::cout); }; });

  cli::PlayArgs play_args;
  bool no_colour = false;
  std::string seed;
  auto* play = app.add_subcommand("play", "Play a game in the terminal against bots or friends");
  play->add_option("GAME", play_args.game, "Game id (see quartel list)")->required();
  play->add_option("--seats", play_args.seats,
                   "One entry per seat, comma-separated: human, bot (the intermediate level), "
                   "bot:LEVEL (bot:beginner, bot:intermediate, bot:advanced, bot:expert: "
                   "docs/BOTS.md), bot:SPEC (any bot: bot:random, bot:mcts:turn_ms=1500 for at "
                   "most about 1.5 s a turn, bot:mcts:ms=500,c=1 for 0.5 s a decision; a "
                   "key=value piece belongs to the spec before it); sets the number of players. "
                   "Default: you against bots, one seat each");
  play->add_option("--options", play_args.options, "Rule options name=value,... (quartel list)");
  play->add_option("--position", play_args.position,
                   "Start from this position text (quartel show) instead of the initial one");
  auto* play_seed = play->add_option(
      "--seed", seed,
      "Seed for chance and bots: a number, or the 64 hexadecimal digits shown at the end of a "
      "game (default: a secret one, shown when the game is over)");
  play->add_flag("--no-colour", no_colour, "Plain text without ANSI colours");
  play->callback([&] {
    if (play_seed->count() > 0) play_args.seed = seed;
    play_args.colour = !no_colour && isatty(STDOUT_FILENO);
    play_args.clear_screen = isatty(STDOUT_FILENO);
    run = [&] { return cli::Play(play_args, std::cin, std::cout); };
  });

  int depth = 0;
  std::string options;
  std::string record_file;
  auto* perft = app.add_subcommand(
      "perft",
      "Count the distinct ways to play the next DEPTH turns (single actions for WAR) from the "
      "first decision");
  perft->add_option("GAME", game, "Game id")->required();
  perft->add_option("DEPTH", depth, "Number of turns")->required()->check(CLI::Range(0, 64));
  perft->add_option("--options", options, "Rule options name=value,...");
  std::string position;
  auto* perft_record =
      perft->add_option("--record", record_file, "Start from the end of this record (JSON)")
          ->check(CLI::ExistingFile);
  perft->add_option("--position", position, "Start from this position text (quartel show)")
      ->excludes(perft_record);
  perft->callback([&] {
    run = [&] { return cli::Perft(game, depth, options, record_file, position, std::cout); };
  });

  cli::ShowArgs show_args;
  auto* show = app.add_subcommand(
      "show", "Print a position as text (like a FEN) and as a board, in full or as a seat sees it");
  show->add_option("GAME", show_args.game, "Game id")->required();
  show->add_option("--options", show_args.options, "Rule options name=value,...");
  show->add_option("--position", show_args.position,
                   "The position text (default: the initial position)");
  show->add_option("--seat", show_args.viewer,
                   "Show what this viewer may know: a seat number or name, or spectator");
  show->add_flag("--tensor", show_args.tensor, "The viewer's tensor, with each plane's meaning");
  show->add_flag("--json", show_args.json, "The viewer's JSON view");
  show->callback([&] { run = [&] { return cli::Show(show_args, std::cout); }; });

  auto* replay = app.add_subcommand("replay", "Replay a game record, checking every action");
  replay->add_option("FILE", record_file, "Record (JSON)")->required()->check(CLI::ExistingFile);
  replay->add_flag("--no-colour", no_colour, "Plain text without ANSI colours");
  replay->callback([&] {
    run = [&] { return cli::Replay(record_file, !no_colour && isatty(STDOUT_FILENO), std::cout); };
  });

  std::string out_file;
  auto* import_cmd = app.add_subcommand(
      "import", "Convert a Gravon Stratego record (.xml or .gsn) into a Quartel record (JSON)");
  import_cmd->add_option("FILE", record_file, "Gravon record")
      ->required()
      ->check(CLI::ExistingFile);
  import_cmd->add_option("-o,--output", out_file, "Write the record here (default: print it)");
  std::string import_repetition;
  import_cmd
      ->add_option("--repetition", import_repetition,
                   "The repetition rule the game was played under (isf, five_moves); default: "
                   "the rule of the archive date in the file name (five_moves up to 2005, isf "
                   "after), else the first of isf, five_moves under which the game replays")
      ->check(CLI::IsMember({"seed", "isf", "five_moves"}));
  import_cmd->callback([&] {
    run = [&] { return cli::Import(record_file, out_file, std::cout, import_repetition); };
  });

  std::string export_format;
  auto* export_cmd = app.add_subcommand(
      "export", "Convert a finished Quartel Stratego record (JSON) into a Gravon record");
  export_cmd->add_option("FILE", record_file, "Record (JSON)")
      ->required()
      ->check(CLI::ExistingFile);
  export_cmd->add_option("-o,--output", out_file,
                         "Write the Gravon record here (default: print it)");
  export_cmd
      ->add_option("--format", export_format,
                   "xml or gsn (default: gsn when the output file ends in .gsn, else xml)")
      ->check(CLI::IsMember({"xml", "gsn"}));
  export_cmd->callback(
      [&] { run = [&] { return cli::Export(record_file, out_file, std::cout, export_format); }; });

  double bench_seconds = 1.0;
  auto* bench = app.add_subcommand(
      "bench", "Random-playout speed per game on one core and a fixed-seed node count");
  bench->add_option("--seconds", bench_seconds, "Timed seconds per game (five rounds)")
      ->default_val(1.0)
      ->check(CLI::PositiveNumber);
  std::string bench_game;
  bench->add_option("--game", bench_game, "Measure this game only (all its seat counts)");
  bench->callback([&] { run = [&] { return cli::Bench(bench_seconds, bench_game, std::cout); }; });

  std::string bot_a;
  std::string bot_b;
  int games = 100;
  int threads = 1;
  std::uint64_t arena_seed = 1;
  auto* arena = app.add_subcommand(
      "arena", "Play N games between two bots (alternating seats; with 3+ seats A plays one seat)");
  arena->add_option("GAME", game, "Game id")->required();
  arena->add_option("--a", bot_a, "First bot spec (e.g. mcts:turn_ms=1500, mcts:ms=1000)")
      ->required();
  arena->add_option("--b", bot_b, "Second bot spec (e.g. random)")->required();
  arena->add_option("-n,--games", games, "Number of games")->default_val(100);
  arena->add_option("--threads", threads, "Games played in parallel")->default_val(1);
  arena->add_option("--options", options, "Rule options name=value,...");
  arena->add_option("--seed", arena_seed, "First seed (game i uses seed + i)")->default_val(1);
  arena->callback([&] {
    run = [&] {
      return cli::Arena(game, options, bot_a, bot_b, games, threads, arena_seed, std::cout);
    };
  });

  std::string ladder_bots;
  std::string ladder_out;
  auto* ladder = app.add_subcommand(
      "ladder", "Round robin between bots: an Elo table with 95% intervals, JSON and SVG");
  ladder->add_option("GAME", game, "Game id")->required();
  ladder
      ->add_option("--bots", ladder_bots,
                   "Bot specs, comma-separated; a key=value piece belongs to the spec before it "
                   "(random,mcts:iterations=100,c=1,expert is three bots)")
      ->required();
  ladder->add_option("-n,--games", games, "Games per pair of bots")->default_val(20);
  ladder->add_option("--threads", threads, "Games played in parallel")->default_val(1);
  ladder->add_option("--options", options, "Rule options name=value,...");
  ladder->add_option("--seed", arena_seed, "First seed")->default_val(1);
  ladder->add_option("--out", ladder_out,
                     "Where to write PREFIX.json and PREFIX.svg (default docs/ladder/GAME)");
  ladder->callback([&] {
    run = [&] {
      return cli::Ladder(game, options, ladder_bots, games, threads, arena_seed, ladder_out,
                         std::cout);
    };
  });

  int attackers = 0;
  int defenders = 0;
  std::string odds_game = "war";
  auto* odds = app.add_subcommand(
      "odds", "Exact odds of pressing an attack until conquest or 1 army left (WAR or Risk dice)");
  odds->add_option("ATTACKERS", attackers, "Armies in the attacking territory (one stays behind)")
      ->required();
  odds->add_option("DEFENDERS", defenders, "Armies in the defending territory")->required();
  odds->add_option("--game", odds_game, "Dice rule: war (defender rolls up to 3) or risk (up to 2)")
      ->default_val("war")
      ->check(CLI::IsMember({"war", "risk"}));
  odds->callback(
      [&] { run = [&] { return cli::Odds(attackers, defenders, odds_game, std::cout); }; });

  server::ServerConfig serve_config;
  auto* serve = app.add_subcommand(
      "serve", "Serve the games over HTTP and WebSocket (docs/PROTOCOL.md), stored in SQLite");
  serve->add_option("--host", serve_config.host, "Address to listen on")->default_val("127.0.0.1");
  serve->add_option("--port", serve_config.port, "Port to listen on (0: any free port)")
      ->default_val(8080);
  serve->add_option("--db", serve_config.database, "SQLite database file (created when missing)")
      ->default_val("quartel.db");
  serve->add_option("--web", serve_config.web_dir,
                    "Serve the web client's files from DIR (default: the web/ folder the build "
                    "writes beside this binary)");
  serve->add_option("--bot-threads", serve_config.bot_threads, "Threads that run the bots")
      ->default_val(1)
      ->check(CLI::Range(1, 256));
  serve->add_option("--threads", serve_config.network_threads, "Network threads (0: one per core)")
      ->default_val(0)
      ->check(CLI::Range(0, 256));
  serve
      ->add_option("--max-connections", serve_config.max_connections,
                   "Most WebSocket connections at once")
      ->default_val(20000)
      ->check(CLI::PositiveNumber);
  serve
      ->add_option("--max-connections-per-address", serve_config.max_connections_per_address,
                   "Most connections (HTTP and WebSocket) from one client address at once")
      ->default_val(64)
      ->check(CLI::PositiveNumber);
  serve
      ->add_option("--max-replay-bytes", serve_config.max_replay_bytes,
                   "Largest record POST /api/replay accepts, in bytes")
      ->default_val(4 * 1024 * 1024)
      ->check(CLI::Range(std::size_t{1024}, std::size_t{64} * 1024 * 1024));
  serve
      ->add_option("--http-rate", serve_config.http_requests_per_second,
                   "HTTP requests a second one client address may make (bursts of three times "
                   "as many)")
      ->default_val(20)
      ->check(CLI::PositiveNumber);
  serve->add_flag("--public-metrics", serve_config.public_metrics,
                  "Answer GET /metrics to any address (by default only to this machine)");
  serve->add_flag("--secure-cookies", serve_config.secure_cookies,
                  "Mark the session cookie Secure (HTTPS only): for a server behind a TLS proxy");
  serve
      ->add_option("--max-matches-per-address", serve_config.limits.max_running_matches_per_address,
                   "Most running matches created from one client address")
      ->default_val(50)
      ->check(CLI::PositiveNumber);
  serve
      ->add_option("--max-bot-ms", serve_config.limits.max_bot_ms,
                   "The longest a bot thinks over one decision, whatever its spec (a larger ms or "
                   "turn_ms is refused; an iteration budget is stopped there)")
      ->default_val(10000)
      ->check(CLI::Range(10, 600000));
  serve
      ->add_option("--claim-after-seconds", serve_config.limits.claim_after_seconds,
                   "How long a player of a two-person match (not a correspondence one) waits for "
                   "an opponent gone away before it may claim the win")
      ->default_val(60)
      ->check(CLI::Range(1, 86400 * 14));
  serve
      ->add_option("--abandon-after-seconds", serve_config.limits.abandon_after_seconds,
                   "How long an unclocked match with a person seat waits with no person connected "
                   "before it ends as abandoned")
      ->default_val(3600)
      ->check(CLI::Range(1, 86400 * 365));
  serve
      ->add_option("--min-clock-ms", serve_config.limits.min_clock_ms,
                   "The least initial time of a live clock, in ms (a test server's shorter "
                   "clocks; below 10000 it is also the least correspondence time a move)")
      ->default_val(10000)
      ->check(CLI::Range(std::int64_t{100}, std::int64_t{3} * 3600 * 1000));
  serve
      ->add_option("--rate", serve_config.messages_per_second,
                   "Messages a second one connection may send (bursts of three times as many)")
      ->default_val(20)
      ->check(CLI::PositiveNumber);
  serve->callback([&] {
    serve_config.message_burst = serve_config.messages_per_second * 3;
    if (serve_config.web_dir.empty()) serve_config.web_dir = cli::WebClientBesideBinary();
    run = [&] {
      return server::RunServer(serve_config, [](const std::string& address) {
        std::cout << "Quartel is serving on " << address << std::endl;
      });
    };
  });

  cli::LoadTestArgs loadtest_args;
  auto* loadtest = app.add_subcommand(
      "loadtest",
      "Many WebSocket clients playing Dablot on a running server, as fast as it answers");
  loadtest->add_option("--url", loadtest_args.url, "The server")
      ->default_val("ws://127.0.0.1:8080");
  loadtest->add_option("--clients", loadtest_args.clients, "Clients (even: they play in pairs)")
      ->default_val(100)
      ->check(CLI::Range(2, 100000));
  loadtest->add_option("--seconds", loadtest_args.seconds, "How long to measure")
      ->default_val(10)
      ->check(CLI::PositiveNumber);
  loadtest->add_option("--threads", loadtest_args.threads, "The clients' network threads")
      ->default_val(1)
      ->check(CLI::Range(1, 64));
  loadtest
      ->add_option("--replay-bytes", loadtest_args.replay_bytes,
                   "Meanwhile replay the longest record a server with this "
                   "--max-replay-bytes accepts, two clients page after page")
      ->check(CLI::Range(std::size_t{0}, std::size_t{64} * 1024 * 1024));
  loadtest
      ->add_option("--think-ms", loadtest_args.think_ms,
                   "Each client thinks this long before each move (0: answers at once)")
      ->default_val(0)
      ->check(CLI::Range(0, 600000));
  loadtest->add_option("--db", loadtest_args.database,
                       "The server's database, checked after the run (every move stored once)");
  loadtest->callback([&] { run = [&] { return cli::LoadTest(loadtest_args, std::cout); }; });

  auto* engine_cmd = app.add_subcommand(
      "engine",
      "Run the bots behind a text protocol on stdin/stdout, like UCI (docs/ENGINE-PROTOCOL.md)");
  engine_cmd->callback([&] { run = [] { return cli::Engine(std::cin, std::cout); }; });

  // Name an unknown command rather than CLI11's generic "a subcommand is required".
  if (argc > 1 && argv[1][0] != '-') {
    const std::string command = argv[1];
    std::vector<std::string> known;
    for (const auto* sub : app.get_subcommands({})) known.push_back(sub->get_name());
    if (std::find(known.begin(), known.end(), command) == known.end()) {
      std::string list;
      for (const auto& name : known) list += (list.empty() ? "" : ", ") + name;
      std::cerr << "quartel: unknown command '" << command << "' (commands: " << list << ")\n";
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    if (!map_file.empty()) {
      const std::string map = war::RegisterLocalMap(map_file);
      for (std::string* given : {&play_args.options, &options, &show_args.options}) {
        if (given->find("map=") != std::string::npos) continue;  // the user's own choice stands
        *given += (given->empty() ? "" : ",") + ("map=" + map);
      }
    }
    return run();
  } catch (const Error& e) {
    std::cerr << "quartel: " << e.what() << "\n";
    return 1;
  }
}
