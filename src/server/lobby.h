// The lobby (docs/PROTOCOL.md, "Lobby"): seeks (a table offered to whoever may take it: game,
// options, the seeker's seat, bots for the seats the seeker chose, clock, rated or casual, a
// rating range), direct invitations, rematches, and the live list that lobby subscribers see.
//
// Who sees a seek: its seeker always; an invitation only its invitee besides; a guest (no
// account) only casual seeks without a rating range; a signed-in player those whose range holds
// its rating in the seek's pool (ratings.h RatingPool; 1500 without one), read from the database
// at each check. A seek a player may not see does not exist for it: not listed, never sent, and
// accept_seek answers `not_found` as for an unknown id.
//
// Seeks live in memory only: a seek dies when its seeker's last connection closes (a guest's:
// its connection), and none survives a restart. All methods are thread-safe (one mutex); the
// database is never read and the hub never called under it.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/json.h"
#include "engine/state.h"
#include "server/peer.h"
#include "server/protocol.h"
#include "server/storage.h"

namespace quartel::server {

class Hub;

struct LobbyLimits {
  // Open seeks (invitations included) per account, or per guest connection.
  int seeks_per_owner = 3;
  // Open seeks in all.
  int seeks = 200;
  // Connections subscribed to the lobby.
  int subscribers = 5000;
  // Running matches listed to watch.
  int listed_matches = 30;
  // Rematches asked and not yet made (the oldest is forgotten past it).
  int pending_rematches = 2000;
};

class Lobby {
 public:
  Lobby(Hub& hub, Storage& storage, LobbyLimits limits = {});

  // lobby, seek, cancel_seek, accept_seek, invite, decline. Throws ProtocolError for the sender.
  void Handle(const std::shared_ptr<Peer>& peer, const ClientMessage& message);
  // A signed-in connection's first message: match_ready and invitations reach every connection of
  // its account that the lobby knows.
  void Connected(const std::shared_ptr<Peer>& peer);
  // The connection closed: out of the lobby; its guest seeks die, and an account's seeks with its
  // last connection.
  void Closed(const Peer* peer);
  // `seat` of the finished match asks for a rematch (on the room's strand: `stored` and `over`
  // are the room's). `to_table` sends a frame to the match's seats. Throws ProtocolError.
  void Rematch(const std::shared_ptr<Peer>& peer, const StoredMatch& stored, bool over,
               engine::Seat seat, const std::function<void(const Frame&)>& to_table);

  // The seat to move in a match changed (on the room's strand): the accounts of `before` and
  // `now`, when subscribed to the lobby, receive their whole "awaiting" list again.
  void TurnChanged(const StoredMatch& stored, engine::Seat before, engine::Seat now);

  // For tests and metrics.
  std::size_t SeekCount();

 private:
  // A person at a table: an account, or a guest known by its connection.
  struct Person {
    std::int64_t account = 0;
    std::string name;  // the account's; "" for a guest
    const Peer* key = nullptr;
    std::weak_ptr<Peer> peer;
    bool Same(const Person& other) const {
      return account != 0 ? account == other.account : key == other.key;
    }
  };
  struct Seek {
    std::string id;
    Person seeker;
    StoredMatch table;  // game, options, the seats (bots set, persons empty), rated, clock
    int seeker_seat = -1;
    std::optional<int> min_rating;
    std::optional<int> max_rating;
    std::string pool;                     // "" when the game has no rating pool
    std::optional<double> seeker_rating;  // in the pool, when the seeker has an account
    std::int64_t invitee = 0;             // an invitation: the only other who sees it
    std::string invitee_name;
    std::vector<Person> takers;  // who accepted so far (a table of more than two persons)
    std::int64_t created_at = 0;
    std::set<const Peer*> shown;  // the subscribers it was sent to (they hear of its changes)
    int PersonsNeeded() const;
  };
  struct Subscriber {
    std::weak_ptr<Peer> peer;
    std::int64_t account = 0;
  };
  struct PendingRematch {
    std::map<engine::Seat, Person> asked;
    std::string created;  // the new match, once made
  };
  // A full table to create: the persons by seat; its creator (whose address it counts against).
  struct Table {
    StoredMatch match;
    std::map<engine::Seat, Person> persons;
    Person creator;
  };

  void Subscribe(const std::shared_ptr<Peer>& peer, const std::string& request_id);
  void Post(const std::shared_ptr<Peer>& peer, const ClientMessage& message, bool invitation);
  void Cancel(const std::shared_ptr<Peer>& peer, const ClientMessage& message);
  void Accept(const std::shared_ptr<Peer>& peer, const ClientMessage& message);
  void Decline(const std::shared_ptr<Peer>& peer, const ClientMessage& message);

  static Person PersonOf(const std::shared_ptr<Peer>& peer);
  // The player's rating in `pool` (1500 without one): the database, read now.
  double RatingIn(std::int64_t account, const std::string& pool);
  // The same, remembered 5 s: a seek announced to thousands of subscribers reads each rating
  // once, not once per seek posted. Only announcements use it; a list asked for and an accept
  // read the database.
  double CachedRatingIn(std::int64_t account, const std::string& pool);
  // Whether `account` (0: a guest; `key` its connection) may see the seek, its rating in the
  // seek's pool given (ignored when the seek has no range).
  static bool Visible(const Seek& seek, std::int64_t account, const Peer* key, double rating);
  static Json SeekJson(const Seek& seek);
  // Sends the seek (new, or changed) to every subscriber who may see it; reads their ratings
  // outside the lock.
  void Announce(const std::string& seek_id);
  // Under the lock: the seek leaves the list; whoever saw it hears so.
  void RemoveLocked(std::unordered_map<std::string, Seek>::iterator seek, const std::string& why);
  void SendToPersonLocked(const Person& person, const Frame& frame);
  // Creates the match (the hub), then tells each person its seat and token. Returns its id.
  std::string Create(Table table);
  void SendToAccountLocked(std::int64_t account, const Frame& frame);

  Hub& hub_;
  Storage& storage_;
  LobbyLimits limits_;
  std::mutex mutex_;
  std::unordered_map<std::string, Seek> seeks_;
  std::deque<std::string> seek_order_;  // ids, oldest first (the list's order)
  std::unordered_map<const Peer*, Subscriber> subscribers_;
  // Every known connection of each signed-in account.
  std::unordered_map<std::int64_t, std::map<const Peer*, std::weak_ptr<Peer>>> accounts_;
  std::unordered_map<std::string, PendingRematch> rematches_;
  std::mutex cache_mutex_;
  std::unordered_map<std::string, std::pair<double, std::chrono::steady_clock::time_point>>
      rating_cache_;
};

}  // namespace quartel::server
