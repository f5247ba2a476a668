// The lobby and the chat over real sockets (issue 22, §2 and §5): seeks seen live and accepted,
// rating ranges (a player outside the range neither sees nor can accept the seek), tables of
// more than two filled seat by seat with bots, invitations, rematches, and the chat's limits.
// The real `quartel serve` on loopback, as in server_test.cc; signed-in players sign up through
// the REST surface and connect with their session cookie.
#include <gtest/gtest.h>

#include <chrono>
#include <ctime>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/storage.h"
#include "server_client.h"
#include "server_test_helpers.h"

namespace quartel::server_test {
namespace {

using std::chrono::milliseconds;

// --- Accounts ------------------------------------------------------------------------------------

struct RawReply {
  int status = 0;
  std::string set_cookie;  // the quartel_session=... part, when the answer sets one
  Json body;
};

RawReply Exchange(unsigned short port, const std::string& method, const std::string& target,
                  const std::string& cookie, const std::string& csrf, const std::string& body) {
  std::string request = method + " " + target +
                        " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                        "Content-Type: application/json\r\n";
  if (!cookie.empty()) request += "Cookie: " + cookie + "\r\n";
  if (!csrf.empty()) request += "X-CSRF-Token: " + csrf + "\r\n";
  request += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  const std::string answer = RawExchange(port, request);
  RawReply reply;
  reply.status = StatusOf(answer);
  const auto head_end = answer.find("\r\n\r\n");
  const std::string head = answer.substr(0, head_end);
  const auto cookie_at = head.find("quartel_session=");
  if (cookie_at != std::string::npos) {
    reply.set_cookie = head.substr(cookie_at, head.find_first_of(";\r", cookie_at) - cookie_at);
  }
  if (head_end != std::string::npos) {
    reply.body = Json::parse(answer.substr(head_end + 4), nullptr, false);
  }
  return reply;
}

// A signed-in player: its session cookie ("quartel_session=...") and name.
struct Player {
  std::string name;
  std::string cookie;
  std::int64_t id = 0;
};

Player SignUp(unsigned short port, const std::string& name) {
  const RawReply session = Exchange(port, "GET", "/api/session", "", "", "");
  EXPECT_EQ(session.status, 200);
  EXPECT_FALSE(session.set_cookie.empty());
  const Json request{{"name", name}, {"password", "correct horse " + name}};
  const RawReply signed_up = Exchange(port, "POST", "/api/signup", session.set_cookie,
                                      session.body.value("csrf", ""), request.dump());
  EXPECT_EQ(signed_up.status, 201) << signed_up.body.dump();
  EXPECT_FALSE(signed_up.set_cookie.empty());
  Player player{name, signed_up.set_cookie};
  if (signed_up.body.contains("account") && signed_up.body["account"].is_object()) {
    player.id = signed_up.body["account"].value("id", std::int64_t{0});
  }
  return player;
}

// Gives `player` a rating in `pool`, as a rated match would have (straight into the server's
// database: the lobby reads ratings from it at each check).
void SetRating(const std::string& database, const Player& player, const std::string& pool,
               double rating) {
  auto storage = server::OpenSqliteStorage(database);
  const auto account = storage->FindAccount(player.name);
  ASSERT_TRUE(account) << player.name;
  server::StoredRating stored;
  stored.pool = pool;
  stored.rating = rating;
  stored.deviation = 80;
  stored.games = 30;
  static int fake_match = 0;
  ASSERT_TRUE(storage->SaveRatings("test-match-" + std::to_string(++fake_match),
                                   static_cast<std::int64_t>(std::time(nullptr)),
                                   {{account->id, stored}}));
}

// --- Messages ------------------------------------------------------------------------------------

Json Seek(const std::string& game, const std::string& id = "") {
  Json seek{{"type", "seek"}, {"game", game}};
  if (!id.empty()) seek["id"] = id;
  return seek;
}

Json WithSeek(const std::string& type, const std::string& seek, const std::string& id = "") {
  Json message{{"type", type}, {"seek", seek}};
  if (!id.empty()) message["id"] = id;
  return message;
}

// The next error of `client`, skipping other frames (live lobby frames may come first).
Json NextError(WsClient& client) {
  for (;;) {
    Json message = client.Next();
    if (message["type"] == "error") return message;
  }
}

// Sends `message` and expects an error with `code` (other frames skipped).
void Refuse(WsClient& client, const std::string& message, const std::string& code) {
  SCOPED_TRACE(message.substr(0, 120));
  client.SendText(message);
  const Json error = NextError(client);
  EXPECT_EQ(error["code"], code) << error.dump();
}

// The seek ids of a "lobby" answer.
std::set<std::string> SeekIds(const Json& lobby) {
  std::set<std::string> ids;
  for (const Json& seek : lobby["seeks"]) ids.insert(seek["seek"].get<std::string>());
  return ids;
}

// Whether any frame `client` receives within `wait` is a seek frame (it must not be).
bool HearsOfSeeks(WsClient& client, milliseconds wait = milliseconds(400)) {
  while (auto message = client.Receive(wait)) {
    const std::string type = (*message)["type"];
    if (type == "seek_added" || type == "seek_removed" || type == "invitation") return true;
  }
  return false;
}

Json Subscribe(WsClient& client) {
  client.Send(Json{{"type", "lobby"}, {"id", "sub"}});
  Json lobby = NextOfType(client, "lobby");
  EXPECT_EQ(lobby["id"], "sub");
  return lobby;
}

// --- Guests --------------------------------------------------------------------------------------

TEST(ServerLobby, ASeekAppearsLiveAndItsAcceptanceMakesTheMatch) {
  TempDir dir;
  ServerProcess server(dir.File("db.sqlite"));
  WsClient seeker(server.port()), watcher(server.port()), taker(server.port());
  EXPECT_TRUE(Subscribe(watcher)["seeks"].empty());
  EXPECT_TRUE(Subscribe(taker)["seeks"].empty());

  Json seek = Seek("dablot", "s1");
  seek["seat"] = 0;
  seeker.Send(seek);
  const Json posted = NextOfType(seeker, "seek_posted");
  EXPECT_EQ(posted["id"], "s1");
  const std::string id = posted["seek"];
  for (WsClient* client : {&watcher, &taker}) {
    const Json added = NextOfType(*client, "seek_added");
    EXPECT_EQ(added["seek"]["seek"], id);
    EXPECT_EQ(added["seek"]["game"], "dablot");
    EXPECT_EQ(added["seek"]["seat"], 0);
    EXPECT_EQ(added["seek"]["open"], 1);
    EXPECT_EQ(added["seek"]["rated"], false);
    EXPECT_TRUE(added["seek"]["by"].is_null());  // a guest
  }
  // The seeker sees its own seek in the list; it cannot take it.
  EXPECT_EQ(SeekIds(Subscribe(seeker)), std::set<std::string>{id});
  seeker.Send(WithSeek("accept_seek", id, "own"));
  const Json own = NextError(seeker);
  EXPECT_EQ(own["code"], "forbidden");
  EXPECT_EQ(own["id"], "own");

  taker.Send(WithSeek("accept_seek", id, "take"));
  const Json accepted = NextOfType(taker, "seek_accepted");
  EXPECT_EQ(accepted["id"], "take");
  EXPECT_EQ(accepted["waiting"], 0);
  const Json removed = NextOfType(watcher, "seek_removed");
  EXPECT_EQ(removed["seek"], id);
  EXPECT_EQ(removed["reason"], "taken");
  const Json ready_seeker = NextOfType(seeker, "match_ready");
  const Json ready_taker = NextOfType(taker, "match_ready");
  EXPECT_EQ(ready_seeker["match"], ready_taker["match"]);
  EXPECT_EQ(ready_seeker["game"], "dablot");
  EXPECT_EQ(ready_seeker["seat"], 0);  // the seat it chose
  EXPECT_EQ(ready_taker["seat"], 1);
  // Each token is its seat's.
  const std::string match = ready_seeker["match"];
  seeker.Send(JoinMessage(match, ready_seeker["token"]));
  EXPECT_EQ(NextOfType(seeker, "joined")["you"], 0);
  taker.Send(JoinMessage(match, ready_taker["token"]));
  EXPECT_EQ(NextOfType(taker, "joined")["you"], 1);
  // The list: no seek left, the new match among those to watch.
  const Json lobby = Subscribe(watcher);
  EXPECT_TRUE(lobby["seeks"].empty());
  bool listed = false;
  for (const Json& entry : lobby["matches"]) listed = listed || entry["match"] == match;
  EXPECT_TRUE(listed) << lobby.dump();
  // Taken: gone for everyone.
  watcher.Send(WithSeek("accept_seek", id));
  EXPECT_EQ(NextError(watcher)["code"], "not_found");
}

TEST(ServerLobby, GuestsSeeOnlyCasualSeeksAndLimitsHold) {
  TempDir dir;
  ServerProcess server(dir.File("db.sqlite"));
  WsClient guest(server.port()), watcher(server.port());
  Subscribe(watcher);
  // A guest can neither post a rated seek nor give a range.
  Json rated = Seek("dablot");
  rated["rated"] = true;
  Refuse(guest, rated.dump(), "forbidden");
  Json ranged = Seek("dablot");
  ranged["min_rating"] = 1400;
  Refuse(guest, ranged.dump(), "forbidden");
  // Bad tables are refused with the reason.
  Refuse(guest, Seek("chess").dump(), "bad_message");
  Json too_many_bots = Seek("dablot");
  too_many_bots["bots"] = {{"1", "random"}};
  Refuse(guest, too_many_bots.dump(), "bad_message");  // nobody to wait for
  Json bad_seat = Seek("dablot");
  bad_seat["seat"] = 2;
  Refuse(guest, bad_seat.dump(), "bad_message");
  Refuse(guest, R"({"type":"seek","game":"dablot","min_rating":"1500"})", "bad_message");
  Refuse(guest, R"({"type":"seek","game":"dablot","colour":0})", "bad_message");

  // Three open seeks at once; the fourth is refused.
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    guest.Send(Seek("dablot"));
    ids.push_back(NextOfType(guest, "seek_posted")["seek"]);
    EXPECT_EQ(NextOfType(watcher, "seek_added")["seek"]["seek"], ids.back());
  }
  guest.Send(Seek("dablot", "fourth"));
  const Json limit = NextError(guest);
  EXPECT_EQ(limit["code"], "limit");
  EXPECT_EQ(limit["id"], "fourth");
  // Another may not cancel it; its seeker may.
  watcher.Send(WithSeek("cancel_seek", ids[0]));
  EXPECT_EQ(NextError(watcher)["code"], "forbidden");
  guest.Send(WithSeek("cancel_seek", ids[0], "c"));
  EXPECT_EQ(NextOfType(guest, "seek_cancelled")["id"], "c");
  Json removed = NextOfType(watcher, "seek_removed");
  EXPECT_EQ(removed["seek"], ids[0]);
  EXPECT_EQ(removed["reason"], "cancelled");
  EXPECT_EQ(SeekIds(Subscribe(watcher)), (std::set<std::string>{ids[1], ids[2]}));
  // The seeker's connection goes: its seeks die with it.
  guest.Drop();
  std::set<std::string> gone;
  for (int i = 0; i < 2; ++i) {
    removed = NextOfType(watcher, "seek_removed");
    EXPECT_EQ(removed["reason"], "gone");
    gone.insert(removed["seek"].get<std::string>());
  }
  EXPECT_EQ(gone, (std::set<std::string>{ids[1], ids[2]}));
  EXPECT_TRUE(Subscribe(watcher)["seeks"].empty());
}

TEST(ServerLobby, AMultiPlayerTableFillsSeatBySeatWithTheBotsChosen) {
  TempDir dir;
  ServerProcess server(dir.File("db.sqlite"));
  WsClient seeker(server.port()), first(server.port()), second(server.port());
  Subscribe(first);
  Subscribe(second);
  Json seek = Seek("war");
  seek["options"] = {{"players", 4}};
  seek["seat"] = 0;
  seek["bots"] = {{"3", "random"}};
  seeker.Send(seek);
  const std::string id = NextOfType(seeker, "seek_posted")["seek"];
  EXPECT_EQ(NextOfType(first, "seek_added")["seek"]["open"], 2);
  EXPECT_EQ(NextOfType(second, "seek_added")["seek"]["bots"], Json({{"3", "random"}}));

  first.Send(WithSeek("accept_seek", id));
  EXPECT_EQ(NextOfType(first, "seek_accepted")["waiting"], 1);
  // The others see one seat fewer open (the seek again, changed).
  const Json changed = NextOfType(second, "seek_added");
  EXPECT_EQ(changed["seek"]["open"], 1);
  EXPECT_EQ(changed["seek"]["players"].size(), 2u);
  first.Send(WithSeek("accept_seek", id));
  EXPECT_EQ(NextError(first)["code"], "forbidden");  // a seat at this table already

  second.Send(WithSeek("accept_seek", id));
  EXPECT_EQ(NextOfType(second, "seek_accepted")["waiting"], 0);
  std::set<int> seats;
  std::string match;
  for (WsClient* client : {&seeker, &first, &second}) {
    const Json ready = NextOfType(*client, "match_ready");
    seats.insert(ready["seat"].get<int>());
    if (match.empty()) match = ready["match"];
    EXPECT_EQ(ready["match"], match);
    client->Send(JoinMessage(match, ready["token"]));
    const Json joined = NextOfType(*client, "joined");
    EXPECT_EQ(joined["you"], ready["seat"]);
    EXPECT_EQ(joined["seats"][3], "bot:random");
    EXPECT_EQ(joined["seats"][0], "person");
  }
  EXPECT_EQ(seats, (std::set<int>{0, 1, 2}));
  // A bot's seat cannot be the seeker's.
  Json bad = Seek("war");
  bad["options"] = {{"players", 3}};
  bad["seat"] = 1;
  bad["bots"] = {{"1", "random"}};
  Refuse(seeker, bad.dump(), "bad_message");
}

TEST(ServerLobby, ALobbyMatchCountsAgainstTheSeekersAddress) {
  TempDir dir;
  ServerProcess server(dir.File("db.sqlite"), {"--max-matches-per-address", "1"});
  WsClient seeker(server.port()), taker(server.port());
  for (int round = 0; round < 2; ++round) {
    seeker.Send(Seek("dablot"));
    const std::string id = NextOfType(seeker, "seek_posted")["seek"];
    taker.Send(WithSeek("accept_seek", id));
    NextOfType(taker, "seek_accepted");
    if (round == 0) {
      NextOfType(seeker, "match_ready");
      NextOfType(taker, "match_ready");
    } else {  // the address's one running match is the first: both hear why there is no second
      for (WsClient* client : {&seeker, &taker}) {
        const Json refused = NextError(*client);
        EXPECT_EQ(refused["code"], "limit") << refused.dump();
      }
    }
  }
}

// --- Accounts: rating ranges and invitations -----------------------------------------------------

TEST(ServerLobby, ARatingRangeHidesTheSeekFromPlayersOutsideIt) {
  TempDir dir;
  const std::string database = dir.File("db.sqlite");
  ServerProcess server(database);
  const Player alice = SignUp(server.port(), "alice");
  const Player bob = SignUp(server.port(), "bob");      // 1600: inside
  const Player carol = SignUp(server.port(), "carol");  // 1900: above
  const Player dave = SignUp(server.port(), "dave");    // no rating: 1500, below
  SetRating(database, bob, "stratego", 1600);
  SetRating(database, carol, "stratego", 1900);
  SetRating(database, dave, "dablot", 1600);  // another pool's rating does not count

  WsClient alice_ws(server.port(), {{"Cookie", alice.cookie}}),
      alice_other(server.port(), {{"Cookie", alice.cookie}});
  WsClient bob_ws(server.port(), {{"Cookie", bob.cookie}}),
      carol_ws(server.port(), {{"Cookie", carol.cookie}});
  WsClient dave_ws(server.port(), {{"Cookie", dave.cookie}}), guest(server.port());
  alice_other.Send(Json{{"type", "ping"}});  // a connection the server knows
  NextOfType(alice_other, "pong");
  for (WsClient* client : {&bob_ws, &carol_ws, &dave_ws, &guest}) Subscribe(*client);

  Json seek = Seek("stratego", "ranged");
  seek["rated"] = true;
  seek["min_rating"] = 1550;
  seek["max_rating"] = 1700;
  seek["clock"] = {{"kind", "live"}, {"initial_ms", 300000}, {"increment_ms", 2000}};
  alice_ws.Send(seek);
  const std::string id = NextOfType(alice_ws, "seek_posted")["seek"];
  const Json added = NextOfType(bob_ws, "seek_added")["seek"];
  EXPECT_EQ(added["seek"], id);
  EXPECT_EQ(added["by"], "alice");
  EXPECT_EQ(added["rated"], true);
  EXPECT_EQ(added["pool"], "stratego");
  EXPECT_EQ(added["min_rating"], 1550);
  EXPECT_EQ(added["max_rating"], 1700);
  EXPECT_EQ(added["rating"], 1500);  // alice has none yet
  EXPECT_EQ(added["clock"]["kind"], "live");
  // Outside the range, and a guest: nothing sent, nothing listed.
  for (WsClient* client : {&carol_ws, &dave_ws, &guest}) {
    EXPECT_FALSE(HearsOfSeeks(*client));
    EXPECT_TRUE(Subscribe(*client)["seeks"].empty());
  }
  EXPECT_EQ(SeekIds(Subscribe(bob_ws)), std::set<std::string>{id});
  // Accepting it answers as for a seek that does not exist: the same code, the same words.
  guest.Send(WithSeek("accept_seek", "no-such-seek"));
  const Json unknown = NextError(guest);
  EXPECT_EQ(unknown["code"], "not_found");
  EXPECT_EQ(unknown["message"], "no seek 'no-such-seek'");
  for (WsClient* client : {&carol_ws, &dave_ws, &guest}) {
    client->Send(WithSeek("accept_seek", id));
    const Json refused = NextError(*client);
    EXPECT_EQ(refused["code"], "not_found");
    EXPECT_EQ(refused["message"], "no seek '" + id + "'");
  }
  // A rating that changes counts at once (read from the database at each check).
  SetRating(database, carol, "stratego", 1650);
  EXPECT_EQ(SeekIds(Subscribe(carol_ws)), std::set<std::string>{id});
  SetRating(database, carol, "stratego", 1900);
  carol_ws.Send(WithSeek("accept_seek", id));
  EXPECT_EQ(NextError(carol_ws)["code"], "not_found");

  bob_ws.Send(WithSeek("accept_seek", id));
  EXPECT_EQ(NextOfType(bob_ws, "seek_accepted")["waiting"], 0);
  const Json ready_bob = NextOfType(bob_ws, "match_ready");
  const Json ready_alice = NextOfType(alice_ws, "match_ready");
  // Every connection of the account hears of it.
  EXPECT_EQ(NextOfType(alice_other, "match_ready"), ready_alice);
  EXPECT_EQ(ready_alice["match"], ready_bob["match"]);
  EXPECT_NE(ready_alice["seat"], ready_bob["seat"]);  // drawn at random
  // The match is rated, with its clock, and its seats are the accounts'.
  auto storage = server::OpenSqliteStorage(database);
  const auto stored = storage->LoadMatch(ready_alice["match"]);
  ASSERT_TRUE(stored);
  EXPECT_TRUE(stored->rated);
  EXPECT_EQ(stored->clock.kind, server::ClockSpec::Kind::kLive);
  EXPECT_EQ(stored->clock.initial_ms, 300000);
  EXPECT_EQ(stored->seats[ready_alice["seat"].get<int>()].account_name, "alice");
  EXPECT_EQ(stored->seats[ready_bob["seat"].get<int>()].account_name, "bob");
  // Dave never heard of it, even of its removal.
  EXPECT_FALSE(HearsOfSeeks(dave_ws));

  // Awaiting: the lobby lists the matches where the player is to move, and says so live.
  const std::string match = ready_alice["match"];
  const bool alice_first = ready_alice["seat"] == 0;
  WsClient& first = alice_first ? alice_ws : bob_ws;
  WsClient& second = alice_first ? bob_ws : alice_ws;
  const Json& first_ready = alice_first ? ready_alice : ready_bob;
  const Json first_lobby = Subscribe(first);
  ASSERT_EQ(first_lobby["awaiting"].size(), 1u) << first_lobby.dump();
  EXPECT_EQ(first_lobby["awaiting"][0]["match"], match);
  EXPECT_EQ(first_lobby["awaiting"][0]["seat"], 0);
  EXPECT_TRUE(Subscribe(second)["awaiting"].empty());
  first.Send(JoinMessage(match, first_ready["token"]));
  const Json joined = NextOfType(first, "joined");
  first.Send(
      Json{{"type", "act"}, {"match", match}, {"event", joined["event"]}, {"turn", "random 7"}});
  const Json yours = NextOfType(second, "awaiting");
  ASSERT_EQ(yours["awaiting"].size(), 1u) << yours.dump();
  EXPECT_EQ(yours["awaiting"][0]["match"], match);
  EXPECT_EQ(yours["awaiting"][0]["seat"], 1);
  EXPECT_TRUE(NextOfType(first, "awaiting")["awaiting"].empty());
  EXPECT_EQ(Subscribe(second)["awaiting"][0]["match"], match);
}

TEST(ServerLobby, AnInvitationReachesOnlyTheInvitee) {
  TempDir dir;
  ServerProcess server(dir.File("db.sqlite"));
  const Player alice = SignUp(server.port(), "alice");
  const Player bob = SignUp(server.port(), "bob");
  const Player carol = SignUp(server.port(), "carol");
  WsClient alice_ws(server.port(), {{"Cookie", alice.cookie}}),
      bob_ws(server.port(), {{"Cookie", bob.cookie}});
  WsClient carol_ws(server.port(), {{"Cookie", carol.cookie}}), guest(server.port());
  bob_ws.Send(Json{{"type", "ping"}});
  NextOfType(bob_ws, "pong");
  Subscribe(carol_ws);
  Subscribe(alice_ws);

  Json invite{{"type", "invite"}, {"to", "BOB"}, {"game", "espionage"}, {"id", "i1"}};
  Refuse(guest, invite.dump(), "forbidden");  // a guest does not invite
  Json nobody = invite;
  nobody["to"] = "nobody";
  alice_ws.Send(nobody);
  EXPECT_EQ(NextError(alice_ws)["code"], "not_found");
  Json self = invite;
  self["to"] = "alice";
  alice_ws.Send(self);
  EXPECT_EQ(NextError(alice_ws)["code"], "bad_message");

  alice_ws.Send(invite);
  const std::string id = NextOfType(alice_ws, "seek_posted")["seek"];
  const Json invitation = NextOfType(bob_ws, "invitation");
  EXPECT_EQ(invitation["seek"]["seek"], id);
  EXPECT_EQ(invitation["seek"]["by"], "alice");
  EXPECT_EQ(invitation["seek"]["invite"], "bob");
  EXPECT_EQ(NextOfType(alice_ws, "seek_added")["seek"]["seek"], id);  // its own, listed
  EXPECT_EQ(SeekIds(Subscribe(bob_ws)), std::set<std::string>{id});
  EXPECT_FALSE(HearsOfSeeks(carol_ws));
  EXPECT_TRUE(Subscribe(carol_ws)["seeks"].empty());
  carol_ws.Send(WithSeek("accept_seek", id));
  EXPECT_EQ(NextError(carol_ws)["code"], "not_found");
  carol_ws.Send(WithSeek("decline", id));
  EXPECT_EQ(NextError(carol_ws)["code"], "not_found");

  // Declined: alice hears so; the seek is gone.
  bob_ws.Send(WithSeek("decline", id, "no"));
  EXPECT_EQ(NextOfType(bob_ws, "seek_cancelled")["id"], "no");
  const Json declined = NextOfType(alice_ws, "declined");
  EXPECT_EQ(declined["seek"], id);
  EXPECT_EQ(declined["by"], "bob");
  EXPECT_EQ(NextOfType(alice_ws, "seek_removed")["reason"], "declined");

  // Again, accepted: the match is theirs.
  alice_ws.Send(invite);
  const std::string again = NextOfType(alice_ws, "seek_posted")["seek"];
  NextOfType(bob_ws, "invitation");
  bob_ws.Send(WithSeek("accept_seek", again));
  const Json ready_bob = NextOfType(bob_ws, "match_ready");
  const Json ready_alice = NextOfType(alice_ws, "match_ready");
  EXPECT_EQ(ready_alice["match"], ready_bob["match"]);
  EXPECT_FALSE(HearsOfSeeks(carol_ws));
  // A signed-in player joins its seat without the token (the account holds it).
  WsClient bob_elsewhere(server.port(), {{"Cookie", bob.cookie}});
  bob_elsewhere.Send(JoinMessage(ready_bob["match"]));
  EXPECT_EQ(NextOfType(bob_elsewhere, "joined")["you"], ready_bob["seat"]);
}

TEST(ServerLobby, AnAccountsSeekDiesWithItsLastConnection) {
  TempDir dir;
  ServerProcess server(dir.File("db.sqlite"));
  const Player alice = SignUp(server.port(), "alice");
  const Player bob = SignUp(server.port(), "bob");
  auto alice_one =
      std::make_unique<WsClient>(server.port(), HeaderFields{{"Cookie", alice.cookie}});
  auto alice_two =
      std::make_unique<WsClient>(server.port(), HeaderFields{{"Cookie", alice.cookie}});
  WsClient bob_ws(server.port(), {{"Cookie", bob.cookie}});
  Subscribe(bob_ws);
  alice_two->Send(Json{{"type", "ping"}});
  NextOfType(*alice_two, "pong");
  alice_one->Send(Seek("dablot"));
  const std::string id = NextOfType(*alice_one, "seek_posted")["seek"];
  EXPECT_EQ(NextOfType(bob_ws, "seek_added")["seek"]["by"], "alice");
  // The account's own seeks count together: 3 at most, whichever connection posted them.
  alice_two->Send(Seek("dablot"));
  NextOfType(*alice_two, "seek_posted");
  alice_two->Send(Seek("dablot"));
  NextOfType(*alice_two, "seek_posted");
  alice_two->Send(Seek("dablot"));
  EXPECT_EQ(NextError(*alice_two)["code"], "limit");
  // One connection goes: alice is still here, her seeks too.
  alice_one.reset();
  while (const auto message = bob_ws.Receive(milliseconds(500))) {
    EXPECT_NE((*message)["type"], "seek_removed") << message->dump();
  }
  EXPECT_EQ(Subscribe(bob_ws)["seeks"].size(), 3u);
  // The last one goes: so do they.
  alice_two.reset();
  std::set<std::string> gone;
  for (int i = 0; i < 3; ++i) {
    const Json removed = NextOfType(bob_ws, "seek_removed");
    EXPECT_EQ(removed["reason"], "gone");
    gone.insert(removed["seek"].get<std::string>());
  }
  EXPECT_TRUE(gone.contains(id));
  EXPECT_TRUE(Subscribe(bob_ws)["seeks"].empty());
}

// --- Rematch -------------------------------------------------------------------------------------

TEST(ServerLobby, ARematchSwapsTheSeatsOnceBothAsk) {
  TempDir dir;
  ServerProcess server(dir.File("db.sqlite"));
  PersonMatch match(server.port(), "dablot");
  WsClient spectator(server.port());
  spectator.Send(JoinMessage(match.id));
  NextOfType(spectator, "joined");
  // Not before the end.
  match.seats[0]->Send(Json{{"type", "rematch"}, {"match", match.id}});
  EXPECT_EQ(NextError(*match.seats[0])["code"], "forbidden");

  match.seats[0]->Send(SeatMessage("resign", match.id, match.last[0]["event"]));
  for (int seat = 0; seat < 2; ++seat) {
    EXPECT_TRUE(NextOfType(*match.seats[seat], "event")["state"]["over"].get<bool>());
  }
  spectator.Send(Json{{"type", "rematch"}, {"match", match.id}});
  EXPECT_EQ(NextError(spectator)["code"], "forbidden");

  match.seats[1]->Send(Json{{"type", "rematch"}, {"match", match.id}, {"id", "r"}});
  const Json offer = NextOfType(*match.seats[0], "rematch_offer");
  EXPECT_EQ(offer["seat"], 1);
  EXPECT_EQ(offer["match"], match.id);
  match.seats[0]->Send(Json{{"type", "rematch"}, {"match", match.id}});
  const Json ready0 = NextOfType(*match.seats[0], "match_ready");
  const Json ready1 = NextOfType(*match.seats[1], "match_ready");
  EXPECT_EQ(ready0["match"], ready1["match"]);
  EXPECT_NE(ready0["match"], match.id);
  EXPECT_EQ(ready0["seat"], 1);  // swapped
  EXPECT_EQ(ready1["seat"], 0);
  match.seats[0]->Send(JoinMessage(ready0["match"], ready0["token"]));
  const Json joined = NextOfType(*match.seats[0], "joined");
  EXPECT_EQ(joined["you"], 1);
  EXPECT_EQ(joined["game"], "dablot");
  // Once only.
  match.seats[1]->Send(Json{{"type", "rematch"}, {"match", match.id}});
  EXPECT_EQ(NextError(*match.seats[1])["code"], "forbidden");

  // Against a bot, the rematch comes at once.
  const Json created =
      CreateMatch(server.port(), "dablot", Json::object(), {PersonSeat(), BotSeat("random")});
  WsClient player(server.port());
  player.Send(JoinMessage(created["match"], created["seats"][0]["token"]));
  Json last = NextOfType(player, "joined");
  while (!last["state"]["your_turn"].get<bool>()) last = NextOfType(player, "event");
  player.Send(SeatMessage("resign", created["match"], last["event"]));
  for (;;) {
    const Json event = NextOfType(player, "event");
    if (event["state"]["over"].get<bool>()) break;
  }
  player.Send(Json{{"type", "rematch"}, {"match", created["match"]}});
  const Json ready = NextOfType(player, "match_ready");
  EXPECT_EQ(ready["seat"], 1);
  player.Send(JoinMessage(ready["match"], ready["token"]));
  EXPECT_EQ(NextOfType(player, "joined")["seats"][0], "bot:random");
}

// --- Chat ----------------------------------------------------------------------------------------

Json Chat(const std::string& match, const std::string& text, const std::string& id = "") {
  Json chat{{"type", "chat"}, {"match", match}, {"text", text}};
  if (!id.empty()) chat["id"] = id;
  return chat;
}

TEST(ServerLobby, ChatIsBetweenThePlayersAndLimited) {
  TempDir dir;
  ServerProcess server(dir.File("db.sqlite"));
  PersonMatch match(server.port(), "espionage");
  WsClient spectator(server.port());
  spectator.Send(JoinMessage(match.id));
  NextOfType(spectator, "joined");
  WsClient& red = *match.seats[0];
  WsClient& blue = *match.seats[1];

  // Trimmed, sent as text to both seats; the sender's copy echoes its id.
  red.Send(Chat(match.id, "  <b>hi</b> & olá  ", "c1"));
  const Json own = NextOfType(red, "chat");
  EXPECT_EQ(own["id"], "c1");
  EXPECT_EQ(own["text"], "<b>hi</b> & olá");
  EXPECT_EQ(own["seat"], 0);
  const Json other = NextOfType(blue, "chat");
  EXPECT_EQ(other["text"], "<b>hi</b> & olá");
  EXPECT_FALSE(other.contains("id"));
  // The spectators do not read it.
  while (auto message = spectator.Receive(milliseconds(300))) {
    EXPECT_NE((*message)["type"], "chat") << message->dump();
  }
  spectator.Send(Chat(match.id, "hello"));
  EXPECT_EQ(NextError(spectator)["code"], "forbidden");

  // Length: 1 to 300 code points after trimming; valid UTF-8 only; one line.
  Refuse(red, Chat(match.id, "   ").dump(), "bad_message");
  std::string longest;
  for (int i = 0; i < 300; ++i) longest += "é";  // 600 bytes, 300 code points
  Refuse(red, Chat(match.id, longest + "é").dump(), "bad_message");
  Refuse(red, Chat(match.id, "two\nlines").dump(), "bad_message");
  // A lone surrogate, escaped: not text.
  Refuse(red, std::string(R"({"type":"chat","match":")") + match.id + R"(","text":"a\ud800"})",
         "bad_message");
  {
    // Bytes that are not UTF-8 in a text frame: the WebSocket layer closes that connection
    // (RFC 6455, 8.1), and nobody reads them.
    WsClient red_again(server.port());
    red_again.Send(JoinMessage(match.id, match.tokens[0]));
    NextOfType(red_again, "joined");
    red_again.SendText(std::string(R"({"type":"chat","match":")") + match.id +
                       "\",\"text\":\"a\xff\xc0\xaf\"}");
    bool closed = false;
    try {
      while (const auto message = red_again.Receive(std::chrono::seconds(3))) {
        EXPECT_TRUE((*message)["type"] != "chat" || message->value("history", false))
            << message->dump();
      }
    } catch (const std::exception&) {
      closed = true;
    }
    EXPECT_TRUE(closed);
  }
  red.Send(Chat(match.id, longest, "long"));
  EXPECT_EQ(NextOfType(red, "chat")["text"], longest);

  // At most 5 lines in 10 s per seat (two sent so far): the sixth is refused, with its id.
  for (int i = 0; i < 3; ++i) {
    red.Send(Chat(match.id, "line " + std::to_string(i)));
    NextOfType(red, "chat");
  }
  red.Send(Chat(match.id, "one too many", "c6"));
  const Json limited = NextError(red);
  EXPECT_EQ(limited["code"], "rate_limited");
  EXPECT_EQ(limited["id"], "c6");
  blue.Send(Chat(match.id, "mine still goes", "b1"));  // the limit is per seat
  Json line = NextOfType(blue, "chat");
  while (!line.contains("id")) line = NextOfType(blue, "chat");  // red's lines first
  EXPECT_EQ(line["id"], "b1");
  EXPECT_EQ(line["seat"], 1);

  // A seat that joins again reads the lines kept, marked as history.
  WsClient blue_again(server.port());
  blue_again.Send(JoinMessage(match.id, match.tokens[1]));
  NextOfType(blue_again, "joined");
  std::vector<std::string> history;
  for (int i = 0; i < 6; ++i) {
    const Json line = NextOfType(blue_again, "chat");
    EXPECT_TRUE(line.value("history", false));
    history.push_back(line["text"]);
  }
  EXPECT_EQ(history.front(), "<b>hi</b> & olá");
  EXPECT_EQ(history.back(), "mine still goes");

  // No chat against bots.
  const Json created =
      CreateMatch(server.port(), "dablot", Json::object(), {PersonSeat(), BotSeat("random")});
  WsClient player(server.port());
  player.Send(JoinMessage(created["match"], created["seats"][0]["token"]));
  NextOfType(player, "joined");
  player.Send(Chat(created["match"], "hello bot"));
  EXPECT_EQ(NextError(player)["code"], "forbidden");
  // Not in a match one has not joined.
  Refuse(player, Chat(match.id, "hi").dump(), "not_joined");
}

}  // namespace
}  // namespace quartel::server_test
