#include "server/accounts.h"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <chrono>
#include <ctime>

#include "core/error.h"
#include "core/secret.h"
#include "core/text.h"
#include "server/ratings.h"

namespace quartel::server {
namespace {

constexpr std::size_t kMinName = 3, kMaxName = 20;
constexpr std::size_t kMinPassword = 8, kMaxPassword = 128;
constexpr std::size_t kMostClaimedSeats = 500;  // seat tokens one sign-up may bring along
constexpr int kTokenBytes = 32;
// A profile's answer stays bounded however long a player has played: the last points of each
// pool's history (its chart), the newest matches.
constexpr int kMostHistoryPoints = 500;

std::int64_t Now() { return static_cast<std::int64_t>(std::time(nullptr)); }

// The bots that have accounts, by the spec their seat is created with (web/src/games.ts's levels).
struct BotAccountSpec {
  const char* name;
  const char* spec;
};
// The levels (ai/levels.h) each have one; "Bot-Fair" and "Bot-Strong" played the old search
// levels and keep their history, but no new match seats them.
constexpr BotAccountSpec kBotAccounts[] = {
    {"Bot-Random", "random"},     {"Bot-Heuristic", "heuristic"},
    {"Bot-Beginner", "beginner"}, {"Bot-Intermediate", "intermediate"},
    {"Bot-Advanced", "advanced"}, {"Bot-Expert", "expert"},
};

// Names: 3 to 20 of A-Z a-z 0-9 _ -, not starting "Bot-" (the bots' own).
std::optional<std::string> NameProblem(const std::string& name) {
  if (name.size() < kMinName || name.size() > kMaxName) {
    return "a name is 3 to 20 characters long";
  }
  for (const char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') {
      return "a name may use only letters A-Z, digits, '_' and '-'";
    }
  }
  if (ToLower(name).starts_with("bot-")) return "names starting 'Bot-' are the bots'";
  return std::nullopt;
}

std::optional<std::string> PasswordProblem(const std::string& password) {
  if (password.size() < kMinPassword) return "a password is at least 8 characters long";
  if (password.size() > kMaxPassword) return "a password is at most 128 bytes long";
  return std::nullopt;
}

// A session token as RandomToken writes it (URL-safe base64), or nothing we minted.
bool WellFormedToken(std::string_view token) {
  if (token.size() < 40 || token.size() > 64) return false;
  return std::all_of(token.begin(), token.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

std::string HashPassword(const std::string& password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
    throw Error("out of memory hashing a password");
  }
  return out;
}

bool Verify(const std::string& hash, const std::string& password) {
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

Json AccountJson(const Account& account) {
  return Json{{"id", account.id}, {"name", account.name}};
}

Reply Error(int status, const std::string& message) { return {status, {{"error", message}}}; }
AccountReply Refused(int status, const std::string& message) {
  return AccountReply{Error(status, message), ""};
}

// The body of a sign-in or sign-up: {"name", "password", "seats"?}.
struct Credentials {
  std::string name, password;
  Json seats = Json::array();
};
std::optional<Credentials> ParseCredentials(const std::string& body, std::string& problem) {
  const Json json = Json::parse(body, nullptr, false);
  if (!json.is_object()) {
    problem = "the body must be a JSON object {\"name\", \"password\"}";
    return std::nullopt;
  }
  for (const auto& [key, value] : json.items()) {
    if (key != "name" && key != "password" && key != "seats") {
      problem = "unknown field '" + key + "' (known: name, password, seats)";
      return std::nullopt;
    }
  }
  if (!json.contains("name") || !json["name"].is_string() || !json.contains("password") ||
      !json["password"].is_string()) {
    problem = "'name' and 'password' are required strings";
    return std::nullopt;
  }
  Credentials out{json["name"].get<std::string>(), json["password"].get<std::string>()};
  if (json.contains("seats")) {
    if (!json["seats"].is_array() || json["seats"].size() > kMostClaimedSeats) {
      problem = "'seats' is a list of at most 500 {\"match\", \"token\"}";
      return std::nullopt;
    }
    out.seats = json["seats"];
  }
  return out;
}

}  // namespace

// Token buckets by key (a name, an address), forgetting the full ones once there are many.
class Accounts::Buckets {
 public:
  Buckets(double burst, double per_second) : burst_(burst), per_second_(per_second) {}
  bool Take(const std::string& key) {
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (buckets_.size() > 10000) {
      std::erase_if(buckets_,
                    [&](const auto& entry) { return Level(entry.second, now) >= burst_; });
    }
    auto [found, fresh] = buckets_.try_emplace(key, Bucket{burst_, now});
    Bucket& bucket = found->second;
    bucket.tokens = Level(bucket, now);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
  // Gives back what Take took: a sign-in that succeeded was no guess.
  void Give(const std::string& key) {
    std::lock_guard lock(mutex_);
    if (const auto found = buckets_.find(key); found != buckets_.end()) {
      found->second.tokens = std::min(burst_, found->second.tokens + 1);
    }
  }

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point at;
  };
  double Level(const Bucket& bucket, std::chrono::steady_clock::time_point now) const {
    return std::min(
        burst_,
        bucket.tokens + per_second_ * std::chrono::duration<double>(now - bucket.at).count());
  }
  double burst_, per_second_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

std::string Caller::csrf() const { return token.empty() ? "" : Sha256Hex("quartel-csrf:" + token); }

Accounts::Accounts(Storage& storage, bool secure_cookies, AccountLimits limits)
    : storage_(storage),
      secure_cookies_(secure_cookies),
      limits_(limits),
      hashing_(static_cast<std::size_t>(std::max(1, limits.password_hashes_at_once))),
      attempts_by_name_(std::make_unique<Buckets>(limits.attempts_per_name_burst,
                                                  limits.attempts_per_name_per_second)),
      attempts_by_address_(std::make_unique<Buckets>(limits.attempts_per_address_burst,
                                                     limits.attempts_per_address_per_second)),
      signups_by_address_(std::make_unique<Buckets>(limits.signups_per_address_burst,
                                                    limits.signups_per_address_per_second)) {
  if (sodium_init() < 0) throw quartel::Error("libsodium cannot start");
  dummy_hash_ = HashPassword(RandomToken(16));
}

Accounts::~Accounts() {
  hashing_.stop();
  hashing_.join();
}

void Accounts::CreateBotAccounts() {
  for (const BotAccountSpec& bot : kBotAccounts) {
    if (!storage_.FindAccount(bot.name)) {
      storage_.CreateAccount(Account{0, bot.name, "", bot.spec, Now()});
    }
  }
}

std::optional<Account> Accounts::BotAccount(const std::string& spec) {
  for (const BotAccountSpec& bot : kBotAccounts) {
    if (spec == bot.spec) return storage_.FindAccount(bot.name);
  }
  return std::nullopt;
}

Caller Accounts::Identify(std::string_view cookie_header) {
  Caller caller;
  for (const std::string& part : Split(std::string(cookie_header), ';')) {
    const std::string item(Trim(part));
    const std::string prefix = std::string(kSessionCookie) + "=";
    if (!item.starts_with(prefix)) continue;
    const std::string token = item.substr(prefix.size());
    if (!WellFormedToken(token)) continue;
    caller.token = token;
    if (const auto session = storage_.FindSession(Sha256Hex(token));
        session && session->account_id) {
      if (const auto account = storage_.AccountById(session->account_id)) {
        caller.account_id = account->id;
        caller.account_name = account->name;
      }
    }
    break;
  }
  return caller;
}

namespace {
std::string SessionCookie(const std::string& token, bool secure) {
  return std::string(kSessionCookie) + "=" + token +
         "; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000" + (secure ? "; Secure" : "");
}
}  // namespace

AccountReply Accounts::Session(const Caller& caller) {
  AccountReply answer;
  Caller current = caller;
  if (current.token.empty()) {
    current.token = RandomToken(kTokenBytes);
    answer.set_cookie = SessionCookie(current.token, secure_cookies_);
  }
  Json account = nullptr;
  if (current.account_id)
    account = Json{{"id", current.account_id}, {"name", current.account_name}};
  answer.reply = {200, {{"account", account}, {"csrf", current.csrf()}}};
  return answer;
}

AccountReply Accounts::SignedIn(const Caller& caller, const Account& account, const Json& seats,
                                int status) {
  // A new token: whatever session an attacker may have planted in this browser is not this one.
  if (!caller.token.empty()) storage_.DeleteSession(Sha256Hex(caller.token));
  Caller fresh{RandomToken(kTokenBytes), account.id, account.name};
  storage_.CreateSession(Sha256Hex(fresh.token), StoredSession{fresh.csrf(), account.id}, Now());
  int claimed = 0;
  for (const Json& seat : seats) {
    if (!seat.is_object() || !seat.contains("match") || !seat["match"].is_string() ||
        !seat.contains("token") || !seat["token"].is_string()) {
      continue;
    }
    const std::string match = seat["match"].get<std::string>();
    const std::string token = seat["token"].get<std::string>();
    if (match.size() > 64 || token.size() > 128) continue;
    if (storage_.ClaimSeat(match, Sha256Hex(token), account.id, account.name)) {
      ++claimed;
      if (on_seat_claimed) on_seat_claimed(match, Sha256Hex(token), account.id, account.name);
    }
  }
  return AccountReply{
      {status, {{"account", AccountJson(account)}, {"csrf", fresh.csrf()}, {"claimed", claimed}}},
      SessionCookie(fresh.token, secure_cookies_)};
}

void Accounts::OnHashingThread(std::function<void()> work) {
  boost::asio::post(hashing_, std::move(work));
}

void Accounts::SignUp(const Caller& caller, const std::string& body, const std::string& address,
                      std::function<void(AccountReply)> done) {
  std::string problem;
  auto credentials = ParseCredentials(body, problem);
  if (!credentials) return done(Refused(400, problem));
  if (const auto bad = NameProblem(credentials->name)) return done(Refused(400, *bad));
  if (const auto bad = PasswordProblem(credentials->password)) return done(Refused(400, *bad));
  if (!signups_by_address_->Take(address)) {
    return done(Refused(429, "too many new accounts from your address; try again later"));
  }
  OnHashingThread([this, caller, credentials = std::move(*credentials), done = std::move(done)] {
    try {
      Account account{0, credentials.name, HashPassword(credentials.password), "", Now()};
      const auto id = storage_.CreateAccount(account);
      if (!id) return done(Refused(409, "the name '" + credentials.name + "' is taken"));
      account.id = *id;
      spdlog::info("account {} created", account.name);
      done(SignedIn(caller, account, credentials.seats, 201));
    } catch (const std::exception& error) {
      spdlog::error("sign-up failed: {}", error.what());
      done(Refused(503, "the account could not be stored; try again"));
    }
  });
}

void Accounts::SignIn(const Caller& caller, const std::string& body, const std::string& address,
                      std::function<void(AccountReply)> done) {
  std::string problem;
  auto credentials = ParseCredentials(body, problem);
  if (!credentials) return done(Refused(400, problem));
  // Per name whether or not it exists (a refusal says nothing of the name), and per address.
  if (credentials->name.size() > 64 || credentials->password.size() > kMaxPassword ||
      !attempts_by_address_->Take(address) ||
      !attempts_by_name_->Take(ToLower(credentials->name))) {
    return done(Refused(429, "too many sign-in attempts; wait a minute and try again"));
  }
  OnHashingThread([this, caller, credentials = std::move(*credentials), done = std::move(done)] {
    try {
      const std::optional<Account> account = storage_.FindAccount(credentials.name);
      // An unknown name (or a bot's, which has no password) costs the same verification.
      const bool known = account && !account->password_hash.empty();
      const bool verified =
          Verify(known ? account->password_hash : dummy_hash_, credentials.password);
      if (!known || !verified) return done(Refused(401, "wrong name or password"));
      attempts_by_name_->Give(ToLower(credentials.name));
      done(SignedIn(caller, *account, credentials.seats, 200));
    } catch (const std::exception& error) {
      spdlog::error("sign-in failed: {}", error.what());
      done(Refused(503, "the server could not sign you in; try again"));
    }
  });
}

AccountReply Accounts::SignOut(const Caller& caller) {
  if (!caller.token.empty()) storage_.DeleteSession(Sha256Hex(caller.token));
  Caller guest{RandomToken(kTokenBytes), 0, ""};
  return AccountReply{{200, {{"account", nullptr}, {"csrf", guest.csrf()}}},
                      SessionCookie(guest.token, secure_cookies_)};
}

void Accounts::ChangePassword(const Caller& caller, const std::string& body,
                              std::function<void(AccountReply)> done) {
  if (!caller.account_id) return done(Refused(401, "sign in first"));
  const Json json = Json::parse(body, nullptr, false);
  if (!json.is_object() || !json.contains("old") || !json["old"].is_string() ||
      !json.contains("new") || !json["new"].is_string() || json.size() != 2) {
    return done(Refused(400, "the body is {\"old\": PASSWORD, \"new\": PASSWORD}"));
  }
  const std::string old_password = json["old"].get<std::string>();
  const std::string new_password = json["new"].get<std::string>();
  if (const auto bad = PasswordProblem(new_password)) return done(Refused(400, *bad));
  if (old_password.size() > kMaxPassword ||
      !attempts_by_name_->Take("password:" + ToLower(caller.account_name))) {
    return done(Refused(429, "too many attempts; wait a minute and try again"));
  }
  OnHashingThread([this, caller, old_password, new_password, done = std::move(done)] {
    try {
      const auto account = storage_.AccountById(caller.account_id);
      if (!account || !Verify(account->password_hash, old_password)) {
        return done(Refused(403, "the current password is wrong"));
      }
      storage_.SetPassword(account->id, HashPassword(new_password));
      // Whoever else was signed in with the old password is signed out.
      storage_.DeleteSessionsOf(account->id, Sha256Hex(caller.token));
      AccountReply answer;
      answer.reply.body = Json{{"account", AccountJson(*account)}, {"csrf", caller.csrf()}};
      done(std::move(answer));
    } catch (const std::exception& error) {
      spdlog::error("password change failed: {}", error.what());
      done(Refused(503, "the password could not be changed; try again"));
    }
  });
}

namespace {

Json RatingJson(const StoredRating& rating) {
  return Json{{"pool", rating.pool},
              {"game", PoolGame(rating.pool)},
              {"rating", std::round(rating.rating)},
              {"deviation", std::round(rating.deviation)},
              {"games", rating.games},
              {"provisional", Provisional(rating.pool, rating.deviation)}};
}

Json SummaryJson(const MatchSummary& summary) {
  return Json{{"match", summary.id},
              {"game", summary.game},
              {"created_at", summary.created_at},
              {"seats", summary.seat_kinds},
              {"players", summary.seat_accounts},
              {"events", summary.events},
              {"moves", summary.moves},
              {"result", summary.result},
              {"rated", summary.rated},
              {"clock", summary.clock},
              {"ending", summary.ending}};
}

}  // namespace

Reply Accounts::Profile(const std::string& name,
                        const std::function<Json(std::int64_t)>& awaiting) {
  if (name.empty() || name.size() > 64) return Error(404, "no player '" + name + "'");
  const auto account = storage_.FindAccount(name);
  if (!account) return Error(404, "no player '" + name + "'");
  Json ratings = Json::array();
  Json history = Json::object();
  for (const StoredRating& rating : storage_.RatingsOf(account->id)) {
    ratings.push_back(RatingJson(rating));
    Json points = Json::array();
    for (const RatingPoint& point :
         storage_.RatingHistory(account->id, rating.pool, kMostHistoryPoints)) {
      points.push_back({{"at", point.at},
                        {"rating", std::round(point.rating)},
                        {"deviation", std::round(point.deviation)},
                        {"match", point.match_id}});
    }
    history[rating.pool] = std::move(points);
  }
  Json running = Json::array(), finished = Json::array();
  for (const MatchSummary& summary : storage_.MatchesOf(account->id, false, 50)) {
    running.push_back(SummaryJson(summary));
  }
  for (const MatchSummary& summary : storage_.MatchesOf(account->id, true, 50)) {
    finished.push_back(SummaryJson(summary));
  }
  return {200,
          {{"name", account->name},
           {"bot", account->bot_spec.empty() ? Json(nullptr) : Json(account->bot_spec)},
           {"created_at", account->created_at},
           {"ratings", std::move(ratings)},
           {"history", std::move(history)},
           {"running", std::move(running)},
           {"finished", std::move(finished)},
           {"awaiting", awaiting(account->id)}}};
}

Reply Accounts::Leaderboard(const std::string& pool, int limit) {
  if (pool.empty()) {
    Json pools = Json::array();
    for (const std::string& name : AllRatingPools()) {
      pools.push_back({{"pool", name}, {"game", PoolGame(name)}});
    }
    return {200, {{"pools", std::move(pools)}}};
  }
  const auto known = AllRatingPools();
  if (std::find(known.begin(), known.end(), pool) == known.end()) {
    return Error(404, "no rating pool '" + pool + "'");
  }
  Json players = Json::array();
  for (const LeaderboardRow& row : storage_.Leaderboard(pool, limit)) {
    Json entry = RatingJson(row.rating);
    entry["name"] = row.name;
    entry["bot"] = !row.bot_spec.empty();
    players.push_back(std::move(entry));
  }
  return {200, {{"pool", pool}, {"game", PoolGame(pool)}, {"players", std::move(players)}}};
}

Reply Accounts::Bots() {
  Json bots = Json::array();
  for (const BotAccountSpec& bot : kBotAccounts) {
    const auto account = storage_.FindAccount(bot.name);
    if (!account) continue;
    Json ratings = Json::array();
    for (const StoredRating& rating : storage_.RatingsOf(account->id)) {
      ratings.push_back(RatingJson(rating));
    }
    bots.push_back({{"name", bot.name}, {"spec", bot.spec}, {"ratings", std::move(ratings)}});
  }
  return {200, {{"bots", std::move(bots)}}};
}

void Accounts::ApplyMissedRatings() {
  for (const std::string& match_id : storage_.UnratedFinishedMatches()) ApplyRatings(match_id);
}

void Accounts::ApplyRatingsLater(const std::string& match_id) {
  OnHashingThread([this, match_id] {
    try {
      ApplyRatings(match_id);
    } catch (const std::exception& error) {
      spdlog::error("match {}: ratings not updated: {}", match_id, error.what());
    }
  });
}

void Accounts::ApplyRatings(const std::string& match_id) {
  std::lock_guard lock(ratings_mutex_);
  const std::optional<StoredMatch> match = storage_.LoadMatch(match_id);
  if (!match || !match->finished || !match->rated) return;
  // A match that ended as abandoned with no winner (no one came back to it) is no result, as
  // lichess's aborted games: its ratings stay. A win claimed over an opponent gone away counts.
  if (match->ending == "abandoned" &&
      std::find(match->result.begin(), match->result.end(), "win") == match->result.end()) {
    return;
  }
  const int seats = static_cast<int>(match->seats.size());
  if (static_cast<int>(match->result.size()) != seats) return;
  for (const StoredSeat& seat : match->seats) {
    if (seat.account_id == 0) return;  // only matches between accounts count
  }
  const std::string pool = RatingPool(match->game, match->options);
  if (pool.empty()) return;
  // Each player's rating before the match (a new player: the pool's start).
  std::vector<StoredRating> before;
  std::vector<PoolRating> pool_before;
  for (const StoredSeat& seat : match->seats) {
    const PoolRating initial = InitialRating(pool);
    StoredRating rating{pool, initial.rating, initial.deviation, initial.volatility, 0};
    for (const StoredRating& held : storage_.RatingsOf(seat.account_id)) {
      if (held.pool == pool) rating = held;
    }
    before.push_back(rating);
    pool_before.push_back({rating.rating, rating.deviation, rating.volatility});
  }
  std::vector<PoolRating> pool_after;
  try {
    pool_after = RateMatch(pool, pool_before, match->result);
  } catch (const std::exception& error) {
    spdlog::error("match {}: ratings not updated: {}", match_id, error.what());
    return;
  }
  std::vector<StoredRating> after;
  for (const PoolRating& rating : pool_after) {
    after.push_back({pool, rating.rating, rating.deviation, rating.volatility, 0});
  }
  std::vector<std::pair<std::int64_t, StoredRating>> changes;
  for (int seat = 0; seat < seats; ++seat) {
    after[seat].games = before[seat].games + 1;
    changes.emplace_back(match->seats[seat].account_id, after[seat]);
  }
  if (storage_.SaveRatings(match_id, Now(), changes)) {
    spdlog::info("match {}: ratings in pool {} updated", match_id, pool);
  }
}

}  // namespace quartel::server
