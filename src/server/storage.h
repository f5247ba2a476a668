// What the server keeps of its matches, behind a small interface: SQLite now (sqlite_storage.cc,
// the only file with SQL in it), PostgreSQL next. A match is stored as its creation (game,
// options, seats with the hash of each person's token) and its entries in order: every action
// (chance outcomes included), resignation and draw offer, each tagged with the event that
// published it. Replaying the entries gives the match back exactly (room.cc). Beside them, a
// seat's draft: the actions of a turn that is its own secret while it lasts (a setup placed piece
// by piece), kept so that a restart does not lose them, and no entry until the turn ends.
//
// Threads: a Storage is used by one writer thread (the server's commit queue) for the write
// methods, and by any thread for the read methods (they use their own connection and lock).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/json.h"

namespace quartel::server {

// One seat of a match: a person (who proves it with a token; only its hash is kept) or a bot.
struct StoredSeat {
  bool bot = false;
  std::string bot_spec;    // "mcts:ms=500" for a bot seat
  std::string token_hash;  // Sha256Hex of the seat token, for a person's seat
  // The account playing the seat (a bot's account for a bot seat), or 0 for a guest.
  std::int64_t account_id = 0;
  std::string account_name;
};

// A match's clock, chosen when it is created (docs/PROTOCOL.md, "Clocks").
struct ClockSpec {
  enum class Kind { kNone, kLive, kCorrespondence };
  Kind kind = Kind::kNone;
  std::int64_t initial_ms = 0;    // live: each seat's time at the start
  std::int64_t increment_ms = 0;  // live: added after each of the seat's moves
  std::int64_t per_move_ms = 0;   // correspondence: the time for each move
};
std::string ClockKindName(ClockSpec::Kind kind);
Json ClockSpecToJson(const ClockSpec& clock);
ClockSpec ClockSpecFromJson(const Json& json);  // throws quartel::Error on a bad one

// The clocks after an event: when it was published (ms since the epoch) and each seat's time left.
struct StoredClock {
  int event = 0;
  std::int64_t at_ms = 0;
  std::vector<std::int64_t> remaining_ms;
};

// kTimeout: the seat's time ran out (its clock); kClaimWin: the seat claimed the win over an
// opponent gone past the grace period; kAbandon: the match ended as abandoned (seat -1).
enum class EntryKind { kAction, kResign, kOfferDraw, kAgreeDraw, kTimeout, kClaimWin, kAbandon };

struct StoredEntry {
  int event = 0;  // the number of the event that published it
  EntryKind kind = EntryKind::kAction;
  int seat = -1;    // engine::kChanceSeat for chance outcomes
  int action = -1;  // for kAction
};

struct StoredMatch {
  std::string id;
  std::string game;
  std::map<std::string, std::string> options;
  std::vector<StoredSeat> seats;
  std::string creator_address;
  std::int64_t created_at = 0;  // seconds since the epoch
  bool finished = false;
  std::vector<std::string> result;  // per seat, once finished
  std::string ending;               // EndReason name when it ended outside the rules
  std::vector<StoredEntry> entries;
  bool rated = false;
  ClockSpec clock;
  std::optional<StoredClock> last_clock;  // the clocks after the last event that stored them
  // Per seat, the actions of its secret turn in progress (Room's draft), when it has one.
  std::map<int, std::vector<int>> drafts;
};

struct MatchSummary {
  std::string id;
  std::string game;
  std::int64_t created_at = 0;
  bool finished = false;
  std::vector<std::string> seat_kinds;  // "person" or the bot spec
  std::vector<std::string> result;
  int events = 0;
  int moves = 0;  // the players' actions in the record (not chance, not resignations)
  std::vector<std::string> seat_accounts;  // per seat, the account's name or ""
  bool rated = false;
  std::string clock;  // ClockKindName
  std::string ending;
};

// An account (a person, or a bot with `bot_spec` and no password).
struct Account {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;  // crypto_pwhash_str's text; empty for a bot
  std::string bot_spec;
  std::int64_t created_at = 0;
};

struct StoredSession {
  std::string csrf;
  std::int64_t account_id = 0;  // 0: a guest
};

// A player's rating in one pool (ratings.h): Glicko-2 (volatility used) or Weng-Lin (not).
struct StoredRating {
  std::string pool;
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
  int games = 0;
};

struct RatingPoint {
  std::int64_t at = 0;  // seconds since the epoch
  double rating = 0;
  double deviation = 0;
  std::string match_id;
};

struct LeaderboardRow {
  std::string name;
  std::string bot_spec;
  StoredRating rating;
};

class Storage {
 public:
  virtual ~Storage() = default;

  // --- Writes (one thread; inside Begin/Commit) ---
  virtual void Begin() = 0;
  virtual void Commit() = 0;
  virtual void Rollback() = 0;
  virtual void CreateMatch(const StoredMatch& match) = 0;  // with its first entries
  virtual void AppendEntries(const std::string& match_id, int first_index,
                             std::span<const StoredEntry> entries) = 0;
  // Also forgets the match's drafts (a turn left unfinished by the end is never published).
  virtual void FinishMatch(const std::string& match_id, const std::vector<std::string>& result,
                           const std::string& ending) = 0;
  // Replaces `seat`'s draft with `actions`; an empty list forgets it.
  virtual void SaveDraft(const std::string& match_id, int seat, std::span<const int> actions) = 0;

  // --- Reads (any thread) ---
  virtual std::vector<StoredMatch> LoadRunningMatches() = 0;
  virtual std::optional<StoredMatch> LoadMatch(const std::string& match_id) = 0;
  // Newest first; `finished`: only finished ones, else only running ones.
  virtual std::vector<MatchSummary> ListMatches(bool finished, int limit) = 0;
  // Running matches created from `address` (the per-address cap).
  virtual int CountRunningMatchesFrom(const std::string& address) = 0;

  // --- Clocks (the writer thread, inside Begin/Commit like the entries) ---
  virtual void SaveEventClock(const std::string& match_id, const StoredClock& clock) = 0;

  // --- Accounts, sessions, ratings, chat (any thread: a connection of their own, each call its
  // own transaction) ---
  // Names are unique ignoring case. Nullopt when the name is taken.
  virtual std::optional<std::int64_t> CreateAccount(const Account& account) = 0;
  virtual std::optional<Account> FindAccount(const std::string& name) = 0;
  virtual std::optional<Account> AccountById(std::int64_t id) = 0;
  virtual void SetPassword(std::int64_t account_id, const std::string& password_hash) = 0;
  // Sessions are kept by the hash of their cookie's token.
  virtual void CreateSession(const std::string& token_hash, const StoredSession& session,
                             std::int64_t now) = 0;
  virtual std::optional<StoredSession> FindSession(const std::string& token_hash) = 0;
  virtual void DeleteSession(const std::string& token_hash) = 0;
  // Ends every session of the account but `keep_hash`'s (a changed password).
  virtual void DeleteSessionsOf(std::int64_t account_id, const std::string& keep_hash) = 0;
  // The seat of `match_id` whose token hashes to `token_hash` becomes the account's (a guest who
  // signs up keeps its matches). False when no seat of the match has that token.
  virtual bool ClaimSeat(const std::string& match_id, const std::string& token_hash,
                         std::int64_t account_id, const std::string& account_name) = 0;
  // The matches where the account holds a seat, newest first.
  virtual std::vector<MatchSummary> MatchesOf(std::int64_t account_id, bool finished,
                                              int limit) = 0;
  virtual std::vector<StoredRating> RatingsOf(std::int64_t account_id) = 0;
  // Stores the new ratings of a rated match's players and a history point each, at once; a
  // second call for the same match changes nothing (false).
  virtual bool SaveRatings(const std::string& match_id, std::int64_t at,
                           const std::vector<std::pair<std::int64_t, StoredRating>>& ratings) = 0;
  // The last `limit` points, oldest first.
  virtual std::vector<RatingPoint> RatingHistory(std::int64_t account_id, const std::string& pool,
                                                 int limit) = 0;
  virtual std::vector<LeaderboardRow> Leaderboard(const std::string& pool, int limit) = 0;
  virtual std::vector<std::string> RatedPools() = 0;
  // Finished rated matches whose ratings were never applied (the server stopped in between).
  virtual std::vector<std::string> UnratedFinishedMatches() = 0;
};

// Opens (creating and migrating when needed) the SQLite database at `path` (":memory:" for tests),
// in WAL mode. Throws quartel::Error naming the file and SQLite's message.
std::unique_ptr<Storage> OpenSqliteStorage(const std::string& path);

std::string EntryKindName(EntryKind kind);

}  // namespace quartel::server
