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

namespace quartel::server {

// One seat of a match: a person (who proves it with a token; only its hash is kept) or a bot.
struct StoredSeat {
  bool bot = false;
  std::string bot_spec;    // "mcts:ms=500" for a bot seat
  std::string token_hash;  // Sha256Hex of the seat token, for a person's seat
};

enum class EntryKind { kAction, kResign, kOfferDraw, kAgreeDraw };

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
};

// Opens (creating and migrating when needed) the SQLite database at `path` (":memory:" for tests),
// in WAL mode. Throws quartel::Error naming the file and SQLite's message.
std::unique_ptr<Storage> OpenSqliteStorage(const std::string& path);

std::string EntryKindName(EntryKind kind);

}  // namespace quartel::server
