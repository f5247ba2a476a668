#include "server_client.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace quartel::server_test {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

// --- ServerProcess -------------------------------------------------------------------------------

ServerProcess::ServerProcess(const std::string& database, const std::vector<std::string>& args) {
  static std::atomic<int> started{0};
  log_path_ = database + ".log" + std::to_string(started++);
  std::vector<std::string> argv_text{QUARTEL_BINARY, "serve", "--port", "0", "--db", database};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : argv_text) argv.push_back(arg.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_path_.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  const int spawned = posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot start " + std::string(QUARTEL_BINARY));

  // The server prints "Quartel is serving on http://127.0.0.1:PORT/" once it listens.
  const std::string kReady = "Quartel is serving on http://127.0.0.1:";
  const auto deadline = Clock::now() + std::chrono::seconds(20);
  while (Clock::now() < deadline) {
    const std::string log = ReadFile(log_path_);
    const auto at = log.find(kReady);
    if (at != std::string::npos && log.find('/', at + kReady.size()) != std::string::npos) {
      port_ = static_cast<unsigned short>(std::stoi(log.substr(at + kReady.size())));
      return;
    }
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("the server exited before it listened:\n" + log);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  KillHard();
  throw std::runtime_error("the server did not say where it listens:\n" + ReadFile(log_path_));
}

ServerProcess::~ServerProcess() { Stop(); }

bool ServerProcess::Stop(std::chrono::milliseconds patience) {
  if (pid_ < 0) return true;
  kill(pid_, SIGTERM);
  const auto deadline = Clock::now() + patience;
  int status = 0;
  while (Clock::now() < deadline) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  KillHard();
  return false;
}

void ServerProcess::KillHard() {
  if (pid_ < 0) return;
  kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

std::string ServerProcess::Log() const { return ReadFile(log_path_); }

// --- REST ----------------------------------------------------------------------------------------

namespace {

HttpReply Request(unsigned short port, http::verb verb, const std::string& target,
                  const std::string& body, const std::string& token,
                  const HeaderFields& headers = {}) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  // A whole game's replay under the sanitizers takes seconds to answer.
  stream.expires_after(std::chrono::seconds(30));
  http::request<http::string_body> request{verb, target, 11};
  request.set(http::field::host, "127.0.0.1");
  if (!token.empty()) request.set(http::field::authorization, "Bearer " + token);
  if (verb == http::verb::post) request.set(http::field::content_type, "application/json");
  for (const auto& [name, value] : headers) request.set(name, value);
  request.body() = body;
  request.keep_alive(false);
  request.prepare_payload();
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  beast::error_code failure;
  stream.async_connect(
      tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), [&](beast::error_code error) {
        if (error) {
          failure = error;
          return;
        }
        http::async_write(stream, request, [&](beast::error_code error, size_t) {
          if (error) {
            failure = error;
            return;
          }
          http::async_read(stream, buffer, response,
                           [&](beast::error_code error, size_t) { failure = error; });
        });
      });
  io.run();
  if (failure) throw std::runtime_error(target + ": " + failure.message());
  HttpReply reply;
  reply.status = response.result_int();
  reply.text = response.body();
  reply.set_cookie = std::string(response[http::field::set_cookie]);
  reply.body = Json::parse(response.body(), nullptr, /*allow_exceptions=*/false);
  if (reply.body.is_discarded()) reply.body = nullptr;
  return reply;
}

}  // namespace

HttpReply HttpGet(unsigned short port, const std::string& target, const std::string& token) {
  return Request(port, http::verb::get, target, "", token);
}

HttpReply HttpPost(unsigned short port, const std::string& target, const std::string& body) {
  return Request(port, http::verb::post, target, body, "");
}

HttpReply HttpSend(unsigned short port, const std::string& method, const std::string& target,
                   const std::string& body, const HeaderFields& headers) {
  return Request(port, http::string_to_verb(method), target, body, "", headers);
}

// --- Raw TCP -------------------------------------------------------------------------------------

RawConnection::RawConnection(unsigned short port) {
  socket_ = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (socket_ < 0 ||
      ::connect(socket_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    throw std::runtime_error("cannot connect to port " + std::to_string(port));
  }
}

RawConnection::~RawConnection() {
  if (socket_ >= 0) ::close(socket_);
}

bool RawConnection::Send(const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = ::send(socket_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

std::string RawConnection::ReadAll(std::chrono::milliseconds timeout) {
  std::string out;
  const auto deadline = Clock::now() + timeout;
  char buffer[4096];
  while (Clock::now() < deadline) {
    pollfd wanted{socket_, POLLIN, 0};
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (::poll(&wanted, 1, static_cast<int>(std::max<long>(1, left.count()))) <= 0) continue;
    const ssize_t n = ::recv(socket_, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  return out;
}

std::string RawExchange(unsigned short port, const std::string& bytes) {
  RawConnection connection(port);
  connection.Send(bytes);
  return connection.ReadAll();
}

int StatusOf(const std::string& answer) {
  if (answer.rfind("HTTP/1.", 0) != 0 || answer.size() < 12) return 0;
  return std::atoi(answer.c_str() + 9);
}

// --- WebSocket -----------------------------------------------------------------------------------

WsClient::WsClient(unsigned short port, const HeaderFields& headers) : ws_(io_) {
  beast::get_lowest_layer(ws_).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));  // as a browser does
  if (!headers.empty()) {
    ws_.set_option(beast::websocket::stream_base::decorator(
        [headers](beast::websocket::request_type& request) {
          for (const auto& [name, value] : headers) request.set(name, value);
        }));
  }
  ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  open_ = true;
  StartRead();
  const Json hello = Next();
  if (hello.value("type", "") != "hello") {
    throw std::runtime_error("the server did not say hello: " + hello.dump());
  }
}

WsClient::~WsClient() { Drop(); }

void WsClient::StartRead() {
  ws_.async_read(buffer_, [this](beast::error_code error, size_t) {
    if (error) {
      read_error_ = error;
      return;
    }
    inbox_.push_back(beast::buffers_to_string(buffer_.data()));
    buffer_.consume(buffer_.size());
    StartRead();
  });
}

template <typename Done>
void WsClient::RunUntil(Done done, Clock::time_point deadline) {
  while (!done() && Clock::now() < deadline) {
    if (io_.stopped()) io_.restart();
    if (io_.run_one_until(deadline) == 0 && io_.stopped() && !done()) break;
  }
}

void WsClient::SendText(const std::string& text) {
  bool written = false;
  beast::error_code failure;
  ws_.text(true);
  ws_.async_write(asio::buffer(text), [&](beast::error_code error, size_t) {
    failure = error;
    written = true;
  });
  RunUntil([&] { return written; }, Clock::now() + std::chrono::seconds(10));
  if (!written) throw std::runtime_error("could not send within 10 s");
  if (failure) throw std::runtime_error("send: " + failure.message());
}

std::optional<Json> WsClient::Receive(std::chrono::milliseconds timeout) {
  RunUntil([&] { return !inbox_.empty() || read_error_; }, Clock::now() + timeout);
  if (inbox_.empty()) {
    if (read_error_) throw std::runtime_error("the connection failed: " + read_error_.message());
    return std::nullopt;
  }
  const std::string text = std::move(inbox_.front());
  inbox_.pop_front();
  return Json::parse(text);
}

Json WsClient::Next(std::chrono::milliseconds timeout) {
  std::optional<Json> message = Receive(timeout);
  if (!message) throw std::runtime_error("no message within the timeout");
  return *message;
}

void WsClient::Drop() {
  if (!open_) return;
  open_ = false;
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
  beast::get_lowest_layer(ws_).socket().close(ignored);
  io_.restart();
  io_.poll();  // lets the pending read finish with its error
}

}  // namespace quartel::server_test
