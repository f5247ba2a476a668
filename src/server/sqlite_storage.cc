// The SQLite storage: every SQL statement of the server is in this file.
//
// WAL mode with synchronous=NORMAL: a committed transaction survives the process being killed at
// any moment (kill -9), which is what the server promises; only a power loss may take the last
// commits, as with any database that does not fsync every commit. Writes come from one thread
// (the commit queue, which groups many matches' entries into one transaction); reads use a
// second connection, so listing matches never waits for a commit.
#include <sqlite3.h>

#include <mutex>

#include "core/error.h"
#include "core/json.h"
#include "server/storage.h"

namespace quartel::server {
namespace {

// Schema versions, applied in order to a database older than the last (PRAGMA user_version).
const char* const kMigrations[] = {
    // 1: matches and their entries.
    "CREATE TABLE matches ("
    "  id TEXT PRIMARY KEY,"
    "  game TEXT NOT NULL,"
    "  options TEXT NOT NULL,"  // JSON object
    "  seats TEXT NOT NULL,"    // JSON array of {"bot": spec} or {"token_hash": hex}
    "  creator_address TEXT NOT NULL,"
    "  created_at INTEGER NOT NULL,"
    "  finished INTEGER NOT NULL DEFAULT 0,"
    "  result TEXT NOT NULL DEFAULT '[]',"  // JSON array of outcome names
    "  ending TEXT NOT NULL DEFAULT '',"
    "  events INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX matches_by_state ON matches(finished, created_at);"
    "CREATE TABLE entries ("
    "  match_id TEXT NOT NULL REFERENCES matches(id),"
    "  idx INTEGER NOT NULL,"
    "  event INTEGER NOT NULL,"
    "  kind TEXT NOT NULL,"
    "  seat INTEGER NOT NULL,"
    "  action INTEGER NOT NULL,"
    "  PRIMARY KEY (match_id, idx)) WITHOUT ROWID;",
    // 2: a seat's secret turn in progress (a setup placed piece by piece), not yet an entry.
    "CREATE TABLE drafts ("
    "  match_id TEXT NOT NULL REFERENCES matches(id),"
    "  seat INTEGER NOT NULL,"
    "  actions TEXT NOT NULL,"  // JSON array of action ids
    "  PRIMARY KEY (match_id, seat)) WITHOUT ROWID;",
};

class Connection {
 public:
  explicit Connection(const std::string& path) : path_(path) {
    if (sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
      const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw Error("database " + path + ": " + message);
    }
    sqlite3_busy_timeout(db_, 5000);
  }
  ~Connection() { sqlite3_close(db_); }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  void Exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
      const std::string text = message ? message : "unknown error";
      sqlite3_free(message);
      throw Error("database " + path_ + ": " + text);
    }
  }
  [[noreturn]] void Fail() const { throw Error("database " + path_ + ": " + sqlite3_errmsg(db_)); }
  sqlite3* get() const { return db_; }
  std::mutex& mutex() { return mutex_; }

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
  std::mutex mutex_;
};

// One prepared statement, reset for each use.
class Statement {
 public:
  Statement(Connection& db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db.get(), sql, -1, &statement_, nullptr) != SQLITE_OK) db.Fail();
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& Bind(int index, const std::string& text) {
    Check(sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()),
                            SQLITE_TRANSIENT));
    return *this;
  }
  Statement& Bind(int index, std::int64_t value) {
    Check(sqlite3_bind_int64(statement_, index, value));
    return *this;
  }
  // True while there is a row to read.
  bool Step() {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code != SQLITE_DONE) db_.Fail();
    return false;
  }
  void Run() {
    Step();
    Reset();
  }
  void Reset() {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
  }
  std::string Text(int column) const {
    const auto* text = sqlite3_column_text(statement_, column);
    return text ? reinterpret_cast<const char*>(text) : "";
  }
  std::int64_t Int(int column) const { return sqlite3_column_int64(statement_, column); }

 private:
  void Check(int code) {
    if (code != SQLITE_OK) db_.Fail();
  }
  Connection& db_;
  sqlite3_stmt* statement_ = nullptr;
};

EntryKind ParseEntryKind(const std::string& name) {
  for (EntryKind kind :
       {EntryKind::kAction, EntryKind::kResign, EntryKind::kOfferDraw, EntryKind::kAgreeDraw}) {
    if (EntryKindName(kind) == name) return kind;
  }
  throw Error("database: unknown entry kind '" + name + "'");
}

Json SeatsToJson(const std::vector<StoredSeat>& seats) {
  Json out = Json::array();
  for (const StoredSeat& seat : seats) {
    out.push_back(seat.bot ? Json{{"bot", seat.bot_spec}} : Json{{"token_hash", seat.token_hash}});
  }
  return out;
}

std::vector<StoredSeat> SeatsFromJson(const std::string& text) {
  std::vector<StoredSeat> seats;
  for (const Json& seat : Json::parse(text)) {
    StoredSeat stored;
    stored.bot = seat.contains("bot");
    stored.bot_spec = seat.value("bot", "");
    stored.token_hash = seat.value("token_hash", "");
    seats.push_back(stored);
  }
  return seats;
}

class SqliteStorage : public Storage {
 public:
  explicit SqliteStorage(const std::string& path) : writer_(path) {
    const bool in_memory = path == ":memory:";
    writer_.Exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
    Migrate();
    // An in-memory database is one connection: the reader is the writer.
    if (!in_memory) reader_storage_ = std::make_unique<Connection>(path);
  }

  void Begin() override { Locked("BEGIN IMMEDIATE"); }
  void Commit() override { Locked("COMMIT"); }
  void Rollback() override { Locked("ROLLBACK"); }

  void CreateMatch(const StoredMatch& match) override {
    std::lock_guard lock(writer_.mutex());
    Statement insert(writer_,
                     "INSERT INTO matches (id, game, options, seats, creator_address, created_at)"
                     " VALUES (?, ?, ?, ?, ?, ?)");
    insert.Bind(1, match.id)
        .Bind(2, match.game)
        .Bind(3, Json(match.options).dump())
        .Bind(4, SeatsToJson(match.seats).dump())
        .Bind(5, match.creator_address)
        .Bind(6, match.created_at)
        .Run();
    InsertEntries(match.id, 0, match.entries);
  }

  void AppendEntries(const std::string& match_id, int first_index,
                     std::span<const StoredEntry> entries) override {
    std::lock_guard lock(writer_.mutex());
    InsertEntries(match_id, first_index, entries);
  }

  void FinishMatch(const std::string& match_id, const std::vector<std::string>& result,
                   const std::string& ending) override {
    std::lock_guard lock(writer_.mutex());
    Statement update(writer_,
                     "UPDATE matches SET finished = 1, result = ?, ending = ? WHERE id = ?");
    update.Bind(1, Json(result).dump()).Bind(2, ending).Bind(3, match_id).Run();
    Statement forget(writer_, "DELETE FROM drafts WHERE match_id = ?");
    forget.Bind(1, match_id).Run();
  }

  void SaveDraft(const std::string& match_id, int seat, std::span<const int> actions) override {
    std::lock_guard lock(writer_.mutex());
    if (actions.empty()) {
      Statement forget(writer_, "DELETE FROM drafts WHERE match_id = ? AND seat = ?");
      forget.Bind(1, match_id).Bind(2, std::int64_t{seat}).Run();
      return;
    }
    Statement save(writer_,
                   "INSERT INTO drafts (match_id, seat, actions) VALUES (?, ?, ?)"
                   " ON CONFLICT (match_id, seat) DO UPDATE SET actions = excluded.actions");
    save.Bind(1, match_id)
        .Bind(2, std::int64_t{seat})
        .Bind(3, Json(std::vector<int>(actions.begin(), actions.end())).dump())
        .Run();
  }

  std::vector<StoredMatch> LoadRunningMatches() override {
    Connection& db = reader();
    std::lock_guard lock(db.mutex());
    std::vector<std::string> ids;
    Statement select(db, "SELECT id FROM matches WHERE finished = 0 ORDER BY created_at");
    while (select.Step()) ids.push_back(select.Text(0));
    std::vector<StoredMatch> matches;
    for (const std::string& id : ids) matches.push_back(*Load(db, id));
    return matches;
  }

  std::optional<StoredMatch> LoadMatch(const std::string& match_id) override {
    Connection& db = reader();
    std::lock_guard lock(db.mutex());
    return Load(db, match_id);
  }

  std::vector<MatchSummary> ListMatches(bool finished, int limit) override {
    Connection& db = reader();
    std::lock_guard lock(db.mutex());
    Statement select(db,
                     "SELECT id, game, created_at, seats, result, events,"
                     // The players' moves: their actions, as a record counts them (no chance
                     // outcome, no resignation or draw offer), the count the replay shows.
                     " (SELECT count(*) FROM entries WHERE entries.match_id = matches.id"
                     "  AND entries.kind = 'action' AND entries.seat >= 0)"
                     " FROM matches WHERE finished = ? ORDER BY created_at DESC, id LIMIT ?");
    select.Bind(1, std::int64_t{finished}).Bind(2, std::int64_t{limit});
    std::vector<MatchSummary> out;
    while (select.Step()) {
      MatchSummary summary;
      summary.id = select.Text(0);
      summary.game = select.Text(1);
      summary.created_at = select.Int(2);
      summary.finished = finished;
      for (const StoredSeat& seat : SeatsFromJson(select.Text(3))) {
        summary.seat_kinds.push_back(seat.bot ? seat.bot_spec : "person");
      }
      summary.result = Json::parse(select.Text(4)).get<std::vector<std::string>>();
      summary.events = static_cast<int>(select.Int(5));
      summary.moves = static_cast<int>(select.Int(6));
      out.push_back(std::move(summary));
    }
    return out;
  }

  int CountRunningMatchesFrom(const std::string& address) override {
    Connection& db = reader();
    std::lock_guard lock(db.mutex());
    Statement count(db, "SELECT COUNT(*) FROM matches WHERE finished = 0 AND creator_address = ?");
    count.Bind(1, address);
    count.Step();
    return static_cast<int>(count.Int(0));
  }

 private:
  void Locked(const char* sql) {
    std::lock_guard lock(writer_.mutex());
    writer_.Exec(sql);
  }
  Connection& reader() { return reader_storage_ ? *reader_storage_ : writer_; }

  void Migrate() {
    std::int64_t version = 0;
    {
      Statement pragma(writer_, "PRAGMA user_version");
      if (pragma.Step()) version = pragma.Int(0);
    }
    const auto latest = static_cast<std::int64_t>(std::size(kMigrations));
    if (version > latest) {
      throw Error("database: schema version " + std::to_string(version) +
                  " is newer than this quartel knows (" + std::to_string(latest) + ")");
    }
    for (; version < latest; ++version) {
      writer_.Exec("BEGIN");
      writer_.Exec(kMigrations[version]);
      writer_.Exec(("PRAGMA user_version = " + std::to_string(version + 1)).c_str());
      writer_.Exec("COMMIT");
    }
  }

  void InsertEntries(const std::string& match_id, int first_index,
                     std::span<const StoredEntry> entries) {
    if (entries.empty()) return;
    Statement insert(writer_,
                     "INSERT INTO entries (match_id, idx, event, kind, seat, action)"
                     " VALUES (?, ?, ?, ?, ?, ?)");
    int index = first_index;
    for (const StoredEntry& entry : entries) {
      insert.Bind(1, match_id)
          .Bind(2, std::int64_t{index++})
          .Bind(3, std::int64_t{entry.event})
          .Bind(4, EntryKindName(entry.kind))
          .Bind(5, std::int64_t{entry.seat})
          .Bind(6, std::int64_t{entry.action})
          .Run();
    }
    Statement events(writer_, "UPDATE matches SET events = ? WHERE id = ?");
    events.Bind(1, std::int64_t{entries.back().event + 1}).Bind(2, match_id).Run();
  }

  static std::optional<StoredMatch> Load(Connection& db, const std::string& id) {
    Statement select(db,
                     "SELECT game, options, seats, creator_address, created_at, finished, result,"
                     " ending FROM matches WHERE id = ?");
    select.Bind(1, id);
    if (!select.Step()) return std::nullopt;
    StoredMatch match;
    match.id = id;
    match.game = select.Text(0);
    match.options = Json::parse(select.Text(1)).get<std::map<std::string, std::string>>();
    match.seats = SeatsFromJson(select.Text(2));
    match.creator_address = select.Text(3);
    match.created_at = select.Int(4);
    match.finished = select.Int(5) != 0;
    match.result = Json::parse(select.Text(6)).get<std::vector<std::string>>();
    match.ending = select.Text(7);
    Statement entries(db,
                      "SELECT event, kind, seat, action FROM entries WHERE match_id = ?"
                      " ORDER BY idx");
    entries.Bind(1, id);
    while (entries.Step()) {
      match.entries.push_back({static_cast<int>(entries.Int(0)), ParseEntryKind(entries.Text(1)),
                               static_cast<int>(entries.Int(2)), static_cast<int>(entries.Int(3))});
    }
    Statement drafts(db, "SELECT seat, actions FROM drafts WHERE match_id = ?");
    drafts.Bind(1, id);
    while (drafts.Step()) {
      match.drafts[static_cast<int>(drafts.Int(0))] =
          Json::parse(drafts.Text(1)).get<std::vector<int>>();
    }
    return match;
  }

  Connection writer_;
  std::unique_ptr<Connection> reader_storage_;
};

}  // namespace

std::string EntryKindName(EntryKind kind) {
  switch (kind) {
    case EntryKind::kAction:
      return "action";
    case EntryKind::kResign:
      return "resign";
    case EntryKind::kOfferDraw:
      return "offer_draw";
    case EntryKind::kAgreeDraw:
      return "agree_draw";
  }
  return "?";
}

std::unique_ptr<Storage> OpenSqliteStorage(const std::string& path) {
  return std::make_unique<SqliteStorage>(path);
}

}  // namespace quartel::server
