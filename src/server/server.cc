#include "server/server.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <deque>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/error.h"
#include "games/war/odds.h"
#include "server/replay.h"
#include "server/storage.h"

namespace quartel::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using asio::awaitable;
using asio::use_awaitable;
using tcp = asio::ip::tcp;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

// Waits, inside a coroutine, for a Hub answer given through a callback on another strand.
// Not a coroutine itself, and given a named function: GCC 12 mishandles temporaries in co_await.
using ReplyStart = std::function<void(std::function<void(Reply)>)>;
awaitable<Reply> AwaitReply(const ReplyStart& start) {
  return asio::async_initiate<decltype(use_awaitable), void(Reply)>(
      [start](auto handler) {
        auto shared = std::make_shared<decltype(handler)>(std::move(handler));
        start([shared](Reply reply) {
          auto executor = asio::get_associated_executor(*shared);
          asio::post(executor,
                     [shared, reply = std::move(reply)]() mutable { (*shared)(std::move(reply)); });
        });
      },
      use_awaitable);
}

std::string HelloMessage() {
  return Json{{"type", "hello"}, {"protocol", kProtocolVersion}, {"server", "quartel"}}.dump();
}

// A per-connection token bucket: `rate` messages a second, bursts of `burst`.
class RateLimit {
 public:
  RateLimit(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}
  bool Allow() {
    const auto now = std::chrono::steady_clock::now();
    tokens_ =
        std::min(burst_, tokens_ + rate_ * std::chrono::duration<double>(now - last_).count());
    last_ = now;
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

 private:
  double rate_, burst_, tokens_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

class Server;

// One WebSocket client. Frames to send queue on the connection's strand and are written in order
// by one writer; a client that does not read (its queue grows past kMostQueuedFrames) is dropped.
class WebSocketSession : public Peer, public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(websocket::stream<beast::tcp_stream> ws, std::string address, Server& server)
      : Peer(std::move(address)), ws_(std::move(ws)), server_(server) {}

  awaitable<void> Run(Request request);
  void Send(Frame frame) override {
    asio::post(ws_.get_executor(),
               [self = shared_from_this(), frame = std::move(frame)] { self->Queue(frame); });
  }

 private:
  static constexpr std::size_t kMostQueuedFrames = 4096;
  void Queue(Frame frame);
  awaitable<void> WriteAll();
  void SendError(ErrorCode code, const std::string& message) {
    Send(MakeFrame(ErrorMessage(code, message).dump()));
  }

  websocket::stream<beast::tcp_stream> ws_;
  Server& server_;
  std::deque<Frame> queue_;
  bool writing_ = false;
  bool closed_ = false;
};

class Server {
 public:
  Server(const ServerConfig& config, asio::io_context& io, Storage& storage)
      : config_(config),
        io_(io),
        hub_(io.get_executor(), storage, config.bot_threads, config.limits),
        catalogue_(hub_.Catalogue().dump()) {}

  Hub& hub() { return hub_; }
  const ServerConfig& config() const { return config_; }

  awaitable<void> Listen(tcp::acceptor& acceptor) {
    for (;;) {
      tcp::socket socket(asio::make_strand(io_));
      try {
        co_await acceptor.async_accept(socket, use_awaitable);
      } catch (const boost::system::system_error& error) {
        if (error.code() == asio::error::operation_aborted) co_return;
        spdlog::warn("accept: {}", error.what());
        continue;
      }
      asio::co_spawn(socket.get_executor(), Session(beast::tcp_stream(std::move(socket))),
                     asio::detached);
    }
  }

 private:
  awaitable<void> Session(beast::tcp_stream stream);
  awaitable<Response> Answer(const Request& request, const std::string& address);
  Response StaticFile(const Request& request) const;

  const ServerConfig& config_;
  asio::io_context& io_;
  Hub hub_;
  std::string catalogue_;
};

Response JsonResponse(const Request& request, int status, const Json& body) {
  Response response{static_cast<http::status>(status), request.version()};
  response.set(http::field::content_type, "application/json");
  response.set(http::field::cache_control, "no-store");
  response.keep_alive(request.keep_alive());
  response.body() = body.dump();
  response.prepare_payload();
  return response;
}

// GCC 12 cannot keep a braced JSON initializer alive across co_await: build error bodies here.
Response ErrorResponse(const Request& request, int status, const std::string& message) {
  return JsonResponse(request, status, Json{{"error", message}});
}

Response TextResponse(const Request& request, int status, std::string body,
                      const char* type = "text/plain; charset=utf-8") {
  Response response{static_cast<http::status>(status), request.version()};
  response.set(http::field::content_type, type);
  response.keep_alive(request.keep_alive());
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

std::string QueryValue(std::string_view target, std::string_view key) {
  const auto question = target.find('?');
  if (question == std::string_view::npos) return "";
  std::string_view query = target.substr(question + 1);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == key && eq != std::string_view::npos) {
      return std::string(pair.substr(eq + 1));
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return "";
}

std::string BearerToken(const Request& request) {
  const auto header = request[http::field::authorization];
  constexpr std::string_view kPrefix = "Bearer ";
  if (header.size() > kPrefix.size() && header.substr(0, kPrefix.size()) == kPrefix) {
    return std::string(header.substr(kPrefix.size()));
  }
  return "";
}

// GET /api/odds?attackers=A&defenders=D: the exact odds of pressing a WAR attack (games/war/odds.h)
// for the web client's attack panel. Public arithmetic: it needs no match.
Response OddsResponse(const Request& request, std::string_view target) {
  int attackers = 0;
  int defenders = 0;
  try {
    attackers = std::stoi(QueryValue(target, "attackers"));
    defenders = std::stoi(QueryValue(target, "defenders"));
  } catch (const std::exception&) {
    return ErrorResponse(request, 400, "attackers and defenders must be numbers");
  }
  if (attackers < 2 || defenders < 1 || attackers > war::kMaxAssaultArmies ||
      defenders > war::kMaxAssaultArmies) {
    return ErrorResponse(request, 400,
                         fmt::format("attackers from 2 and defenders from 1, both at most {}",
                                     war::kMaxAssaultArmies));
  }
  const war::AssaultOdds odds = war::PressAttack(attackers, defenders);
  const Json body{{"attackers", attackers},
                  {"defenders", defenders},
                  {"attack_dice", war::AttackDice(attackers)},
                  {"defence_dice", war::DefenceDice(defenders, war::DefenceRule::kWar)},
                  {"conquest", odds.conquest},
                  {"expected_attacker_left", odds.expected_attacker_left},
                  {"expected_defender_left", odds.expected_defender_left},
                  {"attacker_left", odds.attacker_left},
                  {"defender_left", odds.defender_left}};
  return TextResponse(request, 200, body.dump(), "application/json");
}

awaitable<Response> Server::Answer(const Request& request, const std::string& address) {
  const std::string target(request.target());
  const std::string path = target.substr(0, target.find('?'));
  const bool get = request.method() == http::verb::get || request.method() == http::verb::head;
  if (path == "/healthz" && get) co_return TextResponse(request, 200, "ok\n");
  if (path == "/metrics" && get) {
    co_return TextResponse(request, 200, hub_.metrics().PrometheusText(),
                           "text/plain; version=0.0.4");
  }
  if (path == "/api/games" && get) {
    Response response = TextResponse(request, 200, catalogue_, "application/json");
    co_return response;
  }
  if (path == "/api/matches") {
    if (request.method() == http::verb::post) {
      const std::string body = request.body();
      const ReplyStart create = [this, body, address](std::function<void(Reply)> done) {
        hub_.CreateMatch(body, address, std::move(done));
      };
      const Reply reply = co_await AwaitReply(create);
      co_return JsonResponse(request, reply.status, reply.body);
    }
    if (get) {
      std::string state = QueryValue(target, "state");
      const std::string limit_text = QueryValue(target, "limit");
      int limit = 50;
      try {
        if (!limit_text.empty()) limit = std::clamp(std::stoi(limit_text), 1, 500);
      } catch (const std::exception&) {
        co_return ErrorResponse(request, 400, "limit must be a number");
      }
      const Reply reply = hub_.ListMatches(state.empty() ? "running" : state, limit);
      co_return JsonResponse(request, reply.status, reply.body);
    }
    co_return ErrorResponse(request, 405, "use GET or POST on /api/matches");
  }
  if (path == "/api/odds" && get) co_return OddsResponse(request, target);
  if (path == "/api/replay") {
    if (request.method() != http::verb::post) co_return ErrorResponse(request, 405, "use POST");
    const Reply reply = ReplayFrames(request.body());
    co_return JsonResponse(request, reply.status, reply.body);
  }
  constexpr std::string_view kMatches = "/api/matches/";
  if (path.starts_with(kMatches) && get) {
    std::string rest = path.substr(kMatches.size());
    const auto slash = rest.find('/');
    const std::string id = rest.substr(0, slash);
    if (slash == std::string::npos) {
      const Reply reply = hub_.MatchInfo(id);
      co_return JsonResponse(request, reply.status, reply.body);
    }
    if (rest.substr(slash) == "/record") {
      const std::string token = BearerToken(request);
      const ReplyStart record = [this, id, token](std::function<void(Reply)> done) {
        hub_.MatchRecord(id, token, std::move(done));
      };
      const Reply reply = co_await AwaitReply(record);
      co_return JsonResponse(request, reply.status, reply.body);
    }
  }
  if (path.starts_with("/api/")) co_return ErrorResponse(request, 404, "no such API");
  if (!get) co_return ErrorResponse(request, 405, "method not allowed");
  co_return StaticFile(request);
}

// The web client's files (--web DIR); any path that is no file gets index.html (the client's
// own routes, /match/ID). Without a client, a page that says what the server offers.
Response Server::StaticFile(const Request& request) const {
  std::string path(request.target());
  path = path.substr(0, path.find_first_of("?#"));
  if (config_.web_dir.empty()) {
    return TextResponse(request, 200,
                        "<!doctype html><meta charset=utf-8><title>Quartel</title>"
                        "<h1>Quartel server</h1><p>The web client is not built into this server "
                        "yet. API: <a href=/api/games>/api/games</a>, "
                        "<a href=/api/matches>/api/matches</a>, WebSocket /ws "
                        "(docs/PROTOCOL.md).</p>",
                        "text/html; charset=utf-8");
  }
  namespace fs = std::filesystem;
  const fs::path root = fs::weakly_canonical(config_.web_dir);
  fs::path file = fs::weakly_canonical(root / path.substr(1));
  const auto [root_end, ignored] = std::mismatch(root.begin(), root.end(), file.begin());
  if (root_end != root.end() || !fs::is_regular_file(file)) file = root / "index.html";
  std::ifstream in(file, std::ios::binary);
  if (!in) return TextResponse(request, 404, "not found\n");
  std::ostringstream body;
  body << in.rdbuf();
  const std::string extension = file.extension().string();
  const char* type = extension == ".html"    ? "text/html; charset=utf-8"
                     : extension == ".js"    ? "text/javascript"
                     : extension == ".css"   ? "text/css"
                     : extension == ".svg"   ? "image/svg+xml"
                     : extension == ".json"  ? "application/json"
                     : extension == ".png"   ? "image/png"
                     : extension == ".woff2" ? "font/woff2"
                                             : "application/octet-stream";
  return TextResponse(request, 200, body.str(), type);
}

awaitable<void> Server::Session(beast::tcp_stream stream) {
  std::string address;
  try {
    address = stream.socket().remote_endpoint().address().to_string();
  } catch (const std::exception&) {
    co_return;
  }
  beast::flat_buffer buffer;
  bool oversized = false;
  try {
    for (;;) {
      stream.expires_after(std::chrono::seconds(30));
      http::request_parser<http::string_body> parser;
      parser.body_limit(config_.max_request_bytes);
      co_await http::async_read(stream, buffer, parser, use_awaitable);
      Request request = parser.release();
      if (websocket::is_upgrade(request)) {
        if (request.target() != "/ws") {
          Response refusal = ErrorResponse(request, 404, "the WebSocket is at /ws");
          co_await http::async_write(stream, refusal, use_awaitable);
          co_return;
        }
        if (hub_.metrics().connections >= config_.max_connections) {
          spdlog::warn("refused a connection from {}: {} connections", address,
                       config_.max_connections);
          Response refusal = ErrorResponse(request, 503, "too many connections; try later");
          co_await http::async_write(stream, refusal, use_awaitable);
          co_return;
        }
        stream.expires_never();
        auto session = std::make_shared<WebSocketSession>(
            websocket::stream<beast::tcp_stream>(std::move(stream)), address, *this);
        co_await session->Run(std::move(request));
        co_return;
      }
      Response response = co_await Answer(request, address);
      const bool keep_alive = response.keep_alive();
      co_await http::async_write(stream, response, use_awaitable);
      if (!keep_alive) break;
    }
  } catch (const boost::system::system_error& error) {
    oversized = error.code() == http::error::body_limit;
  } catch (const std::exception& error) {
    spdlog::error("http session {}: {}", address, error.what());
  }
  beast::error_code ignored;
  if (oversized) {  // answered outside the handler: no co_await in a catch block
    spdlog::info("refused an oversized request from {}", address);
    Response refusal = ErrorResponse(
        Request{}, 413, fmt::format("the request is over {} bytes", config_.max_request_bytes));
    refusal.keep_alive(false);
    co_await http::async_write(stream, refusal,
                               boost::asio::redirect_error(use_awaitable, ignored));
  }
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

awaitable<void> WebSocketSession::Run(Request request) {
  Hub& hub = server_.hub();
  const ServerConfig& config = server_.config();
  Subscriptions subscriptions;
  ++hub.metrics().connections;
  websocket::stream_base::timeout timeouts =
      websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.idle_timeout = std::chrono::seconds(config.idle_timeout_seconds);
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  // Beast drops a message over this hard cap; below it, over max_message_bytes, the client gets
  // a too_large error and stays connected.
  ws_.read_message_max(std::max<std::size_t>(config.max_message_bytes * 16, 1 << 20));
  RateLimit rate(config.messages_per_second, config.message_burst);
  int refused_in_a_row = 0;
  try {
    co_await ws_.async_accept(request, use_awaitable);
    Send(MakeFrame(HelloMessage()));
    for (;;) {
      beast::flat_buffer buffer;
      co_await ws_.async_read(buffer, use_awaitable);
      if (!rate.Allow()) {
        if (++refused_in_a_row > 200) {
          spdlog::warn("closing a connection from {}: it ignores the rate limit", address());
          co_await ws_.async_close(
              websocket::close_reason(websocket::close_code::policy_error, "rate limit"),
              use_awaitable);
          break;
        }
        ++hub.metrics().errors_total;
        SendError(ErrorCode::kRateLimited,
                  fmt::format("rate limited: at most {:g} messages a second; this one was dropped",
                              config.messages_per_second));
        continue;
      }
      refused_in_a_row = 0;
      if (!ws_.got_text()) {
        SendError(ErrorCode::kBadMessage, "messages are JSON text, not binary");
        continue;
      }
      if (buffer.size() > config.max_message_bytes) {
        ++hub.metrics().errors_total;
        SendError(ErrorCode::kTooLarge, "a message may be at most " +
                                            std::to_string(config.max_message_bytes) + " bytes");
        continue;
      }
      hub.OnMessage(shared_from_this(), subscriptions, beast::buffers_to_string(buffer.data()));
    }
  } catch (const boost::system::system_error& error) {
    if (error.code() == websocket::error::message_too_big) {
      spdlog::info("dropped a connection from {}: a message over the hard size cap", address());
    }
  } catch (const std::exception& error) {
    spdlog::error("websocket {}: {}", address(), error.what());
  }
  closed_ = true;
  hub.OnClose(this, subscriptions);
  --hub.metrics().connections;
}

void WebSocketSession::Queue(Frame frame) {
  if (closed_) return;
  if (queue_.size() >= kMostQueuedFrames) {
    spdlog::warn("dropping a connection from {}: it does not read its messages", address());
    closed_ = true;
    beast::get_lowest_layer(ws_).close();
    return;
  }
  queue_.push_back(std::move(frame));
  if (writing_) return;
  writing_ = true;
  asio::co_spawn(ws_.get_executor(), WriteAll(), asio::detached);
}

awaitable<void> WebSocketSession::WriteAll() {
  auto self = shared_from_this();
  try {
    while (!queue_.empty() && !closed_) {
      Frame frame = queue_.front();
      ws_.text(true);
      co_await ws_.async_write(asio::buffer(*frame), use_awaitable);
      queue_.pop_front();
    }
  } catch (const std::exception&) {
    closed_ = true;
  }
  writing_ = false;
}

// As many descriptors as the system allows: every WebSocket client is one.
void RaiseDescriptorLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace

int RunServer(const ServerConfig& config, const std::function<void(const std::string&)>& ready) {
  RaiseDescriptorLimit();
  auto storage = OpenSqliteStorage(config.database);
  asio::io_context io;
  Server server(config, io, *storage);
  const int restored = server.hub().Start();

  tcp::acceptor acceptor(io);
  try {
    const tcp::endpoint endpoint(asio::ip::make_address(config.host), config.port);
    acceptor.open(endpoint.protocol());
    acceptor.set_option(asio::socket_base::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen(asio::socket_base::max_listen_connections);
  } catch (const boost::system::system_error& error) {
    throw Error("cannot listen on " + config.host + ":" + std::to_string(config.port) + ": " +
                error.code().message());
  }
  asio::co_spawn(io, server.Listen(acceptor), asio::detached);

  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code& error, int signal) {
    if (error) return;
    spdlog::info("signal {}: shutting down", signal);
    acceptor.close();
    io.stop();
  });

  const auto endpoint = acceptor.local_endpoint();
  const std::string host = endpoint.address().is_v6() ? "[" + endpoint.address().to_string() + "]"
                                                      : endpoint.address().to_string();
  spdlog::info("{} running matches resumed from {}", restored, config.database);
  ready("http://" + host + ":" + std::to_string(endpoint.port()) + "/");

  const int threads = config.network_threads > 0
                          ? config.network_threads
                          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> workers;
  for (int i = 1; i < threads; ++i) workers.emplace_back([&io] { io.run(); });
  io.run();
  for (std::thread& worker : workers) worker.join();
  // Nothing half-written: the bots stop and every event already applied is committed.
  server.hub().Stop();
  spdlog::info("stopped");
  return 0;
}

}  // namespace quartel::server
