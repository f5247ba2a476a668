// `quartel loadtest`: N WebSocket clients on loopback pair up into Dablot matches (created over
// REST, two person seats each) and play random legal moves as fast as the server answers. It
// prints moves per second, the round-trip latency (an action sent to its event received), errors,
// and then checks the server's database: every acknowledged move stored exactly once.
#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

#include "cli/commands.h"
#include "core/error.h"
#include "core/json.h"
#include "core/rng.h"
#include "core/secret.h"
#include "engine/game.h"
#include "engine/record.h"
#include "server/storage.h"

namespace quartel::cli {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using asio::awaitable;
using asio::use_awaitable;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

struct Endpoint {
  std::string host;
  std::string port;
};

Endpoint ParseUrl(const std::string& url) {
  std::string rest = url;
  for (const char* scheme : {"ws://", "http://"}) {
    if (rest.starts_with(scheme)) rest = rest.substr(std::string(scheme).size());
  }
  rest = rest.substr(0, rest.find('/'));
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos || rest.empty()) {
    throw Error("--url " + url + ": expected ws://HOST:PORT");
  }
  return {rest.substr(0, colon), rest.substr(colon + 1)};
}

// What all clients count, together.
struct Tally {
  std::mutex mutex;
  std::vector<double> latencies_ms;
  std::map<std::pair<std::string, int>, int> acknowledged;  // (match, event) -> seat
  std::atomic<long> moves{0};
  std::atomic<long> in_flight{0};
  std::atomic<int> connected{0};
  std::atomic<int> failed_clients{0};
  std::map<std::string, int> failures;     // why clients failed, with counts (under `mutex`)
  std::map<std::string, int> error_codes;  // the error messages' codes, with counts (`mutex`)

  long Errors() {
    std::lock_guard lock(mutex);
    long total = 0;
    for (const auto& [code, count] : error_codes) total += count;
    return total;
  }

  void Failed(std::exception_ptr error) {
    ++failed_clients;
    std::string why = "unknown";
    try {
      std::rethrow_exception(error);
    } catch (const boost::system::system_error& e) {
      why = e.code().message();
    } catch (const std::exception& e) {
      why = e.what();
    }
    std::lock_guard lock(mutex);
    ++failures[why];
  }
  std::atomic<bool> stop{false};
};

awaitable<Json> CreateMatch(const Endpoint& endpoint) {
  auto executor = co_await asio::this_coro::executor;
  tcp::resolver resolver(executor);
  beast::tcp_stream stream(executor);
  const auto results = co_await resolver.async_resolve(endpoint.host, endpoint.port, use_awaitable);
  co_await stream.async_connect(results, use_awaitable);
  http::request<http::string_body> request{http::verb::post, "/api/matches", 11};
  request.set(http::field::host, endpoint.host);
  request.set(http::field::content_type, "application/json");
  request.body() = R"({"game":"dablot","seats":[{"kind":"person"},{"kind":"person"}]})";
  request.prepare_payload();
  co_await http::async_write(stream, request, use_awaitable);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  co_await http::async_read(stream, buffer, response, use_awaitable);
  Json body = Json::parse(response.body(), nullptr, false);
  if (response.result_int() != 201) {
    throw Error("creating a match: " + std::to_string(response.result_int()) + " " +
                response.body());
  }
  co_return body;
}

// One client: joins its seat, plays a random legal move whenever it is its turn (after
// `think` when given, so that many clients can make a steady load rather than a flood), and starts
// a new match with its partner when the match ends (the seat 0 client creates it).
class Client {
 public:
  Client(Endpoint endpoint, Tally& tally, std::uint64_t seed, std::chrono::milliseconds think)
      : endpoint_(std::move(endpoint)), tally_(tally), rng_(seed), think_(think) {}

  awaitable<void> Play(std::string match, std::string token, int seat) {
    auto executor = co_await asio::this_coro::executor;
    tcp::resolver resolver(executor);
    websocket::stream<beast::tcp_stream> ws(executor);
    const auto results =
        co_await resolver.async_resolve(endpoint_.host, endpoint_.port, use_awaitable);
    co_await beast::get_lowest_layer(ws).async_connect(results, use_awaitable);
    // Each move is one small frame: sent at once, as a browser's WebSocket does (no Nagle delay).
    beast::get_lowest_layer(ws).socket().set_option(tcp::no_delay(true));
    co_await ws.async_handshake(endpoint_.host, "/ws", use_awaitable);
    ++tally_.connected;
    const std::string join = Json{{"type", "join"}, {"match", match}, {"token", token}}.dump();
    co_await ws.async_write(asio::buffer(join), use_awaitable);
    std::optional<Clock::time_point> sent_at;
    int sent_event = -1;
    while (!tally_.stop) {
      beast::flat_buffer buffer;
      co_await ws.async_read(buffer, use_awaitable);
      const Json message = Json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
      const std::string type = message.value("type", "");
      if (type == "error") {
        {
          std::lock_guard lock(tally_.mutex);
          ++tally_.error_codes[message.value("code", "?")];
        }
        if (sent_at) --tally_.in_flight;
        sent_at.reset();
        continue;
      }
      if (type != "event" && type != "joined") continue;
      const int event = message.value("event", -1);
      if (type == "event" && sent_at && message["by"] == seat && event == sent_event + 1) {
        const double ms =
            std::chrono::duration<double, std::milli>(Clock::now() - *sent_at).count();
        ++tally_.moves;
        --tally_.in_flight;
        sent_at.reset();
        std::lock_guard lock(tally_.mutex);
        tally_.latencies_ms.push_back(ms);
        tally_.acknowledged[{match, event}] = seat;
      }
      const Json& state = message["state"];
      if (state.value("over", false)) break;
      if (!state.value("your_turn", false) || sent_at || tally_.stop) continue;
      if (think_.count() > 0) {
        asio::steady_timer thinking(executor, think_);
        co_await thinking.async_wait(use_awaitable);
      }
      const Json& legal = state["legal"];
      const Json& pick = legal[rng_.Below(static_cast<std::uint32_t>(legal.size()))];
      const std::string act = Json{
          {"type", "act"},
          {"match", match},
          {"event", type == "joined" ? message["event"] : Json(event)},
          {"actions",
           {pick["id"]}}}.dump();
      sent_event = type == "joined" ? message["event"].get<int>() : event;
      sent_at = Clock::now();
      ++tally_.in_flight;
      co_await ws.async_write(asio::buffer(act), use_awaitable);
    }
    beast::error_code ignored;
    beast::get_lowest_layer(ws).socket().close(ignored);
    --tally_.connected;
  }

 private:
  Endpoint endpoint_;
  Tally& tally_;
  Rng rng_;
  std::chrono::milliseconds think_;
};

// A pair of clients playing match after match until the run ends, on one strand (the clients may
// run on several threads).
awaitable<void> PlayPair(Endpoint endpoint, Tally& tally, std::uint64_t seed,
                         std::chrono::milliseconds think, std::chrono::milliseconds start_after) {
  Client first(endpoint, tally, seed, think), second(endpoint, tally, seed + 1, think);
  auto executor = co_await asio::this_coro::executor;
  asio::steady_timer ramp(executor, start_after);
  co_await ramp.async_wait(use_awaitable);
  while (!tally.stop) {
    bool failed = false;
    try {
      const Json match = co_await CreateMatch(endpoint);
      const std::string id = match["match"];
      // Both seats play at once; the pair is done when both have seen the end.
      auto done = std::make_shared<asio::steady_timer>(executor, Clock::time_point::max());
      auto remaining = std::make_shared<int>(2);
      for (int seat = 0; seat < 2; ++seat) {
        Client& client = seat == 0 ? first : second;
        asio::co_spawn(executor,
                       client.Play(id, match["seats"][seat]["token"].get<std::string>(), seat),
                       [done, remaining, &tally](std::exception_ptr error) {
                         if (error) tally.Failed(error);
                         if (--*remaining == 0) done->cancel();
                       });
      }
      boost::system::error_code ignored;
      co_await done->async_wait(asio::redirect_error(use_awaitable, ignored));
    } catch (const std::exception&) {
      tally.Failed(std::current_exception());
      failed = true;
    }
    if (failed) {
      asio::steady_timer wait(executor, std::chrono::milliseconds(500));
      co_await wait.async_wait(use_awaitable);
    }
  }
}

// Posts pages of `record` to /api/replay one after another until the run ends, timing each; the
// record is sent whole with each page, as the web client's replay viewer sends it.
awaitable<void> ReplayPages(Endpoint endpoint, Tally& tally, std::string record, int total,
                            std::uint64_t seed, std::vector<double>& times_ms) {
  auto executor = co_await asio::this_coro::executor;
  Rng rng(seed);
  while (!tally.stop) {
    const int from = static_cast<int>(rng.Below(static_cast<std::uint32_t>(total)));
    http::request<http::string_body> request{http::verb::post, "/api/replay", 11};
    request.set(http::field::host, endpoint.host);
    request.set(http::field::content_type, "application/json");
    request.body() =
        R"({"viewer": 0, "from": )" + std::to_string(from) + R"(, "record": )" + record + "}";
    request.prepare_payload();
    const auto sent = Clock::now();
    bool failed = false;
    try {
      tcp::resolver resolver(executor);
      beast::tcp_stream stream(executor);
      co_await stream.async_connect(
          co_await resolver.async_resolve(endpoint.host, endpoint.port, use_awaitable),
          use_awaitable);
      co_await http::async_write(stream, request, use_awaitable);
      beast::flat_buffer buffer;
      http::response_parser<http::string_body> response;
      response.body_limit(64 * 1024 * 1024);
      co_await http::async_read(stream, buffer, response, use_awaitable);
      if (response.get().result_int() != 200) {
        throw Error("replay: " + std::to_string(response.get().result_int()) + " " +
                    response.get().body().substr(0, 200));
      }
      std::lock_guard lock(tally.mutex);
      times_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
    } catch (const std::exception&) {
      tally.Failed(std::current_exception());
      failed = true;
    }
    if (failed) {  // no co_await in a catch block
      asio::steady_timer wait(executor, std::chrono::milliseconds(500));
      co_await wait.async_wait(use_awaitable);
    }
  }
}

// The value of one metric in GET /metrics, or -1.
double MetricValue(const Endpoint& endpoint, const std::string& name) {
  try {
    asio::io_context io;
    beast::tcp_stream stream(io);
    tcp::resolver resolver(io);
    stream.connect(resolver.resolve(endpoint.host, endpoint.port));
    http::request<http::empty_body> request{http::verb::get, "/metrics", 11};
    request.set(http::field::host, endpoint.host);
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    const std::string& text = response.body();
    const auto at = text.find("\n" + name + " ");
    if (at != std::string::npos) return std::atof(text.c_str() + at + name.size() + 2);
  } catch (const std::exception&) {
  }
  return -1;
}

double Percentile(std::vector<double>& values, double fraction) {
  if (values.empty()) return 0;
  const auto index = static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), values.begin() + static_cast<long>(index), values.end());
  return values[index];
}

}  // namespace

engine::Record LongestReplayRecord(std::size_t max_bytes, std::uint64_t seed) {
  const auto game = engine::LoadGame(
      "stratego",
      {{"army", "barrage"}, {"max_plies", "100000"}, {"max_plies_without_capture", "100000"}});
  engine::Match match(game, {"Red", "Blue"});
  for (int seat = 0; seat < 2; ++seat) {
    for (engine::Action action :
         match.state().StringToTurn("random " + std::to_string(seed + seat))) {
      match.Apply(action);
    }
  }
  const auto bytes = [&] { return engine::RecordToJson(match.record()).dump().size(); };
  Rng rng(seed);
  std::vector<engine::Action> quiet;
  double per_move = 0;
  std::size_t checked_at = 0;
  while (!match.Over()) {
    const std::size_t moves = match.record().actions.size();
    if (moves == 1000) per_move = static_cast<double>(bytes()) / static_cast<double>(moves);
    // Measured when the estimate says it is near: each measure writes the whole record.
    if (per_move > 0 && moves >= checked_at &&
        static_cast<double>(moves + 200) * per_move > static_cast<double>(max_bytes)) {
      if (bytes() > max_bytes) break;
      checked_at = moves + 100;
    }
    quiet.clear();
    for (engine::Action action : match.state().LegalActions()) {
      if (match.state().ActionToString(action).find('x') == std::string::npos) {
        quiet.push_back(action);
      }
    }
    if (quiet.empty()) break;
    match.Apply(quiet[rng.Below(static_cast<std::uint32_t>(quiet.size()))]);
  }
  while (bytes() > max_bytes && match.CanUndo()) match.Undo();
  return match.record();
}

int LoadTest(const LoadTestArgs& args, std::ostream& out) {
  if (args.clients < 2 || args.clients % 2 != 0) throw Error("--clients must be even and >= 2");
  if (args.replay_bytes > 0 && args.replay_bytes < 16 * 1024) {
    throw Error("--replay-bytes: at least 16384 (a server takes at least that)");
  }
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
  const Endpoint endpoint = ParseUrl(args.url);
  Tally tally;
  asio::io_context io;
  // The clients connect over a ramp (a thousand a second), as real players arrive: a burst of ten
  // thousand connections at once overflows the listen backlog of any server.
  const int pairs = args.clients / 2;
  const double ramp_ms = args.clients;  // 1 ms per client
  for (int pair = 0; pair < pairs; ++pair) {
    const auto start_after = std::chrono::milliseconds(static_cast<long>(ramp_ms * pair / pairs));
    asio::co_spawn(asio::make_strand(io),
                   PlayPair(endpoint, tally, SecureRandom64(),
                            std::chrono::milliseconds(args.think_ms), start_after),
                   asio::detached);
  }
  std::vector<double> replay_ms;
  if (args.replay_bytes > 0) {
    // The request around the record takes a few bytes of the server's limit.
    const engine::Record record = LongestReplayRecord(args.replay_bytes - 1024, 1);
    const std::string text = engine::RecordToJson(record).dump();
    out << fmt::format("replaying meanwhile: a record of {} entries, {} bytes, 2 clients\n",
                       record.actions.size(), text.size());
    for (int replayer = 0; replayer < 2; ++replayer) {
      asio::co_spawn(asio::make_strand(io),
                     ReplayPages(endpoint, tally, text, static_cast<int>(record.actions.size()),
                                 SecureRandom64(), replay_ms),
                     asio::detached);
    }
  }
  std::vector<std::thread> threads;
  for (int i = 0; i < std::max(1, args.threads); ++i) threads.emplace_back([&io] { io.run(); });
  const auto start = Clock::now();
  // Moves are counted from the moment every client has connected (or the ramp and 30 s more).
  const auto deadline =
      std::chrono::milliseconds(static_cast<long>(ramp_ms)) + std::chrono::seconds(30);
  while (tally.connected < args.clients && Clock::now() - start < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const long moves_before = tally.moves;
  const int connected = tally.connected;
  const auto measure_start = Clock::now();
  {
    std::lock_guard lock(tally.mutex);
    tally.latencies_ms.clear();
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(args.seconds));
  const long moves = tally.moves - moves_before;
  const double elapsed = std::chrono::duration<double>(Clock::now() - measure_start).count();
  tally.stop = true;
  std::vector<double> latencies;
  {
    std::lock_guard lock(tally.mutex);
    latencies = tally.latencies_ms;
  }
  // Let the moves in flight land, then close everything.
  std::this_thread::sleep_for(std::chrono::seconds(2));
  io.stop();
  for (std::thread& thread : threads) thread.join();

  out << fmt::format("clients: {} connected of {} (thinking {} ms a move)\n", connected,
                     args.clients, args.think_ms);
  out << fmt::format("moves: {} in {:.1f} s = {:.0f} moves/s\n", moves, elapsed, moves / elapsed);
  const double p50 = Percentile(latencies, 0.5), p99 = Percentile(latencies, 0.99);
  const double max = latencies.empty() ? 0 : *std::max_element(latencies.begin(), latencies.end());
  out << fmt::format("latency: p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms\n", p50, p99, max);
  if (args.replay_bytes > 0) {
    std::lock_guard lock(tally.mutex);
    out << fmt::format(
        "replays: {} pages answered, median {:.0f} ms, max {:.0f} ms\n", replay_ms.size(),
        Percentile(replay_ms, 0.5),
        replay_ms.empty() ? 0.0 : *std::max_element(replay_ms.begin(), replay_ms.end()));
  }
  const double peak = MetricValue(endpoint, "quartel_peak_resident_memory_bytes");
  if (peak >= 0) out << fmt::format("server memory: peak {:.0f} MiB\n", peak / (1 << 20));
  const long errors = tally.Errors();
  out << fmt::format("errors: {} error messages, {} clients failed\n", errors,
                     tally.failed_clients.load());
  for (const auto& [code, count] : tally.error_codes) {
    out << fmt::format("  {} x error {}\n", count, code);
  }
  for (const auto& [why, count] : tally.failures) out << fmt::format("  {} x {}\n", count, why);
  if (args.database.empty()) {
    out << "database: not checked (give --db FILE, the server's database)\n";
    return errors == 0 ? 0 : 1;
  }
  // Every acknowledged move stored exactly once: its event holds exactly one entry, by its seat.
  auto storage = server::OpenSqliteStorage(args.database);
  std::map<std::string, server::StoredMatch> matches;
  long lost = 0, duplicated = 0;
  for (const auto& [key, seat] : tally.acknowledged) {
    auto found = matches.find(key.first);
    if (found == matches.end()) {
      auto stored = storage->LoadMatch(key.first);
      if (!stored) {
        ++lost;
        continue;
      }
      found = matches.emplace(key.first, std::move(*stored)).first;
    }
    int count = 0;
    for (const server::StoredEntry& entry : found->second.entries) {
      if (entry.event == key.second && entry.seat == seat) ++count;
    }
    if (count == 0) ++lost;
    if (count > 1) ++duplicated;
  }
  out << fmt::format("database: {} acknowledged moves checked: {} lost, {} duplicated\n",
                     tally.acknowledged.size(), lost, duplicated);
  return lost == 0 && duplicated == 0 && errors == 0 ? 0 : 1;
}

}  // namespace quartel::cli
