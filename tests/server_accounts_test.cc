// Accounts over real sockets (issue 22, §1, §4 and §5's security list): signing up, in and out,
// the session cookie and its CSRF token, a changed password, a guest who keeps its matches, rated
// matches that move Glicko-2 ratings, and what an attacker tries: session fixation, CSRF,
// script and SQL in every field, account enumeration, brute force, secrets in the log.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "server/ratings.h"
#include "server_client.h"
#include "server_test_helpers.h"

namespace quartel::server_test {
namespace {

// A browser: its cookie (the session's token) and the CSRF token that goes with it.
struct Browser {
  explicit Browser(unsigned short port) : port(port) { Refresh(); }

  void Refresh() {
    const HttpReply reply = HttpSend(port, "GET", "/api/session", "", CookieHeader());
    EXPECT_EQ(reply.status, 200) << reply.text;
    Keep(reply);
    csrf = reply.body["csrf"];
    account = reply.body["account"];
  }
  HeaderFields CookieHeader() const {
    if (cookie.empty()) return {};
    return {{"Cookie", std::string("quartel_session=") + cookie}};
  }
  HeaderFields Headers() const {
    HeaderFields headers = CookieHeader();
    headers.emplace_back("X-CSRF-Token", csrf);
    return headers;
  }
  HttpReply Post(const std::string& target, const Json& body) {
    HttpReply reply = HttpSend(port, "POST", target, body.dump(), Headers());
    Keep(reply);
    if (reply.body.is_object() && reply.body.contains("csrf")) csrf = reply.body["csrf"];
    return reply;
  }
  void Keep(const HttpReply& reply) {
    constexpr std::string_view kName = "quartel_session=";
    if (reply.set_cookie.starts_with(kName)) {
      cookie = reply.set_cookie.substr(kName.size(), reply.set_cookie.find(';') - kName.size());
    }
  }
  HttpReply SignUp(const std::string& name, const std::string& password, Json seats = Json()) {
    Json body{{"name", name}, {"password", password}};
    if (!seats.is_null()) body["seats"] = seats;
    return Post("/api/signup", body);
  }
  HttpReply SignIn(const std::string& name, const std::string& password) {
    return Post("/api/signin", Json{{"name", name}, {"password", password}});
  }

  unsigned short port;
  std::string cookie;
  std::string csrf;
  Json account;
};

Json Profile(unsigned short port, const std::string& name) {
  const HttpReply reply = HttpGet(port, "/api/players/" + name);
  EXPECT_EQ(reply.status, 200) << reply.text;
  return reply.body;
}

TEST(ServerAccounts, SignUpSignInSignOutAndChangeThePassword) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  Browser browser(server.port());
  EXPECT_TRUE(browser.account.is_null());
  const std::string guest_cookie = browser.cookie;
  ASSERT_FALSE(guest_cookie.empty());

  const HttpReply created = browser.SignUp("Ana_1", "correct horse");
  ASSERT_EQ(created.status, 201) << created.text;
  EXPECT_EQ(created.body["account"]["name"], "Ana_1");
  EXPECT_NE(created.set_cookie.find("HttpOnly"), std::string::npos);
  EXPECT_NE(created.set_cookie.find("SameSite=Lax"), std::string::npos);
  EXPECT_EQ(created.set_cookie.find("Secure"), std::string::npos);  // no TLS here
  browser.Refresh();
  EXPECT_EQ(browser.account["name"], "Ana_1");

  // The name is taken, whatever its case.
  Browser other(server.port());
  EXPECT_EQ(other.SignUp("ana_1", "another one").status, 409);

  EXPECT_EQ(browser.Post("/api/signout", Json::object()).status, 200);
  browser.Refresh();
  EXPECT_TRUE(browser.account.is_null());

  EXPECT_EQ(browser.SignIn("Ana_1", "wrong horse").status, 401);
  ASSERT_EQ(browser.SignIn("ana_1", "correct horse").status, 200);  // names ignore case
  browser.Refresh();
  EXPECT_EQ(browser.account["name"], "Ana_1");

  // A second browser signed in too; a password change there signs the first one out.
  Browser laptop(server.port());
  ASSERT_EQ(laptop.SignIn("Ana_1", "correct horse").status, 200);
  EXPECT_EQ(browser.Post("/api/password", Json{{"old", "wrong"}, {"new", "battery staple"}}).status,
            403);
  EXPECT_EQ(browser.Post("/api/password", Json{{"old", "correct horse"}, {"new", "short"}}).status,
            400);
  ASSERT_EQ(browser.Post("/api/password", Json{{"old", "correct horse"}, {"new", "battery staple"}})
                .status,
            200);
  browser.Refresh();
  EXPECT_EQ(browser.account["name"], "Ana_1");  // this browser stays signed in
  laptop.Refresh();
  EXPECT_TRUE(laptop.account.is_null());  // the other one is out
  EXPECT_EQ(laptop.SignIn("Ana_1", "correct horse").status, 401);
  EXPECT_EQ(laptop.SignIn("Ana_1", "battery staple").status, 200);

  // Secrets never reach the log.
  const std::string log = server.Log();
  for (const std::string& secret : {std::string("correct horse"), std::string("battery staple"),
                                    guest_cookie, browser.cookie}) {
    EXPECT_EQ(log.find(secret), std::string::npos) << secret;
  }
}

TEST(ServerAccounts, SignInGivesANewSessionTokenSoAPlantedOneIsWorthNothing) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  Browser attacker(server.port());
  ASSERT_EQ(attacker.SignUp("mallory", "mallory's pass").status, 201);
  ASSERT_EQ(attacker.Post("/api/signout", Json::object()).status, 200);
  attacker.Refresh();

  // The victim's browser holds a session token the attacker chose (planted cookie).
  Browser victim(server.port());
  victim.cookie = attacker.cookie;
  victim.Refresh();
  ASSERT_EQ(victim.SignUp("victim", "victim's pass").status, 201);
  EXPECT_NE(victim.cookie, attacker.cookie);
  attacker.Refresh();
  EXPECT_TRUE(attacker.account.is_null()) << "the planted token must not be signed in";
  victim.Refresh();
  EXPECT_EQ(victim.account["name"], "victim");
}

TEST(ServerAccounts, EveryStateChangingRequestNeedsTheCsrfTokenAndThisSitesOrigin) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const unsigned short port = server.port();
  Browser browser(port);
  ASSERT_EQ(browser.SignUp("carol", "carol's pass").status, 201);
  browser.Refresh();
  const Json match{{"game", "dablot"}, {"seats", {PersonSeat(), BotSeat("random")}}};
  const struct {
    std::string target;
    Json body;
  } requests[] = {
      {"/api/signup", Json{{"name", "carol2"}, {"password", "carol's pass"}}},
      {"/api/signin", Json{{"name", "carol"}, {"password", "carol's pass"}}},
      {"/api/signout", Json::object()},
      {"/api/password", Json{{"old", "carol's pass"}, {"new", "carol's pass 2"}}},
      {"/api/matches", match},
  };
  for (const auto& request : requests) {
    SCOPED_TRACE(request.target);
    // The cookie alone (what another site's form would send): refused.
    EXPECT_EQ(
        HttpSend(port, "POST", request.target, request.body.dump(), browser.CookieHeader()).status,
        403);
    HeaderFields wrong = browser.CookieHeader();
    wrong.emplace_back("X-CSRF-Token", std::string(64, '0'));
    EXPECT_EQ(HttpSend(port, "POST", request.target, request.body.dump(), wrong).status, 403);
    // The right token from another site's page: refused.
    HeaderFields cross = browser.Headers();
    cross.emplace_back("Origin", "http://evil.example");
    EXPECT_EQ(HttpSend(port, "POST", request.target, request.body.dump(), cross).status, 403);
  }
  // Nothing of it happened: still signed in with the same password, no match created.
  browser.Refresh();
  EXPECT_EQ(browser.account["name"], "carol");
  EXPECT_EQ(HttpGet(port, "/api/matches").body["matches"].size(), 0u);
  // Signing in or up needs a session (its CSRF token), even without a cookie.
  EXPECT_EQ(HttpPost(port, "/api/signin", requests[1].body.dump()).status, 403);
  // With the token from this site's page, it works.
  HeaderFields same = browser.Headers();
  same.emplace_back("Host", "127.0.0.1:" + std::to_string(port));
  same.emplace_back("Origin", "http://127.0.0.1:" + std::to_string(port));
  EXPECT_EQ(HttpSend(port, "POST", "/api/matches", match.dump(), same).status, 201);
  // A client without a cookie (a script, a bot) creates matches as before.
  EXPECT_EQ(HttpPost(port, "/api/matches", match.dump()).status, 201);
}

TEST(ServerAccounts, ScriptAndSqlInEveryFieldAreRefusedOrHarmless) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const unsigned short port = server.port();
  Browser browser(port);
  for (const std::string& name : std::vector<std::string>{
           "<img src=x onerror=alert(1)>", "a'; DROP TABLE accounts;--", "x\" OR \"1\"=\"1",
           "../../etc", "ab", std::string(21, 'a'), "Bot-Impostor", "名前名前"}) {
    SCOPED_TRACE(name);
    const HttpReply reply = browser.SignUp(name, "a fine password");
    EXPECT_EQ(reply.status, 400) << reply.text;
    EXPECT_TRUE(reply.body.contains("error"));
  }
  // SQL in a password is only a password.
  const std::string password = "' OR '1'='1'; --";
  ASSERT_EQ(browser.SignUp("dave", password).status, 201);
  Browser other(port);
  EXPECT_EQ(other.SignIn("dave", "' OR '1'='1").status, 401);
  EXPECT_EQ(other.SignIn("dave' --", "anything at all").status, 401);
  EXPECT_EQ(other.SignIn("dave", password).status, 200);
  // ... and in the paths that read.
  EXPECT_EQ(HttpGet(port, "/api/players/dave'%20OR%201=1--").status, 404);
  EXPECT_EQ(HttpGet(port, "/api/players/%25").status, 404);
  EXPECT_EQ(HttpGet(port, "/api/leaderboard?pool='%20OR%201=1--").status, 404);
  EXPECT_EQ(Profile(port, "dave")["name"], "dave");
  EXPECT_EQ(HttpGet(port, "/api/bots").body["bots"].size(), 6u);  // the tables are whole
  // The catalogue names the four levels for every game, weakest first.
  for (const Json& game : HttpGet(port, "/api/games").body["games"]) {
    ASSERT_EQ(game["levels"].size(), 4u) << game["id"];
    EXPECT_EQ(game["levels"][0]["name"], "beginner");
    EXPECT_EQ(game["levels"][3]["name"], "expert");
  }
  // ... in a seat claimed at sign-in, and in a match id sent over the WebSocket.
  const Json match = CreateMatch(port, "dablot", Json::object(), {PersonSeat(), BotSeat("random")});
  Browser claimer(port);
  const HttpReply claimed = claimer.SignUp(
      "eve", "eve's password",
      Json::array({Json{{"match", "x' OR '1'='1"}, {"token", "' OR '1'='1"}},
                   Json{{"match", match["match"]}, {"token", "' OR token_hash LIKE '%"}}}));
  ASSERT_EQ(claimed.status, 201) << claimed.text;
  EXPECT_EQ(claimed.body["claimed"], 0);
  EXPECT_TRUE(Profile(port, "eve")["running"].empty());
  WsClient client(port, claimer.CookieHeader());
  ExpectRefused(client, JoinMessage("' OR 1=1 --").dump(), "not_found");
  client.Send(JoinMessage(match["match"]));  // not eve's seat: she watches
  EXPECT_EQ(NextOfType(client, "joined")["you"], "spectator");
  // Unknown fields and wrong types are named.
  EXPECT_EQ(browser.Post("/api/signin", Json{{"name", 7}, {"password", "x"}}).status, 400);
  EXPECT_EQ(
      browser.Post("/api/signin", Json{{"name", "dave"}, {"password", password}, {"admin", true}})
          .status,
      400);
}

TEST(ServerAccounts, AnUnknownNameAndAWrongPasswordLookTheSame) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  Browser browser(server.port());
  ASSERT_EQ(browser.SignUp("erin", "erin's password").status, 201);
  Browser stranger(server.port());
  const auto attempt = [&](const std::string& name) {
    const auto start = std::chrono::steady_clock::now();
    const HttpReply reply = stranger.SignIn(name, "not the password");
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return std::pair{reply, ms};
  };
  std::vector<double> known_ms, unknown_ms;
  for (int i = 0; i < 4; ++i) {
    const auto [known, known_time] = attempt("erin");
    const auto [unknown, unknown_time] = attempt("nobody" + std::to_string(i));
    EXPECT_EQ(known.status, 401);
    EXPECT_EQ(unknown.status, 401);
    EXPECT_EQ(known.text, unknown.text);
    known_ms.push_back(known_time);
    unknown_ms.push_back(unknown_time);
  }
  // Not a benchmark: the point is that an unknown name costs a password hash too (Argon2id takes
  // tens of milliseconds), not an early answer in a millisecond.
  std::sort(known_ms.begin(), known_ms.end());
  std::sort(unknown_ms.begin(), unknown_ms.end());
  EXPECT_GT(unknown_ms[1], 0.3 * known_ms[1]) << known_ms[1] << " ms against " << unknown_ms[1];
  // The sign-up page says a name is taken (as every site must); the sign-in never does.
}

TEST(ServerAccounts, SignInAttemptsAreLimitedPerNameAndPerAddress) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  Browser browser(server.port());
  ASSERT_EQ(browser.SignUp("frank", "frank's password").status, 201);
  Browser attacker(server.port());
  int refused = 0;
  for (int i = 0; i < 8; ++i)
    refused += attacker.SignIn("frank", "guess" + std::to_string(i)).status == 429;
  EXPECT_EQ(refused, 3);  // five tries, then one a minute
  // Even the right password waits now: the limit is the name's, not the guesses'.
  EXPECT_EQ(attacker.SignIn("frank", "frank's password").status, 429);
  // Other names from the same address: up to the address's own limit (20 in a burst).
  int address_refused = 0;
  for (int i = 0; i < 16; ++i) {
    address_refused += attacker.SignIn("name" + std::to_string(i), "guess").status == 429;
  }
  EXPECT_GT(address_refused, 0);
}

TEST(ServerAccounts, AGuestWhoSignsUpKeepsTheMatchesOfThisBrowser) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const unsigned short port = server.port();
  const Json mine = CreateMatch(port, "dablot", Json::object(), {PersonSeat(), BotSeat("random")});
  const Json theirs =
      CreateMatch(port, "dablot", Json::object(), {PersonSeat(), BotSeat("random")});
  Browser browser(port);
  const Json seats =
      Json::array({Json{{"match", mine["match"]}, {"token", mine["seats"][0]["token"]}},
                   // A token that is no seat of that match claims nothing.
                   Json{{"match", theirs["match"]}, {"token", "not-a-token"}}});
  const HttpReply created = browser.SignUp("gina", "gina's password", seats);
  ASSERT_EQ(created.status, 201) << created.text;
  EXPECT_EQ(created.body["claimed"], 1);
  const Json profile = Profile(port, "gina");
  ASSERT_EQ(profile["running"].size(), 1u) << profile.dump();
  EXPECT_EQ(profile["running"][0]["match"], mine["match"]);
  EXPECT_EQ(profile["running"][0]["players"][0], "gina");
  // The running match knows it too: the seat is gina's to play without its token, and the match
  // awaits her move (Dablot's first mover is drawn: wait for her turn).
  WsClient client(port, browser.CookieHeader());
  client.Send(JoinMessage(mine["match"]));
  Json state = NextOfType(client, "joined");
  ASSERT_EQ(state["you"], 0) << state.dump();
  while (!state["state"]["your_turn"].get<bool>()) state = NextOfType(client, "event");
  Json awaiting;
  for (int i = 0; i < 50 && (awaiting.is_null() || awaiting.empty()); ++i) {
    awaiting = Profile(port, "gina")["awaiting"];
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(awaiting.size(), 1u);
  EXPECT_EQ(awaiting[0]["match"], mine["match"]);
}

TEST(ServerAccounts, ARatedMatchAgainstABotMovesBothRatingsAsGlicko2Says) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const unsigned short port = server.port();
  Browser browser(port);
  ASSERT_EQ(browser.SignUp("hana", "hana's password").status, 201);
  // Rated needs a signed-in player and bots with accounts.
  EXPECT_EQ(
      HttpPost(
          port, "/api/matches",
          Json{{"game", "dablot"}, {"rated", true}, {"seats", {PersonSeat(), BotSeat("random")}}}
              .dump())
          .status,
      400);
  const HttpReply created =
      browser.Post("/api/matches",
                   Json{{"game", "dablot"},
                        {"rated", true},
                        {"seats", {Json{{"kind", "person"}, {"mine", true}}, BotSeat("random")}}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string match = created.body["match"];

  // Signed in, the player's own seat comes without a token; another site's page gets no seat.
  WsClient cross(
      port, {{"Cookie", "quartel_session=" + browser.cookie}, {"Origin", "http://evil.example"}});
  cross.Send(JoinMessage(match));
  EXPECT_EQ(NextOfType(cross, "joined")["you"], "spectator");
  WsClient client(port, browser.CookieHeader());
  client.Send(JoinMessage(match));
  Json joined = NextOfType(client, "joined");
  ASSERT_EQ(joined["you"], 0) << joined.dump();
  // On the player's own turn: a resignation naming an event the bot has passed would be stale.
  while (!joined["state"]["your_turn"].get<bool>()) joined = NextOfType(client, "event");
  client.Send(SeatMessage("resign", match, joined["event"]));
  NextOfType(client, "event");

  Json profile;
  for (int i = 0; i < 100; ++i) {
    profile = Profile(port, "hana");
    if (!profile["ratings"].empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(profile["ratings"].size(), 1u) << profile.dump();
  const server::Glicko2Rating fresh;
  const server::Glicko2Game lost{fresh.rating, fresh.deviation, 0};
  const server::Glicko2Game won{fresh.rating, fresh.deviation, 1};
  const server::Glicko2Rating hana = server::Glicko2Update(fresh, std::span(&lost, 1));
  const server::Glicko2Rating bot = server::Glicko2Update(fresh, std::span(&won, 1));
  const Json& rating = profile["ratings"][0];
  EXPECT_EQ(rating["pool"], "dablot");
  EXPECT_EQ(rating["rating"], std::round(hana.rating));
  EXPECT_EQ(rating["deviation"], std::round(hana.deviation));
  EXPECT_EQ(rating["games"], 1);
  EXPECT_EQ(rating["provisional"], true);
  ASSERT_EQ(profile["history"]["dablot"].size(), 1u);
  EXPECT_EQ(profile["history"]["dablot"][0]["match"], match);
  ASSERT_EQ(profile["finished"].size(), 1u);
  EXPECT_EQ(profile["finished"][0]["rated"], true);

  const Json board = HttpGet(port, "/api/leaderboard?pool=dablot").body;
  ASSERT_EQ(board["players"].size(), 2u) << board.dump();
  EXPECT_EQ(board["players"][0]["name"], "Bot-Random");
  EXPECT_EQ(board["players"][0]["bot"], true);
  EXPECT_EQ(board["players"][0]["rating"], std::round(bot.rating));
  EXPECT_EQ(board["players"][1]["name"], "hana");
  // An unrated match changes nothing.
  const HttpReply casual =
      browser.Post("/api/matches",
                   Json{{"game", "dablot"},
                        {"seats", {Json{{"kind", "person"}, {"mine", true}}, BotSeat("random")}}});
  ASSERT_EQ(casual.status, 201);
  client.Send(JoinMessage(casual.body["match"]));
  Json casual_joined = NextOfType(client, "joined");
  while (!casual_joined["state"]["your_turn"].get<bool>()) {
    casual_joined = NextOfType(client, "event");
  }
  client.Send(SeatMessage("resign", casual.body["match"], casual_joined["event"]));
  NextOfType(client, "event");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(Profile(port, "hana")["ratings"][0]["games"], 1);
}

TEST(ServerAccounts, ARatedWarMatchMovesEverySeatAsWengLinSays) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const unsigned short port = server.port();
  Browser browser(port);
  ASSERT_EQ(browser.SignUp("ines", "ines's password").status, 201);
  // Three seats, the player and two bots with accounts; a short engine cap ends the bots' game
  // soon after the player resigns (the resigned seat loses, the others draw at the cap).
  const HttpReply created = browser.Post(
      "/api/matches",
      Json{{"game", "war"},
           {"options", {{"max_turns", 4}}},
           {"rated", true},
           {"seats",
            {Json{{"kind", "person"}, {"mine", true}}, BotSeat("random"), BotSeat("heuristic")}}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string match = created.body["match"];
  WsClient client(port, browser.CookieHeader());
  client.Send(JoinMessage(match));
  Json joined = NextOfType(client, "joined");
  ASSERT_EQ(joined["you"], 0);
  // Resign on the player's own turn: while the bots play, a resignation naming an older event
  // would be stale.
  while (!joined["state"]["your_turn"].get<bool>()) joined = NextOfType(client, "event");
  client.Send(SeatMessage("resign", match, joined["event"]));
  Json info;
  for (int i = 0; i < 400; ++i) {
    info = HttpGet(port, "/api/matches/" + match).body;
    if (info["over"] == true) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(info["over"], true) << info.dump();
  const std::vector<std::string> results = info["result"];
  ASSERT_EQ(results[0], "loss");

  const server::WengLinParameters scale;
  const std::vector<server::WengLinRating> before(3, scale.Initial());
  const std::vector<int> ranks = server::RanksFromResults(results);
  const std::vector<server::WengLinRating> after = server::PlackettLuceUpdate(before, ranks);
  Json board;
  for (int i = 0; i < 100; ++i) {
    board = HttpGet(port, "/api/leaderboard?pool=war").body;
    if (board["players"].size() == 3u) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(board["players"].size(), 3u) << board.dump();
  const std::vector<std::string> names = {"ines", "Bot-Random", "Bot-Heuristic"};
  for (int seat = 0; seat < 3; ++seat) {
    SCOPED_TRACE(names[seat]);
    const auto row = std::find_if(board["players"].begin(), board["players"].end(),
                                  [&](const Json& p) { return p["name"] == names[seat]; });
    ASSERT_NE(row, board["players"].end());
    EXPECT_EQ((*row)["rating"], std::round(after[seat].mu));
    EXPECT_EQ((*row)["deviation"], std::round(after[seat].sigma));
    EXPECT_EQ((*row)["games"], 1);
  }
  EXPECT_LT(after[0].mu, scale.mu);  // the player who resigned went down
}

}  // namespace
}  // namespace quartel::server_test
