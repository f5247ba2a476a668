// The server's logic without the network: the matches in memory, the catalogue, creating and
// listing matches, and what each client message does. server.cc puts HTTP and WebSocket in front
// of it; tests and the fuzzer call it directly.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>

#include "core/json.h"
#include "server/commit_queue.h"
#include "server/lobby.h"
#include "server/metrics.h"
#include "server/peer.h"
#include "server/room.h"
#include "server/storage.h"

namespace quartel::server {

struct HubLimits {
  int max_running_matches_per_address = 50;
  int max_bot_ms = 10000;  // a bot's per-move time budget may not exceed this
  // Clocks (docs/PROTOCOL.md, "Clocks"): a live clock's least initial time (tests use less than
  // the 10 s default), the grace period before a seat may claim the win over an opponent gone
  // away, and how long an unclocked match waits with no person connected before it is abandoned.
  std::int64_t min_clock_ms = 10000;
  int claim_after_seconds = 60;
  int abandon_after_seconds = 3600;
};

class Accounts;

// Who asks: an account's id and name, or a guest (0, "").
struct Identity {
  std::int64_t account_id = 0;
  std::string name;
};

// An HTTP-style answer of the REST surface: a status and a JSON body.
struct Reply {
  int status = 200;
  Json body;
};

// What one connection has joined: match id -> (room, viewer). Used on the connection's strand only.
struct Subscriptions {
  std::map<std::string, std::pair<std::shared_ptr<Room>, engine::Seat>> joined;
  bool lobby_known = false;  // the lobby knows this connection (Lobby::Connected)
};

class Hub {
 public:
  Hub(boost::asio::any_io_executor executor, Storage& storage, Accounts& accounts, int bot_threads,
      HubLimits limits);
  ~Hub();

  // Loads the running matches from the database and lets their bots carry on. Returns how many.
  int Start();
  // Stops the bots and commits what is pending (a clean shutdown).
  void Stop();

  Metrics& metrics() { return metrics_; }

  // --- REST ---
  Json Catalogue() const;
  // POST /api/matches by `creator` (a guest: account 0). `done` is called once the match is stored
  // (201 with the seat tokens) or refused (4xx/5xx with {"error": ...}). May call `done` before
  // returning.
  void CreateMatch(const std::string& body, const std::string& address, const Identity& creator,
                   std::function<void(Reply)> done);
  Reply ListMatches(const std::string& state, int limit) const;
  Reply MatchInfo(const std::string& match_id) const;
  // The finished match's full record, or while it runs the events as the token's seat (or a
  // spectator, without a token) saw them. `done` runs on the room's strand.
  void MatchRecord(const std::string& match_id, const std::string& token,
                   std::function<void(Reply)> done);

  // A match's clock as a create request or a seek gives it ({"kind": "live", "initial_ms",
  // "increment_ms"} or {"kind": "correspondence", "per_move_ms"}), within the server's bounds.
  // Throws quartel::Error naming what is wrong.
  ClockSpec CheckedClock(const Json& clock) const;

  // A guest's seat became an account's (its token at sign-up): the match in memory learns it.
  void SeatClaimed(const std::string& match_id, const std::string& token_hash,
                   std::int64_t account_id, const std::string& account_name);
  // The running matches where `account_id` holds the seat to move (public flow), newest first:
  // [{"match", "game", "seat"}].
  Json Awaiting(std::int64_t account_id) const;

  // --- The lobby (lobby.h) ---
  // A table's match, checked as POST /api/matches checks one: `bots` seat -> spec, the other
  // seats persons (no account yet). Throws quartel::Error naming what is wrong.
  StoredMatch TableMatch(const std::string& game, const Json& options,
                         const std::map<int, std::string>& bots) const;
  // Creates and stores the match; `done` gets nullopt once it is stored, or why it is not (the
  // creator's address at its cap of running matches: `limit`; the database: `unavailable`).
  void StartMatch(StoredMatch stored,
                  std::function<void(const std::optional<ProtocolError>& refused)> done);

  // --- WebSocket ---
  // One text message of a client; answers go to `peer`. Call serially per connection.
  void OnMessage(const std::shared_ptr<Peer>& peer, Subscriptions& subscriptions,
                 const std::string& text);
  void OnClose(const Peer* peer, Subscriptions& subscriptions);

 private:
  std::shared_ptr<Room> FindRoom(const std::string& match_id) const;
  // A running match in memory, or a finished one loaded from the database; null when unknown.
  std::shared_ptr<Room> OpenRoom(const std::string& match_id);
  std::shared_ptr<Room> NewRoom(StoredMatch stored, bool restore);
  RoomServices Services(bool running);
  // The room is over, stored and unwatched: it leaves memory (OpenRoom loads it again).
  void Forget(const std::shared_ptr<Room>& room);
  void Join(const std::shared_ptr<Peer>& peer, Subscriptions& subscriptions,
            const ClientMessage& message);
  void OnFinished(const std::string& match_id, const std::string& creator);
  StoredMatch NewStoredMatch(const Json& request, const std::string& address,
                             const Identity& creator, std::vector<std::string>& tokens) const;

  boost::asio::any_io_executor executor_;
  Storage& storage_;
  Accounts& accounts_;
  HubLimits limits_;
  Metrics metrics_;
  boost::asio::thread_pool bots_;
  ThinkingBots thinking_;
  CommitQueue commits_;
  mutable std::shared_mutex rooms_mutex_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::unordered_map<std::string, int> running_per_address_;
  Lobby lobby_;
};

}  // namespace quartel::server
