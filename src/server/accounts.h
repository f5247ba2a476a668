// Accounts, sessions and ratings (docs/PROTOCOL.md, "Accounts"): signing up and in with a name
// and a password (Argon2id through libsodium's crypto_pwhash_str), a session cookie, CSRF
// tokens, profiles, leaderboards, the bots' accounts, and the ratings a rated match changes.
//
// Sessions. Every browser holds a `quartel_session` cookie (HttpOnly, SameSite=Lax): a random
// token, of which only its hash is stored, and only once it is signed in; a guest's session is the
// token alone. A request's CSRF token is derived from its session token (a hash no other site can
// compute, since it cannot read the cookie), and every state-changing request that carries the
// cookie must send it back in `X-CSRF-Token`. Signing in or up gives a new token (no session
// fixation).
//
// Secrets: passwords and tokens are never logged nor stored; a wrong name and a wrong password get
// the same answer after the same work (an unknown name is checked against a dummy hash).
#pragma once

#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/json.h"
#include "server/hub.h"
#include "server/storage.h"

namespace quartel::server {

inline constexpr const char* kSessionCookie = "quartel_session";

// Who sent a request: its session's token (from the cookie; empty when none or malformed) and the
// account signed in with it (0 for a guest).
struct Caller {
  std::string token;
  std::int64_t account_id = 0;
  std::string account_name;
  std::string csrf() const;  // the CSRF token that goes with `token`
};

// An answer of the accounts' REST paths: the reply and, when the session changes, the
// Set-Cookie header's value.
struct AccountReply {
  Reply reply;
  std::string set_cookie;
};

struct AccountLimits {
  // Sign-in attempts: per name and per address, in bursts, refilled over time.
  double attempts_per_name_burst = 5;
  double attempts_per_name_per_second = 1.0 / 60;
  double attempts_per_address_burst = 20;
  double attempts_per_address_per_second = 1.0 / 6;
  double signups_per_address_burst = 5;
  double signups_per_address_per_second = 1.0 / 600;
  int password_hashes_at_once = 2;  // each takes 64 MiB (Argon2id, "interactive" limits)
};

class Accounts {
 public:
  Accounts(Storage& storage, bool secure_cookies, AccountLimits limits = {});
  ~Accounts();

  // Called for each seat a sign-in or sign-up claims (match id, token hash, account, name).
  std::function<void(const std::string&, const std::string&, std::int64_t, const std::string&)>
      on_seat_claimed;

  // The bots' accounts (Bot-Random, ...), created when missing.
  void CreateBotAccounts();
  // The bot account playing `spec` (normalised, as Bot::Spec writes it), if there is one.
  std::optional<Account> BotAccount(const std::string& spec);

  // The caller of a request with this Cookie header.
  Caller Identify(std::string_view cookie_header);

  // GET /api/session: the caller's account and CSRF token (a new guest session when none).
  AccountReply Session(const Caller& caller);
  // POST /api/signup, /api/signin (on the hashing threads: `done` is called from there).
  void SignUp(const Caller& caller, const std::string& body, const std::string& address,
              std::function<void(AccountReply)> done);
  void SignIn(const Caller& caller, const std::string& body, const std::string& address,
              std::function<void(AccountReply)> done);
  AccountReply SignOut(const Caller& caller);
  void ChangePassword(const Caller& caller, const std::string& body,
                      std::function<void(AccountReply)> done);

  // GET /api/players/NAME, /api/leaderboard, /api/bots.
  Reply Profile(const std::string& name, const std::function<Json(std::int64_t)>& awaiting);
  Reply Leaderboard(const std::string& pool, int limit);
  Reply Bots();

  // A rated match is over: its players' ratings change (once; safe to call again).
  void ApplyRatings(const std::string& match_id);
  // At start: the rated matches that ended while their ratings were not yet stored.
  void ApplyMissedRatings();
  // The same, off the caller's thread.
  void ApplyRatingsLater(const std::string& match_id);

 private:
  AccountReply SignedIn(const Caller& caller, const Account& account, const Json& seats,
                        int status);
  void OnHashingThread(std::function<void()> work);

  Storage& storage_;
  bool secure_cookies_;
  AccountLimits limits_;
  boost::asio::thread_pool hashing_;
  std::string
      dummy_hash_;  // verified against for an unknown name: the same work as a wrong password
  class Buckets;
  std::unique_ptr<Buckets> attempts_by_name_, attempts_by_address_, signups_by_address_;
  std::mutex ratings_mutex_;  // one rated match's update at a time
};

}  // namespace quartel::server
