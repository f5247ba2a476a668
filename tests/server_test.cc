// The server over real sockets (issue 10, §6): the real `quartel serve` started by the test on a
// free port of loopback with a database of its own, and clients that speak docs/PROTOCOL.md.
// Every frame a client receives is checked against the engine: a finished match's record is
// replayed here, and each viewer's frames must be that viewer's view of a prefix of the replay.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "engine/game.h"
#include "engine/record.h"
#include "engine/state.h"
#include "server_client.h"
#include "server_test_helpers.h"

namespace quartel::server_test {
namespace {

using engine::kSpectator;
using engine::Seat;
using std::chrono::milliseconds;

// The states of a finished match after each prefix of its record: states[p] after p entries.
std::vector<std::unique_ptr<engine::State>> ReplayPrefixes(const Json& record_json) {
  const engine::Record record = engine::RecordFromJson(record_json.dump());
  const engine::Match replayed = engine::Match::Replay(record);  // throws when it does not replay
  EXPECT_TRUE(replayed.Over());
  std::vector<std::unique_ptr<engine::State>> states;
  states.push_back(engine::LoadGame(record.game, record.options)->NewInitialState());
  for (const engine::RecordedAction& entry : record.actions) {
    EXPECT_FALSE(entry.resign) << "random play never resigns";
    auto next = states.back()->Clone();
    next->ApplyAction(entry.action);
    states.push_back(std::move(next));
  }
  return states;
}

// Whether a frame's STATE is what `viewer` may know of `state`: its view, whose decision it is,
// its legal actions (only on its own decision) and whether the game is over.
bool FrameShows(const Json& payload, const engine::State& state, Seat viewer) {
  const bool my_turn = viewer >= 0 && state.CurrentSeat() == viewer;
  std::vector<int> legal;
  if (my_turn) {
    for (engine::Action action : state.LegalActions()) legal.push_back(action);
  }
  return payload["view"] == state.ViewJson(viewer) && payload["your_turn"] == my_turn &&
         LegalIds(payload) == legal && payload["over"] == state.IsTerminal();
}

// What one client received in a match: "joined" and "event" messages, in order.
struct Frames {
  Seat viewer = kSpectator;
  std::vector<Json> messages;
  int LastEvent() const { return messages.empty() ? -1 : messages.back()["event"].get<int>(); }
};

// Checks one viewer's frames against the replay: consecutive event numbers; each frame the
// viewer's view of a prefix, the prefixes non-decreasing and the last one the end; legal actions
// only on the viewer's own decision; in games with hidden information, each frame equal to the
// viewer's view of a state drawn among those its seat (for a spectator: either seat) cannot tell
// apart from the real one, so that nothing it may not know is in it.
void CheckFrames(const Frames& frames, const std::vector<std::unique_ptr<engine::State>>& states,
                 bool hidden_information, int num_seats) {
  SCOPED_TRACE("viewer " + std::to_string(frames.viewer));
  ASSERT_FALSE(frames.messages.empty());
  ASSERT_EQ(frames.messages.front()["type"], "joined");
  Rng rng(7);
  std::size_t prefix = 0;
  for (std::size_t i = 0; i < frames.messages.size(); ++i) {
    const Json& message = frames.messages[i];
    SCOPED_TRACE("frame " + std::to_string(i) + " (event " + message["event"].dump() + ")");
    if (i > 0 && message["type"] == "draft") {
      // A placement of the viewer's own setup in progress: no event, to the viewer alone.
      EXPECT_NE(frames.viewer, kSpectator);
      EXPECT_EQ(message["event"].get<int>(), frames.messages[i - 1]["event"].get<int>());
    } else if (i > 0) {
      EXPECT_EQ(message["type"], "event");
      EXPECT_EQ(message["event"].get<int>(), frames.messages[i - 1]["event"].get<int>() + 1);
    }
    const Json& payload = message["state"];
    // Facts beside the words (docs/PROTOCOL.md, "Facts"): each legal action's, each event's
    // steps; every game says more than words.
    auto CheckFact = [&](const Json& fact) {
      ASSERT_TRUE(fact.is_object() && fact.contains("kind") && fact["kind"].is_string())
          << fact.dump();
      EXPECT_NE(fact["kind"], "words") << fact.dump();
      EXPECT_NE(fact["kind"], "invalid") << fact.dump();
    };
    if (message["type"] != "joined") {
      ASSERT_TRUE(message["steps"].is_array()) << message.dump();
      for (const Json& step : message["steps"]) CheckFact(step);
    }
    for (const Json& legal : payload["legal"]) CheckFact(legal["facts"]);
    if (!payload["your_turn"].get<bool>()) {
      EXPECT_TRUE(payload["legal"].empty()) << "legal actions off the viewer's decision";
    }
    if (frames.viewer == kSpectator) {
      EXPECT_FALSE(payload["your_turn"].get<bool>()) << "a spectator never decides";
    }
    while (prefix < states.size() && !FrameShows(payload, *states[prefix], frames.viewer)) {
      ++prefix;
    }
    ASSERT_LT(prefix, states.size()) << "no prefix of the replay (from the previous frame's on) "
                                        "shows this frame: "
                                     << payload.dump();
    if (!hidden_information) continue;
    for (Seat seat = 0; seat < num_seats; ++seat) {
      if (frames.viewer != kSpectator && frames.viewer != seat) continue;
      const auto sampled = states[prefix]->SampleConsistentState(seat, rng);
      EXPECT_EQ(payload["view"], sampled->ViewJson(frames.viewer))
          << "seat " << seat << " cannot tell the sampled state from the real one";
    }
  }
  EXPECT_EQ(prefix, states.size() - 1) << "the last frame is not the end of the match";
}

struct GameCase {
  std::string game;
  Json options;
  int seats;  // the first two are persons, the rest random bots
  bool hidden_information;
};

class ServerMatchTest : public ::testing::TestWithParam<GameCase> {};

// Two persons (random legal actions, one id per "act") and a spectator play a whole match.
TEST_P(ServerMatchTest, WholeMatchFramesAreEachViewersView) {
  const GameCase& game = GetParam();
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"), {"--rate", "100000"});
  std::vector<Json> seats{PersonSeat(), PersonSeat()};
  for (int seat = 2; seat < game.seats; ++seat) seats.push_back(BotSeat("random"));
  const Json created = CreateMatch(server.port(), game.game, game.options, seats);
  const std::string match = created["match"];

  std::vector<std::unique_ptr<WsClient>> clients;
  std::vector<Frames> frames(3);
  for (int client = 0; client < 3; ++client) {
    clients.push_back(std::make_unique<WsClient>(server.port()));
    frames[client].viewer = client < 2 ? client : kSpectator;
    clients[client]->Send(
        JoinMessage(match, client < 2 ? created["seats"][client]["token"].get<std::string>() : ""));
  }
  std::mt19937 random(11);
  std::set<std::pair<int, int>> acted;  // (client, frame) already answered
  int final_event = -1;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (final_event < 0 || frames[0].LastEvent() < final_event ||
         frames[1].LastEvent() < final_event || frames[2].LastEvent() < final_event) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the match did not finish";
    for (int client = 0; client < 3; ++client) {
      std::optional<Json> message = clients[client]->Receive(milliseconds(2));
      if (!message) continue;
      ASSERT_NE((*message)["type"], "error") << message->dump();
      if ((*message)["type"] == "presence") continue;  // who is at the table: nothing of the game
      ASSERT_TRUE((*message)["type"] == "joined" || (*message)["type"] == "event" ||
                  (*message)["type"] == "draft")
          << message->dump();
      frames[client].messages.push_back(*message);
      const Json& state = (*message)["state"];
      const int event = (*message)["event"];
      if (state["over"].get<bool>()) final_event = event;
      // Each frame that leaves the decision to the client is answered once (a setup's placements
      // are answered by "draft" frames under one event number).
      const int frame = static_cast<int>(frames[client].messages.size());
      if (client < 2 && state["your_turn"].get<bool>() && !acted.contains({client, frame})) {
        const std::vector<int> legal = LegalIds(state);
        ASSERT_FALSE(legal.empty());
        acted.insert({client, frame});
        clients[client]->Send(ActMessage(match, event, legal[random() % legal.size()]));
      }
    }
  }
  const HttpReply record = HttpGet(server.port(), "/api/matches/" + match + "/record");
  ASSERT_EQ(record.status, 200);
  ASSERT_EQ(record.body["match"], match);
  const auto states = ReplayPrefixes(record.body);
  for (const Frames& viewer_frames : frames) {
    CheckFrames(viewer_frames, states, game.hidden_information, game.seats);
  }
}

INSTANTIATE_TEST_SUITE_P(Server, ServerMatchTest,
                         ::testing::Values(GameCase{"dablot", {{"max_turns", 30}}, 2, false},
                                           GameCase{"conspiradores", {{"max_turns", 60}}, 2, false},
                                           GameCase{"stratego", {{"max_plies", 20}}, 2, true},
                                           GameCase{"espionage", {{"max_plies", 20}}, 2, true},
                                           GameCase{"war", {{"max_turns", 6}}, 3, true},
                                           GameCase{"war2", {{"max_turns", 4}}, 3, true}),
                         [](const ::testing::TestParamInfo<GameCase>& info) {
                           return info.param.game;
                         });

// --- Refusals ------------------------------------------------------------------------------------

TEST(Server, RefusalsNameTheirErrorAndChangeNothing) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const Json created =
      CreateMatch(server.port(), "dablot", Json::object(), {PersonSeat(), PersonSeat()});
  const std::string match = created["match"];
  std::vector<std::unique_ptr<WsClient>> seats;
  std::vector<Json> joined;
  for (int seat = 0; seat < 2; ++seat) {
    seats.push_back(std::make_unique<WsClient>(server.port()));
    seats[seat]->Send(JoinMessage(match, created["seats"][seat]["token"]));
    joined.push_back(NextOfType(*seats[seat], "joined"));
  }
  WsClient spectator(server.port());
  spectator.Send(JoinMessage(match));
  NextOfType(spectator, "joined");

  // One move first, so that an older event exists.
  int mover = joined[0]["state"]["your_turn"].get<bool>() ? 0 : 1;
  seats[mover]->Send(
      ActMessage(match, joined[mover]["event"], LegalIds(joined[mover]["state"])[0]));
  std::vector<Json> moved;
  for (int seat = 0; seat < 2; ++seat) moved.push_back(NextOfType(*seats[seat], "event"));
  NextOfType(spectator, "event");
  const int event = moved[0]["event"];
  ASSERT_EQ(event, 1);
  mover = 1 - mover;
  ASSERT_TRUE(moved[mover]["state"]["your_turn"].get<bool>());
  const std::vector<int> legal = LegalIds(moved[mover]["state"]);
  WsClient& to_act = *seats[mover];
  WsClient& waiting = *seats[1 - mover];
  const auto act = [&](int on_event, int action) {
    return ActMessage(match, on_event, action).dump();
  };

  ExpectRefused(to_act, act(event - 1, legal[0]), "stale");
  ExpectRefused(waiting, act(event, legal[0]), "not_your_turn");
  ExpectRefused(spectator, act(event, legal[0]), "forbidden");
  int illegal_id = 0;
  while (std::find(legal.begin(), legal.end(), illegal_id) != legal.end()) ++illegal_id;
  ExpectRefused(to_act, act(event, illegal_id), "illegal");
  ExpectRefused(to_act, act(event, 1 << 20), "illegal");
  ExpectRefused(to_act,
                Json{{"type", "act"}, {"match", match}, {"event", event}, {"turn", "99-98"}}.dump(),
                "illegal");
  ExpectRefused(to_act, "{\"type\": \"act\", ", "bad_message");
  ExpectRefused(to_act, Json{{"type", "teleport"}}.dump(), "unknown_type");
  ExpectRefused(to_act, Json{{"type", "ping"}, {"colour", "red"}}.dump(), "bad_message");
  ExpectRefused(to_act, Json{{"type", "ping"}, {"pad", std::string(70 * 1024, 'x')}}.dump(),
                "too_large");
  to_act.Send(Json{{"type", "ping"}});
  EXPECT_EQ(to_act.Next()["type"], "pong") << "the connection stays up after too_large";
  {
    WsClient stranger(server.port());
    ExpectRefused(stranger, act(event, legal[0]), "not_joined");
    ExpectRefused(stranger, JoinMessage(match, std::string(43, 'A')).dump(), "forbidden");
    ExpectRefused(stranger, act(event, legal[0]), "not_joined");
  }
  EXPECT_FALSE(spectator.Receive(milliseconds(100))) << "a refusal published something";

  // The match is where it was: the mover's action on the same event is taken, as event 2.
  to_act.Send(ActMessage(match, event, legal.back()));
  const Json next = NextOfType(spectator, "event");
  EXPECT_EQ(next["event"], event + 1);
  EXPECT_EQ(NextOfType(waiting, "event")["event"], event + 1);
  const Json info = HttpGet(server.port(), "/api/matches/" + match + "/record").body;
  EXPECT_EQ(info["events"].size(), 3u) << info.dump();
}

TEST(Server, RestRefusalsAre400WithAnError) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const auto post = [&](const Json& request) {
    return HttpPost(server.port(), "/api/matches", request.dump());
  };
  const HttpReply unknown_game = post({{"game", "chess"}, {"seats", {PersonSeat(), PersonSeat()}}});
  const HttpReply bad_option = post({{"game", "dablot"},
                                     {"options", {{"max_turns", "x"}}},
                                     {"seats", {PersonSeat(), PersonSeat()}}});
  const HttpReply unknown_option = post({{"game", "dablot"},
                                         {"options", {{"colour", "red"}}},
                                         {"seats", {PersonSeat(), PersonSeat()}}});
  const HttpReply seat_count =
      post({{"game", "dablot"}, {"seats", {PersonSeat(), PersonSeat(), PersonSeat()}}});
  const HttpReply bad_bot =
      post({{"game", "dablot"}, {"seats", {PersonSeat(), BotSeat("oracle")}}});
  // `quartel arena`'s bot "engine" runs a command: never on the server.
  const std::string planted = dir.File("planted");
  const HttpReply command_bot =
      post({{"game", "dablot"}, {"seats", {PersonSeat(), BotSeat("engine:cmd=touch " + planted)}}});
  for (const HttpReply* reply :
       {&unknown_game, &bad_option, &unknown_option, &seat_count, &bad_bot, &command_bot}) {
    EXPECT_EQ(reply->status, 400) << reply->body.dump();
    ASSERT_TRUE(reply->body.is_object());
    EXPECT_TRUE(reply->body.contains("error") && reply->body["error"].is_string())
        << reply->body.dump();
  }
  EXPECT_NE(unknown_game.body["error"].get<std::string>().find("chess"), std::string::npos);
  EXPECT_NE(seat_count.body["error"].get<std::string>().find("3"), std::string::npos);
  EXPECT_NE(command_bot.body["error"].get<std::string>().find("unknown bot 'engine'"),
            std::string::npos)
      << command_bot.body.dump();
  EXPECT_FALSE(std::filesystem::exists(planted));
  EXPECT_EQ(HttpGet(server.port(), "/api/matches?state=running").body["matches"].size(), 0u);
}

// --- Reconnecting
// ---------------------------------------------------------------------------------

// A spectator goes away at event k and comes back with since=k: it gets exactly the events it
// missed, each as a spectator that stayed received it, then "joined".
TEST(Server, ReconnectReceivesExactlyTheMissedEvents) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  PersonMatch match(server.port(), "dablot");
  WsClient stays(server.port());
  auto leaves = std::make_unique<WsClient>(server.port());
  stays.Send(JoinMessage(match.id));
  leaves->Send(JoinMessage(match.id));
  NextOfType(stays, "joined");
  NextOfType(*leaves, "joined");
  for (int move = 0; move < 2; ++move) {
    match.Move();
    NextOfType(stays, "event");
  }
  const int k = NextOfType(*leaves, "event")["event"];
  ASSERT_EQ(NextOfType(*leaves, "event")["event"], k + 1);
  const int gone_at = k + 1;
  leaves->Drop();
  std::map<int, Json> live;
  for (int move = 0; move < 3; ++move) {
    const int event = match.Move();
    live[event] = NextOfType(stays, "event");
  }
  const int last = live.rbegin()->first;
  ASSERT_EQ(last, gone_at + 3);

  WsClient back(server.port());
  back.Send(JoinMessage(match.id, "", gone_at));
  for (int event = gone_at + 1; event <= last; ++event) {
    const Json resent = back.Next();
    EXPECT_EQ(resent, live[event]) << "event " << event << " is not resent as it was sent live";
  }
  const Json joined = back.Next();
  EXPECT_EQ(joined["type"], "joined") << joined.dump();
  EXPECT_EQ(joined["event"], last);
  EXPECT_EQ(joined["resent"], last - gone_at);
  EXPECT_EQ(joined["state"], live[last]["state"]);
  // And it is live again: the next event comes once.
  const int next = match.Move();
  EXPECT_EQ(back.Next()["event"], next);
  EXPECT_FALSE(back.Receive(milliseconds(100))) << "something more than the next event came";
}

// --- Presence ------------------------------------------------------------------------------------

// Who is at the table: a person's seat is "invited" until someone joins it, "connected" while a
// connection holds it, "away" once it is gone; a bot's seat is "bot". Every viewer is told when
// it changes; a spectator changes nothing.
TEST(Server, PresenceTellsWhoIsAtTheTable) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const Json created =
      CreateMatch(server.port(), "stratego", Json::object(), {PersonSeat(), PersonSeat()});
  const std::string id = created["match"];
  WsClient host(server.port());
  host.Send(JoinMessage(id, created["seats"][0]["token"]));
  EXPECT_EQ(NextOfType(host, "joined")["presence"], Json::parse(R"(["connected","invited"])"));
  WsClient spectator(server.port());
  spectator.Send(JoinMessage(id));
  EXPECT_EQ(NextOfType(spectator, "joined")["presence"], Json::parse(R"(["connected","invited"])"));
  EXPECT_FALSE(host.Receive(milliseconds(200))) << "a spectator changed the presence";
  auto friend_seat = std::make_unique<WsClient>(server.port());
  friend_seat->Send(JoinMessage(id, created["seats"][1]["token"]));
  EXPECT_EQ(NextOfType(*friend_seat, "joined")["presence"],
            Json::parse(R"(["connected","connected"])"));
  for (WsClient* viewer : {&host, &spectator}) {
    const Json presence = NextOfType(*viewer, "presence");
    EXPECT_EQ(presence["match"], id);
    EXPECT_EQ(presence["presence"], Json::parse(R"(["connected","connected"])"));
  }
  friend_seat->Drop();
  EXPECT_EQ(NextOfType(host, "presence")["presence"], Json::parse(R"(["connected","away"])"));
  EXPECT_EQ(NextOfType(spectator, "presence")["presence"], Json::parse(R"(["connected","away"])"));

  const Json with_bot =
      CreateMatch(server.port(), "dablot", Json::object(), {PersonSeat(), BotSeat("random")});
  WsClient watcher(server.port());
  watcher.Send(JoinMessage(with_bot["match"]));
  EXPECT_EQ(NextOfType(watcher, "joined")["presence"], Json::parse(R"(["invited","bot"])"));
}

// --- Resignation and draws ----------------------------------------------------------------------

// A draw by agreement where the rules have one (Stratego): offered, refused when repeated or
// accepted by the offerer, accepted by the other side; the offer is part of every viewer's state
// and is resent identical on a reconnect. Dablot has no draw by agreement.
TEST(Server, DrawOfferedAndAcceptedWhereTheRulesAllowIt) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  PersonMatch dablot(server.port(), "dablot");
  ExpectRefused(*dablot.seats[0], SeatMessage("offer_draw", dablot.id, 0).dump(), "illegal");

  PersonMatch stratego(server.port(), "stratego");
  WsClient spectator(server.port());
  spectator.Send(JoinMessage(stratego.id));
  NextOfType(spectator, "joined");
  stratego.seats[1]->Send(SeatMessage("offer_draw", stratego.id, 0));
  const Json offer = NextOfType(spectator, "event");
  EXPECT_EQ(offer["kind"], "offer_draw");
  EXPECT_EQ(offer["by"], 1);
  EXPECT_EQ(offer["state"]["draw_offer"], 1);
  for (int seat = 0; seat < 2; ++seat) {
    const Json seen = NextOfType(*stratego.seats[seat], "event");
    EXPECT_EQ(seen["state"]["draw_offer"], 1) << seen.dump();
  }
  ExpectRefused(*stratego.seats[1], SeatMessage("offer_draw", stratego.id, 1).dump(), "illegal");
  ExpectRefused(*stratego.seats[1], SeatMessage("accept_draw", stratego.id, 1).dump(), "illegal");
  ExpectRefused(*stratego.seats[0], SeatMessage("accept_draw", stratego.id, 0).dump(), "stale");

  WsClient back(server.port());
  back.Send(JoinMessage(stratego.id, "", 0));
  EXPECT_EQ(back.Next(), offer) << "the offer is not resent as it was sent live";
  EXPECT_EQ(NextOfType(back, "joined")["state"]["draw_offer"], 1);

  stratego.seats[0]->Send(SeatMessage("accept_draw", stratego.id, 1));
  const Json agreed = NextOfType(spectator, "event");
  EXPECT_EQ(agreed["kind"], "agree_draw");
  EXPECT_EQ(agreed["state"]["over"], true);
  EXPECT_EQ(agreed["state"]["result"], Json::parse(R"(["draw","draw"])"));
  EXPECT_FALSE(agreed["state"].contains("draw_offer"));
  const HttpReply record = HttpGet(server.port(), "/api/matches/" + stratego.id + "/record");
  EXPECT_EQ(record.status, 200);
  EXPECT_EQ(record.body["ending"], "agreement") << record.body.dump();
  NextOfType(*stratego.seats[0], "event");
  ExpectRefused(*stratego.seats[0], SeatMessage("resign", stratego.id, 2).dump(), "over");
}

// A resignation ends a two-player game at once, at any moment (here on the other seat's turn):
// a loss for the seat, a win for the other; nothing can be played after it.
TEST(Server, ResignationEndsTheMatch) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  PersonMatch match(server.port(), "dablot");
  const int waiting = match.last[0]["state"]["your_turn"].get<bool>() ? 1 : 0;
  match.seats[waiting]->Send(SeatMessage("resign", match.id, 0));
  for (int seat = 0; seat < 2; ++seat) {
    const Json event = NextOfType(*match.seats[seat], "event");
    EXPECT_EQ(event["kind"], "resign");
    EXPECT_EQ(event["by"], waiting);
    EXPECT_EQ(event["state"]["over"], true);
    EXPECT_EQ(event["state"]["result"][waiting], "loss");
    EXPECT_EQ(event["state"]["result"][1 - waiting], "win");
    EXPECT_TRUE(event["state"]["legal"].empty());
  }
  ExpectRefused(*match.seats[1 - waiting], ActMessage(match.id, 1, 0).dump(), "over");
  const HttpReply finished = HttpGet(server.port(), "/api/matches?state=finished");
  ASSERT_EQ(finished.status, 200);
  ASSERT_EQ(finished.body["matches"].size(), 1u) << finished.body.dump();
  EXPECT_EQ(finished.body["matches"][0]["match"], match.id);
}

// Operators' endpoints: health, and Prometheus metrics that count what happened.
TEST(Server, HealthAndMetrics) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  PersonMatch match(server.port(), "dablot");
  match.Move();
  const HttpReply metrics = HttpGet(server.port(), "/metrics");
  ASSERT_EQ(metrics.status, 200);
  EXPECT_NE(metrics.text.find("quartel_open_matches 1\n"), std::string::npos) << metrics.text;
  EXPECT_NE(metrics.text.find("quartel_connections 2\n"), std::string::npos) << metrics.text;
  EXPECT_NE(metrics.text.find("quartel_moves_total 1\n"), std::string::npos) << metrics.text;
  EXPECT_NE(metrics.text.find("quartel_action_latency_seconds_count 1\n"), std::string::npos)
      << metrics.text;
  const HttpReply health = HttpGet(server.port(), "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.text, "ok\n");
}

// --- Limits ------------------------------------------------------------------------------------

// A connection sending faster than its rate (here 5 a second, bursts of 15) has the excess
// refused with rate_limited, and stays up.
TEST(Server, RateLimitRefusesTheExcessAndKeepsTheConnection) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"), {"--rate", "5"});
  WsClient client(server.port());
  for (int i = 0; i < 40; ++i) client.Send(Json{{"type", "ping"}});
  int pongs = 0, limited = 0;
  for (int i = 0; i < 40; ++i) {
    const Json answer = client.Next();
    if (answer["type"] == "pong") ++pongs;
    if (answer["type"] == "error" && answer["code"] == "rate_limited") ++limited;
  }
  EXPECT_GE(pongs, 15);
  EXPECT_LT(pongs, 40);
  EXPECT_EQ(pongs + limited, 40);
  std::this_thread::sleep_for(milliseconds(1100));  // the bucket refills
  client.Send(Json{{"type", "ping"}});
  EXPECT_EQ(client.Next()["type"], "pong");
}

// One address may have a limited number of running matches (here 2): the next is refused with
// 429 and an error, and a match that ends frees a place.
TEST(Server, RunningMatchesPerAddressAreCapped) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"), {"--max-matches-per-address", "2"});
  const Json request{{"game", "dablot"}, {"seats", {PersonSeat(), PersonSeat()}}};
  const Json first =
      CreateMatch(server.port(), "dablot", Json::object(), {PersonSeat(), PersonSeat()});
  CreateMatch(server.port(), "dablot", Json::object(), {PersonSeat(), PersonSeat()});
  const HttpReply refused = HttpPost(server.port(), "/api/matches", request.dump());
  EXPECT_EQ(refused.status, 429);
  EXPECT_TRUE(refused.body.contains("error")) << refused.text;

  WsClient seat(server.port());
  seat.Send(JoinMessage(first["match"], first["seats"][0]["token"]));
  NextOfType(seat, "joined");
  seat.Send(SeatMessage("resign", first["match"], 0));
  NextOfType(seat, "event");
  const HttpReply again = HttpPost(server.port(), "/api/matches", request.dump());
  EXPECT_EQ(again.status, 201) << again.text;
}

// --- kill -9 -------------------------------------------------------------------------------------

// A server killed with SIGKILL while bots think loses nothing it published: restarted on the same
// database, it resends every event a spectator saw, identical, under the same numbers; the bots
// carry on and a person's token still plays.
TEST(Server, KillNineThenRestartLosesNothingPublished) {
  TempDir dir;
  const std::string database = dir.File("quartel.db");
  struct Watched {
    std::string id;
    // What each spectator received before the kill: one joined at the start, one once the bots
    // were under way (so that its "joined" comes in the middle of their turns).
    std::vector<Json> frames[2];
  };
  std::vector<Watched> matches;
  std::string person_match;
  std::string person_token;
  int person_seat = 0;
  {
    ServerProcess server(database);
    const std::vector<std::pair<std::string, int>> games{{"dablot", 2},   {"conspiradores", 2},
                                                         {"stratego", 2}, {"espionage", 2},
                                                         {"war", 3},      {"war2", 3}};
    for (const auto& [game, seats] : games) {
      const Json created = CreateMatch(server.port(), game, Json::object(),
                                       std::vector<Json>(seats, BotSeat("mcts:ms=20")));
      matches.push_back({created["match"], {}});
    }
    const Json created =
        CreateMatch(server.port(), "dablot", Json::object(), {PersonSeat(), BotSeat("mcts:ms=20")});
    person_match = created["match"];
    person_token = created["seats"][person_seat]["token"];
    matches.push_back({person_match, {}});

    WsClient early(server.port());
    WsClient late(server.port());
    WsClient* spectators[2] = {&early, &late};
    for (const Watched& match : matches) early.Send(JoinMessage(match.id));
    // Each bot match has reached event `at` for spectator `which`.
    const auto reached = [&](int which, int at) {
      for (const Watched& match : matches) {
        const std::vector<Json>& frames = match.frames[which];
        if (frames.empty()) return false;
        if (match.id != person_match && frames.back()["event"].get<int>() < at) return false;
      }
      return true;
    };
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    const auto watch_until = [&](int which, int at) {
      while (!reached(which, at)) {
        ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the bots do not play";
        for (int spectator = 0; spectator < 2; ++spectator) {
          const std::optional<Json> message = spectators[spectator]->Receive(milliseconds(1));
          if (!message) continue;
          ASSERT_NE((*message)["type"], "error") << message->dump();
          for (Watched& match : matches) {
            if (match.id == (*message)["match"]) match.frames[spectator].push_back(*message);
          }
        }
      }
    };
    watch_until(0, 2);
    for (const Watched& match : matches) late.Send(JoinMessage(match.id));
    watch_until(1, 0);
    watch_until(0, 5);
    server.KillHard();
  }

  ServerProcess server(database);
  WsClient spectator(server.port());
  for (const Watched& match : matches) {
    SCOPED_TRACE("match " + match.id);
    spectator.Send(JoinMessage(match.id, "", 0));
    std::map<int, Json> resent;
    Json joined;
    for (;;) {
      const Json message = spectator.Next();
      if (message["match"] != match.id) continue;  // a live event of a match joined before
      ASSERT_NE(message["type"], "error") << message.dump();
      if (message["type"] == "joined") {
        joined = message;
        break;
      }
      EXPECT_EQ(message["event"].get<int>(), static_cast<int>(resent.size()) + 1);
      resent[message["event"]] = message;
    }
    EXPECT_EQ(joined["resent"], joined["event"]);
    for (const std::vector<Json>& frames : match.frames) {
      ASSERT_FALSE(frames.empty());
      const int before_kill = frames.back()["event"];
      ASSERT_GE(joined["event"].get<int>(), before_kill) << "published events were lost";
      for (std::size_t i = 0; i < frames.size(); ++i) {
        const Json& frame = frames[i];
        const int event = frame["event"];
        if (i > 0) {
          EXPECT_EQ(event, frames[i - 1]["event"].get<int>() + 1) << "events not consecutive";
        }
        if (event == 0) continue;  // event 0 is never resent: since=0 says it was seen
        ASSERT_TRUE(resent.contains(event)) << event;
        if (frame["type"] == "joined") {
          EXPECT_EQ(frame["state"], resent[event]["state"])
              << "\"joined\" showed another state than its event's";
        } else {
          EXPECT_EQ(frame, resent[event]) << "event " << event << " differs after the restart";
        }
      }
    }
    const bool over = joined["state"]["over"].get<bool>();
    if (match.id != person_match && !over) {
      // The bots carry on from where the database left them.
      Json next;
      do {
        next = spectator.Next(std::chrono::seconds(20));
      } while (next["match"] != match.id);
      EXPECT_EQ(next["type"], "event");
      EXPECT_EQ(next["event"], joined["event"].get<int>() + 1);
    }
  }

  // The person's token still plays.
  WsClient person(server.port());
  person.Send(JoinMessage(person_match, person_token));
  Json frame = NextOfType(person, "joined");
  while (!frame["state"]["your_turn"].get<bool>()) frame = NextOfType(person, "event");
  person.Send(ActMessage(person_match, frame["event"], LegalIds(frame["state"]).front()));
  const Json moved = NextOfType(person, "event");
  EXPECT_EQ(moved["event"], frame["event"].get<int>() + 1);
  EXPECT_EQ(moved["by"], person_seat);
}

}  // namespace
}  // namespace quartel::server_test

namespace quartel::server_test {
namespace {

// A finished match between two bots: waits until the server says it is over.
std::string FinishedBotMatch(unsigned short port, const std::string& game,
                             const Json& options = Json::object()) {
  const Json created = CreateMatch(port, game, options, {BotSeat("random"), BotSeat("random")});
  const std::string id = created["match"];
  for (int tries = 0; tries < 600; ++tries) {
    if (HttpGet(port, "/api/matches/" + id).body.value("over", false)) return id;
    std::this_thread::sleep_for(milliseconds(100));
  }
  ADD_FAILURE() << "the bots did not finish the match in a minute";
  return id;
}

// Every frame of a record's replay as `viewer` saw it, asked for page by page; each page starts
// where it was asked to and holds at most the server's page of frames.
Json ReplayAll(unsigned short port, const Json& record, const Json& viewer) {
  Json plies = Json::array();
  int total = 0;
  do {
    const int from = static_cast<int>(plies.size());
    const HttpReply reply = HttpPost(
        port, "/api/replay", Json{{"record", record}, {"viewer", viewer}, {"from", from}}.dump());
    EXPECT_EQ(reply.status, 200) << reply.body.dump();
    if (reply.status != 200) break;
    EXPECT_EQ(reply.body["from"], from);
    EXPECT_LE(reply.body["plies"].size(), 200u);
    total = reply.body["total"];
    if (reply.body["plies"].empty()) break;
    for (const Json& ply : reply.body["plies"]) plies.push_back(ply);
  } while (static_cast<int>(plies.size()) < total);
  EXPECT_EQ(static_cast<int>(plies.size()), total);
  return plies;
}

// POST /api/replay: ply k of the frames is the viewer's view of the record's first k entries,
// replayed here by the engine, asked for in pages; the words alone come in larger pages and are
// the same; the spectator sees no rank the rules hide; a bad record or range is a 400.
// A two-player game resigned replays to its end, whatever the game: the last frame is over,
// with the record's results and why ("resignation"). A perfect-information game's state keeps
// no outcome of its own when it ends outside its rules, so the replay takes the record's.
TEST(ServerReplay, AResignedGameReplaysToItsEnd) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  for (const std::string game : {"dablot", "conspiradores", "stratego"}) {
    PersonMatch match(server.port(), game);
    match.seats[0]->Send(SeatMessage("resign", match.id, match.last[0]["event"]));
    EXPECT_EQ(NextOfType(*match.seats[0], "event")["state"]["ending"], "resignation") << game;
    const Json record = HttpGet(server.port(), "/api/matches/" + match.id + "/record").body;
    const Json plies = ReplayAll(server.port(), record, "spectator");
    ASSERT_FALSE(plies.empty()) << game;
    const Json& last = plies.back()["state"];
    EXPECT_EQ(last["over"], true) << game;
    EXPECT_EQ(last["result"], Json::parse(R"(["loss","win"])")) << game;
    EXPECT_EQ(last["ending"], "resignation") << game;
  }
}

TEST(ServerReplay, EachPlyIsTheViewersViewOfThatPrefix) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  // A game of random bots longer than one page (most are; a short one is played again), and not
  // much longer: every ply is checked for three viewers, and the sanitizer build is slow at it.
  Json record = Json::object();
  for (int tries = 0; tries < 20 && record.value("actions", Json::array()).size() <= 250; ++tries) {
    const std::string id = FinishedBotMatch(server.port(), "stratego", {{"max_plies", 300}});
    record = HttpGet(server.port(), "/api/matches/" + id + "/record").body;
  }
  const engine::Match replayed = engine::Match::Replay(engine::RecordFromJson(record.dump()));
  const auto& entries = replayed.record().actions;
  ASSERT_GT(entries.size(), 250u) << "the game fits in one page";
  for (const Json& viewer : {Json(0), Json(1), Json("spectator")}) {
    const Seat seat = viewer.is_string() ? kSpectator : viewer.get<int>();
    const Json plies = ReplayAll(server.port(), record, viewer);
    ASSERT_EQ(plies.size(), entries.size() + 1);
    engine::Match step(replayed.shared_game(), replayed.record().seats);
    for (std::size_t ply = 0; ply < plies.size(); ++ply) {
      std::unique_ptr<engine::State> before;  // the state the entry was played in
      if (ply > 0) {
        before = step.state().Clone();
        step.Apply(entries[ply - 1].action);
      }
      ASSERT_EQ(plies[ply]["state"]["view"], step.state().ViewJson(seat)) << "ply " << ply;
      EXPECT_EQ(plies[ply]["ply"], ply);
      if (ply > 0) {  // the steps of the entry as this viewer learnt them
        EXPECT_EQ(plies[ply]["steps"], before->TurnSteps({&entries[ply - 1].action, 1}, seat))
            << "ply " << ply;
      } else {
        EXPECT_EQ(plies[ply]["steps"], Json::parse(R"([{"kind": "begin"}])"));
      }
    }
    EXPECT_EQ(plies.back()["state"]["over"], true);
    EXPECT_EQ(plies.back()["state"]["result"], record["result"]);
  }
  // Blue's setup as Red was told it: squares, never ranks.
  const Json red = ReplayAll(server.port(), record, 0);
  for (std::size_t ply = 1; ply < red.size(); ++ply) {
    const Json& frame = red[ply];
    if (frame["by"] == 1 && frame["state"]["view"]["phase"] == "setup") {
      EXPECT_EQ(frame["text"].get<std::string>().find(':'), std::string::npos) << frame["text"];
      EXPECT_EQ(frame["steps"].dump().find("rank"), std::string::npos) << frame["steps"];
    }
  }

  const Json words = HttpPost(server.port(), "/api/replay",
                              Json{{"record", record}, {"viewer", 0}, {"states", false}}.dump())
                         .body;
  ASSERT_EQ(words["plies"].size(), red.size()) << "the words of the whole game in one page";
  for (std::size_t ply = 0; ply < red.size(); ++ply) {
    EXPECT_EQ(words["plies"][ply]["text"], red[ply]["text"]) << "ply " << ply;
    EXPECT_FALSE(words["plies"][ply].contains("state"));
  }
  const auto page = [&](const Json& extra) {
    Json request{{"record", record}, {"viewer", 0}};
    request.update(extra);
    return HttpPost(server.port(), "/api/replay", request.dump());
  };
  const HttpReply tail = page({{"from", red.size() - 3}, {"count", 10}});
  ASSERT_EQ(tail.status, 200);
  EXPECT_EQ(tail.body["plies"].size(), 3u);
  EXPECT_EQ(tail.body["plies"][2], red.back());
  EXPECT_EQ(page({{"from", red.size() + 5}}).body["plies"].size(), 0u);
  EXPECT_EQ(page({{"count", 201}}).status, 400);
  EXPECT_EQ(page({{"count", 0}}).status, 400);
  EXPECT_EQ(page({{"from", -1}}).status, 400);
  EXPECT_EQ(page({{"page", 2}}).status, 400);

  Json bad = record;
  bad["actions"][3]["notation"] = "z9";
  bad["actions"][3].erase("action");
  const HttpReply refused =
      HttpPost(server.port(), "/api/replay", Json{{"record", bad}, {"viewer", 0}}.dump());
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body["error"].get<std::string>().find("ply 4"), std::string::npos)
      << refused.body.dump();
  EXPECT_EQ(HttpPost(server.port(), "/api/replay", "{\"record\": 3}").status, 400);
  EXPECT_EQ(HttpPost(server.port(), "/api/replay", "not json").status, 400);
  EXPECT_EQ(
      HttpPost(server.port(), "/api/replay", Json{{"record", record}, {"viewer", 2}}.dump()).status,
      400);
  EXPECT_EQ(HttpGet(server.port(), "/api/replay").status, 405);
}

// The replay is a path out of the server: two records that differ only in Blue's secret setup (two
// of its pieces' ranks swapped) replay the same, ply for ply, for Red and for a spectator, and
// differently for Blue.
TEST(ServerReplay, RecordsASeatCannotTellApartReplayTheSameForIt) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const std::string id = FinishedBotMatch(server.port(), "stratego");
  const Json finished = HttpGet(server.port(), "/api/matches/" + id + "/record").body;
  // The setup only: 40 placements each, written by notation ("5:f8").
  Json setup = finished;
  setup.erase("result");
  setup["actions"] = Json::array();
  int first_blue = -1;
  for (const Json& entry : finished["actions"]) {
    const std::string notation = entry["notation"];
    if (notation.find(':') == std::string::npos) break;
    if (entry["seat"] == 1 && first_blue < 0)
      first_blue = static_cast<int>(setup["actions"].size());
    setup["actions"].push_back({{"seat", entry["seat"]}, {"notation", notation}});
  }
  ASSERT_EQ(setup["actions"].size(), 80u);
  // Swap the ranks of Blue's first placement and of its next one of another rank.
  Json swapped = setup;
  Json& a = swapped["actions"][first_blue]["notation"];
  const std::string a_text = a;
  for (int i = first_blue + 1; i < 80; ++i) {
    Json& b = swapped["actions"][i]["notation"];
    const std::string b_text = b;
    if (b_text[0] == a_text[0]) continue;
    a = b_text.substr(0, 1) + a_text.substr(1);
    b = a_text.substr(0, 1) + b_text.substr(1);
    break;
  }
  ASSERT_NE(swapped, setup);
  auto replay = [&](const Json& record, const Json& viewer) {
    const HttpReply reply =
        HttpPost(server.port(), "/api/replay", Json{{"record", record}, {"viewer", viewer}}.dump());
    EXPECT_EQ(reply.status, 200) << reply.body.dump();
    return reply.body["plies"];
  };
  EXPECT_EQ(replay(setup, 0), replay(swapped, 0)) << "Red learns Blue's ranks from the replay";
  EXPECT_EQ(replay(setup, "spectator"), replay(swapped, "spectator"));
  EXPECT_NE(replay(setup, 1), replay(swapped, 1)) << "the two setups differ for Blue itself";

  // The same game resigned by Red after the setups: once it has ended, everything is shown to
  // every viewer (rulings), as the live match showed it; a ply before, Blue's ranks stay Blue's.
  Json resigned = setup;
  resigned["ending"] = "resignation";
  resigned["result"] = Json::array({"loss", "win"});
  for (const Json& viewer : {Json(0), Json("spectator")}) {
    const Json plies = replay(resigned, viewer);
    ASSERT_EQ(plies.size(), 82u);  // the start, 80 placements, the ending
    auto hidden = [](const Json& view) {
      int count = 0;
      for (const Json& cell : view["board"]) count += cell.is_object() && cell["rank"] == "?";
      return count;
    };
    EXPECT_EQ(hidden(plies[81]["state"]["view"]), 0) << plies[81]["state"]["view"].dump();
    EXPECT_EQ(plies[81]["state"]["over"], true);
    EXPECT_EQ(hidden(plies[80]["state"]["view"]), viewer == Json(0) ? 40 : 80);
  }
}

// GET /api/odds: the engine's exact odds (odds.h), and a 400 for an attack the rules forbid.
TEST(ServerReplay, OddsAreTheEnginesExactOdds) {
  TempDir dir;
  ServerProcess server(dir.File("quartel.db"));
  const HttpReply odds = HttpGet(server.port(), "/api/odds?attackers=10&defenders=4");
  ASSERT_EQ(odds.status, 200) << odds.body.dump();
  // quartel odds 10 4: P(conquest) 74.85%; 3 dice against 3.
  EXPECT_NEAR(odds.body["conquest"].get<double>(), 0.7485, 5e-5);
  EXPECT_EQ(odds.body["attack_dice"], 3);
  EXPECT_EQ(odds.body["defence_dice"], 3);
  EXPECT_EQ(HttpGet(server.port(), "/api/odds?attackers=1&defenders=4").status, 400);
  EXPECT_EQ(HttpGet(server.port(), "/api/odds?attackers=x&defenders=4").status, 400);
}

}  // namespace
}  // namespace quartel::server_test
