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
#include "core/secret.h"
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
    // 3: accounts, sessions, ratings; a match's settings (rated, clock), its seats' accounts and
    // its clocks after each event.
    "CREATE TABLE accounts ("
    "  id INTEGER PRIMARY KEY,"
    "  name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
    "  password_hash TEXT NOT NULL DEFAULT '',"  // crypto_pwhash_str (Argon2id); '' for a bot
    "  bot_spec TEXT NOT NULL DEFAULT '',"
    "  created_at INTEGER NOT NULL);"
    "CREATE TABLE sessions ("
    "  token_hash TEXT PRIMARY KEY,"  // Sha256Hex of the cookie's token: the token is never kept
    "  csrf TEXT NOT NULL,"
    "  account_id INTEGER REFERENCES accounts(id),"  // NULL: a guest
    "  created_at INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX sessions_by_account ON sessions(account_id);"
    "CREATE TABLE ratings ("
    "  account_id INTEGER NOT NULL REFERENCES accounts(id),"
    "  pool TEXT NOT NULL,"
    "  rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,"
    "  games INTEGER NOT NULL,"
    "  PRIMARY KEY (account_id, pool)) WITHOUT ROWID;"
    "CREATE INDEX ratings_by_pool ON ratings(pool, rating);"
    "CREATE TABLE rating_history ("
    "  account_id INTEGER NOT NULL REFERENCES accounts(id),"
    "  pool TEXT NOT NULL,"
    "  match_id TEXT NOT NULL,"
    "  at INTEGER NOT NULL,"
    "  rating REAL NOT NULL, deviation REAL NOT NULL,"
    "  PRIMARY KEY (account_id, pool, match_id)) WITHOUT ROWID;"
    "CREATE TABLE match_seats ("
    "  match_id TEXT NOT NULL REFERENCES matches(id),"
    "  seat INTEGER NOT NULL,"
    "  account_id INTEGER NOT NULL REFERENCES accounts(id),"
    "  PRIMARY KEY (match_id, seat)) WITHOUT ROWID;"
    "CREATE INDEX match_seats_by_account ON match_seats(account_id);"
    "CREATE TABLE event_clocks ("
    "  match_id TEXT NOT NULL REFERENCES matches(id),"
    "  event INTEGER NOT NULL,"
    "  at_ms INTEGER NOT NULL,"
    "  remaining TEXT NOT NULL,"  // JSON array: each seat's time left, in ms
    "  PRIMARY KEY (match_id, event)) WITHOUT ROWID;"
    "ALTER TABLE matches ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';",
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
  double Real(int column) const { return sqlite3_column_double(statement_, column); }
  Statement& Bind(int index, double value) {
    Check(sqlite3_bind_double(statement_, index, value));
    return *this;
  }

 private:
  void Check(int code) {
    if (code != SQLITE_OK) db_.Fail();
  }
  Connection& db_;
  sqlite3_stmt* statement_ = nullptr;
};

// A transaction on one connection: rolled back when it goes without Commit (an early return, an
// exception).
class Transaction {
 public:
  explicit Transaction(Connection& db) : db_(db) { db_.Exec("BEGIN IMMEDIATE"); }
  ~Transaction() {
    // Not Exec: a destructor may not throw, and a failed rollback leaves nothing to undo.
    if (!done_) sqlite3_exec(db_.get(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void Commit() {
    db_.Exec("COMMIT");
    done_ = true;
  }

 private:
  Connection& db_;
  bool done_ = false;
};

EntryKind ParseEntryKind(const std::string& name) {
  for (EntryKind kind :
       {EntryKind::kAction, EntryKind::kResign, EntryKind::kOfferDraw, EntryKind::kAgreeDraw,
        EntryKind::kTimeout, EntryKind::kClaimWin, EntryKind::kAbandon}) {
    if (EntryKindName(kind) == name) return kind;
  }
  throw Error("database: unknown entry kind '" + name + "'");
}

Json SettingsToJson(const StoredMatch& match) {
  return Json{{"rated", match.rated}, {"clock", ClockSpecToJson(match.clock)}};
}

void SettingsFromJson(const std::string& text, StoredMatch& match) {
  const Json settings = Json::parse(text);
  match.rated = settings.value("rated", false);
  if (settings.contains("clock")) match.clock = ClockSpecFromJson(settings["clock"]);
}

Json SeatsToJson(const std::vector<StoredSeat>& seats) {
  Json out = Json::array();
  for (const StoredSeat& seat : seats) {
    Json entry = seat.bot ? Json{{"bot", seat.bot_spec}} : Json{{"token_hash", seat.token_hash}};
    if (seat.account_id != 0) {
      entry["account"] = seat.account_id;
      entry["name"] = seat.account_name;
    }
    out.push_back(std::move(entry));
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
    stored.account_id = seat.value("account", std::int64_t{0});
    stored.account_name = seat.value("name", "");
    seats.push_back(stored);
  }
  return seats;
}

class SqliteStorage : public Storage {
 public:
  explicit SqliteStorage(const std::string& path)
      : writer_(path),
        accounts_storage_(path == ":memory:" ? nullptr : std::make_unique<Connection>(path)),
        accounts_(accounts_storage_ ? *accounts_storage_ : writer_) {
    const bool in_memory = path == ":memory:";
    writer_.Exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
    Migrate();
    // An in-memory database is one connection: the reader is the writer.
    if (!in_memory) reader_storage_ = std::make_unique<Connection>(path);
    if (accounts_storage_) accounts_.Exec("PRAGMA foreign_keys=ON;");
  }

  void Begin() override { Locked("BEGIN IMMEDIATE"); }
  void Commit() override { Locked("COMMIT"); }
  void Rollback() override { Locked("ROLLBACK"); }

  void CreateMatch(const StoredMatch& match) override {
    std::lock_guard lock(writer_.mutex());
    Statement insert(writer_,
                     "INSERT INTO matches (id, game, options, seats, creator_address, created_at,"
                     " settings) VALUES (?, ?, ?, ?, ?, ?, ?)");
    insert.Bind(1, match.id)
        .Bind(2, match.game)
        .Bind(3, Json(match.options).dump())
        .Bind(4, SeatsToJson(match.seats).dump())
        .Bind(5, match.creator_address)
        .Bind(6, match.created_at)
        .Bind(7, SettingsToJson(match).dump())
        .Run();
    Statement seat_account(writer_,
                           "INSERT INTO match_seats (match_id, seat, account_id) VALUES (?, ?, ?)");
    for (std::size_t seat = 0; seat < match.seats.size(); ++seat) {
      if (match.seats[seat].account_id == 0) continue;
      seat_account.Bind(1, match.id)
          .Bind(2, static_cast<std::int64_t>(seat))
          .Bind(3, match.seats[seat].account_id)
          .Run();
    }
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
    Statement select(db, (std::string(kSummaryColumns) +
                          " FROM matches WHERE finished = ? ORDER BY created_at DESC, id LIMIT ?")
                             .c_str());
    select.Bind(1, std::int64_t{finished}).Bind(2, std::int64_t{limit});
    std::vector<MatchSummary> out;
    while (select.Step()) out.push_back(Summary(select));
    return out;
  }

  std::vector<MatchSummary> MatchesOf(std::int64_t account_id, bool finished, int limit) override {
    Connection& db = reader();
    std::lock_guard lock(db.mutex());
    Statement select(db, (std::string(kSummaryColumns) +
                          " FROM matches WHERE finished = ? AND id IN (SELECT match_id FROM"
                          " match_seats WHERE account_id = ?) ORDER BY created_at DESC, id LIMIT ?")
                             .c_str());
    select.Bind(1, std::int64_t{finished}).Bind(2, account_id).Bind(3, std::int64_t{limit});
    std::vector<MatchSummary> out;
    while (select.Step()) out.push_back(Summary(select));
    return out;
  }

  void SaveEventClock(const std::string& match_id, const StoredClock& clock) override {
    std::lock_guard lock(writer_.mutex());
    Statement save(
        writer_,
        "INSERT INTO event_clocks (match_id, event, at_ms, remaining) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (match_id, event) DO UPDATE SET at_ms = excluded.at_ms,"
        " remaining = excluded.remaining");
    save.Bind(1, match_id)
        .Bind(2, std::int64_t{clock.event})
        .Bind(3, clock.at_ms)
        .Bind(4, Json(clock.remaining_ms).dump())
        .Run();
  }

  std::optional<std::int64_t> CreateAccount(const Account& account) override {
    std::lock_guard lock(accounts_.mutex());
    Statement insert(accounts_,
                     "INSERT INTO accounts (name, password_hash, bot_spec, created_at)"
                     " VALUES (?, ?, ?, ?) ON CONFLICT (name) DO NOTHING");
    insert.Bind(1, account.name)
        .Bind(2, account.password_hash)
        .Bind(3, account.bot_spec)
        .Bind(4, account.created_at)
        .Run();
    if (sqlite3_changes(accounts_.get()) == 0) return std::nullopt;
    return sqlite3_last_insert_rowid(accounts_.get());
  }

  std::optional<Account> FindAccount(const std::string& name) override {
    std::lock_guard lock(accounts_.mutex());
    Statement select(accounts_,
                     "SELECT id, name, password_hash, bot_spec, created_at FROM accounts"
                     " WHERE name = ?");
    select.Bind(1, name);
    if (!select.Step()) return std::nullopt;
    return AccountOf(select);
  }

  std::optional<Account> AccountById(std::int64_t id) override {
    std::lock_guard lock(accounts_.mutex());
    Statement select(accounts_,
                     "SELECT id, name, password_hash, bot_spec, created_at FROM accounts"
                     " WHERE id = ?");
    select.Bind(1, id);
    if (!select.Step()) return std::nullopt;
    return AccountOf(select);
  }

  void SetPassword(std::int64_t account_id, const std::string& password_hash) override {
    std::lock_guard lock(accounts_.mutex());
    Statement update(accounts_, "UPDATE accounts SET password_hash = ? WHERE id = ?");
    update.Bind(1, password_hash).Bind(2, account_id).Run();
  }

  void CreateSession(const std::string& token_hash, const StoredSession& session,
                     std::int64_t now) override {
    std::lock_guard lock(accounts_.mutex());
    Statement insert(accounts_,
                     "INSERT INTO sessions (token_hash, csrf, account_id, created_at)"
                     " VALUES (?, ?, ?, ?)");
    insert.Bind(1, token_hash).Bind(2, session.csrf);
    if (session.account_id != 0) insert.Bind(3, session.account_id);
    insert.Bind(4, now).Run();
  }

  std::optional<StoredSession> FindSession(const std::string& token_hash) override {
    std::lock_guard lock(accounts_.mutex());
    Statement select(accounts_,
                     "SELECT csrf, coalesce(account_id, 0) FROM sessions WHERE token_hash = ?");
    select.Bind(1, token_hash);
    if (!select.Step()) return std::nullopt;
    return StoredSession{select.Text(0), select.Int(1)};
  }

  void DeleteSession(const std::string& token_hash) override {
    std::lock_guard lock(accounts_.mutex());
    Statement remove(accounts_, "DELETE FROM sessions WHERE token_hash = ?");
    remove.Bind(1, token_hash).Run();
  }

  void DeleteSessionsOf(std::int64_t account_id, const std::string& keep_hash) override {
    std::lock_guard lock(accounts_.mutex());
    Statement remove(accounts_, "DELETE FROM sessions WHERE account_id = ? AND token_hash != ?");
    remove.Bind(1, account_id).Bind(2, keep_hash).Run();
  }

  bool ClaimSeat(const std::string& match_id, const std::string& token_hash,
                 std::int64_t account_id, const std::string& account_name) override {
    std::lock_guard lock(accounts_.mutex());
    Transaction transaction(accounts_);
    Statement select(accounts_, "SELECT seats FROM matches WHERE id = ?");
    select.Bind(1, match_id);
    std::vector<StoredSeat> seats;
    if (select.Step()) seats = SeatsFromJson(select.Text(0));
    select.Reset();
    const auto seat = std::find_if(seats.begin(), seats.end(), [&](const StoredSeat& s) {
      return !s.bot && ConstantTimeEquals(s.token_hash, token_hash);
    });
    if (seat == seats.end()) return false;
    seat->account_id = account_id;
    seat->account_name = account_name;
    Statement update(accounts_, "UPDATE matches SET seats = ? WHERE id = ?");
    update.Bind(1, SeatsToJson(seats).dump()).Bind(2, match_id).Run();
    Statement claim(accounts_,
                    "INSERT INTO match_seats (match_id, seat, account_id) VALUES (?, ?, ?)"
                    " ON CONFLICT (match_id, seat) DO UPDATE SET account_id = excluded.account_id");
    claim.Bind(1, match_id)
        .Bind(2, static_cast<std::int64_t>(seat - seats.begin()))
        .Bind(3, account_id)
        .Run();
    transaction.Commit();
    return true;
  }

  std::vector<StoredRating> RatingsOf(std::int64_t account_id) override {
    std::lock_guard lock(accounts_.mutex());
    Statement select(accounts_,
                     "SELECT pool, rating, deviation, volatility, games FROM ratings"
                     " WHERE account_id = ? ORDER BY pool");
    select.Bind(1, account_id);
    std::vector<StoredRating> out;
    while (select.Step()) out.push_back(RatingOf(select, 0));
    return out;
  }

  bool SaveRatings(const std::string& match_id, std::int64_t at,
                   const std::vector<std::pair<std::int64_t, StoredRating>>& ratings) override {
    std::lock_guard lock(accounts_.mutex());
    Transaction transaction(accounts_);
    Statement history(accounts_,
                      "INSERT INTO rating_history (account_id, pool, match_id, at, rating,"
                      " deviation) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
    Statement upsert(accounts_,
                     "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games)"
                     " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, pool) DO UPDATE SET"
                     " rating = excluded.rating, deviation = excluded.deviation,"
                     " volatility = excluded.volatility, games = excluded.games");
    for (const auto& [account, rating] : ratings) {
      history.Bind(1, account)
          .Bind(2, rating.pool)
          .Bind(3, match_id)
          .Bind(4, at)
          .Bind(5, rating.rating)
          .Bind(6, rating.deviation)
          .Run();
      if (sqlite3_changes(accounts_.get()) == 0) return false;  // this match was counted already
      upsert.Bind(1, account)
          .Bind(2, rating.pool)
          .Bind(3, rating.rating)
          .Bind(4, rating.deviation)
          .Bind(5, rating.volatility)
          .Bind(6, std::int64_t{rating.games})
          .Run();
    }
    transaction.Commit();
    return true;
  }

  std::vector<RatingPoint> RatingHistory(std::int64_t account_id, const std::string& pool,
                                         int limit) override {
    std::lock_guard lock(accounts_.mutex());
    Statement select(accounts_,
                     "SELECT at, rating, deviation, match_id FROM rating_history"
                     " WHERE account_id = ? AND pool = ? ORDER BY at DESC, match_id DESC LIMIT ?");
    select.Bind(1, account_id).Bind(2, pool).Bind(3, std::int64_t{limit});
    std::vector<RatingPoint> out;
    while (select.Step()) {
      out.push_back({select.Int(0), select.Real(1), select.Real(2), select.Text(3)});
    }
    std::reverse(out.begin(), out.end());  // oldest first
    return out;
  }

  std::vector<LeaderboardRow> Leaderboard(const std::string& pool, int limit) override {
    std::lock_guard lock(accounts_.mutex());
    Statement select(accounts_,
                     "SELECT pool, rating, deviation, volatility, games, name, bot_spec"
                     " FROM ratings JOIN accounts ON accounts.id = ratings.account_id"
                     " WHERE pool = ? ORDER BY rating DESC, name LIMIT ?");
    select.Bind(1, pool).Bind(2, std::int64_t{limit});
    std::vector<LeaderboardRow> out;
    while (select.Step()) out.push_back({select.Text(5), select.Text(6), RatingOf(select, 0)});
    return out;
  }

  std::vector<std::string> UnratedFinishedMatches() override {
    std::lock_guard lock(accounts_.mutex());
    Statement select(accounts_,
                     "SELECT id FROM matches WHERE finished = 1"
                     " AND json_extract(settings, '$.rated') = 1 AND NOT EXISTS"
                     " (SELECT 1 FROM rating_history WHERE rating_history.match_id = matches.id)");
    std::vector<std::string> out;
    while (select.Step()) out.push_back(select.Text(0));
    return out;
  }

  std::vector<std::string> RatedPools() override {
    std::lock_guard lock(accounts_.mutex());
    Statement select(accounts_, "SELECT DISTINCT pool FROM ratings ORDER BY pool");
    std::vector<std::string> out;
    while (select.Step()) out.push_back(select.Text(0));
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

  // The columns a MatchSummary is read from (Summary).
  static constexpr const char* kSummaryColumns =
      "SELECT id, game, created_at, seats, result, events,"
      // The players' moves: their actions, as a record counts them (no chance outcome, no
      // resignation or draw offer), the count the replay shows.
      " (SELECT count(*) FROM entries WHERE entries.match_id = matches.id"
      "  AND entries.kind = 'action' AND entries.seat >= 0),"
      " finished, settings, ending";

  static MatchSummary Summary(const Statement& select) {
    MatchSummary summary;
    summary.id = select.Text(0);
    summary.game = select.Text(1);
    summary.created_at = select.Int(2);
    for (const StoredSeat& seat : SeatsFromJson(select.Text(3))) {
      summary.seat_kinds.push_back(seat.bot ? seat.bot_spec : "person");
      summary.seat_accounts.push_back(seat.account_name);
    }
    summary.result = Json::parse(select.Text(4)).get<std::vector<std::string>>();
    summary.events = static_cast<int>(select.Int(5));
    summary.moves = static_cast<int>(select.Int(6));
    summary.finished = select.Int(7) != 0;
    StoredMatch settings;
    SettingsFromJson(select.Text(8), settings);
    summary.rated = settings.rated;
    summary.clock = ClockKindName(settings.clock.kind);
    summary.ending = select.Text(9);
    return summary;
  }

  static Account AccountOf(const Statement& select) {
    return Account{select.Int(0), select.Text(1), select.Text(2), select.Text(3), select.Int(4)};
  }

  static StoredRating RatingOf(const Statement& select, int first) {
    return StoredRating{select.Text(first), select.Real(first + 1), select.Real(first + 2),
                        select.Real(first + 3), static_cast<int>(select.Int(first + 4))};
  }

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
                     " ending, settings FROM matches WHERE id = ?");
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
    SettingsFromJson(select.Text(8), match);
    Statement clock(db,
                    "SELECT event, at_ms, remaining FROM event_clocks WHERE match_id = ?"
                    " ORDER BY event DESC LIMIT 1");
    clock.Bind(1, id);
    if (clock.Step()) {
      match.last_clock = StoredClock{static_cast<int>(clock.Int(0)), clock.Int(1),
                                     Json::parse(clock.Text(2)).get<std::vector<std::int64_t>>()};
    }
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
  // Accounts, sessions and ratings: written from the network threads, apart from the commit
  // queue's transactions (an in-memory database has one connection: the writer's).
  std::unique_ptr<Connection> accounts_storage_;
  Connection& accounts_;
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
    case EntryKind::kTimeout:
      return "timeout";
    case EntryKind::kClaimWin:
      return "claim_win";
    case EntryKind::kAbandon:
      return "abandon";
  }
  return "?";
}

std::string ClockKindName(ClockSpec::Kind kind) {
  switch (kind) {
    case ClockSpec::Kind::kNone:
      return "none";
    case ClockSpec::Kind::kLive:
      return "live";
    case ClockSpec::Kind::kCorrespondence:
      return "correspondence";
  }
  return "?";
}

Json ClockSpecToJson(const ClockSpec& clock) {
  Json out{{"kind", ClockKindName(clock.kind)}};
  if (clock.kind == ClockSpec::Kind::kLive) {
    out["initial_ms"] = clock.initial_ms;
    out["increment_ms"] = clock.increment_ms;
  } else if (clock.kind == ClockSpec::Kind::kCorrespondence) {
    out["per_move_ms"] = clock.per_move_ms;
  }
  return out;
}

ClockSpec ClockSpecFromJson(const Json& json) {
  if (!json.is_object() || !json.contains("kind") || !json["kind"].is_string()) {
    throw Error("a clock is {\"kind\": \"none\" | \"live\" | \"correspondence\", ...}");
  }
  ClockSpec clock;
  const std::string kind = json["kind"].get<std::string>();
  const auto number = [&](const char* key) -> std::int64_t {
    if (!json.contains(key) || !json[key].is_number_integer()) {
      throw Error(std::string("a ") + kind + " clock needs a whole number '" + key + "'");
    }
    return json[key].get<std::int64_t>();
  };
  if (kind == "none") return clock;
  if (kind == "live") {
    clock.kind = ClockSpec::Kind::kLive;
    clock.initial_ms = number("initial_ms");
    clock.increment_ms = number("increment_ms");
  } else if (kind == "correspondence") {
    clock.kind = ClockSpec::Kind::kCorrespondence;
    clock.per_move_ms = number("per_move_ms");
  } else {
    throw Error("unknown clock kind '" + kind + "' (none, live or correspondence)");
  }
  return clock;
}

std::unique_ptr<Storage> OpenSqliteStorage(const std::string& path) {
  return std::make_unique<SqliteStorage>(path);
}

}  // namespace quartel::server
