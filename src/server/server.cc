#include "server/server.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "core/error.h"
#include "core/secret.h"
#include "core/text.h"
#include "games/war/odds.h"
#include "server/accounts.h"
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
template <typename Answer>
using AnswerStart = std::function<void(std::function<void(Answer)>)>;
using ReplyStart = AnswerStart<Reply>;
template <typename Answer>
awaitable<Answer> AwaitAnswer(const AnswerStart<Answer>& start) {
  return asio::async_initiate<decltype(use_awaitable), void(Answer)>(
      [start](auto handler) {
        auto shared = std::make_shared<decltype(handler)>(std::move(handler));
        start([shared](Answer answer) {
          auto executor = asio::get_associated_executor(*shared);
          asio::post(executor, [shared, answer = std::move(answer)]() mutable {
            (*shared)(std::move(answer));
          });
        });
      },
      use_awaitable);
}
awaitable<Reply> AwaitReply(const ReplyStart& start) { return AwaitAnswer<Reply>(start); }

// Whether a client address is this machine's (127.0.0.0/8, ::1, or either mapped into IPv6).
bool IsLoopback(const std::string& address) {
  boost::system::error_code error;
  const asio::ip::address parsed = asio::ip::make_address(address, error);
  if (error) return false;
  if (parsed.is_v6() && parsed.to_v6().is_v4_mapped()) {
    return asio::ip::make_address_v4(asio::ip::v4_mapped, parsed.to_v6()).is_loopback();
  }
  return parsed.is_loopback();
}

std::string HelloMessage() {
  return Json{{"type", "hello"}, {"protocol", kProtocolVersion}, {"server", "quartel"}}.dump();
}

// A per-connection token bucket: `rate` messages a second, bursts of `burst`.
class RateLimit {
 public:
  RateLimit(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}
  bool Allow() {
    Refill();
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }
  // Whether the bucket is full again: its history no longer matters.
  bool Full() const {
    const auto elapsed = std::chrono::steady_clock::now() - last_;
    return tokens_ + rate_ * std::chrono::duration<double>(elapsed).count() >= burst_;
  }

 private:
  void Refill() {
    const auto now = std::chrono::steady_clock::now();
    tokens_ =
        std::min(burst_, tokens_ + rate_ * std::chrono::duration<double>(now - last_).count());
    last_ = now;
  }

  double rate_, burst_, tokens_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// A RateLimit per client address, for its HTTP requests: however many connections it opens, an
// address gets so many requests a second. Addresses whose bucket is full again are forgotten, so
// the table holds only the addresses that asked lately.
class AddressRates {
 public:
  AddressRates(double rate, double burst) : rate_(rate), burst_(burst) {}
  bool Allow(const std::string& address) {
    std::lock_guard lock(mutex_);
    if (buckets_.size() >= kForgetPast)
      std::erase_if(buckets_, [](const auto& b) { return b.second.Full(); });
    return buckets_.try_emplace(address, rate_, burst_).first->second.Allow();
  }

 private:
  static constexpr std::size_t kForgetPast = 4096;
  double rate_, burst_;
  std::mutex mutex_;
  std::unordered_map<std::string, RateLimit> buckets_;
};

// What each client address holds at once (connections, replays in flight), against a cap.
class PerAddress {
 public:
  // A place for one more, or false past `limit`.
  bool TryEnter(const std::string& address, int limit) {
    std::lock_guard lock(mutex_);
    int& held = held_[address];
    if (held >= limit) {
      if (held == 0) held_.erase(address);
      return false;
    }
    ++held;
    return true;
  }
  void Leave(const std::string& address) {
    std::lock_guard lock(mutex_);
    const auto found = held_.find(address);
    if (found != held_.end() && --found->second <= 0) held_.erase(found);
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, int> held_;
};

// One place held in a PerAddress count, given back when it goes.
class Held {
 public:
  Held() = default;
  Held(PerAddress& count, std::string address) : count_(&count), address_(std::move(address)) {}
  Held(Held&& other) noexcept
      : count_(std::exchange(other.count_, nullptr)), address_(std::move(other.address_)) {}
  Held& operator=(Held&& other) noexcept {
    Release();
    count_ = std::exchange(other.count_, nullptr);
    address_ = std::move(other.address_);
    return *this;
  }
  ~Held() { Release(); }
  void Release() {
    if (count_) count_->Leave(address_);
    count_ = nullptr;
  }

 private:
  PerAddress* count_ = nullptr;
  std::string address_;
};

// The HTTP header a request may have (request line and fields together): Beast's default.
constexpr std::size_t kMostHeaderBytes = 8 * 1024;
// Replays in flight (their record read, waiting or replayed): a few per address and a few in all,
// so that the memory they take is bounded whatever is posted (docs/PERFORMANCE.md).
constexpr int kReplaysPerAddress = 2;
constexpr int kReplaysInFlight = 8;

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
        accounts_(storage, config.secure_cookies),
        hub_(io.get_executor(), storage, accounts_, config.bot_threads, config.limits),
        catalogue_(hub_.Catalogue().dump()),
        replay_pool_(static_cast<std::size_t>(std::max(1, config.replay_threads))) {
    // A guest's seat claimed at sign-up is the account's in the running match too.
    accounts_.on_seat_claimed = [this](const std::string& match, const std::string& token_hash,
                                       std::int64_t account, const std::string& name) {
      hub_.SeatClaimed(match, token_hash, account, name);
    };
  }
  ~Server() {
    replay_pool_.stop();
    replay_pool_.join();
  }

  Hub& hub() { return hub_; }
  Accounts& accounts() { return accounts_; }
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
      // A move's frames are small writes, one after another: without this, Nagle's algorithm holds
      // the second until the client's delayed acknowledgement of the first (40 ms on Linux).
      boost::system::error_code ignored;
      socket.set_option(tcp::no_delay(true), ignored);
      asio::co_spawn(socket.get_executor(), Session(beast::tcp_stream(std::move(socket))),
                     asio::detached);
    }
  }

 private:
  awaitable<void> Session(beast::tcp_stream stream);
  awaitable<Response> Answer(const Request& request, const std::string& address);
  awaitable<Response> AnswerAccounts(const Request& request, const std::string& path,
                                     const Caller& caller, const std::string& address);
  Response StaticFile(const Request& request) const;
  // Places for a replay from `address` whose record is about to be read (`places` holds them),
  // or the refusal to send.
  std::optional<Response> ReplayRefused(const http::request_header<>& header,
                                        const std::string& address, std::vector<Held>& places);

  const ServerConfig& config_;
  asio::io_context& io_;
  Accounts accounts_;
  Hub hub_;
  std::string catalogue_;
  PerAddress connections_;
  AddressRates requests_{config_.http_requests_per_second, config_.http_requests_per_second * 3};
  PerAddress replays_;  // by address, and all of them under the address ""
  asio::thread_pool replay_pool_;
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

// Whether an Origin header names another site than the Host this request was sent to: a page of
// that site is making the request (absent, as from a command-line client, is no other site).
bool CrossSite(const Request& request) {
  const std::string_view origin = request[http::field::origin];
  if (origin.empty()) return false;
  const auto scheme = origin.find("://");
  if (scheme == std::string_view::npos) return true;  // "null" and the like
  return ToLower(std::string(origin.substr(scheme + 3))) !=
         ToLower(std::string(request[http::field::host]));
}

Response AccountResponse(const Request& request, const AccountReply& answer) {
  Response response = JsonResponse(request, answer.reply.status, answer.reply.body);
  if (!answer.set_cookie.empty()) response.set(http::field::set_cookie, answer.set_cookie);
  return response;
}

// The REST paths of accounts (accounts.h): sign up, in and out, the password, profiles, the
// leaderboards and the bots.
awaitable<Response> Server::AnswerAccounts(const Request& request, const std::string& path,
                                           const Caller& caller, const std::string& address) {
  const bool get = request.method() == http::verb::get || request.method() == http::verb::head;
  const bool post = request.method() == http::verb::post;
  if (path == "/api/session" && get) co_return AccountResponse(request, accounts_.Session(caller));
  if (path == "/api/signup" || path == "/api/signin" || path == "/api/password") {
    if (!post) co_return ErrorResponse(request, 405, "use POST on " + path);
    const std::string body = request.body();
    const AnswerStart<AccountReply> start = [this, path, caller, body,
                                             address](std::function<void(AccountReply)> done) {
      if (path == "/api/signup") return accounts_.SignUp(caller, body, address, std::move(done));
      if (path == "/api/signin") return accounts_.SignIn(caller, body, address, std::move(done));
      accounts_.ChangePassword(caller, body, std::move(done));
    };
    const AccountReply answer = co_await AwaitAnswer<AccountReply>(start);
    co_return AccountResponse(request, answer);
  }
  if (path == "/api/signout") {
    if (!post) co_return ErrorResponse(request, 405, "use POST on /api/signout");
    co_return AccountResponse(request, accounts_.SignOut(caller));
  }
  if (!get) co_return ErrorResponse(request, 405, "use GET on " + path);
  const std::string target(request.target());
  if (path == "/api/leaderboard") {
    int limit = 100;
    try {
      const std::string limit_text = QueryValue(target, "limit");
      if (!limit_text.empty()) limit = std::clamp(std::stoi(limit_text), 1, 500);
    } catch (const std::exception&) {
      co_return ErrorResponse(request, 400, "limit must be a number");
    }
    const Reply reply = accounts_.Leaderboard(QueryValue(target, "pool"), limit);
    co_return JsonResponse(request, reply.status, reply.body);
  }
  if (path == "/api/bots") {
    const Reply reply = accounts_.Bots();
    co_return JsonResponse(request, reply.status, reply.body);
  }
  constexpr std::string_view kPlayers = "/api/players/";
  const Reply reply = accounts_.Profile(path.substr(kPlayers.size()), [this](std::int64_t account) {
    return hub_.Awaiting(account);
  });
  co_return JsonResponse(request, reply.status, reply.body);
}

bool IsAccountsPath(const std::string& path) {
  return path == "/api/session" || path == "/api/signup" || path == "/api/signin" ||
         path == "/api/signout" || path == "/api/password" || path == "/api/leaderboard" ||
         path == "/api/bots" || path.starts_with("/api/players/");
}

awaitable<Response> Server::Answer(const Request& request, const std::string& address) {
  const std::string target(request.target());
  const std::string path = target.substr(0, target.find('?'));
  const bool get = request.method() == http::verb::get || request.method() == http::verb::head;
  Caller caller;
  if (path.starts_with("/api/")) {
    caller = accounts_.Identify(request[http::field::cookie]);
    if (!get) {
      // CSRF (docs/PROTOCOL.md, "Accounts"): another site's page may not act here, and a request
      // that carries the session cookie (or signs in) proves it was written by our page.
      if (CrossSite(request)) {
        co_return ErrorResponse(request, 403, "requests from another site's page are refused");
      }
      const bool session_path = path == "/api/signup" || path == "/api/signin" ||
                                path == "/api/signout" || path == "/api/password";
      if (session_path && caller.token.empty()) {
        co_return ErrorResponse(request, 403,
                                "no session: GET /api/session first, then send its csrf token "
                                "in X-CSRF-Token");
      }
      const std::string_view sent = request["X-CSRF-Token"];
      if (!caller.token.empty() && path != "/api/replay" &&
          (sent.size() != caller.csrf().size() || !ConstantTimeEquals(sent, caller.csrf()))) {
        co_return ErrorResponse(request, 403,
                                "missing or wrong X-CSRF-Token (GET /api/session gives it)");
      }
    }
    if (IsAccountsPath(path)) co_return co_await AnswerAccounts(request, path, caller, address);
  }
  if (path == "/healthz" && get) co_return TextResponse(request, 200, "ok\n");
  if (path == "/metrics" && get) {
    // Its counters move with every message of every match (a setup placed piece by piece too):
    // for the operator's machine only, unless the operator opens it.
    if (!config_.public_metrics && !IsLoopback(address)) {
      co_return ErrorResponse(request, 403,
                              "metrics are served to this machine only (--public-metrics)");
    }
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
      const Identity creator{caller.account_id, caller.account_name};
      const ReplyStart create = [this, body, address, creator](std::function<void(Reply)> done) {
        hub_.CreateMatch(body, address, creator, std::move(done));
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
    // On the replay threads: a long record takes a while, and the network threads carry on.
    const std::string* body = &request.body();
    const ReplyStart replay = [this, body](std::function<void(Reply)> done) {
      asio::post(replay_pool_, [body, done = std::move(done)] { done(ReplayFrames(*body)); });
    };
    const Reply reply = co_await AwaitReply(replay);
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

// Whether `encoding` ("br", "gzip") is in an Accept-Encoding header and not refused with q=0.
bool Accepts(std::string_view header, std::string_view encoding) {
  for (const std::string& item : Split(header, ',')) {
    const std::vector<std::string> parts = Split(item, ';');
    if (parts.empty() || ToLower(parts[0]) != encoding) continue;
    for (std::size_t i = 1; i < parts.size(); ++i) {
      const std::string parameter = ToLower(parts[i]);
      if (parameter.starts_with("q=") && std::strtod(parameter.c_str() + 2, nullptr) <= 0) {
        return false;
      }
    }
    return true;
  }
  return false;
}

const char* ContentType(const std::string& extension) {
  return extension == ".html"    ? "text/html; charset=utf-8"
         : extension == ".js"    ? "text/javascript"
         : extension == ".css"   ? "text/css"
         : extension == ".svg"   ? "image/svg+xml"
         : extension == ".json"  ? "application/json"
         : extension == ".png"   ? "image/png"
         : extension == ".woff2" ? "font/woff2"
                                 : "application/octet-stream";
}

// The web client's files (--web DIR); any path that is no file gets index.html (the client's
// own routes, /match/ID). The build wrote a Brotli (.br) and a gzip (.gz) copy beside each text
// file: the smallest the browser accepts is sent. Vite's hashed files under /assets/ never change
// (cached for a year, immutable); everything else, index.html first, is revalidated each time
// (ETag, 304). Without a client, a page that says what the server offers.
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
  std::error_code error;
  if (root_end != root.end() || !fs::is_regular_file(file, error)) file = root / "index.html";
  const bool immutable = path.starts_with("/assets/") && file.parent_path() == root / "assets";
  fs::path sent = file;
  std::string encoding;
  const std::string_view accepted = request[http::field::accept_encoding];
  for (const char* candidate : {"br", "gzip"}) {
    const fs::path copy = file.string() + (std::string_view(candidate) == "br" ? ".br" : ".gz");
    if (Accepts(accepted, candidate) && fs::is_regular_file(copy, error)) {
      sent = copy;
      encoding = candidate;
      break;
    }
  }
  const auto size = fs::file_size(sent, error);
  const auto modified = fs::last_write_time(sent, error);
  if (error) return TextResponse(request, 404, "not found\n");
  const std::string etag = fmt::format("\"{:x}-{:x}{}\"", size, modified.time_since_epoch().count(),
                                       encoding.empty() ? "" : "-" + encoding);
  Response response{http::status::ok, request.version()};
  response.set(http::field::content_type, ContentType(file.extension().string()));
  response.set(http::field::cache_control,
               immutable ? "public, max-age=31536000, immutable" : "no-cache");
  response.set(http::field::etag, etag);
  response.set(http::field::vary, "Accept-Encoding");
  if (!encoding.empty()) response.set(http::field::content_encoding, encoding);
  response.keep_alive(request.keep_alive());
  if (request[http::field::if_none_match] == etag) {
    response.result(http::status::not_modified);
    return response;
  }
  std::ifstream in(sent, std::ios::binary);
  if (!in) return TextResponse(request, 404, "not found\n");
  std::ostringstream body;
  body << in.rdbuf();
  response.body() = body.str();
  response.prepare_payload();
  if (request.method() == http::verb::head) response.body().clear();  // Content-Length stays
  return response;
}

// The answer to a request that could not be read, or none where the client went away (closed,
// timed out). Nothing malformed is dropped without a word: 431 for a header over the limit, 413
// for a body over it, 400 for the rest (a bad request line, version, field, length or chunk).
std::optional<std::pair<int, std::string>> RefusalOf(const beast::error_code& error,
                                                     std::size_t body_limit) {
  if (error == http::error::header_limit) {
    return std::pair{431, fmt::format("the request's header is over {} bytes", kMostHeaderBytes)};
  }
  if (error == http::error::body_limit) {
    return std::pair{413, fmt::format("the request's body is over {} bytes", body_limit)};
  }
  if (error.category() == http::make_error_code(http::error::bad_target).category() &&
      error != http::error::end_of_stream && error != http::error::partial_message &&
      error != http::error::need_more && error != http::error::need_buffer) {
    return std::pair{400, "malformed HTTP request: " + error.message()};
  }
  return std::nullopt;
}

// RFC 6455 4.1: the key is 16 random bytes in base64, 24 characters ending "==".
bool ValidWebSocketKey(std::string_view key) {
  if (key.size() != 24 || !key.ends_with("==")) return false;
  return std::all_of(key.begin(), key.end() - 2, [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/';
  });
}

std::optional<Response> Server::ReplayRefused(const http::request_header<>& header,
                                              const std::string& address,
                                              std::vector<Held>& places) {
  Request request;
  request.version(header.version());
  request.keep_alive(false);  // its body is left unread
  if (!replays_.TryEnter(address, kReplaysPerAddress)) {
    return ErrorResponse(request, 429,
                         fmt::format("at most {} replays at once from one address; ask for the "
                                     "next when one is answered",
                                     kReplaysPerAddress));
  }
  places.emplace_back(replays_, address);
  if (!replays_.TryEnter("", kReplaysInFlight)) {
    return ErrorResponse(request, 503, "the server is busy with other replays; try again soon");
  }
  places.emplace_back(replays_, "");
  return std::nullopt;
}

awaitable<void> Server::Session(beast::tcp_stream stream) {
  std::string address;
  try {
    address = stream.socket().remote_endpoint().address().to_string();
  } catch (const std::exception&) {
    co_return;
  }
  // One address may not hold every connection (docs/PROTOCOL.md, "Limits").
  Held connection;
  const bool admitted = connections_.TryEnter(address, config_.max_connections_per_address);
  if (admitted) connection = Held(connections_, address);
  beast::flat_buffer buffer;
  beast::error_code error;
  std::size_t body_limit = config_.max_request_bytes;
  std::optional<Response> refusal;
  try {
    for (;;) {
      stream.expires_after(std::chrono::seconds(30));
      http::request_parser<http::string_body> parser;
      parser.header_limit(kMostHeaderBytes);
      // Beast checks a Content-Length against this as soon as the header is read: the largest
      // of the limits, the one of this request's target checked below.
      parser.body_limit(std::max(config_.max_request_bytes, config_.max_replay_bytes));
      body_limit = config_.max_request_bytes;
      co_await http::async_read_header(stream, buffer, parser,
                                       asio::redirect_error(use_awaitable, error));
      if (error) break;
      if (!admitted) {
        spdlog::warn("refused a connection from {}: {} connections from it", address,
                     config_.max_connections_per_address);
        Request head;
        head.keep_alive(false);
        refusal = ErrorResponse(head, 503,
                                fmt::format("too many connections from your address (at most "
                                            "{}); close some and try again",
                                            config_.max_connections_per_address));
        break;
      }
      if (!requests_.Allow(address)) {
        Request head;
        head.keep_alive(false);
        refusal = ErrorResponse(head, 429,
                                fmt::format("too many requests from your address (at most {:g} a "
                                            "second); slow down",
                                            config_.http_requests_per_second));
        break;
      }
      std::vector<Held> replay_places;
      const std::string_view target = parser.get().target();
      if (target.substr(0, target.find('?')) == "/api/replay" &&
          parser.get().method() == http::verb::post) {
        refusal = ReplayRefused(parser.get(), address, replay_places);
        if (refusal) break;
        body_limit = config_.max_replay_bytes;
      }
      if (parser.content_length().value_or(0) > body_limit) {
        error = http::error::body_limit;
        break;
      }
      parser.body_limit(body_limit);  // a chunked body is counted as it comes
      co_await http::async_read(stream, buffer, parser, asio::redirect_error(use_awaitable, error));
      if (error) break;
      Request request = parser.release();
      if (websocket::is_upgrade(request)) {
        if (request.target() != "/ws") {
          refusal = ErrorResponse(request, 404, "the WebSocket is at /ws");
          break;
        }
        if (!ValidWebSocketKey(request[http::field::sec_websocket_key])) {
          refusal = ErrorResponse(request, 400,
                                  "Sec-WebSocket-Key must be 16 bytes in base64 (RFC 6455)");
          break;
        }
        if (hub_.metrics().connections >= config_.max_connections) {
          spdlog::warn("refused a connection from {}: {} connections", address,
                       config_.max_connections);
          refusal = ErrorResponse(request, 503, "too many connections; try later");
          break;
        }
        stream.expires_never();
        auto session = std::make_shared<WebSocketSession>(
            websocket::stream<beast::tcp_stream>(std::move(stream)), address, *this);
        // The account of the session cookie, unless another site's page opened the socket (no
        // cross-site WebSocket hijacking: such a connection is a guest's).
        if (!CrossSite(request)) {
          const Caller caller = accounts_.Identify(request[http::field::cookie]);
          if (caller.account_id) session->SignedIn(caller.account_id, caller.account_name);
        }
        co_await session->Run(std::move(request));
        co_return;
      }
      Response response = co_await Answer(request, address);
      replay_places.clear();
      const bool keep_alive = response.keep_alive();
      co_await http::async_write(stream, response, use_awaitable);
      if (!keep_alive) break;
    }
  } catch (const boost::system::system_error&) {
    // The client went away while it was answered.
  } catch (const std::exception& failure) {
    spdlog::error("http session {}: {}", address, failure.what());
  }
  if (!refusal && error) {
    if (const auto refused = RefusalOf(error, body_limit)) {
      spdlog::info("refused a malformed request from {}: {}", address, error.message());
      Request head;
      head.keep_alive(false);
      refusal = ErrorResponse(head, refused->first, refused->second);
    }
  }
  beast::error_code ignored;
  if (refusal) {  // answered outside the handler: no co_await in a catch block
    refusal->keep_alive(false);
    stream.expires_after(std::chrono::seconds(5));
    co_await http::async_write(stream, *refusal,
                               boost::asio::redirect_error(use_awaitable, ignored));
  }
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
  if (refusal) {
    // What the client still sends (a body left unread) is read and dropped for a moment before
    // the socket closes: closed with unread data, it would be reset, and the answer lost.
    stream.expires_after(std::chrono::seconds(2));
    std::array<char, 16 * 1024> sink;
    for (std::size_t drained = 0; drained < config_.max_replay_bytes && !ignored;) {
      drained += co_await stream.async_read_some(
          asio::buffer(sink), boost::asio::redirect_error(use_awaitable, ignored));
    }
  }
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
  server.accounts().CreateBotAccounts();
  server.accounts().ApplyMissedRatings();
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
