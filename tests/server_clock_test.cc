// Clocks kept by the server (issue 22, §3; docs/PROTOCOL.md, "Clocks"): the arithmetic alone, then
// the real `quartel serve` over real sockets with clocks of a second or two (--min-clock-ms): a
// flag on time ends a two-player match, a WAR seat's flag takes it out and the game goes on, the
// increment is added, a restart keeps the time used, a seat claims the win over an opponent gone
// away, an unwatched match is abandoned (and its address may create again), and a finished match
// leaves memory.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/clock.h"
#include "server_client.h"
#include "server_test_helpers.h"

namespace quartel::server_test {
namespace {

using server::ClockSpec;
using server::MatchClock;
using std::chrono::milliseconds;
using Steady = std::chrono::steady_clock;

// --- The arithmetic ------------------------------------------------------------------------------

TEST(ClockArithmetic, LiveChargesTheMoverAndAddsTheIncrementWhenItsTurnEnds) {
  ClockSpec spec{ClockSpec::Kind::kLive, 60'000, 2'000, 0};
  MatchClock clock(spec, {true, true});
  const Steady::time_point t0{};
  clock.OnEvent(t0, false, 0);  // the match begins: seat 0 to move
  EXPECT_EQ(clock.RemainingAt(t0 + milliseconds(1500)),
            (std::vector<std::int64_t>{58'500, 60'000}));
  // An event in the middle of seat 0's turn (a jump that goes on): charged, no increment.
  clock.OnEvent(t0 + milliseconds(1000), false, 0);
  EXPECT_EQ(clock.RemainingAt(t0 + milliseconds(1000))[0], 59'000);
  // Its turn ends at 3 s: 3 s used, 2 s added; seat 1's clock runs from then.
  clock.OnEvent(t0 + milliseconds(3000), true, 1);
  EXPECT_EQ(clock.RemainingAt(t0 + milliseconds(4000)),
            (std::vector<std::int64_t>{59'000, 59'000}));
  ASSERT_TRUE(clock.FlagAt());
  EXPECT_EQ(*clock.FlagAt(), t0 + milliseconds(3000 + 60'000));
  EXPECT_EQ(clock.running(), 1);
  const Json json = clock.ToJson(t0 + milliseconds(4000));
  EXPECT_EQ(json, Json::parse(R"({"kind":"live","remaining_ms":[59000,59000],"running":[1],
                                  "increment_ms":2000})"));
  // A clock never goes below 0.
  EXPECT_EQ(clock.RemainingAt(t0 + std::chrono::hours(2))[1], 0);
}

TEST(ClockArithmetic, CorrespondenceGivesEachMoveItsWholeTime) {
  ClockSpec spec{ClockSpec::Kind::kCorrespondence, 0, 0, 86'400'000};
  MatchClock clock(spec, {true, true});
  const Steady::time_point t0{};
  clock.OnEvent(t0, false, 0);
  clock.OnEvent(t0 + std::chrono::hours(20), true, 1);  // seat 0 took 20 hours
  EXPECT_EQ(clock.RemainingAt(t0 + std::chrono::hours(20))[0], 86'400'000) << "its next move";
  EXPECT_EQ(clock.RemainingAt(t0 + std::chrono::hours(21))[1], 82'800'000);
  EXPECT_EQ(clock.ToJson(t0)["per_move_ms"], 86'400'000);
}

TEST(ClockArithmetic, ABotsClockNeverRunsAndARestoredClockGoesOnFromItsStoredTime) {
  ClockSpec spec{ClockSpec::Kind::kLive, 10'000, 0, 0};
  MatchClock clock(spec, {true, false});
  const Steady::time_point t0{};
  clock.OnEvent(t0, false, 1);  // the bot to move
  EXPECT_FALSE(clock.running());
  EXPECT_FALSE(clock.FlagAt());
  MatchClock restored(spec, {true, false});
  restored.Restore({4'000, 10'000});
  restored.OnEvent(t0 + std::chrono::hours(5), false, 0);  // the server was down 5 hours
  EXPECT_EQ(restored.RemainingAt(t0 + std::chrono::hours(5) + milliseconds(500))[0], 3'500);
  restored.Stop(t0 + std::chrono::hours(5) + milliseconds(1000));
  EXPECT_FALSE(restored.running());
  EXPECT_EQ(restored.RemainingAt(t0 + std::chrono::hours(9))[0], 3'000);
}

// --- The server ----------------------------------------------------------------------------------

Json LiveClock(int initial_ms, int increment_ms) {
  return Json{{"kind", "live"}, {"initial_ms", initial_ms}, {"increment_ms", increment_ms}};
}

HttpReply PostMatch(unsigned short port, const std::string& game, const std::vector<Json>& seats,
                    const Json& clock, const Json& options = Json::object()) {
  Json request{{"game", game}, {"options", options}, {"seats", seats}};
  if (!clock.is_null()) request["clock"] = clock;
  return HttpPost(port, "/api/matches", request.dump());
}

Json Created(const HttpReply& reply) {
  EXPECT_EQ(reply.status, 201) << reply.body.dump();
  return reply.body;
}

// The next "event" frame (presence frames skipped), within `timeout`.
Json NextEvent(WsClient& client, milliseconds timeout = milliseconds(10'000)) {
  const auto deadline = Steady::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - Steady::now());
    if (left <= milliseconds(0)) throw std::runtime_error("no event in time");
    Json message = client.Next(left);
    if (message["type"] == "event") return message;
    if (message["type"] == "error") throw std::runtime_error("unexpected error: " + message.dump());
  }
}

// A metric's value from GET /metrics.
long Metric(unsigned short port, const std::string& name) {
  const std::string text = HttpGet(port, "/metrics").text;
  const auto at = text.find("\n" + name + " ");
  if (at == std::string::npos) throw std::runtime_error("no metric " + name + " in:\n" + text);
  return std::stol(text.substr(at + name.size() + 2));
}

// Polls `name` until it is `value` (or `timeout` passes); returns what it read last.
long MetricBecomes(unsigned short port, const std::string& name, long value,
                   milliseconds timeout = milliseconds(5000)) {
  const auto deadline = Steady::now() + timeout;
  long now = Metric(port, name);
  while (now != value && Steady::now() < deadline) {
    std::this_thread::sleep_for(milliseconds(50));
    now = Metric(port, name);
  }
  return now;
}

TEST(ServerClock, ABadClockIsRefusedWithItsReason) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));  // the default bounds: live 10 s to 3 h
  const std::vector<Json> seats{PersonSeat(), PersonSeat()};
  const struct {
    Json clock;
    std::string says;
  } cases[] = {
      {LiveClock(5'000, 0), "initial_ms is 10 to 10800 seconds"},
      {LiveClock(4 * 3'600'000, 0), "initial_ms is 10 to 10800 seconds"},
      {LiveClock(60'000, 200'000), "increment_ms is 0 to 180 seconds"},
      {Json{{"kind", "live"}, {"initial_ms", 60'000}}, "needs a whole number 'increment_ms'"},
      {Json{{"kind", "correspondence"}, {"per_move_ms", 3'600'000}}, "per_move_ms is 1 to 14 days"},
      {Json{{"kind", "blitz"}}, "unknown clock kind 'blitz'"},
      {Json("5+3"), "a clock is"},
  };
  for (const auto& c : cases) {
    const HttpReply reply = PostMatch(server.port(), "dablot", seats, c.clock);
    EXPECT_EQ(reply.status, 400) << c.clock.dump();
    EXPECT_NE(reply.body["error"].get<std::string>().find(c.says), std::string::npos)
        << reply.body.dump();
  }
  EXPECT_EQ(PostMatch(server.port(), "dablot", seats, LiveClock(300'000, 3'000)).status, 201);
  const Json day{{"kind", "correspondence"}, {"per_move_ms", 86'400'000}};
  EXPECT_EQ(PostMatch(server.port(), "dablot", seats, day).status, 201);
}

// Dablot, two persons, a 1.5 s clock: the seat to move does not; the server flags it.
TEST(ServerClock, AFlagOnTimeEndsTheMatch) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"), {"--min-clock-ms", "500"});
  const auto created_at = Steady::now();
  const Json created =
      Created(PostMatch(server.port(), "dablot", {PersonSeat(), PersonSeat()}, LiveClock(1500, 0)));
  const std::string id = created["match"];
  WsClient seat0(server.port());
  seat0.Send(JoinMessage(id, created["seats"][0]["token"]));
  const Json joined = NextOfType(seat0, "joined");
  const Json clock = joined["state"]["clock"];
  EXPECT_EQ(clock["kind"], "live");
  EXPECT_EQ(clock["increment_ms"], 0);
  const int mover = joined["state"]["to_act"];
  EXPECT_EQ(clock["running"], Json::array({mover}));
  EXPECT_LE(clock["remaining_ms"][mover].get<int>(), 1500);
  EXPECT_GT(clock["remaining_ms"][mover].get<int>(), 500);
  EXPECT_EQ(clock["remaining_ms"][1 - mover], 1500);

  const Json flag = NextEvent(seat0, milliseconds(5000));
  const auto after = Steady::now() - created_at;
  EXPECT_GE(after, milliseconds(1400));
  EXPECT_LT(after, milliseconds(4000));
  EXPECT_EQ(flag["kind"], "timeout");
  EXPECT_EQ(flag["by"], mover);
  EXPECT_EQ(flag["steps"],
            Json::parse(R"([{"kind":"timeout","seat":)" + std::to_string(mover) + "}]"));
  EXPECT_EQ(flag["state"]["over"], true);
  EXPECT_EQ(flag["state"]["ending"], "time");
  Json result = Json::array({"win", "win"});
  result[mover] = "loss";
  EXPECT_EQ(flag["state"]["result"], result);
  EXPECT_EQ(flag["state"]["clock"]["remaining_ms"][mover], 0);
  EXPECT_EQ(flag["state"]["clock"]["running"], Json::array());

  // Stored: the match list and the record say the same, and acting now is refused.
  const HttpReply info = HttpGet(server.port(), "/api/matches/" + id);
  EXPECT_EQ(info.body["over"], true);
  EXPECT_EQ(info.body["result"], result);
  const HttpReply record = HttpGet(server.port(), "/api/matches/" + id + "/record");
  EXPECT_EQ(record.body["ending"], "time") << record.body.dump();
  ExpectRefused(seat0, ActMessage(id, flag["event"], 0).dump(), "over");
}

TEST(ServerClock, TheIncrementIsAddedAfterTheMove) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"), {"--min-clock-ms", "500"});
  const Json created = Created(
      PostMatch(server.port(), "dablot", {PersonSeat(), PersonSeat()}, LiveClock(5000, 2000)));
  const std::string id = created["match"];
  WsClient seat0(server.port()), seat1(server.port());
  seat0.Send(JoinMessage(id, created["seats"][0]["token"]));
  seat1.Send(JoinMessage(id, created["seats"][1]["token"]));
  Json joined[2] = {NextOfType(seat0, "joined"), NextOfType(seat1, "joined")};
  const int mover = joined[0]["state"]["to_act"];
  std::this_thread::sleep_for(milliseconds(600));
  WsClient& moving = mover == 0 ? seat0 : seat1;
  moving.Send(ActMessage(id, joined[mover]["event"], LegalIds(joined[mover]["state"]).front()));
  const Json moved = NextEvent(moving);
  const Json clock = moved["state"]["clock"];
  // 5 s, less about 0.6 s used, plus 2 s.
  const int left = clock["remaining_ms"][mover];
  EXPECT_GT(left, 5000 - 600 - 500 + 2000) << clock.dump();
  EXPECT_LE(left, 5000 - 600 + 2000) << clock.dump();
  EXPECT_EQ(clock["running"], Json::array({1 - mover}));
  EXPECT_EQ(clock["increment_ms"], 2000);
  // The other seat sees the same clocks (time is public).
  const Json seen = NextEvent(mover == 0 ? seat1 : seat0);
  EXPECT_NEAR(seen["state"]["clock"]["remaining_ms"][mover].get<int>(), left, 100);
}

// Correspondence: each move has its whole time from the moment it became the seat's turn.
TEST(ServerClock, ACorrespondenceMoveHasItsWholeTime) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"), {"--min-clock-ms", "500"});
  const Json per_move{{"kind", "correspondence"}, {"per_move_ms", 1500}};
  const Json created =
      Created(PostMatch(server.port(), "dablot", {PersonSeat(), PersonSeat()}, per_move));
  const std::string id = created["match"];
  WsClient seat0(server.port()), seat1(server.port());
  seat0.Send(JoinMessage(id, created["seats"][0]["token"]));
  seat1.Send(JoinMessage(id, created["seats"][1]["token"]));
  Json joined[2] = {NextOfType(seat0, "joined"), NextOfType(seat1, "joined")};
  EXPECT_EQ(joined[0]["state"]["clock"]["per_move_ms"], 1500);
  const int mover = joined[0]["state"]["to_act"];
  std::this_thread::sleep_for(milliseconds(1000));
  WsClient& moving = mover == 0 ? seat0 : seat1;
  moving.Send(ActMessage(id, joined[mover]["event"], LegalIds(joined[mover]["state"]).front()));
  const Json moved = NextEvent(moving);
  EXPECT_EQ(moved["state"]["clock"]["remaining_ms"][mover], 1500) << "its next move's whole time";
  EXPECT_GT(moved["state"]["clock"]["remaining_ms"][1 - mover].get<int>(), 1300);
  // The other seat does not move: it flags 1.5 s after its turn began (not after the start).
  const auto turn = Steady::now();
  const Json flag = NextEvent(moving, milliseconds(4000));
  EXPECT_EQ(flag["kind"], "timeout");
  EXPECT_EQ(flag["by"], 1 - mover);
  EXPECT_GE(Steady::now() - turn, milliseconds(1300));
  EXPECT_EQ(flag["state"]["ending"], "time");
}

// The time used survives a restart: after it, the mover's time is what was stored with its last
// event, not the initial time; the time the server was down is not charged.
TEST(ServerClock, ARestartKeepsTheTimeUsed) {
  TempDir dir;
  const std::string database = dir.File("quartel.db");
  std::string id, tokens[2];
  int mover = -1, stored_left = 0;
  {
    ServerProcess server(database, {"--min-clock-ms", "500"});
    const Json created = Created(
        PostMatch(server.port(), "dablot", {PersonSeat(), PersonSeat()}, LiveClock(4000, 0)));
    id = created["match"];
    tokens[0] = created["seats"][0]["token"];
    tokens[1] = created["seats"][1]["token"];
    WsClient seat0(server.port()), seat1(server.port());
    seat0.Send(JoinMessage(id, tokens[0]));
    seat1.Send(JoinMessage(id, tokens[1]));
    Json joined[2] = {NextOfType(seat0, "joined"), NextOfType(seat1, "joined")};
    mover = joined[0]["state"]["to_act"];
    std::this_thread::sleep_for(milliseconds(1500));
    WsClient& moving = mover == 0 ? seat0 : seat1;
    moving.Send(ActMessage(id, joined[mover]["event"], LegalIds(joined[mover]["state"]).front()));
    const Json moved = NextEvent(moving);
    stored_left = moved["state"]["clock"]["remaining_ms"][mover];
    EXPECT_LE(stored_left, 2500);
    EXPECT_GT(stored_left, 1500);
    std::this_thread::sleep_for(milliseconds(700));  // the other seat thinks, then the server stops
  }
  std::this_thread::sleep_for(milliseconds(700));  // down for a while: not charged
  ServerProcess server(database, {"--min-clock-ms", "500"});
  WsClient watcher(server.port());
  watcher.Send(JoinMessage(id));
  const Json clock = NextOfType(watcher, "joined")["state"]["clock"];
  EXPECT_EQ(clock["remaining_ms"][mover], stored_left) << "not reset to 4000: " << clock.dump();
  // The other seat resumes from its time stored with the last event (4 s), less the moments
  // since the restart: its 0.7 s before the stop were not stored, the downtime not charged.
  EXPECT_GT(clock["remaining_ms"][1 - mover].get<int>(), 3500) << clock.dump();
  EXPECT_LE(clock["remaining_ms"][1 - mover].get<int>(), 4000) << clock.dump();
  EXPECT_EQ(clock["running"], Json::array({1 - mover}));
  // And its timer is armed again: it flags about 4 s after the restart.
  const Json flag = NextEvent(watcher, milliseconds(7000));
  EXPECT_EQ(flag["kind"], "timeout");
  EXPECT_EQ(flag["by"], 1 - mover);
  EXPECT_EQ(flag["state"]["ending"], "time");
}

// WAR, three persons who never move: the first to act flags and leaves as by resignation (its
// armies neutral), the game goes on; the next one's flag leaves one player, who wins.
TEST(ServerClock, AWarSeatsFlagTakesItOutAndTheGameGoesOn) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"), {"--min-clock-ms", "500"});
  const Json created = Created(PostMatch(
      server.port(), "war", {PersonSeat(), PersonSeat(), PersonSeat()}, LiveClock(1000, 0)));
  const std::string id = created["match"];
  WsClient watcher(server.port());
  watcher.Send(JoinMessage(id));
  const Json joined = NextOfType(watcher, "joined");
  const int first = joined["state"]["to_act"];
  EXPECT_EQ(joined["state"]["clock"]["running"], Json::array({first}));

  const Json out = NextEvent(watcher, milliseconds(5000));
  EXPECT_EQ(out["kind"], "timeout");
  EXPECT_EQ(out["by"], first);
  EXPECT_EQ(out["state"]["over"], false) << "the game goes on without it";
  const int second = out["state"]["to_act"];
  EXPECT_NE(second, first);
  EXPECT_EQ(out["state"]["clock"]["remaining_ms"][first], 0);
  EXPECT_EQ(out["state"]["clock"]["running"], Json::array({second}));

  const Json last = NextEvent(watcher, milliseconds(5000));
  EXPECT_EQ(last["kind"], "timeout");
  EXPECT_EQ(last["by"], second);
  EXPECT_EQ(last["state"]["over"], true);
  EXPECT_EQ(last["state"]["ending"], "time");
  const int winner = 3 - first - second;
  Json result = Json::array({"loss", "loss", "loss"});
  result[winner] = "win";
  EXPECT_EQ(last["state"]["result"], result);
  // The record replays the same way (the first flag as a resignation entry).
  const HttpReply record = HttpGet(server.port(), "/api/matches/" + id + "/record");
  EXPECT_EQ(record.body["result"], result) << record.body.dump();
  const Json& actions = record.body["actions"];
  EXPECT_TRUE(std::any_of(actions.begin(), actions.end(),
                          [&](const Json& a) { return a.value("resign", false); }));
}

// Two persons, no clock, a 1 s grace period: while the opponent is connected, or gone for less
// than that, a claim is refused with why; after it, the claimer wins ("abandoned").
TEST(ServerClock, AWinIsClaimedOverAnOpponentGoneAway) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"), {"--claim-after-seconds", "1"});
  const Json created =
      Created(PostMatch(server.port(), "dablot", {PersonSeat(), PersonSeat()}, Json()));
  const std::string id = created["match"];
  auto seat0 = std::make_unique<WsClient>(server.port());
  WsClient seat1(server.port());
  seat0->Send(JoinMessage(id, created["seats"][0]["token"]));
  NextOfType(*seat0, "joined");
  seat1.Send(JoinMessage(id, created["seats"][1]["token"]));
  const Json joined = NextOfType(seat1, "joined");
  EXPECT_FALSE(joined["state"].contains("claimable"));
  EXPECT_FALSE(joined["state"].contains("clock")) << "no clock";
  const Json claim{{"type", "claim_win"}, {"match", id}};
  seat1.Send(claim);
  Json refused = NextOfType(seat1, "error");
  EXPECT_EQ(refused["code"], "illegal");
  EXPECT_NE(refused["message"].get<std::string>().find("connected"), std::string::npos);

  seat0->Drop();
  const auto gone = Steady::now();
  Json presence = NextOfType(seat1, "presence");
  EXPECT_EQ(presence["presence"], Json::parse(R"(["away","connected"])"));
  EXPECT_EQ(presence["claimable"], Json::parse("[false,false]"));
  seat1.Send(claim);
  refused = NextOfType(seat1, "error");
  EXPECT_NE(refused["message"].get<std::string>().find("may be claimed in"), std::string::npos)
      << refused.dump();

  presence = NextOfType(seat1, "presence");  // the grace period is over
  EXPECT_GE(Steady::now() - gone, milliseconds(900));
  EXPECT_EQ(presence["claimable"], Json::parse("[false,true]"));
  // A frame's STATE says so too (a new join of the same seat).
  WsClient again(server.port());
  again.Send(JoinMessage(id, created["seats"][1]["token"]));
  EXPECT_EQ(NextOfType(again, "joined")["state"]["claimable"], true);

  seat1.Send(claim);
  const Json won = NextEvent(seat1);
  EXPECT_EQ(won["kind"], "claim_win");
  EXPECT_EQ(won["by"], 1);
  EXPECT_EQ(won["state"]["over"], true);
  EXPECT_EQ(won["state"]["ending"], "abandoned");
  EXPECT_EQ(won["state"]["result"], Json::parse(R"(["loss","win"])"));
  EXPECT_EQ(HttpGet(server.port(), "/api/matches/" + id).body["result"],
            Json::parse(R"(["loss","win"])"));
}

// Unclocked matches nobody is connected to end as abandoned after --abandon-after-seconds; the
// address that created them may create again (the limit counts running matches), and the
// finished rooms leave memory, coming back while someone watches.
TEST(ServerClock, AnUnwatchedMatchIsAbandonedAndLeavesMemory) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"),
                       {"--abandon-after-seconds", "1", "--max-matches-per-address", "2"});
  std::vector<std::string> ids;
  for (int i = 0; i < 2; ++i) {
    ids.push_back(Created(
        PostMatch(server.port(), "dablot", {PersonSeat(), BotSeat("random")}, Json()))["match"]);
  }
  EXPECT_EQ(PostMatch(server.port(), "dablot", {PersonSeat(), PersonSeat()}, Json()).status, 429);
  EXPECT_EQ(Metric(server.port(), "quartel_rooms_in_memory"), 2);
  // A clocked match is not abandoned this way (its clock ends it), nor one of bots alone.
  EXPECT_EQ(MetricBecomes(server.port(), "quartel_open_matches", 0), 0);
  for (const std::string& id : ids) {
    const Json info = HttpGet(server.port(), "/api/matches/" + id).body;
    EXPECT_EQ(info["over"], true) << info.dump();
    EXPECT_EQ(info["result"], Json::parse(R"(["draw","draw"])"));
    const Json record = HttpGet(server.port(), "/api/matches/" + id + "/record").body;
    EXPECT_EQ(record["ending"], "abandoned") << record.dump();
  }
  EXPECT_EQ(MetricBecomes(server.port(), "quartel_rooms_in_memory", 0), 0)
      << "the finished matches leave memory (the records read are let go too)";
  EXPECT_EQ(PostMatch(server.port(), "dablot", {PersonSeat(), PersonSeat()}, Json()).status, 201)
      << "the abandoned matches no longer count against the address";

  // Someone watches a finished match: loaded again, and let go when they leave.
  const long before = Metric(server.port(), "quartel_rooms_in_memory");
  {
    WsClient watcher(server.port());
    watcher.Send(JoinMessage(ids[0]));
    const Json joined = NextOfType(watcher, "joined");
    EXPECT_EQ(joined["state"]["ending"], "abandoned");
    EXPECT_EQ(Metric(server.port(), "quartel_rooms_in_memory"), before + 1);
    watcher.Send(Json{{"type", "leave"}, {"match", ids[0]}});
    NextOfType(watcher, "left");
    EXPECT_EQ(MetricBecomes(server.port(), "quartel_rooms_in_memory", before), before);
    // A wrong token loads it for nothing: let go at once too.
    watcher.Send(JoinMessage(ids[0], "not-a-token"));
    EXPECT_EQ(NextOfType(watcher, "error")["code"], "forbidden");
    EXPECT_EQ(HttpGet(server.port(), "/api/matches/" + ids[1] + "/record", "not-a-token").status,
              403);
    EXPECT_EQ(MetricBecomes(server.port(), "quartel_rooms_in_memory", before), before);
  }
}

// A match someone plays is not abandoned, and a clocked one never is (its clock ends it).
TEST(ServerClock, AConnectedOrClockedMatchIsNotAbandoned) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"),
                       {"--abandon-after-seconds", "1", "--min-clock-ms", "500"});
  const Json played =
      Created(PostMatch(server.port(), "dablot", {PersonSeat(), PersonSeat()}, Json()));
  const Json clocked = Created(
      PostMatch(server.port(), "dablot", {PersonSeat(), PersonSeat()}, LiveClock(60'000, 0)));
  WsClient seat(server.port());
  seat.Send(JoinMessage(played["match"], played["seats"][0]["token"]));
  NextOfType(seat, "joined");
  std::this_thread::sleep_for(milliseconds(2000));
  EXPECT_EQ(
      HttpGet(server.port(), "/api/matches/" + played["match"].get<std::string>()).body["over"],
      false);
  EXPECT_EQ(
      HttpGet(server.port(), "/api/matches/" + clocked["match"].get<std::string>()).body["over"],
      false);
  EXPECT_EQ(Metric(server.port(), "quartel_open_matches"), 2);
}

}  // namespace
}  // namespace quartel::server_test
