// What the server tests need to talk to a real `quartel serve` over loopback: the server as a
// child process (the real binary, port 0, a database file of the test's), REST requests and a
// WebSocket client that sends JSON and receives JSON with a timeout (Boost.Beast).
#pragma once

#include <sys/types.h>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"

namespace quartel::server_test {

// `quartel serve --port 0 --db DATABASE ARGS...` as a child process, its output in a log file
// beside the database. The constructor returns once the server prints its address; the
// destructor stops it (SIGTERM, then SIGKILL when it does not stop).
class ServerProcess {
 public:
  explicit ServerProcess(const std::string& database, const std::vector<std::string>& args = {});
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // kill -9: the server dies at once, whatever it was doing.
  void KillHard();
  // SIGTERM, and wait up to `patience` for the server to exit: false when it had to be killed.
  bool Stop(std::chrono::milliseconds patience = std::chrono::seconds(10));
  unsigned short port() const { return port_; }
  std::string Log() const;  // what the server printed (for failure messages)

 private:
  std::string log_path_;
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};

struct HttpReply {
  int status = 0;
  Json body;               // null when the body is not JSON
  std::string text;        // the body as sent
  std::string set_cookie;  // the Set-Cookie header, when there is one
};
HttpReply HttpGet(unsigned short port, const std::string& target, const std::string& token = "");
HttpReply HttpPost(unsigned short port, const std::string& target, const std::string& body);
// Any method, with header fields of the test's choosing (Cookie, X-CSRF-Token, Origin).
using HeaderFields = std::vector<std::pair<std::string, std::string>>;
HttpReply HttpSend(unsigned short port, const std::string& method, const std::string& target,
                   const std::string& body, const HeaderFields& headers);

// A TCP connection that sends whatever bytes it is given, for requests no HTTP library would
// write (malformed ones, a body never sent), and reads what comes back.
class RawConnection {
 public:
  explicit RawConnection(unsigned short port);
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;
  // Sends `bytes`; false when the server closed the connection meanwhile.
  bool Send(const std::string& bytes);
  // What the server sent until it closed the connection or `timeout` passed.
  std::string ReadAll(std::chrono::milliseconds timeout = std::chrono::seconds(5));

 private:
  int socket_ = -1;
};
// Sends `bytes` on a connection of its own and returns what the server answered.
std::string RawExchange(unsigned short port, const std::string& bytes);
// The status code of a raw HTTP answer ("HTTP/1.1 431 ..."), or 0 when there is none.
int StatusOf(const std::string& answer);

// One WebSocket connection to /ws. Messages arriving are read in the background of every call
// (Receive, Send) and queued, in order.
class WsClient {
 public:
  // Connects and reads the server's "hello". `headers`: header fields of the upgrade request
  // (a Cookie to connect as a signed-in account, an Origin).
  explicit WsClient(unsigned short port, const HeaderFields& headers = {});
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void Send(const Json& message) { SendText(message.dump()); }
  void SendText(const std::string& text);
  // The next message, or nullopt when none arrives within `timeout`. Throws when the connection
  // failed.
  std::optional<Json> Receive(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // The next message, which must arrive within `timeout` (throws otherwise).
  Json Next(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Closes the TCP connection without a closing handshake (a client that goes away).
  void Drop();

 private:
  void StartRead();
  // Runs the client's handlers until `done` or `deadline`.
  template <typename Done>
  void RunUntil(Done done, std::chrono::steady_clock::time_point deadline);

  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> inbox_;
  boost::beast::error_code read_error_;
  bool open_ = false;
};

}  // namespace quartel::server_test
