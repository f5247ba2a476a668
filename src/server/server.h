// `quartel serve`: HTTP and WebSocket on one port (Boost.Beast over Asio, C++20 coroutines,
// several network threads), in front of the Hub. docs/PROTOCOL.md says what clients send and get.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "server/hub.h"

namespace quartel::server {

struct ServerConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (the address printed says which)
  std::string database = "quartel.db";
  std::string web_dir;  // static files of the web client; empty: none yet
  int bot_threads = 1;
  int network_threads = 0;      // 0: one per core
  int max_connections = 20000;  // WebSocket connections at once
  // TCP connections (HTTP and WebSocket) from one client address at once: past it, 503.
  int max_connections_per_address = 64;
  std::size_t max_message_bytes = 64 * 1024;  // larger messages are refused (too_large)
  // HTTP request bodies: a record posted to /api/replay (a long WAR game is a few hundred KiB),
  // anything else (a new match).
  std::size_t max_replay_bytes = 4 * 1024 * 1024;
  std::size_t max_request_bytes = 64 * 1024;
  int replay_threads = 1;  // replays run here, off the network threads
  // /metrics answers any address; by default only the machine itself (loopback), since its
  // counters move with every message of every match.
  bool public_metrics = false;
  double messages_per_second = 20;  // per connection, with bursts of `message_burst`
  // HTTP requests a second per client address (bursts of three times as many): past them, 429.
  double http_requests_per_second = 20;
  double message_burst = 60;
  int idle_timeout_seconds = 20;  // a silent WebSocket is pinged after half of it, then dropped
  // The session cookie is marked Secure (sent over HTTPS only): set it behind a TLS proxy.
  bool secure_cookies = false;
  HubLimits limits;
};

// Runs the server until SIGINT or SIGTERM; `ready` is called with the address to open once it
// listens. Returns the process exit code. Throws quartel::Error when it cannot start (the port is
// taken, the database cannot be opened).
int RunServer(const ServerConfig& config, const std::function<void(const std::string&)>& ready);

}  // namespace quartel::server
